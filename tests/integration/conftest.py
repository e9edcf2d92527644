"""Integration tests: real images on a real Docker engine (scripts/test starts one with scripts/setup).

Ryuk (testcontainers' reaper) cannot be pulled here, so it is disabled and everything a test session
creates is removed by label at the end: containers of every run it started, and the images they built
(ENVFORGE_KEEP_TEST_IMAGES=1 keeps images, to iterate faster locally).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import docker
import pytest

from .. import images
from .browser import browser  # noqa: F401 (a fixture: headless Chromium for any test here)

os.environ.setdefault("TESTCONTAINERS_RYUK_DISABLED", "true")

ROOT = Path(__file__).resolve().parents[2]
SESSION = f"test-{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="session")
def docker_client() -> Iterator[docker.DockerClient]:
    try:
        client = docker.from_env()
        client.ping()
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"integration tests need a Docker engine ({exc}); run them with scripts/test")
    yield client
    filters = {"label": [f"io.envforge.test-session={SESSION}"]}
    for container in client.containers.list(all=True, filters=filters):
        container.remove(force=True)
    runs = _session_runs()
    for run_id in runs:
        for container in client.containers.list(
            all=True, filters={"label": [f"io.envforge.run={run_id}"]}
        ):
            container.remove(force=True)
    if os.environ.get("ENVFORGE_KEEP_TEST_IMAGES") != "1":  # children first; warnings, never errors
        # strict: the session made all of them, registry tags and verify shims included (a shim
        # extends its cell image, and the gate test tags its image for a local registry)
        labels = [f"io.envforge.run={run_id}" for run_id in runs]
        _, kept = images.clean(
            client, [*labels, f"io.envforge.test-session={SESSION}"], strict=True
        )
        for line in kept:
            print(f"warning: {line}", file=sys.stderr)
    client.close()


_RUNS: list[str] = []


def _session_runs() -> list[str]:
    return list(_RUNS)


@dataclass(frozen=True)
class CliResult:
    """A run of the real CLI: exit status, output, and the JSON envelope when it printed one."""

    returncode: int
    stdout: str
    stderr: str

    @property
    def doc(self) -> dict[str, Any]:
        envelope: dict[str, Any] = json.loads(self.stdout)
        return envelope

    @property
    def data(self) -> Any:
        return self.doc["data"]


def run_envforge(
    *args: str, cwd: Path, env: dict[str, str] | None = None, timeout: int = 1800
) -> CliResult:
    """Run the real CLI; remembers the run ids of --json envelopes for clean-up."""
    done = subprocess.run(
        [sys.executable, "-m", "envforge", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )
    result = CliResult(done.returncode, done.stdout, done.stderr)
    if "--json" in args and done.stdout.strip().startswith("{"):
        run_id = result.doc.get("run_id")
        if run_id:
            _RUNS.append(run_id)
    return result


def why(result: CliResult, cwd: Path | None = None) -> str:
    """A failed CLI run, explained: stderr's tail, each cell's outcome and the tail of its build log.

    Reads certify's cells (verdict, stopped_by, diagnoses, build_log) and build's (ok, error, log)."""
    lines = [result.stderr[-3000:]]
    try:
        data = result.data or {}
    except (ValueError, KeyError):
        return "\n".join([*lines, result.stdout[-3000:]])
    for error in result.doc.get("errors") or []:
        lines.append(f"error: {error.get('message')}")
    for cell in data.get("cells", []) if isinstance(data, dict) else []:
        outcome = cell.get("verdict") or ("built" if cell.get("ok") else "not built")
        detail = cell.get("stopped_by") or cell.get("error")
        diagnoses = "; ".join(d["summary"] for d in cell.get("diagnoses", []))
        lines.append(f"{cell.get('cell')}: {outcome} ({detail}) {diagnoses}")
        log = cell.get("build_log") or cell.get("log")
        if log and cwd and (cwd / log).is_file():
            lines.extend((cwd / log).read_text(errors="replace").splitlines()[-15:])
    return "\n".join(lines)


def record_facts(config: pytest.Config, cell: dict[str, Any], cwd: Path) -> None:
    """With --record-facts, the probe document behind a certified cell becomes a unit-test fixture
    (tests/fixtures/facts/<cell>.l<level>.json): what the real image printed, nothing edited."""
    if not config.getoption("--record-facts") or not cell.get("probe_log"):
        return
    from envforge.certificate import parse_probe_output

    log = (cwd / cell["probe_log"]).read_text(encoding="utf-8")
    document = parse_probe_output(log.split("# --- stdout ---\n", 1)[1])
    assert document is not None, f"no probe document in {cell['probe_log']}"
    target = (
        ROOT / "tests" / "fixtures" / "facts" / f"{cell['cell']}.l{cell['level_requested']}.json"
    )
    target.write_text(json.dumps(document, sort_keys=True) + "\n", encoding="utf-8")


def _workdir(path: Path) -> Path:
    site = ROOT / ".envforge" / "site.yaml"
    if site.is_file():
        (path / ".envforge").mkdir(exist_ok=True)
        (path / ".envforge" / "site.yaml").write_text(site.read_text())
    return path


def marked_ca_bundle(directory: Path) -> tuple[Path, str]:
    """The host's CA bundle plus a unique comment line: any trace of it in an image is findable."""
    from envforge.site import find_ca_bundle

    bundle, _ = find_ca_bundle(None)
    marker = f"envforge-test-ca-marker-{uuid.uuid4().hex}"
    path = directory / "ca.pem"
    path.write_text((bundle.read_text() if bundle else "") + f"\n# {marker}\n")
    return path, marker


