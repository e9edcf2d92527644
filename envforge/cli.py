"""Command line: parsing and printing only; the one place that exits.

Every subcommand calls library functions that return typed values or raise EnvforgeError; ``main``
turns errors into one located line, a hint, and the documented exit code (errors.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from . import __version__, doctor, project, report
from . import driver as driverlib
from . import forge as forgelib
from .build import BuildResult, BuildSettings, build_cells
from .certify import Verdict
from .engine import LABEL_ROLE, Engine, Hardening
from .errors import (
    EXIT_FAILED,
    EXIT_OK,
    BadInputError,
    EnvforgeError,
    InvalidFileError,
    NothingSelectedError,
)
from .host import HostInfo, detect_host
from .knowledge import KnowledgeBase, load_knowledge
from .knowledge.driver import brand_of, check_driver, evaluate_require
from .knowledge.explain import explain
from .knowledge.models import Gpu, parse_cc
from .matrix import Cell, Expansion, expand, load_matrix, select
from .render import render_cell
from .runner import CellOutcome, CertifyOptions, certify_cells, outcome_json
from .site import STATE_DIR, load_site
from .stacks import StackSpec
from .store import Store, new_run_id
from .verify import verify_image
from .versions import parse_version
from .wheelhouse import Wheelhouse

__all__ = ["main", "build_parser"]

JSON_SCHEMA_VERSION = 1
Handler = Callable[[argparse.Namespace, "Output"], int]


class Output:
    """stdout for results (tables or one JSON document), stderr for progress and messages."""

    def __init__(self, json_mode: bool) -> None:
        self.json_mode = json_mode
        # Not a terminal (a log, a pipe): wide enough that tables stay readable.
        width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "200"))
        self.out = Console(highlight=False, soft_wrap=False, width=width)
        self.err = Console(stderr=True, highlight=False, soft_wrap=True)

    def json(self, doc: dict[str, Any]) -> None:
        sys.stdout.write(
            json.dumps(
                {"schema_version": JSON_SCHEMA_VERSION, **doc},
                indent=2,
                sort_keys=True,
                default=str,
            )
            + "\n"
        )

    def note(self, text: str) -> None:
        self.err.print(text)


# -- shared helpers ---------------------------------------------------------------------------------


def _expansion(args: argparse.Namespace) -> Expansion:
    kb = load_knowledge()
    return expand(load_matrix(project.resolve_matrix(args.matrix)), kb)


def _db_path(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else STATE_DIR / "results.db"


def _verdict_style(verdict: str) -> str:
    return {
        "CERTIFIED": "bold green",
        "FAILED": "bold red",
        "BUILD_FAILED": "bold red",
        "PROBE_ERROR": "bold yellow",
    }.get(verdict, "")


class _Progress:
    """Per-cell progress bars (build steps, then probe) for long runs."""

    def __init__(self, output: Output, cells: list[str]) -> None:
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.fields[cell]:<34}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[status]}"),
            TimeElapsedColumn(),
            console=output.err,
            transient=False,
            disable=not output.err.is_terminal and os.environ.get("ENVFORGE_PROGRESS") != "1",
        )
        self.tasks = {
            c: self.progress.add_task(c, cell=c, status="waiting", total=None) for c in cells
        }
        self.output = output

    def __enter__(self) -> _Progress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def build_started(self, cell_id: str) -> None:
        self.progress.update(self.tasks[cell_id], status="building")

    def build_step(self, cell_id: str, step: int, total: int) -> None:
        self.progress.update(
            self.tasks[cell_id],
            completed=step,
            total=total + 1,
            status=f"build step {step}/{total}",
        )

    def build_finished(self, result: BuildResult) -> None:
        status = (
            "build cached" if result.cached else "built" if result.ok else "[red]build failed[/]"
        )
        self.progress.update(self.tasks[result.cell_id], status=status)
        if not self.progress.disable or self.output.json_mode:
            return
        self.output.note(
            f"{result.cell_id}: {status} ({result.seconds:.0f} s), log {result.log_path}"
        )

    def probe_started(self, cell_id: str) -> None:
        self.progress.update(self.tasks[cell_id], status="probing")

    def cell_done(self, outcome: CellOutcome) -> None:
        cert = outcome.certificate
        task = self.tasks[outcome.cell.id]
        total = self.progress.tasks[task].total or 1
        verdict = f"[{_verdict_style(cert.verdict)}]{cert.verdict.value}[/] L{cert.level_reached}"
        self.progress.update(
            task,
            completed=total,
            total=total,
            status=verdict + (" (earlier certificate)" if outcome.reused else ""),
        )


# -- certify -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Prepared:
    """What certify and build both set up before building."""

    kb: KnowledgeBase
    expansion: Expansion
    cells: tuple[Cell, ...]
    engine: Engine
    host: HostInfo
    run_id: str
    settings: BuildSettings


def _wheelhouse(args: argparse.Namespace, kb: KnowledgeBase) -> Wheelhouse | None:
    """The shared wheelhouse the build options ask for (None with --no-wheelhouse)."""
    if args.offline and args.no_wheelhouse:
        raise BadInputError("--offline needs a wheelhouse (drop --no-wheelhouse)")
    if args.no_wheelhouse:
        return None
    directory = Path(args.wheelhouse) if args.wheelhouse else STATE_DIR / "wheelhouse"
    return Wheelhouse(
        directory, kb, offline=args.offline, refresh=getattr(args, "refresh_wheelhouse", False)
    )


def _gpu_arg(kb: KnowledgeBase, name: str | None) -> Gpu | None:
    """``--gpu NAME`` looked up in the knowledge base (BadInputError when it is not there)."""
    if not name:
        return None
    gpu = kb.gpu(name)
    if gpu is None:
        raise BadInputError(
            f"--gpu {name}: not in the knowledge base's GPU table (matrices/compat/gpus.yaml)",
            hint="give its compute capability with --cc X.Y instead",
        )
    return gpu


def _prepare(args: argparse.Namespace, output: Output) -> _Prepared:
    kb = load_knowledge()
    expansion = expand(load_matrix(project.resolve_matrix(args.matrix)), kb)
    cells = select(expansion.cells, args.select)
    site = load_site(args.site, args.ca_bundle)
    wheelhouse = _wheelhouse(args, kb)
    engine = Engine.connect()
    host = detect_host(engine.info())
    run_id = new_run_id()
    settings = BuildSettings(
        site=site,
        logs_dir=STATE_DIR / "logs" / run_id,
        run_id=run_id,
        matrix_digest=expansion.matrix.digest,
        matrix_bases=expansion.matrix.file.bases,
        jobs=args.jobs,
        nocache=args.no_cache,
        wheelhouse=wheelhouse,
    )
    if not output.json_mode:
        output.note(
            f"envforge {__version__}: {len(cells)} cell(s) of {expansion.matrix.path}, run {run_id}, "
            f"{args.jobs} build(s) at a time"
        )
        output.note(f"host: {host.summary()}")
        if site.ca_bundle:
            output.note(
                f"CA bundle for builds: {site.ca_bundle} (from {site.ca_bundle_origin}); builder stage only"
            )
        if wheelhouse:
            mode = (
                "offline: no package index, no network in builds"
                if args.offline
                else "each wheel downloaded once"
            )
            output.note(f"wheelhouse: {wheelhouse.directory} ({mode})")
    return _Prepared(kb, expansion, cells, engine, host, run_id, settings)


def cmd_certify(args: argparse.Namespace, output: Output) -> int:
    prep = _prepare(args, output)
    expansion, cells, engine, host, run_id, settings = (
        prep.expansion,
        prep.cells,
        prep.engine,
        prep.host,
        prep.run_id,
        prep.settings,
    )
    level = args.level
    logs_dir = settings.logs_dir
    if not output.json_mode and not host.can_run_gpu_containers:
        why = "this host has no GPU" if not host.has_gpu else "the engine has no NVIDIA runtime"
        output.note(
            f"[yellow]{why}: cells are certified up to L1 (GPU levels L2-L3 are not reached)[/]"
        )
    options = CertifyOptions(
        level=level,
        force=args.force,
        probe_timeout=args.probe_timeout,
        hardening=Hardening(memory=args.probe_memory),
    )
    with Store(_db_path(args)) as store:
        store.start_run(
            run_id,
            command="certify",
            host=host,
            level=level,
            matrix=str(expansion.matrix.path),
            matrix_digest=expansion.matrix.digest,
        )
        status = "failed"
        try:
            with _Progress(output, [c.id for c in cells]) as progress:
                outcomes = certify_cells(
                    engine=engine,
                    cells=cells,
                    store=store,
                    host=host,
                    settings=settings,
                    options=options,
                    reporter=progress,
                    gpu_peaks=prep.kb.gpu_peaks(),
                )
            status = "finished"
        except KeyboardInterrupt:
            status = "interrupted"
            raise
        finally:
            store.finish_run(run_id, status)
    if output.json_mode:
        output.json(
            {
                "run_id": run_id,
                "matrix": str(expansion.matrix.path),
                "matrix_digest": expansion.matrix.digest,
                "host": host.to_dict(),
                "db": str(_db_path(args)),
                "logs": str(logs_dir),
                "cells": [outcome_json(o) for o in outcomes],
                "rejected": [
                    {"cell": r.id, "reason": r.reason, "source": r.source}
                    for r in expansion.rejected
                ],
            }
        )
    else:
        _print_certify_table(output, outcomes, host.has_gpu)
        output.note(f"results: {_db_path(args)} (run {run_id}); logs: {logs_dir}")
    return EXIT_OK if all(o.certificate for o in outcomes) else EXIT_FAILED


def _print_certify_table(output: Output, outcomes: list[CellOutcome], has_gpu: bool) -> None:
    table = Table(title="envforge certify", title_justify="left")
    for column in ("cell", "image", "framework", "build target", "level", "verdict", "notes"):
        table.add_column(column, overflow="fold")
    for o in outcomes:
        spec, cert = o.cell.spec, o.certificate
        target = spec.target()
        notes = cert.ceiling or ""
        if cert.verdict is not Verdict.CERTIFIED and cert.diagnoses:
            d = cert.diagnoses[0]
            notes = f"{d.code}: {d.summary}" + (f" -> {d.fix}" if d.fix else "")
        if o.reused:
            notes = (
                notes + "; " if notes else ""
            ) + "already certified for this image and host (--force re-runs)"
        table.add_row(
            o.cell.id,
            o.build.tag or "-",
            _framework_label(spec),
            target,
            f"L{cert.level_reached}",
            f"[{_verdict_style(cert.verdict.value)}]{cert.verdict.value}[/]",
            escape(notes),
        )
    output.out.print(table)


def _framework_label(spec: StackSpec) -> str:
    """'TensorFlow 2.21.0', 'Keras 3.15.1 on jax', 'PlaidML 0.7.0'."""
    if spec.framework == "tensorflow":
        return f"TensorFlow {spec.framework_version}"
    if spec.framework == "plaidml":
        return f"PlaidML {spec.framework_version}"
    return f"Keras {spec.framework_version} on {spec.backend}"


# -- verify ------------------------------------------------------------------------------------------


def cmd_verify(args: argparse.Namespace, output: Output) -> int:
    engine = Engine.connect()
    host = detect_host(engine.info())
    run_id = new_run_id()
    options = CertifyOptions(
        level=args.level,
        probe_timeout=args.probe_timeout,
        hardening=Hardening(memory=args.probe_memory),
    )
    engine.remove_containers({LABEL_ROLE: "probe"}, only_stopped=True)  # left by a run that died
    result = verify_image(
        engine,
        args.image,
        host=host,
        options=options,
        run_id=run_id,
        expect_accelerator=args.expect_accelerator,
        gpu_peaks=load_knowledge().gpu_peaks(),
    )
    if args.db:
        with Store(Path(args.db)) as store:
            store.start_run(run_id, command=f"verify {args.image}", host=host, level=args.level)
            store.add(run_id, result.certificate)
            store.finish_run(run_id, "finished")
    if output.json_mode:
        output.json({"run_id": run_id, "host": host.to_dict(), **result.to_dict()})
    else:
        cert = result.certificate
        how = "probe added for this run" if result.injected else "the image's own probe"
        output.note(f"verifying {args.image} ({how}) on {host.summary()}")
        _print_checks(output, cert.checks)
        style = "bold green" if result.passed else "bold red"
        note = f" ({escape(cert.ceiling)})" if cert.ceiling else ""
        output.out.print(
            f"[{style}]{'PASS' if result.passed else 'FAIL'}[/]: level reached L{cert.level_reached}{note}"
        )
        for diag in cert.diagnoses:
            output.out.print(
                f"  [bold]{diag.code}[/]: {escape(diag.summary)}"
                + (f"\n    fix: {escape(diag.fix)}" if diag.fix else "")
            )
    return EXIT_OK if result.passed else EXIT_FAILED


def _print_checks(
    output: Output, checks: tuple[dict[str, Any], ...] | list[dict[str, Any]]
) -> None:
    table = Table(show_header=True, box=None, pad_edge=False)
    for column in ("status", "check", "level", "result"):
        table.add_column(column, overflow="fold")
    colours = {"pass": "green", "warn": "yellow", "skip": "dim", "fail": "red"}
    for check in checks:
        code = f" [{check['code']}]" if check.get("code") and check["status"] != "pass" else ""
        table.add_row(
            f"[{colours[check['status']]}]{check['status'].upper()}[/]",
            check["id"],
            f"L{check['level']}",
            escape(check["summary"] + code),
        )
    output.out.print(table)


# -- forge -------------------------------------------------------------------------------------------


def cmd_forge(args: argparse.Namespace, output: Output) -> int:
    kb = load_knowledge()
    spec = forgelib.tf_spec(args.tf)
    if args.driver:
        _driver_arg(args.driver)
    _gpu_arg(kb, args.gpu)
    accelerator = args.accelerator or ("cuda" if args.driver or args.gpu else "cpu")
    site = load_site(args.site, args.ca_bundle)
    wheelhouse = _wheelhouse(args, kb)
    engine = Engine.connect()
    host = detect_host(engine.info())
    with Store(_db_path(args)) as store:
        found, rejected = forgelib.candidates(
            kb,
            spec=spec,
            python=args.python,
            driver=args.driver,
            gpu=args.gpu,
            accelerator=accelerator,
            host=host,
            store=store,
        )
        if not found:
            reasons = "; ".join(f"{r['cell']}: {r['reason']}" for r in rejected[:4])
            raise NothingSelectedError(
                f"no combination for TensorFlow {spec} works here: {reasons}"
            )
        if not output.json_mode:
            output.note(
                f"forge: {len(found)} candidate(s), newest first: {forgelib.describe(found[0].cell)}"
                + (f"; {len(rejected)} combination(s) ruled out" if rejected else "")
            )
        run_id = new_run_id()
        settings = BuildSettings(
            site=site,
            logs_dir=STATE_DIR / "logs" / run_id,
            run_id=run_id,
            matrix_digest="forge",
            jobs=1,
            wheelhouse=wheelhouse,
        )
        options = CertifyOptions(
            level=3, probe_timeout=args.probe_timeout, hardening=Hardening(memory=args.probe_memory)
        )
        store.start_run(run_id, command=f"forge --tf {args.tf}", host=host, level=3)
        status = "failed"
        try:
            with _Progress(output, [c.cell.id for c in found]) as progress:
                result = forgelib.forge(
                    engine=engine,
                    kb=kb,
                    store=store,
                    host=host,
                    settings=settings,
                    options=options,
                    found=found,
                    tag=args.tag,
                    directory=Path(args.out),
                    reporter=progress,
                )
            status = "finished"
        finally:
            store.finish_run(run_id, status)
    cert = result.outcome.certificate
    if output.json_mode:
        output.json(
            {
                "run_id": run_id,
                "image": result.tag,
                "image_id": result.outcome.build.image_id,
                "cell": result.outcome.cell.id,
                "lock": str(result.lock_path),
                "verdict": cert.verdict.value,
                "level": cert.level_reached,
                "ceiling": cert.ceiling,
                "tried": result.tried,
                "rejected": rejected,
            }
        )
    else:
        output.out.print(
            f"[bold green]forged[/] {result.tag}: {escape(forgelib.describe(result.outcome.cell))}, "
            f"CERTIFIED L{cert.level_reached}"
            + (f" ({escape(cert.ceiling)})" if cert.ceiling else "")
        )
        output.out.print(f"lock file: {result.lock_path}")
    return EXIT_OK


# -- report ------------------------------------------------------------------------------------------


def _open_db(args: argparse.Namespace) -> Store:
    path = _db_path(args)
    if not path.is_file():
        raise BadInputError(
            f"no results database at {path}", hint="run envforge certify first, or give --db PATH"
        )
    return Store(path)


def cmd_report(args: argparse.Namespace, output: Output) -> int:
    with _open_db(args) as store:
        data = report.build_report(store.certificates(), store.hosts())
    if args.format == "json":
        text = json.dumps(report.to_json(data), indent=2, sort_keys=True) + "\n"
    elif args.format == "html":
        text = report.to_html(data)
    else:
        text = report.to_markdown(data)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        output.note(f"wrote {args.output}: {len(data.cells)} cell(s) on {len(data.hosts)} host(s)")
    else:
        sys.stdout.write(text)
    return EXIT_OK


# -- doctor ------------------------------------------------------------------------------------------


def cmd_doctor(args: argparse.Namespace, output: Output) -> int:
    gpu_present = {"yes": True, "no": False, "auto": None}[args.gpu_present]
    context: dict[str, Any] = {}
    if args.log:
        if args.log == "-":
            text = sys.stdin.read()
            source = "stdin"
        else:
            try:
                text = Path(args.log).read_text(encoding="utf-8", errors="replace")
            except OSError as exc:
                raise BadInputError(f"--log {args.log}: cannot read it ({exc.strerror})") from None
            source = args.log
        diagnoses = doctor.diagnose_log(text, gpu_present=gpu_present)
        context = {"source": source}
    elif args.image:
        engine = Engine.connect()
        host = detect_host(engine.info())
        options = CertifyOptions(level=2, probe_timeout=args.probe_timeout)
        result = verify_image(
            engine,
            args.image,
            host=host,
            options=options,
            run_id=new_run_id(),
            expect_accelerator=args.expect_accelerator or "cuda",
        )
        cert = result.certificate
        diagnoses = doctor.diagnose_checks(cert.checks) or [
            doctor.Diagnosis(d.code, doctor.layer_of(d.code), list(d.evidence), d.fix, d.summary)
            for d in cert.diagnoses
        ]
        seen = {d.code for d in diagnoses}
        diagnoses += [
            d
            for d in doctor.diagnose_log(result.probe_log, gpu_present=host.has_gpu)
            if d.code not in seen
        ]
        context = {"source": f"image {args.image}", "host": host.summary()}
    else:
        diagnoses, facts = doctor.host_diagnoses(args.python, level=2)
        framework = (facts or {}).get("framework") or {}
        context = {
            "source": f"this host ({args.python or sys.executable})",
            "framework": f"{framework.get('name')} {framework.get('version') or ''}".strip(),
        }
    if output.json_mode:
        sys.stdout.write(doctor.to_json(diagnoses, **context) + "\n")
    else:
        output.note(f"doctor: {context['source']}")
        if not diagnoses:
            output.out.print(
                "nothing recognisable: no catalogued cause found"
                + (" in the log" if args.log else "")
            )
        for rank, diag in enumerate(diagnoses):
            head = "most likely cause" if rank == 0 else "also"
            output.out.print(
                f"[bold]{head}: {diag.code}[/] ({diag.layer})"
                + (f": {escape(diag.summary)}" if diag.summary else "")
            )
            for line in diag.evidence[:5]:
                output.out.print(f"    evidence: {escape(line)}")
            if diag.fix:
                output.out.print(f"    fix: {escape(diag.fix)}")
    return EXIT_FAILED if any(d.code != "CPU_ONLY_HOST_BENIGN" for d in diagnoses) else EXIT_OK


# -- build -------------------------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace, output: Output) -> int:
    prep = _prepare(args, output)
    rendered = [(cell, render_cell(cell, gpu_peaks=prep.kb.gpu_peaks())) for cell in prep.cells]
    with _Progress(output, [c.id for c in prep.cells]) as progress:
        results = build_cells(prep.engine, rendered, prep.settings, progress)
    if output.json_mode:
        output.json(
            {
                "run_id": prep.run_id,
                "logs": str(prep.settings.logs_dir),
                "cells": [
                    {
                        "cell": r.cell_id,
                        "image": r.tag or None,
                        "image_id": r.image_id,
                        "cached": r.cached,
                        "ok": r.ok,
                        "error": r.error,
                        "seconds": round(r.seconds, 2),
                        "base_image": r.base_image,
                        "log": str(r.log_path),
                    }
                    for r in results
                ],
            }
        )
    else:
        table = Table(title="envforge build", title_justify="left")
        for column in ("cell", "image", "status", "seconds", "log"):
            table.add_column(column, overflow="fold")
        for r in results:
            status = (
                "[green]cached[/]"
                if r.cached
                else "[green]built[/]"
                if r.ok
                else f"[red]failed[/]: {escape(r.error or '')}"
            )
            table.add_row(r.cell_id, r.tag or "-", status, f"{r.seconds:.1f}", str(r.log_path))
        output.out.print(table)
    return EXIT_OK if all(r.ok for r in results) else EXIT_FAILED


# -- matrix ------------------------------------------------------------------------------------------


def cmd_matrix_list(args: argparse.Namespace, output: Output) -> int:
    expansion = _expansion(args)
    if output.json_mode:
        output.json(
            {
                "matrix": str(expansion.matrix.path),
                "digest": expansion.matrix.digest,
                "cells": [
                    {
                        "cell": c.id,
                        "axes": c.axis,
                        "stack": c.spec.stack,
                        "base_image": c.spec.base_image,
                        "requirements": list(c.spec.requirements),
                        "expect": c.spec.expectations(),
                        "nvidia_require_cuda": c.spec.nvidia_require_cuda,
                    }
                    for c in expansion.cells
                ],
                "rejected": [
                    {"cell": r.id, "axes": dict(r.values), "reason": r.reason, "source": r.source}
                    for r in expansion.rejected
                ],
            }
        )
        return EXIT_OK
    table = Table(
        title=f"{expansion.matrix.path}: {len(expansion.cells)} cell(s)", title_justify="left"
    )
    for column in ("cell", "stack", "base", "installs", "build target"):
        table.add_column(column, overflow="fold")
    for c in expansion.cells:
        installs = " ".join(c.spec.requirements) or "(as published)"
        table.add_row(c.id, c.spec.stack, c.spec.base_image, escape(installs), c.spec.target())
    output.out.print(table)
    if expansion.rejected:
        rejected = Table(
            title=f"rejected: {len(expansion.rejected)} combination(s)", title_justify="left"
        )
        rejected.add_column("cell", overflow="fold")
        rejected.add_column("reason", overflow="fold")
        rejected.add_column("source", overflow="fold")
        for r in expansion.rejected:
            rejected.add_row(r.id, escape(r.reason), escape(r.source or ""))
        output.out.print(rejected)
    return EXIT_OK


def cmd_matrix_explain(args: argparse.Namespace, output: Output) -> int:
    kb = load_knowledge()
    result = explain(
        kb,
        tf=args.tf,
        python=args.python,
        cuda=args.cuda,
        driver=args.driver,
        gpu=args.gpu,
        cc=args.cc,
        rocm=args.rocm,
    )
    if output.json_mode:
        output.json(result.to_dict())
    else:
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        rows = [
            ("TensorFlow", result.tensorflow),
            ("Python", ", ".join(result.python)),
            ("CUDA", result.cuda),
            ("cuDNN", result.cudnn),
            ("min driver (Linux)", result.min_driver),
            ("SASS targets", ", ".join(result.compute_capabilities)),
            ("PTX", result.ptx),
            ("Keras", str(result.keras) if result.keras else None),
            ("TensorFlow releases", ", ".join(result.tensorflow_releases)),
            (
                "GPU",
                f"{result.gpu.get('name') or ''} cc {result.gpu['cc']}".strip()
                if result.gpu
                else None,
            ),
        ]
        for name, value in rows:
            if value:
                table.add_row(name, escape(str(value)))
        output.out.print(table)
        verdict = {
            True: "[bold green]compatible[/]",
            False: "[bold red]not compatible[/]",
            None: None,
        }[result.compatible]
        if verdict:
            output.out.print(f"\n{verdict}")
        output.out.print("\nwhy:")
        for reason in result.reasons:
            output.out.print(f"  - {escape(reason)}")
        output.out.print("sources:")
        for source in result.sources:
            output.out.print(f"  - {escape(source)}")
    return EXIT_FAILED if result.compatible is False else EXIT_OK


def cmd_driver_check(args: argparse.Namespace, output: Output) -> int:
    if args.baseline or args.candidate:
        return _driver_regressions(args, output)
    if not args.driver:
        raise BadInputError("driver-check needs --driver V (or --baseline RUN --candidate RUN)")
    kb = load_knowledge()
    driver = _driver_arg(args.driver)
    gpu = _gpu_arg(kb, args.gpu)
    if args.image or args.db:
        return _driver_rollout(args, output, kb, driver, gpu)
    if args.cuda is None:
        raise BadInputError(
            "driver-check needs --cuda V, --image IMG, --db PATH, or --baseline/--candidate"
        )
    cc = parse_cc(args.cc) if args.cc else None
    check = check_driver(
        kb, driver=driver, cuda=parse_version(args.cuda, what="--cuda"), gpu=gpu, cc=cc
    )
    doc = check.to_dict()
    compatible = check.compatible
    if args.require:
        result = evaluate_require(
            args.require,
            cuda=check.driver_cuda_version,
            driver=driver,
            arch=str(cc or (gpu.cc if gpu else "")) or None,
            brand=args.brand or brand_of(gpu),
        )
        doc["require"] = {
            "expression": args.require,
            "satisfied": result.satisfied,
            "message": result.message,
            "groups": result.groups,
        }
        compatible = compatible and result.satisfied
        doc["compatible"] = compatible
    if output.json_mode:
        output.json(doc)
    else:
        style = "bold green" if compatible else "bold red"
        output.out.print(
            f"[{style}]{'compatible' if compatible else 'NOT compatible'}[/]: CUDA {check.cuda} on driver "
            f"{driver} (mode: {check.mode}; the driver runs CUDA {check.driver_cuda_version or '?'} natively)"
        )
        for reason in check.reasons:
            output.out.print(f"  - {escape(reason)}")
        if args.require:
            req = doc["require"]
            text = "satisfied" if req["satisfied"] else f"refused: {req['message']}"
            output.out.print(f"  - NVIDIA_REQUIRE_CUDA={escape(args.require)}: {escape(text)}")
    return EXIT_OK if compatible else EXIT_FAILED


def _driver_rollout(
    args: argparse.Namespace, output: Output, kb: KnowledgeBase, driver: str, gpu: Any
) -> int:
    images: list[driverlib.ImageUnderTest] = []
    if args.db:
        with _open_db(args) as store:
            latest: dict[tuple[str, str | None], Any] = {}
            for record in store.certificates():
                if record.certificate.verdict is Verdict.CERTIFIED:
                    latest[(record.certificate.cell_id, record.certificate.image_id)] = (
                        record.certificate
                    )
        images += [
            driverlib.ImageUnderTest(
                cert.image_tag or cert.cell_id,
                cert.expectations,
                cert.expectations.get("nvidia_require_cuda"),
            )
            for cert in latest.values()
        ]
    if args.image:
        engine = Engine.connect()
        for ref in args.image:
            if engine.image_id(ref) is None:
                raise BadInputError(f"--image {ref}: not present on this engine")
            labels = engine.image_labels(ref)
            expect = json.loads(labels.get("io.envforge.expect") or "{}")
            env = engine.image_env(ref)
            if "cuda" not in expect and env.get(
                "CUDA_VERSION"
            ):  # nvidia/cuda-based images envforge did not build
                expect = {
                    **expect,
                    "accelerator": "cuda",
                    "cuda": ".".join(env["CUDA_VERSION"].split(".")[:2]),
                }
            images.append(driverlib.ImageUnderTest(ref, expect, env.get("NVIDIA_REQUIRE_CUDA")))
    if not images:
        raise NothingSelectedError(
            "no certified image to check", hint="run envforge certify, or give --image IMG"
        )
    items = driverlib.assess_rollout(kb, driver=driver, images=images, gpu=gpu, cc=args.cc)
    breaking = [i for i in items if not i.keeps_working]
    if output.json_mode:
        output.json(
            {
                "driver": driver,
                "gpu": gpu.name if gpu else None,
                "cc": args.cc,
                "images": [i.to_dict() for i in items],
                "breaking": [i.name for i in breaking],
                "compatible": not breaking,
            }
        )
    else:
        table = Table(
            title=f"driver {driver}" + (f" on {gpu.name}" if gpu else ""), title_justify="left"
        )
        for column in ("image", "CUDA", "verdict", "mode", "why"):
            table.add_column(column, overflow="fold")
        for item in items:
            verdict = "[green]keeps working[/]" if item.keeps_working else "[bold red]breaks[/]"
            table.add_row(
                escape(item.name), item.cuda or "-", verdict, item.mode, escape(item.reasons[-1])
            )
        output.out.print(table)
        output.note(f"{len(breaking)} of {len(items)} image(s) would break on driver {driver}")
    return EXIT_FAILED if breaking else EXIT_OK


def _driver_regressions(args: argparse.Namespace, output: Output) -> int:
    if not (args.baseline and args.candidate):
        raise BadInputError(
            "--baseline and --candidate go together (two run ids from the results database)"
        )
    with _open_db(args) as store:
        known = {r["id"] for r in store.runs()}
        for run in (args.baseline, args.candidate):
            if run not in known:
                raise BadInputError(
                    f"run {run} is not in {_db_path(args)}",
                    hint="envforge report --format json lists the runs behind each entry",
                )
        before = [r.certificate for r in store.certificates(run_id=args.baseline)]
        after = [r.certificate for r in store.certificates(run_id=args.candidate)]
    regressions, missing = driverlib.compare_runs(before, after)
    if output.json_mode:
        output.json(
            {
                "baseline": args.baseline,
                "candidate": args.candidate,
                "regressions": [r.to_dict() for r in regressions],
                "missing_in_candidate": missing,
                "compatible": not regressions,
            }
        )
    else:
        for reg in regressions:
            codes = f" (new: {', '.join(reg.new_codes)})" if reg.new_codes else ""
            output.out.print(
                f"[bold red]regressed[/] {reg.cell}: {reg.baseline} -> {reg.candidate}{codes}"
            )
        if missing:
            output.note(f"not certified in the candidate run: {', '.join(missing)}")
        output.note(
            f"{len(regressions)} regression(s) between {args.baseline} and {args.candidate}"
        )
    return EXIT_FAILED if regressions else EXIT_OK


def _driver_arg(text: str) -> str:
    value = text.strip()
    if not value or not all(part.isdigit() for part in value.split(".")):
        raise BadInputError(f"--driver {text}: not a driver version such as 535.104.05")
    return value


# -- render ------------------------------------------------------------------------------------------


def cmd_render(args: argparse.Namespace, output: Output) -> int:
    expansion = _expansion(args)
    cells = select(expansion.cells, args.select)
    out_dir = Path(args.out)
    stale = []
    for cell in cells:
        text = render_cell(cell).dockerfile
        path = out_dir / f"{cell.id}.Dockerfile"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not output.json_mode:
            output.out.print(f"wrote {path}")
    if output.json_mode:
        output.json({"out": str(out_dir), "cells": [c.id for c in cells], "stale": stale})
    if stale:
        output.note(
            f"{len(stale)} rendered Dockerfile(s) out of date: {', '.join(stale)}; run `envforge render`"
        )
        return EXIT_FAILED
    return EXIT_OK


# -- parser ------------------------------------------------------------------------------------------


def _common(
    parser: argparse.ArgumentParser,
    *,
    matrix: bool = False,
    select_opt: bool = False,
    db: bool = False,
) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    if matrix:
        parser.add_argument(
            "-m", "--matrix", help="matrix file or name under matrices/ (default: default)"
        )
    if select_opt:
        parser.add_argument(
            "--select",
            action="append",
            metavar="GLOB",
            help="only cells whose id matches (repeatable)",
        )
    if db:
        parser.add_argument("--db", help=f"results database (default {STATE_DIR / 'results.db'})")


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _probe_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--probe-timeout",
        type=float,
        default=900.0,
        help="seconds before a probe is killed (default 900)",
    )
    p.add_argument(
        "--probe-memory", default="6g", help="memory limit of probe containers (default 6g)"
    )


def _build_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=_positive_int, default=3, help="builds in parallel (default 3)")
    p.add_argument(
        "--ca-bundle",
        help="CA bundle for pip in the builder stage (default: from pip config / env)",
    )
    p.add_argument("--site", help="site file mapping base images (default .envforge/site.yaml)")
    p.add_argument(
        "--no-cache", action="store_true", help="rebuild images even when nothing changed"
    )
    p.add_argument(
        "--wheelhouse",
        metavar="DIR",
        help=f"shared wheel directory (default {STATE_DIR / 'wheelhouse'})",
    )
    p.add_argument(
        "--no-wheelhouse", action="store_true", help="let pip in each build use the package index"
    )
    p.add_argument(
        "--offline",
        action="store_true",
        help="no package index at all: wheels from --wheelhouse, builds without network",
    )
    p.add_argument(
        "--refresh-wheelhouse",
        action="store_true",
        help="resolve requirements again (newer dependencies)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="envforge",
        allow_abbrev=False,
        description="Certify which combinations of the GPU deep-learning stack really work.",
    )
    parser.add_argument("--version", action="version", version=f"envforge {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of errors")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "certify", help="render, build, probe and certify a matrix", allow_abbrev=False
    )
    _common(p, matrix=True, select_opt=True, db=True)
    p.add_argument(
        "--level", type=int, choices=(1, 2, 3), default=3, help="highest probe level (default 3)"
    )
    _build_options(p)
    p.add_argument(
        "--force",
        action="store_true",
        help="re-probe cells already certified for this image and host",
    )
    _probe_options(p)
    p.set_defaults(handler=cmd_certify)

    p = sub.add_parser(
        "verify", help="run an image's probe (or inject one) and judge it", allow_abbrev=False
    )
    _common(p)
    p.add_argument("image", help="image reference or id")
    p.add_argument(
        "--level", type=int, choices=(1, 2, 3), default=3, help="highest probe level (default 3)"
    )
    p.add_argument(
        "--expect-accelerator",
        choices=("cuda", "rocm", "cpu"),
        help="what the image must use (default: its labels; none for foreign images)",
    )
    p.add_argument("--db", help="also record the certificate in this results database")
    _probe_options(p)
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser(
        "forge", help="build, certify, tag and lock the newest known-good image for a driver/GPU"
    )
    _common(p, db=True)
    p.add_argument("--tf", required=True, help="TensorFlow version or range (2.21, '>=2.17,<2.21')")
    p.add_argument("--python", help="Python version (default: the newest the release supports)")
    p.add_argument("--driver", help="the cluster's NVIDIA driver (535.104.05)")
    p.add_argument("--gpu", help="the cluster's GPU (H100, 'RTX 4090')")
    p.add_argument(
        "--accelerator", choices=("cuda", "cpu"), help="default: cuda with --driver/--gpu, else cpu"
    )
    p.add_argument(
        "--tag", help="image name to tag the result with (default envforge/forge:<cell>)"
    )
    p.add_argument("--out", default=".", help="directory for the lock file (default: here)")
    p.add_argument("--ca-bundle", help="CA bundle for pip in the builder stage")
    p.add_argument("--site", help="site file mapping base images")
    p.add_argument("--wheelhouse", metavar="DIR", help="shared wheel directory")
    p.add_argument(
        "--no-wheelhouse", action="store_true", help="let pip in the build use the package index"
    )
    p.add_argument(
        "--offline", action="store_true", help="no package index: wheels from --wheelhouse only"
    )
    _probe_options(p)
    p.set_defaults(handler=cmd_forge)

    p = sub.add_parser("report", help="the compatibility table from certification records")
    p.add_argument("--db", help=f"results database (default {STATE_DIR / 'results.db'})")
    p.add_argument(
        "--format", choices=("md", "html", "json"), default="md", help="md (default), html or json"
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.set_defaults(handler=cmd_report, json=False)

    p = sub.add_parser(
        "doctor", help="why is my Keras model not using the GPU? (this host, an image, or a log)"
    )
    _common(p)
    source = p.add_mutually_exclusive_group()
    source.add_argument("--log", metavar="FILE", help="classify a log file ('-' reads stdin)")
    source.add_argument("--image", help="probe this image and diagnose it")
    p.add_argument(
        "--python", help="the interpreter to probe on this host (default: the one running envforge)"
    )
    p.add_argument(
        "--gpu-present",
        choices=("auto", "yes", "no"),
        default="auto",
        help="whether the machine of a --log has an NVIDIA GPU (auto: only if the log shows one)",
    )
    p.add_argument(
        "--expect-accelerator", choices=("cuda", "rocm", "cpu"), help="with --image (default cuda)"
    )
    p.add_argument(
        "--probe-timeout", type=float, default=900.0, help="seconds before a probe is killed"
    )
    p.set_defaults(handler=cmd_doctor)

    p = sub.add_parser(
        "build", help="render and build a matrix's images (no probing)", allow_abbrev=False
    )
    _common(p, matrix=True, select_opt=True)
    _build_options(p)
    p.set_defaults(handler=cmd_build)

    p = sub.add_parser("matrix", help="inspect matrices and the knowledge base")
    msub = p.add_subparsers(dest="matrix_command", required=True, metavar="SUBCOMMAND")
    q = msub.add_parser("list", help="cells of a matrix, and combinations it rejects with reasons")
    _common(q, matrix=True)
    q.set_defaults(handler=cmd_matrix_list)
    q = msub.add_parser(
        "explain", help="what works with a TensorFlow / Python / CUDA / driver / GPU, and why"
    )
    _common(q)
    q.add_argument("--tf", help="TensorFlow version (2.21 or 2.21.0)")
    q.add_argument("--python", help="Python version (3.11)")
    q.add_argument("--cuda", help="CUDA version (12.5)")
    q.add_argument("--driver", help="NVIDIA Linux driver version (535.104.05)")
    gpu = q.add_mutually_exclusive_group()
    gpu.add_argument("--gpu", help="GPU name (H100, 'RTX 4090')")
    gpu.add_argument("--cc", help="compute capability (8.9)")
    q.add_argument("--rocm", help="ROCm version (6.3)")
    q.set_defaults(handler=cmd_matrix_explain)

    p = sub.add_parser(
        "driver-check", help="which images keep working on a driver (and GPU)? before a rollout"
    )
    _common(p)
    p.add_argument("--driver", help="NVIDIA Linux driver version (535.104.05)")
    target = p.add_mutually_exclusive_group()
    target.add_argument("--cuda", help="CUDA an image is built for (12.5)")
    target.add_argument("--image", action="append", help="an image to check (repeatable)")
    p.add_argument("--db", help="check every certified image of this results database")
    p.add_argument(
        "--baseline",
        metavar="RUN",
        help="run id before the upgrade (with --candidate: regressions)",
    )
    p.add_argument("--candidate", metavar="RUN", help="run id after the upgrade")
    gpu = p.add_mutually_exclusive_group()
    gpu.add_argument("--gpu", help="GPU name (H100, 'RTX 4090')")
    gpu.add_argument("--cc", help="compute capability (8.9)")
    p.add_argument(
        "--require",
        help="an NVIDIA_REQUIRE_CUDA expression to evaluate as the container toolkit does",
    )
    p.add_argument(
        "--brand", help="GPU brand for brand= conditions (default: from the GPU's segment)"
    )
    p.set_defaults(handler=cmd_driver_check)

    p = sub.add_parser("render", help="write the Dockerfiles of a matrix")
    _common(p, matrix=True, select_opt=True)
    p.add_argument(
        "--out", default="build/dockerfiles", help="output directory (default build/dockerfiles)"
    )
    p.add_argument(
        "--check", action="store_true", help="only check that files under --out are up to date"
    )
    p.set_defaults(handler=cmd_render)
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = build_parser()
    args = parser.parse_args(argv)
    output = Output(json_mode=getattr(args, "json", False))
    debug = args.debug or os.environ.get("ENVFORGE_DEBUG") == "1"
    handler: Handler = args.handler
    try:
        code = handler(args, output)
    except InvalidFileError as exc:
        for line in exc.lines:
            output.err.print(f"envforge: error: {line}", markup=False)
        if exc.hint:
            output.err.print(f"  hint: {exc.hint}", markup=False)
        code = exc.exit_code
    except EnvforgeError as exc:
        if debug:
            traceback.print_exc()
        output.err.print(f"envforge: error: {exc.message}", markup=False)
        if exc.hint:
            output.err.print(f"  hint: {exc.hint}", markup=False)
        code = exc.exit_code
    except KeyboardInterrupt:
        output.err.print("envforge: interrupted; what was recorded is kept", markup=False)
        code = 130
    sys.exit(code)
