"""doctor's facts from a log, and the knowledge base applied to them (causes no single line names)."""

from __future__ import annotations

import re

import pytest

from envforge.knowledge import load_knowledge
from envforge.log_facts import extract_facts
from envforge.log_rules import decide, knowledge_diagnoses
from envforge.probe.codes import Code

GTX980_TF217 = """\
TensorFlow version: 2.17.0
I tensorflow/core/common_runtime/gpu/gpu_device.cc:2021] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 3393 MB memory:  -> device: 0, name: NVIDIA GeForce GTX 980, pci bus id: 0000:01:00.0, compute capability: 5.2
Epoch 1/5
"""
SMI_TABLE = """\
| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |
|   0  NVIDIA GeForce GTX 980        Off | 00000000:01:00.0  On |                  N/A |
pip list: tensorflow==2.17.1
"""
NO_GPU = "Python 3.11.4\nTensorFlow version: 2.15.0\nNum GPUs Available:  0\n"


def codes(text: str, platform: str | None = None) -> list[str]:
    return [d.code for d in knowledge_diagnoses(extract_facts(text), load_knowledge(), platform)]


def test_facts_are_read_with_their_lines() -> None:
    facts = extract_facts(
        SMI_TABLE
        + "Loaded runtime CuDNN library: 7301 (compatibility version 7300) but source was "
        "compiled with 7003 (compatibility version 7000).\n"
        "Cuda compilation tools, release 11.8, V11.8.89\n"
        "HSA_OVERRIDE_GFX_VERSION=10.3.0 python train.py\n  Name: gfx1031\n"
    )
    assert (facts.framework, facts.framework_version) == ("tensorflow", "2.17.1")
    assert facts.driver == "535.104.05" and facts.cuda == {"driver": "12.2", "toolkit": "11.8"}
    assert facts.cudnn == {
        "loaded": "7301",
        "compiled": "7003",
        "loaded_compat": "7300",
        "compiled_compat": "7000",
    }
    assert [g.name for g in facts.gpus] == ["NVIDIA GeForce GTX 980"]
    assert (facts.hsa_override, facts.rocm_gfx) == ("10.3.0", "gfx1031")
    assert facts.lines["driver"].startswith("line 1: ")
    assert facts.summary()["gpus"] == [{"name": "NVIDIA GeForce GTX 980", "cc": None}]


@pytest.mark.parametrize(
    ("text", "driver", "runtime"),
    [  # CuPy's show_config and numba -s print a table; NCCL its INFO line
        (
            "CUDA Driver Version          : 11020\nCUDA Runtime Version         : 11030\n",
            "11.2",
            "11.3",
        ),
        (
            "CUDA Driver Version             : 11.5\nCUDA Runtime Version            : 11.8\n",
            "11.5",
            "11.8",
        ),
        ("host:1:1 [0] NCCL INFO cudaDriverVersion 11070\n", "11.7", None),
    ],
)
def test_the_driver_and_runtime_cuda_are_read_from_tables(
    text: str, driver: str, runtime: str | None
) -> None:
    cuda = extract_facts(text).cuda
    assert (cuda.get("driver"), cuda.get("runtime")) == (driver, runtime)


def test_a_gpu_older_than_every_kernel_is_named_without_an_error_line() -> None:
    found = knowledge_diagnoses(extract_facts(GTX980_TF217), load_knowledge())
    assert [d.code for d in found] == ["GPU_ARCH_TOO_OLD"]
    evidence = " ".join(found[0].evidence)
    assert (
        "line 1: TensorFlow version: 2.17.0" in evidence and "compute capability: 5.2" in evidence
    )
    assert "knowledge: TensorFlow" in evidence and "SASS 6.0, 7.0, 8.0, 8.9, PTX 9.0" in evidence


def test_a_gpu_named_without_its_compute_capability_is_looked_up() -> None:
    assert codes(SMI_TABLE) == ["GPU_ARCH_TOO_OLD"]


def test_a_gpu_the_release_has_kernels_for_is_no_cause() -> None:
    assert codes(GTX980_TF217.replace("2.17.0", "2.15.0")) == []
    assert codes(GTX980_TF217.replace("GTX 980", "RTX 4090").replace("5.2", "8.9")) == []


