"""The steps the cluster jobs share: the nodes of a run, its spool directory, and one task per
(image, node) submitted, followed, judged and recorded.

A task is submitted for each pair that is not recorded already (``resume``: not recorded in that
run, or recorded only as a cluster failure); a pair on a node that is down is recorded NOT_TESTED
with the cluster's reason and nothing is submitted for it. Each certificate is recorded the moment
its task finishes; whatever stops the follow loop (Ctrl-C included) cancels the tasks still open
and keeps what came back. Waits go through ``ctx.clock``, so tests follow tasks without sleeping.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ... import labels
from ...cluster.constraint import matches
from ...cluster.scripts import task_script
from ...cluster.tasks import Pair, judge_task, node_host, not_tested, read_task
from ...engine.cluster import ClusterNode, ClusterTask
from ...errors import BadInputError, NothingSelectedError
from ...expectations import Accelerator
from ...host import HostInfo
from ...outputs import write_output
from ...results import BuildResult, CellResult, Certificate
from ..attestations import Attached, attach_run
from ..context import Context, Run
from ..options import ClusterOptions, ProbeOptions
from ..preamble import Preamble
from ..probing import inspect_image, shim
from ..push import check_registry, push_image

__all__ = [
    "Submission",
    "ClusterResult",
    "cluster_result",
    "Probed",
    "cluster_nodes",
    "select_nodes",
    "open_spool",
    "probe_pairs",
    "FIRST_WAIT_S",
    "FORGOTTEN_AFTER",
    "ImagesToVerify",
    "verify_images",
]

FIRST_WAIT_S = 0.2  # short tasks are seen finishing at once; long runs are polled every poll_s
FORGOTTEN_AFTER = 5  # looks at the queue without a task before it is taken as lost (UNKNOWN)


class Submission(Protocol):
    """What submitting and following tasks needs of a request (certify's or verify's)."""

    @property
    def probe(self) -> ProbeOptions: ...
    @property
    def cluster(self) -> ClusterOptions: ...


@dataclass(frozen=True)
class ClusterResult:
    """A run on a cluster's nodes: one result per (cell, node), and per cell whose build failed."""

    run_id: str
    cluster: str
    spool: Path
    nodes: tuple[ClusterNode, ...]
    images: dict[str, str]  # cell (or image named) -> REPO@sha256:...
    builds: tuple[BuildResult, ...]
    cells: tuple[CellResult, ...]
    skipped: tuple[tuple[str, str], ...] = ()  # (cell, node) already recorded (resume, or before)
    timings: dict[str, float] = field(default_factory=dict)  # build, push, submit, follow (s)
    preamble: Preamble | None = None
    attestations: tuple[Attached, ...] = ()  # the statements attached to each image

    @property
    def passed(self) -> bool:
        return all(c.certificate for c in self.cells) and all(a.ok for a in self.attestations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cluster": self.cluster,
            "spool": str(self.spool),
            "passed": self.passed,
            "nodes": [n.to_dict() for n in self.nodes],
            "images": self.images,
            "cells": [c.to_dict() for c in self.cells],
            "skipped": [{"cell": cell, "node": node} for cell, node in self.skipped],
            "timings": self.timings,
            "attestations": [a.to_dict() for a in self.attestations],
            "preamble": self.preamble.to_dict() if self.preamble else None,
        }


@dataclass(frozen=True)
class Probed:
    """What the tasks of a run gave: a result per pair, the pairs skipped, the time it took."""

    results: tuple[CellResult, ...]
    skipped: tuple[tuple[str, str], ...]  # (cell, node) pairs already recorded
    timings: dict[str, float]


def cluster_result(
    ctx: Context,
    preamble: Preamble,
    run: Run,
    spool: Path,
    nodes: list[ClusterNode],
    images: dict[str, str],
    builds: Iterable[BuildResult],
    results: Iterable[CellResult],
    timings: dict[str, float],
    skipped: tuple[tuple[str, str], ...],
    attestations: tuple[Attached, ...] = (),
) -> ClusterResult:
    """A cluster run's result: its results in (cell, node) order, its timings rounded."""
    return ClusterResult(
        run_id=run.id,
        cluster=ctx.cluster.describe(),
        spool=spool,
        nodes=tuple(nodes),
        images=images,
        builds=tuple(builds),
        cells=tuple(sorted(results, key=lambda r: (r.cell_id, r.node or ""))),
        skipped=skipped,
        timings={k: round(v, 3) for k, v in timings.items()},
        preamble=preamble,
        attestations=attestations,
    )


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


