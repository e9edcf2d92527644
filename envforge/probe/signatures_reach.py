"""The signatures of stop 44's waves (58 to 62): package resolvers naming CUDA builds, TensorRT's
own runtime, FFmpeg's encoders, renderers and simulators, JIT compilers that do not know the GPU,
GPU hardware as nvidia-smi and the kernel report it, Jetson and edge accelerators, GPUs in VMs,
NVML and DCGM tools, fine-tuning and serving stacks, in the wordings of their printers.

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["REACH"]

C = Code

_TORCH = r"torch(?:vision|audio)?"
_GPU_FRAMEWORK = r"(?:torch|tensorflow(?:-gpu|-intel)?|jax|jaxlib)"
# the SDKs' libraries (not the driver's: an empty libcuda is the image's placeholder)
_SDK_LIBRARY = r"lib(?:nvinfer|nvonnxparser|nvparsers|cudnn|cublas|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|cudart|nccl)\w{0,30}\.so[\d.]{0,12}"

REACH: tuple[Signature, ...] = (
    # wave 58: resolvers. A torch CUDA build (+cuXYZ) none of the searched indexes holds: pip's
    # list of versions names other builds, uv's and pixi's resolvers say there is none
    S(
        C.TORCH_CUDA_INDEX_NOT_PUBLISHED,
        rf"requirement {_TORCH}==[\d.]{{1,12}}\+cu\d{{2,3}} \(from versions: (?!none\))(?!(?:0\.1\.2[\w.]{{0,6}}(?:, )?){{1,3}}\))",
        rf"there is no version of {_TORCH}==[\d.]{{1,12}}\+cu\d{{2,3}}",
        r"download\.pytorch\.org/\S{1,200}?(?:: status code|: HTTP error|returned error:?) ?40[34]\b",
        rf"No matching distribution found for {_TORCH}==[\d.]{{1,12}}\+cu\d{{2,3}}",
        supersedes=(C.PYTHON_UNSUPPORTED, C.CUDA_VERSION_MATRIX_MISMATCH),
        explained_by=(C.PYTHON_UNSUPPORTED,),
    ),
    # pip sees only PyTorch's 0.1.2 placeholders: no wheel of any release for this Python
    S(C.PYTHON_UNSUPPORTED, r"\(from versions: 0\.1\.2(?:, 0\.1\.2\.post\d){0,2}\)"),
    # conda: a CUDA variant package the channels searched do not carry
    S(
        C.CONDA_CUDA_VARIANT_NOT_ON_CHANNEL,
        r"nothing provides cuda[\d.* ]{0,12}needed by pytorch-cuda",
        r"pytorch-cuda[\d.* ]{0,12}is not installable because it requires",
        r"not available from current channels: ?- ?(?:pytorch-cuda|cudatoolkit|cuda-version|cuda-toolkit|cuda-runtime)\b",
    ),
    # conda's conflict report: the framework build asks for another CUDA than the one pinned
    S(
        C.CONDA_CUDA_PIN_CONFLICTS_FRAMEWORK_BUILD,
        r"(?:pytorch|tensorflow-gpu|tensorflow|jaxlib|cupy|mxnet)[=\d.]{0,12} -> (?:cudatoolkit|cuda-version|pytorch-cuda)\[version=",
    ),
    S(C.CONDA_CUDA_VIRTUAL_PACKAGE_MISSING, r"__cuda \*?,? ?for which no candidates were found"),
    # pip: an extra the resolved release does not have (the CUDA packages are not installed)
    S(
        C.GPU_EXTRA_NOT_PROVIDED_BY_RELEASE,
        r"does not provide the extra '?(?:cuda|and-cuda|gpu|cu\d|rocm|tpu)[\w.-]{0,20}",
        supersedes=(C.CUDA_VERSION_MATRIX_MISMATCH,),
    ),
    # pip's report of what a later install replaced: a pinned framework build (PyTorch's own
    # companions' row supersedes it: their mismatch is a cause only where the run fails)
    S(
        C.PIP_REPLACES_PINNED_GPU_FRAMEWORK,
        rf"requires {_GPU_FRAMEWORK}[=<>~!]=?[\d.*]{{1,12}}(?:,[<>=!~]{{1,2}}[\d.*]{{1,12}}){{0,3}}, but you have {_GPU_FRAMEWORK} \d",
        supersedes=(C.KERAS_VERSION_MISMATCH,),
    ),
    # CuPy's own check: two of its CUDA-variant packages in one environment
    S(
        C.CONFLICTING_CUDA_VARIANT_PACKAGES,
        r"multiple CuPy packages are installed",
    ),
    # the NVVM that compiled the program is newer than the nvJitLink that links it
    S(
        C.CUDA_TOOLCHAIN_PARTS_FROM_DIFFERENT_RELEASES,
        r"may need newer version of nvJitLink library",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    # NVIDIA Warp without libcuda: it reports the driver as version 0.0
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"Warp CUDA error: Could not open libcuda\.so",
        r"installed CUDA driver version is 0\.0\b",
        r"Driver 0\.0 \(insufficient CUDA driver version",
        supersedes=(C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,),
    ),
    # LLVM's NVPTX back end (Taichi, Genesis, Numba's older LLVM) that predates the GPU's sm_XX
    S(
        C.NVRTC_ARCH_UNSUPPORTED_BY_TOOLKIT,
        r"'sm_\d{2,3}a?' is not a recognized processor for this target",
    ),
    # the OpenMMLab toolkits' range check of the installed mmcv
    S(
        C.OPS_PACKAGE_VERSION_OUTSIDE_TOOLKIT_RANGE,
        r"(?:MMCV|mmcv|mmcv-full|MMEngine|mmengine)==[\w.]{1,16} is used but incompatible",
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
    # Open3D's and OpenCV's builds without their CUDA module
    S(
        C.CPU_ONLY_TF_BUILD,
        r"\[\w{1,60}\]: Unimplemented device",
        r"DNN module was not built with CUDA backend",
        supersedes=(C.GPU_INDEX_OUT_OF_RANGE,),
    ),
    # nvcc older than the flags the project's build passes it
    S(
        C.CUDA_TOOLKIT_TOO_OLD_FOR_SOURCE,
        r"nvcc fatal\s{0,8}: Unknown option '-{1,2}(?:extended-lambda|expt-extended-lambda|std=c\+\+(?:17|20)|split-compile|threads|diag-suppress)",
        supersedes=(C.CUDA_VERSION_MATRIX_MISMATCH,),
    ),
    # CUDA_HOME set to a PATH-like list: the build runs "<list>/bin/nvcc"
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"unable to execute '/[^':\s]{1,100}:/[^']{1,200}/nvcc'",
        supersedes=(C.BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC,),
    ),
    # TensorRT's own loader (trtexec, the C++ API, TensorRT-LLM): a library it cannot open
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Unable to (?:load|open) library: \S{0,40}nvinfer\S{0,60}",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    # a GPU library on disk that the loader rejects: truncated; on a Jetson, the empty
    # placeholders an l4t image holds until the NVIDIA runtime mounts the host's libraries
    S(
        C.GPU_SHARED_LIBRARY_FILE_TRUNCATED,
        rf"{_SDK_LIBRARY}: file too short",
        supersedes=(C.TENSORRT_MISSING_BENIGN, C.CUDA_LIBS_NOT_FOUND),
    ),
    S(
        C.CONTAINER_GPU_NOT_REQUESTED,
        rf"/usr/lib/aarch64-linux-gnu/(?:tegra/)?{_SDK_LIBRARY}: file too short",
        supersedes=(C.GPU_SHARED_LIBRARY_FILE_TRUNCATED, C.TENSORRT_MISSING_BENIGN),
    ),
    # a library linked against another CUDA release's library than the one installed
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"undefined reference to `\w{1,60}@lib(?:nvrtc|cudart|cublas\w{0,3}|cudnn\w{0,20}|cufft|curand|cusparse|cusolver)\.so\.\d{1,2}",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    # TF-TRT's warning: the TensorRT loaded is not the one TensorFlow was built with
    S(
        C.TENSORRT_INTEGRATION_BUILT_FOR_OTHER_RELEASE,
        r"TensorRT mismatch\. Compiled against version [\d.]{1,12}, but loaded [\d.]{1,12}",
    ),
    # FFmpeg's AMF encoders without AMD's AMF runtime
    S(C.AMF_RUNTIME_NOT_INSTALLED, r"DLL (?:lib)?amfrt(?:64|32)\S{0,12} failed to open"),
    S(
        C.DRIVER_TOO_OLD_FOR_NVENC_API,
        r"Minimum required Nvidia driver is [\d.]{3,7} or newer",
    ),
    # renderers and simulators: Mesa older than the GPU, GL and Vulkan older than the program
    S(
        C.DRIVER_OLDER_THAN_GPU,
        r"MESA: warning: Driver does not support the 0x\w{4} PCI ID",
        supersedes=(C.EGL_DEVICE_PLATFORM_UNAVAILABLE,),
    ),
    S(C.OPENGL_VERSION_TOO_OLD_FOR_RENDERER, r"GLSL [1-4]\.\d0 is not supported"),
    S(
        C.VULKAN_LOADER_TOO_OLD_FOR_APP,
        r"Vulkan SDK API version is outdated",
        supersedes=(C.GPU_BUSY_OR_UNAVAILABLE,),
    ),
    S(C.VULKAN_ICD_MISSING, r"Vulkan failed to select physical device"),
    # ggml's Metal library without a kernel the graph needs
    S(
        C.GGML_BACKEND_OP_NOT_IMPLEMENTED,
        r"Function kernel_\w{1,60} was not found in the library",
    ),
    # GPU hardware: clocks held down by the board; a memory row waiting for a reset
    S(
        C.GPU_HW_SLOWDOWN_THROTTLED,
        r"HW (?:Power Brake |Thermal )?Slowdown\s{0,40}: Active",
        r"soctherm: OC ALARM",
    ),
    S(C.GPU_ROW_REMAP_PENDING, r"NVRM: Xid \([^)]{1,40}\): 63\b"),
    # wave 59: Jetson and edge accelerators, VMs and vGPU, older frameworks, other languages
    S(
        C.JETSON_MONITOR_CLIENT_SERVICE_VERSION_MISMATCH,
        r"Mismatch version jtop service: ?\[[\d.]{1,12}\] and client: ?\[[\d.]{1,12}\]",
        supersedes=(C.DRIVER_LIBRARY_MISMATCH,),
    ),
    S(
        C.HAILORT_DRIVER_LIBRARY_VERSION_MISMATCH,
        r"Driver version \([\d.]{1,12}\) is different from library version",
        r"\bHAILO_INVALID_DRIVER_VERSION\b",
        supersedes=(C.DRIVER_LIBRARY_MISMATCH,),
    ),
    S(
        C.EDGETPU_DEVICE_NOT_ACCESSIBLE,
        r"Failed to load delegate from libedgetpu\.so",
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    # a Jetson image tag named after the host's L4T release that was never published
    S(
        C.JETSON_CONTAINER_TAG_NOT_PUBLISHED_FOR_L4T,
        r"manifest for \S{1,120}:r3\d\.\d(?:\.\d)?\S{0,40} not found",
        supersedes=(C.DRIVER_TOO_OLD_FOR_CONTAINER_TOOLKIT,),
    ),
    S(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"Required: driver version >= ?\d{3}\b.{0,40}Detected: \d{3}",
    ),
    # cgo: the CUDA headers older than the driver API a Go binding calls
    S(
        C.CUDA_TOOLKIT_TOO_OLD_FOR_SOURCE,
        r"could not determine kind of name for C\.(?:cu|cuda|cudnn|cublas|nvrtc)[A-Z]\w{1,40}",
    ),
    S(  # R's torch installer: the local CUDA is not one it has a libtorch build for
        C.GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION,
        r"Cuda [\d.]{2,5} detected but torch only supports",
    ),
    S(C.LIBTORCH_CUDA_LIBRARY_NOT_LINKED, r"CUDA non available in the current machine"),
    S(  # a launch asking for more registers, threads or shared memory per block than the GPU has
        C.GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT,
        r"too many resources requested for launch",
        r"(?:cuda|hip)ErrorLaunchOutOfResources",
        r"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
    ),
    S(
        C.CUDNN_HELPER_MODULE_NOT_INSTALLED,
        r"by including the deeplearning4j-cuda module",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    # VMs: a policy refusing the GPU, a profile without VMM, no IRQ, MMIO windows too small
    S(
        C.HYPERV_GPU_ASSIGNMENT_BLOCKED_BY_POLICY,
        r"RequireSecureDeviceAssignment|RequireSupportedDeviceAssignment",
    ),
    S(
        C.VGPU_PROFILE_WITHOUT_CUDA_VMM,
        r"does not support CUDA Virtual Memory Management",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(C.VM_PASSTHROUGH_GPU_INTERRUPT_UNAVAILABLE, r"NVRM: Can'?t find an IRQ for your NVIDIA card"),
    S(
        C.MIG_TOOL_UNSUPPORTED_ON_VGPU_SRIOV_HOST,
        r"Error checking MIG capable: error getting device handle",
    ),
    S(
        C.VM_PASSTHROUGH_MMIO_WINDOW_TOO_SMALL,
        r"PCIPassthru: total number of pages needed \(\d{1,12}\) exceeds limit",
        r"BAR \d{1,2}: (?:no space for|failed to assign) \[mem size",
    ),
    # wave 60: NVML and DCGM tools, LLM fine-tuning, inference servers, schedulers, JAX
    S(
        C.EXPORTED_PROGRAM_LOWERED_FOR_OTHER_PLATFORM,
        r"was lowered for platforms '?\(?[\w', ]{1,40}\)?'? but it is used on",
    ),
    S(
        C.DEVICE_SIDE_ASSERT,
        r"device halted prematurely, perhaps due to an on-device check-failure",
    ),
    S(
        C.DRIVER_KERNEL_HEADERS_UNAVAILABLE,
        r"broken driver toolkit detected, using entitlement-based fallback",
    ),
    S(  # Ascend's DCMI: the NPU is held by another container or process
        C.GPU_BUSY_OR_UNAVAILABLE,
        r"dcmi model initiali[sz]ed failed, because the device is used",
    ),
    S(
        C.FORCED_ATTENTION_BACKEND_UNSUPPORTED,
        r"Selected backend \S{1,80} is not valid for this configuration",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    S(
        C.ASCEND_CONTAINER_RUNTIME_NOT_CONFIGURED,
        r"libascend_hal\.so: cannot open shared object file",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.MULTIPLE_SYSTEM_CUDA_INSTALLS_CONFLICT,
        r"Binary GPU type mismatch\. Expected: cuda, got: false",
    ),
    S(  # ggml: the runtime has no string for the driver's error, a driver older than the runtime
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"failed to initiali[sz]e CUDA: \(null\)",
    ),
    S(
        C.NPU_GRAPH_CAPTURE_STREAM_RESOURCES_EXHAUSTED,
        r"Insufficient_Stream_Resources\(EL0009\)",
        r"The stream resources are insufficient",
    ),
    S(
        C.LAUNCHER_CONFIG_DUPLICATES_DEEPSPEED_CONFIG_FILE,
        r"When using .deepspeed_config_file., the following accelerate config variables will be ignored",
    ),
    S(C.FP16_TRAINABLE_WEIGHTS_UNDER_AMP, r"Attempting to unscale FP16 gradients"),
    # an extension built against torch 1.x, which linked libraries torch 2 no longer ships
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"libtorch_cuda_(?:cu|cpp)\.so: cannot open shared object file",
        supersedes=(C.CUDA_VERSION_MATRIX_MISMATCH, C.CUDA_LIBS_NOT_FOUND),
    ),
    S(  # MLX's allocator on Apple silicon's unified memory
        C.GPU_OOM,
        r"\[malloc_or_wait\] Unable to allocate \d",
        supersedes=(C.HOST_OOM,),
    ),
    S(
        C.DCGM_METRIC_UNSUPPORTED_ON_GPU,
        r"This request is serviced by a module of DCGM that is not currently loaded",
    ),
    S(C.DRIVER_NEWER_THAN_APP_VALIDATED, r"Detected unsupported Cuda version"),
    # pynvml: a Python 2 binding under Python 3; another package of the same module name
    S(
        C.PY2_ONLY_NVML_BINDING_ON_PY3,
        r"Missing parentheses in call to .print.{0,40}\(pynvml\.py",
        r"pynvml\.py\"?, line \d{1,5} ?print ",
    ),
    S(
        C.OLD_PYNVML_SHADOWS_NVML_BINDINGS,
        r"module 'pynvml' has no attribute '_?nvml\w{2,60}'",
    ),
    # wave 63: OpenCL's loader with no vendor file, compute clients, renderers, vector search
    S(
        C.OPENCL_ICD_FILE_MISSING,
        r"clGetPlatformIDs\b[\w ():]{0,24}?(?:PLATFORM_NOT_FOUND_KHR|-1001\b)",
        r"\bNo OpenCL platforms? (?:was |were )?found",
        r"Number of platforms {1,60}0\b(?!\.)",
    ),
    S(C.OPENCL_ICD_WITHOUT_DEVICES_BREAKS_ENUMERATION, r"clGetDeviceIDs\(\): CL_DEVICE_NOT_FOUND"),
    S(C.GPU_APP_INSTALLED_AS_WINDOWS_SERVICE, r"Running as a daemon \(GPU computing disabled\)"),
    # ROCm's device libraries (ockl) not linked by an application's runtime compile options
    S(
        C.APP_GPU_RTC_OPTIONS_REJECTED_BY_NEWER_TOOLCHAIN,
        r"undefined hidden symbol: __ockl_\w{1,40}",
    ),
    S(
        C.OPENCL_KERNEL_RELATIVE_INCLUDE_NOT_FOUND,
        r"comgr-\w{4,12}/input/CompileSource:\d{1,6}:\d{1,4}: fatal error: cannot open file",
        supersedes=(C.MIOPEN_HIPRTC_LIBSTDCXX_HEADERS_MISSING,),
    ),
    # two LLVMs in one process (ROCm's and Mesa's): the second registers the same options
    S(
        C.TWO_LLVM_COPIES_IN_ONE_PROCESS,
        r"LLVM ERROR: Option '[\w.-]{1,40}' already exists",
        r"CommandLine Error: Option '[\w.-]{1,40}' registered more than once",
    ),
    S(
        C.GPU_LIBRARY_RESOURCES_SHARED_ACROSS_THREADS,
        r"Faiss assertion '[^']{1,80}' failed in [^\n]{0,160}?StackDeviceMemory",
    ),
    S(
        C.QUANTIZED_MODEL_VARIANT_WRONG_FOR_GPU_ARCH,
        r"shape\.dataExtent == other\.shape\.dataExtent",
    ),
    # a library's CPU build: faiss-cpu has no GPU classes; a build told to enable its GPU option
    S(
        C.CPU_ONLY_TF_BUILD,
        r"has no attribute '(?:StandardGpuResources|GpuIndex\w{0,30}|index_cpu_to_(?:gpu|all_gpus)\w{0,10})'",
        r"Please compile with -D\w{1,40}(?:GPU|CUDA)\w{0,10}=ON",
    ),
    # OptiX's ABI newer than the driver's (7801); a renderer naming the driver it needs
    S(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"optixInit\(\)\)? failed with (?:code|error) 7801",
        r"OPTIX_ERROR_UNSUPPORTED_ABI_VERSION",
        r"(?:make sure|ensure) (?:that )?you have (?:the )?NVIDIA driver (?:version )?[\d.]{2,10} or (?:later|newer|higher)",
        supersedes=(C.DRIVER_OPTIX_LIBRARY_MISSING,),
    ),
    S(C.DRIVER_OPTIX_LIBRARY_MISSING, r"Opti[xX] [Ee]rror: '?Library not found"),
    # a Vulkan device without a feature the program requires (16-bit floats, storage)
    S(
        C.VULKAN_DEVICE_LACKS_16BIT_STORAGE,
        r"\bVK_ERROR_FEATURE_NOT_PRESENT\b",
        r"NotSupported\('Feature is not present'\)",
    ),
    # wave 64: CI and wheel builds, courses' notebooks, face-swap apps, quantisation kernels
    S(
        C.AUDITWHEEL_VENDORS_CUDA_RUNTIME_LIBRARY,
        r"Cannot repair wheel, because required library '?lib(?:cuda|cudart|cublas\w{0,3}|cudnn\w{0,12}|nvrtc|nccl|cusparse|cufft|curand|cusolver|nvJitLink|nvToolsExt|c10_cuda|torch_cuda)\b[\w.]{0,20}'? could not be located",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.BUILD_DISK_FULL,
        r"Could not install packages due to an (?:OSError|EnvironmentError): \[Errno 28\] No space left on device",
    ),
    S(
        C.CONDA_CUDA_VARIANT_NOT_ON_CHANNEL,
        r"nothing provides requested (?:cudatoolkit|pytorch-cuda|cuda-version|cuda-toolkit|cuda-runtime)\b",
    ),
    S(C.TPU_RESOLVER_EXPECTS_TPU_NODE, r"Please provide a TPU Name to connect to"),
    # CUDA IPC (a DataLoader worker's CUDA tensors) that Windows does not support
    S(
        C.WINDOWS_CUDA_IPC_UNSUPPORTED,
        r"StorageSharing\.cpp,? line[= ]\d{1,5},? error[= ]801\b",
        r"cuda runtime error \(801\) ?: operation not supported at \S{0,120}StorageSharing",
    ),
    S(
        C.LIBTPU_MISSING_OR_MISMATCHED,
        r"kEnvTpuLibraryPath[^\n]{0,80}?(?:INVALID_ARGUMENT|Unexpected PJRT_Api size)",
        supersedes=(C.JAX_JAXLIB_VERSION_MISMATCH,),
    ),
    S(
        C.OPENCL_SELECTED_PLATFORM_HAS_NO_USABLE_DEVICE,
        r"Selected OpenCL device \d{1,3} is out of range",
    ),
    S(C.OPENCL_DRIVER_LACKS_SPIRV_SUPPORT, r"CL_INVALID_VALUE ?\) in \S{0,160}:compileIL\b"),
    S(C.CMAKE_OPENMP_CUDA_NOT_DETECTED, r"Could NOT find OpenMP_CUDA\b"),
    S(
        C.GPU_BUILD_CONFIG_BUG_FIXED_UPSTREAM,
        r"link interface of target '[^']{1,80}' contains: (?:OpenMP::OpenMP_CUDA|CUDA::\w{2,30}) but the target was not found",
    ),
    # ONNX Runtime's CPU package answering: no GPU provider to choose (log_rules: both packages)
    S(
        C.CPU_ONLY_TF_BUILD,
        r"invalid choice: '(?:cuda|tensorrt|rocm|dml|directml|coreml|openvino)' \(choose from 'azure', 'cpu'\)",
        r"\bAvailable providers:? \[?'(?:AzureExecutionProvider', ?')?CPUExecutionProvider'\]?(?!,)",
    ),
    # an extension module built against another torch: Windows finds a procedure missing
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"importing \w{1,40}_(?:ext|C|cuda|kernels?|ops|cpp): The specified procedure\b",
        supersedes=(C.WINDOWS_RUNTIME_DLL_MISSING,),
    ),
    # wave 65: edge and mobile NPUs (RKNN, Edge TPU, Hexagon, TFLite delegates), graph and
    # point-cloud extension wheels, Rust and Julia GPU runtimes
    S(
        C.NPU_MODEL_RUNTIME_VERSION_MISMATCH,
        r"\bInvalid RKNN model version \d{1,3}",
        r"\bInvalid RKNN format\b",
        r"\bE RKNN: (?:\[[\d:.]{5,20}\] )?failed to decode config data",
        r"Package requires runtime version \d{1,3}, which is newer than this runtime version",
    ),
    S(C.NPU_MODEL_BUILT_FOR_OTHER_SOC, r"The rknn model does not match the RKNPU hardware version"),
    S(
        C.NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME,
        r"\bE RKNN: (?:\[[\d:.]{5,20}\] )?failed to submit!?, op id",
        r"recommend to upgrade the driver to the new version",
    ),
    S(
        C.HEXAGON_DSP_LIBRARY_NOT_ON_DSP_SEARCH_PATH,
        r"dynamic loading failed for file:///lib\w{1,40}Skel\.so",
    ),
    S(
        C.ANDROID_VENDOR_NPU_RUNTIME_NOT_IN_FIRMWARE,
        r"unable to open library libneuron(?:usdk)?_adapter",
    ),
    S(
        C.ANDROID_VENDOR_OPENCL_LIB_NOT_DECLARED,
        r"dlopen failed: library 'libOpenCL(?:-pixel)?\.so' not found",
    ),
    S(
        C.CONTAINER_VENDOR_GPU_DEVICE_NODE_NOT_PASSED,
        r"Failed creating base context during opening of kernel driver",
    ),
    S(
        C.NPU_DEVICE_NODE_PERMISSION_DENIED,
        r"\bopen (?:vpu|apu|npu|rknpu|hailo\d?|apex_\d)\b.{0,40}?(?:Permission denied|errno.{0,3}13\b)",
    ),
    S(C.PERF_CPU_FALLBACK_OPS, r"Number of operations that will run on Edge TPU: 0(?!\d)"),
    S(
        C.LINUX_SYSTEM_RUNTIME_LIB_MISSING,
        r"\blib(?:GL\.so\.1|c\+\+\.so\.1): cannot open shared object file",
    ),
    S(
        C.CUSTOM_OP_LIBRARY_NOT_LOADED,
        r"Encountered unresolved custom op: \w{1,60}",
        r"Select TensorFlow op\(s\), included in the given model",
    ),
    # TensorRT 7 on CUDA 10.2 without its cuBLAS patch
    S(C.CUDA_TOOLKIT_RELEASE_REGRESSION, r"CublasLtWrapper::getCublasLtHeuristic"),
    # an older onnxruntime library (System32's) found before the application's own
    S(
        C.FOREIGN_LIB_SHADOWS_APP_BUNDLED_LIB,
        r"The given version \[\d{1,3}\] is not supported, only version 1 to \d{1,3} is supported in this build",
    ),
    # an extension compiled by an nvcc of another CUDA than torch's
    S(C.TORCH_EXTENSION_ABI_MISMATCH, r"undefined symbol: __cuda(?:Pop|Push)CallConfiguration"),
    S(
        C.CUDA_DEV_LIB_NOT_ON_LINKER_PATH,
        r"\bld: library not found for -l(?:cudart|cuda|cublas\w{0,3}|cufft|curand|cusparse|cusolver|nvrtc|nccl|cudnn)\b",
    ),
    S(
        C.METAL_BACKEND_COMPILER_CRASH,
        r"Compilation failed due to an interrupted connection",
        r"XPC_ERROR_CONNECTION_INTERRUPTED\. \(AGX",
    ),
    # Julia's GPU packages: an exception thrown in a kernel
    S(C.DEVICE_SIDE_ASSERT, r"\bKernelException: A \w{2,30} was thrown on device"),
    S(
        C.PUBLISHED_GPU_WHEEL_ARCHIVE_CORRUPT,
        r"dist-info/WHEEL' file: KeyError",
    ),
    # wave 66: HPC libraries, Julia's GPU compilers, profilers, NPUs on Windows and Linux
    S(
        C.GPU_KERNEL_CODE_NOT_COMPILABLE_FOR_DEVICE,
        r"InvalidIRError: compiling (?:kernel|MethodInstance) .{0,200}?resulted in invalid LLVM IR",
        r"KernelError: kernel returns a value of type",
    ),
    S(
        C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        r"Cuda driver is not compatible with Nsight (?:Compute|Systems)",
    ),
    S(
        C.NVML_PRIVILEGED_OPERATION_AS_USER,
        r"does not have permission to access NVIDIA GPU Performance Counters",
        r"\bERR_NVGPUCTRPERM\b",
    ),
    # a compiler, not the GPU, out of host memory
    S(
        C.HOST_OOM,
        r"\bcc1plus(?:\.exe)?: out of memory allocating \d{1,20} bytes",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.WINDOWS_DLL_EXPORT_LIMIT_EXCEEDED,
        r"\bexport ordinal too large\b",
        r"\bLNK1189: library limit of 65535 objects exceeded",
    ),
    S(C.USER_KERNEL_OUT_OF_BOUNDS_ACCESS, r"AddressSanitizer: [\w-]{4,40} on amdgpu device \d"),
    S(
        C.HIP_DEVICE_SANITIZER_NEEDS_XNACK_TARGET,
        r"ignoring '-fsanitize=address' option for offload arch",
    ),
    S(C.NO_DISPLAY_FOR_WINDOWED_SIMULATOR, r"X11: The DISPLAY environment variable is missing"),
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"Illegal instruction detected: [^\n]{0,80}?not supported on GFX\d{1,2}\+?",
        supersedes=(C.CPU_NO_AVX,),
    ),
    # a kernel module built by another gcc than the kernel's: what explains a flag gcc rejects
    S(
        C.DRIVER_MODULE_TOOLCHAIN_MISMATCH,
        r"the compiler differs from the one used to build the kernel",
        strength=SYMPTOM,  # printed by many module builds that fail for another cause
        needs_failure=True,
    ),
    S(
        C.HOST_COMPILER_REJECTS_BUILD_FLAG,
        r"(?:c\+\+|g\+\+|gcc|cc1plus|cc1|clang\+\+|clang): error: unrecognized command[- ]line option '-(?!-offload-arch|ftrivial-auto-var-init)[\w=+.-]{2,60}'",
        strength=SYMPTOM,  # a kernel module's build: the kernel's flags, another gcc
        explained_by=(C.DRIVER_MODULE_TOOLCHAIN_MISMATCH,),
    ),
    S(
        C.NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME,
        r"MAPPED_INFERENCE_VERSION is NOT compatible with the ELF",
    ),
    S(
        C.NPU_NOT_DETECTED_OR_UNSUPPORTED,
        r"\bNo (?:AMD |Intel |Ryzen AI )?NPU (?:device )?(?:was )?(?:detected|found)",
    ),
)
