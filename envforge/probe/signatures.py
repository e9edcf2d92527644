"""Message signatures of the failure catalogue (failure-modes.md) -> label codes, layers and fixes.

Patterns match message *bodies*, never the file paths and line numbers TensorFlow prefixes them with
(those move between releases). Benign lines (section Z) are listed so that a classifier can rule
them out; they are never reported as a cause. Used by the probe's judge (errors of workloads and
device checks) and by ``envforge doctor`` (whole logs). Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .codes import CODES, LAYERS, Code

__all__ = [
    "Signature",
    "SIGNATURES",
    "BENIGN",
    "GPU_EVIDENCE",
    "LAYER_ORDER",
    "match_line",
    "code_for_error",
    "is_benign",
    "shows_gpu",
]

# The classifier order of the failure catalogue: cheapest and most decisive layers first.
LAYER_ORDER = LAYERS[: LAYERS.index("non-cuda-backends") + 1]
C = Code


@dataclass(frozen=True)
class Signature:
    """Lines matching any of ``patterns`` show ``code`` (layer, fix and catalogue from the registry).

    ``needs_gpu``: the line is benign on a host without a GPU (section Z), a cause only where one is.
    """

    code: Code
    patterns: tuple[str, ...]
    needs_gpu: bool = False

    @property
    def layer(self) -> str:
        return CODES[self.code].layer

    @property
    def fix(self) -> str:
        return CODES[self.code].fix

    @property
    def catalogue(self) -> str:
        return CODES[self.code].catalogue

    def matches(self, line: str) -> bool:
        return any(re.search(p, line) for p in self.patterns)


SIGNATURES: tuple[Signature, ...] = (
    Signature(
        C.DRIVER_NOT_AVAILABLE,
        (
            r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
            r"kernel driver does not appear to be running on this host",
            r"/proc/driver/nvidia/version does not exist",
            r"NVRM: The NVIDIA probe routine was not called",
            r"failed call to cuInit: UNKNOWN ERROR \(303\)",
        ),
    ),
    Signature(
        C.DRIVER_LIBRARY_MISMATCH,
        (
            r"Failed to initialize NVML: Driver/library version mismatch",
            r"kernel version [\d.]{1,20} does not match DSO version [\d.]{1,20}",
        ),
    ),
    Signature(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        (
            r"CUDA driver version is insufficient for CUDA runtime version",
            r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
            r"the provided PTX was compiled with an unsupported toolchain",
        ),
    ),
    Signature(
        C.CUDA_INIT_UNKNOWN,
        (r"failed call to cuInit: CUDA_ERROR_UNKNOWN",),
    ),
    Signature(
        C.GPU_BUSY_OR_UNAVAILABLE,
        (
            r"all CUDA-capable devices are busy or unavailable",
            r"CUDA-capable device\(s\) is/are busy or unavailable",
        ),
    ),
    Signature(
        C.CUDA_COMPAT_ON_UNSUPPORTED_HW,
        (
            r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
            r"forward compatibility was attempted on non supported HW",
        ),
    ),
    Signature(
        C.GPU_ARCH_TOO_OLD,
        (r"Ignoring visible gpu device .{0,300}minimum required Cuda capability is",),
    ),
    Signature(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        (
            r"was not built with CUDA kernel binaries compatible with compute capability",
            r"CUDA kernels will be jit-compiled from PTX",
        ),
    ),
    Signature(
        C.WHEEL_LACKS_ARCH_KERNELS,
        (
            r"device kernel image is invalid",
            r"no kernel image is available for execution on the device",
        ),
    ),
    Signature(
        C.CONTAINER_GPU_NOT_REQUESTED,
        (
            r"The NVIDIA Driver was not detected\.\s{1,8}GPU functionality will not be available",
            r"no NVIDIA GPU device is present: /dev/nvidia0 does not exist",
        ),
    ),
    Signature(
        C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
        (
            r"could not select device driver \"[^\"]{0,100}\" with capabilities: \[\[gpu\]\]",
            r"unknown or invalid runtime name: nvidia",
            r"Unknown runtime specified nvidia",
        ),
    ),
    Signature(
        C.CONTAINER_CUDA_NEWER_THAN_DRIVER,
        (r"requirement error: unsatisfied condition: cuda>=",),
    ),
    Signature(
        C.HOST_DRIVER_MISSING_FOR_TOOLKIT,
        (r"load library failed: libnvidia-ml\.so\.1: cannot open shared object file",),
    ),
    Signature(
        C.CONTAINER_LOST_GPU_ACCESS,
        (r"Failed to initialize NVML: Unknown Error",),
    ),
    Signature(
        C.ROCM_DEVICE_PERMISSIONS,
        (
            r"Unable to open /dev/kfd read-write: Permission denied",
            r"is not member of \"video\" group",
        ),
    ),
    Signature(
        C.SINGULARITY_NO_NV,
        (r"LD_LIBRARY_PATH: /\.singularity\.d/libs",),
    ),
    Signature(
        C.K8S_NO_GPU_RESOURCE,
        (r"Insufficient nvidia\.com/gpu",),
    ),
    Signature(
        C.CUDNN_VERSION_MISMATCH,
        (
            r"Loaded runtime CuDNN library: [\d.]{1,20} but source was compiled with: [\d.]{1,20}",
            # TF 1.x's numeric wording: "7301 (compatibility version 7300) but source was compiled
            # with 7003 (compatibility version 7000)"
            r"Loaded runtime CuDNN library: \d{1,8} \(compatibility version \d{1,8}\) but source was compiled with \d{1,8}",
            r"DNN library is not found",
        ),
    ),
    Signature(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        (
            r"Could not load dynamic library '(lib[\w.]{1,80})'; dlerror: (?!\1)lib[\w.]{1,80}: cannot open shared object file",
        ),
    ),
    Signature(
        C.PIP_NVIDIA_LIBS_NOT_ON_PATH,
        (r"Could not find cuda drivers on your machine, GPU will not be used",),
        needs_gpu=True,
    ),
    Signature(
        C.CUDA_LIBS_NOT_FOUND,
        (
            r"Could not load dynamic library '(libcud|libcublas|libcufft|libcusolver|libcusparse|libcurand|libnvJitLink|cudart)",
            r"Cannot dlopen some GPU libraries",
            r"Couldn't open CUDA library",
            r"Unable to load cuDNN DSO",
        ),
    ),
    Signature(
        C.CUDNN_INIT_FAILED,
        (
            r"Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
            r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize",
            r"failed to create cublas handle: CUBLAS_STATUS_(NOT_INITIALIZED|ALLOC_FAILED)",
            r"Blas GEMM launch failed",
        ),
    ),
    Signature(
        C.XLA_TOOLCHAIN_MISSING,
        (
            r"libdevice not found at",
            r"Can't find libdevice directory",
            r"Couldn't invoke ptxas --version",
            r"ptxas not found",
        ),
    ),
    Signature(
        C.XLA_PTXAS_TOO_OLD,
        (
            r"You are using ptxas [\d.]{1,20}, which is older than [\d.]{1,20}\. ptxas .{0,200}known to miscompile XLA code",
        ),
    ),
    Signature(
        C.DEPRECATED_TENSORFLOW_GPU_PKG,
        (r"The \"tensorflow-gpu\" package has been removed",),
    ),
    Signature(
        C.CPU_NO_AVX,
        (r"Illegal instruction \(core dumped\)",),
    ),
    Signature(
        C.WINDOWS_NATIVE_TF_GE_2_11,
        (r"TensorFlow 2\.10 was the last TensorFlow release that supported GPU on native-Windows",),
    ),
    Signature(
        C.PYTHON_UNSUPPORTED,
        (
            r"Could not find a version that satisfies the requirement tensorflow",
            r"No matching distribution found for tensorflow",
        ),
    ),
    Signature(
        C.GPU_HIDDEN_BY_ENV,
        (r"CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",),
        needs_gpu=True,
    ),
    Signature(
        C.KERAS_BACKEND_NOT_TF,
        (
            r"Using (Theano|CNTK) backend",
            r"Using plaidml\.keras\.backend backend",
        ),
    ),
    Signature(
        C.PLAIDML_NO_DEVICE,
        (r"PlaidMLError: No devices found", r"No OpenCL devices found\. Check driver installation"),
    ),
    Signature(
        C.PERF_RNN_NOT_CUDNN,
        (r"will not use cuDNN kernels? since it doesn't meet the",),
    ),
    # The seed articles' slow-training causes, as TensorFlow's profiler and Keras word them.
    Signature(
        C.PERF_EAGER_OR_PREDICT_LOOP,
        (
            r"calls to <function Model\.make_predict_function\.<locals>\.predict_function\b.{0,300}triggered tf\.function retracing",
        ),
    ),
    Signature(
        C.PERF_INPUT_BOUND,
        (
            r"Your program is (?:HIGHLY|MODERATELY) input-bound because [\d.]{1,12} ?% of the total step time",
        ),
    ),
    Signature(
        C.PERF_NO_MIXED_PRECISION,
        (r"Only [\d.]{1,12} ?% of device computation is 16 bit",),
    ),
    Signature(
        C.PERF_LAUNCH_OVERHEAD_SMALL_MODEL,
        (r"[\d.]{1,12} ?% of the total step time sampled is spent on 'Kernel Launch'",),
    ),
    Signature(
        C.PERF_RETRACING,
        (r"triggered tf\.function retracing",),
    ),
    Signature(
        C.PERF_SLOW_CALLBACK,
        (r"is slow compared to the batch",),
    ),
    Signature(
        C.PERF_CPU_FALLBACK_OPS,
        (
            r"no supported kernel for GPU devices is available",
            r"while_loop for converting \w{1,80} cause there is no registered converter",
        ),
    ),
    Signature(
        C.MIXED_PRECISION_ON_OLD_GPU,
        (r"Your GPU may run slowly with dtype policy mixed_float16",),
    ),
    Signature(
        C.CUDA_USED_AFTER_FORK,
        (r"Failed setting context: CUDA_ERROR_NOT_INITIALIZED",),
    ),
    Signature(
        C.GPU_OOM,
        (
            r"OOM when allocating tensor",
            r"ran out of memory trying to allocate [\d.]{1,20}\w{1,4} \(rounded to",
            r"Dst tensor is not initialized",
        ),
    ),
    Signature(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        (
            r"failed to allocate [\d.]{1,20}\w? \(\d{1,20} bytes\) from device: CUDA_ERROR_OUT_OF_MEMORY",
        ),
    ),
    Signature(
        C.MEMORY_CONFIG_ORDER_ERROR,
        (
            r"Physical devices cannot be modified after being initialized",
            r"Virtual devices cannot be modified after being initialized",
            r"Memory growth cannot differ between GPU devices",
        ),
    ),
    Signature(
        C.ALLOCATOR_WANTS_MORE_MEMORY,
        (r"The caller indicates that this is not a failure",),
    ),
    Signature(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        (r"hipErrorNoBinaryForGpu",),
    ),
    Signature(
        C.ROCM_MEMORY_ACCESS_FAULT,
        (
            r"Memory access fault by GPU node-\d{1,4} .{0,200}Reason: Page not present or supervisor privilege",
        ),
    ),
    Signature(
        C.METAL_PLUGIN_LOAD_FAILED,
        (r"libmetal_plugin\.dylib.{0,300}[Ss]ymbol not found",),
    ),
    Signature(
        C.KERAS3_WHERE_TF_KERAS_EXPECTED,
        (
            r"No module named '?tf_keras'?",
            r"Your currently installed version of Keras is Keras 3, but this is not yet supported",
        ),
    ),
    Signature(
        C.DIRECTML_NO_ADAPTER_OR_VERSION,
        (
            r"DirectML device enumeration: found 0 compatible adapters",
            r"Could not load DirectML",
        ),
    ),
)

# Section Z: printed on working setups too; never a cause.
BENIGN: tuple[str, ...] = (
    r"Unable to register (cuDNN|cuFFT|cuBLAS) factory",
    r"computation placer already registered",
    r"successful NUMA node read from SysFS had negative value",
    r"could not open file to read NUMA node",
    r"Your kernel may (not )?have been built without NUMA support",
    r"This TensorFlow binary is optimized to use available CPU instructions",
    r"Your CPU supports instructions that this TensorFlow binary was not compiled to use",
    r"oneDNN custom operations are on",
    r"TF-TRT Warning: (Could not find TensorRT|Cannot dlopen some TensorRT libraries)",
    r"Could not load dynamic library 'libnvinfer",
    r"Not creating XLA devices, tf_xla_enable_xla_devices not set",
    r"Overriding allow_growth setting because force_memory_growth was requested",
    r"Executor start aborting \(this does not indicate an error",
    r"All log messages before absl::InitializeLog\(\) is called are written to STDERR",
)


# Lines that show an NVIDIA GPU exists (so the section-Z lines that are benign only without one count).
GPU_EVIDENCE: tuple[str, ...] = (
    r"pci bus id: [0-9a-f]{4}:",
    r"Found device \d{1,3} with properties",
    r"device:GPU:\d{1,3}",
    r"NVIDIA-SMI \d{1,4}",
    r"compute capability: \d{1,2}\.\d{1,2}",
    r"Created device .{0,200}GPU",
    r"/dev/nvidia\d",
)


def _loose(pattern: str) -> str:
    """``pattern`` without captures or backreferences, as one alternative of a combined search
    (it may match more than ``pattern``, never less)."""
    pattern = re.sub(r"\(\?!\\\d+\)", "", pattern)
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", pattern)


# One search per line first: most lines of a log match no signature (a 5 MB log has tens of
# thousands), and one combined pattern rules them out in one pass instead of one per signature.
_ANY_SIGNATURE = re.compile("|".join(f"(?:{_loose(p)})" for s in SIGNATURES for p in s.patterns))
_BENIGN = re.compile("|".join(f"(?:{_loose(p)})" for p in BENIGN))


def is_benign(line: str) -> bool:
    return _BENIGN.search(line) is not None


def shows_gpu(text: str) -> bool:
    return any(re.search(p, text) for p in GPU_EVIDENCE)


def match_line(line: str, *, gpu_present: bool = True) -> Signature | None:
    """The signature a log line shows, or None (benign lines never match; lines benign on a host
    without a GPU match only when ``gpu_present``)."""
    if _ANY_SIGNATURE.search(line) is None or is_benign(line):
        return None
    return next(
        (s for s in SIGNATURES if s.matches(line) and (gpu_present or not s.needs_gpu)), None
    )


def code_for_error(text: str, default: Code) -> Code:
    """The code of the first catalogued message in ``text`` (an exception text or log), else ``default``."""
    for line in text.splitlines() or [text]:
        found = match_line(line)
        if found:
            return found.code
    return default
