"""``envforge report``: the compatibility tables, from the certification records."""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from ..stacks import STACKS
from ..tables.report import Drivers, Report, ReportFilter, build_report
from .attestations import RegistryFindings
from .context import Context

__all__ = ["ReportRequest", "drivers", "run", "from_registry"]


@dataclass(frozen=True)
class ReportRequest:
    only: ReportFilter = ReportFilter()


def drivers(ctx: Context) -> Drivers:
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
        drivers=drivers(ctx),
        pushes=[(image_id, digest) for image_id, digest, _ in store.pushes()],
        only=request.only,
    )


def from_registry(ctx: Context, findings: RegistryFindings, only: ReportFilter) -> Report:
    """The report's tables from verified claims alone (no store)."""
    from ..host import HostInfo  # noqa: PLC0415
    from ..results import Certificate  # noqa: PLC0415
    from ..store import StoredCertificate  # noqa: PLC0415

    records: list[StoredCertificate] = []
    hosts: dict[str, HostInfo] = {}
    for number, claim in enumerate(findings.claims, start=1):
        try:
            cert = Certificate.from_dict(claim.certificate)
            host = HostInfo.from_dict(claim.host) if claim.host.get("fingerprint") else None
        except (KeyError, TypeError, ValueError):
            continue  # a signed statement envforge cannot read back: it is listed, not tabled
        records.append(StoredCertificate(number, claim.run, cert, None, None))
        if host is not None:
            hosts[cert.host_fingerprint] = host
    return build_report(records, hosts, stacks=STACKS, drivers=drivers(ctx), only=only)
