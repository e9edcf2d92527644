"""The signatures of the host's driver and hardware, and of container runtimes and clusters
(sections A and B of the catalogue).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import CAUSE, NO_DEVICE, SYMPTOM, S, Signature, cuda_error_number

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
    S(  # a GPU in an exclusive compute mode, shown by nvidia-smi, or refusing a second context
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"\bE\. (?:Process|Thread) \|",
        r"Compute Mode ?: ?Exclusive_(?:Process|Thread)",
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
        r"Value '(?:sm|compute)_\d{2,3}\w?' is not defined for option 'gpu-architecture'",
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
        r"no runtime for \"?nvidia\"? is configured",  # containerd (Kubernetes) without it
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
        C.SLURM_TASK_CANCELLED,
        r"CANCELLED AT \S{1,40} DUE TO PREEMPTION",
        r"\*{3} (?:JOB|STEP) [\d.]{1,24} ON \S{1,60} CANCELLED AT \S{1,40} \*{3}",
    ),
    S(
        C.COMPOSE_TOO_OLD_FOR_GPU_RESERVATION,
        r"reservations value Additional propert(?:y|ies) (?:is|are) not allowed",
        r"\('devices' was unexpected\)",
        r"reservations\.devices.{0,80}(?:not allowed|unsupported|was unexpected)",
        # docker-compose 1.x before file format 2.3 knows no per-service runtime either
        r"Unsupported config option for services\.[\w.-]{1,60}: '(?:runtime|deploy)'",
    ),
    S(
        C.CONTAINER_CUDA_NEWER_THAN_DRIVER,
        r"unsatisfied condition: cuda ?>= ?\d",
        r"please update your driver to a newer version, or use an earlier cuda container",
        r"unsupported CUDA version: driver [\d.]{1,8} < image [\d.]{1,8}",  # nvidia-docker 1
        # NGC images' banner (the same line with "compatibility mode is available" runs)
        r"This container was built for NVIDIA Driver Release [\d.]{2,12} or later, but",
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
    S(  # the node advertises no GPU: why it does not, where the log shows it, is the cause
        C.K8S_NO_GPU_RESOURCE,
        r"Insufficient nvidia\.com/gpu",
        r"Insufficient amd\.com/gpu",
        explained_by=(C.ROCM_HOST_KFD_MISSING,),
    ),
    S(
        C.SLURM_GRES_REQUEST_INVALID,
        r"Invalid generic resource \(gres\) specification",
        r"Invalid GRES specification",
    ),
    S(  # the build's architectures start above this GPU's (RAPIDS, cuDF, PaddlePaddle's words)
        C.GPU_ARCH_TOO_OLD,
        # CUDA 13 (driver 580 and later) drops Volta and older: CUDA.jl says it
        r"\(compute capability [\d.]{1,4}\) is not supported on CUDA \d{1,2}\+",
        r"Please use a device with at least capability [\d.]{1,4}",
        r"A GPU ?with NVIDIA \w{2,12}\S{0,2} ?\(Compute Capability [\d. ]{1,5}\) ?or newer architecture is required",
        r"missing the necessary PTX files that are <= ?\d{2,3}",
        r"The GPU architecture in your current machine is (?:Kepler|Maxwell|Pascal), which is not compatible with",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS, C.GPU_ARCH_NEWER_THAN_WHEEL, C.CUDA_INIT_UNKNOWN),
    ),
    S(  # MIG on, no GPU instances: nothing for CUDA to run on
        C.MIG_ENABLED_WITHOUT_INSTANCES,
        r"MIG mode is enabled, but no MIG devices were found",
        r"No MIG devices associated with /dev/nvidia\d{1,3}",
        r"migEnabled=true was not configured correctly",
        r"MIG (?:mode )?(?:is )?enabled.{0,60}no (?:MIG|GPU) (?:devices|instances)",
    ),
    S(
        C.SLURM_TIME_LIMIT_OVER_PARTITION_MAX,
        r"Requested time limit is invalid \(missing or exceeds some limit\)",
    ),
    S(
        C.RAY_CLUSTER_NO_GPU_RESOURCE,
        r"No available node ?types can fulfill resource request \{[^}]{0,80}'GPU",
        r"Resource request.{0,60}'GPU': [\d.]{1,6}.{0,80}cannot be (?:scheduled|fulfilled)",
    ),
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
)
