"""``envforge certify``: every selected cell built, probed on this host, judged and recorded.

A sequence of named steps: expand -> select -> plan -> build -> probe -> judge -> record -> reduce.
Builds run in parallel and are drained as each finishes, so one cell is probed while others still
build; the store is written from this thread only. Each certificate is recorded the moment it
exists; a cell already certified for the same image digest and host (at the same or a higher level)
is not probed again unless ``force``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__, labels, paths
from ..builder import BuildSettings, build_cells
from ..certificate import certify
from ..host import HostInfo
from ..matrix import Cell, Expansion, Matrix, Rejected, expand, load_matrix, select
from ..render import RenderedCell, render_cell
from ..results import BuildResult, CellResult, Certificate, ContainerRun
from .build_settings import builder_settings
from .context import Context, Run
from .options import BuildOptions, ProbeOptions, Selection
from .probing import probe_image, remove_stale_probes, with_image_size, write_probe_log

__all__ = [
    "CertifyRequest",
    "CertifyResult",
    "run",
    "expand_matrix",
    "select_cells",
    "plan",
    "build",
    "build_all",
    "certify_cells",
]


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
        }


# -- the steps -------------------------------------------------------------------------------------


def expand_matrix(ctx: Context, selection: Selection) -> Expansion:
    """expand: the matrix's cells and the combinations the knowledge base rules out."""
    return expand(load_matrix(paths.resolve_matrix(selection.matrix)), ctx.kb)


def select_cells(expansion: Expansion, selection: Selection) -> tuple[Cell, ...]:
    """select: the cells the patterns name (NothingSelectedError when none)."""
    return select(expansion.cells, list(selection.select))


def plan(ctx: Context, cells: tuple[Cell, ...], builder: str) -> list[tuple[Cell, RenderedCell]]:
    """plan: every cell rendered for ``builder`` (Dockerfile, context files, labels); nothing built."""
    peaks = ctx.kb.gpu_peaks()
    return [(cell, render_cell(cell, builder=builder, gpu_peaks=peaks)) for cell in cells]


def build(
    ctx: Context, planned: list[tuple[Cell, RenderedCell]], settings: BuildSettings
) -> Iterator[BuildResult]:
    """build: the planned cells, each result as its build finishes."""
    return build_cells(ctx.engine, planned, settings, ctx.progress)


def build_all(
    ctx: Context, cells: tuple[Cell, ...], matrix: Matrix, options: BuildOptions, run: Run
) -> list[BuildResult]:
    """plan and build every cell with the run's builder settings, the progress bars showing them;
    the results in the cells' order (for jobs that need every image before going on)."""
    settings = builder_settings(
        ctx, options, run, matrix_digest=matrix.digest, matrix_bases=matrix.file.bases
    )
    ctx.progress.cells([c.id for c in cells])
    built = {r.cell_id: r for r in build(ctx, plan(ctx, cells, settings.builder), settings)}
    return [built[c.id] for c in cells]


def probe(
    ctx: Context, cell: Cell, built: BuildResult, options: ProbeOptions, run: Run
) -> tuple[ContainerRun, Path]:
    """probe: the image's own probe on this host; (what it gave, the probe log)."""
    ctx.progress.probe_started(cell.id)
    outcome = probe_image(
        ctx.engine,
        built.image_ref,
        level=options.level,
        run_id=run.id,
        cell_id=cell.id,
        host=ctx.host,
        timeout_s=options.timeout_s,
        limits=options.limits,
        gpu=cell.spec.accelerator == "cuda",
    )
    return outcome, write_probe_log(run.logs_dir, cell.id, outcome)


def judge(
    ctx: Context,
    cell: Cell,
    built: BuildResult,
    options: ProbeOptions,
    outcome: ContainerRun | None,
) -> Certificate:
    """judge: the probe's own checks, plus what this host knows; a failed build is judged too."""
    cert = certify(
        cell_id=cell.id,
        expectations=cell.spec.expect,
        level=options.level,
        host=ctx.host,
        image_id=built.image_id,
        image_ref=built.image_ref or None,
        build_error=None if built.ok else built.error,
        build_seconds=built.seconds,
        probe=outcome,
    )
    return with_image_size(ctx.engine, cert)


