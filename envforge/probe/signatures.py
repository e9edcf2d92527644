"""Message signatures of the failure catalogue (failure-modes.md) and of the logs people post:
what each failure prints, in the wordings of its many printers, -> label codes.

Data only; ``matching.py`` runs them. Patterns match message *bodies* of normalised lines
(``logtext``: no timestamps, prefixes, colours; blanks collapsed; case ignored), over a window of
neighbouring lines, so a message wrapped or split over lines still matches. Every repetition is
bounded (``.{0,200}``, never ``.*``): a pattern costs time linear in a line of any length, which a
unit test checks on the patterns themselves.

A signature's ``strength``: ``CAUSE`` when the line states a cause (a requirement unsatisfied, a
version mismatch), ``SYMPTOM`` when several causes print it (no device detected, a handle that could
not be made): a symptom ranks after any cause the log also shows, and ``explained_by`` names the
causes that explain it. ``BENIGN`` lines (section Z, and codes of the benign layer) are never a
failure. ``needs_gpu``: benign on a machine without an NVIDIA GPU, a cause only where there is one.
``LOOSE`` signatures (``loose.py``) are words that go together in a failure's messages, not a printer's wording
(``cudnn`` near ``version`` near ``mismatch``): they speak only on a log's error-like lines, when
no precise signature spoke (not even to call a line benign), and then as a likely cause.
``implies``: further codes the same line shows; ``supersedes``: codes a line that matches this
signature shows less precisely (a library whose dependency is missing is not itself missing).
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import CODES, LAYERS, Code

__all__ = [
    "Signature",
    "SIGNATURES",
    "BENIGN",
    "GPU_EVIDENCE",
    "LAYER_ORDER",
    "CAUSE",
    "SYMPTOM",
    "INFO",
]

# The classifier order of the failure catalogue: cheapest and most decisive layers first.
LAYER_ORDER = LAYERS[: LAYERS.index("non-cuda-backends") + 1]
C = Code
CAUSE, SYMPTOM, INFO = 2, 1, 0


@dataclass(frozen=True)
class Signature:
    """Lines matching any of ``patterns`` show ``code`` (layer, fix and catalogue from the registry)."""

    code: Code
    patterns: tuple[str, ...]
    strength: int = CAUSE
    needs_gpu: bool = False
    explained_by: tuple[Code, ...] = ()
    implies: tuple[Code, ...] = ()
    supersedes: tuple[Code, ...] = ()  # on the same line, these read it less precisely
    loose: bool = False  # a co-occurrence of words, not a wording: see LOOSE

    @property
    def layer(self) -> str:
        return CODES[self.code].layer

    @property
    def fix(self) -> str:
        return CODES[self.code].fix

    @property
    def catalogue(self) -> str:
        return CODES[self.code].catalogue


def S(code: Code, *patterns: str, **more: object) -> Signature:  # noqa: N802 - a table row
    return Signature(code, patterns, **more)  # type: ignore[arg-type]


_NO_DEVICE = (C.GPU_HIDDEN_BY_ENV, C.SLURM_GPU_NOT_REQUESTED, C.CONTAINER_GPU_NOT_REQUESTED)
_MEMORY = (C.GPU_OOM, C.GPU_MEMORY_HELD_BY_OTHER_PROCESS, C.HOST_OOM)
_CUDNN = (C.CUDNN_VERSION_MISMATCH, C.CUDA_LIBS_NOT_FOUND, *_MEMORY)

SIGNATURES: tuple[Signature, ...] = (
    # A. host driver and hardware
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"Unable to load the kernel module '?nvidia(?:\.ko)?'?",
        r"NVRM: No NVIDIA devices probed",
        r"NVRM: GPU [\w:.]{1,20} is already bound to",
        r"NVIDIA-SMI has failed because it couldn'?t communicate with the NVIDIA driver",
        r"kernel driver does not appear to be running on this host",
        r"/proc/driver/nvidia/version does not exist",
        r"NVRM: The NVIDIA probe routine was not called",
        r"modprobe: FATAL: Module nvidia\S{0,12} not found",
        r"nvml error: driver not loaded",
        r"NVIDIA kernel module (?:is )?(?:missing|not loaded)",
        r"could not insert 'nvidia\w{0,12}': (?:Required key not available|Key was rejected by service|No such device)",
    ),
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"libcuda\.so(?:\.1)? not found",
        r"couldn'?t find libnvidia-ml\.so library in your system",
        r"GPU access blocked by the operating system",
        r"unable to load (?:cuda|nvml) management library",
        r"Failed to dlopen libcuda\.so",
        r"Unable to find cuda lib",
        r"No devices were found",
        r"torch\.cuda\.is_available\(\) is False",
        r"no supported devices found for platform CUDA",
        r"nvidia-smi: (?:command )?not found",
        r"libcuda\.so(?:\.1)?: cannot open shared object file",
        r"Could not load dynamic library 'libcuda\.so",
        r"failed call to cuInit: UNKNOWN ERROR \(303\)",
        r"Found no NVIDIA driver on your system",
        r"CUDA driver initialization failed, you might not have a CUDA gpu",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(*_NO_DEVICE, C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.CPU_ONLY_IMAGE),
    ),
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"Unable to determine the device handle for GPU",
        r"RmInitAdapter failed",
        r"GPU has fallen off the bus",
        r"NVRM: GPU at PCI:[\w:.]{1,20}: GPU-[\w-]{1,60}.{0,40}fallen off",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(C.CDI_SPEC_DEVICE_MISSING, r"failed to stat CDI host device"),
    S(
        C.FABRIC_MANAGER_NOT_RUNNING,
        r"system not yet initialized",
        r"cudaErrorSystemNotReady",
        r"CUDA_ERROR_SYSTEM_NOT_READY",
        r"fabric manager .{0,60}driver interface version [\d.]{1,20} (?:don'?t|does not|doesn'?t) match",
    ),
    S(
        C.DRIVER_LIBRARY_MISMATCH,
        r"driver/library version mismatch",
        r"Failed to initialize NVML: Driver/library version mismatch",
        r"kernel version [\d.]{1,20} does not match DSO version [\d.]{1,20}",
        r"API mismatch: the NVIDIA kernel module has version",
        r"API mismatch: the client has the version [\d.]{1,12}, but",
        r"system has unsupported display driver / cuda driver combination",
        r"CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
    ),
    S(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"Failed to load in-memory CUBIN",
        r"update your (?:GPU|NVIDIA) driver",
        r"Your CUDA driver version \(?[\d.]{1,12}\)? is (?:older|lower)",
        r"CUDA driver version is insufficient for CUDA runtime version",
        r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
        r"the provided PTX was compiled with an unsupported toolchain",
        r"The NVIDIA driver on your system is too old",
        r"driver'?s? CUDA version (?:is )?\(?[\d.]{1,12}\)? (?:which )?is (?:older|lower) than",
        r"cuda runtime error \(35\)",
        r"cudaErrorInsufficientDriver",
    ),
    S(
        C.CUDA_INIT_UNKNOWN,
        r"init failure: 999\b",
        r"err: 999\b",
        r"error[:=] 999\b",
        r"CUDA error: unknown error",
        r"cuda runtime error \(30\)",
        r"error=30 : unknown error",
        r"\(30 vs\. 0\)\s{0,3}unknown error",
        r"\bError 999: unknown error",
        r"Cuda failure 999 'unknown error",
        r"cudaErrorUnknown",
        r"returned 999\b",
        r"failed call to cuInit: CUDA_ERROR_UNKNOWN",
        r"cuInit\(0\) failed: CUDA_ERROR_UNKNOWN",
        r"CUDA unknown error - this may be due to an incorrectly set up environment",
    ),
    S(
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"cudaErrorDevicesUnavailable",
        r"all CUDA-capable devices are busy or unavailable",
        r"CUDA-capable device\(s\) is/are busy or unavailable",
        r"CUDA_ERROR_DEVICE_UNAVAILABLE",
    ),
    S(  # a GPU in an exclusive compute mode, shown by nvidia-smi, or refusing a second context
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"\bE\. (?:Process|Thread) \|",
        r"Compute Mode ?: ?Exclusive_(?:Process|Thread)",
        r"CUDA_ERROR_INVALID_DEVICE",
        strength=SYMPTOM,
        explained_by=(C.GPU_HIDDEN_BY_ENV,),
    ),
    S(
        C.CUDA_COMPAT_ON_UNSUPPORTED_HW,
        r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        r"forward compatibility was attempted on non supported HW",
    ),
    S(
        C.GPU_ARCH_TOO_OLD,
        r"requires \d{1,2}\.\d (?:compute )?capability",
        r"Ignoring visible gpu device .{0,300}minimum required Cuda capability is",
        r"no longer supports this GPU because it is too old",
        r"minimum cuda capability (?:that we )?support(?:ed)? (?:by this library )?is",
        r"CUDA GPU is too old\. Compute Capability detected",
        r"(?:compute capability|CUDA capability) [\d.]{1,5} (?:is )?(?:below|lower than|less than) (?:the )?minimum",
    ),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"only supports Ampere GPUs or newer",
        r"Bfloat16 is only supported on GPUs with compute capability of at least",
        r"(?:bf16|bfloat16|fp8|FlashAttention\w{0,4}|flash_attn\w{0,4}) .{0,80}(?:requires|only supported on|is not supported on) .{0,40}(?:compute capability|Ampere|Hopper|sm_?\d{2})",
        r"FP8 is only supported on",
        r"(?:CUDA )?Device does not support bfloat16",
        r"(?:setup|device|GPU) does(?:n'?t| not) support bf16",
        r"(?:bf16|bfloat16) (?:is )?(?:not supported|unsupported) (?:on|by) (?:this|your) (?:GPU|device)",
    ),
    S(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        r"was not built with CUDA kernel binaries compatible with compute capability",
        r"CUDA kernels will be jit-compiled from PTX",
    ),
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"(?<!hipError)NoBinaryForGpu",
        r"CUDA error: invalid device function",
        r"is not compatible with the current (?:PyTorch|torch) installation",
        r"no kernel image is available for execution on the device",
        r"device kernel image is invalid",
        r"CUDA_ERROR_NO_BINARY_FOR_GPU",
        r"with CUDA capability sm_\d{2,3} is not compatible with the current PyTorch installation",
    ),
    # B. container runtime and cluster
    S(
        C.CONTAINER_GPU_NOT_REQUESTED,
        r"The NVIDIA Driver was not detected\. ?GPU functionality will not be available",
        r"NVIDIA Driver was not detected",
        strength=CAUSE,
    ),
    S(
        C.CONTAINER_GPU_NOT_REQUESTED,
        r"no NVIDIA GPU device is present: /dev/nvidia0 does not exist",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.DRIVER_NOT_AVAILABLE),
    ),
    S(
        C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
        r"nvidia-container-cli: (?:mount|ldcache|detection|container) error",
        r"could not select device driver \"[^\"]{0,100}\" with capabilities: \[\[gpu\]\]",
        r"unknown or invalid runtime name: nvidia",
        r"Unknown runtime specified nvidia",
        r"unresolvable CDI devices nvidia\.com/gpu",
        r"stat nvidia\.com/gpu=\w{1,10}: no such file or directory",
        r"Command not found: nvidia-container-cli",
        r"nvidia-container-runtime(?:-hook)?\"?: (?:executable file )?not found",
        r"failed to inject CDI devices",
        r"prestart hook 0 caused .{0,40}error running hook: exit status 127",
    ),
    S(
        C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
        r"exec: \"?nvidia-smi\"?: executable file not found in \$PATH",
        r"executable file `nvidia-smi` not found in \$PATH",
        r"failed to create shim task.{0,200}nvidia",
        strength=SYMPTOM,
        explained_by=(
            C.K8S_NVIDIA_RUNTIMECLASS_MISSING,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.CONTAINER_CUDA_NEWER_THAN_DRIVER,
            C.HOST_DRIVER_MISSING_FOR_TOOLKIT,
            C.DRIVER_LIBRARY_MISMATCH,
            C.DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER,
        ),
    ),
    S(  # Slurm's cgroup killed the job or step for its memory: host RAM, per the job's limit
        C.SLURM_TASK_OUT_OF_MEMORY,
        r"\d{1,6} oom-kill events? in (?:StepId|step|job)",
        r"killed by the cgroup out-of-memory handler",
        r"Exceeded (?:job|step) memory limit",
        implies=(C.HOST_OOM,),
    ),
    S(C.SLURM_TASK_TIMEOUT, r"CANCELLED AT \S{1,40} DUE TO TIME LIMIT", r"DUE TO TIME LIMIT \*{3}"),
    S(
        C.COMPOSE_TOO_OLD_FOR_GPU_RESERVATION,
        r"reservations value Additional propert(?:y|ies) (?:is|are) not allowed",
        r"\('devices' was unexpected\)",
        r"reservations\.devices.{0,80}(?:not allowed|unsupported|was unexpected)",
    ),
    S(
        C.CONTAINER_CUDA_NEWER_THAN_DRIVER,
        r"unsatisfied condition: cuda ?>= ?\d",
        r"please update your driver to a newer version, or use an earlier cuda container",
    ),
    S(
        C.HOST_DRIVER_MISSING_FOR_TOOLKIT,
        r"could not load NVML library",
        r"libnvidia-ml\.so\.1: cannot open shared object file",
        r"load library failed: libnvidia-ml\.so\.1: cannot open shared object file",
        r"WSL environment detected but no adapters were found",
        r"adding custom device \"/dev/nvidia\w{0,12}\": (?:lstat /dev/nvidia\w{0,12}: )?no such file",
        r"nvidia-container-cli: initialization error: driver error: failed to process request",
    ),
    S(
        C.CONTAINER_LOST_GPU_ACCESS,
        r"failed to get device context 800",
        r"Failed to initialize NVML: Unknown Error",
        strength=SYMPTOM,
        explained_by=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.CONTAINER_CAPABILITIES_NO_COMPUTE,
        r"CUDA Version: N/A",
        strength=SYMPTOM,
        explained_by=(C.CPU_ONLY_IMAGE,),
    ),
    S(
        C.ROCM_DEVICE_PERMISSIONS,
        r"/dev/kfd:? permission denied",
        r"add (?:you|your) user(?: account)? to the render group",
        r"hipErrorNoDevice",
        r"no ROCm-capable device is detected",
        r"Unable to open /dev/kfd read-write: Permission denied",
        r"is not member of \"[\w-]{1,30}\" group",
        r"Unable to open /dev/kfd read-write: No such file or directory",
        r"Unable to find group (?:video|render): no matching entries in group file",
        r"hipErrorInvalidDevice'?\(1010\)",
    ),
    S(
        C.ROCM_HOST_KFD_MISSING,
        r"adding custom device \"/dev/(?:kfd|dri)\": (?:lstat /dev/\w{1,8}: )?no such file",
    ),
    S(
        C.SINGULARITY_NO_NV,
        r"LD_LIBRARY_PATH: /\.singularity\.d/libs",
        r"/\.singularity\.d/actions/\w{1,10}: \d{1,4}: exec: --nv: not found",
        r"exec: --nv: not found",
    ),
    S(C.K8S_NO_GPU_RESOURCE, r"Insufficient nvidia\.com/gpu", r"Insufficient amd\.com/gpu"),
    S(
        C.SLURM_GPU_NOT_REQUESTED,
        r"No gpu count given, specify --gres=gpu",
        r"(?:requires|must request|request) (?:at least one |a )?GPU.{0,40}--gres",
    ),
    S(
        C.NCCL_SYSTEM_ERROR_SHM,
        r"NCCL error.{0,200}unhandled system error",
        r"ncclSystemError",
        r"NCCL failure.{0,100}unhandled system error",
        r"Error while creating shared memory segment",
        r"NCCL WARN .{0,120}(?:/dev/shm|shared memory)",
    ),
    S(
        C.CONTAINER_SHM_TOO_SMALL,
        r"Unexpected bus error encountered in worker\. This might be caused by insufficient shared memory",
        r"DataLoader worker \(pid \d{1,10}\) is killed by signal: Bus error",
        r"insufficient shared memory \(shm\)",
    ),
    # C. CUDA and cuDNN libraries
    S(
        C.CUDNN_VERSION_MISMATCH,
        r"CuDNN library major and minor version needs to match",
        r"Could not load symbol cudnn\w{1,60}",
        r"Loaded runtime CuDNN library: [\d.]{1,20} but source was compiled with:? [\d.]{1,20}",
        r"Loaded runtime CuDNN library: \d{1,8} \(compatibility version \d{1,8}\) but source was compiled with \d{1,8}",
        r"CuDNN library needs to have matching major version and equal or higher minor version",
        r"Found cuDNN version \d{3,6}, but \w{1,20} was built against version \d{3,6}",
        r"cuDNN version incompatibility",
        r"Outdated cuDNN installation found",
        r"cuDNN version mismatch",
    ),
    S(
        C.CUDNN_VERSION_MISMATCH,
        r"DNN library is not found",
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.PIP_NVIDIA_LIBS_NOT_ON_PATH),
    ),
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Could not locate zlibwapi\.dll",
        # (a space in the quoted name: the message hard-wrapped there, joined at a word)
        r"Could not load dynamic library '(lib[\w.][\w. ]{0,80})' ?; dlerror: (?!\1)lib[\w.]{1,80}: cannot open shared object file",
        r"Could not load library (lib[\w.]{1,80})\. Error: (?!\1)lib[\w.]{1,80}: cannot open shared object file",
        r"lib(?:cu\w{1,20}|nv\w{1,20})\.so[\d.]{0,10}: undefined symbol: \w{1,120}, version lib\w{1,40}\.so",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE),
    ),
    S(  # a C++ symbol of torch (c10::, at::, torch::) an extension was linked against
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"\.so: undefined symbol: _ZN\w{0,12}(?:c10|at|torch|caffe2)\w{0,300}",
        r"undefined symbol: _ZN(?:K?\d{1,2})?(?:c10|at|torch)\w{0,300}",
        r"xFormers can'?t load C\+\+/CUDA extensions\. xFormers was built for(?!.{0,200}\+cpu\))",
        r"(?:flash_attn|xformers|torchvision|torchaudio|detectron2|mmcv)\w{0,40}.{0,200}undefined symbol",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_LIB_TRANSITIVE_DEP_MISSING),
    ),
    S(
        C.XLA_NVLINK_TOO_OLD,
        r"nvlink fatal\s{0,4}: Input file .{0,300}newer than toolkit",
    ),
    S(
        C.CONTAINER_SECCOMP_BLOCKS_CUDA,
        r"OS call failed or operation not supported on this OS",
        r"cudaErrorOperatingSystem",
        r"CUDA_ERROR_OPERATING_SYSTEM",
    ),
    S(  # TensorFlow's first line on a machine without CUDA: benign there
        C.CUDA_RUNTIME_NOT_LOADABLE,
        r"Could not load dynamic library '(?:libcudart\.so|cudart64_)[\w.]{0,20}'",
        needs_gpu=True,
        implies=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Failed to create CUDAExecutionProvider",
        r"LoadLibrary failed with error 126.{0,200}onnxruntime_providers_cuda",
        r"CUDA Setup failed despite GPU being available",
        r"Library (?:lib)?(?:cublas|cublasLt|cudnn|cufft|cusparse|curand|nvrtc|cudart)\w{0,20}(?:\.so[\d.]{0,8}|\.dll) is not found or cannot be loaded",
        r"lib(?:nvrtc|cudnn|cublas|cufft|cusparse|curand|cudart)\S{0,30} not found in the system path",
        r"Unable to load (?:cuSPARSE|cuBLAS|cuFFT|cuDNN|cuSOLVER|CUDA|cuPTI|NCCL)\. Is it installed\?",
        r"Cannot load lib(?:nvcuvid|nvidia-encode|cuda)\.so",
        r"Could not load dynamic library '(?:libcudnn|libcublas|libcufft|libcusolver|libcusparse|libcurand|libnvJitLink|libnvrtc)",
        r"Could not load dynamic library '(?:cublas|cudnn|cufft|cusolver|cusparse|curand)\w{0,20}\.dll'",
        r"Cannot dlopen some GPU libraries",
        # TensorFlow loads the libraries beyond cudart only once the driver has shown it a GPU
        r"Could not load dynamic library '(?:lib)?(?:cublas|cublasLt|cudnn|cufft|curand|cusolver|cusparse)\w{0,12}[.'\w]",
        r"Couldn'?t open CUDA library",
        r"Unable to load cuDNN DSO",
        r"Could not load library (lib(?:cudnn|cublas)[\w.]{1,60})\. Error: \1: cannot open shared object file",
        r"Could not locate (?:cudnn|cublas)\w{0,30}\.dll",
        r"Could not load library (?:lib)?(?:cudnn|cublas|cufft|curand|cusolver|cusparse)\w{0,30}(?:\.so[\d.]{0,12}|\.dll)\. Error",
        r"Unable to load any of \{(?:lib)?(?:cudnn|cublas|cufft|curand|cusolver|cusparse|nvrtc)\w{0,30}",
        r"The cu(?:SPARSE|BLAS|FFT|SOLVER|DNN|RAND) library was not found",
        r"Could not find '(?:cudart|cudnn|cublas|cufft|curand|cusolver|cusparse|nvcuda)\w{0,12}\.dll'",
        r"(?:cudnn|cublas|cufft|cusparse|cusolver)\w{0,20}\.dll not found",
        r"lib(?:cudnn|cublas|cublasLt|cufft|cusparse|cusolver|curand|nvrtc)\w{0,12}\.so[\d.]{0,12}: cannot open shared object file",
    ),
    S(
        C.CUDA_RUNTIME_NOT_LOADABLE,
        r"unable to load cudart",
        r"(?<!dlerror: )libcudart\.so[\d.]{0,12}: cannot open shared object file",
        implies=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.PIP_NVIDIA_LIBS_NOT_ON_PATH,
        r"Could not find cuda drivers on your machine, GPU will not be used",
        needs_gpu=True,
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.DRIVER_NOT_AVAILABLE, C.CONTAINER_GPU_NOT_REQUESTED),
    ),
    S(
        C.CUDNN_INIT_FAILED,
        r"CUDNN_STATUS_EXECUTION_FAILED",
        r"Could not create cudnn handle: CUDNN_STATUS_\w{1,30}",
        r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize",
        r"failed to create cublas handle: CUBLAS_STATUS_\w{1,30}",
        r"Blas x?GEMM launch failed",
        r"DNN library initialization failed",
        r"CUDNN_STATUS_NOT_INITIALIZED",
        r"CUDNN_STATUS_INTERNAL_ERROR",
        r"CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED)",
        strength=SYMPTOM,
        explained_by=_CUDNN,
    ),
    S(
        C.CUDA_KERNEL_FAULT,
        r"unspecified launch failure",
        r"an illegal memory access was encountered",
        r"CUDA_ERROR_ILLEGAL_ADDRESS",
        r"CUBLAS_STATUS_EXECUTION_FAILED",
        r"misaligned address",
        r"an illegal instruction was encountered",
        r"Invalid __(?:global|shared|local)__ (?:read|write|atomic) of size \d{1,4} bytes",
        r"CUDA_ERROR_LAUNCH_FAILED",
    ),
    S(
        C.XLA_TOOLCHAIN_MISSING,
        r"(?:Could not|Couldn'?t|Can'?t) find (?:a suitable version of )?ptxas",
        r"No such file or directory: '[^']{0,200}ptxas'",
        r"libdevice not found at",
        r"Can'?t find libdevice directory",
        r"Couldn'?t invoke ptxas",
        r"ptxas not found",
        r"Couldn'?t get ptxas version",
        r"Failed to launch ptxas",
        r"xla_gpu_cuda_data_dir",
    ),
    S(
        C.XLA_PTXAS_TOO_OLD,
        r"ptxas does not support CC \d{1,2}\.\d",
        r"ptxas too old",
        r"Unsupported \.version \d{1,2}\.\d{1,2}; current version is",
        r"ptxas fatal ?: Value 'sm_\d{2,3}\w?' is not defined for option 'gpu-name'",
        r"You are using ptxas [\d.]{1,20}, which is older than [\d.]{1,20}",
        r"ptxas .{0,120}known to miscompile XLA code",
        r"ptxas version .{0,60}(?:is older than|is known to)",
    ),
    S(
        C.MPS_OP_NOT_IMPLEMENTED,
        r"is not current(?:ly)? implemented for the MPS device",
        r"Could not run '[\w:.]{1,80}' with arguments from the 'MPS' backend",
    ),
    S(
        C.MPS_FLOAT64_UNSUPPORTED,
        r"MPS framework doesn'?t support float64",
        r"Cannot convert a MPS Tensor to float64",
    ),
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"is not currently supported on the MPS backend and will fall back to run on the CPU",
    ),
    S(
        C.CPU_ONLY_HOST_BENIGN,
        r"Could not find any nv (?:files|libraries) on this host",
        strength=INFO,
    ),
    S(
        C.CPU_ONLY_TF_BUILD,
        r"compiled without GPU support",
        r"was(?:n'?t| not) buil[dt] with CUDA support",
        r"No GPU/TPU found, falling back to CPU",
        # JAX guesses a GPU from the machine's files; printed where none is wanted too
        r"An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed",
        r"GPUAccelerator can not run on your system since the accelerator is not available",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(C.DRIVER_NOT_AVAILABLE, C.CUDA_LIBS_NOT_FOUND, *_NO_DEVICE),
    ),
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"Found (?:CUDA|cuBLAS|cuFFT|cuSPARSE|cuSOLVER|cuPTI|NCCL) version \d{3,6}, but \w{1,20} was built against version",
    ),
    S(  # cudaErrorNoDevice: the GPUs are hidden (the environment, a job, a container) or absent
        C.GPU_HIDDEN_BY_ENV,
        r"cudaErrorNoDevice",
        r"No visible GPU devices",
        r"nvidia-container-cli: device error",
        r"no CUDA-capable device is detected",
        r"CUDA_ERROR_NO_DEVICE",
        r"No CUDA GPUs are available",
        r"cudaGetDeviceCount\(\)? returned 100",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(
            C.SLURM_GPU_NOT_REQUESTED,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.DRIVER_NOT_AVAILABLE,
            C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
            C.K8S_NO_GPU_RESOURCE,
            C.SINGULARITY_NO_NV,
        ),
    ),
    S(  # a GPU index the process cannot see: code asking too much, or GPUs hidden from it
        C.GPU_INDEX_OUT_OF_RANGE,
        r"invalid device ordinal",
        r"Attempting to deserialize object on CUDA device \d{1,3} but torch\.cuda\.device_count\(\) is \d{1,3}",
        strength=SYMPTOM,
        explained_by=(
            C.GPU_HIDDEN_BY_ENV,
            C.SLURM_GPU_NOT_REQUESTED,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.K8S_NO_GPU_RESOURCE,
            C.DRIVER_NOT_AVAILABLE,
        ),
    ),
    S(
        C.GPU_NOT_REGISTERED,
        r"no devices matching that specification are registered in this process",
        strength=SYMPTOM,
        explained_by=(
            *_NO_DEVICE,
            C.CUDA_LIBS_NOT_FOUND,
            C.CPU_ONLY_TF_BUILD,
            C.DRIVER_NOT_AVAILABLE,
        ),
    ),
    S(
        C.FRAMEWORK_IMPORT_FAILED,
        r"Failed to load the native TensorFlow runtime",
        r"ImportError: DLL load failed",
        strength=SYMPTOM,
    ),
    S(
        C.TENSORRT_MISSING_BENIGN,
        r"TF-TRT Warning: (?:Could not find TensorRT|Cannot dlopen some TensorRT libraries)",
        r"Could not load dynamic library 'libnvinfer(?:_plugin)?\.so",
        r"Cannot dlopen some TensorRT libraries",
        strength=INFO,
    ),
    # D. framework build, wheel and platform
    S(
        C.CPU_ONLY_TF_BUILD,
        r"Torch not compiled with CUDA enabled",
        r"xFormers was built for:? .{0,200}\(you have [\w.]{1,20}\+cpu\)",
        r"is_built_with_cuda\(\)\)? ?False",
        r"built with CUDA\??:? ?False",
        r"This TensorFlow binary was not built with CUDA",
        r"registered platform with name:? \"?(?:cuda|gpu)\"?\. Available platform names are:? (?:Host|Interpreter|CPU|cpu)\b",
    ),
    S(
        C.WINDOWS_NATIVE_TF_GE_2_11,
        r"TensorFlow 2\.10 was the last TensorFlow release that supported GPU on native-Windows",
    ),
    S(
        C.DEPRECATED_TENSORFLOW_GPU_PKG,
        r"The \"tensorflow-gpu\" package has been removed",
        r"TF_REMOVAL_WARNING",
        r"Building wheel for tensorflow-gpu \(setup\.py\).{0,40}error",
        r"No matching distribution found for tensorflow-gpu",
        r"satisfies the requirement tensorflow-gpu",
    ),
    S(
        C.CPU_NO_AVX,
        r"built using AVX instructions, which your CPU",
        r"(?<!an )Illegal instruction(?! was encountered)",
        r"illegal hardware instruction",
        r"compiled to use AVX\d{0,3}(?:_\w{1,10})? instructions, but these aren'?t available on your machine",
        r"interrupted by signal 4: SIGILL",
        r"exit code -1073741795",
        r"CPU does not have AVX or AVX2, disabling GPU support",  # Ollama
    ),
    S(
        C.WINDOWS_RUNTIME_DLL_MISSING,
        r"msvcp140(?:_1|_2)?\.dll",
        r"vcruntime140(?:_1)?\.dll",
        r"libomp140\.\w{1,10}\.dll",
        r"Microsoft Visual C\+\+ Redistributable",
        r"Error loading \"[^\"]{0,300}fbgemm\.dll\" or one of its dependencies",
        supersedes=(C.FRAMEWORK_IMPORT_FAILED,),
    ),
    S(
        C.WINDOWS_RUNTIME_DLL_MISSING,
        r"DLL load failed(?: while importing \w{1,60})?: The specified module could not be found",
        r"\[WinError 126\] The specified module could not be found",
        r"DLL load failed while importing \w{1,60}",
        r"DLL initialization routine failed",
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE, C.CPU_NO_AVX),
    ),
    S(  # a GPU build's DLL whose CUDA dependencies are not on the DLL search path
        C.CUDA_LIBS_NOT_FOUND,
        r"Could not find module '[^']{0,300}(?:llama|ggml\w{0,12}|cu\w{1,20}|nvcuda|torch_cuda\w{0,6}|c10_cuda)\.dll' \(or one of its dependencies\)",
        r"Error loading \"[^\"]{0,300}(?:cudnn|cublas|cufft|cusparse|curand|cusolver|nvrtc|torch_cuda|c10_cuda)\w{0,30}\.dll\" or one of its dependencies",
        strength=SYMPTOM,
        explained_by=(C.WINDOWS_RUNTIME_DLL_MISSING, C.CUDA_VERSION_MATRIX_MISMATCH),
    ),
    S(
        C.MACOS_X86_BUILD_ON_APPLE_SILICON,
        r"running an x86 Python installation on ARM hardware",
        r"bin/python[\d.]{0,5}: Mach-O 64-bit executable x86_64",
        supersedes=(C.CPU_NO_AVX,),
    ),
    # E. Python environment
    S(
        C.PYTHON_UNSUPPORTED,
        r"Could not find a version that satisfies the requirement (?:tensorflow(?!-gpu)|tf-nightly|jax|jaxlib|torch|keras|tensorflow-(?!gpu)\w{1,20})\b",
        r"No matching distribution found for (?:tensorflow(?!-gpu)|tf-nightly|jax|jaxlib|torch|keras)\b",
        r"(?:JAX|TensorFlow|PyTorch|jaxlib) requires Python [\d.]{1,8} or (?:newer|later)",
        r"requires a different Python: [\d.]{1,12} not in",
        r"is not a supported wheel on this platform",
    ),
    S(
        C.KERNEL_ENV_MISMATCH,
        r"No module named '?(?:tensorflow|tensorflow_gpu|torch|jax|jaxlib|keras)'?(?![\w.])",
        strength=SYMPTOM,
    ),
    S(
        C.GPU_HIDDEN_BY_ENV,
        r"CUDA_VISIBLE_DEVICES (?:is set to|=) ?(?:''|\"\"|-1)\b",
        strength=SYMPTOM,
    ),
    S(
        C.KERAS_BACKEND_NOT_TF,
        r"Using (?:Theano|CNTK) backend",
        r"Using plaidml\.keras\.backend backend",
    ),
    S(
        C.KERAS3_WHERE_TF_KERAS_EXPECTED,
        r"No module named '?keras\.(?:src|api)",
        r"Keras 3 only supports V3 `?\.keras`? (?:and `?\.weights\.h5`? )?files",
        r"is not supported in Keras 3",
        r"Only input tensors may be passed as positional arguments",
        r"TF_USE_LEGACY_KERAS",
        r"Unrecognized keyword arguments? passed to \w{1,60}: \{'(?:batch_input_shape|input_dtype|ragged)",
        r"No module named '?tf_keras'?",
        r"Keras 3, but this is not yet supported",
        r"Keras 3 is not yet supported",
        r"requires tf-keras package",
        r"install (?:the )?(?:backwards-compatible )?tf-keras",
        r"A KerasTensor cannot be used as input to a TensorFlow function",
        r"keras_tensor\.py.{0,60}__tf_tensor__",
        r"validate_for_keras3",
    ),
    S(
        C.NUMPY_ABI_MISMATCH,
        r"numpy\.\w{1,20} size changed, may indicate binary incompatibility",
        r"Numpy is not available",
        r"compiled using NumPy 1\.x cannot be run in ?NumPy 2",
        r"_ARRAY_API not found",
        r"numpy\.core\.multiarray failed to import",
        r"module compiled against (?:ABI|API) version 0x[0-9a-f]{1,8} but this version of numpy is 0x",
        r"numpy\.dtype size changed, may indicate binary incompatibility",
    ),
    S(
        C.PROTOBUF_VERSION_MISMATCH,
        r"Descriptors cannot (?:not )?be created directly",
        r"google\._upb\._message'? has no attribute",
        r"cannot import name 'builder' from 'google\.protobuf\.internal'",
        r"your generated code is out of date and must be regenerated with protoc",
    ),
    S(C.LIBSTDCXX_GLIBC_TOO_OLD, r"version `?(?:GLIBCXX|CXXABI|GLIBC)_[\d.]{1,10}'? not found"),
    S(
        C.JAX_JAXLIB_VERSION_MISMATCH,
        r"jaxlib is version [\d.]{1,20}, but this version of jax requires",
        r"Incompatible CUDA and jaxlib versions",
        r"jaxlib version [\d.]{1,20} is newer than and incompatible with jax",
        r"jaxlib (?:version )?[\d.]{1,20} is (?:older|lower) than (?:the )?minimum",
        r"Mismatched PJRT plugin PJRT API version",
        r"is not compatible with the installed jaxlib version",
        r"jax requires jaxlib version >= ?[\d.]{1,20}",
        r"minimum jaxlib version (?:required )?is",
    ),
    S(
        C.MIXED_FRAMEWORK_CUDA_CONFLICT,
        r"(?:TensorFlow|torch|PyTorch|JAX) .{0,80}already (?:allocated|holds?) .{0,40}GPU memory",
    ),
    # F. model code
    S(C.PERF_RNN_NOT_CUDNN, r"will not use cuDNN kernels? since it doesn'?t meet the"),
    S(
        C.PERF_RETRACING,
        r"calls to <function Model\.make_predict_function\.<locals>\.predict_function\b.{0,300}triggered tf\.function retracing",
        implies=(C.PERF_EAGER_OR_PREDICT_LOOP,),
    ),
    S(
        C.PERF_INPUT_BOUND,
        r"Your program is (?:HIGHLY|MODERATELY) input-bound because [\d.]{1,12} ?% of the total step time",
    ),
    S(C.PERF_NO_MIXED_PRECISION, r"Only [\d.]{1,12} ?% of device computation is 16 bit"),
    S(
        C.PERF_LAUNCH_OVERHEAD_SMALL_MODEL,
        r"[\d.]{1,12} ?% of the total step time sampled is spent on 'Kernel Launch'",
    ),
    S(C.PERF_RETRACING, r"triggered tf\.function retracing"),
    S(C.PERF_SLOW_CALLBACK, r"is slow compared to the batch (?:time|update)"),
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"no supported kernel for GPU devices is available",
        r"while_loop for converting \w{1,80} cause there is no registered converter",
        r"Cannot assign a device for operation",
    ),
    S(
        C.MIXED_PRECISION_ON_OLD_GPU,
        r"Your GPU may run slowly with dtype policy mixed_float16",
        r"AMP only support NVIDIA GPU with Compute Capability 7\.0 or higher",
        r"Mixed precision compatibility check \(mixed_float16\): WARNING",
    ),
    S(
        C.CUDA_USED_AFTER_FORK,
        r"CUDA error: initialization error",
        r"Cannot re-initialize CUDA in forked subprocess",
        r"Failed setting context: CUDA_ERROR_NOT_INITIALIZED",
        r"cuInit failed: initialization error",
        r"os\.fork\(\) is incompatible with multithreaded code, and JAX is multithreaded",
    ),
    S(  # code (or a saved model) of Keras 3 under Keras 2: Keras 2 has no keras.src.legacy/ops
        C.KERAS_VERSION_MISMATCH,
        r"No module named '?keras\.src\.(?:legacy|ops|backend\.common|saving\.serialization_lib|models\.functional)\b",
        r"No module named '?keras\.src'?$",
        supersedes=(C.KERAS3_WHERE_TF_KERAS_EXPECTED,),
    ),
    S(
        C.TENSORS_ON_DIFFERENT_DEVICES,
        r"Expected all tensors to be on the same device",
        r"Input type \([\w.]{1,40}\) and weight type \([\w.]{1,40}\) should be the same",
        r"Expected object of device type cuda but got device type cpu",
        r"Expected (?:backend|object of backend) CUDA but got backend CPU",
        r"`input_ids` (?:is|are) on \w{2,6}, whereas the model is on \w{2,6}",
        r"on a device type different than your model's device",
        r"is on (?:CPU|GPU|cuda:\d{1,2}|cpu), (?:but|while) .{0,60}(?:is on|expected)",
    ),
    S(
        C.DEVICE_SIDE_ASSERT,
        r"device-side assert(?:ion)? triggered",
        r"Assertion `.{0,80}` failed",
        r"CUDA_ERROR_ASSERT",
    ),
    S(
        C.PERF_INPUT_BOUND,
        r"does not have many workers which may be a bottleneck",
        r"Your program is (?:HIGHLY|MODERATELY) input-bound",
        r"The input pipeline is the bottleneck",
    ),
    S(
        C.FRAMEWORK_DEFAULT_DEVICE_CPU,
        r"offloaded 0/\d{1,4} layers to GPU",
        r"device=.?cpu.? is the default",
        r"no `device` argument is passed to the `Pipeline` object\. Model will be on CPU",
        strength=SYMPTOM,
    ),
    # H. memory
    S(
        C.GPU_OOM,
        r"cudaMalloc failed: out of memory",
        r"cuMemAlloc(?:Async)? failed: out of memory",
        r"CUDA failed with error:? out of memory",
        r"CUDA error: out of memory",
        r"CUBLAS_STATUS_ALLOC_FAILED",
        r"OOM when allocating tensor",
        r"ran out of memory trying to allocate [\d.]{1,20} ?\w{1,4} \(rounded to",
        r"Dst tensor is not initialized",
        r"Resource exhausted: OOM",
        r"CUDA out of memory\. Tried to allocate",
        r"(?:HIP|MPS backend) out of memory",
        r"RESOURCE_EXHAUSTED: Out of memory",
        r"Resource exhausted: Out ?of memory while trying to allocate",
        r"Out of memory while trying to allocate \d{1,20} bytes",
        r"(?:unable|failed) to allocate (?:CUDA|ROCm)\d{1,2} buffer",  # llama.cpp, ggml
        r"CUDA_ERROR_OUT_OF_MEMORY: out of memory",
        r"torch\.(?:cuda\.)?OutOfMemoryError",
        r"bfc_allocator\.cc:\d{1,5}\] Stats:",  # TensorFlow dumps its allocator when one fails
        r"Sum Total of in-use chunks: [\d.]{1,20}\w{0,4}",
    ),
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"Free memory on device \([\d./ ]{1,30}\w{0,4}\) on startup is less than desired GPU memory utilization",
        r"failed to allocate [\d.]{1,20}\w? \(\d{1,20} bytes\) from device: CUDA_ERROR_OUT_OF_MEMORY",
        r"Process \d{1,10} has [\d.]{1,12} \w{1,4} memory in use",
        r"XLA_PYTHON_CLIENT_PREALLOCATE",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.MEMORY_CONFIG_ORDER_ERROR,
        r"(?:Physical|Virtual|Visible) devices cannot be modified after being initialized",
        r"Physical devices cannot be modified after being initialized",
        r"Virtual devices cannot be modified after being initialized",
        r"Memory growth cannot differ between GPU devices",
    ),
    S(C.ALLOCATOR_WANTS_MORE_MEMORY, r"The caller indicates that this is not a failure"),
    S(
        C.HOST_OOM,
        r"requires more system memory \([\d.]{1,10} ?\w{1,4}\) than is available",
        r"Unable to allocate [\d.]{1,12} ?[KMGT]i?B for an array with shape",
        r"std::bad_alloc",
        r"\bOOMKilled\b",
        r"Out of memory: Kill(?:ed)? process",
        r"Memory cgroup out of memory",
        r"invoked oom-killer",
        r"Out of memory: Killed process \d{1,10}",
        r"The node was low on resource: memory",
        r"exceeded the request memory",
        r"DataLoader worker \(pid \d{1,10}\) is killed by signal: Killed",
        r"not enough memory: you tried to allocate",
        r"DefaultCPUAllocator: (?:can'?t|not enough memory)",
        r"by allocator cpu",
    ),
    S(
        C.HOST_OOM,
        r"exit(?:ed)? with code:? 137\b",
        r"^Killed\s",
        r"^MemoryError\b",
        r"KernelRestarter: restarting kernel",
        r"The kernel appears to have died",
        r"session crashed after using all available RAM",
        r"Exit Code: ?137\b",
        r"exit code:? 137\b",
        r"Allocation of \d{1,20} exceeds 10% of free system memory",
        r"^Killed$",
        strength=SYMPTOM,
        explained_by=(C.GPU_OOM,),
    ),
    # I. non-CUDA backends
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"(?:ROCm|hip) error: invalid device function",
        r"hipErrorInvalidDeviceFunction",
        r"hipError_t\(98\)",
        r"HSA_STATUS_ERROR_INVALID_ISA",
        r"hipErrorNoBinaryForGpu",
        r"Unable to find code object for all current devices",
        r"Cou(?:l)?dn'?t find binary for current devices",
        r"HIP error: invalid device function",
        r"TensileLibrary\.dat.{0,120}GPU arch",
        r"rocBLAS error: Cannot read .{0,200}TensileLibrary",
        r"Cannot find CO in the bundle",
        r"No paths matched .{0,160}gfx\d{3,4}",
        r"gfx\d{3,4}[a-f]? (?:is )?not supported",
        r"gfx\d{3,4}[a-f]? is not in the list",
        r"amdgpu is not supported \(supported types:",
    ),
    S(
        C.ROCM_MEMORY_ACCESS_FAULT,
        r"Memory access fault by GPU node-\d{1,4} .{0,200}Reason:",
        r"amdgpu: \[gfxhub\d?\] (?:no-)?retry page fault",
    ),
    S(
        C.DIRECTML_NO_ADAPTER_OR_VERSION,
        r"DirectML device enumeration: found 0 compatible adapters",
        r"Could not load DirectML",
        r"tfdml_plugin\.dll not found",
        r"tensorflow-plugins/tfdml_plugin",
    ),
    S(
        C.METAL_PLUGIN_LOAD_FAILED,
        r"libmetal_plugin\.dylib.{0,300}(?:Library not loaded|image not found)",
        r"libmetal_plugin\.dylib.{0,300}[Ss]ymbol not found",
        r"symbol not found in flat namespace '_?_?\w{0,10}TF_\w{1,80}'",
        r"Symbol not found: _?_?\w{0,20}(?:TF_|tsl)\w{1,120}",
    ),
    S(C.METAL_SLOW_OR_MISMATCH, r"could not find registered platform with id", strength=SYMPTOM),
    S(
        C.PLAIDML_NO_DEVICE,
        r"PlaidMLError: No devices found",
        r"No OpenCL devices found\. Check driver installation",
        r"Default Config Devices: ?No devices",
    ),
)


# Section Z: printed on working setups too; never a cause (a line matching one is no evidence).
BENIGN: tuple[str, ...] = (
    r"Unable to register (?:cuDNN|cuFFT|cuBLAS) factory",
    r"computation placer already registered",
    r"successful NUMA node read from SysFS had negative value",
    r"could not open file to read NUMA node",
    r"Your kernel may (?:not )?have been built without NUMA support",
    r"This TensorFlow binary is optimized to use available CPU instructions",
    r"Your CPU supports instructions that this TensorFlow binary was not compiled to use",
    r"oneDNN custom operations are on",
    r"Not creating XLA devices, tf_xla_enable_xla_devices not set",
    r"Overriding allow_growth setting because force_memory_growth was requested",
    r"Executor start aborting \(this does not indicate an error",
    r"All log messages before absl::InitializeLog\(\) is called are written to STDERR",
    r"Ignore above cudart dlerror if you do not have a GPU set up on your machine",
    r"Plugin optimizer for device_type GPU is enabled",
    r"Could not identify NUMA node of platform GPU",
    r"optimized with oneAPI Deep Neural Network Library",
    # PyTorch 2.3 warns when one of cuDNN's candidate plans is unsupported; another plan runs
    r"Plan failed with a cudnnException: CUDNN_BACKEND_\w{1,40}: cudnn\w{1,40} Descriptor Failed",
)

# Lines that show an NVIDIA GPU exists (so the section-Z lines that are benign only without one count).
GPU_EVIDENCE: tuple[str, ...] = (
    r"pci ?bus ?id: [0-9a-f]{4}:",
    r"Found device \d{1,3} with properties",
    r"device:GPU:\d{1,3}",
    r"NVIDIA-SMI \d{1,4}",
    r"compute capability: \d{1,2}\.\d{1,2}",
    r"Created device .{0,200}GPU",
    r"/dev/nvidia\d",
    r"Adding visible gpu devices: \d",
    r"Cannot dlopen some GPU libraries",
    r"GPU \d{1,2}: NVIDIA ",
    r"(?:GeForce|Quadro|Tesla) [A-Z]{0,3} ?\d{3,4}",
    r"NVIDIA (?:[A-H]\d{2,3}|RTX|L4|L40|T4)\b",
)
