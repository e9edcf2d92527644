"""The probe's judgement (probe/checks/) on recorded probe documents and variations of them.

The documents are real: TensorFlow 2.21 images on this project's GPU-less machines, and Keras 3 on
JAX and on PyTorch on an H100 (tests/fixtures/facts/README.md says where each comes from).
"""

from __future__ import annotations

from typing import Any

import pytest

from envforge.probe.checks import Check, judge, level_reached

from .facts import (
    H100_JAX,
    H100_JAX_HIDDEN,
    H100_TORCH,
    H200_JAX,
    H200_TORCH,
    TF_CPU,
    TF_CUDA,
    document,
    library,
    variant,
)


def checks_of(doc: dict[str, Any], level: int = 3, **expect: Any) -> dict[str, Check]:
    return {c.id: c for c in judge(doc, {**doc["expect"], **expect}, level=level)}


def status(check: Check) -> tuple[str, str | None]:
    return check.status, check.code


@pytest.mark.parametrize(
    "name", [TF_CPU, TF_CUDA, H100_JAX, H100_TORCH, H100_JAX_HIDDEN, H200_JAX, H200_TORCH]
)
def test_judging_a_recorded_document_again_gives_the_checks_the_probe_made(name: str) -> None:
    doc = document(name)
    again = judge(doc, doc["expect"], level=doc["level_requested"])
    assert [c.to_dict() for c in again] == doc["checks"]
    assert level_reached(again, doc["level_requested"]) == (doc["level_reached"], doc["stopped_by"])


def test_cuda_image_on_a_host_without_gpu_reaches_l1_and_says_why() -> None:
    doc = document(TF_CUDA)
    checks = judge(doc, doc["expect"], level=3)
    assert not [c for c in checks if c.failed]
    assert status({c.id: c for c in checks}["gpu.visible"]) == ("skip", "CPU_ONLY_HOST_BENIGN")
    assert level_reached(checks, 3) == (1, "GPU levels not reached: no GPU on this host")


def test_cpu_wheel_where_cuda_is_expected() -> None:
    cuda_cell = document(TF_CUDA)["expect"]
    check = checks_of(document(TF_CPU), **cuda_cell)["build.accelerator"]
    assert status(check) == ("fail", "CPU_ONLY_TF_BUILD")
    assert check.fix.startswith("install the CUDA build (tensorflow[and-cuda]), not tensorflow-cpu")


@pytest.mark.parametrize("version", ["9.1.0", "8.9.7"])
def test_cudnn_of_an_older_minor_or_another_major_fails_like_tensorflow_would(version: str) -> None:
    check = checks_of(library(document(TF_CUDA), "cudnn", version=version))["library.cudnn"]
    assert check.code == "CUDNN_VERSION_MISMATCH"
    assert (
        f"Loaded runtime CuDNN library: {version} but source was compiled with: 9.3"
        in check.summary
    )


def test_cudnn_of_the_build_minor_or_newer_passes() -> None:
    assert (
        checks_of(library(document(TF_CUDA), "cudnn", version="9.3.0"))["library.cudnn"].status
        == "pass"
    )


def test_missing_library_and_a_missing_dependency_of_a_present_one() -> None:
    doc = document(TF_CUDA)
    gone = library(
        doc, "cudart", loaded=False, error="libcudart.so.12: cannot open shared object file"
    )
    assert checks_of(gone)["library.cudart"].code == "CUDA_LIBS_NOT_FOUND"
    transitive = library(
        doc, "cudnn", loaded=False, error="libnvJitLink.so.12: cannot open shared object file"
    )
    assert checks_of(transitive)["library.cudnn"].code == "CUDA_LIB_TRANSITIVE_DEP_MISSING"


def test_missing_nccl_only_warns() -> None:
    doc = library(
        document(TF_CUDA),
        "nccl",
        loaded=False,
        error="libnccl.so.2: cannot open shared object file",
    )
    assert checks_of(doc)["library.nccl"].status == "warn"


def test_cudnn_of_another_major_present_instead_of_the_builds() -> None:
    doc = library(
        document(TF_CUDA),
        "cudnn",
        loaded=False,
        version=None,
        error="libcudnn.so.9: cannot open shared object file",
    )
    doc["cudnn_other"] = [
        {"soname": "libcudnn.so.8", "path": "/x/cudnn/lib/libcudnn.so.8", "version": "8.9.7"}
    ]
    check = checks_of(doc)["library.cudnn"]
    assert check.code == "CUDNN_VERSION_MISMATCH"
    assert "Loaded runtime CuDNN library: 8.9.7 but source was compiled with: 9.3" in check.summary


