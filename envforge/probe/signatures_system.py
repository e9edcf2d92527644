"""The signatures of the host's driver and hardware (section A of the catalogue; section B, container
runtimes and clusters, is ``signatures_containers``).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import NO_DEVICE, SYMPTOM, S, Signature, cuda_error_number

__all__ = ["SYSTEM"]

C = Code

SYSTEM: tuple[Signature, ...] = (
    # A. host driver and hardware
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"Unable to load the kernel module '?nvidia(?:\.ko)?'?",
        r"NVRM: No NVIDIA devices probed",
        r"NVRM: GPU [\w:.]{1,20} is already bound to",
        r"NVIDIA-SMI has failed because it couldn'?t communicate with the NVIDIA driver",
        # nvidia-smi runs only where the driver's tools were installed: its missing NVML is no CPU host
        r"NVIDIA-SMI couldn'?t find libnvidia-ml\.so library in your system",
        r"NVRM: The NVIDIA probe routine was not called",
        r"modprobe: FATAL: Module nvidia\S{0,12} not found",
        r"nvml error: driver not loaded",
        r"NVIDIA kernel module (?:is )?(?:missing|not loaded)",
        r"could not insert 'nvidia\w{0,12}': (?:Required key not available|Key was rejected by service|No such device|Operation not permitted)",
        # WSL2 and Hyper-V GPU partitions: a GPU is assigned, the guest's driver cannot reach it
        r"GPU access blocked by the operating system",
        # TensorFlow 1.x on Windows: nvcuda.dll is the driver's own library
        r"Could not find 'nvcuda\.dll'",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.WINDOWS_RUNTIME_DLL_MISSING),
    ),
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"libcuda\.so(?:\.1)? not found",
        r"unable to load (?:cuda|nvml) management library",
        r"Failed to dlopen libcuda\.so",
        r"Unable to find cuda lib",
        r"No devices were found",
        r"torch\.cuda\.is_available\(\) is False",
        r"MisconfigurationException: No supported gpu backend found",  # Lightning's words
        r"no supported devices found for platform CUDA",
        r"nvidia-smi: (?:command )?not found",
        # Windows: cmd.exe's and PowerShell's words for a command that is not there
        r"'nvidia-smi(?:\.exe)?' is not recognized as an internal or external command",
        r"The term 'nvidia-smi(?:\.exe)?' is not recognized as (?:the )?name of a cmdlet",
        r"libcuda\.so(?:\.1)?: cannot open shared object file",
        r"Could not load dynamic library 'libcuda\.so",
        r"failed call to cuInit: UNKNOWN ERROR \(303\)",
        # 303 (CUDA_ERROR_SHARED_OBJECT_INIT_FAILED) is what XLA's libcuda shim returns without libcuda
        r"cuInit\(0\) failed: Unknown CUDA error 303\b",
        r"cuInit.{0,40}CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
        # TensorFlow's diagnostics on any host without the NVIDIA driver, a GPU or not
        r"kernel driver does not appear to be running on this host",
        r"/proc/driver/nvidia/version does not exist",
        r"Found no NVIDIA driver on your system",
        r"CUDA driver initialization failed, you might not have a CUDA gpu",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(*NO_DEVICE, C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.CPU_ONLY_IMAGE),
    ),
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"Unable to determine the device handle for GPU",
        r"RmInitAdapter failed",
        r"GPU has fallen off the bus",
        r"NVRM: GPU at PCI:[\w:.]{1,20}: GPU-[\w-]{1,60}.{0,40}fallen off",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(  # the toolkit's stub libcuda (for linking only) loaded in place of the driver's: error 34
        C.CUDA_DRIVER_STUB_ON_PATH,
        r"CUDA driver is a stub library",
        r"CUDA_ERROR_STUB_LIBRARY",
        r"cudaErrorStubLibrary",
        r"Unknown CUDA error 34\b",
        # the number alone, as programs that print only the code say it (34 in both CUDA APIs)
        r"CUDA (?:error|failure):? (?:error )?(?:code )?34\b",
        r"CudaAPIError: \[34\]",
        supersedes=(C.DRIVER_NOT_AVAILABLE, C.CUDA_INIT_UNKNOWN, C.CUDA_COMPAT_ON_UNSUPPORTED_HW),
    ),
    S(  # nvidia-ctk cdi generate: the driver's libraries outside the paths it searches
        C.CDI_GENERATE_DRIVER_LIBS_NOT_FOUND,
        r"failed to generate CDI spec:.{0,400}failed to locate libcuda",
        r"failed to locate libcuda\.so[\d.*]{0,20}: pattern libcuda",
        supersedes=(C.DRIVER_NOT_AVAILABLE, C.CONTAINER_TOOLKIT_NOT_CONFIGURED),
    ),
    S(  # the NVIDIA hook runs ldconfig inside the container to register the driver's libraries
        C.CONTAINER_LDCONFIG_HOOK_FAILED,
        r"nvidia-container-cli: ldcache error",
        r"ldcache error: process /sbin/ldconfig\S{0,8} failed",
        r"could not start /sbin/ldconfig(?:\.real)?: ",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(  # a newer driver branch no longer drives this GPU: the kernel module names the legacy branch
        C.DRIVER_BRANCH_DROPPED_GPU,
        r"supported through the NVIDIA \S{1,12} Legacy drivers",
        r"The [\d.]{3,12} NVIDIA driver will ignore",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(  # nvidia-open drives Turing and later only
        C.OPEN_KERNEL_MODULE_UNSUPPORTED_GPU,
        r"NVRM: The NVIDIA GPU [\w:.]{1,20} \(PCI ID: [\w:]{1,12}\)\s{0,3}NVRM: installed in this system requires use of the NVIDIA proprietary driver",
        r"requires use of the NVIDIA proprietary driver",
        r"not supported by open nvidia\.ko",
        r"nvidia\.ko because it does not include the required GPU",
        r"open kernel modules? (?:does|do) not support (?:this|the) GPU",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.CDI_SPEC_DEVICE_MISSING,
        r"failed to stat CDI host device",
        # a CDI spec written for another driver: crun mounts the files it lists
        r"crun: cannot stat `?/\S{1,200}(?:libnvidia|libcuda|nvidia)\S{0,80}: No such file",
    ),
    S(  # NCCL's bootstrap sockets and InfiniBand/RoCE verbs between ranks
        C.NCCL_INTERNODE_NETWORK,
        r"NCCL WARN Call to ibv_\w{1,30} failed",
        r"WARN Socket creation failed ?: ",
        r"Bootstrap ?: no socket interface found",
        r"NET/Socket ?: no usable interface found",
    ),
    S(  # --gpus device=N (or a UUID) that this host does not have
        C.GPU_INDEX_OUT_OF_RANGE,
        r"nvidia-container-cli: device error: [\w-]{1,60}: unknown device",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.GPU_HIDDEN_BY_ENV),
    ),
    S(
        C.TRT_ENGINE_BUILT_FOR_OTHER_GPU,
        r"engine plan file is generated on an incompatible device, expecting compute [\d.]{1,5} got compute",
        r"engine plan file is not compatible with this version of TensorRT",
    ),
    S(  # the image's own driver files are where the toolkit mounts the host's
        C.IMAGE_BUNDLES_DRIVER_LIBS,
        r"file creation failed: [\S ]{0,300}/(?:(?:libnvidia|libcuda)[\w.-]{0,40}\.so[\d.]{0,16}|nvidia-(?:smi|debugdump|persistenced|cuda-mps-\w{1,20})): file ?exists",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.FABRIC_MANAGER_NOT_RUNNING,
        r"system not yet initialized",
        r"cudaErrorSystemNotReady",
        r"CUDA_ERROR_SYSTEM_NOT_READY",
        *cuda_error_number(802),
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
        *cuda_error_number(803),
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
        *cuda_error_number(35, 222),
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
        # the driver loads but its unified-memory module does not (cuInit then fails: unknown)
        r"Module nvidia[-_]uvm not found",
        r"could not insert 'nvidia\w{0,20}_uvm'",
        r"\bError 999: unknown error",
        r"Cuda failure 999 'unknown error",
        r"cudaErrorUnknown",
        *cuda_error_number(999),
        r"returned 999\b",
        r"failed call to cuInit: CUDA_ERROR_UNKNOWN",
        r"cuInit\(0\) failed: CUDA_ERROR_UNKNOWN",
        r"CUDA unknown error - this may be due to an incorrectly set up environment",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
        # a driver that says it does not support the GPU reports cuInit's failure as unknown
        explained_by=(C.GPU_ARCH_TOO_OLD, C.DRIVER_BRANCH_DROPPED_GPU),
    ),
    S(
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"cudaErrorDevicesUnavailable",
        *cuda_error_number(46),
        r"libtpu\.so already in use by another process",  # a TPU's own lock
        r"all CUDA-capable devices are busy or unavailable",
        r"CUDA-capable device\(s\) is/are busy or unavailable",
        r"CUDA_ERROR_DEVICE_UNAVAILABLE",
    ),
    S(  # Windows' watchdog resets a GPU whose kernel runs past TdrDelay (WSL 2 inherits it)
        C.WINDOWS_GPU_TDR_TIMEOUT,
        r"the launch timed out and was terminated",
        r"cudaErrorLaunchTimeout",
        r"CUDA_ERROR_LAUNCH_TIMEOUT",
        r"CUDA driver error: device not ready",
        r"Display driver nvlddmkm stopped responding",
    ),
    S(C.SELINUX_BLOCKS_GPU_DEVICES, r"avc: {1,3}denied .{0,200}nvidia"),
    S(  # NVML refusing the device nodes: their mode, or SELinux where the host has it (log_rules)
        C.NVIDIA_DEVICE_NODE_PERMISSIONS,
        r"Failed to initialize NVML: Insufficient Permissions",
        r"NVMLError_NoPermission",
        r"NVML_ERROR_NO_PERMISSION",
    ),
    S(  # a GPU in an exclusive compute mode, shown by nvidia-smi: a cause only of a run that failed
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"\bE\. (?:Process|Thread) \|",
        r"Compute Mode ?: ?Exclusive_(?:Process|Thread)",
        strength=SYMPTOM,
        needs_failure=True,
    ),
    S(  # a GPU refusing a second context
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"CUDA_ERROR_INVALID_DEVICE",
        strength=SYMPTOM,
        # its string, "invalid device ordinal", where the call was for a device the process lacks
        explained_by=(C.GPU_HIDDEN_BY_ENV, C.GPU_INDEX_OUT_OF_RANGE),
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
        r"(?:bf16|bfloat16|fp8|FlashAttention\w{0,4}|flash_attn\w{0,4}) .{0,80}(?:requires|only supported on|is not supported on) .{0,40}(?:compute capability|Ampere|Hopper|sm_?\d{2}|[AH]100\b)",
        # an operator's own requirement (xformers, flash-attn), not the build's targets
        r"requires device with capability [>=]{1,2} ?\(\d{1,2}, ?\d{1,2}\) but your GPU has capability",
        r"FP8 is only supported on",
        r"(?:CUDA )?Device does not support bfloat16",
        r"(?:setup|device|GPU) does(?:n'?t| not) support bf16",
        r"(?:bf16|bfloat16) (?:is )?(?:not supported|unsupported) (?:on|by) (?:this|your) (?:GPU|device)",
    ),
    S(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        r"was not built with CUDA kernel binaries compatible with compute capability",
        r"CUDA kernels will be jit-compiled from PTX",
        # Triton's bundled ptxas for Blackwell predates the GPU (Jetson Thor, DGX Spark)
        r"ptxas-blackwell fatal ?: Value 'sm_\d{2,3}\w?' is not defined for option 'gpu-name'",
    ),
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"(?<!hipError)NoBinaryForGpu",
        r"no \w{1,40} kernel for CUDA device capability: ?\d{2,3}",  # vLLM's custom ops
        r"CUDA error: invalid device function",
        # TensorFlow's generated kernels: their PTX does not load on a GPU newer than the build
        r"'cuModuleLoadData\(& ?module, data\)' failed with 'CUDA_ERROR_INVALID_ ?PTX'",
        r"Cuda failure 'invalid device function'",  # NCCL's wording
        r"is not compatible with the current (?:PyTorch|torch) installation",
        r"no kernel image is available for execution on the device",
        r"device kernel image is invalid",
        r"CUDA_ERROR_NO_BINARY_FOR_GPU",
        *cuda_error_number(209),
        r"with CUDA capability sm_\d{2,3} is not compatible with the current PyTorch installation",
    ),
)
