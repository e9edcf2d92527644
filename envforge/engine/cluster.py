"""What jobs need from a cluster, as a ``Protocol``: nodes to list, tasks to submit, follow and
cancel. Slurm implements it (``engine.slurm``); unit tests give an in-memory twin.

A *task* is one (image, node) probe: submitted pinned to its node, alone there, and followed until
the cluster says it finished. envforge submits, never schedules: where and when a task runs is the
cluster's business, what it ran is in its spool files (``cluster.tasks``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

__all__ = ["Cluster", "ClusterNode", "ClusterTask", "FINISHED_STATES", "connect_cluster"]


@dataclass(frozen=True)
class ClusterNode:
    """A node as the cluster lists it: its state, features, and why it is out (if it is)."""

    name: str
    state: str
    features: tuple[str, ...]
    reason: str
    partitions: tuple[str, ...]

    @property
    def available(self) -> bool:
        """Whether a task can start on it: a state that takes work (idle, mixed, allocated, ...,
        flags such as ``+cloud`` or ``~`` aside), and nothing that says down, drained, draining,
        failing or not responding. A state envforge does not know is not available."""
        state = self.state.strip().lower()
        base = re.split(r"[+\-~#!%$@^*]", state, maxsplit=1)[0]
        bad = ("down", "drain", "fail", "unknown", "not_responding", "maint", "reboot", "future",
               "unusable")  # fmt: skip
        return (
            base in _TAKES_WORK
            and not any(word in state for word in bad)
            and not state.endswith("*")
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state,
            "features": list(self.features),
            "reason": self.reason,
            "partitions": list(self.partitions),
            "available": self.available,
        }


_TAKES_WORK = frozenset(
    {"idle", "mixed", "mix", "allocated", "alloc", "completing", "comp", "reserved", "resv",
     "planned", "plnd"}
)  # fmt: skip

FINISHED_STATES = frozenset(
    {
        "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL",
        "BOOT_FAIL", "DEADLINE", "PREEMPTED", "SPECIAL_EXIT", "REVOKED",
    }
)  # fmt: skip


@dataclass(frozen=True)
class ClusterTask:
    """A submitted task as the cluster reports it (Slurm calls it a job)."""

    task_id: str
    state: str  # PENDING, RUNNING, COMPLETED, CANCELLED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL, ...
    reason: str = ""
    exit_code: int | None = None
    node: str = ""

    @property
    def finished(self) -> bool:
        return self.state in FINISHED_STATES

    def describe(self) -> str:
        """The cluster's word on the task, as evidence: ``slurm: TIMEOUT (reason), exit 1``."""
        reason = f" ({self.reason})" if self.reason and self.reason != "None" else ""
        code = f", exit {self.exit_code}" if self.exit_code is not None else ""
        return f"slurm: {self.state}{reason}{code}"


class Cluster(Protocol):
    """A batch scheduler whose nodes run probe tasks (Slurm): envforge submits, never schedules."""

    def describe(self) -> str: ...

    def ping(self) -> None:
        """Raise EngineUnavailableError unless the scheduler answers."""
        ...

    def nodes(self, partition: str | None = None) -> list[ClusterNode]: ...

    def submit(
        self,
        script: Path,
        *,
        node: str,
        job_name: str,
        output: Path,
        partition: str | None,
        time_limit_min: int,
        extra: tuple[str, ...] = (),
    ) -> str:
        """Submit ``script`` pinned to ``node``, alone there; its task id."""
        ...

    def states(self, task_ids: list[str]) -> dict[str, ClusterTask]:
        """The state of each task the cluster still knows (a task it forgot is absent)."""
        ...

    def cancel(self, task_ids: list[str]) -> None: ...

    def drain(self, node: str, reason: str) -> None:
        """Take ``node`` out of scheduling (running jobs finish), saying ``reason``."""
        ...

    def resume(self, node: str) -> None: ...

    def reserve(self, name: str, node: str) -> None:
        """Hold ``node`` for jobs that name reservation ``name`` (this user's) only."""
        ...

    def release(self, name: str) -> None: ...


def connect_cluster() -> Cluster:
    """The Slurm cluster of SLURM_CONF (or the default configuration), once it answers."""
    from .slurm import SlurmCluster  # noqa: PLC0415

    cluster = SlurmCluster()
    cluster.ping()
    return cluster
