"""Request parts several jobs share: which cells, how to build, how to probe.

Light on purpose: the CLI builds these for every command, so nothing heavy is imported here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import ProbeLimits

__all__ = [
    "Selection",
    "BuildOptions",
    "ProbeOptions",
]


@dataclass(frozen=True)
class Selection:
    """A matrix (path or name; None: the default) and glob patterns of cell ids (none: every cell)."""

    matrix: str | None
    select: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildOptions:
    jobs: int
    nocache: bool
    site: Path | None
    ca_bundle: Path | None
    wheelhouse: Path | None
    no_wheelhouse: bool
    offline: bool
    refresh_wheelhouse: bool
    builder: str = "auto"  # auto (BuildKit where a client here can drive it), buildkit, legacy


@dataclass(frozen=True)
class ProbeOptions:
    level: int
    timeout_s: float
    memory: str
    force: bool = False

    @property
    def limits(self) -> ProbeLimits:
        return ProbeLimits(memory=self.memory)
