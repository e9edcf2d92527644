"""What the statements attached to an image digest say, once each is checked (pure, given a
source): its artifact manifest points at this digest, its envelope opens with the key, its
statement's subject is this digest. Each refusal is one located line: the artifact, the kind of
statement, and what is wrong.

A source is a registry (``engine.registry``) or a directory written by ``attest pull``
(``DirectorySource``), so the same checks run online and with no network at all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.registry import ENVELOPE_TYPE, Descriptor, RegistryError
from ..untrusted import UntrustedError, printable, read_file
from .signing import MAX_ENVELOPE_BYTES, EnvelopeError, open_envelope
from .statements import KIND_OF, STATEMENT_TYPE, Subject

if TYPE_CHECKING:
    from securesystemslib.signer import SSlibKey

__all__ = [
    "Source",
    "DirectorySource",
    "Checked",
    "NodeClaim",
    "check_statements",
    "claims",
    "meets",
    "SUBJECT_FILE",
]

SUBJECT_FILE = "envforge-subject.json"
MAX_MANIFEST_BYTES = 4 * 1024 * 1024


class Source(Protocol):
    def describe(self) -> str: ...

    def referrers(self, digest: str) -> list[Descriptor]: ...

    def manifest(self, digest: str) -> bytes: ...

    def blob(self, digest: str, limit: int) -> bytes: ...


@dataclass(frozen=True)
class Checked:
    """One artifact attached to the digest, checked."""

    manifest: str  # the artifact manifest's digest
    kind: str | None  # sbom | provenance | verdicts (None: not a statement envforge knows)
    signed_by: str | None = None
    statement: dict[str, Any] | None = None
    problem: str | None = None  # the refusal, located; None: it checks

    @property
    def ok(self) -> bool:
        return self.problem is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "manifest": self.manifest,
            "kind": self.kind,
            "signed_by": self.signed_by,
            "ok": self.ok,
            "problem": self.problem,
        }


@dataclass(frozen=True)
class NodeClaim:
    """What one verified verdict statement says of one node."""

    node: str
    fingerprint: str
    driver: str | None
    gpus: tuple[str, ...]
    runtime: str
    level: int
    verdict: str
    passed: bool
    codes: tuple[str, ...]
    signed: bool
    run: str
    host: dict[str, Any] = field(default_factory=dict)
    certificate: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "fingerprint": self.fingerprint,
            "driver": self.driver,
            "gpus": list(self.gpus),
            "runtime": self.runtime,
            "level": self.level,
            "verdict": self.verdict,
            "passed": self.passed,
            "codes": list(self.codes),
            "signed": self.signed,
            "run": self.run,
        }


def _located(descriptor: Descriptor, kind: str | None, why: str) -> Checked:
    what = f"statement {descriptor.digest[:19]}..." + (f" ({kind})" if kind else "")
    return Checked(
        descriptor.digest, kind, problem=f"{what}: {printable(why, limit=300, one_line=True)}"
    )


def _kind(descriptor: Descriptor) -> str | None:
    return KIND_OF.get(descriptor.annotations.get("in-toto.io/predicate-type", ""))


def _envelope_layer(manifest: bytes, subject: Subject) -> Descriptor:
    """The envelope's descriptor in an artifact manifest that points at ``subject``."""
    try:
        document = json.loads(manifest)
    except ValueError:
        raise ValueError("its manifest is not JSON") from None
    if not isinstance(document, dict):
        raise ValueError("its manifest is not a JSON object")
    pointed = document.get("subject")
    pointed_digest = pointed.get("digest") if isinstance(pointed, dict) else None
    if pointed_digest != subject.digest:
        raise ValueError(
            f"its manifest points at {printable(str(pointed_digest), limit=80)}, not this image"
        )
    layers = document.get("layers")
    if not isinstance(layers, list) or len(layers) != 1:
        raise ValueError("its manifest does not hold exactly one envelope")
    layer = Descriptor.from_dict(layers[0])
    if layer.media_type != ENVELOPE_TYPE:
        raise ValueError(
            f"its layer is {printable(layer.media_type, limit=80)}, not a DSSE envelope"
        )
    if layer.size > MAX_ENVELOPE_BYTES:
        raise ValueError(f"its envelope is {layer.size} bytes")
    return layer


def _check_one(
    source: Source,
    descriptor: Descriptor,
    subject: Subject,
    key: SSlibKey | None,
    allow_unsigned: bool,
) -> Checked:
    kind = _kind(descriptor)
    try:
        layer = _envelope_layer(source.manifest(descriptor.digest), subject)
        opened = open_envelope(
            source.blob(layer.digest, MAX_ENVELOPE_BYTES), key, allow_unsigned=allow_unsigned
        )
    except (ValueError, RegistryError, EnvelopeError, UntrustedError, OSError) as exc:
        return _located(descriptor, kind, str(exc))
    statement = opened.statement
    if statement.get("_type") != STATEMENT_TYPE:
        return _located(
            descriptor, kind, f"not an in-toto statement v1 ({statement.get('_type')!r})"
        )
    named = [
        s.get("digest", {}).get("sha256") for s in statement.get("subject") or () if isinstance(s, dict)
        and isinstance(s.get("digest"), dict)
    ]  # fmt: skip
    if subject.hex not in named:
        return _located(
            descriptor, kind,
            f"its statement is about sha256:{str(named[0] if named else None)[:12]}..., not this "
            "image: it was made for another image and moved here",
        )  # fmt: skip
    predicate_kind = KIND_OF.get(str(statement.get("predicateType")))
    if kind is not None and predicate_kind != kind:
        return _located(
            descriptor, kind, f"its statement is a {predicate_kind or 'foreign'} statement"
        )
    return Checked(descriptor.digest, predicate_kind, opened.signed_by, statement)


