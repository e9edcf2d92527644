"""The certify pipeline: render -> build -> probe -> certify -> store, for every selected cell.

Each cell's certificate is stored the moment it exists; a cell already certified for the same image
digest and host is not probed again unless ``force``. Interrupted runs clean their containers up by
label and are recorded as interrupted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .build import BuildProgress, BuildResult, BuildSettings, build_cells
from .certify import Certificate, certify
from .engine import LABEL_ROLE, LABEL_RUN, Engine, Hardening
from .host import HostInfo
from .matrix import Cell
from .outcome import ContainerRun
from .render import LABEL_PREFIX, render_cell
from .store import Store

__all__ = [
    "CertifyOptions",
    "CellOutcome",
    "RunReporter",
    "certify_cells",
    "probe_image",
    "PROBE_COMMAND",
]

PROBE_COMMAND = ["envforge-probe", "--json"]


class RunReporter(BuildProgress, Protocol):
    def probe_started(self, cell_id: str) -> None: ...
    def cell_done(self, outcome: CellOutcome) -> None: ...


@dataclass(frozen=True)
class CertifyOptions:
    level: int = 3
    force: bool = False
    probe_timeout: float = 600.0
    hardening: Hardening = field(default_factory=Hardening)
    workloads: tuple[str, ...] = ()


@dataclass(frozen=True)
class CellOutcome:
    cell: Cell
    build: BuildResult
    certificate: Certificate
    reused: bool = False
    probe_log: Path | None = None


def probe_image(
    engine: Engine,
    image: str,
    *,
    level: int,
    run_id: str,
    cell_id: str,
    host: HostInfo,
    options: CertifyOptions,
    gpu: bool,
    command: list[str] | None = None,
) -> ContainerRun:
    """Run the probe inside ``image`` in a hardened container."""
    argv = [*(command or PROBE_COMMAND), "--level", str(level)]
    if options.workloads:
        argv += ["--workloads", ",".join(options.workloads)]
    return engine.run(
        image,
        argv,
        timeout_s=options.probe_timeout,
        hardening=options.hardening,
        gpus=gpu and host.can_run_gpu_containers,
        labels={LABEL_RUN: run_id, LABEL_ROLE: "probe", f"{LABEL_PREFIX}.cell": cell_id},
    )


def certify_cells(
    *,
    engine: Engine,
    cells: tuple[Cell, ...],
    store: Store,
    host: HostInfo,
    settings: BuildSettings,
    options: CertifyOptions,
    reporter: RunReporter | None = None,
    gpu_peaks: dict[str, dict[str, float]] | None = None,
) -> list[CellOutcome]:
    """Certify ``cells`` (already started as run ``settings.run_id`` in ``store``).

    ``gpu_peaks`` (the knowledge base's peak TFLOP/s by GPU) goes into each image's expect.json and
    into certification, for the L3 matmul check.
    """
    outcomes: list[CellOutcome] = []
    rendered = [(cell, render_cell(cell, gpu_peaks=gpu_peaks)) for cell in cells]

    def on_built(cell: Cell, build: BuildResult) -> None:
        outcome = _certify_one(
            engine, cell, build, store, host, settings, options, reporter, gpu_peaks
        )
        outcomes.append(outcome)
        if reporter:
            reporter.cell_done(outcome)

    engine.remove_containers({LABEL_ROLE: "probe"}, only_stopped=True)  # left by a run that died
    try:
        build_cells(engine, rendered, settings, reporter, on_built=on_built)
    except BaseException:
        engine.remove_containers({LABEL_RUN: settings.run_id})
        raise
    order = {cell.id: i for i, cell in enumerate(cells)}
    return sorted(outcomes, key=lambda o: order[o.cell.id])


def _certify_one(
    engine: Engine,
    cell: Cell,
    build: BuildResult,
    store: Store,
    host: HostInfo,
    settings: BuildSettings,
    options: CertifyOptions,
    reporter: RunReporter | None,
    gpu_peaks: dict[str, dict[str, float]] | None,
) -> CellOutcome:
    expect = {"cell": cell.id, **cell.spec.expectations()}
    if not build.ok:
        cert = certify(
            cell_id=cell.id,
            expectations=expect,
            level=options.level,
            host=host,
            image_id=None,
            image_tag=build.tag or None,
            build_error=build.error,
            build_seconds=build.seconds,
        )
        store.add(settings.run_id, cert, build_log=str(build.log_path))
        return CellOutcome(cell, build, cert)
    previous = (
        None if options.force else store.latest(cell.id, build.image_id or "", host.fingerprint)
    )
    if previous and previous.certificate.level_requested >= options.level:
        return CellOutcome(
            cell,
            build,
            previous.certificate,
            reused=True,
            probe_log=Path(previous.probe_log) if previous.probe_log else None,
        )
    if reporter:
        reporter.probe_started(cell.id)
    probe = probe_image(
        engine,
        build.tag,
        level=options.level,
        run_id=settings.run_id,
        cell_id=cell.id,
        host=host,
        options=options,
        gpu=cell.spec.accelerator == "cuda",
    )
    probe_log = settings.logs_dir / f"{cell.id}.probe.log"
    probe_log.write_text(
        f"# exit code {probe.exit_code}; {probe.seconds:.1f} s; timed out: {probe.timed_out}; "
        f"OOM: {probe.oom_killed}\n# --- stderr ---\n{probe.stderr}\n# --- stdout ---\n{probe.stdout}\n",
        encoding="utf-8",
    )
    cert = certify(
        cell_id=cell.id,
        expectations=expect,
        level=options.level,
        host=host,
        image_id=build.image_id,
        image_tag=build.tag,
        build_seconds=build.seconds,
        probe=probe,
    )
    store.add(settings.run_id, cert, build_log=str(build.log_path), probe_log=str(probe_log))
    return CellOutcome(cell, build, cert, probe_log=probe_log)


def outcome_json(outcome: CellOutcome) -> dict[str, object]:
    """One cell of ``certify --json``."""
    spec = outcome.cell.spec
    data = outcome.certificate.summary(full=True)
    data.update(
        {
            "stack": spec.stack,
            "framework": spec.framework,
            "framework_version": spec.framework_version,
            "python": str(spec.python),
            "cuda": str(spec.cuda) if spec.cuda else None,
            "cudnn": str(spec.cudnn) if spec.cudnn else None,
            "base_image": outcome.build.base_image,
            "build_cached": outcome.build.cached,
            "reused_certificate": outcome.reused,
            "build_log": str(outcome.build.log_path),
            "probe_log": str(outcome.probe_log) if outcome.probe_log else None,
        }
    )
    return json.loads(json.dumps(data, default=str))
