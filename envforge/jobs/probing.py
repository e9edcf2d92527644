"""Running an image's own probe in a confined container: the step certify, verify and doctor share."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import labels
from ..engine import Engine, ProbeLimits
from ..host import HostInfo
from ..outputs import write_output
from ..redact import redact
from ..results import Certificate, ContainerRun

__all__ = [
    "PROBE_COMMAND",
    "probe_image",
    "remove_stale_probes",
    "with_image_size",
    "write_probe_log",
]

PROBE_COMMAND = ["envforge-probe", "--json"]


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


def with_image_size(engine: Engine, cert: Certificate) -> Certificate:
    """``cert`` with its image's size as ``engine`` reports it, for the report's size column."""
    if cert.image_id is None or cert.image_size is not None:
        return cert
    return replace(cert, image_size=engine.image_size(cert.image_id))
