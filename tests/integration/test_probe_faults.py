"""A probe that hangs, is killed, runs out of memory, or is interrupted becomes a PROBE_ERROR
certificate with a diagnosis, and no container is left behind."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import docker
import pytest

from .conftest import run_envforge

pytestmark = pytest.mark.docker
HANG = "RUN printf '#!/bin/sh\\nexec sleep 600\\n' > /opt/envforge/bin/envforge-probe && rm /tmp/ca.pem"


@pytest.fixture(scope="module")
def hanging(cpu_image: dict[str, Any], derive) -> str:  # type: ignore[no-untyped-def]
    return derive(cpu_image["image"], HANG, "hanging")


def probe_containers(client: docker.DockerClient, image: str) -> list[Any]:
    return client.containers.list(
        all=True, filters={"label": ["io.envforge.role=probe"], "ancestor": image}
    )


def wait_for_probe(client: docker.DockerClient, image: str, timeout: float = 60) -> Any:
    deadline = time.time() + timeout
    while time.time() < deadline:
        running = [c for c in probe_containers(client, image) if c.status == "running"]
        if running:
            return running[0]
        time.sleep(0.5)
    raise AssertionError(f"no probe container for {image} started")


def start_verify(image: str, cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "envforge", "verify", image, "--json", "--level", "1", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )


def test_hanging_probe_times_out(
    hanging: str, docker_client: docker.DockerClient, tmp_path: Path
) -> None:
    result = run_envforge("verify", hanging, "--json", "--probe-timeout", "8", cwd=tmp_path)
    doc = result.data
    assert result.returncode == 1 and doc["verdict"] == "PROBE_ERROR"
    assert [d["code"] for d in doc["diagnoses"]] == ["PROBE_TIMEOUT"]
    assert not docker_client.containers.list(
        all=True, filters={"label": [f"io.envforge.run={result.doc['run_id']}"]}
    )


def test_killed_probe_is_diagnosed(
    hanging: str, docker_client: docker.DockerClient, tmp_path: Path
) -> None:
    process = start_verify(hanging, tmp_path)
    wait_for_probe(docker_client, hanging).kill()
    out, _ = process.communicate(timeout=60)
    doc = json.loads(out)["data"]
    assert process.returncode == 1 and doc["diagnoses"][0]["code"] == "PROBE_CRASHED"
    assert "SIGKILL" in doc["diagnoses"][0]["summary"]
    assert not probe_containers(docker_client, hanging)


def test_probe_out_of_memory(cpu_image: dict[str, Any], tmp_path: Path) -> None:
    result = run_envforge(
        "verify", cpu_image["image"], "--json", "--probe-memory", "96m", cwd=tmp_path
    )
    doc = result.data
    assert result.returncode == 1 and doc["diagnoses"][0]["code"] == "PROBE_OUT_OF_MEMORY"


def test_ctrl_c_leaves_no_container(
    hanging: str, docker_client: docker.DockerClient, tmp_path: Path
) -> None:
    process = start_verify(hanging, tmp_path)
    wait_for_probe(docker_client, hanging)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert not probe_containers(docker_client, hanging)