def check_statements(
    source: Source, subject: Subject, key: SSlibKey | None, *, allow_unsigned: bool = False
) -> list[Checked]:
    """Every DSSE artifact attached to ``subject`` in ``source``, checked."""
    found = []
    for descriptor in source.referrers(subject.digest):
        if descriptor.artifact_type not in (None, ENVELOPE_TYPE):
            continue  # another tool's artifact (a cosign signature, an SBOM of its own): not ours
        found.append(_check_one(source, descriptor, subject, key, allow_unsigned))
    return found


def claims(checked: Sequence[Checked]) -> list[NodeClaim]:
    """Each node of each verified verdict statement."""
    found = []
    for item in checked:
        if not item.ok or item.kind != "verdicts" or item.statement is None:
            continue
        predicate = item.statement.get("predicate") or {}
        for entry in predicate.get("configuration") or ():
            if not isinstance(entry, dict) or not str(entry.get("name", "")).startswith("node/"):
                continue
            claim = _claim(entry, item, str(predicate.get("url") or ""))
            if claim is not None:
                found.append(claim)
    return found


def _claim(entry: dict[str, Any], item: Checked, run: str) -> NodeClaim | None:
    notes = entry.get("annotations") or {}
    host, cert = notes.get("envforge.node"), notes.get("envforge.certificate")
    if not isinstance(host, dict) or not isinstance(cert, dict):
        return None
    gpus = tuple(
        f"{g.get('name')} (cc {g.get('compute_capability')})"
        for g in host.get("gpus") or ()
        if isinstance(g, dict)
    )
    try:
        level = int(cert.get("level") or 0)
    except (TypeError, ValueError):
        level = 0
    return NodeClaim(
        node=str(entry["name"]).removeprefix("node/"),
        fingerprint=str(host.get("fingerprint") or ""),
        driver=host.get("driver") if isinstance(host.get("driver"), str) else None,
        gpus=gpus,
        runtime=str(notes.get("envforge.runtime") or ""),
        level=level,
        verdict=str(cert.get("verdict") or ""),
        passed=cert.get("passed") is True,
        codes=tuple(str(d.get("code")) for d in cert.get("diagnoses") or () if isinstance(d, dict)),
        signed=item.signed_by is not None,
        run=run,
        host=host,
        certificate=cert,
    )


def meets(
    found: Sequence[NodeClaim], node: str | None, level: int | None, *, allow_unsigned: bool = False
) -> bool:
    """Whether a signed verdict (or an unsigned one, where allowed) certifies the image on
    ``node`` (any node) at ``level`` or above."""
    return any(
        (c.signed or allow_unsigned)
        and c.passed
        and (node is None or c.node == node)
        and (level is None or c.level >= level)
        for c in found
    )


class DirectorySource:
    """Statements saved by ``attest pull``: an OCI image layout (``oci-layout``, ``index.json``
    listing the artifact manifests, ``blobs/sha256/``) and ``envforge-subject.json``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def describe(self) -> str:
        return f"directory {self.directory}"

    def subject(self) -> dict[str, Any]:
        text = read_file(self.directory / SUBJECT_FILE, 64 * 1024)
        document = json.loads(text)
        if not isinstance(document, dict):
            raise ValueError(f"{SUBJECT_FILE} is not a JSON object")
        return document

    def referrers(self, digest: str) -> list[Descriptor]:
        index = json.loads(read_file(self.directory / "index.json", MAX_MANIFEST_BYTES))
        manifests = index.get("manifests") if isinstance(index, dict) else None
        if not isinstance(manifests, list):
            raise ValueError("index.json lists no manifests")
        return [Descriptor.from_dict(m) for m in manifests]

    def _bytes(self, digest: str, limit: int) -> bytes:
        import hashlib  # noqa: PLC0415

        hex_ = digest.removeprefix("sha256:")
        if len(hex_) != 64 or not all(c in "0123456789abcdef" for c in hex_):
            raise ValueError(f"{printable(digest, limit=80)} is not a sha256 digest")
        data = read_file(self.directory / "blobs" / "sha256" / hex_, limit).encode()
        if "sha256:" + hashlib.sha256(data).hexdigest() != digest:
            raise ValueError(f"blobs/sha256/{hex_[:12]}... does not match its digest (changed)")
        return data

    def manifest(self, digest: str) -> bytes:
        return self._bytes(digest, MAX_MANIFEST_BYTES)

    def blob(self, digest: str, limit: int) -> bytes:
        return self._bytes(digest, limit)
