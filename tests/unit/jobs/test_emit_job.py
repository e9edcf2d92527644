"""certify --backend kubernetes --emit against the in-memory engine: every cell built (in the cells'
order) and pushed, one Job per (image, node selector), and collect.sh naming each Job."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from envforge.cluster.kubernetes import KubeTarget
from envforge.errors import EngineUnavailableError
from envforge.jobs.cluster import kubernetes
from envforge.jobs.context import Context
from envforge.jobs.options import Selection

from ..fakes import FakeEngine
from .conftest import BUILD, CPU_CELL, CUDA_CELL, PROBE

REGISTRY = "127.0.0.1:5000/team"
H100 = KubeTarget("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")


def test_every_image_gets_a_job_per_selector_and_collect_names_them(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    out = tmp_path / "emit"
    targets = (kubernetes.DEFAULT_TARGET, H100)
    result = kubernetes.emit(
        ctx, kubernetes.EmitRequest(Selection(None), BUILD, PROBE, REGISTRY, out, targets)
    )
    assert list(result.images) == [CPU_CELL, CUDA_CELL]
    assert all(d.startswith(f"{REGISTRY}/") and "@sha256:" in d for d in result.images.values())
    assert len(engine.pushed) == 2 and len(result.manifests) == 4
    jobs = [yaml.safe_load(m.read_text()) for m in result.manifests]
    images = {j["spec"]["template"]["spec"]["containers"][0]["image"] for j in jobs}
    assert images == set(result.images.values())
    script = result.script.read_text()
    assert all(j["metadata"]["name"] in script for j in jobs)


def test_an_unreachable_registry_stops_before_anything_is_built(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    engine.dead_registries.add(REGISTRY)
    with pytest.raises(EngineUnavailableError, match="does not answer"):
        kubernetes.emit(
            ctx, kubernetes.EmitRequest(Selection(None), BUILD, PROBE, REGISTRY, tmp_path / "e")
        )
    assert engine.pushed == [] and not (tmp_path / "e").exists()
