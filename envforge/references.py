"""Image references and registries as Docker's grammar has them (docker-image-py, a port of the
distribution ``reference`` package), checked wherever one enters: an option, a matrix's or a site's
``bases:``, a registry address.
"""

from __future__ import annotations

import re

from docker_image import digest as docker_digest
from docker_image import reference as docker_reference

from .identifiers import IdentifierError, check_registry_host

__all__ = ["check_image_reference", "check_registry", "IMAGE_ID", "TAG_MAX"]

IMAGE_ID = re.compile(r"sha256:[0-9a-f]{64}")
TAG_MAX = 128
REFERENCE_MAX = 512
_CONTROL = re.compile(r"[\x00-\x20\x7f-\x9f]")
_EXPECTED = "an image reference (lowercase name[:tag][@sha256:<64 hex>])"


def _shown(value: str) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def check_image_reference(value: str, *, digest_allowed: bool = True) -> str:
    """``name[:tag][@sha256:…]`` (or an image id ``sha256:<64 hex>`` where a digest is allowed)."""
    if digest_allowed and IMAGE_ID.fullmatch(value):
        return value
    if not value:
        raise IdentifierError("an image reference must not be empty")
    if _CONTROL.search(value):
        raise IdentifierError(f"{_shown(value)} is not {_EXPECTED}: it has spaces or controls")
    if len(value) > REFERENCE_MAX:
        raise IdentifierError(f"{_shown(value)} is longer than {REFERENCE_MAX} characters")
    name, _, digest = value.partition("@")
    last = name.rsplit("/", 1)[-1]
    if ":" in last and len(last.split(":", 1)[1]) > TAG_MAX:
        raise IdentifierError(f"{_shown(value)}: its tag is longer than {TAG_MAX} characters")
    if digest and not digest_allowed:
        raise IdentifierError(
            f"{_shown(value)} is not an image name[:tag] (a digest cannot name a new image)"
        )
    head = name.split("/", 1)[0]
    if "/" in name and ("." in head or ":" in head or head == "localhost"):
        check_registry_host(head)
    try:
        docker_reference.Reference.parse(value)
    except (docker_reference.InvalidReference, docker_digest.InvalidDigest) as exc:
        raise IdentifierError(f"{_shown(value)} is not {_EXPECTED}: {exc}") from None
    return value


def check_registry(value: str) -> str:
    """A registry to push to: ``HOST[:PORT][/PREFIX]`` (no scheme, no credentials, port 1-65535,
    lowercase path components)."""
    checked = value.strip().rstrip("/")
    if "://" in checked or "@" in checked:
        raise IdentifierError(
            f"{_shown(value)} is not a registry HOST[:PORT][/PREFIX] (no scheme, no credentials: "
            "docker login)"
        )
    if _CONTROL.search(checked) or not checked:
        raise IdentifierError(f"{_shown(value)} is not a registry HOST[:PORT][/PREFIX]")
    host, _, _prefix = checked.partition("/")
    if "." not in host and ":" not in host and host != "localhost":
        raise IdentifierError(
            f"{_shown(value)}: {host!r} is not a registry host (a DNS name with a dot, an "
            "address, localhost, or any of them with :PORT; e.g. 127.0.0.1:5000)"
        )
    check_registry_host(host)
    try:
        docker_reference.Reference.parse(f"{checked}/probe:1")
    except (docker_reference.InvalidReference, docker_digest.InvalidDigest) as exc:
        raise IdentifierError(
            f"{_shown(value)} is not a registry HOST[:PORT][/PREFIX]: {exc}"
        ) from None
    return checked
