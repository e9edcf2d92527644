"""Certification records in SQLite: runs, hosts, certificates.

One file (``.envforge/results.db`` by default), WAL mode so two runs can write at once. Every
certificate is committed the moment it is made: a run that fails or is interrupted keeps what it
recorded. Reports are generated from here, never edited by hand.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from .certify import Certificate, Diagnosis, Verdict
from .errors import BadInputError
from .host import HostInfo

__all__ = ["Store", "StoredCertificate", "new_run_id", "SCHEMA"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL,              -- running | finished | failed | interrupted
    command TEXT NOT NULL,
    matrix TEXT,
    matrix_digest TEXT,
    host_fingerprint TEXT NOT NULL,
    level INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS hosts (
    fingerprint TEXT PRIMARY KEY,
    info TEXT NOT NULL,                -- JSON of HostInfo
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS certificates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL REFERENCES runs(id),
    cell_id TEXT NOT NULL,
    image_id TEXT,
    image_tag TEXT,
    host_fingerprint TEXT NOT NULL REFERENCES hosts(fingerprint),
    verdict TEXT NOT NULL,
    level_requested INTEGER NOT NULL,
    level_reached INTEGER NOT NULL,
    ceiling TEXT,
    created_at TEXT NOT NULL,
    expectations TEXT NOT NULL,        -- JSON
    checks TEXT NOT NULL,              -- JSON list
    diagnoses TEXT NOT NULL,           -- JSON list
    timings TEXT NOT NULL,             -- JSON
    facts TEXT,                        -- JSON: the probe's whole report
    build_log TEXT,
    probe_log TEXT
);
CREATE INDEX IF NOT EXISTS certificates_lookup ON certificates(cell_id, image_id, host_fingerprint);
CREATE INDEX IF NOT EXISTS certificates_run ON certificates(run_id);
"""


def new_run_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + uuid.uuid4().hex[:6]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class StoredCertificate:
    """A certificate as read back, with where it came from."""

    id: int
    run_id: str
    certificate: Certificate
    build_log: str | None
    probe_log: str | None


class Store:
    """The results database."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(
                path, timeout=30, isolation_level=None, check_same_thread=False
            )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA busy_timeout=30000")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise BadInputError(
                f"--db {path}: cannot open the results database ({exc})",
                hint="give a writable path with --db",
            ) from None
        self.db.row_factory = sqlite3.Row

    def close(self) -> None:
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
        now = _now()
        with self.db:
            self.db.execute(
                "INSERT INTO hosts(fingerprint, info, first_seen, last_seen) VALUES (?,?,?,?) "
                "ON CONFLICT(fingerprint) DO UPDATE SET last_seen=excluded.last_seen, info=excluded.info",
                (host.fingerprint, json.dumps(host.to_dict(), sort_keys=True), now, now),
            )
            self.db.execute(
                "INSERT INTO runs(id, started_at, status, command, matrix, matrix_digest, host_fingerprint, level) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (run_id, now, "running", command, matrix, matrix_digest, host.fingerprint, level),
            )

    def finish_run(self, run_id: str, status: str) -> None:
        with self.db:
            self.db.execute(
                "UPDATE runs SET finished_at=?, status=? WHERE id=?", (_now(), status, run_id)
            )

    def add(
        self,
        run_id: str,
        cert: Certificate,
        *,
        build_log: str | None = None,
        probe_log: str | None = None,
    ) -> int:
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO certificates(run_id, cell_id, image_id, image_tag, host_fingerprint, verdict, "
                "level_requested, level_reached, ceiling, created_at, expectations, checks, diagnoses, timings, "
                "facts, build_log, probe_log) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    run_id,
                    cert.cell_id,
                    cert.image_id,
                    cert.image_tag,
                    cert.host_fingerprint,
                    cert.verdict.value,
                    cert.level_requested,
                    cert.level_reached,
                    cert.ceiling,
                    cert.created_at,
                    json.dumps(cert.expectations, sort_keys=True),
                    json.dumps(list(cert.checks)),
                    json.dumps([d.to_dict() for d in cert.diagnoses]),
                    json.dumps(cert.timings),
                    json.dumps(cert.facts) if cert.facts is not None else None,
                    build_log,
                    probe_log,
                ),
            )
        return int(cursor.lastrowid or 0)

    # -- reads -------------------------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> Iterator[sqlite3.Row]:
        with closing(self.db.execute(sql, args)) as cursor:
            yield from cursor.fetchall()

    @staticmethod
    def _certificate(row: sqlite3.Row) -> StoredCertificate:
        cert = Certificate(
            cell_id=row["cell_id"],
            image_id=row["image_id"],
            image_tag=row["image_tag"],
            host_fingerprint=row["host_fingerprint"],
            verdict=Verdict(row["verdict"]),
            level_requested=row["level_requested"],
            level_reached=row["level_reached"],
            ceiling=row["ceiling"],
            expectations=json.loads(row["expectations"]),
            checks=tuple(json.loads(row["checks"])),
            diagnoses=tuple(
                Diagnosis(d["code"], d["summary"], d.get("fix"), tuple(d.get("evidence") or ()))
                for d in json.loads(row["diagnoses"])
            ),
            timings=json.loads(row["timings"]),
            facts=json.loads(row["facts"]) if row["facts"] else None,
            created_at=row["created_at"],
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
        rows = list(
            self._rows(
                "SELECT * FROM certificates WHERE cell_id=? AND image_id=? AND host_fingerprint=? "
                "ORDER BY id DESC LIMIT 1",
                (cell_id, image_id, host_fingerprint),
            )
        )
        return self._certificate(rows[0]) if rows else None

    def runs(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._rows("SELECT * FROM runs ORDER BY started_at, id")]

    def hosts(self) -> dict[str, dict[str, Any]]:
        return {r["fingerprint"]: json.loads(r["info"]) for r in self._rows("SELECT * FROM hosts")}