def test_models_need_a_finite_decreasing_loss() -> None:
    doc = document(TF_CPU)
    assert checks_of(variant(doc, "workloads.0.losses", [1.0, 1.1, 1.2]))["model.mlp.cpu"].code == (
        "MODEL_LOSS_NOT_DECREASING"
    )
    assert checks_of(variant(doc, "workloads.0.losses", [1.0, "nan", 0.2]))[
        "model.mlp.cpu"
    ].code == ("MODEL_LOSS_NOT_FINITE")
    broken = variant(doc, "workloads.0.error", "UnimplementedError: DNN library is not found.")
    assert checks_of(broken)["model.mlp.cpu"].code == "CUDNN_VERSION_MISMATCH"


def test_a_model_trained_with_accelerators_hidden_says_so() -> None:
    summary = checks_of(document(H100_TORCH))["model.lstm.cpu"].summary
    assert summary.startswith("lstm on cpu (accelerators hidden): loss")


def test_keras_on_another_backend_than_tensorflow() -> None:
    doc = variant(
        variant(document(TF_CPU), "framework.backend", "jax"), "env", {"KERAS_BACKEND": "jax"}
    )
    check = checks_of(doc)["expect.backend"]
    assert status(check) == ("fail", "KERAS_BACKEND_NOT_TF") and check.evidence == (
        "KERAS_BACKEND=jax",
    )
    assert status(checks_of(document(H100_JAX), backend="torch")["expect.backend"]) == (
        "fail",
        "KERAS_BACKEND_MISMATCH",
    )


def test_an_import_failure_stops_judging_and_names_a_backend_that_is_not_installed() -> None:
    doc = variant(
        document(TF_CPU),
        "framework",
        {
            "name": "tensorflow",
            "error": "ModuleNotFoundError: No module named 'torch'",
            "traceback": "keras/src/backend/torch",
        },
    )
    doc["env"] = {"KERAS_BACKEND": "torch"}
    checks = judge(doc, doc["expect"], level=3)
    assert [c.id for c in checks] == ["framework.import"]
    assert checks[0].code == "KERAS_BACKEND_NOT_TF"
    assert checks[0].summary.startswith(
        "KERAS_BACKEND=torch names a backend that cannot be imported"
    )
    assert level_reached(checks, 1) == (0, f"L1 failed: {checks[0].summary}")


def test_gpu_hidden_by_the_environment_recorded_on_the_h100() -> None:
    doc = document(H100_JAX_HIDDEN)
    judged = checks_of(doc, level=2)
    check = judged["gpu.visible"]
    assert status(check) == ("fail", "GPU_HIDDEN_BY_ENV") and check.evidence == (
        "CUDA_VISIBLE_DEVICES=-1",
    )
    assert status(judged["env.gpu_visible"]) == ("fail", "GPU_HIDDEN_BY_ENV")
    assert level_reached(judge(doc, doc["expect"], level=2), 2)[0] == 0


HIDING = [
    ("cuda", "CUDA_VISIBLE_DEVICES", "", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "CUDA_VISIBLE_DEVICES", "-1", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "CUDA_VISIBLE_DEVICES", "NoDevFiles", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "CUDA_VISIBLE_DEVICES", "-1,0", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "NVIDIA_VISIBLE_DEVICES", "void", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "NVIDIA_VISIBLE_DEVICES", "none", "GPU_HIDDEN_BY_ENV"),
    ("cuda", "NVIDIA_DRIVER_CAPABILITIES", "utility", "CONTAINER_CAPABILITIES_NO_COMPUTE"),
    ("cuda", "NVIDIA_DRIVER_CAPABILITIES", "graphics,video", "CONTAINER_CAPABILITIES_NO_COMPUTE"),
    ("rocm", "HIP_VISIBLE_DEVICES", "-1", "GPU_HIDDEN_BY_ENV"),
    ("rocm", "HIP_VISIBLE_DEVICES", "", "GPU_HIDDEN_BY_ENV"),
    ("rocm", "ROCR_VISIBLE_DEVICES", "-1", "GPU_HIDDEN_BY_ENV"),
    ("rocm", "CUDA_VISIBLE_DEVICES", "-1", "GPU_HIDDEN_BY_ENV"),  # HIP reads it too
]


