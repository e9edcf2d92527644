"""L2/L3 judgement on GPU facts.

No GPU machine is lent to this task, so these facts are synthetic (shaped like the probe's output,
values of an H100 host); they test the pure judgement only. Recorded device runs belong in
tests/fixtures/ when a GPU machine is available (see the README, "GPU levels").
"""

from __future__ import annotations

import copy
from typing import Any

from envforge.probe.judge import judge, level_reached

EXPECT = {
    "framework": "tensorflow",
    "accelerator": "cuda",
    "cuda": "12.5",
    "cudnn": "9.3",
    "sass": ["6.0", "7.0", "8.0", "8.9"],
    "ptx": "9.0",
    "gpu_peaks": {
        "H100": {"fp32": 67.0, "bf16": 989.0},
        "H100 PCIe": {"fp32": 51.0, "bf16": 756.0},
    },
}
GPU = {
    "name": "/physical_device:GPU:0",
    "device_name": "NVIDIA H100 80GB HBM3",
    "compute_capability": "9.0",
}
FACTS: dict[str, Any] = {
    "python": {"series": "3.11"},
    "env": {},
    "host_gpu": {"nvidia_device_nodes": ["nvidia0", "nvidiactl"]},
    "framework": {
        "name": "tensorflow",
        "version": "2.21.0",
        "error": None,
        "gpus": [GPU],
        "memory_growth": {"set": True, "gpus": 1, "error": None},
        "build": {
            "is_cuda_build": True,
            "cuda_version": "12.5.1",
            "cudnn_version": "9",
            "compute_capabilities": ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"],
        },
    },
    "libraries": [],
    "nvml": {"available": True, "driver_version": "580.65.06", "gpus": [{"name": "H100"}]},
    "workloads": [
        {"name": "mlp", "device": "cpu", "losses": [1.0, 0.5], "seconds": 1},
        {"name": "mlp", "device": "gpu", "losses": [1.0, 0.4], "seconds": 1},
    ],
    "device": {
        "placement": {
            "name": "placement",
            "error": None,
            "device": "/job:localhost/replica:0/task:0/device:GPU:0",
            "on_gpu": True,
        },
        "numerics": {
            "name": "numerics",
            "error": None,
            "matmul_rel_err": 3e-4,
            "conv_rel_err": 1e-5,
            "n": 512,
        },
        "matmul": [
            {"name": "m", "error": None, "device": "gpu", "tflops": 41.0},
            {"name": "m", "error": None, "device": "cpu", "tflops": 0.9},
        ],
        "models": [
            {"error": None, "device": "gpu", "batch": 256, "samples_per_s": 40000.0},
            {"error": None, "device": "gpu", "batch": 1, "samples_per_s": 600.0},
            {"error": None, "device": "cpu", "batch": 256, "samples_per_s": 3000.0},
            {"error": None, "device": "cpu", "batch": 1, "samples_per_s": 400.0},
        ],
        "pipeline": {
            "error": None,
            "device": "gpu",
            "serial_steps_per_s": 20.0,
            "prefetched_steps_per_s": 95.0,
        },
    },
}


def with_(path: str, value: Any) -> dict[str, Any]:
    facts = copy.deepcopy(FACTS)
    target: Any = facts
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(keys[-1]) if isinstance(target, list) else keys[-1]] = value
    return facts


def checks_of(facts: dict[str, Any], level: int = 3) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in judge(facts, EXPECT, level=level)}


