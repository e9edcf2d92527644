"""``envforge forge``: the newest known-good image for a driver and GPU, built, certified, tagged, locked.

Candidates are TensorFlow releases matching the spec, newest first, each on the newest Python the
release supports that a base gives; a candidate is taken when the knowledge base says it works with the
driver and GPU (``explain``) and no past certification of that cell on a host with the same driver and
GPUs failed. It is built and certified; if certification fails, the next candidate is tried. The
winner is tagged and a lock file is written beside it: image digest, pip freeze with hashes, certificate.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name

from .build import BuildSettings
from .certify import Verdict
from .engine import Engine
from .errors import BadInputError, CheckFailedError, NothingSelectedError
from .host import HostInfo
from .knowledge import KnowledgeBase
from .knowledge.explain import explain
from .matrix import Cell
from .runner import CellOutcome, CertifyOptions, certify_cells
from .stacks import Unsupported, resolve_stack
from .store import Store
from .versions import series

__all__ = ["Candidate", "ForgeResult", "candidates", "forge", "tf_spec"]


@dataclass(frozen=True)
class Candidate:
    cell: Cell
    reasons: list[str]


@dataclass
class ForgeResult:
    outcome: CellOutcome
    tag: str
    lock_path: Path
    tried: list[dict[str, Any]] = field(default_factory=list)


def tf_spec(text: str) -> SpecifierSet:
    """'2.21' -> ==2.21.*; '2.21.0' -> ==2.21.0; '>=2.15,<2.20' as written."""
    text = text.strip()
    if text and text[0].isdigit():
        return SpecifierSet(f"=={text}.*" if text.count(".") == 1 else f"=={text}")
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise BadInputError(f"--tf {text}: not a version or range (e.g. 2.21, '>=2.17')") from None


def _blocked(store: Store | None, cell_id: str, host: HostInfo) -> str | None:
    if store is None:
        return None
    hosts = store.hosts()
    same = {
        fp
        for fp, info in hosts.items()
        if info.get("driver") == host.driver
        and [g["name"] for g in info.get("gpus") or []] == [g.name for g in host.gpus]
    }
    latest = None
    for record in store.certificates():
        cert = record.certificate
        if cert.cell_id == cell_id and cert.host_fingerprint in same:
            latest = cert
    if latest is not None and latest.verdict is not Verdict.CERTIFIED:
        codes = ", ".join(d.code for d in latest.diagnoses) or latest.verdict.value
        return f"certified before on a host with this driver and GPUs: {latest.verdict.value} ({codes})"
    return None


def candidates(
    kb: KnowledgeBase,
    *,
    spec: SpecifierSet,
    python: str | None,
    driver: str | None,
    gpu: str | None,
    accelerator: str,
    host: HostInfo | None = None,
    store: Store | None = None,
) -> tuple[list[Candidate], list[dict[str, Any]]]:
    """(acceptable candidates newest first, rejected ones with reasons)."""
    stack = "tf-cuda-pip" if accelerator == "cuda" else "tf-cpu"
    accepted: list[Candidate] = []
    rejected: list[dict[str, Any]] = []
    releases = [r for r in kb.tensorflow.releases if spec.contains(r.tf, prereleases=True)]
    if not releases:
        raise NothingSelectedError(f"no TensorFlow release in the knowledge base matches {spec}")
    for release in sorted(releases, key=lambda r: r.tf, reverse=True):
        pythons = [python] if python else list(reversed(release.python.minors()))
        for py in pythons:
            values = {"stack": stack, "tf": str(release.tf), "python": py}
            cell_id = f"forge-{stack}-tf{release.tf}-py{py}"
            try:
                spec_ = resolve_stack(values, kb)
            except Unsupported as exc:
                rejected.append({"cell": cell_id, "reason": exc.reason})
                continue
            why = explain(kb, tf=str(release.tf), python=py, driver=driver, gpu=gpu)
            if why.compatible is False:
                rejected.append({"cell": cell_id, "reason": why.failures[0]})
                continue
            blocked = _blocked(store, cell_id, host) if host else None
            if blocked:
                rejected.append({"cell": cell_id, "reason": blocked})
                continue
            accepted.append(
                Candidate(
                    Cell(id=cell_id, values=tuple(sorted(values.items())), spec=spec_), why.reasons
                )
            )
            break  # the newest Python that works for this release
    return accepted, rejected


def _lock(
    engine: Engine,
    outcome: CellOutcome,
    tag: str,
    settings: BuildSettings,
    options: CertifyOptions,
    host: HostInfo,
    directory: Path,
) -> Path:
    freeze = engine.run(
        tag,
        ["python3", "-m", "pip", "freeze", "--all"],
        labels={"io.envforge.role": "forge-freeze"},
        timeout_s=120,
        hardening=options.hardening,
    )
    hashes: dict[str, str] = {}
    if settings.wheelhouse is not None:
        for wheel in settings.wheelhouse.resolve(outcome.cell.spec).wheels:
            name, version = wheel.name.split("-")[:2]
            hashes[f"{canonicalize_name(name)}=={version}"] = hashlib.sha256(
                wheel.read_bytes()
            ).hexdigest()
    requirements = []
    for line in freeze.stdout.splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)$", line.strip())
        if not match:
            continue
        key = f"{canonicalize_name(match.group(1))}=={match.group(2)}"
        requirements.append(f"{key} --hash=sha256:{hashes[key]}" if key in hashes else key)
    cert = outcome.certificate
    lock = {
        "schema_version": 1,
        "image": tag,
        "image_id": outcome.build.image_id,
        "cell": outcome.cell.id,
        "stack": outcome.cell.spec.stack,
        "base_image": outcome.build.base_image,
        "requirements": requirements,
        "hashes_from": str(settings.wheelhouse.directory) if settings.wheelhouse else None,
        "certificate": cert.summary(full=True),
        "host": host.to_dict(),
    }
    path = directory / (re.sub(r"[^A-Za-z0-9_.-]+", "_", tag) + ".lock.json")
    path.write_text(
        json.dumps(lock, indent=2, sort_keys=True, default=str) + "\n", encoding="utf-8"
    )
    return path


def forge(
    *,
    engine: Engine,
    kb: KnowledgeBase,
    store: Store,
    host: HostInfo,
    settings: BuildSettings,
    options: CertifyOptions,
    found: list[Candidate],
    tag: str | None,
    directory: Path,
    reporter: Any = None,
) -> ForgeResult:
    """Build and certify candidates in order until one is certified; tag and lock it."""
    tried: list[dict[str, Any]] = []
    for candidate in found:
        [outcome] = certify_cells(
            engine=engine,
            cells=(candidate.cell,),
            store=store,
            host=host,
            settings=settings,
            options=options,
            reporter=reporter,
            gpu_peaks=kb.gpu_peaks(),
        )
        cert = outcome.certificate
        tried.append(
            {
                "cell": candidate.cell.id,
                "verdict": cert.verdict.value,
                "level": cert.level_reached,
                "diagnoses": [d.code for d in cert.diagnoses],
            }
        )
        if cert and outcome.build.image_id:
            name = tag or f"envforge/forge:{candidate.cell.id}"
            engine.tag(
                outcome.build.image_id, name if ":" in name.rsplit("/", 1)[-1] else f"{name}:latest"
            )
            lock = _lock(engine, outcome, name, settings, options, host, directory)
            return ForgeResult(outcome, name, lock, tried)
    raise CheckFailedError(
        "no candidate was certified on this host: "
        + "; ".join(f"{t['cell']}: {t['verdict']} {','.join(t['diagnoses'])}" for t in tried),
        hint="see envforge report, or widen --tf",
    )


def describe(cell: Cell) -> str:
    spec = cell.spec
    return f"TensorFlow {spec.framework_version} on Python {series(spec.python)} ({spec.stack}, {spec.target()})"
