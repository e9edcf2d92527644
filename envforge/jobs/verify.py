"""``envforge verify IMAGE``: an image's own probe (or one injected) run on this host and judged
(``jobs.probing.verify_image``); recorded in the store when ``--db`` names one."""

from __future__ import annotations

from ..store import new_run_id
from .context import Context
from .probing import Verification, VerifyRequest, verify_image

__all__ = ["verify"]


def verify(ctx: Context, request: VerifyRequest) -> Verification:
    """The image probed and judged; recorded in the store when the request says so."""
    if not request.record:
        return verify_image(ctx, request, run_id=new_run_id())
    with ctx.run(f"verify {request.image}", level=request.probe.level) as active:
        result = verify_image(ctx, request, run_id=active.id)
        ctx.store.add(active.id, result.certificate)
    return result
