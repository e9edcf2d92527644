"""A page of tables and charts, as every published table is shaped, and its Markdown and CSV forms.

The report and ``matrix table`` build a ``Page``; ``markdown``, ``csv_of`` and ``html.page_html``
render any page, so the two look alike and each renderer is written once.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from .marks import Status, text_mark

__all__ = ["Cell", "Table", "Chart", "Page", "markdown", "csv_of", "csv_cell", "page_dict"]


@dataclass(frozen=True)
class Cell:
    """One entry: its text, a status drawn as a mark, and what a reader can open behind it."""

    text: str
    status: Status | None = None
    details: tuple[str, ...] = ()  # the checks and diagnoses behind it (HTML: one click away)
    note: str | None = None  # a footnote (Markdown: [n] under the table)
    sort: str | float | None = None  # the key a column sorts by, where not the text
    code: bool = False  # an identifier, set in monospace


@dataclass(frozen=True)
class Table:
    id: str  # unique on its page; ``--table`` picks one for CSV
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""
    sources: tuple[tuple[str, str], ...] = ()  # (source id, where it is), listed under the table


@dataclass(frozen=True)
class Chart:
    """A horizontal bar chart (HTML only; Markdown lists its bars)."""

    id: str
    title: str
    unit: str
    bars: tuple[tuple[str, float], ...]
    empty: str  # said when there are no bars, and why


@dataclass(frozen=True)
class Page:
    title: str
    meta: str  # one line: what, how many, when, by which envforge
    sections: tuple[Table | Chart, ...]
    legend: str = ""

    def tables(self) -> list[Table]:
        return [s for s in self.sections if isinstance(s, Table)]


_MD_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "\\|"}
# Markdown's own punctuation, and ``_`` where it could open or close emphasis (not inside a word:
# CUDNN_VERSION_MISMATCH stays as it is).
_MD_PUNCTUATION = re.compile(r"[\\`*\[\]#!~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_LINE_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?([eE][-+]?\d+)?")


def _md(text: str) -> str:
    """Text as one Markdown table cell shows it: no HTML, no markup, no table syntax, one line."""
    text = _LINE_BREAKS.sub(" ", text)
    text = _MD_PUNCTUATION.sub(lambda m: "\\" + m.group(), text)
    return "".join(_MD_ESCAPES.get(ch, ch) for ch in text)


def _md_code(text: str) -> str:
    """An identifier as a code span: fenced by more backticks than it holds, no line breaks, and
    ``|`` escaped (GitHub splits table cells before it reads code spans)."""
    text = _LINE_BREAKS.sub(" ", text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text.replace('|', chr(92) + '|')}{pad}{fence}"


def _md_cell(cell: Cell, notes: list[str]) -> str:
    text = _md(cell.text) if cell.text else "-"
    if cell.code and cell.text:
        text = _md_code(cell.text)
    if cell.status is not None:
        text = f"{text_mark(cell.status)} {text}"
    if cell.note:
        if cell.note not in notes:
            notes.append(cell.note)
        text += f" [{notes.index(cell.note) + 1}]"
    return text


def markdown(page: Page) -> str:
    """GitHub-flavoured Markdown that fits a README: a heading and a table per section."""
    lines = [f"# {_md(page.title)}", "", _md(page.meta), ""]
    for section in page.sections:
        lines += [f"## {_md(section.title)}", ""]
        if isinstance(section, Chart):
            lines += [f"- {_md(label)}: {value:g} {section.unit}" for label, value in section.bars]
            lines += [section.empty] if not section.bars else []
            lines.append("")
            continue
        if section.caption:
            lines += [_md(section.caption), ""]
        notes: list[str] = []
        lines.append("| " + " | ".join(_md(c) for c in section.columns) + " |")
        lines.append("|" + "---|" * len(section.columns))
        for row in section.rows:
            lines.append("| " + " | ".join(_md_cell(cell, notes) for cell in row) + " |")
        if notes:
            lines += ["", *(f"[{i}] {_md(note)}" for i, note in enumerate(notes, 1))]
        if section.sources:
            lines += [
                "",
                "Sources: " + "; ".join(f"{_md(k)}: {_md(v)}" for k, v in section.sources),
            ]
        lines.append("")
    if page.legend:
        lines += [page.legend, ""]
    return "\n".join(lines)


def csv_cell(text: str) -> str:
    """A value a spreadsheet shows as text (OWASP's rule for CSV injection): one that starts with
    ``= + - @``, a tab or a carriage return gets a leading ``'``, unless it is a plain number or a
    lone ``-``."""
    if text and text[0] in "=+-@\t\r" and text != "-" and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_of(table: Table) -> str:
    """One table as CSV (RFC 4180): its header, then a line per row; statuses as words; every
    value neutralised for spreadsheets (``csv_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_cell(c) for c in table.columns)
    for row in table.rows:
        writer.writerow(csv_cell(cell.text) for cell in row)
    return out.getvalue()


def page_dict(page: Page) -> dict[str, object]:
    """The page's tables for scripts: each row an object keyed by column (a cell's status, where it
    has one, under ``status``)."""

    def row(columns: tuple[str, ...], cells: tuple[Cell, ...]) -> dict[str, object]:
        data: dict[str, object] = {c: cell.text for c, cell in zip(columns, cells, strict=True)}
        statuses = {c: cell.status for c, cell in zip(columns, cells, strict=True) if cell.status}
        if statuses:
            data["status"] = statuses
        return data

    return {
        "title": page.title,
        "tables": [
            {
                "id": t.id,
                "title": t.title,
                "columns": list(t.columns),
                "rows": [row(t.columns, r) for r in t.rows],
            }
            for t in page.tables()
        ],
    }
