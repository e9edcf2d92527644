"""``envforge certify --backend kubernetes --emit DIR`` and ``envforge collect DIR``.

Emit: every selected cell built here and pushed by digest; for each image and each node label
given, a Job manifest in DIR and one ``collect.sh`` that waits for the Jobs and keeps what each
printed (and the node it ran on) under DIR/results/. envforge applies nothing.

Collect: the probe documents under DIR/results/ (each ``NAME.json``, with ``NAME.meta`` saying
cell, image and node), or any DIR of such pairs gathered from another backend, judged exactly as a
local report (bounded, schema-checked) and recorded per (cell, digest, node).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ...certificate import (
    MAX_REPORT_BYTES,
    certify,
    diagnosis_of,
    parse_probe_output,
    read_report,
    unreported,
)
from ...cluster.kubernetes import KubeTarget, collect_script, job_manifest, job_name
from ...cluster.tasks import host_from_report
from ...errors import BadInputError, EnvforgeError, NothingSelectedError
from ...expectations import Expectations
from ...identifiers import IdentifierError, check_cell_id, check_node
from ...outputs import write_output
from ...probe.codes import Code
from ...references import check_image_reference
from ...results import BuildResult, Certificate, ContainerRun, Verdict
from ...untrusted import UntrustedError, read_file
from .. import preamble as preambles
from ..attestations import Attached, attach_run
from ..context import Context
from ..options import AttestOptions, BuildOptions, ProbeOptions, Selection
from ..preamble import Preamble
from ..push import push_all
from ..steps import build_all, matrix_run

__all__ = [
    "DEFAULT_TARGET",
    "EmitRequest",
    "EmitResult",
    "resolve",
    "emit",
    "CollectRequest",
    "CollectResult",
    "collect",
]

DEFAULT_TARGET = KubeTarget("nvidia.com/gpu.present", "true")


@dataclass(frozen=True)
class EmitRequest:
    selection: Selection
    build: BuildOptions
    probe: ProbeOptions
    registry: str
    out: Path
    targets: tuple[KubeTarget, ...] = (DEFAULT_TARGET,)
    attest: AttestOptions | None = AttestOptions()  # None: --no-attest


@dataclass(frozen=True)
class EmitResult:
    run_id: str
    out: Path
    images: dict[str, str]
    builds: tuple[BuildResult, ...]
    manifests: tuple[Path, ...]
    script: Path
    preamble: Preamble | None = None
    attestations: tuple[Attached, ...] = ()

    @property
    def passed(self) -> bool:
        return all(b.ok for b in self.builds) and all(a.ok for a in self.attestations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "images": self.images,
            "builds": [b.to_dict() for b in self.builds],
            "manifests": [str(m) for m in self.manifests],
            "collect_script": str(self.script),
            "passed": self.passed,
            "preamble": self.preamble.to_dict() if self.preamble else None,
            "attestations": [a.to_dict() for a in self.attestations],
        }


def resolve(ctx: Context, request: EmitRequest, known: Sequence[EnvforgeError] = ()) -> Preamble:
    """The run's preamble: every setting checked, nothing touched."""
    selectors = " ".join(f"{t.key}={t.value}" for t in request.targets)
    settings = {"registry": request.registry, "emit": str(request.out), "node selectors": selectors}
    more = {"kubernetes": settings}
    return preambles.of_request(
        ctx, request, command="certify", backend="kubernetes", more=more, known=known
    )


def emit(ctx: Context, request: EmitRequest, preamble: Preamble | None = None) -> EmitResult:
    preamble = preamble or resolve(ctx, request)
    by_id = {c.id: c for c in preamble.cells}
    command = f"certify --backend kubernetes --emit {request.out}"
    with matrix_run(ctx, preamble, command, registry=request.registry) as active:
        builds = build_all(ctx, preamble, active)
        images = push_all(ctx, builds, request.registry, active.run)
        attached = attach_run(ctx, preamble, active.run.id, builds, images, (), None, active)
    manifests, jobs = [], []
    for cell_id, image in images.items():
        for target in request.targets:
            manifest = job_manifest(
                run_id=active.run.id,
                cell_id=cell_id,
                image=image,
                target=target,
                level=request.probe.level,
                timeout_s=int(request.probe.timeout_s),
                limits=request.probe.limits,
                gpu=by_id[cell_id].spec.accelerator == "cuda",
            )
            name = job_name(active.run.id, cell_id, target)
            path = request.out / f"{name}.yaml"
            write_output(
                path,
                yaml.safe_dump(manifest, sort_keys=False),
                inputs=ctx.inputs,
                under=request.out,
                what="--emit",
            )
            manifests.append(path)
            jobs.append((name, cell_id, image))
    script = request.out / "collect.sh"
    write_output(
        script,
        collect_script(jobs, int(request.probe.timeout_s)),
        inputs=ctx.inputs,
        under=request.out,
        what="--emit",
        mode=0o755,
    )
    return EmitResult(
        active.run.id, request.out, images, tuple(builds), tuple(manifests), script, preamble,
        attached,
    )  # fmt: skip


