"""``envforge certify``: every selected cell built, probed on this host, judged and recorded.

preamble (matrix, cells, site, wheelhouse, probe: nothing touched) -> host and builder (the engine)
-> the run -> plan -> build -> probe -> judge -> record -> reduce, each a step of ``jobs.steps``.
Builds run in parallel and one cell is probed while others still build. Each certificate is
recorded the moment it exists; a cell already certified for the same image digest and host (at the
same or a higher level) is not probed again unless ``force``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import EnvforgeError
from ..host import HostInfo
from ..matrix import Rejected
from ..results import CellResult
from . import preamble as preambles
from .context import Context
from .options import BuildOptions, ProbeOptions, Selection
from .preamble import Preamble
from .steps import certify_cells, matrix_run

__all__ = ["CertifyRequest", "CertifyResult", "resolve", "run"]


@dataclass(frozen=True)
class CertifyRequest:
    selection: Selection
    build: BuildOptions
    probe: ProbeOptions


@dataclass(frozen=True)
class CertifyResult:
    run_id: str
    matrix: Path
    matrix_digest: str
    host: HostInfo
    db: Path
    logs: Path
    cells: tuple[CellResult, ...]
    rejected: tuple[Rejected, ...]
    preamble: Preamble | None = None

    @property
    def passed(self) -> bool:
        return all(c.certificate for c in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "matrix": str(self.matrix),
            "matrix_digest": self.matrix_digest,
            "host": self.host.to_dict(),
            "db": str(self.db),
            "logs": str(self.logs),
            "passed": self.passed,
            "cells": [c.to_dict() for c in self.cells],
            "rejected": [r.to_dict() for r in self.rejected],
            "preamble": self.preamble.to_dict() if self.preamble else None,
        }


def resolve(ctx: Context, request: CertifyRequest, known: Sequence[EnvforgeError] = ()) -> Preamble:
    """The run's preamble: every setting checked, nothing touched (``known``: problems the
    command line found, reported with these)."""
    return preambles.of_request(ctx, request, command="certify", known=known)


def _say_host(ctx: Context) -> None:
    ctx.progress.note(f"host: {ctx.host.describe()}")
    if not ctx.host.can_run_gpu_containers:
        why = "this host has no GPU" if not ctx.host.has_gpu else "the engine has no NVIDIA runtime"
        ctx.progress.note(f"{why}: cells are certified up to L1 (GPU levels L2-L3 are not reached)")


def run(ctx: Context, request: CertifyRequest, preamble: Preamble | None = None) -> CertifyResult:
    preamble = preamble or resolve(ctx, request)
    assert preamble.expansion is not None
    _say_host(ctx)
    with matrix_run(ctx, preamble, "certify") as active:
        results = certify_cells(ctx, preamble.cells, active.settings, request.probe, active.run)
    matrix = preamble.expansion.matrix
    return CertifyResult(  # reduce
        run_id=active.run.id,
        matrix=matrix.path,
        matrix_digest=matrix.digest,
        host=ctx.host,
        db=ctx.db_path,
        logs=active.run.logs_dir,
        cells=tuple(results),
        rejected=preamble.expansion.rejected,
        preamble=preamble,
    )
