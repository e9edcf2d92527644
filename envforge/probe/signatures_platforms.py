"""The signatures of stop 46's waves (69 to 74): the platforms a stack runs on and shares. Images
and binaries built for another CPU, ARM servers' page sizes, Nix's loader, GPU sharing (MPS, MIG,
interposer hooks) and cluster queues, schedulers (Spark, Ray, XGBoost's workers), CUDA-aware MPI and
UCX, profilers and sanitizers, torch.compile and Triton, hybrid laptops and board GPUs, inference
engines' converters, and the GPU packages of R and Julia, in the wordings of their printers.

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["PLATFORMS"]

C = Code

PLATFORMS: tuple[Signature, ...] = (
    # wave 69: a binary or an image of another CPU architecture, ARM servers' 64 KB pages
    S(
        C.CONTAINER_IMAGE_WRONG_CPU_ARCH,
        r"\bexec(?: user process caused:?| container process| /?[\w./-]{1,200}:?)[ \"'`\w/.:-]{0,200}?exec format error",
        r"cannot execute binary file: exec format error",
    ),
    S(  # emulation (binfmt, QEMU) runs many such images; a cause only of a run that failed
        C.CONTAINER_IMAGE_WRONG_CPU_ARCH,
        r"requested image's platform \(linux/[\w/]{2,20}\) does not match the detected host platform",
        needs_failure=True,
    ),
    S(C.ALLOCATOR_PAGE_SIZE_SMALLER_THAN_KERNEL_PAGE, r"\bUnsupported system page size\b"),
    # a CUDA build of a package resolved where CMake finds no CUDA (libtorch's config)
    S(
        C.CUDA_VARIANT_RESOLVED_ON_HOST_WITHOUT_CUDA,
        r"Your installed Caffe2 version uses CUDA but I cannot find",
        supersedes=(C.DRIVER_NOT_AVAILABLE, C.CUDA_LIBS_NOT_FOUND),
    ),
    # GPU sharing: MPS's pipe directory, MIG slices' nvidia-smi, HAMi's allocator
    S(
        C.CUDA_MPS_SERVER_UNAVAILABLE,
        r"CUDA_MPS_PIPE_DIRECTORY must be set to start or to communicate with MPS",
    ),
    S(
        C.APP_GPU_QUERY_FAILS_IN_MIG_SLICE,
        r"invalid literal for int\(\) with base 10: '\[?Insufficient",
        strength=SYMPTOM,
        needs_failure=True,
    ),
    S(C.GPU_OOM, r"\bcuMemoryAllocate failed res=2\b"),
    S(C.NCCL_RANKS_SHARE_GPU, r"Check failed: n_uniques == world\b"),
    S(
        C.VISIBLE_DEVICES_UUID_UNSUPPORTED_BY_LIBRARY,
        r"return int\(physical_device_id\)",
        strength=SYMPTOM,
        needs_failure=True,
    ),
    # hybrid laptops: a GL buffer on the integrated GPU, Vulkan's device types swapped
    S(
        C.HYBRID_GL_CONTEXT_ON_INTEGRATED_GPU,
        r"(?:register(?:ing)? (?:an? )?(?:open)?gl buffer|cudaGraphicsGLRegister\w{0,20})\b.{0,80}OS call failed or operation not supported on this OS",
        supersedes=(C.CONTAINER_SECCOMP_BLOCKS_CUDA,),
    ),
    S(
        C.VULKAN_DEFAULT_DEVICE_IS_IGPU,
        r"dropping integrated GPU.{0,200}?library=Vulkan.{0,120}?description=\"NVIDIA GeForce",
        r"description=\"Intel\(R\) (?:UHD|Iris|HD Graphics|\w{2,20}Lake)[^\"]{0,60}\" type=discrete",
    ),
    # the driver's PTX JIT compiler library missing beside libcuda
    S(
        C.DRIVER_PTX_JIT_COMPILER_LIBRARY_MISSING,
        r"PTX JIT compiler library not found",
        r"\bCUDA_ERROR_JIT_COMPILER_NOT_FOUND\b",
        r"\blibnvidia-ptxjitcompiler\.so[.\d]{0,8}: cannot open shared object file",
    ),
    # Nix: a foreign binary without its ELF interpreter, Mesa's drivers outside /run/opengl-driver
    S(
        C.NIXOS_FOREIGN_BINARY_NO_ELF_INTERPRETER,
        r"Could not start dynamically linked executable",
        r"NixOS cannot run dynamically linked executables",
    ),
    S(
        C.NIX_PROGRAM_CANNOT_FIND_HOST_GL_DRIVER,
        r"MESA-LOADER: failed to open [\w ]{1,20}: /(?:run/opengl-driver|nix/store)/",
    ),
    # source builds of frameworks: nvcc older than the build's architecture list, cuDNN not found
    S(
        C.BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC,
        r"Value '(?:sm|compute)_\d{2,3}\w?' is not defined for option 'gpu-architecture'",
    ),
    S(
        C.CUDNN_NOT_FOUND_FOR_SOURCE_BUILD,
        r"Failed to find cudnn library file, please set",
        r"\bCUDNN_(?:HOME|ROOT_DIR|INCLUDE_DIR|LIBRARY)\b.{0,60}?\bNOTFOUND\b",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    # R's torch, Julia's packages: the driver's or toolkit's CUDA version not in their list
    S(
        C.GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION,
        r"Currently supported (?:CUDA )?versions are: \"\d",
        r"✖ Unsupported CUDA version \"\d",
        supersedes=(C.DRIVER_NEWER_THAN_APP_VALIDATED,),
    ),
    S(
        C.DRIVER_NEWER_THAN_APP_VALIDATED,
        r"\bCUDA (?:driver )?version [\d.]{2,10} in \S{1,200}libcuda\.so\S{0,8} not supported with this version of",
    ),
    S(
        C.TENSORS_ON_DIFFERENT_DEVICES,
        r"\bexpected device (?:cpu|cuda:?\d{0,2}) but got device (?:cpu|cuda)",
    ),
    # torch.compile: Dynamo's Python, Triton's cache and version, Triton's MMA on pre-Volta GPUs
    S(
        C.TORCH_COMPILE_UNSUPPORTED_ON_PYTHON,
        r"Dynamo is not supported on Python 3\.\d{1,2}",
        r"Python 3\.\d{1,2}\+? (?:is )?not (?:yet )?supported for torch\.compile",
    ),
    S(
        C.TRITON_CACHE_DIR_NOT_WRITABLE,
        r"Permission denied: '[^']{0,200}/(?:\.triton|triton|torchinductor_[\w.-]{1,40})/",
        supersedes=(C.NPU_DEVICE_NODE_PERMISSION_DENIED,),
    ),
    S(C.GPU_ARCH_TOO_OLD, r"Unexpected MMA layout version found"),
    # wave 70: partitions and queues on clusters, laptops' switches, Julia's arrays, LLM kits
    S(
        C.GPU_PARTITION_CONFIG_NOT_APPLIED,
        r"Assertion failure: selected configuration not currently applied",
    ),
    S(
        C.K8S_QUEUE_MISCONFIGURED,
        r"Can'{1,2}t admit new workloads: \w{0,30}NotFound",
        r"\b(?:ClusterQueue|LocalQueue) [\w./-]{1,80} doesn'?t exist",
    ),
    S(
        C.K8S_AUTOSCALER_NODE_LIMIT_REACHED,
        r"max cluster limit reached, nodepools? out of resources",
        r"\bmax node group size reached\b",
    ),
    S(
        C.K8S_QUEUE_GPU_QUOTA_EXHAUSTED,
        r"couldn't assign flavors to pod set [\w-]{1,60}: insufficient unused quota",
    ),
    S(
        C.DGPU_POWER_OFF_BLOCKED_BY_BOUND_DRIVER,
        r"bbswitch: device [\w:.]{1,20} is in use by driver '\w{1,20}', refusing OFF",
    ),
    S(C.DGPU_DISABLED_BY_GRAPHICS_MODE, r"requires that the system be in the hybrid Optimus mode"),
    S(
        C.EGL_HIGH_PRIORITY_CONTEXT_WITHOUT_CAP_SYS_NICE,
        r"context priority set to HIGH but CAP_SYS_NICE capability is missing",
    ),
    S(
        C.GPU_DRIVER_BUILT_WITHOUT_VIDEO_CODECS,
        r"Could not open codec \[\w{2,12}_vaapi\]: Function not implemented",
    ),
    S(C.GPU_ARRAY_USED_AFTER_MANUAL_FREE, r"\bUse of freed memory\b"),
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"\bPerforming scalar indexing\b",
        r"\bScalar indexing is disallowed\b",
    ),
    S(  # Bazel's server killed under it, mostly by a login node's memory limit
        C.HOST_OOM,
        r"Server terminated abruptly \(error code: 14, error message: 'Socket closed'",
        strength=SYMPTOM,
    ),
    S(
        C.LARGE_ARTIFACT_DOWNLOAD_TIMEOUT,
        r"\bTimeout of \d{1,5} seconds was reached\b",
        r"\bdownloaded length \d{1,15} != reported length \d{1,15}",
    ),
    S(
        C.DEEPSPEED_RELEASE_CONFIG_VALIDATION_REGRESSION,
        r"\bvalidation errors? for DeepSpeed\w{0,30}Config\b",
    ),
    S(
        C.TORCH_OP_LACKS_DTYPE_KERNEL,
        r"\"\w{0,60}cuda\w{0,40}\" not implemented for ?'(?:BFloat16|Half|ComplexHalf|Float8\w{0,12})'",
    ),
    S(C.CUSTOM_ALLREDUCE_WITHOUT_P2P, r"custom_all_reduce\.cuh:\d{1,5} 'invalid argument'"),
    S(
        C.GPU_PYTHON_PACKAGE_NOT_INSTALLED,
        r"No module named '(?:flash_attn|bitsandbytes|xformers|auto_gptq|awq|deepspeed|vllm|cupy|pycuda|tensorrt|modelopt)'(?![\w.])",
        r"No package metadata was found for (?:bitsandbytes|flash[-_]attn|auto[-_]gptq|autoawq|xformers|deepspeed)(?![\w.-])",
        needs_failure=True,
    ),
    # Ascend's runtime (MindSpore): another process holds the card's memory
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"may be other processes occupying this card",
        r"Malloc device memory failed, free memory size is less\b",
    ),
    S(
        C.APP_GPU_BACKEND_MISMATCH,
        r"package type mindspore-\w{2,10} support 'device_target' type",
    ),
    S(
        C.GPU_DELEGATE_REQUIRES_STATIC_SHAPES,
        r"setDimensions of kMIN failed for input",
        r"cannot have negative dimension, size = \[-1\]",
    ),
    # wave 71: MPI and UCX with GPU buffers, profilers and debuggers, Windows' MSVC, TF add-ons
    S(
        C.MPI_NOT_GPU_AWARE,
        r"This MPI library does not have CUDA-aware support",
        r"your MPI is not GPU-aware\b",
        explained_by=(C.UCX_TLS_WITHOUT_CUDA_TRANSPORT,),
    ),
    S(  # the transports UCX may use, none of them CUDA's: a cause only of a run that failed
        C.UCX_TLS_WITHOUT_CUDA_TRANSPORT,
        r"\bUCX_TLS=(?!\S{0,80}cuda)[\w^,]{1,80}(?![\w,^])",
        needs_failure=True,
    ),
    S(
        C.MPI_SMCUDA_CUDA_IPC_FAILS,
        r"libmca_common_cuda\.so[.\d]{0,6} \(cuda_(?:get|open)memhandle",
    ),
    S(C.MPI_FABRIC_CANNOT_REGISTER_GPU_SHARED_MEMORY, r"\bZE device memory not supported\b"),
    S(
        C.UCC_MLX5_TL_CONTEXT_FAILS_ON_SOME_RANKS,
        r"\bUCC\s{1,4}ERROR ipc-cache: failed to open ipc mem handle",
        strength=SYMPTOM,
    ),
    S(
        C.SANITIZER_TARGET_MAKES_NO_CUDA_CALLS,
        r"Target application terminated before first instrumented",
    ),
    S(
        C.GPU_TOOL_UNSUPPORTED_DEVICE_VISIBLE,
        r"(?:nvprof|profiling) is not supported on devices with compute capability",
        r"\bGFXIP is not supported\(gfx\w{2,6}\)",
        r"unable to enable GPU debugging due to a restriction error",
    ),
    S(C.CUPTI_MULTIPLE_SUBSCRIBERS, r"\bCUPTI_ERROR_MULTIPLE_SUBSCRIBERS\w{0,20}"),
    S(C.GPU_DEBUGGER_KERNEL_DRIVER_UNSUPPORTED, r"amd-dbgapi: fatal error: queue_snapshot failed"),
    S(
        C.FRAMEWORK_IMPORT_FAILED,
        r"cannot import name '\w{1,40}' from 'torch(?:\.\w{1,30}){0,3}' \(unknown location\)",
        supersedes=(C.FRAMEWORK_VERSION_MISMATCH,),
    ),
    S(
        C.FRAMEWORK_VERSION_MISMATCH,
        r"The versions? of TensorFlow you are currently using is [\d.]{3,12}\w{0,8} and is not supported",
    ),
    S(
        C.GPU_ONLY_LAYER_WITHOUT_GPU,
        r"Registered devices: \[CPU\], Registered kernels: ?device='GPU'",
    ),
    S(
        C.JIT_HOST_COMPILER_MISSING,
        r"Failed to check compiler version for cl\b",
        r"\bFailed to find MSVC\b",
        r"fatal error: vcruntime\.h: No such file or directory",
        supersedes=(C.PYTHON_DEV_HEADERS_MISSING,),
    ),
    S(C.OPENCL_INT64_UNSUPPORTED_ON_APPLE_GPU, r"buildComputeProgram: cl2Metal failed"),
    S(C.ZLUDA_KERNEL_COMPILE_IN_PROGRESS, r"\bCompilation is in progress\. Please wait"),
    # wave 72: compute-sanitizer's reports, MPI launchers, UCX's limits, profilers' buffers
    S(C.USER_DEVICE_MEMORY_READ_UNINITIALIZED, r"Uninitialized __global__ memory read of size"),
    S(C.USER_KERNEL_SHARED_MEMORY_RACE, r"\bERROR: Race reported between (?:Read|Write) access"),
    S(
        C.MPI_REMOTE_LAUNCH_ENV_MISSING_LIBRARY_PATH,
        r"\b(?:hydra_pmi_proxy|orted|prted): error while loading shared libraries: \S{1,60}: cannot open",
        supersedes=(C.ONEAPI_RUNTIME_LIBS_NOT_FOUND,),
    ),
    S(
        C.MPI_TCP_PEER_CONNECTION_BLOCKED,
        r"MPID_nem_tcp_connpoll\(\d{1,6}\)\.{0,40}: Communication error with rank",
    ),
    S(
        C.OPEN_FILES_LIMIT_EXHAUSTED_BY_CONNECTIONS,
        r"UCXError: User-defined limit was reached",
        supersedes=(C.CUDA_LIB_TRANSITIVE_DEP_MISSING,),
    ),
    S(
        C.PROCESS_FORK_AFTER_RDMA_INIT,
        r"ibv_fork_init\(\) was disabled or failed",
    ),
    S(
        C.PROFILER_COUNTERS_EXCEED_HW_LIMIT,
        r"Metrics list exceeds HW limits",
        r"Input metrics out of HW limit",
    ),
    S(
        C.TRACE_BUFFER_EXCEEDS_PROFILER_MEMORY,
        r"\bbe satisfied by Score-P\b",
    ),
    S(C.GVISOR_CGROUP_V2_UNSUPPORTED, r"cgroups V2 is not yet supported\. Enable cgroups V1"),
    S(
        C.JAX_X64_DISABLED_DTYPE_TRUNCATED,
        r"Explicitly requested dtype \w{4,12} requested in \w{1,40} is not available",
        needs_failure=True,  # a warning: many runs that work print it
    ),
    S(
        C.CONTAINER_COMMAND_NOT_IN_IMAGE,
        r"exec failed: unable to start container process: exec: \"(?!nvidia-)[\w./-]{1,120}\": executable file not found",
    ),
    S(C.PERF_CPU_FALLBACK_OPS, r"No registered '\w{1,80}' OpKernel for '?GPU'? devices"),
    S(C.CUDA_LIBS_NOT_FOUND, r"Could not find: ?\w{1,40}\.dll\. Is it on your PATH"),
    # wave 73: builds and converters of inference engines, NVSHMEM, Hadoop's and cuDF's limits
    S(
        C.PIP_TOO_OLD_FOR_PYPROJECT_EDITABLE_INSTALL,
        r"setup\.py\"? not found\. Directory cannot be installed in editable mode",
    ),
    S(
        C.GPU_SHARED_LIBRARY_FILE_TRUNCATED,
        r"not recognized; treating as linker script",
        supersedes=(C.CUDA_DEV_LIB_NOT_ON_LINKER_PATH,),
    ),
    S(
        C.NVCC_EXTENDED_LAMBDA_FLAG_MISSING,
        r"annotation on lambda requires --(?:expt-)?extended-lambda",
        supersedes=(C.CUDA_TOOLKIT_TOO_OLD_FOR_SOURCE,),
    ),
    S(
        C.NVSHMEM_BOOTSTRAP_PLUGIN_BUILT_FOR_OTHER_MPI,
        r"Bootstrap unable to load '?nvshmem_bootstrap_mpi\.so",
    ),
    S(C.MODEL_NOT_EXPORTABLE_FOR_ON_DEVICE_CONVERSION, r"is not exportable by torch\.export"),
    S(C.NO_DISPLAY_FOR_WINDOWED_SIMULATOR, r"^Error: unable to open display\b"),
    S(C.MODEL_CONVERTER_BUILD_PROTOBUF_NOT_FOUND, r"Could NOT find Protobuf \(missing: Protobuf_"),
    S(C.MODEL_CONVERTER_OP_UNSUPPORTED, r"\bMNN Converter NOT_SUPPORTED_OP\b"),
    S(
        C.INFERENCE_LIBRARY_BUILT_WITHOUT_MODEL_OP,
        r"Check failed: op: no Op found for",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    S(
        C.ANDROID_VENDOR_NPU_RUNTIME_NOT_IN_FIRMWARE,
        r"\bnpu is not installed or rom version is too low",
        r"\bnpu is installed but is below \d",
    ),
    S(C.MODEL_LOSS_NOT_FINITE, r"NanLossDuringTrainingError\b"),
    S(C.HOST_OOM, r"\bexitStatus=-104\b"),  # YARN: the container went beyond its physical memory
    S(
        C.GPU_LIBRARY_ALGORITHM_SIZE_LIMIT,
        r"concatenated rows exceeds size_type range",
    ),
    # wave 74: single-board computers' OpenCL and Vulkan
    S(
        C.GPU_LIBRARY_RELEASE_IMPORT_REGRESSION,
        r"symbol cl\w{1,40}, version OPENCL_[\d.]{1,5} not defined in file libOpenCL",
    ),
    S(
        C.VULKAN_DEVICE_LACKS_REQUESTED_MEMORY_TYPE,
        r"\bNo suitable memory type found\b",
        supersedes=(C.GPU_OOM,),
    ),
)
