"""``envforge certify --backend slurm``: every selected cell built here, pushed by digest, probed on
the cluster's own nodes through Slurm, judged and recorded per (cell, digest, node).

Steps: nodes -> registry -> expand/select -> build -> push -> pairs -> submit -> follow -> judge ->
record. Nothing is submitted unless the registry answers and every push worked. One task per
(image, node), pinned to its node and alone there; results come back as files in the spool
directory (``spool/<run>/<cell>@<node>/``), so two runs never mix. A node that is down or drained is
recorded NOT_TESTED with Slurm's reason; a task Slurm cancelled, timed out or lost is recorded with
its state; Ctrl-C cancels what is left and keeps what came back; ``resume`` submits only the pairs
a run has no record of, or only the record of a task that did not test the image (a node down, a
task cancelled, timed out or lost: a code of the cluster layer).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..certificate import certify
from ..engine import ClusterJob, ClusterNode
from ..errors import BadInputError, NothingSelectedError
from ..fleet.constraint import matches
from ..fleet.scripts import task_script
from ..fleet.tasks import Pair, SlurmOutcome, judge_task, node_host, not_tested, read_task
from ..host import HostInfo
from ..matrix import Cell
from ..outputs import write_output
from ..results import BuildResult, CellResult, Certificate
from .certify import build_all, expand_matrix, select_cells
from .context import Context, Run
from .options import BuildOptions, ProbeOptions, Selection
from .probing import with_image_size
from .push import check_registry, push_all

__all__ = [
    "ClusterOptions",
    "FleetRequest",
    "FleetResult",
    "Submission",
    "open_spool",
    "probe_pairs",
    "run",
    "select_nodes",
]

PULL_ALLOWANCE_S = 600  # the task's Slurm time limit: the probe's timeout plus this for the pull


@dataclass(frozen=True)
class ClusterOptions:
    registry: str
    partition: str | None = None
    constraint: str | None = None
    nodes: tuple[str, ...] = ()  # empty: every node of the partition
    sbatch_args: tuple[str, ...] = ()
    runtime: str = "docker"
    spool: Path | None = None
    resume: str | None = None
    poll_s: float = 2.0  # the longest wait between two looks at the queue


class Submission(Protocol):
    """What submitting and following tasks needs of a request (certify's or verify's)."""

    @property
    def probe(self) -> ProbeOptions: ...
    @property
    def cluster(self) -> ClusterOptions: ...


@dataclass(frozen=True)
class FleetRequest:
    selection: Selection
    build: BuildOptions
    probe: ProbeOptions
    cluster: ClusterOptions


@dataclass(frozen=True)
class FleetResult:
    run_id: str
    cluster: str
    spool: Path
    nodes: tuple[ClusterNode, ...]
    images: dict[str, str]  # cell -> REPO@sha256:...
    builds: tuple[BuildResult, ...]
    cells: tuple[CellResult, ...]  # one per (cell, node), and per cell whose build failed
    skipped: tuple[str, ...] = ()  # pairs already recorded (resume, or certified before)
    timings: dict[str, float] = field(default_factory=dict)  # build, push, submit, follow (s)

    @property
    def passed(self) -> bool:
        return all(c.certificate for c in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cluster": self.cluster,
            "spool": str(self.spool),
            "passed": self.passed,
            "nodes": [
                {
                    "name": n.name,
                    "state": n.state,
                    "features": list(n.features),
                    "reason": n.reason,
                    "available": n.available,
                }
                for n in self.nodes
            ],
            "images": self.images,
            "cells": [
                {**c.to_dict(), "node": c.cell_id.rsplit("@", 1)[1] if "@" in c.cell_id else None}
                for c in self.cells
            ],
            "skipped": list(self.skipped),
            "timings": self.timings,
        }


def select_nodes(
    all_nodes: Iterable[ClusterNode], names: tuple[str, ...], constraint: str | None
) -> list[ClusterNode]:
    """The nodes a run is for: those named (all when none), then those matching the constraint."""
    nodes = list(all_nodes)
    known = {n.name: n for n in nodes}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise BadInputError(
            f"--nodes: {', '.join(unknown)} not in the cluster",
            hint=f"its nodes: {', '.join(sorted(known)) or 'none'} (sinfo --Node)",
        )
    chosen = [known[name] for name in names] if names else nodes
    if constraint:
        chosen = [n for n in chosen if matches(constraint, n.features)]
    if not chosen:
        raise NothingSelectedError(
            "no node of the cluster matches"
            + (f" --constraint {constraint!r}" if constraint else "")
            + (f" among {', '.join(names)}" if names else ""),
            hint="sinfo --Node --format='%N %f' lists the nodes and their features",
        )
    return chosen


def _already(ctx: Context, pair: Pair, request: Submission) -> bool:
    """Whether ``pair`` needs no task: recorded in the resumed run (a record of a task that did not
    test the image, a code of the cluster layer, is a gap), or certified there before."""
    if request.cluster.resume:
        recorded = ctx.store.on_node(
            pair.cell_id, pair.image, pair.node, run_id=request.cluster.resume
        )
        return recorded is not None and not any(
            d.layer == "cluster" for d in recorded.certificate.diagnoses
        )
    if request.probe.force:
        return False
    previous = ctx.store.on_node(pair.cell_id, pair.image, pair.node)
    return bool(
        previous
        and previous.certificate
        and previous.certificate.level_requested >= request.probe.level
    )


@dataclass
class _Follow:
    """The tasks of a run in flight: job ids, what has been judged."""

    pairs: dict[str, Pair] = field(default_factory=dict)  # job id -> pair
    nodes: dict[str, ClusterNode] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    started: set[str] = field(default_factory=set)

    def open(self) -> list[str]:
        return [job for job in self.pairs if job not in self.done]


def run(ctx: Context, request: FleetRequest) -> FleetResult:
    options = request.cluster
    cluster = ctx.cluster
    nodes = select_nodes(cluster.nodes(options.partition), options.nodes, options.constraint)
    check_registry(ctx, options.registry)
    expansion = expand_matrix(ctx, request.selection)
    cells = select_cells(expansion, request.selection)
    by_id = {cell.id: cell for cell in cells}
    matrix = expansion.matrix
    with ctx.run(
        f"certify --backend slurm --registry {options.registry}",
        level=request.probe.level,
        matrix=str(matrix.path),
        matrix_digest=matrix.digest,
    ) as active:
        spool = open_spool(ctx, options, active, nodes, f"{len(cells)} cell(s)")
        clock = time.perf_counter()
        builds = build_all(ctx, cells, matrix, request.build, active)
        timings = {"build_s": time.perf_counter() - clock}
        clock = time.perf_counter()
        results: list[CellResult] = []
        for built in builds:
            if not built.ok:
                cert = _build_failure(ctx, by_id[built.cell_id], built, request.probe.level)
                ctx.store.add(active.id, cert, build_log=str(built.log_path))
                results.append(CellResult(built.cell_id, built, cert))
        images = push_all(ctx, builds, options.registry, active)  # all before any submission
        timings["push_s"] = time.perf_counter() - clock
        built_by_id = {b.cell_id: b for b in builds}
        pairs = [
            Pair(cell_id, image, node.name, by_id[cell_id].spec.expect)
            for cell_id, image in images.items()
            for node in nodes
        ]
        probed, skipped, probe_timings = probe_pairs(
            ctx, request, active, spool, pairs, nodes, built_by_id
        )
        results += probed
        timings.update(probe_timings)
    return FleetResult(
        run_id=active.id,
        cluster=cluster.describe(),
        spool=spool,
        nodes=tuple(nodes),
        images=images,
        builds=tuple(builds),
        cells=tuple(sorted(results, key=lambda r: r.cell_id)),
        skipped=skipped,
        timings={k: round(v, 3) for k, v in timings.items()},
    )


def open_spool(
    ctx: Context, options: ClusterOptions, active: Run, nodes: list[ClusterNode], what: str
) -> Path:
    """The run's spool directory, made; the preamble names the cluster and the nodes down."""
    spool = (options.spool or ctx.state.spool) / active.id
    spool.mkdir(parents=True, exist_ok=True)
    ctx.progress.note(
        f"{what} on {len(nodes)} node(s) of {ctx.cluster.describe()}, run {active.id}"
    )
    for node in nodes:
        if not node.available:
            ctx.progress.note(f"node {node.name} is {node.state} ({node.reason or 'no reason'})")
    return spool


