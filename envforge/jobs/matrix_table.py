"""``envforge matrix table``: the knowledge base as the tables people look up, with envforge's own
evidence from the results database where there is one."""

from __future__ import annotations

from dataclasses import dataclass

from ..tables.knowledge import TABLES, Evidence, knowledge_page
from ..tables.page import Page
from .context import Context

__all__ = ["TableRequest", "run", "TABLE_NAMES"]

TABLE_NAMES = tuple(TABLES)


@dataclass(frozen=True)
class TableRequest:
    names: tuple[str, ...] = ()  # none: every table


def run(ctx: Context, request: TableRequest) -> Page:
    evidence, where = Evidence(), ""
    if ctx.db_path.is_file():
        store = ctx.existing_store()
        hosts = store.hosts()
        evidence = Evidence(
            tuple(
                (r.certificate, hosts.get(r.certificate.host_fingerprint))
                for r in store.certificates()
            )
        )
        where = f"{ctx.db_path.name} ({len(evidence.records)} certificate(s))"
    return knowledge_page(ctx.kb, evidence, request.names, evidence_from=where)
