from __future__ import annotations

import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from envforge.errors import BadInputError
from envforge.expectations import Expectations
from envforge.probe.checks import passed
from envforge.results import Certificate, Diagnosis, Verdict
from envforge.store import _TABLES, SCHEMA_VERSION, Store, new_run_id

from .hosts import NO_GPU as HOST


def make_cert(
    cell: str = "c1", verdict: Verdict = Verdict.CERTIFIED, level: int = 3
) -> Certificate:
    return Certificate(
        cell_id=cell,
        image_id="sha256:abc",
        image_ref="envforge/c1:1",
        host_fingerprint=HOST.fingerprint,
        verdict=verdict,
        level_requested=level,
        level_reached=1,
        stopped_by="no GPU",
        expectations=Expectations(accelerator="cpu", framework="tensorflow"),
        checks=(passed("framework.import", 1, "imported"),),
        diagnoses=(Diagnosis("CUDA_LIBS_NOT_FOUND", "why", "fix", ("line",)),),
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
        assert latest is not None
        assert latest.certificate == replace(make_cert(), created_at=latest.certificate.created_at)
        assert latest.certificate.diagnoses[0].layer == "cuda-libs"
        assert store.latest("c1", "sha256:other", HOST.fingerprint) is None
        assert [r.status for r in store.runs()] == ["finished"]
        assert store.hosts() == {HOST.fingerprint: HOST}
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


def test_a_path_in_a_file_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(BadInputError, match="not a results database envforge can use"):
        Store(tmp_path / "file" / "r.db")


def test_a_file_that_is_not_a_store_is_an_error_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    content = b"these are my notes, not a database\n" * 100
    path.write_bytes(content)
    with pytest.raises(BadInputError, match=f"{path}: not a results database"):
        Store(path)
    assert path.read_bytes() == content


def test_a_store_of_the_previous_release_is_migrated_forward(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(_TABLES)  # the first release's schema; it set no user_version
    old.execute(
        "INSERT INTO runs(id, started_at, status, command, host_fingerprint, level) VALUES ('r1', 't', 'finished', 'certify', 'h', 1)"
    )
    old.commit()
    old.close()
    with Store(path) as store:
        assert [r.id for r in store.runs()] == ["r1"]
        run = new_run_id()
        store.start_run(run, command="certify", host=HOST, level=1)
        assert {r.id for r in store.runs()} == {"r1", run}
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    check.close()


def test_a_run_whose_process_died_is_marked_interrupted_by_the_next(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    with Store(path) as store:
        store.start_run("dead", command="certify", host=HOST, level=1)
        store.start_run("alive", command="certify", host=HOST, level=1)
        # 'dead' was started by a process that no longer exists (killed with -9, say).
        store.db.execute("UPDATE runs SET pid=? WHERE id='dead'", (_a_dead_pid(),))
        assert store.mark_dead_runs_interrupted() == ["dead"]
        assert {r.id: r.status for r in store.runs()} == {"dead": "interrupted", "alive": "running"}


def _a_dead_pid() -> int:
    """A pid no process has: above the kernel's pid_max."""
    return int(Path("/proc/sys/kernel/pid_max").read_text()) + 1


def test_threads_can_share_one_store(tmp_path: Path) -> None:
    with Store(tmp_path / "r.db") as store:
        run = new_run_id()
        store.start_run(run, command="certify", host=HOST, level=1)

        def add(n: int) -> None:
            for i in range(20):
                store.add(run, make_cert(cell=f"c{n}-{i}"))

        threads = [threading.Thread(target=add, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(store.certificates(run_id=run)) == 80
