"""The steps jobs share (pipx's ``commands/common.py``): expand a matrix, select its cells, open a
matrix run (the prelude of every job over a matrix), plan and build the cells, and certify built
cells on this host (probe -> judge -> record).

Jobs call these and never each other. Each step is a plain call that returns a value; only
progress events go up. Builds run in parallel and are drained as each finishes; the store is
written from the caller's thread only.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import labels, paths
from ..builder import BuildSettings, build_cells
from ..certificate import certify
from ..matrix import Cell, Expansion, expand, load_matrix, select
from ..render import RenderedCell, render_cell
from ..results import BuildResult, CellResult, Certificate, ContainerRun
from .build_settings import builder_settings, buildkit_of
from .context import Context, Run
from .options import ProbeOptions, Selection
from .probing import probe_image, remove_stale_probes, write_probe_log
from .push import check_registry

if TYPE_CHECKING:
    from .preamble import Preamble

__all__ = [
    "expand_matrix",
    "select_cells",
    "plan",
    "build",
    "MatrixRun",
    "matrix_run",
    "build_all",
    "probe",
    "judge",
    "record",
    "certify_cells",
]


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


@dataclass(frozen=True)
class MatrixRun:
    """A run over a preamble's cells, opened: its record, and how its cells build."""

    run: Run
    settings: BuildSettings


@contextmanager
def matrix_run(
    ctx: Context, preamble: Preamble, command: str, *, registry: str | None = None
) -> Iterator[MatrixRun]:
    """The prelude every job over a matrix's cells shares, written once: once its preamble stands,
    the registry (for a job that pushes) and the builder are asked of the engine, then the run
    record opens with the matrix's path and digest."""
    assert preamble.expansion is not None and preamble.build is not None, "resolve it first"
    if registry:
        check_registry(ctx, registry)
    buildkit = buildkit_of(ctx, preamble.build)
    matrix = preamble.expansion.matrix
    level = preamble.probe.level if preamble.probe else 0
    with ctx.run(command, level=level, matrix=str(matrix.path), matrix_digest=matrix.digest) as run:
        ctx.progress.note(f"run {run.id}: {len(preamble.cells)} cell(s)")
        ctx.progress.cells([c.id for c in preamble.cells])
        settings = builder_settings(
            ctx,
            preamble.build,
            buildkit,
            run,
            matrix_digest=matrix.digest,
            matrix_bases=matrix.file.bases,
        )
        yield MatrixRun(run, settings)


def build_all(ctx: Context, preamble: Preamble, active: MatrixRun) -> list[BuildResult]:
    """plan and build every cell of the preamble, in the cells' order (for jobs that need every
    image before going on)."""
    cells, settings = preamble.cells, active.settings
    built = {r.cell_id: r for r in build(ctx, plan(ctx, cells, settings.builder), settings)}
    return [built[c.id] for c in cells]


def probe(
    ctx: Context, cell: Cell, built: BuildResult, options: ProbeOptions, run: Run
) -> tuple[ContainerRun, Path]:
    """probe: the image's own probe on this host; (what it gave, the probe log)."""
    ctx.progress.probe_started(cell.id)
    probed = probe_image(
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
    return probed, write_probe_log(run.logs_dir, cell.id, probed)


def judge(
    ctx: Context,
    cell: Cell,
    built: BuildResult,
    options: ProbeOptions,
    probed: ContainerRun | None,
) -> Certificate:
    """judge: the probe's own checks, plus what this host knows; a failed build is judged too."""
    return certify(
        cell_id=cell.id,
        expectations=cell.spec.expect,
        level=options.level,
        host=ctx.host,
        image_id=built.image_id,
        image_ref=built.image_ref or None,
        build_error=None if built.ok else built.error,
        build_seconds=built.seconds,
        probe=probed,
        image_size=built.image_size,
    )


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
    settings: BuildSettings,
    options: ProbeOptions,
    run: Run,
) -> list[CellResult]:
    """plan -> build -> (probe -> judge -> record) for every cell of ``run`` on this host, in the
    cells' order; the run's probe containers are removed if it is interrupted."""
    by_id = {cell.id: cell for cell in cells}
    results: list[CellResult] = []
    remove_stale_probes(ctx.engine)
    try:
        for built in build(ctx, plan(ctx, cells, settings.builder), settings):
            cell = by_id[built.cell_id]
            result = _earlier(ctx, cell, built, options)
            if result is None:
                probed, log = probe(ctx, cell, built, options, run) if built.ok else (None, None)
                cert = judge(ctx, cell, built, options, probed)
                record(ctx, run, cert, built, log)
                result = CellResult(cell.id, built, cert, probe_log=log)
            results.append(result)
            ctx.progress.cell_done(result)
    except BaseException:
        ctx.engine.remove_containers({labels.RUN: run.id})
        raise
    order = {cell.id: i for i, cell in enumerate(cells)}
    return sorted(results, key=lambda r: order[r.cell_id])
