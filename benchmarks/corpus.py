"""The corpus of real failure logs (tests/fixtures/logs/corpus/): its entries and its split.

Each entry is a ``.log`` as posted and a ``.yaml`` of what its thread established (see the corpus
README). An entry's part is fixed by its source URL alone: ``held-out`` when the SHA-256 of the
normalised URL, read as an integer, is divisible by 3, else ``dev``. Rules are written and debugged
on dev entries only; held-out entries are scored, never read to write a rule.

Logs recorded on a GPU host with their causes made on purpose (tests/fixtures/logs/recorded/, by
scripts/record-gpu-logs) are entries of the same shape in a part of their own, ``recorded``: their
source is ``recorded:<host>/<scenario>``, not a thread.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import yaml

__all__ = ["CORPUS", "RECORDED", "Entry", "load", "normalise_url", "part_of", "HEALTHY"]

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "logs" / "corpus"
RECORDED = CORPUS.parent / "recorded"
HEALTHY = "HEALTHY"


def normalise_url(url: str) -> str:
    """Scheme and host lower-cased, no fragment, no trailing slash (a comment's anchor and a
    thread's address name one thread)."""
    parts = urlsplit(url.strip())
    path = parts.path.rstrip("/")
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


def part_of(url: str) -> str:
    if url.startswith("recorded:"):
        return "recorded"
    digest = int(hashlib.sha256(normalise_url(url).encode()).hexdigest(), 16)
    return "held-out" if digest % 3 == 0 else "dev"


@dataclass(frozen=True)
class Entry:
    name: str  # area/slug
    log: Path
    source: str
    expected: str  # a code, or HEALTHY
    also: tuple[str, ...]
    evidence: tuple[str, ...]
    platform: str
    runtime: str
    framework: str
    meta: dict[str, object] = field(repr=False, compare=False, default_factory=dict)

    @property
    def part(self) -> str:
        return part_of(self.source)

    @property
    def read(self) -> bool:
        """A held-out log read while rules were written (``read: true``): not scored as held-out."""
        return self.meta.get("read") is True

    @property
    def healthy(self) -> bool:
        return self.expected == HEALTHY

    @property
    def accepted(self) -> set[str]:
        """Codes that name this log's cause rightly."""
        return {self.expected, *self.also}

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def load(root: Path = CORPUS, part: str | None = None) -> list[Entry]:
    """Every entry (of ``part``: ``dev`` or ``held-out``), in name order."""
    entries = []
    for meta_path in sorted(root.glob("*/*.yaml")):
        meta = yaml.safe_load(meta_path.read_text(encoding="utf-8"))
        entry = Entry(
            name=f"{meta_path.parent.name}/{meta_path.stem}",
            log=meta_path.with_suffix(".log"),
            source=str(meta["source"]),
            expected=str(meta["expected"]),
            also=tuple(str(c) for c in meta.get("also") or ()),
            evidence=tuple(str(e) for e in meta.get("evidence") or ()),
            platform=str(meta.get("platform") or "unknown"),
            runtime=str(meta.get("runtime") or "unknown"),
            framework=str(meta.get("framework") or "unknown"),
            meta=meta,
        )
        if part is None or entry.part == part:
            entries.append(entry)
    return entries
