"""The Docker engine through the Docker SDK for Python: the only module that imports ``docker``.

Implements ``envforge.engine.Engine``. Builds use the engine's classic builder through the build
API; probes run in confined, labelled, throw-away containers; clean-up is by label.
"""

from __future__ import annotations

import ipaddress
import os
import re
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable

import docker
import docker.errors
import requests.exceptions
from docker.types import DeviceRequest, LogConfig

from ..errors import BadInputError, EngineUnavailableError, EnvforgeError
from ..results import ContainerRun
from . import BuildKitClient, EngineBuild, EngineInfo, ProbeLimits
from .buildkit import buildkit_build, find_client

__all__ = ["DockerEngine"]

_STEP = re.compile(r"^Step (\d+)/(\d+) :")

EngineErrors = (docker.errors.DockerException, requests.exceptions.RequestException)


class DockerEngine:
    """A connected Docker engine."""

    def __init__(self, client: docker.DockerClient) -> None:
        self.client = client
        self.api = client.api

    @classmethod
    def connect(cls, *, timeout: int = 900) -> DockerEngine:
        """Connect to the engine of DOCKER_HOST (or the default socket); EngineUnavailableError if none answers."""
        where = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        try:
            client = docker.from_env(timeout=timeout)
            client.ping()
        except EngineErrors as exc:
            raise EngineUnavailableError(
                f"no Docker engine answers at {where} ({_short(exc)})",
                hint="run scripts/setup (it installs and starts one), or start dockerd / set DOCKER_HOST",
            ) from None
        return cls(client)

    def info(self) -> EngineInfo:
        data = self.client.info()
        version = self.client.version()
        return EngineInfo(
            name="docker",
            version=str(version.get("Version", "?")),
            os=str(data.get("OperatingSystem", "?")),
            kernel=str(data.get("KernelVersion", "?")),
            runtimes=tuple(sorted((data.get("Runtimes") or {}).keys())),
        )

    # -- images ------------------------------------------------------------------------------------
    def image_id(self, ref: str) -> str | None:
        try:
            return str(self.client.images.get(ref).id)
        except docker.errors.ImageNotFound:
            return None
        except docker.errors.APIError as exc:  # e.g. a reference the engine rejects
            raise BadInputError(f"image {ref}: {_short(exc)}") from None

    def _attrs(self, ref: str) -> dict[str, Any]:
        try:
            return dict(self.client.images.get(ref).attrs)
        except EngineErrors as exc:
            raise EnvforgeError(f"cannot inspect image {ref}: {_short(exc)}") from None

    def image_labels(self, ref: str) -> dict[str, str]:
        return dict((self._attrs(ref).get("Config") or {}).get("Labels") or {})

    def image_env(self, ref: str) -> dict[str, str]:
        env = (self._attrs(ref).get("Config") or {}).get("Env") or []
        return dict(item.split("=", 1) for item in env if "=" in item)

    def image_size(self, ref: str) -> int | None:
        try:
            return int(self.client.images.get(ref).attrs.get("Size") or 0) or None
        except EngineErrors:
            return None

    def pull(self, ref: str) -> bool:
        """Try to pull ``ref``; False when no registry can give it (air-gapped, no such image)."""
        try:
            self.client.images.pull(ref)
            return True
        except EngineErrors:
            return False

    def tag(self, image_id: str, ref: str) -> None:
        repository, tag = _split_tag(ref)
        try:
            self.client.images.get(image_id).tag(repository, tag)
        except EngineErrors as exc:
            raise EnvforgeError(f"cannot tag {image_id} as {ref}: {_short(exc)}") from None

    def push(self, ref: str) -> str:
        """Push ``ref``; its repository digest. Credentials come from the engine's own config
        (``docker login``), never from envforge; a failed push is EngineUnavailableError (exit 4)."""
        repository, tag = _split_tag(ref)
        hint = "is the registry up, and is this engine logged in to it (docker login)?"
        try:
            for chunk in self.api.push(repository, tag=tag, stream=True, decode=True):
                if "error" in chunk:
                    raise EngineUnavailableError(
                        f"push of {ref} failed: {str(chunk['error']).strip()}", hint=hint
                    )
            digests = self.client.images.get(ref).attrs.get("RepoDigests") or []
        except EngineErrors as exc:
            raise EngineUnavailableError(
                f"push of {ref} failed: {_short(exc)}", hint=hint
            ) from None
        found = next(
            (
                str(d)
                for d in digests
                if isinstance(d, str)
                and re.fullmatch(rf"{re.escape(repository)}@sha256:[0-9a-f]{{64}}", d)
            ),
            None,
        )
        if found is None:
            raise EngineUnavailableError(f"push of {ref} gave no repository digest", hint=hint)
        return found

    def registry_answers(self, registry: str) -> str | None:
        """None when the registry at ``HOST[:PORT]`` answers its API (``/v2/``), else why not."""
        host = registry.split("/", 1)[0]
        why = "no answer"
        for scheme in ("https", "http"):
            try:
                answer = requests.get(f"{scheme}://{host}/v2/", timeout=5)
            except requests.exceptions.RequestException as exc:
                why = f"{scheme}: {_short(exc)}"
                continue
            if answer.status_code in (200, 401):  # 401: it answers, and wants a login
                return None
            why = f"{scheme}: HTTP {answer.status_code}"
        return why

    def buildkit(
        self, client: str | None = None, builder: str | None = None
    ) -> BuildKitClient | None:
        """The first docker client that builds with BuildKit on this engine (or the site's)."""
        return find_client(client, builder)

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
        """Build ``context`` (its Dockerfile), streaming log lines: with BuildKit through ``buildkit``
        (a docker client), else with the classic builder through the SDK (no secrets there)."""
        if buildkit is not None:
            return buildkit_build(
                buildkit, context, tag=tag, buildargs=buildargs, labels=labels or {},
                secrets=secrets or {}, log=log, on_step=on_step, nocache=nocache,
                network_mode=network_mode,
            )  # fmt: skip
        if secrets:
            raise ValueError("the classic builder takes no secrets: build with BuildKit")
        start = time.perf_counter()
        image_id, error = None, None
        said: deque[str] = deque(maxlen=8)  # the build's last output: what a failed step printed
        try:
            stream = self.api.build(
                path=str(context),
                tag=tag,
                labels=labels,
                buildargs=buildargs,
                rm=True,
                forcerm=True,
                decode=True,
                pull=False,
                nocache=nocache,
                network_mode=network_mode,
            )
            for chunk in stream:
                if "stream" in chunk:
                    for line in chunk["stream"].splitlines():
                        log(line)
                        if line.strip():
                            said.append(line.strip())
                        match = _STEP.match(line)
                        if match and on_step:
                            on_step(int(match.group(1)), int(match.group(2)))
                if "error" in chunk:
                    error = _with_cause(str(chunk["error"]).strip(), said)
                    log(f"ERROR: {error}")
                if "aux" in chunk and "ID" in chunk["aux"]:
                    image_id = chunk["aux"]["ID"]
        except EngineErrors as exc:
            error = f"engine error during build: {_short(exc)}"
            log(f"ERROR: {error}")
        if error is None and image_id is None:
            image_id = self.image_id(tag)
        return EngineBuild(
            image_id=None if error else image_id,
            error=error,
            seconds=time.perf_counter() - start,
        )

    # -- containers --------------------------------------------------------------------------------
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
        """Run ``command`` in a throw-away container; never leaves it behind (also on Ctrl-C)."""
        hard = limits
        environment = {"HOME": "/tmp", "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
        kwargs: dict[str, Any] = {
            "command": command,
            "labels": labels,
            "environment": environment,
            "detach": True,
            "user": hard.user,
            "read_only": hard.read_only,
            "tmpfs": {"/tmp": f"rw,exec,nosuid,size={hard.tmpfs_size}"},
            "cap_drop": ["ALL"],
            "security_opt": ["no-new-privileges"],
            "mem_limit": hard.memory,
            "log_config": LogConfig(
                type=LogConfig.types.JSON, config={"max-size": hard.log_size, "max-file": "1"}
            ),
            "memswap_limit": hard.memory,
            "pids_limit": hard.pids,
            "network_mode": "bridge" if hard.network else "none",
        }
        if gpus:
            kwargs["device_requests"] = [DeviceRequest(count=-1, capabilities=[["gpu"]])]
        start = time.perf_counter()
        container = None
        try:
            container = self.client.containers.create(image, **kwargs)
            container.start()
            timed_out = False
            try:
                result = container.wait(timeout=timeout_s)
                code: int | None = int(result.get("StatusCode", -1))
            except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError) as exc:
                if not self.answers():
                    return ContainerRun(
                        exit_code=None,
                        stdout="",
                        stderr=str(exc),
                        seconds=time.perf_counter() - start,
                        error="the Docker engine stopped answering during the probe",
                    )
                timed_out, code = True, None
                container.kill()
            stdout = container.logs(stdout=True, stderr=False).decode(errors="replace")
            stderr = container.logs(stdout=False, stderr=True).decode(errors="replace")
            container.reload()
            oom = bool(container.attrs.get("State", {}).get("OOMKilled"))
            return ContainerRun(
                exit_code=code,
                stdout=stdout,
                stderr=stderr,
                seconds=time.perf_counter() - start,
                timed_out=timed_out,
                oom_killed=oom,
            )
        except EngineErrors as exc:
            return ContainerRun(
                exit_code=None,
                stdout="",
                stderr="",
                seconds=time.perf_counter() - start,
                error=f"engine error: {_short(exc)}",
            )
        finally:
            if container is not None:
                _remove_quietly(container)

    def bridge_gateway(self) -> str | None:
        """The host's address on the default bridge, when the engine runs on this host (else None)."""
        if os.environ.get("DOCKER_HOST", "unix://").split("://")[0] not in ("unix", ""):
            return None
        try:
            ipam = self.client.networks.get("bridge").attrs.get("IPAM", {}).get("Config") or []
        except EngineErrors:
            return None
        for config in ipam:
            if config.get("Gateway"):
                return str(config["Gateway"])
            if config.get("Subnet"):
                network = ipaddress.ip_network(config["Subnet"], strict=False)
                return str(next(network.hosts()))
        return None

    def answers(self) -> bool:
        try:
            return bool(self.client.ping())
        except EngineErrors:
            return False

    def remove_containers(self, labels: dict[str, str], *, only_stopped: bool = False) -> int:
        """Force-remove every container carrying all ``labels`` (only stopped ones if asked); how many."""
        filters: dict[str, Any] = {"label": [f"{k}={v}" for k, v in labels.items()]}
        removed = 0
        try:
            for container in self.client.containers.list(all=True, filters=filters):
                if only_stopped and container.status in ("running", "restarting", "paused"):
                    continue
                _remove_quietly(container)
                removed += 1
        except EngineErrors:
            pass
        return removed

    def remove_images(self, labels: dict[str, str]) -> int:
        filters = {"label": [f"{k}={v}" for k, v in labels.items()]}
        removed = 0
        for image in self.client.images.list(filters=filters):
            try:
                self.client.images.remove(image.id, force=True)
                removed += 1
            except EngineErrors:
                pass
        return removed


