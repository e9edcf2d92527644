"""The compatibility report from certification records: the facts readers look for, grouped by
stack; the hosts view; filters; Markdown, HTML, JSON (against its schema) and CSV."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest

from envforge.host import HostGpu
from envforge.results import Diagnosis, Verdict, envelope
from envforge.stacks import STACKS
from envforge.store import Store
from envforge.tables import html, page, report_page
from envforge.tables.report import ReportFilter, build_report, report_schema, to_dict

from .facts import TF_CPU, TF_CUDA, document
from .records import CPU_HOST, GPU_HOST, TF221_CUDA, cert

CPU_CELL = "tf-cpu-tf2.21.0-py3.11"
CUDA_CELL = "tf-cuda-pip-tf2.21.0-py3.11"


def drivers(cuda: str) -> tuple[str | None, str | None]:
    return {"12.5": ("555.42.02", "525.60.13")}.get(cuda, (None, None))


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return records_of_two_hosts(tmp_path / "r.db")


def records_of_two_hosts(path: Path) -> Store:
    """A TF CPU image certified on a GPU-less host, and a TF CUDA image failed there and certified
    at L3 on an H100 node, from the recorded probe documents."""
    db = Store(path)
    db.start_run("run1", command="certify", host=CPU_HOST, level=3)
    cpu_facts = document(TF_CPU)
    db.add(
        "run1",
        replace(
            cert(CPU_CELL, CPU_HOST, stopped_by="GPU levels not reached: no GPU on this host"),
            facts=cpu_facts,
            image_size=812_000_000,
        ),
    )
    failed = cert(
        CUDA_CELL,
        CPU_HOST,
        verdict=Verdict.FAILED,
        level=0,
        expect=TF221_CUDA,
        diagnoses=(
            Diagnosis("CUDNN_VERSION_MISMATCH", "Loaded runtime CuDNN library: 8.9.7 ...", "fix"),
        ),
    )
    db.add("run1", failed)
    db.start_run("run2", command="certify", host=GPU_HOST, level=3)
    gpu_facts = document(TF_CUDA)
    gpu_facts["device"] = {
        "models": [
            {"device": "gpu", "batch": 256, "samples_per_s": 40000.0},
            {"device": "cpu", "batch": 256, "samples_per_s": 4000.0},
        ]
    }
    db.add(
        "run2",
        replace(
            cert(CUDA_CELL, GPU_HOST, level=3, expect=TF221_CUDA, facts=gpu_facts),
            image_size=6_400_000_000,
        ),
    )
    db.add_push(f"sha256:{CUDA_CELL}", f"reg:5000/envforge/{CUDA_CELL}@sha256:abc", cell_id=CUDA_CELL, run_id="run2")  # fmt: skip
    return db


def report(store: Store, only: ReportFilter | None = None) -> report_page.Report:
    return build_report(
        store.certificates(),
        store.hosts(),
        stacks=STACKS,
        drivers=drivers,
        pushes=[(i, d) for i, d, _ in store.pushes()],
        only=only or ReportFilter(),
    )


def row_of(text: str, start: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith(start))
    return [c.strip() for c in line.strip().strip("|").split(" | ")]


def test_each_stack_has_a_table_with_what_its_images_were_built_for_and_ship(store: Store) -> None:
    data = report(store)
    text = page.markdown(report_page.report_page(data, "cells"))
    assert "## tf-cpu (1 image)" in text and "## tf-cuda-pip (1 image)" in text
    head = row_of(text, "| image |")
    assert head == list(report_page.CELL_COLUMNS)
    row = dict(zip(head, row_of(text, f"| `{CUDA_CELL}`"), strict=True))
    assert row["framework"] == "tensorflow 2.21.0" and row["Keras"] == "keras 3.15.1"
    assert row["Python built / shipped"] == "3.11 / 3.11.2"
    assert row["CUDA built / shipped"] == "12.5 / 12.9"
    assert row["cuDNN built / shipped"] == "9.3 / 9.28.0"
    assert row["min driver (native / minor-version)"] == "555.42.02 / 525.60.13"
    assert row["SASS / PTX"] == "6.0, 7.0, 8.0, 8.9 / 9.0"
    assert row["size"] == "6.40 GB" and row["digest"] == "`sha256:tf-cuda-pip-`"
    assert row["level"] == "L3"
    assert row["hosts"].startswith(
        "[x] certified on 1 of 2 (node7); FAILED (CUDNN_VERSION_MISMATCH)"
    )
    cpu = dict(zip(head, row_of(text, f"| `{CPU_CELL}`"), strict=True))
    assert cpu["CUDA built / shipped"] == "-" and cpu["min driver (native / minor-version)"] == "-"
    assert cpu["size"] == "812 MB" and cpu["hosts"] == "[ok] certified on 1 of 1 (ci)"


def test_the_hosts_view_gives_each_node_its_driver_gpus_and_runtime(store: Store) -> None:
    text = page.markdown(report_page.report_page(report(store), "hosts"))
    head = row_of(text, "| image |")
    assert head == [
        "image",
        "ci: no GPU, no NVIDIA driver; docker 20.10",
        "node7: 1x NVIDIA H100 80GB HBM3, driver 580.65.06; docker 27.0 (GPU runtime)",
        "what runs where",
    ]
    cuda = row_of(text, f"| `{CUDA_CELL}`")
    assert (
        cuda[1] == "[x] FAILED L0 (CUDNN_VERSION_MISMATCH) [2]" and cuda[2] == "[ok] CERTIFIED L3"
    )
    assert cuda[3] == "[x] certified on 1 of 2 (node7); FAILED (CUDNN_VERSION_MISMATCH) on ci"
    assert "[1] GPU levels not reached: no GPU on this host" in text


def test_one_host_is_a_one_column_hosts_table(tmp_path: Path) -> None:
    db = Store(tmp_path / "one.db")
    db.start_run("r", command="certify", host=CPU_HOST, level=1)
    db.add("r", cert(CPU_CELL, CPU_HOST))
    table = report_page.hosts_table(report(db))
    assert len(table.columns) == 3 and [c.text for c in table.rows[0]][1:] == [
        "CERTIFIED L1",
        "certified on 1 of 1 (ci)",
    ]


def test_no_emoji_anywhere(store: Store) -> None:
    data = report(store)
    for text in (
        page.markdown(report_page.report_page(data)),
        html.page_html(report_page.report_page(data)),
    ):
        assert not [c for c in text if ord(c) >= 0x2190], "marks are words and SVG shapes"


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.rows: dict[str, int] = {}
        self._table = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if tag == "table":
            self._table = found.get("data-table") or ""
        if tag == "tr" and self._table:
            self.rows[self._table] = self.rows.get(self._table, 0) + 1
        for name in ("src", "href"):
            assert not found.get(name), "a self-contained page loads nothing"


def test_html_is_one_self_contained_page_with_every_row(store: Store) -> None:
    text = html.page_html(report_page.report_page(report(store)))
    parsed = _Collector()
    parsed.feed(text)
    assert parsed.tags.count("script") == 1 and "link" not in parsed.tags
    # a head row and a row per image in each stack's table and in the hosts table
    assert parsed.rows == {"stack-tf-cpu": 2, "stack-tf-cuda-pip": 2, "hosts": 3}
    assert "prefers-color-scheme:dark" in text and 'id="filter"' in text
    assert "10 x" in text  # the GPU vs CPU speedup chart: 40000 / 4000
    assert "CUDNN_VERSION_MISMATCH: Loaded runtime CuDNN library" in text  # behind the entry


def test_json_is_what_its_shipped_schema_says(store: Store) -> None:
    doc = json.loads(json.dumps(envelope("report", to_dict(report(store)))))
    jsonschema.Draft202012Validator(report_schema()).validate(doc)
    cells = {c["cell"]: c for c in doc["data"]["cells"]}
    assert cells[CUDA_CELL]["repo_digests"] == [f"reg:5000/envforge/{CUDA_CELL}@sha256:abc"]
    assert cells[CUDA_CELL]["cudnn_shipped"] == "9.28.0" and cells[CPU_CELL]["stack"] == "tf-cpu"
    speedups = {(e["cell"], e["host"]): e["gpu_cpu_speedup"] for e in doc["data"]["entries"]}
    assert speedups[(CUDA_CELL, GPU_HOST.fingerprint)] == 10.0
    broken = json.loads(json.dumps(doc))
    broken["data"]["entries"][0]["verdict"] = "MAYBE"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(report_schema()).validate(broken)


def test_csv_has_a_line_per_image_and_host(store: Store) -> None:
    rows = list(csv.DictReader(io.StringIO(page.csv_of(report_page.flat_table(report(store))))))
    assert len(rows) == 3
    gpu = next(r for r in rows if r["host"] == "node7")
    assert gpu["verdict"] == "CERTIFIED" and gpu["passed"] == "True" and gpu["level"] == "3"
    assert gpu["cuda_shipped"] == "12.9" and gpu["sass"] == "6.0 7.0 8.0 8.9"
    failed = next(r for r in rows if r["host"] == "ci" and r["cell"] == CUDA_CELL)
    assert failed["code"] == "CUDNN_VERSION_MISMATCH" and failed["passed"] == "False"


def test_filters_by_stack_time_and_host(store: Store) -> None:
    assert report(store, ReportFilter(stacks=("tf-cpu",))).cells == [CPU_CELL]
    assert report(store, ReportFilter(hosts=("node*",))).cells == [CUDA_CELL]
    assert [h.name for h in report(store, ReportFilter(hosts=("node7",))).hosts] == ["node7"]
    assert report(store, ReportFilter(since="2999-01-01T00:00:00+00:00")).entries == {}
    assert len(report(store, ReportFilter(since="2000-01-01T00:00:00+00:00")).entries) == 3


def test_later_certificates_win(store: Store) -> None:
    store.start_run("run3", command="certify", host=CPU_HOST, level=3)
    store.add("run3", cert(CUDA_CELL, CPU_HOST))
    data = report(store)
    assert data.entries[(CUDA_CELL, CPU_HOST.fingerprint)].verdict == "CERTIFIED"


def test_fifty_nodes_stays_a_readable_table(tmp_path: Path) -> None:
    db = Store(tmp_path / "nodes.db")
    db.start_run("run1", command="certify", host=CPU_HOST, level=1)
    a100 = HostGpu("NVIDIA A100-SXM4-80GB", "8.0")
    h100 = HostGpu("NVIDIA H100 80GB HBM3", "9.0")
    for i in range(1, 51):
        gpu, features = (a100, ("a100",)) if i <= 24 else (h100, ("h100",))
        node = replace(GPU_HOST, hostname="vm", node=f"sim-{i:03d}", features=features, gpus=(gpu,))
        db.add_host(node)
        failed = i == 50
        db.add(
            "run1",
            cert(
                CUDA_CELL,
                node,
                verdict=Verdict.FAILED if failed else Verdict.CERTIFIED,
                diagnoses=(Diagnosis("SLURM_TASK_TIMEOUT", "timed out", "more time"),)
                if failed
                else (),
            ),
        )
    data = report(db)
    text = page.markdown(report_page.report_page(data, "hosts"))
    heads = row_of(text, "| image |")[1:-1]
    assert len(heads) == 3, heads
    assert any(
        h.startswith("24 nodes (sim-001, sim-002, sim-003, ... sim-024): 1x NVIDIA A100")
        for h in heads
    )
    assert any(h.startswith("25 nodes (sim-025,") for h in heads)
    assert any(h.startswith("sim-050: 1x NVIDIA H100") for h in heads)
    assert "on 50 host(s)" in text and "FAILED (SLURM_TASK_TIMEOUT) on sim-050" in text
    assert len(json.loads(json.dumps(to_dict(data)))["hosts"]) == 50
