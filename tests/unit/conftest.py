"""Unit tests are pure: any attempt to reach a Docker engine or start a subprocess fails the test.

They read the fixture knowledge base (tests/fixtures/kb/) unless marked ``live_knowledge``: tests of
logic must not break when the data grows. Each has a state directory of its own (nothing is
written to the checkout's .envforge).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

FIXTURE_KB = Path(__file__).resolve().parents[1] / "fixtures" / "kb"


@pytest.fixture(autouse=True)
def fixture_knowledge(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    if "live_knowledge" not in request.keywords:
        monkeypatch.setenv("ENVFORGE_COMPAT_DIR", str(FIXTURE_KB))


@pytest.fixture(autouse=True)
def own_state_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ENVFORGE_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("ENVFORGE_SITE", raising=False)


@pytest.fixture(autouse=True)
def no_engine_no_subprocess(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    if "allow_subprocess" in request.keywords:
        return

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"unit tests must not start processes: {args[:1]}")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    import docker

    monkeypatch.setattr(docker, "from_env", refuse)
