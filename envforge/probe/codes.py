"""Every code a check, a certificate or a diagnosis can carry: its layer, what it means, the fix.

The label vocabulary of the failure catalogue (failure-modes.md, "Label vocabulary"), plus envforge's
own codes for what its probe and runs observe. Standard library only, and runs on Python 3.9 (this
package is copied into images): ``Code`` is a ``str`` enum, so a code serialises as its name. A
unit test fails when code anywhere in envforge emits a code that is not here, and
``envforge codes CODE`` explains one.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .code_rows_later import LATER_ROWS

__all__ = ["Code", "CodeInfo", "CODES", "LAYERS", "layer_of", "info"]

# The failure catalogue's suggested classifier order (cheapest and most decisive layers first), then
# envforge's own layers: its runs, builds and cluster backends.
LAYERS = (
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
    "build",
    "probe",
    "cluster",
    "benign",
)


class Code(str, Enum):
    """A failure (or benign) code; its value is its name."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    # A. host driver / hardware
    DRIVER_NOT_AVAILABLE = "DRIVER_NOT_AVAILABLE"
    DRIVER_LIBRARY_MISMATCH = "DRIVER_LIBRARY_MISMATCH"
    GPU_ADAPTER_INIT_FAILED = "GPU_ADAPTER_INIT_FAILED"
    FABRIC_MANAGER_NOT_RUNNING = "FABRIC_MANAGER_NOT_RUNNING"
    DRIVER_TOO_OLD_FOR_CUDA_RUNTIME = "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"
    CUDA_INIT_UNKNOWN = "CUDA_INIT_UNKNOWN"
    GPU_BUSY_OR_UNAVAILABLE = "GPU_BUSY_OR_UNAVAILABLE"
    WINDOWS_GPU_TDR_TIMEOUT = "WINDOWS_GPU_TDR_TIMEOUT"
    WSL_WINDOWS_BUILD_GPU_REGRESSION = "WSL_WINDOWS_BUILD_GPU_REGRESSION"
    GPU_INDEX_OUT_OF_RANGE = "GPU_INDEX_OUT_OF_RANGE"
    CUDA_COMPAT_ON_UNSUPPORTED_HW = "CUDA_COMPAT_ON_UNSUPPORTED_HW"
    GPU_ARCH_TOO_OLD = "GPU_ARCH_TOO_OLD"
    GPU_ARCH_NEWER_THAN_WHEEL = "GPU_ARCH_NEWER_THAN_WHEEL"
    WHEEL_LACKS_ARCH_KERNELS = "WHEEL_LACKS_ARCH_KERNELS"
    TRT_ENGINE_BUILT_FOR_OTHER_GPU = "TRT_ENGINE_BUILT_FOR_OTHER_GPU"
    # B. container runtime
    CONTAINER_GPU_NOT_REQUESTED = "CONTAINER_GPU_NOT_REQUESTED"
    CONTAINER_TOOLKIT_NOT_CONFIGURED = "CONTAINER_TOOLKIT_NOT_CONFIGURED"
    CONTAINER_CUDA_NEWER_THAN_DRIVER = "CONTAINER_CUDA_NEWER_THAN_DRIVER"
    HOST_DRIVER_MISSING_FOR_TOOLKIT = "HOST_DRIVER_MISSING_FOR_TOOLKIT"
    CONTAINER_LOST_GPU_ACCESS = "CONTAINER_LOST_GPU_ACCESS"
    CONTAINER_CAPABILITIES_NO_COMPUTE = "CONTAINER_CAPABILITIES_NO_COMPUTE"
    CPU_ONLY_IMAGE = "CPU_ONLY_IMAGE"
    DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER = "DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER"
    CDI_SPEC_DEVICE_MISSING = "CDI_SPEC_DEVICE_MISSING"
    NOTEBOOK_RUNTIME_WITHOUT_GPU = "NOTEBOOK_RUNTIME_WITHOUT_GPU"
    NCCL_INTERNODE_NETWORK = "NCCL_INTERNODE_NETWORK"
    SELINUX_BLOCKS_GPU_DEVICES = "SELINUX_BLOCKS_GPU_DEVICES"
    SINGULARITY_NO_NV = "SINGULARITY_NO_NV"
    K8S_NO_GPU_RESOURCE = "K8S_NO_GPU_RESOURCE"
    ROCM_DEVICE_PERMISSIONS = "ROCM_DEVICE_PERMISSIONS"
    BANNER_ONLY_VERIFY = "BANNER_ONLY_VERIFY"
    SLURM_GPU_NOT_REQUESTED = "SLURM_GPU_NOT_REQUESTED"
    K8S_NVIDIA_RUNTIMECLASS_MISSING = "K8S_NVIDIA_RUNTIMECLASS_MISSING"
    NCCL_SYSTEM_ERROR_SHM = "NCCL_SYSTEM_ERROR_SHM"
    IMAGE_BUNDLES_DRIVER_LIBS = "IMAGE_BUNDLES_DRIVER_LIBS"
    CONTAINER_SHM_TOO_SMALL = "CONTAINER_SHM_TOO_SMALL"
    CONTAINER_SECCOMP_BLOCKS_CUDA = "CONTAINER_SECCOMP_BLOCKS_CUDA"
    COMPOSE_TOO_OLD_FOR_GPU_RESERVATION = "COMPOSE_TOO_OLD_FOR_GPU_RESERVATION"
    # C. CUDA / cuDNN libraries
    CUDA_LIBS_NOT_FOUND = "CUDA_LIBS_NOT_FOUND"
    CUDA_LIB_TRANSITIVE_DEP_MISSING = "CUDA_LIB_TRANSITIVE_DEP_MISSING"
    PIP_NVIDIA_LIBS_NOT_ON_PATH = "PIP_NVIDIA_LIBS_NOT_ON_PATH"
    CUDNN_VERSION_MISMATCH = "CUDNN_VERSION_MISMATCH"
    CUDNN_INIT_FAILED = "CUDNN_INIT_FAILED"
    XLA_TOOLCHAIN_MISSING = "XLA_TOOLCHAIN_MISSING"
    CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD = "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"
    HOST_COMPILER_TOO_NEW_FOR_NVCC = "HOST_COMPILER_TOO_NEW_FOR_NVCC"
    JIT_HOST_COMPILER_MISSING = "JIT_HOST_COMPILER_MISSING"
    XLA_PTXAS_TOO_OLD = "XLA_PTXAS_TOO_OLD"
    XLA_NVLINK_TOO_OLD = "XLA_NVLINK_TOO_OLD"
    TENSORRT_MISSING_BENIGN = "TENSORRT_MISSING_BENIGN"
    CUDA_DRIVER_STUB_ON_PATH = "CUDA_DRIVER_STUB_ON_PATH"
    NCCL_TOO_OLD_FOR_GPU_PLATFORM = "NCCL_TOO_OLD_FOR_GPU_PLATFORM"
    DRIVER_BRANCH_DROPPED_GPU = "DRIVER_BRANCH_DROPPED_GPU"
    DRIVER_TOO_NEW_FOR_LEGACY_RUNTIME = "DRIVER_TOO_NEW_FOR_LEGACY_RUNTIME"
    CUDA_MALLOC_ASYNC_UNSUPPORTED = "CUDA_MALLOC_ASYNC_UNSUPPORTED"
    WINDOWS_PINNED_MEMORY_LIMIT = "WINDOWS_PINNED_MEMORY_LIMIT"
    QUANTIZED_COMPUTE_TYPE_UNSUPPORTED_ON_ARCH = "QUANTIZED_COMPUTE_TYPE_UNSUPPORTED_ON_ARCH"
    PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY = "PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY"
    SLURM_TIME_LIMIT_OVER_PARTITION_MAX = "SLURM_TIME_LIMIT_OVER_PARTITION_MAX"
    RAY_CLUSTER_NO_GPU_RESOURCE = "RAY_CLUSTER_NO_GPU_RESOURCE"
    SLURM_GRES_REQUEST_INVALID = "SLURM_GRES_REQUEST_INVALID"
    MIG_ENABLED_WITHOUT_INSTANCES = "MIG_ENABLED_WITHOUT_INSTANCES"
    OPEN_KERNEL_MODULE_UNSUPPORTED_GPU = "OPEN_KERNEL_MODULE_UNSUPPORTED_GPU"
    CONTAINER_LDCONFIG_HOOK_FAILED = "CONTAINER_LDCONFIG_HOOK_FAILED"
    CDI_GENERATE_DRIVER_LIBS_NOT_FOUND = "CDI_GENERATE_DRIVER_LIBS_NOT_FOUND"
    TRITON_MISSING_FOR_TORCH_COMPILE = "TRITON_MISSING_FOR_TORCH_COMPILE"
    TRITON_LIBCUDA_SO_NOT_FOUND = "TRITON_LIBCUDA_SO_NOT_FOUND"
    PYTHON_DEV_HEADERS_MISSING = "PYTHON_DEV_HEADERS_MISSING"
    ROCM_HIPBLASLT_UNSUPPORTED_ARCH = "ROCM_HIPBLASLT_UNSUPPORTED_ARCH"
    CUDA_RUNTIME_NOT_LOADABLE = "CUDA_RUNTIME_NOT_LOADABLE"
    CUDA_KERNEL_FAULT = "CUDA_KERNEL_FAULT"
    # D. TensorFlow build / wheel / platform
    CPU_ONLY_TF_BUILD = "CPU_ONLY_TF_BUILD"
    NCCL_UNAVAILABLE_FOR_STRATEGY = "NCCL_UNAVAILABLE_FOR_STRATEGY"
    JAX_CUDA_WHEEL_UNAVAILABLE = "JAX_CUDA_WHEEL_UNAVAILABLE"
    WINDOWS_NATIVE_TF_GE_2_11 = "WINDOWS_NATIVE_TF_GE_2_11"
    CUDA_VERSION_MATRIX_MISMATCH = "CUDA_VERSION_MATRIX_MISMATCH"
    DEPRECATED_TENSORFLOW_GPU_PKG = "DEPRECATED_TENSORFLOW_GPU_PKG"
    CPU_NO_AVX = "CPU_NO_AVX"
    MACOS_X86_BUILD_ON_APPLE_SILICON = "MACOS_X86_BUILD_ON_APPLE_SILICON"
    WINDOWS_RUNTIME_DLL_MISSING = "WINDOWS_RUNTIME_DLL_MISSING"
    # E. Python environment
    KERNEL_ENV_MISMATCH = "KERNEL_ENV_MISMATCH"
    PYTHON_UNSUPPORTED = "PYTHON_UNSUPPORTED"
    GPU_HIDDEN_BY_ENV = "GPU_HIDDEN_BY_ENV"
    KERAS_BACKEND_NOT_TF = "KERAS_BACKEND_NOT_TF"
    KERAS3_WHERE_TF_KERAS_EXPECTED = "KERAS3_WHERE_TF_KERAS_EXPECTED"
    MIXED_FRAMEWORK_CUDA_CONFLICT = "MIXED_FRAMEWORK_CUDA_CONFLICT"
    NUMPY_ABI_MISMATCH = "NUMPY_ABI_MISMATCH"
    PROTOBUF_VERSION_MISMATCH = "PROTOBUF_VERSION_MISMATCH"
    LIBSTDCXX_GLIBC_TOO_OLD = "LIBSTDCXX_GLIBC_TOO_OLD"
    JAX_JAXLIB_VERSION_MISMATCH = "JAX_JAXLIB_VERSION_MISMATCH"
    JAX_PLATFORMS_NAME_MISMATCH = "JAX_PLATFORMS_NAME_MISMATCH"
    TORCH_EXTENSION_ABI_MISMATCH = "TORCH_EXTENSION_ABI_MISMATCH"
    # F. Keras / model code
    PERF_EAGER_OR_PREDICT_LOOP = "PERF_EAGER_OR_PREDICT_LOOP"
    PERF_LAUNCH_OVERHEAD_SMALL_MODEL = "PERF_LAUNCH_OVERHEAD_SMALL_MODEL"
    PERF_RNN_NOT_CUDNN = "PERF_RNN_NOT_CUDNN"
    PERF_RETRACING = "PERF_RETRACING"
    PERF_SLOW_CALLBACK = "PERF_SLOW_CALLBACK"
    PERF_CPU_FALLBACK_OPS = "PERF_CPU_FALLBACK_OPS"
    PERF_NO_MIXED_PRECISION = "PERF_NO_MIXED_PRECISION"
    MIXED_PRECISION_ON_OLD_GPU = "MIXED_PRECISION_ON_OLD_GPU"
    GPU_FEATURE_NEEDS_NEWER_ARCH = "GPU_FEATURE_NEEDS_NEWER_ARCH"
    PERF_NO_XLA = "PERF_NO_XLA"
    CUDA_USED_AFTER_FORK = "CUDA_USED_AFTER_FORK"
    NCCL_RANKS_SHARE_GPU = "NCCL_RANKS_SHARE_GPU"
    LAUNCHER_OVERRIDES_VISIBLE_DEVICES = "LAUNCHER_OVERRIDES_VISIBLE_DEVICES"
    DIST_MASTER_PORT_IN_USE = "DIST_MASTER_PORT_IN_USE"
    COLLECTIVE_TIMEOUT_RANK_BUSY = "COLLECTIVE_TIMEOUT_RANK_BUSY"
    XLA_JIT_COMPILE_UNSUPPORTED_OP = "XLA_JIT_COMPILE_UNSUPPORTED_OP"
    GPU_ONLY_LAYER_WITHOUT_GPU = "GPU_ONLY_LAYER_WITHOUT_GPU"
    WINDOWS_SPAWN_WITHOUT_MAIN_GUARD = "WINDOWS_SPAWN_WITHOUT_MAIN_GUARD"
    FRAMEWORK_DEFAULT_DEVICE_CPU = "FRAMEWORK_DEFAULT_DEVICE_CPU"
    TENSORS_ON_DIFFERENT_DEVICES = "TENSORS_ON_DIFFERENT_DEVICES"
    DEVICE_SIDE_ASSERT = "DEVICE_SIDE_ASSERT"
    # G. data pipeline
    PERF_INPUT_BOUND = "PERF_INPUT_BOUND"
    PERF_PY_FUNCTION_GIL = "PERF_PY_FUNCTION_GIL"
    PERF_GPU_WORK_IN_TFDATA_MAP = "PERF_GPU_WORK_IN_TFDATA_MAP"
    # H. memory
    GPU_OOM = "GPU_OOM"
    GPU_MEMORY_HELD_BY_OTHER_PROCESS = "GPU_MEMORY_HELD_BY_OTHER_PROCESS"
    MEMORY_CONFIG_ORDER_ERROR = "MEMORY_CONFIG_ORDER_ERROR"
    ALLOCATOR_WANTS_MORE_MEMORY = "ALLOCATOR_WANTS_MORE_MEMORY"
    HOST_OOM = "HOST_OOM"
    WSL_PINNED_MEMORY_LIMIT = "WSL_PINNED_MEMORY_LIMIT"
    # I. non-CUDA backends
    ROCM_GPU_ISA_UNSUPPORTED = "ROCM_GPU_ISA_UNSUPPORTED"
    ROCM_MEMORY_ACCESS_FAULT = "ROCM_MEMORY_ACCESS_FAULT"
    ROCM_HOST_KFD_MISSING = "ROCM_HOST_KFD_MISSING"
    ROCM_WSL_BUNDLED_HSA_RUNTIME = "ROCM_WSL_BUNDLED_HSA_RUNTIME"
    BACKEND_UNSUPPORTED_FOR_TASK = "BACKEND_UNSUPPORTED_FOR_TASK"
    DIRECTML_NO_ADAPTER_OR_VERSION = "DIRECTML_NO_ADAPTER_OR_VERSION"
    DIRECTML_DEFAULT_ADAPTER_IS_IGPU = "DIRECTML_DEFAULT_ADAPTER_IS_IGPU"
    MACOS_TOO_OLD_FOR_MPS = "MACOS_TOO_OLD_FOR_MPS"
    METAL_SLOW_OR_MISMATCH = "METAL_SLOW_OR_MISMATCH"
    METAL_PLUGIN_LOAD_FAILED = "METAL_PLUGIN_LOAD_FAILED"
    PLAIDML_NO_DEVICE = "PLAIDML_NO_DEVICE"
    LIBTPU_MISSING_OR_MISMATCHED = "LIBTPU_MISSING_OR_MISMATCHED"
    JAX_TPU_NODE_UNSUPPORTED = "JAX_TPU_NODE_UNSUPPORTED"
    MPS_OP_NOT_IMPLEMENTED = "MPS_OP_NOT_IMPLEMENTED"
    MPS_FLOAT64_UNSUPPORTED = "MPS_FLOAT64_UNSUPPORTED"
    # Z. benign
    HEALTHY_BENIGN_NOISE = "HEALTHY_BENIGN_NOISE"
    CPU_ONLY_HOST_BENIGN = "CPU_ONLY_HOST_BENIGN"
    # envforge's checks: what the cell expects against what the image has
    FRAMEWORK_IMPORT_FAILED = "FRAMEWORK_IMPORT_FAILED"
    FRAMEWORK_MISMATCH = "FRAMEWORK_MISMATCH"
    FRAMEWORK_VERSION_MISMATCH = "FRAMEWORK_VERSION_MISMATCH"
    PYTHON_VERSION_MISMATCH = "PYTHON_VERSION_MISMATCH"
    KERAS_VERSION_MISMATCH = "KERAS_VERSION_MISMATCH"
    KERAS_BACKEND_MISMATCH = "KERAS_BACKEND_MISMATCH"
    GPU_NOT_REGISTERED = "GPU_NOT_REGISTERED"
    GPU_NUMERICS_MISMATCH = "GPU_NUMERICS_MISMATCH"
    GPU_MEASUREMENT_FAILED = "GPU_MEASUREMENT_FAILED"
    GPU_THROUGHPUT_LOW = "GPU_THROUGHPUT_LOW"
    GPU_SLOWER_THAN_CPU = "GPU_SLOWER_THAN_CPU"
    MODEL_TRAINING_FAILED = "MODEL_TRAINING_FAILED"
    MODEL_LOSS_NOT_FINITE = "MODEL_LOSS_NOT_FINITE"
    MODEL_LOSS_NOT_DECREASING = "MODEL_LOSS_NOT_DECREASING"
    # envforge's runs: builds and probes that did not give a report
    BUILD_FAILED = "BUILD_FAILED"
    BUILD_DISK_FULL = "BUILD_DISK_FULL"
    PROBE_TIMEOUT = "PROBE_TIMEOUT"
    PROBE_CRASHED = "PROBE_CRASHED"
    PROBE_OUT_OF_MEMORY = "PROBE_OUT_OF_MEMORY"
    PROBE_ENGINE_ERROR = "PROBE_ENGINE_ERROR"
    PROBE_REPORT_INVALID = "PROBE_REPORT_INVALID"
    # envforge's cluster runs: a task on a node that did not give a report
    NODE_NOT_AVAILABLE = "NODE_NOT_AVAILABLE"
    IMAGE_PULL_FAILED = "IMAGE_PULL_FAILED"
    NODE_RUNTIME_MISSING = "NODE_RUNTIME_MISSING"
    SLURM_TASK_CANCELLED = "SLURM_TASK_CANCELLED"
    SLURM_TASK_TIMEOUT = "SLURM_TASK_TIMEOUT"
    SLURM_TASK_OUT_OF_MEMORY = "SLURM_TASK_OUT_OF_MEMORY"
    SLURM_NODE_LOST = "SLURM_NODE_LOST"
    SLURM_TASK_FAILED = "SLURM_TASK_FAILED"
    CDI_SPEC_VERSION_UNSUPPORTED_BY_ENGINE = "CDI_SPEC_VERSION_UNSUPPORTED_BY_ENGINE"
    CDI_HOOK_BINARY_MISSING = "CDI_HOOK_BINARY_MISSING"
    SINGULARITY_NV_LIBRARY_PATH_CLEARED = "SINGULARITY_NV_LIBRARY_PATH_CLEARED"
    TOOLKIT_NO_CGROUPS_ON_ROOTFUL_ENGINE = "TOOLKIT_NO_CGROUPS_ON_ROOTFUL_ENGINE"
    NCCL_VERSION_MISMATCH_ACROSS_RANKS = "NCCL_VERSION_MISMATCH_ACROSS_RANKS"
    NCCL_CUMEM_HOST_WITHOUT_P2P = "NCCL_CUMEM_HOST_WITHOUT_P2P"
    PCIE_IOMMU_ACS_BLOCKS_P2P = "PCIE_IOMMU_ACS_BLOCKS_P2P"
    DIST_RENDEZVOUS_UNREACHABLE = "DIST_RENDEZVOUS_UNREACHABLE"
    PROPRIETARY_MODULE_ON_OPEN_ONLY_GPU = "PROPRIETARY_MODULE_ON_OPEN_ONLY_GPU"
    GSP_FIRMWARE_RPC_TIMEOUT = "GSP_FIRMWARE_RPC_TIMEOUT"
    UMA_PAGE_CACHE_COUNTED_AS_USED = "UMA_PAGE_CACHE_COUNTED_AS_USED"
    ROCM_WSL_LIBROCDXG_NOT_FOUND = "ROCM_WSL_LIBROCDXG_NOT_FOUND"
    DIRECTML_OP_NOT_IMPLEMENTED = "DIRECTML_OP_NOT_IMPLEMENTED"
    DIRECTML_INFERENCE_MODE_UNSUPPORTED = "DIRECTML_INFERENCE_MODE_UNSUPPORTED"
    WINDOWS_DLL_DIRECTORY_NOT_REGISTERED = "WINDOWS_DLL_DIRECTORY_NOT_REGISTERED"
    SDPA_NO_USABLE_KERNEL = "SDPA_NO_USABLE_KERNEL"
    MIG_MULTIPLE_INSTANCES_VISIBLE = "MIG_MULTIPLE_INSTANCES_VISIBLE"
    OPENSHIFT_SCC_BLOCKS_GPU_COMPONENT = "OPENSHIFT_SCC_BLOCKS_GPU_COMPONENT"
    LLM_APP_RUNTIME_PACK_BROKEN = "LLM_APP_RUNTIME_PACK_BROKEN"
    K8S_DRIVER_MOUNT_NOT_ON_LIBRARY_PATH = "K8S_DRIVER_MOUNT_NOT_ON_LIBRARY_PATH"
    JAX_METAL_MACOS_MISMATCH = "JAX_METAL_MACOS_MISMATCH"
    XLA_ENV_OPTION_NOT_SUPPORTED = "XLA_ENV_OPTION_NOT_SUPPORTED"
    WSL_GPU_IN_TCC_MODE = "WSL_GPU_IN_TCC_MODE"
    WSL_WINDOWS_DRIVER_REGRESSION = "WSL_WINDOWS_DRIVER_REGRESSION"


