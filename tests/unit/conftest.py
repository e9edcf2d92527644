"""Unit tests are pure: any attempt to reach a Docker engine or start a subprocess fails the test."""

from __future__ import annotations

import subprocess

import pytest


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
