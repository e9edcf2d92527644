"""A few runs of the real executable: the entry point, the exit status, what is (not) imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.allow_subprocess


def envforge(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "envforge", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def loaded_after(argv: list[str], code: int, modules: tuple[str, ...]) -> list[bool]:
    """Run ``envforge ARGV`` in a fresh interpreter (expecting exit ``code``): which of ``modules``
    it imported."""
    probe = (
        "import sys\n"
        "from envforge.cli import main_inner\n"
        f"assert main_inner({argv!r}) == {code}\n"
        f"print(*(m in sys.modules for m in {modules!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [word == "True" for word in done.stdout.splitlines()[-1].split()]


def test_version_and_matrix_explain_do_not_import_the_docker_sdk() -> None:
    argv = ["matrix", "explain", "--tf", "2.21", "--json"]
    assert loaded_after(argv, 0, ("docker", "requests")) == [False, False]
    version = envforge("--version")
    assert version.returncode == 0 and version.stdout.startswith("envforge ")


def test_doctor_on_a_log_loads_neither_the_knowledge_base_nor_the_builder(tmp_path: Path) -> None:
    """A log naming no release needs only the signatures: that keeps doctor under a second on a
    5 MB log (scripts/bench_doctor)."""
    log = tmp_path / "run.log"
    log.write_text("Could not load dynamic library 'libcudnn.so.8'\n")
    heavy = ("envforge.knowledge.base", "envforge.builder", "docker", "jinja2")
    assert loaded_after(["doctor", "--log", str(log), "--json"], 1, heavy) == [False] * 4


def test_no_engine_exits_4_with_what_to_do(tmp_path: Path) -> None:
    result = envforge(
        "certify",
        "--db",
        str(tmp_path / "r.db"),
        env={"DOCKER_HOST": f"unix://{tmp_path}/none.sock"},
    )
    assert result.returncode == 4, result.stderr
    assert "no Docker engine answers" in result.stderr and "scripts/setup" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_usage_error_from_the_real_executable(tmp_path: Path) -> None:
    result = envforge("certify", "-m", str(tmp_path / "nope.yaml"))
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (
        f"envforge: error: argument -m/--matrix: {tmp_path / 'nope.yaml'}: no such file"
    )
