"""The CLI contract, in-process: exit codes, one-line errors, the JSON envelope, no tracebacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from envforge.errors import EnvforgeError

from .conftest import CliRun

Run = Callable[..., CliRun]


def one_line_error(result: CliRun) -> str:
    assert "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith("envforge: error: ")
    return first.removeprefix("envforge: error: ")


def test_a_missing_matrix_exits_2_with_one_located_line(envforge: Run, tmp_path: Path) -> None:
    result = envforge("certify", "-m", str(tmp_path / "nope.yaml"))
    assert result.code == 2
    assert one_line_error(result) == f"{tmp_path / 'nope.yaml'}: file does not exist"


def test_an_unparsable_matrix_exits_2_located(envforge: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: 1\naxes:\n  stack: [tf-cpu\n")
    result = envforge("certify", "-m", str(bad))
    assert result.code == 2 and one_line_error(result).startswith(f"{bad}:4: YAML syntax error")


def test_nothing_selected_exits_3(envforge: Run) -> None:
    result = envforge("certify", "--select", "rocm-*")
    assert result.code == 3 and "matched no cell" in one_line_error(result)
    assert "hint: cells of this matrix" in result.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["certify", "--jobs", "0"], "argument --jobs: '0': must be at least 1"),
        (["certify", "--jobs", "three"], "argument --jobs: 'three' is not a whole number"),
        (["matrix", "explain", "--python", "abc"], "argument --python: 'abc' is not a version"),
        (["matrix", "explain", "--tf", "abc"], "argument --tf: 'abc' is not a version"),
        (["matrix", "explain", "--cc", "9"], "argument --cc: '9' is not a compute capability"),
        (
            ["driver-check", "--driver", "535.104.05", "--cuda", "abc"],
            "argument --cuda: 'abc' is not a CUDA version",
        ),
        (
            ["driver-check", "--driver", "5x5", "--cuda", "12.5"],
            "argument --driver: '5x5' is not a driver version",
        ),
        (
            ["driver-check", "--driver", "535.104.05", "--cc", "nine"],
            "argument --cc: 'nine' is not a compute capability",
        ),
        (
            ["verify", "img", "--probe-timeout", "soon"],
            "argument --probe-timeout: 'soon' is not a duration",
        ),
        (
            ["verify", "img", "--probe-memory", "lots"],
            "argument --probe-memory: 'lots' is not a memory size",
        ),
    ],
)
def test_bad_values_are_one_line_naming_option_and_value(
    envforge: Run, argv: list[str], message: str
) -> None:
    result = envforge(*argv)
    assert result.code == 2 and one_line_error(result).startswith(message)


@pytest.mark.parametrize(
    "argv",
    [
        ["forge", "--tf", "2.21", "--pyth", "3.11"],
        ["render", "--ou", "x"],
        ["report", "--form", "md"],
        ["doctor", "--lo", "x"],
        ["matrix", "explain", "--py", "3.11"],
        ["driver-check", "--driv", "535"],
        ["certify", "--sel", "x"],
    ],
)
def test_abbreviations_are_refused_everywhere(envforge: Run, argv: list[str]) -> None:
    result = envforge(*argv)
    assert result.code == 2 and "unrecognized arguments" in one_line_error(result)


def test_an_error_with_json_is_the_envelope_on_stdout(envforge: Run) -> None:
    result = envforge("matrix", "explain", "--cc", "9", "--json")
    assert result.code == 2
    doc = result.envelope
    assert doc["schema_version"] == 2 and doc["command"] == "matrix explain" and doc["data"] is None
    [error] = doc["errors"]
    assert error["exit_code"] == 2 and error["message"].startswith("argument --cc: '9'")


def test_an_unexpected_exception_is_an_internal_error(
    envforge: Run, intercept: Callable[..., Any]
) -> None:
    intercept("matrix", "run_explain", error=ZeroDivisionError("boom"))
    result = envforge("matrix", "explain", "--tf", "2.21")
    assert result.code == 70 and "Traceback" not in result.stderr
    assert (
        result.stderr.strip()
        == "envforge: internal error (ZeroDivisionError: boom); rerun with --debug to see where"
    )
    debug = envforge("--debug", "matrix", "explain", "--tf", "2.21")
    assert debug.code == 70 and "Traceback (most recent call last)" in debug.stderr


def test_debug_shows_the_traceback_of_an_envforge_error(
    envforge: Run, intercept: Callable[..., Any]
) -> None:
    intercept(
        "matrix", "run_explain", error=EnvforgeError("something checked failed", hint="do this")
    )
    plain = envforge("matrix", "explain", "--tf", "2.21")
    assert (
        plain.code == 1
        and plain.stderr == "envforge: error: something checked failed\n  hint: do this\n"
    )
    debug = envforge("--debug", "matrix", "explain", "--tf", "2.21")
    assert "Traceback (most recent call last)" in debug.stderr


def test_ctrl_c_exits_130_and_says_what_was_kept(
    envforge: Run, intercept: Callable[..., Any]
) -> None:
    intercept("matrix", "run_explain", error=KeyboardInterrupt())
    result = envforge("matrix", "explain", "--tf", "2.21")
    assert (
        result.code == 130 and result.stderr == "envforge: interrupted; what was recorded is kept\n"
    )


def test_codes_lists_the_registry_and_explains_one(envforge: Run) -> None:
    listing = envforge("codes", "--json")
    codes = {c["code"]: c for c in listing.data}
    assert {"CUDNN_VERSION_MISMATCH", "GPU_HIDDEN_BY_ENV", "PROBE_TIMEOUT"} <= set(codes)
    one = envforge("codes", "cudnn_version_mismatch")
    assert one.code == 0 and one.stdout.startswith(
        "CUDNN_VERSION_MISMATCH (cuda-libs, catalogue C4)"
    )
    assert "fix: install a cuDNN of the build's major" in one.stdout
    unknown = envforge("codes", "NOT_A_CODE")
    assert unknown.code == 2 and "not a code envforge knows" in unknown.stderr