def test_healthy_h100_reaches_l3_with_a_ptx_jit_warning() -> None:
    checks = judge(FACTS, EXPECT, level=3)
    by_id = {c["id"]: c for c in checks}
    assert (
        by_id["gpu.arch"]["code"] == "GPU_ARCH_NEWER_THAN_WHEEL"
        and by_id["gpu.arch"]["status"] == "warn"
    )
    for cid in (
        "gpu.visible",
        "gpu.placement",
        "gpu.numerics",
        "gpu.memory_growth",
        "model.mlp.gpu",
        "perf.matmul",
        "perf.model",
        "perf.batch_size",
        "perf.pipeline",
    ):
        assert by_id[cid]["status"] == "pass", by_id[cid]
    assert "61% of H100's 67.0 TFLOP/s peak" in by_id["perf.matmul"]["summary"]
    assert level_reached(checks, 3) == (3, None)
    assert level_reached(checks, 2) == (2, None)


def test_throughput_against_the_peak() -> None:
    assert checks_of(with_("device.matmul.0.tflops", 10.0))["perf.matmul"]["status"] == "warn"
    low = checks_of(with_("device.matmul.0.tflops", 2.0))["perf.matmul"]
    assert (low["status"], low["code"]) == ("fail", "GPU_THROUGHPUT_LOW")
    pcie = checks_of(with_("framework.gpus.0.device_name", "NVIDIA H100 PCIe"))["perf.matmul"]
    assert "H100 PCIe's 51.0" in pcie["summary"]  # the most specific name wins
    unknown = checks_of(with_("framework.gpus.0.device_name", "NVIDIA A40"))["perf.matmul"]
    assert unknown["status"] == "warn" and "no peak" in unknown["summary"]


def test_gpu_slower_than_cpu_fails_l3_only() -> None:
    facts = with_("device.models.0.samples_per_s", 2000.0)
    checks = judge(facts, EXPECT, level=3)
    by_id = {c["id"]: c for c in checks}
    assert by_id["perf.model"]["code"] == "GPU_SLOWER_THAN_CPU"
    assert level_reached(checks, 3)[0] == 2


def test_op_not_on_gpu_and_bad_numerics_fail_l2() -> None:
    placed = checks_of(with_("device.placement.on_gpu", False))["gpu.placement"]
    assert (placed["status"], placed["code"]) == ("fail", "PERF_CPU_FALLBACK_OPS")
    numerics = checks_of(with_("device.numerics.matmul_rel_err", 0.2))["gpu.numerics"]
    assert (numerics["status"], numerics["code"]) == ("fail", "GPU_NUMERICS_MISMATCH")
    assert level_reached(judge(with_("device.placement.on_gpu", False), EXPECT, level=3), 3)[0] == 1


def test_errors_are_classified_by_the_catalogue() -> None:
    conv = with_(
        "device.numerics",
        {"name": "numerics", "error": "UnimplementedError: DNN library is not found."},
    )
    assert checks_of(conv)["gpu.numerics"]["code"] == "CUDNN_VERSION_MISMATCH"
    ptx = with_(
        "workloads.1.error",
        "InternalError: 'cuModuleLoadData(&module, data)' failed with "
        "'CUDA_ERROR_UNSUPPORTED_PTX_VERSION'",
    )
    assert checks_of(ptx)["model.mlp.gpu"]["code"] == "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"
    oom = with_(
        "device.matmul.0",
        {
            "name": "m",
            "device": "gpu",
            "error": "ResourceExhaustedError: OOM when allocating tensor with shape[4096,4096]",
        },
    )
    assert checks_of(oom)["perf.matmul"]["code"] == "GPU_OOM"


def test_memory_growth_set_too_late_is_a_warning() -> None:
    late = with_(
        "framework.memory_growth",
        {
            "set": False,
            "gpus": 1,
            "error": "Physical devices cannot be modified after being initialized",
        },
    )
    check = checks_of(late)["gpu.memory_growth"]
    assert (check["status"], check["code"]) == ("warn", "MEMORY_CONFIG_ORDER_ERROR")


def test_pipeline_without_gain_is_input_bound() -> None:
    flat = with_("device.pipeline.prefetched_steps_per_s", 20.5)
    check = checks_of(flat)["perf.pipeline"]
    assert (check["status"], check["code"]) == ("warn", "PERF_INPUT_BOUND")
