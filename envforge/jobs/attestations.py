"""Statements attached to pushed images, for the jobs that push (``certify --backend slurm`` and
``kubernetes``, ``push``, ``forge --registry``, ``verify --backend slurm``): each image gets its
SBOM and provenance where it was built here, and the verdicts of the run where it was probed, each
signed with the site key of the preamble (or unsigned, said there).

Attaching never touches what was recorded: a registry that refuses a statement leaves the
certificates in the store, and the image's ``Attached`` says what failed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import labels, paths
from ..attest import statements
from ..attest.checking import NodeClaim, check_statements, claims
from ..attest.signing import envelope_digest, load_public_key, seal
from ..attest.statements import BuildFacts, Inventory, NodeVerdict, Subject
from ..engine import ProbeLimits
from ..engine.registry import Descriptor, Registry, RegistryError, split_repository
from ..errors import EngineUnavailableError
from ..results import BuildResult, CellResult, now
from ..untrusted import printable
from .context import Context

if TYPE_CHECKING:
    from securesystemslib.signer import CryptoSigner

    from ..builder import BuildSettings
    from ..matrix import Cell
    from .preamble import Preamble
    from .steps import MatrixRun

__all__ = [
    "Attached",
    "AttachedStatement",
    "attach",
    "attach_run",
    "build_facts",
    "node_verdicts",
    "subject_of",
    "RegistrySource",
    "registry_source",
    "RegistryReportRequest",
    "RegistryFindings",
    "registry_findings",
]

_INVENTORY_LIMITS = ProbeLimits(memory="1g", pids=256)
_SCHEMA_TAG = re.compile(r"sha256-[0-9a-f]{64}")


@dataclass(frozen=True)
class AttachedStatement:
    kind: str  # sbom | provenance | verdicts
    manifest: str  # the artifact manifest's digest in the registry
    envelope: str  # the envelope's digest

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "manifest": self.manifest, "envelope": self.envelope}


@dataclass(frozen=True)
class Attached:
    """What was attached to one image (``REPO@sha256:...``), or why not."""

    image: str
    statements: tuple[AttachedStatement, ...] = ()
    signed_by: str | None = None
    error: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "image": self.image,
            "signed_by": self.signed_by,
            "statements": [s.to_dict() for s in self.statements],
            "error": self.error,
            "notes": list(self.notes),
        }


def subject_of(image: str) -> Subject:
    """``REPO@sha256:...`` as a statement's subject."""
    repository, _, digest = image.partition("@")
    return Subject(repository, digest)


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


@cache
def _wheel_digest(path: Path, size: int, mtime: float) -> str:
    return _sha256_file(path)


@cache
def knowledge_digests() -> dict[str, str]:
    """The knowledge base's files by digest: what every expectation came from."""
    return {p.name: _sha256_file(p) for p in sorted(paths.compat_dir().glob("*.yaml"))}


def build_facts(
    ctx: Context, cell: Cell, built: BuildResult, settings: BuildSettings, matrix: str
) -> BuildFacts:
    """How ``built`` was made, from the plan envforge followed (re-rendered: rendering is pure);
    ``matrix``: the name of what the cell came from."""
    from ..render import render_cell, template_for  # noqa: PLC0415

    template = template_for(cell)
    rendered = render_cell(cell, builder=settings.builder)
    wheels: dict[str, str] = {}
    if settings.wheelhouse is not None:
        resolution = settings.wheelhouse.resolve(cell.spec.recipe)
        if resolution.complete:
            for wheel in resolution.wheels:
                info = wheel.stat()
                wheels[wheel.name] = _wheel_digest(wheel, info.st_size, info.st_mtime)
    template_path = paths.dockerfiles_dir() / template
    engine = ctx.engine.info()
    return BuildFacts(
        cell_id=cell.id,
        matrix=matrix,
        matrix_digest=settings.matrix_digest,
        template=template,
        template_sha256=_sha256_file(template_path) if template_path.is_file() else "0" * 64,
        dockerfile_sha256=hashlib.sha256(rendered.dockerfile.encode()).hexdigest(),
        base_image=built.base_image,
        base_id=ctx.engine.image_id(built.base_image),
        wheels=wheels,
        builder=settings.builder,
        engine=f"{engine.name} {engine.version}",
        run_id=settings.run_id,
        finished=now(),
    )


