"""Unit tests are pure: any attempt to reach a Docker engine or start a subprocess fails the test.

They read the fixture knowledge base (tests/fixtures/kb/) unless marked ``live_knowledge``: tests of
logic must not break when the data grows. Each has a state directory of its own (nothing is
written to the checkout's .envforge).
"""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .fake_registry import FakeRegistry  # noqa: E402

FIXTURE_KB = Path(__file__).resolve().parents[1] / "fixtures" / "kb"


@pytest.fixture(scope="session")
def _states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("states")


_tests = itertools.count()


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"unit tests must not start processes: {args[:1]}")


@pytest.fixture(autouse=True)
def unit_world(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, _states: Path
) -> None:
    """The world every unit test runs in (one fixture: the unit tier has a thousand tests):

    - the fixture knowledge base, unless the test is marked ``live_knowledge``;
    - a state directory of its own, made only if envforge writes there (most never do: making
      one per test would cost more than many a test), and no site file from the environment;
    - no Docker engine and no process, unless the test is marked ``allow_subprocess``.
    """
    keywords = request.keywords
    if "live_knowledge" not in keywords:
        monkeypatch.setenv("ENVFORGE_COMPAT_DIR", str(FIXTURE_KB))
    monkeypatch.setenv("ENVFORGE_STATE_DIR", str(_states / f"state{next(_tests)}"))
    monkeypatch.delenv("ENVFORGE_SITE", raising=False)
    registries: dict[str, FakeRegistry] = {}  # a registry per host, in memory, for this test
    monkeypatch.setattr(
        "envforge.engine.registry.connect_registry",
        lambda host: registries.setdefault(host, FakeRegistry(host)),
    )
    if "allow_subprocess" not in keywords:
        import docker  # noqa: PLC0415

        monkeypatch.setattr(subprocess, "Popen", _refuse)
        monkeypatch.setattr(docker, "from_env", _refuse)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The real executable's smoke runs start now, when they are among the tests to run (they
    take seconds, and overlap the in-process tests that come first)."""
    smoke_tests = Path(__file__).parent / "cli" / "test_smoke.py"
    if any(item.path == smoke_tests for item in session.items):
        from . import smoke  # noqa: PLC0415

        smoke.start(FIXTURE_KB)


def pytest_sessionfinish(session: pytest.Session) -> None:
    from . import smoke  # noqa: PLC0415

    smoke.stop()
