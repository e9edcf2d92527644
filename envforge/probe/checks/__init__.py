"""Facts + expectations -> checks and the level reached. Pure, standard library only.

The probe judges its own facts inside the image (self-certification, expectations from
/opt/envforge/expect.json); envforge's host side reads the checks from the probe's report and adds
only what the host knows (checks/host.py). One module per layer of the probe levels:

  L1  framework.py (import, expectations)  build.py (accelerator, CUDA, targets)
      environment.py (no variable hides the GPUs)
      libraries.py (CUDA libraries, NVML)  models.py (sample models on the CPU)
  L2  gpu.py (visible, architecture, placement, numerics)  models.py (on the GPU)
  L3  perf.py (throughput, and what each slow-training cause costs here)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ..vocabulary import Status
from .build import build_checks
from .check import STATUSES, Check, failed, passed, skipped, warned
from .environment import environment_checks
from .framework import framework_checks
from .gpu import gpu_checks
from .libraries import library_checks, nvml_check
from .models import model_checks
from .perf import perf_checks

__all__ = [
    "Check",
    "STATUSES",
    "judge",
    "level_reached",
    "passed",
    "failed",
    "warned",
    "skipped",
]


def judge(facts: dict[str, Any], expect: dict[str, Any], *, level: int = 1) -> list[Check]:
    """Every check for levels 1..``level`` from the probe's ``facts`` and the cell's ``expect``."""
    fw = facts.get("framework") or {}
    checks = framework_checks(fw, facts, expect)
    if fw.get("error"):
        return checks  # nothing else can be judged without the framework
    libraries = library_checks(facts, expect)
    checks += build_checks(fw, expect) + environment_checks(facts, expect)
    checks += libraries + nvml_check(facts)
    checks += model_checks(facts, "cpu", 1)
    if level >= 2:
        visible = gpu_checks(fw, facts, expect, any(c.failed for c in libraries))
        checks += visible
        if visible[0].status == Status.PASS:
            checks += model_checks(facts, "gpu", 2)
            if level >= 3:
                checks += perf_checks(facts.get("device") or {}, fw.get("gpus") or [], expect)
    return checks


def level_reached(checks: Iterable[Check], requested: int) -> tuple[int, Optional[str]]:
    """(highest level whose checks all pass, why the next level was not reached or None)."""
    checks = list(checks)
    reached = 0
    for level in range(1, requested + 1):
        at = [c for c in checks if c.level == level]
        broken = [c for c in at if c.failed]
        if broken:
            return reached, f"L{level} failed: {broken[0].summary}"
        if not at or all(c.status == Status.SKIP for c in at):
            skip = next((c for c in at if c.status == Status.SKIP), None)
            return reached, skip.summary if skip else f"L{level} has no checks"
        reached = level
    return reached, None
