"""L3: throughput against the device's peak, and what each slow-training cause costs on this device.

Every figure is measured by the probe (``device.py``); a cause check passes and reports its figure
(the stack works; this is what the pattern would cost a user here), and only a device that is slow
for no such reason fails.
"""

from __future__ import annotations

from typing import Any, Optional

from ..codes import Code
from ..rules import cc_number, gpu_name_key
from .check import Check, failed, passed, warned
from .gpu import gpu_label, measurement_failed

__all__ = ["perf_checks", "MATMUL_WARN", "MATMUL_FAIL", "TENSOR_CORES_FROM"]

MATMUL_WARN, MATMUL_FAIL = 0.25, 0.05  # fractions of the FP32 peak
TENSOR_CORES_FROM = 70  # compute capability 7.0 (Volta) and newer have tensor cores


def _peak(
    gpus: list[dict[str, Any]], peaks: dict[str, Any]
) -> tuple[Optional[str], Optional[float]]:
    """(knowledge-base name, FP32 peak TFLOP/s) of the first GPU the peaks table names."""
    for gpu in gpus:
        words = set(gpu_name_key(gpu_label(gpu)).split())
        best: Optional[tuple[set[str], str, Any]] = None
        for candidate, values in peaks.items():
            key = set(gpu_name_key(candidate).split())
            if key and key <= words and (best is None or len(key) > len(best[0])):
                best = (key, candidate, values)
        if best:
            return best[1], float(best[2]["fp32"])
    return None, None


def _by(items: list[dict[str, Any]], **keys: Any) -> Optional[dict[str, Any]]:
    return next((i for i in items if all(i.get(k) == v for k, v in keys.items())), None)


def _matmul(
    device: dict[str, Any], gpus: list[dict[str, Any]], expect: dict[str, Any]
) -> list[Check]:
    fp32 = _by(device.get("matmul") or [], device="gpu", dtype="float32")
    if not fp32:
        return []
    broken = measurement_failed(fp32, "perf.matmul", 3, "FP32 matmul throughput")
    if broken:
        return [broken]
    name, peak = _peak(gpus, expect.get("gpu_peaks") or {})
    tflops = float(fp32["tflops"])
    if not peak:
        return [
            warned(
                "perf.matmul",
                3,
                f"FP32 matmul {tflops} TFLOP/s; no peak for this GPU in the knowledge base",
            )
        ]
    ratio = round(tflops / peak, 3)
    summary = (
        f"FP32 matmul ({fp32.get('precision')}) {tflops} TFLOP/s = {ratio:.0%} of {name}'s "
        f"{peak} TFLOP/s peak"
    )
    if ratio >= MATMUL_WARN:
        return [passed("perf.matmul", 3, summary, figure=ratio)]
    make = warned if ratio >= MATMUL_FAIL else failed
    return [make("perf.matmul", 3, summary, Code.GPU_THROUGHPUT_LOW, figure=ratio)]


def _mixed_precision(device: dict[str, Any], gpus: list[dict[str, Any]]) -> list[Check]:
    items = device.get("matmul") or []
    fp32, bf16 = (
        _by(items, device="gpu", dtype="float32"),
        _by(items, device="gpu", dtype="bfloat16"),
    )
    if not fp32 or not bf16 or fp32.get("error"):
        return []
    broken = measurement_failed(
        bf16, "perf.mixed_precision", 3, "BF16 matmul throughput", warn=True
    )
    if broken:
        return [broken]
    gain = round(float(bf16["tflops"]) / max(float(fp32["tflops"]), 1e-9), 2)
    ccs = [n for g in gpus for n in [cc_number(str(g.get("compute_capability") or ""))] if n]
    figures = f"BF16 matmul {bf16['tflops']} TFLOP/s against FP32 {fp32['tflops']} ({gain}x)"
    if ccs and min(ccs) < TENSOR_CORES_FROM:
        return [
            passed(
                "perf.mixed_precision",
                3,
                f"{figures}: no tensor cores below compute capability 7.0, so mixed precision does "
                "not pay here",
                code=Code.MIXED_PRECISION_ON_OLD_GPU,
                figure=gain,
            )
        ]
    return [
        passed(
            "perf.mixed_precision",
            3,
            f"{figures}: training in FP32 on these tensor cores leaves that factor unused",
            code=Code.PERF_NO_MIXED_PRECISION,
            figure=gain,
        )
    ]


