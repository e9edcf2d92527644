#!/usr/bin/env python3
"""envforge on a Slurm cluster against ReFrame, the tool HPC centres use for per-node checks.

For each cluster size (default 3, 10 and 50 nodes, started by scripts/cluster on this machine):
  reframe_s          ReFrame (reframe-hpc) running a container check on every node: a
                     RunOnlyRegressionTest per node (--nodelist), Docker container platform, the
                     image already in the registry, command `true`; squeue scheduler (this cluster
                     has no accounting), async execution.
  envforge_s         `envforge certify --backend slurm` of the benchmark cell, already built and
                     pushed, on every node at L1;
  envforge_overhead_s   its fixed overhead: submit + follow (from the run's own timings) minus the
                     probe's own time on the busiest node (from the task files): submitting,
                     scheduling, pulling by digest, starting containers, collecting and judging;
  reframe_overhead_s ReFrame's wall time (its command does nothing).
Also, at 3 nodes: the same images probed locally one after another (`envforge verify`, once per
(image, node) pair), against the fleet run.
Prints one JSON line per size and a summary; goal: envforge's fixed overhead no larger than
ReFrame's at the same size, growing less than linearly with the nodes.

Needs root (scripts/cluster installs and starts slurm-wlm, munge and docker-registry), a Docker
engine, the bases, and ReFrame in a virtualenv of its own: python -m venv .venv-bench &&
.venv-bench/bin/pip install reframe-hpc (ENVFORGE_REFRAME names another `reframe`).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = [int(n) for n in os.environ.get("ENVFORGE_BENCH_SIZES", "3,10,50").split(",")]
CELL = "tf-cpu-tf2.21.0-py3.11"
REFRAME = os.environ.get("ENVFORGE_REFRAME", str(ROOT / ".venv-bench" / "bin" / "reframe"))

CHECK = """
import os
import reframe as rfm
import reframe.utility.sanity as sn
from reframe.core.builtins import parameter, run_after, run_before, sanity_function


@rfm.simple_test
class NodeContainerCheck(rfm.RunOnlyRegressionTest):
    node = parameter(os.environ["BENCH_NODES"].split(","))
    valid_systems = ["bench:gpu"]
    valid_prog_environs = ["builtin"]
    container_platform = "Docker"

    @run_after("init")
    def set_image(self):
        self.container_platform.image = os.environ["BENCH_IMAGE"]
        self.container_platform.command = "true"

    @run_before("run")
    def pin(self):
        self.job.options = [f"--nodelist={self.node}", "--exclusive"]

    @sanity_function
    def ran(self):
        return sn.assert_true(True)
"""

CONFIG = """
site_configuration = {
    "systems": [{
        "name": "bench", "descr": "scripts/cluster", "hostnames": [".*"],
        "modules_system": "nomod",
        "partitions": [{
            "name": "gpu", "scheduler": "squeue", "launcher": "local",
            "access": ["--partition=gpu"], "environs": ["builtin"], "max_jobs": 200,
            "container_platforms": [{"type": "Docker"}],
        }],
    }],
    "environments": [{"name": "builtin", "cc": "gcc"}],
}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cluster(directory: Path, nodes: int, action: str) -> None:
    env = {**os.environ, "ENVFORGE_CLUSTER_DIR": str(directory)}
    if action == "up":
        env["ENVFORGE_REGISTRY_PORT"] = str(free_port())
    argv = [
        str(ROOT / "scripts" / "cluster"),
        action,
        *(["--nodes", str(nodes)] if action == "up" else []),
    ]
    done = subprocess.run(argv, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"scripts/cluster {action} failed:\n{done.stdout}{done.stderr}")


def envforge(*args: str, env: dict[str, str], cwd: Path) -> dict:  # type: ignore[type-arg]
    done = subprocess.run(
        [sys.executable, "-m", "envforge", *args, "--json"], capture_output=True, text=True,
        env={**os.environ, **env}, cwd=cwd,
    )  # fmt: skip
    doc = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
    if not doc.get("data"):
        raise SystemExit(
            f"envforge {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
        )
    return doc


def busiest_probe_s(spool: Path) -> float:
    """The probe's own seconds on the node that spent the most on probes."""
    per_node: dict[str, float] = {}
    for seconds in spool.glob("*/probe.seconds"):
        node = seconds.parent.name.rsplit("@", 1)[1]
        text = seconds.read_text().strip()
        per_node[node] = per_node.get(node, 0.0) + (float(text) if text.isdigit() else 0.0)
    return max(per_node.values(), default=0.0)


