"""doctor's decisions on the framework builds a log states (pure): PyTorch built without CUDA
(``torch.version.cuda`` None, the ``+cpu`` local version) or PyPI's aarch64 wheel on a Jetson,
where the program sees no GPU; a build compiled for another compute capability than the GPU's;
TensorFlow of no stated release on native Windows; a CUDA build on an AMD GPU, a ROCm build
without the GPU's gfx target; a step of an image build that looks for the GPU; ONNX Runtime's CPU
and GPU packages installed together."""

from __future__ import annotations

from collections.abc import Mapping

from .log_build_patterns import BUILD_CC
from .log_decision import NO_DEVICE, Decision
from .log_facts import LogFacts
from .probe.codes import Code

__all__ = ["builds"]

# what a CPU build explains: the GPU it does not see, and the guess that the host has none
_EXPLAINS = (*NO_DEVICE, Code.CPU_ONLY_HOST_BENIGN, Code.GPU_INDEX_OUT_OF_RANGE)


def builds(
    facts: LogFacts, shown: Mapping[Code, int], platform: str | None = None, failed: bool = True
) -> list[Decision]:
    """A CPU-only build the log names, where the process sees no GPU (or where the log says
    nothing else); a build compiled for another compute capability than the GPU's; TensorFlow of
    no stated release on Windows; a build for another backend or GPU ISA; an image build's step
    that finds no GPU; ONNX Runtime's two packages side by side."""
    return (
        _compiled_for(facts)
        + _cpu_only(facts, shown, failed)
        + _windows_tf(facts, platform)
        + _cuda_build_on_amd(facts, shown)
        + _image_build(facts, shown)
        + _rocm_kernels(facts, shown)
        + _onnx_runtime_packages(facts, shown)
    )


