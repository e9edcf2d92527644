"""An engine in memory, for unit tests of the jobs' logic (integration tests use the real one).

A build "makes" an image whose labels are the cell's (read from the build context); a run of the
probe in an image answers with the report scripted for its cell (a recorded probe document).
Everything it is asked is recorded (``contacted``: every call of the ``Engine`` protocol, by name),
so a test can say what a job did, and that a refused run never asked the engine anything.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envforge import labels as keys
from envforge.engine import BuildKitClient, Engine, EngineBuild, EngineInfo, ProbeLimits
from envforge.results import ContainerRun

__all__ = ["FakeEngine", "Image"]


@dataclass
class Image:
    id: str
    labels: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    size: int = 1_500_000_000


@dataclass
class FakeEngine:
    """``reports``: cell id or image -> the probe's stdout; ``broken``: cell id -> build error."""

    reports: dict[str, str] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)
    images: dict[str, Image] = field(default_factory=dict)
    on_run: Callable[[str], None] | None = None  # called before a run answers (to raise, say)
    builds: list[str] = field(default_factory=list)  # tags built
    runs: list[tuple[str, list[str], dict[str, str]]] = field(default_factory=list)
    removed: list[dict[str, str]] = field(default_factory=list)
    pushed: list[str] = field(default_factory=list)
    buildkit_client: BuildKitClient | None = None  # None: BuildKit cannot be used
    dead_registries: set[str] = field(default_factory=set)
    build_secrets: dict[str, dict[str, Path]] = field(default_factory=dict)  # tag -> secrets
    contacted: list[str] = field(default_factory=list)  # every call of the protocol, by name

    def __post_init__(self) -> None:
        for base in ("debian:bookworm-slim", "debian:bullseye-slim", "debian:trixie-slim"):
            self.images.setdefault(base, Image(f"sha256:{base}"))
        for name in _PROTOCOL:
            setattr(self, name, self._recorded(name, getattr(self, name)))

    def _recorded(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def call(*args: Any, **kwargs: Any) -> Any:
            self.contacted.append(name)
            return method(*args, **kwargs)

        return call

    def info(self) -> EngineInfo:
        return EngineInfo("docker", "0-fake", "Debian GNU/Linux 12", "6.1", ("runc",))

    def answers(self) -> bool:
        return True

    def image_id(self, ref: str) -> str | None:
        image = self.images.get(ref)
        return image.id if image else None

    def image_labels(self, ref: str) -> dict[str, str]:
        return dict(self.images[ref].labels)

    def image_env(self, ref: str) -> dict[str, str]:
        return dict(self.images[ref].env)

    def image_size(self, ref: str) -> int | None:
        found = self.images.get(ref) or next(
            (image for image in self.images.values() if image.id == ref), None
        )
        return found.size if found else None

    def pull(self, ref: str) -> bool:
        return False

    def tag(self, image_id: str, ref: str) -> None:
        source = next(image for image in self.images.values() if image.id == image_id)
        self.images[ref] = source

    def registry_answers(self, registry: str) -> str | None:
        return None if registry not in self.dead_registries else "connection refused"

    def push(self, ref: str) -> str:
        self.pushed.append(ref)
        repository = ref.rsplit(":", 1)[0]  # a registry digest is that of the manifest pushed
        pinned = f"{repository}@sha256:{hashlib.sha256(self.images[ref].id.encode()).hexdigest()}"
        self.images[pinned] = self.images[ref]  # the engine knows its repository digests
        return pinned

    def buildkit(
        self, client: str | None = None, builder: str | None = None
    ) -> BuildKitClient | None:
        return self.buildkit_client

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
        self.builds.append(tag)
        self.build_secrets[tag] = dict(secrets or {})
        dockerfile = (context / "Dockerfile").read_text(encoding="utf-8")
        expect_file = context / "probe" / "expect.json"
        expect = json.loads(expect_file.read_text()) if expect_file.is_file() else {}
        cell = str(expect.get("cell") or tag)
        if on_step:
            on_step(1, 1)
        if cell in self.broken:
            log(f"ERROR: {self.broken[cell]}")
            return EngineBuild(None, self.broken[cell], 0.5)
        found = {**(labels or {})}
        if expect_file.is_file() and "cell" in expect:
            stated = {k: v for k, v in expect.items() if k not in ("cell", "gpu_peaks")}
            found.update({keys.CELL: cell, keys.EXPECT: json.dumps(stated, sort_keys=True)})
        digest = "sha256:" + hashlib.sha256((dockerfile + tag).encode()).hexdigest()[:12]
        self.images[tag] = Image(digest, found)
        log(f"built {tag}")
        return EngineBuild(digest, None, 0.5)

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
        self.runs.append((image, command, labels))
        if self.on_run:
            self.on_run(image)
        cell = labels.get(keys.CELL, image)
        stdout = self.reports.get(cell) or self.reports.get(image, "")
        return ContainerRun(0 if stdout else 1, stdout, "", 1.0)

    def bridge_gateway(self) -> str | None:
        return None

    def remove_containers(self, labels: dict[str, str], *, only_stopped: bool = False) -> int:
        self.removed.append(dict(labels))
        return 0

    def remove_images(self, labels: dict[str, str]) -> int:
        self.removed.append(dict(labels))
        gone = [
            ref
            for ref, image in self.images.items()
            if all(image.labels.get(k) == v for k, v in labels.items())
        ]
        for ref in gone:
            del self.images[ref]
        return len(gone)


_PROTOCOL = [name for name in vars(Engine) if not name.startswith("_")]


def report(document: dict[str, Any]) -> str:
    """A probe document as the probe prints it (one JSON line)."""
    return json.dumps(document) + "\n"
