"""One check: what was compared, its status, and the code, evidence and fix when it is not a pass.

Statuses (``vocabulary.Status``): ``pass``, ``warn`` (works, with a cost or a risk), ``skip`` (could
not be checked here), ``fail``. A passing L3 check may carry the ``code`` of the cause it measures (what a batch too small
costs on this GPU, say) and that measured ``figure``; only failing and warning checks are diagnoses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Tuple

from ..codes import CODES, Code
from ..vocabulary import Status

__all__ = ["Check", "STATUSES", "passed", "failed", "warned", "skipped"]

STATUSES = tuple(status.value for status in Status)


@dataclass(frozen=True)
class Check:
    id: str
    level: int
    status: Status
    summary: str
    code: Optional[str] = None
    evidence: Tuple[str, ...] = ()
    fix: Optional[str] = None
    figure: Optional[float] = None

    @property
    def failed(self) -> bool:
        return self.status == Status.FAIL

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "level": self.level,
            "status": Status(self.status).value,
            "summary": self.summary,
            "code": self.code,
            "evidence": list(self.evidence),
            "fix": self.fix,
        }
        if self.figure is not None:
            data["figure"] = self.figure
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Check:
        status = str(data.get("status"))
        if status not in STATUSES:
            raise ValueError(f"check status must be one of {', '.join(STATUSES)}, not {status!r}")
        figure = data.get("figure")
        return cls(
            id=str(data["id"]),
            level=int(data["level"]),
            status=Status(status),
            summary=str(data.get("summary") or ""),
            code=str(data["code"]) if data.get("code") else None,
            evidence=tuple(str(e) for e in data.get("evidence") or ()),
            fix=str(data["fix"]) if data.get("fix") else None,
            figure=float(figure) if isinstance(figure, (int, float)) else None,
        )


def _fix(code: Optional[Code], fix: Optional[str]) -> Optional[str]:
    return fix or (CODES[code].fix if code is not None else None)


def passed(
    cid: str,
    level: int,
    summary: str,
    *,
    code: Optional[Code] = None,
    figure: Optional[float] = None,
) -> Check:
    """A pass; ``code`` and ``figure`` name the cause a measurement quantifies (L3)."""
    return Check(cid, level, Status.PASS, summary, code.value if code else None, figure=figure)


def failed(
    cid: str,
    level: int,
    summary: str,
    code: Code,
    *,
    evidence: Iterable[str] = (),
    fix: Optional[str] = None,
    figure: Optional[float] = None,
) -> Check:
    return Check(
        cid, level, Status.FAIL, summary, code.value, tuple(evidence), _fix(code, fix), figure
    )


def warned(
    cid: str,
    level: int,
    summary: str,
    code: Optional[Code] = None,
    *,
    evidence: Iterable[str] = (),
    fix: Optional[str] = None,
    figure: Optional[float] = None,
) -> Check:
    return Check(
        cid,
        level,
        Status.WARN,
        summary,
        code.value if code else None,
        tuple(evidence),
        _fix(code, fix),
        figure,
    )


def skipped(cid: str, level: int, summary: str, code: Optional[Code] = None) -> Check:
    return Check(cid, level, Status.SKIP, summary, code.value if code else None)
