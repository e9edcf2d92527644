"""BuildKit builds through a docker client that can make them.

The Docker SDK for Python drives only the classic builder (no secret or cache mounts), so BuildKit
builds run a docker CLI: the first found, by capability and not by PATH order, that builds with
BuildKit (Debian's ``/usr/bin/docker`` 20.10 does with ``DOCKER_BUILDKIT=1``; a newer client
without its buildx plugin does not). A site may name the client and a buildx builder instance
(``docker buildx create --name team --driver remote tcp://buildkitd:1234``) in its site file.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable
from functools import cache
from pathlib import Path

from . import BuildKitClient, EngineBuild

__all__ = ["find_client", "build_argv", "buildkit_build", "step_of"]

_PROBE_TIMEOUT_S = 20
# "#7 [3/5] RUN ..." or "#7 [builder 3/5] RUN ..." (plain progress)
_STEP = re.compile(r"^#\d+ \[(?:[\w.-]+ )?(\d+)/(\d+)\]")
_ERROR = re.compile(r"error|no space left", re.IGNORECASE)


def _run(argv: list[str]) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(
            argv,
            capture_output=True,
            text=True,
            timeout=_PROBE_TIMEOUT_S,
            env={**os.environ, "DOCKER_BUILDKIT": "1"},
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None


def _candidates(preferred: str | None) -> list[str]:
    """``preferred`` alone when named (the site's choice); else every docker client here."""
    if preferred:
        return [preferred]
    found = []
    if os.environ.get("ENVFORGE_DOCKER_CLI"):
        found.append(os.environ["ENVFORGE_DOCKER_CLI"])
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        on_path = Path(directory or ".") / "docker"
        if on_path.is_file() and os.access(on_path, os.X_OK):
            found.append(str(on_path))
    found.append("/usr/bin/docker")
    unique: list[str] = []
    for name in found:
        real = os.path.realpath(shutil.which(name) or name)
        if real not in {os.path.realpath(u) for u in unique} and os.access(real, os.X_OK):
            unique.append(name)
    return unique


@cache
def find_client(preferred: str | None = None, builder: str | None = None) -> BuildKitClient | None:
    """The first docker client that can build with BuildKit (``builder``: through that buildx
    builder instance, which needs buildx); None when there is none."""
    for path in _candidates(preferred):
        version = _run([path, "version", "--format", "{{.Client.Version}}"])
        if version is None or not version.stdout.strip():
            continue
        buildx = _run([path, "buildx", "version"])
        has_buildx = buildx is not None and buildx.returncode == 0
        if builder:
            if has_buildx:
                return BuildKitClient(path, version.stdout.strip(), True, builder)
            continue
        if has_buildx:
            return BuildKitClient(path, version.stdout.strip(), True)
        helped = _run([path, "build", "--help"])
        if helped is not None and helped.returncode == 0 and "--secret" in helped.stdout:
            return BuildKitClient(path, version.stdout.strip())
    return None


def step_of(line: str) -> tuple[int, int] | None:
    """(step, steps) from a plain-progress line, or None."""
    match = _STEP.match(line)
    return (int(match.group(1)), int(match.group(2))) if match else None


def build_argv(
    client: BuildKitClient,
    context: Path,
    *,
    tag: str,
    iidfile: Path,
    buildargs: dict[str, str],
    labels: dict[str, str],
    secrets: dict[str, Path],
    nocache: bool,
    network_mode: str | None,
) -> list[str]:
    """The command line of one BuildKit build (values never pass through a shell)."""
    argv = [client.path]
    argv += ["buildx", "build", "--load"] if client.buildx else ["build"]
    if client.builder:
        argv += ["--builder", client.builder]
    argv += ["--progress", "plain", "--tag", tag, "--iidfile", str(iidfile)]
    for key in sorted(buildargs):
        argv += ["--build-arg", f"{key}={buildargs[key]}"]
    for key in sorted(labels):
        argv += ["--label", f"{key}={labels[key]}"]
    for name in sorted(secrets):
        argv += ["--secret", f"id={name},src={secrets[name]}"]
    if nocache:
        argv.append("--no-cache")
    if network_mode:
        argv += ["--network", network_mode]
    return [*argv, str(context)]


def buildkit_build(
    client: BuildKitClient,
    context: Path,
    *,
    tag: str,
    buildargs: dict[str, str],
    labels: dict[str, str],
    secrets: dict[str, Path],
    log: Callable[[str], None],
    on_step: Callable[[int, int], None] | None,
    nocache: bool,
    network_mode: str | None,
) -> EngineBuild:
    """Run one build; its plain progress goes to ``log`` line by line; never raises for a failure."""
    start = time.perf_counter()
    said: deque[str] = deque(maxlen=40)
    with tempfile.TemporaryDirectory(prefix="envforge-iid-") as tmp:
        iidfile = Path(tmp) / "iid"
        argv = build_argv(
            client, context, tag=tag, iidfile=iidfile, buildargs=buildargs, labels=labels,
            secrets=secrets, nocache=nocache, network_mode=network_mode,
        )  # fmt: skip
        env = {**os.environ, "DOCKER_BUILDKIT": "1", "BUILDKIT_PROGRESS": "plain"}
        try:
            process = subprocess.Popen(
                argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                errors="replace",
            )  # fmt: skip
        except OSError as exc:
            return EngineBuild(
                None, f"cannot run {client.path}: {exc}", time.perf_counter() - start
            )
        try:
            assert process.stdout is not None
            for raw in process.stdout:
                line = raw.rstrip("\n")
                log(line)
                if line.strip():
                    said.append(line.strip())
                step = step_of(line)
                if step and on_step:
                    on_step(*step)
            code = process.wait()
        finally:
            if process.poll() is None:  # interrupted: stop the client (BuildKit cancels the build)
                process.terminate()
                process.wait(timeout=30)
        image_id = iidfile.read_text().strip() if iidfile.is_file() else None
    seconds = time.perf_counter() - start
    if code != 0 or not image_id:
        return EngineBuild(None, _failure(code, said), seconds)
    return EngineBuild(image_id, None, seconds)


def _failure(code: int, said: deque[str]) -> str:
    """The build's own words for its failure: BuildKit's ERROR line, and the step output that explains it."""
    errors = [line for line in said if line.startswith(("ERROR:", "error:", "failed to"))]
    causes = [
        line
        for line in said
        if _ERROR.search(line) and line not in errors and "executor failed" not in line
    ]
    parts = [errors[-1] if errors else f"docker build exited with {code}"]
    if causes:
        parts.append(causes[-1][:300])
    return ": ".join(parts)
