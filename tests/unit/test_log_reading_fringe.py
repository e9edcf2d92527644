"""doctor on the classes waves 28 and 29 of the corpus showed (each case written here, not copied
from a held-out log): what a line says beside another, and facts that decide between two
readings."""

from __future__ import annotations

import pytest

from envforge.log_facts import extract_facts
from envforge.log_reading import read_log


def _codes(text: str, **context: object) -> list[str]:
    return [d.code for d in read_log(text, **context).diagnoses]  # type: ignore[arg-type]


def test_nvidia_docker_requests_the_gpu_itself() -> None:
    command = "$ nvidia-docker run -ti tensorflow/tensorflow:1.4.0-devel-gpu /bin/bash"
    (found,) = extract_facts(command).commands
    assert (found.tool, found.gpus) == ("nvidia-docker", True)
    (plain,) = extract_facts(command.replace("nvidia-docker", "docker")).commands
    assert (plain.tool, plain.gpus) == ("docker", False)
    log = f"{command}\nRuntimeError: Found no NVIDIA driver on your system."
    assert "CONTAINER_GPU_NOT_REQUESTED" not in _codes(log)
    assert _codes(log.replace("nvidia-docker", "docker"))[0] == "CONTAINER_GPU_NOT_REQUESTED"


def test_a_cpu_build_named_alone_or_beside_the_cpu_device_is_the_cause() -> None:
    banner = "Ultralytics YOLOv8.0.54 Python-3.10.6 torch-2.0.0+cpu CPU"
    assert _codes(banner)[0] == "CPU_ONLY_TF_BUILD"
    # the same banner with a CUDA wheel on its GPU names no build
    assert "CPU_ONLY_TF_BUILD" not in _codes(
        "Ultralytics YOLOv8.0.54 Python-3.10.6 torch-2.0.0+cu118 CUDA:0 (NVIDIA GeForce RTX 3070)"
    )
    conda = "pytorch                   1.12.1              py3.9_cpu_0    pytorch"
    assert _codes(conda) == ["CPU_ONLY_TF_BUILD"]
    assert _codes(conda.replace("py3.9_cpu_0", "py3.9_cuda11.3_cudnn8.3.2_0")) == []
    # a CPU build listed beside another failure does not take its place
    other = f"{conda}\nRuntimeError: Error(s) in loading state_dict for Net:"
    assert "CPU_ONLY_TF_BUILD" not in _codes(other)[:1]


def test_float16_asked_of_the_cpu_comes_before_the_backend_s_refusal() -> None:
    refusal = (
        "ValueError: Requested float16 compute type, but the target device or backend do not "
        "support efficient float16 computation."
    )
    assert _codes(refusal)[0] == "GPU_FEATURE_NEEDS_NEWER_ARCH"
    call = '    model = WhisperModel("large-v3", device="cpu", compute_type="float16")'
    assert _codes(f"{call}\n{refusal}")[:2] == [
        "FLOAT16_COMPUTE_TYPE_ON_CPU",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ]
    assert _codes(f"{call.replace('cpu', 'cuda')}\n{refusal}")[0] == "GPU_FEATURE_NEEDS_NEWER_ARCH"


def test_ggml_s_missing_kernel_reads_by_the_architectures_it_was_compiled_for() -> None:
    line = (
        "ggml-cuda/fattn.cu:571: ERROR: CUDA kernel flash_attn_ext_f16 has no device code "
        "compatible with CUDA arch {arch}. ggml-cuda.cu was compiled for: 520,610,700"
    )
    fault = "CUDA error: unspecified launch failure"
    # compiled for this GPU, yet the kernel has no code for it: a feature of newer GPUs
    assert _codes(f"{line.format(arch=610)}\n{fault}")[:2] == [
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
        "CUDA_KERNEL_FAULT",
    ]
    # not compiled for this GPU at all: the build lacks its kernels
    assert _codes(f"{line.format(arch=890)}\n{fault}")[:2] == [
        "WHEEL_LACKS_ARCH_KERNELS",
        "CUDA_KERNEL_FAULT",
    ]


def test_a_dataloader_worker_s_death_is_host_memory_unless_shared_memory_says_otherwise() -> None:
    death = "RuntimeError: DataLoader worker (pid(s) 8260) exited unexpectedly"
    assert _codes(death) == ["HOST_OOM"]
    bus = (
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
        "shared memory (shm)."
    )
    assert _codes(f"{bus}\n{death}")[0] == "CONTAINER_SHM_TOO_SMALL"


def test_dynamo_s_suppressed_errors_are_not_the_run_s_failure() -> None:
    suppressed = (
        "[2024-06-18 23:38:49,504] torch._dynamo.convert_frame: [WARNING] RuntimeError: Found "
        "NVIDIA GeForce GTX TITAN X which is too old to be supported by the triton GPU compiler"
    )
    assert _codes(suppressed) == []
    raised = suppressed.split("[WARNING] ", 1)[1]
    assert _codes(raised) == ["GPU_FEATURE_NEEDS_NEWER_ARCH"]


def test_a_linux_cudart_dlerror_is_a_gpu_setup_missing_its_runtime() -> None:
    linux = (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
        "file: No such file or directory\n"
        "I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart dlerror if you "
        "do not have a GPU set up on your machine."
    )
    assert _codes(linux)[0] in ("CUDA_RUNTIME_NOT_LOADABLE", "CUDA_LIBS_NOT_FOUND")
    # Windows' is printed on CPU-only machines as often as on GPU ones: a host without a GPU
    windows = linux.replace("'libcudart.so.11.0'", "'cudart64_110.dll'").replace(
        "libcudart.so.11.0: cannot open shared object file: No such file or directory",
        "cudart64_110.dll not found",
    )
    assert _codes(windows) == ["CPU_ONLY_HOST_BENIGN"]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("ssh: Could not resolve hostname node-0: Name or service not known",
         "LAUNCHER_HOSTFILE_HOST_UNREACHABLE"),
        ("Warning  FailedScheduling  0/4 nodes are available: 2 Insufficient cpu.",
         "K8S_GPU_POD_REQUEST_EXCEEDS_NODE"),
        ("graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found", "NCCL_TOPO_FILE_REJECTED"),
        ("slurmstepd: error: execve(): /var/spool/slurmd/job1/slurm_script: No such file or directory",
         "SLURM_NODE_SPOOL_BROKEN"),
    ],
)  # fmt: skip
def test_a_slurm_job_that_failed_for_another_reason_did_not_lack_a_gpu(
    line: str, code: str
) -> None:
    log = f"srun: job 12 queued and waiting for resources\n{line}\nRuntimeError: job failed\n"
    assert _codes(log) == [code]
