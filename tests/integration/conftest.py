"""Integration tests: real images on a real Docker engine (scripts/test starts one with scripts/setup).

Ryuk (testcontainers' reaper) cannot be pulled here, so it is disabled and everything a test session
creates is removed by label at the end: containers of every run it started, and the images they built
(ENVFORGE_KEEP_TEST_IMAGES=1 keeps images, to iterate faster locally).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docker
import pytest

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
        for container in client.containers.list(all=True, filters={"label": [f"io.envforge.run={run_id}"]}):
            container.remove(force=True)
        if os.environ.get("ENVFORGE_KEEP_TEST_IMAGES") != "1":
            for image in client.images.list(filters={"label": [f"io.envforge.run={run_id}"]}):
                client.images.remove(image.id, force=True)
    client.close()


_RUNS: list[str] = []


def _session_runs() -> list[str]:
    return list(_RUNS)


def run_envforge(*args: str, cwd: Path, env: dict[str, str] | None = None,
                 timeout: int = 1800) -> subprocess.CompletedProcess[str]:
    """Run the real CLI; remembers run ids from --json output for clean-up."""
    result = subprocess.run([sys.executable, "-m", "envforge", *args], capture_output=True, text=True, cwd=cwd,
                            env={**os.environ, **(env or {})}, timeout=timeout)
    if "--json" in args and result.stdout.strip().startswith("{"):
        doc: dict[str, Any] = json.loads(result.stdout)
        if "run_id" in doc:
            _RUNS.append(doc["run_id"])
    return result


@pytest.fixture()
def workdir(tmp_path: Path) -> Path:
    """A working directory that sees this checkout's site file (local base images)."""
    site = ROOT / ".envforge" / "site.yaml"
    if site.is_file():
        (tmp_path / ".envforge").mkdir()
        (tmp_path / ".envforge" / "site.yaml").write_text(site.read_text())
    return tmp_path


@pytest.fixture()
def session_label() -> dict[str, str]:
    return {"io.envforge.test-session": SESSION}
