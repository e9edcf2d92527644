"""The results database's schema: its tables, and the steps that bring an older store forward."""

from __future__ import annotations

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "TABLES"]

SCHEMA_VERSION = 5
TABLES = """
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
    facts TEXT,                        -- JSON: the probe's facts (its judgement is in checks)
    build_log TEXT,
    probe_log TEXT
);
CREATE INDEX IF NOT EXISTS certificates_lookup ON certificates(cell_id, image_id, host_fingerprint);
CREATE INDEX IF NOT EXISTS certificates_run ON certificates(run_id);
CREATE TABLE IF NOT EXISTS pushes (
    image_id TEXT NOT NULL,            -- the engine's image id (where it was built)
    repo_digest TEXT NOT NULL,         -- REPO@sha256:..., the identity that survives a push
    cell_id TEXT,
    run_id TEXT,
    pushed_at TEXT NOT NULL,
    PRIMARY KEY (image_id, repo_digest)
);
"""
# Each step takes a store from version N-1 to N (version 1: the first release, which set none).
MIGRATIONS: dict[int, tuple[str, ...]] = {
    2: (
        "ALTER TABLE runs ADD COLUMN pid INTEGER",
        "ALTER TABLE runs ADD COLUMN hostname TEXT",
    ),
    3: (
        "CREATE TABLE IF NOT EXISTS pushes (image_id TEXT NOT NULL, repo_digest TEXT NOT NULL, "
        "cell_id TEXT, run_id TEXT, pushed_at TEXT NOT NULL, PRIMARY KEY (image_id, repo_digest))",
    ),
    4: ("ALTER TABLE certificates ADD COLUMN image_size INTEGER",),  # bytes, as the engine said
    5: ("ALTER TABLE certificates RENAME COLUMN ceiling TO stopped_by",),  # one name (the probe's)
}
