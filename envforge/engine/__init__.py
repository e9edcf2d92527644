"""What jobs need from a container engine, as a ``Protocol``; the Docker SDK implements it.

Jobs depend on this module (and ``engine.cluster`` for a batch scheduler) only: ``connect()``
imports the Docker implementation when a job asks for an engine, so commands that need none
(``--version``, ``matrix explain``, ``report``) never load the Docker SDK, and unit tests drive
jobs against an in-memory engine. The engine package is the only one that talks to Docker or Slurm.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from ..results import ContainerRun

__all__ = [
    "Engine",
    "EngineInfo",
    "EngineBuild",
    "BuildKitClient",
    "ProbeLimits",
    "connect",
]


@dataclass(frozen=True)
class EngineInfo:
    """What an engine says about itself."""

    name: str  # "docker"
    version: str
    os: str
    kernel: str
    runtimes: tuple[str, ...]

    @property
    def gpu_runtime(self) -> bool:
        """Whether containers can be given NVIDIA GPUs (the nvidia runtime is registered)."""
        return "nvidia" in self.runtimes


@dataclass(frozen=True)
class EngineBuild:
    """One engine build: the image it made, or why not."""

    image_id: str | None
    error: str | None
    seconds: float


@dataclass(frozen=True)
class BuildKitClient:
    """A docker client that builds with BuildKit: itself (``DOCKER_BUILDKIT=1``) or through buildx."""

    path: str
    version: str
    buildx: bool = False
    builder: str | None = None  # a buildx builder instance (needs buildx)

    def describe(self) -> str:
        how = f"buildx builder {self.builder}" if self.builder else "DOCKER_BUILDKIT=1"
        return f"BuildKit via {self.path} (docker {self.version}, {how})"


@dataclass(frozen=True)
class ProbeLimits:
    """How a probe container is confined (docs/probing.md, "Hardened probe runs")."""

    memory: str
    network: bool = False
    read_only: bool = True
    user: str = "65534:65534"
    pids: int = 1024
    tmpfs_size: str = "2g"
    log_size: str = "32m"  # the engine keeps only this much of a probe's output (its end)

    def cli_flags(self, runtime: str = "docker") -> list[str]:
        """The same confinement as ``docker run``/``podman run`` flags (for cluster task scripts)."""
        keep_one = [] if runtime == "podman" else ["--log-opt", "max-file=1"]
        return [
            "--user", self.user,
            *(["--read-only"] if self.read_only else []),
            "--tmpfs", f"/tmp:rw,exec,nosuid,size={self.tmpfs_size}",
            "--cap-drop", "ALL",
            "--security-opt", "no-new-privileges",
            "--memory", self.memory,
            "--memory-swap", self.memory,
            "--pids-limit", str(self.pids),
            "--network", "bridge" if self.network else "none",
            "--log-opt", f"max-size={self.log_size}",
            *keep_one,
        ]  # fmt: skip


class Engine(Protocol):
    """A container engine: build, run with limits, inspect, push, remove by label."""

    def info(self) -> EngineInfo: ...

    def answers(self) -> bool: ...

    def image_id(self, ref: str) -> str | None:
        """The id of image ``ref``, or None when the engine does not have it."""
        ...

    def image_labels(self, ref: str) -> dict[str, str]: ...

    def image_env(self, ref: str) -> dict[str, str]: ...

    def image_size(self, ref: str) -> int | None:
        """The image's size in bytes, as the engine reports it (None: no such image)."""
        ...

    def pull(self, ref: str) -> bool:
        """Pull ``ref``; False when no registry can give it (air-gapped, no such image)."""
        ...

    def tag(self, image_id: str, ref: str) -> None: ...

    def push(self, ref: str) -> str:
        """Push ``ref`` to its registry; its repository digest (``REPO@sha256:...``)."""
        ...

    def registry_answers(self, registry: str) -> str | None:
        """None when the registry ``HOST[:PORT][/PREFIX]`` answers, else why not."""
        ...

    def buildkit(
        self, client: str | None = None, builder: str | None = None
    ) -> BuildKitClient | None:
        """A client that builds with BuildKit on this engine (``client``, ``builder``: the site's
        choice), or None when BuildKit cannot be used here."""
        ...

    def build(
        self,
        context: Path,
        *,
        tag: str,
        buildargs: dict[str, str],
        log: Callable[[str], None],
        labels: dict[str, str] | None = None,
        on_step: Callable[[int, int], None] | None = None,
        nocache: bool = False,
        network_mode: str | None = None,
        buildkit: BuildKitClient | None = None,
        secrets: dict[str, Path] | None = None,
    ) -> EngineBuild:
        """Build ``context`` (its Dockerfile), streaming log lines; never raises for a failed build.

        With ``buildkit``, BuildKit builds it (``secrets``: id -> file, for ``RUN --mount=type=secret``);
        else the classic builder, which has no secrets."""
        ...

    def run(
        self,
        image: str,
        command: list[str],
        *,
        labels: dict[str, str],
        timeout_s: float,
        limits: ProbeLimits,
        gpus: bool = False,
        env: dict[str, str] | None = None,
    ) -> ContainerRun:
        """Run ``command`` in a throw-away, confined container; never leaves it behind."""
        ...

    def bridge_gateway(self) -> str | None:
        """The host's address on the default bridge when the engine is local, else None."""
        ...

    def remove_containers(self, labels: dict[str, str], *, only_stopped: bool = False) -> int: ...

    def remove_images(self, labels: dict[str, str]) -> int: ...


def connect() -> Engine:
    """The Docker engine of DOCKER_HOST (or the default socket); EngineUnavailableError if none answers."""
    from .docker import DockerEngine  # noqa: PLC0415 - the Docker SDK only when an engine is needed

    return DockerEngine.connect()