def _rocm_kernels(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """A kernel missing for the GPU in a ROCm (HIP) build: the GPU's ISA (gfx target) is not one
    the build was compiled for."""
    if "rocm_build" not in facts.lines or Code.WHEEL_LACKS_ARCH_KERNELS not in shown:
        return []
    return [Decision(
        Code.ROCM_GPU_ISA_UNSUPPORTED,
        "a ROCm (HIP) build has no kernel for this GPU: its gfx target is not one the build was "
        "compiled for", tuple(facts.evidence("rocm_build")),
        replaces=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip


# what a process with no GPU prints where an image build runs it
_NO_GPU_AT_BUILD = (  # the CUDA runtime says "driver insufficient" (35) where libcuda is absent
    Code.DRIVER_NOT_AVAILABLE,
    Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
    Code.CONTAINER_GPU_NOT_REQUESTED,
    Code.CUDA_INIT_UNKNOWN,
)


def _image_build(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """A step of an image build (docker build's RUN) that finds no GPU: builds run without the
    NVIDIA runtime, so no GPU is there while the image builds, whatever the host has."""
    if "docker_build" not in facts.lines or not (
        facts.no_gpu or set(shown) & set(_NO_GPU_AT_BUILD)
    ):
        return []
    return [Decision(
        Code.DOCKER_BUILD_HAS_NO_GPU,
        "a step of an image build looks for the GPU: image builds run without the NVIDIA runtime, "
        "so no GPU or driver is there until the container runs with --gpus",
        tuple(facts.evidence("docker_build", "no_gpu")),
        before=(*_NO_GPU_AT_BUILD, Code.CPU_ONLY_HOST_BENIGN))]  # fmt: skip


def _cuda_build_on_amd(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """A CUDA build that finds no usable GPU where the log names an AMD one and no NVIDIA one:
    the application was installed or launched for another backend than the machine's GPU."""
    cuda_side = {
        Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        Code.DRIVER_NOT_AVAILABLE,
        Code.CPU_ONLY_TF_BUILD,
    }
    if (
        "amd_gpu" not in facts.lines
        or "rocm_build" in facts.lines
        or any(g.name.startswith(("NVIDIA", "Tesla", "GeForce", "Quadro")) for g in facts.gpus)
        or not (facts.no_gpu or set(shown) & cuda_side)
    ):
        return []
    return [Decision(
        Code.APP_GPU_BACKEND_MISMATCH,
        "a CUDA build finds no usable GPU on a machine whose GPU is AMD's: the application was "
        "set up for another backend than this GPU's (ROCm, ZLUDA or DirectML)",
        tuple(facts.evidence("amd_gpu", "no_gpu")),
        before=(*cuda_side, Code.CPU_ONLY_HOST_BENIGN))]  # fmt: skip


def _windows_tf(facts: LogFacts, platform: str | None) -> list[Decision]:
    """TensorFlow that states no release but prints 2.9's CPU banner, sees no GPU and printed no
    loader line, on native Windows: 2.9 and 2.10 GPU builds print their loader's lines there,
    so it is 2.11 or later, which has no GPU build for Windows."""
    if (
        platform != "windows"
        or "tensorflow" in facts.frameworks
        or "tf_banner_2_9" not in facts.lines
        or not facts.no_gpu
        or facts.linux_loader
        or facts.gpu_registered
    ):
        return []
    return [Decision(
        Code.WINDOWS_NATIVE_TF_GE_2_11,
        "TensorFlow 2.9 or later (its CPU banner) sees no GPU on native Windows and printed no "
        "line of its CUDA loader: a release after 2.10, which has no Windows GPU build",
        tuple(facts.evidence("tf_banner_2_9", "no_gpu")),
        before=(Code.CPU_ONLY_TF_BUILD, Code.CPU_ONLY_HOST_BENIGN))]  # fmt: skip


def _compiled_for(facts: LogFacts) -> list[Decision]:
    """A build that says which compute capability it was compiled for and the GPU's: the older
    of the two says whether the GPU is too old or the build lacks its kernels."""
    found = BUILD_CC.search(facts.lines.get("build_cc", ""))
    if found is None:
        return []
    gpu, build = int(found.group(1)), int(found.group(2))
    code = Code.GPU_ARCH_TOO_OLD if gpu < build else Code.WHEEL_LACKS_ARCH_KERNELS
    older = "older" if gpu < build else "newer"
    return [Decision(
        code, f"the build was compiled for compute capability {build / 10:.1f}; this GPU's "
        f"{gpu / 10:.1f} is {older}: use the build (image) made for this GPU's architecture",
        tuple(facts.evidence("build_cc")))]  # fmt: skip


def _cpu_only(facts: LogFacts, shown: Mapping[Code, int], failed: bool) -> list[Decision]:
    """The first CPU-only build the log states (the fact that says so, whether it holds here,
    why it is one): each explains the GPU the process does not see."""
    sees_none = bool(facts.no_gpu) or bool(set(shown) & {*NO_DEVICE, Code.CPU_ONLY_HOST_BENIGN})
    torch = "torch" in facts.frameworks or "torch_used" in facts.lines
    builds = (
        ("torch_cuda_none", "macos" not in facts.platforms,
         "PyTorch says it was built with no CUDA (torch.version.cuda is None): a CPU-only build, "
         "whatever the machine has"),
        ("cpu_wheel", sees_none or not (shown or failed),  # or the only thing the log says
         "the framework is a CPU-only build (its version ends in +cpu, or its conda build is a "
         "cpu one): it has no CUDA, whatever the machine has"),
        ("jetson", torch and sees_none,
         "PyTorch on a Jetson sees no GPU: PyPI's aarch64 wheels are CPU-only; a Jetson needs "
         "NVIDIA's wheel for its JetPack release"),
    )  # fmt: skip
    for fact, holds, why in builds:
        if fact in facts.lines and holds:
            return [Decision(
                Code.CPU_ONLY_TF_BUILD, why, tuple(facts.evidence(fact, "no_gpu")),
                before=_EXPLAINS, replaces=(Code.CPU_ONLY_HOST_BENIGN,))]  # fmt: skip
    return []


def _onnx_runtime_packages(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """ONNX Runtime listing only its CPU package's providers (a CPU build, the signatures say)
    where the log names onnxruntime-gpu: both packages are installed, the CPU one's module wins."""
    if not {"ort_cpu_providers", "ort_gpu_package"} <= set(facts.lines):
        return []
    if Code.CPU_ONLY_TF_BUILD not in shown:
        return []
    return [Decision(
        Code.ORT_PACKAGE_VARIANTS_CONFLICT,
        "ONNX Runtime lists only its CPU package's providers, and the log names onnxruntime-gpu: "
        "both packages are installed and the CPU one's module shadows the GPU one's",
        tuple(facts.evidence("ort_cpu_providers", "ort_gpu_package")),
        replaces=(Code.CPU_ONLY_TF_BUILD,))]  # fmt: skip
