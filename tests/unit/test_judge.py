"""The probe's judge: facts + expectations -> checks, codes, level (pure, shared by image and host)."""

from __future__ import annotations

import copy
from typing import Any

from envforge.probe.judge import judge, level_reached

CUDA_EXPECT = {
    "framework": "tensorflow",
    "framework_version": "2.21.0",
    "python": "3.11",
    "accelerator": "cuda",
    "keras_major": 3,
    "backend": "tensorflow",
    "cuda": "12.5",
    "cudnn": "9.3",
    "sass": ["6.0", "7.0", "8.0", "8.9"],
    "ptx": "9.0",
}

FACTS: dict[str, Any] = {
    "python": {"series": "3.11", "version": "3.11.2"},
    "env": {},
    "host_gpu": {"nvidia_device_nodes": [], "amd_kfd": False},
    "framework": {
        "name": "tensorflow",
        "version": "2.21.0",
        "import_s": 2.0,
        "keras_version": "3.15.1",
        "keras_major": 3,
        "backend": "tensorflow",
        "error": None,
        "gpus": [],
        "build": {
            "is_cuda_build": True,
            "is_rocm_build": False,
            "cuda_version": "12.5.1",
            "cudnn_version": "9",
            "compute_capabilities": ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"],
        },
    },
    "libraries": [
        {
            "name": "cudart",
            "soname": "libcudart.so.12",
            "loaded": True,
            "path": "/x/libcudart.so.12",
            "version": "12.9",
        },
        {
            "name": "cudnn",
            "soname": "libcudnn.so.9",
            "loaded": True,
            "path": "/x/libcudnn.so.9",
            "version": "9.28.0",
        },
        {
            "name": "nccl",
            "soname": "libnccl.so.2",
            "loaded": True,
            "path": "/x/libnccl.so.2",
            "version": "2.32.3",
        },
    ],
    "nvml": {"available": False, "error": "libnvidia-ml.so.1: cannot open shared object file"},
    "workloads": [
        {"name": "mlp", "device": "cpu", "losses": [1.2, 0.8, 0.5], "seconds": 0.7, "error": None}
    ],
}


