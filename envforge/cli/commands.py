"""One function per command: its request, its job, its output, its exit code."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from ..errors import EXIT_FAILED, EXIT_OK, BadInputError
from ..probe.codes import CODES, Code
from ..results import envelope
from . import settings, views
from .human import Output
from .running import context, exit_code, inputs, run_job, show
from .trust_commands import TRUST_COMMANDS

if TYPE_CHECKING:  # each command imports its job when it runs, so a light one stays light
    pass

__all__ = ["COMMANDS"]

Command = Callable[[argparse.Namespace, Output], int]


def certify(args: argparse.Namespace, out: Output) -> int:
    backend = args.backend or settings.DEFAULTS.backend
    if backend == "slurm":
        from ..jobs.cluster import slurm

        return run_job(args, out, "certify", slurm, settings.cluster_certify(args), views.cluster)
    if backend == "kubernetes":
        from ..jobs.cluster import kubernetes

        request = settings.emit(args)
        return run_job(args, out, "certify", kubernetes, request, views.emit, entry="emit")
    from ..jobs import certify as certify_job

    return run_job(args, out, "certify", certify_job, settings.certify(args), views.certify)


def collect(args: argparse.Namespace, out: Output) -> int:
    from ..jobs.cluster import kubernetes

    with context(args) as ctx:
        result = kubernetes.collect(ctx, kubernetes.CollectRequest(Path(args.directory)))
    return show(out, "collect", result, views.collect, run_id=result.run_id)


def build(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import build as build_job

    command = "push" if args.command == "push" else "build"
    request = build_job.BuildRequest(
        settings.selection(args),
        settings.build_options(args),
        args.registry,
        settings.attest_options(args) if args.registry else None,
    )
    return run_job(args, out, command, build_job, request, views.build)


def render(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import build as build_job

    request = build_job.RenderRequest(
        settings.selection(args), Path(args.out), args.check, args.builder
    )
    with context(args) as ctx:
        result = build_job.render(ctx, request)
    if out.json_mode:
        out.json(envelope("render", result.to_dict()))
    else:
        views.render(out, result)
    return exit_code(result.passed)


def verify(args: argparse.Namespace, out: Output) -> int:
    if (args.backend or settings.DEFAULTS.backend) == "slurm":
        from ..jobs.cluster import verify as cluster_verify

        request = settings.cluster_verify(args)
        view = functools.partial(views.cluster, command="verify")
        return run_job(args, out, "verify", cluster_verify, request, view)
    from ..jobs import verify as verify_job

    settings.refuse("verify", args)
    with context(args) as ctx:
        result = verify_job.verify(ctx, settings.verify(args))
    return show(out, "verify", result, views.verify, run_id=result.run_id)


def forge(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import forge as forge_job

    return run_job(args, out, "forge", forge_job, settings.forge(args), views.forge)


def report(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import report as report_job
    from ..tables import html, page, report_page
    from ..tables.report import ReportFilter, report_schema, to_dict

    if args.schema:
        out.stdout.write(Output.dumps(report_schema()))
        return EXIT_OK
    only = ReportFilter(tuple(args.stack or ()), args.since, tuple(args.host or ()))
    if args.from_registry:
        data = _registry_report(args, out, only)
    else:
        settings.refuse("report", args)
        with context(args) as ctx:
            data = report_job.run(ctx, report_job.ReportRequest(only))
    if not data.entries:
        out.note("no certificate matches" if only != ReportFilter() else "no certificates yet: "
                 "run envforge certify")  # fmt: skip
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = Output.dumps(envelope("report", to_dict(data)))
    elif fmt == "csv":
        text = page.csv_of(report_page.flat_table(data))
    else:
        view = "hosts" if args.view == "fleet" else args.view  # its former name
        laid_out = report_page.report_page(data, view)
        text = html.page_html(laid_out) if fmt == "html" else page.markdown(laid_out)
    return _publish(args, out, text, f"{len(data.cells)} image(s) on {len(data.hosts)} host(s)")


def _registry_report(args: argparse.Namespace, out: Output, only: Any) -> Any:
    """The report's data from the statements in a registry (no store is opened)."""
    from ..jobs import report as report_job
    from ..jobs.attestations import RegistryReportRequest, registry_findings

    settings.refuse("report", args)
    request = RegistryReportRequest(args.from_registry, args.key, args.allow_unsigned)
    with context(args) as ctx:
        findings = registry_findings(ctx, request)
        data = report_job.from_registry(ctx, findings, only)
    for line in findings.refused:
        out.note(f"refused: {line}")
    out.note(
        f"{len(findings.images)} image(s) with statements in {args.from_registry}; "
        f"{len(findings.claims)} node verdict(s) checked; {len(findings.refused)} refused"
    )
    return data


