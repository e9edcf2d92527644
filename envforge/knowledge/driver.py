"""Driver rules, as CUDA and the NVIDIA container toolkit apply them (pure).

``check_driver``: can an image built for CUDA X run on driver D (and GPU G)?
  native          D >= the toolkit's own minimum (Table 3)
  minor-version   same major, D >= that major's floor (Table 2); PTX newer than D cannot be JIT-compiled
  forward-compat  D is older still: only with the cuda-compat package, on GPUs that allow it
  none            otherwise
``evaluate_require``: an ``NVIDIA_REQUIRE_CUDA`` expression (``cuda>=12.2 brand=tesla,driver>=470``:
spaces OR, commas AND) evaluated the way libnvidia-container's dsl.c does when a container starts.
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
    "RequireResult",
    "evaluate_require",
    "gpu_min_driver",
    "brand_of",
    "arch_ranges",
    "gate_by_arch",
    "require_cuda_for",
    "arch_verdict",
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


def arch_ranges(sass: tuple[str, ...], ptx: str | None) -> list[tuple[Version, Version | None]]:
    """The compute capabilities a build's kernels run on, as [low, high) ranges (None: no bound):
    SASS for X.Y runs on X.Z with Z >= Y, PTX for X.Y on anything newer (``arch_verdict``'s rule)."""
    lows: dict[int, Version] = {}
    for cc in (Version(s) for s in sass):
        lows[cc.major] = min(lows.get(cc.major, cc), cc)
    spans: list[tuple[Version, Version | None]] = [
        # no GPU of compute capability 4.x exists (Kepler 3.x, then Maxwell 5.x)
        (low, Version(f"{major + 2 if major == 3 else major + 1}.0"))
        for major, low in lows.items()
    ]
    if ptx:
        spans.append((Version(ptx), None))
    merged: list[tuple[Version, Version | None]] = []
    for low, high in sorted(spans, key=lambda span: span[0]):
        if merged and (merged[-1][1] is None or merged[-1][1] >= low):
            top = merged[-1][1]
            merged[-1] = (merged[-1][0], None if top is None or high is None else max(top, high))
        else:
            merged.append((low, high))
    return merged


def gate_by_arch(require: str, ranges: list[tuple[Version, Version | None]]) -> str:
    """Every OR-branch of ``require`` AND each range of compute capabilities (libnvidia-container's
    grammar: a space is OR, a comma AND; ``arch`` is the device's compute capability)."""
    if not ranges:
        return require
    return " ".join(
        f"{branch},arch>={low}" + (f",arch<{high}" if high else "")
        for branch in require.split()
        for low, high in ranges
    )


def require_cuda_for(
    kb: KnowledgeBase, cuda: Version, sass: tuple[str, ...], ptx: str | None = None
) -> str:
    """NVIDIA_REQUIRE_CUDA for an image whose CUDA libraries come from pip (no cuda-compat inside).

    Natively (a driver of CUDA X.Y or newer): the GPUs the build's SASS or PTX covers. Through
    minor-version compatibility (any driver of the same major): only the GPUs it has SASS for, as
    PTX newer than the driver cannot be JIT-compiled. A GPU older than every target is refused.
    """
    native = gate_by_arch(f"cuda>={series(cuda)}", arch_ranges(sass, ptx))
    if kb.minor_version_compat(cuda.major) is None or not sass:
        return native
    return f"{native} {gate_by_arch(f'cuda>={cuda.major}.0', arch_ranges(sass, None))}"


# -- NVIDIA_REQUIRE_CUDA -----------------------------------------------------------------------------

_OPERATORS = ("!=", "<=", ">=", "=", "<", ">")


@dataclass(frozen=True)
class RequireResult:
    satisfied: bool
    message: str | None  # what nvidia-container-cli prints when it refuses the container
    groups: list[dict[str, Any]]


def _compare_version(v1: str, op: str, v2: str) -> bool:
    """dsl_compare_version: numeric fields compared in turn; trailing zeros ignored."""
    if not v1.replace(".", "").isdigit() or not v2.replace(".", "").isdigit():
        raise BadInputError(f"--require: '{v2}' is not a version")
    a = [int(x) for x in v1.split(".") if x]
    b = [int(x) for x in v2.split(".") if x]
    while a and a[-1] == 0:
        a.pop()
    while b and b[-1] == 0:
        b.pop()
    width = max(len(a), len(b))
    ka, kb_ = a + [0] * (width - len(a)), b + [0] * (width - len(b))
    return {
        "=": ka == kb_,
        "!=": ka != kb_,
        "<": ka < kb_,
        "<=": ka <= kb_,
        ">": ka > kb_,
        ">=": ka >= kb_,
    }[op]


def _rule(expr: str) -> tuple[str, str, str]:
    for index, char in enumerate(expr):
        if char in "<>=!":
            name, rest = expr[:index], expr[index:]
            op = next((o for o in _OPERATORS if rest.startswith(o)), None)
            value = rest[len(op) :] if op else ""
            if not name or op is None or not value or rest[len(op)] in "<>=!":
                break
            return name.lower(), op, value
    raise BadInputError(
        f"--require: invalid expression '{expr}' (e.g. cuda>=12.2, driver>=470, brand=tesla)"
    )


def evaluate_require(
    expression: str,
    *,
    cuda: str | None,
    driver: str | None,
    arch: str | None = None,
    brand: str | None = None,
) -> RequireResult:
    """Evaluate ``expression`` against a driver (its CUDA version and its own version) and a device.

    Like the toolkit, a fact that is unknown (no device visible) satisfies its condition.
    """
    groups: list[dict[str, Any]] = []
    satisfied = False
    for group in (g for g in expression.split(" ") if g):
        results = []
        ok = True
        for expr in (e for e in group.split(",") if e):
            name, op, value = _rule(expr)
            if name == "cuda":
                result = True if cuda is None else _compare_version(cuda, op, value)
            elif name == "driver":
                result = True if driver is None else _compare_version(driver, op, value)
            elif name == "arch":
                result = True if arch is None else _compare_version(arch, op, value)
            elif name == "brand":
                if op not in ("=", "!="):
                    raise BadInputError(f"--require: brand takes = or !=, not '{op}'")
                result = (
                    True if brand is None else ((brand.lower() == value.lower()) == (op == "="))
                )
            else:
                raise BadInputError(
                    f"--require: unknown key '{name}' in '{expr}' (keys: cuda, driver, arch, brand)"
                )
            results.append({"expr": expr, "result": result})
            if not result:
                ok = False
                break
        groups.append({"group": group, "satisfied": ok, "conditions": results})
        if ok:
            satisfied = True
            break
    if not groups:
        raise BadInputError("--require: empty expression")
    message = None
    if not satisfied:
        first = expression.strip().split(" ")[0]
        message = f"unsatisfied condition: {first}"
        if first.startswith("cuda>="):
            message += (
                ", please update your driver to a newer version, or use an earlier cuda container"
            )
    return RequireResult(satisfied=satisfied, message=message, groups=groups)


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
