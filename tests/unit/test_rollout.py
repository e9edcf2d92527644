"""Driver rollouts (which images keep working on a driver and GPU) and regressions between runs."""

from __future__ import annotations

from envforge.expectations import Expectations
from envforge.knowledge import load_knowledge
from envforge.results import Diagnosis, Verdict
from envforge.rollout import ImageUnderTest, assess_rollout, compare_runs

from .conftest import FIXTURE_KB
from .records import GPU_HOST, TF221_CUDA, cert

KB = load_knowledge(FIXTURE_KB)


def test_rollout_static_checks() -> None:
    images = [
        ImageUnderTest("cpu", Expectations(accelerator="cpu"), None),
        ImageUnderTest("tf221", TF221_CUDA, TF221_CUDA.nvidia_require_cuda),
    ]
    h100 = KB.gpu("H100")
    items = {i.name: i for i in assess_rollout(KB, driver="535.104.05", images=images, gpu=h100)}
    assert items["cpu"].keeps_working and items["cpu"].mode == "n/a"
    broken = items["tf221"]
    assert not broken.keeps_working and broken.require_satisfied is False
    assert "unsatisfied condition: cuda>=12.5" in (broken.require_message or "")
    assert any("DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in r for r in broken.reasons)
    a100 = {
        i.name: i
        for i in assess_rollout(KB, driver="535.104.05", images=images, gpu=KB.gpu("A100"))
    }
    assert (
        a100["tf221"].keeps_working
        and a100["tf221"].mode == "minor-version"
        and a100["tf221"].require_satisfied
    )
    assert all(
        i.keeps_working for i in assess_rollout(KB, driver="580.65.06", images=images, gpu=h100)
    )


def test_regressions_between_runs() -> None:
    before = [
        cert("a", GPU_HOST, level=3),
        cert("b", GPU_HOST, level=3),
        cert("c", GPU_HOST, level=2),
    ]
    after = [
        cert("a", GPU_HOST, level=3),
        cert(
            "b",
            GPU_HOST,
            verdict=Verdict.FAILED,
            level=1,
            diagnoses=(Diagnosis("DRIVER_TOO_OLD_FOR_CUDA_RUNTIME", "x"),),
        ),
        cert("c", GPU_HOST, level=3),
    ]
    regressions, missing = compare_runs(before, after)
    assert [(r.cell, r.baseline, r.candidate, r.new_codes) for r in regressions] == [
        ("b", "CERTIFIED L3", "FAILED L1", ["DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"])
    ]
    assert compare_runs(before, after[:1])[1] == ["b", "c"]
    level_drop, _ = compare_runs([cert("a", GPU_HOST, level=3)], [cert("a", GPU_HOST, level=1)])
    assert [r.cell for r in level_drop] == ["a"]
