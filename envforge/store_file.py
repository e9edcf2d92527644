"""Whether a file is envforge's results database, read from its header before SQLite opens it.

A store carries envforge's SQLite application id (``PRAGMA application_id``); a store written
before the id existed is recognised by its tables. Anything else (another program's SQLite
database, an empty file, a directory, a FIFO, a device, a text file) is refused and left exactly
as it was: nothing here writes, and SQLite is asked only to list the tables of a file whose header
is SQLite's. A store of an older schema is migrated only by a command that writes, after a backup.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path

from .errors import BadInputError

__all__ = ["APPLICATION_ID", "StoreFile", "examine", "backup_before_migration"]

APPLICATION_ID = 0x656E7666  # "envf"
_HEADER = b"SQLite format 3\x00"
_LEGACY_TABLES = {"runs", "hosts", "certificates"}
_LEGACY_COLUMNS = {"cell_id", "verdict", "host_fingerprint", "level_reached", "checks"}


@dataclass(frozen=True)
class StoreFile:
    """An existing store: its schema version, and whether it predates the application id."""

    path: Path
    version: int
    legacy: bool


def _refuse(path: Path, why: str) -> BadInputError:
    return BadInputError(
        f"{path}: {why}; envforge leaves it as it is",
        hint="give the path of an envforge results database, or a new file, with --db",
    )


def examine(path: Path) -> StoreFile | None:
    """The store at ``path`` (None: there is no file), or BadInputError for any file that is not
    one, without writing to it."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError as exc:
        raise BadInputError(
            f"{path}: cannot open the results database ({exc.strerror})",
            hint="give another path with --db",
        ) from None
    except OSError as exc:
        raise _refuse(path, f"cannot be examined ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise _refuse(path, f"is {kind}, not a results database")
    if info.st_size == 0:
        raise _refuse(path, "is an empty file, not a results database")
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise _refuse(path, f"cannot be read ({exc.strerror})") from None
    if len(header) < 100 or not header.startswith(_HEADER):
        raise _refuse(path, "is not an SQLite database")
    version = int.from_bytes(header[60:64], "big")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id == APPLICATION_ID:
        return StoreFile(path, version, legacy=False)
    if application_id != 0:
        raise _refuse(
            path, f"is another program's SQLite database (application id {application_id:#x})"
        )
    if _has_envforge_tables(path):
        return StoreFile(path, max(version, 1), legacy=True)
    raise _refuse(path, "is an SQLite database, but not envforge's (no envforge tables)")


def _has_envforge_tables(path: Path) -> bool:
    """Whether an SQLite file without an application id has the tables envforge's first stores had."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return False
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not _LEGACY_TABLES <= tables:
            return False
        columns = {r[1] for r in db.execute("PRAGMA table_info(certificates)")}
        return _LEGACY_COLUMNS <= columns
    except sqlite3.Error:
        return False
    finally:
        db.close()


def backup_before_migration(db: sqlite3.Connection, path: Path, version: int) -> Path:
    """A copy of the store as it is (``NAME.schemaN.bak`` beside it), made with SQLite's backup API
    (consistent while others write) before a migration changes it."""
    target = path.with_name(f"{path.name}.schema{version}.bak")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.schema{version}.{number}.bak")
    copy = sqlite3.connect(target)
    try:
        db.backup(copy)
    finally:
        copy.close()
    return target
