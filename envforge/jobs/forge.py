"""``envforge forge``: the newest known-good image for a driver and GPU, built, certified, tagged, locked.

Candidates are TensorFlow releases matching the spec, newest first, each on the newest Python the
release supports that a base gives; a candidate is taken when the knowledge base says it works with the
driver and GPU (``explain``) and no past certification of that cell on a host with the same driver and
GPUs failed. It is built and certified; if certification fails, the next candidate is tried. The
winner is tagged and a lock file is written beside it: image digest, pip freeze with hashes, certificate.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name

from .. import labels
from ..builder import BuildSettings
from ..engine import BuildKitClient
from ..errors import BadInputError, CheckFailedError, EnvforgeError, NothingSelectedError
from ..expectations import Accelerator
from ..host import HostInfo
from ..knowledge import KnowledgeBase
from ..knowledge.explain import explain
from ..matrix import Cell
from ..outputs import write_output
from ..results import SCHEMA_VERSION, CellResult, Verdict
from ..stacks import Unsupported, resolve_stack
from ..store import Store
from ..versions import series
from ..wheelhouse import Wheelhouse
from . import preamble as preambles
from .attestations import Attached, attach, build_facts, node_verdicts
from .build_settings import builder_settings, buildkit_of
from .context import Context, Run
from .options import AttestOptions, BuildOptions, ProbeOptions
from .preamble import Preamble
from .push import check_registry, push_image
from .steps import certify_cells

__all__ = [
    "ForgeRequest",
    "ForgeResult",
    "Candidate",
    "candidates",
    "resolve",
    "run",
    "tf_spec",
    "describe",
]


@dataclass(frozen=True)
class ForgeRequest:
    tf: str  # a version or a range: 2.21, '>=2.17,<2.21'
    build: BuildOptions
    probe: ProbeOptions
    python: str | None = None
    driver: str | None = None
    gpu: str | None = None
    accelerator: Accelerator | None = None  # default: cuda with a driver or GPU, else cpu
    tag: str | None = None
    out: Path = Path(".")
    registry: str | None = None  # push the winner there and attach its statements
    attest: AttestOptions | None = None


@dataclass(frozen=True)
class Candidate:
    cell: Cell
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class ForgeResult:
    run_id: str
    result: CellResult
    tag: str
    lock_path: Path
    tried: tuple[dict[str, Any], ...]
    rejected: tuple[dict[str, Any], ...]
    preamble: Preamble | None = None
    pushed: str | None = None  # REPO@sha256:... with --registry
    attached: Attached | None = None

    @property
    def passed(self) -> bool:
        return bool(self.result.certificate) and (self.attached is None or self.attached.ok)

    def to_dict(self) -> dict[str, Any]:
        cert = self.result.certificate
        return {
            "image": self.tag,
            "image_id": self.result.build.image_id,
            "cell": self.result.cell_id,
            "lock": str(self.lock_path),
            "verdict": cert.verdict.value,
            "passed": self.passed,
            "level": cert.level_reached,
            "stopped_by": cert.stopped_by,
            "tried": list(self.tried),
            "rejected": list(self.rejected),
            "pushed": self.pushed,
            "attestations": self.attached.to_dict() if self.attached else None,
            "preamble": self.preamble.to_dict() if self.preamble else None,
        }


def tf_spec(text: str) -> SpecifierSet:
    """'2.21' -> ==2.21.*; '2.21.0' -> ==2.21.0; '>=2.15,<2.20' as written."""
    text = text.strip()
    exact = text and text[0].isdigit()
    try:
        if exact:
            return SpecifierSet(f"=={text}.*" if text.count(".") == 1 else f"=={text}")
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise BadInputError(f"--tf {text}: not a version or range (e.g. 2.21, '>=2.17')") from None


def _blocked(store: Store, cell_id: str, host: HostInfo) -> str | None:
    """Why an earlier certification of this cell on a host like this one rules it out, if one does."""
    same = {
        fp
        for fp, info in store.hosts().items()
        if info.driver == host.driver and [g.name for g in info.gpus] == [g.name for g in host.gpus]
    }
    latest = None
    for record in store.certificates():
        cert = record.certificate
        if cert.cell_id == cell_id and cert.host_fingerprint in same:
            latest = cert
    if latest is not None and latest.verdict is not Verdict.CERTIFIED:
        codes = ", ".join(d.code for d in latest.diagnoses) or latest.verdict.value
        return f"certified before on a host with this driver and GPUs: {latest.verdict.value} ({codes})"
    return None


def candidates(
    kb: KnowledgeBase,
    *,
    spec: SpecifierSet,
    python: str | None,
    driver: str | None,
    gpu: str | None,
    accelerator: str,
    host: HostInfo | None = None,
    store: Store | None = None,
) -> tuple[list[Candidate], list[dict[str, Any]]]:
    """(acceptable candidates newest first, rejected ones with reasons)."""
    stack = "tf-cuda-pip" if accelerator == "cuda" else "tf-cpu"
    accepted: list[Candidate] = []
    rejected: list[dict[str, Any]] = []
    releases = [r for r in kb.tensorflow.releases if spec.contains(r.tf, prereleases=True)]
    if not releases:
        raise NothingSelectedError(f"no TensorFlow release in the knowledge base matches {spec}")
    for release in sorted(releases, key=lambda r: r.tf, reverse=True):
        pythons = [python] if python else list(reversed(release.python.minors()))
        for py in pythons:
            values = {"stack": stack, "tf": str(release.tf), "python": py}
            cell_id = f"forge-{stack}-tf{release.tf}-py{py}"
            try:
                spec_ = resolve_stack(values, kb)
            except Unsupported as exc:
                rejected.append({"cell": cell_id, "reason": exc.reason})
                continue
            why = explain(kb, tf=str(release.tf), python=py, driver=driver, gpu=gpu)
            if why.compatible is False:
                rejected.append({"cell": cell_id, "reason": why.failures[0]})
                continue
            blocked = _blocked(store, cell_id, host) if host and store else None
            if blocked:
                rejected.append({"cell": cell_id, "reason": blocked})
                continue
            cell = Cell(id=cell_id, values=tuple(sorted(values.items())), spec=spec_)
            accepted.append(Candidate(cell, tuple(why.reasons)))
            break  # the newest Python that works for this release
    return accepted, rejected


def _lock(
    ctx: Context,
    result: CellResult,
    cell: Cell,
    tag: str,
    wheelhouse: Wheelhouse | None,
    probe: ProbeOptions,
    directory: Path,
    attached: Attached | None = None,
) -> Path:
    """``<tag>.lock.json``: the image digest, pip freeze with the wheels' hashes, the certificate;
    with a registry, the pushed digest and the digests of the statements attached to it."""
    freeze = ctx.engine.run(
        tag,
        ["python3", "-m", "pip", "freeze", "--all"],
        labels={labels.ROLE: labels.ROLE_FORGE_FREEZE},
        timeout_s=120,
        limits=probe.limits,
    )
    hashes: dict[str, str] = {}
    if wheelhouse is not None:
        for wheel in wheelhouse.resolve(cell.spec.recipe).wheels:
            name, version = wheel.name.split("-")[:2]
            hashes[f"{canonicalize_name(name)}=={version}"] = hashlib.sha256(
                wheel.read_bytes()
            ).hexdigest()
    requirements = []
    for line in freeze.stdout.splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)$", line.strip())
        if not match:
            continue
        key = f"{canonicalize_name(match.group(1))}=={match.group(2)}"
        requirements.append(f"{key} --hash=sha256:{hashes[key]}" if key in hashes else key)
    lock = {
        "schema_version": SCHEMA_VERSION,
        "image": tag,
        "image_id": result.build.image_id,
        "cell": result.cell_id,
        "base_image": result.build.base_image,
        "requirements": requirements,
        "hashes_from": str(wheelhouse.directory) if wheelhouse else None,
        "certificate": result.certificate.to_dict(),
        "host": ctx.host.to_dict(),
        "pushed": attached.image if attached else None,
        "statements": [s.to_dict() for s in attached.statements] if attached else [],
        "signed_by": attached.signed_by if attached else None,
    }
    path = directory / (re.sub(r"[^A-Za-z0-9_.-]+", "_", tag) + ".lock.json")
    text = json.dumps(lock, indent=2, sort_keys=True, default=str) + "\n"
    write_output(path, text, inputs=ctx.inputs, under=directory, what="--out")
    return path


def resolve(ctx: Context, request: ForgeRequest, known: Sequence[EnvforgeError] = ()) -> Preamble:
    """The run's preamble: the spec, the GPU, the build and probe settings checked, nothing touched."""
    checks: list[Callable[[], object]] = [lambda: tf_spec(request.tf)]
    if request.gpu:
        gpu = request.gpu
        checks.append(lambda: ctx.gpu(gpu))
    wanted = {
        "tf": request.tf,
        "python": request.python,
        "driver": request.driver,
        "gpu": request.gpu,
        "accelerator": request.accelerator,
        "tag": request.tag,
        "out": str(request.out),
        "registry": request.registry,
    }
    return preambles.of_request(
        ctx,
        request,
        command=f"forge --tf {request.tf}",
        more={"forge": wanted},
        checks=checks,
        known=known,
    )


