"""Malformed knowledge-base files: each rejected with exit 2 and located one-line messages, never a
traceback; every problem of every file is reported at once (through the CLI, in-process)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from envforge import paths
from envforge.cli import main_inner

pytestmark = pytest.mark.live_knowledge  # the live files, edited one key at a time


@dataclass
class Result:
    returncode: int
    stderr: str


@pytest.fixture()
def compat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "compat"
    shutil.copytree(paths.compat_dir(), target)
    monkeypatch.setenv("ENVFORGE_COMPAT_DIR", str(target))
    return target


@pytest.fixture()
def run(capsys: pytest.CaptureFixture[str]) -> Callable[[Path], Result]:
    def explain(compat: Path) -> Result:
        code = main_inner(["matrix", "explain", "--tf", "2.21"])
        return Result(code, capsys.readouterr().err)

    return explain


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


CASES = [
    # (file, old, new, needle for the expected line, expected message part)
    (
        "tensorflow.yaml",
        '{tf: "2.21.0", python: "3.10-3.13"',
        '{tf: "2.21.0", python: 3.1',
        'tf: "2.21.0", python: 3.1',
        "releases[0].python: Python range must be a string",
    ),
    (
        "tensorflow.yaml",
        'cuda: "12.5", cudnn: "9.3", compiler: "Clang 18.1.8", bazel: "7.4.1", source: S-TFDOCS, confidence: primary}',
        'cuda: "12.5", cudnn: "9.3", compiler: "Clang 18.1.8", bazel: "7.4.1", source: S-TFDOCS, confidence: primary, cudaa: 1}',
        '{tf: "2.21.0"',
        "releases[0].cudaa: unknown key (did you mean 'cuda'?)",
    ),
    (
        "cuda.yaml",
        '{cuda: "12.5.1", linux: "555.42.06"',
        '{cuda: "12.5.1", linux: "555.42.x"',
        '{cuda: "12.5.1"',
        "is not a driver version",
    ),
    (
        "gpus.yaml",
        'cc: "9.0", architecture: "Hopper", segment: datacenter, aliases: ["H100 80GB HBM3"',
        'cc: "9.0", architecture: "Hopper", segment: server, aliases: ["H100 80GB HBM3"',
        "segment: server",
        "gpus[19].segment:",
    ),
    (
        "tensorflow.yaml",
        'confidence: primary}\n  - {tf: "2.20.0"',
        'confidence: certain}\n  - {tf: "2.20.0"',
        "confidence: certain",
        "releases[0].confidence:",
    ),
    (
        "rocm.yaml",
        '  pypi_before: "6.1"\n',
        '  pypi_before: "6.1"\n  pypi_before: "6.2"\n',
        'pypi_before: "6.2"',
        "wheels.pypi_before: duplicate key (first defined on line",
    ),
    # YAML reports where the parser notices the problem: the line after the unclosed bracket.
    ("keras.yaml", "  releases:\n", "  releases: [\n", '- {keras: "3.16.0"', "YAML syntax error"),
    (
        "tensorflow.yaml",
        "source: S-TF215\n    confidence: primary",
        "source: S-NOPE\n    confidence: primary",
        "source: S-NOPE",
        "source id S-NOPE is not defined under `sources`",
    ),
    (
        "images.yaml",
        'python: "3.11", glibc: "2.36"',
        'python: "three", glibc: "2.36"',
        'python: "three"',
        "'three' is not a valid version",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "needle", "message"), CASES, ids=[c[0] + ":" + c[4][:30] for c in CASES]
)
def test_malformed_file_is_rejected_with_a_located_line(
    compat: Path,
    run: Callable[[Path], Result],
    name: str,
    old: str,
    new: str,
    needle: str,
    message: str,
) -> None:
    path = compat / name
    edit(path, old, new)
    result = run(compat)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("envforge: error:")]
    assert lines, result.stderr
    matching = [line for line in lines if message in line]
    assert matching, lines
    match = re.match(rf"envforge: error: {re.escape(str(path))}:(\d+): ", matching[0])
    assert match, matching[0]
    assert int(match.group(1)) == line_of(path, needle)


def test_all_problems_of_all_files_reported_at_once(
    compat: Path, run: Callable[[Path], Result]
) -> None:
    edit(compat / "cuda.yaml", '{cuda: "12.5.1", linux: "555.42.06"', '{cuda: "12.5.1", linux: "x"')
    edit(
        compat / "gpus.yaml",
        'segment: datacenter, aliases: ["H100 80GB HBM3"',
        'segment: server, aliases: ["H100 80GB HBM3"',
    )
    result = run(compat)
    assert result.returncode == 2
    assert "cuda.yaml:" in result.stderr and "gpus.yaml:" in result.stderr
    assert "hint: fix the knowledge base files named above" in result.stderr


def test_missing_knowledge_file(compat: Path, run: Callable[[Path], Result]) -> None:
    (compat / "gpus.yaml").unlink()
    result = run(compat)
    assert result.returncode == 2
    assert result.stderr.startswith(f"envforge: error: {compat / 'gpus.yaml'}: file does not exist")


def test_duplicate_rows_are_rejected(compat: Path, run: Callable[[Path], Result]) -> None:
    edit(
        compat / "tensorflow.yaml",
        '  - {tf: "2.20.0", python: "3.9-3.13"',
        '  - {tf: "2.21.1", python: "3.9-3.13"',
    )
    result = run(compat)
    assert result.returncode == 2 and "TensorFlow series '2.21' is listed twice" in result.stderr
