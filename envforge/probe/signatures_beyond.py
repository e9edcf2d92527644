"""The signatures of stop 45's waves (63 to 67): the stack beyond CUDA's own libraries. OpenCL's
loader without a vendor file, compute clients and renderers, vector search and gradient boosting,
wheel builds and CI runners, ONNX Runtime's packages, edge and mobile NPUs (RKNN, the Edge TPU,
Hexagon, TFLite's delegates), Julia's and Rust's GPU runtimes, profilers and HIP's sanitizer, in
the wordings of their printers.

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["BEYOND"]

C = Code

BEYOND: tuple[Signature, ...] = (
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
    # wave 67: libtorch's CMake, TensorRT's and JAX's own checks, profilers, GL and system libraries
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"Your installed Caffe2 version uses cuDNN but I cannot find the cuDNN libraries",
        r"Caffe2: Cannot find cuDNN library",
        r"CUDA is not installed or nvcc is not available",
    ),
    S(
        C.MIXED_PRECISION_ON_OLD_GPU,
        r"Half2 support requested on hardware without native FP16 support",
    ),
    S(
        C.JAX_EXPORTED_DEVICE_COUNT_MISMATCH,
        r"Exported module \S{1,80} was lowered for \d{1,5} devices and is called in a context with \d{1,5} devices?",
    ),
    S(C.NVML_PRIVILEGED_OPERATION_AS_USER, r"\bCUPTI_ERROR_INSUFFICIENT_PRIVILEGES\b"),
    S(
        C.EXPORTED_PROGRAM_LOWERED_FOR_OTHER_PLATFORM,
        r"The current platform \w{2,10} is not among the platforms required by the module",
    ),
    S(
        C.TF_WHEEL_HEADERS_EXPECT_THIRD_PARTY_CUDA_INCLUDE,
        r"gpus/cuda/include/\w{2,40}\.h: No such file",
        supersedes=(C.PYTHON_DEV_HEADERS_MISSING,),
    ),
    # macOS's loader: a framework's native runtime (OpenMP, libc++) not on the rpath
    S(
        C.FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH,
        r"Library not loaded: (?:@rpath/)?lib(?:omp|c\+\+\.1|torch\w{0,12}|c10\w{0,6})\.dylib",
    ),
    S(
        C.LINUX_SYSTEM_RUNTIME_LIB_MISSING,
        r"\blib(?:openblas\.so\.0|gomp\.so\.1): cannot open shared object file",
    ),
    S(C.NVML_METRIC_UNSUPPORTED_ON_GPU, r"\bNVMLError_NotSupported\b"),
    S(
        C.CONDA_ENV_GL_LIBS_SHADOW_HOST_DRIVER,
        r"undefined symbol: _glapi_tls_Current",
        supersedes=(C.TORCH_EXTENSION_ABI_MISMATCH,),
    ),
    # wave 68: trainers' attention and MPS limits, RDMA and GPUDirect, torch.load, apex, cuML
    S(C.FORCED_ATTENTION_BACKEND_UNSUPPORTED, r"Query, key, and value must be on a CUDA device"),
    S(C.MPS_NDARRAY_SIZE_LIMIT, r"MPSGraph does not support tensor dims larger than INT_MAX"),
    S(
        C.NVIDIA_PEERMEM_MODULE_NOT_LOADED,
        r"\bnvidia[_-]peermem (?:not detected|module is not loaded|is not loaded)",
    ),
    S(C.RDMA_MR_SIZE_LIMIT_EXCEEDED, r"\bOut of mr size: \d{1,20}, max \d{1,20}"),
    # torch.load's weights_only default (PyTorch 2.6): a checkpoint pickling another class
    S(
        C.TORCH_LOAD_WEIGHTS_ONLY_UNSUPPORTED_GLOBAL,
        r"Unsupported global: GLOBAL [\w.]{1,120} was not an allowed global",
    ),
    S(C.PERF_CPU_FALLBACK_OPS, r"\[cuml\.accel\] `[\w.]{1,60}` falling back to CPU"),
    S(C.LIBRARY_CALLS_OTHER_BACKEND_API, r"Cannot execute emptyCache\(\) without MPS backend"),
    # apex installed without its CUDA extensions (a Python-only build)
    S(
        C.PACKAGE_CUDA_EXTENSION_NOT_BUILT,
        r"No module named '(?:fused_layer_norm_cuda|amp_C|fused_adam_cuda|apex_C|syncbn|fused_dense_cuda|mlp_cuda)'",
    ),
)
