"""Where envforge's files are: its data (templates, matrices, knowledge base) and its state.

Data: the repository keeps ``dockerfiles/`` and ``matrices/`` at its top level; a wheel carries them
as ``envforge/_data/``. State: ``$ENVFORGE_STATE_DIR`` (as ``scripts/setup`` honours it too), else
``.envforge`` in the working directory: results database, logs, wheelhouse, site file. This module
is the only code that knows these paths.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .errors import EnvforgeError

__all__ = [
    "data_root",
    "dockerfiles_dir",
    "matrices_dir",
    "compat_dir",
    "default_matrix",
    "resolve_matrix",
    "StatePaths",
    "state",
]

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The directory holding ``dockerfiles/`` and ``matrices/``."""
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "dockerfiles").is_dir() and (candidate / "matrices").is_dir():
            return candidate
    raise EnvforgeError(
        f"envforge's data (dockerfiles/, matrices/) is not near {_PACKAGE}",
        hint="reinstall envforge (pip install -e . from a checkout)",
    )


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


@dataclass(frozen=True)
class StatePaths:
    """envforge's state: one directory, and the defaults of everything kept in it."""

    root: Path

    @property
    def db(self) -> Path:
        return self.root / "results.db"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def wheelhouse(self) -> Path:
        return self.root / "wheelhouse"

    @property
    def site_file(self) -> Path:
        return self.root / "site.yaml"

    @property
    def spool(self) -> Path:
        return self.root / "spool"


def state() -> StatePaths:
    """The state directory in effect: ``$ENVFORGE_STATE_DIR``, else ``.envforge`` here."""
    return StatePaths(Path(os.environ.get("ENVFORGE_STATE_DIR") or ".envforge"))