@pytest.mark.parametrize(
    ("platform", "expected"),
    [
        (None, ["WINDOWS_NATIVE_TF_GE_2_11", "CPU_ONLY_TF_BUILD"]),
        ("windows", ["WINDOWS_NATIVE_TF_GE_2_11"]),
        ("linux", ["CPU_ONLY_TF_BUILD"]),
        ("wsl", ["CPU_ONLY_TF_BUILD"]),
        ("macos", []),
    ],
)
def test_no_gpu_and_no_linux_loader_line_names_the_likely_causes(
    platform: str | None, expected: list[str]
) -> None:
    found = knowledge_diagnoses(extract_facts(NO_GPU), load_knowledge(), platform)
    assert [d.code for d in found] == expected
    if platform is None:
        assert all("--platform windows or --platform linux" in d.summary for d in found)


def test_the_logs_own_paths_tell_the_platform() -> None:
    windows = NO_GPU + r"  File C:\Users\me\venv\lib\site-packages\tensorflow\__init__.py" + "\n"
    assert codes(windows) == ["WINDOWS_NATIVE_TF_GE_2_11"]


@pytest.mark.parametrize(
    "text",
    [
        NO_GPU.replace("2.15.0", "2.10.1"),  # native Windows still had GPU builds
        NO_GPU + "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libcudart.so.11.0'\n",  # the Linux build: the libraries are the cause
        "Num GPUs Available:  0\n",  # no release named: nothing to apply
    ],
)
def test_no_guess_where_the_facts_do_not_say(text: str) -> None:
    assert codes(text) == []


@pytest.mark.parametrize(
    ("line", "name", "cc"),
    [
        ("ggml_init_cublas: found 1 CUDA devices:\n  Device 0: Tesla K80, compute capability 3.7\n",
         "Tesla K80", "3.7"),
        ('level=INFO source=types.go:107 msg="inference compute" id=GPU-5d2 library=cuda '
         'compute=6.1 driver=12.4 name="NVIDIA GeForce GTX 1080" total="7.9 GiB"\n',
         "NVIDIA GeForce GTX 1080", "6.1"),
        ("Using device: Quadro K2200 on this machine\n", "Quadro K2200", None),
    ],
)  # fmt: skip
def test_a_gpu_is_read_from_any_printer_that_names_it(line: str, name: str, cc: str | None) -> None:
    assert [(g.name, g.cc) for g in extract_facts(line).gpus][:1] == [(name, cc)]


def test_no_kernel_image_on_a_kepler_is_a_gpu_too_old_not_a_missing_build() -> None:
    from envforge.log_reading import read_log

    log = (
        "  Device 0: Tesla K80, compute capability 3.7, VMM: yes\n"
        "CUDA error: no kernel image is available for execution on the device\n"
    )
    newer = log.replace(
        "Tesla K80, compute capability 3.7", "NVIDIA RTX 5090, compute capability 12.0"
    )
    assert read_log(log, kb=load_knowledge).diagnoses[0].code == "GPU_ARCH_TOO_OLD"
    assert read_log(newer, kb=load_knowledge).diagnoses[0].code == "WHEEL_LACKS_ARCH_KERNELS"


@pytest.mark.parametrize(
    ("loaded", "compiled", "mismatch"),
    [
        ("8.0.5", "8.1.0.", True),
        ("8.6.0", "8.1.0", False),
        ("9.1.0", "8.9.7", True),
        ("8.5.0", "8.9.2", True),
        # TensorFlow 1.x also compared cuDNN's compatibility versions: 7.1 did not run a 7.0 build
        ("7301 (compatibility version 7300)", "7003 (compatibility version 7000)", True),
        ("7005 (compatibility version 7000)", "7003 (compatibility version 7000)", False),
    ],
)
def test_the_cudnn_a_log_states_decides_by_cudnns_rule(
    loaded: str, compiled: str, mismatch: bool
) -> None:
    facts = extract_facts(
        f"E cuda_dnn.cc:352] Loaded runtime CuDNN library: {loaded} but source was compiled with: {compiled}"
    )
    codes = [d.code for d in decide(facts, {}, failed=True)]
    assert (Code.CUDNN_VERSION_MISMATCH in codes) is mismatch


def test_a_kernel_module_and_libraries_of_two_drivers_are_a_mismatch() -> None:
    facts = extract_facts(
        "I cuda_diagnostics.cc:200] kernel reported version is: 525.85.12\n"
        "I cuda_diagnostics.cc:194] libcuda reported version is: 530.30.2\n"
    )
    assert facts.driver_sides == {"kernel": "525.85.12", "library": "530.30.2"}
    assert [d.code for d in decide(facts, {}, failed=True)][:1] == [Code.DRIVER_LIBRARY_MISMATCH]
    same = extract_facts("kernel version 515.48.7 does not match DSO version 515.48.7")
    assert Code.DRIVER_LIBRARY_MISMATCH not in [d.code for d in decide(same, {}, failed=True)]


