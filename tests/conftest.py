"""Shared test options: --run-slow for tests that take many minutes or GBs (CUDA images)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="also run tests marked slow (CUDA images: minutes, ~7 GB)",
    )
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.Dockerfile from the templates",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: needs --run-slow (minutes and GBs)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
