"""``envforge driver-check``: before installing driver V, which images keep working?

Statically, from the knowledge base: each image's CUDA against the driver (native, minor-version,
forward compatibility), the GPU's architecture, and the image's own NVIDIA_REQUIRE_CUDA as the
container toolkit will evaluate it at start; the images come from the results database (every
certified one) or from the engine. Dynamically, from two certification runs (before and after the
upgrade, e.g. on a canary node): the cells whose verdict or level got worse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import labels
from ..errors import BadInputError, NothingSelectedError
from ..expectations import Expectations
from ..knowledge.models import Gpu
from ..results import Certificate, Verdict
from ..rollout import (
    ImageUnderTest,
    RegressionResult,
    RolloutItem,
    assess_rollout,
    compare_runs,
)
from ..untrusted import json_object
from .context import Context

__all__ = [
    "RolloutRequest",
    "RolloutResult",
    "rollout",
    "RegressionRequest",
    "regressions",
]


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
