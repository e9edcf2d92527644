"""Running an image's probe in a confined container: the steps certify, verify (on this host and
on a cluster) and doctor share. An image envforge built carries its probe and its cell's
expectations (labels); any other image gets the probe through a thin shim image (``FROM IMAGE`` +
the probe as one layer, labelled and removed afterwards), which works on any engine and keeps the
probe's root filesystem read-only.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import labels
from ..builder import probe_payload, write_context
from ..certificate import certify
from ..engine import Engine, ProbeLimits
from ..errors import BadInputError, EnvforgeError
from ..expectations import Accelerator, Expectations
from ..host import HostInfo
from ..outputs import write_output
from ..redact import redact
from ..render import probe_files
from ..results import Certificate, ContainerRun
from ..untrusted import json_object
from .context import Context
from .options import ProbeOptions

__all__ = [
    "PROBE_COMMAND",
    "probe_image",
    "remove_stale_probes",
    "write_probe_log",
    "Inspected",
    "inspect_image",
    "shim",
    "VerifyRequest",
    "Verification",
    "verify_image",
]

PROBE_COMMAND = ["envforge-probe", "--json"]
_SHIM = """FROM {image}
COPY probe/ /opt/envforge/
ENV PATH=/opt/envforge/bin:$PATH
"""


def probe_image(
    engine: Engine,
    image: str,
    *,
    level: int,
    run_id: str,
    cell_id: str,
    host: HostInfo,
    timeout_s: float,
    limits: ProbeLimits,
    gpu: bool,
    expect: dict[str, Any] | None = None,
) -> ContainerRun:
    """``envforge-probe --json --level N`` in ``image``, with GPUs where the cell uses them and the
    host can pass them in; ``expect`` (the expectations to judge against) overrides the image's own."""
    argv = [*PROBE_COMMAND, "--level", str(level)]
    if expect is not None:
        argv += ["--expect-json", json.dumps(expect, sort_keys=True)]
    return engine.run(
        image,
        argv,
        timeout_s=timeout_s,
        limits=limits,
        gpus=gpu and host.can_run_gpu_containers,
        labels={labels.RUN: run_id, labels.ROLE: labels.ROLE_PROBE, labels.CELL: cell_id},
    )


def remove_stale_probes(engine: Engine) -> int:
    """Stopped probe containers a run that died left behind."""
    return engine.remove_containers({labels.ROLE: labels.ROLE_PROBE}, only_stopped=True)


def write_probe_log(logs_dir: Path, cell_id: str, run: ContainerRun) -> Path:
    path = logs_dir / f"{cell_id}.probe.log"
    write_output(path, redact(run.log()), under=logs_dir, what="probe log")
    return path


@dataclass(frozen=True)
class Inspected:
    """An image to verify, as found on the engine."""

    image_id: str
    cell: str | None  # its envforge cell, None for an image envforge did not build
    expect: Expectations
    size: int | None = None  # bytes, as the engine reports

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
    return Inspected(image_id, found.get(labels.CELL) or None, expect, engine.image_size(image_id))


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


def verify_image(ctx: Context, request: VerifyRequest, *, run_id: str) -> Verification:
    """Probe ``request.image`` in a confined container on this host and certify it against its
    expectations (its labels', or ``expect_accelerator``)."""
    engine = ctx.engine
    found = inspect_image(ctx, request.image, request.expect_accelerator)
    probe_expect = {**found.expect.to_dict(), "gpu_peaks": ctx.kb.gpu_peaks()}
    remove_stale_probes(engine)
    target = shim(engine, request.image, probe_expect, run_id) if found.injected else request.image
    try:
        probed = probe_image(
            engine,
            target,
            level=request.probe.level,
            run_id=run_id,
            cell_id=found.cell or request.image,
            host=ctx.host,
            timeout_s=request.probe.timeout_s,
            limits=request.probe.limits,
            gpu=found.expect.accelerator == "cuda",
            expect=probe_expect if request.expect_accelerator and not found.injected else None,
        )
    finally:
        if found.injected:
            engine.remove_images({labels.RUN: run_id, labels.ROLE: labels.ROLE_VERIFY_SHIM})
    cert = certify(
        cell_id=found.cell or request.image,
        expectations=found.expect,
        level=request.probe.level,
        host=ctx.host,
        image_id=found.image_id,
        image_ref=request.image,
        probe=probed,
        image_size=found.size,
    )
    return Verification(
        run_id, request.image, found.image_id, found.injected, ctx.host, cert, probed.log()
    )