def _build_cell(workdir: Path, cell: str, *extra: str) -> str:
    result = run_envforge("build", "--select", cell, "--json", *extra, cwd=workdir, timeout=3000)
    assert result.returncode == 0, why(result, workdir)
    return str(result.data["cells"][0]["image"])


@pytest.fixture(scope="session")
def cpu_image(
    tmp_path_factory: pytest.TempPathFactory, docker_client: docker.DockerClient
) -> dict[str, Any]:
    """The default matrix's CPU cell, built once per session (by the default builder, from scratch)
    with a marked CA bundle: any trace of that bundle in the image is findable."""
    workdir = _workdir(tmp_path_factory.mktemp("cpu"))
    bundle, marker = marked_ca_bundle(workdir)
    image = _build_cell(workdir, "tf-cpu-tf2.21.0-py3.11", "--ca-bundle", str(bundle), "--no-cache")
    return {"image": image, "workdir": workdir, "bundle": bundle, "marker": marker}


@pytest.fixture(scope="session")
def cuda_image(tmp_path_factory: pytest.TempPathFactory, docker_client: docker.DockerClient) -> str:
    """The default matrix's CUDA cell (tensorflow[and-cuda]): minutes and ~7 GB, built once per session."""
    return _build_cell(_workdir(tmp_path_factory.mktemp("cuda")), "tf-cuda-pip-tf2.21.0-py3.11")


@pytest.fixture(scope="session")
def derive(docker_client: docker.DockerClient, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Build a throw-away image FROM a base with extra Dockerfile lines (the host's CA bundle at /tmp/ca.pem)."""
    from envforge.site import find_ca_bundle

    made: list[str] = []

    def build(base: str, body: str, name: str) -> str:
        context = tmp_path_factory.mktemp(name)
        bundle, _ = find_ca_bundle(None)
        (context / "ca.pem").write_text(bundle.read_text() if bundle else "")
        (context / "Dockerfile").write_text(f"FROM {base}\nCOPY ca.pem /tmp/ca.pem\n{body}\n")
        tag = f"envforge-test/{name}:{SESSION}"
        docker_client.images.build(
            path=str(context), tag=tag, rm=True, labels={"io.envforge.test-session": SESSION}
        )
        made.append(tag)
        return tag

    yield build
    for tag in made:
        try:
            docker_client.images.remove(tag, force=True)
        except docker.errors.DockerException:
            pass


@pytest.fixture()
def workdir(tmp_path: Path) -> Path:
    """A working directory that sees this checkout's site file (local base images)."""
    return _workdir(tmp_path)


@pytest.fixture()
def session_label() -> dict[str, str]:
    return {"io.envforge.test-session": SESSION}


@pytest.fixture(scope="session")
def python_image(docker_client: docker.DockerClient) -> str:
    """A local stand-in for python:3.11-slim-bookworm (Debian 12's python3 has venv like the official image)."""
    tag = f"envforge-test/python:3.11-slim-bookworm-{SESSION}"
    dockerfile = (
        "FROM envforge/debian:bookworm\nRUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install "
        "-y --no-install-recommends python3 python3-venv ca-certificates && rm -rf /var/lib/apt/lists/*\n"
    )
    docker_client.images.build(
        fileobj=io.BytesIO(dockerfile.encode()),
        tag=tag,
        rm=True,
        labels={"io.envforge.test-session": SESSION},
    )
    yield tag
    docker_client.images.remove(tag, force=True)
