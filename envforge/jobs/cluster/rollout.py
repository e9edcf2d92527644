"""``envforge driver-check --cluster`` and ``--node``: a driver rollout across a cluster, from its
node records: which images keep working on which nodes with a planned driver, and what regressed
on a canary node between two runs.

Each node's images are those certified there (its newest certificate per cell and image); each is
judged by the knowledge base's driver rules against the image's CUDA and requirement, with the
node's own GPU (its compute capability, and the knowledge base's entry for its name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cluster.constraint import matches
from ...errors import BadInputError, NothingSelectedError
from ...host import HostInfo
from ...knowledge.models import Gpu
from ...results import Certificate, Verdict
from ...rollout import (
    ImageUnderTest,
    RegressionResult,
    RolloutItem,
    assess_rollout,
    compare_runs,
)
from ..context import Context

__all__ = [
    "ClusterRolloutRequest",
    "ClusterRolloutResult",
    "cluster_rollout",
    "NodeClass",
    "node_classes",
    "outcome",
    "CanaryRequest",
    "CanaryResult",
    "canary",
]


@dataclass(frozen=True)
class ClusterRolloutRequest:
    driver: str
    constraint: str | None = None  # the nodes the driver goes to (default: every node)
    nodes: tuple[str, ...] = ()


@dataclass(frozen=True)
class NodeRollout:
    node: str
    features: tuple[str, ...]
    gpu: str | None
    items: tuple[RolloutItem, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "features": list(self.features),
            "gpu": self.gpu,
            "images": [i.to_dict() for i in self.items],
            "passed": all(i.keeps_working for i in self.items),
        }


_OUTCOMES = ("keeps working", "needs forward compatibility", "stops")


def outcome(item: RolloutItem) -> str:
    """What the planned driver does to an image: keeps working, needs the forward-compatibility
    package (cuda-compat), or stops."""
    if item.mode == "forward-compat":  # the driver check passed only through cuda-compat (an
        return (
            "needs forward compatibility"  # NVIDIA_REQUIRE_CUDA then needs the compat driver too)
        )
    return "keeps working" if item.keeps_working else "stops"


@dataclass(frozen=True)
class NodeClass:
    """Nodes alike for a driver rollout (GPU, current driver, runtime), and what the planned
    driver does to each image certified on them (the worst outcome over the class's nodes)."""

    gpu: str | None
    driver: str | None
    runtime: str
    nodes: tuple[str, ...]
    images: dict[str, str]  # image -> outcome

    def of(self, what: str) -> list[str]:
        return sorted(i for i, o in self.images.items() if o == what)

    def to_dict(self) -> dict[str, Any]:
        return {
            "gpu": self.gpu,
            "driver": self.driver,
            "runtime": self.runtime,
            "nodes": list(self.nodes),
            "keeps_working": self.of("keeps working"),
            "needs_forward_compat": self.of("needs forward compatibility"),
            "stops": self.of("stops"),
        }


def node_classes(nodes: tuple[NodeRollout, ...], hosts: dict[str, HostInfo]) -> list[NodeClass]:
    """The plan: ``nodes`` grouped by GPU, current driver and runtime."""
    groups: dict[tuple[str | None, str | None, str], list[NodeRollout]] = {}
    for node in nodes:
        host = hosts[node.node]
        groups.setdefault((node.gpu, host.driver, host.engine.split(" ")[0]), []).append(node)
    found = []
    for (gpu, driver, runtime), members in sorted(groups.items(), key=lambda g: str(g[0])):
        images: dict[str, str] = {}
        for node in members:
            for item in node.items:
                worst = max(images.get(item.name, _OUTCOMES[0]), outcome(item), key=_OUTCOMES.index)
                images[item.name] = worst
        found.append(NodeClass(gpu, driver, runtime, tuple(n.node for n in members), images))
    return found


@dataclass(frozen=True)
class ClusterRolloutResult:
    driver: str
    nodes: tuple[NodeRollout, ...]
    classes: tuple[NodeClass, ...] = ()

    @property
    def breaking(self) -> list[tuple[str, str]]:
        return [(n.node, i.name) for n in self.nodes for i in n.items if not i.keeps_working]

    @property
    def passed(self) -> bool:
        return not self.breaking

    def to_dict(self) -> dict[str, Any]:
        return {
            "driver": self.driver,
            "nodes": [n.to_dict() for n in self.nodes],
            "breaking": [{"node": n, "image": i} for n, i in self.breaking],
            "plan": [c.to_dict() for c in self.classes],
            "passed": self.passed,
        }


def _nodes(
    ctx: Context, names: tuple[str, ...], constraint: str | None
) -> dict[str, tuple[HostInfo, set[str]]]:
    """Node name -> (the node as last seen running a task, its fingerprints), of the store's node
    records, named or matching ``constraint``. A node has one fingerprint per hardware, driver,
    kernel or runtime it had (and one from before any task ran there: a NOT_TESTED record)."""
    found: dict[str, tuple[HostInfo, set[str]]] = {}
    for fp, host in ctx.existing_store().hosts().items():
        if not host.node:
            continue
        seen, fingerprints = found.get(host.node, (host, set()))
        fingerprints.add(fp)
        better = host.engine != "unknown" and seen.engine == "unknown"
        found[host.node] = (host if better else seen, fingerprints)
    if not found:
        raise NothingSelectedError(
            f"{ctx.db_path} has no node records",
            hint="certify on the cluster first: envforge certify --backend slurm",
        )
    unknown = [n for n in names if n not in found]
    if unknown:
        raise BadInputError(
            f"--nodes: {', '.join(unknown)} has no records in {ctx.db_path}",
            hint=f"nodes with records: {', '.join(sorted(found))}",
        )
    chosen = {
        name: entry
        for name, entry in found.items()
        if (not names or name in names)
        and (not constraint or matches(constraint, entry[0].features))
    }
    if not chosen:
        raise NothingSelectedError(f"no node with records matches --constraint {constraint!r}")
    return chosen


def _gpu(ctx: Context, host: HostInfo) -> tuple[Gpu | None, str | None]:
    if not host.gpus:
        return None, None
    first = host.gpus[0]
    return ctx.kb.gpu(first.name), first.compute_capability


def cluster_rollout(ctx: Context, request: ClusterRolloutRequest) -> ClusterRolloutResult:
    nodes = _nodes(ctx, request.nodes, request.constraint)
    node_of = {fp: name for name, (_, fps) in nodes.items() for fp in fps}
    newest: dict[str, dict[tuple[str, str | None], Certificate]] = {name: {} for name in nodes}
    for record in ctx.existing_store().certificates():
        cert = record.certificate
        if cert.host_fingerprint in node_of and cert.verdict is Verdict.CERTIFIED:
            newest[node_of[cert.host_fingerprint]][(cert.cell_id, cert.image_id)] = cert
    found = []
    for name, (host, _) in sorted(nodes.items()):
        images = [
            ImageUnderTest(
                c.image_ref or c.cell_id, c.expectations, c.expectations.nvidia_require_cuda
            )
            for c in newest[name].values()
        ]
        gpu, cc = _gpu(ctx, host)
        items = assess_rollout(ctx.kb, driver=request.driver, images=images, gpu=gpu, cc=cc)
        found.append(NodeRollout(name, host.features, gpu.name if gpu else None, tuple(items)))
    hosts = {name: host for name, (host, _) in nodes.items()}
    return ClusterRolloutResult(
        request.driver, tuple(found), tuple(node_classes(tuple(found), hosts))
    )


@dataclass(frozen=True)
class CanaryRequest:
    node: str
    baseline: str
    candidate: str


@dataclass(frozen=True)
class CanaryResult(RegressionResult):
    """The regressions between two runs, on one (canary) node."""

    node: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"node": self.node, **super().to_dict()}


def canary(ctx: Context, request: CanaryRequest) -> CanaryResult:
    """What got worse on one node between a run before its driver upgrade and one after."""
    store = ctx.existing_store()
    known = {r.id for r in store.runs()}
    for run_id in (request.baseline, request.candidate):
        if run_id not in known:
            raise BadInputError(f"run {run_id} is not in {ctx.db_path}")
    fingerprints = {fp for fp, h in store.hosts().items() if h.node == request.node}
    if not fingerprints:
        raise BadInputError(f"--node {request.node} has no records in {ctx.db_path}")

    def on_node(run_id: str) -> list[Certificate]:
        return [
            r.certificate
            for r in store.certificates(run_id=run_id)
            if r.certificate.host_fingerprint in fingerprints
        ]

    found, missing = compare_runs(on_node(request.baseline), on_node(request.candidate))
    return CanaryResult(
        request.baseline, request.candidate, tuple(found), tuple(missing), node=request.node
    )
