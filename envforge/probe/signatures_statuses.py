"""Signatures of what waves 43 to 45 of the corpus showed in wordings no table knew, written for the
class: the status enumerations of CUDA's math libraries (cuSOLVER, cuSPARSE, cuFFT, cuRAND,
cuTENSOR, nvJPEG, NPP, NVRTC) read by what each status means, not by the routine a thread printed; a
library handle that could not be made; NVML's reset and in-use; Theano's CNMeM pool; the memory
limits of batch schedulers other than Slurm; libtpu; XLA's CUDA graphs and its ptxas refusals;
amdgpu's initialisation and AMD's device plugin without /dev/kfd; HIP's no-device error; NVTX 2
gone from CUDA 12; Windows' path limit; macOS' dyld naming a torch symbol; a device list CUDA
cannot parse; autoconf probing NVML without the driver; Metal's language standards and Metal 4's
headers; Core ML's model versions; jax-metal's dialect; musl's loader under glibc binaries; apt
and containerd; ZeroGPU; Jetson's EGL display; the driver API's out-of-memory name. The messages
of the projects' own troubleshooting pages are in ``signatures_manuals``. Data only, in the format
of the other sections (``signatures``'s docstring); standard library only.
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
    # the driver API's name for a failed allocation, alone (any more precise reading of its line
    # supersedes it)
    S(C.GPU_OOM, r"\bCUDA_ERROR_OUT_OF_MEMORY\b", strength=SYMPTOM),
)
