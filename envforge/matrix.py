"""Build matrices: ``matrices/*.yaml`` -> cells (axes x include/exclude), each statically checked (L0).

A matrix names axes (``stack``, ``tf``, ``python``, ...); every combination becomes a cell unless an
``exclude`` entry matches it; ``include`` entries add cells. Each cell is resolved against the
knowledge base: combinations it rejects are listed with the reason, never built.
"""

from __future__ import annotations

import fnmatch
import hashlib
import itertools
import json
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    WithJsonSchema,
    create_model,
    field_validator,
    model_validator,
)

from .errors import InvalidFileError, Location, NothingSelectedError
from .fields import ImageReference
from .identifiers import (
    IdentifierError,
    check_cell_id,
    check_cell_id_template,
    check_one_line,
    check_os_name,
)
from .knowledge import KnowledgeBase
from .stacks import STACKS, StackSpec, Unsupported, resolve_stack
from .versions import parse_version
from .yamlio import LoadedYaml, load_yaml, validate

__all__ = [
    "AXES",
    "Cell",
    "Rejected",
    "Matrix",
    "MatrixFile",
    "load_matrix",
    "expand",
    "select",
    "matrix_schema",
]

DEFAULT_CELL_ID = "{stack}-tf{tf}-py{python}"


def _stack_name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"a stack must be a string, not {value!r}")
    if value not in STACKS:
        import difflib  # noqa: PLC0415 - only on the error path

        guess = difflib.get_close_matches(value, list(STACKS), n=1)
        hint = f" (did you mean '{guess[0]}'?)" if guess else f" (known: {', '.join(STACKS)})"
        raise ValueError(f"unknown stack '{value}'{hint}")
    return value


def _version_text(value: Any) -> str:
    """A version as PEP 440 writes it (``2.21.0``, ``2.1.0+cu121``): what reaches a template is the
    normalised form, which has no character but ``[0-9a-z.+!]``."""
    return str(parse_version(value))


def _os_name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"os must be a name such as 'ubuntu22.04', not {value!r}")
    return check_os_name(value)