@pytest.mark.parametrize(
    ("text", "none"),
    [
        ("Is GPU Available: []", True),
        ("GPUs found: 0", True),
        ("GPU available: False", True),
        ("GPU Available: []\nEpoch 1/5", True),
        ("GPU available: True, used: True", False),
        ("GPU available: 0.5", False),
    ],
)
def test_a_gpu_query_answered_none_is_read_in_its_printers_words(text: str, none: bool) -> None:
    assert bool(extract_facts(text).no_gpu) is none


@pytest.mark.parametrize(
    ("free", "held"),
    [("Free memory: 190.31MiB", True), ("Free memory: 7.61GiB", False)],
)
def test_a_gpu_nearly_full_when_the_program_started_is_held_by_another_process(
    free: str, held: bool
) -> None:
    facts = extract_facts(
        "name: GeForce GTX 1080\nTotal memory: 7.92GiB\n"
        f"{free}\n"
        "E cuda_driver.cc:1002] failed to allocate 190.31M (199557120 bytes) from device: "
        "CUDA_ERROR_OUT_OF_MEMORY\n"
    )
    assert facts.gpu_free_at_start is not None and facts.gpu_free_at_start[0] > 7.9
    decided = [d.code for d in decide(facts, {Code.GPU_OOM: 3}, failed=True)]
    assert (Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS in decided) is held
    assert Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS not in [
        d.code for d in decide(facts, {}, failed=True)
    ]  # a nearly full GPU (a Jetson's shared memory) is no cause where nothing ran out


_TORCH_OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1024.00 MiB. GPU 0 has a total "
    "capacity of 14.75 GiB of which 821.06 MiB is free. {procs}Of the allocated memory 13.20 GiB is "
    "allocated by PyTorch, and 621.20 MiB is reserved by PyTorch but unallocated."
)


@pytest.mark.parametrize(
    ("procs", "held"),
    [
        # NVML lists this very process by a PID from another namespace: its own memory
        ("Process 5543 has 13.94 GiB memory in use. ", False),
        # another process holds most of the GPU; this one holds little
        ("Process 727 has 12.90 GiB memory in use. Including non-PyTorch memory, this process has "
         "518.00 MiB memory in use. ", True),
        ("", False),
    ],
)  # fmt: skip
def test_pytorchs_out_of_memory_figures_tell_whose_memory_it_is(procs: str, held: bool) -> None:
    text = _TORCH_OOM.format(procs=procs)
    if held:
        text = text.replace("13.20 GiB is allocated", "0 bytes is allocated").replace(
            "621.20 MiB is reserved", "0 bytes is reserved"
        )
    facts = extract_facts(text)
    assert facts.torch_memory["total"] == pytest.approx(14.75)
    decided = [d.code for d in decide(facts, {Code.GPU_OOM: 1}, failed=True)]
    assert (Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS in decided) is held


def test_standalone_keras_importing_a_tensorflow_internal_it_lacks_is_keras_of_another_release() -> (
    None
):
    facts = extract_facts(
        "/usr/local/lib/python3.7/dist-packages/keras/backend.py in <module>\n"
        "ImportError: cannot import name 'get_config' from 'tensorflow.python.eager.context'\n"
    )
    assert Code.KERAS_VERSION_MISMATCH in [d.code for d in decide(facts, {}, failed=True)]
    user_code = extract_facts(
        "/home/me/train.py in <module>\n"
        "ImportError: cannot import name 'get_config' from 'tensorflow.python.eager.context'\n"
    )
    assert Code.KERAS_VERSION_MISMATCH not in [d.code for d in decide(user_code, {}, failed=True)]


def test_out_of_memory_around_a_pinned_copy_on_windows_is_the_shared_budget() -> None:
    text = (
        'File "C:\\Users\\me\\ComfyUI\\comfy\\model_management.py", line 1314, in cast_to\n'
        "    r.copy_(weight, non_blocking=non_blocking)\n"
        "torch.AcceleratorError: CUDA error: out of memory\n"
    )
    decided = [d.code for d in decide(extract_facts(text), {Code.GPU_OOM: 3}, failed=True)]
    assert Code.WINDOWS_PINNED_MEMORY_LIMIT in decided
    linux = text.replace("C:\\Users\\me", "/home/me").replace("\\", "/")
    decided = [d.code for d in decide(extract_facts(linux), {Code.GPU_OOM: 3}, failed=True)]
    assert Code.WINDOWS_PINNED_MEMORY_LIMIT not in decided


