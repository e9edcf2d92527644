"""OCI's documents, pure: media types, content descriptors (validated as read), the artifact
manifests and referrers indexes envforge writes and reads, the referrers tag schema. The
registry's HTTP is ``registry``'s."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Descriptor",
    "RegistryError",
    "split_repository",
    "check_digest",
    "ENVELOPE_TYPE",
    "INDEX_TYPE",
    "MANIFEST_TYPE",
    "DOCKER_MANIFEST_TYPE",
    "DOCKER_LIST_TYPE",
    "EMPTY",
    "EMPTY_TYPE",
    "MAX_MANIFEST_BYTES",
    "artifact_manifest",
    "referrers_index",
    "schema_tag",
    "index_descriptors",
    "json_field",
]

MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json"
INDEX_TYPE = "application/vnd.oci.image.index.v1+json"
DOCKER_MANIFEST_TYPE = "application/vnd.docker.distribution.manifest.v2+json"
DOCKER_LIST_TYPE = "application/vnd.docker.distribution.manifest.list.v2+json"
EMPTY_TYPE = "application/vnd.oci.empty.v1+json"
ENVELOPE_TYPE = "application/vnd.dsse.envelope.v1+json"
EMPTY = b"{}"
MAX_MANIFEST_BYTES = 4 * 1024 * 1024  # the distribution spec's own suggested limit
MAX_REFERRERS = 4096
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")


class RegistryError(Exception):
    """The registry answered, with something envforge cannot use (a missing or malformed
    manifest, content that does not match its digest, a refusal)."""


@dataclass(frozen=True)
class Descriptor:
    """An OCI content descriptor."""

    media_type: str
    digest: str
    size: int
    artifact_type: str | None = None
    annotations: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mediaType": self.media_type,
            "digest": self.digest,
            "size": self.size,
        }
        if self.artifact_type:
            data["artifactType"] = self.artifact_type
        if self.annotations:
            data["annotations"] = dict(self.annotations)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Descriptor:
        """A descriptor read from a registry's document; RegistryError when it is not one."""
        if not isinstance(data, dict):
            raise RegistryError("a descriptor is not an object")
        media_type, digest, size = data.get("mediaType"), data.get("digest"), data.get("size")
        if not isinstance(media_type, str) or len(media_type) > 255:
            raise RegistryError("a descriptor has no media type")
        if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
            raise RegistryError("a descriptor has no sha256 digest")
        if not isinstance(size, int) or isinstance(size, bool) or size < 0:
            raise RegistryError("a descriptor has no size")
        artifact = data.get("artifactType")
        annotations = data.get("annotations") or {}
        if not isinstance(annotations, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in annotations.items()
        ):
            raise RegistryError("a descriptor's annotations are not strings")
        return cls(
            media_type,
            digest,
            size,
            artifact if isinstance(artifact, str) else None,
            {k[:255]: v[:4096] for k, v in annotations.items()},
        )


def split_repository(repository: str) -> tuple[str, str]:
    """``HOST[:PORT]/PATH`` -> (host, path)."""
    host, _, path = repository.partition("/")
    return host, path


def check_digest(data: bytes, digest: str, what: str) -> bytes:
    found = "sha256:" + hashlib.sha256(data).hexdigest()
    if found != digest:
        raise RegistryError(f"{what} {digest[:19]}... has content of digest {found[:19]}...")
    return data


def artifact_manifest(
    subject: Descriptor,
    config: dict[str, Any],
    layer: dict[str, Any],
    annotations: Mapping[str, str],
) -> tuple[bytes, Descriptor]:
    """An OCI 1.1 artifact manifest holding one DSSE envelope (``layer``) whose subject is
    ``subject``: its bytes, and its descriptor as a referrers index lists it."""
    manifest = {
        "schemaVersion": 2,
        "mediaType": MANIFEST_TYPE,
        "artifactType": ENVELOPE_TYPE,
        "config": config,
        "layers": [layer],
        "subject": {
            "mediaType": subject.media_type,
            "digest": subject.digest,
            "size": subject.size,
        },
        "annotations": dict(annotations),
    }
    body = json.dumps(manifest, sort_keys=True, separators=(",", ":")).encode()
    digest = "sha256:" + hashlib.sha256(body).hexdigest()
    return body, Descriptor(MANIFEST_TYPE, digest, len(body), ENVELOPE_TYPE, dict(annotations))


def referrers_index(entries: list[Descriptor]) -> bytes:
    """An image index listing ``entries``: a referrers answer, or its tag-schema stand-in."""
    index = {
        "schemaVersion": 2,
        "mediaType": INDEX_TYPE,
        "manifests": [e.to_dict() for e in entries],
    }
    return json.dumps(index, sort_keys=True, separators=(",", ":")).encode()


def schema_tag(digest: str) -> str:
    """The referrers tag schema's tag for ``digest``: ``sha256-<hex>``."""
    return digest.replace(":", "-", 1)


def json_field(data: bytes, name: str, what: str) -> list[Any]:
    try:
        document = json.loads(data)
    except ValueError:
        raise RegistryError(f"the {what} is not JSON") from None
    value = document.get(name) if isinstance(document, dict) else None
    if value is not None and not isinstance(value, list):
        raise RegistryError(f"the {what}'s {name} is not a list")
    return value or []


def index_descriptors(data: bytes) -> list[Descriptor]:
    """The descriptors of an image index (a referrers answer or a tag-schema index)."""
    manifests = json_field(data, "manifests", "referrers index")
    if len(manifests) > MAX_REFERRERS:
        raise RegistryError(f"the referrers index lists {len(manifests)} manifests")
    return [Descriptor.from_dict(m) for m in manifests]