def _one_line(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be a string, not {type(value).__name__}")
    return check_one_line(value, limit=300, what="description")


StackName = Annotated[
    str, PlainValidator(_stack_name), WithJsonSchema({"type": "string", "enum": sorted(STACKS)})
]
VersionText = Annotated[
    str,
    PlainValidator(_version_text),
    WithJsonSchema({"type": "string", "pattern": r"^\d+(\.\d+)*"}),
]
OsName = Annotated[
    str,
    PlainValidator(_os_name),
    WithJsonSchema({"type": "string", "pattern": r"^[a-z]{2,20}\d{1,2}(\.\d{1,2})?$"}),
]
OneLine = Annotated[str, PlainValidator(_one_line), WithJsonSchema({"type": "string"})]

# Every axis a matrix may have, and what its values are.
AXIS_TYPES: dict[str, Any] = {
    "stack": StackName,
    "tf": VersionText,
    "python": VersionText,
    "keras": VersionText,
    "jax": VersionText,
    "torch": VersionText,
    "plaidml": VersionText,
    "cuda": VersionText,
    "rocm": VersionText,
    "os": OsName,
}
AXES = tuple(AXIS_TYPES)


def _listed(kind: Any) -> Any:
    return Annotated[list[kind], Field(min_length=1)]


def _one_or_more(kind: Any) -> Any:
    return Annotated[
        list[kind],
        BeforeValidator(lambda v: v if isinstance(v, list) else [v]),
        Field(min_length=1),
    ]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def values(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


def _fields(required: tuple[str, ...], kind: Any) -> dict[str, Any]:
    """Every axis as a model field of ``kind(value type)``; the ``required`` ones without a default."""
    return {
        axis: (kind(value), ...) if axis in required else (kind(value) | None, None)
        for axis, value in AXIS_TYPES.items()
    }


# The three models of a matrix file's axes, made from the one table AXIS_TYPES.
_AxesFields: Any = create_model("Axes", __base__=_Strict, **_fields(("stack",), _listed))
_ExcludeFields: Any = create_model("Exclude", __base__=_Strict, **_fields((), _one_or_more))
_IncludeFields: Any = create_model(
    "Include", __base__=_Strict, **_fields(("stack", "python"), lambda v: v)
)


class Axes(_AxesFields):
    """Axis name -> the values it takes; cells are the product of all axes."""

    @model_validator(mode="after")
    def _distinct(self) -> Axes:
        for axis, values in self.values().items():
            if len(set(values)) != len(values):
                raise ValueError(f"axis '{axis}' lists a value twice")
        return self


class Exclude(_ExcludeFields):
    """Drop every combination matching all the axes given (a value or a list of values each)."""

    @model_validator(mode="after")
    def _not_empty(self) -> Exclude:
        if not self.values():
            raise ValueError("an exclude entry must name at least one axis")
        return self


class Include(_IncludeFields):
    """One extra cell, every axis it needs given."""


class MatrixFile(BaseModel):
    """The contents of a matrix file."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    schema_version: Literal[1] = Field(alias="schema", description="format version of this file")
    description: OneLine = Field("", description="one line shown in listings")
    cell_id: str = Field(
        DEFAULT_CELL_ID,
        description="a cell's id: tag characters and {axis} fields, e.g. '{stack}-py{python}'",
    )
    python_source: Literal["distro", "image"] = Field(
        "distro",
        description="Python from the distribution's packages, or from python:X.Y-slim images",
    )
    axes: Axes = Field(description="axis name -> values; cells are their product")
    exclude: list[Exclude] = Field(default_factory=list, description="combinations to drop")
    include: list[Include] = Field(default_factory=list, description="extra cells, all axes given")
    bases: dict[ImageReference, ImageReference] = Field(
        default_factory=dict, description="official base image -> image to build from"
    )

    @field_validator("cell_id")
    @classmethod
    def _cell_id_template(cls, value: str) -> str:
        check_cell_id_template(value, AXES)
        return value

    @model_validator(mode="after")
    def _cell_id(self) -> MatrixFile:
        fields = check_cell_id_template(self.cell_id, AXES)
        if "stack" not in fields and len(self.axes.values()["stack"]) > 1:
            raise ValueError("cell_id must contain {stack} when the matrix has several stacks")
        return self


@dataclass(frozen=True)
class Cell:
    """One combination to build and certify."""

    id: str
    values: tuple[tuple[str, str], ...]
    spec: StackSpec

    @property
    def axes(self) -> dict[str, str]:
        return dict(self.values)

    def to_dict(self) -> dict[str, Any]:
        recipe = self.spec.recipe
        return {
            "cell": self.id,
            "axes": self.axes,
            "stack": self.spec.stack,
            "base_image": recipe.base_image,
            "requirements": list(recipe.requirements),
            "expect": self.spec.expect.to_dict(),
            "nvidia_require_cuda": self.spec.expect.nvidia_require_cuda,
        }


@dataclass(frozen=True)
class Rejected:
    """A combination the knowledge base (or the matrix's own exclude) rules out."""

    id: str
    values: tuple[tuple[str, str], ...]
    reason: str
    source: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.id,
            "axes": dict(self.values),
            "reason": self.reason,
            "source": self.source,
        }


@dataclass(frozen=True)
class Matrix:
    path: Path
    file: MatrixFile
    digest: str
    loaded: LoadedYaml


@dataclass(frozen=True)
class Expansion:
    matrix: Matrix
    cells: tuple[Cell, ...]
    rejected: tuple[Rejected, ...]


def load_matrix(path: Path) -> Matrix:
    """Read and validate a matrix file (InvalidFileError, located, on any problem)."""
    loaded = load_yaml(path)
    if not isinstance(loaded.data, dict):
        raise InvalidFileError(
            [(Location(path, 1), "a matrix file must be a mapping (schema, axes, ...)")]
        )
    matrix_file = validate(loaded, MatrixFile)
    canonical = json.dumps(matrix_file.model_dump(mode="json", by_alias=True), sort_keys=True)
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    return Matrix(path=path, file=matrix_file, digest=digest, loaded=loaded)


def _matches(entry: dict[str, list[str]], values: dict[str, str]) -> bool:
    return all(values.get(axis) in allowed for axis, allowed in entry.items())


def _cell_id(matrix: Matrix, values: dict[str, str]) -> str:
    """The cell's id: the template's fields replaced by the cell's values (the template has no
    specs or conversions: checked when the file was read), then checked as a tag."""
    where = Location(matrix.path, matrix.loaded.line_of(("cell_id",)), "cell_id")
    parts = []
    for literal, name, _, _ in string.Formatter().parse(matrix.file.cell_id):
        parts.append(literal)
        if name is None:
            continue
        if name not in values:
            raise InvalidFileError([(where, f"cell {values} has no value for '{name}'")])
        parts.append(values[name])
    try:
        return check_cell_id("".join(parts))
    except IdentifierError as exc:
        raise InvalidFileError([(where, f"{exc} (for the cell {values})")]) from None


def expand(matrix: Matrix, kb: KnowledgeBase) -> Expansion:
    """Every cell of ``matrix`` the knowledge base allows, and every combination it rejects, with why."""
    axes = matrix.file.axes.values()
    combos = [dict(zip(axes, combo, strict=True)) for combo in itertools.product(*axes.values())]
    combos += [entry.values() for entry in matrix.file.include]
    cells: list[Cell] = []
    rejected: list[Rejected] = []
    seen: dict[str, int] = {}
    for index, values in enumerate(combos):
        cid = _cell_id(matrix, values)
        pairs = tuple(sorted(values.items()))
        excluded = next(
            (i for i, e in enumerate(matrix.file.exclude) if _matches(e.values(), values)), None
        )
        if excluded is not None and index < len(combos) - len(matrix.file.include):
            rejected.append(
                Rejected(
                    cid, pairs, f"excluded by the matrix (exclude[{excluded}])", str(matrix.path)
                )
            )
            continue
        try:
            spec = resolve_stack(values, kb, matrix.file.python_source)
        except Unsupported as exc:
            rejected.append(Rejected(cid, pairs, exc.reason, exc.source))
            continue
        if cid in seen:
            line = matrix.loaded.line_of(("cell_id",))
            raise InvalidFileError(
                [
                    (
                        Location(matrix.path, line, "cell_id"),
                        f"two cells get the id '{cid}'; add the axis that tells them apart",
                    )
                ]
            )
        seen[cid] = index
        cells.append(Cell(id=cid, values=pairs, spec=spec))
    return Expansion(matrix=matrix, cells=tuple(cells), rejected=tuple(rejected))


def select(cells: tuple[Cell, ...], patterns: list[str] | None) -> tuple[Cell, ...]:
    """Cells whose id matches any glob of ``patterns`` (all when none); NothingSelectedError if none."""
    if not patterns:
        chosen = cells
    else:
        chosen = tuple(c for c in cells if any(fnmatch.fnmatchcase(c.id, p) for p in patterns))
    if not chosen:
        ids = ", ".join(c.id for c in cells[:8]) + (" ..." if len(cells) > 8 else "")
        raise NothingSelectedError(
            f"--select {' '.join(patterns or [])} matched no cell",
            hint=f"cells of this matrix: {ids or 'none'}",
        )
    return chosen


def matrix_schema() -> dict[str, Any]:
    """JSON Schema of matrix files (for editors; generated, see scripts/generate-schema)."""
    schema = MatrixFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "envforge build matrix"
    return schema
