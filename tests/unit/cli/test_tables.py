"""``envforge report`` and ``envforge matrix table`` in-process: formats, files, filters, errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Callable

import jsonschema

from envforge.cli.parser import KNOWLEDGE_TABLES
from envforge.knowledge import load_knowledge
from envforge.tables.knowledge import TABLES
from envforge.tables.report import report_schema

from ..test_report import CPU_CELL, CUDA_CELL, records_of_two_hosts
from .conftest import CliRun

Run = Callable[..., CliRun]


def db(tmp_path: Path) -> str:
    path = tmp_path / "r.db"
    records_of_two_hosts(path).close()
    return str(path)


def test_report_json_is_an_envelope_its_schema_accepts(envforge: Run, tmp_path: Path) -> None:
    result = envforge("report", "--db", db(tmp_path), "--json")
    assert result.code == 0, result.stderr
    jsonschema.validate(json.loads(result.stdout), report_schema())
    schema = envforge("report", "--schema")
    assert json.loads(schema.stdout) == report_schema()


def test_report_filters_and_views(envforge: Run, tmp_path: Path) -> None:
    path = db(tmp_path)
    only_cpu = envforge("report", "--db", path, "--stack", "tf-cpu", "--view", "cells")
    assert only_cpu.code == 0 and CPU_CELL in only_cpu.stdout and CUDA_CELL not in only_cpu.stdout
    node = envforge("report", "--db", path, "--node", "node7", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(node.stdout)))
    assert [(r["cell"], r["host"]) for r in rows] == [(CUDA_CELL, "node7")]
    later = envforge("report", "--db", path, "--since", "1d", "--view", "hosts")
    assert later.code == 0 and "## Hosts: 2 image(s) on 2 host(s)" in later.stdout
    former = envforge("report", "--db", path, "--since", "1d", "--view", "fleet")  # its old name
    assert former.code == 0 and former.stdout == later.stdout
    nothing = envforge("report", "--db", path, "--since", "2999-01-01")
    assert nothing.code == 0 and "no certificate matches" in nothing.stderr


def one_line(result: CliRun) -> str:
    assert "Traceback" not in result.stderr
    return result.stderr.splitlines()[0]


def test_report_bad_input_is_one_located_line(envforge: Run, tmp_path: Path) -> None:
    path = db(tmp_path)
    bad = envforge("report", "--db", path, "--since", "last tuesday")
    assert bad.code == 2 and "argument --since: 'last tuesday' is not a date or a time ago" in (
        bad.stderr
    )
    edge = envforge("report", "--db", path, "--since", "0001-01-01T00:00+01:00")
    assert edge.code == 2 and "out of range" in one_line(edge)
    missing = envforge("report", "--db", str(tmp_path / "none.db"))
    assert missing.code == 2 and "run envforge certify first" in missing.stderr


def test_report_to_a_file_says_what_it_wrote(envforge: Run, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = envforge("report", "--db", db(tmp_path), "--format", "html", "-o", str(out))
    assert result.code == 0 and f"wrote {out}: 2 image(s) on 2 host(s)" in result.stderr
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_matrix_table_names_match_its_tables() -> None:
    assert KNOWLEDGE_TABLES == tuple(TABLES)


def test_matrix_table_json_csv_and_evidence(envforge: Run, tmp_path: Path) -> None:
    doc = json.loads(envforge("matrix", "table", "--json", "--db", db(tmp_path)).stdout)
    assert [t["id"] for t in doc["data"]["tables"]] == list(KNOWLEDGE_TABLES)
    builds = next(t for t in doc["data"]["tables"] if t["id"] == "tf-builds")
    row = next(r for r in builds["rows"] if r["TensorFlow"] == "2.21")
    assert row["evidence"] == "certified here: L3 on 1 host" and row["status"] == {
        "evidence": "pass"
    }
    assert next(r for r in builds["rows"] if r["TensorFlow"] == "2.4")["evidence"] == "never built"
    gpus = envforge("matrix", "table", "--table", "gpus", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(gpus.stdout)))
    assert gpus.code == 0 and len(rows) == len(load_knowledge().gpus.gpus)
    assert all(r["source"] and r["compute capability"] for r in rows)
    both = envforge("matrix", "table", "--format", "csv")
    assert both.code == 2 and "--format csv writes one table: choose it with --table" in both.stderr
    wrong = envforge("matrix", "table", "--table", "drivers")
    assert wrong.code == 2 and "invalid choice: 'drivers'" in wrong.stderr
