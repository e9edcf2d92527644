"""The gate commands through the command line: what they write, and bad input refused at the door
(the jobs themselves: tests/unit/jobs/test_gate.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import CliRun

Run = Callable[..., CliRun]
IMAGE = "127.0.0.1:5000/team/tf@sha256:" + "b" * 64


def test_gate_kubernetes_writes_the_workload_and_says_how_to_apply_it(
    envforge: Run, tmp_path: Path
) -> None:
    shown = envforge("gate", "kubernetes", "--emit", str(tmp_path / "k8s"), "--image", IMAGE)
    assert shown.code == 0, shown.stderr
    assert len(list((tmp_path / "k8s").glob("*.yaml"))) == 2
    assert "app=nvidia-operator-validator" in shown.stderr
    doc = envforge(
        "gate", "kubernetes", "--emit", str(tmp_path / "k8s"), "--image", IMAGE, "--json"
    )
    assert doc.data["out"] == str((tmp_path / "k8s").absolute())


def test_gate_slurm_without_a_store_writes_no_baseline(envforge: Run, tmp_path: Path) -> None:
    shown = envforge("gate", "slurm", "--emit", str(tmp_path / "g"), "--image", IMAGE,
                     "--registry", "127.0.0.1:5000", "--db", str(tmp_path / "none.db"), "--json")  # fmt: skip
    assert shown.code == 0, shown.stderr
    assert shown.data["baselines"] == {}
    assert (tmp_path / "g" / "healthcheck.sh").is_file()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["gate", "kubernetes", "--emit", "out", "--image", "tf:1"], "give the image by digest"),
        (["gate", "slurm", "--emit", "out", "--image", IMAGE], "--registry"),
        (["gate", "status", "--gate", "nowhere"], "no such directory"),
        (["gate", "recertify", "--gate", ".", "--node", "a b"], "--node"),
    ],
)
def test_bad_gate_options_are_refused_at_the_door(
    envforge: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], says: str
) -> None:
    monkeypatch.chdir(tmp_path)
    shown = envforge(*argv)
    assert shown.code == 2 and says in shown.stderr, shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_directory_that_is_no_gate_is_a_located_error(envforge: Run, tmp_path: Path) -> None:
    shown = envforge("gate", "status", "--gate", str(tmp_path))
    assert shown.code == 2 and "gate.json" in shown.stderr and "Traceback" not in shown.stderr


def test_the_parsers_runtimes_are_the_task_scripts_runtimes() -> None:
    from envforge.cli.groups import RUNTIMES as PARSED
    from envforge.cluster.scripts import RUNTIMES

    assert PARSED == RUNTIMES
