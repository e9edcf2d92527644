"""Signatures of the long tail that waves 23 to 26 of the corpus showed, and wordings of the same
classes written from knowledge, in their printers' words: Apple's MPS and MLX limits, ROCm picking
an integrated GPU, NVENC and NVDEC, PyTorch's TCPStore on Windows, NCCL's cuMem host memory and
NCCL between nodes, Python packages too old for a framework, CPU-only builds of the libraries
beside one, features a GPU is too old for (CTranslate2, PyTorch, cuBLAS, serving stacks), ptxas,
TensorRT and OpenCV refusing an architecture, DKMS builds, Gloo and c10d, the device plugin outside
the NVIDIA runtime, pip's resolver, Level Zero; NVML, DKMS and GSP on hosts, empty driver
libraries in images, Triton's architecture checks, MIG under Kubernetes, EFA, Cray MPICH's GPU
transport, HIP built by the host's compiler. Data only, in the format of the other sections
(``signatures``'s docstring); standard library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

C = Code

TAIL: tuple[Signature, ...] = (
    # Metal Performance Shaders: one tensor over its size limit aborts the process
    S(
        C.MPS_NDARRAY_SIZE_LIMIT,
        r"MPSNDArray[\w.]{0,30}:\d{1,5}: failed assertion",
        r"\[MPSNDArray initWithDevice:descriptor:\] Error: (?:product of dimension sizes|total bytes of NDArray) >",
        r"Error: total bytes of NDArray > 2\*\*3\d",
        supersedes=(C.MPS_OP_NOT_IMPLEMENTED, C.GPU_OOM),
    ),
    # gfx1036 is the integrated GPU of desktop Ryzen 7000 and later: ROCm's default device 0
    # there, beside the discrete GPU the user meant
    S(
        C.ROCM_DEFAULT_DEVICE_IS_IGPU,
        r"for GPU arch ?: ?gfx1036\b",
        r"(?:code object|binary|kernels?) for (?:the )?(?:GPU |device )?(?:arch ?:? )?gfx1036\b",
        supersedes=(C.ROCM_GPU_ISA_UNSUPPORTED,),
    ),
    S(
        C.NCCL_CUMEM_HOST_NUMA_ASYMMETRIC,
        r"attaching to shared memory segment /dev/shm/nccl-\S{0,12} \(size 0\)",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM, C.NCCL_CUMEM_HOST_WITHOUT_P2P),
    ),
    S(
        C.TORCH_WINDOWS_TCPSTORE_LIBUV_UNSUPPORTED,
        r"use_libuv was requested but PyTorch was buil[dt] without libuv support",
    ),
    # FFmpeg's NVENC: the driver older than the encoder API the build was made with
    S(
        C.DRIVER_TOO_OLD_FOR_NVENC_API,
        r"Driver does not support the required nvenc API version",
        r"The minimum required Nvidia driver for nvenc is",
        supersedes=(C.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,),
    ),
    # NVENC and NVDEC: the consumer driver's session cap, a GPU without the encoder, features of
    # a newer encoder, the video libraries a container was not given
    S(C.NVENC_SESSION_LIMIT_REACHED, r"OpenEncodeSessionEx failed: out of memory \(10\)"),
    S(C.GPU_WITHOUT_NVENC, r"OpenEncodeSessionEx failed: unsupported device \(2\)"),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"(?:Multiple reference frames|B frames as references|10 bit encode|Lossless encode|Weighted Prediction) (?:are|is) not supported by the device",
        r"Provided device doesn't support required NVENC features",
        supersedes=(C.DRIVER_TOO_OLD_FOR_NVENC_API,),
    ),
    S(
        C.CONTAINER_CAPABILITIES_NO_VIDEO,
        r"Failed to load libnvcuvid\.so",
        r"Cannot load libnvcuvid\.so\.1",
        r"Cannot load libnvidia-encode\.so\.1",
        r"libnv(?:cuvid|idia-encode)\.so\.1: cannot open shared object file",
        strength=SYMPTOM,
        explained_by=(C.CONTAINER_GPU_NOT_REQUESTED, C.DRIVER_NOT_AVAILABLE),
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.CPU_ONLY_TF_BUILD,
        r"Decoder \w{1,20} does not support device type (?:cuda|vaapi|qsv|d3d11va|videotoolbox)",
    ),
    # OpenCV's CUDA modules built for other architectures (CUDA_ARCH_BIN)
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"OpenCV was not built to work with the selected device",
    ),
    # serving stacks that need FlashAttention, which the GPU is too old for
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"GPU with CUDA capability \d{1,2} \d is not supported for Flash Attention",
        r"requires Flash Attention enabled models",
        supersedes=(C.GPU_ARCH_TOO_OLD,),
    ),
    S(
        C.K8S_GPU_NODE_LABEL_MISMATCH,
        r"specify ?a ?GPU ?type ?with ?node ?selector ?'?cloud\.google\.com/gke ?-?accelerator",
    ),
    # bitsandbytes ships one binary per CUDA release; none for this one
    S(
        C.GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION,
        r"Could ?not ?find ?the ?bitsandbytes ?(?:CUDA|ROCm) ?binary ?at ?[\S ]{0,300}?libbitsandbytes_(?:cuda|rocm)\d{2,3}",
        r"Required library version not found: libbitsandbytes_cuda\d{3}",
        supersedes=(C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY,),
    ),
    # Python packages a framework imports names from, installed older than it needs
    S(
        C.TYPING_EXTENSIONS_TOO_OLD,
        r"cannot import name '\w{1,40}' from 'typing_extensions'",
        r"module 'typing_extensions' has no attribute '\w{1,40}'",
        supersedes=(C.FRAMEWORK_VERSION_MISMATCH,),
    ),
    S(
        C.ML_DTYPES_VERSION_MISMATCH,
        r"module 'ml_dtypes' has no attribute '\w{1,40}'",
        r"cannot import name '\w{1,40}' from 'ml_dtypes'",
        supersedes=(C.FRAMEWORK_VERSION_MISMATCH, C.JAX_JAXLIB_VERSION_MISMATCH),
    ),
    # features a GPU is too old for, in CTranslate2's and PyTorch's words
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"(?:is|only) ?supported ?on ?(?:CUDA ?)?devices ?with ?compute ?capability ?>=? ?\d",
        r"Expected is_sm\d{2,3}\w?(?: \|\| is_sm\d{1,3}\w?){0,6} to be true, but got false",
        supersedes=(C.GPU_ARCH_TOO_OLD, C.WHEEL_LACKS_ARCH_KERNELS),
    ),
    # a GPU older than the code: cuDNN's architecture check, PTX made for a newer SM
    S(
        C.GPU_ARCH_TOO_OLD,
        r"cudnnStatusArchMismatch|CUDNN_STATUS_ARCH_MISMATCH",
        r"SM ?version ?specified ?by ?\.target ?is ?higher ?than ?default ?SM ?version ?assumed",
        supersedes=(C.CUDNN_VERSION_MISMATCH,),
    ),
    # a GPU newer than the build: sm_XXa PTX has no forward path; TensorRT's own release list
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"Program with \.target 'sm_\d{2,3}a' cannot be compiled to future architecture",
        r"Target GPU SM \d{2,3} is not supported by this TensorRT release",
        supersedes=(C.TENSORRT_MISSING_BENIGN, C.XLA_PTXAS_TOO_OLD),
    ),
    S(
        C.NCCL_TOO_OLD_FOR_GPU_PLATFORM,
        r"ncclMaxSharedMem \d{1,8} exceeds device/fn maxSharedMem \d{1,8}",
    ),
    # kernel modules DKMS failed to build for the running kernel: AMD's and NVIDIA's
    S(
        C.AMDGPU_DKMS_KERNEL_UNSUPPORTED,
        r"/var/lib/dkms/amdgpu/\S{1,40}/build/make\.log",
        r"(?:rock|amdgpu)-dkms package post-installation script subprocess returned",
    ),
    S(C.DRIVER_NOT_AVAILABLE, r"/var/lib/dkms/nvidia/\S{1,40}/build/make\.log"),
    S(C.DRIVER_LIBRARY_MISMATCH, r"NVML_ERROR_LIB_RM_VERSION_MISMATCH"),
    S(C.DIRECTML_OP_NOT_IMPLEMENTED, r"Device type PRIVATEUSEONE is not supported"),
    # Gloo's full mesh between ranks; a rank whose host name resolves to no address of its own
    S(
        C.DIST_RENDEZVOUS_UNREACHABLE,
        r"Gloo connectFullMesh failed",
        r"Unable to resolve hostname to a \(local\) address\. Using the loopback",
    ),
    S(
        C.CONTAINER_TOOLKIT_NOT_CONFIGURED,
        r"did you set the docker default runtime to `?nvidia`?",
        r"Failed to initialize NVML: could not load NVML library",  # go-nvml in a pod (device plugin)
        supersedes=(C.HOST_DRIVER_MISSING_FOR_TOOLKIT,),
    ),
    # CPU-only builds of libraries beside the framework, in their own words: llama.cpp,
    # CTranslate2, XGBoost, LightGBM, faiss-cpu, OpenCV's PyPI wheels, PyG's and torchvision's
    # ops, PaddlePaddle, spaCy without CuPy
    S(
        C.CPU_ONLY_TF_BUILD,
        r"not compiled with GPU offload support",
        r"llama\.cpp was compiled without GPU support",
        r"This CTranslate2 package was not compiled with CUDA support",
        r"XGBoost version not compiled with GPU support",
        r"(?:GPU|CUDA) Tree Learner was not enabled in this build",
        r"module 'faiss' has no attribute 'StandardGpuResources'",
        r"The library is compiled without CUDA support",
        r"RuntimeError: Not compiled with (?:GPU|CUDA) support",
        r"installed (?:the )?CPU version (?:of )?PaddlePaddle",
        r"PaddlePaddle is not compiled with CUDA",
        r"GPU is not accessible\. Was the library installed correctly\?",
    ),
    # pip's resolver: two packages (two frameworks) pin different releases of one NVIDIA library
    S(C.MIXED_FRAMEWORK_CUDA_CONFLICT, r"\bdepends on nvidia-[\w-]{2,40}-cu1\d ?[=<>~]="),
    # the device plugin's pod outside the NVIDIA runtime on a containerd node (no NVML, no Tegra)
    S(
        C.K8S_NVIDIA_RUNTIMECLASS_MISSING,
        r"did ?you ?configure ?the ?NVIDIA ?Container ?Toolkit",
        r"Incompatible platform detected",
        supersedes=(C.HOST_DRIVER_MISSING_FOR_TOOLKIT,),
    ),
    # NCCL between nodes in older and newer releases' words
    S(
        C.NCCL_INTERNODE_NETWORK,
        r"NET/IB ?: ?Got completion with error \d{1,3}, ?opcode",
        r"socketPollConnect: ?(?:Connect to \S{3,60} returned \d{1,4}\(|connect returned (?:Connection refused|No route to host|Connection timed out))",
        supersedes=(C.NCCL_SYSTEM_ERROR_SHM,),
    ),
    # an NGC container older than the GPU: its CUDA, cuDNN and framework builds predate it
    S(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        r"WARNING: Detected NVIDIA [\S ]{1,80}? GPU, which is not yet supported in this version of the container",
        needs_failure=True,
    ),
    # the device and the API in other printers' words: MPS's input left on the CPU, Intel's
    # unified runtime out of memory, bitsandbytes' int8 on a GPU before Turing, Keras' backend
    S(C.TENSORS_ON_DIFFERENT_DEVICES, r"Placeholder storage has not been allocated on MPS device"),
    S(C.GPU_OOM, r"UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"Your GPU does not support Int8 Matmul",
        supersedes=(C.GPU_ARCH_TOO_OLD,),
    ),
    S(
        C.KERAS_VERSION_MISMATCH,
        r"module 'keras\.backend(?:\.tensorflow_backend)?' has no attribute '\w{1,40}'",
    ),
    # peer access refused between two GPUs, as CUDA itself says it (NCCL's words name it too)
    S(
        C.NCCL_UNAVAILABLE_FOR_STRATEGY,
        r"CUDA error: peer access is not supported between these two devices",
    ),
    # c10d's store: a client that cannot reach it (a warning while it retries), a rendezvous given up
    S(
        C.DIST_RENDEZVOUS_UNREACHABLE,
        r"\[c10d\] The client socket has failed to connect to \[[^\]]{1,80}\]:\d{1,5}",
        strength=SYMPTOM,  # printed while it retries, and on working runs too (errno 99 on localhost)
        needs_failure=True,
    ),
    S(
        C.DIST_RENDEZVOUS_UNREACHABLE,
        r"RendezvousConnectionError: The connection to the C10d store has failed",
        supersedes=(C.HOST_OOM,),
    ),
    # cuBLAS refusing a routine the GPU's architecture lacks (bf16, fp8, int8 GEMMs on older GPUs)
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"CUBLAS_STATUS_ARCH_MISMATCH",
        supersedes=(C.CUDA_KERNEL_FAULT, C.CUDNN_INIT_FAILED),
    ),
    # ollama's AMD discovery: the render and kfd nodes the user may not open
    S(
        C.ROCM_DEVICE_PERMISSIONS,
        r"user doesn'?t have access to all GPUs",
        r"amdgpu devices detected but permission problems block access",
    ),
    S(C.SLURM_GRES_REQUEST_INVALID, r"error: Invalid --gpus(?:-per-\w{1,8})? specification"),
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Please make sure cudnn\w{0,30}\.dll is in your library path",
        supersedes=(C.WINDOWS_RUNTIME_DLL_MISSING,),
    ),
    S(C.CPU_ONLY_TF_BUILD, r"(?:PyTorch|Torch) (?:was )?compiled without CUDA support"),
    # MLX on Metal: a kernel its metallib lacks; one buffer over Metal's largest
    S(
        C.MLX_METALLIB_NOT_BUILT,
        r"\[metal::Device\] Unable to load kernel",
        strength=SYMPTOM,
        explained_by=(C.MLX_METALLIB_NEWER_THAN_MACOS,),
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    S(
        C.GPU_OOM,
        r"\[metal::malloc\] Attempting ?to ?allocate ?\d{1,20} ?bytes ?which ?is ?greater ?than ?the ?maximum ?allowed ?buffer",
    ),
    # Level Zero that does not start (no driver, or a render node the user may not open); a ROCm
    # kernel past its memory aperture
    S(
        C.INTEL_GPU_DRIVER_MISSING,
        r"ZE_RESULT_ERROR_UNINITIALIZED",
        strength=SYMPTOM,
        explained_by=(C.XPU_RENDER_NODE_PERMISSION,),
    ),
    S(C.ROCM_MEMORY_ACCESS_FAULT, r"HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION"),
    # jaxlib before 0.1.6x without CUDA: the GPU backend is unknown to it
    S(
        C.CPU_ONLY_TF_BUILD,
        r"RuntimeError: Unknown backend:? '?gpu'?\s{0,8}$",
        strength=SYMPTOM,
        implies=(C.GPU_HIDDEN_BY_ENV,),
    ),
    # wave 25: NVML's own name for a driver whose kernel module is not loaded (pynvml, gpustat, DCGM)
    S(
        C.DRIVER_NOT_AVAILABLE,
        r"NVMLError_DriverNotLoaded",
        r"NVML_ERROR_DRIVER_NOT_LOADED",
        # DKMS left a stale nvidia tree behind: no module is built for the new kernel
        r"/var/lib/dkms/nvidia\S{0,40}/dkms\.conf does not exist",
    ),
    # the driver cannot boot the GSP firmware at load (a release's regression on that GPU)
    S(
        C.GSP_FIRMWARE_BOOT_FAILED,
        r"kgsp\w{0,40}: [\S ]{0,60}(?:WPR2 already up|cannot proceed with booting GSP)",
        r"Cannot initialize GSP firmware RM",
    ),
    # a driver library of zero bytes: an image committed from a GPU container keeps the toolkit's
    # empty mount points, which then shadow the host's driver
    S(
        C.IMAGE_BUNDLES_DRIVER_LIBS,
        r"lib(?:cuda|nvidia-[\w-]{2,20}|nvcuvid)\.so\.1: file too short",
    ),
    # TensorFlow 1.x's Windows self-check: the CUDA and cuDNN DLLs its build loads are not on PATH
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Could not load '(?:cudart|cudnn|cublas)64_\d{1,3}\.dll'\. ?The GPU version of TensorFlow",
        r"^- ?Could not find cuDNN ?\d",
    ),
    # Triton too old for the GPU: its matmul lowering knows no MMA for the compute capability
    S(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        r"getMMAVersionSafe\b[\S ]{0,80}computeCapability not supported",
    ),
    # FP8 (e4m3) needs compute capability 8.9 or newer, in Triton's words
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"type fp8e4nv not supported in this architecture",
        r"fp8e4nv data type is not supported on CUDA arch ?< ?\d{2}",
    ),
    # DeepSpeed's launcher turns CUDA_VISIBLE_DEVICES into --include, then counts the devices
    # that variable leaves it: a cause only where the launch fails
    S(
        C.LAUNCHER_OVERRIDES_VISIBLE_DEVICES,
        r"Detected CUDA_VISIBLE_DEVICES=\S{1,40}: setting --include=",
        needs_failure=True,
    ),
    # wave 26: HIP sources handed to the host's gcc, which knows no --offload-arch
    S(
        C.HIP_SOURCE_BUILT_WITH_HOST_COMPILER,
        r"unrecognized command[- ]line option .{1,3}--offload-arch=gfx\w{2,6}",
    ),
    # an EFA Libfabric older than NCCL 2.19's cuMem buffers: memory registration fails
    S(
        C.EFA_LIBFABRIC_TOO_OLD_FOR_NCCL,
        r"NET/OFI Unable to register memory \(type = 2\)",
        r"cuda_set_sync_memops\(\)[\S ]{0,40}Failed to perform cuPointerSetAttribute",
        r"unable to set memops for cuda ptr",
    ),
    # no kernel headers for the running kernel: the module cannot be built (driver containers,
    # nvidia-installer, DKMS)
    S(
        C.DRIVER_KERNEL_HEADERS_UNAVAILABLE,
        r"Unable to find a match: kernel-(?:headers|devel)-\d",
        r"Unable to find the kernel source tree for the currently running kernel",
        r"Your kernel headers for kernel \S{1,80} cannot be found",
    ),
    # the Kubernetes device plugin on MIG nodes: a strategy that does not fit the layout, NVML
    # refusing MIG queries without the monitor capability
    S(
        C.MIG_STRATEGY_MISMATCH,
        r"invalid MIG configuration",
        r"More than one MIG device type present on node",
    ),
    S(
        C.MIG_MONITOR_CAPABILITY_NOT_GRANTED,
        r"error visiting device[\S ]{0,160}Insufficient Per?m{1,2}issions",
        supersedes=(C.SELINUX_BLOCKS_GPU_DEVICES,),
    ),
    # a driver release that predates the GPU ignores it at probe (the legacy case names its branch)
    S(
        C.DRIVER_OLDER_THAN_GPU,
        r"installed in this system is not supported by the [\S ]{0,30}driver release",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    # the container toolkit times out bringing up many GPUs the driver does not keep initialised
    S(
        C.GPU_PERSISTENCE_MODE_REQUIRED,
        r"nvidia-container-cli: initiali[sz]ation error: driver error: timed out",
        r"initiali[sz]ation error: driver rpc error: timed out",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    # an application's own minimum architecture, and TensorRT-LLM's kernels for newer GPUs only
    S(
        C.GPU_ARCH_TOO_OLD,
        r"with computed? capability \d{1,2}\.\d does not support [\w-]{2,40}",
    ),
    S(
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"\[TensorRT-LLM\]\[ERROR\] Assertion failed: Unsupported architecture",
    ),
    # Kokkos built for other architectures than the GPU's: its own probe kernel does not run
    S(
        C.WHEEL_LACKS_ARCH_KERNELS,
        r"Kokkos::Cuda::initiali[sz]e ERROR: running kernels compiled for compute capability",
        supersedes=(C.GPU_ARCH_TOO_OLD,),
    ),
    # Cray MPICH asked for GPU-aware MPI without its GPU transport layer
    S(
        C.CRAY_MPICH_GTL_NOT_LINKED,
        r"GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",
    ),
    # pip finds no jaxlib for the platform (Windows before its wheels, macOS for CUDA)
    S(
        C.JAX_CUDA_WHEEL_UNAVAILABLE,
        r"requirement ?jaxlib\S{0,40} ?\(from ?versions ?: ?(?:none|\))",
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
)
