"""The Slurm gate, for real: slurmd runs envforge's health check on every node of the simulated
cluster; a change of one node's fingerprint drains it, the recertification job it submits holds
the node, probes the required images there and resumes it; a change after which a required image
fails keeps the node drained with the failing codes in its reason.

These machines have no GPU: the changed driver comes from a stand-in `nvidia-smi` placed for ONE
node only (the gate's per-node tool directory, nodes/NODE/bin, which the health check puts first on
its PATH). No probe sees it: with no GPU, no driver can break a probe here, so the breaking change
is the same kind of change together with a required image that fails on the node (Debian's Python
without a framework: FRAMEWORK_IMPORT_FAILED), added to the gate's list as a site would.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from .conftest import run_envforge, why
from .test_cluster import Cluster, cluster, on_cluster, site, workdir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.docker
SMI = '#!/bin/sh\ncase "$*" in *driver_version*) echo {driver} ;; *) echo "NVIDIA H100 80GB HBM3, 9.0" ;; esac\n'


def _node(on: Cluster, name: str) -> tuple[str, str]:
    line = on.slurm("sinfo", "--Node", "--noheader", f"--nodes={name}", "--format=%t|%E")
    state, _, reason = line.strip().splitlines()[0].partition("|")
    return state, reason


def _wait(on: Cluster, name: str, done: object, seconds: float = 300) -> tuple[str, str]:
    deadline = time.time() + seconds
    while True:
        state, reason = _node(on, name)
        if done(state, reason) or time.time() > deadline:  # type: ignore[operator]
            return state, reason
        time.sleep(2)


def _stand_in(gate: Path, node: str, driver: str) -> None:
    tools = gate / "nodes" / node / "bin"
    tools.mkdir(parents=True, exist_ok=True)
    (tools / "nvidia-smi").write_text(SMI.format(driver=driver))
    (tools / "nvidia-smi").chmod(0o755)


def _emit(on: Cluster, work: Path, gate: Path, *images: str) -> None:
    emitted = run_envforge(
        "gate", "slurm", "--emit", str(gate), "--registry", on.registry, "--level", "1",
        "--db", str(work / "cluster.db"), "--json", *(a for i in images for a in ("--image", i)),
        cwd=work, env=on.env,
    )  # fmt: skip
    assert emitted.returncode == 0, emitted.stderr


def test_a_changed_node_is_drained_recertified_and_resumed_or_kept_drained(
    cluster: Cluster,  # noqa: F811
    site: Path,  # noqa: F811
    workdir: Path,  # noqa: F811
    tmp_path: Path,
    python_image: str,
) -> None:
    certified = on_cluster(cluster, site, workdir, "--select", "*3.15.1*")
    assert certified.returncode == 0, why(certified, workdir)
    (image,) = certified.data["images"].values()
    gate = tmp_path / "gate"
    _emit(cluster, workdir, gate, image)
    node = sorted(cluster.nodes)[1]
    conf = cluster.conf.read_text()
    cluster.conf.write_text(
        conf + f"HealthCheckProgram={gate}/healthcheck.sh\nHealthCheckInterval=5\n"
    )
    cluster.slurm("scontrol", "reconfigure")
    try:
        time.sleep(12)  # a few health checks on every node: nothing changed, nothing drained
        assert not any("drain" in _node(cluster, n)[0] for n in cluster.nodes)
        assert not list(gate.glob("nodes/*/history"))
        started = time.time()
        _stand_in(gate, node, "550.54.15")
        history = gate / "nodes" / node / "history"
        deadline = time.time() + 300  # drained, recertified, resumed (the gate's own record)
        while (
            "resumed" not in (history.read_text() if history.exists() else "")
            and time.time() < deadline
        ):
            time.sleep(2)
        took = time.time() - started
        lines = history.read_text().splitlines()
        assert "drained: envforge: driver none -> 550.54.15" in lines[0], lines
        assert "resumed: every required image passed" in lines[1], lines
        state, reason = _node(cluster, node)
        assert "drain" not in state, (
            state,
            reason,
            (gate / "nodes" / node / "recertify.out").read_text(),
        )
        assert "550.54.15" in (gate / "nodes" / node / "certified").read_text()
        assert not any("drain" in _node(cluster, n)[0] for n in cluster.nodes)
        status = run_envforge(
            "gate", "status", "--gate", str(gate), "--json", cwd=workdir, env=cluster.env
        )
        assert status.returncode == 0 and {n["gate"] for n in status.data["nodes"]} == {"certified"}

        # The site requires a second image, and the node changes again: the recertification fails.
        subprocess.run(
            ["docker", "tag", python_image, f"{cluster.registry}/gate/python:1"], check=True
        )
        pushed = subprocess.run(
            ["docker", "push", f"{cluster.registry}/gate/python:1"], capture_output=True, text=True, check=True
        ).stdout  # fmt: skip
        digest = next(w for w in pushed.split() if w.startswith("sha256:"))
        _emit(cluster, workdir, gate, image, f"{cluster.registry}/gate/python@{digest}")
        _stand_in(gate, node, "470.57.02")
        state, reason = _wait(cluster, node, lambda s, r: "failed" in r)
        assert "drain" in state and "recertification failed" in reason, (state, reason)
        assert "FRAMEWORK_IMPORT_FAILED" in reason
        time.sleep(12)  # it stays drained: the health check does not submit again for that change
        assert "drain" in _node(cluster, node)[0]
        shown = run_envforge(
            "gate", "status", "--gate", str(gate), "--json", cwd=workdir, env=cluster.env
        )
        assert {n["node"]: n["gate"] for n in shown.data["nodes"]}[node] == "failed"
        print(json.dumps({"recertify_one_node_s": round(took, 1)}))
    finally:
        cluster.conf.write_text(conf)
        cluster.slurm("scontrol", "reconfigure")
        if "drain" in _node(cluster, node)[0]:
            cluster.slurm("scontrol", "update", f"NodeName={node}", "State=RESUME")
        cluster.wait_until_every_node_answers()
