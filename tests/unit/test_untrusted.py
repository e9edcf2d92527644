"""Reading the tail of big or endless input, and walking its lines, in bounded memory."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from envforge.untrusted import numbered_lines, read_tail


class _Pipe(io.RawIOBase):
    """A stream that cannot seek (stdin from a pipe)."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        chunk = self._data.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


DATA = b"".join(b"line %d \xff\n" % i for i in range(10_000))


@pytest.mark.parametrize("kind", ["file", "pipe"])
def test_the_tail_is_the_last_whole_lines_within_the_limit(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "log"
    path.write_bytes(DATA)
    source = path if kind == "file" else io.BufferedReader(_Pipe(DATA))
    text, cut = read_tail(source, 1000)
    assert cut and len(text) <= 1000  # characters: each byte 0xff became one U+FFFD
    assert text.startswith("line ") and text.endswith("line 9999 \ufffd\n")
    assert read_tail(path if kind == "file" else io.BufferedReader(_Pipe(DATA)), 10**9) == (
        DATA.decode("utf-8", "replace"),
        False,
    )


def test_lines_are_numbered_like_splitlines() -> None:
    text = "a\n\nb\nc"
    assert list(numbered_lines(text)) == [(1, "a"), (2, ""), (3, "b"), (4, "c")]
    assert list(numbered_lines("")) == []
