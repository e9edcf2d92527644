"""L1: what the framework was built for (accelerator, CUDA, GPU targets) against the cell."""

from __future__ import annotations

from typing import Any

from ..codes import Code
from ..rules import version_tuple
from .check import Check, failed, passed, warned

__all__ = ["build_checks", "expected_targets"]


def expected_targets(expect: dict[str, Any]) -> list[str]:
    """The build targets the knowledge base names: ``sm_XY`` per SASS, ``compute_XY`` for the PTX."""
    targets = [f"sm_{c.replace('.', '')}" for c in expect.get("sass") or []]
    if expect.get("ptx"):
        targets.append(f"compute_{str(expect['ptx']).replace('.', '')}")
    return targets


def _accelerator(build: dict[str, Any], accel: str) -> Check | None:
    """A failing check when the build cannot use the cell's accelerator, else None."""
    if accel == "cuda" and not build.get("is_cuda_build"):
        return failed(
            "build.accelerator",
            1,
            "the framework is a CPU-only build; the cell expects CUDA",
            Code.CPU_ONLY_TF_BUILD,
            evidence=["is_cuda_build: False"],
        )
    if accel == "rocm" and not build.get("is_rocm_build"):
        return failed(
            "build.accelerator",
            1,
            "the framework is not a ROCm build; the cell expects ROCm",
            Code.CPU_ONLY_TF_BUILD,
            evidence=[f"is_rocm_build: {build.get('is_rocm_build')}"],
            fix="install tensorflow-rocm or use a rocm/tensorflow base",
        )
    return None


def build_checks(fw: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    build = fw.get("build")
    if build is None:
        return []
    accel = expect.get("accelerator", "cpu")
    wrong = _accelerator(build, accel)
    if wrong is not None:
        return [wrong]
    kind = (
        "CUDA"
        if build.get("is_cuda_build")
        else "ROCm"
        if build.get("is_rocm_build")
        else "CPU-only"
    )
    checks = [passed("build.accelerator", 1, f"{kind} build, as the cell expects ({accel})")]
    if accel != "cuda":
        return checks
    have, want = version_tuple(build.get("cuda_version")), version_tuple(expect.get("cuda"))
    if want and have[:2] != want[:2]:
        checks.append(
            failed(
                "build.cuda",
                1,
                f"built for CUDA {build.get('cuda_version')}, the knowledge base says {expect.get('cuda')}",
                Code.CUDA_VERSION_MATRIX_MISMATCH,
            )
        )
    elif want:
        checks.append(
            passed(
                "build.cuda",
                1,
                f"built for CUDA {build.get('cuda_version')}, cuDNN {build.get('cudnn_version')}",
            )
        )
    wanted = expected_targets(expect)
    targets = list(build.get("compute_capabilities") or [])
    if wanted and targets and sorted(wanted) != sorted(targets):
        checks.append(
            warned(
                "build.compute_capabilities",
                1,
                f"the wheel targets {', '.join(targets)}; the knowledge base says {', '.join(wanted)}",
                evidence=targets,
                fix="update matrices/compat/tensorflow.yaml",
            )
        )
    elif targets:
        checks.append(passed("build.compute_capabilities", 1, f"kernels for {', '.join(targets)}"))
    return checks
