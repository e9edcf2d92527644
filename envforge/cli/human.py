"""Human output: tables, progress bars and notes (rich); stdout for results, stderr for the rest."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable
from typing import Any, TextIO, cast

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

from ..probe.checks import Check
from ..probe.vocabulary import Status, Verdict
from ..redact import redact
from ..results import BuildResult, CellResult, Diagnosis

__all__ = ["Output", "CellProgress", "verdict_markup"]

_STATUS_STYLE = {
    Status.PASS: "green",
    Status.WARN: "yellow",
    Status.SKIP: "dim",
    Status.FAIL: "red",
}


def verdict_markup(verdict: str) -> str:
    """A verdict in the colour of the status it reads as (bold, but for one that says nothing)."""
    try:
        status = Verdict(verdict).status
    except ValueError:
        return escape(verdict)
    weight = "" if status is Status.SKIP else "bold "
    return f"[{weight}{_STATUS_STYLE[status]}]{verdict}[/]"


class _Redacted(io.TextIOBase):
    """``sys.stdout`` or ``sys.stderr`` (looked up at each write), with secrets masked."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def _stream(self) -> TextIO:
        stream: TextIO = getattr(sys, self._name)
        return stream

    def write(self, text: str) -> int:
        return self._stream().write(redact(text))

    def flush(self) -> None:
        self._stream().flush()

    def isatty(self) -> bool:
        return self._stream().isatty()

    def fileno(self) -> int:
        return self._stream().fileno()


class Output:
    """Where a command writes: one JSON document on stdout, or tables there and notes on stderr.

    Everything written passes through ``redact``: no credential reaches a terminal or a pipe.
    """

    def __init__(self, *, json_mode: bool) -> None:
        self.json_mode = json_mode
        width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "200"))
        self.stdout = cast(TextIO, _Redacted("stdout"))
        self.out = Console(file=self.stdout, highlight=False, soft_wrap=False, width=width)
        self.err = Console(file=cast(TextIO, _Redacted("stderr")), highlight=False, soft_wrap=True)

    @staticmethod
    def dumps(document: dict[str, Any]) -> str:
        return json.dumps(document, indent=2, sort_keys=True, default=str) + "\n"

    def json(self, document: dict[str, Any]) -> None:
        self.stdout.write(self.dumps(document))

    def note(self, text: str) -> None:
        if not self.json_mode:
            self.err.print(escape(text))

    def line(self, markup: str) -> None:
        self.out.print(markup)

    def table(
        self, title: str | None, columns: Iterable[str], rows: Iterable[Iterable[str]]
    ) -> None:
        table = Table(title=title, title_justify="left", show_header=True)
        for column in columns:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row)
        self.out.print(table)

    def pairs(self, rows: Iterable[tuple[str, str]]) -> None:
        """Name/value lines, aligned."""
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for name, value in rows:
            table.add_row(name, escape(value))
        self.out.print(table)

    def checks(self, checks: Iterable[Check]) -> None:
        table = Table(show_header=True, box=None, pad_edge=False)
        for column in ("status", "check", "level", "result"):
            table.add_column(column, overflow="fold")
        for check in checks:
            code = ""
            if check.code:
                code = (
                    f" [measures {check.code}]"
                    if check.status == Status.PASS
                    else f" [{check.code}]"
                )
            table.add_row(
                f"[{_STATUS_STYLE[check.status]}]{check.status.upper()}[/]",
                check.id,
                f"L{check.level}",
                escape(check.summary + code),
            )
        self.out.print(table)

    def diagnoses(self, diagnoses: Iterable[Diagnosis], *, ranked: bool = False) -> None:
        for rank, diag in enumerate(diagnoses):
            head = ("most likely cause" if rank == 0 else "also") if ranked else ""
            self.out.print(
                f"  [bold]{head + ': ' if head else ''}{diag.code}[/] ({diag.layer}): {escape(diag.summary)}"
            )
            for line in diag.evidence[:5]:
                self.out.print(f"    evidence: {escape(line)}")
            if diag.fix:
                self.out.print(f"    fix: {escape(diag.fix)}")

    def progress(self) -> CellProgress:
        return CellProgress(self)


class CellProgress:
    """The jobs' progress sink as a bar per cell (build steps, then the probe) and notes on stderr."""

    def __init__(self, output: Output) -> None:
        self.output = output
        forced = os.environ.get("ENVFORGE_PROGRESS") == "1"
        self.bars = Progress(
            SpinnerColumn(),
            TextColumn("{task.fields[cell]:<34}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[status]}"),
            TimeElapsedColumn(),
            console=output.err,
            transient=False,
            disable=output.json_mode or not (output.err.is_terminal or forced),
        )
        self.tasks: dict[str, Any] = {}

    def __enter__(self) -> CellProgress:
        self.bars.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bars.stop()

    def note(self, text: str) -> None:
        if not self.output.json_mode:
            self.bars.console.print(escape(text))

    def cells(self, cell_ids: list[str]) -> None:
        for cell in cell_ids:
            if cell not in self.tasks:
                self.tasks[cell] = self.bars.add_task(cell, cell=cell, status="waiting", total=None)

    def build_started(self, cell_id: str) -> None:
        self.bars.update(self.tasks[cell_id], status="building")

    def build_step(self, cell_id: str, step: int, total: int) -> None:
        self.bars.update(
            self.tasks[cell_id],
            completed=step,
            total=total + 1,
            status=f"build step {step}/{total}",
        )

    def build_finished(self, result: BuildResult) -> None:
        status = (
            "build cached" if result.cached else "built" if result.ok else "[red]build failed[/]"
        )
        self.bars.update(self.tasks[result.cell_id], status=status)
        if self.bars.disable and not self.output.json_mode:
            self.output.note(
                f"{result.cell_id}: {status} ({result.seconds:.0f} s), log {result.log_path}"
            )

    def probe_started(self, cell_id: str) -> None:
        self.bars.update(self.tasks[cell_id], status="probing")

    def cell_done(self, result: CellResult) -> None:
        cert = result.certificate
        task = self.tasks[result.key]
        total = self.bars.tasks[task].total or 1
        status = f"{verdict_markup(cert.verdict.value)} L{cert.level_reached}"
        self.bars.update(
            task,
            completed=total,
            total=total,
            status=status + (" (earlier certificate)" if result.reused else ""),
        )
