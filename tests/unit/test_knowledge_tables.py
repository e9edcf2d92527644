"""The knowledge base as published tables: every row sourced, evidence from the records, marks."""

from __future__ import annotations

from dataclasses import replace

from envforge.knowledge import load_knowledge
from envforge.probe.vocabulary import Status
from envforge.results import Diagnosis, Verdict
from envforge.tables.knowledge import TABLES, Evidence, knowledge_page
from envforge.tables.marks import COLOURS, status_of, svg_mark, text_mark

from .records import CPU_HOST, TF221_CUDA, cert


def test_every_row_of_every_table_names_its_source_and_the_citations_are_listed() -> None:
    kb = load_knowledge()
    page = knowledge_page(kb, Evidence())
    assert [t.id for t in page.tables()] == list(TABLES)
    for table in page.tables():
        column = table.columns.index("source")
        assert table.rows, table.id
        assert all(row[column].text.strip() for row in table.rows), table.id
        cited = {k for k, _ in table.sources}
        assert cited <= set(kb.sources) and all(v for _, v in table.sources)
        assert all(row[-1].text == "never built" for row in table.rows)  # no records: no evidence


def test_evidence_counts_nodes_at_the_highest_level_and_names_a_failure() -> None:
    nodes = [replace(CPU_HOST, node=f"n{i}") for i in range(3)]
    records = [(cert("tf-cuda-pip-tf2.21.0-py3.11", n, expect=TF221_CUDA), n) for n in nodes]
    page = knowledge_page(load_knowledge(), Evidence(tuple(records)), ("tf-builds",))
    row = next(r for r in page.tables()[0].rows if r[0].text == "2.21")
    assert (row[-1].text, row[-1].status) == ("certified here: L1 on 3 nodes", "pass")
    failed = cert(
        "tf-cuda-pip-tf2.21.0-py3.11",
        CPU_HOST,
        verdict=Verdict.FAILED,
        level=0,
        expect=TF221_CUDA,
        diagnoses=(Diagnosis("CUDNN_VERSION_MISMATCH", "cuDNN 8 under a cuDNN 9 build", "fix"),),
    )
    page = knowledge_page(load_knowledge(), Evidence(((failed, CPU_HOST),)), ("cuda-drivers",))
    row = next(r for r in page.tables()[0].rows if r[0].text.startswith("12.5"))
    assert row[-1].text == "FAILED here on 1 host(s) (CUDNN_VERSION_MISMATCH)"


def test_marks_differ_by_shape_word_and_colour() -> None:
    statuses = tuple(Status)
    assert len({text_mark(s) for s in statuses}) == 4
    shapes = {svg_mark(s).replace(COLOURS[s], "") for s in statuses}  # not by colour alone
    assert len(shapes) == 4 and len(set(COLOURS.values())) == 4
    assert all(ord(c) < 128 for s in statuses for c in svg_mark(s) + text_mark(s))


def test_every_verdict_reads_as_a_status_the_tables_can_draw() -> None:
    drawn = {verdict: status_of(verdict.value) for verdict in Verdict}
    assert drawn == {
        Verdict.CERTIFIED: Status.PASS,
        Verdict.FAILED: Status.FAIL,
        Verdict.BUILD_FAILED: Status.FAIL,
        Verdict.PROBE_ERROR: Status.WARN,
        Verdict.NOT_TESTED: Status.SKIP,
    }
    assert status_of("SOMETHING_NEW") is Status.SKIP  # a verdict of a later release: no claim
