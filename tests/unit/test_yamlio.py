from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from envforge.errors import InvalidFileError
from envforge.yamlio import format_key, load_yaml, validate


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.yaml"
    path.write_text(text)
    return path


def test_lines_of_keys_and_items(tmp_path: Path) -> None:
    loaded = load_yaml(write(tmp_path, "a: 1\nb:\n  - x\n  - y\nc:\n  d: 2\n"))
    assert loaded.data == {"a": 1, "b": ["x", "y"], "c": {"d": 2}}
    assert loaded.line_of(("b", 1)) == 4
    assert loaded.line_of(("c", "d")) == 6
    assert loaded.line_of(("c", "missing", 3)) == 5  # longest known prefix


def test_duplicate_key_is_located(tmp_path: Path) -> None:
    with pytest.raises(InvalidFileError) as err:
        load_yaml(write(tmp_path, "a: 1\nb: 2\na: 3\n"))
    assert err.value.lines == [
        f"{tmp_path / 'f.yaml'}:3: a: duplicate key (first defined on line 1)"
    ]


def test_syntax_error_is_located(tmp_path: Path) -> None:
    with pytest.raises(InvalidFileError) as err:
        load_yaml(write(tmp_path, "a: [1, 2\nb: 3\n"))
    assert ":" in err.value.message and "YAML syntax error" in err.value.message
    assert err.value.problems[0][0].line is not None


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidFileError, match="file does not exist"):
        load_yaml(tmp_path / "nope.yaml")


def test_empty_file_is_none(tmp_path: Path) -> None:
    assert load_yaml(write(tmp_path, "")).data is None


class Inner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    count: int


class Outer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Inner]


def test_every_validation_error_reported_with_line_and_suggestion(tmp_path: Path) -> None:
    loaded = load_yaml(
        write(tmp_path, "items:\n  - name: a\n    count: x\n  - name: b\n    cuont: 1\n")
    )
    with pytest.raises(InvalidFileError) as err:
        validate(loaded, Outer)
    lines = err.value.lines
    assert any(":3: items[0].count:" in line for line in lines)
    assert any(":5: items[1].cuont: unknown key (did you mean 'count'?)" in line for line in lines)
    assert any(":4: items[1].count: required key is missing" in line for line in lines)
    assert len(lines) == 3


def test_format_key() -> None:
    assert format_key(("axes", "python", 0)) == "axes.python[0]"
    assert format_key(()) == ""
