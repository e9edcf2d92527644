"""The (image, node) pairs of a cluster run, what their tasks leave in the spool directory, and how
that (with the cluster's state of the task) becomes a certificate.

Everything a task knows is read from its files: the node as the task saw it (node.txt), the pull,
the probe's stdout, stderr, exit status, and whether it was killed. A report is judged exactly as a
local probe's (certificate.certify, against the node's own facts); a task without one gets the code
of what stopped it: the runtime missing, the pull failing, Slurm cancelling it, its time limit, its
memory limit, the node lost, or the probe itself (PROBE_TIMEOUT, PROBE_CRASHED, ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..certificate import certify, diagnosis_of, parse_probe_output, unreported
from ..engine.cluster import ClusterNode, ClusterTask
from ..expectations import Expectations
from ..host import HostGpu, HostInfo, parse_nvidia_smi
from ..probe.codes import Code
from ..results import Certificate, ContainerRun, Verdict, pair_key
from ..untrusted import UntrustedError, printable, read_file

__all__ = [
    "Pair",
    "TaskFiles",
    "host_from_report",
    "read_task",
    "judge_task",
    "not_tested",
]

MAX_REPORT = 16 * 2**20
MAX_LOG = 256 * 2**10
_SLURM_CODES = {
    "CANCELLED": Code.SLURM_TASK_CANCELLED,
    "PREEMPTED": Code.SLURM_TASK_CANCELLED,
    "REVOKED": Code.SLURM_TASK_CANCELLED,
    "TIMEOUT": Code.SLURM_TASK_TIMEOUT,
    "DEADLINE": Code.SLURM_TASK_TIMEOUT,
    "OUT_OF_MEMORY": Code.SLURM_TASK_OUT_OF_MEMORY,
    "NODE_FAIL": Code.SLURM_NODE_LOST,
    "BOOT_FAIL": Code.SLURM_NODE_LOST,
}


@dataclass(frozen=True)
class Pair:
    """One task: a cell's image, by digest, probed on one node."""

    cell_id: str
    image: str  # REPO@sha256:...
    node: str
    expectations: Expectations
    image_size: int | None = None  # bytes, as the engine that built (or pulled) it said

    @property
    def key(self) -> str:
        """A file name for the pair: unique in a run, safe on any file system."""
        return pair_key(self.cell_id, self.node)

    @property
    def gpu(self) -> bool:
        return self.expectations.accelerator == "cuda"


@dataclass(frozen=True)
class TaskFiles:
    """What a task left in its spool directory (each piece bounded and made printable)."""

    node: dict[str, list[str]]
    runtime_error: str | None
    pull_rc: int | None
    pull_log: str
    stdout: str
    stderr: str
    probe_rc: int | None
    timed_out: bool
    oom_killed: bool
    seconds: float
    slurm_out: str
    image_file: dict[str, object] | None = None  # charliecloud: the SquashFS the probe ran from

    @property
    def ran(self) -> bool:
        return bool(self.stdout) or self.probe_rc is not None or self.timed_out


def _text(path: Path, limit: int = MAX_LOG) -> str:
    """A spool file as the task left it: the tail of a log, or "" where there is none, or where
    it is not a regular file (a node may have left a link to a file of this host, or a FIFO)."""
    try:
        return read_file(path, limit, tail=True)
    except (OSError, UntrustedError):
        return ""


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def read_task(directory: Path) -> TaskFiles:
    """The files of one task (absent ones are empty)."""
    node: dict[str, list[str]] = {}
    for line in _text(directory / "node.txt").splitlines():
        key, _, value = line.partition("=")
        if key and value:
            node.setdefault(key.strip(), []).append(printable(value.strip(), limit=300))
    runtime = _text(directory / "runtime.err").strip()
    return TaskFiles(
        node=node,
        runtime_error=printable(runtime, limit=500) if runtime else None,
        pull_rc=_int(_text(directory / "pull.rc")),
        pull_log=_text(directory / "pull.log"),
        stdout=_text(directory / "probe.json", MAX_REPORT),
        stderr=_text(directory / "probe.err"),
        probe_rc=_int(_text(directory / "probe.rc")),
        timed_out=(directory / "probe.timeout").is_file(),
        oom_killed=_text(directory / "probe.oom").strip() == "true",
        seconds=float(_int(_text(directory / "probe.seconds")) or 0),
        slurm_out=_text(directory / "slurm.out"),
        image_file=_image_file(directory),
    )


def _image_file(directory: Path) -> dict[str, object] | None:
    """squashfs.txt (sha256=, bytes=, path=), checked: what a charliecloud task ran from."""
    fields = dict(
        line.partition("=")[::2] for line in _text(directory / "squashfs.txt").splitlines()
    )
    sha256, size = fields.get("sha256", "").strip(), fields.get("bytes", "").strip()
    if not re.fullmatch(r"[0-9a-f]{64}", sha256) or not size.isdigit():
        return None
    return {
        "format": "squashfs",
        "sha256": sha256,
        "bytes": int(size),
        "made_by_this_task": (directory / "squashfs.made").is_file(),
    }


