"""An engine that goes away mid-probe (destructive: --run-destructive).

The test starts a Docker engine of its own (its own socket, data root, exec root and bridge),
imports a tiny image whose probe hangs, stops that engine by the PID it started while the probe
runs, and starts it again: the run records a PROBE_ERROR, and the next run removes the container
the dead one left. It never touches any other engine: not even docker0 (a dockerd started with
``--bridge none`` deletes the docker0 interface other engines use, so it gets a bridge of its own).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import docker
import pytest

from .conftest import run_envforge

pytestmark = [pytest.mark.docker, pytest.mark.destructive]


class OwnEngine:
    """A dockerd this test starts and stops, by PID, on its own socket and directories."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.socket = f"unix://{root / 'docker.sock'}"
        self.bridge = f"ef{root.name[-10:]}"[:15]  # an interface name: at most 15 characters
        self.process: subprocess.Popen[bytes] | None = None
        self.log: BinaryIO | None = None

    def start(self) -> None:
        self.log = log = (self.root / "dockerd.log").open("ab")
        self.process = subprocess.Popen(
            [
                shutil.which("dockerd") or "dockerd",
                "--host",
                self.socket,
                "--data-root",
                str(self.root / "data"),
                "--exec-root",
                str(self.root / "exec"),
                "--pidfile",
                str(self.root / "dockerd.pid"),
                "--bridge",
                self.bridge,
                "--iptables=false",
                "--ip-masq=false",
            ],  # fmt: skip
            stdout=log,
            stderr=log,
        )
        deadline = time.time() + 60
        while not self._listening():
            assert time.time() < deadline, (self.root / "dockerd.log").read_text()[-2000:]
            time.sleep(0.5)
        client = self.client()
        try:
            client.ping()
        finally:
            client.close()

    def _listening(self) -> bool:
        """Whether the engine accepts connections (a plain socket: docker-py leaks one that fails)."""
        with socket.socket(socket.AF_UNIX) as probe:
            try:
                probe.connect(self.socket.removeprefix("unix://"))
            except OSError:
                return False
        return True

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=60)
        self.process = None
        if self.log is not None:
            self.log.close()
            self.log = None

    def client(self) -> docker.DockerClient:
        # A fixed API version (Debian's engine, 20.10): making the client asks the engine nothing.
        return docker.DockerClient(base_url=self.socket, version="1.41")

    def probes(self) -> list[str]:
        """Statuses of the probe containers this engine has (a client per question: the engine
        restarts under the test, and a pooled connection would die with it)."""
        client = self.client()
        try:
            found = client.containers.list(all=True, filters={"label": ["io.envforge.role=probe"]})
            return [c.status for c in found]
        finally:
            client.close()


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture()
def engine() -> Iterator[OwnEngine]:
    if os.geteuid() != 0 or not shutil.which("dockerd") or not shutil.which("ip"):
        pytest.skip("needs root, dockerd and ip to start an engine of its own")
    # A short directory: containerd's socket under it must fit a Unix socket path (108 bytes).
    own = OwnEngine(Path(tempfile.mkdtemp(prefix="envforge-dockerd-")))
    _ip("link", "add", own.bridge, "type", "bridge")
    try:
        _ip("addr", "add", "172.31.254.1/24", "dev", own.bridge)
        _ip("link", "set", own.bridge, "up")
        own.start()
        yield own
    finally:
        own.stop()
        _ip("link", "delete", own.bridge)
        shutil.rmtree(own.root, ignore_errors=True)


def _rootfs() -> bytes:
    """A tar of /bin/sh, /bin/sleep and their libraries, and a probe that only sleeps."""
    files = [
        "/bin/sh",
        "/bin/sleep",
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/lib64/ld-linux-x86-64.so.2",
    ]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name in files:
            tar.add(os.path.realpath(name), arcname=name.lstrip("/"))
        probe = b"#!/bin/sh\nexec sleep 600\n"
        info = tarfile.TarInfo("opt/envforge/bin/envforge-probe")
        info.size, info.mode = len(probe), 0o755
        tar.addfile(info, io.BytesIO(probe))
    return buffer.getvalue()


def test_engine_restart_during_a_probe(engine: OwnEngine, tmp_path: Path) -> None:
    client = engine.client()
    try:
        changes = [
            "ENV PATH=/opt/envforge/bin:/bin",
            'LABEL io.envforge.cell=hang io.envforge.expect={"accelerator":"cpu"}',
        ]
        client.api.import_image_from_data(
            _rootfs(), repository="envforge-test/hang", tag="1", changes=changes
        )
    finally:
        client.close()
    env = {"DOCKER_HOST": engine.socket}
    db = tmp_path / "r.db"
    argv = ["verify", "envforge-test/hang:1", "--json", "--level", "1", "--db", str(db)]
    process = subprocess.Popen(
        [sys.executable, "-m", "envforge", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, **env},
    )
    deadline = time.time() + 60
    while "running" not in engine.probes():
        assert time.time() < deadline, "no probe container started"
        time.sleep(0.5)
    engine.stop()
    out, err = process.communicate(timeout=180)
    doc = json.loads(out)["data"]
    assert process.returncode == 1 and doc["diagnoses"][0]["code"] == "PROBE_ENGINE_ERROR", err
    rows = sqlite3.connect(db).execute("SELECT verdict FROM certificates").fetchall()
    assert rows == [("PROBE_ERROR",)]
    engine.start()
    assert engine.probes(), "the dead run's container is still there before the next run"
    again = run_envforge(
        "verify", "envforge-test/hang:1", "--json", "--probe-timeout", "5", cwd=tmp_path, env=env
    )
    assert again.returncode == 1 and again.data["diagnoses"][0]["code"] == "PROBE_TIMEOUT"
    assert not engine.probes(), "the next run cleaned up by label"
