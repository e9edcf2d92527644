"""The default matrix's CUDA cell (tensorflow[and-cuda]), certified at L1 on a host without a GPU."""

from __future__ import annotations

from pathlib import Path

import docker
import pytest

from .conftest import record_facts, run_envforge, why

pytestmark = pytest.mark.docker
CELL = "tf-cuda-pip-tf2.21.0-py3.11"


def test_cuda_cell_certified_at_l1_with_every_library_versioned(
    cuda_image: str, workdir: Path, docker_client: docker.DockerClient, pytestconfig: pytest.Config
) -> None:
    result = run_envforge(
        "certify",
        "--select",
        CELL,
        "--db",
        str(workdir / "r.db"),
        "--json",
        cwd=workdir,
        timeout=3000,
    )
    assert result.returncode == 0, why(result, workdir)
    [cell] = result.data["cells"]
    record_facts(pytestconfig, cell, workdir)
    assert cell["image"] == cuda_image and cell["build_cached"] is True
    assert cell["verdict"] == "CERTIFIED" and cell["level"] == 1
    assert cell["stopped_by"] == "GPU levels not reached: no GPU on this host"
    checks = {c["id"]: c for c in cell["checks"]}
    assert checks["build.accelerator"]["status"] == "pass"
    assert checks["build.cuda"]["summary"].startswith("built for CUDA 12.5")
    for lib in (
        "cudart",
        "cublas",
        "cublasLt",
        "cufft",
        "cusparse",
        "cusolver",
        "cudnn",
        "nvJitLink",
        "nccl",
    ):
        assert checks[f"library.{lib}"]["status"] == "pass", checks[f"library.{lib}"]
        assert "/site-packages/nvidia/" in checks[f"library.{lib}"]["summary"]
    env = docker_client.images.get(cell["image"]).attrs["Config"]["Env"]
    assert "NVIDIA_REQUIRE_CUDA=cuda>=12.5,arch>=6.0 cuda>=12.0,arch>=6.0,arch<9.0" in env