@pytest.mark.parametrize(
    "line",
    [
        "torch.AcceleratorError: HIP error: invalid device function",
        "ROCm error: invalid device function",
    ],
)
def test_a_kernel_missing_in_a_rocm_build_is_the_gpu_s_isa(line: str) -> None:
    shown = {Code.WHEEL_LACKS_ARCH_KERNELS: 1}
    assert Code.ROCM_GPU_ISA_UNSUPPORTED in [
        d.code for d in decide(extract_facts(line), shown, failed=True)
    ]
    cuda = "RuntimeError: CUDA error: invalid device function"
    assert Code.ROCM_GPU_ISA_UNSUPPORTED not in [
        d.code for d in decide(extract_facts(cuda), shown, failed=True)
    ]


def test_paddle_s_cudnn_of_an_older_minor_than_its_build_is_a_mismatch() -> None:
    facts = extract_facts(
        "The installed Paddle is compiled with CUDNN 8.2, but CUDNN version in your machine is 8.1"
    )
    assert facts.cudnn == {"loaded": "8.1", "compiled": "8.2"}
    assert Code.CUDNN_VERSION_MISMATCH in [d.code for d in decide(facts, {}, failed=True)]


@pytest.mark.parametrize(
    "step",
    [
        "#7 [3/5] RUN nvidia-smi\n#7 0.2 /bin/sh: 1: nvidia-smi: not found\n",
        "Step 4/9 : RUN nvidia-smi\n/bin/sh: 1: nvidia-smi: not found\n"
        "The command '/bin/sh -c nvidia-smi' returned a non-zero code: 127\n",
    ],
)
def test_an_image_build_step_that_finds_no_gpu_is_the_build_not_the_host(step: str) -> None:
    decided = [
        d.code for d in decide(extract_facts(step), {Code.DRIVER_NOT_AVAILABLE: 2}, failed=True)
    ]
    assert Code.DOCKER_BUILD_HAS_NO_GPU in decided
    run = (
        step.replace("#7 [3/5] RUN ", "$ ").replace("Step 4/9 : RUN ", "$ ").replace("#7 0.2 ", "")
    )
    run = run.replace("The command '/bin/sh -c nvidia-smi' returned", "exit code")
    decided = [
        d.code for d in decide(extract_facts(run), {Code.DRIVER_NOT_AVAILABLE: 2}, failed=True)
    ]
    assert Code.DOCKER_BUILD_HAS_NO_GPU not in decided


def test_out_of_memory_allocating_pinned_host_memory_is_the_host_s() -> None:
    """cudaHostAlloc failing is reported as "CUDA error: out of memory": host RAM, not the GPU's
    (recorded on an H200: tests/fixtures/logs/recorded/h200/torch-pinned-host-buffer-too-large)."""
    text = (
        "    buf = torch.empty(2**40, dtype=torch.uint8, pin_memory=True)\n"
        "torch.AcceleratorError: CUDA error: out of memory\n"
    )
    decided = [d.code for d in decide(extract_facts(text), {Code.GPU_OOM: 1}, failed=True)]
    assert Code.HOST_OOM in decided
    # the caching allocator's own message names the GPU: that stays the GPU's memory
    gpu = text.replace("pin_memory=True", "device='cuda'").replace(
        "CUDA error: out of memory", "CUDA out of memory. Tried to allocate 1024.00 GiB"
    )
    assert Code.HOST_OOM not in [
        d.code for d in decide(extract_facts(gpu), {Code.GPU_OOM: 1}, failed=True)
    ]
    copy = text.replace("pin_memory=True", "device='cuda'").replace(
        "buf =", "buf.copy_(x, non_blocking=True);"
    )
    assert Code.HOST_OOM not in [
        d.code for d in decide(extract_facts(copy), {Code.GPU_OOM: 1}, failed=True)
    ]


@pytest.mark.parametrize(("release", "old"), [("12.2.1", True), ("13.4", False)])
def test_mps_unavailable_on_a_macos_before_12_3_is_the_os(release: str, old: bool) -> None:
    facts = extract_facts(f"Is MPS available? False\nOS: macOS {release} (arm64)\n")
    decided = [d.code for d in decide(facts, {}, failed=False)]
    assert (Code.MACOS_TOO_OLD_FOR_MPS in decided) is old


