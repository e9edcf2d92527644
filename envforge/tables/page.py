"""A page of tables and charts, as every published table is shaped, and its Markdown and CSV forms.

The report and ``matrix table`` build a ``Page``; ``markdown``, ``csv_of`` and ``html.page_html``
render any page, so the two look alike and each renderer is written once.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from .marks import Status, text_mark

__all__ = ["Cell", "Table", "Chart", "Page", "markdown", "csv_of", "page_dict"]


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


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_cell(cell: Cell, notes: list[str]) -> str:
    text = _md(cell.text) if cell.text else "-"
    if cell.code and cell.text:
        text = f"`{cell.text}`"
    if cell.status is not None:
        text = f"{text_mark(cell.status)} {text}"
    if cell.note:
        if cell.note not in notes:
            notes.append(cell.note)
        text += f" [{notes.index(cell.note) + 1}]"
    return text


def markdown(page: Page) -> str:
    """GitHub-flavoured Markdown that fits a README: a heading and a table per section."""
    lines = [f"# {page.title}", "", page.meta, ""]
    for section in page.sections:
        lines += [f"## {section.title}", ""]
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
            lines += ["", "Sources: " + "; ".join(f"{k}: {_md(v)}" for k, v in section.sources)]
        lines.append("")
    if page.legend:
        lines += [page.legend, ""]
    return "\n".join(lines)


def csv_of(table: Table) -> str:
    """One table as CSV (RFC 4180): its header, then a line per row; statuses as words."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    for row in table.rows:
        writer.writerow(cell.text for cell in row)
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
