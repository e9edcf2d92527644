"""The real executable's runs of tests/unit/cli/test_smoke.py, started together as soon as
collection ends (tests/unit/conftest.py) so that they overlap the in-process tests.

Each is a fresh interpreter with its own state directory, the fixture knowledge base and a Docker
host that does not answer; ``finished(name)`` waits for one and gives (exit status, stdout,
stderr)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["HEAVY_FOR_DOCTOR", "start", "stop", "finished", "loaded"]

HEAVY_FOR_DOCTOR = ("envforge.knowledge.base", "envforge.builder", "docker", "jinja2")
_RUNS: dict[str, subprocess.Popen[str]] = {}
_DONE: dict[str, tuple[int, str, str]] = {}
_TMP: list[Path] = []


def _loaded_after(argv: list[str], code: int, modules: tuple[str, ...]) -> list[str]:
    """A fresh interpreter running ``envforge ARGV`` (expecting exit ``code``) that prints which
    of ``modules`` it imported."""
    probe = (
        "import sys\n"
        "from envforge.cli import main_inner\n"
        f"assert main_inner({argv!r}) == {code}\n"
        f"print(*(m in sys.modules for m in {modules!r}))\n"
    )
    return [sys.executable, "-c", probe]


def start(knowledge: Path) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="envforge-smoke-"))
    _TMP.append(tmp)
    log = tmp / "run.log"
    log.write_text("Could not load dynamic library 'libcudnn.so.8'\n")
    envforge = [sys.executable, "-m", "envforge"]
    argv = {
        "explain": _loaded_after(
            ["matrix", "explain", "--tf", "2.21", "--json"], 0, ("docker", "requests")
        ),
        "version": [*envforge, "--version"],
        "doctor": _loaded_after(["doctor", "--log", str(log), "--json"], 1, HEAVY_FOR_DOCTOR),
        "no engine": [*envforge, "certify", "--no-wheelhouse", "--db", str(tmp / "r.db")],
        "usage": [*envforge, "certify", "-m", str(tmp / "nope.yaml")],
    }
    env = {
        **os.environ,
        "DOCKER_HOST": f"unix://{tmp}/none.sock",
        "ENVFORGE_STATE_DIR": str(tmp / "state"),
        "ENVFORGE_COMPAT_DIR": str(knowledge),
    }
    for name, command in argv.items():
        _RUNS[name] = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )


def stop() -> None:
    for run in _RUNS.values():
        if run.poll() is None:
            run.kill()
        run.communicate()
    _RUNS.clear()
    for tmp in _TMP:
        shutil.rmtree(tmp, ignore_errors=True)
    _TMP.clear()


def finished(name: str) -> tuple[int, str, str]:
    if name not in _DONE:
        out, err = _RUNS[name].communicate(timeout=120)
        _DONE[name] = (_RUNS[name].returncode, out, err)
    return _DONE[name]


def loaded(name: str) -> list[bool]:
    code, out, err = finished(name)
    assert code == 0, err
    return [word == "True" for word in out.splitlines()[-1].split()]
