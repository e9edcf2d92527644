"""``envforge gate slurm|kubernetes|status|recertify``: hold a node after a driver (or GPU, kernel,
runtime) change until the images the site requires pass on it again.

``gate slurm --emit DIR`` writes DIR (storage the nodes share): ``gate.json`` (the required images,
registry, runtime, level, results database), ``healthcheck.sh`` (Slurm's HealthCheckProgram),
``envforge-gate.nhc`` (the same for LBNL NHC), ``recertify.sh`` (the job a health check submits)
and ``nodes/NODE/certified``, each node's fingerprint as its newest certificate in the results
database recorded it, unless the gate's own record of the node is newer (a recertification under
way or finished since: emitting again never makes a health check see a change that is not one).
``gate recertify`` is that job: it holds the node in a reservation of its
own, resumes it (jobs that do not name the reservation stay off), probes each required image on
it (``verify --backend slurm``'s steps), then releases it, or drains it again with the failure
codes in its reason. ``gate status`` reads DIR and the cluster's node states.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from ...cluster.gates import (
    fingerprint_text,
    healthcheck_script,
    kubernetes_gate,
    nhc_check,
    recertify_script,
)
from ...errors import BadInputError
from ...identifiers import IdentifierError, check_node
from ...outputs import write_output
from ...references import check_image_reference
from ...results import now
from ...untrusted import UntrustedError, printable, read_file
from ..context import Context
from ..options import ClusterOptions, ProbeOptions
from .steps import ClusterResult, verify_images

__all__ = [
    "SlurmGateRequest",
    "KubernetesGateRequest",
    "GateEmitResult",
    "emit_slurm",
    "emit_kubernetes",
    "GateStatusRequest",
    "GateStatusResult",
    "status",
    "RecertifyRequest",
    "RecertifyResult",
    "recertify",
]

CONFIG = "gate.json"


@dataclass(frozen=True)
class SlurmGateRequest:
    out: Path
    images: tuple[str, ...]  # REPO@sha256:... the site requires on every gated node
    registry: str
    probe: ProbeOptions
    runtime: str = "docker"
    sbatch_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class KubernetesGateRequest:
    out: Path
    images: tuple[str, ...]
    probe: ProbeOptions
    namespace: str = "envforge"
    node_selector: dict[str, str] = field(
        default_factory=lambda: {"nvidia.com/gpu.present": "true"}
    )


@dataclass(frozen=True)
class GateEmitResult:
    out: Path
    files: tuple[Path, ...]
    baselines: dict[str, str | None] = field(default_factory=dict)  # node -> fingerprint
    kept: tuple[str, ...] = ()  # nodes whose gate record is newer than their newest certificate
    passed: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "files": [str(f) for f in self.files],
            "baselines": self.baselines,
            "kept": list(self.kept),
        }


def _write(path: Path, text: str, out: Path, ctx: Context, mode: int = 0o644) -> Path:
    write_output(path, text, inputs=ctx.inputs, under=out, what="--emit", mode=mode)
    return path


def _baselines(ctx: Context) -> dict[str, tuple[str, str]]:
    """Each node's fingerprint as its newest certificate recorded it, and when that was."""
    if not ctx.db_path.is_file():
        return {}
    store = ctx.existing_store()
    hosts = store.hosts()
    found: dict[str, tuple[str, str]] = {}
    for record in store.certificates():  # oldest first: the newest wins
        host = hosts.get(record.certificate.host_fingerprint)
        if host is not None and host.node and host.engine != "unknown":
            found[host.node] = (fingerprint_text(host), record.certificate.created_at)
    return found


def _gate_record_is_newer(state: Path, created_at: str) -> bool:
    """Whether the gate's own record of a node outdates its newest certificate: a recertification
    under way (``pending``) or one written since (``certified``/``failed``: the fingerprint the
    health check saw, which the probe's own host record need not repeat)."""
    if (state / "pending").exists():
        return True
    try:
        made = datetime.fromisoformat(created_at).timestamp()
    except ValueError:
        return False
    return any(
        path.exists() and path.stat().st_mtime >= made
        for path in (state / "certified", state / "failed")
    )


def emit_slurm(ctx: Context, request: SlurmGateRequest) -> GateEmitResult:
    out = request.out.absolute()
    config = {
        "images": list(request.images),
        "registry": request.registry,
        "runtime": request.runtime,
        "level": request.probe.level,
        "timeout_s": request.probe.timeout_s,
        "memory": request.probe.memory,
        "db": str(ctx.db_path.absolute()),
        "spool": str(ctx.state.spool.absolute()),
        "sbatch_args": list(request.sbatch_args),
    }
    files = [
        _write(out / CONFIG, json.dumps(config, indent=1) + "\n", out, ctx),
        _write(out / "healthcheck.sh", healthcheck_script(out, request.runtime, request.sbatch_args, os.environ.get("SLURM_CONF")), out, ctx, 0o755),
        _write(out / "recertify.sh", recertify_script(out, [sys.executable, "-m", "envforge"]), out, ctx, 0o755),
        _write(out / "envforge-gate.nhc", nhc_check(out), out, ctx),
    ]  # fmt: skip
    baselines: dict[str, str | None] = {}
    kept = []
    for node, (fingerprint, created_at) in sorted(_baselines(ctx).items()):
        state = out / "nodes" / node
        same = (state / "certified").is_file() and (
            (state / "certified").read_text(encoding="utf-8").strip() == fingerprint
        )
        if not same and _gate_record_is_newer(state, created_at):
            kept.append(node)
            continue
        files.append(_write(out / "nodes" / node / "certified", fingerprint + "\n", out, ctx))
        baselines[node] = fingerprint
    return GateEmitResult(out, tuple(files), baselines, tuple(kept))


