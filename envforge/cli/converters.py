"""Typed values at the door: each option's text checked and converted before any job sees it.

A converter raises ``argparse.ArgumentTypeError`` with what was expected; the parser turns it into
one line naming the option and the value (exit 2).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from packaging.version import InvalidVersion, Version

__all__ = [
    "positive_int",
    "seconds",
    "memory_size",
    "version",
    "cuda_version",
    "driver_version",
    "compute_capability",
    "existing_file",
    "writable_dir",
]


def _fail(value: str, expected: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"{value!r} is not {expected}")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _fail(text, "a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value


def seconds(text: str) -> float:
    """A duration: 900, 90.5, 15m, 2h."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        raise _fail(text, "a duration (900, 15m, 2h)")
    value = float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be more than 0 s")
    return value


def memory_size(text: str) -> str:
    """A memory size as the engine takes it: 6g, 512m, 1024k, 2000000000."""
    if not re.fullmatch(r"[1-9]\d*[bkmg]?", text.strip().lower()):
        raise _fail(text, "a memory size (6g, 512m)")
    return text.strip().lower()


def version(text: str) -> str:
    """A Python package version (PEP 440): 2.21, 2.21.0, 3.11."""
    try:
        Version(text)
    except InvalidVersion:
        raise _fail(text, "a version (PEP 440, e.g. 2.21 or 2.21.0)") from None
    return text.strip()


def cuda_version(text: str) -> Version:
    """CUDA X.Y or X.Y.Z."""
    if not re.fullmatch(r"\d{1,2}\.\d{1,2}(\.\d{1,3})?", text.strip()):
        raise _fail(text, "a CUDA version (X.Y or X.Y.Z, e.g. 12.5)")
    return Version(text.strip())


def driver_version(text: str) -> str:
    """An NVIDIA driver version: NNN, NNN.NN or NNN.NN.NN (zero padding kept)."""
    if not re.fullmatch(r"\d{2,4}(\.\d{1,3}){0,2}", text.strip()):
        raise _fail(text, "a driver version (NNN[.NN[.NN]], e.g. 535.104.05)")
    return text.strip()


def compute_capability(text: str) -> str:
    """A compute capability X.Y."""
    if not re.fullmatch(r"\d{1,2}\.\d", text.strip()):
        raise _fail(text, "a compute capability (X.Y, e.g. 8.9)")
    return text.strip()


def existing_file(text: str) -> Path:
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{text}: no such file")
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{text}: not a file")
    return path


def writable_dir(text: str) -> Path:
    """A directory that exists (or can be made) and can be written."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: not a directory")
    return path
