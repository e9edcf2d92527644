"""The signatures of CUDA's and cuDNN's libraries (section C of the catalogue).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import CUDNN, INFO, NO_DEVICE, SYMPTOM, S, Signature, cuda_error_number

__all__ = ["LIBRARIES"]

C = Code

LIBRARIES: tuple[Signature, ...] = (
    # C. CUDA and cuDNN libraries
    S(
        C.CUDNN_VERSION_MISMATCH,
        r"CuDNN library major and minor version needs to match",
        r"Could not load symbol cudnn\w{1,60}",
        r"Loaded runtime CuDNN library: [\d.]{1,20} but source was compiled with:? [\d.]{1,20}",
        r"Loaded runtime CuDNN library: \d{1,8} \(compatibility version \d{1,8}\) but source was compiled with \d{1,8}",
        r"CuDNN library needs to have matching major version and equal or higher minor version",
        r"Found cuDNN version \d{3,6}, but \w{1,20} was built against version \d{3,6}",
        r"cuDNN version incompatibility",
        r"Outdated cuDNN installation found",
        r"cuDNN version mismatch",
    ),
    S(
        C.CUDNN_VERSION_MISMATCH,
        r"DNN library is not found",
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.PIP_NVIDIA_LIBS_NOT_ON_PATH),
    ),
    S(
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Could not locate zlibwapi\.dll",
        # (a space in the quoted name: the message hard-wrapped there, joined at a word)
        r"Could not load dynamic library '(lib[\w.][\w. ]{0,80})' ?; dlerror: (?!\1)lib[\w.]{1,80}: cannot open shared object file",
        r"Could not load library (lib[\w.]{1,80})\. Error: (?!\1)lib[\w.]{1,80}: cannot open shared object file",
        r"lib(?:cu\w{1,20}|nv\w{1,20})\.so[\d.]{0,10}: undefined symbol: \w{1,120}, version lib\w{1,40}\.so",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE),
    ),
    S(  # a C++ symbol of torch (c10::, at::, torch::) an extension was linked against
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"\.so: undefined symbol: _ZN\w{0,12}(?:c10|at|torch|caffe2)\w{0,300}",
        r"undefined symbol: _ZN(?:K?\d{1,2})?(?:c10|at|torch)\w{0,300}",
        r"xFormers can'?t load C\+\+/CUDA extensions\. xFormers was built for(?!.{0,200}\+cpu\))",
        r"(?:flash_attn|xformers|torchvision|torchaudio|detectron2|mmcv)\w{0,40}.{0,200}undefined symbol",
        r"\[sgl_kernel\] CRITICAL: Could not load any common_ops library",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_LIB_TRANSITIVE_DEP_MISSING),
    ),
    S(
        C.XLA_NVLINK_TOO_OLD,
        r"nvlink fatal\s{0,4}: Input file .{0,300}newer than toolkit",
    ),
    S(
        C.CONTAINER_SECCOMP_BLOCKS_CUDA,
        r"OS call failed or operation not supported on this OS",
        r"cudaErrorOperatingSystem",
        r"CUDA_ERROR_OPERATING_SYSTEM",
    ),
    S(  # TensorFlow's first line on a machine without CUDA: benign there
        C.CUDA_RUNTIME_NOT_LOADABLE,
        r"Could not load dynamic library '(?:libcudart\.so|cudart64_)[\w.]{0,20}'",
        needs_gpu=True,
        implies=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Failed to create CUDAExecutionProvider",
        r"LoadLibrary failed with error 126.{0,200}onnxruntime_providers_cuda",
        r"CUDA Setup failed despite GPU being available",
        r"Library (?:lib)?(?:cublas|cublasLt|cudnn|cufft|cusparse|curand|nvrtc|cudart)\w{0,20}(?:\.so[\d.]{0,8}|\.dll) is not found or cannot be loaded",
        r"lib(?:nvrtc|cudnn|cublas|cufft|cusparse|curand|cudart)\S{0,30} not found in the system path",
        r"Unable to load (?:cuSPARSE|cuBLAS|cuFFT|cuDNN|cuSOLVER|CUDA|cuPTI|NCCL)\. Is it installed\?",
        r"Cannot load lib(?:nvcuvid|nvidia-encode|cuda)\.so",
        r"Could not load dynamic library '(?:libcudnn|libcublas|libcufft|libcusolver|libcusparse|libcurand|libnvJitLink|libnvrtc)",
        r"Could not load dynamic library '(?:cublas|cudnn|cufft|cusolver|cusparse|curand)\w{0,20}\.dll'",
        r"Cannot dlopen some GPU libraries",
        # TensorFlow loads the libraries beyond cudart only once the driver has shown it a GPU
        r"Could not load dynamic library '(?:lib)?(?:cublas|cublasLt|cudnn|cufft|curand|cusolver|cusparse)\w{0,12}[.'\w]",
        r"Couldn'?t open CUDA library",
        r"Unable to load cuDNN DSO",
        r"Could not load library (lib(?:cudnn|cublas)[\w.]{1,60})\. Error: \1: cannot open shared object file",
        r"Could not locate (?:cudnn|cublas)\w{0,30}\.dll",
        r"Could not load library (?:lib)?(?:cudnn|cublas|cufft|curand|cusolver|cusparse)\w{0,30}(?:\.so[\d.]{0,12}|\.dll)\. Error",
        r"Unable to load any of \{(?:lib)?(?:cudnn|cublas|cufft|curand|cusolver|cusparse|nvrtc)\w{0,30}",
        r"The cu(?:SPARSE|BLAS|FFT|SOLVER|DNN|RAND) library was not found",
        r"Could not find '(?:cudart|cudnn|cublas|cufft|curand|cusolver|cusparse|nvcuda)\w{0,12}\.dll'",
        r"(?:cudnn|cublas|cufft|cusparse|cusolver)\w{0,20}\.dll not found",
        r"lib(?:cudnn|cublas|cublasLt|cufft|cusparse|cusolver|curand|nvrtc|nccl|nvJitLink|cupti|nvshmem)\w{0,12}\.so[\d.]{0,12}: cannot open shared object file",
        # cuda-pathfinder (CuPy, cuda-python): a library searched for everywhere it looks
        r"DynamicLibNotFoundError: Failure finding \"lib\w{2,30}\.so",
        # ONNX Runtime asked for an execution provider whose CUDA/TensorRT libraries are missing
        r"Failed to load library libonnxruntime_providers_(?:cuda|tensorrt)\.so with error: \S{1,80}: cannot open shared object file",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    S(
        C.CUDA_RUNTIME_NOT_LOADABLE,
        r"unable to load cudart",
        r"(?<!dlerror: )libcudart\.so[\d.]{0,12}: cannot open shared object file",
        implies=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(  # TensorFlow's cuDNN stub: the library did not load, so none of its symbols resolve
        C.CUDA_LIBS_NOT_FOUND,
        r"Invalid handle\. Cannot load symbol cudnn\w{1,40}",
    ),
    S(
        C.PIP_NVIDIA_LIBS_NOT_ON_PATH,
        r"Could not find cuda drivers on your machine, GPU will not be used",
        needs_gpu=True,
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.DRIVER_NOT_AVAILABLE, C.CONTAINER_GPU_NOT_REQUESTED),
    ),
    S(
        C.CUDNN_INIT_FAILED,
        r"CUDNN_STATUS_EXECUTION_FAILED",
        r"Could not create cudnn handle: CUDNN_STATUS_\w{1,30}",
        r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize",
        r"failed to create cublas handle: CUBLAS_STATUS_\w{1,30}",
        r"Blas x?GEMM launch failed",
        r"DNN library initialization failed",
        r"CUDNN_STATUS_NOT_INITIALIZED",
        r"CUDNN_STATUS_INTERNAL_ERROR",
        r"CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED)",
        strength=SYMPTOM,
        explained_by=CUDNN,
    ),
    S(
        C.CUDA_KERNEL_FAULT,
        r"unspecified launch failure",
        r"an illegal memory access was encountered",
        r"CUDA_ERROR_ILLEGAL_ADDRESS",
        r"CUBLAS_STATUS_EXECUTION_FAILED",
        r"misaligned address",
        r"an illegal instruction was encountered",
        r"Invalid __(?:global|shared|local)__ (?:read|write|atomic) of size \d{1,4} bytes",
        r"CUDA_ERROR_LAUNCH_FAILED",
        r"(?:cuda|hip)ErrorLaunchFailure",  # the runtime's and HIP's names of 719
        *cuda_error_number(700, 719),
        # a kernel the build lacks for this GPU, or one that could not launch for its resources,
        # named on another line, is why it failed
        explained_by=(
            C.GPU_FEATURE_NEEDS_NEWER_ARCH,
            C.WHEEL_LACKS_ARCH_KERNELS,
            C.GPU_ARCH_TOO_OLD,
            C.GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT,
        ),
    ),
    S(  # JAX: cuSOLVER and cuSPARSE load nvJitLink, which pip's wheels must match
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Unable to load cu(?:SOLVER|SPARSE)\b",
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"CUDA_HOME environment variable is not set",
        # the build runs nvcc where CUDA_HOME (or PATH) says, and there is none
        r"/bin/nvcc:? (?:command )?not found",
        r"(?:^|\s)nvcc: (?:command )?not found",
        r"No such file or directory: '[^']{0,200}/bin/nvcc(?:\.exe)?'",
        r"'nvcc(?:\.exe)?' is not recognized as an internal or external command",
        r"The term 'nvcc(?:\.exe)?' is not recognized as (?:the )?name of a cmdlet",
        # JIT builders that look for nvcc themselves (FlashInfer)
        r"Could not find nvcc\b",
        supersedes=(C.JIT_HOST_COMPILER_MISSING,),
    ),
    S(
        C.HOST_COMPILER_TOO_NEW_FOR_NVCC,
        r"unsupported GNU version! gcc versions later than \d{1,2} are not supported",
        r"unsupported Microsoft Visual Studio version! Only the versions between \d{4} and \d{4}",
    ),
    S(  # a compiler a framework runs at run time: torch.compile, extensions, Theano, Triton
        C.JIT_HOST_COMPILER_MISSING,
        r"Compiler: \S{1,40} is not found",
        r"Cannot find compiler '\S{1,40}' in PATH",
        r"g\+\+ not (?:detected|available)",
        r"Failed to find C compiler\. Please specify via CC",
        r"Microsoft Visual C\+\+ 14\.0 or greater is required",
        r"InvalidCxxCompiler",
        r"Error checking compiler version for cl",
    ),
    S(
        C.XLA_TOOLCHAIN_MISSING,
        r"(?:Could not|Couldn'?t|Can'?t) find (?:a suitable version of )?ptxas",
        r"No such file or directory: '[^']{0,200}ptxas'",
        r"libdevice not found at",
        r"Can'?t find libdevice directory",
        r"Couldn'?t invoke ptxas",
        r"ptxas not found",
        r"Couldn'?t get ptxas version",
        r"Failed to launch ptxas",
        r"xla_gpu_cuda_data_dir",
    ),
    S(
        C.XLA_PTXAS_TOO_OLD,
        r"ptxas does not support CC \d{1,2}\.\d",
        r"ptxas too old",
        r"Unsupported \.version \d{1,2}\.\d{1,2}; current version is",
        r"You are using ptxas [\d.]{1,20}, which is older than [\d.]{1,20}",
        r"ptxas .{0,120}known to miscompile XLA code",
        r"ptxas version .{0,60}(?:is older than|is known to)",
    ),
    S(
        C.MPS_OP_NOT_IMPLEMENTED,
        r"is not current(?:ly)? implemented for the MPS device",
        r"Could not run '[\w:.]{1,80}' with arguments from the '(?:Sparse)?MPS' backend",
    ),
    S(
        C.MPS_FLOAT64_UNSUPPORTED,
        r"MPS framework doesn'?t support float64",
        r"Cannot convert a MPS Tensor to float64",
    ),
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"is not currently supported on the (?:MPS|DML|XPU|\w{2,12}) backend and will fall back to run on the CPU",
        r"MPS: [\w ]{1,60} op is supported natively starting from macOS [\d.]{1,6}\. Falling back on CPU",
    ),
    S(
        C.CPU_ONLY_HOST_BENIGN,
        r"Could not find any nv (?:files|libraries) on this host",
        strength=INFO,
    ),
    S(
        C.CPU_ONLY_TF_BUILD,
        r"compiled without GPU support",
        r"was(?:n'?t| not) buil[dt] with CUDA support",
        r"No GPU/TPU found, falling back to CPU",
        # JAX guesses a GPU from the machine's files; printed where none is wanted too
        r"An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed",
        r"GPUAccelerator can not run on your system since the accelerator is not available",
        # PyTorch's CPU-only wheel (the +cpu local version) where a GPU is wanted
        r"\b[Tt]orch[ :=]{1,3}v?\d\.\d{1,2}\.\d{1,2}\+cpu\b",
        r"Using CPU-only Torch",
        r"Device API cuda is not enabled",  # DGL's CPU build
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(C.DRIVER_NOT_AVAILABLE, C.CUDA_LIBS_NOT_FOUND, *NO_DEVICE),
    ),
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"Found (?:CUDA|cuBLAS|cuFFT|cuSPARSE|cuSOLVER|cuPTI|NCCL) version \d{3,6}, but \w{1,20} was built against version",
        explained_by=(C.GPU_EXTRA_NOT_PROVIDED_BY_RELEASE,),
    ),
    S(  # cudaErrorNoDevice: the GPUs are hidden (the environment, a job, a container) or absent
        C.GPU_HIDDEN_BY_ENV,
        r"cudaErrorNoDevice",
        r"No visible GPU devices",
        r"nvidia-container-cli: device error",
        r"no CUDA-capable device is detected",
        r"CUDA_ERROR_NO_DEVICE",
        r"No CUDA GPUs are available",
        r"cudaGetDeviceCount\(\)? returned 100",
        *cuda_error_number(100),
        r"using GPU version Paddle, but your CUDA device is not set properly",
        strength=SYMPTOM,
        needs_gpu=True,
        explained_by=(
            C.SLURM_GPU_NOT_REQUESTED,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.DRIVER_NOT_AVAILABLE,
            C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
            C.K8S_NO_GPU_RESOURCE,
            C.SINGULARITY_NO_NV,
        ),
    ),
    S(  # a GPU index the process cannot see: code asking too much, or GPUs hidden from it
        C.GPU_INDEX_OUT_OF_RANGE,
        r"invalid device ordinal",
        r"Attempting to deserialize object on CUDA device \d{1,3} but torch\.cuda\.device_count\(\) is \d{1,3}",
        strength=SYMPTOM,
        explained_by=(
            C.GPU_HIDDEN_BY_ENV,
            C.SLURM_GPU_NOT_REQUESTED,
            C.CONTAINER_GPU_NOT_REQUESTED,
            C.K8S_NO_GPU_RESOURCE,
            C.DRIVER_NOT_AVAILABLE,
        ),
    ),
    S(
        C.GPU_NOT_REGISTERED,
        r"no devices matching that specification are registered in this process",
        strength=SYMPTOM,
        explained_by=(
            *NO_DEVICE,
            C.CUDA_LIBS_NOT_FOUND,
            C.CPU_ONLY_TF_BUILD,
            C.DRIVER_NOT_AVAILABLE,
        ),
    ),
    S(
        C.FRAMEWORK_IMPORT_FAILED,
        r"Failed to load the native TensorFlow runtime",
        r"ImportError: DLL load failed",
        strength=SYMPTOM,
    ),
    S(
        C.TENSORRT_MISSING_BENIGN,
        r"TF-TRT Warning: (?:Could not find TensorRT|Cannot dlopen some TensorRT libraries)",
        r"Could not load dynamic library 'libnvinfer(?:_plugin)?\.so",
        r"Cannot dlopen some TensorRT libraries",
        strength=INFO,
    ),
    S(  # PyTorch's cudaMallocAsync backend (ComfyUI and Fooocus turn it on) on a GPU or driver
        # without it: the first allocation fails
        C.CUDA_MALLOC_ASYNC_UNSUPPORTED,
        r"CUDA error: operation not supported",
        r"cudaErrorNotSupported",
        r"cudaMallocAsync.{0,80}(?:not supported|unsupported)",
        r"CUDA_ERROR_NOT_SUPPORTED: operation not supported",
    ),
    S(  # CTranslate2's int8 GEMMs on an architecture its cuBLAS build has no int8 path for
        C.QUANTIZED_COMPUTE_TYPE_UNSUPPORTED_ON_ARCH,
        r"cuBLAS failed with status CUBLAS_STATUS_NOT_SUPPORTED",
        r"Requested int8 compute type, but the target device or backend do not support efficient int8",
    ),
    S(  # a Linux-only build on Windows: bitsandbytes < 0.43 falls back to its CPU library
        C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY,
        r"Loading binary [A-Za-z]:[/\\]\S{0,200}libbitsandbytes_cpu\.so",
        r"WindowsPath\('/usr/local/cuda/lib64'\)",  # its Linux-only CUDA setup, searching on Windows
        r"libbitsandbytes_cpu\.so: cannot open shared object file.{0,80}[A-Za-z]:/",
        supersedes=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE),
    ),
    S(  # run-time builds (Triton's launcher, extensions) against Python without its headers
        C.PYTHON_DEV_HEADERS_MISSING,
        r"fatal error: Python\.h: No such file or directory",
        r"Cannot open include file: 'Python\.h'",
        supersedes=(C.JIT_HOST_COMPILER_MISSING, C.BUILD_FAILED),
    ),
    S(  # Triton links its launcher with -lcuda: the linker needs a libcuda.so (not only .so.1)
        C.TRITON_LIBCUDA_SO_NOT_FOUND,
        r"cannot find -lcuda\b",
        r"libcuda\.so cannot found",
        supersedes=(C.JIT_HOST_COMPILER_MISSING, C.DRIVER_NOT_AVAILABLE),
    ),
    S(
        C.TRITON_MISSING_FOR_TORCH_COMPILE,
        r"Cannot find a working triton installation",
        r"TritonMissing",
        supersedes=(C.JIT_HOST_COMPILER_MISSING,),
    ),
    S(
        C.ROCM_HIPBLASLT_UNSUPPORTED_ARCH,
        r"Attempting to use hipBLASLt on a? ?unsupported architecture",
        r"hipblaslt.{0,80}(?:not supported|unsupported) (?:on|for) (?:this )?(?:arch|gfx)",
        supersedes=(C.ROCM_GPU_ISA_UNSUPPORTED,),
    ),
    S(  # a JAX PJRT plugin whose own library needs one that is missing
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"Failed to open \S{0,200}xla_(?:rocm|cuda)\w{0,20}_plugin\.so: \S{1,80}: cannot open shared object file",
        # the same from the plugin's name on (a hard wrap may cut the path before it)
        r"xla_(?:rocm|cuda)\w{0,20}_plugin\.so: ?\S{1,80}: ?cannot open shared object",
        supersedes=(C.JAX_JAXLIB_VERSION_MISMATCH, C.CUDA_LIBS_NOT_FOUND),
    ),
    S(  # NVRTC is there but its builtins library (a separate file it opens by name) is not
        C.CUDA_LIB_TRANSITIVE_DEP_MISSING,
        r"failed to open libnvrtc-builtins\S{0,40}\.(?:so|dll)",
        r"nvrtc-builtins\S{0,40}\.dll (?:was )?not found",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(  # TF-TRT was used (a conversion, a TensorRT op) and TensorRT's library is missing: it aborts
        C.CUDA_LIBS_NOT_FOUND,
        r"getInferLibVersion symbol not found",
    ),
)
