"""Signatures of the classes waves 34 and 35 of the corpus showed in wordings no table knew: the
kubelet's device manager, Slurm's GPU gres definitions, an nvidia-ctk release and CDI's read-only
sockets, NCCL's unique id and an older NCCL loaded first, Open MPI without Slurm's PMI, numba's
minor version compatibility, Paddle's loader, DirectML without float64, FlashAttention 3's Hopper
kernels elsewhere, ggml's Metal buffers, TensorRT's engines of another release, TensorFlow ROCm's
gfx targets, AMD's DKMS builds, PyTorch's shared memory files, pinned host memory, TF-TRT without
TensorRT, Ollama's runner without its DLLs. Data only, in the format of the other sections
(``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import S, Signature

__all__ = ["RUNTIMES"]

C = Code

RUNTIMES: tuple[Signature, ...] = (
    # the kubelet's device manager admitting pods against stale GPU allocations
    S(
        C.K8S_KUBELET_DEVICE_MANAGER_STALE_STATE,
        r"\bUnexpectedAdmissionError\b",
        r"requested ?number ?of ?devices ?unavailable ?for",  # "..., which is unexpected"
        supersedes=(C.K8S_NO_GPU_RESOURCE, C.K8S_GPU_CAPACITY_IN_USE),
    ),
    # slurmd or slurmctld rejecting a node's GPU gres definition
    S(
        C.SLURM_GRES_CONF_INVALID,
        r"gres/gpu: invalid GRES core specification",
        r"GRES autodetected core affinity .{0,80}doesn'?t match socket boundaries",
        supersedes=(C.SLURM_GPU_NOT_REQUESTED,),
    ),
    # an nvidia-ctk release built for a newer NVML than the driver's
    S(
        C.CONTAINER_TOOLKIT_RELEASE_REGRESSION,
        r"nvidia-ctk: (?:symbol lookup error: \S{1,200}: )?undefined symbol: nvml",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME),
    ),
    # a CDI specification's IPC sockets mounted read-only, bound again by a nested runtime
    S(
        C.CDI_IPC_SOCKETS_MOUNTED_READONLY,
        r"mount operation failed: \S{0,200}nvidia-(?:persistenced|fabricmanager)/socket: operation not permitted",
        r"nvidia-(?:persistenced|fabricmanager)/socket: operation not permitted",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # rank 0 late to publish NCCL's unique id (busy before its first collective)
    S(
        C.COLLECTIVE_TIMEOUT_RANK_BUSY,
        r"retrieving ncclUniqueId from .{0,12}via c10d key-value store.{0,120}Socket Timeout",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM, C.DIST_RENDEZVOUS_UNREACHABLE),
    ),
    # an NCCL older than PyTorch's ncclConfig_t (another nvidia-nccl wheel loaded first)
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Invalid config blocking attribute value -2147483648",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM,),
    ),
    # Open MPI started by srun without the PMI support it needs
    S(
        C.MPI_PMI_BOOTSTRAP_FAILED,
        r"not built with SLURM'?s PMI support",
        r"PMI_\w{3,30} \[pmix_s[12]\.c:\d{1,5}:s[12]_init\]: Operation failed",
    ),
    # DirectML adapters without float64 (Intel Arc, Intel iGPUs)
    S(
        C.DIRECTML_FLOAT64_UNSUPPORTED,
        r"GPU device does not support Double \(Float64\) operations",
        supersedes=(C.GPU_FEATURE_NEEDS_NEWER_ARCH,),
    ),
    # FlashAttention 3's Hopper kernels launched on another architecture
    S(
        C.ATTENTION_KERNEL_ARCH_DISPATCH_BUG,
        r"hopper[/\\]flash_fwd_launch_template\.h:\d{1,5}\)?:? invalid argument",
        supersedes=(C.TORCH_EXTENSION_ABI_MISMATCH, C.CUDA_KERNEL_FAULT),
    ),
    # ggml's Metal buffer over the device's maximum length
    S(C.METAL_BUFFER_OVER_MAX_LENGTH, r"is larger than buffer maximum of \d{6,15}"),
    # TensorRT deserializing an engine another release wrote
    S(
        C.TRT_ENGINE_BUILT_FOR_OTHER_GPU,
        r"Mismatch ?between ?allocated ?memory ?size.{0,40}serialized ?engine",
    ),
    # TensorFlow ROCm skipping a GPU whose gfx target it was not built for
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"with AMDGPU version ?: ?gfx\w{3,5}\. ?The supported AMDGPU versions are",
        supersedes=(C.GPU_ARCH_TOO_OLD,),
    ),
    # numba -s: the runtime is newer than the driver and the packages that bridge it are absent
    S(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"Minor Version Compatibility Available ?: ?False .{0,60}Minor Version Compatibility Needed ?: ?True",
    ),
    # Paddle's loader naming the CUDA library it could not open
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Cannot load (?:cudnn|cublas|cublasLt|cufft|curand|cusolver|cusparse|nccl|cupti|nvrtc|tensorrt) shared library",
    ),
    # wave 35: PyTorch's shared memory file a DataLoader worker could not write (/dev/shm full),
    # pinned host memory CUDA could not allocate, TF-TRT in a TensorFlow without TensorRT, and
    # Ollama's runner missing a DLL (STATUS_DLL_NOT_FOUND)
    S(C.CONTAINER_SHM_TOO_SMALL, r"unable to write to file </torch_\d{1,10}_\d{1,12}>"),
    S(
        C.HOST_OOM,
        r"cudaMallocHost(?:\(\))? failed.{0,40}out of memory",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.TF_TRT_UNAVAILABLE,
        r"needs to be built with TensorRT support enabled to allow TF-TRT",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    S(
        C.LLM_APP_RUNTIME_PACK_BROKEN,
        r"llama runner process has terminated: exit status 0xc0000135",
    ),
    # DKMS's own header of the amdgpu module's failed build log
    S(C.AMDGPU_DKMS_KERNEL_UNSUPPORTED, r"make\.log for amdgpu/\S{1,40} for kernel"),
)