@pytest.mark.parametrize(("accelerator", "name", "value", "code"), HIDING)
def test_an_environment_hiding_the_gpus_fails_l1_on_a_gpu_less_host(
    accelerator: str, name: str, value: str, code: str
) -> None:
    doc = variant(document(TF_CUDA), "env", {name: value})
    checks = judge(doc, {**doc["expect"], "accelerator": accelerator}, level=3)
    hidden = next(c for c in checks if c.id == "env.gpu_visible")
    assert status(hidden) == ("fail", code) and hidden.evidence == (f"{name}={value}",)
    assert name in (hidden.fix or "") or code == "CONTAINER_CAPABILITIES_NO_COMPUTE"
    assert level_reached(checks, 3)[0] == 0


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CUDA_VISIBLE_DEVICES", "0"),
        ("CUDA_VISIBLE_DEVICES", "1,0"),
        ("CUDA_VISIBLE_DEVICES", "GPU-8f6c1f2e-0000-0000-0000-000000000000"),
        ("CUDA_VISIBLE_DEVICES", "MIG-0d5c1a4f-0000-0000-0000-000000000000"),
        ("NVIDIA_VISIBLE_DEVICES", "all"),
        ("NVIDIA_VISIBLE_DEVICES", "0,1"),
        ("NVIDIA_DRIVER_CAPABILITIES", "compute,utility"),
        ("NVIDIA_DRIVER_CAPABILITIES", "all"),
        ("HIP_VISIBLE_DEVICES", "-1"),  # only ROCm reads it
    ],
)
def test_an_environment_listing_gpus_passes(name: str, value: str) -> None:
    doc = variant(document(TF_CUDA), "env", {name: value})
    check = checks_of(doc)["env.gpu_visible"]
    assert status(check) == ("pass", None)


def test_a_cpu_cell_does_not_care_what_hides_the_gpus() -> None:
    doc = variant(document(TF_CPU), "env", {"CUDA_VISIBLE_DEVICES": "-1"})
    assert "env.gpu_visible" not in checks_of(doc)


@pytest.mark.parametrize(
    ("cc", "expected"),
    [
        ("8.6", ("pass", None)),  # sm_80 SASS runs on 8.6: same major, not newer
        ("9.0", ("warn", "GPU_ARCH_NEWER_THAN_WHEEL")),  # compute_90 PTX, JIT-compiled
        ("12.0", ("warn", "GPU_ARCH_NEWER_THAN_WHEEL")),
        ("5.2", ("fail", "GPU_ARCH_TOO_OLD")),
    ],
)
def test_gpu_architecture_against_the_builds_targets(
    cc: str, expected: tuple[str, str | None]
) -> None:
    doc = variant(
        document(TF_CUDA),
        "framework.gpus",
        [{"name": "GPU:0", "device_name": "X", "compute_capability": cc}],
    )
    assert status(checks_of(doc, level=2)["gpu.arch"]) == expected


def test_version_mismatches() -> None:
    doc = variant(variant(document(TF_CPU), "framework.version", "2.20.0"), "python.series", "3.12")
    checks = checks_of(doc)
    assert checks["expect.framework_version"].code == "FRAMEWORK_VERSION_MISMATCH"
    assert checks["expect.python"].code == "PYTHON_VERSION_MISMATCH"


def test_a_series_expectation_matches_any_patch_release_of_it() -> None:
    doc = document(TF_CPU)
    assert (
        checks_of(variant(doc, "framework.version", "2.21.3"), framework_version="2.21")[
            "expect.framework_version"
        ].status
        == "pass"
    )
    assert (
        checks_of(variant(doc, "framework.version", "2.2.1"), framework_version="2.21")[
            "expect.framework_version"
        ].status
        == "fail"
    )


# -- GPU levels, on the H100 recordings --------------------------------------------------------------


@pytest.mark.parametrize("name", [H100_JAX, H100_TORCH, H200_JAX, H200_TORCH])
def test_keras_on_an_h100_or_h200_is_certified_at_l3_with_every_cause_measured(name: str) -> None:
    doc = document(name)
    checks = judge(doc, doc["expect"], level=3)
    assert level_reached(checks, 3) == (3, None)
    by_id = {c.id: c for c in checks}
    for cid in (
        "gpu.visible",
        "gpu.placement",
        "gpu.numerics",
        "model.mlp.gpu",
        "perf.matmul",
        "perf.model",
    ):
        assert by_id[cid].status == "pass", by_id[cid]
    measured = {c.code: c.figure for c in checks if c.status == "pass" and c.code}
    assert set(measured) == {
        "PERF_NO_MIXED_PRECISION",
        "PERF_LAUNCH_OVERHEAD_SMALL_MODEL",
        "PERF_EAGER_OR_PREDICT_LOOP",
        "PERF_PY_FUNCTION_GIL",
    }
    assert measured["PERF_NO_MIXED_PRECISION"] > 2  # BF16 tensor cores against strict FP32
    gpu = "H100 80GB HBM3" if name.startswith("h100") else "H200"
    assert f"of {gpu}'s 67.0 TFLOP/s peak" in by_id["perf.matmul"].summary


