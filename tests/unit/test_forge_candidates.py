"""forge's choice of candidates: the newest combination the knowledge base and past runs allow."""

from __future__ import annotations

from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

from envforge.jobs.forge import candidates, tf_spec
from envforge.knowledge import load_knowledge
from envforge.results import Diagnosis, Verdict
from envforge.store import Store

from .conftest import FIXTURE_KB
from .records import GPU_HOST, cert

KB = load_knowledge(FIXTURE_KB)


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "r.db")


def test_tf_spec() -> None:
    assert tf_spec("2.21") == SpecifierSet("==2.21.*") and tf_spec("2.21.0") == SpecifierSet(
        "==2.21.0"
    )
    assert tf_spec(">=2.17,<2.20") == SpecifierSet(">=2.17,<2.20")


def test_forge_picks_the_newest_that_works_for_the_driver_and_gpu() -> None:
    found, rejected = candidates(
        KB, spec=tf_spec(">=2.15"), python=None, driver="535.104.05", gpu="H100", accelerator="cuda"
    )
    # TF 2.16+ reach an H100 only through PTX built by CUDA 12.3+, which driver 535 (CUDA 12.2) cannot JIT.
    assert found[0].cell.id == "forge-tf-cuda-pip-tf2.15.0-py3.11"
    assert any(
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in r["reason"] for r in rejected if "2.21.0" in r["cell"]
    )
    newest, _ = candidates(
        KB, spec=tf_spec(">=2.15"), python=None, driver="580.65.06", gpu="H100", accelerator="cuda"
    )
    assert newest[0].cell.id == "forge-tf-cuda-pip-tf2.21.0-py3.13"
    cpu, _ = candidates(
        KB, spec=tf_spec("2.21"), python="3.11", driver=None, gpu=None, accelerator="cpu"
    )
    assert [c.cell.id for c in cpu] == ["forge-tf-cpu-tf2.21.0-py3.11"]


def test_forge_skips_what_failed_on_a_host_like_this(store: Store) -> None:
    store.start_run("run4", command="forge", host=GPU_HOST, level=3)
    store.add(
        "run4",
        cert(
            "forge-tf-cuda-pip-tf2.21.0-py3.13",
            GPU_HOST,
            verdict=Verdict.FAILED,
            diagnoses=(Diagnosis("GPU_NUMERICS_MISMATCH", "x"),),
        ),
    )
    found, rejected = candidates(
        KB,
        spec=tf_spec(">=2.20"),
        python=None,
        driver="580.65.06",
        gpu="H100",
        accelerator="cuda",
        host=GPU_HOST,
        store=store,
    )
    assert (
        found[0].cell.id == "forge-tf-cuda-pip-tf2.21.0-py3.12"
    )  # the same release on the next Python
    assert any("GPU_NUMERICS_MISMATCH" in r["reason"] for r in rejected)
