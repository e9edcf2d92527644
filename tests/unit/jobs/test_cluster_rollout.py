"""A driver rollout across a cluster's node records, and the regressions on a canary node."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from envforge.errors import BadInputError, NothingSelectedError
from envforge.host import HostGpu
from envforge.jobs.cluster.rollout import (
    CanaryRequest,
    ClusterRolloutRequest,
    canary,
    cluster_rollout,
)
from envforge.jobs.context import Context
from envforge.paths import StatePaths
from envforge.results import Verdict
from envforge.store import Store

from ..records import GPU_HOST, TF221_CUDA, cert

H100 = replace(GPU_HOST, node="gpu-h100-01", features=("h100", "drv580"))
A100 = replace(
    GPU_HOST,
    node="gpu-a100-01",
    features=("a100", "drv535"),
    gpus=(HostGpu("NVIDIA A100-SXM4-80GB", "8.0"),),
)
LOCAL = GPU_HOST  # a record of this host, not of a node


@pytest.fixture()
def ctx(tmp_path: Path) -> Context:
    db = tmp_path / "r.db"
    with Store(db) as store:
        store.start_run("before", command="certify --backend slurm", host=LOCAL, level=3)
        store.start_run("after", command="certify --backend slurm", host=LOCAL, level=3)
        for host in (H100, A100):
            store.add_host(host)
            store.add("before", cert("tf-cuda", host, level=3, expect=TF221_CUDA))
        store.add("after", cert("tf-cuda", H100, Verdict.FAILED, level=1, expect=TF221_CUDA))
        store.add("after", cert("tf-cuda", A100, level=3, expect=TF221_CUDA))
        store.add("before", cert("local-only", LOCAL, level=3, expect=TF221_CUDA))
    return Context(state=StatePaths(tmp_path / "state"), db=db)


def test_an_old_driver_breaks_the_cuda_12_image_on_every_node_it_goes_to(ctx: Context) -> None:
    result = cluster_rollout(ctx, ClusterRolloutRequest("470.57.02"))
    assert [n.node for n in result.nodes] == ["gpu-a100-01", "gpu-h100-01"]  # nodes only
    assert not result.passed
    assert {node for node, _ in result.breaking} == {"gpu-a100-01", "gpu-h100-01"}
    fine = cluster_rollout(ctx, ClusterRolloutRequest("580.65.06", constraint="h100"))
    assert fine.passed and [n.node for n in fine.nodes] == ["gpu-h100-01"]


def test_nodes_are_checked_by_name_and_constraint(ctx: Context) -> None:
    with pytest.raises(BadInputError, match="--nodes: nope has no records"):
        cluster_rollout(ctx, ClusterRolloutRequest("580.65.06", nodes=("nope",)))
    with pytest.raises(NothingSelectedError):
        cluster_rollout(ctx, ClusterRolloutRequest("580.65.06", constraint="l40s"))


def test_the_canary_node_regressed_and_the_other_did_not(ctx: Context) -> None:
    found = canary(ctx, CanaryRequest("gpu-h100-01", "before", "after"))
    assert not found.passed and [r.cell for r in found.regressions] == ["tf-cuda"]
    assert found.regressions[0].candidate == "FAILED L1"
    assert canary(ctx, CanaryRequest("gpu-a100-01", "before", "after")).passed


def test_the_plan_sorts_each_node_class_images_into_keep_forward_compat_and_stop(
    ctx: Context,
) -> None:
    plan = {c.gpu: c for c in cluster_rollout(ctx, ClusterRolloutRequest("470.57.02")).classes}
    assert set(plan) == {"A100-SXM4-80GB", "H100 80GB HBM3"}
    a100, h100 = plan["A100-SXM4-80GB"], plan["H100 80GB HBM3"]
    assert a100.nodes == ("gpu-a100-01",) and a100.driver == "580.65.06"
    # A data-center A100 runs the CUDA 12.5 image on R470 only through cuda-compat; the H100
    # needs a driver that knows sm_90 (>= 520): it stops.
    assert a100.of("needs forward compatibility") == ["envforge/tf-cuda:1"]
    assert h100.of("stops") == ["envforge/tf-cuda:1"] and not h100.of("keeps working")
    fine = cluster_rollout(ctx, ClusterRolloutRequest("580.65.06")).to_dict()["plan"]
    assert all(c["keeps_working"] == ["envforge/tf-cuda:1"] and not c["stops"] for c in fine)
