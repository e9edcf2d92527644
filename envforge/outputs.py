"""Files envforge writes where a user said: written whole or not at all, inside the directory named,
never over what the same command reads.

Every such file is written to a temporary file beside it and renamed over the target, so a reader
(or a crash) never sees half of it. Before that, the target's resolved path is compared with the
directory the user named (``under``: a file name that climbs out of it is refused) and with the
command's inputs (a results database and its ``-wal``/``-shm`` companions, a matrix, a site file,
a log): a target that is one of them, directly or through a symlink, is refused and the input is
left as it was. A target that is a device or a pipe (``-o /dev/stdout``) is written to, not
replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .errors import BadInputError

__all__ = ["write_output", "check_output", "inputs_of", "contained"]


def inputs_of(*paths: Path | str | None) -> tuple[Path, ...]:
    """The inputs a command reads, with a database's companions (``-wal``, ``-shm``, ``-journal``)."""
    found: list[Path] = []
    for path in paths:
        if path is None:
            continue
        path = Path(path)
        found.append(path)
        if path.suffix in (".db", ".sqlite", ".sqlite3") or path.name.endswith(".db"):
            found += [path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal")]
    return tuple(found)


def _resolved(path: Path) -> Path:
    return path.resolve(strict=False)


def _same(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return _resolved(a) == _resolved(b)


def contained(path: Path, under: Path) -> bool:
    """Whether ``path`` (resolved, symlinks followed) lies inside ``under``."""
    return _resolved(path).is_relative_to(_resolved(under))


def check_output(
    path: Path, *, inputs: Iterable[Path] = (), under: Path | None = None, what: str = "output"
) -> None:
    """BadInputError unless ``path`` may be written: inside ``under`` and none of ``inputs``."""
    if under is not None and not contained(path, under):
        raise BadInputError(
            f"{what} {path}: resolves to {_resolved(path)}, outside {under}",
            hint="a name of a file to write must stay inside the directory given",
        )
    for source in inputs:
        if _same(path, source):
            raise BadInputError(
                f"{what} {path}: is {source}, which this command reads; it is left as it was",
                hint="write the output to another file",
            )
    if path.is_symlink() and under is not None and not contained(path.parent, under):
        raise BadInputError(f"{what} {path}: outside {under}")


def write_output(
    path: Path,
    data: str | bytes,
    *,
    inputs: Iterable[Path] = (),
    under: Path | None = None,
    what: str = "output",
    mode: int = 0o644,
) -> None:
    """Write ``data`` to ``path`` whole (a temporary file renamed over it), after ``check_output``."""
    inputs = tuple(inputs)
    check_output(path, inputs=inputs, under=under, what=what)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise BadInputError(f"{what} {path}: cannot be written ({exc.strerror})") from None
    try:
        if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            with open(path, "wb") as stream:  # a device or a pipe: written to, never replaced
                stream.write(payload)
            return
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise BadInputError(f"{what} {path}: is a directory, not a file")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(payload)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode & ~_umask())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise BadInputError(f"{what} {path}: cannot be written ({exc.strerror})") from None


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
