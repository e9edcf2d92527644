"""Reports from certification records, driver rollouts and regressions, forge's choice of candidates."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

from envforge import report
from envforge.certify import Certificate, Diagnosis, Verdict
from envforge.driver import ImageUnderTest, assess_rollout, compare_runs
from envforge.forge import candidates, tf_spec
from envforge.host import GPU, HostInfo
from envforge.knowledge import load_knowledge
from envforge.store import Store

KB = load_knowledge()
CPU_HOST = HostInfo("ci", "6.1", "Debian", "docker 20.10", False, None, ())
GPU_HOST = HostInfo(
    "node7",
    "6.8",
    "Ubuntu",
    "docker 27.0",
    True,
    "580.65.06",
    (GPU("NVIDIA H100 80GB HBM3", "9.0"),),
)
TF221_CUDA = {
    "framework": "tensorflow",
    "accelerator": "cuda",
    "cuda": "12.5",
    "cudnn": "9.3",
    "sass": ["6.0", "7.0", "8.0", "8.9"],
    "ptx": "9.0",
    "nvidia_require_cuda": "cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0",
}


def cert(
    cell: str, host: HostInfo, verdict: Verdict = Verdict.CERTIFIED, level: int = 1, **kw: object
) -> Certificate:
    return Certificate(
        cell_id=cell,
        image_id=f"sha256:{cell}",
        image_tag=f"envforge/{cell}:1",
        host_fingerprint=host.fingerprint,
        verdict=verdict,
        level_requested=3,
        level_reached=level,
        ceiling=kw.pop("ceiling", None),
        expectations=kw.pop("expect", {"accelerator": "cpu"}),  # type: ignore[arg-type]
        diagnoses=tuple(kw.pop("diagnoses", ())),
        timings={"probe_s": 12.5},  # type: ignore[arg-type]
        facts=kw.pop("facts", None),
    )  # type: ignore[arg-type]


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    db = Store(tmp_path / "r.db")
    db.start_run("run1", command="certify", host=CPU_HOST, level=3)
    db.add("run1", cert("tf-cpu", CPU_HOST, ceiling="GPU levels not reached: no GPU on this host"))
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
    text = report.to_markdown(report.build_report(store.certificates(), store.hosts()))
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
    page = report.to_html(report.build_report(store.certificates(), store.hosts()))
    parsed = _Collector()
    parsed.feed(page)
    assert "script" not in parsed.tags and "link" not in parsed.tags
    assert parsed.cells == {"tf-cpu", "tf-cuda"} and parsed.tags.count("details") == 3
    assert (
        parsed.tags.count("svg") == 2 and "10 x" in page
    )  # GPU vs CPU speedup chart (40000 / 4000)


def test_json_report(store: Store) -> None:
    doc = report.to_json(report.build_report(store.certificates(), store.hosts()))
    assert (
        doc["schema_version"] == 1
        and len(doc["hosts"]) == 2
        and doc["cells"] == ["tf-cpu", "tf-cuda"]
    )
    speedups = {(e["cell"], e["host"]): e["gpu_cpu_speedup"] for e in doc["entries"]}
    assert speedups[("tf-cuda", GPU_HOST.fingerprint)] == 10.0
    json.dumps(doc)


def test_later_certificates_win(store: Store) -> None:
    store.start_run("run3", command="certify", host=CPU_HOST, level=3)
    store.add("run3", cert("tf-cuda", CPU_HOST))
    data = report.build_report(store.certificates(), store.hosts())
    assert data.entries[("tf-cuda", CPU_HOST.fingerprint)].verdict == "CERTIFIED"


def test_rollout_static_checks() -> None:
    images = [
        ImageUnderTest("cpu", {"accelerator": "cpu"}, None),
        ImageUnderTest("tf221", TF221_CUDA, TF221_CUDA["nvidia_require_cuda"]),
    ]
    h100 = KB.gpu("H100")
    items = {i.name: i for i in assess_rollout(KB, driver="535.104.05", images=images, gpu=h100)}
    assert items["cpu"].keeps_working and items["cpu"].mode == "n/a"
    broken = items["tf221"]
    assert not broken.keeps_working and broken.require_satisfied is False
    assert "unsatisfied condition: cuda>=12.5" in (broken.require_message or "")
    assert any("DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in r for r in broken.reasons)
    a100 = {
        i.name: i
        for i in assess_rollout(KB, driver="535.104.05", images=images, gpu=KB.gpu("A100"))
    }
    assert (
        a100["tf221"].keeps_working
        and a100["tf221"].mode == "minor-version"
        and a100["tf221"].require_satisfied
    )
    assert all(
        i.keeps_working for i in assess_rollout(KB, driver="580.65.06", images=images, gpu=h100)
    )


def test_regressions_between_runs() -> None:
    before = [
        cert("a", GPU_HOST, level=3),
        cert("b", GPU_HOST, level=3),
        cert("c", GPU_HOST, level=2),
    ]
    after = [
        cert("a", GPU_HOST, level=3),
        cert(
            "b",
            GPU_HOST,
            verdict=Verdict.FAILED,
            level=1,
            diagnoses=(Diagnosis("DRIVER_TOO_OLD_FOR_CUDA_RUNTIME", "x"),),
        ),
        cert("c", GPU_HOST, level=3),
    ]
    regressions, missing = compare_runs(before, after)
    assert [(r.cell, r.baseline, r.candidate, r.new_codes) for r in regressions] == [
        ("b", "CERTIFIED L3", "FAILED L1", ["DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"])
    ]
    assert compare_runs(before, after[:1])[1] == ["b", "c"]
    level_drop, _ = compare_runs([cert("a", GPU_HOST, level=3)], [cert("a", GPU_HOST, level=1)])
    assert [r.cell for r in level_drop] == ["a"]


def test_tf_spec() -> None:
    assert tf_spec("2.21") == SpecifierSet("==2.21.*") and tf_spec("2.21.0") == SpecifierSet(
        "==2.21.0"
    )
    assert tf_spec(">=2.17,<2.20") == SpecifierSet(">=2.17,<2.20")


def test_forge_picks_the_newest_that_works_for_the_driver_and_gpu() -> None:
    found, rejected = candidates(
        KB, spec=tf_spec(">=2.15"), python=None, driver="535.104.05", gpu="H100", accelerator="cuda"
    )
    # TF 2.16+ reach an H100 only through PTX built by CUDA 12.3+, which driver 535 (CUDA 12.2) cannot JIT.
    assert found[0].cell.id == "forge-tf-cuda-pip-tf2.15.0-py3.11"
    assert any(
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in r["reason"] for r in rejected if "2.21.0" in r["cell"]
    )
    newest, _ = candidates(
        KB, spec=tf_spec(">=2.15"), python=None, driver="580.65.06", gpu="H100", accelerator="cuda"
    )
    assert newest[0].cell.id == "forge-tf-cuda-pip-tf2.21.0-py3.13"
    cpu, _ = candidates(
        KB, spec=tf_spec("2.21"), python="3.11", driver=None, gpu=None, accelerator="cpu"
    )
    assert [c.cell.id for c in cpu] == ["forge-tf-cpu-tf2.21.0-py3.11"]


def test_forge_skips_what_failed_on_a_host_like_this(store: Store) -> None:
    store.start_run("run4", command="forge", host=GPU_HOST, level=3)
    store.add(
        "run4",
        cert(
            "forge-tf-cuda-pip-tf2.21.0-py3.13",
            GPU_HOST,
            verdict=Verdict.FAILED,
            diagnoses=(Diagnosis("GPU_NUMERICS_MISMATCH", "x"),),
        ),
    )
    found, rejected = candidates(
        KB,
        spec=tf_spec(">=2.20"),
        python=None,
        driver="580.65.06",
        gpu="H100",
        accelerator="cuda",
        host=GPU_HOST,
        store=store,
    )
    assert (
        found[0].cell.id == "forge-tf-cuda-pip-tf2.21.0-py3.12"
    )  # the same release on the next Python
    assert any("GPU_NUMERICS_MISMATCH" in r["reason"] for r in rejected)
