from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from envforge.errors import BadInputError
from envforge.expectations import Expectations
from envforge.probe.checks import passed
from envforge.results import Certificate, Diagnosis, Verdict
from envforge.store import SCHEMA_VERSION, Store, new_run_id
from envforge.store_schema import TABLES

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
    with pytest.raises(BadInputError, match="cannot open the results database"):
        Store(tmp_path / "file" / "r.db")


def test_a_file_that_is_not_a_store_is_an_error_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    content = b"these are my notes, not a database\n" * 100
    path.write_bytes(content)
    with pytest.raises(BadInputError, match=f"{path}: is not an SQLite database"):
        Store(path)
    assert path.read_bytes() == content


def test_a_store_of_the_previous_release_is_migrated_forward(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(TABLES)  # the first release's schema; it set no user_version
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
    backup = sqlite3.connect(tmp_path / "old.db.schema1.bak")  # the store as it was, kept
    assert backup.execute("SELECT id FROM runs").fetchall() == [("r1",)]
    assert backup.execute("PRAGMA user_version").fetchone()[0] == 0
    backup.close()


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


WRITER = """
import sys
from envforge.expectations import Expectations
from envforge.results import Certificate, Verdict
from envforge.store import Store
from tests.unit.hosts import NO_GPU

path, run, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Store(__import__("pathlib").Path(path)) as store:
    store.start_run(run, command="certify", host=NO_GPU, level=1)
    for i in range(count):
        store.add(run, Certificate(cell_id=f"{run}-{i}", image_id="sha256:1", image_ref=None,
            host_fingerprint=NO_GPU.fingerprint, verdict=Verdict.CERTIFIED, level_requested=1,
            level_reached=1, stopped_by=None, expectations=Expectations()))
        if i == 0:
            print("recording", flush=True)
    if count < 0 or "--hang" in sys.argv:
        print("recorded", flush=True)  # every certificate committed: now it hangs mid-run
        __import__("time").sleep(600)
    store.finish_run(run, "finished")
"""

READER = """
import sys, time
from pathlib import Path
from envforge.store import Store
seen = 0
deadline = time.monotonic() + 60
while time.monotonic() < deadline and not Path(sys.argv[2]).exists():
    with Store(Path(sys.argv[1]), read_only=True) as store:
        seen = max(seen, len(store.certificates()))
print(seen)
"""


def _python(script: str, *args: str, **kw: Any) -> subprocess.Popen[str]:
    root = Path(__file__).resolve().parents[2]
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


@pytest.mark.allow_subprocess
def test_two_writing_processes_and_a_reader_lose_and_corrupt_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    Store(path).close()
    done = tmp_path / "done"
    reader = _python(READER, str(path), str(done))
    writers = [_python(WRITER, str(path), f"run{n}", "60") for n in range(2)]
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
    done.touch()
    out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err
    assert 0 <= int(out) <= 120
    with Store(path) as store:
        assert len(store.certificates()) == 120
        assert {r.id: r.status for r in store.runs()} == {"run0": "finished", "run1": "finished"}
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.allow_subprocess
def test_kill_9_mid_run_keeps_what_was_recorded_and_the_next_run_says_so(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    victim = _python(WRITER, str(path), "killed", "3", "--hang")
    assert victim.stdout is not None and victim.stdout.readline().strip() == "recording"
    assert victim.stdout.readline().strip() == "recorded"  # the run is open, its 3 recorded
    victim.send_signal(signal.SIGKILL)
    victim.communicate(timeout=30)
    with Store(path) as store:
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert len(store.certificates(run_id="killed")) == 3
        assert store.mark_dead_runs_interrupted() == ["killed"]
        assert [r.status for r in store.runs()] == ["interrupted"]


@pytest.fixture()
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A store this process cannot write: immutable for root (who ignores modes), else mode 0444."""
    path = tmp_path / "r.db"
    with Store(path) as store:
        store.start_run("r1", command="certify", host=HOST, level=1)
        store.add("r1", make_cert())
        store.finish_run("r1", "finished")
    if os.geteuid() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode:
            pytest.skip("running as root without chattr: no way to make a file read-only")
        yield path
        subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        yield path
        path.chmod(0o644)


@pytest.mark.allow_subprocess
def test_a_read_only_store_is_refused_for_writing_read_for_reading_and_left_alone(
    read_only: Path,
) -> None:
    before = read_only.read_bytes()
    with pytest.raises(BadInputError, match="the results database is read-only") as err:
        Store(read_only)
    assert err.value.hint and "--db" in err.value.hint
    with Store(read_only, read_only=True) as store:
        assert [c.certificate.cell_id for c in store.certificates()] == ["c1"]
    assert read_only.read_bytes() == before


def test_a_write_the_disk_refuses_names_the_store_and_keeps_what_was_committed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.db"
    with Store(path) as store:
        store.start_run("r1", command="certify", host=HOST, level=1)
        store.add("r1", make_cert())
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count={pages}")  # SQLite's own "disk full"
        big = replace(make_cert(), facts={"blob": "x" * 200_000})
        with pytest.raises(BadInputError, match="cannot record: the disk is full"):
            store.add("r1", big)
        assert len(store.certificates(run_id="r1")) == 1
