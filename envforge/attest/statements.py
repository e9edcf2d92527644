"""The three in-toto statements (v1) envforge makes about an image, each with the image's registry
digest as its subject (pure).

- **sbom**: what the image ships, as a CycloneDX 1.6 document (cyclonedx-python-lib): the Python
  distributions of its environment (version, and the SHA-256 of each one's ``RECORD``, which lists
  the hash of every file it installed), its Debian packages, and the CUDA/cuDNN/NCCL libraries the
  probe found loaded, with their versions.
- **provenance**: SLSA v1: the matrix cell, the digests of the rendered Dockerfile and of its
  template, the base image by id, the wheels by hash, the builder and envforge's version.
- **verdicts**: in-toto's test-result predicate: one entry per node (its fingerprint: driver, GPUs
  and compute capabilities, kernel, runtime), with the level reached, the verdict and the failure
  codes, and the knowledge-base files (by digest) the expectations came from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import __version__

__all__ = [
    "STATEMENT_TYPE",
    "PREDICATES",
    "Subject",
    "PythonDist",
    "DebianPackage",
    "Inventory",
    "BuildFacts",
    "NodeVerdict",
    "sbom",
    "provenance",
    "verdicts",
    "canonical",
]

STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
SBOM_TYPE = "https://cyclonedx.org/bom"
PROVENANCE_TYPE = "https://slsa.dev/provenance/v1"
VERDICTS_TYPE = "https://in-toto.io/attestation/test-result/v0.1"
PREDICATES = {"sbom": SBOM_TYPE, "provenance": PROVENANCE_TYPE, "verdicts": VERDICTS_TYPE}
KIND_OF = {v: k for k, v in PREDICATES.items()}
BUILD_TYPE = "https://github.com/envforge/envforge/blob/main/docs/attestations.md#build-type-v1"
_HEX = re.compile(r"sha256:([0-9a-f]{64})")


@dataclass(frozen=True)
class Subject:
    """An image in a registry by digest: ``repository`` is ``HOST[:PORT]/PATH``."""

    repository: str
    digest: str  # sha256:<64 hex>

    def __post_init__(self) -> None:
        if not _HEX.fullmatch(self.digest):
            raise ValueError(f"{self.digest!r} is not a sha256 digest")

    @property
    def hex(self) -> str:
        return self.digest.removeprefix("sha256:")

    @property
    def ref(self) -> str:
        return f"{self.repository}@{self.digest}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.repository, "digest": {"sha256": self.hex}}


@dataclass(frozen=True)
class PythonDist:
    name: str
    version: str
    record_sha256: str | None  # of its RECORD file; None where it has none


@dataclass(frozen=True)
class DebianPackage:
    name: str
    version: str
    architecture: str


@dataclass(frozen=True)
class Inventory:
    """What an image ships, as its own interpreter and dpkg list it (``inventory.SCRIPT``)."""

    python: tuple[PythonDist, ...] = ()
    debian: tuple[DebianPackage, ...] = ()
    python_version: str | None = None


@dataclass(frozen=True)
class BuildFacts:
    """How an image was built, as envforge planned the build."""

    cell_id: str
    matrix: str  # the matrix file's name
    matrix_digest: str
    template: str
    template_sha256: str
    dockerfile_sha256: str
    base_image: str
    base_id: str | None  # the engine's id of the base image (sha256:...)
    wheels: Mapping[str, str] = field(default_factory=dict)  # file name -> sha256
    builder: str = "buildkit"
    engine: str = ""  # the engine's own version line
    run_id: str = ""
    started: str | None = None
    finished: str | None = None


@dataclass(frozen=True)
class NodeVerdict:
    """One node's certificate of the image: the node (``HostInfo.to_dict``), the runtime the
    probe ran under, and the certificate (``Certificate.to_dict`` with its facts)."""

    node: Mapping[str, Any]
    runtime: str
    certificate: Mapping[str, Any]

    @property
    def name(self) -> str:
        return str(self.node.get("node") or self.node.get("hostname") or "?")


def canonical(document: Mapping[str, Any]) -> bytes:
    """A statement as the bytes that are signed: sorted keys, no spaces, UTF-8."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _statement(subject: Subject, predicate_type: str, predicate: dict[str, Any]) -> dict[str, Any]:
    return {
        "_type": STATEMENT_TYPE,
        "subject": [subject.to_dict()],
        "predicateType": predicate_type,
        "predicate": predicate,
    }


