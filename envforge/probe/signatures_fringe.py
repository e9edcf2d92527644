"""Signatures of the classes waves 28 to 33 of the corpus showed in wordings no table knew, and of
codes that had none: ggml's Metal kernels on a GPU without the features they need, launchers that
ask for a runtime the host lacks or reach their hosts over ssh, Rust's CUDA bindings older than
the toolkit, float16 asked of a CPU, PyTorch's extension builder and ggml's kernels against the
GPU's architecture, a container's capability devices, host memory behind a DataLoader worker's
death, torchvision's ops built for another PyTorch, the stub libcuda in ``ldd``'s words, Slurm's
accounts, partitions and spool, NCCL's topology file, cloud and notebook quotas, IPEX's 4 GB
allocations, dyld's other macOS architecture; TensorRT's engine versions, the kernel module's own
words, MPI's PMI, NCCL's NVLS, Vulkan's 16-bit storage, Metal's buffers, jax-metal's operations,
GPU recordings' wordings (numba switched off). Data only, in the format of the other sections
(``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["FRINGE"]

C = Code

FRINGE: tuple[Signature, ...] = (
    # ggml's Metal backend meets an op its kernels cannot run on this GPU family
    S(
        C.METAL_GPU_LACKS_REQUIRED_FEATURES,
        r"ggml_metal_\w{1,40}: error: unsupported op '",  # graph_compute_block_invoke, encode_node
        r"ggml-metal\S{0,30}:\d{1,5}: (?:!\")?unsupported op",  # GGML_ASSERT, later GGML_ABORT
    ),
    # podman/docker told to use the legacy nvidia runtime on a host that has only CDI
    S(
        C.LAUNCHER_REQUESTS_MISSING_NVIDIA_RUNTIME,
        r"no valid executable found for OCI runtime \S{0,80}nvidia",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # cudarc's build script (candle, mistral.rs) rejects a toolkit newer than it knows
    S(
        C.CUDA_BINDINGS_TOO_OLD_FOR_TOOLKIT,
        r"[Uu]nsupported (?:cuda|CUDA) toolkit version: ?`?\d{4,5}\b",
    ),
    # CTranslate2 asked for float16 on the CPU: the call or the command names both
    S(
        C.FLOAT16_COMPUTE_TYPE_ON_CPU,
        r"device ?= ?[\"']cpu[\"'].{0,80}compute_type ?= ?[\"']float16",
        r"compute_type ?= ?[\"']float16[\"'].{0,80}device ?= ?[\"']cpu\b",
        r"--device[ =]cpu\b.{0,80}--compute_type[ =]float16",
        r"--compute_type[ =]float16\b.{0,80}--device[ =]cpu\b",
    ),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"Requested b?float16 compute type, but the target device or backend do not support efficient b?float16",
        explained_by=(C.FLOAT16_COMPUTE_TYPE_ON_CPU,),
        supersedes=(C.GPU_ARCH_TOO_OLD, C.WHEEL_LACKS_ARCH_KERNELS),
    ),
    # PyTorch's extension builder does not know an architecture TORCH_CUDA_ARCH_LIST names
    S(
        C.TORCH_CUDA_ARCH_LIST_OVERRIDES_GPU,
        r"Unknown CUDA arch \([^)\n]{1,40}\) or GPU not supported",
    ),
    # a library built for a fixed list of architectures refuses the GPU's
    S(C.WHEEL_LACKS_ARCH_KERNELS, r"\bunsupported arch: (?:sm_?)?\d{2,3}\b"),
    # ggml: a kernel without code for the GPU's architecture; one the build was compiled for
    # means that kernel (FlashAttention's) does not exist for it, not a build for other GPUs
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"has no device code compatible with CUDA arch (\d{3,4})\. ggml-cuda\.cu was compiled for: (?:\d{3,4},){0,20}\1\b",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"CUDA kernel \w{1,80} has no device code compatible with CUDA ?arch \d{3,4}",
    ),
    # Triton's launcher: a kernel asks more shared memory than the GPU has
    S(
        C.TRITON_KERNEL_SHARED_MEMORY_OVER_GPU_LIMIT,
        r"raise OutOfResources\([^)\n]{0,80}[\"']shared memory[\"']\)",
    ),
    # the container asked for the display capability on a host without nvidia-modeset
    S(
        C.DRIVER_CAPABILITY_DEVICE_MISSING,
        r"(?:stat|open) failed: /dev/nvidia-modeset: no such file",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # a DataLoader worker killed: most often the kernel's OOM killer (shared memory says so)
    S(
        C.HOST_OOM,
        r"DataLoader worker \(pid\(?s?\)? ?[\d, ]{1,60}\) exited unexpectedly",
        strength=SYMPTOM,
        explained_by=(C.CONTAINER_SHM_TOO_SMALL,),
    ),
    # cuda-gdb finds no libcudadebugger: the driver library a container's list did not inject
    S(C.SINGULARITY_NVLIBLIST_MISSING_DRIVER_LIB, r"Could not find CUDA Debugger back-end"),
    # torchvision's (torchaudio's) compiled ops did not register: built for another PyTorch
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"operator (?:torchvision|torchaudio|torchtext|torch_scatter|torch_sparse)::\w{1,40} does not exist",
    ),
    # ldd shows the toolkit's stub resolved for libcuda
    S(C.CUDA_DRIVER_STUB_ON_PATH, r"libcuda\.so(?:\.1)? => \S{0,200}/stubs/libcuda\.so"),
    # CUDA headers older than a library's CCCL: the fp8 types it names do not exist
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"error: incomplete type \"__nv_fp8\w{1,12}\" is not allowed",
    ),
    # wave 29: clusters, clouds, notebooks, launchers, Windows apps
    S(
        C.SLURM_ACCOUNT_PARTITION_INVALID,
        r"Invalid account or account/partition combination specified",
        r"Invalid partition name specified",
        r"(?:User's group|[Aa]ccount) not permitted to use this partition",
    ),
    S(C.NCCL_TOPO_FILE_REJECTED, r"NCCL WARN Attribute \w{1,30} of node \w{1,30} not found"),
    # a launcher that reaches its hosts over ssh cannot reach one (DeepSpeed, pdsh, mpirun)
    S(
        C.LAUNCHER_HOSTFILE_HOST_UNREACHABLE,
        r"ssh: Could not resolve hostname \S{1,100}: (?:Name or service not known|Temporary failure in name resolution|nodename nor servname)",
        r"ssh: connect to host \S{1,100} port \d{1,5}: (?:Connection refused|No route to host|Connection timed out)",
        r"Command '\['ssh \S{1,100} hostname -I'\]' returned non-zero exit status",
        r"pdsh@\S{1,80}: \S{1,100}: ssh exited with exit code 255",
    ),
    # a GPU pod that asks more CPU or memory than the GPU nodes have
    S(
        C.K8S_GPU_POD_REQUEST_EXCEEDS_NODE,
        r"nodes are available:[^\n]{0,200}\b\d{1,4} Insufficient (?:cpu|memory)\b",
    ),
    # the job's script is gone from slurmd's spool on that node
    S(
        C.SLURM_NODE_SPOOL_BROKEN,
        r"slurmstepd(?:-\S{1,60})?: error: execve\(\): \S{0,200}slurm_script: No such file",
    ),
    S(
        C.CLOUD_GPU_QUOTA_EXCEEDED,
        r"The request for \d{1,4} \w{1,30} accelerators exceeds the allowed maximum of \d",
    ),
    S(C.NOTEBOOK_RUNTIME_WITHOUT_GPU, r"You cannot currently connect to a GPU due to usage limits"),
    # cuDNN's own loader: cuBLAS, which cuDNN needs, is missing (cuDNN built for another CUDA)
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Could not load library libcublas(?:Lt)?\.so\.\d{1,2}\. Error: libcublas",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    # AUTOMATIC1111's web UI (and its forks) on a Python it was not made for
    S(
        C.PYTHON_UNSUPPORTED,
        r"This program is tested with \d\.\d{1,2}(?:\.\d{1,2})? Python, but you have \d\.\d{1,2}",
    ),
    # ollama's installer: nvidia-smi does not run, so no NVIDIA driver answers
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"installed GPU drivers: nvidia-smi command failed",
    ),
    # codes that had no signature, in their printers' words (written from knowledge)
    S(
        C.XPU_SINGLE_ALLOCATION_OVER_4GB,
        r"Current platform can NOT allocate memory block with size larger than 4GB",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.GPU_OPERATOR_DRIVER_CONTAINER_ON_HOST_DRIVER,
        r"Could not unload NVIDIA driver kernel modules, driver is in use",
    ),
    # dyld: a native library of the other macOS architecture
    S(
        C.MACOS_ARM64_BUILD_ON_INTEL_MAC,
        r"incompatible architecture \(have \(?'?arm64'?\)?, need \(?'?x86_64",
    ),
    S(
        C.MACOS_X86_BUILD_ON_APPLE_SILICON,
        r"incompatible architecture \(have \(?'?x86_64'?\)?, need \(?'?arm64",
    ),
    # NCCL 2.24's cuMem host buffers on GPUs without peer access (CUDA error 217)
    S(
        C.NCCL_CUMEM_HOST_WITHOUT_P2P,
        r"Cuda failure 217 ?'peer access is not supported",
    ),
    S(
        C.TRITON_TOO_OLD_FOR_CUDA_TOOLKIT,
        r"Triton only support CUDA 10\.0 or higher, but got CUDA version: ?1[2-9]\.\d",
    ),
    S(
        C.DCGM_DIAG_BLOCKED_BY_MIG,
        r"MIG configuration is incompatible with the diagnostic",
    ),
    # --nv's host libraries need a newer glibc than the container has
    S(
        C.SINGULARITY_NV_BINDS_HOST_GLVND_LIBS,
        r"GLIBC_\d\.\d{1,2}'? not found \(required by /\.singularity\.d/libs/",
        supersedes=(C.LIBSTDCXX_GLIBC_TOO_OLD,),
    ),
    # LM Studio's downloaded engine pack does not load
    S(C.LLM_APP_RUNTIME_PACK_BROKEN, r"Failed to load LLM engine from path"),
    # an extension build that finds no CUDA headers: a runtime image or no toolkit (not Python's)
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"fatal error: (?:cuda_runtime(?:_api)?|cuda|cublas_v2|cusparse|curand|cuda_fp16|nvrtc)\.h: No such file",
        r"Cannot open include file: '(?:cuda_runtime(?:_api)?|cuda|cublas_v2|cuda_fp16)\.h'",
    ),
    # numba (and numba-cuda) switched off by its variable: every GPU is hidden from it
    S(
        C.GPU_HIDDEN_BY_ENV,
        r"CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    # TensorRT refusing an engine another TensorRT release serialized (its version tag, its magic)
    S(
        C.TRT_ENGINE_BUILT_FOR_OTHER_GPU,
        r"Version tag does not match",
        r"magicTag == rt::kPLAN_MAGIC_TAG failed",
    ),
    # the kernel module's own words for a GPU it cannot start: off the bus, a BAR the BIOS broke
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"fallen off the bus and is not responding to commands",
        r"The system BIOS may have misconfigured your GPU",
        r"PCI I/O region assigned to your NVIDIA device is invalid",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.OPEN_MODULE_GEFORCE_SUPPORT_NOT_ENABLED,
        r"Open nvidia\.ko is only ready for use on Data Center GPUs",
        supersedes=(C.GPU_ADAPTER_INIT_FAILED, C.DRIVER_NOT_AVAILABLE),
    ),
    # Ollama told (OLLAMA_LLM_LIBRARY) to use a library it does not have by that name
    S(C.GPU_HIDDEN_BY_ENV, r"skipping available library at users request"),
    S(
        C.APP_FAST_KERNELS_NEED_NEWER_TORCH_CUDA,
        r"You need pytorch with cu\d{3} or higher to use optimi[sz]ed CUDA operations",
    ),
    # LM Studio's engine resolving llama.cpp's symbols in another install's libllama
    S(C.FOREIGN_LIB_SHADOWS_APP_BUNDLED_LIB, r"libllm_engine\.so: undefined symbol: llama_"),
    # MPI_Init's handshake with the launcher (PMI, PMI2) failing; NCCL's NVLink multicast setup
    S(
        C.MPI_PMI_BOOTSTRAP_FAILED,
        r"PMI2?_Init returned -?\d",
        r"Assertion .rc == PMI2_SUCCESS. failed",
    ),
    S(C.NCCL_NVLS_FABRIC_STATE_INVALID, r"nvls\.cc:\d{1,5} NCCL WARN Cuda failure"),
    # ggml's Vulkan backend refusing a device; MLX asking Metal for one buffer too large; Metal's
    # command buffer out of memory (status 5); an OpenCL GPU without out-of-order queues
    S(
        C.VULKAN_DEVICE_LACKS_16BIT_STORAGE,
        r"does not support 16-bit storage",
        supersedes=(C.GPU_BUSY_OR_UNAVAILABLE,),
    ),
    S(
        C.METAL_BUFFER_OVER_MAX_LENGTH,
        r"greater than the maximum allowed buffer size",
        supersedes=(C.GPU_OOM,),
    ),
    S(C.GPU_OOM, r"command buffer \d{1,4} failed with status 5\b"),
    S(C.GPU_ARCH_TOO_OLD, r": missing out of order support"),
    # condacolab's cudatoolkit pin that the channel does not build
    S(C.CONDA_CUDATOOLKIT_PIN_UNAVAILABLE, r"No package can be installed for pin: cudatoolkit"),
    # the compiler killed (the OOM killer's signal 9) while building CUDA code
    S(
        C.HOST_OOM,
        r"'cicc' died due to signal 9",
        r"Killed signal terminated program (?:cc1plus|cicc)",
    ),
    # TensorFlow's cuBLAS handle that could not be made (the GPU's memory already taken)
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"Attempting to perform BLAS operation using StreamExecutor without BLAS support",
    ),
    # an ssh launcher (mpirun, horovodrun) refused by a host's ssh
    S(C.LAUNCHER_HOSTFILE_HOST_UNREACHABLE, r"Permission denied \(publickey"),
    # wave 33's backends: an MPS dtype other than float64, jax-metal's unlowered operations and
    # its float64 types, PyTorch ROCm's experimental AOTriton kernels off, oneAPI's SYCL runtime
    S(C.MPS_DTYPE_UNSUPPORTED, r"MPS backend.{0,30}not have support for that dtype"),
    S(
        C.JAX_METAL_OP_UNSUPPORTED,
        r"failed to legalize operation '(?:mhlo|stablehlo|chlo)\.",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.MPS_FLOAT64_UNSUPPORTED,
        r"One or more function input/output data types are not supported",
        r"mlir module expected element type f64 but received f32",
        supersedes=(C.JAX_METAL_OP_UNSUPPORTED,),
    ),
    S(
        C.ROCM_AOTRITON_EXPERIMENTAL_ARCH_SDPA_OFF,
        r"Enable it with TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1",
    ),
    S(
        C.ONEAPI_RUNTIME_LIBS_NOT_FOUND,
        r"\blib(?:sycl|ur_loader|umf|svml|imf|intlc)\.so[.\d]{0,12} => not found",
    ),
)
