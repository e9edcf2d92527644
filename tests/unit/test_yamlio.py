from __future__ import annotations

import time
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from envforge.errors import InvalidFileError
from envforge.yamlio import MAX_BYTES, MAX_DEPTH, MAX_VALUES, format_key, load_yaml, validate


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


def one_problem(path: Path) -> str:
    with pytest.raises(InvalidFileError) as err:
        load_yaml(path)
    assert len(err.value.lines) == 1
    return err.value.lines[0].removeprefix(f"{path}:")


def test_an_alias_bomb_is_refused_fast_and_located(tmp_path: Path) -> None:
    rows = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for prev, name in zip("abcdefghi", "bcdefghij", strict=True):
        rows.append(f"{name}: &{name} [{','.join(['*' + prev] * 9)}]")
    path = write(tmp_path, "\n".join(rows) + "\n")
    start = time.perf_counter()
    problem = one_problem(path)
    assert time.perf_counter() - start < 1.0
    assert problem.endswith(
        f"expands to more than {MAX_VALUES} values (aliases repeated: an alias bomb?)"
    )
    assert int(problem.split(":")[0]) > 1  # the line where the expansion passes the cap


def test_modest_aliases_are_fine(tmp_path: Path) -> None:
    data = load_yaml(write(tmp_path, "a: &p [3.11, 3.12]\nb: *p\n")).data
    assert data == {"a": [3.11, 3.12], "b": [3.11, 3.12]}


def test_an_alias_to_itself_is_refused(tmp_path: Path) -> None:
    assert one_problem(write(tmp_path, "a: &a [1, *a]\n")) == "1: an alias refers to itself"


def test_deep_nesting_is_refused_with_its_line(tmp_path: Path) -> None:
    deep = "a:\n" + "".join("  " * i + "- \n" for i in range(1, 3))  # fine
    assert load_yaml(write(tmp_path, deep)).data == {"a": [[None]]}
    flow = "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    assert one_problem(write(tmp_path, flow)) == f"1: nested deeper than {MAX_DEPTH} levels"
    huge = "x: " + "[" * 100_000 + "\n"  # would be a RecursionError in PyYAML's composer
    assert one_problem(write(tmp_path, huge)) == f"1: nested deeper than {MAX_DEPTH} levels"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            b"\xef\xbb\xbfa: 1\n",
            "1: starts with a UTF-8 byte-order mark: save it as UTF-8 without one",
        ),
        (
            b"\xff\xfea\x00:\x00",
            "1: starts with a UTF-16 byte-order mark: save it as UTF-8 without one",
        ),
        (b"a: 1\nb: caf\xe9\n", "2: byte 0xe9 is not UTF-8: save the file as UTF-8"),
        (b"a: 1\nb: [x\x01]\n", "2: character 0x01 is not allowed in YAML"),
        (b"a: 1\n\x00\n", "2: character 0x00 is not allowed in YAML"),
    ],
)
def test_encoding_problems_are_located(tmp_path: Path, data: bytes, expected: str) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(data)
    assert one_problem(path) == expected


def test_a_file_too_large_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    assert one_problem(path).endswith("MiB: not a file envforge reads")


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
