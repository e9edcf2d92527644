"""L1 (CPU) and L2 (GPU): the sample Keras models train, with a finite, decreasing loss."""

from __future__ import annotations

import math
from typing import Any

from ..codes import Code
from ..matching import classify as code_for_error
from .check import Check, failed, passed

__all__ = ["model_checks"]


def _model_check(run: dict[str, Any], device: str, level: int) -> Check:
    cid = f"model.{run['name']}.{device}"
    losses = run.get("losses") or []
    if run.get("error"):
        error = str(run["error"])
        return failed(
            cid,
            level,
            f"{run['name']} failed on {device}: {error[:300]}",
            code_for_error(error, Code.MODEL_TRAINING_FAILED),
            evidence=[error[:1000]],
        )
    if not losses or not all(isinstance(v, (int, float)) and math.isfinite(v) for v in losses):
        return failed(
            cid,
            level,
            f"{run['name']} on {device}: loss not finite {losses}",
            Code.MODEL_LOSS_NOT_FINITE,
        )
    if not losses[-1] < losses[0]:
        return failed(
            cid,
            level,
            f"{run['name']} on {device}: loss did not decrease {losses}",
            Code.MODEL_LOSS_NOT_DECREASING,
        )
    where = " (accelerators hidden)" if run.get("isolated") and device == "cpu" else ""
    return passed(
        cid,
        level,
        f"{run['name']} on {device}{where}: loss {losses[0]:.3f} -> {losses[-1]:.3f} in {run['seconds']} s",
    )


def model_checks(facts: dict[str, Any], device: str, level: int) -> list[Check]:
    return [
        _model_check(run, device, level)
        for run in facts.get("workloads") or []
        if run.get("device") == device
    ]
