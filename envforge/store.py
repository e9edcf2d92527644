"""Certification records in SQLite: runs, hosts, certificates.

One file (``.envforge/results.db`` by default), WAL mode so two processes can write at once; one
connection per ``Store``, guarded by its own lock, so threads of one process can share it. Every
certificate is committed the moment it is made: a run that fails or is interrupted keeps what it
recorded, and a run whose process died is marked interrupted by the next run. The schema carries a
version (``PRAGMA user_version``); a store written by an earlier release is migrated forward.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .errors import BadInputError
from .expectations import Expectations
from .host import HostInfo
from .probe.checks import Check
from .redact import redact
from .results import Certificate, Diagnosis, Verdict, now
from .store_file import APPLICATION_ID, StoreFile, backup_before_migration, examine
from .store_schema import MIGRATIONS, SCHEMA_VERSION, TABLES

__all__ = ["Store", "StoredCertificate", "RunRecord", "new_run_id", "SCHEMA_VERSION"]


def new_run_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + uuid.uuid4().hex[:6]


@dataclass(frozen=True)
class StoredCertificate:
    """A certificate as read back, with where it came from."""

    id: int
    run_id: str
    certificate: Certificate
    build_log: str | None
    probe_log: str | None


@dataclass(frozen=True)
class RunRecord:
    id: str
    started_at: str
    finished_at: str | None
    status: str
    command: str
    matrix: str | None
    matrix_digest: str | None
    host_fingerprint: str
    level: int


def _unusable(path: Path, exc: sqlite3.Error) -> BadInputError:
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith("SQLITE_READONLY"):
        return BadInputError(
            f"{path}: the results database is read-only ({exc})",
            hint="make it writable, or give another --db (report reads a read-only store)",
        )
    if name == "SQLITE_FULL":
        return BadInputError(
            f"{path}: cannot record: the disk is full ({exc})",
            hint="free space there, or give another --db; what was recorded before is kept",
        )
    return BadInputError(
        f"{path}: not a results database envforge can use ({exc})",
        hint="give another path with --db (envforge never overwrites a file it cannot read)",
    )


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Store:
    """The results database (BadInputError when the path is not one, or cannot be written).

    Only envforge's stores are opened (``store_file.examine``): another program's database, an
    empty file or anything else is refused untouched. ``read_only``: for commands that only read
    (report, matrix table, driver-check): the file is opened read-only and never created, migrated
    or written; an older store is read through a migrated copy in memory.
    """

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self.backup: Path | None = None  # where the store was copied before a migration
        self._lock = threading.RLock()
        found = examine(path)
        if read_only and found is None:
            raise BadInputError(
                f"no results database at {path}",
                hint="run envforge certify first, or give --db PATH",
            )
        try:
            if read_only:
                self.db = self._open_read_only(path, found)
            else:
                self.db = self._open_for_writing(path, found)
        except sqlite3.Error as exc:
            raise _unusable(path, exc) from None
        except OSError as exc:
            raise BadInputError(
                f"{path}: cannot open the results database ({exc.strerror})",
                hint="give another path with --db",
            ) from None
        self.db.row_factory = sqlite3.Row

    def _open_read_only(self, path: Path, found: StoreFile | None) -> sqlite3.Connection:
        db = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=ro",
            uri=True,
            timeout=30,
            isolation_level=None,
            check_same_thread=False,
        )
        self.db = db
        version = self._version() if found is None or not found.legacy else found.version
        if version > SCHEMA_VERSION:
            db.close()
            raise BadInputError(
                f"{path}: written by a newer envforge (store schema {version}, this one "
                f"reads {SCHEMA_VERSION})",
                hint="upgrade envforge to read it",
            )
        if version == SCHEMA_VERSION:
            return db
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.backup(memory)
        db.close()
        self.db = memory
        self._migrate(version)
        return memory

    def _open_for_writing(self, path: Path, found: StoreFile | None) -> sqlite3.Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA busy_timeout=30000")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._check_writable()
        version = self._version() if found is None or not found.legacy else found.version
        if version > SCHEMA_VERSION:
            raise BadInputError(
                f"{path}: written by a newer envforge (store schema {version}, this one "
                f"writes {SCHEMA_VERSION})",
                hint="upgrade envforge, or give another --db",
            )
        if found is not None and version < SCHEMA_VERSION:
            self.backup = backup_before_migration(self.db, path, version)
        self._migrate(version if found is not None else 0)
        self.db.execute("PRAGMA journal_mode=WAL")
        return self.db

    def _check_writable(self) -> None:
        """Refuse a store this process cannot write, before anything is recorded in it."""
        with self._transaction():
            self.db.execute(f"PRAGMA user_version={self._version()}")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction, taken at once (two processes queue on it, never interleave).

        A write the database refuses (read-only, disk full) is a BadInputError naming the store;
        what was committed before it stays.
        """
        with self._lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:  # SQLite may have rolled back already (disk full)
                        self.db.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as exc:
                raise _unusable(self.path, exc) from None

    def _version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self, found_version: int) -> None:
        """Create the tables, or bring an older store forward, in one transaction; mark the file
        as envforge's (its application id)."""
        if found_version >= SCHEMA_VERSION and self._version() >= SCHEMA_VERSION:
            return
        with self._transaction():
            version = self._version()  # another process may have migrated meanwhile
            if version >= SCHEMA_VERSION:
                return
            tables = {
                r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            fresh = "runs" not in tables
            statements = [s for s in TABLES.split(";") if s.strip()] if fresh else []
            for step in range(2 if fresh else max(version, 1) + 1, SCHEMA_VERSION + 1):
                statements += MIGRATIONS.get(step, ())
            for statement in statements:
                self.db.execute(statement)
            self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writes ------------------------------------------------------------------------------------
    def start_run(
        self,
        run_id: str,
        *,
        command: str,
        host: HostInfo,
        level: int,
        matrix: str | None = None,
        matrix_digest: str | None = None,
    ) -> None:
        stamp = now()
        with self._transaction():
            self.db.execute(
                "INSERT INTO hosts(fingerprint, info, first_seen, last_seen) VALUES (?,?,?,?) "
                "ON CONFLICT(fingerprint) DO UPDATE SET last_seen=excluded.last_seen, info=excluded.info",
                (host.fingerprint, json.dumps(host.to_dict(), sort_keys=True), stamp, stamp),
            )
            self.db.execute(
                "INSERT INTO runs(id, started_at, status, command, matrix, matrix_digest, "
                "host_fingerprint, level, pid, hostname) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    run_id,
                    stamp,
                    "running",
                    redact(command),
                    matrix,
                    matrix_digest,
                    host.fingerprint,
                    level,
                    os.getpid(),
                    socket.gethostname(),
                ),
            )

    def add_host(self, host: HostInfo) -> None:
        """A host certificates are made for (a cluster node), beside the run's own."""
        stamp = now()
        with self._transaction():
            self.db.execute(
                "INSERT INTO hosts(fingerprint, info, first_seen, last_seen) VALUES (?,?,?,?) "
                "ON CONFLICT(fingerprint) DO UPDATE SET last_seen=excluded.last_seen, info=excluded.info",
                (host.fingerprint, json.dumps(host.to_dict(), sort_keys=True), stamp, stamp),
            )

    def add_push(self, image_id: str, repo_digest: str, *, cell_id: str, run_id: str) -> None:
        with self._transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO pushes(image_id, repo_digest, cell_id, run_id, pushed_at) "
                "VALUES (?,?,?,?,?)",
                (image_id, repo_digest, cell_id, run_id, now()),
            )

    def pushes(self) -> list[tuple[str, str, str | None]]:
        """(image id, repository digest, cell) of every push, newest first."""
        rows = self._rows("SELECT * FROM pushes ORDER BY pushed_at DESC")
        return [(r["image_id"], r["repo_digest"], r["cell_id"]) for r in rows]

    def on_node(
        self, cell_id: str, image_id: str | None, node: str, *, run_id: str | None = None
    ) -> StoredCertificate | None:
        """The newest certificate of this cell (and image; None: any) on cluster node ``node``
        (of ``run_id``)."""
        query = (
            "SELECT c.* FROM certificates c JOIN hosts h ON h.fingerprint = c.host_fingerprint "
            "WHERE c.cell_id=? AND json_extract(h.info, '$.node')=?"
        )
        args: tuple[Any, ...] = (cell_id, node)
        if image_id is not None:
            query += " AND c.image_id=?"
            args += (image_id,)
        if run_id:
            query += " AND c.run_id=?"
            args += (run_id,)
        rows = self._rows(query + " ORDER BY c.id DESC LIMIT 1", args)
        return self._certificate(rows[0]) if rows else None

    def finish_run(self, run_id: str, status: str) -> None:
        with self._transaction():
            self.db.execute(
                "UPDATE runs SET finished_at=?, status=? WHERE id=?", (now(), status, run_id)
            )

    def mark_dead_runs_interrupted(self) -> list[str]:
        """Runs still 'running' whose process on this host is gone (killed): marked interrupted."""
        with self._lock:
            rows = self.db.execute(
                "SELECT id, pid FROM runs WHERE status='running' AND hostname=?",
                (socket.gethostname(),),
            ).fetchall()
            dead = [r["id"] for r in rows if r["pid"] and not _pid_alive(int(r["pid"]))]
            for run_id in dead:
                self.finish_run(run_id, "interrupted")
            return dead

    def add(
        self,
        run_id: str,
        cert: Certificate,
        *,
        build_log: str | None = None,
        probe_log: str | None = None,
    ) -> int:
        row = (
            run_id,
            cert.cell_id,
            cert.image_id,
            cert.image_ref,
            cert.host_fingerprint,
            cert.verdict.value,
            cert.level_requested,
            cert.level_reached,
            redact(cert.stopped_by) if cert.stopped_by else None,
            cert.created_at,
            json.dumps(cert.expectations.to_dict(), sort_keys=True),
            redact(json.dumps([c.to_dict() for c in cert.checks])),
            redact(json.dumps([d.to_dict() for d in cert.diagnoses])),
            json.dumps(cert.timings),
            redact(json.dumps(cert.facts)) if cert.facts is not None else None,
            build_log,
            probe_log,
            cert.image_size,
        )
        with self._transaction():
            cursor = self.db.execute(
                "INSERT INTO certificates(run_id, cell_id, image_id, image_tag, host_fingerprint, "
                "verdict, level_requested, level_reached, stopped_by, created_at, expectations, checks, "
                "diagnoses, timings, facts, build_log, probe_log, image_size) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                row,
            )
        return int(cursor.lastrowid or 0)

    # -- reads -------------------------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.db.execute(sql, args).fetchall()

    @staticmethod
    def _certificate(row: sqlite3.Row) -> StoredCertificate:
        cert = Certificate(
            cell_id=row["cell_id"],
            image_id=row["image_id"],
            image_ref=row["image_tag"],
            host_fingerprint=row["host_fingerprint"],
            verdict=Verdict(row["verdict"]),
            level_requested=row["level_requested"],
            level_reached=row["level_reached"],
            stopped_by=row["stopped_by"],
            expectations=Expectations.from_dict(json.loads(row["expectations"])),
            checks=tuple(Check.from_dict(c) for c in json.loads(row["checks"])),
            diagnoses=tuple(Diagnosis.from_dict(d) for d in json.loads(row["diagnoses"])),
            timings=json.loads(row["timings"]),
            facts=json.loads(row["facts"]) if row["facts"] else None,
            created_at=row["created_at"],
            image_size=row["image_size"],
        )
        return StoredCertificate(
            id=row["id"],
            run_id=row["run_id"],
            certificate=cert,
            build_log=row["build_log"],
            probe_log=row["probe_log"],
        )

    def certificates(self, *, run_id: str | None = None) -> list[StoredCertificate]:
        if run_id:
            rows = self._rows("SELECT * FROM certificates WHERE run_id=? ORDER BY id", (run_id,))
        else:
            rows = self._rows("SELECT * FROM certificates ORDER BY id")
        return [self._certificate(r) for r in rows]

    def latest(
        self, cell_id: str, image_id: str, host_fingerprint: str
    ) -> StoredCertificate | None:
        """The newest certificate of this cell, image digest and host."""
        rows = self._rows(
            "SELECT * FROM certificates WHERE cell_id=? AND image_id=? AND host_fingerprint=? "
            "ORDER BY id DESC LIMIT 1",
            (cell_id, image_id, host_fingerprint),
        )
        return self._certificate(rows[0]) if rows else None

    def runs(self) -> list[RunRecord]:
        fields = RunRecord.__dataclass_fields__
        return [
            RunRecord(**{k: r[k] for k in fields})
            for r in self._rows("SELECT * FROM runs ORDER BY started_at, id")
        ]

    def hosts(self) -> dict[str, HostInfo]:
        return {
            r["fingerprint"]: HostInfo.from_dict(json.loads(r["info"]))
            for r in self._rows("SELECT * FROM hosts")
        }
