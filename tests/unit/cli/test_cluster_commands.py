"""certify and verify with --backend slurm through the command line, on the in-memory engine and
cluster: the progress bars (one per (cell, node) pair), the table of nodes, the JSON envelope."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ..facts import TF_CPU, document
from ..fake_cluster import FakeCluster, node
from ..fakes import FakeEngine, Image, report
from .conftest import CliRun

Run = Callable[..., CliRun]
CPU_CELL = "tf-cpu-tf2.21.0-py3.11"
NODES = ["gpu-a100-01", "gpu-h100-01"]


@pytest.fixture()
def world(monkeypatch: pytest.MonkeyPatch) -> tuple[FakeEngine, FakeCluster]:
    engine = FakeEngine(reports={CPU_CELL: report(document(TF_CPU))})
    engine.images["someone/else:1"] = Image("sha256:else")
    cluster = FakeCluster(
        [node(NODES[0], "a100"), node(NODES[1], "h100", state="drained", reason="fan")],
        reports={CPU_CELL: report(document(TF_CPU)), "someone/else:1": report(document(TF_CPU))},
    )
    monkeypatch.setattr("envforge.jobs.context.connect", lambda: engine)
    monkeypatch.setattr("envforge.jobs.context.connect_cluster", lambda: cluster)
    monkeypatch.setattr("envforge.jobs.context.SystemClock.sleep", lambda self, seconds: None)
    monkeypatch.setenv("ENVFORGE_PROGRESS", "1")  # the bars, as on a terminal
    return engine, cluster


def test_certify_on_a_cluster_shows_each_node_and_returns_each_pair(
    envforge: Run, world: tuple[FakeEngine, FakeCluster], tmp_path: Path
) -> None:
    argv = ["certify", "--backend", "slurm", "--registry", "127.0.0.1:5000", "--no-wheelhouse",
            "--select", "tf-cpu-*", "--level", "1", "--db", str(tmp_path / "r.db")]  # fmt: skip
    shown = envforge(*argv)
    assert shown.code == 1, shown.stderr  # a node was drained: NOT_TESTED there
    row = next(line for line in shown.stdout.splitlines() if CPU_CELL in line)
    assert "CERTIFIED L1" in row and "NOT_TESTED" in row
    assert "node gpu-h100-01 is drained (fan)" in shown.stderr
    doc = envforge(*argv, "--json", "--force").envelope
    cells = {(c["cell"], c["node"]): c["verdict"] for c in doc["data"]["cells"]}
    assert cells == {(CPU_CELL, NODES[0]): "CERTIFIED", (CPU_CELL, NODES[1]): "NOT_TESTED"}
    assert doc["data"]["preamble"]["backend"] == "slurm"


def test_verify_on_a_cluster_probes_each_image_on_each_node(
    envforge: Run, world: tuple[FakeEngine, FakeCluster], tmp_path: Path
) -> None:
    engine, cluster = world
    argv = ["verify", "--backend", "slurm", "--registry", "127.0.0.1:5000", "--level", "1",
            "--db", str(tmp_path / "r.db"), "--expect-accelerator", "cpu", "someone/else:1"]  # fmt: skip
    shown = envforge(*argv)
    assert shown.code == 1, shown.stderr  # the drained node again
    assert "someone/else:1" in shown.stdout and "CERTIFIED L1" in shown.stdout
    assert len(cluster.submitted) == 1 and cluster.submitted[0].node == NODES[0]
    doc = envforge(*argv, "--json").envelope
    assert [c["node"] for c in doc["data"]["cells"]] == NODES
