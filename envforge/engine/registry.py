"""An OCI registry, for artifacts that point at an image digest (the statements of
``envforge.attest``): pushed as OCI image manifests whose ``subject`` is the image, found through
the referrers API where the registry has it and through the referrers tag schema (an image index
tagged ``sha256-<hex>``) where it has not, as OCI distribution 1.1 specifies. Debian's
docker-registry (distribution 2.8) has no referrers API: the tag schema is what it gets.

oras-py does the HTTP (sessions, token auth from the engine's ``docker login``, blob uploads). What
comes back is a trust boundary: every manifest and blob is size-capped and checked against the
digest it was asked by, every descriptor read is validated before use.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import EngineUnavailableError

__all__ = [
    "Descriptor",
    "Registry",
    "RegistryError",
    "OciRegistry",
    "connect_registry",
    "split_repository",
    "ENVELOPE_TYPE",
    "INDEX_TYPE",
    "MANIFEST_TYPE",
    "EMPTY",
    "EMPTY_TYPE",
    "artifact_manifest",
    "referrers_index",
    "schema_tag",
    "index_descriptors",
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
_ACCEPT = ", ".join((MANIFEST_TYPE, INDEX_TYPE, DOCKER_MANIFEST_TYPE, DOCKER_LIST_TYPE))
_TIMEOUT_S = 10.0


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


class Registry(Protocol):
    """What envforge asks of a registry. ``repository`` is ``HOST[:PORT]/PATH``."""

    def describe(self) -> str: ...

    def descriptor(self, repository: str, reference: str) -> Descriptor:
        """The manifest that ``reference`` (a tag or a digest) names; RegistryError if none."""
        ...

    def attach(
        self,
        repository: str,
        subject: Descriptor,
        envelope: bytes,
        annotations: Mapping[str, str],
    ) -> Descriptor:
        """Push ``envelope`` as an artifact whose subject is ``subject``; its manifest's descriptor."""
        ...

    def referrers(self, repository: str, digest: str) -> list[Descriptor]:
        """The artifacts whose subject is ``digest``."""
        ...

    def manifest(self, repository: str, digest: str) -> bytes:
        """A manifest's bytes, checked against ``digest``."""
        ...

    def blob(self, repository: str, digest: str, limit: int) -> bytes:
        """A blob's bytes (at most ``limit``), checked against ``digest``."""
        ...

    def repositories(self, prefix: str) -> list[str]:
        """The repositories under ``HOST[:PORT][/PREFIX]``."""
        ...

    def tags(self, repository: str) -> list[str]: ...


def split_repository(repository: str) -> tuple[str, str]:
    """``HOST[:PORT]/PATH`` -> (host, path)."""
    host, _, path = repository.partition("/")
    return host, path


def _loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _check(data: bytes, digest: str, what: str) -> bytes:
    found = "sha256:" + hashlib.sha256(data).hexdigest()
    if found != digest:
        raise RegistryError(f"{what} {digest[:19]}... has content of digest {found[:19]}...")
    return data


