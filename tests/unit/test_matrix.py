from __future__ import annotations

from pathlib import Path

import pytest

from envforge import paths
from envforge.errors import InvalidFileError, NothingSelectedError
from envforge.knowledge import load_knowledge
from envforge.matrix import expand, load_matrix, matrix_schema, select

from .conftest import FIXTURE_KB

KB = load_knowledge(FIXTURE_KB)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "m.yaml"
    path.write_text(text)
    return path


def test_default_matrix_is_tf_221_py311_cpu_and_cuda_pip() -> None:
    expansion = expand(load_matrix(paths.default_matrix()), KB)
    assert [c.id for c in expansion.cells] == [
        "tf-cpu-tf2.21.0-py3.11",
        "tf-cuda-pip-tf2.21.0-py3.11",
    ]
    cpu, cuda = (c.spec for c in expansion.cells)
    assert cpu.recipe.requirements == ("tensorflow-cpu==2.21.0",)
    assert cpu.accelerator == "cpu" and cpu.expect.cuda is None
    assert cuda.recipe.requirements == ("tensorflow[and-cuda]==2.21.0",)
    # tensorflow.org's tested build configuration
    assert (cuda.expect.cuda, cuda.expect.cudnn) == ("12.5", "9.3")
    # native, or minor-version compatibility on GPUs with SASS
    assert cuda.expect.nvidia_require_cuda == "cuda>=12.5,arch>=6.0 cuda>=12.0,arch>=6.0,arch<9.0"
    assert cpu.recipe.base_image == cuda.recipe.base_image == "debian:bookworm-slim"
    assert not expansion.rejected


def test_python_outside_tf_range_is_rejected_with_source(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'schema: 1\naxes:\n  stack: [tf-cpu]\n  tf: ["2.15.0", "2.21.0"]\n  python: ["3.11", "3.13"]\n',
    )
    expansion = expand(load_matrix(path), KB)
    assert sorted(c.id for c in expansion.cells) == [
        "tf-cpu-tf2.15.0-py3.11",
        "tf-cpu-tf2.21.0-py3.11",
        "tf-cpu-tf2.21.0-py3.13",
    ]
    [rejected] = expansion.rejected
    assert rejected.id == "tf-cpu-tf2.15.0-py3.13"
    assert "TensorFlow 2.15 supports Python 3.9-3.11, not 3.13" in rejected.reason
    assert "tensorflow.org/install/source" in (rejected.source or "")


def test_exclude_and_include(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "schema: 1\naxes:\n  stack: [tf-cpu, tf-cuda-pip]\n  tf: ['2.21.0']\n  python: ['3.11']\n"
        "exclude:\n  - {stack: tf-cuda-pip}\ninclude:\n  - {stack: tf-cpu, tf: '2.20.0', python: '3.9'}\n",
    )
    expansion = expand(load_matrix(path), KB)
    assert [c.id for c in expansion.cells] == ["tf-cpu-tf2.21.0-py3.11", "tf-cpu-tf2.20.0-py3.9"]
    assert expansion.cells[1].spec.recipe.base_image == "debian:bullseye-slim"
    assert [r.reason for r in expansion.rejected] == ["excluded by the matrix (exclude[0])"]


def test_cuda_pip_before_212_is_rejected(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "schema: 1\naxes:\n  stack: [tf-cuda-pip]\n  tf: ['2.11.0', '2.13.0']\n  python: ['3.10']\n",
    )
    expansion = expand(load_matrix(path), KB)
    assert [c.id for c in expansion.cells] == ["tf-cuda-pip-tf2.13.0-py3.10"]
    assert "nvidia-cudnn-cu11==8.6.0.163" in expansion.cells[0].spec.recipe.requirements
    assert "tf-cuda-base" in expansion.rejected[0].reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "schema: 1\naxes:\n  stack: [tf-cpu]\n  python: [3.10]\n",
            ":4: axes.python[0]: version 3.1 must be quoted",
        ),
        (
            "schema: 1\naxes:\n  stack: [tf-gpu]\n",
            ":3: axes.stack[0]: unknown stack 'tf-gpu' (did you mean 'tf-cpu'?)",
        ),
        ("schema: 1\naxis:\n  stack: [tf-cpu]\n", ":2: axis: unknown key (did you mean 'axes'?)"),
        ("schema: 2\naxes:\n  stack: [tf-cpu]\n", ":1: schema:"),
        ("schema: 1\naxes:\n  stack: []\n", ":3: axes.stack:"),
        (
            "schema: 1\ncell_id: '{stack}-{gpu}'\naxes:\n  stack: [tf-cpu]\n",
            "cell_id names 'gpu', which is not an axis",
        ),
        ("- 1\n- 2\n", ":1: a matrix file must be a mapping"),
        (
            "schema: 1\naxes:\n  stack: [tf-cpu]\n  stack: [tf-cpu]\n",
            ":4: axes.stack: duplicate key",
        ),
        ("schema: 1\naxes: {stack: [tf-cpu\n", "YAML syntax error"),
    ],
)
def test_bad_matrices_are_located(tmp_path: Path, text: str, expected: str) -> None:
    with pytest.raises(InvalidFileError) as err:
        load_matrix(write(tmp_path, text))
    assert expected in "\n".join(err.value.lines)
    assert err.value.lines[0].startswith(str(tmp_path / "m.yaml"))


def test_cell_id_missing_axis_is_located(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "schema: 1\ncell_id: '{stack}-{tf}'\naxes:\n  stack: [tf-cpu]\n  python: ['3.11']\n",
    )
    with pytest.raises(InvalidFileError, match=r"m.yaml:2: cell_id: .* no value for 'tf'"):
        expand(load_matrix(path), KB)


def test_duplicate_cell_ids(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "schema: 1\ncell_id: '{stack}'\naxes:\n  stack: [tf-cpu]\n  tf: ['2.21.0', '2.20.0']\n"
        "  python: ['3.11']\n",
    )
    with pytest.raises(InvalidFileError, match="two cells get the id 'tf-cpu'"):
        expand(load_matrix(path), KB)


def test_select() -> None:
    cells = expand(load_matrix(paths.default_matrix()), KB).cells
    assert [c.id for c in select(cells, ["tf-cpu-*"])] == ["tf-cpu-tf2.21.0-py3.11"]
    assert len(select(cells, None)) == 2
    with pytest.raises(NothingSelectedError) as err:
        select(cells, ["rocm-*"])
    assert err.value.exit_code == 3


def test_schema_is_generated_from_the_model() -> None:
    schema = matrix_schema()
    assert schema["required"] == ["schema", "axes"]
    assert "tf-cuda-pip" in schema["$defs"]["Axes"]["properties"]["stack"]["items"]["enum"]