def matrix_table(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import matrix_table as table_job
    from ..tables import html, page

    with context(args) as ctx:
        laid_out = table_job.run(ctx, table_job.TableRequest(tuple(args.table or ())))
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = Output.dumps(envelope("matrix table", page.page_dict(laid_out)))
    elif fmt == "csv":
        chosen = laid_out.tables()
        if len(chosen) != 1:
            raise BadInputError(
                "--format csv writes one table: choose it with --table",
                hint=f"tables: {', '.join(t.id for t in chosen)}",
            )
        text = page.csv_of(chosen[0])
    else:
        text = html.page_html(laid_out) if fmt == "html" else page.markdown(laid_out)
    rows = sum(len(t.rows) for t in laid_out.tables())
    return _publish(args, out, text, f"{len(laid_out.tables())} table(s), {rows} row(s)")


def _publish(args: argparse.Namespace, out: Output, text: str, what: str) -> int:
    """``text`` on stdout, or in ``-o FILE`` (then a line saying what was written)."""
    from ..outputs import write_output
    from ..redact import redact

    text = redact(text)
    if not args.output:
        out.stdout.write(text)
        return EXIT_OK
    write_output(Path(args.output), text, inputs=inputs(args), what="-o")
    out.note(f"wrote {args.output}: {what}")
    return EXIT_OK


def doctor(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import doctor as doctor_job
    from ..untrusted import read_tail

    log_text = None
    if args.log == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise BadInputError(
                "--log -: standard input is closed", hint="pipe the log in, or give --log FILE"
            )
        try:
            log_text = read_tail(sys.stdin.buffer, doctor_job.MAX_LOG_BYTES)[0]
        except (OSError, ValueError) as exc:
            raise BadInputError(f"--log -: cannot read standard input ({exc})") from None
    with context(args) as ctx:
        result = doctor_job.run(ctx, settings.doctor(args, log_text))
    if out.json_mode:
        out.json(envelope("doctor", result.to_dict()))
    else:
        views.doctor(out, result)
    return exit_code(result.passed)


def driver_check(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import matrix as matrix_job
    from ..jobs import rollout as rollout_job
    from ..jobs.cluster import rollout as cluster_rollout
    from ..knowledge.models import parse_cc

    settings.refuse("driver-check", args)
    with context(args) as ctx:
        if args.baseline and args.candidate and args.node:
            canary = cluster_rollout.canary(
                ctx, cluster_rollout.CanaryRequest(args.node, args.baseline, args.candidate)
            )
            return show(out, "driver-check", canary, views.canary)
        if args.baseline and args.candidate:
            found = rollout_job.regressions(
                ctx, rollout_job.RegressionRequest(args.baseline, args.candidate)
            )
            return show(out, "driver-check", found, views.regressions)
        if args.cluster or args.constraint or args.nodes:
            request_cluster = cluster_rollout.ClusterRolloutRequest(
                args.driver, args.constraint, tuple(args.nodes or ())
            )
            across = cluster_rollout.cluster_rollout(ctx, request_cluster)
            return show(out, "driver-check", across, views.cluster_rollout)
        gpu = ctx.gpu(args.gpu) if args.gpu else None
        if args.image or args.db:
            request = rollout_job.RolloutRequest(
                args.driver, gpu, args.cc, tuple(args.image or ()), bool(args.db)
            )
            return show(out, "driver-check", rollout_job.rollout(ctx, request), views.rollout)
        cc = parse_cc(args.cc) if args.cc else None
        request_ = matrix_job.DriverRequest(
            args.driver, args.cuda, gpu, cc, args.require, args.brand
        )
        return show(out, "driver-check", matrix_job.check(ctx, request_), views.driver)


def matrix_list(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import matrix as matrix_job

    if args.matrices:
        shipped = matrix_job.shipped_matrices()
        if out.json_mode:
            out.json(envelope("matrix list", {"matrices": [m.to_dict() for m in shipped]}))
        else:
            out.table(
                "matrices (envforge ... -m NAME)",
                ("name", "description"),
                [[escape(m.name), escape(m.description)] for m in shipped],
            )
        return EXIT_OK
    with context(args) as ctx:
        expansion = matrix_job.list_cells(ctx, settings.selection(args))
    if out.json_mode:
        data = {
            "matrix": str(expansion.matrix.path),
            "digest": expansion.matrix.digest,
            "cells": [c.to_dict() for c in expansion.cells],
            "rejected": [r.to_dict() for r in expansion.rejected],
        }
        out.json(envelope("matrix list", data))
    else:
        views.matrix_list(out, expansion)
    return EXIT_OK


def matrix_explain(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import matrix as matrix_job

    request = matrix_job.ExplainRequest(
        tf=args.tf,
        python=args.python,
        cuda=str(args.cuda) if args.cuda else None,
        driver=args.driver,
        gpu=args.gpu,
        cc=args.cc,
        rocm=args.rocm,
    )
    with context(args) as ctx:
        result = matrix_job.run_explain(ctx, request)
    if out.json_mode:
        out.json(envelope("matrix explain", result.to_dict()))
    else:
        views.explain(out, result)
    return EXIT_FAILED if result.compatible is False else EXIT_OK


def codes(args: argparse.Namespace, out: Output) -> int:
    chosen = list(Code)
    if args.code:
        try:
            chosen = [Code(args.code.strip().upper())]
        except ValueError:
            raise BadInputError(
                f"{args.code}: not a code envforge knows", hint="envforge codes lists every code"
            ) from None
    if out.json_mode:
        data = [{"code": c.value, **CODES[c]._asdict()} for c in chosen]
        out.json(envelope("codes", data[0] if args.code else data))
    else:
        views.codes(out, chosen)
    return EXIT_OK


COMMANDS: dict[str, Command] = {
    "certify": certify,
    "build": build,
    "push": build,
    "collect": collect,
    "render": render,
    "verify": verify,
    "forge": forge,
    "report": report,
    "doctor": doctor,
    "driver-check": driver_check,
    "matrix list": matrix_list,
    "matrix explain": matrix_explain,
    "matrix table": matrix_table,
    "codes": codes,
    **TRUST_COMMANDS,
}
