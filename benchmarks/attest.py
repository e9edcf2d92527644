#!/usr/bin/env python3
"""What the statements cost, on the Slurm cluster scripts/cluster starts on this machine.

  certify_s         `certify --backend slurm --signing-key K` of one cell (tests/fixtures/matrices/
                    two-keras.yaml, Keras 3.15.1 on Debian's Python) on 3 nodes, --force, wall clock;
  attest_s          the part of it spent making, signing and attaching the SBOM, provenance and
                    verdict statements (the run's own timings), and attest_ratio, attest_s over the
                    rest of the run: the goal is at most 0.10;
  verify_50_s       `envforge attest verify` (a new process, as a user runs it) of an image that
                    carries a signed verdict statement for 50 nodes, beside the run's own
                    statements: the goal is under 2 s;
  verify_50_bytes   the size of that statement's envelope.
Prints one JSON line. Needs root (scripts/cluster), a Docker engine and the bases (scripts/setup).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.cluster import cluster, envforge

ROOT = Path(__file__).resolve().parents[1]
MATRIX = ROOT / "tests" / "fixtures" / "matrices" / "two-keras.yaml"
NODES = 50


def python_image() -> str:
    """A stand-in for python:3.11-slim-bookworm (Debian 12's python3 and venv), built once."""
    tag = "envforge-bench/python:3.11-slim-bookworm"
    dockerfile = (
        "FROM envforge/debian:bookworm\nRUN apt-get update && DEBIAN_FRONTEND=noninteractive "
        "apt-get install -y --no-install-recommends python3 python3-venv ca-certificates "
        "&& rm -rf /var/lib/apt/lists/*\n"
    )
    subprocess.run(
        ["docker", "build", "-q", "-t", tag, "--label", "io.envforge.benchmark=attest", "-"],
        input=dockerfile, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return tag


def fifty_node_verdicts(image: str, key: Path, run: dict) -> int:  # type: ignore[type-arg]
    """A signed verdict statement for 50 nodes (the run's certificate, one per node name),
    attached to ``image`` with envforge's own client; the envelope's size."""
    from envforge.attest.signing import load_signer, seal
    from envforge.attest.statements import PREDICATES, NodeVerdict, Subject, verdicts
    from envforge.engine.registry import OciRegistry, split_repository

    repository, _, digest = image.partition("@")
    cell = run["data"]["cells"][0]
    host = {"hostname": "bench", "kernel": "6", "os": "debian", "engine": "docker 26",
            "driver": "550.54.15", "gpus": [{"name": "NVIDIA H100", "compute_capability": "9.0"}]}  # fmt: skip
    nodes = [
        NodeVerdict({**host, "node": f"sim-{n:03d}", "fingerprint": f"{n:016x}"}, "docker", cell)
        for n in range(1, NODES + 1)
    ]
    statement = verdicts(Subject(repository, digest), "bench", nodes, {"kb.yaml": "0" * 64})
    envelope = seal(statement, load_signer(key))
    registry = OciRegistry(split_repository(repository)[0])
    notes = {"in-toto.io/predicate-type": PREDICATES["verdicts"]}
    registry.attach(repository, registry.descriptor(repository, digest), envelope, notes)
    return len(envelope)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="envforge-bench-attest-"))
    directory = work / "cluster"
    cluster(directory, 3, "up")
    try:
        env = {
            "SLURM_CONF": str(directory / "slurm.conf"),
            "ENVFORGE_STATE_DIR": str(work / "state"),
        }
        registry = (directory / "registry.addr").read_text().strip()
        site = work / "site.yaml"
        site.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image()}"\n')
        envforge("keys", "generate", "--out", str(work / "keys"), env=env, cwd=work)
        key = work / "keys" / "envforge.key"
        certify = ["certify", "--backend", "slurm", "-m", str(MATRIX), "--site", str(site),
                   "--select", "*3.15.1*", "--registry", registry, "--level", "1", "--force",
                   "--signing-key", str(key)]  # fmt: skip
        envforge(*certify, env=env, cwd=work)  # the image built and pulled once: not measured
        start = time.perf_counter()
        run = envforge(*certify, env=env, cwd=work)
        certify_s = time.perf_counter() - start
        attest_s = float(run["data"]["timings"]["attest_s"])
        image = run["data"]["attestations"][0]["image"]
        size = fifty_node_verdicts(image, key, run)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "envforge", "attest", "verify", image, "--key",
             str(work / "keys" / "envforge.pub"), "--node", "sim-050", "--json"],
            capture_output=True, text=True, env={**os.environ, **env}, cwd=work,
        )  # fmt: skip
        verify_s = time.perf_counter() - start
        nodes = len(json.loads(done.stdout)["data"]["nodes"]) if done.returncode == 0 else 0
        figures = {
            "certify_s": round(certify_s, 2),
            "attest_s": round(attest_s, 2),
            "attest_ratio": round(attest_s / max(certify_s - attest_s, 1e-9), 3),
            "attest_goal": 0.10,
            "verify_50_s": round(verify_s, 2),
            "verify_50_nodes_seen": nodes,
            "verify_50_exit": done.returncode,
            "verify_50_bytes": size,
            "verify_goal_s": 2.0,
        }
        print(json.dumps(figures))
        print(
            f"attaching: {attest_s:.2f} s of {certify_s:.2f} s "
            f"({100 * figures['attest_ratio']:.1f}% added; goal <= 10%); "
            f"attest verify with {nodes} node verdicts: {verify_s:.2f} s (goal < 2 s)"
        )
    finally:
        cluster(directory, 3, "down")


if __name__ == "__main__":
    main()