def run(ctx: Context, request: ForgeRequest, preamble: Preamble | None = None) -> ForgeResult:
    """Build and certify candidates in order until one is certified; tag and lock it."""
    preamble = preamble or resolve(ctx, request)
    assert preamble.build is not None
    spec = tf_spec(request.tf)
    accelerator = request.accelerator or ("cuda" if request.driver or request.gpu else "cpu")
    found, rejected = candidates(
        ctx.kb,
        spec=spec,
        python=request.python,
        driver=request.driver,
        gpu=request.gpu,
        accelerator=accelerator,
        host=ctx.host,
        store=ctx.store,
    )
    if not found:
        reasons = "; ".join(f"{r['cell']}: {r['reason']}" for r in rejected[:4])
        raise CheckFailedError(f"no combination for TensorFlow {spec} works here: {reasons}")
    ctx.progress.note(
        f"forge: {len(found)} candidate(s), newest first: {describe(found[0].cell)}"
        + (f"; {len(rejected)} combination(s) ruled out" if rejected else "")
    )
    if request.registry is not None:
        check_registry(ctx, request.registry)
    buildkit = buildkit_of(ctx, preamble.build)
    tried: list[dict[str, Any]] = []
    with ctx.run(f"forge --tf {request.tf}", level=request.probe.level) as active:
        for candidate in found:
            outcome, settings = _certify_candidate(
                ctx, request, preamble, buildkit, active, candidate
            )
            cert = outcome.certificate
            tried.append(
                {
                    "cell": candidate.cell.id,
                    "verdict": cert.verdict.value,
                    "level": cert.level_reached,
                    "diagnoses": [d.code for d in cert.diagnoses],
                }
            )
            if cert and outcome.build.image_id:
                name = request.tag or f"envforge/forge:{candidate.cell.id}"
                tag = name if ":" in name.rsplit("/", 1)[-1] else f"{name}:latest"
                ctx.engine.tag(outcome.build.image_id, tag)
                attached = _publish(
                    ctx, request, preamble, outcome, candidate.cell, settings, active
                )
                lock = _lock(
                    ctx,
                    outcome,
                    candidate.cell,
                    tag,
                    preamble.build.wheelhouse,
                    request.probe,
                    request.out,
                    attached,
                )
                return ForgeResult(
                    active.id, outcome, tag, lock, tuple(tried), tuple(rejected), preamble,
                    attached.image if attached else None, attached,
                )  # fmt: skip
    raise CheckFailedError(
        "no candidate was certified on this host: "
        + "; ".join(f"{t['cell']}: {t['verdict']} {','.join(t['diagnoses'])}" for t in tried),
        hint="see envforge report, or widen --tf",
    )