def cluster_nodes(ctx: Context, options: ClusterOptions) -> list[ClusterNode]:
    """The nodes of the run, as the cluster lists them now (the first word with the scheduler)."""
    nodes = select_nodes(ctx.cluster.nodes(options.partition), options.nodes, options.constraint)
    ctx.progress.note(f"{len(nodes)} node(s) of {ctx.cluster.describe()}")
    for node in nodes:
        if not node.available:
            ctx.progress.note(f"node {node.name} is {node.state} ({node.reason or 'no reason'})")
    return nodes


def open_spool(ctx: Context, options: ClusterOptions, active: Run) -> Path:
    """The run's spool directory (``spool/<run>/``), made: each task writes its files there."""
    spool = (options.spool or ctx.state.spool) / active.id
    spool.mkdir(parents=True, exist_ok=True)
    return spool


def _already(ctx: Context, pair: Pair, request: Submission) -> bool:
    """Whether ``pair`` needs no task: recorded in the resumed run, whatever its image's digest then
    (a verify shim's differs from run to run; a record of a task that did not test the image, a
    code of the cluster layer, is a gap), or this image certified on that node before."""
    if request.cluster.resume:
        recorded = ctx.store.on_node(pair.cell_id, None, pair.node, run_id=request.cluster.resume)
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
    """The tasks of a run in flight: task ids, what has been judged."""

    pairs: dict[str, Pair] = field(default_factory=dict)  # task id -> pair
    nodes: dict[str, ClusterNode] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    started: set[str] = field(default_factory=set)

    def open(self) -> list[str]:
        return [task for task in self.pairs if task not in self.done]


def probe_pairs(
    ctx: Context,
    request: Submission,
    active: Run,
    spool: Path,
    pairs: list[Pair],
    nodes: list[ClusterNode],
    builds: dict[str, BuildResult],
) -> Probed:
    """Submit one task per pair not yet recorded, follow them, judge and record each; a pair on a
    node that is down is recorded NOT_TESTED."""
    node_by_name = {n.name: n for n in nodes}
    skipped = tuple((p.cell_id, p.node) for p in pairs if _already(ctx, p, request))
    todo = [p for p in pairs if (p.cell_id, p.node) not in skipped]
    results: list[CellResult] = []
    for pair in todo:
        node = node_by_name[pair.node]
        if not node.available:
            cert = not_tested(pair, node, request.probe.level)
            _record(ctx, active, cert, node_host(node, {}), builds[pair.cell_id], None)
            results.append(CellResult(pair.cell_id, builds[pair.cell_id], cert, node=pair.node))
    runnable = [p for p in todo if node_by_name[p.node].available]
    ctx.progress.cells([p.key for p in runnable])
    follow = _Follow(nodes=node_by_name)
    timings: dict[str, float] = {}
    try:
        clock = ctx.clock.now()
        _submit(ctx, request, active, spool, runnable, follow)
        timings["submit_s"] = ctx.clock.now() - clock
        clock = ctx.clock.now()
        results += _follow(ctx, request, active, spool, follow, builds)
        timings["follow_s"] = ctx.clock.now() - clock
    except BaseException:
        ctx.cluster.cancel(follow.open())
        raise
    return Probed(tuple(results), skipped, timings)


def _submit(
    ctx: Context,
    request: Submission,
    run: Run,
    spool: Path,
    pairs: list[Pair],
    follow: _Follow,
) -> None:
    options = request.cluster
    limit_min = max(1, int((request.probe.timeout_s + options.pull_allowance_s) // 60) + 1)
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
                image_cache=(options.image_cache or spool.parent / "images").absolute(),
            ),
            inputs=ctx.inputs,
            under=spool,
            what="--spool",
            mode=0o755,
        )
        task = ctx.cluster.submit(
            script.absolute(),
            node=pair.node,
            job_name=f"envforge-{run.id}",
            output=(directory / "slurm.out").absolute(),
            partition=options.partition,
            time_limit_min=limit_min,
            extra=options.sbatch_args,
        )
        follow.pairs[task] = pair
        write_output(directory / "job", task + "\n", under=spool, what="--spool")


