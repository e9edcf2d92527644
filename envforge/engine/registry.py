"""An OCI registry, for artifacts that point at an image digest (the statements of
``envforge.attest``): pushed as OCI image manifests whose ``subject`` is the image, found through
the referrers API where the registry has it and through the referrers tag schema (an image index
tagged ``sha256-<hex>``) where it has not, as OCI distribution 1.1 specifies. Debian's
docker-registry (distribution 2.8) has no referrers API: the tag schema is what it gets.

oras-py does the HTTP (sessions, token auth from the engine's ``docker login``, blob uploads). What
comes back is a trust boundary: every manifest and blob is size-capped and checked against the
digest it was asked by, every descriptor read is validated before use (``oci``: the documents).
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from ..errors import EngineUnavailableError
from .oci import (
    DOCKER_LIST_TYPE,
    DOCKER_MANIFEST_TYPE,
    EMPTY,
    EMPTY_TYPE,
    ENVELOPE_TYPE,
    INDEX_TYPE,
    MANIFEST_TYPE,
    MAX_MANIFEST_BYTES,
    Descriptor,
    RegistryError,
    artifact_manifest,
    check_digest,
    index_descriptors,
    json_field,
    referrers_index,
    schema_tag,
    split_repository,
)

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


_ACCEPT = ", ".join((MANIFEST_TYPE, INDEX_TYPE, DOCKER_MANIFEST_TYPE, DOCKER_LIST_TYPE))
_TIMEOUT_S = 10.0


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


def _loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


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
            check_digest(data, reference, "manifest")
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
        return check_digest(data, digest, "manifest")

    def blob(self, repository: str, digest: str, limit: int) -> bytes:
        _, path = split_repository(repository)
        data = self._get(f"{self._base}/{path}/blobs/{digest}", limit, f"blob {digest[:19]}...")
        if data is None:
            raise RegistryError(f"{repository}: no blob {digest}")
        return check_digest(data, digest, "blob")

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
            names = json_field(data, "repositories", "catalog")
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
        return [t for t in json_field(data, "tags", "tag list") or () if isinstance(t, str)]

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


def connect_registry(host: str) -> OciRegistry:
    """The registry at ``host``, once it answers."""
    registry = OciRegistry(host)
    registry.ping()
    return registry
