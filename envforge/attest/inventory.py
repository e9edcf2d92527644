"""What an image ships, as its own interpreter and dpkg list it: ``SCRIPT`` runs inside the image
(no network, read-only, the probe's limits) and prints one JSON document; ``parse`` reads it back.
The image's output is untrusted: sizes, counts and every field are checked, and what does not fit
is left out, never trusted.
"""

from __future__ import annotations

import json
import re
from typing import TypeGuard

from .statements import DebianPackage, Inventory, PythonDist

__all__ = ["SCRIPT", "parse", "MAX_OUTPUT"]

SCRIPT = r"""
import hashlib, json, subprocess, sys
from importlib import metadata
dists = []
for dist in metadata.distributions():
    try:
        record = dist.read_text("RECORD")
    except Exception:
        record = None
    dists.append({
        "name": dist.metadata["Name"], "version": dist.version,
        "record_sha256": hashlib.sha256(record.encode()).hexdigest() if record else None,
    })
try:
    listed = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${Architecture}\n"],
        capture_output=True, text=True, timeout=60,
    ).stdout
except Exception:
    listed = ""
debian = [dict(zip(("name", "version", "architecture"), line.split("\t")))
          for line in listed.splitlines() if line.count("\t") == 2]
print(json.dumps({"python_version": sys.version.split()[0], "python": dists, "debian": debian}))
"""

MAX_OUTPUT = 8 * 1024 * 1024
MAX_ITEMS = 20_000
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}")
_VERSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+:~!-]{0,127}")
_HEX = re.compile(r"[0-9a-f]{64}")


def parse(stdout: str) -> Inventory:
    """The inventory ``SCRIPT`` printed (its last line); ValueError when there is none."""
    if len(stdout) > MAX_OUTPUT:
        raise ValueError(f"the inventory is {len(stdout)} bytes (at most {MAX_OUTPUT})")
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise ValueError("the image printed no inventory")
    document = json.loads(lines[-1])
    if not isinstance(document, dict):
        raise ValueError("the inventory is not a JSON object")
    python = []
    for item in _items(document.get("python")):
        name, version, record = item.get("name"), item.get("version"), item.get("record_sha256")
        if _fits(name, _NAME) and _fits(version, _VERSION):
            python.append(PythonDist(name, version, record if _fits(record, _HEX) else None))
    debian = []
    for item in _items(document.get("debian")):
        name, version, arch = item.get("name"), item.get("version"), item.get("architecture")
        if _fits(name, _NAME) and _fits(version, _VERSION) and _fits(arch, _NAME):
            debian.append(DebianPackage(name, version, arch))
    version = document.get("python_version")
    return Inventory(
        tuple(sorted(python, key=lambda d: d.name.lower())),
        tuple(sorted(debian, key=lambda p: p.name)),
        version if _fits(version, _VERSION) else None,
    )


def _items(value: object) -> list[dict[str, object]]:
    if not isinstance(value, list):
        return []
    return [item for item in value[:MAX_ITEMS] if isinstance(item, dict)]


def _fits(value: object, pattern: re.Pattern[str]) -> TypeGuard[str]:
    return isinstance(value, str) and pattern.fullmatch(value) is not None