def record(
    ctx: Context, run: Run, cert: Certificate, built: BuildResult, probe_log: Path | None
) -> None:
    """record: the certificate, committed now (an interrupted run keeps it)."""
    ctx.store.add(
        run.id,
        cert,
        build_log=str(built.log_path),
        probe_log=str(probe_log) if probe_log else None,
    )


def _earlier(
    ctx: Context, cell: Cell, built: BuildResult, options: ProbeOptions
) -> CellResult | None:
    """An earlier certificate of this image on this host, at this level or higher (unless forced)."""
    if options.force or not built.ok:
        return None
    previous = ctx.store.latest(cell.id, built.image_id or "", ctx.host.fingerprint)
    if previous is None or previous.certificate.level_requested < options.level:
        return None
    log = Path(previous.probe_log) if previous.probe_log else None
    return CellResult(cell.id, built, previous.certificate, reused=True, probe_log=log)


def certify_cells(
    ctx: Context,
    cells: tuple[Cell, ...],
    build_options: BuildOptions,
    options: ProbeOptions,
    run: Run,
    digest: str,
    bases: dict[str, str] | None = None,
) -> list[CellResult]:
    """plan -> build -> (probe -> judge -> record) for every cell of ``run``, in the cells' order."""
    by_id = {cell.id: cell for cell in cells}
    settings = builder_settings(ctx, build_options, run, matrix_digest=digest, matrix_bases=bases)
    results: list[CellResult] = []
    remove_stale_probes(ctx.engine)
    try:
        for built in build(ctx, plan(ctx, cells, settings.builder), settings):
            cell = by_id[built.cell_id]
            result = _earlier(ctx, cell, built, options)
            if result is None:
                outcome, log = probe(ctx, cell, built, options, run) if built.ok else (None, None)
                cert = judge(ctx, cell, built, options, outcome)
                record(ctx, run, cert, built, log)
                result = CellResult(cell.id, built, cert, probe_log=log)
            results.append(result)
            ctx.progress.cell_done(result)
    except BaseException:
        ctx.engine.remove_containers({labels.RUN: run.id})
        raise
    order = {cell.id: i for i, cell in enumerate(cells)}
    return sorted(results, key=lambda r: order[r.cell_id])


def run(ctx: Context, request: CertifyRequest) -> CertifyResult:
    expansion = expand_matrix(ctx, request.selection)
    cells = select_cells(expansion, request.selection)
    matrix = expansion.matrix
    with ctx.run(
        "certify", level=request.probe.level, matrix=str(matrix.path), matrix_digest=matrix.digest
    ) as active:
        ctx.progress.note(
            f"envforge {__version__}: {len(cells)} cell(s) of {matrix.path}, run {active.id}, "
            f"{request.build.jobs} build(s) at a time"
        )
        ctx.progress.note(f"host: {ctx.host.describe()}")
        if not ctx.host.can_run_gpu_containers:
            why = (
                "this host has no GPU"
                if not ctx.host.has_gpu
                else "the engine has no NVIDIA runtime"
            )
            ctx.progress.note(
                f"{why}: cells are certified up to L1 (GPU levels L2-L3 are not reached)"
            )
        ctx.progress.cells([c.id for c in cells])
        results = certify_cells(
            ctx, cells, request.build, request.probe, active, matrix.digest, matrix.file.bases
        )
    return CertifyResult(  # reduce
        run_id=active.id,
        matrix=matrix.path,
        matrix_digest=matrix.digest,
        host=ctx.host,
        db=ctx.db_path,
        logs=active.logs_dir,
        cells=tuple(results),
        rejected=expansion.rejected,
    )
