#!/usr/bin/env python3
"""The Slurm gate's two figures, on the 3-node cluster scripts/cluster starts on this machine.

  healthcheck_s       the health check's decision on a node, run as slurmd runs it (median of 20
                      runs of healthcheck.sh --check, which decides as the health check does and
                      drains nothing: an unchanged node, then a changed one); the goal is under
                      2 s: no probe runs inside it;
  recertify_s         one node's driver changed (a stand-in nvidia-smi for that node only; this
                      machine has no GPU) to its gate's verdict, with 3 required images (the two
                      cells of tests/fixtures/matrices/two-keras.yaml and the second one again
                      under another repository): drained by the health check, the recertification
                      job started, the images probed on the node, the node resumed. The goal is
                      under 3 minutes.
Prints one JSON line. Needs root (scripts/cluster), a Docker engine and the bases (scripts/setup).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.attest import python_image
from benchmarks.cluster import cluster, envforge

ROOT = Path(__file__).resolve().parents[1]
MATRIX = ROOT / "tests" / "fixtures" / "matrices" / "two-keras.yaml"
SMI = '#!/bin/sh\ncase "$*" in *driver_version*) echo 550.54.15 ;; *) echo "NVIDIA H100, 9.0" ;; esac\n'


def healthcheck_s(gate: Path, node: str, env: dict[str, str], *extra: str) -> float:
    times = []
    for _ in range(20):  # --check: the same decision, nothing drained or submitted
        start = time.perf_counter()
        subprocess.run(
            ["sh", str(gate / "healthcheck.sh"), *extra], capture_output=True,
            env={**env, "SLURMD_NODENAME": node},
        )  # fmt: skip
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="envforge-bench-gate-"))
    directory = work / "cluster"
    cluster(directory, 3, "up")
    conf = directory / "slurm.conf"
    try:
        env = {"SLURM_CONF": str(conf), "ENVFORGE_STATE_DIR": str(work / "state")}
        registry = (directory / "registry.addr").read_text().strip()
        site = work / "site.yaml"
        site.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image()}"\n')
        db = str(work / "cluster.db")
        run = envforge(
            "certify", "--backend", "slurm", "-m", str(MATRIX), "--site", str(site),
            "--registry", registry, "--level", "1", "--db", db, env=env, cwd=work,
        )  # fmt: skip
        images = sorted(run["data"]["images"].values())
        again = f"{registry}/bench/again:1"
        subprocess.run(["docker", "tag", images[-1], again], check=True)  # the engine pushed it
        pushed = subprocess.run(
            ["docker", "push", again], capture_output=True, text=True, check=True
        )
        digest = next(w for w in pushed.stdout.split() if w.startswith("sha256:"))
        images.append(f"{registry}/bench/again@{digest}")
        gate = work / "gate"
        envforge(
            "gate", "slurm", "--emit", str(gate), "--registry", registry, "--level", "1",
            "--db", db, *(a for i in images for a in ("--image", i)), env=env, cwd=work,
        )  # fmt: skip
        node = sorted(p.name for p in (gate / "nodes").iterdir())[0]  # a node with a baseline
        bare = {"SLURM_CONF": str(conf)}  # slurmd gives its health check almost no environment
        unchanged = healthcheck_s(gate, node, bare, "--check")
        tools = gate / "nodes" / node / "bin"
        tools.mkdir(parents=True)
        (tools / "nvidia-smi").write_text(SMI)
        (tools / "nvidia-smi").chmod(0o755)
        changed = healthcheck_s(gate, node, bare, "--check")
        original = conf.read_text()
        conf.write_text(
            original + f"HealthCheckProgram={gate}/healthcheck.sh\nHealthCheckInterval=5\n"
        )
        start = time.perf_counter()
        subprocess.run(["scontrol", "reconfigure"], env={**os.environ, **env}, check=True)
        history = gate / "nodes" / node / "history"
        while time.perf_counter() - start < 900:
            text = history.read_text() if history.exists() else ""
            if "resumed" in text or "kept drained" in text:
                break
            time.sleep(1)
        recertify = time.perf_counter() - start
        outcome = history.read_text().splitlines()[-1] if history.exists() else "no decision"
        print(json.dumps({
            "healthcheck_unchanged_s": unchanged, "healthcheck_changed_s": changed,
            "healthcheck_goal_s": 2.0, "required_images": len(images),
            "recertify_s": round(recertify, 1), "recertify_goal_s": 180, "outcome": outcome,
        }))  # fmt: skip
    finally:
        cluster(directory, 3, "down")


if __name__ == "__main__":
    main()
