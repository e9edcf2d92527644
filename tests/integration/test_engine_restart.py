"""An engine that goes away mid-probe (destructive: --run-destructive).

The test starts a Docker engine of its own (own_engine.py: its own socket, directories and bridge),
imports a tiny image whose probe hangs, stops that engine by the PID it started while the probe
runs, and starts it again: the run records a PROBE_ERROR, and the next run removes the container
the dead one left. It never touches any other engine: not even docker0 (a dockerd started with
``--bridge none`` deletes the docker0 interface other engines use, so it gets a bridge of its own).
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import run_envforge
from .own_engine import OwnEngine, own_engine

pytestmark = [pytest.mark.docker, pytest.mark.destructive]


@pytest.fixture()
def engine() -> Iterator[OwnEngine]:
    with own_engine() as own:
        yield own


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
