"""Certificates and hosts for unit tests of reports, rollouts and forge."""

from __future__ import annotations

from typing import Any

from envforge.expectations import Expectations
from envforge.host import HostGpu, HostInfo
from envforge.results import Certificate, Diagnosis, Verdict

from .facts import TF_CUDA, document

CPU_HOST = HostInfo("ci", "6.1", "Debian", "docker 20.10", False, None, ())
GPU_HOST = HostInfo(
    "node7",
    "6.8",
    "Ubuntu",
    "docker 27.0",
    True,
    "580.65.06",
    (HostGpu("NVIDIA H100 80GB HBM3", "9.0"),),
)
# What the TF 2.21 CUDA cell expects, as its recorded image says.
TF221_CUDA = Expectations.from_dict(document(TF_CUDA)["expect"])
CPU = Expectations(accelerator="cpu")


def cert(
    cell: str,
    host: HostInfo,
    verdict: Verdict = Verdict.CERTIFIED,
    level: int = 1,
    *,
    stopped_by: str | None = None,
    expect: Expectations = CPU,
    diagnoses: tuple[Diagnosis, ...] = (),
    facts: dict[str, Any] | None = None,
) -> Certificate:
    return Certificate(
        cell_id=cell,
        image_id=f"sha256:{cell}",
        image_ref=f"envforge/{cell}:1",
        host_fingerprint=host.fingerprint,
        verdict=verdict,
        level_requested=3,
        level_reached=level,
        stopped_by=stopped_by,
        expectations=expect,
        diagnoses=diagnoses,
        timings={"probe_s": 12.5},
        facts=facts,
    )