def facts(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(FACTS)
    for path, value in changes.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[keys[-1]] = value
    return data


def by_id(checks: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in checks}


def test_healthy_cuda_image_on_a_host_without_gpu_reaches_l1_and_says_why() -> None:
    checks = judge(facts(), CUDA_EXPECT, level=3)
    assert not [c for c in checks if c["status"] == "fail"]
    assert by_id(checks)["gpu.visible"]["status"] == "skip"
    assert level_reached(checks, 3) == (1, "GPU levels not reached: no GPU on this host")


def test_cpu_wheel_where_cuda_expected() -> None:
    f = facts(framework__build={"is_cuda_build": False, "is_rocm_build": False})
    check = by_id(judge(f, CUDA_EXPECT))["build.accelerator"]
    assert (check["status"], check["code"]) == ("fail", "CPU_ONLY_TF_BUILD")


def test_cudnn_of_an_older_minor_or_other_major_fails_like_tensorflow_would() -> None:
    for version in ("9.1.0", "8.9.7"):
        f = facts(libraries__1__version=version)
        check = by_id(judge(f, CUDA_EXPECT))["library.cudnn"]
        assert check["code"] == "CUDNN_VERSION_MISMATCH"
        assert (
            f"Loaded runtime CuDNN library: {version} but source was compiled with: 9.3"
            in check["summary"]
        )
    assert (
        by_id(judge(facts(libraries__1__version="9.3.0"), CUDA_EXPECT))["library.cudnn"]["status"]
        == "pass"
    )


def test_missing_library_and_transitive_dependency() -> None:
    f = facts(
        libraries__0__loaded=False,
        libraries__0__error="libcudart.so.12: cannot open shared object file: No such file or directory",
    )
    assert by_id(judge(f, CUDA_EXPECT))["library.cudart"]["code"] == "CUDA_LIBS_NOT_FOUND"
    f = facts(
        libraries__1__loaded=False,
        libraries__1__error="libnvJitLink.so.12: cannot open shared object file: No such file or directory",
    )
    assert (
        by_id(judge(f, CUDA_EXPECT))["library.cudnn"]["code"] == "CUDA_LIB_TRANSITIVE_DEP_MISSING"
    )


def test_missing_nccl_only_warns() -> None:
    f = facts(
        libraries__2__loaded=False,
        libraries__2__error="libnccl.so.2: cannot open shared object file",
    )
    assert by_id(judge(f, CUDA_EXPECT))["library.nccl"]["status"] == "warn"


def test_models_must_have_finite_decreasing_loss() -> None:
    assert (
        by_id(judge(facts(workloads__0__losses=[1.0, 1.1, 1.2]), CUDA_EXPECT))["model.mlp.cpu"][
            "code"
        ]
        == "MODEL_LOSS_NOT_DECREASING"
    )
    assert (
        by_id(judge(facts(workloads__0__losses=[1.0, "nan", 0.2]), CUDA_EXPECT))["model.mlp.cpu"][
            "code"
        ]
        == "MODEL_LOSS_NOT_FINITE"
    )
    f = facts(workloads__0__error="UnimplementedError: DNN library is not found.")
    assert by_id(judge(f, CUDA_EXPECT))["model.mlp.cpu"]["code"] == "CUDNN_VERSION_MISMATCH"


def test_keras_backend_not_tensorflow() -> None:
    f = facts(framework__backend="jax", env={"KERAS_BACKEND": "jax"})
    check = by_id(judge(f, CUDA_EXPECT))["expect.backend"]
    assert (check["status"], check["code"]) == ("fail", "KERAS_BACKEND_NOT_TF")


def test_import_failure_stops_judging_and_names_a_missing_backend() -> None:
    f = facts(
        framework={
            "name": "tensorflow",
            "error": "ModuleNotFoundError: No module named 'torch'",
            "traceback": "keras/src/backend/torch",
        },
        env={"KERAS_BACKEND": "torch"},
    )
    checks = judge(f, CUDA_EXPECT)
    assert [c["id"] for c in checks] == ["framework.import"]
    assert checks[0]["code"] == "KERAS_BACKEND_NOT_TF"
    assert checks[0]["summary"].startswith(
        "KERAS_BACKEND=torch names a backend that cannot be imported"
    )
    assert level_reached(checks, 1) == (0, checks[0] and f"L1 failed: {checks[0]['summary']}")


def test_gpu_hidden_by_environment() -> None:
    f = facts(env={"CUDA_VISIBLE_DEVICES": "-1"}, host_gpu={"nvidia_device_nodes": ["nvidia0"]})
    assert by_id(judge(f, CUDA_EXPECT, level=2))["gpu.visible"]["code"] == "GPU_HIDDEN_BY_ENV"


def test_gpu_architecture_rules() -> None:
    def arch(cc: str) -> dict[str, Any]:
        f = facts(framework__gpus=[{"name": "GPU:0", "device_name": "X", "compute_capability": cc}])
        return by_id(judge(f, CUDA_EXPECT, level=2))["gpu.arch"]

    assert arch("8.6")["status"] == "pass"  # sm_80 SASS runs on 8.6 (same major, newer minor)
    assert (arch("9.0")["status"], arch("9.0")["code"]) == (
        "warn",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    )  # PTX JIT
    assert (arch("12.0")["status"], arch("12.0")["code"]) == ("warn", "GPU_ARCH_NEWER_THAN_WHEEL")
    assert (arch("5.2")["status"], arch("5.2")["code"]) == ("fail", "GPU_ARCH_TOO_OLD")


def test_version_mismatches() -> None:
    checks = by_id(
        judge(facts(framework__version="2.20.0", python={"series": "3.12"}), CUDA_EXPECT)
    )
    assert checks["expect.framework_version"]["code"] == "FRAMEWORK_VERSION_MISMATCH"
    assert checks["expect.python"]["code"] == "PYTHON_VERSION_MISMATCH"


def test_series_expectation_matches_any_patch_release() -> None:
    expect = {**CUDA_EXPECT, "framework_version": "2.21"}
    assert (
        by_id(judge(facts(framework__version="2.21.3"), expect))["expect.framework_version"][
            "status"
        ]
        == "pass"
    )
    assert (
        by_id(judge(facts(framework__version="2.2.1"), expect))["expect.framework_version"][
            "status"
        ]
        == "fail"
    )


def test_cudnn_of_another_major_present_instead_of_the_builds() -> None:
    f = facts(
        libraries__1__loaded=False,
        libraries__1__version=None,
        libraries__1__error="libcudnn.so.9: cannot open shared object file: No such file or directory",
    )
    f["cudnn_other"] = [
        {"soname": "libcudnn.so.8", "path": "/x/nvidia/cudnn/lib/libcudnn.so.8", "version": "8.9.7"}
    ]
    check = by_id(judge(f, CUDA_EXPECT))["library.cudnn"]
    assert check["code"] == "CUDNN_VERSION_MISMATCH"
    assert (
        "Loaded runtime CuDNN library: 8.9.7 but source was compiled with: 9.3" in check["summary"]
    )
