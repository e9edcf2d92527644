"""``envforge verify --backend slurm IMAGE...``: images on this engine, pushed by digest and probed
on the cluster's own nodes, judged and recorded per (image, digest, node).

An image envforge built carries its probe and expectations; any other image (or one judged against
``--expect-accelerator``) gets the probe as one layer on top (the same shim as a local verify),
and that shim is what is pushed and probed. Tasks, following, NOT_TESTED nodes, Ctrl-C and
``--resume`` are those of ``certify --backend slurm``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from .. import labels
from ..expectations import Accelerator
from ..fleet.tasks import Pair
from ..results import BuildResult
from .context import Context
from .fleet import ClusterOptions, FleetResult, open_spool, probe_pairs, select_nodes
from .options import ProbeOptions
from .push import check_registry, push_image
from .verify import inspect_image, shim

__all__ = ["FleetVerifyRequest", "run"]


@dataclass(frozen=True)
class FleetVerifyRequest:
    images: tuple[str, ...]
    probe: ProbeOptions
    cluster: ClusterOptions
    expect_accelerator: Accelerator | None = None


def run(ctx: Context, request: FleetVerifyRequest) -> FleetResult:
    # verify probes every time, as a local verify does (only --resume skips what was recorded)
    request = replace(request, probe=replace(request.probe, force=True))
    options = request.cluster
    nodes = select_nodes(ctx.cluster.nodes(options.partition), options.nodes, options.constraint)
    check_registry(ctx, options.registry)
    found = {
        image: inspect_image(ctx, image, request.expect_accelerator) for image in request.images
    }
    with ctx.run(
        f"verify --backend slurm --registry {options.registry} {' '.join(request.images)}",
        level=request.probe.level,
    ) as active:
        spool = open_spool(ctx, options, active, nodes, f"{len(found)} image(s)")
        clock = time.perf_counter()
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
                )
                builds[name] = built
                images[name] = push_image(ctx, built, options.registry, active)
                pairs += [Pair(name, images[name], node.name, inspected.expect) for node in nodes]
        finally:  # pushed: the shims live on in the registry, by digest
            ctx.engine.remove_images({labels.RUN: active.id, labels.ROLE: labels.ROLE_VERIFY_SHIM})
        timings = {"push_s": time.perf_counter() - clock}
        results, skipped, probe_timings = probe_pairs(
            ctx, request, active, spool, pairs, nodes, builds
        )
        timings.update(probe_timings)
    return FleetResult(
        run_id=active.id,
        cluster=ctx.cluster.describe(),
        spool=spool,
        nodes=tuple(nodes),
        images=images,
        builds=tuple(builds.values()),
        cells=tuple(sorted(results, key=lambda r: r.cell_id)),
        skipped=skipped,
        timings={k: round(v, 3) for k, v in timings.items()},
    )
