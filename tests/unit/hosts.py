"""Hosts for unit tests of pure logic: one without a GPU, and variations of it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from envforge.host import HostInfo

NO_GPU = HostInfo(
    hostname="h",
    kernel="6.1",
    os="Debian",
    engine="docker 20.10",
    engine_gpu_runtime=False,
    driver=None,
    gpus=(),
)


def host_with(**changes: Any) -> HostInfo:
    """``NO_GPU`` with ``changes``."""
    return replace(NO_GPU, **changes)