def test_matmul_throughput_against_the_devices_peak() -> None:
    doc = document(H100_TORCH)
    assert checks_of(variant(doc, "device.matmul.0.tflops", 10.0))["perf.matmul"].status == "warn"
    assert status(checks_of(variant(doc, "device.matmul.0.tflops", 2.0))["perf.matmul"]) == (
        "fail",
        "GPU_THROUGHPUT_LOW",
    )
    pcie = checks_of(variant(doc, "framework.gpus.0.device_name", "NVIDIA H100 PCIe"))[
        "perf.matmul"
    ]
    assert "H100 PCIe's 51.0" in pcie.summary  # the most specific name wins
    unknown = checks_of(variant(doc, "framework.gpus.0.device_name", "NVIDIA A40"))["perf.matmul"]
    assert unknown.status == "warn" and "no peak" in unknown.summary


def test_a_gpu_slower_than_the_cpu_fails_l3_only() -> None:
    doc = variant(document(H100_TORCH), "device.models.1.samples_per_s", 100.0)
    checks = judge(doc, doc["expect"], level=3)
    assert {c.id: c for c in checks}["perf.model"].code == "GPU_SLOWER_THAN_CPU"
    assert level_reached(checks, 3)[0] == 2


def test_an_op_off_the_gpu_or_wrong_numerics_fail_l2() -> None:
    doc = document(H100_JAX)
    placed = checks_of(variant(doc, "device.placement.on_gpu", False))["gpu.placement"]
    assert status(placed) == ("fail", "PERF_CPU_FALLBACK_OPS")
    numerics = checks_of(variant(doc, "device.numerics.matmul_rel_err", 0.2))["gpu.numerics"]
    assert status(numerics) == ("fail", "GPU_NUMERICS_MISMATCH")
    off = variant(doc, "device.placement.on_gpu", False)
    assert level_reached(judge(off, off["expect"], level=3), 3)[0] == 1


def test_measurement_errors_are_classified_by_the_catalogue() -> None:
    doc = document(H100_TORCH)
    conv = variant(
        doc,
        "device.numerics",
        {"name": "numerics", "error": "UnimplementedError: DNN library is not found."},
    )
    assert checks_of(conv)["gpu.numerics"].code == "CUDNN_VERSION_MISMATCH"
    ptx = variant(
        doc,
        "workloads.5.error",
        "InternalError: 'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION'",
    )
    assert checks_of(ptx)["model.mlp.gpu"].code == "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"
    oom = variant(
        doc,
        "device.matmul.0",
        {
            "device": "gpu",
            "dtype": "float32",
            "error": "ResourceExhaustedError: OOM when allocating tensor",
        },
    )
    assert checks_of(oom)["perf.matmul"].code == "GPU_OOM"


def test_a_failing_cause_measurement_warns_but_does_not_fail_the_level() -> None:
    doc = variant(
        document(H100_JAX),
        "device.numpy_layer",
        {"device": "gpu", "error": "RuntimeError: no callback"},
    )
    checks = judge(doc, doc["expect"], level=3)
    assert status({c.id: c for c in checks}["perf.numpy_layer"]) == (
        "warn",
        "GPU_MEASUREMENT_FAILED",
    )
    assert level_reached(checks, 3) == (3, None)


def test_mixed_precision_on_a_gpu_without_tensor_cores_is_not_recommended() -> None:
    doc = variant(document(H100_TORCH), "framework.gpus.0.compute_capability", "6.1")
    check = checks_of(doc)["perf.mixed_precision"]
    assert (check.status, check.code) == ("pass", "MIXED_PRECISION_ON_OLD_GPU")


def test_memory_growth_set_too_late_is_a_warning() -> None:
    late = {
        "set": False,
        "gpus": 1,
        "error": "Physical devices cannot be modified after being initialized",
    }
    check = checks_of(variant(document(H100_JAX), "framework.memory_growth", late))[
        "gpu.memory_growth"
    ]
    assert status(check) == ("warn", "MEMORY_CONFIG_ORDER_ERROR")


def test_an_input_pipeline_that_prefetching_does_not_help_is_input_bound() -> None:
    pipeline = {
        "device": "gpu",
        "error": None,
        "serial_steps_per_s": 20.0,
        "prefetched_steps_per_s": 20.5,
    }
    check = checks_of(variant(document(H100_JAX), "device.pipeline", pipeline))["perf.pipeline"]
    assert status(check) == ("warn", "PERF_INPUT_BOUND")
    faster = {**pipeline, "prefetched_steps_per_s": 95.0}
    check = checks_of(variant(document(H100_JAX), "device.pipeline", faster))["perf.pipeline"]
    assert (check.status, check.code, check.figure) == ("pass", "PERF_INPUT_BOUND", 4.75)


def test_a_check_round_trips_through_its_dict() -> None:
    for check in judge(document(H100_TORCH), document(H100_TORCH)["expect"], level=3):
        assert Check.from_dict(check.to_dict()) == check
    with pytest.raises(ValueError):
        Check.from_dict({"id": "x", "level": 1, "status": "maybe"})
