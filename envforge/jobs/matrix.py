"""``envforge matrix list``, ``matrix explain`` and ``driver-check --cuda``: questions the knowledge
base answers alone (no engine, no store)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from packaging.version import Version

from .. import paths
from ..knowledge.driver import DriverCheck, brand_of, check_driver
from ..knowledge.explain import Explanation, explain
from ..knowledge.models import Gpu
from ..knowledge.require import evaluate_require
from ..matrix import Expansion, load_matrix
from .context import Context
from .options import Selection
from .steps import expand_matrix

__all__ = [
    "ShippedMatrix",
    "shipped_matrices",
    "list_cells",
    "ExplainRequest",
    "run_explain",
    "DriverRequest",
    "DriverResult",
    "check",
]


def list_cells(ctx: Context, selection: Selection) -> Expansion:
    return expand_matrix(ctx, selection)


@dataclass(frozen=True)
class ShippedMatrix:
    name: str  # what -m takes
    description: str
    path: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "path": self.path}


def shipped_matrices() -> list[ShippedMatrix]:
    """The matrices under ``matrices/``, each with its line of description (each one validated:
    a broken one is an error, not a silent gap in the list)."""
    return [
        ShippedMatrix(path.stem, load_matrix(path).file.description or "", str(path))
        for path in sorted(paths.matrices_dir().glob("*.yaml"))
    ]


@dataclass(frozen=True)
class ExplainRequest:
    tf: str | None = None
    python: str | None = None
    cuda: str | None = None
    driver: str | None = None
    gpu: str | None = None
    cc: str | None = None
    rocm: str | None = None


def run_explain(ctx: Context, request: ExplainRequest) -> Explanation:
    return explain(
        ctx.kb,
        tf=request.tf,
        python=request.python,
        cuda=request.cuda,
        driver=request.driver,
        gpu=request.gpu,
        cc=request.cc,
        rocm=request.rocm,
    )


@dataclass(frozen=True)
class DriverRequest:
    driver: str
    cuda: Version
    gpu: Gpu | None = None
    cc: Version | None = None
    require: str | None = None  # an NVIDIA_REQUIRE_CUDA expression
    brand: str | None = None


@dataclass(frozen=True)
class DriverResult:
    check: DriverCheck
    require: dict[str, Any] | None

    @property
    def passed(self) -> bool:
        return self.check.compatible and (self.require is None or bool(self.require["satisfied"]))

    def to_dict(self) -> dict[str, Any]:
        doc = self.check.to_dict()
        if self.require is not None:
            doc["require"] = self.require
        doc["passed"] = self.passed  # compatible (the driver runs the CUDA) and the requirement
        return doc


def check(ctx: Context, request: DriverRequest) -> DriverResult:
    """Can an image built for CUDA X run on this driver (and GPU), and does its requirement hold?"""
    found = check_driver(
        ctx.kb, driver=request.driver, cuda=request.cuda, gpu=request.gpu, cc=request.cc
    )
    require = None
    if request.require:
        cc = request.cc or (request.gpu.cc if request.gpu else None)
        result = evaluate_require(
            request.require,
            cuda=found.driver_cuda_version,
            driver=request.driver,
            arch=str(cc) if cc else None,
            brand=request.brand or brand_of(request.gpu),
        )
        require = {
            "expression": request.require,
            "satisfied": result.satisfied,
            "message": result.message,
            "groups": result.groups,
        }
    return DriverResult(found, require)
