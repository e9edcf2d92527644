"""Signatures of the classes wave 40 of the corpus showed in wordings no table knew: builds from
source (CMake finding no CUDA compiler or a ROCm SDK, nvcc's host compiler checks, a toolkit that
removed what old sources use, a build host without the driver), the container toolkit's own
messages (an engine too old for its hook, a kernel's eBPF, the automatic CDI spec, a driver older
than the toolkit, --gpus in csv or cdi mode, the device plugin's health check), collectives (NCCL
built against the shared CUDA runtime, a custom all-reduce without P2P, RDMA's locked memory,
workers of mixed device types), inference runtimes (TensorRT's plugins, an SM it does not know,
weights that do not fit the network, ONNX Runtime's providers, NGC's GPU check), TensorFlow's
add-ons built for another TensorFlow, static TLS, and the training libraries' own checks; and wave
41's: clouds refusing a GPU shape or a quota, remapped rows, DKMS' summary naming a release
candidate or an LLVM-built kernel, a GPU reset a client blocks, vLLM's KV cache, Metal's buffer
limit, MNN's backend plugins, Julia's JLL libraries, Level Zero's GPU driver, XLA's ROCm bitcode,
DirectML's PrivateUse1 key, Vulkan's incompatible driver; pip finding no release of a wheel bound
to a platform (CuPy per CUDA, onnxruntime-gpu, MLX), TensorRT's libraries where a program loads them,
HIP's error enumeration and NVML's insufficient power. Data only, in the format of the other
sections (``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["TOOLCHAINS"]

C = Code

# what pip prints when no release of a requirement fits
_PIP_NONE = r"(?:No matching distribution found for|Could not find a version that satisfies the requirement)"
# what makes CMake's CUDA compiler check fail, besides no compiler at all
_NVCC_REFUSES = (
    C.HOST_COMPILER_TOO_NEW_FOR_NVCC, C.BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC,
    C.NVCC_WINDOWS_HOST_COMPILER_NOT_MSVC, C.HOST_GLIBC_TOO_NEW_FOR_CUDA_HEADERS,
    C.STRAY_NVCC_SHADOWS_CUDA_TOOLKIT, C.CMAKE_TOO_OLD_FOR_CUDA_TOOLKIT,
)  # fmt: skip

TOOLCHAINS: tuple[Signature, ...] = (
    # builds: CMake finds no nvcc (PATH, CUDACXX, CUDAToolkit_ROOT)
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"No CMAKE_CUDA_COMPILER could be found",
        r"Could not find nvcc,? please set CUDAToolkit_ROOT",
        r"Could NOT find CUDA(?:Toolkit)? \(missing: (?:CUDA_TOOLKIT_ROOT_DIR|CUDA_NVCC_EXECUTABLE)",
    ),
    # CMake's compiler check failed: no nvcc, or one that refuses this host (a cause elsewhere says)
    S(
        C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD,
        r"The CUDA compiler identification is unknown",
        r"Failed to detect a default CUDA architecture",
        strength=SYMPTOM,
        explained_by=_NVCC_REFUSES,
    ),
    S(
        C.ROCM_SDK_NOT_FOUND_FOR_BUILD,
        r"cannot find ROCm device library",
        r"cannot find HIP runtime",
        r"package configuration file provided by \"(?:hip|hipblas|hipblaslt|rocblas|rocprim|hipcub|"
        r"miopen|amd_comgr|hsa-runtime64|rocm\w{0,20})\"",
    ),
    S(
        C.EXTENSION_SOURCE_TOO_OLD_FOR_TORCH,
        r"#error You need C\+\+17 to compile PyTorch",
        r"C\+\+17 or later compatible compiler is required to use (?:PyTorch|ATen)",
    ),
    S(C.STRAY_NVCC_SHADOWS_CUDA_TOOLKIT, r"nvcc fatal ?: Path to libdevice library not specified"),
    S(
        C.HOST_COMPILER_TOO_NEW_FOR_NVCC,
        r"The current installed version of \S{1,20} \([\d.]{1,16}\) is greater than the maximum "
        r"required version by CUDA",
        r"nvcc fatal ?: The version \('\d{1,8}'\) of the host compiler \('[\w ]{1,40}'\) is not supported",
    ),
    S(C.NVCC_WINDOWS_HOST_COMPILER_NOT_MSVC, r"nvcc fatal ?: Host compiler targets unsupported OS"),
    # libcuda (the driver's) is what CMake's FindCUDA could not find: a login or build node
    S(
        C.BUILD_NODE_LACKS_GPU_DRIVER,
        r"\bCUDA_CUDA_LIBRARY(?: \(ADVANCED\)|:FILEPATH=CUDA_CUDA_LIBRARY-NOTFOUND)",
        r"Could NOT find CUDA \(missing: CUDA_CUDA_LIBRARY\)",
    ),
    # what newer toolkits removed: cudaDeviceProp's members (CUDA 13), texture references (12),
    # cuSPARSE's legacy routines (11)
    S(
        C.CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE,
        r"class \"cudaDeviceProp\" has no member \"\w{1,40}\"",
        r"'(?:struct )?cudaDeviceProp' has no member named",
        r"error: texture is not a template",
        r"identifier \"cudaBindTexture\w{0,12}\" is undefined",
        r"identifier \"cusparse[SDCZ](?:csrmv|csrmm2?|csr2csc|gthr|doti|dense2csr|csrsv_\w{1,10})\" is undefined",
    ),
    # the container toolkit's own messages
    S(C.CONTAINER_ENGINE_TOO_OLD_FOR_TOOLKIT, r"could not decode OCI spec: json: cannot unmarshal"),
    S(
        C.CONTAINER_TOOLKIT_KERNEL_BPF_UNSUPPORTED,
        r"unable to replace original device filters program",
        r"failed to call BPF_PROG_ATTACH \(BPF_CGROUP_DEVICE.{0,60}?\): (?:can'?t attach program|invalid argument)",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.CDI_AUTOMATIC_SPEC_GENERATION_FAILED,
        r"unresolvable CDI de ?vices:? runtime\.nvidia\.com/gpu",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED, C.CDI_SPEC_DEVICE_MISSING),
    ),
    S(
        C.DRIVER_TOO_OLD_FOR_CONTAINER_TOOLKIT,
        r"nvidia-container-cli(?:\.real)?:.{0,80}\bnvml\b.{0,40}function not found",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.DOCKER_GPUS_FLAG_UNSUPPORTED_IN_RUNTIME_MODE,
        r"invoking the NVIDIA Container Runtime Hook directly .{0,60}is not supported",
        supersedes=(C.CONTAINER_GPU_NOT_REQUESTED, C.CONTAINER_TOOLKIT_NOT_CONFIGURED),
    ),
    S(
        C.DEVICE_PLUGIN_MARKED_GPU_UNHEALTHY,
        r"XidCriticalError: Xid=\d{1,3} on Device=",
        r"'?nvidia\.com/gpu'? device marked unhealthy",
    ),
    # Jetson's csv mode mounts the driver's libraries at run time: a build step sees empty files
    S(
        C.DOCKER_BUILD_HAS_NO_GPU,
        r"lib(?:cublas|cudnn|cudart|cuda|nvinfer|nvrtc|cufft|curand|cusparse|cusolver|nvidia-\w{1,20})"
        r"\w{0,20}\.so[\d.]{0,20}:? {1,2}file not recognized: File truncated",
    ),
    # hosts: OptiX's runtime is the driver's; NVIDIA's macOS CUDA framework is gone for good
    S(
        C.DRIVER_OPTIX_LIBRARY_MISSING,
        r"OPTIX_ERROR_LIBRARY_NOT_FOUND",
        r"optixInit\(\)\)? failed with (?:code|error) 7804",
        r"libnvoptix\.so\.1: cannot open shared object file",
    ),
    S(
        C.MACOS_LEGACY_CUDA_FRAMEWORK_UNLOADABLE,
        r"/Library/Frameworks/CUDA\.framework/CUDA\b.{0,200}?(?:not valid for use in process|"
        r"no suitable image found|image not found)",
        r"Library not loaded: \S{0,80}CUDA\.framework/",
    ),
    # JCuda's natives are built for one CUDA release: they load only beside that release's libraries
    S(
        C.CUDA_VERSION_MATRIX_MISMATCH,
        r"Error while loading native library \"J\w{2,20}-\d{1,2}\.\d{1,2}\.\d{1,2}-(?:windows|linux|apple)",
        strength=SYMPTOM,
        explained_by=(C.LIBSTDCXX_GLIBC_TOO_OLD, C.CUDA_LIBS_NOT_FOUND, C.DRIVER_NOT_AVAILABLE),
    ),
    # collectives
    S(
        C.NCCL_BUILT_WITH_SHARED_CUDART,
        r"NCCL WARN Cuda failure '?CUDA driver is a stub library",
        supersedes=(C.CUDA_DRIVER_STUB_ON_PATH,),
    ),
    # NCCL before 2.10 reads the GPU's PCI path from sysfs, which WSL 2 does not have
    S(
        C.NCCL_TOO_OLD_FOR_GPU_PLATFORM,
        r"NCCL WARN Could not find real path of /sys/class/pci_bus/",
    ),
    S(
        C.CUSTOM_ALLREDUCE_WITHOUT_P2P,
        r"custom_all_reduce\S{0,40}:\d{1,5} '?peer access is not supported",
        supersedes=(C.NCCL_CUMEM_HOST_WITHOUT_P2P, C.PCIE_IOMMU_ACS_BLOCKS_P2P),
    ),
    S(
        C.RDMA_MEMLOCK_LIMIT_TOO_LOW,
        r"ibv_(?:create_cq|reg_mr|create_qp|reg_dmabuf_mr)\S{0,60} failed(?: ?with ?error)?:? ?Cannot ?allocate ?memory",
        r"failed to initialize while trying to allocate some locked memory",
        supersedes=(C.NCCL_INTERNODE_NETWORK, C.HOST_OOM),
    ),
    S(
        C.DIST_WORKERS_MIXED_DEVICE_TYPES,
        r"with type (?:GPU|CPU) and group_key \d{1,6} but that group has type (?:CPU|GPU)",
    ),
    S(
        C.CONSUMER_GPU_NO_P2P_NCCL_FLAGS_REQUIRED,
        r"Using RTX 4000 series (?:which )?doesn'?t support faster communication broadband via P2P or IB",
    ),
    # inference runtimes
    # TensorRT's libraries missing where a program needs them (TF-TRT's own dlerror is benign)
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"(?:ImportError|OSError|RuntimeError|error while loading shared libraries|Failed to load "
        r"library):? ?.{0,200}?libnvinfer\w{0,30}\.so[\d.]{0,12}: cannot open shared object file",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    S(
        C.TRT_PLUGIN_NOT_LOADED,
        r"corresponding IPluginCreator not found in Plugin Registry",
        r"getPluginCreator could not find plugin",
        r"Plugin not found, are the plugin name, version, and namespace correct",
        r"SymbolAddress for getPluginCreators could not be loaded",
        supersedes=(C.TRT_ENGINE_BUILT_FOR_OTHER_GPU,),
    ),
    S(C.WHEEL_LACKS_ARCH_KERNELS, r"trtSmToCask: \d{1,3} \(Unsupported SM\.?\)"),
    S(
        C.GPU_ARCH_TOO_OLD,
        r"Detected NVIDIA .{1,60}? GPU, which is not supported by this container",
    ),
    S(
        C.TRT_WEIGHTS_DONT_MATCH_NETWORK_DEFINITION,
        r"kernel weights has count \d{1,12} but \d{1,12} was expected",
        r"number of kernel weights does not match tensor dimensions",
    ),
    S(
        C.ORT_GPU_SESSION_WITHOUT_PROVIDERS,
        r"Since ORT 1\.9, you are required to explicitly set the providers parameter",
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    # TensorFlow's add-ons (and any op library) built against another TensorFlow
    S(
        C.TF_OP_LIBRARY_ABI_MISMATCH,
        r"undefined symbol: ?_ZNK?\d{1,2}(?:tensorflow|tflite|tsl)\d",
        r"tensorflow_(?!core)\w{2,40}.{0,200}?\.so: ?undefined symbol",
        supersedes=(C.TORCH_EXTENSION_ABI_MISMATCH,),
    ),
    S(
        C.STATIC_TLS_SLOTS_EXHAUSTED,
        r"cannot load any more object with static TLS",
        r"cannot allocate memory in static TLS block",
    ),
    S(
        C.GPU_EXTRA_DEPENDENCY_ONLY_ON_VENDOR_INDEX,
        _PIP_NONE + r" tensorrt[-_](?:libs|bindings)\b",
        _PIP_NONE + r" ?\S.{0,80}?; ?extra ?== ?\"and-cuda\"",
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
    # pip finds no release of a GPU-only package whose wheels cover x86_64 alone (older CuPy per
    # CUDA release, ONNX Runtime's GPU build): a Python it does not support says so itself
    S(
        C.GPU_WHEEL_NOT_PUBLISHED_FOR_CPU_ARCH,
        _PIP_NONE + r" (?:cupy-cuda\d{2,3}|onnxruntime-gpu)\b",
        strength=SYMPTOM,
        explained_by=(C.PYTHON_UNSUPPORTED,),
    ),
    # MLX is built for Apple silicon's arm64 only: an x86 Python (Rosetta) finds none
    S(
        C.MACOS_X86_BUILD_ON_APPLE_SILICON,
        _PIP_NONE + r" mlx\b",
        r"macosx_\d{1,2}_\d{1,2}_arm64\.whl ?is ?not ?a ?supported ?wheel ?on ?this ?platform",
        strength=SYMPTOM,
        explained_by=(C.PYTHON_UNSUPPORTED,),
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
    # tfjs-node's binding (a pasted Windows path may have had its "\\t" read as a tab)
    S(C.NATIVE_BINDING_BUNDLED_LIB_NOT_STAGED, r"fjs_binding\.node\b"),
    # the training libraries' own checks
    S(C.GPU_LIBRARY_RELEASE_IMPORT_REGRESSION, r"NameError: name 'cuda_setup' is not defined"),
    S(
        C.TRITON_VERSION_MISMATCH_WITH_TORCH,
        r"cannot import name '\w{1,60}' from 'triton(?:\.\w{1,40}){0,4}'",
        supersedes=(C.JIT_HOST_COMPILER_MISSING,),
    ),
    S(
        C.CUDA_USED_AFTER_FORK,
        r"Lightning can'?t create new processes if CUDA is already initialized",
    ),
    S(
        C.PACKAGE_SOURCE_BUILD_UNSUPPORTED_ON_PLATFORM,
        r"Unable to pre-compile async_io",
        r"cannot open input file 'aio\.lib'",
    ),
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"xFormers (?:wasn'?t|was not) buil[dt] with CUDA support",
        supersedes=(C.CPU_ONLY_TF_BUILD,),
    ),
    # wave 41: clouds' GPU shapes and quotas, the host's driver, serving engines, other backends
    S(
        C.CLOUD_GPU_SHAPE_NOT_OFFERED,
        r"The accelerator count \"?\d{1,3}\"? is not allowed",
        r"Accelerator \"?NVIDIA_\w{2,30}\"? is not supported for machine type",
        r"The requested resource \S{1,80}ml\.[a-z0-9]{2,6}\.\w{2,12} is not available in this region",
        r"acceleratorTypes/nvidia-[\w-]{2,40}'? was not found",
        r"currently do(?:es)? not support (?:ml\.)?p\d\w{0,3}(?:\.\w{2,12})? instances",
        supersedes=(C.CLOUD_GPU_QUOTA_EXCEEDED,),
    ),
    S(C.CLOUD_GPU_QUOTA_EXCEEDED, r"You have exceeded your (?:free )?GPU quota"),
    S(
        C.GPU_UNCORRECTABLE_ECC_ERROR,
        r"\bUncorrectable Error ?: ?[1-9]\d{0,5}\b",
        r"Remapping Failure Occurred ?: ?Yes",
    ),
    # DKMS' own summary names the kernel: a release candidate, or one LLVM built
    S(
        C.DRIVER_TOO_OLD_FOR_KERNEL,
        r"Bad return status for module build on kernel: \d{1,2}\.\d{1,2}(?:\.\d{1,3})?-rc\d",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.DRIVER_MODULE_TOOLCHAIN_MISMATCH,
        r"Bad return status for module build on kernel: \S{0,60}\bllvm\b",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.GPU_RESET_BLOCKED_BY_DRIVER_CLIENT,
        r"GPU [0-9A-Fa-f:.]{8,20}: In use by another client",
        r"The following GPUs could not be reset",
        strength=SYMPTOM,  # MIG's mode change resets the GPU too
        explained_by=(C.MIG_MODE_CHANGE_BLOCKED_GPU_IN_USE,),
    ),
    S(
        C.GPU_OOM,
        r"KV cache is needed, which is larger than the available KV cache memory",
        supersedes=(C.HOST_OOM,),
    ),
    S(
        C.METAL_BUFFER_OVER_MAX_LENGTH,
        r"newBufferWith\S{0,40}?:length 0x[0-9a-f]{1,16} must not exceed \d{1,6} MB",
    ),
    S(C.GPU_BACKEND_PLUGIN_NOT_REGISTERED, r"Create Backend Failed because no creator for \d"),
    # Julia's JLL packages define a library's variable only where they have a build of it
    S(
        C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY,
        r"UndefVarError: `?lib\w{1,40}`? not defined",
    ),
    S(
        C.INTEL_GPU_DRIVER_MISSING,
        r"lib(?:ze_intel_gpu|igdrcl)\.so(?:\.\d{1,3})?:? cannot open shared object file",
    ),
    S(C.XLA_TOOLCHAIN_MISSING, r"bitcode module (?:is )?not found at \S{1,200}\.bc"),
    # torch-directml is PyTorch's PrivateUse1 device: legacy constructors know no such key
    S(
        C.DIRECTML_OP_NOT_IMPLEMENTED,
        r"expected key in DispatchKeySet\(.{1,200}?\) but got: PrivateUse1",
    ),
    S(C.VULKAN_ICD_MISSING, r"\bERROR_?INCOMPATIBLE_?DRIVER\b"),
    S(
        C.VULKAN_ICD_MISSING,
        r"No suitable `?wgpu::Adapter`? found",
        strength=SYMPTOM,
    ),
    # HIP's error enumeration (names, and the strings HIP shares with CUDA's): a code object this
    # GPU cannot load; a kernel's illegal access
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"hipErrorSharedObjectInitFailed",
        r"hipErrorInvalid(?:Kernel)?Image",
        r"HIP error: (?:shared object initialization failed|device kernel image is invalid)",
        supersedes=(C.GPU_ARCH_TOO_OLD, C.WHEEL_LACKS_ARCH_KERNELS),
    ),
    S(
        C.ROCM_MEMORY_ACCESS_FAULT,
        r"hipErrorIllegalAddress",
        r"HIP error: an illegal memory access was encountered",
        supersedes=(C.CUDA_KERNEL_FAULT,),
    ),
    # NVML: a GPU without its auxiliary power cannot be started
    S(
        C.GPU_ADAPTER_INIT_FAILED,
        r"NVML_ERROR_INSUFFICIENT_POWER",
        r"Unable to determine the device handle for GPU ?[0-9A-Fa-f:.]{0,20}: Insufficient Power",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
)
