"""Where envforge's data lives: templates, matrices and the knowledge base.

The repository keeps ``dockerfiles/`` and ``matrices/`` at its top level; a wheel carries them as
``envforge/_data/``. This module is the only code that knows either path.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

__all__ = [
    "data_root",
    "dockerfiles_dir",
    "matrices_dir",
    "compat_dir",
    "default_matrix",
    "resolve_matrix",
]

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The directory holding ``dockerfiles/`` and ``matrices/``."""
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "dockerfiles").is_dir() and (candidate / "matrices").is_dir():
            return candidate
    raise RuntimeError(f"envforge data (dockerfiles/, matrices/) not found near {_PACKAGE}")


def dockerfiles_dir() -> Path:
    return data_root() / "dockerfiles"


def matrices_dir() -> Path:
    return data_root() / "matrices"


def compat_dir() -> Path:
    """The knowledge base: ``$ENVFORGE_COMPAT_DIR`` (a site's own copy) or ``matrices/compat``."""
    override = os.environ.get("ENVFORGE_COMPAT_DIR")
    return Path(override) if override else matrices_dir() / "compat"


def default_matrix() -> Path:
    return matrices_dir() / "default.yaml"


def resolve_matrix(name_or_path: str | None) -> Path:
    """``None`` -> the default matrix; a bare name (``cpu``) -> ``matrices/cpu.yaml``; else a path."""
    if name_or_path is None:
        return default_matrix()
    path = Path(name_or_path)
    if path.suffix or path.parent != Path(".") or path.exists():
        return path
    return matrices_dir() / f"{name_or_path}.yaml"
