"""L1: nothing in the environment hides the GPUs a CUDA or ROCm cell is for.

Judged on every host: an image whose environment hides its GPUs will not see one anywhere, so it
fails at L1 even where there is no GPU to miss.
"""

from __future__ import annotations

from typing import Any

from ..codes import Code
from ..rules import gpu_hiding
from .check import Check, failed, passed

__all__ = ["environment_checks"]

_FIXES = {
    "CUDA_VISIBLE_DEVICES": "unset CUDA_VISIBLE_DEVICES in the image (or list the GPUs: 0,1)",
    "HIP_VISIBLE_DEVICES": "unset HIP_VISIBLE_DEVICES in the image (or list the GPUs: 0,1)",
    "ROCR_VISIBLE_DEVICES": "unset ROCR_VISIBLE_DEVICES in the image (or list the GPUs: 0,1)",
    "NVIDIA_VISIBLE_DEVICES": "set NVIDIA_VISIBLE_DEVICES=all in the image (or leave it unset)",
}


def environment_checks(facts: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    accelerator = expect.get("accelerator")
    if accelerator not in ("cuda", "rocm"):
        return []
    env = {str(k): str(v) for k, v in (facts.get("env") or {}).items()}
    hiding = gpu_hiding(env, accelerator)
    if not hiding:
        return [passed("env.gpu_visible", 1, "no environment variable hides the GPUs")]
    checks = []
    for name, why in hiding:
        code = (
            Code.CONTAINER_CAPABILITIES_NO_COMPUTE
            if name == "NVIDIA_DRIVER_CAPABILITIES"
            else Code.GPU_HIDDEN_BY_ENV
        )
        checks.append(
            failed(
                "env.gpu_visible",
                1,
                f"{why}: this image will not see a GPU on any host",
                code,
                evidence=[f"{name}={env[name]}"],
                fix=_FIXES.get(name),
            )
        )
    return checks
