"""``envforge keys generate``, ``attest verify``, ``attest pull`` and ``report --from-registry``:
the statements attached to image digests, read back and checked with nothing but a public key
(and, with ``--from DIR``, no network at all)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..attest.checking import (
    SUBJECT_FILE,
    Checked,
    DirectorySource,
    NodeClaim,
    check_statements,
    claims,
    meets,
)
from ..attest.signing import MAX_ENVELOPE_BYTES, generate_keys, load_public_key
from ..attest.statements import Subject
from ..engine.registry import Descriptor, RegistryError
from ..errors import BadInputError, EngineUnavailableError
from ..untrusted import UntrustedError, printable
from .attestations import RegistrySource, registry_source, subject_of
from .context import Context

if TYPE_CHECKING:
    from securesystemslib.signer import SSlibKey


__all__ = [
    "KeysRequest",
    "KeysResult",
    "keys",
    "VerifyRequest",
    "VerifyResult",
    "verify",
    "PullRequest",
    "PullResult",
    "pull",
]

_LAYOUT = {"imageLayoutVersion": "1.0.0"}


# -- keys ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeysRequest:
    out: Path
    force: bool = False


@dataclass(frozen=True)
class KeysResult:
    private: Path
    public: Path
    keyid: str
    passed: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "private_key": str(self.private),
            "public_key": str(self.public),
            "keyid": self.keyid,
        }


def keys(request: KeysRequest) -> KeysResult:
    """A new site key pair in ``request.out`` (never over an existing one unless ``force``)."""
    try:
        private, public, keyid = generate_keys(request.out, force=request.force)
    except OSError as exc:
        raise BadInputError(f"--out {request.out}: cannot be written ({exc.strerror})") from None
    return KeysResult(private, public, keyid)


# -- sources ---------------------------------------------------------------------------------------


def _key(path: Path | None) -> SSlibKey | None:
    return load_public_key(path) if path is not None else None


# -- verify ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VerifyRequest:
    image: str  # REPO@sha256:...
    key: Path | None
    node: str | None = None
    level: int | None = None
    allow_unsigned: bool = False
    source_dir: Path | None = None  # statements saved by attest pull


@dataclass(frozen=True)
class VerifyResult:
    image: str
    source: str
    checked: tuple[Checked, ...]
    claims: tuple[NodeClaim, ...]
    node: str | None
    level: int | None
    met: bool  # a valid verdict (signed, or unsigned where allowed) meets node and level

    @property
    def refused(self) -> tuple[Checked, ...]:
        return tuple(c for c in self.checked if not c.ok)

    @property
    def passed(self) -> bool:
        return self.met and not self.refused

    def to_dict(self) -> dict[str, Any]:
        return {
            "image": self.image,
            "source": self.source,
            "asked": {"node": self.node, "level": self.level},
            "met": self.met,
            "passed": self.passed,
            "statements": [c.to_dict() for c in self.checked],
            "nodes": [c.to_dict() for c in self.claims],
        }


def _directory_subject(source: DirectorySource, image: str | None) -> Subject:
    """The subject ``attest pull`` saved, which must be the image asked about (if one was)."""
    try:
        saved = source.subject()
        subject = Subject(str(saved.get("repository") or ""), str(saved.get("digest") or ""))
    except (OSError, UntrustedError, ValueError) as exc:
        raise BadInputError(
            f"--from {source.directory}: {SUBJECT_FILE}: {printable(str(exc), limit=200, one_line=True)}",
            hint="give a directory written by envforge attest pull",
        ) from None
    if image is not None and subject_of(image).digest != subject.digest:
        raise BadInputError(
            f"--from {source.directory}: holds the statements of {subject.ref}, not {image}"
        )
    return subject


def verify(ctx: Context, request: VerifyRequest) -> VerifyResult:
    """Every statement attached to the image, checked, and whether a verdict meets the ask."""
    key = _key(request.key)
    source: DirectorySource | RegistrySource
    if request.source_dir is not None:
        source = DirectorySource(request.source_dir)
        subject = _directory_subject(source, request.image)
    else:
        source, subject = registry_source(ctx, request.image)
    try:
        checked = check_statements(source, subject, key, allow_unsigned=request.allow_unsigned)
    except (RegistryError, EngineUnavailableError, OSError, UntrustedError, ValueError) as exc:
        raise EngineUnavailableError(
            f"{source.describe()}: the statements of {subject.ref} could not be listed: "
            f"{printable(str(exc), limit=200, one_line=True)}"
        ) from None
    found = claims(checked)
    met = meets(found, request.node, request.level, allow_unsigned=request.allow_unsigned)
    return VerifyResult(
        subject.ref,
        source.describe(),
        tuple(checked),
        tuple(found),
        request.node,
        request.level,
        met,
    )


# -- pull ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PullRequest:
    image: str  # REPO@sha256:...
    out: Path


@dataclass(frozen=True)
class PullResult:
    image: str
    out: Path
    artifacts: tuple[str, ...]  # the artifact manifests saved
    blobs: int
    passed: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "image": self.image,
            "out": str(self.out),
            "artifacts": list(self.artifacts),
            "blobs": self.blobs,
        }


def _manifest_blobs(manifest: bytes) -> list[Descriptor]:
    document = json.loads(manifest)
    found = [document.get("config"), *(document.get("layers") or ())]
    return [Descriptor.from_dict(d) for d in found if d is not None]


def pull(ctx: Context, request: PullRequest) -> PullResult:
    """Every statement attached to the image, saved as an OCI image layout in ``request.out``
    (``attest verify --from`` reads it with no network). Nothing is checked here: verify does."""
    from ..outputs import write_output  # noqa: PLC0415

    source, subject = registry_source(ctx, request.image)
    out = request.out
    blobs: dict[str, bytes] = {}
    saved: list[Descriptor] = []
    try:
        for descriptor in source.referrers(subject.digest):
            manifest = source.manifest(descriptor.digest)
            blobs[descriptor.digest] = manifest
            for part in _manifest_blobs(manifest):
                blobs[part.digest] = source.blob(part.digest, MAX_ENVELOPE_BYTES)
            saved.append(descriptor)
    except (RegistryError, ValueError, AttributeError, TypeError) as exc:
        raise EngineUnavailableError(
            f"{source.describe()}: the statements of {subject.ref} could not be read: "
            f"{printable(str(exc), limit=200, one_line=True)}"
        ) from None
    for digest, data in blobs.items():
        name = out / "blobs" / "sha256" / digest.removeprefix("sha256:")
        write_output(name, data, under=out, what="attest pull --out")
    index = {
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.index.v1+json",
        "manifests": [d.to_dict() for d in saved],
    }
    write_output(out / "oci-layout", json.dumps(_LAYOUT), under=out, what="attest pull --out")
    write_output(
        out / "index.json", json.dumps(index, indent=1), under=out, what="attest pull --out"
    )
    write_output(
        out / SUBJECT_FILE,
        json.dumps({"repository": subject.repository, "digest": subject.digest}),
        under=out,
        what="attest pull --out",
    )
    return PullResult(subject.ref, out, tuple(d.digest for d in saved), len(blobs))
