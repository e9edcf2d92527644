"""``envforge verify --backend slurm IMAGE...``: images on this engine, pushed by digest and probed
on the cluster's own nodes, judged and recorded per (image, digest, node).

An image envforge built carries its probe and expectations; any other image (or one judged against
``--expect-accelerator``) gets the probe as one layer on top (the same shim as a local verify),
and that shim is what is pushed and probed. Tasks, following, NOT_TESTED nodes, Ctrl-C and
``--resume`` are those of ``certify --backend slurm`` (``jobs.cluster.steps``); as a local verify,
every image is probed again (only ``--resume`` skips what was recorded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...errors import EnvforgeError
from ...expectations import Accelerator
from .. import preamble as preambles
from ..context import Context
from ..options import AttestOptions, ClusterOptions, ProbeOptions
from ..preamble import Preamble
from .steps import ClusterResult, verify_images

__all__ = ["ClusterVerifyRequest", "resolve", "run"]


@dataclass(frozen=True)
class ClusterVerifyRequest:
    images: tuple[str, ...]
    probe: ProbeOptions
    cluster: ClusterOptions
    expect_accelerator: Accelerator | None = None
    attest: AttestOptions | None = AttestOptions()  # None: --no-attest


def resolve(
    ctx: Context, request: ClusterVerifyRequest, known: Sequence[EnvforgeError] = ()
) -> Preamble:
    """The run's preamble: every setting checked, nothing touched."""
    return preambles.of_request(ctx, request, command="verify", backend="slurm", known=known)


def run(
    ctx: Context, request: ClusterVerifyRequest, preamble: Preamble | None = None
) -> ClusterResult:
    request = replace(request, probe=replace(request.probe, force=True))  # probed every time
    preamble = preamble or resolve(ctx, request)
    return verify_images(ctx, request, preamble)
