"""``envforge verify IMAGE``: run an image's own probe (or inject one) and judge it.

An image envforge built carries the probe and its cell's expectations (labels). Any other image gets
the probe through a thin shim image (``FROM IMAGE`` + the probe as one layer, labelled and removed
afterwards), which works on any engine and keeps the probe's root filesystem read-only.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import labels
from ..builder import probe_payload, write_context
from ..certificate import certify
from ..engine import Engine
from ..errors import BadInputError, EnvforgeError
from ..expectations import Accelerator, Expectations
from ..host import HostInfo
from ..render import probe_files
from ..results import Certificate
from ..store import new_run_id
from ..untrusted import json_object
from .context import Context
from .options import ProbeOptions
from .probing import probe_image, remove_stale_probes, with_image_size

__all__ = ["Inspected", "VerifyRequest", "Verification", "inspect_image", "run", "shim"]

_SHIM = """FROM {image}
COPY probe/ /opt/envforge/
ENV PATH=/opt/envforge/bin:$PATH
"""


@dataclass(frozen=True)
class VerifyRequest:
    image: str
    probe: ProbeOptions
    expect_accelerator: Accelerator | None = None
    record: bool = False  # also record the certificate in the store


@dataclass(frozen=True)
class Verification:
    run_id: str
    image: str
    image_id: str
    injected: bool  # the probe was added for this run (an image envforge did not build)
    host: HostInfo
    certificate: Certificate
    probe_log: str

    @property
    def passed(self) -> bool:
        return bool(self.certificate)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.certificate.to_dict(),
            "image": self.image,
            "probe_injected": self.injected,
            "host": self.host.to_dict(),
        }


@dataclass(frozen=True)
class Inspected:
    """An image to verify, as found on the engine."""

    image_id: str
    cell: str | None  # its envforge cell, None for an image envforge did not build
    expect: Expectations

    @property
    def injected(self) -> bool:
        """Whether the probe must be added (no envforge cell label, or a blanked one)."""
        return not self.cell


def inspect_image(ctx: Context, image: str, accelerator: Accelerator | None) -> Inspected:
    """``image`` on the engine (pulled if missing), with the expectations its labels carry."""
    engine = ctx.engine
    image_id = engine.image_id(image)
    if image_id is None and engine.pull(image):
        image_id = engine.image_id(image)
    if image_id is None:
        raise BadInputError(
            f"image {image} is not present and cannot be pulled",
            hint="build it first (envforge build), or give an image the engine has (docker images)",
        )
    found = engine.image_labels(image)
    expect = Expectations.from_dict(json_object(found.get(labels.EXPECT))).with_accelerator(
        accelerator
    )
    return Inspected(image_id, found.get(labels.CELL) or None, expect)


def shim(engine: Engine, image: str, expect: dict[str, Any], run_id: str) -> str:
    """``image`` plus the probe as one layer, judging against ``expect``."""
    tag = f"envforge-verify/shim:{run_id.lower()}"
    with tempfile.TemporaryDirectory(prefix="envforge-verify-") as tmp:
        context = Path(tmp)
        write_context(
            context, _SHIM.format(image=image), {**probe_payload(), **probe_files(expect)}
        )
        log: list[str] = []
        outcome = engine.build(
            context,
            tag=tag,
            labels={labels.RUN: run_id, labels.ROLE: labels.ROLE_VERIFY_SHIM},
            buildargs={},
            log=log.append,
        )
    if outcome.error:
        raise EnvforgeError(f"cannot add the probe to {image}: {outcome.error}")
    return tag


def run(ctx: Context, request: VerifyRequest, *, run_id: str) -> Verification:
    """Probe ``request.image`` in a confined container and certify it against its expectations."""
    engine = ctx.engine
    found = inspect_image(ctx, request.image, request.expect_accelerator)
    image_id, cell, expect, injected = found.image_id, found.cell, found.expect, found.injected
    probe_expect = {**expect.to_dict(), "gpu_peaks": ctx.kb.gpu_peaks()}
    remove_stale_probes(engine)
    target = shim(engine, request.image, probe_expect, run_id) if injected else request.image
    try:
        outcome = probe_image(
            engine,
            target,
            level=request.probe.level,
            run_id=run_id,
            cell_id=cell or request.image,
            host=ctx.host,
            timeout_s=request.probe.timeout_s,
            limits=request.probe.limits,
            gpu=expect.accelerator == "cuda",
            expect=probe_expect if request.expect_accelerator and not injected else None,
        )
    finally:
        if injected:
            engine.remove_images({labels.RUN: run_id, labels.ROLE: labels.ROLE_VERIFY_SHIM})
    cert = certify(
        cell_id=cell or request.image,
        expectations=expect,
        level=request.probe.level,
        host=ctx.host,
        image_id=image_id,
        image_ref=request.image,
        probe=outcome,
    )
    cert = with_image_size(ctx.engine, cert)
    return Verification(run_id, request.image, image_id, injected, ctx.host, cert, outcome.log())


def verify(ctx: Context, request: VerifyRequest) -> Verification:
    """``run``, recorded in the store when the request says so."""
    if not request.record:
        return run(ctx, request, run_id=new_run_id())
    with ctx.run(f"verify {request.image}", level=request.probe.level) as active:
        result = run(ctx, request, run_id=active.id)
        ctx.store.add(active.id, result.certificate)
    return result
