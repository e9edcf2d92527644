"""Version types shared by the knowledge base and matrices.

Versions are ``packaging.version.Version`` and ranges ``SpecifierSet``; these pydantic field types
validate strings from YAML into them (rejecting unquoted numbers such as ``3.10``, which YAML reads
as the float 3.1) and serialize them back to strings.
"""

from __future__ import annotations

from typing import Annotated, Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version
from pydantic import PlainSerializer, PlainValidator, WithJsonSchema

__all__ = [
    "VersionField",
    "SpecifierField",
    "PythonRangeField",
    "PythonRange",
    "parse_version",
    "series",
    "same_series",
]


def parse_version(value: Any, *, what: str = "version") -> Version:
    """``value`` (str or int from YAML) as a Version; ValueError with a readable message."""
    if isinstance(value, Version):
        return value
    if isinstance(value, float):
        raise ValueError(
            f"{what} {value!r} must be quoted: YAML reads an unquoted 3.10 as the number 3.1"
        )
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"{what} must be a string such as '2.21.0', not {type(value).__name__}")
    try:
        return Version(str(value).strip())
    except InvalidVersion:
        raise ValueError(f"{str(value)[:60]!r} is not a valid {what}") from None


def _specifier(value: Any) -> SpecifierSet:
    if isinstance(value, SpecifierSet):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a version range must be a string such as '>=2.17,<2.22', not {value!r}")
    try:
        return SpecifierSet(value)
    except InvalidSpecifier:
        raise ValueError(f"'{value}' is not a valid version range (e.g. '>=2.17,<2.22')") from None


def series(version: Version) -> str:
    """``2.21.0`` -> ``"2.21"``."""
    return f"{version.major}.{version.minor}"


def same_series(a: Version, b: Version) -> bool:
    """True when ``a`` and ``b`` share major.minor."""
    return (a.major, a.minor) == (b.major, b.minor)


class PythonRange:
    """An inclusive range of Python minor versions, written ``"3.10-3.13"`` (or ``"3.11"``)."""

    __slots__ = ("low", "high")

    def __init__(self, low: Version, high: Version) -> None:
        if (low.major, low.minor) > (high.major, high.minor):
            raise ValueError(f"Python range {low}-{high} is empty")
        self.low = low
        self.high = high

    @classmethod
    def parse(cls, value: Any) -> PythonRange:
        if isinstance(value, PythonRange):
            return value
        if not isinstance(value, str):
            raise ValueError(f"Python range must be a string such as '3.10-3.13', not {value!r}")
        low, _, high = value.partition("-")
        return cls(
            parse_version(low, what="Python version"),
            parse_version(high or low, what="Python version"),
        )

    def minors(self) -> list[str]:
        """Every ``3.x`` in the range, oldest first (same major only)."""
        return [f"{self.low.major}.{m}" for m in range(self.low.minor, self.high.minor + 1)]

    def __contains__(self, python: object) -> bool:
        if isinstance(python, str):
            python = parse_version(python, what="Python version")
        if not isinstance(python, Version):
            return False
        key = (python.major, python.minor)
        return (self.low.major, self.low.minor) <= key <= (self.high.major, self.high.minor)

    def __str__(self) -> str:
        return f"{series(self.low)}-{series(self.high)}"

    def __repr__(self) -> str:
        return f"PythonRange({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PythonRange) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


VersionField = Annotated[
    Version,
    PlainValidator(parse_version),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "pattern": r"^\d+(\.\d+)*"}),
]
SpecifierField = Annotated[
    SpecifierSet,
    PlainValidator(_specifier),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string"}),
]
PythonRangeField = Annotated[
    PythonRange,
    PlainValidator(PythonRange.parse),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "pattern": r"^3\.\d+(-3\.\d+)?$"}),
]
