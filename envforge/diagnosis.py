"""Diagnoses from evidence (pure): a log's lines, or a probe's failing checks.

One vocabulary (probe/codes.py): a log line matches a message signature of the failure catalogue
(bodies, not paths); benign lines (section Z) are never a cause, and a log with nothing recognisable
gives no diagnosis rather than a guess. Diagnoses come most likely first: failing before warning,
then in the catalogue's classifier order, then as first seen.
"""

from __future__ import annotations

from collections.abc import Iterable

from .probe.checks import Check
from .probe.codes import LAYERS, Code, info, layer_of
from .results import Diagnosis

__all__ = ["by_layer", "diagnose_log", "diagnose_checks", "merge", "is_trouble"]


def _rank(layer: str) -> int:
    return LAYERS.index(layer) if layer in LAYERS else len(LAYERS)


def diagnose_log(text: str, *, gpu_present: bool | None = None) -> list[Diagnosis]:
    """Every catalogued cause a log shows, most likely first (``log_reading.read_log`` without the
    knowledge base); benign noise never counts.

    ``gpu_present``: whether the machine has an NVIDIA GPU (None: only if the log itself shows one);
    lines section Z calls benign on a machine without a GPU are causes only where there is one.
    """
    from .log_reading import read_log  # noqa: PLC0415 - the log side, only when a log is read

    return list(read_log(text, gpu_present=gpu_present).diagnoses)


def diagnose_checks(checks: Iterable[Check]) -> list[Diagnosis]:
    """Diagnoses from a probe's failing, warning and skipped checks that carry a code."""
    found: dict[str, tuple[int, Check, list[str]]] = {}
    for index, check in enumerate(checks):
        if not check.code or check.status not in ("fail", "warn", "skip"):
            continue
        _, first, lines = found.setdefault(check.code, (index, check, []))
        for line in check.evidence or (check.summary,):
            if line not in lines:
                lines.append(line)
    failing = {c.code for _, c, _ in found.values() if c.status == "fail"}
    ordered = sorted(
        found.values(),
        key=lambda item: (
            item[1].code not in failing,
            item[1].code == Code.CPU_ONLY_HOST_BENIGN,
            _rank(layer_of(item[1].code or "")),
            item[0],
        ),
    )
    return [
        Diagnosis(c.code or "", c.summary, c.fix or _fix(c.code), tuple(lines))
        for _, c, lines in ordered
    ]


def _fix(code: str | None) -> str | None:
    found = info(code) if code else None
    return found.fix if found else None


def merge(first: list[Diagnosis], more: list[Diagnosis]) -> list[Diagnosis]:
    """``first``, then those of ``more`` whose code ``first`` does not already name."""
    seen = {d.code for d in first}
    return [*first, *(d for d in more if d.code not in seen)]


def by_layer(diagnoses: Iterable[Diagnosis]) -> list[Diagnosis]:
    """In the catalogue's classifier order (stable: as given within a layer)."""
    return sorted(diagnoses, key=lambda d: _rank(d.layer))


def is_trouble(diagnoses: Iterable[Diagnosis]) -> bool:
    """Whether anything but benign notes (no GPU on this host, TensorRT missing) was found."""
    return any(layer_of(d.code) != "benign" for d in diagnoses)
