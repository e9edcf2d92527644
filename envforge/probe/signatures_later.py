"""Signatures of the classes the later corpus waves and GPU recordings showed, in their printers'
words: CDI specifications and hooks, the IOMMU, GSP firmware, rendezvous and launch ports, DirectML,
ROCm on WSL, host memory, numeric failures, CPU-only builds of other frameworks. Data only, in the
format of the other sections (``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import INFO, SYMPTOM, S, Signature

C = Code

LATER: tuple[Signature, ...] = (
    # containers: a CDI spec the engine cannot read, a hook the spec names that is not installed
    S(
        C.CDI_SPEC_VERSION_UNSUPPORTED_BY_ENGINE,
        r"failed to (?:parse|load) CDI Spec.{0,300}unknown field",
        r"failed to unmarshal CDI Spec.{0,200}unknown field",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.CDI_HOOK_BINARY_MISSING,
        r"fork/exec [\S]{0,120}nvidia-(?:cdi-hook|ctk): no such file or directory",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER),
    ),
    # hosts: the IOMMU faulting a GPU's DMA, GSP firmware that stops answering, a module not built
    S(
        C.PCIE_IOMMU_ACS_BLOCKS_P2P,
        r"DMAR: \[DMA (?:Read|Write)\] Request device \[[0-9a-f:.]{4,12}\] (?:PASID \w{1,10} )?fault addr",
        r"AMD-Vi: Event logged \[IO_PAGE_FAULT",
    ),
    S(
        C.GSP_FIRMWARE_RPC_TIMEOUT,
        r"Timeout waiting for RPC from GSP",
        r"NVRM: Xid \(PCI:[0-9a-f:.]{4,20}\): 1(?:19|20)\b",
    ),
    S(
        C.PROPRIETARY_MODULE_ON_OPEN_ONLY_GPU,
        r"requires use of the NVIDIA open kernel modules",
        supersedes=(C.DRIVER_NOT_AVAILABLE, C.GPU_ADAPTER_INIT_FAILED),
    ),
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"DKMS module '?nvidia[\w.-]{0,30}'? failed to build",
        r"Building DKMS module '?nvidia[\w.-]{0,30}'? for kernel.{0,60}FAILED",
    ),
    # distributed jobs: a coordinator nobody reaches, a launch port taken, a bootstrap that fails
    S(
        C.DIST_RENDEZVOUS_UNREACHABLE,
        r"CoordinationService/RegisterTask",  # JAX's coordinator (tensorflow. or xla.coordination.)
        r"client socket has timed out after \d{1,7}ms while trying to connect to \(",  # c10d's store
        r"TCP client failed to connect/validate to host",
        supersedes=(C.COLLECTIVE_TIMEOUT_RANK_BUSY,),
    ),
    S(
        C.XLA_ENV_OPTION_NOT_SUPPORTED,
        r"XLA_PYTHON_CLIENT_\w{4,20} env var must be one of",
        r"Unknown flags? in XLA_FLAGS",
    ),
    S(
        C.DIST_MASTER_PORT_IN_USE,
        r"launch distributed communication on port `?\d{2,5}`?, but another process is utilizing it",
    ),
    S(
        C.NCCL_INTERNODE_NETWORK,
        r"NCCL INFO bootstrap\.cc:\d{1,5} -> [23]\b",
        strength=SYMPTOM,
    ),
    # Apple's Metal plugins (JAX, TensorFlow) naming the device they run on: the run has a GPU, and
    # JAX's notes that it could not start its CUDA, ROCm or TPU backends are no failure
    S(
        C.HEALTHY_BENIGN_NOISE,
        r"Platform 'METAL' is experimental and not all JAX functionality",
        r"JAX Apple GPU support is experimental",
        r"Metal device set to: Apple",
        strength=INFO,
    ),
    # other backends: DirectML's missing kernels and inference mode, ROCm's WSL bridge library
    S(
        C.DIRECTML_OP_NOT_IMPLEMENTED,
        r"Could not run '[\w:.]{1,80}' with arguments from the 'DML' backend",
    ),
    S(C.DIRECTML_INFERENCE_MODE_UNSUPPORTED, r"Cannot set version_counter for inference tensor"),
    S(
        C.ROCM_WSL_LIBROCDXG_NOT_FOUND,
        r"Cannot load librocdxg\.so",
        r"librocdxg\.so: cannot open shared object file",
    ),
    # memory: the host's (a killed rank, NumPy's allocator) and the GPU's in numba's words
    S(
        C.HOST_OOM,
        r"failed \(exitcode: -9\)",
        r"Unable to allocate [\d.]{1,10} ?[KMGTPE]?i?B for an array with shape",
    ),
    S(C.GPU_OOM, r"Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY"),
    S(
        C.GPU_INDEX_OUT_OF_RANGE,
        r"But your machine only has: \[\d",  # Lightning: fewer GPUs than devices= asks for
        r"gpu = self\.gpus\[devnum\]",  # numba.cuda.select_device past the count
    ),
    # an invalid CUDA_VISIBLE_DEVICES (a GPU named twice, as a launcher may write it): CUDA cannot
    # start at all, and JAX then guesses that its jaxlib lacks CUDA
    S(
        C.GPU_HIDDEN_BY_ENV,
        r"cuInit(?:\(0\))? failed: CUDA_ERROR_INVALID_DEVICE",
        r"failed call to cuInit: CUDA_ERROR_INVALID_DEVICE",
        r"might have already set an error\? ?Error ?101: ?invalid ?device ?ordinal",
        r"runtime\.getDeviceCount.{0,300}cudaErrorInvalidDevice",
        supersedes=(C.GPU_INDEX_OUT_OF_RANGE, C.GPU_BUSY_OR_UNAVAILABLE),
    ),
    # clusters: OpenShift's admission, Slurm without GPU scheduling, several MIG slices in a process
    S(
        C.OPENSHIFT_SCC_BLOCKS_GPU_COMPONENT,
        r"unable to validate against any security context constraint",
    ),
    S(
        C.SLURM_GRES_REQUEST_INVALID,
        r"Requested GRES option unsupported by configured SelectType plugin",
        supersedes=(C.SLURM_TIME_LIMIT_OVER_PARTITION_MAX,),
    ),
    S(
        C.MIG_MULTIPLE_INSTANCES_VISIBLE,
        r"device >= 0 && device < num_gpus ?INTERNAL ASSERT FAILED",
    ),
    # JAX's GPU plugin without its kernels package; ROCm without code objects for the GPU
    S(
        C.JAX_JAXLIB_VERSION_MISMATCH,
        r"(?:rocm|cuda)_plugin_extension is not found",
        r"No FFI handler registered for \w{1,60} on a platform (?:ROCM|CUDA)",
    ),
    S(C.ROCM_GPU_ISA_UNSUPPORTED, r"No compatible code objects found for: ?gfx\w{2,6}"),
    # a context that cannot be made for want of memory: others hold the GPU
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"cuDevicePrimaryCtxRetain: ?CUDA_ERROR_OUT_OF_MEMORY",
        supersedes=(C.GPU_OOM, C.CUDA_VERSION_MATRIX_MISMATCH),
    ),
    # PyTorch's own builds disagreeing, its attention with no kernel left, bf16 GEMMs on old GPUs
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"(?:PyTorch|torch) and torch(?:vision|audio) were compiled with different ?CUDA ?versions",
    ),
    S(
        C.SDPA_NO_USABLE_KERNEL,
        r"No available kernel\. {0,2}Aborting execution",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"CUBLAS_STATUS_NOT_SUPPORTED when calling `cublas\w{1,40}Ex\(.{0,160}CUDA_R_16BF",
        supersedes=(C.CUDA_KERNEL_FAULT,),
    ),
    # bitsandbytes without a GPU binary for the platform (Windows before 0.43), or without libcuda
    S(
        C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY,
        r"The installed version of bitsandbytes was compiled without GPU support",
        strength=SYMPTOM,
        explained_by=(
            C.DRIVER_NOT_AVAILABLE,
            C.CUDA_LIBS_NOT_FOUND,
            C.CUDA_RUNTIME_NOT_LOADABLE,
            C.GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION,
        ),
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    # numbers: a loss or a gradient that is no longer finite
    S(
        C.MODEL_LOSS_NOT_FINITE,
        r"FloatingPointError: invalid value \(nan\) encountered in",
        r"returned nan values in its \d{1,3}(?:st|nd|rd|th) output",
        r"\bloss ?[:=] ?nan\b",
    ),
    # builds without the GPU: PyTorch without XPU/CUDA, ONNX Runtime's CPU package
    S(
        C.CPU_ONLY_TF_BUILD,
        r"(?:PyTorch|Torch) is not linked with support for (?:xpu|cuda|mps) devices",
        r"Specified provider '(?:CUDA|Tensorrt|ROCM)ExecutionProvider' is not in available provider names"
        r"\. ?Available providers: '(?:AzureExecutionProvider, ?)?CPUExecutionProvider'",
        r"(?:CUDA|TensorRT|ROCM|ROCm) execution provider is not enabled in this build",
        r"Running on CPU now! Make sure your PyTorch version matches your CUDA",
    ),
    # JAX found only its CPU platform: a jaxlib without the CUDA plugin, or JAX_PLATFORMS=cpu
    S(
        C.CPU_ONLY_TF_BUILD,
        r"no platforms that are instances of gpu are present",
        strength=SYMPTOM,
        implies=(C.GPU_HIDDEN_BY_ENV,),
    ),
    S(
        C.PROTOBUF_VERSION_MISMATCH,
        r"If you cannot immediately regenerate your protos",
        r"Downgrade the protobuf package to 3\.20\.x or lower",
    ),
    # Windows: a CUDA library found, a procedure in it missing: another release's DLL loaded first
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"\[WinError 127\] ?The ?specified ?procedure ?could ?not ?be ?found\. ?Error ?loading ?\"[^\"]{0,300}"
        r"(?:cudnn|cublas|cufft|cusparse|cusolver|nvrtc|nvJitLink|cudart)\w{0,30}\.dll",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.WINDOWS_RUNTIME_DLL_MISSING),
    ),
    # wave 17. Intel GPUs: the Level Zero loader missing, no XPU found, oneAPI runtimes, no fp64
    S(
        C.INTEL_GPU_DRIVER_MISSING,
        r"libze_loader\.so(?:\.1)?: cannot open shared object",
        r"\bze_loader\.dll\b.{0,80}(?:not found|could not be found|missing)",
        supersedes=(
            C.CUDA_RUNTIME_NOT_LOADABLE,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.CUDA_LIBS_NOT_FOUND,
        ),
    ),
    S(
        C.INTEL_GPU_DRIVER_MISSING,
        r"XPU device count is zero",
        r"Failed to initialize XPU devices",
        r"\bxpu[ _.]device_?count\W{0,4}0\b",
        strength=SYMPTOM,
    ),
    S(
        C.ONEAPI_RUNTIME_LIBS_NOT_FOUND,
        r"lib(?:mkl_sycl|mkl_core|mkl_intel_lp64|mkl_intel_ilp64|mkl_sequential|sycl|svml|imf|intlc"
        r"|irng|ur_loader|umf)\w{0,12}\.so(?:\.\d{1,4}){0,4}: cannot open shared object",
        r"\b(?:sycl\d{0,2}|mkl_sycl\w{0,12}|svml_dispmd|libmmd)\.dll\b.{0,80}(?:not found|could not be found)",
        supersedes=(C.CUDA_RUNTIME_NOT_LOADABLE, C.CUDA_LIBS_NOT_FOUND),
    ),
    S(
        C.XPU_FP64_UNSUPPORTED,
        r"Required aspect fp64 is not supported on the device",
        r"(?:Double|FP64) (?:data )?type is (?:not supported|unsupported) on (?:this|current) platform",
        supersedes=(C.GPU_FEATURE_NEEDS_NEWER_ARCH,),
    ),
    # Apple: a metallib of a newer Metal, shader sources missing, the GPU's memory in Metal's words
    S(
        C.MLX_METALLIB_NEWER_THAN_MACOS,
        r"library is using language version [\d.]{1,6} which is not supported on this OS",
        supersedes=(C.CUDNN_VERSION_MISMATCH, C.MLX_METALLIB_NOT_BUILT),
    ),
    S(
        C.METAL_SHADER_SOURCE_INCOMPLETE,
        r"'ggml-\w{1,20}\.h' file not found",
        r"ggml_metal_init: (?:error: )?(?:failed to|could not) (?:load|find|compile) (?:the )?(?:library|metallib|source)",
        supersedes=(C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,),
    ),
    S(
        C.GPU_OOM,
        r"kIOGPUCommandBufferCallbackErrorOutOfMemory",
        r"Command buffer execution failed: Insufficient Memory",
    ),
    S(C.PLAIDML_CONFIG_FILE_NOT_FOUND, r"Could not find PlaidML configuration file"),
    # other devices: XLA where a PluggableDevice has no compiler; tensors on two devices
    S(
        C.XLA_UNAVAILABLE_ON_PLUGGABLE_DEVICE,
        r"Could not find compiler for platform (?:DML|METAL|Metal|XPU|PluggableDevice)\b",
    ),
    S(
        C.TENSORS_ON_DIFFERENT_DEVICES,
        r"unbox expects Dml at::Tensor as inputs",
        r"Trying to access resource .{0,200}located in device \S{0,80}:(?:GPU|CPU):\d{1,2} from device",
        supersedes=(C.DIRECTML_NO_ADAPTER_OR_VERSION,),
    ),
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"Could not run '(?:torchvision|torchaudio|xformers|torch_scatter|torch_sparse|detectron2|mmcv"
        r"|flash_attn)::\w{1,60}' with arguments from the '(?:CUDA|MPS|XPU)' backend",
    ),
    # clusters: CUDA IPC between ranks Slurm bound to one GPU each; pyxis importing an image
    S(
        C.SLURM_GPU_BIND_BREAKS_CUDA_IPC,
        r"cuIpcOpenMemHandle.{0,40}(?:invalid argument|CUDA_ERROR_INVALID_VALUE|invalid device context)",
        r"Failed to register remote memory, rc=-?\d{1,4}",
    ),
    S(
        C.IMAGE_PULL_FAILED,
        r"pyxis: failed to import docker image",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # NVIDIA's own tools: DCGM, fabric manager without NVSwitches, cuda-checkpoint, watchers
    S(
        C.DCGM_HOSTENGINE_NOT_REACHABLE,
        r"Unable to connect to host engine",
        r"Host engine connection invalid/disconnected",
        r"(?:connect|connecting) to (?:the )?nv-hostengine",
    ),
    S(
        C.DCGM_METRIC_UNSUPPORTED_ON_GPU,
        r"Error watching fields: Feature not supported",
        r"Profiling is not supported for this group of GPUs",
    ),
    S(
        C.FABRIC_MANAGER_WITHOUT_NVSWITCH,
        r"NVSwitch device information from NVSwitch driver failed with error:.{0,40}NV_WARN_NOTHING_TO_DO",
        supersedes=(C.FABRIC_MANAGER_NOT_RUNNING,),
    ),
    S(
        C.GPU_PERSISTENCE_MODE_REQUIRED,
        r"Error toggling CUDA in process ID \d{1,10}: \"?operation not permitted",
        supersedes=(C.CONTAINER_GPU_NOT_REQUESTED,),
    ),
    S(
        C.INOTIFY_LIMIT_EXHAUSTED,
        r"(?:create|creating) (?:FS|fsnotify|inotify) watcher.{0,160}too many open files",
        r"inotify_init1?(?:\(\))?:? (?:failed: )?too many open files",
    ),
    # wave 18. Containers: Docker's --gpus now asks for a CDI spec the toolkit has not written
    S(
        C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
        r"\b(?:AMD|NVIDIA) CDI spec not found",
    ),
    # WSL: the Windows driver's libcuda lacks a symbol the CUDA runtime asks cuInit for
    S(
        C.WSL_WINDOWS_DRIVER_REGRESSION,
        r"cuInit.{0,40}CUDA_ERROR_NOT_FOUND: named symbol not found",
    ),
    # a CUDA runtime loaded that is not the one the library was built against
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"failed: cudaGetErrorString symbol not found",
    ),
    # ROCm: SMI tools and a built-in amdgpu; hipRTC without the C++ headers; HSA without resources
    S(C.SMI_TOOL_MISSES_BUILTIN_AMDGPU, r"amdgpu not found in modules"),
    S(
        C.MIOPEN_HIPRTC_LIBSTDCXX_HEADERS_MISSING,
        r"fatal error: '(?:limits|cstdint|cstddef|type_traits|cmath|utility|array|tuple)' file not found",
        supersedes=(C.HOST_OOM, C.JIT_HOST_COMPILER_MISSING),
    ),
    S(
        C.ROCM_DEVICE_PERMISSIONS,
        r"HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        strength=SYMPTOM,
    ),
    # a PyTorch extension's own library that torch.ops.load_library cannot load: built for another
    # PyTorch or CUDA (its libcudart of another major, an undefined symbol)
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"Could not load this library: \S{1,300}\.so\b",
        supersedes=(C.CUDA_RUNTIME_NOT_LOADABLE, C.CUDA_LIBS_NOT_FOUND),
    ),
    # nvcc asked for an architecture it does not know, one it dropped (CUDA 12: 3.x; CUDA 13: 5.x
    # to 7.2) or one newer than it: the build's list against this toolkit either way
    S(
        C.BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC,
        r"nvcc fatal ?: Unsupported gpu architecture '(?:compute|sm)_\d{2,3}\w?'",
        supersedes=(C.GPU_ARCH_NEWER_THAN_WHEEL,),
    ),
    # a feature of the run (torch.compile's Triton, an instruction, a quantization kernel, a dtype)
    # that needs a newer architecture than a GPU that otherwise works, in its many printers' words
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"too old to be supported by the triton GPU compiler",
        r"Feature '[^']{1,60}' requires \.target sm_\d{2,3}",
        r"Minimum capability: \d{2,3}\.? {1,2}Current capability: \d{2,3}",
        r"\b(?:Marlin|FP8|[Ff]p8|[Ff]loat8|INT8|[Ii]nt8|TF32|tf32|[Tt]ensor ?[Cc]ores?|CUTLASS|cutlass|"
        r"[Ff]lash[-_ ]?[Aa]tt(?:n|ention)\w{0,4}|BF16|bf16|[Bb]float16)\b.{0,80}?[Cc]apability\b"
        r".{0,30}?(?:>=?|\bat least\b|\bor (?:higher|newer|above|later)\b|\bminimum\b|\brequired\b"
        r"|\blower than\b|\bless than\b|\bbelow\b|<)",
        r"\b(?:Marlin|FP8|[Ff]p8|[Ff]loat8|INT8|[Ii]nt8|TF32|tf32|[Tt]ensor ?[Cc]ores?|CUTLASS|cutlass|"
        r"[Ff]lash[-_ ]?[Aa]tt(?:n|ention)\w{0,4}|BF16|bf16|[Bb]float16)\b.{0,80}?"
        r"\b(?:Ampere|Hopper|Blackwell)\b.{0,20}?\b(?:or|and) (?:higher|newer|above|later)\b",
        supersedes=(C.GPU_ARCH_TOO_OLD, C.XLA_TOOLCHAIN_MISSING, C.WHEEL_LACKS_ARCH_KERNELS),
    ),
    # host memory in a shell's and XLA's words: a script's job killed (the kernel's OOM killer),
    # XLA out of memory on the host rather than a device
    S(
        C.HOST_OOM,
        r"(?<![\w-])(?:zsh|bash|sh): killed\s",
        r"line \d{1,6}: {1,3}\d{1,8} Killed\s",
        r"Out of memory (?:while trying to allocate|allocating) \d{1,20} bytes on host",
        supersedes=(C.GPU_OOM,),
    ),
    # NCCL's sockets and verbs between ranks in its other words: a connect to a peer's address
    # that failed, a completion error from an InfiniBand/RoCE peer, a peer that closed its socket
    S(
        C.NCCL_INTERNODE_NETWORK,
        r"(?:socketStartConnect|socketFinalizeConnect|Net|NET/Socket) ?: ?Connect to ?\S{3,60}<\d{1,5}>? ?"
        r"failed ?: (?:No route to host|Connection refused|Connection timed out|Network is unreachable"
        r"|Software caused connection abort|Connection reset by peer)",
        r"^\S{3,60}<\d{1,5}>? ?failed ?: (?:No route to host|Connection refused|Connection timed out|Network is unreachable)",
        r"NET/IB ?: Got completion from peer \S{3,60} with (?:error|status)",
        r"NET/IB ?: Got async event ?: (?:port error|GID table change|local catastrophic error)",
        r"\btransport retry counter exceeded\b",
        r"(?:socketProgress|NET/Socket) ?: ?Connection closed by remote peer",
        r"socketProgress\w{0,10} ?: ?Call to recv from ?\S{1,80} ?failed ?: ?Connection ?reset ?by ?peer",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM,),
    ),
)
