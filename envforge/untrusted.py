"""Text and documents envforge does not control (what an image's probe prints, a user's log):
bounded and made safe to keep and to print before anything else sees them.

A string loses its terminal control characters (escape sequences, carriage returns, bidirectional
overrides), each shown as a visible ``\\xNN``; a document is cut to a depth, an item count and a
string length, so a hostile image can neither exhaust the host nor garble its terminal.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

__all__ = [
    "read_file",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_NODES",
    "MAX_STRING",
    "UntrustedError",
    "printable",
    "bounded",
    "json_object",
    "numbered_lines",
    "read_tail",
]

MAX_DEPTH = 12  # a probe report nests 4 deep
MAX_ITEMS = 1000  # entries in one list or mapping (a report has ~60 checks)
MAX_NODES = 50_000  # values in a whole document
MAX_STRING = 4000  # characters in one string

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_WITH_NEWLINES = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class UntrustedError(ValueError):
    """A document too deep or too large to be what it claims to be."""


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, limit: int = MAX_STRING, one_line: bool = False) -> str:
    """``text`` with control characters made visible, cut to ``limit`` characters."""
    pattern = _UNSAFE_WITH_NEWLINES if one_line else _UNSAFE
    if len(text) > limit:
        text = text[:limit] + f"... ({len(text) - limit} more characters)"
    return pattern.sub(_visible, text)


def bounded(doc: Any) -> Any:
    """A JSON value made safe: strings printable, non-finite numbers null, sizes capped.

    Raises ``UntrustedError`` for a document deeper than ``MAX_DEPTH`` or with more than
    ``MAX_NODES`` values; longer lists and mappings are cut to ``MAX_ITEMS``.
    """
    budget = [MAX_NODES]
    return _bounded(doc, 0, budget)


def _bounded(value: Any, depth: int, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise UntrustedError(f"more than {MAX_NODES} values")
    if depth > MAX_DEPTH:
        raise UntrustedError(f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        items = list(value.items())[:MAX_ITEMS]
        return {
            printable(str(k), limit=200, one_line=True): _bounded(v, depth + 1, budget)
            for k, v in items
        }
    if isinstance(value, list):
        return [_bounded(v, depth + 1, budget) for v in value[:MAX_ITEMS]]
    return printable(str(value))


def json_object(text: str | None, *, limit: int = 64 * 1024) -> dict[str, Any]:
    """A JSON object from an image label (or another short field), bounded; {} if it is not one."""
    if not text or len(text) > limit:
        return {}
    try:
        value = bounded(json.loads(text))
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(number, line) of ``text``, one at a time: no list of a big log's lines in memory."""
    start, number, size = 0, 0, len(text)
    while start < size:
        end = text.find("\n", start)
        end = size if end < 0 else end
        number += 1
        yield number, text[start:end]
        start = end + 1


def read_tail(source: Path | BinaryIO, limit: int) -> tuple[str, bool]:
    """The last ``limit`` bytes of a file or stream as text (undecodable bytes replaced), and
    whether anything before them was dropped (then the partial first line is dropped too).

    A file is read from ``limit`` bytes before its end; a stream is read in chunks of which only
    the last ``limit`` bytes are kept, so memory stays near ``limit`` whatever the size."""
    if isinstance(source, Path):
        with source.open("rb") as handle:
            return read_tail(handle, limit)
    cut = False
    if source.seekable():
        size = source.seek(0, 2)
        cut = size > limit
        source.seek(max(0, size - limit))
        kept = bytearray(source.read())
    else:
        kept = bytearray()
        while chunk := source.read(1 << 20):
            kept += chunk
            if len(kept) > 2 * limit:
                del kept[: len(kept) - limit]
                cut = True
        if len(kept) > limit:
            del kept[: len(kept) - limit]
            cut = True
    start = kept.find(b"\n") + 1 if cut else 0
    return str(memoryview(kept)[start:], "utf-8", errors="replace"), cut


def read_file(path: Path, limit: int, *, tail: bool = False) -> str:
    """A file someone else wrote (a node's spool file, a collected document): a regular file
    only, never through a symlink (which could point at a file of this host), at most ``limit``
    bytes (``tail``: the last ``limit`` bytes of a longer one; else UntrustedError). A FIFO, a
    device or a link is refused without blocking on it; OSError when it cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if os.path.islink(path):
            raise UntrustedError(f"{path.name} is a symbolic link, not a file") from None
        raise exc
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise UntrustedError(f"{path.name} is not a regular file")
        if info.st_size > limit and not tail:
            raise UntrustedError(f"{path.name} is larger than {limit} bytes")
        return read_tail(handle, limit)[0]