def node_verdicts(ctx: Context, results: Iterable[CellResult], runtime: str) -> list[NodeVerdict]:
    """Each node's certificate of an image, with the node as the store knows it."""
    hosts = ctx.store.hosts()
    found = []
    for result in results:
        cert = result.certificate
        host = hosts.get(cert.host_fingerprint)
        node: dict[str, Any] = (
            host.to_dict() if host else {"node": result.node, "fingerprint": cert.host_fingerprint}
        )
        document = cert.to_dict()
        document["facts"] = cert.facts
        found.append(NodeVerdict(node, runtime, document))
    return found


def _inventory(ctx: Context, image_id: str) -> tuple[Inventory, str | None]:
    from ..attest.inventory import SCRIPT, parse  # noqa: PLC0415

    ran = ctx.engine.run(
        image_id,
        ["python3", "-c", SCRIPT],
        labels={labels.ROLE: labels.ROLE_INVENTORY},
        timeout_s=180,
        limits=_INVENTORY_LIMITS,
    )
    if ran.exit_code != 0:
        return (
            Inventory(),
            f"the image's inventory failed (exit {ran.exit_code}): {ran.error or ran.stderr[-200:]}",
        )
    try:
        return parse(ran.stdout), None
    except ValueError as exc:
        return Inventory(), f"the image's inventory could not be read: {exc}"


def attach(
    ctx: Context,
    image: str,
    signer: CryptoSigner | None,
    *,
    image_id: str | None = None,
    build: BuildFacts | None = None,
    verdicts: list[NodeVerdict] | None = None,
    run_id: str = "",
) -> Attached:
    """Make, sign and attach to ``image`` (``REPO@sha256:...``) its statements: an SBOM where
    ``image_id`` (the local image) is given, provenance where ``build`` is, the verdicts of the
    run where ``verdicts`` are."""
    try:
        subject = subject_of(image)
    except ValueError as exc:
        return Attached(image, error=f"attaching to {image}: {exc}")
    notes: list[str] = []
    made: list[tuple[str, dict[str, Any]]] = []
    if image_id is not None:
        inventory, problem = _inventory(ctx, image_id)
        if problem:
            notes.append(problem)
        libraries = next(
            (v.certificate.get("facts", {}).get("libraries") or [] for v in verdicts or ()
             if isinstance(v.certificate.get("facts"), dict)), [],
        )  # fmt: skip
        made.append(("sbom", statements.sbom(subject, inventory, libraries)))
    if build is not None:
        made.append(("provenance", statements.provenance(subject, build)))
    if verdicts:
        made.append(
            ("verdicts", statements.verdicts(subject, run_id, verdicts, knowledge_digests()))
        )
    signed_by = signer.public_key.keyid if signer is not None else None
    attached: list[AttachedStatement] = []
    try:
        registry = ctx.registry(split_repository(subject.repository)[0])
        target = registry.descriptor(subject.repository, subject.digest)
        for kind, statement in made:
            envelope = seal(statement, signer)
            descriptor = registry.attach(
                subject.repository,
                target,
                envelope,
                {
                    "in-toto.io/predicate-type": statements.PREDICATES[kind],
                    "org.opencontainers.image.created": now(),
                    "io.envforge.run": run_id,
                },
            )
            attached.append(AttachedStatement(kind, descriptor.digest, envelope_digest(envelope)))
    except (RegistryError, EngineUnavailableError) as exc:
        return Attached(
            image, tuple(attached), signed_by, f"attaching to {image}: {exc}", tuple(notes)
        )
    return Attached(image, tuple(attached), signed_by, None, tuple(notes))


