"""Site keys and DSSE envelopes (securesystemslib, with pyca/cryptography under it).

A site key is an ed25519 (or ECDSA P-256) key pair in PEM: ``envforge.key`` (PKCS#8, mode 0600,
never logged, stored or put in an image or a statement) and ``envforge.pub``. A statement is sealed
in a DSSE envelope whose payload is its canonical JSON; without a key the envelope carries no
signature, and only ``--allow-unsigned`` opens it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BadInputError
from .statements import canonical

if TYPE_CHECKING:
    from securesystemslib.signer import CryptoSigner, SSlibKey

__all__ = [
    "PAYLOAD_TYPE",
    "KEY_FILE",
    "PUBLIC_FILE",
    "EnvelopeError",
    "Opened",
    "generate_keys",
    "load_signer",
    "load_public_key",
    "seal",
    "open_envelope",
    "envelope_digest",
]

PAYLOAD_TYPE = "application/vnd.in-toto+json"
KEY_FILE, PUBLIC_FILE = "envforge.key", "envforge.pub"
MAX_KEY_BYTES = 16 * 1024
MAX_ENVELOPE_BYTES = 8 * 1024 * 1024


class EnvelopeError(ValueError):
    """An envelope that does not open: malformed, unsigned where a signature is required, signed
    by another key, or changed since it was signed."""


@dataclass(frozen=True)
class Opened:
    statement: dict[str, Any]
    signed_by: str | None  # the key id that verified it; None: unsigned (allowed)


def generate_keys(directory: Path, *, force: bool = False) -> tuple[Path, Path, str]:
    """A new ed25519 key pair in ``directory``: (private key file (0600), public key file, key
    id). Existing key files are never overwritten unless ``force``."""
    from cryptography.hazmat.primitives import serialization  # noqa: PLC0415
    from securesystemslib.signer import CryptoSigner  # noqa: PLC0415

    key_path, public_path = directory / KEY_FILE, directory / PUBLIC_FILE
    if not force:
        existing = [p.name for p in (key_path, public_path) if p.exists() or p.is_symlink()]
        if existing:
            raise BadInputError(
                f"--out {directory}: {' and '.join(existing)} already there; envforge never "
                "overwrites a key",
                hint="choose another --out, or give --force to replace them",
            )
    signer = CryptoSigner.generate_ed25519()
    public = signer.public_key._crypto_key().public_bytes(  # noqa: SLF001 - its only accessor
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    directory.mkdir(parents=True, exist_ok=True)
    _write(key_path, signer.private_bytes, 0o600, force)
    _write(public_path, public, 0o644, force)
    return key_path, public_path, signer.public_key.keyid


def _write(path: Path, data: bytes, mode: int, force: bool) -> None:
    """``data`` in a new file of ``mode`` (created with it: never readable by others first)."""
    if force and (path.exists() or path.is_symlink()):
        path.unlink()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, mode)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.chmod(path, mode)


def _read_key_file(path: Path, what: str) -> bytes:
    try:
        info = path.stat()
    except OSError as exc:
        raise BadInputError(f"{what} {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise BadInputError(f"{what} {path}: not a regular file")
    if info.st_size > MAX_KEY_BYTES:
        raise BadInputError(f"{what} {path}: {info.st_size} bytes is not a key")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BadInputError(f"{what} {path}: {exc.strerror or exc}") from None


def _check_kind(key: object, path: Path, what: str) -> None:
    from cryptography.hazmat.primitives.asymmetric import ec, ed25519  # noqa: PLC0415

    ok = isinstance(key, (ed25519.Ed25519PrivateKey, ed25519.Ed25519PublicKey)) or (
        isinstance(key, (ec.EllipticCurvePrivateKey, ec.EllipticCurvePublicKey))
        and isinstance(key.curve, ec.SECP256R1)
    )
    if not ok:
        raise BadInputError(
            f"{what} {path}: a {type(key).__name__.removeprefix('_')}; envforge signs with "
            "ed25519 or ECDSA P-256",
            hint="envforge keys generate --out DIR makes one",
        )


def load_signer(path: Path, what: str = "--signing-key") -> CryptoSigner:
    """The signer of a PEM private key file (ed25519 or ECDSA P-256, unencrypted)."""
    from cryptography.hazmat.primitives.serialization import load_pem_private_key  # noqa: PLC0415
    from securesystemslib.signer import CryptoSigner  # noqa: PLC0415

    data = _read_key_file(path, what)
    try:
        key = load_pem_private_key(data, password=None)
    except TypeError:
        raise BadInputError(
            f"{what} {path}: the key is encrypted; envforge reads unencrypted PKCS#8 keys",
            hint="keep it on a file system only the signing account can read (mode 0600)",
        ) from None
    except (ValueError, Exception):  # noqa: BLE001 - cryptography raises several kinds on bad PEM
        raise BadInputError(
            f"{what} {path}: not a PEM private key", hint="envforge keys generate --out DIR"
        ) from None
    _check_kind(key, path, what)
    return CryptoSigner(key)


def load_public_key(path: Path, what: str = "--key") -> SSlibKey:
    """The verification key of a PEM public key file (``envforge.pub``)."""
    from cryptography.hazmat.primitives.serialization import load_pem_public_key  # noqa: PLC0415
    from securesystemslib.signer import SSlibKey  # noqa: PLC0415

    data = _read_key_file(path, what)
    try:
        key = load_pem_public_key(data)
    except (ValueError, Exception):  # noqa: BLE001
        raise BadInputError(
            f"{what} {path}: not a PEM public key",
            hint="give the envforge.pub that `envforge keys generate` wrote beside the key",
        ) from None
    _check_kind(key, path, what)
    return SSlibKey.from_crypto(key)


def seal(statement: dict[str, Any], signer: CryptoSigner | None) -> bytes:
    """``statement`` in a DSSE envelope (JSON bytes), signed by ``signer`` when there is one."""
    from securesystemslib.dsse import Envelope  # noqa: PLC0415

    envelope = Envelope(payload=canonical(statement), payload_type=PAYLOAD_TYPE, signatures={})
    if signer is not None:
        envelope.sign(signer)
    return json.dumps(envelope.to_dict(), sort_keys=True).encode()


def open_envelope(data: bytes, key: SSlibKey | None, *, allow_unsigned: bool) -> Opened:
    """The statement inside a DSSE envelope, once its signature checks with ``key``; unsigned
    envelopes only with ``allow_unsigned`` (and then only unsigned: a signature that does not
    check is never waved through). Raises EnvelopeError saying what is wrong."""
    from securesystemslib.dsse import Envelope  # noqa: PLC0415
    from securesystemslib.exceptions import (  # noqa: PLC0415
        UnverifiedSignatureError,
        VerificationError,
    )

    if len(data) > MAX_ENVELOPE_BYTES:
        raise EnvelopeError(f"the envelope is {len(data)} bytes (at most {MAX_ENVELOPE_BYTES})")
    try:
        document = json.loads(data)
        envelope = Envelope.from_dict(document)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise EnvelopeError(f"not a DSSE envelope ({type(exc).__name__})") from None
    if envelope.payload_type != PAYLOAD_TYPE:
        raise EnvelopeError(f"payload type {envelope.payload_type!r}, not {PAYLOAD_TYPE}")
    signed_by: str | None = None
    if envelope.signatures:
        if key is None:
            raise EnvelopeError("signed, and no --key was given to check the signature")
        try:
            signed_by = next(iter(envelope.verify([key], 1)))
        except (VerificationError, UnverifiedSignatureError, ValueError):
            ids = ", ".join(sorted(envelope.signatures)) or "none"
            why = (
                "its signature does not match its content (changed since it was signed)"
                if key.keyid in envelope.signatures
                else f"signed by another key (key id {ids[:16]}..., not {key.keyid[:16]}...)"
            )
            raise EnvelopeError(why) from None
    elif not allow_unsigned:
        raise EnvelopeError("unsigned (give --allow-unsigned to read unsigned statements)")
    try:
        statement = json.loads(envelope.payload)
    except ValueError:
        raise EnvelopeError("its payload is not JSON") from None
    if not isinstance(statement, dict):
        raise EnvelopeError("its payload is not a JSON object")
    return Opened(statement, signed_by)


def envelope_digest(data: bytes) -> str:
    """The ``sha256:`` digest of an envelope's bytes."""
    return "sha256:" + hashlib.sha256(data).hexdigest()