def reframe(work: Path, nodes: list[str], image: str, env: dict[str, str]) -> float:
    (work / "check.py").write_text(CHECK)
    (work / "config.py").write_text(CONFIG)
    start = time.perf_counter()
    done = subprocess.run(
        [REFRAME, "-C", str(work / "config.py"), "-c", str(work / "check.py"), "-r",
         "--exec-policy=async", "--prefix", str(work / "rfm")],
        capture_output=True, text=True, cwd=work,
        env={**os.environ, **env, "BENCH_NODES": ",".join(nodes), "BENCH_IMAGE": image},
    )  # fmt: skip
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"reframe failed:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return elapsed


def one_size(size: int, work: Path) -> dict:  # type: ignore[type-arg]
    directory = work / f"cluster-{size}"
    cluster(directory, size, "up")
    try:
        env = {"SLURM_CONF": str(directory / "slurm.conf")}
        registry = (directory / "registry.addr").read_text().strip()
        nodes = subprocess.run(
            ["sinfo", "--Node", "--noheader", "--format=%N"], capture_output=True, text=True,
            env={**os.environ, **env}, check=True,
        ).stdout.split()  # fmt: skip
        state = work / "state"
        common = ["--select", CELL, "--registry", registry, "--level", "1"]
        envs = {**env, "ENVFORGE_STATE_DIR": str(state)}
        pushed = envforge("push", "--select", CELL, "--registry", registry, env=envs, cwd=work)
        image = pushed["data"]["cells"][0]["repo_digest"]
        start = time.perf_counter()
        doc = envforge("certify", "--backend", "slurm", *common, "--force", env=envs, cwd=work)
        wall = time.perf_counter() - start
        spool = Path(doc["data"]["spool"])
        timings = doc["data"]["timings"]
        probe_s = busiest_probe_s(spool)
        overhead = timings["submit_s"] + timings["follow_s"] - probe_s
        (work / f"rfm-{size}").mkdir()
        reframe_s = reframe(work / f"rfm-{size}", nodes, image, env)
        figures = {
            "nodes": size,
            "envforge_s": round(wall, 2),
            "envforge_probe_s_busiest_node": probe_s,
            "envforge_overhead_s": round(overhead, 2),
            "reframe_s": round(reframe_s, 2),
            "reframe_overhead_s": round(reframe_s, 2),
            "verdicts": sorted({c["verdict"] for c in doc["data"]["cells"]}),
        }
        if size == 3:
            start = time.perf_counter()
            for _ in nodes:
                envforge("verify", image, "--level", "1", env=envs, cwd=work)
            figures["local_one_after_another_s"] = round(time.perf_counter() - start, 2)
        return figures
    finally:
        cluster(directory, size, "down")


def main() -> None:
    if not Path(REFRAME).is_file():
        raise SystemExit(
            f"no ReFrame at {REFRAME}: python -m venv .venv-bench && .venv-bench/bin/pip install "
            "reframe-hpc (or set ENVFORGE_REFRAME)"
        )
    results = []
    with tempfile.TemporaryDirectory(prefix="envforge-bench-cluster-") as tmp:
        work = Path(tmp)
        site = ROOT / ".envforge" / "site.yaml"
        (work / "state").mkdir()
        if site.is_file():
            (work / "state" / "site.yaml").write_text(site.read_text())
        for size in SIZES:
            figures = one_size(size, work)
            print(json.dumps({"benchmark": "cluster", **figures}), flush=True)
            results.append(figures)
    first, last = results[0], results[-1]
    growth = (last["envforge_overhead_s"] / max(first["envforge_overhead_s"], 1e-9)) / (
        last["nodes"] / first["nodes"]
    )
    print(
        json.dumps(
            {
                "benchmark": "cluster-summary",
                "overhead_le_reframe": all(
                    r["envforge_overhead_s"] <= r["reframe_overhead_s"] for r in results
                ),
                "overhead_growth_vs_linear": round(growth, 3),
                "goals": {"overhead_le_reframe": True, "overhead_growth_vs_linear": "< 1"},
            }
        )
    )


if __name__ == "__main__":
    main()
