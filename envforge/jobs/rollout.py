"""``envforge driver-check``: before installing driver V, which images keep working?

Statically, from the knowledge base: each image's CUDA against the driver (native, minor-version,
forward compatibility), the GPU's architecture, and the image's own NVIDIA_REQUIRE_CUDA as the
container toolkit will evaluate it at start; the images come from the results database (every
certified one) or from the engine. Dynamically, from two certification runs (before and after the
upgrade, e.g. on a canary node): the cells whose verdict or level got worse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import labels
from ..errors import BadInputError, NothingSelectedError
from ..expectations import Expectations
from ..knowledge import KnowledgeBase
from ..knowledge.driver import DriverCheck, brand_of, check_build
from ..knowledge.models import Gpu, parse_cc
from ..knowledge.require import evaluate_require
from ..results import Certificate, Verdict
from ..untrusted import json_object
from ..versions import parse_version
from .context import Context

__all__ = [
    "ImageUnderTest",
    "RolloutItem",
    "RolloutRequest",
    "RolloutResult",
    "assess_rollout",
    "rollout",
    "Regression",
    "RegressionRequest",
    "RegressionResult",
    "compare_runs",
    "regressions",
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


# -- the job: which images, then the assessment ------------------------------------------------------


@dataclass(frozen=True)
class RolloutRequest:
    driver: str
    gpu: Gpu | None = None
    cc: str | None = None
    images: tuple[str, ...] = ()  # on the engine
    from_store: bool = False  # every certified image of the results database


@dataclass(frozen=True)
class RolloutResult:
    driver: str
    gpu: Gpu | None
    cc: str | None
    items: tuple[RolloutItem, ...]

    @property
    def breaking(self) -> list[str]:
        return [i.name for i in self.items if not i.keeps_working]

    @property
    def passed(self) -> bool:
        return not self.breaking

    def to_dict(self) -> dict[str, Any]:
        return {
            "driver": self.driver,
            "gpu": self.gpu.name if self.gpu else None,
            "cc": self.cc,
            "images": [i.to_dict() for i in self.items],
            "breaking": self.breaking,
            "passed": self.passed,
            "compatible": self.passed,
        }


def images_from_store(ctx: Context) -> list[ImageUnderTest]:
    """Every certified (cell, image) of the results database, its newest certificate."""
    latest: dict[tuple[str, str | None], Certificate] = {}
    for record in ctx.existing_store().certificates():
        cert = record.certificate
        if cert.verdict is Verdict.CERTIFIED:
            latest[(cert.cell_id, cert.image_id)] = cert
    return [
        ImageUnderTest(c.image_ref or c.cell_id, c.expectations, c.expectations.nvidia_require_cuda)
        for c in latest.values()
    ]


def images_from_engine(ctx: Context, refs: tuple[str, ...]) -> list[ImageUnderTest]:
    """Images on the engine: their expectations from envforge's labels, else from what nvidia/cuda
    bases declare (CUDA_VERSION, NVIDIA_REQUIRE_CUDA)."""
    found = []
    for ref in refs:
        if ctx.engine.image_id(ref) is None:
            raise BadInputError(f"--image {ref}: not present on this engine")
        expect = Expectations.from_dict(
            json_object(ctx.engine.image_labels(ref).get(labels.EXPECT))
        )
        env = ctx.engine.image_env(ref)
        if expect.cuda is None and env.get("CUDA_VERSION"):  # an nvidia/cuda-based image
            cuda = ".".join(env["CUDA_VERSION"].split(".")[:2])
            expect = Expectations.from_dict(
                {**expect.to_dict(), "accelerator": "cuda", "cuda": cuda}
            )
        found.append(ImageUnderTest(ref, expect, env.get("NVIDIA_REQUIRE_CUDA")))
    return found


def rollout(ctx: Context, request: RolloutRequest) -> RolloutResult:
    images = images_from_store(ctx) if request.from_store else []
    images += images_from_engine(ctx, request.images) if request.images else []
    if not images:
        raise NothingSelectedError(
            "no certified image to check", hint="run envforge certify, or give --image IMG"
        )
    items = assess_rollout(
        ctx.kb, driver=request.driver, images=images, gpu=request.gpu, cc=request.cc
    )
    return RolloutResult(request.driver, request.gpu, request.cc, tuple(items))


@dataclass(frozen=True)
class RegressionRequest:
    baseline: str
    candidate: str


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
            "compatible": self.passed,
        }


def regressions(ctx: Context, request: RegressionRequest) -> RegressionResult:
    store = ctx.existing_store()
    known = {r.id for r in store.runs()}
    for run_id in (request.baseline, request.candidate):
        if run_id not in known:
            raise BadInputError(
                f"run {run_id} is not in {ctx.db_path}",
                hint="envforge report --format json lists the runs behind each entry",
            )
    before = [r.certificate for r in store.certificates(run_id=request.baseline)]
    after = [r.certificate for r in store.certificates(run_id=request.candidate)]
    found, missing = compare_runs(before, after)
    return RegressionResult(request.baseline, request.candidate, tuple(found), tuple(missing))
