"""The heavier stacks, built for real where their inputs exist (marked slow: GBs and minutes).

keras-torch builds anywhere PyPI answers (torch's wheels bring CUDA: several GB). tf-cuda-base needs
an nvidia/cuda image: on a machine that can neither pull it nor map it in a site file, the test says
so and skips, rather than pretending.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, CliResult, run_envforge, why

pytestmark = [pytest.mark.docker, pytest.mark.slow]
GOLDEN = str(ROOT / "tests" / "golden" / "matrix.yaml")


def certify_at_l1(select: str, workdir: Path) -> CliResult:
    """Certify the golden matrix's cells matching ``select`` at L1, with JSON output."""
    return run_envforge(
        "certify",
        "-m",
        GOLDEN,
        "--select",
        select,
        "--level",
        "1",
        "--json",
        "--db",
        str(workdir / "r.db"),
        cwd=workdir,
        timeout=3000,
    )


def test_keras_on_pytorch(workdir: Path) -> None:
    result = certify_at_l1("keras-torch-*", workdir)
    assert result.returncode == 0, why(result, workdir)
    [cell] = result.data["cells"]
    checks = {c["id"]: c for c in cell["checks"]}
    assert cell["verdict"] == "CERTIFIED" and checks["expect.backend"]["summary"].endswith(
        "on torch"
    )


def test_tensorflow_on_an_nvidia_cuda_base(workdir: Path) -> None:
    result = certify_at_l1("tf-cuda-base-*", workdir)
    [cell] = result.data["cells"]
    if cell["verdict"] == "BUILD_FAILED" and "cannot be pulled" in cell["diagnoses"][0]["summary"]:
        pytest.skip(f"no nvidia/cuda base here: {cell['diagnoses'][0]['summary']}")
    assert result.returncode == 0, why(result, workdir)
    checks = {c["id"]: c for c in cell["checks"]}
    assert (
        checks["library.cudnn"]["status"] == "pass"
        and "/site-packages/" not in checks["library.cudnn"]["summary"]
    )
