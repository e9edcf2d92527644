"""The compatibility report from certification records: Markdown, HTML, JSON."""

from __future__ import annotations

import json
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from envforge.host import HostGpu
from envforge.results import Diagnosis, Verdict
from envforge.store import Store
from envforge.tables import report as tables

from .records import CPU_HOST, GPU_HOST, cert


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    db = Store(tmp_path / "r.db")
    db.start_run("run1", command="certify", host=CPU_HOST, level=3)
    db.add(
        "run1", cert("tf-cpu", CPU_HOST, stopped_by="GPU levels not reached: no GPU on this host")
    )
    db.add(
        "run1",
        cert(
            "tf-cuda",
            CPU_HOST,
            verdict=Verdict.FAILED,
            level=0,
            diagnoses=(
                Diagnosis(
                    "CUDNN_VERSION_MISMATCH", "Loaded runtime CuDNN library: 8.9.7 ...", "fix"
                ),
            ),
        ),
    )
    db.start_run("run2", command="certify", host=GPU_HOST, level=3)
    gpu_facts = {
        "device": {
            "models": [
                {"device": "gpu", "batch": 256, "samples_per_s": 40000.0},
                {"device": "cpu", "batch": 256, "samples_per_s": 4000.0},
            ]
        }
    }
    db.add("run2", cert("tf-cuda", GPU_HOST, level=3, facts=gpu_facts))
    return db


def test_markdown_table(store: Store) -> None:
    text = tables.to_markdown(tables.build_report(store.certificates(), store.hosts()))
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("| cell |"))
    assert (
        "ci: no GPU, no NVIDIA driver" in header
        and "node7: 1x NVIDIA H100 80GB HBM3, driver 580.65.06" in header
    )
    row = next(line for line in lines if line.startswith("| `tf-cuda`"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1] == "❌ FAILED L0 (CUDNN_VERSION_MISMATCH) [2]" and cells[2] == "✅ CERTIFIED L3"
    assert "[1] GPU levels not reached: no GPU on this host" in lines
    assert any(line.startswith("| `tf-cpu`") and line.rstrip().endswith("| - |") for line in lines)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.cells: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name == "data-cell" and value:
                self.cells.add(value)
            assert not (name in ("src", "href") and value and value.startswith("http")), (
                "no network"
            )


def test_html_is_self_contained_and_shows_every_entry(store: Store) -> None:
    page = tables.to_html(tables.build_report(store.certificates(), store.hosts()))
    parsed = _Collector()
    parsed.feed(page)
    assert "script" not in parsed.tags and "link" not in parsed.tags
    assert parsed.cells == {"tf-cpu", "tf-cuda"} and parsed.tags.count("details") == 3
    assert (
        parsed.tags.count("svg") == 2 and "10 x" in page
    )  # GPU vs CPU speedup chart (40000 / 4000)


def test_json_report(store: Store) -> None:
    doc = tables.to_dict(tables.build_report(store.certificates(), store.hosts()))
    assert len(doc["hosts"]) == 2 and doc["cells"] == ["tf-cpu", "tf-cuda"]
    speedups = {(e["cell"], e["host"]): e["gpu_cpu_speedup"] for e in doc["entries"]}
    assert speedups[("tf-cuda", GPU_HOST.fingerprint)] == 10.0
    json.dumps(doc)


def test_later_certificates_win(store: Store) -> None:
    store.start_run("run3", command="certify", host=CPU_HOST, level=3)
    store.add("run3", cert("tf-cuda", CPU_HOST))
    data = tables.build_report(store.certificates(), store.hosts())
    assert data.entries[("tf-cuda", CPU_HOST.fingerprint)].verdict == "CERTIFIED"


def test_a_fleet_of_fifty_nodes_stays_a_readable_table(tmp_path: Path) -> None:
    db = Store(tmp_path / "fleet.db")
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
                "tf-cuda",
                node,
                verdict=Verdict.FAILED if failed else Verdict.CERTIFIED,
                diagnoses=(Diagnosis("SLURM_TASK_TIMEOUT", "timed out", "more time"),)
                if failed
                else (),
            ),
        )
    report = tables.build_report(db.certificates(), db.hosts())
    text = tables.to_markdown(report)
    header = next(line for line in text.splitlines() if line.startswith("| cell |"))
    heads = header.strip("|").split(" | ")[1:]
    assert len(heads) == 3, heads
    assert any(
        h.startswith("24 nodes (sim-001, sim-002, sim-003, ... sim-024): 1x NVIDIA A100")
        for h in heads
    )
    assert any(h.startswith("25 nodes (sim-025,") for h in heads)
    assert any(h.startswith("sim-050: 1x NVIDIA H100") for h in heads)
    assert "on 50 host(s)" in text and "SLURM_TASK_TIMEOUT" in text
    assert len(json.loads(json.dumps(tables.to_dict(report)))["hosts"]) == 50