class OciRegistry:
    """One registry host, through oras-py. Plain HTTP on loopback hosts (as Docker treats them),
    HTTPS with the system's trust store elsewhere."""

    def __init__(self, host: str) -> None:
        import oras.provider  # noqa: PLC0415 - only when a registry is asked

        self.host = host
        self._oras = oras.provider.Registry(hostname=host, insecure=_loopback(host))
        self._base = f"{self._oras.prefix}://{host}/v2"
        self._challenged = False
        self._login()

    def _answer_challenge(self) -> None:
        """The registry's own challenge, asked once: ``Basic`` (distribution's htpasswd, say) is
        answered with the credentials as they are, which oras-py's token flow cannot do; a
        ``Bearer`` one (Docker Hub, Harbor, GHCR) is left to oras-py."""
        import oras.provider  # noqa: PLC0415

        reply = self._oras.session.get(
            f"{self._base}/", timeout=_TIMEOUT_S, verify=self._oras._tls_verify
        )  # noqa: SLF001
        challenge = reply.headers.get("WWW-Authenticate", "")
        if reply.status_code == 401 and challenge.lower().startswith("basic"):
            if not self._credentials:
                raise RegistryError(
                    f"{self.describe()} asks for credentials and the engine has none for it: "
                    f"docker login {self.host}"
                )
            self._oras = oras.provider.Registry(
                hostname=self.host, insecure=_loopback(self.host), auth_backend="basic"
            )
            self._login()

    def _login(self) -> None:
        """The engine's own credentials for this host (``docker login``: $DOCKER_CONFIG or
        ~/.docker/config.json, and their credential helpers), as oras-py reads them; none is fine
        (an open registry). envforge never logs or stores them."""
        named = os.environ.get("DOCKER_CONFIG")
        configs = [os.path.join(named, "config.json")] if named else []
        import oras.container  # noqa: PLC0415

        try:
            self._oras.auth.load_configs(
                oras.container.Container("envforge", registry=self.host),
                configs=[c for c in configs if os.path.isfile(c)],
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass  # unreadable credentials: the registry says whether it needs them
        self._credentials = hasattr(self._oras.auth, "_basic_auth")

    def describe(self) -> str:
        return f"registry {self.host}"

    # -- HTTP ------------------------------------------------------------------------------------
    def _request(self, method: str, url: str, **kwargs: Any) -> Any:
        import requests  # noqa: PLC0415

        try:
            if not self._challenged:
                self._answer_challenge()  # raises, and is asked again, until it is answered
                self._challenged = True
            return self._oras.do_request(url, method, **kwargs)
        except requests.exceptions.RequestException as exc:
            raise EngineUnavailableError(
                f"{self.describe()} does not answer ({type(exc).__name__})",
                hint="start it (scripts/cluster up starts one on 127.0.0.1)",
            ) from None
        except ValueError as exc:  # oras: an authentication it cannot answer
            raise RegistryError(f"{self.describe()}: {exc}") from None

    def ping(self) -> None:
        """Raise EngineUnavailableError unless the registry answers (quickly: no retries)."""
        import requests  # noqa: PLC0415

        try:
            requests.get(f"{self._base}/", timeout=_TIMEOUT_S)
        except requests.exceptions.RequestException as exc:
            raise EngineUnavailableError(
                f"{self.describe()} does not answer ({type(exc).__name__})",
                hint="start it (scripts/cluster up starts one on 127.0.0.1), or check the name",
            ) from None

    def _read(self, response: Any, limit: int, what: str) -> bytes:
        declared = response.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise RegistryError(f"{what} is {declared} bytes (at most {limit})")
        chunks, total = [], 0
        for chunk in response.iter_content(65536):
            total += len(chunk)
            if total > limit:
                raise RegistryError(f"{what} is larger than {limit} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    def _get(self, url: str, limit: int, what: str, accept: str | None = None) -> bytes | None:
        headers = {"Accept": accept} if accept else {}
        response = self._request("GET", url, headers=headers, stream=True)
        if response.status_code == 404:
            return None
        if response.status_code != 200:
            raise RegistryError(f"{what}: the registry answered HTTP {response.status_code}")
        return self._read(response, limit, what)

    # -- reads -----------------------------------------------------------------------------------
    def descriptor(self, repository: str, reference: str) -> Descriptor:
        _, path = split_repository(repository)
        url = f"{self._base}/{path}/manifests/{reference}"
        data = self._get(url, MAX_MANIFEST_BYTES, f"manifest {reference}", _ACCEPT)
        if data is None:
            raise RegistryError(f"{repository}: no manifest {reference}")
        if reference.startswith("sha256:"):
            _check(data, reference, "manifest")
        try:
            media_type = json.loads(data).get("mediaType")
        except (ValueError, AttributeError):
            media_type = None
        if not isinstance(media_type, str):
            raise RegistryError(f"{repository}@{reference}: a manifest without a media type")
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        return Descriptor(media_type, digest, len(data))

    def manifest(self, repository: str, digest: str) -> bytes:
        _, path = split_repository(repository)
        data = self._get(
            f"{self._base}/{path}/manifests/{digest}", MAX_MANIFEST_BYTES, "manifest", _ACCEPT
        )
        if data is None:
            raise RegistryError(f"{repository}: no manifest {digest}")
        return _check(data, digest, "manifest")

    def blob(self, repository: str, digest: str, limit: int) -> bytes:
        _, path = split_repository(repository)
        data = self._get(f"{self._base}/{path}/blobs/{digest}", limit, f"blob {digest[:19]}...")
        if data is None:
            raise RegistryError(f"{repository}: no blob {digest}")
        return _check(data, digest, "blob")

    def referrers(self, repository: str, digest: str) -> list[Descriptor]:
        _, path = split_repository(repository)
        api = self._get(
            f"{self._base}/{path}/referrers/{digest}", MAX_MANIFEST_BYTES, "referrers", INDEX_TYPE
        )
        if api is None:  # no referrers API: the tag schema
            api = self._get(
                f"{self._base}/{path}/manifests/{schema_tag(digest)}",
                MAX_MANIFEST_BYTES,
                "referrers index",
                INDEX_TYPE,
            )
        return index_descriptors(api) if api is not None else []

    def repositories(self, prefix: str) -> list[str]:
        found: list[str] = []
        url: str | None = f"{self._base}/_catalog?n=1000"
        while url and len(found) < 100_000:
            data = self._get(url, MAX_MANIFEST_BYTES, "catalog")
            if data is None:
                raise RegistryError(f"{self.describe()} lists no catalog")
            names = _json_field(data, "repositories", "catalog")
            found += [n for n in names if isinstance(n, str)]
            url = None  # distribution pages with Link headers; n=1000 per page is enough here
        wanted = prefix.strip("/")
        return [
            f"{self.host}/{n}"
            for n in found
            if not wanted or n == wanted or n.startswith(wanted + "/")
        ]

    def tags(self, repository: str) -> list[str]:
        _, path = split_repository(repository)
        data = self._get(f"{self._base}/{path}/tags/list?n=10000", MAX_MANIFEST_BYTES, "tags")
        if data is None:
            return []
        return [t for t in _json_field(data, "tags", "tag list") or () if isinstance(t, str)]

    # -- writes ----------------------------------------------------------------------------------
    def _upload(self, repository: str, data: bytes, media_type: str) -> dict[str, Any]:
        layer = {
            "mediaType": media_type,
            "digest": "sha256:" + hashlib.sha256(data).hexdigest(),
            "size": len(data),
        }
        with tempfile.TemporaryDirectory(prefix="envforge-blob-") as tmp:
            path = Path(tmp) / "blob"
            path.write_bytes(data)
            response = self._oras.upload_blob(str(path), repository, layer)
        if response.status_code not in (200, 201, 202):
            raise RegistryError(f"{repository}: blob upload refused (HTTP {response.status_code})")
        return layer

    def _put_manifest(self, repository: str, reference: str, body: bytes, media_type: str) -> Any:
        _, path = split_repository(repository)
        response = self._request(
            "PUT",
            f"{self._base}/{path}/manifests/{reference}",
            headers={"Content-Type": media_type},
            data=body,
        )
        if response.status_code not in (200, 201):
            raise RegistryError(
                f"{repository}: manifest {reference} refused (HTTP {response.status_code}: "
                f"{response.text[:200]!r})"
            )
        return response

    def attach(
        self,
        repository: str,
        subject: Descriptor,
        envelope: bytes,
        annotations: Mapping[str, str],
    ) -> Descriptor:
        layer = self._upload(repository, envelope, ENVELOPE_TYPE)
        config = self._upload(repository, EMPTY, EMPTY_TYPE)
        body, attached = artifact_manifest(subject, config, layer, annotations)
        response = self._put_manifest(repository, attached.digest, body, MANIFEST_TYPE)
        if not response.headers.get("OCI-Subject"):  # the registry does not index referrers
            self._add_to_schema_tag(repository, subject.digest, attached)
        return attached

    def _add_to_schema_tag(self, repository: str, subject: str, attached: Descriptor) -> None:
        """Add ``attached`` to the referrers index tagged ``sha256-<hex>`` (read, add, write)."""
        _, path = split_repository(repository)
        tag = schema_tag(subject)
        old = self._get(f"{self._base}/{path}/manifests/{tag}", MAX_MANIFEST_BYTES, "referrers index", INDEX_TYPE)  # fmt: skip
        entries = index_descriptors(old) if old is not None else []
        if any(e.digest == attached.digest for e in entries):
            return
        self._put_manifest(repository, tag, referrers_index([*entries, attached]), INDEX_TYPE)


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


def _json_field(data: bytes, name: str, what: str) -> list[Any]:
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
    manifests = _json_field(data, "manifests", "referrers index")
    if len(manifests) > MAX_REFERRERS:
        raise RegistryError(f"the referrers index lists {len(manifests)} manifests")
    return [Descriptor.from_dict(m) for m in manifests]


def connect_registry(host: str) -> OciRegistry:
    """The registry at ``host``, once it answers."""
    registry = OciRegistry(host)
    registry.ping()
    return registry
