"""Boundary: the files envforge writes and the tables people open (docs/security.md, "Outputs").
A file is written whole, inside the directory named, never over an input of the same command (not
through a symlink either); CSV is safe to open in a spreadsheet, Markdown carries no HTML and no
table syntax from recorded values, HTML stays escaped."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings

from envforge.errors import BadInputError
from envforge.outputs import write_output
from envforge.results import Diagnosis, Verdict
from envforge.store import Store, new_run_id
from envforge.tables.html import page_html
from envforge.tables.page import Cell, Page, Table, csv_of, markdown

from ..fuzzing import examples
from ..records import CPU_HOST, cert
from .conftest import CliRun
from .hostile import ESCAPES, hostile_text


def _store(path: Path, *, hostile: str = "ok") -> bytes:
    with Store(path) as store:
        run = new_run_id()
        store.start_run(run, command="certify", host=CPU_HOST, level=1)
        bad = Diagnosis("BUILD_FAILED", hostile, "fix " + hostile, (hostile,))
        store.add(run, cert(f"tf-cpu{len(hostile)}", CPU_HOST, Verdict.FAILED, stopped_by=hostile,
                            diagnoses=(bad,)))  # fmt: skip
        store.finish_run(run, "finished")
    return path.read_bytes()


@pytest.mark.parametrize("command", [("report",), ("matrix", "table")])
@pytest.mark.parametrize("how", ["same", "symlink", "wal"])
def test_an_output_never_replaces_the_store_it_reads(
    command: tuple[str, ...], how: str, tmp_path: Path, envforge: Callable[..., CliRun]
) -> None:
    db = tmp_path / "r.db"
    before = _store(db)
    target = {"same": db, "symlink": tmp_path / "out.md", "wal": tmp_path / "r.db-wal"}[how]
    if how == "symlink":
        target.symlink_to(db)
    result = envforge(*command, "--db", str(db), "-o", str(target))
    assert result.code == 2, result.stdout + result.stderr
    assert "which this command reads" in result.stderr
    assert db.read_bytes() == before


def test_an_output_is_written_whole_and_replaces_a_symlink_not_its_target(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me")
    link = tmp_path / "out.md"
    link.symlink_to(elsewhere)
    write_output(link, "report\n")
    assert elsewhere.read_text() == "keep me"
    assert not link.is_symlink() and link.read_text() == "report\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp left


@pytest.mark.parametrize("name", ["../escape.Dockerfile", "sub/../../x", "/etc/hostname"])
def test_a_file_name_that_climbs_out_of_its_directory_is_refused(tmp_path: Path, name: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(BadInputError, match="outside"):
        write_output(out / name, "x", under=out)
    assert not (tmp_path / "escape.Dockerfile").exists()


def test_a_symlinked_directory_inside_the_output_cannot_lead_out(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "link").symlink_to(tmp_path)
    with pytest.raises(BadInputError, match="outside"):
        write_output(out / "link" / "x.Dockerfile", "x", under=out)


def test_render_writes_only_inside_out(tmp_path: Path, envforge: Callable[..., CliRun]) -> None:
    matrix = tmp_path / "m.yaml"
    matrix.write_text("schema: 1\ncell_id: '../{stack}-py{python}'\naxes:\n  stack: [tf-cpu]\n"
                      "  tf: ['2.21.0']\n  python: ['3.11']\n")  # fmt: skip
    result = envforge("render", "-m", str(matrix), "--out", str(tmp_path / "out"))
    assert result.code == 2 and f"{matrix}:2: cell_id" in result.stderr, result.stderr
    assert not list(tmp_path.glob("*.Dockerfile")) and not (tmp_path / "out").exists()


def _table(value: str) -> Table:
    return Table("t", "T", ("cell", "verdict"), ((Cell(value), Cell(value, code=True)),))


@settings(max_examples=examples(25), deadline=1000)
@given(value=hostile_text)
def test_csv_cells_are_never_formulas(value: str) -> None:
    rows = list(csv.reader(io.StringIO(csv_of(_table(value)), newline="")))
    for text in rows[1]:
        assert (
            not text
            or text[0] not in "=+-@\t\r"
            or text == "-"
            or text.lstrip("-+").replace(".", "").isdigit()
        )


@settings(max_examples=examples(25), deadline=1000)
@given(value=hostile_text)
def test_markdown_cells_carry_no_html_and_no_table_syntax(value: str) -> None:
    text = markdown(Page("p", "m", (_table(value),)))
    row = [line for line in text.splitlines() if line.startswith("| ")][1]
    prose = row.split(" | ")[0]  # the plain cell (the second is a code span: no HTML there)
    assert "<" not in prose and ">" not in prose
    assert row.replace("\\|", "").count("|") == 3  # two cells, never more
    assert "\n" not in row and "\r" not in row


@pytest.mark.parametrize("value", [e for e in ESCAPES if "<" in e or "|" in e or "=" in e])
def test_report_formats_from_hostile_records(
    value: str, tmp_path: Path, envforge: Callable[..., CliRun]
) -> None:
    db = tmp_path / "r.db"
    _store(db, hostile=value)
    os.environ.pop("COLUMNS", None)
    md = envforge("report", "--db", str(db), "--format", "md")
    assert md.code == 0 and "<script>" not in md.stdout
    html = envforge("report", "--db", str(db), "--format", "html")
    assert html.code == 0 and "<script>alert(1)</script>" not in html.stdout
    text = envforge("report", "--db", str(db), "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert all(not c or c[0] not in "=+@" for row in rows for c in row)


def test_html_escapes_any_value() -> None:
    page = Page("<b>t</b>", "<i>m</i>", (_table("<img src=x onerror=alert(1)>"),))
    assert "<img" not in page_html(page) and "<b>t</b>" not in page_html(page)