def emit_kubernetes(ctx: Context, request: KubernetesGateRequest) -> GateEmitResult:
    manifests = kubernetes_gate(
        list(request.images),
        level=request.probe.level,
        timeout_s=int(request.probe.timeout_s),
        limits=request.probe.limits,
        namespace=request.namespace,
        node_selector=request.node_selector,
    )
    out = request.out.absolute()
    files = []
    for manifest in manifests:
        name = f"{manifest['kind'].lower()}-{manifest['metadata']['name']}.yaml"
        files.append(_write(out / name, yaml.safe_dump(manifest, sort_keys=False), out, ctx))
    return GateEmitResult(out, tuple(files))


# -- reading the gate's directory ------------------------------------------------------------------


@dataclass(frozen=True)
class GateConfig:
    images: tuple[str, ...]
    registry: str
    runtime: str
    level: int
    timeout_s: float
    memory: str
    db: Path
    spool: Path | None
    sbatch_args: tuple[str, ...]


def read_config(gate: Path) -> GateConfig:
    """gate.json, checked as any document from shared storage is."""
    try:
        document = json.loads(read_file(gate / CONFIG, 1 << 20))
        images = tuple(check_image_reference(str(i)) for i in document["images"])
        if not all("@sha256:" in i for i in images):
            raise ValueError("every required image must be pinned by digest")
        return GateConfig(
            images=images,
            registry=str(document["registry"]),
            runtime=str(document["runtime"]),
            level=int(document["level"]),
            timeout_s=float(document["timeout_s"]),
            memory=str(document["memory"]),
            db=Path(str(document["db"])),
            spool=Path(str(document["spool"])) if document.get("spool") else None,
            sbatch_args=tuple(str(a) for a in document.get("sbatch_args") or ()),
        )
    except (OSError, UntrustedError, ValueError, KeyError, TypeError, IdentifierError) as exc:
        raise BadInputError(
            f"--gate {gate}: {CONFIG}: {printable(str(exc), limit=200, one_line=True)}",
            hint="write it with envforge gate slurm --emit DIR",
        ) from None


def _state(gate: Path, node: str, name: str) -> str | None:
    try:
        return read_file(gate / "nodes" / node / name, 64 * 1024).strip() or None
    except (OSError, UntrustedError):
        return None


@dataclass(frozen=True)
class GateStatusRequest:
    gate: Path


@dataclass(frozen=True)
class NodeGate:
    node: str
    gate: str  # certified | recertifying | failed | not certified
    slurm_state: str
    reason: str
    certified: str | None
    job: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "gate": self.gate,
            "slurm_state": self.slurm_state,
            "reason": self.reason,
            "certified_fingerprint": self.certified,
            "recertify_job": self.job,
        }


@dataclass(frozen=True)
class GateStatusResult:
    gate: Path
    images: tuple[str, ...]
    nodes: tuple[NodeGate, ...]

    @property
    def passed(self) -> bool:
        return all(n.gate == "certified" for n in self.nodes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "gate": str(self.gate),
            "images": list(self.images),
            "nodes": [n.to_dict() for n in self.nodes],
            "passed": self.passed,
        }


def status(ctx: Context, request: GateStatusRequest) -> GateStatusResult:
    config = read_config(request.gate)
    found = []
    for node in ctx.cluster.nodes():
        state = {
            name: _state(request.gate, node.name, name)
            for name in ("pending", "failed", "certified", "job")
        }
        gate = next(
            (shown for name, shown in (("pending", "recertifying"), ("failed", "failed"),
             ("certified", "certified")) if state[name]),
            "not certified",
        )  # fmt: skip
        found.append(
            NodeGate(node.name, gate, node.state, node.reason, state["certified"], state["job"])
        )
    return GateStatusResult(request.gate, config.images, tuple(found))


# -- recertifying one node -------------------------------------------------------------------------


@dataclass(frozen=True)
class RecertifyRequest:
    gate: Path
    node: str


@dataclass(frozen=True)
class _Images:
    """The gate's required images as ``verify_images`` takes them."""

    images: tuple[str, ...]
    probe: ProbeOptions
    cluster: ClusterOptions
    expect_accelerator: None = None


