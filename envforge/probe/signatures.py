"""Message signatures of the failure catalogue (failure-modes.md) -> label codes, layers and fixes.

Patterns match message *bodies*, never the file paths and line numbers TensorFlow prefixes them with
(those move between releases). Benign lines (section Z) are listed so that a classifier can rule
them out; they are never reported as a cause. Used by the probe's judge (errors of workloads and
device checks) and by ``envforge doctor`` (whole logs). Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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

# Suggested classifier order (failure-modes.md): cheapest and most decisive layers first.
LAYER_ORDER = (
    "tf-build",
    "python-env",
    "container-runtime",
    "host-driver",
    "cuda-libs",
    "hardware-vs-build",
    "memory",
    "model-code",
    "data-pipeline",
    "non-cuda-backends",
)


@dataclass(frozen=True)
class Signature:
    code: str
    layer: str
    patterns: tuple[str, ...]
    fix: str
    catalogue: str
    needs_gpu: bool = (
        False  # benign on a host without a GPU (section Z): a cause only where a GPU exists
    )

    def matches(self, line: str) -> bool:
        return any(re.search(p, line) for p in self.patterns)


def _sig(
    code: str, layer: str, catalogue: str, fix: str, *patterns: str, needs_gpu: bool = False
) -> Signature:
    return Signature(code, layer, patterns, fix, catalogue, needs_gpu)


SIGNATURES: tuple[Signature, ...] = (
    # A. host driver / hardware
    _sig(
        "DRIVER_NOT_AVAILABLE",
        "host-driver",
        "A1",
        "install (or reinstall, via DKMS) the NVIDIA driver, finish MOK enrolment or disable Secure Boot, "
        "blacklist nouveau, reboot",
        r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
        r"kernel driver does not appear to be running on this host",
        r"/proc/driver/nvidia/version does not exist",
        r"NVRM: The NVIDIA probe routine was not called",
        r"failed call to cuInit: UNKNOWN ERROR \(303\)",
    ),
    _sig(
        "DRIVER_LIBRARY_MISMATCH",
        "host-driver",
        "A2",
        "reboot (or reload the nvidia kernel modules) and purge stale driver packages",
        r"Failed to initialize NVML: Driver/library version mismatch",
        r"kernel version [\d.]+ does not match DSO version [\d.]+",
    ),
    _sig(
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
        "host-driver",
        "A3/A6",
        "upgrade the driver, or use a release built for a CUDA the driver supports (envforge driver-check)",
        r"CUDA driver version is insufficient for CUDA runtime version",
        r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
        r"the provided PTX was compiled with an unsupported toolchain",
    ),
    _sig(
        "CUDA_INIT_UNKNOWN",
        "host-driver",
        "A7",
        "reload nvidia_uvm (sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm); enable the nvidia "
        "suspend/resume services",
        r"failed call to cuInit: CUDA_ERROR_UNKNOWN",
    ),
    _sig(
        "GPU_BUSY_OR_UNAVAILABLE",
        "host-driver",
        "A8",
        "free the GPU or pick another with CUDA_VISIBLE_DEVICES; check the compute mode (nvidia-smi -q)",
        r"all CUDA-capable devices are busy or unavailable",
        r"CUDA-capable device\(s\) is/are busy or unavailable",
    ),
    _sig(
        "CUDA_COMPAT_ON_UNSUPPORTED_HW",
        "host-driver",
        "A9",
        "upgrade the host driver so cuda-compat is not needed, or drop the compat libraries from the loader path",
        r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        r"forward compatibility was attempted on non supported HW",
    ),
    _sig(
        "GPU_ARCH_TOO_OLD",
        "hardware-vs-build",
        "A4",
        "use an older release that targets this GPU, build from source with its compute capability, or a newer GPU",
        r"Ignoring visible gpu device .* minimum required Cuda capability is",
    ),
    _sig(
        "GPU_ARCH_NEWER_THAN_WHEEL",
        "hardware-vs-build",
        "A5",
        "use a release with SASS for this architecture; keep the JIT cache large (CUDA_CACHE_MAXSIZE)",
        r"was not built with CUDA kernel binaries compatible with compute capability",
        r"CUDA kernels will be jit-compiled from PTX",
    ),
    _sig(
        "WHEEL_LACKS_ARCH_KERNELS",
        "hardware-vs-build",
        "D3",
        "use a build that targets this GPU architecture",
        r"device kernel image is invalid",
        r"no kernel image is available for execution on the device",
    ),
    # B. container runtime
    _sig(
        "CONTAINER_GPU_NOT_REQUESTED",
        "container-runtime",
        "B1",
        "run the container with --gpus all (compose: deploy.resources.reservations.devices; Kubernetes: nvidia.com/gpu)",
        r"The NVIDIA Driver was not detected\.\s+GPU functionality will not be available",
        r"no NVIDIA GPU device is present: /dev/nvidia0 does not exist",
    ),
    _sig(
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
        "container-runtime",
        "B2",
        "install the NVIDIA Container Toolkit, run nvidia-ctk runtime configure --runtime=docker, restart docker",
        r"could not select device driver \"[^\"]*\" with capabilities: \[\[gpu\]\]",
        r"unknown or invalid runtime name: nvidia",
        r"Unknown runtime specified nvidia",
    ),
    _sig(
        "CONTAINER_CUDA_NEWER_THAN_DRIVER",
        "container-runtime",
        "B3",
        "upgrade the host driver or use an image for an older CUDA (envforge driver-check --image)",
        r"requirement error: unsatisfied condition: cuda>=",
    ),
    _sig(
        "HOST_DRIVER_MISSING_FOR_TOOLKIT",
        "container-runtime",
        "B4",
        "install the NVIDIA driver on the host first",
        r"load library failed: libnvidia-ml\.so\.1: cannot open shared object file",
    ),
    _sig(
        "CONTAINER_LOST_GPU_ACCESS",
        "container-runtime",
        "B5",
        "recreate the container; run nvidia-ctk system create-dev-char-symlinks --create-all at boot",
        r"Failed to initialize NVML: Unknown Error",
    ),
    _sig(
        "ROCM_DEVICE_PERMISSIONS",
        "container-runtime",
        "B10",
        "run with --device=/dev/kfd --device=/dev/dri --group-add video (and render)",
        r"Unable to open /dev/kfd read-write: Permission denied",
        r"is not member of \"video\" group",
    ),
    _sig(
        "SINGULARITY_NO_NV",
        "container-runtime",
        "B8",
        "run singularity/apptainer with --nv",
        r"LD_LIBRARY_PATH: /\.singularity\.d/libs",
    ),
    _sig(
        "K8S_NO_GPU_RESOURCE",
        "container-runtime",
        "B9",
        "request nvidia.com/gpu in the pod's limits; check the NVIDIA device plugin",
        r"Insufficient nvidia\.com/gpu",
    ),
    # C. CUDA / cuDNN libraries
    _sig(
        "CUDNN_VERSION_MISMATCH",
        "cuda-libs",
        "C4",
        "install a cuDNN of the build's major with a minor at least the build's; remove the older copy",
        r"Loaded runtime CuDNN library: [\d.]+ but source was compiled with: [\d.]+",
        r"DNN library is not found",
    ),
    _sig(
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
        "cuda-libs",
        "C2",
        "install the missing component (e.g. nvidia-nvjitlink-cu12); do not mix cu11 and cu12 wheels",
        r"Could not load dynamic library '(lib[\w.]+)'; dlerror: (?!\1)lib[\w.]+: cannot open shared object file",
    ),
    _sig(
        "PIP_NVIDIA_LIBS_NOT_ON_PATH",
        "cuda-libs",
        "C3",
        "upgrade TensorFlow, or put the site-packages/nvidia/*/lib directories on LD_LIBRARY_PATH",
        r"Could not find cuda drivers on your machine, GPU will not be used",
        needs_gpu=True,
    ),
    _sig(
        "CUDA_LIBS_NOT_FOUND",
        "cuda-libs",
        "C1",
        "install the CUDA/cuDNN of the tested configuration, or pip install tensorflow[and-cuda] (Linux, TF >= 2.14)",
        r"Could not load dynamic library '(libcud|libcublas|libcufft|libcusolver|libcusparse|libcurand|libnvJitLink|cudart)",
        r"Cannot dlopen some GPU libraries",
        r"Couldn't open CUDA library",
        r"Unable to load cuDNN DSO",
    ),
    _sig(
        "CUDNN_INIT_FAILED",
        "cuda-libs",
        "C5",
        "enable memory growth (TF_FORCE_GPU_ALLOW_GROWTH=true), free the GPU, reduce the batch size",
        r"Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
        r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize",
        r"failed to create cublas handle: CUBLAS_STATUS_(NOT_INITIALIZED|ALLOC_FAILED)",
        r"Blas GEMM launch failed",
    ),
    _sig(
        "XLA_TOOLCHAIN_MISSING",
        "cuda-libs",
        "C6",
        "pip install nvidia-cuda-nvcc-cu12 and set XLA_FLAGS=--xla_gpu_cuda_data_dir=<dir with nvvm/libdevice>",
        r"libdevice not found at",
        r"Can't find libdevice directory",
        r"Couldn't invoke ptxas --version",
        r"ptxas not found",
    ),
    # D. TensorFlow build / wheel / platform
    _sig(
        "DEPRECATED_TENSORFLOW_GPU_PKG",
        "tf-build",
        "D5",
        "replace tensorflow-gpu with tensorflow (Linux: tensorflow[and-cuda])",
        r"The \"tensorflow-gpu\" package has been removed",
    ),
    _sig(
        "CPU_NO_AVX",
        "tf-build",
        "D6",
        "use a CPU with AVX, or a build without it",
        r"Illegal instruction \(core dumped\)",
    ),
    _sig(
        "WINDOWS_NATIVE_TF_GE_2_11",
        "tf-build",
        "D2",
        "use WSL2 with the Linux wheel, or tensorflow<2.11 on native Windows",
        r"TensorFlow 2\.10 was the last TensorFlow release that supported GPU on native-Windows",
    ),
    # E. Python environment
    _sig(
        "PYTHON_UNSUPPORTED",
        "python-env",
        "E2",
        "use a Python the release supports (envforge matrix explain)",
        r"Could not find a version that satisfies the requirement tensorflow",
        r"No matching distribution found for tensorflow",
    ),
    _sig(
        "GPU_HIDDEN_BY_ENV",
        "python-env",
        "E3",
        "unset CUDA_VISIBLE_DEVICES (or list the GPUs) before importing the framework",
        r"CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
        needs_gpu=True,
    ),
    _sig(
        "KERAS_BACKEND_NOT_TF",
        "python-env",
        "E4",
        "set KERAS_BACKEND (or ~/.keras/keras.json) to the backend you mean, before importing keras",
        r"Using (Theano|CNTK) backend",
        r"Using plaidml\.keras\.backend backend",
    ),
    _sig(
        "PLAIDML_NO_DEVICE",
        "non-cuda-backends",
        "E4/I",
        "run plaidml-setup, or export PLAIDML_EXPERIMENTAL=1 PLAIDML_DEVICE_IDS=<device>",
        r"PlaidMLError: No devices found",
    ),
    # F. model code / G. pipeline / H. memory
    _sig(
        "PERF_RNN_NOT_CUDNN",
        "model-code",
        "F3",
        "use the default activations, recurrent_dropout=0, unroll=False, use_bias=True, right-padded masks",
        r"will not use cuDNN kernels? since it doesn't meet the",
    ),
    _sig(
        "PERF_RETRACING",
        "model-code",
        "F4",
        "define tf.functions once; use input_signature or reduce_retracing=True; pass tensors",
        r"triggered tf\.function retracing",
    ),
    _sig(
        "PERF_SLOW_CALLBACK",
        "model-code",
        "F5",
        "log less often; bound TensorBoard profiling",
        r"is slow compared to the batch",
    ),
    _sig(
        "PERF_CPU_FALLBACK_OPS",
        "model-code",
        "F6",
        "replace the CPU-only op or drop the explicit device placement",
        r"no supported kernel for GPU devices is available",
        r"while_loop for converting \w+ cause there is no registered converter",
    ),
    _sig(
        "MIXED_PRECISION_ON_OLD_GPU",
        "model-code",
        "F7",
        "leave mixed_float16 off on GPUs below compute capability 7.0",
        r"Your GPU may run slowly with dtype policy mixed_float16",
    ),
    _sig(
        "CUDA_USED_AFTER_FORK",
        "model-code",
        "F9",
        "use the spawn start method, or initialise the framework only in the workers",
        r"Failed setting context: CUDA_ERROR_NOT_INITIALIZED",
    ),
    _sig(
        "GPU_OOM",
        "memory",
        "H1",
        "smaller batch, mixed precision, TF_GPU_ALLOCATOR=cuda_malloc_async",
        r"OOM when allocating tensor",
        r"ran out of memory trying to allocate [\d.]+\w+ \(rounded to",
        r"Dst tensor is not initialized",
    ),
    _sig(
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
        "memory",
        "H2",
        "enable memory growth (TF_FORCE_GPU_ALLOW_GROWTH=true); one process per GPU; stop stale kernels",
        r"failed to allocate [\d.]+\w? \(\d+ bytes\) from device: CUDA_ERROR_OUT_OF_MEMORY",
    ),
    _sig(
        "MEMORY_CONFIG_ORDER_ERROR",
        "memory",
        "H3",
        "configure memory growth right after importing TensorFlow, for every GPU",
        r"Physical devices cannot be modified after being initialized",
        r"Virtual devices cannot be modified after being initialized",
        r"Memory growth cannot differ between GPU devices",
    ),
    _sig(
        "ALLOCATOR_WANTS_MORE_MEMORY",
        "memory",
        "H4",
        "free memory or accept (a performance note, not a failure)",
        r"The caller indicates that this is not a failure",
    ),
    # I. non-CUDA backends
    _sig(
        "ROCM_GPU_ISA_UNSUPPORTED",
        "non-cuda-backends",
        "I1",
        "use a GPU and ROCm release listed together, or HSA_OVERRIDE_GFX_VERSION for RDNA2 consumer cards",
        r"hipErrorNoBinaryForGpu",
    ),
    _sig(
        "DIRECTML_NO_ADAPTER_OR_VERSION",
        "non-cuda-backends",
        "I2",
        "tensorflow-cpu==2.10 with the DirectML plugin, or WSL2 with CUDA",
        r"DirectML device enumeration: found 0 compatible adapters",
        r"Could not load DirectML",
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
    r"Found device \d+ with properties",
    r"device:GPU:\d+",
    r"NVIDIA-SMI \d+",
    r"compute capability: \d+\.\d+",
    r"Created device .*GPU",
    r"/dev/nvidia\d",
)


def is_benign(line: str) -> bool:
    return any(re.search(p, line) for p in BENIGN)


def shows_gpu(text: str) -> bool:
    return any(re.search(p, text) for p in GPU_EVIDENCE)


def match_line(line: str, *, gpu_present: bool = True) -> Signature | None:
    """The signature a log line shows, or None (benign lines never match; lines benign on a host
    without a GPU match only when ``gpu_present``)."""
    if is_benign(line):
        return None
    return next(
        (s for s in SIGNATURES if s.matches(line) and (gpu_present or not s.needs_gpu)), None
    )


def code_for_error(text: str, default: str) -> str:
    """The code of the first catalogued message in ``text`` (an exception text or log), else ``default``."""
    for line in text.splitlines() or [text]:
        found = match_line(line)
        if found:
            return found.code
    return default
