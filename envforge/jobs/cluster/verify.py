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
from typing import Any

from ... import labels
from ...cluster.tasks import Pair
from ...errors import EnvforgeError
from ...expectations import Accelerator
from ...results import BuildResult
from .. import preamble as preambles
from ..attestations import attach_run
from ..context import Context
from ..options import AttestOptions, ClusterOptions, ProbeOptions
from ..preamble import Preamble
from ..probing import inspect_image, shim
from ..push import check_registry, push_image
from .steps import ClusterResult, cluster_nodes, cluster_result, open_spool, probe_pairs

__all__ = ["ClusterVerifyRequest", "resolve", "run"]


@dataclass(frozen=True)
class ClusterVerifyRequest:
    images: tuple[str, ...]
    probe: ProbeOptions
    cluster: ClusterOptions
    expect_accelerator: Accelerator | None = None
    attest: AttestOptions = AttestOptions()


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
    options = request.cluster
    nodes = cluster_nodes(ctx, options)
    check_registry(ctx, options.registry)
    found = {
        image: inspect_image(ctx, image, request.expect_accelerator) for image in request.images
    }
    with ctx.run(
        f"verify --backend slurm --registry {options.registry} {' '.join(request.images)}",
        level=request.probe.level,
    ) as active:
        ctx.progress.note(f"run {active.id}: {len(found)} image(s)")
        spool = open_spool(ctx, options, active)
        clock = ctx.clock.now()
        builds: dict[str, BuildResult] = {}
        images: dict[str, str] = {}
        pairs: list[Pair] = []
        try:
            for image, inspected in found.items():
                name = inspected.cell or image
                target = image
                if inspected.injected or request.expect_accelerator:
                    expect: dict[str, Any] = {
                        **inspected.expect.to_dict(),
                        "gpu_peaks": ctx.kb.gpu_peaks(),
                    }
                    target = shim(ctx.engine, image, expect, active.id)
                target_id = ctx.engine.image_id(target) or inspected.image_id
                built = BuildResult(
                    cell_id=name,
                    image_id=target_id,
                    image_ref=image,
                    content_hash=target_id.removeprefix("sha256:"),
                    base_image=image,
                    log_path=active.logs_dir,
                    seconds=0.0,
                    cached=True,
                    image_size=inspected.size,
                )
                builds[name] = built
                images[name] = push_image(ctx, built, options.registry, active)
                pairs += [
                    Pair(name, images[name], node.name, inspected.expect, inspected.size)
                    for node in nodes
                ]
        finally:  # pushed: the shims live on in the registry, by digest
            ctx.engine.remove_images({labels.RUN: active.id, labels.ROLE: labels.ROLE_VERIFY_SHIM})
        timings = {"push_s": ctx.clock.now() - clock}
        probed = probe_pairs(ctx, request, active, spool, pairs, nodes, builds)
        timings.update(probed.timings)
        clock = ctx.clock.now()
        attached = attach_run(
            ctx, preamble, active.id, builds.values(), images, probed.results, options.runtime
        )
        timings["attest_s"] = ctx.clock.now() - clock
    return cluster_result(
        ctx, preamble, active, spool, nodes, images, builds.values(), probed.results, timings,
        probed.skipped, attached,
    )  # fmt: skip
