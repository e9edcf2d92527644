"""Pure: what a driver rollout does to images, and what got worse between two runs.

Each image's CUDA is judged against the driver by the knowledge base's rules (native,
minor-version, forward compatibility), with the GPU's architecture, and the image's own
NVIDIA_REQUIRE_CUDA as the container toolkit evaluates it at start. Two runs' certificates are
compared cell by cell: a verdict or a level that got worse is a regression. The jobs
(``jobs.rollout``, ``jobs.cluster.rollout``) say which images and which runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .expectations import Expectations
from .knowledge import KnowledgeBase
from .knowledge.driver import DriverCheck, brand_of, check_build
from .knowledge.models import Gpu, parse_cc
from .knowledge.require import evaluate_require
from .results import Certificate, Verdict
from .versions import parse_version

__all__ = [
    "ImageUnderTest",
    "RolloutItem",
    "assess_rollout",
    "Regression",
    "RegressionResult",
    "compare_runs",
]

_RANK = {
    Verdict.CERTIFIED.value: 3,
    Verdict.FAILED.value: 1,
    Verdict.PROBE_ERROR.value: 1,
    Verdict.BUILD_FAILED.value: 0,
    Verdict.NOT_TESTED.value: 0,
}


@dataclass(frozen=True)
class ImageUnderTest:
    name: str  # image reference, or cell id
    expectations: Expectations
    require: str | None  # its NVIDIA_REQUIRE_CUDA


@dataclass(frozen=True)
class RolloutItem:
    name: str
    cuda: str | None
    keeps_working: bool
    mode: str
    require_satisfied: bool | None
    require_message: str | None
    reasons: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "image": self.name,
            "cuda": self.cuda,
            "keeps_working": self.keeps_working,
            "passed": self.keeps_working,
            "mode": self.mode,
            "require_satisfied": self.require_satisfied,
            "require_message": self.require_message,
            "reasons": self.reasons,
        }


def assess_rollout(
    kb: KnowledgeBase,
    *,
    driver: str,
    images: list[ImageUnderTest],
    gpu: Gpu | None = None,
    cc: str | None = None,
) -> list[RolloutItem]:
    """For each image: does it keep working on ``driver`` (and the GPU)?"""
    cc_version = parse_cc(cc) if cc else (gpu.cc if gpu else None)
    items = []
    for image in images:
        cuda = image.expectations.cuda
        accelerator = image.expectations.accelerator
        if not cuda:
            reason = (
                "no CUDA in the image: the driver does not matter to it"
                if accelerator != "cuda"
                else "the image's CUDA version is not known to envforge (its wheels bring their own); "
                "certify it on a canary node with the new driver"
            )
            items.append(
                RolloutItem(image.name, None, accelerator != "cuda", "n/a", None, None, [reason])
            )
            continue
        sass = tuple(parse_cc(c) for c in image.expectations.sass)
        ptx = parse_cc(image.expectations.ptx) if image.expectations.ptx else None
        check: DriverCheck = check_build(
            kb, driver=driver, cuda=parse_version(cuda), sass=sass, ptx=ptx, gpu=gpu, cc=cc_version
        )
        reasons = list(check.reasons)
        satisfied, message = None, None
        if image.require:
            result = evaluate_require(
                image.require,
                cuda=check.driver_cuda_version,
                driver=driver,
                arch=str(cc_version) if cc_version else None,
                brand=brand_of(gpu),
            )
            satisfied, message = result.satisfied, result.message
            reasons.append(
                f"NVIDIA_REQUIRE_CUDA={image.require}: "
                + ("the container toolkit starts it" if satisfied else f"refused: {message}")
            )
        works = check.compatible and satisfied is not False
        items.append(RolloutItem(image.name, cuda, works, check.mode, satisfied, message, reasons))
    return items


@dataclass(frozen=True)
class Regression:
    cell: str
    baseline: str
    candidate: str
    new_codes: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.cell,
            "baseline": self.baseline,
            "candidate": self.candidate,
            "new_codes": self.new_codes,
        }


def _state(cert: Certificate) -> tuple[int, int]:
    return _RANK.get(cert.verdict.value, 0), cert.level_reached


def compare_runs(
    baseline: list[Certificate], candidate: list[Certificate]
) -> tuple[list[Regression], list[str]]:
    """(regressions, cells missing from the candidate): a cell regresses when its verdict or level gets worse."""
    before = {c.cell_id: c for c in baseline}
    after = {c.cell_id: c for c in candidate}
    regressions = []
    for cell, old in sorted(before.items()):
        new = after.get(cell)
        if new is None:
            continue
        if _state(new) < _state(old):
            old_codes = {d.code for d in old.diagnoses}
            regressions.append(
                Regression(
                    cell,
                    f"{old.verdict.value} L{old.level_reached}",
                    f"{new.verdict.value} L{new.level_reached}",
                    [d.code for d in new.diagnoses if d.code not in old_codes],
                )
            )
    return regressions, sorted(set(before) - set(after))


@dataclass(frozen=True)
class RegressionResult:
    baseline: str
    candidate: str
    regressions: tuple[Regression, ...]
    missing_in_candidate: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.regressions

    def to_dict(self) -> dict[str, Any]:
        return {
            "baseline": self.baseline,
            "candidate": self.candidate,
            "regressions": [r.to_dict() for r in self.regressions],
            "missing_in_candidate": list(self.missing_in_candidate),
            "passed": self.passed,
        }