@dataclass(frozen=True)
class RecertifyResult:
    node: str
    outcome: str  # resumed | drained
    reason: str | None
    probed: ClusterResult

    @property
    def passed(self) -> bool:
        return self.outcome == "resumed"

    @property
    def run_id(self) -> str:
        return self.probed.run_id

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "outcome": self.outcome,
            "reason": self.reason,
            "passed": self.passed,
            "run": self.probed.to_dict(),
        }


def _failures(result: ClusterResult) -> str:
    lines = []
    for cell in result.cells:
        cert = cell.certificate
        if not cert:
            codes = ",".join(d.code for d in cert.diagnoses) or cert.verdict.value
            lines.append(f"{_short(cell.cell_id)}: {codes}")
    return "; ".join(lines)


def _short(name: str) -> str:
    return name.rsplit("/", 1)[-1][:40]


def _field(fingerprint: str, key: str) -> str:
    return next(
        (line.partition("=")[2] for line in fingerprint.splitlines() if line.startswith(key + "=")),
        "",
    )


def _plan_failures(ctx: Context, result: ClusterResult, fingerprint: str) -> str:
    """The rollout plan, enforced: an image that the knowledge base says stops on the node's new
    driver (and GPU) fails its recertification, whatever a probe without a GPU could show."""
    from ...rollout import ImageUnderTest, assess_rollout  # noqa: PLC0415

    driver = _field(fingerprint, "driver")
    if not driver:
        return ""
    gpu_field = _field(fingerprint, "gpus").split(";")[0]
    name, _, rest = gpu_field.partition(" (cc ")
    gpu = ctx.kb.gpu(name) if name else None
    cc = rest.rstrip(")") or None
    lines = []
    for cell in result.cells:
        cert = cell.certificate
        image = ImageUnderTest(
            cell.cell_id, cert.expectations, cert.expectations.nvidia_require_cuda
        )
        (item,) = assess_rollout(ctx.kb, driver=driver, images=[image], gpu=gpu, cc=cc)
        if not item.keeps_working and item.mode != "forward-compat":
            lines.append(
                f"{_short(cell.cell_id)}: DRIVER_TOO_OLD_FOR_CUDA_RUNTIME (driver {driver})"
            )
    return "; ".join(lines)


def _until_available(ctx: Context, node: str, seconds: float = 60.0) -> None:
    """Until Slurm lists ``node`` as taking work again (a resumed node answers its next ping)."""
    deadline = ctx.clock.now() + seconds
    while ctx.clock.now() < deadline:
        if any(n.name == node and n.available for n in ctx.cluster.nodes()):
            return
        ctx.clock.sleep(1.0)


def recertify(ctx: Context, request: RecertifyRequest) -> RecertifyResult:
    """Probe the required images on ``request.node``, held in a reservation; resume or drain it."""
    from ..preamble import resolve as resolve_preamble  # noqa: PLC0415

    node = check_node(request.node)
    config = read_config(request.gate)
    reservation = f"envforge-gate-{node}"
    probe = ProbeOptions(
        level=config.level, timeout_s=config.timeout_s, memory=config.memory, force=True
    )
    cluster = ClusterOptions(
        registry=config.registry, nodes=(node,), runtime=config.runtime, spool=config.spool,
        sbatch_args=(*config.sbatch_args, f"--reservation={reservation}"),
    )  # fmt: skip
    images = _Images(config.images, probe, cluster)
    preamble = resolve_preamble(
        ctx, command="gate recertify", backend="slurm", probe=probe, cluster=cluster,
        images=config.images, more={"gate": {"node": node, "gate": str(request.gate)}},
    )  # fmt: skip
    pending = _state(request.gate, node, "pending") or ""
    ctx.cluster.reserve(reservation, node)
    try:
        ctx.cluster.resume(node)  # the reservation keeps every other job off it
        _until_available(ctx, node)
        probed = verify_images(ctx, images, preamble)
        failures = "; ".join(
            part for part in (
                _failures(probed) if not probed.passed else "",
                _plan_failures(ctx, probed, pending),
            ) if part
        )  # fmt: skip
        if failures or not probed.cells:
            reason = f"envforge: recertification failed: {failures or 'nothing was probed'}"[:250]
            ctx.cluster.drain(node, reason)
    except BaseException:
        ctx.cluster.drain(node, "envforge: recertification did not finish; see gate status")
        raise
    finally:
        ctx.cluster.release(reservation)
    state = request.gate / "nodes" / node
    keep = "failed" if failures or not probed.cells else "certified"
    write_output(state / keep, pending + "\n", under=request.gate, what="--gate")
    for name in ("pending", "failed") if keep == "certified" else ("pending",):
        (state / name).unlink(missing_ok=True)
    said = f"kept drained: {reason}" if keep == "failed" else "resumed: every required image passed"
    with (state / "history").open("a", encoding="utf-8") as history:
        history.write(f"{now()} {said} (run {probed.run_id})\n")
    if keep == "failed":
        return RecertifyResult(node, "drained", reason, probed)
    return RecertifyResult(node, "resumed", None, probed)
