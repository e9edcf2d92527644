"""Signatures of the failures the projects' own documentation shows verbatim (troubleshooting pages,
FAQs, known issues; waves 46 to 48 of the corpus): oneAPI's and Level Zero's build dependencies, an
AMDGPU directive a target lacks, WSL 2's kernel, Apptainer's --contain, Kata's PodResources, the
container stack's apt pins and keys, an outdated PCI ID list, OpenShift's Driver Toolkit, MIG in
use, cuDF's pandas fallback, NVRTC without CUDA's headers, a distributed job's dead peer and its
collectives' shapes, a TPU device taken outside the spawn, a CUDA library older than a symbol's
version, PyTorch's CPU kernels without half precision, a shared libpython, NVIDIA's repository
keys, PyTorch's ABI and headers under an old or strict compiler, CMake's CUDA toolset, extensions
without their GPU ops, NCCL's RAS report, PMIx, a framework's own pool, llvmlite's DLL,
GPU-sharing schedulers, uv's and pixi's tags, DeepStream and GStreamer, TensorRT's converters and
plugin builds, TensorRT-LLM, ONNX Runtime's CPU build, GitHub's rate limit, Ascend, Megatron; and wave 49's spconv and tiny-cuda-nn. Data
only, in the format of the other sections (``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import S, Signature

__all__ = ["MANUALS"]

C = Code

MANUALS: tuple[Signature, ...] = (
    # oneAPI's libraries and Level Zero's headers a SYCL or XPU build links and includes
    S(
        C.ONEAPI_RUNTIME_LIBS_NOT_FOUND,
        r"\bld:? cannot find -l(?:mkl_sycl\w{0,12}|sycl\d{0,2}|svml|irc|imf|intlc)\b",
    ),
    S(C.INTEL_GPU_DRIVER_MISSING, r"'?level_zero/ze_api\.h'? file not found"),
    # the AMDGPU assembler: an instruction or directive the build's target lacks
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"error: directive requires gfx\w{2,6}\+?",
        r"error: instruction not supported on this GPU",
    ),
    # WSL 2 without its Linux kernel component
    S(
        C.WSL2_KERNEL_COMPONENT_MISSING,
        r"WSL 2 requires an update to its kernel component",
        r"\bError: 0x1bc\b",
    ),
    # Apptainer's --contain with nvidia-container-cli passes no GPU unless a device list is set
    S(
        C.CONTAINER_GPU_NOT_REQUESTED,
        r"When using nvidia-container-cli with --contain NVIDIA_VISIBLE_DEVICES ?must be set",
    ),
    # Kata's cold plug asks the kubelet for the pod's devices: the PodResources Get method is off
    S(
        C.KUBELET_POD_RESOURCES_GET_DISABLED,
        r"PodResources API Get method (?:is )?disabled",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # a CDI hook's chmod of /dev/dri on a GPU without it
    S(
        C.DRIVER_CAPABILITY_DEVICE_MISSING,
        r"chmod: cannot access '[^'\n]{1,300}/dev/dri'?: No such file",  # a wrap may split the path
        supersedes=(C.DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER, C.CONTAINER_TOOLKIT_NOT_CONFIGURED),
    ),
    # apt: one package of the container stack pinned apart from the others it depends on
    S(
        C.CONTAINER_STACK_PARTIAL_VERSION_PIN,
        r"(?:nvidia-container-runtime|nvidia-docker2|nvidia-container-toolkit[\w-]{0,10}|libnvidia-container[\w-]{0,10}) ?: "
        r"Depends: (?:nvidia-container-toolkit|nvidia-container-runtime|libnvidia-container)[\w-]{0,10} \([^)]{1,40}\) but",
    ),
    # apt: the same repository in two source files with different keys
    S(
        C.PACKAGE_REPO_LISTED_TWICE_CONFLICTING_KEYS,
        r"Conflicting values set for option Signed-By regarding source",
    ),
    # a GPU newer than the host's PCI ID list (mig-parted, validators)
    S(
        C.PCI_IDS_DATABASE_OUTDATED,
        r"failed to find device with id '? ?[0-9a-f]{4}\b",
    ),
    # OpenShift's Driver Toolkit: not shipped by this release, or its image's kernel is another
    S(
        C.OPENSHIFT_TOO_OLD_FOR_DRIVER_TOOLKIT,
        r"driver-toolkit imagestream not found",
        r"DriverToolkit was ?requested.{0,10}could ?not ?be ?enabled",
    ),
    S(C.DRIVER_KERNEL_HEADERS_UNAVAILABLE, r"broken Driver Toolkit image detected"),
    # a MIG reconfiguration while a client holds an instance
    S(
        C.MIG_MODE_CHANGE_BLOCKED_GPU_IN_USE,
        r"error (?:destroying|creating|deleting) (?:Compute|GPU) instance.{0,160}?In use by another client",
        supersedes=(C.GPU_BUSY_OR_UNAVAILABLE,),
    ),
    # cudf.pandas ran an operation on the CPU (a type or call cuDF does not support)
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"The operation failed with cuDF, the reason was",
        supersedes=(C.CUDA_MALLOC_ASYNC_UNSUPPORTED,),
    ),
    # NVRTC (or nvcc's front end) not finding CUDA's own headers
    S(
        C.NVRTC_CUDA_HEADERS_NOT_FOUND,
        r"cannot open source file \\?\"?(?:vector_types|cuda_fp16|cuda_bf16|cuda_fp8|cuda_runtime|cuda_runtime_api|crt/host_defines|cuda/std/\w{1,30})(?:\.hp{0,2})?\\?\"?",
        supersedes=(C.CUDA_RUNTIME_NOT_LOADABLE,),
    ),
    # a distributed job's peer died: the survivors stop on purpose or fail their next call
    S(
        C.DIST_PEER_TASK_DIED,
        r"the leader task was preempted/died/restarted unexpectedly",
        r"The following tasks are unhealthy \(stopped sending heartbeats\)",
    ),
    # torch_xla: one device where the spawn expects every core (the device taken in the parent)
    S(
        C.XLA_DEVICE_ACQUIRED_OUTSIDE_SPAWN,
        r"Cannot replicate if number of devices \(1\) is different from \d{1,3}",
    ),
    # the loader: a symbol's version the CUDA library loaded does not define (an older release)
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"symbol \w{1,80} version lib(?:cudart|cublas\w{0,2}|cudnn\w{0,12}|nccl|cusparse|cufft|curand|cusolver|nvrtc|nvJitLink)\.so[\d.]{0,10} not defined in file",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE),
    ),
    # PyTorch's CPU kernels have no half precision: a model an app runs in fp16 on the CPU
    S(
        C.FLOAT16_COMPUTE_TYPE_ON_CPU,
        r"\"?(?:\w{0,40}_cpu_?\w{0,20}|LayerNormKernelImpl|baddbmm_with_gemm)\"? not implemented for '?Half'?",
    ),
    # a binding linked against the shared libpython, which is not installed or not on the path
    S(
        C.LIBPYTHON_SHARED_LIBRARY_NOT_FOUND,
        r"libpython3\.\d{1,2}m?\.so(?:\.[\d.]{1,6})?: cannot open shared object file",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_VERSION_MATRIX_MISMATCH),
    ),
    # apt without NVIDIA's current CUDA repository key (rotated in 2022) or the one before
    S(C.CUDA_REPO_SIGNING_KEY_ROTATED, r"NO_PUBKEY (?:A4B469963BF863CC|F60F4B3D7FA2AF80)\b"),
    # a host compiler older than the one PyTorch was built with (its C++ ABI)
    S(
        C.HOST_COMPILER_TOO_OLD_FOR_TORCH_ABI,
        r"Your compiler \((?:g\+\+|c\+\+|gcc)[ \w.-]{0,12}\) may be ABI-incompatible with PyTorch",
    ),
    # CMake's Visual Studio generator without CUDA's Visual Studio integration
    S(C.CUDA_VS_INTEGRATION_MISSING, r"\bNo CUDA toolset found\b"),
    # nvcc refusing a construct in PyTorch's own headers (an extension's build, not its source)
    S(
        C.FRAMEWORK_HEADER_REJECTED_BY_NVCC_ON_WINDOWS,
        r"torch[\\/]{1,2}csrc[\\/]{1,2}[\w\\/.-]{1,120}\.h\(\d{1,5}\): error:",
        supersedes=(C.EXTENSION_SOURCE_TOO_OLD_FOR_TORCH,),
    ),
    # an extension's op built without its CUDA kernels (MMCV's, detectron2's)
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"\b\w{1,40} is not compiled with GPU support",
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    # a collective whose tensors differ in shape across ranks (accelerate's debug check)
    S(
        C.DIST_COLLECTIVE_TENSOR_SHAPE_MISMATCH,
        r"Cannot apply desired operation due to shape mismatches\. ?All shapes across devices must be valid",
    ),
    # NCCL's RAS report: a process of the job stopped answering
    S(
        C.DIST_PEER_TASK_DIED,
        r"Missing communicator data from \d{1,6} job process",
    ),
    # PMIx's shared-memory data store lock (an old PMIx under Open MPI)
    S(C.MPI_PMI_BOOTSTRAP_FAILED, r"PMIX ERROR: .{0,80}gds_ds12_lock_pthread\.c"),
    # a framework's own preallocated pool (Taichi without unified memory) is full
    S(
        C.GPU_MEMORY_POOL_PREALLOCATION_TOO_SMALL,
        r"Out of CUDA pre-allocated memory",
        supersedes=(C.GPU_OOM,),
    ),
    # unified memory hints on a GPU before Pascal (Taichi)
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"while calling mem_advise \(cuMemAdvise\)",
        supersedes=(C.GPU_INDEX_OUT_OF_RANGE, C.GPU_BUSY_OR_UNAVAILABLE),
    ),
    # numba's llvmlite DLL: the Visual C++ runtime it needs is missing
    S(
        C.WINDOWS_RUNTIME_DLL_MISSING,
        r"Could not (?:load|find) (?:shared object file|module)[: ]{1,3}'?(?:[A-Za-z]:[\\/][^'\n]{0,200}[\\/])?llvmlite\.dll",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    # GPU-sharing schedulers: a card's memory, the metrics stack, the admission webhook
    S(C.K8S_VGPU_MEMORY_REQUEST_EXCEEDS_CARD, r"\bCardInsufficientMemory\b"),
    S(
        C.K8S_SCHEDULER_METRICS_STACK_MISSING,
        r"no matches for kind \\?\"?Prometheus\\?\"? in version \\?\"?monitoring\.coreos\.com/v1",
    ),
    S(
        C.K8S_SCHEDULER_ADMISSION_WEBHOOK_TIMEOUT,
        r"failed calling webhook .{0,200}?(?:context deadline exceeded|Timeout exceeded while awaiting headers)",
    ),
    # rpm without NVIDIA's CUDA repository key
    S(C.CUDA_REPO_SIGNING_KEY_ROTATED, r"key ID (?:d42d0685|7fa2af80|3bf863cc): NOKEY"),
    # jtop's service socket, open to the jtop group only
    S(C.JETSON_MONITOR_USER_NOT_IN_SERVICE_GROUP, r"can'?t access jtop\.service"),
    # uv's and pixi's resolver: a CUDA build of a wheel on an OS without one; a Python it lacks
    S(
        C.CUDA_WHEEL_REQUESTED_ON_UNSUPPORTED_OS,
        r"\+cu\d{2,3}\S{0,20} has no wheels with a matching platform tag",
    ),
    S(C.PYTHON_UNSUPPORTED, r"has no wheels with a matching Python ABI tag"),
    # DeepStream's new nvstreammux has none of the legacy muxer's size properties
    S(
        C.DEEPSTREAM_NEW_STREAMMUX_DEPRECATED_PROPERTY,
        r"GstNvStreamMux'? does not have property .?(?:width|height|batched-push-timeout|live-source|enable-padding)",
    ),
    # GStreamer: the pipeline's elements could not agree on a format for the input
    S(C.PIPELINE_INPUT_FORMAT_UNSUPPORTED, r"streaming stopped, reason not-negotiated"),
    # TensorRT: a converter missing for an op; a dynamic-shape plugin in an implicit-batch network
    S(
        C.TRT_CONVERTER_MISSING_FOR_OP,
        r"Converter for [\w:.]{1,80} requested, but no such converter was found",
        supersedes=(C.GPU_INDEX_OUT_OF_RANGE,),
    ),
    S(
        C.TRT_PLUGIN_LIBRARY_BUILD_MISMATCH,
        r"IPluginV2DynamicExt requires network without implicit batch dimension",
    ),
    S(
        C.TRTLLM_ENGINE_GPUS_PER_NODE_MISMATCH,
        r"incompatible with \d{1,3} gpusPerNode when MPI size is \d{1,5}",
    ),
    S(C.SOURCE_CHECKOUT_SHADOWS_INSTALLED_PACKAGE, r"No module named '?tensorrt_llm\.bindings'?"),
    # ONNX Runtime's CPU build asked for a GPU provider (Optimum's words)
    S(
        C.CPU_ONLY_TF_BUILD,
        r"Asked ?to ?use ?\w{1,30}ExecutionProvider ?as ?an ?ONNX ?Runtime ?execution ?provider.{0,12}?available ?execution ?providers ?are ?"
        r"\[(?:'?(?:Azure|CPU)ExecutionProvider'?,? ?){1,2}\]",
        supersedes=(C.ORT_GPU_SESSION_WITHOUT_PROVIDERS,),
    ),
    # GitHub's anonymous API limit reached while a build fetches from it
    S(C.GITHUB_API_RATE_LIMITED_DURING_BUILD, r"API rate limit exceeded for \S{1,60}"),
    # vLLM-Ascend's weight layout refused for RL rollouts
    S(C.ASCEND_NZ_WEIGHT_FORMAT_IN_RL_ROLLOUT, r"FRACTAL_NZ mode is enabled"),
    # Megatron's dataset builder with a split that holds no sample
    S(
        C.MEGATRON_DATASET_SPLIT_HAS_NO_SAMPLES,
        r"megatron[\\/] ?core[\\/] ?datasets[\\/][\S ]{1,80}?\.py.{0,300}?assert ?num_samples ?>? ?0",
    ),
    # spconv: a layer whose padding, stride and kernel leave no output point launches on nothing
    S(
        C.SPARSE_CONV_PARAMS_YIELD_NO_OUTPUT,
        r"CUDA kernel launch blocks must be positive, but got N ?= ?0\b",
    ),
    # tiny-cuda-nn builds one module per GPU architecture: none for this GPU's
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"DLL load failed while importing _\d{2,3}_C\b",
        r"No module named '?tinycudann_bindings\._\d{2,3}_C'?",
        supersedes=(
            C.WINDOWS_RUNTIME_DLL_MISSING,
            C.FRAMEWORK_IMPORT_FAILED,
            C.WINDOWS_DLL_DIRECTORY_NOT_REGISTERED,
        ),
    ),
    # codes the docs waves named without a row: their messages as the tools print them
    S(
        C.IMEX_CHANNEL_ACCESS_DENIED,
        r"Cuda failure 800 ?'operation not permitted'",
        r"nvidia-caps-imex-channels[\\/]channel\d{1,4}.{0,80}(?:No such file|Permission denied)",
    ),
    S(
        C.SYSTEMD_REMOVEIPC_DELETES_JOB_SHM,
        r"unlink shared memory /dev/shm/ ?\S{1,80} ?failed, error: No such file or directory",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM,),  # the segment was there and is gone: not a size
    ),
    S(
        C.GSP_FIRMWARE_FILES_NOT_FOUND,
        r"RmFetchGspRmImages: No firmware image found",
        r"Direct firmware load for ?nvidia/[\d.]{4,20}/gsp\S{0,40} ?failed with",
    ),
    S(  # XLA's report of a TPU tensor padded to its tiles: three times its size or more
        C.TPU_TILE_PADDING_MEMORY_BLOWUP,
        r"Extra memory due to padding: [\d.]{1,8}[KMGT]? ?\((?:[3-9]|\d{2,5})\.\d{1,3}x expansion\)",
    ),
    S(  # a host link overflowed by the device code a GPU build embeds (SYCL, CUDA fatbins)
        C.SYCL_DEVICE_CODE_TOO_LARGE_FOR_LINK,
        r"relocation truncated to fit: R_X86_64_\w{1,24} against",
        r"PC-relative offset overflow in PLT entry for",
    ),
    S(C.K8S_GPU_SHARING_NODE_NOT_REGISTERED, r"\": ?\"node unregistered\""),
)
