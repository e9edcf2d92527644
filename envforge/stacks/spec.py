"""A resolved stack: how the image is built (``Recipe``) and what its probe must find (``Expectations``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from packaging.version import Version

from ..expectations import Accelerator, Expectations
from ..versions import parse_version, series

__all__ = ["Recipe", "StackSpec", "Unsupported", "pin", "PythonFrom"]

PythonFrom = Literal["distro", "image"]


class Unsupported(Exception):
    """The knowledge base says this combination cannot work (L0); ``reason`` says why."""

    def __init__(self, reason: str, source: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.source = source


@dataclass(frozen=True)
class Recipe:
    """How a cell's image is built: base, Python, what pip and apt install, the environment."""

    base_image: str  # official name; a site file may map it to a local image
    python_from: PythonFrom
    os: str
    python: Version
    requirements: tuple[str, ...]
    layout: Literal["venv", "prebuilt"] = "venv"
    pip_args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    library_dirs: tuple[str, ...] = ()  # on LD_LIBRARY_PATH (nvidia-*-cu11 wheels, TF 2.12-2.13)
    apt_packages: tuple[str, ...] = ()

    @property
    def wheelhouse_ok(self) -> bool:
        """Whether the host can pre-download this recipe's wheels (a venv built from PyPI only)."""
        return self.layout == "venv" and not self.pip_args


@dataclass(frozen=True)
class StackSpec:
    """One cell, resolved: its stack, recipe and expectations, and the sources that justify them."""

    stack: str
    recipe: Recipe
    expect: Expectations
    sources: tuple[str, ...] = field(default=(), compare=False)

    @property
    def accelerator(self) -> Accelerator:
        return self.expect.accelerator or "cpu"


def pin(package: str, value: str) -> str:
    """``2.21.0`` -> ``pkg==2.21.0``; a bare series ``2.21`` -> ``pkg==2.21.*``."""
    version = parse_version(value)
    return f"{package}=={value}" if len(version.release) >= 3 else f"{package}=={series(version)}.*"