def _follow(
    ctx: Context,
    request: Submission,
    run: Run,
    spool: Path,
    follow: _Follow,
    builds: dict[str, BuildResult],
) -> list[CellResult]:
    """Follow the tasks until each has finished; judge and record each as it finishes."""
    results: list[CellResult] = []
    misses: dict[str, int] = {}
    wait = FIRST_WAIT_S
    while follow.open():
        states = ctx.cluster.states(follow.open())
        for task_id in follow.open():
            task = states.get(task_id)
            if task is None:  # the cluster forgot it (Slurm's MinJobAge) before we saw it finish
                misses[task_id] = misses.get(task_id, 0) + 1
                if misses[task_id] < FORGOTTEN_AFTER:
                    continue
                task = ClusterTask(task_id, "UNKNOWN", "no longer known to the cluster")
            pair = follow.pairs[task_id]
            if task.state == "RUNNING" and task_id not in follow.started:
                follow.started.add(task_id)
                ctx.progress.probe_started(pair.key)
            if not (task.finished or task.state == "UNKNOWN"):
                continue
            follow.done.add(task_id)
            results.append(
                _judged(ctx, request, run, spool, follow.nodes[pair.node], pair, task, builds)
            )
        if follow.open():
            ctx.clock.sleep(wait)
            wait = min(request.cluster.poll_s, wait * 1.5)
    return results


def _judged(
    ctx: Context,
    request: Submission,
    run: Run,
    spool: Path,
    node: ClusterNode,
    pair: Pair,
    task: ClusterTask,
    builds: dict[str, BuildResult],
) -> CellResult:
    """A finished task's files judged against its node, and recorded."""
    files = read_task(spool / pair.key)
    cert = judge_task(pair, node, files, task, request.probe.level)
    probe_log = spool / pair.key / "probe.err"
    built = builds[pair.cell_id]
    _record(ctx, run, cert, node_host(node, files.node), built, probe_log)
    result = CellResult(pair.cell_id, built, cert, probe_log=probe_log, node=pair.node)
    ctx.progress.cell_done(result)
    return result


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
        cert,
        build_log=str(built.log_path),
        probe_log=str(probe_log) if probe_log else None,
    )


class ImagesToVerify(Submission, Protocol):
    """What ``verify_images`` needs of a request (verify's, the gate's)."""

    @property
    def images(self) -> tuple[str, ...]: ...
    @property
    def expect_accelerator(self) -> Accelerator | None: ...


def verify_images(ctx: Context, request: ImagesToVerify, preamble: Preamble) -> ClusterResult:
    """``request.images`` (on this engine) pushed by digest and probed on the cluster's nodes, as
    ``verify --backend slurm`` and the gate's recertification do (see jobs/cluster/verify.py)."""
    options = request.cluster
    nodes = cluster_nodes(ctx, options)
    check_registry(ctx, options.registry)
    found = {
        image: inspect_image(ctx, image, request.expect_accelerator) for image in request.images
    }
    with ctx.run(
        f"verify --backend slurm --registry {options.registry} {' '.join(request.images)}",
        level=request.probe.level,
    ) as active:
        ctx.progress.note(f"run {active.id}: {len(found)} image(s)")
        spool = open_spool(ctx, options, active)
        clock = ctx.clock.now()
        builds: dict[str, BuildResult] = {}
        images: dict[str, str] = {}
        pairs: list[Pair] = []
        try:
            for image, inspected in found.items():
                name = inspected.cell or image
                target = image
                if inspected.injected or request.expect_accelerator:
                    expect: dict[str, Any] = {
                        **inspected.expect.to_dict(),
                        "gpu_peaks": ctx.kb.gpu_peaks(),
                    }
                    target = shim(ctx.engine, image, expect, active.id)
                target_id = ctx.engine.image_id(target) or inspected.image_id
                built = BuildResult(
                    cell_id=name,
                    image_id=target_id,
                    image_ref=image,
                    content_hash=target_id.removeprefix("sha256:"),
                    base_image=image,
                    log_path=active.logs_dir,
                    seconds=0.0,
                    cached=True,
                    image_size=inspected.size,
                )
                builds[name] = built
                images[name] = push_image(ctx, built, options.registry, active)
                pairs += [
                    Pair(name, images[name], node.name, inspected.expect, inspected.size)
                    for node in nodes
                ]
        finally:  # pushed: the shims live on in the registry, by digest
            ctx.engine.remove_images({labels.RUN: active.id, labels.ROLE: labels.ROLE_VERIFY_SHIM})
        timings = {"push_s": ctx.clock.now() - clock}
        probed = probe_pairs(ctx, request, active, spool, pairs, nodes, builds)
        timings.update(probed.timings)
        clock = ctx.clock.now()
        attached = attach_run(
            ctx, preamble, active.id, builds.values(), images, probed.results, options.runtime
        )
        timings["attest_s"] = ctx.clock.now() - clock
    return cluster_result(
        ctx, preamble, active, spool, nodes, images, builds.values(), probed.results, timings,
        probed.skipped, attached,
    )  # fmt: skip