def attach_run(
    ctx: Context,
    preamble: Preamble,
    run_id: str,
    builds: Iterable[BuildResult],
    images: dict[str, str],
    results: Iterable[CellResult],
    runtime: str | None,
    active: MatrixRun | None = None,
) -> tuple[Attached, ...]:
    """Each pushed image of a run with its SBOM, its provenance where a matrix run (``active``)
    built it, and the verdicts of its nodes where it was probed (``runtime``: the nodes' container
    runtime; None: not probed). Nothing when the job attaches no statements."""
    if preamble.attest is None:
        return ()
    expansion = preamble.expansion
    cells = {c.id: c for c in preamble.cells}
    built = {b.cell_id: b for b in builds}
    done = list(results)
    found = []
    for cell_id, image in images.items():
        build = built[cell_id]
        ctx.progress.note(f"statements: {image}")
        probed = [r for r in done if r.cell_id == cell_id and r.node]
        facts = None
        if active is not None and expansion is not None and cell_id in cells:
            facts = build_facts(
                ctx, cells[cell_id], build, active.settings, expansion.matrix.path.name
            )
        found.append(attach(
            ctx, image, preamble.signer, image_id=build.image_id, build=facts,
            verdicts=node_verdicts(ctx, probed, runtime) if runtime and probed else None,
            run_id=run_id,
        ))  # fmt: skip
    return tuple(found)


# -- reading them back -----------------------------------------------------------------------


class RegistrySource:
    """One repository of a registry, as ``attest.checking`` reads statements."""

    def __init__(self, registry: Registry, repository: str) -> None:
        self.registry, self.repository = registry, repository

    def describe(self) -> str:
        return f"{self.registry.describe()}/{self.repository}"

    def referrers(self, digest: str) -> list[Descriptor]:
        return self.registry.referrers(self.repository, digest)

    def manifest(self, digest: str) -> bytes:
        return self.registry.manifest(self.repository, digest)

    def blob(self, digest: str, limit: int) -> bytes:
        return self.registry.blob(self.repository, digest, limit)


def registry_source(ctx: Context, image: str) -> tuple[RegistrySource, Subject]:
    """The repository of ``image`` (``REPO@sha256:...``) as a source, and the digest as a subject."""
    subject = subject_of(image)
    host, _ = split_repository(subject.repository)
    return RegistrySource(ctx.registry(host), subject.repository), subject


@dataclass(frozen=True)
class RegistryReportRequest:
    registry: str  # HOST[:PORT][/PREFIX]
    key: Path | None
    allow_unsigned: bool = False


@dataclass(frozen=True)
class RegistryFindings:
    """What the registry's statements gave: the images read, the claims, the refusals."""

    images: tuple[str, ...]
    claims: tuple[NodeClaim, ...]
    refused: tuple[str, ...]


def registry_findings(ctx: Context, request: RegistryReportRequest) -> RegistryFindings:
    """Every image under the registry's prefix with statements attached, checked."""
    key = load_public_key(request.key) if request.key is not None else None
    host, _, prefix = request.registry.partition("/")
    registry = ctx.registry(host)
    images: list[str] = []
    found: list[NodeClaim] = []
    refused: list[str] = []
    try:
        for repository in registry.repositories(prefix):
            digests: dict[str, None] = {}
            for tag in registry.tags(repository):
                if _SCHEMA_TAG.fullmatch(tag):  # the referrers of that digest (the tag schema)
                    digests["sha256:" + tag.removeprefix("sha256-")] = None
                else:
                    digests[registry.descriptor(repository, tag).digest] = None
            for digest in digests:
                subject = Subject(repository, digest)
                source = RegistrySource(registry, subject.repository)
                checked = check_statements(
                    source, subject, key, allow_unsigned=request.allow_unsigned
                )
                if not checked:
                    continue
                images.append(subject.ref)
                refused.extend(f"{subject.ref}: {c.problem}" for c in checked if not c.ok)
                found.extend(claims(checked))
    except (RegistryError, ValueError) as exc:
        raise EngineUnavailableError(
            f"registry {request.registry}: {printable(str(exc), limit=200, one_line=True)}"
        ) from None
    return RegistryFindings(tuple(images), tuple(found), tuple(refused))