def _split_tag(ref: str) -> tuple[str, str]:
    """``host:5000/a/b:tag`` -> (``host:5000/a/b``, ``tag``); no tag -> ``latest``."""
    head, _, last = ref.rpartition("/")
    if ":" in last:
        name, _, tag = last.partition(":")
        return (f"{head}/{name}" if head else name), tag
    return ref, "latest"


def _remove_quietly(container: Any) -> None:
    try:
        container.remove(force=True)
    except EngineErrors:
        pass


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:300]


def _with_cause(error: str, said: deque[str]) -> str:
    """A failed step's error with the line that explains it (pip's ERROR line, say), when there is one."""
    if "returned a non-zero code" not in error:
        return error
    causes = [line for line in said if re.search(r"error|no space left", line, re.IGNORECASE)]
    cause = causes[-1] if causes else (said[-1] if said else "")
    return f"{error}: {cause[:300]}" if cause else error


def repository_digest(repository: str, digests: object) -> str | None:
    """Of the digests the engine lists for an image (``RepoDigests``, as the registry answered),
    the one of ``repository``, if it is ``REPOSITORY@sha256:<64 hex>``; None otherwise."""
    if not isinstance(digests, list):
        return None
    pattern = re.compile(rf"{re.escape(repository)}@sha256:[0-9a-f]{{64}}")
    return next((d for d in digests if isinstance(d, str) and pattern.fullmatch(d)), None)
