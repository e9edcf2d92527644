"""``envforge report``: the compatibility table, from the certification records."""

from __future__ import annotations

from ..tables.report import Report, build_report
from .context import Context

__all__ = ["run"]


def run(ctx: Context) -> Report:
    store = ctx.existing_store()
    return build_report(store.certificates(), store.hosts())
