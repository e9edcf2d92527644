"""The CLI contract: exit codes and one-line errors, never a traceback (run as a real subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.allow_subprocess


def envforge(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "envforge", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        timeout=120,
    )


def test_missing_matrix_exits_2_with_one_line(tmp_path: Path) -> None:
    result = envforge("certify", "-m", str(tmp_path / "nope.yaml"))
    assert result.returncode == 2
    assert (
        result.stderr.strip() == f"envforge: error: {tmp_path / 'nope.yaml'}: file does not exist"
    )
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
    result = envforge(
        "certify",
        "--db",
        str(tmp_path / "r.db"),
        env={"DOCKER_HOST": f"unix://{tmp_path}/none.sock"},
    )
    assert result.returncode == 4
    assert "no Docker engine answers" in result.stderr and "scripts/setup" in result.stderr
    assert "Traceback" not in result.stderr


def test_matrix_list_json() -> None:
    result = envforge("matrix", "list", "--json")
    assert result.returncode == 0
    doc = json.loads(result.stdout)
    assert doc["schema_version"] == 1
    assert [c["cell"] for c in doc["cells"]] == [
        "tf-cpu-tf2.21.0-py3.11",
        "tf-cuda-pip-tf2.21.0-py3.11",
    ]


def test_usage_error_exits_2() -> None:
    result = envforge("certify", "--jobs", "0")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_render_writes_and_checks(tmp_path: Path) -> None:
    out = tmp_path / "df"
    assert envforge("render", "--out", str(out)).returncode == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "tf-cpu-tf2.21.0-py3.11.Dockerfile",
        "tf-cuda-pip-tf2.21.0-py3.11.Dockerfile",
    ]
    assert envforge("render", "--out", str(out), "--check").returncode == 0
    (out / "tf-cpu-tf2.21.0-py3.11.Dockerfile").write_text("edited\n")
    result = envforge("render", "--out", str(out), "--check")
    assert result.returncode == 1 and "out of date" in result.stderr


def test_matrix_explain_json_fields_and_exit_codes() -> None:
    result = envforge(
        "matrix", "explain", "--tf", "2.21", "--python", "3.11", "--gpu", "A100", "--json"
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    for key in (
        "tensorflow",
        "python",
        "cuda",
        "cudnn",
        "min_driver",
        "compute_capabilities",
        "ptx",
        "keras",
        "compatible",
        "reasons",
        "sources",
    ):
        assert key in doc, key
    assert (doc["tensorflow"], doc["cuda"], doc["cudnn"], doc["ptx"], doc["keras"]) == (
        "2.21.0",
        "12.5",
        "9.3",
        "9.0",
        3,
    )
    assert doc["python"] == ["3.10", "3.11", "3.12", "3.13"] and doc["compatible"] is True
    assert doc["min_driver"] == "555.42.02" and doc["compute_capabilities"] == [
        "6.0",
        "7.0",
        "8.0",
        "8.9",
    ]
    bad = envforge("matrix", "explain", "--tf", "2.15", "--python", "3.13", "--json")
    assert bad.returncode == 1 and json.loads(bad.stdout)["compatible"] is False
    assert envforge("matrix", "explain").returncode == 2
    assert envforge("matrix", "explain", "--gpu", "Voodoo 3").returncode == 2


def test_driver_check_modes_and_require() -> None:
    ok = envforge("driver-check", "--driver", "535.104.05", "--cuda", "12.5", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["mode"] == "minor-version"
    bad = envforge(
        "driver-check", "--driver", "535.104.05", "--cuda", "13.0", "--gpu", "RTX 4090", "--json"
    )
    doc = json.loads(bad.stdout)
    assert bad.returncode == 1 and (doc["compatible"], doc["mode"]) == (False, "none")
    refused = envforge(
        "driver-check",
        "--driver",
        "535.104.05",
        "--cuda",
        "12.2",
        "--gpu",
        "H100",
        "--require",
        "cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0",
    )
    assert refused.returncode == 1 and "unsatisfied condition: cuda>=12.5" in refused.stdout
    assert envforge("driver-check", "--driver", "5x5", "--cuda", "12.5").returncode == 2
    assert (
        envforge(
            "driver-check", "--driver", "535.104.05", "--cuda", "12.5", "--require", "cuda>>1"
        ).returncode
        == 2
    )


def test_matrix_list_shows_rejections_with_reasons(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(
        'schema: 1\naxes:\n  stack: [tf-cpu]\n  tf: ["2.15.0"]\n  python: ["3.11", "3.13"]\n'
    )
    result = envforge("matrix", "list", "-m", str(path), "--json")
    doc = json.loads(result.stdout)
    assert [c["cell"] for c in doc["cells"]] == ["tf-cpu-tf2.15.0-py3.11"]
    assert doc["rejected"][0]["cell"] == "tf-cpu-tf2.15.0-py3.13"
    assert "supports Python 3.9-3.11, not 3.13" in doc["rejected"][0]["reason"]
