#!/usr/bin/env python3
"""envforge on a Slurm cluster against ReFrame, the tool HPC centres use for per-node checks.

For each cluster size (default 3, 10 and 50 nodes, started by scripts/cluster on this machine), the
same per-node container check, with the image already in the registry:
  reframe_s            ReFrame (reframe-hpc): a RunOnlyRegressionTest per node (pinned with
                       --nodelist, --exclusive), Docker container platform, command `true`, squeue
                       scheduler (this cluster has no accounting), async execution. Its command does
                       nothing, so all of it is overhead: reframe_overhead_s.
  envforge_s           `envforge verify --backend slurm` of a small image (Debian's Python, no
                       framework: the probe runs its L1 checks in well under a second and judges
                       the image FAILED, FRAMEWORK_IMPORT_FAILED, on every node);
  envforge_overhead_s  its submit + follow (the run's own timings) minus the probe's own time on
                       the busiest node (the task files): submitting, scheduling, pulling by
                       digest, starting the confined containers, collecting, judging, recording.
At 3 nodes also: the benchmark's TF cell certified at L1 on every node through Slurm
(cluster_certify_s) against the same image probed locally once per node, one after another
(local_one_after_another_s).
Prints one JSON line per size and a summary; goals: envforge's fixed overhead no larger than
ReFrame's at the same size, and growing less than linearly with the nodes. (The small image keeps
50 simultaneous probes within this 2-core, 23 GB machine; 50 TF probes at once would not fit.)

Needs root (scripts/cluster installs and starts slurm-wlm, munge and docker-registry), a Docker
engine, the bases (scripts/setup), and ReFrame in a virtualenv of its own: python -m venv
.venv-bench && .venv-bench/bin/pip install reframe-hpc (ENVFORGE_REFRAME names another `reframe`).
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
    """The probe's own seconds (its report's ``timings.total_s``) on the node that spent the most
    on probes; pulling and starting the container are overhead, not probe time."""
    per_node: dict[str, float] = {}
    for report in spool.glob("*/probe.json"):
        node = report.parent.name.rsplit("@", 1)[1]
        try:
            total = float(json.loads(report.read_text()).get("timings", {}).get("total_s") or 0.0)
        except (ValueError, AttributeError):
            total = 0.0
        per_node[node] = per_node.get(node, 0.0) + total
    return round(max(per_node.values(), default=0.0), 3)


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


def small_image() -> str:
    """Debian's Python on the bookworm base (no framework), built once."""
    tag = "envforge-bench/python:bookworm"
    dockerfile = (
        "FROM envforge/debian:bookworm\nRUN apt-get update && DEBIAN_FRONTEND=noninteractive "
        "apt-get install -y --no-install-recommends python3 && rm -rf /var/lib/apt/lists/*\n"
    )
    subprocess.run(
        ["docker", "build", "-q", "-t", tag, "--label", "io.envforge.benchmark=cluster", "-"],
        input=dockerfile, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return tag


def one_size(size: int, work: Path, small: str) -> dict:  # type: ignore[type-arg]
    directory = work / f"cluster-{size}"
    cluster(directory, size, "up")
    try:
        env = {"SLURM_CONF": str(directory / "slurm.conf")}
        registry = (directory / "registry.addr").read_text().strip()
        nodes = subprocess.run(
            ["sinfo", "--Node", "--noheader", "--format=%N"], capture_output=True, text=True,
            env={**os.environ, **env}, check=True,
        ).stdout.split()  # fmt: skip
        envs = {**env, "ENVFORGE_STATE_DIR": str(work / "state")}
        start = time.perf_counter()
        doc = envforge(
            "verify", "--backend", "slurm", "--registry", registry, "--level", "1", small,
            env=envs, cwd=work,
        )  # fmt: skip
        wall = time.perf_counter() - start
        timings = doc["data"]["timings"]
        probe_s = busiest_probe_s(Path(doc["data"]["spool"]))
        overhead = timings["submit_s"] + timings["follow_s"] - probe_s
        image = doc["data"]["images"][small]
        (work / f"rfm-{size}").mkdir()
        reframe_s = reframe(work / f"rfm-{size}", nodes, image, env)
        figures = {
            "nodes": size,
            "envforge_s": round(wall, 2),
            "envforge_timings_s": timings,
            "envforge_probe_s_busiest_node": probe_s,
            "envforge_overhead_s": round(overhead, 2),
            "reframe_s": round(reframe_s, 2),
            "reframe_overhead_s": round(reframe_s, 2),
            "pairs": len(doc["data"]["cells"]),
            "verdicts": sorted({c["verdict"] for c in doc["data"]["cells"]}),
        }
        if size == 3:
            common = ["--select", CELL, "--registry", registry, "--level", "1"]
            pushed = envforge("push", *common[:4], env=envs, cwd=work)
            tf_image = pushed["data"]["cells"][0]["repo_digest"]
            start = time.perf_counter()
            on_cluster = envforge(
                "certify", "--backend", "slurm", *common, "--force", env=envs, cwd=work
            )
            figures["cluster_certify_s"] = round(time.perf_counter() - start, 2)
            figures["cluster_verdicts"] = sorted(
                {c["verdict"] for c in on_cluster["data"]["cells"]}
            )
            start = time.perf_counter()
            for _ in nodes:
                envforge("verify", tf_image, "--level", "1", env=envs, cwd=work)
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
        small = small_image()
        for size in SIZES:
            figures = one_size(size, work, small)
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
