"""The CLI contract, in-process: exit codes, one-line errors, the JSON envelope, no tracebacks."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest

from envforge.cli import converters
from envforge.cli.parser import build_parser
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
    assert one_line_error(result) == f"argument -m/--matrix: {tmp_path / 'nope.yaml'}: no such file"


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
        (["verify", "img", "--probe-memory", "1k"], "argument --probe-memory: '1k': the engine"),
        (["verify", ""], "argument image: an image reference must not be empty"),
        (["verify", "foo;rm -rf /"], "argument image: 'foo;rm -rf /' is not an image reference"),
        (["verify", "a|b"], "argument image: 'a|b' is not an image reference"),
        (["verify", "$(id)"], "argument image: '$(id)' is not an image reference"),
        (["verify", "Ubuntu:22.04"], "argument image: 'Ubuntu:22.04' is not an image reference"),
        (["verify", "ubuntu:" + "t" * 129], "argument image: 'ubuntu:tttt"),
        (["verify", "ubuntu@sha256:abc"], "argument image: 'ubuntu@sha256:abc' is not an image"),
        (["verify", "img\n"], "argument image: 'img\\n' is not an image reference"),
        (["doctor", "--image", "A B"], "argument --image: 'A B' is not an image reference"),
        (["driver-check", "--image", "x::y"], "argument --image: 'x::y' is not an image"),
        (["forge", "--tf", "two"], "argument --tf: 'two' is not a version or a range"),
        (
            ["forge", "--tf", "2.21", "--tag", "me/img@sha256:" + "a" * 64],
            "argument --tag: 'me/img@sha256:",
        ),
        (["forge", "--tf", "2.21", "--tag", "Me/Img"], "argument --tag: 'Me/Img' is not an image"),
        (["certify", "--select", ""], "argument --select: must not be empty"),
        (["matrix", "explain", "--gpu", " "], "argument --gpu: must not be empty"),
        (
            ["matrix", "explain", "--gpu", "H100\x1b[2J"],
            "argument --gpu: 'H100\\x1b[2J' is not one",
        ),
        (["certify", "-m", "nosuchmatrix"], "argument -m/--matrix: nosuchmatrix: no such matrix"),
        (["certify", "--ca-bundle", "/nonexistent/ca.pem"], "argument --ca-bundle: /nonexistent/"),
        (["certify", "--ca-bundle", "/"], "argument --ca-bundle: /: not a file"),
        (["certify", "--site", "/"], "argument --site: /: not a file"),
        (["certify", "--db", "/"], "argument --db: /: is a directory, not a results database"),
        (["report", "-o", "/"], "argument -o/--output: /: is a directory, not a file"),
        (["report", "-o", "/nonexistent/r.md"], "argument -o/--output: /nonexistent/r.md: its"),
        (["render", "--out", "/dev/null"], "argument --out: /dev/null: not a directory"),
        (["certify", "--wheelhouse", "/dev/null"], "argument --wheelhouse: /dev/null: not a dir"),
        (["doctor", "--log", "/"], "argument --log: /: not a file"),
        (["doctor", "--python", "/nonexistent/python"], "argument --python: /nonexistent/python"),
        (["doctor", "--python", "no-such-python-here"], "argument --python: no-such-python-here"),
        (
            ["driver-check", "--baseline", "yesterday", "--candidate", "x"],
            "argument --baseline: 'yesterday' is not a run id",
        ),
        (["codes", ""], "argument code: must not be empty"),
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


def test_every_option_that_takes_a_value_is_typed_or_chosen() -> None:
    """No option's text reaches a job unchecked: each has a converter or a fixed set of choices."""
    untyped = []
    for command, parser in _all_parsers(build_parser()):
        for action in parser._actions:
            takes_value = action.nargs != 0 and not isinstance(
                action, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)
            )
            if takes_value and action.type is None and action.choices is None:
                untyped.append(f"{command} {'/'.join(action.option_strings) or action.dest}")
    assert untyped == []


def _all_parsers(
    parser: argparse.ArgumentParser, prefix: str = "envforge"
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _all_parsers(sub, f"{prefix} {name}")


@pytest.mark.parametrize(
    "image",
    [
        "ubuntu",
        "envforge/tf-cpu:2.21",
        "localhost:5000/team/img:v1.0-rc_1",
        "registry.example.com:443/a/b/c",
        "img@sha256:" + "0" * 64,
        "img:tag@sha256:" + "f" * 64,
        "sha256:" + "a" * 64,
        "[::1]:5000/img",
    ],
)
def test_image_references_docker_accepts_pass(image: str) -> None:
    assert converters.image_reference(image) == image


def test_the_cli_masks_secrets_in_errors_and_json(
    envforge: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HTTP_PROXY", "http://svc:Pr0xy-S3cret@proxy.corp:8080")
    missing = tmp_path / "Pr0xy-S3cret.yaml"
    human = envforge("matrix", "list", "-m", str(missing))
    assert human.code == 2 and "***.yaml" in human.stderr and "Pr0xy-S3cret" not in human.stderr
    machine = envforge("matrix", "list", "-m", str(missing), "--json")
    assert machine.code == 2 and "Pr0xy-S3cret" not in machine.stdout + machine.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["verify", "a:1", "b:2"], "verify: 2 images given; one at a time on this host"),
        (["verify", "--backend", "slurm", "a:1"], "--backend slurm needs --registry"),
        (
            ["verify", "--registry", "127.0.0.1:5000", "a:1"],
            "--registry: only with --backend slurm",
        ),
        (["verify", "--backend", "kubernetes", "a:1"], "argument --backend: invalid choice"),
    ],
)
def test_verify_takes_several_images_only_on_a_cluster(
    envforge: Run, argv: list[str], message: str
) -> None:
    result = envforge(*argv)
    assert result.code == 2 and one_line_error(result).startswith(message)


def test_an_unknown_gpu_names_the_nearest_ones_in_the_json_envelope(envforge: Run) -> None:
    result = envforge("matrix", "explain", "--tf", "2.20", "--gpu", "RTX 9090", "--json")
    doc = json.loads(result.stdout)
    assert result.code == 2 and doc["data"] is None
    error = doc["errors"][0]
    assert error["message"].startswith("--gpu 'RTX 9090' is not in the knowledge base's GPU table")
    assert error["hint"].startswith("nearest names: ") and "--cc X.Y" in error["hint"]


def test_matrix_list_names_the_shipped_matrices(envforge: Run) -> None:
    result = envforge("matrix", "list", "--matrices", "--json")
    names = {m["name"]: m["description"] for m in json.loads(result.stdout)["data"]["matrices"]}
    assert result.code == 0 and names["default"] and "no-registry" in names
