"""Safe, bounded YAML loading with line numbers, duplicate-key detection and located validation errors.

``load_yaml`` returns the data and a map from key paths to line numbers; ``validate`` checks the data
against a pydantic model and reports *every* problem as ``file:line: key: message``.
"""

from __future__ import annotations

import difflib
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pydantic
import yaml

from .errors import InvalidFileError, Location
from .untrusted import printable

__all__ = [
    "LoadedYaml",
    "load_yaml",
    "validate",
    "format_key",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_VALUES",
]

MAX_BYTES = 4 * 2**20  # the knowledge base's largest file is tens of KB
MAX_DEPTH = 32  # envforge's files nest 5 deep
MAX_VALUES = 200_000  # values once aliases are expanded
_BOMS = (
    (b"\xef\xbb\xbf", "UTF-8"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)

KeyPath = tuple[str | int, ...]
M = TypeVar("M", bound=pydantic.BaseModel)


@dataclass(frozen=True)
class LoadedYaml:
    """Parsed YAML plus where each key and list item sits in the file."""

    path: Path
    data: Any
    lines: dict[KeyPath, int]

    def line_of(self, key: KeyPath) -> int | None:
        """Line of the longest prefix of ``key`` that the file contains."""
        for end in range(len(key), -1, -1):
            line = self.lines.get(tuple(key[:end]))
            if line is not None:
                return line
        return None


def format_key(key: KeyPath) -> str:
    """``('axes', 'python', 0)`` -> ``axes.python[0]``."""
    out = ""
    for part in key:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def load_yaml(path: Path) -> LoadedYaml:
    """Parse ``path`` with a safe, bounded loader; raise InvalidFileError (located) on any problem.

    Bounded: at most ``MAX_BYTES``, ``MAX_DEPTH`` levels of nesting and ``MAX_VALUES`` values once
    aliases are expanded (an alias bomb is refused before anything walks it); UTF-8 without a BOM.
    """
    text = _read_text(path)
    loader = None
    try:
        loader = _loader(text)
        _check_depth(text)
        node = loader.get_single_node()
        lines: dict[KeyPath, int] = {(): 1}
        problems: list[tuple[Location, str]] = []
        if node is not None:
            _check_expansion(node, path)
            _index(node, (), path, lines, problems)
        if problems:
            raise InvalidFileError(problems)
        data = loader.construct_document(node) if node is not None else None
    except yaml.reader.ReaderError as exc:  # libyaml: while parsing; pure Python: on creation
        where = Location(path, text[: exc.position].count("\n") + 1)
        raise InvalidFileError(
            [(where, f"character 0x{_code(exc.character):02x} is not allowed in YAML")]
        ) from None
    except _TooDeep as exc:
        raise InvalidFileError(
            [(Location(path, exc.line), f"nested deeper than {MAX_DEPTH} levels")]
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = (exc.problem or exc.context or "invalid YAML").strip()
        if "nesting depth" in what:  # PyYAML 6.0.4's libyaml stops far deeper nesting itself
            what = f"nested deeper than {MAX_DEPTH} levels"
            raise InvalidFileError([(Location(path, line), what)]) from None
        raise InvalidFileError([(Location(path, line), f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        raise InvalidFileError([(Location(path), f"YAML error: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return LoadedYaml(path=path, data=data, lines=lines)


def _code(character: str | int) -> int:
    return ord(character) if isinstance(character, str) else character


def _read_text(path: Path) -> str:
    """The file as text: not too large, UTF-8, no byte-order mark."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InvalidFileError([(Location(path), "file does not exist")]) from None
    except OSError as exc:
        raise InvalidFileError([(Location(path), f"cannot read file: {exc.strerror}")]) from None
    if len(data) > MAX_BYTES:
        raise InvalidFileError(
            [(Location(path), f"larger than {MAX_BYTES // 2**20} MiB: not a file envforge reads")]
        )
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise InvalidFileError(
                [
                    (
                        Location(path, 1),
                        f"starts with a {name} byte-order mark: save it as UTF-8 without one",
                    )
                ]
            )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = data[exc.start]
        raise InvalidFileError(
            [(Location(path, line), f"byte 0x{byte:02x} is not UTF-8: save the file as UTF-8")]
        ) from None


class _TooDeep(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def _loader(text: str) -> Any:
    """A safe loader for ``text``: libyaml's (ten times faster; ``_check_depth`` first), else the
    pure-Python one that checks the nesting while it composes."""
    return yaml.CSafeLoader(text) if yaml.__with_libyaml__ else _BoundedLoader(text)


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` from libyaml's events, before anything composes."""
    if not yaml.__with_libyaml__:
        return  # _BoundedLoader checks while composing
    depth = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
            if depth + 1 > MAX_DEPTH:
                raise _TooDeep(event.start_mark.line + 1 if event.start_mark else 1)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, refusing nesting deeper than MAX_DEPTH while it composes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _check_expansion(root: yaml.Node, path: Path) -> None:
    """Count the values the document has once aliases are expanded, without expanding them."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in on_path:
            raise InvalidFileError(
                [(Location(path, node.start_mark.line + 1), "an alias refers to itself")]
            )
        on_path.add(key)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        total = 1 + sum(size(child) for child in children)
        on_path.discard(key)
        if total > MAX_VALUES:
            raise InvalidFileError(
                [
                    (
                        Location(path, node.start_mark.line + 1),
                        f"expands to more than {MAX_VALUES} values (aliases repeated: an alias bomb?)",
                    )
                ]
            )
        sizes[key] = total
        return total

    size(root)


def _index(
    node: yaml.Node,
    key: KeyPath,
    path: Path,
    lines: dict[KeyPath, int],
    problems: list[tuple[Location, str]],
) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(
                    (Location(path, line, format_key(key)), "a key must be a plain value")
                )
                continue
            name = key_node.value
            if name == "<<":
                problems.append(
                    (Location(path, line, format_key(key)), "merge keys (<<) are not supported")
                )
                continue
            if name in seen:
                problems.append(
                    (
                        Location(path, line, format_key(key + (name,))),
                        f"duplicate key (first defined on line {seen[name]})",
                    )
                )
                continue
            seen[name] = line
            lines[key + (name,)] = line
            _index(value_node, key + (name,), path, lines, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[key + (index,)] = item.start_mark.line + 1
            _index(item, key + (index,), path, lines, problems)


def validate(loaded: LoadedYaml, model: type[M], *, context: dict[str, Any] | None = None) -> M:
    """Validate ``loaded.data`` as ``model``; every problem is reported, each with file and line."""
    try:
        return model.model_validate(loaded.data, context=context)
    except pydantic.ValidationError as exc:
        problems = [_locate(loaded, model, err) for err in exc.errors(include_url=False)]
        raise InvalidFileError(problems) from None


def _locate(loaded: LoadedYaml, model: type[pydantic.BaseModel], err: Any) -> tuple[Location, str]:
    loc: KeyPath = tuple(part for part in err["loc"] if not _is_union_tag(part))
    line = loaded.line_of(loc)
    key = format_key(loc)
    if err["type"] == "extra_forbidden":
        message = "unknown key"
        allowed = _fields_at(model, loc[:-1])
        guess = difflib.get_close_matches(str(loc[-1]), allowed, n=1) if loc else []
        if guess:
            message += f" (did you mean '{guess[0]}'?)"
        elif allowed:
            message += f" (allowed: {', '.join(sorted(allowed))})"
    elif err["type"] == "missing":
        message = "required key is missing"
    else:
        message = str(err["msg"])
        for prefix in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(prefix)
    return Location(loaded.path, line, key or None), printable(message, limit=300, one_line=True)


def _is_union_tag(part: Any) -> bool:
    # pydantic adds the branch type name to a union's error location (e.g. 'str', 'list[str]').
    return isinstance(part, str) and (part in {"str", "int", "float", "bool"} or "[" in part)


def _fields_at(model: type[pydantic.BaseModel], loc: KeyPath) -> list[str]:
    """Field names of the model found by following ``loc`` from ``model``, or []."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, pydantic.BaseModel):
            field = current.model_fields.get(str(part))
            if field is None:
                return []
            current = field.annotation
            continue
        args = typing.get_args(current)
        origin = typing.get_origin(current)
        if origin in (list, tuple) and args:
            current = args[0]
        elif origin is dict and len(args) == 2:
            current = args[1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, pydantic.BaseModel):
        return [f.alias or name for name, f in current.model_fields.items()]
    return []


def _unwrap(annotation: Any) -> Any:
    """``Optional[X]`` / ``X | None`` -> ``X``."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation
