"""An in-memory OCI registry (the unit tier's twin of ``engine.registry.OciRegistry``): blobs and
manifests by digest, tags, and referrers through the tag schema (as Debian's docker-registry, which
has no referrers API). It holds the same artifact manifests the real client writes
(``artifact_manifest``, ``referrers_index``), so what it returns is what a registry returns; tests
reach into ``manifests``/``blobs`` to tamper with them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from envforge.engine.registry import (
    DOCKER_MANIFEST_TYPE,
    EMPTY,
    EMPTY_TYPE,
    ENVELOPE_TYPE,
    INDEX_TYPE,
    Descriptor,
    RegistryError,
    artifact_manifest,
    index_descriptors,
    referrers_index,
    schema_tag,
    split_repository,
)


def _digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


class FakeRegistry:
    def __init__(self, host: str = "127.0.0.1:5000", *, any_image: bool = True) -> None:
        self.host = host
        self.any_image = any_image  # a digest never pushed here still names an image (the engine's)
        self.manifests: dict[str, bytes] = {}
        self.blobs: dict[str, bytes] = {}
        self.tagged: dict[tuple[str, str], str] = {}  # (path, tag) -> digest
        self.images: set[tuple[str, str]] = set()  # (path, digest)
        self.attached = 0

    def describe(self) -> str:
        return f"registry {self.host} (in memory)"

    def add_image(self, repository: str, tag: str) -> str:
        """An image manifest pushed at ``tag``; its digest."""
        _, path = split_repository(repository)
        body = json.dumps({"mediaType": DOCKER_MANIFEST_TYPE, "tag": tag, "path": path}).encode()
        digest = _digest(body)
        self.manifests[digest] = body
        self.tagged[(path, tag)] = digest
        self.images.add((path, digest))
        return digest

    def descriptor(self, repository: str, reference: str) -> Descriptor:
        _, path = split_repository(repository)
        digest = self.tagged.get((path, reference), reference)
        if digest in self.manifests:
            media = json.loads(self.manifests[digest]).get("mediaType", DOCKER_MANIFEST_TYPE)
            return Descriptor(media, digest, len(self.manifests[digest]))
        if self.any_image and digest.startswith("sha256:") and len(digest) == 71:
            return Descriptor(DOCKER_MANIFEST_TYPE, digest, 1234)
        raise RegistryError(f"{repository}: no manifest {reference}")

    def _put_blob(self, data: bytes, media_type: str) -> dict[str, object]:
        digest = _digest(data)
        self.blobs[digest] = data
        return {"mediaType": media_type, "digest": digest, "size": len(data)}

    def attach(
        self,
        repository: str,
        subject: Descriptor,
        envelope: bytes,
        annotations: Mapping[str, str],
    ) -> Descriptor:
        _, path = split_repository(repository)
        layer = self._put_blob(envelope, ENVELOPE_TYPE)
        config = self._put_blob(EMPTY, EMPTY_TYPE)
        body, attached = artifact_manifest(subject, config, layer, annotations)
        self.manifests[attached.digest] = body
        tag = schema_tag(subject.digest)
        old = self.manifests.get(self.tagged.get((path, tag), ""))
        entries = index_descriptors(old) if old else []
        index = referrers_index([*entries, attached])
        self.manifests[_digest(index)] = index
        self.tagged[(path, tag)] = _digest(index)
        self.attached += 1
        return attached

    def referrers(self, repository: str, digest: str) -> list[Descriptor]:
        _, path = split_repository(repository)
        index = self.manifests.get(self.tagged.get((path, schema_tag(digest)), ""))
        return index_descriptors(index) if index else []

    def manifest(self, repository: str, digest: str) -> bytes:
        if digest not in self.manifests:
            raise RegistryError(f"{repository}: no manifest {digest}")
        data = self.manifests[digest]
        if _digest(data) != digest:
            raise RegistryError(
                f"{repository}: manifest {digest[:19]}... does not match its digest"
            )
        return data

    def put_manifest(self, body: bytes) -> str:
        """A manifest stored by its digest (as a client with push rights can); its digest."""
        self.manifests[_digest(body)] = body
        return _digest(body)

    def blob(self, repository: str, digest: str, limit: int) -> bytes:
        data = self.blobs.get(digest)
        if data is None:
            raise RegistryError(f"{repository}: no blob {digest}")
        if len(data) > limit or _digest(data) != digest:
            raise RegistryError(f"{repository}: blob {digest[:19]}... does not match its digest")
        return data

    def repositories(self, prefix: str) -> list[str]:
        paths = {path for path, _ in self.tagged} | {path for path, _ in self.images}
        wanted = prefix.strip("/")
        return sorted(
            f"{self.host}/{p}" for p in paths
            if not wanted or p == wanted or p.startswith(wanted + "/")
        )  # fmt: skip

    def tags(self, repository: str) -> list[str]:
        _, wanted = split_repository(repository)
        return sorted(tag for path, tag in self.tagged if path == wanted)

    def replace_referrers(self, repository: str, digest: str, entries: list[Descriptor]) -> None:
        """Make the referrers of ``digest`` exactly ``entries`` (a hostile or moved index)."""
        _, path = split_repository(repository)
        index = referrers_index(entries)
        self.manifests[_digest(index)] = index
        self.tagged[(path, schema_tag(digest))] = _digest(index)


__all__ = ["FakeRegistry", "INDEX_TYPE"]
