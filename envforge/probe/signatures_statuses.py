"""Signatures of the classes wave 43 of the corpus showed: the status enumerations of CUDA's math
libraries (cuSOLVER, cuSPARSE, cuFFT, cuRAND, cuTENSOR, nvJPEG, NPP, NVRTC) read by what each status
means rather than by the one routine a thread printed; Theano's CNMeM pool; the memory limits of
batch schedulers other than Slurm (PBS and Torque, LSF, HTCondor); libtpu's missing entry points and
its metadata queries on a host without a TPU; XLA's CUDA graphs; the amdgpu driver's initialisation
errors and AMD's device plugin without /dev/kfd; HIP's no-device error; what CUDA 12 removed for CMake
(NVTX 2); Windows' path length limit; macOS' dyld naming a torch symbol; a device list CUDA cannot
parse; autoconf probing NVML on a host without the driver. And wave 44's: Metal's language
standards and Metal 4's headers, Core ML's model versions and whisper.cpp's encoder, jax-metal's MPS
dialect, musl's loader refusing glibc binaries, apt naming a driver package version it does not
have, containerd's drop-in config version, ZeroGPU's rules, Jetson's EGL display, the driver API's
out-of-memory name. And wave 46's, from the projects' own troubleshooting pages: oneAPI's and Level
Zero's libraries and headers for a build, an AMDGPU directive a target lacks, WSL 2's kernel
component, Apptainer's --contain without a device list, Kata's PodResources call, the container
stack's packages pinned apart and its repository listed twice, an outdated PCI ID list, OpenShift's
Driver Toolkit, a MIG instance in use, cuDF's pandas fallback, NVRTC without CUDA's headers, a
distributed job's dead peer, a TPU device taken outside the spawn, a cudart older than a symbol's
version; and wave 47's: PyTorch's CPU kernels without half precision, a shared libpython not
found, NVIDIA's CUDA repository keys, a compiler older than PyTorch's ABI, CMake finding no CUDA
toolset in Visual Studio, nvcc rejecting PyTorch's own headers, an extension built without its
GPU ops, a collective's shapes across ranks, NCCL's RAS report, PMIx's shared-memory lock, a
framework's own preallocated pool, llvmlite's DLL; and wave 48's: GPU-sharing schedulers (HAMi's
card memory, KAI's metrics stack, Volcano's webhook), NVIDIA's rpm key, jtop's service group, uv's
and pixi's platform and ABI tags, DeepStream's new muxer and GStreamer's caps, TensorRT's
converters and plugin builds, TensorRT-LLM's GPUs per node, ONNX Runtime's CPU build, GitHub's
rate limit, Ascend's NZ format, Megatron's empty split. Data only, in the format of the other
sections (``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["STATUSES"]

C = Code

# the libraries whose statuses are named <LIBRARY>_STATUS_<NAME> (cuBLAS's and cuDNN's have rows of
# their own elsewhere, read by the threads that established them)
_LIBRARY = r"(?:CUSOLVER|CUSPARSE|CURAND|CUTENSOR|NVJPEG)"

STATUSES: tuple[Signature, ...] = (
    # a library's allocation of device memory failed: its workspace or plan did not fit
    S(
        C.GPU_OOM,
        rf"\b{_LIBRARY}_STATUS_ALLOC(?:ATION)?_FAILED\b",
        r"\bCUFFT_ALLOC_FAILED\b",
        r"\bNVJPEG_STATUS_ALLOCATOR_FAILURE\b",
        r"\bNPP_MEMORY_ALLOCATION_ERR\b",
        r"\bNVRTC_ERROR_OUT_OF_MEMORY\b",
        r"\bNVJITLINK_ERROR_OUT_OF_MEMORY\b",
        supersedes=(C.CUDA_KERNEL_FAULT, C.CUDNN_INIT_FAILED, C.CUDA_INIT_UNKNOWN),
    ),
    # the GPU lacks what the routine needs (a compute capability, double precision)
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        rf"\b{_LIBRARY}_STATUS_ARCH_MISMATCH\b",
        supersedes=(C.CUDA_KERNEL_FAULT, C.CUDNN_INIT_FAILED),
    ),
    # a library could not start on the CUDA runtime (its handle, its generator): as cuBLAS's and
    # cuDNN's handles, usually memory taken by another pool or process, or a runtime the library
    # does not work with
    S(
        C.CUDNN_INIT_FAILED,
        rf"\b{_LIBRARY}_STATUS_(?:NOT_INITIALIZED|INITIALIZATION_FAILED)\b",
        r"\bCUFFT_SETUP_FAILED\b",
        strength=SYMPTOM,
    ),
    # a library's kernel failed to launch or run on the GPU
    S(
        C.CUDA_KERNEL_FAULT,
        rf"\b{_LIBRARY}_STATUS_(?:EXECUTION_FAILED|LAUNCH_FAILURE)\b",
        r"\bCUFFT_EXEC_FAILED\b",
        strength=SYMPTOM,
    ),
    # a library's handle (cuBLAS, cuBLASLt, cuSOLVER, cuSPARSE) could not be created, whatever status
    # it names: the class cuDNN's and cuBLAS's handles are read by (memory, or a runtime mismatch)
    S(
        C.CUDNN_INIT_FAILED,
        r"when calling `?(?:cublas|cublasLt|cusolverDn|cusolverSp|cusparse)Create\(",
        r"(?:cublas|cublasLt|cusparse)Create\(&?\w{0,20}handle\)\)? failed",
        strength=SYMPTOM,
    ),
    # jaxlib's cuSOLVER handle (XLA's wording): the CUDA libraries or driver in reach are not the
    # ones the jaxlib build needs (a conda or image CUDA older than the wheel's, an old driver)
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"operation cusolver(?:Dn|Sp)Create\(&?handle\) failed",
        strength=SYMPTOM,
        supersedes=(C.CUDNN_INIT_FAILED,),
    ),
    # XLA refusing a ptxas release with a known miscompilation
    S(
        C.CUDA_TOOLKIT_RELEASE_REGRESSION,
        r"ptxas [\d.]{3,12} has a bug that we think can affect XLA",
        supersedes=(C.XLA_PTXAS_TOO_OLD,),
    ),
    # cuBLAS refusing or failing a routine (not its handle): a kernel's failure as the framework
    # reports it; CUDA_LAUNCH_BLOCKING=1 names the op
    S(
        C.CUDA_KERNEL_FAULT,
        r"CUBLAS_STATUS_(?:INTERNAL_ERROR|INVALID_VALUE|MAPPING_ERROR) when calling `?cublas(?!Create|LtCreate)\w{1,40}",
        strength=SYMPTOM,
    ),
    # NVML: a GPU that needs a reset, or held by another client
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"\bNVML_ERROR_RESET_REQUIRED\b",
        r"NVMLError_ResetRequired",
        strength=SYMPTOM,
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"\bNVML_ERROR_IN_USE\b",
        r"NVMLError_InUse",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    # NVRTC's builtins (libnvrtc-builtins, loaded beside libnvrtc) missing or of another release
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"\bNVRTC_ERROR_BUILTIN_OPERATION_FAILURE\b",
    ),
    # Theano's CNMeM pool takes a fraction of the GPU's memory at start (lib.cnmem): what another
    # process (a display, a second job) holds is not there to take
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"cnmemInit call failed! Reason ?= ?CNMEM_STATUS_OUT_OF_MEMORY",
        supersedes=(C.GPU_OOM, C.DRIVER_LIBRARY_MISMATCH, C.CUDA_INIT_UNKNOWN),
    ),
    # the host memory limits of PBS and Torque, LSF and HTCondor
    S(
        C.HOST_OOM,
        r"\bjob \d{1,12}(?:\.\S{1,60})? exceeded MEM usage hard limit",
        r"PBS: job killed: (?:v?mem|pmem) \d{1,15} ?[kmg]?b exceeded limit",
        r"TERM_MEMLIMIT: job killed after reaching LSF memory usage limit",
        r"\bJob has gone over (?:its )?memory limit of \d{1,9} ?[KMG]b\b",
        r"\bDocker job has gone over memory limit of \d{1,9} ?[KMG]b\b",
    ),
    # libtpu older or newer than jax: an entry point of the TPU C API it lacks
    S(
        C.LIBTPU_MISSING_OR_MISMATCHED,
        r"\bTpu\w{1,60}_\w{1,60} not available in this library",
    ),
    # libtpu on a VM without a TPU asks the metadata server for a TPU topology
    S(
        C.LIBTPU_ON_HOST_WITHOUT_TPU,
        r"Failed to get TPU metadata \(tpu-env\) from instance metadata",
        supersedes=(C.LIBTPU_MISSING_OR_MISMATCHED,),
    ),
    # XLA's CUDA graphs (command buffers) of a jaxlib release failing to launch or update
    S(
        C.FRAMEWORK_RELEASE_GPU_REGRESSION,
        r"custom call '?xla\.gpu\.graph\.launch'? failed",
        r"\bCUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE\b",
        r"Failed to update gpu graph",
        strength=SYMPTOM,
        supersedes=(C.CUDA_KERNEL_FAULT, C.CUDA_INIT_UNKNOWN),
    ),
    # jaxlib before 0.1.6x without CUDA: its traceback's own line where the GPU backend is unknown
    S(
        C.CPU_ONLY_TF_BUILD,
        r"raise RuntimeError\('Unknown backend \{\}'\.format\(name\)\)",
        strength=SYMPTOM,
    ),
    # amdgpu could not bring the GPU up (its PSP, an IP block, the device's init)
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"\*ERROR\* PSP create ring failed",
        r"\*ERROR\* hw_init of IP block <\w{1,30}>? ?failed",  # a wrap before ">" reads as a quote
        r"amdgpu_device_ip_init failed",
        r"amdgpu: Fatal error during GPU init",
        r"amdgpu: probe of \S{1,30} failed with error -\d{1,4}",
    ),
    # AMD's device plugin and node labeller read the GPUs from /dev/kfd's topology: none there
    S(
        C.ROCM_HOST_KFD_MISSING,
        r"Fail(?:ed)? to glob topology properties",
        supersedes=(C.K8S_NO_GPU_RESOURCE,),
    ),
    # HIP's cudaErrorNoDevice: the GPUs are hidden (HIP_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES) or absent
    S(
        C.GPU_HIDDEN_BY_ENV,
        r"\bHIP_ERROR_NoDevice\b",
        r"\bhipErrorNoDevice\b",
        strength=SYMPTOM,
    ),
    # NVTX 2's library, gone from CUDA 12's toolkit (NVTX 3 is headers only): old CMake files ask for it
    S(
        C.CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE,
        r"Could NOT find NvTools?Ext\b",
        r"\bnvToolsExt_LIBRARY-NOTFOUND\b",
    ),
    # Windows' 260-character path limit without long path support
    S(
        C.WINDOWS_LONG_PATHS_DISABLED,
        r"\[WinError 206\] The filename or extension is too long",
        r"does not have Windows Long Path support enabled",
        r"No such file or directory: '[A-Za-z]:[\\/][^'\n]{250,600}'",
    ),
    # macOS' dyld naming a symbol of torch's C++ library that an extension was built against
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"Symbol not found: _{1,2}(?:torch_library_impl|ZN\w{0,12}(?:c10|at|torch)\w{0,300})",
    ),
    # a device list CUDA cannot parse (a range): it stops at the first entry it cannot read
    S(
        C.CUDA_VISIBLE_DEVICES_UNPARSABLE_LIST,
        r"\b(?:CUDA|HIP|ROCR)_VISIBLE_DEVICES ?[=:] ?['\"]?\d{1,3} ?- ?\d{1,3}\b",
    ),
    # autoconf (Slurm's --with-nvml) finding no NVML library: no driver on the build host
    S(
        C.BUILD_NODE_LACKS_GPU_DRIVER,
        r"checking for nvmlInit in -lnvidia-ml\.{3} no",
    ),
    # Metal's compiler refusing a language standard, or a shader needing a newer one than it asked for
    S(
        C.METAL_SHADER_STD_FLAG_WRONG,
        r"invalid value '?(?:macos-|ios-)?metal[\d.]{0,6}'? in '?-std=",
        r"requires Metal language standard \S{1,30} or higher",
        r"unknown type name '?bfloat'?",
        supersedes=(C.METAL_SHADER_SOURCE_INCOMPLETE,),
    ),
    # Metal 4's headers exist only on macOS 26: kernels built for it on an older macOS
    S(
        C.MLX_METALLIB_NEWER_THAN_MACOS,
        r"'?MetalPerformancePrimitives/MetalPerformancePrimitives\.h'? file not found",
    ),
    # Core ML: a model of a newer specification than this macOS or Xcode reads
    S(
        C.COREML_MODEL_SPEC_NEWER_THAN_MACOS,
        r"The \.mlmodel supplied is of version \d{1,2}, intended for a newer version of Xcode",
        r"This version of Xcode supports model version \d{1,2} or earlier",
    ),
    # whisper.cpp built with Core ML: the encoder generated beside the ggml model is not there
    S(
        C.COREML_ENCODER_MODEL_MISSING,
        r"failed to load Core ML model from '?\S{1,300}-encoder ?\.mlmodelc",  # a wrap at the dot
        supersedes=(C.GPU_OOM, C.CUDA_INIT_UNKNOWN),
    ),
    # jax-metal's MPS dialect newer than the MPS of this macOS
    S(
        C.JAX_METAL_MACOS_MISMATCH,
        r"current mps dialect version is [\d.]{1,12}, ?can'?t parse version [\d.]{1,12}",
    ),
    # musl's loader (Alpine) on a binary built for glibc: glibc's own loader and runtime libraries
    S(
        C.GLIBC_BINARY_ON_MUSL_LIBC,
        r"Error loading shared library (?:ld-linux-(?:x86-64|aarch64)\.so\.[12]|libstdc\+\+\.so\.6|libgcc_s\.so\.1|libresolv\.so\.2|libc\.so\.6): No such file or directory",
        r"Error relocating \S{1,300}: \w{1,200}: symbol not found",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.LIBSTDCXX_GLIBC_TOO_OLD),
    ),
    # apt asked for a driver or CUDA package version its repositories do not have under that name
    S(
        C.DRIVER_PACKAGE_DEPENDENCY_CONFLICT,
        r"E: Version '[\w.:~+-]{1,40}' for '(?:cuda|nvidia|libnvidia|libcudnn|datacenter-gpu)[\w.+-]{0,60}' was not found",
    ),
    # containerd 2 refusing the drop-in config (version 4) the toolkit wrote beside a version 2 root
    S(
        C.CONTAINER_TOOLKIT_BREAKS_ENGINE_CONFIG,
        r"drop-in config version \d{1,2} higher than root config version \d{1,2}",
    ),
    # Hugging Face ZeroGPU: CUDA only inside @spaces.GPU functions, for a bounded duration
    S(
        C.ZEROGPU_CUDA_INIT_OUTSIDE_GPU_FUNCTION,
        r"CUDA must not be initiali[sz]ed in the main process on Spaces with Stateless GPU environment",
    ),
    S(
        C.GPU_TASK_DURATION_OVER_PLATFORM_MAX,
        r"The requested GPU duration \(\d{1,6}s\) is larger than the maximum allowed",
    ),
    # NVIDIA's EGL layer on a Jetson with no usable display (ssh, headless)
    S(
        C.JETSON_EGL_NO_DISPLAY,
        r"NvEGLImageFromFd: No EGLDisplay to create EGLImage",
    ),
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
    # the driver API's name for a failed allocation, alone (any more precise reading of its line
    # supersedes it)
    S(C.GPU_OOM, r"\bCUDA_ERROR_OUT_OF_MEMORY\b", strength=SYMPTOM),
)
