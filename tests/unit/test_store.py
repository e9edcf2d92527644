from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from envforge.certify import Certificate, Diagnosis, Verdict
from envforge.errors import BadInputError
from envforge.store import Store, new_run_id

from .hosts import NO_GPU as HOST


def make_cert(
    cell: str = "c1", verdict: Verdict = Verdict.CERTIFIED, level: int = 3
) -> Certificate:
    return Certificate(
        cell_id=cell,
        image_id="sha256:abc",
        image_tag="envforge/c1:1",
        host_fingerprint=HOST.fingerprint,
        verdict=verdict,
        level_requested=level,
        level_reached=1,
        ceiling="no GPU",
        expectations={"accelerator": "cpu"},
        checks=({"id": "x", "status": "pass"},),
        diagnoses=(Diagnosis("CODE", "why", "fix", ("line",)),),
        timings={"build_s": 1.0},
        facts={"a": 1},
    )


def test_roundtrip_and_latest(tmp_path: Path) -> None:
    with Store(tmp_path / "r.db") as store:
        run = new_run_id()
        store.start_run(
            run, command="certify", host=HOST, level=3, matrix="m.yaml", matrix_digest="d"
        )
        store.add(run, make_cert(verdict=Verdict.FAILED), build_log="b.log")
        store.add(run, make_cert())
        store.finish_run(run, "finished")
        latest = store.latest("c1", "sha256:abc", HOST.fingerprint)
        assert latest is not None and latest.certificate.verdict is Verdict.CERTIFIED
        assert latest.certificate.diagnoses[0] == Diagnosis("CODE", "why", "fix", ("line",))
        assert store.latest("c1", "sha256:other", HOST.fingerprint) is None
        assert [r["status"] for r in store.runs()] == ["finished"]
        assert list(store.hosts()) == [HOST.fingerprint]
        assert len(store.certificates(run_id=run)) == 2


def test_each_certificate_is_committed_at_once(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    store = Store(path)
    run = new_run_id()
    store.start_run(run, command="certify", host=HOST, level=1)
    store.add(run, make_cert())
    # A second connection (another process, or a run that died here) already sees it.
    other = sqlite3.connect(path)
    assert other.execute("SELECT count(*) FROM certificates").fetchone()[0] == 1
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    other.close()
    store.close()


def test_unwritable_db_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(BadInputError, match="cannot open the results database"):
        Store(tmp_path / "file" / "r.db")
