"""The signatures of container runtimes and clusters (section B of the catalogue; section A, the
host's driver and hardware, is ``signatures_system``).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import CAUSE, SYMPTOM, S, Signature

__all__ = ["CONTAINERS"]

C = Code

CONTAINERS: tuple[Signature, ...] = (
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
    S(  # NCCL's generic system error: a failed connection the log shows explains it
        C.NCCL_SYSTEM_ERROR_SHM,
        r"NCCL error.{0,200}unhandled system error",
        r"ncclSystemError",
        r"NCCL failure.{0,100}unhandled system error",
        explained_by=(C.NCCL_INTERNODE_NETWORK,),
    ),
    S(
        C.NCCL_SYSTEM_ERROR_SHM,
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
