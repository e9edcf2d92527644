"""A Docker engine a test starts and stops itself: its own socket, data root, exec root and bridge.

It never touches any other engine: not even docker0 (a dockerd started with ``--bridge none``
deletes the docker0 interface other engines use, so it gets a bridge of its own). ``disk_mb`` puts
its data root on a loop-mounted ext4 filesystem of that size, for tests of a full disk.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import docker
import pytest

__all__ = ["OwnEngine", "own_engine", "copy_image"]


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


def _run(*argv: str) -> None:
    subprocess.run(list(argv), check=True, capture_output=True)


NEEDS = ("dockerd", "ip", "mkfs.ext4", "mount", "umount")


@contextmanager
def own_engine(*, disk_mb: int | None = None, subnet: str = "172.31.254") -> Iterator[OwnEngine]:
    """A started engine of this test's own; everything it made is gone afterwards."""
    missing = [tool for tool in NEEDS if not shutil.which(tool)]
    if os.geteuid() != 0 or missing:
        pytest.skip(f"needs root and {', '.join(NEEDS)} to start an engine of its own")
    # A short directory: containerd's socket under it must fit a Unix socket path (108 bytes).
    own = OwnEngine(Path(tempfile.mkdtemp(prefix="envforge-dockerd-")))
    mounted = False
    _run("ip", "link", "add", own.bridge, "type", "bridge")
    try:
        _run("ip", "addr", "add", f"{subnet}.1/24", "dev", own.bridge)
        _run("ip", "link", "set", own.bridge, "up")
        if disk_mb is not None:
            image = own.root / "disk.img"
            with image.open("wb") as handle:
                handle.truncate(disk_mb * 2**20)
            _run("mkfs.ext4", "-q", "-F", str(image))
            (own.root / "data").mkdir()
            _run("mount", "-o", "loop", str(image), str(own.root / "data"))
            mounted = True
        own.start()
        yield own
    finally:
        own.stop()
        if mounted:
            subprocess.run(["umount", "-l", str(own.root / "data")], check=False)
        subprocess.run(["ip", "link", "delete", own.bridge], check=False, capture_output=True)
        shutil.rmtree(own.root, ignore_errors=True)


def copy_image(source: docker.DockerClient, target: OwnEngine, name: str) -> None:
    """Copy ``name`` from one engine to this one (docker save | docker load)."""
    client = target.client()
    try:
        client.images.load(b"".join(source.images.get(name).save(named=True)))
    finally:
        client.close()
