"""Boundary: results databases, which may be shared, stale, another program's or not databases at
all (docs/security.md, "Stores"). Only envforge's stores are opened; anything else is refused and
left byte-for-byte as it was; a command that only reads never writes, not even a migration; a
command that writes migrates an older store after a backup."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envforge.errors import BadInputError
from envforge.store import SCHEMA_VERSION, Store, new_run_id
from envforge.store_file import APPLICATION_ID
from envforge.store_schema import TABLES

from ..fuzzing import examples
from ..records import CPU_HOST, cert
from .conftest import CliRun

READERS = (("report",), ("matrix", "table"), ("driver-check", "--driver", "550", "--cc", "8.9"))


def _files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def _foreign(path: Path, *, application_id: int = 0) -> None:
    """Another program's SQLite database (rollback journal, as most programs leave them)."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    db.execute("INSERT INTO notes(text) VALUES ('mine')")
    if application_id:
        db.execute(f"PRAGMA application_id={application_id}")
    db.commit()
    db.close()


def _old_store(path: Path) -> None:
    """A store of envforge's first release: its tables, no user_version, no application id."""
    db = sqlite3.connect(path)
    db.executescript(TABLES)
    db.execute(
        "INSERT INTO runs(id, started_at, status, command, host_fingerprint, level) "
        "VALUES ('r1', '2026-01-01T00:00:00+00:00', 'finished', 'certify', 'h', 1)"
    )
    db.commit()
    db.close()


@pytest.mark.parametrize("application_id", [0, 0x12345678])
@pytest.mark.parametrize("read_only", [False, True])
def test_another_programs_database_is_refused_and_left_as_it_was(
    tmp_path: Path, application_id: int, read_only: bool
) -> None:
    path = tmp_path / "app.sqlite"
    _foreign(path, application_id=application_id)
    before = _files(tmp_path)
    with pytest.raises(BadInputError, match="envforge leaves it as it is"):
        Store(path, read_only=read_only)
    assert _files(tmp_path) == before


@pytest.mark.parametrize("read_only", [False, True])
@pytest.mark.parametrize("kind", ["empty", "text", "directory", "fifo", "device"])
def test_what_is_not_a_database_is_refused_untouched(
    tmp_path: Path, kind: str, read_only: bool
) -> None:
    path = tmp_path / "results.db"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("# my notes\n")
    elif kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(BadInputError):
        Store(path, read_only=read_only)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    if kind in ("empty", "text"):
        assert path.read_bytes() in (b"", b"# my notes\n")


def test_a_new_store_carries_envforges_application_id(tmp_path: Path) -> None:
    Store(tmp_path / "r.db").close()
    db = sqlite3.connect(tmp_path / "r.db")
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_reader_reads_an_older_store_without_changing_a_byte(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_store(path)
    before = _files(tmp_path)
    with Store(path, read_only=True) as store:
        assert [r.id for r in store.runs()] == ["r1"]
        assert store.certificates() == []
    assert _files(tmp_path) == before  # no migration, no backup, no journal


def test_a_writer_backs_an_older_store_up_before_migrating_it(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_store(path)
    original = path.read_bytes()
    with Store(path) as store:
        assert store.backup == tmp_path / "old.db.schema1.bak"
        run = new_run_id()
        store.start_run(run, command="certify", host=CPU_HOST, level=1)
        store.add(run, cert("c1", CPU_HOST))
    backup = sqlite3.connect(tmp_path / "old.db.schema1.bak")
    assert backup.execute("SELECT id FROM runs").fetchall() == [("r1",)]
    backup.close()
    assert path.read_bytes() != original


@pytest.mark.parametrize("argv", READERS)
def test_commands_that_read_never_write_their_store(
    argv: tuple[str, ...], tmp_path: Path, envforge: Callable[..., CliRun]
) -> None:
    path = tmp_path / "r.db"
    with Store(path) as store:
        run = new_run_id()
        store.start_run(run, command="certify", host=CPU_HOST, level=1)
        store.add(run, cert("tf-cpu", CPU_HOST))
        store.finish_run(run, "finished")
    os.chmod(tmp_path, 0o755)
    before = _files(tmp_path)
    result = envforge(*argv, "--db", str(path))
    assert result.code in (0, 1), result.stderr
    after = {k: v for k, v in _files(tmp_path).items() if not k.endswith(("-shm", "-wal"))}
    assert after == {k: v for k, v in before.items() if not k.endswith(("-shm", "-wal"))}


@pytest.mark.parametrize("argv", READERS)
def test_commands_refuse_another_programs_database(
    argv: tuple[str, ...], tmp_path: Path, envforge: Callable[..., CliRun]
) -> None:
    path = tmp_path / "app.sqlite"
    _foreign(path)
    before = _files(tmp_path)
    result = envforge(*argv, "--db", str(path))
    assert result.code == 2 and "not envforge's" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) <= 2
    assert _files(tmp_path) == before


@settings(
    max_examples=examples(15),
    deadline=2000,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    head=st.sampled_from([b"", b"SQLite format 3\x00", b"\x00" * 16]),
    body=st.binary(max_size=2048),
    read_only=st.booleans(),
)
def test_any_file_is_a_store_or_refused_untouched(
    head: bytes, body: bytes, read_only: bool, tmp_path_factory: pytest.TempPathFactory
) -> None:
    directory = tmp_path_factory.mktemp("store")
    path = directory / "results.db"
    path.write_bytes(head + body)
    before = _files(directory)
    try:
        Store(path, read_only=read_only).close()
    except BadInputError as exc:
        assert str(path) in exc.message
        assert _files(directory) == before
