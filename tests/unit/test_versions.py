from __future__ import annotations

import pytest
from packaging.version import Version

from envforge.versions import PythonRange, parse_version, series


def test_unquoted_float_is_explained() -> None:
    with pytest.raises(ValueError, match="must be quoted"):
        parse_version(3.1)


@pytest.mark.parametrize("bad", ["", "two", "3..1"])
def test_invalid_versions(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_version(bad)


def test_python_range() -> None:
    r = PythonRange.parse("3.10-3.13")
    assert r.minors() == ["3.10", "3.11", "3.12", "3.13"]
    assert "3.13" in r and "3.9" not in r and "3.14" not in r
    assert Version("3.10.4") in r
    assert str(PythonRange.parse("3.11")) == "3.11-3.11"
    with pytest.raises(ValueError, match="empty"):
        PythonRange.parse("3.12-3.10")


def test_series() -> None:
    assert series(Version("2.21.0")) == "2.21"
