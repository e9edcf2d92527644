"""A cluster in memory, for unit tests of the cluster jobs (integration tests use a real Slurm).

Nodes have states and features. A submitted task goes through the states its ``Behaviour`` says,
one per look at the queue, and when it ends it writes the files ``task.sh`` would have written in
its spool directory (node.txt, pull.rc, probe.json, probe.rc, ...): the probe's report of its cell
where it ran, or what stopped it. A task can be forgotten (never listed), cancelled (``cancel``),
or stopped by its node. Everything it is asked is recorded; ``FakeClock`` stands in for waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from envforge.engine.cluster import ClusterNode, ClusterTask
from envforge.results import pair_key

__all__ = ["Behaviour", "FakeCluster", "FakeClock", "Submitted", "node"]

NVIDIA_SMI = {  # what nvidia-smi --query-gpu prints on a node with that feature
    "h100": "NVIDIA H100 80GB HBM3, 550.54.15, 9.0, 81559",
    "a100": "NVIDIA A100-SXM4-80GB, 535.104.05, 8.0, 81920",
}


def node(name: str, *features: str, state: str = "idle", reason: str = "") -> ClusterNode:
    return ClusterNode(name, state, features, reason, ("gpu",))


@dataclass(frozen=True)
class Behaviour:
    """How a task goes: the states it is seen in (one per look; the last is where it ends, with
    ``exit_code``), and what it leaves: ``files`` beside node.txt (``{report}`` in a file's text is
    its cell's probe report), or nothing at all (``writes=False``: its node was lost)."""

    states: tuple[str, ...] = ("PENDING", "RUNNING", "COMPLETED")
    files: tuple[tuple[str, str], ...] = (
        ("pull.rc", "0"),
        ("pull.log", "pulled\n"),
        ("probe.json", "{report}"),
        ("probe.err", "probe stderr\n"),
        ("probe.rc", "0"),
        ("probe.seconds", "12"),
    )
    exit_code: int | None = 0
    reason: str = ""
    writes: bool = True
    forgotten: bool = False  # the cluster never lists it (Slurm forgot it: MinJobAge)


REPORTS = Behaviour()
PULL_FAILS = Behaviour(
    ("PENDING", "FAILED"),
    (("pull.rc", "1"), ("pull.log", "Error: manifest unknown\n")),
    exit_code=3,
)
NO_RUNTIME = Behaviour(
    ("PENDING", "FAILED"), (("runtime.err", "docker is not on this node (n)"),), exit_code=4
)
CANCELLED = Behaviour(
    ("PENDING", "RUNNING", "CANCELLED"), (("pull.rc", "0"),), exit_code=None, reason="None"
)
TIMEOUT = Behaviour(
    ("RUNNING", "TIMEOUT"), (("pull.rc", "0"), ("probe.err", "still training\n")), exit_code=None
)
OUT_OF_MEMORY = Behaviour(("RUNNING", "OUT_OF_MEMORY"), (("pull.rc", "0"),), exit_code=None)
NODE_LOST = Behaviour(("RUNNING", "NODE_FAIL"), (), exit_code=None, writes=False)
TASK_FAILS = Behaviour(("PENDING", "FAILED"), (("slurm.out", "slurmstepd: error: boom\n"),), 1)
FORGOTTEN = Behaviour(forgotten=True)
PROBE_KILLED = Behaviour(
    ("RUNNING", "COMPLETED"),
    (("pull.rc", "0"), ("probe.rc", "137"), ("probe.timeout", "killed after 60 s")),
)


@dataclass(frozen=True)
class Submitted:
    """One ``submit`` call, as sbatch would have received it."""

    task_id: str
    script: Path
    node: str
    job_name: str
    output: Path
    partition: str | None
    time_limit_min: int
    extra: tuple[str, ...]


@dataclass
class _Task:
    submitted: Submitted
    behaviour: Behaviour
    looks: int = 0
    cancelled: bool = False
    ended: bool = False


@dataclass
class FakeCluster:
    """``reports``: cell id (or image named) -> the probe's stdout; ``behaviours``: node name or
    ``cell@node`` -> how its tasks go (default: they report); ``on_look``: called with the number
    of each look at the queue before it answers (to interrupt, say)."""

    node_list: list[ClusterNode]
    reports: dict[str, str] = field(default_factory=dict)
    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    on_look: Callable[[int], None] | None = None
    submitted: list[Submitted] = field(default_factory=list)
    cancelled: list[str] = field(default_factory=list)
    contacted: list[str] = field(default_factory=list)  # every call, by method name
    looks: int = 0
    tasks: dict[str, _Task] = field(default_factory=dict)
    reservations: dict[str, str] = field(default_factory=dict)  # name -> node

    def describe(self) -> str:
        return "fake cluster"

    def ping(self) -> None:
        self.contacted.append("ping")

    def nodes(self, partition: str | None = None) -> list[ClusterNode]:
        self.contacted.append("nodes")
        return [n for n in self.node_list if partition is None or partition in n.partitions]

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
        self.contacted.append("submit")
        task_id = str(1000 + len(self.submitted))
        done = Submitted(task_id, script, node, job_name, output, partition, time_limit_min, extra)
        self.submitted.append(done)
        key = script.parent.name
        behaviour = self.behaviours.get(key) or self.behaviours.get(node) or REPORTS
        self.tasks[task_id] = _Task(done, behaviour)
        return task_id

    def states(self, task_ids: list[str]) -> dict[str, ClusterTask]:
        self.contacted.append("states")
        self.looks += 1
        if self.on_look:
            self.on_look(self.looks)
        found = {}
        for task_id in task_ids:
            task = self.tasks[task_id]
            if task.behaviour.forgotten:
                continue
            found[task_id] = self._look(task)
        return found

    def drain(self, node: str, reason: str) -> None:
        self.contacted.append("drain")
        self._set(node, "drained", reason)

    def resume(self, node: str) -> None:
        self.contacted.append("resume")
        self._set(node, "idle", "")

    def reserve(self, name: str, node: str) -> None:
        self.contacted.append("reserve")
        self.reservations[name] = node

    def release(self, name: str) -> None:
        self.contacted.append("release")
        self.reservations.pop(name, None)

    def _set(self, name: str, state: str, reason: str) -> None:
        self.node_list = [
            ClusterNode(n.name, state, n.features, reason, n.partitions) if n.name == name else n
            for n in self.node_list
        ]

    def cancel(self, task_ids: list[str]) -> None:
        self.contacted.append("cancel")
        self.cancelled += task_ids
        for task_id in task_ids:
            self.tasks[task_id].cancelled = True

    def _look(self, task: _Task) -> ClusterTask:
        behaviour, done = task.behaviour, task.submitted
        if task.cancelled:
            return ClusterTask(done.task_id, "CANCELLED", "by the user", None, done.node)
        state = behaviour.states[min(task.looks, len(behaviour.states) - 1)]
        task.looks += 1
        last = task.looks >= len(behaviour.states)
        if last and not task.ended:
            task.ended = True
            self._write(done, behaviour)
        code = behaviour.exit_code if last else None
        return ClusterTask(done.task_id, state, behaviour.reason, code, done.node)

    def _write(self, done: Submitted, behaviour: Behaviour) -> None:
        """What ``task.sh`` leaves in the task's spool directory."""
        if not behaviour.writes:
            return
        out = done.script.parent
        found = next((n for n in self.node_list if n.name == done.node), None)
        gpus = [NVIDIA_SMI[f] for f in (found.features if found else ()) if f in NVIDIA_SMI]
        lines = [
            f"hostname={done.node}.cluster",
            f"node={done.node}",
            "kernel=6.1.0-fake",
            "os=Debian GNU/Linux 12 (bookworm)",
            "runtime=docker 24.0.7",
            *(["gpu_runtime=yes"] if gpus else []),
            *(f"gpu={line}" for line in gpus),
        ]
        (out / "node.txt").write_text("\n".join(lines) + "\n")
        report = next(
            (text for name, text in self.reports.items() if pair_key(name, done.node) == out.name),
            "",
        )
        for name, text in behaviour.files:
            (out / name).write_text(text.replace("{report}", report))


@dataclass
class FakeClock:
    """Time that passes only when a job waits; every wait is recorded (``on_sleep`` may raise)."""

    time: float = 1000.0
    sleeps: list[float] = field(default_factory=list)
    on_sleep: Callable[[int], None] | None = None

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        if self.on_sleep:
            self.on_sleep(len(self.sleeps))
        self.time += seconds
