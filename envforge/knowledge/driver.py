"""Driver rules, as CUDA and the NVIDIA container toolkit apply them (pure).

``check_driver``: can an image built for CUDA X run on driver D (and GPU G)?
  native          D >= the toolkit's own minimum (Table 3)
  minor-version   same major, D >= that major's floor (Table 2); PTX newer than D cannot be JIT-compiled
  forward-compat  D is older still: only with the cuda-compat package, on GPUs that allow it
  none            otherwise
The ``NVIDIA_REQUIRE_CUDA`` grammar (writing and evaluating it) is in ``require``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from packaging.version import Version

from ..errors import BadInputError
from ..probe.rules import arch_support
from ..versions import series
from .base import KnowledgeBase
from .models import Gpu, driver_key

__all__ = [
    "DriverCheck",
    "check_driver",
    "check_build",
    "gpu_min_driver",
    "brand_of",
    "arch_verdict",
    "releases_covering",
]

Mode = Literal["native", "minor-version", "forward-compat", "none"]


@dataclass(frozen=True)
class DriverCheck:
    driver: str
    cuda: str
    compatible: bool
    mode: Mode
    min_driver: str | None
    mvc_floor: str | None
    driver_cuda_version: str | None
    gpu: dict[str, Any] | None
    reasons: list[str]
    sources: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "driver": self.driver,
            "cuda": self.cuda,
            "compatible": self.compatible,
            "mode": self.mode,
            "min_driver": self.min_driver,
            "mvc_floor": self.mvc_floor,
            "driver_cuda_version": self.driver_cuda_version,
            "gpu": self.gpu,
            "reasons": self.reasons,
            "sources": self.sources,
        }


def _ge(a: str, b: str) -> bool:
    return driver_key(a) >= driver_key(b)


def gpu_min_driver(kb: KnowledgeBase, cc: Version) -> tuple[str | None, Version | None]:
    """(driver, CUDA) of the first toolkit that can compile for ``cc``: a driver older than that does not
    know the GPU's architecture (inferred from cuda.yaml's architecture and driver tables)."""
    for row in sorted(kb.cuda.architectures, key=lambda r: min(s.version for s in r.cuda)):
        if cc in row.sm:
            first = min(s.version for s in row.cuda if s.operator in (">=", "=="))
            toolkit = kb.cuda_toolkit(Version(first))
            return (toolkit.linux if toolkit else None), Version(first)
    return None, None


def _number(cc: Version) -> int:
    return cc.major * 10 + cc.minor


def arch_verdict(cc: Version, sass: tuple[Version, ...], ptx: Version | None) -> tuple[str, str]:
    """('native'|'ptx-jit'|'too-old', reason) for a GPU of ``cc`` and a build's targets.

    The rule is probe/rules.arch_support's, the one the probe applies inside images: SASS for X.Y
    runs on X.Z with Z >= Y (same major); PTX for X.Y is JIT-compiled on any newer GPU.
    """
    support, target = arch_support(
        _number(cc), [_number(s) for s in sass], [_number(ptx)] if ptx else []
    )
    if support == "native":
        return "native", f"compute capability {cc} runs the build's sm_{target} kernels"
    if support == "ptx-jit":
        return "ptx-jit", (
            f"compute capability {cc} has no SASS in the build: kernels are JIT-compiled from "
            f"compute_{target} PTX at first use (the first start can take minutes; "
            "keep CUDA_CACHE_MAXSIZE large)"
        )
    targets = ", ".join(str(s) for s in sass) + (f", PTX {ptx}" if ptx else "")
    return "too-old", f"compute capability {cc} is older than every target of the build ({targets})"


def releases_covering(kb: KnowledgeBase, cc: Version) -> tuple[list[Version], list[Version]]:
    """The TensorFlow releases whose official wheels run on compute capability ``cc``: (with SASS
    for it, through PTX JIT only), newest first as the knowledge base lists them."""
    native: list[Version] = []
    jit: list[Version] = []
    for release in kb.tensorflow.releases:
        caps = kb.tf_compute_capabilities(release.tf)
        if caps is None:
            continue
        verdict, _ = arch_verdict(cc, caps.sass, caps.ptx)
        if verdict == "native":
            native.append(release.tf)
        elif verdict == "ptx-jit":
            jit.append(release.tf)
    return native, jit


def check_driver(
    kb: KnowledgeBase,
    *,
    driver: str,
    cuda: Version,
    gpu: Gpu | None = None,
    cc: Version | None = None,
) -> DriverCheck:
    """Can an image built for ``cuda`` run on ``driver`` (and on ``gpu``/``cc``)?"""
    toolkit = kb.cuda_toolkit(cuda)
    if toolkit is None and not any(r.cuda.major == cuda.major for r in kb.cuda.toolkits):
        known = sorted({f"{r.cuda.major}" for r in kb.cuda.toolkits})
        raise BadInputError(
            f"--cuda {cuda}: the knowledge base knows no CUDA {cuda.major}.x (known majors: {', '.join(known)})"
        )
    if toolkit is None:
        raise BadInputError(
            f"--cuda {cuda}: the knowledge base knows no CUDA {series(cuda)} release",
            hint="see matrices/compat/cuda.yaml for the releases it knows",
        )
    reasons: list[str] = []
    sources = [kb.source_text(toolkit.source)]
    mvc = kb.minor_version_compat(cuda.major)
    native_cuda = kb.driver_cuda_version(driver)
    cc = cc or (gpu.cc if gpu else None)
    gpu_info = (
        None
        if cc is None
        else {
            "name": gpu.name if gpu else None,
            "cc": str(cc),
            "segment": gpu.segment if gpu else None,
        }
    )
    mode: Mode = "none"
    if toolkit.linux and _ge(driver, toolkit.linux):
        mode = "native"
        reasons.append(
            f"driver {driver} >= {toolkit.linux}, CUDA {toolkit.cuda}'s own minimum (Table 3): runs natively"
        )
    else:
        if toolkit.linux:
            reasons.append(
                f"driver {driver} is older than {toolkit.linux}, CUDA {toolkit.cuda}'s own minimum (Table 3)"
            )
        else:
            reasons.append(
                f"CUDA {toolkit.cuda}'s minimum driver is {toolkit.confidence} in the knowledge base"
            )
        if mvc and _ge(driver, mvc.floor):
            mode = "minor-version"
            reasons.append(
                f"driver {driver} >= {mvc.floor}, CUDA {mvc.major}.x's minor-version compatibility floor "
                f"(Table 2): runs with a limited feature set; PTX built by a toolkit newer than the driver "
                "cannot be JIT-compiled (CUDA_ERROR_UNSUPPORTED_PTX_VERSION)"
            )
            sources.append(kb.source_text(mvc.source))
        elif mvc is None:
            reasons.append(
                f"CUDA {cuda.major}.x has no minor-version compatibility: the driver must be at least the toolkit's"
            )
        else:
            fwd = kb.cuda.forward_compatibility
            reasons.append(
                f"driver {driver} is below CUDA {mvc.major}.x's minor-version floor {mvc.floor}"
            )
            package = fwd.package.format(major=cuda.major, minor=cuda.minor)
            sources.append(kb.source_text(fwd.source))
            if gpu is not None and gpu.segment in fwd.eligible_segments:
                mode = "forward-compat"
                reasons.append(
                    f"{gpu.name} ({gpu.segment}) allows forward compatibility: the image needs {package}"
                )
            elif gpu is not None:
                reasons.append(
                    f"forward compatibility ({package}) is not supported on {gpu.name} ({gpu.segment}): "
                    f"{fwd.not_eligible} [CUDA_COMPAT_ON_UNSUPPORTED_HW]"
                )
            else:
                reasons.append(
                    f"only forward compatibility ({package}) could help, and only on data-center or Jetson "
                    "GPUs: give --gpu to check"
                )
    compatible = mode != "none"
    if cc is not None:
        archs = kb.cuda_architectures(cuda)
        if archs and cc < min(archs):
            compatible = False
            reasons.append(
                f"CUDA {series(cuda)} cannot target compute capability {cc} (its oldest target is "
                f"{min(archs)}): its libraries carry no kernels for this GPU [GPU_ARCH_TOO_OLD]"
            )
        elif archs and cc not in archs and cc > max(archs):
            reasons.append(
                f"compute capability {cc} is newer than CUDA {series(cuda)} knows (up to {max(archs)}): "
                "kernels only through PTX JIT, where the build carries PTX"
            )
        needed, first_cuda = gpu_min_driver(kb, cc)
        if needed and not _ge(driver, needed):
            compatible = False
            reasons.append(
                f"a GPU of compute capability {cc} needs a driver that knows its architecture: "
                f">= {needed} (CUDA {first_cuda} added it); driver {driver} is older"
            )
        sources.append(kb.source_text("S-CMAKE"))
    return DriverCheck(
        driver=driver,
        cuda=str(cuda),
        compatible=compatible,
        mode=mode if compatible else "none",
        min_driver=toolkit.linux,
        mvc_floor=mvc.floor if mvc else None,
        driver_cuda_version=str(native_cuda) if native_cuda else None,
        gpu=gpu_info,
        reasons=reasons,
        sources=sorted(set(sources)),
    )


def check_build(
    kb: KnowledgeBase,
    *,
    driver: str,
    cuda: Version,
    sass: tuple[Version, ...],
    ptx: Version | None,
    gpu: Gpu | None = None,
    cc: Version | None = None,
) -> DriverCheck:
    """``check_driver`` for a build whose GPU targets are known: a GPU the build only reaches through PTX JIT
    needs a driver at least as new as the build's CUDA (minor-version compatibility cannot JIT newer PTX)."""
    check = check_driver(kb, driver=driver, cuda=cuda, gpu=gpu, cc=cc)
    device = cc or (gpu.cc if gpu else None)
    if device is None or not (sass or ptx):
        return check
    verdict, reason = arch_verdict(device, sass, ptx)
    reasons = [
        *check.reasons,
        reason
        + (
            " [GPU_ARCH_TOO_OLD]"
            if verdict == "too-old"
            else " [GPU_ARCH_NEWER_THAN_WHEEL]"
            if verdict == "ptx-jit"
            else ""
        ),
    ]
    compatible = check.compatible and verdict != "too-old"
    if verdict == "ptx-jit" and check.mode == "minor-version":
        compatible = False
        reasons.append(
            f"the GPU needs PTX JIT, and driver {driver} (CUDA {check.driver_cuda_version}) cannot JIT-compile "
            f"PTX built by CUDA {series(cuda)}: kernels fail to load with CUDA_ERROR_UNSUPPORTED_PTX_VERSION "
            "[DRIVER_TOO_OLD_FOR_CUDA_RUNTIME]"
        )
    return DriverCheck(
        driver=check.driver,
        cuda=check.cuda,
        compatible=compatible,
        mode=check.mode if compatible else "none",
        min_driver=check.min_driver,
        mvc_floor=check.mvc_floor,
        driver_cuda_version=check.driver_cuda_version,
        gpu=check.gpu,
        reasons=reasons,
        sources=check.sources,
    )


def brand_of(gpu: Gpu | None) -> str | None:
    """The NVML brand the toolkit compares ``brand=`` with, inferred from the GPU's segment."""
    if gpu is None:
        return None
    return {
        "datacenter": "tesla",
        "workstation": "quadro",
        "consumer": "geforce",
        "jetson": "tesla",
        "ngc-ready-rtx": "nvidiartx",
    }[gpu.segment]