class CodeInfo(NamedTuple):
    layer: str
    meaning: str
    fix: str
    catalogue: str = ""  # the failure catalogue's section (A1, C4, ...), where it has one


# code | layer | catalogue section | what it means | what to do
_TABLE = """
DRIVER_NOT_AVAILABLE | host-driver | A1, A10 | the NVIDIA kernel driver is not loaded (not installed, kernel updated without DKMS, Secure Boot, nouveau), or WSL2 cannot load libcuda | install (or reinstall, via DKMS) the NVIDIA driver, finish MOK enrolment or disable Secure Boot, blacklist nouveau, reboot
GPU_ADAPTER_INIT_FAILED | host-driver | A | the NVIDIA kernel module loads but cannot start the GPU (RmInitAdapter failed; nvidia-smi finds no devices): BIOS PCIe settings, or a card that fell off the bus | enable Above 4G Decoding (and Resizable BAR) in the BIOS, reseat the card and check its power; dmesg shows the NVRM/Xid errors
FABRIC_MANAGER_NOT_RUNNING | host-driver | A | CUDA reports "system not yet initialized" (error 802): on an NVSwitch system (HGX, DGX) the NVIDIA Fabric Manager is not running, or not of the driver's version | install and start nvidia-fabricmanager of exactly the driver's version (systemctl enable --now nvidia-fabricmanager), then retry
DRIVER_LIBRARY_MISMATCH | host-driver | A2 | the user-space driver libraries and the loaded kernel module are of different versions | reboot (or reload the nvidia kernel modules) and purge stale driver packages
DRIVER_TOO_OLD_FOR_CUDA_RUNTIME | host-driver | A3, A6 | the driver is older than the CUDA runtime (or the PTX) the framework was built with | upgrade the driver, or use a release built for a CUDA the driver supports (envforge driver-check)
CUDA_INIT_UNKNOWN | host-driver | A7 | cuInit fails with CUDA_ERROR_UNKNOWN (or a driver init failure), typically after suspend/resume, without nvidia-uvm, or when nvidia-uvm's HMM support fails to start | reload nvidia_uvm (sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm); enable the nvidia suspend/resume services; on new kernels try options nvidia_uvm uvm_disable_hmm=1
GPU_BUSY_OR_UNAVAILABLE | host-driver | A8 | the GPU is in an exclusive or prohibited compute mode, or already owned | free the GPU or pick another with CUDA_VISIBLE_DEVICES; check the compute mode (nvidia-smi -q)
WINDOWS_GPU_TDR_TIMEOUT | host-driver |  | on Windows (and in WSL 2, which inherits it) a GPU under the WDDM driver is reset by the Timeout Detection and Recovery watchdog when one kernel runs longer than TdrDelay (2 s by default): "the launch timed out and was terminated", "device not ready" | shorten the kernels (smaller batches or chunks), raise TdrDelay (the registry's GraphicsDrivers key) and reboot, or compute on a GPU in TCC mode or not driving a display
WSL_WINDOWS_BUILD_GPU_REGRESSION | host-driver |  | the Windows build (often an Insider or preview build) breaks GPU compute inside WSL 2: the GPU is listed or libcuda loads, but cuInit or context creation fails for every framework | update Windows to a build where WSL GPU compute works, or roll back to the previous build
GPU_INDEX_OUT_OF_RANGE | model-code | F | the code asks for a GPU index the process cannot see (cuda:1 on a one-GPU machine, more processes than visible GPUs, a checkpoint saved on another device): "invalid device ordinal" | use an index below torch.cuda.device_count() (map_location= when loading), match nproc_per_node and CUDA_VISIBLE_DEVICES to the GPUs there are
CUDA_COMPAT_ON_UNSUPPORTED_HW | host-driver | A9 | CUDA forward-compatibility libraries are used on a GPU that does not allow them | upgrade the host driver so cuda-compat is not needed, or drop the compat libraries from the loader path
GPU_ARCH_TOO_OLD | hardware-vs-build | A4 | the GPU's compute capability is older than every target of the build | use an older release that targets this GPU, build from source with its compute capability, or a newer GPU
GPU_ARCH_NEWER_THAN_WHEEL | hardware-vs-build | A5 | the build has no SASS for the GPU: kernels are JIT-compiled from PTX (slow first start) | use a release with SASS for this architecture; keep the JIT cache large (CUDA_CACHE_MAXSIZE)
WHEEL_LACKS_ARCH_KERNELS | hardware-vs-build | D3 | the build has neither SASS nor usable PTX for the GPU: kernels do not load | use a build that targets this GPU architecture
TRT_ENGINE_BUILT_FOR_OTHER_GPU | hardware-vs-build |  | a serialized TensorRT engine (plan file) was built on a GPU of another compute capability (or by another TensorRT release): an engine holds that GPU's kernels only and does not deserialize elsewhere ("expecting compute X got compute Y") | rebuild the engine on a GPU of the target's compute capability with the TensorRT that runs it (trtexec from the ONNX model), or ship the ONNX model and build the engine at first start
CONTAINER_GPU_NOT_REQUESTED | container-runtime | B1 | the container was started without a GPU request | run the container with --gpus all (compose: deploy.resources.reservations.devices; Kubernetes: nvidia.com/gpu)
CONTAINER_TOOLKIT_NOT_CONFIGURED | container-runtime | B2 | the NVIDIA Container Toolkit is not installed, is too old for the host (cgroup v2 needs 1.8 or later), or the engine is not configured for it (a rootless engine needs no-cgroups) | install (or upgrade) the NVIDIA Container Toolkit, run nvidia-ctk runtime configure --runtime=docker, restart docker; for rootless engines set no-cgroups = true in the toolkit's config.toml or use CDI
CONTAINER_CUDA_NEWER_THAN_DRIVER | container-runtime | B3 | the image's NVIDIA_REQUIRE_CUDA asks for a newer driver than the host has | upgrade the host driver or use an image for an older CUDA (envforge driver-check --image)
HOST_DRIVER_MISSING_FOR_TOOLKIT | container-runtime | B4 | the container toolkit is present but the host has no driver user space for it | install the NVIDIA driver on the host first
CONTAINER_LOST_GPU_ACCESS | container-runtime | B5 | a running container lost its GPU (systemd cgroup reload) | recreate the container; run nvidia-ctk system create-dev-char-symlinks --create-all at boot
CONTAINER_CAPABILITIES_NO_COMPUTE | container-runtime | B6 | NVIDIA_DRIVER_CAPABILITIES leaves out compute, so libcuda is not injected | set NVIDIA_DRIVER_CAPABILITIES=compute,utility (or all) in the image or at run time
DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER | container-runtime | B4 | the Docker engine runs where the host's driver libraries are not visible or usable (snap-packaged Docker, Docker Desktop for Linux's VM, a Docker Desktop on Windows older than the Windows driver), so --gpus fails to load libnvidia-ml.so.1, or cuInit fails, though the host has the driver | use docker-ce from Docker's own repository (not the snap, not Docker Desktop on Linux), then nvidia-ctk runtime configure --runtime=docker and restart docker; on Windows update Docker Desktop (4.31 or later for driver 555 and later)
CDI_SPEC_DEVICE_MISSING | container-runtime | B2 | the CDI specification names device nodes the host does not have (stale after a driver or GPU change): "failed to stat CDI host device" | regenerate it: nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml (or enable nvidia-cdi-refresh), then rerun
NOTEBOOK_RUNTIME_WITHOUT_GPU | container-runtime |  | a hosted notebook (Colab, Kaggle, SageMaker Studio Lab, Paperspace) runs on a runtime without a GPU (a CPU runtime was chosen, or the GPU session or quota ran out): code that asks for CUDA finds no NVIDIA driver or device | switch the notebook to a GPU runtime (Colab: Runtime > Change runtime type) and restart it, or run on the CPU
NCCL_INTERNODE_NETWORK | container-runtime |  | NCCL's bootstrap sockets or its InfiniBand/RoCE links cannot connect the ranks: no usable network interface (docker bridges, loopback only), a wrong NCCL_SOCKET_IFNAME, HCA or GID settings, a firewall | set NCCL_SOCKET_IFNAME to the interface the nodes reach each other on (and NCCL_IB_HCA / NCCL_IB_GID_INDEX for RoCE), run containers with --network=host, open the ports; NCCL_DEBUG=INFO shows what it tried
SELINUX_BLOCKS_GPU_DEVICES | container-runtime |  | SELinux (Fedora, RHEL and their clones) denies the container's process the NVIDIA device nodes or driver files the toolkit injected: NVML reports "Insufficient Permissions" though the host and --privileged work | run with --security-opt label=disable (or NVIDIA's SELinux policy module, container_use_devices), or relabel the driver files with restorecon, instead of --privileged
CPU_ONLY_IMAGE | container-runtime | B7 | the image (or its base) is a CPU-only build | use a GPU image tag (or a CUDA base) of the framework
SINGULARITY_NO_NV | container-runtime | B8 | Singularity/Apptainer ran without binding the NVIDIA driver (--nv) | run singularity/apptainer with --nv
K8S_NO_GPU_RESOURCE | container-runtime | B9 | the pod has no GPU (no nvidia.com/gpu limit, or no device plugin advertising GPUs) | request nvidia.com/gpu in the pod's limits; check the NVIDIA device plugin
ROCM_DEVICE_PERMISSIONS | container-runtime | B10 | a ROCm container has no /dev/kfd and /dev/dri, or no permission on them | run with --device=/dev/kfd --device=/dev/dri --group-add video (and render)
CONTAINER_SECCOMP_BLOCKS_CUDA | container-runtime | B14 | an operating-system call CUDA needs fails inside the container (CUDA error 304, "OS call failed or operation not supported on this OS"): the engine's seccomp profile (or a missing IPC namespace) blocks it | run the container with a seccomp profile that allows the call (--security-opt seccomp=unconfined to confirm), or --ipc=host; update the engine and the container toolkit
CONTAINER_SHM_TOO_SMALL | container-runtime | B13 | the container's /dev/shm is too small for the data loader's worker processes (docker's 64 MB default): a worker dies with a bus error | run the container with --ipc=host or a large --shm-size (Kubernetes: a memory emptyDir on /dev/shm), or use fewer DataLoader workers
IMAGE_BUNDLES_DRIVER_LIBS | container-runtime | B11 | the image carries driver user-space files of its own (libcuda.so.1, libnvidia-ml.so.1 or links to them, from the machine it was built on), which shadow or dangle over the host driver's libraries the container toolkit injects | remove the driver libraries and links from the image (they come from the host at run time); as a stopgap, point libcuda.so.1 and libnvidia-ml.so.1 at the injected version and run ldconfig
COMPOSE_TOO_OLD_FOR_GPU_RESERVATION | container-runtime | B12 | docker-compose older than 1.28 rejects deploy.resources.reservations.devices ("'devices' was unexpected"), so the service cannot ask for a GPU | use Docker Compose v2 (docker compose) or docker-compose 1.28 or later; on an old client, runtime: nvidia with NVIDIA_VISIBLE_DEVICES=all
BANNER_ONLY_VERIFY | container-runtime | B | a GPU was judged present from a banner or nvidia-smi alone, without a framework using it | verify with the framework itself (envforge verify at level 2)
CUDA_LIBS_NOT_FOUND | cuda-libs | C1 | a CUDA or cuDNN library the build needs cannot be loaded: the GPU is silently skipped | install the CUDA/cuDNN of the tested configuration, or pip install tensorflow[and-cuda] (Linux, TF >= 2.14)
CUDA_LIB_TRANSITIVE_DEP_MISSING | cuda-libs | C2 | a CUDA library is there but one it depends on is missing, or older than it needs (dlerror names another library, or a symbol of it is undefined: an old libnccl or libnvjitlink first on the library path) | install the missing component (e.g. nvidia-nvjitlink-cu12) and take the one the framework ships before any other on the library path; do not mix cu11 and cu12 wheels
PIP_NVIDIA_LIBS_NOT_ON_PATH | cuda-libs | C3 | pip's nvidia-* wheels are installed but not on the loader path | upgrade TensorFlow, or put the site-packages/nvidia/*/lib directories on LD_LIBRARY_PATH
CUDNN_VERSION_MISMATCH | cuda-libs | C4 | the cuDNN that loads is of another major, or an older minor, than the build's | install a cuDNN of the build's major with a minor at least the build's; remove the older copy
CUDNN_INIT_FAILED | cuda-libs | C5 | cuDNN or cuBLAS handle creation fails (usually GPU memory) | enable memory growth (TF_FORCE_GPU_ALLOW_GROWTH=true), free the GPU, reduce the batch size
XLA_TOOLCHAIN_MISSING | cuda-libs | C6 | XLA cannot find libdevice or ptxas | pip install nvidia-cuda-nvcc-cu12 and set XLA_FLAGS=--xla_gpu_cuda_data_dir=<dir with nvvm/libdevice>
CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD | cuda-libs |  | building a CUDA extension (a PyTorch cpp_extension, flash-attn, apex, a setup.py with CUDAExtension) needs the CUDA toolkit (nvcc, CUDA_HOME), which is not installed or not found: a runtime-only image, conda's cudatoolkit without nvcc, CUDA_HOME unset | install a prebuilt wheel for the installed torch, CUDA and Python; or install the CUDA toolkit of torch.version.cuda, set CUDA_HOME (and PATH to its bin), and rebuild from a clean build directory
HOST_COMPILER_TOO_NEW_FOR_NVCC | cuda-libs |  | the host compiler (gcc, MSVC) is of a version the CUDA toolkit's nvcc does not support, usually newer: "unsupported GNU version! gcc versions later than N are not supported" | install a compiler nvcc supports and point nvcc at it (CC/CXX, NVCC_CCBIN, a conda gcc, update-alternatives), or use a newer CUDA toolkit
JIT_HOST_COMPILER_MISSING | cuda-libs |  | a framework that compiles native or GPU code at run time (torch.compile's inductor, C++/CUDA extensions, Theano, CuPy, nvcc) cannot find the host C/C++ compiler it needs (MSVC cl.exe on Windows, g++ elsewhere): the compile step fails or the framework falls back to slow Python code | install the compiler (Visual Studio Build Tools with its vcvars environment, build-essential or g++) and put it on PATH, or point the framework at it (CC and CXX, Theano's cxx and nvcc.compiler_bindir)
XLA_NVLINK_TOO_OLD | cuda-libs | C6 | XLA links kernels with an nvlink older than the ptxas that compiled them ("nvlink fatal: Input file ... newer than toolkit"): two CUDA releases' tools are mixed on PATH | put the nvlink of the same CUDA release as ptxas first on PATH (pip install nvidia-cuda-nvcc-cu12 ships both), or XLA_FLAGS=--xla_gpu_force_compilation_parallelism=1
XLA_PTXAS_TOO_OLD | cuda-libs | C6 | XLA compiles with a ptxas older than 11.1, which is known to miscompile XLA code (wrong results, invalid-address errors) | pip install nvidia-cuda-nvcc-cu12 (a newer ptxas) and put its bin directory first on PATH, or point XLA_FLAGS=--xla_gpu_cuda_data_dir at a CUDA >= 11.1
TENSORRT_MISSING_BENIGN | benign | C7 | TensorRT libraries are missing: only TF-TRT needs them | nothing to do unless you use TF-TRT
CUDA_RUNTIME_NOT_LOADABLE | cuda-libs | C1 | the CUDA runtime library (libcudart) cannot be loaded | install the CUDA runtime of the build (nvidia-cuda-runtime-cuXX) or put it on the loader path
CPU_ONLY_TF_BUILD | tf-build | D1 | the framework installed is a CPU-only build | install the CUDA build (tensorflow[and-cuda]), not tensorflow-cpu
NCCL_UNAVAILABLE_FOR_STRATEGY | tf-build |  | NCCL collectives are asked for on a build without NCCL (mostly native Windows): "No OpKernel was registered to support Op 'NcclAllReduce'", "Distributed package doesn't have NCCL built in" | use the gloo backend (PyTorch) or tf.distribute.HierarchicalCopyAllReduce (TensorFlow) on Windows, or train under Linux or WSL2
JAX_CUDA_WHEEL_UNAVAILABLE | tf-build |  | pip finds no CUDA jaxlib for this platform: CUDA jaxlib wheels are built for Linux only (and older releases only on Google's index, jax_cuda_releases.html) | use WSL2 or Linux for JAX on an NVIDIA GPU; on Linux install jax[cuda12] (older releases: pip install with -f https://storage.googleapis.com/jax-releases/jax_cuda_releases.html)
WINDOWS_NATIVE_TF_GE_2_11 | tf-build | D2 | TensorFlow >= 2.11 on native Windows has no GPU build | use WSL2 with the Linux wheel, or tensorflow<2.11 on native Windows
CUDA_VERSION_MATRIX_MISMATCH | tf-build | D4 | the CUDA the framework was built with is not the one the cell (or the host) provides | use the CUDA of the tested build configuration (envforge matrix explain --tf V)
DEPRECATED_TENSORFLOW_GPU_PKG | tf-build | D5 | the deprecated tensorflow-gpu package is asked for | replace tensorflow-gpu with tensorflow (Linux: tensorflow[and-cuda])
CPU_NO_AVX | tf-build | D6 | the CPU lacks an instruction set the build needs (AVX): illegal instruction on import | use a CPU with AVX, or a build without it
KERNEL_ENV_MISMATCH | python-env | E1 | the notebook or IDE runs another interpreter than the one with the GPU framework | select the right kernel/interpreter (python -c 'import sys; print(sys.executable)')
PYTHON_UNSUPPORTED | python-env | E2 | no wheel of the framework exists for this Python | use a Python the release supports (envforge matrix explain)
GPU_HIDDEN_BY_ENV | python-env | E3 | an environment variable hides every GPU from the framework | unset CUDA_VISIBLE_DEVICES (or list the GPUs) before importing the framework
KERAS_BACKEND_NOT_TF | python-env | E4 | Keras runs on another backend than TensorFlow | set KERAS_BACKEND (or ~/.keras/keras.json) to the backend you mean, before importing keras
KERAS3_WHERE_TF_KERAS_EXPECTED | python-env | E4 | code written for Keras 2 (tf.keras through tf-keras: Transformers' TF models, older libraries) finds Keras 3, the default since TF 2.16 | pip install tf-keras~=<TF major.minor> and export TF_USE_LEGACY_KERAS=1 before importing TensorFlow, or pin tensorflow<2.16
MIXED_FRAMEWORK_CUDA_CONFLICT | python-env | E5 | two CUDA users in one environment (TensorFlow and PyTorch) fight over libraries or memory | one framework per environment, or pin both to the same CUDA wheels
PERF_EAGER_OR_PREDICT_LOOP | model-code | F1 | per-sample Python loops (predict on one sample at a time, run_eagerly, .numpy() in layers) | predict whole batches (model(x, training=False) or predict(x)); keep the step compiled
PERF_LAUNCH_OVERHEAD_SMALL_MODEL | model-code | F2 | batches too small for the GPU: kernel launches and transfers dominate | raise the batch size (and the learning rate with it)
PERF_RNN_NOT_CUDNN | model-code | F3 | recurrent layers fall back from cuDNN kernels to generic ones | use the default activations, recurrent_dropout=0, unroll=False, use_bias=True, right-padded masks
PERF_RETRACING | model-code | F4 | a tf.function is retraced on every call | define tf.functions once; use input_signature or reduce_retracing=True; pass tensors
PERF_SLOW_CALLBACK | model-code | F5 | callbacks or profiling cost more than the batch | log less often; bound TensorBoard profiling
PERF_CPU_FALLBACK_OPS | model-code | F6 | ops without GPU kernels run on the CPU (or fail with explicit placement) | replace the CPU-only op or drop the explicit device placement
PERF_NO_MIXED_PRECISION | model-code | F7 | FP32 training on a GPU with tensor cores leaves most of its throughput unused | keras.mixed_precision.set_global_policy('mixed_bfloat16') (or mixed_float16 with loss scaling) on compute capability >= 7.0
GPU_FEATURE_NEEDS_NEWER_ARCH | hardware-vs-build | F7 | the GPU works, but a feature the run asks for (bfloat16, FlashAttention 2, FP8) needs a newer architecture (usually Ampere, compute capability 8.0, or later) | turn the feature off or use its fallback (--dtype half, attn_implementation="sdpa" or "eager"), or run on a newer GPU
MIXED_PRECISION_ON_OLD_GPU | model-code | F7 | mixed precision on a GPU without tensor cores (compute capability < 7.0) is slower | leave mixed_float16 off on GPUs below compute capability 7.0
PERF_NO_XLA | model-code | F8 | XLA is off, so many small ops are not fused | compile with jit_compile=True where the model supports it
CUDA_USED_AFTER_FORK | model-code | F9 | CUDA was initialised before a fork; the child cannot use it | use the spawn start method, or initialise the framework only in the workers
NCCL_RANKS_SHARE_GPU | model-code |  | two ranks of a distributed job run on one GPU (nothing binds each rank to its local GPU, or more ranks than GPUs were launched): NCCL stops with "Duplicate GPU detected" (ncclInvalidUsage) | set the device from the local rank before creating the process group (torch.cuda.set_device(local_rank)), and launch as many ranks per node as it has GPUs
LAUNCHER_OVERRIDES_VISIBLE_DEVICES | model-code |  | a launcher (deepspeed, accelerate) chooses the GPUs itself and ignores or rewrites the CUDA_VISIBLE_DEVICES the user set, so the job runs on other GPUs than intended, or finds none | select GPUs with the launcher's own options (deepspeed --include localhost:0,1; accelerate --gpu_ids), not CUDA_VISIBLE_DEVICES
DIST_MASTER_PORT_IN_USE | model-code |  | the rendezvous port of a distributed job (MASTER_PORT, torchrun's --master_port) is already taken, often by a previous run still alive: "Address already in use" (errno 98) | pick a free port (--master_port, MASTER_PORT) or stop the lingering processes of the previous run
COLLECTIVE_TIMEOUT_RANK_BUSY | model-code |  | a collective (all-reduce, barrier) timed out because one rank did long work alone (data preparation, loading, evaluation on rank 0) while the others waited: "Watchdog caught collective operation timeout" | do the long work before the process group starts, or on every rank, or raise the timeout (init_process_group(timeout=...)); NCCL_DEBUG=INFO shows which rank lags
XLA_JIT_COMPILE_UNSUPPORTED_OP | model-code |  | a function compiled with XLA (tf.function(jit_compile=True), jax.jit of a custom call) uses an op that has no XLA kernel: "Detected unsupported operations when trying to compile graph" | leave that op out of the compiled function (jit_compile=False for it, or auto-clustering), or use an XLA-compatible op
GPU_ONLY_LAYER_WITHOUT_GPU | model-code |  | the model uses a layer or op that has only GPU kernels (Keras CuDNNLSTM/CuDNNGRU, the CudnnRNN op) where TensorFlow registered no GPU: "No OpKernel was registered to support Op 'CudnnRNN'" | run where TensorFlow registers a GPU, or use the plain LSTM/GRU layers (which use cuDNN on a GPU by themselves)
WINDOWS_SPAWN_WITHOUT_MAIN_GUARD | model-code |  | on Windows (spawn start method) a script starts worker processes (DataLoader num_workers > 0, multiprocessing) at module level without an if __name__ == '__main__': guard: each worker re-imports the script and Python stops it "before the current process has finished its bootstrapping phase" | put the training code under if __name__ == '__main__': (or use num_workers=0)
PERF_INPUT_BOUND | data-pipeline | G1 | the input pipeline starves the device (serial map, no prefetch) | map(num_parallel_calls=AUTOTUNE), prefetch(AUTOTUNE), cache() where the data fits
PERF_PY_FUNCTION_GIL | data-pipeline | G2 | Python (py_function, numpy_function, NumPy inside a layer) serialises on the GIL and copies to the host | express the computation in framework ops so it stays in the compiled graph on the device
PERF_GPU_WORK_IN_TFDATA_MAP | data-pipeline | G3 | GPU work placed inside tf.data.map runs on the CPU | move the heavy work into the model (or a preprocessing layer inside it)
GPU_OOM | memory | H1 | the GPU ran out of memory | smaller batch, mixed precision, TF_GPU_ALLOCATOR=cuda_malloc_async
GPU_MEMORY_HELD_BY_OTHER_PROCESS | memory | H2 | another process (or the framework's pre-allocation) holds the GPU's memory | enable memory growth (TF_FORCE_GPU_ALLOW_GROWTH=true); one process per GPU; stop stale kernels
MEMORY_CONFIG_ORDER_ERROR | memory | H3 | memory growth was configured after the GPUs were initialised | configure memory growth right after importing TensorFlow, for every GPU
ALLOCATOR_WANTS_MORE_MEMORY | memory | H4 | the allocator warns it wanted more memory: a performance note, not a failure | free memory or accept it
ROCM_GPU_ISA_UNSUPPORTED | non-cuda-backends | I1 | the ROCm build has no code for this GPU's ISA | use a GPU and ROCm release listed together, or HSA_OVERRIDE_GFX_VERSION for RDNA2 consumer cards
ROCM_MEMORY_ACCESS_FAULT | non-cuda-backends | I1 | a ROCm kernel faulted on GPU memory (the process aborts): most often HSA_OVERRIDE_GFX_VERSION names another ISA than the GPU's, or the GPU is not one the ROCm release supports | unset HSA_OVERRIDE_GFX_VERSION, or set it to your GPU's own family (rocminfo names its gfx target); use a GPU and ROCm release listed together
DIRECTML_NO_ADAPTER_OR_VERSION | non-cuda-backends | I2 | the DirectML plugin finds no adapter, or is of another version than TensorFlow | tensorflow-cpu==2.10 with the DirectML plugin, or WSL2 with CUDA
DIRECTML_DEFAULT_ADAPTER_IS_IGPU | non-cuda-backends |  | on a machine with an integrated and a discrete GPU, DirectML (tensorflow-directml, torch-directml) creates its device on adapter 0, the integrated GPU | choose the adapter (DML_VISIBLE_DEVICES, torch_directml.device(index) of the discrete GPU)
MACOS_TOO_OLD_FOR_MPS | non-cuda-backends |  | the installed PyTorch needs a newer macOS than the Mac runs for its MPS backend (12.3 at first, 13 or 14 for later releases): MPS is not available although the Mac is Apple Silicon | upgrade macOS to the release the PyTorch version requires, or pin a PyTorch that supports the installed macOS
METAL_SLOW_OR_MISMATCH | non-cuda-backends | I3 | tensorflow-metal is slower than the CPU for small models, or mismatches tensorflow-macos | pin tensorflow-macos and tensorflow-metal to a pair Apple lists; use it for large models
METAL_PLUGIN_LOAD_FAILED | non-cuda-backends | I3 | the tensorflow-metal plugin does not load: it was built against another TensorFlow than the one installed (a TF_* symbol is not found) | install the tensorflow-metal release Apple lists for your TensorFlow (or that TensorFlow), or uninstall tensorflow-metal to run on the CPU
PLAIDML_NO_DEVICE | non-cuda-backends | E4, I | PlaidML finds no device | run plaidml-setup, or export PLAIDML_EXPERIMENTAL=1 PLAIDML_DEVICE_IDS=<device>
LIBTPU_MISSING_OR_MISMATCHED | non-cuda-backends |  | JAX's TPU backend does not start: libtpu is missing, broken, or of another release than jax and jaxlib ("Unable to initialize backend 'tpu'") | pip install "jax[tpu]" -f https://storage.googleapis.com/jax-releases/libtpu_releases.html (one release of jax, jaxlib and libtpu), and run on a TPU VM
JAX_TPU_NODE_UNSUPPORTED | non-cuda-backends |  | jax 0.4 or later on an old TPU Node (Colab's legacy TPU runtime): JAX only supports TPU VMs | use a TPU VM (Kaggle's TPU VM, a Cloud TPU VM), or pin jax 0.3.25 on the TPU Node
SLURM_GPU_NOT_REQUESTED | container-runtime | B | the Slurm job (or srun step) asked for no GPU (no --gres=gpu:N or --gpus), so Slurm hides the node's GPUs from it | request GPUs in the job and the step (#SBATCH --gres=gpu:1 or --gpus=1; srun --gpus-per-task), then check with nvidia-smi inside the job
K8S_NVIDIA_RUNTIMECLASS_MISSING | container-runtime | B9 | the pod runs on a GPU node but not under the NVIDIA runtime (no runtimeClassName nvidia, containerd's default is runc): no driver libraries reach it | set runtimeClassName: nvidia in the pod spec, or make nvidia containerd's default runtime (the GPU Operator can)
NCCL_SYSTEM_ERROR_SHM | container-runtime | B | NCCL fails with "unhandled system error": a system call it needs fails, most often a container's /dev/shm too small (docker's 64 MB) or no shared IPC namespace | run the container with --ipc=host or a large --shm-size (Kubernetes: a memory emptyDir on /dev/shm); NCCL_DEBUG=INFO shows the failing call
CUDA_KERNEL_FAULT | cuda-libs | C | a GPU kernel failed (illegal memory access, CUBLAS_STATUS_EXECUTION_FAILED): outside custom CUDA code, usually a bug of the framework, cuBLAS or cuDNN release in use | rerun with CUDA_LAUNCH_BLOCKING=1 to find the op; upgrade the framework and its CUDA libraries (or pin the last good release); rebuild custom CUDA extensions
MACOS_X86_BUILD_ON_APPLE_SILICON | tf-build | D6 | on an Apple Silicon Mac an x86_64 Python (Rosetta, Intel Homebrew or Anaconda) installed the x86_64 wheel, whose AVX Rosetta does not emulate: "illegal hardware instruction" | use a native arm64 Python (file $(which python) says arm64; Miniforge arm64), then install the Apple Silicon build (tensorflow >= 2.13 or tensorflow-macos, tensorflow-metal for the GPU)
WINDOWS_RUNTIME_DLL_MISSING | tf-build | D | a Windows runtime DLL the framework's native module needs is missing (MSVC redistributable: msvcp140_1.dll; libomp140 for torch 2.4.0): "DLL load failed" | install the latest Microsoft Visual C++ Redistributable (x64, 2015-2022) and open a new shell; torch 2.4.0 on Windows: upgrade to >= 2.4.1
NUMPY_ABI_MISMATCH | python-env | E | a compiled extension was built against another NumPy C ABI than the one installed (NumPy 1.x builds under NumPy 2, or the reverse), or a library uses a name the installed NumPy removed (np.float_, np.row_stack) | pip install "numpy<2" for builds made against NumPy 1.x, or upgrade the framework to one built for NumPy 2 (TensorFlow >= 2.18, PyTorch >= 2.3); for a removed name, upgrade the library that uses it or pin NumPy below the release that removed it; or upgrade an older NumPy
PROTOBUF_VERSION_MISMATCH | python-env | E | the protobuf runtime does not match the protoc that generated the framework's _pb2 modules ("Descriptors cannot be created directly", "cannot import name 'builder'") | install the protobuf range the framework pins (pip install "protobuf==3.20.*" for TensorFlow <= 2.9 era code, or a newer protobuf for newer code), or upgrade the framework
LIBSTDCXX_GLIBC_TOO_OLD | python-env | E | the libstdc++ or glibc the loader finds is older than the one a compiled extension was built against ("GLIBCXX_3.4.NN not found"): a stale libstdc++ in a conda env, or a wheel built for a newer OS | give the environment a newer libstdc++ (conda install -c conda-forge libstdcxx-ng, or the OS package), bypass the stale copy, or install a build made for this OS
TORCH_EXTENSION_ABI_MISMATCH | python-env | E | a compiled extension of PyTorch (flash-attn, xformers, detectron2, mmcv, torchaudio, a custom op) was built against another PyTorch (or CUDA) than the one installed: its import fails with an undefined C++ symbol | install the extension's build for the installed torch and CUDA (or reinstall torch to the version it names), or rebuild it from source against the installed torch after cleaning its build directory
JAX_JAXLIB_VERSION_MISMATCH | python-env | E | jax, jaxlib and the GPU plugin installed are not releases that belong together (jaxlib older than the minimum, a PJRT plugin for another jaxlib) | install matching releases in one command: pip install -U "jax[cuda12]" (or pin jax, jaxlib and jax-cuda12-plugin to one version); remove stale plugin packages
JAX_PLATFORMS_NAME_MISMATCH | python-env | E3 | JAX_PLATFORMS (or jax_platforms) names a platform this jaxlib does not provide (gpu or rocm on a CUDA install): the backend does not start though the GPU works | name the installed platform (JAX_PLATFORMS=cuda for NVIDIA, rocm for AMD), or unset JAX_PLATFORMS and let JAX choose
FRAMEWORK_DEFAULT_DEVICE_CPU | model-code | F | the GPU stack works, but the model or session was made on the CPU: the library's default device is the CPU | pass the GPU device explicitly (ctranslate2 / faster-whisper device="cuda", model.to("cuda"))
TENSORS_ON_DIFFERENT_DEVICES | model-code | F | an operation got tensors on different devices (the model on the GPU, its input on the CPU, or the other way round) | move the model and every input to the same device (model.to(device), x.to(device)); build new tensors with device=
DEVICE_SIDE_ASSERT | model-code | F | a GPU kernel's assertion failed: most often an index out of range (a class label >= the number of classes, an embedding index >= its size) | rerun with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) to see the op and the bad index; check label and index ranges against the model
HOST_OOM | memory | H | the process ran out of host RAM, not GPU memory (a CPU allocator failure, MemoryError, std::bad_alloc, the OOM killer: Killed, exit 137, OOMKilled) | hold less in host RAM (smaller batches, stream the data, fewer workers), add RAM or swap, or raise the container's or job's memory limit
WSL_PINNED_MEMORY_LIMIT | memory |  | under WSL 2, allocating large pinned (page-locked) host buffers fails with CUDA's out of memory though neither GPU memory nor RAM is full | do not pin host memory (GGML_CUDA_NO_PINNED=1, pin_memory=False), give WSL more memory (.wslconfig), or run natively
ROCM_WSL_BUNDLED_HSA_RUNTIME | non-cuda-backends | I | on WSL2, a ROCm build of the framework loads the HSA runtime bundled in its wheel, which knows only /dev/kfd; WSL exposes the GPU through /dev/dxg, so rocminfo sees the GPU and the framework none | install AMD's ROCm-on-WSL wheels, or remove the wheel's bundled libhsa-runtime64.so* so that the system's WSL runtime loads
BACKEND_UNSUPPORTED_FOR_TASK | non-cuda-backends | I | the application supports this GPU backend (DirectML, ROCm, MPS) for some tasks only (inference, not training): the unsupported task runs on the CPU | run that task on a backend the application supports for it (usually CUDA), or accept the CPU; nothing in the install is broken
ROCM_HOST_KFD_MISSING | host-driver | B10 | a ROCm container asks for /dev/kfd and /dev/dri but the host has none: no amdgpu kernel driver, or the engine runs in a VM without the GPU (Docker Desktop) | run on a Linux host with the amdgpu driver loaded (ls -l /dev/kfd /dev/dri on the host); Docker Desktop cannot pass ROCm GPUs through
MPS_OP_NOT_IMPLEMENTED | non-cuda-backends | I3 | an operator has no kernel for Apple's MPS device in this PyTorch release | set PYTORCH_ENABLE_MPS_FALLBACK=1 to run it on the CPU, or upgrade torch (newer releases implement more operators)
MPS_FLOAT64_UNSUPPORTED | non-cuda-backends | I3 | float64 tensors on Apple's MPS device: the MPS framework has no float64 | convert to float32 before moving to "mps" (tensor.float(), dtype=torch.float32), or keep that part on the CPU
HEALTHY_BENIGN_NOISE | benign | Z | lines printed on working setups too; never a cause | nothing to do
CPU_ONLY_HOST_BENIGN | benign | Z | this host has no GPU: GPU levels cannot be reached here, nothing is wrong with the image | run on a node with an NVIDIA GPU (and the driver and container toolkit)
FRAMEWORK_IMPORT_FAILED | python-env |  | the framework the cell expects fails to import | install the framework the cell expects; the probe log has the traceback
FRAMEWORK_MISMATCH | python-env |  | the image runs another framework than the cell expects | install the framework the cell names
FRAMEWORK_VERSION_MISMATCH | python-env |  | the framework's version is not the one the cell expects | pin the framework version in the image
PYTHON_VERSION_MISMATCH | python-env |  | the image's Python is not the one the cell expects | build the cell on a base whose Python it names
KERAS_VERSION_MISMATCH | python-env |  | Keras is of another release than the code or TensorFlow expects (Keras 2 vs 3, or a standalone keras 2.x whose minor differs from TensorFlow's) | install the Keras the code expects (tf-keras with TF_USE_LEGACY_KERAS=1 for Keras 2; for TF 2.6-2.15, keras of TensorFlow's own minor), or import tensorflow.keras
KERAS_BACKEND_MISMATCH | python-env |  | Keras runs on another backend than the cell expects | set KERAS_BACKEND (or ~/.keras/keras.json) to the expected backend before importing keras
GPU_NOT_REGISTERED | hardware-vs-build |  | a GPU is present but the framework registered none | read the framework's log lines (envforge doctor --log) for why it skipped the GPU
GPU_NUMERICS_MISMATCH | hardware-vs-build |  | matmul or convolution results on the GPU disagree with the CPU beyond tolerance | check the GPU's health (DCGM diagnostics, ECC errors) and the driver
GPU_MEASUREMENT_FAILED | hardware-vs-build |  | a GPU measurement of the probe failed with an error the catalogue does not name | read the error in the check's evidence and the probe log
GPU_THROUGHPUT_LOW | hardware-vs-build |  | matmul throughput is far below the device's FP32 peak | check clocks, power limits and other processes (nvidia-smi)
GPU_SLOWER_THAN_CPU | model-code |  | a small CNN trains slower on the GPU than on the CPU | check the GPU's clocks and other processes; a model this small may need a larger batch
MODEL_TRAINING_FAILED | model-code |  | a sample model failed to train | read the error in the check's evidence and the probe log
MODEL_LOSS_NOT_FINITE | model-code |  | a sample model's loss became NaN or infinite | check the numerics of the device and the framework build
MODEL_LOSS_NOT_DECREASING | model-code |  | a sample model's loss did not decrease on learnable data | check the framework's optimizer and gradients on this device
BUILD_FAILED | build |  | the image did not build | read the build log; fix the template, the matrix or the base image mapping
BUILD_DISK_FULL | build |  | the engine's disk filled up during the build (no space left on device) | free space where the engine keeps images (docker system df; docker image prune), or give its data-root a larger disk; certify again (recorded cells are kept)
PROBE_TIMEOUT | probe |  | the probe did not finish in time and was killed | look at the probe log; raise --probe-timeout if the stack is just slow
PROBE_CRASHED | probe |  | the probe died or exited without a report | look at the probe log for the crash (docker run --rm IMAGE envforge-probe shows it)
PROBE_OUT_OF_MEMORY | memory |  | the probe ran out of memory and was killed (OOMKilled) | raise --probe-memory, or check the image for a memory leak
PROBE_ENGINE_ERROR | container-runtime |  | the container engine could not run the probe (or stopped answering) | check that the container engine is running (scripts/setup)
PROBE_REPORT_INVALID | probe |  | the probe's report is not a document envforge can read (malformed, too large, too deep, or of another schema) | run the image's own probe (envforge-probe --json) to see what it prints; rebuild the image with this envforge
NODE_NOT_AVAILABLE | cluster |  | the node was down, drained or not responding when the run was submitted: nothing was tested there | bring the node back (scontrol update NodeName=N State=RESUME) and certify again with --resume RUN
IMAGE_PULL_FAILED | cluster |  | the node could not pull the image by its digest (registry unreachable from the node, no credentials, wrong reference) | check the node reaches the registry and is logged in (docker login), then --resume RUN
NODE_RUNTIME_MISSING | cluster |  | the container runtime named by --runtime is not on the node | install it on the node, or pick the node's runtime (--runtime docker, podman, pyxis or apptainer)
SLURM_TASK_CANCELLED | cluster |  | the job or task was cancelled (scancel, preemption by a higher-priority job, an interrupted run, or the node's owner) before it finished or the probe reported | resubmit it (sbatch --requeue, or a partition or QOS that is not preemptible; checkpoint to resume); for a certification, certify again with --resume RUN
SLURM_TASK_TIMEOUT | cluster |  | the task reached its Slurm time limit before it finished | give it more time (sbatch --time=...; envforge: --sbatch-arg=--time=MIN or --probe-timeout, then --resume RUN)
SLURM_TASK_OUT_OF_MEMORY | cluster |  | Slurm killed the task for using more memory than it was given | give the job more memory (sbatch --mem=..., or --mem-per-cpu; envforge: --sbatch-arg=--mem=...) or make it hold less (smaller batches, fewer workers; envforge: --probe-memory)
SLURM_NODE_LOST | cluster |  | the node failed (or went down) while the task ran: Slurm lost it | check the node (sinfo -R), then --resume RUN
SLURM_TASK_FAILED | cluster |  | the task ended without a probe report and without a cause Slurm names | read the task's output in the spool directory (slurm.out, probe.err)
"""


def _registry() -> dict[Code, CodeInfo]:
    registry: dict[Code, CodeInfo] = {}
    for row in (_TABLE.strip() + "\n" + LATER_ROWS.strip()).splitlines():
        name, layer, catalogue, meaning, fix = (part.strip() for part in row.split("|"))
        if layer not in LAYERS:
            raise ValueError(f"codes: {name} has an unknown layer {layer!r}")
        registry[Code(name)] = CodeInfo(layer, meaning, fix, catalogue)
    missing = [code.value for code in Code if code not in registry]
    if missing:
        raise ValueError(f"codes: no row for {', '.join(missing)}")
    return registry


CODES: dict[Code, CodeInfo] = _registry()


def info(code: str) -> CodeInfo | None:
    """The registry entry of ``code`` (a Code or its name), or None."""
    try:
        return CODES[Code(code)]
    except ValueError:
        return None


def layer_of(code: str) -> str:
    found = info(code)
    return found.layer if found else "probe"
