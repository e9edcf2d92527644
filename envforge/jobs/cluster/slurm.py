"""``envforge certify --backend slurm``: every selected cell built here, pushed by digest, probed on
the cluster's own nodes through Slurm, judged and recorded per (cell, digest, node).

preamble (nothing touched) -> nodes (the scheduler) -> registry and builder (the engine) -> the run
-> build -> push -> pairs -> submit -> follow -> judge -> record. Nothing is submitted unless the
registry answers and every push worked. One task per (image, node), pinned to its node and alone
there; results come back as files in the spool directory (``spool/<run>/<cell>@<node>/``), so two
runs never mix. ``jobs.cluster.steps`` holds what this job shares with ``verify --backend slurm``:
NOT_TESTED nodes, following, Ctrl-C and ``--resume``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...certificate import certify
from ...cluster.tasks import Pair
from ...errors import EnvforgeError
from ...matrix import Cell
from ...results import BuildResult, CellResult, Certificate
from .. import preamble as preambles
from ..attestations import attach_run
from ..context import Context
from ..options import AttestOptions, BuildOptions, ClusterOptions, ProbeOptions, Selection
from ..preamble import Preamble
from ..push import push_all
from ..steps import build_all, matrix_run
from .steps import ClusterResult, cluster_nodes, cluster_result, open_spool, probe_pairs

__all__ = ["ClusterRequest", "resolve", "run"]


@dataclass(frozen=True)
class ClusterRequest:
    selection: Selection
    build: BuildOptions
    probe: ProbeOptions
    cluster: ClusterOptions
    attest: AttestOptions | None = AttestOptions()  # None: --no-attest


def resolve(ctx: Context, request: ClusterRequest, known: Sequence[EnvforgeError] = ()) -> Preamble:
    """The run's preamble: every setting checked, nothing touched (no scheduler, no engine)."""
    return preambles.of_request(ctx, request, command="certify", backend="slurm", known=known)


def run(ctx: Context, request: ClusterRequest, preamble: Preamble | None = None) -> ClusterResult:
    preamble = preamble or resolve(ctx, request)
    options = request.cluster
    nodes = cluster_nodes(ctx, options)
    by_id = {cell.id: cell for cell in preamble.cells}
    command = f"certify --backend slurm --registry {options.registry}"
    with matrix_run(ctx, preamble, command, registry=options.registry) as active:
        run_ = active.run
        spool = open_spool(ctx, options, run_)
        clock = ctx.clock.now()
        builds = build_all(ctx, preamble, active)
        timings = {"build_s": ctx.clock.now() - clock}
        clock = ctx.clock.now()
        results: list[CellResult] = []
        for built in builds:
            if not built.ok:
                cert = _build_failure(ctx, by_id[built.cell_id], built, request.probe.level)
                ctx.store.add(run_.id, cert, build_log=str(built.log_path))
                results.append(CellResult(built.cell_id, built, cert))
        images = push_all(ctx, builds, options.registry, run_)  # all before any submission
        timings["push_s"] = ctx.clock.now() - clock
        built_by_id = {b.cell_id: b for b in builds}
        pairs = [
            Pair(
                cell_id,
                image,
                node.name,
                by_id[cell_id].spec.expect,
                built_by_id[cell_id].image_size,
            )
            for cell_id, image in images.items()
            for node in nodes
        ]
        probed = probe_pairs(ctx, request, run_, spool, pairs, nodes, built_by_id)
        results += probed.results
        timings.update(probed.timings)
        clock = ctx.clock.now()
        attached = attach_run(
            ctx, preamble, run_.id, builds, images, results, options.runtime, active
        )
        timings["attest_s"] = ctx.clock.now() - clock
    return cluster_result(
        ctx, preamble, run_, spool, nodes, images, builds, results, timings, probed.skipped,
        attached,
    )  # fmt: skip


def _build_failure(ctx: Context, cell: Cell, built: BuildResult, level: int) -> Certificate:
    return certify(
        cell_id=cell.id,
        expectations=cell.spec.expect,
        level=level,
        host=ctx.host,
        image_id=None,
        image_ref=None,
        build_error=built.error,
        build_seconds=built.seconds,
    )