@dataclass(frozen=True)
class CollectRequest:
    directory: Path


@dataclass(frozen=True)
class Collected:
    source: Path
    cell_id: str
    image: str
    node: str
    verdict: str
    level: int
    codes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": str(self.source),
            "cell": self.cell_id,
            "image": self.image,
            "node": self.node,
            "verdict": self.verdict,
            "level": self.level,
            "codes": list(self.codes),
        }


@dataclass(frozen=True)
class CollectResult:
    run_id: str
    items: tuple[Collected, ...]

    @property
    def passed(self) -> bool:
        return all(i.verdict == Verdict.CERTIFIED.value for i in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {"passed": self.passed, "collected": [i.to_dict() for i in self.items]}


@dataclass(frozen=True)
class _Document:
    """One collected pair, read and checked before the run opens: what its meta names, and the
    probe's output (or why it cannot be used)."""

    path: Path
    cell_id: str
    image: str
    node: str
    stdout: str
    problem: str | None


def _meta(path: Path) -> dict[str, str]:
    """The NAME.meta beside a document: cell=, image= (REPO@sha256:...) and node= lines."""
    try:
        text = read_file(path, 4096)
    except FileNotFoundError:
        raise BadInputError(
            f"{path}: missing: each NAME.json needs a NAME.meta with image= and node= lines"
        ) from None
    except (OSError, UntrustedError) as exc:
        raise BadInputError(f"{path}: cannot be read ({exc})") from None
    found = {}
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("cell", "image", "node") and value.strip():
            found[key.strip()] = value.strip()
    missing = {"image", "node"} - set(found)
    if missing:
        raise BadInputError(f"{path}: no {' or '.join(sorted(missing))}= line")
    checks = {"image": check_image_reference, "node": check_node, "cell": check_cell_id}
    for key, value in found.items():
        try:
            checks[key](value)
        except IdentifierError as exc:
            raise BadInputError(f"{path}: {key}= {exc}") from None
    return found


def _document(path: Path) -> _Document:
    meta = _meta(path.with_suffix(".meta"))
    try:
        stdout, problem = read_file(path, MAX_REPORT_BYTES), None
    except (OSError, UntrustedError) as exc:
        stdout, problem = "", f"{path.name} cannot be used: {exc}"
    if problem is None:
        problem = read_report(stdout)[1]
    return _Document(
        path, meta.get("cell") or path.stem, meta["image"], meta["node"], stdout, problem
    )


def _judge(document: _Document) -> Certificate:
    doc = parse_probe_output(document.stdout) if document.problem is None else None
    if doc is None:
        return unreported(
            cell_id=document.cell_id,
            expectations=Expectations(),
            level=1,
            host=host_from_report({}, document.node),
            image=document.image,
            image_ref=document.image,
            verdict=Verdict.PROBE_ERROR,
            diagnosis=diagnosis_of(
                Code.PROBE_REPORT_INVALID,
                document.problem or "no probe report",
                (f"file: {document.path}",),
            ),
        )
    requested = doc.get("level_requested")
    return certify(
        cell_id=document.cell_id,
        expectations=Expectations.from_dict(doc.get("expect") or {}),
        level=requested if isinstance(requested, int) and 1 <= requested <= 3 else 1,
        host=host_from_report(doc, document.node),
        image_id=document.image,
        image_ref=document.image,
        probe=ContainerRun(exit_code=0, stdout=document.stdout, stderr="", seconds=0.0),
    )


def collect(ctx: Context, request: CollectRequest) -> CollectResult:
    root = request.directory
    results = root / "results" if (root / "results").is_dir() else root
    documents = [_document(p) for p in sorted(results.glob("*.json"))]  # checked before the run
    if not documents:
        raise NothingSelectedError(
            f"{results}: no probe documents (NAME.json beside NAME.meta)",
            hint="run the collect.sh that envforge certify --backend kubernetes --emit wrote",
        )
    items = []
    with ctx.run(f"collect {root}", level=0) as active:
        for document in documents:
            cert = _judge(document)
            host = host_from_report(parse_probe_output(document.stdout) or {}, document.node)
            ctx.store.add_host(host)
            ctx.store.add(active.id, cert, probe_log=str(document.path))
            items.append(
                Collected(
                    document.path,
                    document.cell_id,
                    document.image,
                    document.node,
                    cert.verdict.value,
                    cert.level_reached,
                    tuple(d.code for d in cert.diagnoses),
                )  # fmt: skip
            )
    return CollectResult(active.id, tuple(items))
