"""The command line's preamble: the option rules (settings.RULES) and the job's own checks reported
together, one line each, exit 2, before a run record is opened or an engine is asked; the preamble
of a run that goes ahead is in its --json."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from envforge.store import Store

from ..facts import TF_CPU, TF_CUDA, document
from ..fakes import FakeEngine, report
from .conftest import CliRun

Run = Callable[..., CliRun]
CPU_CELL, CUDA_CELL = "tf-cpu-tf2.21.0-py3.11", "tf-cuda-pip-tf2.21.0-py3.11"


@pytest.fixture()
def engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    """The engine every command of the test gets (it records every call)."""
    fake = FakeEngine(
        reports={CPU_CELL: report(document(TF_CPU)), CUDA_CELL: report(document(TF_CUDA))}
    )
    monkeypatch.setattr("envforge.jobs.context.connect", lambda: fake)
    return fake


def errors(result: CliRun) -> list[str]:
    assert "Traceback" not in result.stderr
    return [
        line.removeprefix("envforge: error: ")
        for line in result.stderr.splitlines()
        if line.startswith("envforge: error: ")
    ]


def no_runs(db: Path) -> bool:
    return not db.exists() or Store(db, read_only=True).runs() == []


def test_offline_without_a_wheelhouse_leaves_no_failed_run(
    envforge: Run, engine: FakeEngine, tmp_path: Path
) -> None:
    db = tmp_path / "r.db"
    result = envforge("certify", "--offline", "--no-wheelhouse", "--db", str(db))
    wheelhouse = Path(os.environ["ENVFORGE_STATE_DIR"]) / "wheelhouse"  # offline: the default one
    assert result.code == 2 and errors(result) == [
        "--offline needs a wheelhouse (drop --no-wheelhouse)",
        f"--offline: the wheelhouse {wheelhouse} holds no wheels",
    ]
    assert engine.contacted == [] and no_runs(db)


def test_bad_options_and_a_bad_site_file_are_reported_together(
    envforge: Run, engine: FakeEngine, tmp_path: Path
) -> None:
    site = tmp_path / "site.yaml"
    site.write_text("bases: {}\nbuildkit: {remote: yes}\n")
    db = tmp_path / "r.db"
    argv = ["certify", "--backend", "kubernetes", "--partition", "gpu", "--site", str(site)]
    result = envforge(
        *argv, "--wheelhouse", str(tmp_path / "w"), "--no-wheelhouse", "--db", str(db)
    )
    found = errors(result)
    assert result.code == 2 and len(found) == 5, found
    assert found[:4] == [
        "--partition: only with --backend slurm",
        "--backend kubernetes needs --registry HOST[:PORT][/PREFIX]: the nodes pull each image "
        "from it by digest",
        "--backend kubernetes needs --emit DIR: where the Job manifests go",
        "--wheelhouse and --no-wheelhouse contradict each other",
    ]
    assert found[4].startswith(f"{site}:2: buildkit.remote")
    assert engine.contacted == [] and no_runs(db)
    as_json = envforge(*argv, "--db", str(db), "--json")
    assert as_json.code == 2 and as_json.envelope["data"] is None
    assert [e["message"] for e in as_json.envelope["errors"]][:1] == found[:1]
    assert {e["exit_code"] for e in as_json.envelope["errors"]} == {2}


def test_a_run_that_goes_ahead_says_its_preamble_and_returns_it(
    envforge: Run, engine: FakeEngine, tmp_path: Path
) -> None:
    argv = ["certify", "--level", "1", "--no-wheelhouse", "--db", str(tmp_path / "r.db")]
    result = envforge(*argv, "--json")
    assert result.code == 0, result.stderr
    preamble = result.data["preamble"]
    assert preamble["command"] == "certify" and preamble["matrix"]["cells"] == [CPU_CELL, CUDA_CELL]
    assert preamble["build"]["builder"] == "auto" and preamble["probe"]["level"] == 1
    assert preamble["cluster"] is None
    human = envforge(*argv)
    assert "matrix: " in human.stderr and "probe: level 1, timeout 900 s, memory 6g" in human.stderr