@pytest.mark.parametrize(
    ("found", "limits", "code"),
    [
        ("12.1", "(8.0) - (12.0)", Code.HEALTHY_BENIGN_NOISE),  # a GB10 under a 12.0 build: runs
        ("12.0", "(5.0) - (9.0)", Code.WHEEL_LACKS_ARCH_KERNELS),  # an RTX 50 under a cu124 build
        ("6.1", "(7.0) - (12.0)", Code.GPU_ARCH_TOO_OLD),  # a Pascal under a cu128 build
    ],
)
def test_pytorchs_capability_range_decides_by_the_gpus_major(
    found: str, limits: str, code: Code
) -> None:
    facts = extract_facts(
        f"UserWarning: \n    Found GPU0 NVIDIA X which is of cuda capability {found}.\n"
        "    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
        f"    {limits}\n"
    )
    assert [d.code for d in decide(facts, {}, failed=False)] == [code]


def test_the_architectures_a_package_was_compiled_for_decide_against_the_gpus() -> None:
    facts = extract_facts(
        "Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for "
        "60 61 70 75 80 86 ,but your current GPU is 120\n"
    )
    assert [d.code for d in decide(facts, {}, failed=True)] == [Code.WHEEL_LACKS_ARCH_KERNELS]


@pytest.mark.parametrize(
    ("log", "code"),
    [  # PyTorch's list printed alone: its warning names a GPU it lacks
        (
            "The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70.",
            "WHEEL_LACKS_ARCH_KERNELS",
        ),
        (  # llama.cpp's list (__CUDA_ARCH__ values) against an older GPU it names
            "  Device 0: Tesla M60, compute capability 5.2, VMM: yes\n"
            "system_info: CUDA : ARCHS = 600,610,700,750,800 | F16 = 1 | AVX = 1 |",
            "GPU_ARCH_TOO_OLD",
        ),
    ],
)
def test_a_builds_list_of_architectures_decides_against_the_gpu(log: str, code: str) -> None:
    assert [d.code for d in decide(extract_facts(log), {}, failed=False)] == [code]


@pytest.mark.parametrize(
    "device",
    [
        "  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes",  # within the list
        "  Device 0: NVIDIA GeForce RTX 5090, compute capability 12.0, VMM: yes",  # PTX may run it
    ],
)
def test_llama_cpps_list_is_no_cause_for_a_gpu_that_is_not_older(device: str) -> None:
    log = f"{device}\nsystem_info: CUDA : ARCHS = 600,610,700,750,800,860 | F16 = 1 |"
    assert extract_facts(log).arch_list[0] == "sm_60"
    assert decide(extract_facts(log), {}, failed=False) == []


TF21_RTX3060TI = """\
I tensorflow/stream_executor/platform/default/dso_loader.cc:48] Successfully opened dynamic library cudart64_101.dll
I tensorflow/core/common_runtime/gpu/gpu_device.cc:1716] Found device 0 with properties:
pciBusID: 0000:01:00.0 name: GeForce RTX 3060 Ti computeCapability: 8.6
"""


def test_a_gpu_newer_than_the_cuda_a_tensorflow_build_loads_has_no_sass() -> None:
    facts = extract_facts(TF21_RTX3060TI)
    assert [(g.name, g.cc) for g in facts.gpus] == [("GeForce RTX 3060 Ti", "8.6")]
    found = decide(facts, {}, kb=load_knowledge, failed=False)
    assert [d.code for d in found] == [Code.GPU_ARCH_NEWER_THAN_WHEEL]
    assert "CUDA 10.1" in found[0].summary and "cudart64_101.dll" in " ".join(found[0].evidence)
    # an Ampere under CUDA 11.0 (SASS 8.0 runs on 8.6) and a PyTorch wheel are no such case
    ampere = TF21_RTX3060TI.replace("cudart64_101.dll", "cudart64_110.dll")
    assert decide(extract_facts(ampere), {}, kb=load_knowledge, failed=False) == []
    torch = TF21_RTX3060TI + "torch 1.7.1+cu101\n"
    assert decide(extract_facts(torch), {}, kb=load_knowledge, failed=False) == []