def _models(device: dict[str, Any]) -> list[Check]:
    models = device.get("models") or []
    gpu_big, cpu_big = _by(models, device="gpu", batch=256), _by(models, device="cpu", batch=256)
    gpu_one = _by(models, device="gpu", batch=1)
    checks: list[Check] = []
    if gpu_big and cpu_big:
        broken = measurement_failed(
            gpu_big, "perf.model", 3, "model throughput on the GPU"
        ) or measurement_failed(cpu_big, "perf.model", 3, "model throughput on the CPU")
        if broken:
            checks.append(broken)
        else:
            speedup = round(gpu_big["samples_per_s"] / max(cpu_big["samples_per_s"], 1e-9), 2)
            summary = (
                f"a small CNN at batch 256 trains {speedup:.1f}x faster on the GPU than on the CPU"
            )
            checks.append(
                passed("perf.model", 3, summary, figure=speedup)
                if speedup >= 1
                else failed("perf.model", 3, summary, Code.GPU_SLOWER_THAN_CPU, figure=speedup)
            )
    if gpu_big and gpu_one and not gpu_big.get("error") and not gpu_one.get("error"):
        ratio = round(gpu_big["samples_per_s"] / max(gpu_one["samples_per_s"], 1e-9), 1)
        checks.append(
            passed(
                "perf.batch_size",
                3,
                f"batch 256 trains {ratio:.0f}x more samples/s than batch 1 on the GPU: tiny batches "
                "are bound by kernel launches",
                code=Code.PERF_LAUNCH_OVERHEAD_SMALL_MODEL,
                figure=ratio,
            )
        )
    return checks


def _predict_loop(device: dict[str, Any]) -> list[Check]:
    loop = device.get("predict_loop")
    if not loop:
        return []
    broken = measurement_failed(loop, "perf.predict_loop", 3, "predict in a loop", warn=True)
    if broken:
        return [broken]
    ratio = round(loop["per_sample_s"] / max(loop["batched_s"], 1e-9), 1)
    return [
        passed(
            "perf.predict_loop",
            3,
            f"predict() once per sample took {ratio:.0f}x as long as once for all {loop['samples']}",
            code=Code.PERF_EAGER_OR_PREDICT_LOOP,
            figure=ratio,
        )
    ]


def _numpy_layer(device: dict[str, Any]) -> list[Check]:
    layer = device.get("numpy_layer")
    if not layer:
        return []
    broken = measurement_failed(layer, "perf.numpy_layer", 3, "a layer through NumPy", warn=True)
    if broken:
        return [broken]
    ratio = round(layer["framework_samples_per_s"] / max(layer["numpy_samples_per_s"], 1e-9), 2)
    return [
        passed(
            "perf.numpy_layer",
            3,
            f"a layer computed through NumPy trains at 1/{ratio:.1f} the rate of the same layer in "
            "framework ops (the round trip leaves the device)",
            code=Code.PERF_PY_FUNCTION_GIL,
            figure=ratio,
        )
    ]


def _pipeline(device: dict[str, Any]) -> list[Check]:
    pipe = device.get("pipeline")
    if not pipe or pipe.get("skipped"):
        return []
    broken = measurement_failed(pipe, "perf.pipeline", 3, "the tf.data pipeline check")
    if broken:
        return [broken]
    gain = round(pipe["prefetched_steps_per_s"] / max(pipe["serial_steps_per_s"], 1e-9), 2)
    summary = (
        f"an input-bound pipeline: {pipe['serial_steps_per_s']} steps/s serial, "
        f"{pipe['prefetched_steps_per_s']} with parallel map + prefetch ({gain:.1f}x)"
    )
    if gain >= 1.1:
        return [passed("perf.pipeline", 3, summary, code=Code.PERF_INPUT_BOUND, figure=gain)]
    return [warned("perf.pipeline", 3, summary, Code.PERF_INPUT_BOUND, figure=gain)]


def perf_checks(
    device: dict[str, Any], gpus: list[dict[str, Any]], expect: dict[str, Any]
) -> list[Check]:
    return (
        _matmul(device, gpus, expect)
        + _mixed_precision(device, gpus)
        + _models(device)
        + _predict_loop(device)
        + _numpy_layer(device)
        + _pipeline(device)
    )