def probe_pairs(
    ctx: Context,
    request: Submission,
    active: Run,
    spool: Path,
    pairs: list[Pair],
    nodes: list[ClusterNode],
    builds: dict[str, BuildResult],
) -> tuple[list[CellResult], tuple[str, ...], dict[str, float]]:
    """Submit one task per pair not yet recorded, follow them, judge and record each; a pair on a
    node that is down is recorded NOT_TESTED. Returns the results, the pairs skipped and timings."""
    node_by_name = {n.name: n for n in nodes}
    skipped = tuple(p.key for p in pairs if _already(ctx, p, request))
    todo = [p for p in pairs if p.key not in skipped]
    results: list[CellResult] = []
    for pair in todo:
        node = node_by_name[pair.node]
        if not node.available:
            cert = not_tested(pair, node, request.probe.level)
            _record(ctx, active, cert, node_host(node, {}), builds[pair.cell_id], None)
            results.append(CellResult(pair.key, builds[pair.cell_id], cert))
    runnable = [p for p in todo if node_by_name[p.node].available]
    ctx.progress.cells([p.key for p in runnable])
    follow = _Follow(nodes=node_by_name)
    timings: dict[str, float] = {}
    try:
        clock = time.perf_counter()
        _submit(ctx, request, active, spool, runnable, follow)
        timings["submit_s"] = time.perf_counter() - clock
        clock = time.perf_counter()
        results += _collect(ctx, request, active, spool, follow, builds)
        timings["follow_s"] = time.perf_counter() - clock
    except BaseException:
        ctx.cluster.cancel(follow.open())
        raise
    return results, skipped, timings


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


