"""``envforge report``: the compatibility tables, from the certification records."""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from ..stacks import STACKS
from ..tables.report import Drivers, Report, ReportFilter, build_report
from .context import Context

__all__ = ["ReportRequest", "run"]


@dataclass(frozen=True)
class ReportRequest:
    only: ReportFilter = ReportFilter()


def _drivers(ctx: Context) -> Drivers:
    """CUDA series -> (the lowest driver that runs it natively, ... through minor-version
    compatibility), from the knowledge base."""

    def lookup(cuda: str) -> tuple[str | None, str | None]:
        try:
            version = Version(cuda)
        except InvalidVersion:
            return None, None
        toolkit = ctx.kb.cuda_toolkit(version)
        compat = ctx.kb.minor_version_compat(version.major)
        return (toolkit.linux if toolkit else None), (compat.floor if compat else None)

    return lookup


def run(ctx: Context, request: ReportRequest = ReportRequest()) -> Report:
    store = ctx.existing_store()
    return build_report(
        store.certificates(),
        store.hosts(),
        stacks=STACKS,
        drivers=_drivers(ctx),
        pushes=[(image_id, digest) for image_id, digest, _ in store.pushes()],
        only=request.only,
    )
