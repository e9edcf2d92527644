"""The nouns jobs return, and the one JSON envelope every ``--json`` prints.

One ``Verdict`` (the probe's vocabulary: the same value set in every document, with ``passed``
beside it), one ``Diagnosis`` (its layer from the codes registry), one schema version. Python names say ``cell_id``
and ``image_ref``; JSON says ``cell`` and ``image``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .expectations import Expectations
from .probe.checks import Check
from .probe.codes import layer_of
from .probe.vocabulary import Verdict

__all__ = [
    "SCHEMA_VERSION",
    "Verdict",
    "Diagnosis",
    "ContainerRun",
    "BuildResult",
    "Certificate",
    "CellResult",
    "pair_key",
    "envelope",
    "now",
]

SCHEMA_VERSION = 2  # of every --json document (1: before the envelope)


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Diagnosis:
    """A cause, with what shows it and what to do; ``layer`` comes from the codes registry."""

    code: str
    summary: str
    fix: str | None = None
    evidence: tuple[str, ...] = ()

    @property
    def layer(self) -> str:
        return layer_of(self.code)

    @classmethod
    def of(cls, check: Check) -> Diagnosis:
        return cls(check.code or "", check.summary, check.fix, check.evidence)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "layer": self.layer,
            "summary": self.summary,
            "fix": self.fix,
            "evidence": list(self.evidence),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Diagnosis:
        return cls(
            str(data["code"]),
            str(data.get("summary") or ""),
            data.get("fix"),
            tuple(str(e) for e in data.get("evidence") or ()),
        )


@dataclass(frozen=True)
class ContainerRun:
    """What running a command in a container gave (or on a node: see the cluster backend)."""

    exit_code: int | None  # None: it never finished (killed on timeout, the engine went away)
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False
    oom_killed: bool = False
    error: str | None = None  # the engine could not run it at all

    def log(self) -> str:
        """The probe log written beside a certificate."""
        return (
            f"# exit code {self.exit_code}; {self.seconds:.1f} s; timed out: {self.timed_out}; "
            f"OOM: {self.oom_killed}\n# --- stderr ---\n{self.stderr}\n# --- stdout ---\n{self.stdout}\n"
        )


@dataclass(frozen=True)
class BuildResult:
    cell_id: str
    image_id: str | None
    image_ref: str  # envforge/<cell>:<content hash>, empty when nothing was built
    content_hash: str
    base_image: str
    log_path: Path
    seconds: float
    cached: bool = False
    error: str | None = None
    image_size: int | None = None  # bytes, as the engine that built it reports

    @property
    def ok(self) -> bool:
        return self.image_id is not None and self.error is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.cell_id,
            "image": self.image_ref or None,
            "image_id": self.image_id,
            "content_hash": self.content_hash or None,
            "base_image": self.base_image,
            "cached": self.cached,
            "ok": self.ok,
            "error": self.error,
            "seconds": round(self.seconds, 2),
            "log": str(self.log_path),
            "image_size": self.image_size,
        }


@dataclass(frozen=True)
class Certificate:
    """The verdict on one cell's image on one host, with the checks and diagnoses behind it."""

    cell_id: str
    image_id: str | None
    image_ref: str | None
    host_fingerprint: str
    verdict: Verdict
    level_requested: int
    level_reached: int
    stopped_by: str | None  # why the next level was not reached
    expectations: Expectations
    checks: tuple[Check, ...] = ()
    diagnoses: tuple[Diagnosis, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    facts: dict[str, Any] | None = None
    created_at: str = field(default_factory=now)
    image_size: int | None = None  # bytes, as the engine that ran it reported

    def __bool__(self) -> bool:
        return self.verdict is Verdict.CERTIFIED

    def to_dict(self, *, checks: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "cell": self.cell_id,
            "image": self.image_ref,
            "image_id": self.image_id,
            "host_fingerprint": self.host_fingerprint,
            "verdict": self.verdict.value,
            "passed": bool(self),
            "level_requested": self.level_requested,
            "level": self.level_reached,
            "stopped_by": self.stopped_by,
            "expect": self.expectations.to_dict(),
            "diagnoses": [d.to_dict() for d in self.diagnoses],
            "timings": self.timings,
            "created_at": self.created_at,
            "image_size": self.image_size,
        }
        image_file = (self.facts or {}).get("image_file")
        if image_file:  # the file the probe ran from (charliecloud's SquashFS), by SHA-256
            data["image_file"] = image_file
        if checks:
            data["checks"] = [c.to_dict() for c in self.checks]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Certificate:
        """A certificate from ``to_dict`` (with ``facts`` where it was added): what a verdict
        statement carries. Raises KeyError, TypeError or ValueError on a document that is not one."""
        facts = data.get("facts")
        return cls(
            cell_id=str(data["cell"]),
            image_id=_optional_text(data.get("image_id")),
            image_ref=_optional_text(data.get("image")),
            host_fingerprint=str(data["host_fingerprint"]),
            verdict=Verdict(data["verdict"]),
            level_requested=int(data["level_requested"]),
            level_reached=int(data["level"]),
            stopped_by=_optional_text(data.get("stopped_by")),
            expectations=Expectations.from_dict(data.get("expect") or {}),
            checks=tuple(Check.from_dict(c) for c in data.get("checks") or ()),
            diagnoses=tuple(Diagnosis.from_dict(d) for d in data.get("diagnoses") or ()),
            timings={str(k): float(v) for k, v in (data.get("timings") or {}).items()},
            facts=dict(facts) if isinstance(facts, dict) else None,
            created_at=str(data.get("created_at") or now()),
            image_size=int(data["image_size"]) if data.get("image_size") is not None else None,
        )


def _optional_text(value: object) -> str | None:
    return None if value is None else str(value)


def pair_key(cell_id: str, node: str) -> str:
    """A (cell, node) pair as one word: unique in a run, safe as a file name on any file system."""
    return re.sub(r"[^A-Za-z0-9_.@-]", "_", f"{cell_id}@{node}")


@dataclass(frozen=True)
class CellResult:
    """One cell of a run on one host (``node``: a cluster node; None: this host): how its image
    was built and the certificate it got there."""

    cell_id: str
    build: BuildResult
    certificate: Certificate
    reused: bool = False  # an earlier certificate of the same image and host stands
    probe_log: Path | None = None
    node: str | None = None

    @property
    def key(self) -> str:
        """Unique in a run: the cell id, or the (cell, node) pair's key on a cluster."""
        return self.cell_id if self.node is None else pair_key(self.cell_id, self.node)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.certificate.to_dict(),
            "node": self.node,
            "base_image": self.build.base_image,
            "build_cached": self.build.cached,
            "reused_certificate": self.reused,
            "build_log": str(self.build.log_path),
            "probe_log": str(self.probe_log) if self.probe_log else None,
        }


def envelope(
    command: str,
    data: Any,
    *,
    run_id: str | None = None,
    errors: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The document every ``--json`` prints: ``schema_version``, ``command``, ``run_id``, ``data``,
    ``errors`` (each ``message``, ``hint``, ``exit_code``)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "command": command,
        "run_id": run_id,
        "data": data,
        "errors": errors or [],
    }