def sbom(
    subject: Subject, inventory: Inventory, libraries: Iterable[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """The SBOM statement: a CycloneDX 1.6 BOM of ``inventory`` and the probe's ``libraries``."""
    from cyclonedx.model import HashAlgorithm, HashType, Property  # noqa: PLC0415 - when asked
    from cyclonedx.model.bom import Bom  # noqa: PLC0415
    from cyclonedx.model.component import Component, ComponentType  # noqa: PLC0415
    from cyclonedx.output.json import JsonV1Dot6  # noqa: PLC0415
    from packageurl import PackageURL  # noqa: PLC0415

    bom = Bom()
    root = Component(
        name=subject.repository,
        version=subject.digest,
        type=ComponentType.CONTAINER,
        bom_ref=subject.ref,
        purl=PackageURL("oci", None, subject.repository.rsplit("/", 1)[-1], subject.digest),
    )
    bom.metadata.component = root
    parts: list[Component] = []
    for dist in inventory.python:
        hashes = (
            [HashType(alg=HashAlgorithm.SHA_256, content=dist.record_sha256)]
            if dist.record_sha256
            else []
        )
        parts.append(Component(
            name=dist.name, version=dist.version, type=ComponentType.LIBRARY,
            bom_ref=f"pypi:{dist.name}@{dist.version}",
            purl=PackageURL("pypi", None, dist.name.lower(), dist.version),
            hashes=hashes,
            properties=[Property(name="envforge:hash-of", value="RECORD")] if hashes else [],
        ))  # fmt: skip
    for package in inventory.debian:
        parts.append(Component(
            name=package.name, version=package.version, type=ComponentType.LIBRARY,
            bom_ref=f"deb:{package.name}@{package.version}:{package.architecture}",
            purl=PackageURL("deb", "debian", package.name, package.version,
                            qualifiers={"arch": package.architecture}),
        ))  # fmt: skip
    for library in libraries:
        name, version = str(library.get("name") or ""), library.get("version")
        if not name:
            continue
        parts.append(Component(
            name=name, version=str(version) if version else None, type=ComponentType.LIBRARY,
            bom_ref=f"probe:{name}@{version}",
            properties=[Property(name="envforge:found-by", value="probe"),
                        Property(name="envforge:loaded", value=str(library.get("loaded")).lower())],
        ))  # fmt: skip
    for part in parts:
        bom.components.add(part)
    bom.register_dependency(root, parts)
    document = json.loads(JsonV1Dot6(bom).output_as_string())
    return _statement(subject, SBOM_TYPE, document)


def provenance(subject: Subject, build: BuildFacts) -> dict[str, Any]:
    """The SLSA v1 provenance statement of ``build``."""
    dependencies: list[dict[str, Any]] = [
        {"name": "dockerfile", "digest": {"sha256": build.dockerfile_sha256}},
        {"name": f"template/{build.template}", "digest": {"sha256": build.template_sha256}},
    ]
    base: dict[str, Any] = {"name": "base-image", "uri": build.base_image}
    if build.base_id and _HEX.fullmatch(build.base_id):
        base["digest"] = {"sha256": build.base_id.removeprefix("sha256:")}
    dependencies.append(base)
    dependencies += [
        {"name": f"wheel/{name}", "digest": {"sha256": digest}}
        for name, digest in sorted(build.wheels.items())
    ]
    metadata: dict[str, Any] = {"invocationId": build.run_id}
    if build.started:
        metadata["startedOn"] = build.started
    if build.finished:
        metadata["finishedOn"] = build.finished
    predicate = {
        "buildDefinition": {
            "buildType": BUILD_TYPE,
            "externalParameters": {
                "cell": build.cell_id,
                "matrix": {"name": build.matrix, "digest": {"sha256": build.matrix_digest}},
            },
            "internalParameters": {"builder": build.builder},
            "resolvedDependencies": dependencies,
        },
        "runDetails": {
            "builder": {
                "id": f"https://github.com/envforge/envforge#builder-{build.builder}",
                "version": {"envforge": __version__, "engine": build.engine},
            },
            "metadata": metadata,
        },
    }
    return _statement(subject, PROVENANCE_TYPE, predicate)


def verdicts(
    subject: Subject,
    run_id: str,
    nodes: Iterable[NodeVerdict],
    knowledge: Mapping[str, str],
) -> dict[str, Any]:
    """The verdicts statement of one run: in-toto's test-result predicate, a configuration entry
    per node (``annotations``: its fingerprint, runtime and certificate) and per knowledge file."""
    passed: list[str] = []
    failed: list[str] = []
    configuration: list[dict[str, Any]] = []
    for node in nodes:
        cert = node.certificate
        codes = [str(d.get("code")) for d in cert.get("diagnoses") or () if isinstance(d, dict)]
        line = f"{node.name}: level {cert.get('level')} {cert.get('verdict')}"
        (passed if cert.get("passed") else failed).append(
            line + (f" ({', '.join(codes)})" if codes else "")
        )
        configuration.append({
            "name": f"node/{node.name}",
            "annotations": {
                "envforge.node": dict(node.node),
                "envforge.runtime": node.runtime,
                "envforge.certificate": dict(cert),
            },
        })  # fmt: skip
    configuration += [
        {"name": f"knowledge/{name}", "digest": {"sha256": digest}}
        for name, digest in sorted(knowledge.items())
    ]
    result = "PASSED" if passed and not failed else "FAILED" if not passed else "WARNED"
    predicate = {
        "result": result,
        "configuration": configuration,
        "passedTests": passed,
        "warnedTests": [],
        "failedTests": failed,
        "url": f"envforge:run/{run_id}",
    }
    return _statement(subject, VERDICTS_TYPE, predicate)