def node_host(node: ClusterNode, facts: dict[str, list[str]]) -> HostInfo:
    """The node as certification sees it: what the task saw there, with the cluster's name and
    features for it (a node whose task never started is known by those alone)."""

    def one(key: str, default: str = "?") -> str:
        return (facts.get(key) or [default])[0] or default

    driver, gpus = parse_nvidia_smi("\n".join(facts.get("gpu") or []))
    return HostInfo(
        hostname=one("hostname", node.name),
        kernel=one("kernel"),
        os=one("os"),
        engine=one("runtime", "unknown"),
        engine_gpu_runtime=one("gpu_runtime", "no") == "yes",
        driver=driver,
        gpus=gpus,
        node=node.name,
        features=node.features,
    )


def not_tested(pair: Pair, node: ClusterNode, level: int) -> Certificate:
    """A node that could not take the task when the run was submitted: said, never dropped."""
    reason = node.reason or "no reason given"
    return unreported(
        cell_id=pair.cell_id,
        expectations=pair.expectations,
        level=level,
        host=node_host(node, {}),
        image=pair.image,
        image_ref=pair.image,
        verdict=Verdict.NOT_TESTED,
        diagnosis=diagnosis_of(
            Code.NODE_NOT_AVAILABLE,
            f"node {node.name} was {node.state} when the run was submitted: {reason}",
            (f"sinfo: {node.name} {node.state} ({reason})",),
        ),
        image_size=pair.image_size,
    )


def judge_task(
    pair: Pair, node: ClusterNode, files: TaskFiles, task: ClusterTask, level: int
) -> Certificate:
    """One task's certificate: the probe's report judged against the node, or what stopped it."""
    host = node_host(node, files.node)

    def failed(code: Code, summary: str, evidence: tuple[str, ...] = ()) -> Certificate:
        return unreported(
            cell_id=pair.cell_id,
            expectations=pair.expectations,
            level=level,
            host=host,
            image=pair.image,
            image_ref=pair.image,
            verdict=Verdict.PROBE_ERROR,
            diagnosis=diagnosis_of(code, summary, (*evidence, task.describe())),
            image_size=pair.image_size,
        )

    if files.runtime_error:
        return failed(Code.NODE_RUNTIME_MISSING, files.runtime_error)
    if files.pull_rc:
        lines = [printable(line, limit=300) for line in files.pull_log.strip().splitlines()[-3:]]
        why = lines[-1] if lines else "no output"
        return failed(
            Code.IMAGE_PULL_FAILED, f"{node.name} could not pull {pair.image}: {why}", tuple(lines)
        )
    reported = files.ran and parse_probe_output(files.stdout) is not None
    code = _SLURM_CODES.get(task.state)
    if code is not None and not reported:
        return failed(code, f"the task on {node.name} ended {task.state} before the probe reported")
    if not files.ran:
        tail = tuple(
            printable(line, limit=300) for line in files.slurm_out.strip().splitlines()[-3:]
        )
        return failed(Code.SLURM_TASK_FAILED, f"the task on {node.name} left no probe output", tail)
    run = ContainerRun(
        exit_code=files.probe_rc,
        stdout=files.stdout,
        stderr=files.stderr,
        seconds=files.seconds,
        timed_out=files.timed_out,
        oom_killed=files.oom_killed,
    )
    cert = certify(
        cell_id=pair.cell_id,
        expectations=pair.expectations,
        level=level,
        host=host,
        image_id=pair.image,
        image_ref=pair.image,
        probe=run,
        image_size=pair.image_size,
    )
    if files.image_file is None:
        return cert
    return replace(cert, facts={**(cert.facts or {}), "image_file": files.image_file})


def host_from_report(doc: dict[str, object], node: str, features: tuple[str, ...] = ()) -> HostInfo:
    """A node known only by what its probe reported (collected from another backend): its driver
    and GPUs from NVML, named by the scheduler's name for it."""
    nvml = doc.get("nvml") if isinstance(doc.get("nvml"), dict) else {}
    assert isinstance(nvml, dict)
    gpus = tuple(
        HostGpu(str(g.get("name")), str(g.get("compute_capability") or "") or None)
        for g in nvml.get("gpus") or []
        if isinstance(g, dict)
    )
    container = doc.get("container") if isinstance(doc.get("container"), dict) else {}
    assert isinstance(container, dict)
    markers = container.get("markers") or {}
    runtime = next((name for name, on in sorted(markers.items()) if on), "unknown")
    return HostInfo(
        hostname=node,
        kernel="?",
        os="?",
        engine=runtime,
        engine_gpu_runtime=bool(gpus),
        driver=str(nvml.get("driver_version")) if nvml.get("driver_version") else None,
        gpus=gpus,
        node=node,
        features=features,
    )
