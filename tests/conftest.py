"""Test tiers and options.

``pytest`` alone runs the unit tier: pure, fast, no engine. The integration tier builds and runs
real images on a real engine and is opt-in (``--run-docker``; ``scripts/test`` turns it on). Within
it, ``--run-slow`` adds the tests that take many minutes or GBs, and ``--run-destructive`` the one
that stops and restarts a Docker engine (only one it started itself, on its own socket).
"""

from __future__ import annotations

from pathlib import Path

import pytest

INTEGRATION = Path(__file__).parent / "integration"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("envforge")
    group.addoption(
        "--run-docker", action="store_true", help="run the integration tier (a Docker engine)"
    )
    group.addoption(
        "--run-slow", action="store_true", help="also run tests marked slow (minutes, GBs)"
    )
    group.addoption(
        "--run-destructive",
        action="store_true",
        help="also run tests that stop an engine (one they start themselves)",
    )
    group.addoption(
        "--update-golden", action="store_true", help="rewrite tests/golden/*.Dockerfile"
    )
    group.addoption(
        "--record-facts",
        action="store_true",
        help="write the probe documents the integration run gets to tests/fixtures/facts/",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if not config.getoption("--run-docker") and INTEGRATION in (
        collection_path,
        *collection_path.parents,
    ):
        return True
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    gates = {
        "slow": ("--run-slow", "slow: needs --run-slow (minutes and GBs)"),
        "destructive": ("--run-destructive", "stops an engine: needs --run-destructive"),
    }
    for marker, (option, reason) in gates.items():
        if config.getoption(option):
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if marker in item.keywords:
                item.add_marker(skip)
