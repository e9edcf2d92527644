"""L2: the framework sees the GPU, has kernels for it, places ops on it, and computes what the CPU does."""

from __future__ import annotations

from typing import Any

from ..codes import Code
from ..matching import classify as code_for_error
from ..rules import arch_support, cc_number, gpu_hiding
from .check import Check, failed, passed, skipped, warned

__all__ = ["gpu_checks", "measurement_failed", "NUMERIC_TOLERANCE", "gpu_label"]

NUMERIC_TOLERANCE = 1e-2  # strict FP32 on both sides agrees to ~1e-3 relative; TF32 would not


def gpu_label(gpu: dict[str, Any]) -> str:
    return str(gpu.get("device_name") or gpu.get("name"))


def measurement_failed(
    item: dict[str, Any], cid: str, level: int, what: str, *, warn: bool = False
) -> Check | None:
    """A failing (or, for ``warn``, warning) check when a measurement recorded an error, else None."""
    if not item.get("error"):
        return None
    error = str(item["error"])
    make = warned if warn else failed
    return make(
        cid,
        level,
        f"{what} failed: {error[:300]}",
        code_for_error(error, Code.GPU_MEASUREMENT_FAILED),
        evidence=[error[:1000]],
    )


def _not_visible(
    fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any], libs_failed: bool
) -> Check:
    env = facts.get("env") or {}
    hw = facts.get("host_gpu") or {}
    nvml_gpus = (facts.get("nvml") or {}).get("gpus") or []
    hiding = gpu_hiding({str(k): str(v) for k, v in env.items()}, "cuda")
    if hiding:
        name, why = hiding[0]
        return failed(
            "gpu.visible",
            2,
            f"{why}: the framework sees no GPU",
            Code.GPU_HIDDEN_BY_ENV,
            evidence=[f"{name}={env.get(name)}"],
        )
    if not hw.get("nvidia_device_nodes") and not nvml_gpus and not hw.get("amd_kfd"):
        return skipped(
            "gpu.visible",
            2,
            "GPU levels not reached: no GPU on this host",
            Code.CPU_ONLY_HOST_BENIGN,
        )
    if expect.get("accelerator") == "cuda" and not (fw.get("build") or {}).get(
        "is_cuda_build", True
    ):
        code = Code.CPU_ONLY_TF_BUILD
    elif libs_failed:
        code = Code.CUDA_LIBS_NOT_FOUND
    else:
        code = Code.GPU_NOT_REGISTERED
    return failed(
        "gpu.visible",
        2,
        "a GPU is present but the framework registered none",
        code,
        evidence=[f"device nodes: {hw.get('nvidia_device_nodes')}", f"NVML GPUs: {nvml_gpus}"],
    )


def _targets(fw: dict[str, Any], expect: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(SASS, PTX) targets as numbers: from the build, else from the cell's expectations."""
    caps = (fw.get("build") or {}).get("compute_capabilities") or []
    if caps:
        sass = sorted({n for c in caps if str(c).startswith("sm_") for n in [cc_number(c)] if n})
        ptx = sorted(
            {n for c in caps if str(c).startswith("compute_") for n in [cc_number(c)] if n}
        )
        return sass, ptx
    sass = sorted({n for c in expect.get("sass") or [] for n in [cc_number(c)] if n})
    ptx = [n for n in [cc_number(str(expect["ptx"]))] if n] if expect.get("ptx") else []
    return sass, ptx


def arch_checks(
    gpus: list[dict[str, Any]], fw: dict[str, Any], expect: dict[str, Any]
) -> list[Check]:
    sass, ptx = _targets(fw, expect)
    checks: list[Check] = []
    for gpu in gpus:
        cc = gpu.get("compute_capability")
        number = cc_number(str(cc)) if cc else None
        if number is None or not (sass or ptx):
            continue
        name = gpu_label(gpu)
        support, target = arch_support(number, sass, ptx)
        if support == "native":
            checks.append(passed("gpu.arch", 2, f"{name} (cc {cc}) runs sm_{target} kernels"))
        elif support == "ptx-jit":
            checks.append(
                warned(
                    "gpu.arch",
                    2,
                    f"{name} (cc {cc}) has no SASS in the build; kernels are JIT-compiled from "
                    f"compute_{target} PTX (the first start can take minutes)",
                    Code.GPU_ARCH_NEWER_THAN_WHEEL,
                )
            )
        else:
            checks.append(
                failed(
                    "gpu.arch",
                    2,
                    f"{name} (cc {cc}) is older than every target of the build",
                    Code.GPU_ARCH_TOO_OLD,
                )
            )
    return checks


def _memory_growth(fw: dict[str, Any]) -> list[Check]:
    growth = fw.get("memory_growth")
    if growth and growth.get("error"):
        return [
            warned(
                "gpu.memory_growth",
                2,
                f"memory growth could not be set: {growth['error']}",
                Code.MEMORY_CONFIG_ORDER_ERROR,
            )
        ]
    if growth and growth.get("set"):
        return [
            passed(
                "gpu.memory_growth",
                2,
                f"memory growth set on {growth.get('gpus')} GPU(s) before initialisation",
            )
        ]
    return []


def _placement(device: dict[str, Any]) -> list[Check]:
    place = device.get("placement")
    if not place:
        return []
    broken = measurement_failed(place, "gpu.placement", 2, "placing an op on the GPU")
    if broken:
        return [broken]
    where = f"an op asked for the GPU ran on {place.get('device')}"
    if place.get("on_gpu"):
        return [passed("gpu.placement", 2, where)]
    return [
        failed(
            "gpu.placement",
            2,
            where,
            Code.PERF_CPU_FALLBACK_OPS,
            fix="check the device list and soft placement",
        )
    ]


def _numerics(device: dict[str, Any]) -> list[Check]:
    num = device.get("numerics")
    if not num:
        return []
    broken = measurement_failed(num, "gpu.numerics", 2, "matmul/conv on the GPU")
    if broken:
        return [broken]
    worst = max(num.get("matmul_rel_err", 0.0), num.get("conv_rel_err", 0.0))
    summary = (
        f"GPU against CPU: matmul rel. error {num.get('matmul_rel_err'):.2e}, "
        f"conv2d {num.get('conv_rel_err'):.2e} (tolerance {NUMERIC_TOLERANCE:.0e})"
    )
    if worst <= NUMERIC_TOLERANCE:
        return [passed("gpu.numerics", 2, summary)]
    return [failed("gpu.numerics", 2, summary, Code.GPU_NUMERICS_MISMATCH, figure=worst)]


def gpu_checks(
    fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any], libs_failed: bool
) -> list[Check]:
    """``gpu.visible`` and, when a GPU is, its architecture, memory growth, placement and numerics."""
    gpus = fw.get("gpus") or []
    if not gpus:
        return [_not_visible(fw, facts, expect, libs_failed)]
    checks = [
        passed("gpu.visible", 2, f"{len(gpus)} GPU(s): " + ", ".join(gpu_label(g) for g in gpus))
    ]
    device = facts.get("device") or {}
    return (
        checks
        + arch_checks(gpus, fw, expect)
        + _memory_growth(fw)
        + _placement(device)
        + _numerics(device)
    )
