from __future__ import annotations

import json
from pathlib import Path

import pytest

from envforge.errors import BadInputError
from envforge.knowledge import load_knowledge
from envforge.matrix import expand, load_matrix
from envforge.wheelhouse import Wheelhouse, platform_tags

from .conftest import FIXTURE_KB

KB = load_knowledge(FIXTURE_KB)
CELLS = {
    c.id: c
    for c in expand(load_matrix(Path(__file__).parents[1] / "golden" / "matrix.yaml"), KB).cells
}


def test_platform_tags_follow_glibc() -> None:
    tags = platform_tags(36, "x86_64")
    assert tags[0] == "manylinux_2_36_x86_64" and "manylinux_2_17_x86_64" in tags
    assert {"manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64"} <= set(tags)
    assert "manylinux_2_36_x86_64" not in platform_tags(31, "x86_64")


def test_download_command_targets_the_image(tmp_path: Path) -> None:
    house = Wheelhouse(tmp_path, KB)
    argv = house.command(
        CELLS["plaidml-py3.9"].spec.recipe, tmp_path / "dest"
    )  # Debian 11: Python 3.9, glibc 2.31
    assert argv[argv.index("--python-version") + 1] == "3.9" and "cp39" in argv
    platforms = [argv[i + 1] for i, a in enumerate(argv) if a == "--platform"]
    assert platforms[0] == "manylinux_2_31_x86_64"
    assert argv[-4:] == ["plaidml-keras==0.7.0", "numpy<1.24", "h5py<3.8", "scipy<1.12"]
    assert "--no-index" not in argv and argv[argv.index("--find-links") + 1] == str(tmp_path)
    assert argv[argv.index("--dest") + 1] == str(tmp_path / "dest")


def test_offline_needs_wheels_and_resolves_from_them_alone(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="holds no wheels"):
        Wheelhouse(tmp_path, KB, offline=True)
    (tmp_path / "x-1-py3-none-any.whl").write_bytes(b"")
    argv = Wheelhouse(tmp_path, KB, offline=True).command(
        CELLS["keras-jax-py3.11"].spec.recipe, tmp_path / "d"
    )
    assert argv[argv.index("--find-links") + 1] == str(tmp_path) and "--no-index" in argv


def test_recorded_resolution_is_reused_while_its_files_exist(tmp_path: Path) -> None:
    spec = CELLS["keras-jax-py3.11"].spec.recipe
    house = Wheelhouse(tmp_path, KB)
    record = house._record(spec)
    record.parent.mkdir()
    record.write_text(json.dumps({"wheels": ["keras-3.15.1-py3-none-any.whl"]}))
    (tmp_path / "keras-3.15.1-py3-none-any.whl").write_bytes(b"")
    resolution = house.resolve(spec)  # no pip: the unit tests forbid subprocesses
    assert resolution.complete and [w.name for w in resolution.wheels] == [
        "keras-3.15.1-py3-none-any.whl"
    ]
    assert (
        Wheelhouse(tmp_path, KB, offline=True)._record(spec) == record
    )  # offline finds the same record


@pytest.mark.parametrize(
    "record",
    [
        '{"wheels": ["../outside-1-py3-none-any.whl"]}',
        '{"wheels": ["/etc/passwd"]}',
        '{"wheels": "keras-3.15.1-py3-none-any.whl"}',
        '{"wheels": [' * 5000,
        "\x00\xff not json",
    ],
)
def test_a_record_this_wheelhouse_did_not_write_is_not_trusted(tmp_path: Path, record: str) -> None:
    spec = CELLS["keras-jax-py3.11"].spec.recipe
    house = Wheelhouse(tmp_path / "house", KB)
    path = house._record(spec)
    path.parent.mkdir(parents=True)
    path.write_text(record)
    (tmp_path / "outside-1-py3-none-any.whl").write_bytes(b"")
    assert house._recorded(spec) is None


def test_stacks_with_their_own_index_skip_the_wheelhouse(tmp_path: Path) -> None:
    resolution = Wheelhouse(tmp_path, KB).resolve(CELLS["tf-rocm-pip-py3.10"].spec.recipe)
    assert not resolution.complete and "no wheelhouse" in (resolution.error or "")
