"""The CLI contract: exit codes and one-line errors, never a traceback (run as a real subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.allow_subprocess


def envforge(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "envforge", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)


def test_missing_matrix_exits_2_with_one_line(tmp_path: Path) -> None:
    result = envforge("certify", "-m", str(tmp_path / "nope.yaml"))
    assert result.returncode == 2
    assert result.stderr.strip() == f"envforge: error: {tmp_path / 'nope.yaml'}: file does not exist"
    assert "Traceback" not in result.stderr


def test_unparsable_matrix_exits_2_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: 1\naxes:\n  stack: [tf-cpu\n")
    result = envforge("certify", "-m", str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith(f"envforge: error: {bad}:4: YAML syntax error")
    assert "Traceback" not in result.stderr


def test_nothing_selected_exits_3() -> None:
    result = envforge("certify", "--select", "rocm-*")
    assert result.returncode == 3
    assert "matched no cell" in result.stderr and "hint: cells of this matrix" in result.stderr


def test_no_engine_exits_4_with_what_to_do(tmp_path: Path) -> None:
    result = envforge("certify", "--db", str(tmp_path / "r.db"), env={"DOCKER_HOST": f"unix://{tmp_path}/none.sock"})
    assert result.returncode == 4
    assert "no Docker engine answers" in result.stderr and "scripts/setup" in result.stderr
    assert "Traceback" not in result.stderr


def test_matrix_list_json() -> None:
    result = envforge("matrix", "list", "--json")
    assert result.returncode == 0
    doc = json.loads(result.stdout)
    assert doc["schema_version"] == 1
    assert [c["cell"] for c in doc["cells"]] == ["tf-cpu-tf2.21.0-py3.11", "tf-cuda-pip-tf2.21.0-py3.11"]


def test_usage_error_exits_2() -> None:
    result = envforge("certify", "--jobs", "0")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_render_writes_and_checks(tmp_path: Path) -> None:
    out = tmp_path / "df"
    assert envforge("render", "--out", str(out)).returncode == 0
    assert sorted(p.name for p in out.iterdir()) == ["tf-cpu-tf2.21.0-py3.11.Dockerfile",
                                                     "tf-cuda-pip-tf2.21.0-py3.11.Dockerfile"]
    assert envforge("render", "--out", str(out), "--check").returncode == 0
    (out / "tf-cpu-tf2.21.0-py3.11.Dockerfile").write_text("edited\n")
    result = envforge("render", "--out", str(out), "--check")
    assert result.returncode == 1 and "out of date" in result.stderr