@pytest.mark.parametrize(
    ("line", "name", "version"),
    [
        (
            "Successfully installed keras-3.3.3 tensorflow-2.16.1 tensorboard-2.16.2",
            "tensorflow",
            "2.16.1",
        ),
        ("Successfully installed keras-3.3.3 tensorflow-2.16.1", "keras", "3.3.3"),
        (
            "  Downloading torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl (2200.7 MB)",
            "torch",
            "2.1.0",
        ),
        ("Collecting jaxlib-0.4.30-cp311-cp311-manylinux2014_x86_64.whl", "jaxlib", "0.4.30"),
        (
            r"Requirement already satisfied: tensorflow in c:\users\me\appdata\roaming\python\python311\site-packages (2.14.0)",
            "tensorflow",
            "2.14.0",
        ),
        (
            "Requirement already satisfied: torch in ./venv/lib/python3.10/site-packages (2.3.1+cu118)",
            "torch",
            "2.3.1",
        ),
        ("pytorch-2.1.0-py3.10_cuda12.1_cudnn8.9.2_0", "torch", "2.1.0"),
        (">>> tf.__version__\n'2.16.1'", "tensorflow", "2.16.1"),
        ("print(torch.__version__)\n2.5.1+cu124", "torch", "2.5.1"),
        ("Name: tensorflow\nVersion: 2.17.0", "tensorflow", "2.17.0"),
    ],
)
def test_a_framework_version_is_read_in_pips_conda_and_a_repls_words(
    line: str, name: str, version: str
) -> None:
    assert extract_facts(line + "\n").frameworks.get(name) == version


@pytest.mark.parametrize(
    "line",
    [
        "Successfully installed tensorflow-estimator-2.13.0",  # another distribution
        "  Downloading torchvision-0.16.0-cp310-cp310-linux_x86_64.whl",
        "Requirement already satisfied: keras-nightly in ./lib (3.4.0.dev2024)",
    ],
)
def test_a_neighbouring_distributions_version_is_not_the_frameworks(line: str) -> None:
    assert extract_facts(line + "\n").frameworks == {}


@pytest.mark.parametrize(
    "text",
    [
        "Successfully installed tensorflow-2.15.0 tensorflow-intel-2.15.0\nNum GPUs Available:  0\n",
        "Requirement already satisfied: tensorflow in c:\\users\\me\\miniconda3\\envs\\tf\\lib\\site-packages (2.14.0)\nGPUs: []\n",
        "Requirement already satisfied: tensorflow in d:\\work\\venv\\lib\\site-packages (2.13.1)\nNum GPUs Available:  0\n",
    ],
)
def test_windows_is_told_by_its_wheel_and_any_drive_letter_path(text: str) -> None:
    assert codes(text) == ["WINDOWS_NATIVE_TF_GE_2_11"]


@pytest.mark.parametrize(
    ("context", "driver"),
    [
        ("numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData failed", True),
        ("error building the module: ptxas application ptx input, line 9;", True),
        ("ptxas /tmp/tempfile-ab12-3, line 5; fatal", False),  # the ptxas binary: its own rows
    ],
)
def test_ptx_of_a_newer_isa_than_the_drivers_jit_takes_is_the_driver(
    context: str, driver: bool
) -> None:
    """The PTX compiler's refusal states two ISA versions; the driver's JIT (reached through
    cuLink*, its input "application ptx input") refusing it means a driver older than the CUDA
    that wrote the PTX, whatever the printer's other words."""
    facts = extract_facts(
        f"{context}\nfatal   : Unsupported .version 8.5; current version is '8.4'"
    )
    found = [
        d for d in decide(facts, {}, failed=True) if d.code is Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME
    ]
    assert bool(found) is driver
    if driver:
        assert "PTX ISA 8.4 (CUDA 12.4)" in found[0].summary and "(CUDA 12.5)" in found[0].summary
        assert Code.XLA_PTXAS_TOO_OLD in found[0].replaces
    older = extract_facts(f"{context}\nUnsupported .version 7.0; current version is '7.4'")
    assert not any(
        d.code is Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME for d in decide(older, {}, failed=True)
    )


@pytest.mark.parametrize(
    "line", ["Jetson AGX Orin", "R35 (release) # L4T", "nvidia-jetpack 6.0", "TEGRA X1"]
)
def test_a_jetson_is_read_in_any_case_and_the_words_checked_first_are_the_patterns(
    line: str,
) -> None:
    from envforge.log_build_patterns import JETSON, JETSON_WORDS

    assert "jetson" in extract_facts(f"noise\n{line}\n").lines
    # the words tried before the case-blind regex are every literal of the regex
    literals = re.findall(r"[a-z0-9]{3,}", JETSON.pattern.replace(r"\b", "").removeprefix("(?i:"))
    assert sorted(literals) == sorted(JETSON_WORDS)
