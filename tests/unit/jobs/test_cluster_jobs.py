"""The cluster jobs on an in-memory cluster: certify and verify with --backend slurm (submit,
follow, NOT_TESTED, every failure code of the cluster layer, Ctrl-C, resume), and the driver
rollout across what they recorded. The same jobs on a real Slurm: tests/integration/test_cluster.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from envforge import labels
from envforge.errors import BadInputError, EngineUnavailableError, InvalidFileError
from envforge.jobs.cluster import rollout, slurm, verify
from envforge.jobs.cluster.steps import FIRST_WAIT_S, FORGOTTEN_AFTER
from envforge.jobs.context import Context
from envforge.jobs.options import ClusterOptions, Selection
from envforge.paths import StatePaths
from envforge.results import Verdict

from .. import fake_cluster as tasks
from ..facts import TF_CPU, TF_CUDA, document
from ..fake_cluster import FakeClock, FakeCluster, node
from ..fakes import FakeEngine, Image, report
from ..hosts import NO_GPU
from .conftest import BUILD, CPU_CELL, CUDA_CELL, PROBE

REGISTRY = "127.0.0.1:5000/team"
NODES = ["gpu-a100-01", "gpu-h100-01", "gpu-h100-02"]
OPTIONS = ClusterOptions(registry=REGISTRY, sbatch_args=("--account=team",))
BOTH = slurm.ClusterRequest(Selection(None), BUILD, PROBE, OPTIONS)  # the two cells
REQUEST = replace(BOTH, selection=Selection(None, ("tf-cpu-*",)))  # the CPU cell on 3 nodes


@pytest.fixture()
def cluster() -> FakeCluster:
    return FakeCluster(
        [node(NODES[0], "a100", "drv535"), node(NODES[1], "h100"), node(NODES[2], "h100")],
        reports={CPU_CELL: report(document(TF_CPU)), CUDA_CELL: report(document(TF_CUDA))},
    )


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture()
def ctx(
    tmp_path: Path, engine: FakeEngine, cluster: FakeCluster, clock: FakeClock
) -> Iterator[Context]:
    state = StatePaths(tmp_path / "state")
    with Context(state=state, engine=engine, host=NO_GPU, cluster=cluster, clock=clock) as context:
        yield context


def on(result: slurm.ClusterResult) -> dict[tuple[str, str | None], Verdict]:
    return {(c.cell_id, c.node): c.certificate.verdict for c in result.cells}


def code_of(result: slurm.ClusterResult, cell: str, node_name: str) -> str:
    [found] = [c for c in result.cells if (c.cell_id, c.node) == (cell, node_name)]
    return found.certificate.diagnoses[0].code


def test_every_image_is_probed_on_every_node_by_digest_and_recorded_per_node(
    ctx: Context, engine: FakeEngine, cluster: FakeCluster
) -> None:
    result = slurm.run(ctx, BOTH)
    assert result.passed and set(on(result)) == {
        (c, n) for c in (CPU_CELL, CUDA_CELL) for n in NODES
    }
    assert all(d.startswith(f"{REGISTRY}/") and "@sha256:" in d for d in result.images.values())
    assert len(engine.pushed) == 2 and len(cluster.submitted) == 6
    for task in cluster.submitted:  # pinned to its node, alone there, the pull allowed for
        cell = task.script.parent.name.rsplit("@", 1)[0]
        assert task.script.parent.name == f"{cell}@{task.node}"
        assert result.images[cell] in task.script.read_text()  # pulled by digest
        assert (task.job_name, task.time_limit_min) == (f"envforge-{result.run_id}", 12)
        assert task.extra == ("--account=team",) and task.partition is None
    stored = ctx.store.certificates(run_id=result.run_id)
    hosts = ctx.store.hosts()
    assert sorted(hosts[s.certificate.host_fingerprint].node or "" for s in stored) == sorted(
        NODES * 2
    )
    assert {hosts[s.certificate.host_fingerprint].features for s in stored} == {
        ("a100", "drv535"),
        ("h100",),
    }
    assert all(s.certificate.image_size == 1_500_000_000 for s in stored)  # the build's, once
    assert engine.contacted.count("image_size") == 2
    doc = result.to_dict()
    assert {(c["cell"], c["node"]) for c in doc["cells"]} == set(on(result))
    assert [n["name"] for n in doc["nodes"]] == NODES and doc["nodes"][0]["available"]
    assert doc["preamble"]["cluster"]["registry"] == REGISTRY
    [run] = ctx.store.runs()
    assert run.status == "finished"


def test_the_follow_loop_waits_longer_each_look_up_to_the_poll_interval(
    ctx: Context, cluster: FakeCluster, clock: FakeClock
) -> None:
    slow = tasks.Behaviour(("PENDING",) * 8 + ("RUNNING", "COMPLETED"))
    cluster.behaviours = {name: slow for name in NODES}
    slurm.run(ctx, REQUEST)
    assert clock.sleeps[0] == FIRST_WAIT_S and len(clock.sleeps) == cluster.looks - 1 == 9
    assert clock.sleeps == sorted(clock.sleeps) and max(clock.sleeps) == OPTIONS.poll_s


def test_a_drained_node_is_not_tested_with_the_clusters_reason_and_gets_no_task(
    ctx: Context, cluster: FakeCluster
) -> None:
    cluster.node_list[2] = node(NODES[2], "h100", state="drained", reason="fan failure")
    result = slurm.run(ctx, REQUEST)
    assert not result.passed and {t.node for t in cluster.submitted} == set(NODES[:2])
    [down] = [c for c in result.cells if c.node == NODES[2]]
    assert down.certificate.verdict is Verdict.NOT_TESTED
    assert "fan failure" in (down.certificate.stopped_by or "")
    assert code_of(result, CPU_CELL, NODES[2]) == "NODE_NOT_AVAILABLE"
    assert len(ctx.store.certificates()) == 3


@pytest.mark.parametrize(
    ("behaviour", "code"),
    [
        (tasks.NO_RUNTIME, "NODE_RUNTIME_MISSING"),
        (tasks.PULL_FAILS, "IMAGE_PULL_FAILED"),
        (tasks.CANCELLED, "SLURM_TASK_CANCELLED"),
        (tasks.TIMEOUT, "SLURM_TASK_TIMEOUT"),
        (tasks.OUT_OF_MEMORY, "SLURM_TASK_OUT_OF_MEMORY"),
        (tasks.NODE_LOST, "SLURM_NODE_LOST"),
        (tasks.TASK_FAILS, "SLURM_TASK_FAILED"),
        (tasks.FORGOTTEN, "SLURM_TASK_FAILED"),
        (tasks.PROBE_KILLED, "PROBE_TIMEOUT"),
    ],
)
def test_a_task_that_gave_no_report_is_recorded_with_the_code_of_what_stopped_it(
    ctx: Context, cluster: FakeCluster, behaviour: tasks.Behaviour, code: str
) -> None:
    cluster.behaviours = {f"{CPU_CELL}@{NODES[1]}": behaviour}
    result = slurm.run(ctx, REQUEST)
    assert not result.passed and code_of(result, CPU_CELL, NODES[1]) == code
    broken = {(CPU_CELL, NODES[1])}
    assert all(v is Verdict.CERTIFIED for pair, v in on(result).items() if pair not in broken)
    stored = {
        s.certificate.diagnoses[0].code for s in ctx.store.certificates() if s.certificate.diagnoses
    }
    assert stored == {code}
    if behaviour.forgotten:  # judged after so many looks without it, as no longer known
        assert cluster.looks >= FORGOTTEN_AFTER


def test_ctrl_c_cancels_the_open_tasks_and_keeps_what_came_back(
    ctx: Context, cluster: FakeCluster, clock: FakeClock
) -> None:
    slow = tasks.Behaviour(("PENDING",) * 20 + ("COMPLETED",))
    cluster.behaviours = {NODES[1]: slow, NODES[2]: slow}

    def interrupt(sleeps: int) -> None:
        if sleeps == 3:
            raise KeyboardInterrupt

    clock.on_sleep = interrupt
    with pytest.raises(KeyboardInterrupt):
        slurm.run(ctx, REQUEST)
    on_slow = [t.task_id for t in cluster.submitted if t.node != NODES[0]]
    assert sorted(cluster.cancelled) == sorted(on_slow) and len(on_slow) == 2
    [run] = ctx.store.runs()
    assert run.status == "interrupted"
    [kept] = ctx.store.certificates(run_id=run.id)
    assert kept.certificate and kept.certificate.cell_id == CPU_CELL  # from the fast node


def test_resume_submits_only_the_pairs_that_were_not_tested(
    ctx: Context, cluster: FakeCluster
) -> None:
    cluster.behaviours = {f"{CPU_CELL}@{NODES[0]}": tasks.CANCELLED}
    first = slurm.run(ctx, REQUEST)
    assert code_of(first, CPU_CELL, NODES[0]) == "SLURM_TASK_CANCELLED"
    cluster.behaviours = {}
    before = len(cluster.submitted)
    resumed = slurm.run(ctx, replace(REQUEST, cluster=replace(OPTIONS, resume=first.run_id)))
    assert [(t.node, t.script.parent.name) for t in cluster.submitted[before:]] == [
        (NODES[0], f"{CPU_CELL}@{NODES[0]}")
    ]
    assert resumed.passed and len(resumed.skipped) == 2
    assert (CPU_CELL, NODES[0]) not in resumed.skipped


def test_what_was_certified_before_is_not_submitted_again_unless_forced(
    ctx: Context, cluster: FakeCluster
) -> None:
    slurm.run(ctx, REQUEST)
    again = slurm.run(ctx, REQUEST)
    assert len(cluster.submitted) == 3 and len(again.skipped) == 3 and again.cells == ()
    forced = slurm.run(ctx, replace(REQUEST, probe=replace(PROBE, force=True)))
    assert len(cluster.submitted) == 6 and forced.skipped == () and len(forced.cells) == 3


def test_a_failed_build_is_recorded_once_and_never_pushed_or_submitted(
    ctx: Context, engine: FakeEngine, cluster: FakeCluster
) -> None:
    engine.broken[CUDA_CELL] = "pip failed: no matching distribution"
    result = slurm.run(ctx, BOTH)
    assert list(result.images) == [CPU_CELL] and len(engine.pushed) == 1
    assert {t.script.parent.name.rsplit("@", 1)[0] for t in cluster.submitted} == {CPU_CELL}
    [failed] = [c for c in result.cells if c.cell_id == CUDA_CELL]
    assert failed.node is None and failed.certificate.verdict is Verdict.BUILD_FAILED


def test_nothing_is_submitted_and_no_run_opens_when_the_registry_does_not_answer(
    ctx: Context, engine: FakeEngine, cluster: FakeCluster
) -> None:
    engine.dead_registries.add(REGISTRY)
    with pytest.raises(EngineUnavailableError, match="nothing was built or submitted"):
        slurm.run(ctx, REQUEST)
    assert cluster.submitted == [] and engine.builds == [] and ctx.store.runs() == []


def test_unknown_nodes_are_refused_before_a_run_opens(ctx: Context, engine: FakeEngine) -> None:
    with pytest.raises(BadInputError, match="--nodes: nope not in the cluster"):
        slurm.run(ctx, replace(REQUEST, cluster=replace(OPTIONS, nodes=("nope",))))
    assert engine.contacted == [] and ctx.store.runs() == []


def test_a_bad_site_file_is_refused_before_the_cluster_or_the_engine_is_asked(
    ctx: Context, engine: FakeEngine, cluster: FakeCluster, tmp_path: Path
) -> None:
    site = tmp_path / "site.yaml"
    site.write_text("bases: [not, a, mapping]\n")
    with pytest.raises(InvalidFileError, match="site.yaml"):
        slurm.run(ctx, replace(REQUEST, build=replace(BUILD, site=site)))
    assert cluster.contacted == [] and engine.contacted == [] and ctx.store.runs() == []


def test_verify_pushes_each_image_and_probes_it_on_every_node_every_time(
    ctx: Context, engine: FakeEngine, cluster: FakeCluster
) -> None:
    engine.images["someone/else:1"] = Image("sha256:else", size=42)
    cluster.reports["someone/else:1"] = report(document(TF_CPU))
    request = verify.ClusterVerifyRequest(("someone/else:1",), PROBE, OPTIONS, "cpu")
    first = verify.run(ctx, request)
    assert first.passed and {c.node for c in first.cells} == set(NODES)
    assert all(c.certificate.image_size == 42 for c in first.cells)
    assert engine.builds == ["envforge-verify/shim:" + first.run_id.lower()]  # the probe added
    assert {labels.RUN: first.run_id, labels.ROLE: labels.ROLE_VERIFY_SHIM} in engine.removed
    again = verify.run(ctx, request)
    assert len(cluster.submitted) == 6 and again.skipped == ()  # verify probes every time
    resumed = verify.run(ctx, replace(request, cluster=replace(OPTIONS, resume=again.run_id)))
    assert len(cluster.submitted) == 6 and len(resumed.skipped) == 3


def test_the_cluster_rollout_reads_what_certify_on_the_cluster_recorded(ctx: Context) -> None:
    slurm.run(ctx, replace(BOTH, selection=Selection(None, ("tf-cuda-*",))))
    old = rollout.cluster_rollout(ctx, rollout.ClusterRolloutRequest("470.57.02"))
    assert [n.node for n in old.nodes] == NODES and not old.passed
    assert {node_name for node_name, _ in old.breaking} == set(NODES)
    assert [(n.gpu or "")[:4] for n in old.nodes] == ["A100", "H100", "H100"]  # what nodes said
    new = rollout.cluster_rollout(ctx, rollout.ClusterRolloutRequest("580.65.06", "h100"))
    assert new.passed and [n.node for n in new.nodes] == NODES[1:]
