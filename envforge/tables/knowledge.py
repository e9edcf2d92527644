"""The knowledge base published as the tables people look up, each row with its source and, beside
each published claim, envforge's own evidence from its records (pure).

Tables: TensorFlow's tested builds (Python, CUDA, cuDNN, Keras, SASS/PTX), CUDA and its minimum
drivers, GPUs with their compute capability and the wheels that cover them, Keras and TensorFlow,
ROCm and TensorFlow. Evidence reads "certified here: L1 on 3 nodes", "FAILED here on 1 host
(CODE)" or "never built".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

from .. import __version__
from ..host import HostInfo
from ..knowledge import KnowledgeBase
from ..knowledge.driver import releases_covering
from ..knowledge.models import TFKeras
from ..probe.vocabulary import Status, Verdict
from ..results import Certificate
from ..versions import series
from .page import Cell, Page, Table

__all__ = ["Evidence", "TABLES", "knowledge_page"]


@dataclass(frozen=True)
class Evidence:
    """What envforge recorded: each certificate with the host or node it ran on."""

    records: tuple[tuple[Certificate, HostInfo | None], ...] = ()

    def about(self, keep: Keep) -> Cell:
        """One cell of evidence on the certificates ``keep`` selects (the newest per image and
        host)."""
        latest: dict[tuple[str, str], tuple[Certificate, HostInfo | None]] = {}
        for cert, host in self.records:
            if keep(cert, host):
                latest[(cert.cell_id, cert.host_fingerprint)] = (cert, host)
        if not latest:
            return Cell("never built", status=Status.SKIP)
        certified = [(c, h) for c, h in latest.values() if c.verdict is Verdict.CERTIFIED]
        if certified:
            level = max(c.level_reached for c, _ in certified)
            hosts = {c.host_fingerprint for c, _ in certified if c.level_reached == level}
            kind = "node" if any(h and h.node for _, h in certified) else "host"
            plural = "s" if len(hosts) != 1 else ""
            return Cell(
                f"certified here: L{level} on {len(hosts)} {kind}{plural}", Status.PASS, sort=level
            )
        newest = max((c for c, _ in latest.values()), key=lambda c: c.created_at)
        code = f" ({newest.diagnoses[0].code})" if newest.diagnoses else ""
        status = newest.verdict.status
        hosts_n = len({c.host_fingerprint for c, _ in latest.values()})
        return Cell(f"{newest.verdict.value} here on {hosts_n} host(s){code}", status, sort=-1)


Keep = Callable[[Certificate, HostInfo | None], bool]


def _series_of(value: str | None) -> str | None:
    try:
        return series(Version(value)) if value else None
    except InvalidVersion:
        return None


def _tf_series(tf: Version) -> Keep:
    def keep(cert: Certificate, host: HostInfo | None) -> bool:
        e = cert.expectations
        return e.framework == "tensorflow" and _series_of(e.framework_version) == series(tf)

    return keep


def _tf_in(spec: SpecifierSet) -> Keep:
    def keep(cert: Certificate, host: HostInfo | None) -> bool:
        e = cert.expectations
        return (
            e.framework == "tensorflow"
            and bool(e.framework_version)
            and (Version(str(e.framework_version)) in spec)
        )

    return keep


def _cuda_series(cuda: Version) -> Keep:
    return lambda cert, host: _series_of(cert.expectations.cuda) == series(cuda)


def _rocm_series(rocm: Version) -> Keep:
    return lambda cert, host: _series_of(cert.expectations.rocm) == series(rocm)


def _gpu_in(names: set[str]) -> Keep:
    """A GPU level reached on a host with one of ``names`` (as nvidia-smi or the probe says them)."""

    def keep(cert: Certificate, host: HostInfo | None) -> bool:
        return (
            cert.level_reached >= 2
            and host is not None
            and any(g.name.lower().removeprefix("nvidia ").strip() in names for g in host.gpus)
        )

    return keep


def _source(kb: KnowledgeBase, row_source: str, confidence: str) -> Cell:
    return Cell(f"{row_source} ({confidence})", details=(kb.source_text(row_source),))


def _range(spec: SpecifierSet) -> str:
    """'>=2.6,<2.16': the lower bound first, as people write a range."""
    return ",".join(sorted((str(s) for s in spec), key=lambda s: (not s.startswith(">"), s)))


def _tf_keras(keras: TFKeras | None, tf: Version) -> str:
    """'Keras 2 (keras>=2.15,<2.16)': what tf.keras is in ``tf``, its pin written out."""
    if keras is None:
        return "?"
    if not keras.package:
        return f"Keras {keras.major}"
    pin = keras.package.format(series=series(tf), next_series=f"{tf.major}.{tf.minor + 1}")
    return f"Keras {keras.major} ({pin})"


_SOURCE_ID = re.compile(r"\bS-[A-Z0-9-]+\b")


def _sources(
    kb: KnowledgeBase, rows: Sequence[Sequence[Cell]], column: int
) -> tuple[tuple[str, str], ...]:
    """The source ids that ``rows`` cite in ``column``, with their citations."""
    known = kb.sources
    ids = dict.fromkeys(i for row in rows for i in _SOURCE_ID.findall(row[column].text))
    return tuple((i, known[i]) for i in ids if i in known)


def _tf_builds(kb: KnowledgeBase, evidence: Evidence) -> Table:
    rows = []
    for r in kb.tensorflow.releases:
        caps = kb.tf_compute_capabilities(r.tf)
        keras = kb.tf_keras(r.tf)
        sass = ", ".join(str(s) for s in caps.sass) if caps else "?"
        ptx = f" / PTX {caps.ptx}" if caps and caps.ptx else ""
        rows.append(
            (
                Cell(series(r.tf), sort=float(f"{r.tf.major}.{r.tf.minor:03d}")),
                Cell(str(r.python)),
                Cell(str(r.cuda)),
                Cell(str(r.cudnn)),
                Cell(_tf_keras(keras, r.tf)),
                Cell(sass + ptx),
                _source(kb, r.source, r.confidence),
                evidence.about(_tf_series(r.tf)),
            )
        )
    return Table(
        "tf-builds",
        "TensorFlow tested builds: Python, CUDA, cuDNN",
        ("TensorFlow", "Python", "CUDA", "cuDNN", "tf.keras", "SASS / PTX", "source", "evidence"),
        tuple(rows),
        sources=_sources(kb, rows, 6),
        caption="What each release was built and tested with (tensorflow.org's tested build "
        "configurations), and whether envforge certified an image of it.",
    )


def _cuda_drivers(kb: KnowledgeBase, evidence: Evidence) -> Table:
    rows = []
    for t in kb.cuda.toolkits:
        compat = kb.minor_version_compat(t.cuda.major)
        rows.append(
            (
                Cell(str(t.cuda), sort=float(f"{t.cuda.major}.{t.cuda.minor:03d}{t.cuda.micro}")),
                Cell(t.linux or "unknown"),
                Cell(t.windows or "unknown"),
                Cell(f"{compat.floor} (branch {compat.branch_min}+)" if compat else "-"),
                _source(kb, t.source, t.confidence),
                evidence.about(_cuda_series(t.cuda)),
            )
        )
    return Table(
        "cuda-drivers",
        "CUDA and the minimum NVIDIA driver",
        (
            "CUDA",
            "Linux driver >=",
            "Windows driver >=",
            "minor-version compatibility",
            "source",
            "evidence",
        ),  # fmt: skip
        tuple(rows),
        sources=_sources(kb, rows, 4),
        caption="Native: the toolkit's own minimum (Table 3). Minor-version compatibility: any "
        "driver of the major's floor runs it, without PTX newer than the driver.",
    )


def _wheels_covering(kb: KnowledgeBase, cc: Version) -> str:
    native, jit = releases_covering(kb, cc)
    parts = []
    for name, found in (("SASS", native), ("PTX JIT", jit)):
        if found:
            low, high = min(found), max(found)
            span = series(low) if low == high else f"{series(low)}-{series(high)}"
            parts.append(f"TF {span} ({name})")
    return "; ".join(parts) or "no TensorFlow wheel"


def _gpus(kb: KnowledgeBase, evidence: Evidence) -> Table:
    rows = []
    by_name = sorted(kb.gpus.gpus, key=lambda g: g.name)
    for g in sorted(by_name, key=lambda g: g.cc, reverse=True):
        names = {g.name.lower(), *(a.lower() for a in g.aliases)}
        rows.append(
            (
                Cell(g.name),
                Cell(str(g.cc), sort=float(g.cc.major * 10 + g.cc.minor)),
                Cell(g.architecture),
                Cell(g.segment),
                Cell(_wheels_covering(kb, g.cc)),
                _source(kb, g.source, g.confidence),
                evidence.about(_gpu_in(names)),
            )
        )
    return Table(
        "gpus",
        "GPUs: compute capability and the TensorFlow wheels that cover them",
        (
            "GPU",
            "compute capability",
            "architecture",
            "segment",
            "official wheels",
            "source",
            "evidence",
        ),  # fmt: skip
        tuple(rows),
        sources=_sources(kb, rows, 5),
        caption="SASS: the wheel has kernels for it; PTX JIT: compiled at first use. Evidence "
        "counts a GPU level (L2 or L3) reached on a host with this GPU.",
    )


def _keras_tf(kb: KnowledgeBase, evidence: Evidence) -> Table:
    rows = []
    for k in kb.tensorflow.keras:
        rows.append(
            (
                Cell(_range(k.tf)),
                Cell(f"Keras {k.major}"),
                Cell(
                    k.package.format(series="X.Y", next_series="X.(Y+1)")
                    + (" (X.Y: the release's own series)" if "{series}" in k.package else "")
                    if k.package
                    else "bundled in TensorFlow"
                ),
                _source(kb, k.source, k.confidence),
                evidence.about(_tf_in(k.tf)),
            )
        )
    return Table(
        "keras-tf",
        "Keras and TensorFlow",
        ("TensorFlow", "tf.keras is", "package", "source", "evidence"),
        tuple(rows),
        sources=_sources(kb, rows, 3),
    )


def _rocm_tf(kb: KnowledgeBase, evidence: Evidence) -> Table:
    rows = []
    for r in kb.rocm.tensorflow:
        rows.append(
            (
                Cell(str(r.rocm), sort=float(f"{r.rocm.major}.{r.rocm.minor:03d}")),
                Cell(", ".join(str(t) for t in r.tf)),
                _source(kb, r.source, r.confidence),
                evidence.about(_rocm_series(r.rocm)),
            )
        )
    return Table(
        "rocm-tf",
        "ROCm and TensorFlow",
        ("ROCm", "TensorFlow (tensorflow-rocm)", "source", "evidence"),
        tuple(rows),
        sources=_sources(kb, rows, 2),
    )


TABLES: dict[str, Callable[[KnowledgeBase, Evidence], Table]] = {
    "tf-builds": _tf_builds,
    "cuda-drivers": _cuda_drivers,
    "gpus": _gpus,
    "keras-tf": _keras_tf,
    "rocm-tf": _rocm_tf,
}


def knowledge_page(
    kb: KnowledgeBase, evidence: Evidence, names: tuple[str, ...] = (), *, evidence_from: str = ""
) -> Page:
    """The tables ``names`` (every one when empty) as a page."""
    chosen = names or tuple(TABLES)
    return Page(
        title="envforge knowledge base",
        meta=f"{len(chosen)} table(s) from envforge {__version__}'s knowledge base; evidence from "
        + (evidence_from or "no results database (nothing certified here yet)"),
        sections=tuple(TABLES[name](kb, evidence) for name in chosen),
        legend="Confidence: primary (the publisher's own page or file), secondary (a copy or a "
        "datasheet), inferred (derived by envforge), unconfirmed (not yet checked; shown as "
        "unknown where a value is missing).",
    )