def _digest(cell: Cell) -> str:
    """The digest of a forge candidate's input (it has no matrix file): its axis values."""
    return hashlib.sha256(json.dumps(cell.values).encode()).hexdigest()


def _certify_candidate(
    ctx: Context,
    request: ForgeRequest,
    preamble: Preamble,
    buildkit: BuildKitClient | None,
    active: Run,
    candidate: Candidate,
) -> tuple[CellResult, BuildSettings]:
    assert preamble.build is not None
    ctx.progress.cells([candidate.cell.id])
    settings = builder_settings(
        ctx, preamble.build, buildkit, active, matrix_digest=_digest(candidate.cell)
    )
    [outcome] = certify_cells(ctx, (candidate.cell,), settings, request.probe, active)
    return outcome, settings


def _publish(
    ctx: Context,
    request: ForgeRequest,
    preamble: Preamble,
    outcome: CellResult,
    cell: Cell,
    settings: BuildSettings,
    active: Run,
) -> Attached | None:
    """With ``--registry``: the winner pushed by digest, its SBOM, provenance and this host's
    verdict attached to it (signed with the site key of the preamble, where there is one)."""
    if request.registry is None:
        return None
    image = push_image(ctx, outcome.build, request.registry, active)
    ctx.progress.note(f"statements: {image}")
    facts = build_facts(ctx, cell, outcome.build, settings, "forge candidates (knowledge base)")
    return attach(
        ctx, image, preamble.signer, image_id=outcome.build.image_id, build=facts,
        verdicts=node_verdicts(ctx, [outcome], "docker"), run_id=active.id,
    )  # fmt: skip


def describe(cell: Cell) -> str:
    spec = cell.spec
    return (
        f"TensorFlow {spec.expect.framework_version} on Python {series(spec.recipe.python)} "
        f"({spec.stack}, {spec.expect.target()})"
    )
