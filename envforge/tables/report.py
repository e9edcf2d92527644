"""The compatibility report's data, from certification records (pure).

An ``Entry`` is the newest certificate of one cell (an image) on one host or node; ``CellFacts`` is
what a reader looks up about the cell's image: framework, Keras, Python, CUDA and cuDNN it was built
for and what it ships, the lowest driver it runs on (natively and through minor-version
compatibility), its SASS/PTX targets, size, digest and date. ``report_page`` lays these out;
``to_dict`` is the JSON form that ``report.schema.json`` describes.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import resources
from typing import Any

from ..host import HostInfo
from ..probe.checks import Check
from ..probe.vocabulary import Verdict
from ..store import StoredCertificate

__all__ = [
    "Drivers",
    "Report",
    "Entry",
    "CellFacts",
    "HostColumn",
    "ReportFilter",
    "build_report",
    "cell_facts",
    "to_dict",
    "report_schema",
]

Drivers = Callable[[str], tuple[str | None, str | None]]  # CUDA series -> (native, minor-version)


@dataclass(frozen=True)
class HostColumn:
    fingerprint: str
    label: str
    info: HostInfo | None

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.fingerprint


@dataclass(frozen=True)
class Entry:
    cell: str
    host: str
    verdict: str
    level: int
    image: str | None
    image_id: str | None
    run_id: str
    created_at: str
    stopped_by: str | None
    diagnoses: list[dict[str, Any]]
    checks: list[Check]
    probe_s: float | None
    speedup: float | None  # GPU over CPU samples/s of the L3 model check, where measured

    def short(self) -> str:
        """'FAILED L0 (CUDNN_VERSION_MISMATCH)': the verdict, the level, the first cause."""
        text = f"{self.verdict} L{self.level}"
        if self.verdict != Verdict.CERTIFIED and self.diagnoses:
            text += f" ({self.diagnoses[0]['code']})"
        return text


@dataclass(frozen=True)
class CellFacts:
    stack: str
    framework: str | None  # "tensorflow 2.21.0"
    keras: str | None  # "keras 3.15.1"
    python_built: str | None
    python_shipped: str | None
    cuda_built: str | None
    cuda_shipped: str | None
    cudnn_built: str | None
    cudnn_shipped: str | None
    min_driver: str | None  # the lowest driver that runs it natively
    min_driver_mvc: str | None  # ... through CUDA minor-version compatibility
    sass: tuple[str, ...]
    ptx: str | None
    image_size: int | None
    digest: str | None  # the image id (sha256 of its config): the same on every host
    repo_digests: tuple[str, ...]  # where it was pushed, by digest
    date: str  # of the newest certificate
    level: int  # the highest level reached on any host


@dataclass(frozen=True)
class Report:
    hosts: list[HostColumn]
    cells: list[str]
    entries: dict[tuple[str, str], Entry] = field(default_factory=dict)
    facts: dict[str, CellFacts] = field(default_factory=dict)
    generated_at: str = field(
        default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds")
    )

    def stacks(self) -> list[str]:
        return sorted({f.stack for f in self.facts.values()})


@dataclass(frozen=True)
class ReportFilter:
    """Which records a report shows: stacks, certificates at or after ``since`` (ISO date or
    time), hosts or nodes by name, label or fingerprint (glob patterns)."""

    stacks: tuple[str, ...] = ()
    since: str | None = None
    hosts: tuple[str, ...] = ()

    def keeps(self, record: StoredCertificate, stack: str, host: HostInfo | None) -> bool:
        cert = record.certificate
        if self.stacks and stack not in self.stacks:
            return False
        if self.since and cert.created_at < self.since:
            return False
        if self.hosts:
            names = [cert.host_fingerprint, *((host.name, host.label()) if host else ())]
            if not any(fnmatch.fnmatchcase(n, p) for n in names for p in self.hosts):
                return False
        return True


def stack_of(cell: str, stacks: Iterable[str]) -> str:
    """The stack a cell id starts with (the longest that fits); 'image' for a foreign image."""
    fits = [s for s in stacks if cell == s or cell.startswith(f"{s}-")]
    return max(fits, key=len) if fits else "image"


def _speedup(facts: dict[str, Any] | None) -> float | None:
    models = ((facts or {}).get("device") or {}).get("models") or []
    by = {
        (m.get("device"), m.get("batch")): m.get("samples_per_s")
        for m in models
        if isinstance(m, dict) and not m.get("error")
    }
    gpu, cpu = by.get(("gpu", 256)), by.get(("cpu", 256))
    return round(gpu / cpu, 2) if gpu and cpu else None


def _library(facts: dict[str, Any], name: str) -> str | None:
    for lib in facts.get("libraries") or ():
        if isinstance(lib, dict) and lib.get("name") == name and lib.get("loaded"):
            return str(lib.get("version") or "") or None
    return None


def _get(facts: dict[str, Any], *path: str) -> Any:
    node: Any = facts
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def cell_facts(
    record: StoredCertificate,
    stack: str,
    drivers: Drivers,
    repo_digests: tuple[str, ...] = (),
    level: int = 0,
) -> CellFacts:
    """What ``record``'s image was built for (its expectations) and ships (its probe's facts)."""
    cert, facts = record.certificate, record.certificate.facts or {}
    expect = cert.expectations
    framework = _get(facts, "framework", "name") or expect.framework
    version = _get(facts, "framework", "version") or expect.framework_version
    keras = _get(facts, "framework", "keras_version")
    keras_package = _get(facts, "framework", "keras_package") or "keras"
    build = _get(facts, "framework", "build") or {}
    native, mvc = drivers(expect.cuda) if expect.cuda else (None, None)
    return CellFacts(
        stack=stack,
        framework=f"{framework} {version}" if framework and version else framework,
        keras=f"{keras_package} {keras}" if keras else None,
        python_built=expect.python,
        python_shipped=_get(facts, "python", "version"),
        cuda_built=expect.cuda
        or (str(build.get("cuda_version")) if build.get("cuda_version") else None),
        cuda_shipped=_library(facts, "cudart"),
        cudnn_built=expect.cudnn
        or (str(build.get("cudnn_version")) if build.get("cudnn_version") else None),
        cudnn_shipped=_library(facts, "cudnn"),
        min_driver=native,
        min_driver_mvc=mvc,
        sass=expect.sass,
        ptx=expect.ptx,
        image_size=cert.image_size,
        digest=cert.image_id,
        repo_digests=repo_digests,
        date=cert.created_at,
        level=level,
    )


def build_report(
    records: list[StoredCertificate],
    hosts: dict[str, HostInfo],
    *,
    stacks: Iterable[str] = (),
    drivers: Drivers = lambda cuda: (None, None),
    pushes: Iterable[tuple[str, str]] = (),
    only: ReportFilter = ReportFilter(),
) -> Report:
    """The newest certificate of every (cell, host) pair that ``only`` keeps, and each cell's facts
    from its newest certificate (one with probe facts, where there is one)."""
    stacks = tuple(stacks)
    digests: dict[str, list[str]] = {}
    for image_id, repo_digest in pushes:
        digests.setdefault(image_id, []).append(repo_digest)
    latest: dict[tuple[str, str], StoredCertificate] = {}
    for record in records:  # ordered by id: later ones win
        cert = record.certificate
        if only.keeps(record, stack_of(cert.cell_id, stacks), hosts.get(cert.host_fingerprint)):
            latest[(cert.cell_id, cert.host_fingerprint)] = record
    entries: dict[tuple[str, str], Entry] = {}
    newest: dict[str, StoredCertificate] = {}
    levels: dict[str, int] = {}  # the highest level each cell reached on any host
    for (cell, host), record in latest.items():
        cert = record.certificate
        entries[(cell, host)] = Entry(
            cell=cell,
            host=host,
            verdict=cert.verdict.value,
            level=cert.level_reached,
            image=cert.image_ref,
            image_id=cert.image_id,
            run_id=record.run_id,
            created_at=cert.created_at,
            stopped_by=cert.stopped_by,
            diagnoses=[d.to_dict() for d in cert.diagnoses],
            checks=list(cert.checks),
            probe_s=cert.timings.get("probe_s"),
            speedup=_speedup(cert.facts),
        )
        levels[cell] = max(levels.get(cell, 0), cert.level_reached)
        best = newest.get(cell)
        if best is None or (bool(cert.facts), record.id) > (bool(best.certificate.facts), best.id):
            newest[cell] = record
    facts = {
        cell: cell_facts(
            record,
            stack_of(cell, stacks),
            drivers,
            tuple(sorted(digests.get(record.certificate.image_id or "", ()))),
            level=levels[cell],
        )
        for cell, record in newest.items()
    }
    columns = [
        HostColumn(fp, hosts[fp].label() if fp in hosts else f"{fp}: unknown host", hosts.get(fp))
        for fp in sorted({host for _, host in entries})
    ]
    return Report(hosts=columns, cells=sorted(newest), entries=entries, facts=facts)


def to_dict(report: Report) -> dict[str, Any]:
    """The report as ``report.schema.json`` describes it."""
    return {
        "generated_at": report.generated_at,
        "hosts": [
            {
                "fingerprint": h.fingerprint,
                "label": h.label,
                "info": h.info.to_dict() if h.info else None,
            }
            for h in report.hosts
        ],
        "cells": [{"cell": cell, **_facts_dict(report.facts[cell])} for cell in report.cells],
        "entries": [
            {
                "cell": e.cell,
                "host": e.host,
                "verdict": e.verdict,
                "passed": e.verdict == Verdict.CERTIFIED,
                "level": e.level,
                "image": e.image,
                "image_id": e.image_id,
                "run_id": e.run_id,
                "created_at": e.created_at,
                "stopped_by": e.stopped_by,
                "diagnoses": e.diagnoses,
                "checks": [c.to_dict() for c in e.checks],
                "probe_s": e.probe_s,
                "gpu_cpu_speedup": e.speedup,
            }
            for e in sorted(report.entries.values(), key=lambda e: (e.cell, e.host))
        ],
    }


def _facts_dict(facts: CellFacts) -> dict[str, Any]:
    data = {k: getattr(facts, k) for k in CellFacts.__dataclass_fields__}
    data["sass"] = list(facts.sass)
    data["repo_digests"] = list(facts.repo_digests)
    return data


def report_schema() -> dict[str, Any]:
    """The JSON Schema of ``envforge report --format json`` (shipped as report.schema.json)."""
    text = resources.files(__package__).joinpath("report.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
