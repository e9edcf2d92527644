"""Request parts several jobs share: which cells, how to build, how to probe, which cluster.

Light on purpose: the CLI builds these for every command, so nothing heavy is imported here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import ProbeLimits

__all__ = [
    "Selection",
    "BuildOptions",
    "ProbeOptions",
    "ClusterOptions",
    "AttestOptions",
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

    @property
    def wheelhouse_mode(self) -> str:
        """``offline`` (wheels from the wheelhouse alone, builds without network), ``shared``
        (each wheel downloaded once into the wheelhouse) or ``none`` (pip in each build)."""
        if self.offline:
            return "offline"
        return "none" if self.no_wheelhouse else "shared"


@dataclass(frozen=True)
class ProbeOptions:
    level: int
    timeout_s: float
    memory: str
    force: bool = False

    @property
    def limits(self) -> ProbeLimits:
        return ProbeLimits(memory=self.memory)


@dataclass(frozen=True)
class ClusterOptions:
    """Where and how tasks run on a cluster (``--backend slurm``); ``poll_s`` and
    ``pull_allowance_s`` are the follow loop's tuning, not settings."""

    registry: str
    partition: str | None = None
    constraint: str | None = None
    nodes: tuple[str, ...] = ()  # empty: every node of the partition
    sbatch_args: tuple[str, ...] = ()
    runtime: str = "docker"
    spool: Path | None = None  # None: spool/ in the state directory
    image_cache: Path | None = None  # charliecloud's SquashFS files (None: spool/images)
    resume: str | None = None
    poll_s: float = 2.0  # the longest wait between two looks at the queue
    pull_allowance_s: float = (
        600.0  # a task's time limit: the probe's timeout plus this for the pull
    )


@dataclass(frozen=True)
class AttestOptions:
    """How the statements a pushing job attaches are signed: the site key's file
    (``--signing-key``, or ``ENVFORGE_SIGNING_KEY``); None: attached unsigned, and said so."""

    signing_key: Path | None = None