def _submit(
    ctx: Context,
    request: Submission,
    run: Run,
    spool: Path,
    pairs: list[Pair],
    follow: _Follow,
) -> None:
    options = request.cluster
    limit_min = max(1, int((request.probe.timeout_s + PULL_ALLOWANCE_S) // 60) + 1)
    for pair in pairs:
        directory = spool / pair.key
        script = directory / "task.sh"
        write_output(
            script,
            task_script(
                runtime=options.runtime,
                run_id=run.id,
                cell_id=pair.cell_id,
                image=pair.image,
                out=directory.absolute(),
                container_name=f"envforge-{run.id.lower()}-{pair.key.lower()}".replace("@", "-"),
                level=request.probe.level,
                timeout_s=int(request.probe.timeout_s),
                limits=request.probe.limits,
                gpu=pair.gpu,
            ),
            inputs=ctx.inputs,
            under=spool,
            what="--spool",
            mode=0o755,
        )
        job = ctx.cluster.submit(
            script.absolute(),
            node=pair.node,
            job_name=f"envforge-{run.id}",
            output=(directory / "slurm.out").absolute(),
            partition=options.partition,
            time_limit_min=limit_min,
            extra=options.sbatch_args,
        )
        follow.pairs[job] = pair
        write_output(directory / "job", job + "\n", under=spool, what="--spool")


def _collect(
    ctx: Context,
    request: Submission,
    run: Run,
    spool: Path,
    follow: _Follow,
    builds: dict[str, BuildResult],
) -> list[CellResult]:
    """Follow the tasks until each has finished; judge and record each as it finishes."""
    results: list[CellResult] = []
    unknown: dict[str, int] = {}
    wait = 0.2  # short tasks are seen finishing at once; long runs are polled every poll_s
    while follow.open():
        states = ctx.cluster.states(follow.open())
        for job in follow.open():
            state = states.get(job)
            if state is None:  # Slurm forgot it (MinJobAge) before we saw it finish
                unknown[job] = unknown.get(job, 0) + 1
                if unknown[job] < 5:
                    continue
                state = ClusterJob(job, "UNKNOWN", "no longer known to Slurm", None, "")
            pair = follow.pairs[job]
            if state.state == "RUNNING" and job not in follow.started:
                follow.started.add(job)
                ctx.progress.probe_started(pair.key)
            if not (state.finished or state.state == "UNKNOWN"):
                continue
            follow.done.add(job)
            node = follow.nodes[pair.node]
            files = read_task(spool / pair.key)
            outcome = SlurmOutcome(state.state, state.reason, state.exit_code)
            cert = judge_task(pair, node, files, outcome, request.probe.level)
            probe_log = spool / pair.key / "probe.err"
            _record(ctx, run, cert, node_host(node, files.node), builds[pair.cell_id], probe_log)
            result = CellResult(pair.key, builds[pair.cell_id], cert, probe_log=probe_log)
            results.append(result)
            ctx.progress.cell_done(result)
        if follow.open():
            time.sleep(wait)
            wait = min(request.cluster.poll_s, wait * 1.5)
    return results


def _record(
    ctx: Context,
    run: Run,
    cert: Certificate,
    host: HostInfo,
    built: BuildResult,
    probe_log: Path | None,
) -> None:
    """The node as a host of the store, then its certificate, committed now."""
    ctx.store.add_host(host)
    ctx.store.add(
        run.id,
        with_image_size(ctx.engine, cert),
        build_log=str(built.log_path),
        probe_log=str(probe_log) if probe_log else None,
    )
