"""Which published image carries what: nvidia/cuda lines and their cuDNN (pure queries)."""

from __future__ import annotations

from packaging.version import Version

from ..versions import same_series, series
from .base import KnowledgeBase
from .models import Distribution, TFRelease

__all__ = ["nvidia_cuda_line", "nvidia_cuda_require"]


def nvidia_cuda_line(
    kb: KnowledgeBase, dist: Distribution, release: TFRelease
) -> tuple[Version | None, str]:
    """The nvidia/cuda release to build ``release`` on: same CUDA major, not older than the build, with
    a cuDNN of the build's major and, where its version is known, a minor at least the build's.

    (release, "") or (None, why not).
    """
    images = kb.images.nvidia_cuda
    refused: list[str] = []
    candidates = sorted(
        (
            v
            for v in images.lines[dist.os]
            if v.major == release.cuda.major
            and (v.major, v.minor) >= (release.cuda.major, release.cuda.minor)
        ),
        key=lambda v: (not same_series(v, release.cuda), v),
    )
    for line in candidates:
        if line in images.without_cudnn:
            refused.append(f"{line} has no cuDNN tags")
            continue
        tag = next((t for t in images.cudnn_tags if t.cuda.contains(line)), None)
        if tag is None or tag.cudnn_major != release.cudnn.major:
            refused.append(f"{line} carries cuDNN {tag.cudnn_major if tag else '?'}")
            continue
        carried = images.cudnn_versions.get(str(line))
        if carried is not None and (carried.major, carried.minor) < (
            release.cudnn.major,
            release.cudnn.minor,
        ):
            refused.append(
                f"{line} carries cuDNN {carried}, older than the build's {release.cudnn} "
                "[CUDNN_VERSION_MISMATCH]"
            )
            continue
        return line, ""
    if not candidates:
        return None, (
            f"no supported nvidia/cuda {release.cuda.major}.x image on {dist.os} is at least CUDA "
            f"{release.cuda} (EOL tags are deleted); use tf-cuda-pip"
        )
    return None, (
        f"TensorFlow {series(release.tf)} needs cuDNN {release.cudnn}: "
        + "; ".join(refused)
        + " (use tf-cuda-pip)"
    )


def nvidia_cuda_require(kb: KnowledgeBase, cuda: Version) -> str | None:
    """The NVIDIA_REQUIRE_CUDA an nvidia/cuda image of ``cuda`` carries, as published (None: unknown)."""
    images = kb.images.nvidia_cuda
    require = next((r for r in images.require_cuda if r.cuda == cuda), None)
    if require is None:
        return None
    return require.require + "".join(
        f" brand=tesla,driver>={b},driver<{b + 1}" for b in require.brand_branches
    )
