"""The signatures of stop 43's waves (50 to 57: the last thread waves, then the projects' own
documentation): container runtimes and HPC importers, driver packages and module builds, JIT
toolchains, Intel's SYCL stack, ROCm's compilers, Ascend's CANN, TPU slices, in the wordings of
their printers; a wording that is a cause only of a run that failed says so (``needs_failure``).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["POSTED"]

C = Code

_NVIDIA_PACKAGE = r"(?:cuda|nvidia|libnvidia|libcudnn|libcuda|datacenter-gpu)[\w.+-]{0,60}"

POSTED: tuple[Signature, ...] = (
    # wave 50: container runtimes, drivers and DKMS, JIT toolchains, SYCL, CANN, Keras' backends
    # a toolkit's engine-setup helper named docker answers instead of docker
    S(
        C.TOOLKIT_PACKAGE_SHADOWS_ENGINE_CLI,
        r"No help topic for '(?:run|pull|compose|ps|images|info)'",
    ),
    # enroot's configured runtime, cache or data directories the job's user cannot create
    S(
        C.ENROOT_PATHS_NOT_CREATABLE_BY_USER,
        r"mkdir: cannot create directory '?\S{0,60}enroot\S{0,60}'?: Permission denied",
    ),
    # an HPC runtime's image unpacking or squashfs staging directory is full
    S(
        C.CONTAINER_IMAGE_STAGING_DIR_OUT_OF_SPACE,
        r"Write failed because No space left on device",
        r"\b(?:enroot|pyxis|apptainer|singularity|mksquashfs)\b.{0,160}No space left on device",
    ),
    # the CUDA toolchain of a JIT build assembled from several CUDA releases
    S(
        C.CUDA_TOOLCHAIN_PARTS_FROM_DIFFERENT_RELEASES,
        r"CUDA compiler and CUDA toolkit headers are incompatible",
    ),
    # FlashInfer's JIT: the toolkit it found is older than the GPU's architecture needs
    S(C.NVRTC_ARCH_UNSUPPORTED_BY_TOOLKIT, r"\bSM \d{1,3}\.x requires CUDA >= ?\d{1,2}\.\d{1,2}"),
    # the kernel made symbols GPL-only that this driver release's module uses
    S(
        C.DRIVER_TOO_OLD_FOR_KERNEL,
        r"GPL-incompatible module nvidia[\w-]{0,12}\.ko uses GPL-only symbol",
        supersedes=(C.DRIVER_NOT_AVAILABLE,),
    ),
    # the module built with another gcc than the kernel (its plugins, the installer's check)
    S(
        C.DRIVER_MODULE_TOOLCHAIN_MISMATCH,
        r"cc1: error: incompatible gcc/plugin versions",
        r"Compiler version check failed",
        supersedes=(C.DRIVER_NOT_AVAILABLE, C.DRIVER_TOO_OLD_FOR_KERNEL),
    ),
    # apt cannot install an NVIDIA package beside the driver packages installed or held
    S(
        C.DRIVER_PACKAGE_DEPENDENCY_CONFLICT,
        rf"Depends: {_NVIDIA_PACKAGE} but it is not going to be installed",
        rf"install '?{_NVIDIA_PACKAGE}(?:=[\w.:~+-]{{1,40}})?'{{0,2}} ?failed ?: ?E: ?Unable to correct problems, you have held broken packages",
    ),
    # TensorRT's builder: a GPU architecture the release dropped
    S(  # Volta and older (a GPU newer than the release says the same: its kernels are missing)
        C.GPU_ARCH_TOO_OLD,
        r"Target GPU SM (?:[3-6]\d|7[0-2]) is not supported by this TensorRT release",
        supersedes=(C.WHEEL_LACKS_ARCH_KERNELS,),
    ),
    # a torch build without CUDA asked for it (CPU wheels, macOS)
    S(C.CPU_ONLY_TF_BUILD, r"Cannot initiali[sz]e CUDA without ATen_cuda library"),
    # inductor's autotuning left no kernel to choose (flex attention, max-autotune GEMMs)
    S(C.INDUCTOR_AUTOTUNE_NO_VALID_KERNEL_CHOICE, r"NoValidChoicesError: No choices to select"),
    # SYCL finds no Level Zero device: the runtime's environment or packages are missing
    S(C.INTEL_GPU_DRIVER_MISSING, r"DeviceList is empty\. ?-30 \(PI_ERROR_INVALID_VALUE\)"),
    # llama.cpp's SYCL backend over an iGPU and a discrete GPU together
    S(
        C.SYCL_DEFAULT_DEVICES_INCLUDE_IGPU,
        r"Detected different sycl devices, the performance will limit to the slowest device",
    ),
    # a shared library Linux distributions ship as a package of its own
    S(
        C.LINUX_SYSTEM_RUNTIME_LIB_MISSING,
        r"\blib(?:omp|gomp|iomp5|numa|gfortran|quadmath|atomic)\.so(?:\.\d{1,3}){0,3}: cannot open shared object file",
    ),
    # CANN compiles operators with Python packages of the user's interpreter
    S(C.CANN_PYTHON_DEPENDENCIES_MISSING, r"\[Init\]\[Env\] ?init env failed"),
    # a framework imported from its source checkout, where its compiled module is not built
    S(C.SOURCE_CHECKOUT_SHADOWS_INSTALLED_PACKAGE, r"No module named '?torch(?:_npu)?\._C'?"),
    # Ascend's fused attention in graph mode: MLA head ratios it supports
    S(C.ASCEND_GRAPH_MODE_MLA_HEAD_RATIO_UNSUPPORTED, r"MLA only support \{32, ?64, ?128\}"),
    # pip asked for a jaxlib CUDA local version that is no longer published
    S(
        C.JAX_CUDA_WHEEL_UNAVAILABLE,
        r"requirement ?jaxlib ?==? ?[\d.]{3,12}\+cuda",
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
    # Keras configured for a backend that Keras no longer has
    S(
        C.KERAS_BACKEND_MISMATCH,
        r"\"backend\": ?\"(?:mxnet|theano|cntk)\"",
        r"Unable to import backend ?: ?(?:mxnet|theano|cntk)\b",
    ),
    # wave 51: macOS stacks, building GPU code, HPC modules and MPI, Kubernetes' labels, Windows
    S(
        C.PYTHON_UNSUPPORTED,  # coremltools without its native module: no wheel for this Python
        r"coremltools was installed from an egg rather than a wheel",
        r"No module named '?coremltools\.libcoremlpython'?",
    ),
    S(  # a ggml backend's limit on an operand's size, asserted where the op is not implemented
        C.GGML_BACKEND_OP_NOT_IMPLEMENTED,
        r"GGML_ASSERT: \S{0,60}ggml-metal\.m:\d{1,6}: ne\d{2} ?<= ?\d{1,5}",
    ),
    # a framework's own query of free memory on unified memory says none is available
    S(C.GPU_AVAILABLE_MEMORY_MISREPORTED, r"\(avail: ?0 ?MB\)"),
    # an extension written against a torch older than 1.5 (AT_CHECK became TORCH_CHECK)
    S(
        C.EXTENSION_SOURCE_TOO_OLD_FOR_TORCH,
        r"[\u2018'`\"]AT_CHECK[\u2019'`\"] was not declared",
        r"identifier \"?AT_CHECK\"? is undefined",
        r"'AT_CHECK': identifier not found",
    ),
    S(  # TensorRT's C++ headers not on the build's include path (only the wheel installed)
        C.TENSORRT_SDK_NOT_FOUND_FOR_BUILD,
        r"fatal error: ?NvInfer\w{0,20}\.h: No such file or directory",
        r"Cannot open include file: ?'?NvInfer\w{0,20}\.h'?",
    ),
    S(  # atomicAdd on double needs sm_60: the build targets an older architecture
        C.BUILD_TARGET_ARCH_LACKS_DEVICE_FUNCTION,
        r"no instance of overloaded function \"atomicAdd\" matches the argument list.{0,160}\(double \*, ?double\)",
    ),
    S(  # an old ROCm compiler that does not know the target or the option
        C.ROCM_TOOLCHAIN_TOO_OLD_FOR_BUILD,
        r"amdgpu-target argument '?gfx\w{2,6}'? is not recognized",
        r"unsupported option '--offload-arch=gfx\w{2,6}'",
        supersedes=(C.ROCM_GPU_ISA_UNSUPPORTED,),
    ),
    # CUB's own headers failing to compile: two CUB copies (CUB_HOME and the toolkit's) mixed
    S(C.CONFLICTING_HEADER_COPY_ON_INCLUDE_PATH, r"\bcub/\S{1,80}\.cuh\(\d{1,5}\): error:"),
    S(  # a build's own compute-capability probe fed nvcc a name that is not a number
        C.BUILD_ARCH_AUTODETECT_FAILED,
        r"Unsupported gpu architecture '?compute_(?!\d|none)\w{0,12}'?",
        supersedes=(C.BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC,),
    ),
    # torch's extension loader asking for CUDA_HOME, which is unset
    S(C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD, r"\b_join_cuda_home\("),
    S(C.EXTENSION_BUILD_NINJA_MISSING, r"Ninja is required to load C\+\+ extensions"),
    S(C.ZLUDA_HIP_RUNTIME_MISMATCH, r"ZLUDA device failed to pass basic operation test"),
    S(  # Open MPI's smcuda transport and CUDA IPC between the ranks of a node
        C.MPI_SMCUDA_CUDA_IPC_FAILS,
        r"The call to cuIpc(?:Get|Open)MemHandle failed",
    ),
    S(
        C.MODULE_CUDA_SDK_NOT_INSTALLED,
        r"the actual software is not entirely shipped with",
    ),
    S(C.OPENMPI_VADER_SINGLE_COPY_BROKEN, r"Read -1, expected \d{1,12}, errno = 14"),
    S(  # Lmod's own Lua failing inside a modulefile
        C.HPC_MODULE_SYSTEM_ERROR,
        r"/lmod/\S{0,160}:\d{1,5}: attempt to (?:perform arithmetic on|index|call|concatenate)",
    ),
    S(C.NFD_LABEL_NAMESPACE_NOT_ALLOWED, r"Namespace '?nvidia\.com'? is not allowed"),
    S(  # the GPU Operator's driver image has no tag for this node's OS
        C.GPU_OPERATOR_DRIVER_CONTAINER_UNSUPPORTED_OS,
        r"nvcr\.io/nvidia/driver:[\w.-]{1,80}\"?: not found",
        supersedes=(C.CONTAINER_CUDA_NEWER_THAN_DRIVER,),
    ),
    S(C.TORCH_COMPILE_UNSUPPORTED_ON_WINDOWS, r"Windows not yet supported for torch\.compile"),
    # waves 52 and 53: documentation of inference engines, kernel libraries, other languages
    # ptxas refusing an architecture: one it no longer knows (CUDA 13 dropped sm_50 to sm_72), or
    # one newer than the ptxas a wheel or toolkit brought; any other, a ptxas too old for XLA
    S(
        C.GPU_ARCH_TOO_OLD,
        r"ptxas fatal ?: Value 'sm_(?:[3-6]\d|7[0-2])\w?' is not defined for option 'gpu-name'",
    ),
    S(
        C.GPU_ARCH_NEWER_THAN_WHEEL,
        r"ptxas fatal ?: Value 'sm_(?:8[6-9]|9\d|1\d\d)\w?' is not defined for option 'gpu-name'",
    ),
    S(
        C.XLA_PTXAS_TOO_OLD,
        r"ptxas fatal ?: Value 'sm_(?:7[3-9]|8[0-5])\w?' is not defined for option 'gpu-name'",
    ),
    S(  # nvcc 11.x with gcc 11's <functional>: a host compiler newer than the toolkit supports
        C.HOST_COMPILER_TOO_NEW_FOR_NVCC,
        r"std_function\.h\S{0,20}.{0,200}?parameter packs not expanded with",
    ),
    # a Rust binding's loader (cudarc) finding no CUDA DLL of the names it tries
    S(C.CUDA_LIBS_NOT_FOUND, r"LoadLibraryExW \{ ?source: ?Os \{ ?code: ?126"),
    S(  # the upstream triton package over the vendor build PyTorch's XPU backend needs
        C.UPSTREAM_TRITON_OVERWRITES_VENDOR_TRITON,
        r"cannot import name 'intel' from 'triton\._C\.libtriton'",
        supersedes=(C.TRITON_VERSION_MISMATCH_WITH_TORCH,),
    ),
    S(C.CUDAGRAPH_CAPTURE_SIZE_OVER_STATE_CACHE, r"assert num_cache_lines ?>= ?batch"),
    S(
        C.ARCH_FUSED_KERNEL_PATH_CONTRACT_BUG,
        r"routing_logits must be bfloat16",
        r"routing_logits\.dtype\(\) == dl_bfloat16",
    ),
    # GPU array libraries refusing element-wise access from the host (CUDA.jl, GPUArrays)
    S(C.PERF_CPU_FALLBACK_OPS, r"[Ss]calar (?:getindex|setindex!?|indexing) is disallowed"),
    # Polars' GPU engine falling back (or raising) on operations it does not support
    S(C.PERF_CPU_FALLBACK_OPS, r"Query execution with GPU not possible: unsupported operations"),
    S(  # CUDA.jl's conditional libcuda: no driver library was found at load time
        C.DRIVER_NOT_AVAILABLE,
        r"UndefVarError: `?libcuda`? not defined",
        supersedes=(C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY,),
    ),
    S(C.DEVICE_SIDE_ASSERT, r"\ban? exception was thrown during kernel execution"),
    S(C.CPU_ONLY_HOST_BENIGN, r"CUDA Device Initiali[sz]ed\s{0,60}: False"),
    S(  # a program linked against a framework's native libraries, started without them on its path
        C.FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH,
        r"error while loading shared libraries: lib(?:torch(?:_cpu|_cuda|_global_deps)?|c10|tensorflow_cc|tensorflow_framework|onnxruntime)\.so",
    ),
    S(  # PhysX's GPU buffers sized in the task's configuration
        C.GPU_MEMORY_POOL_PREALLOCATION_TOO_SMALL,
        r"increase the PxgDynamicsMemoryConfig::\w{1,40} parameter",
    ),
    S(C.WINDOWS_LONG_PATHS_DISABLED, r"Filename longer than 260 characters"),
    S(
        C.DRIVER_NEWER_THAN_APP_VALIDATED,
        r"only supports NVIDIA drivers for CUDA [\dx., or]{3,40}\(yours is for CUDA \d{2}",
        supersedes=(C.DRIVER_PACKAGE_DEPENDENCY_CONFLICT,),
    ),
    # package managers naming the NVIDIA packages they cannot install together: dnf's solver
    S(
        C.DRIVER_PACKAGE_DEPENDENCY_CONFLICT,
        r"package (?:cuda|nvidia|kmod-nvidia|akmod-nvidia|xorg-x11-drv-nvidia|libnvidia|datacenter-gpu)[\S ]{0,80}? ?requires .{1,200}, but none of the providers can be installed",
    ),
    S(  # pip's report of a torch companion built for another torch: a cause of a run that failed
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"\b(?:torchvision|torchaudio|torchtext|xformers|torch[-_]tensorrt|flash[-_]attn) [\w.+]{1,30} requires torch ?==.{0,60}but you have torch [\w.+]{1,30} which is incompatible",
        needs_failure=True,
        supersedes=(C.PIP_REPLACES_PINNED_GPU_FRAMEWORK,),
    ),
    # wave 54: HPC centres' guides, local AI apps and ZLUDA, cloud platforms, more frameworks
    S(  # NCCL probing its network plugin's ABI versions (an INFO line): a cause of a run that failed
        C.NCCL_NET_PLUGIN_ABI_TOO_OLD,
        r"Failed to find ncclNetPlugin_v\d{1,2} symbol",
        strength=SYMPTOM,
        needs_failure=True,
    ),
    S(  # Intel MPI's launcher reaching a worker pod's service name before the pod is up
        C.MPIJOB_LAUNCHER_STARTED_BEFORE_WORKERS_READY,
        r"Unable to run bstrap_proxy on [\w.-]{1,80}\.svc\b",
    ),
    S(  # Kueue's admission: the queue's GPU quota or its borrowing limit, not the nodes
        C.K8S_QUEUE_GPU_QUOTA_EXHAUSTED,
        r"(?:borrowing limit|nominal quota) for nvidia\.com/gpu in flavor \S{1,80} exceeded",
        r"insufficient (?:unused )?quota for nvidia\.com/gpu in flavor",
    ),
    # a torch companion built for ROCm beside a torch that is not
    S(C.TORCH_EXTENSION_ABI_MISMATCH, r"libtorch_hip\.so: cannot open shared object file"),
    S(
        C.NCCL_INTERNODE_NETWORK,
        r"NCCL WARN Connect to \S{1,80} failed ?: ?(?:Network is unreachable|No route to host|Connection (?:refused|timed out))",
    ),
    S(C.VULKAN_DRIVER_TOO_OLD, r"vkCreateComputePipelines failed -?\d{1,12}"),
    S(  # Paddle naming a dynamic library it could not load
        C.CUDA_LIBS_NOT_FOUND,
        r"(?:TensorRT|third-party) dynamic library \((?!libcuda\.so\))lib\w{2,20}\.so\S{0,10}\) that Paddle depends on is not configured correctly",
        supersedes=(C.TENSORRT_MISSING_BENIGN,),
    ),
    S(
        C.SYCL_FREE_MEMORY_QUERY_WITHOUT_SYSMAN,
        r"does not have the ext_intel_free_memory aspect",
    ),
    S(  # enroot's ldconfig hook
        C.CONTAINER_LDCONFIG_HOOK_FAILED,
        r"\[ERROR\] Failed to refresh the dynamic linker cache",
        supersedes=(C.CONTAINER_TOOLKIT_NOT_CONFIGURED,),
    ),
    S(
        C.TENSORS_ON_DIFFERENT_DEVICES,
        r"The device where the array resides \(\d{1,2}\) is different from the current device \(\d{1,2}\)",
    ),
    S(  # Cray MPICH's NIC assignment, broken when mpi4py initialises MPI after torch
        C.MPI4PY_IMPORTED_AFTER_TORCH,
        r"_POLICY of 'NUMA'\. ?Rank \d{1,6} is not confined to a single NUMA ?node",
    ),
    # ZLUDA's cuDNN served by MIOpen, failing where MIOpen has no working engine
    S(C.CUDNN_SHIM_OPERATION_UNSUPPORTED, r"cudnn\w{2,40} ?Failed ?miopenStatus\w{2,30}"),
    S(  # ggml's CUDA backend enabling peer access twice on a multi-GPU host
        C.GGML_CUDA_MULTI_GPU_PEER_ACCESS_BUG,
        r"peer access is already enabled",
        r"cudaErrorPeerAccessAlreadyEnabled",
    ),
    # wave 55: science codes, LLM training on TPUs and GPUs, Linux desktops, media generation
    S(
        C.XLA_PTXAS_TOO_OLD,
        r"XLA requires ptxas version [\d.]{2,8} or higher",
        supersedes=(C.XLA_TOOLCHAIN_MISSING,),
    ),
    S(  # Google's TPU slice diagnostics naming a chip or host at fault
        C.TPU_HARDWARE_FAULT,
        r"your job hit a bad TPU hardware",
        r"Potential cause: ?Bad TPU chips",
        r"likely caused by bad TPU chips",
    ),
    S(
        C.TPU_PROGRAM_DIFFERS_ACROSS_WORKERS,
        r"Potential cause: ?INCONSISTENT_TPU_PROGRAM",
        r"inconsistent HLO module compilation across workers",
    ),
    S(C.DIST_PEER_TASK_DIED, r"\bmissed \d{1,4} health checks?\b"),
    S(C.CONTAINER_IMAGE_STALE_FOR_CODE, r"Container/Code Version Mismatch Detected"),
    S(C.GPU_NUMERICS_MISMATCH, r"\b\d{1,7}/\d{1,7} logprobs are NaN\b"),
    S(  # Triton's launcher module, built with the host C compiler on first use
        C.TRITON_JIT_LAUNCHER_BUILD_FAILED,
        r"\bin compile_module_from_src\b",
        strength=SYMPTOM,
        explained_by=(C.JIT_HOST_COMPILER_MISSING, C.PYTHON_DEV_HEADERS_MISSING),
    ),
    S(C.CUTENSOR_UNUSABLE_CUPY_FALLBACK, r"using cupy as the tensor contraction engine"),
    S(  # <filesystem> (C++17) missing: a host compiler older than today's torch headers need
        C.HOST_COMPILER_TOO_OLD_FOR_TORCH_ABI,
        r"fatal error: ?filesystem: No such file or directory",
        supersedes=(C.PYTHON_DEV_HEADERS_MISSING,),
    ),
    # wave 56: Apple, edge and WebGPU stacks, more of ROCm and Intel's GPU stack, Kubernetes
    S(
        C.MPS_BACKEND_NO_METAL_DEVICE,
        r"_mtl_device ?!= ?nil",
        r"MTLCreateSystemDefaultDevice\(\) returned nil",
    ),
    S(
        C.MODEL_LOADER_MLOCK_EXCEEDS_LIMIT,
        r"mlock failed: ?Out of memory",
        supersedes=(C.GPU_OOM, C.HOST_OOM),
    ),
    S(C.VULKAN_DEVICE_LACKS_LINEAR_IMAGE_SAMPLING, r"Sampling from linear image is not supported"),
    S(
        C.WEBGPU_WASM_RUNTIME_NOT_BUILT,
        r"Cannot find libraries: ?wasm_runtime\.bc",
        supersedes=(C.CUDA_LIBS_NOT_FOUND,),
    ),
    S(
        C.METAL_GPU_LACKS_REQUIRED_FEATURES,
        r"Non-Uniform Threadgroup Size is not supported on this device",
        supersedes=(C.GPU_FEATURE_NEEDS_NEWER_ARCH,),
    ),
    S(  # a wasm runtime built by another emscripten than the loader's
        C.WASM_RUNTIME_EMSCRIPTEN_VERSION_MISMATCH,
        r"LinkError: WebAssembly\.instantiate\(\): Import #\d{1,5} module=\"wasi_snapshot_preview1\"",
    ),
    S(C.INTEL_GPU_RESIZABLE_BAR_DISABLED, r"Resizable BAR not detected"),
    S(C.ONECCL_LEVEL_ZERO_NOT_INITIALIZED, r"ze_data was not initiali[sz]ed"),
    S(C.GPU_OOM, r"\bPI_ERROR_OUT_OF_RESOURCES\b"),  # SYCL's allocation on an Intel GPU
    S(
        C.HOROVOD_BUILT_FOR_OTHER_FRAMEWORK_VERSION,
        r"HorovodVersionMismatchError: Framework \w{2,20} installed with version",
        supersedes=(C.CONTAINER_IMAGE_STALE_FOR_CODE,),
    ),
    # the device plugin's CDI kind asked for in an annotation with no device named
    S(
        C.CDI_SPEC_DEVICE_MISSING,
        r"unresolvable CDI devices k8s\.device-plugin\.nvidia\.com/gpu=(?![\w-])",
    ),
    S(C.K8S_VGPU_MEMORY_REQUEST_EXCEEDS_CARD, r"\bcard Insufficient remaining memory"),
    S(  # a composable_kernel instance compiled for features this GPU lacks (XDL on RDNA)
        C.GPU_FEATURE_NEEDS_NEWER_ARCH,
        r"with the specified compilation parameters does not support this problem",
        r"\bDevice\w{2,40}<[^>\n]{0,200}>.{0,200}?does not support this problem",
    ),
    S(
        C.HIP_COMPILER_REGISTER_ALLOCATION_ABORT,
        r"unhandled SGPR spill to memory",
        r"ran out of registers during register allocation",
        supersedes=(C.GPU_OOM,),
    ),
    # wave 57: TensorFlow's add-ons, more NVIDIA SDKs, Caffe-era vision projects, R and Chainer
    S(  # INT4 and FP8 quantisation needs a newer ONNX opset than the model declares
        C.ONNX_MODEL_OPSET_TOO_OLD,
        r"Unrecognized attribute: ?block_size for operator (?:De)?[Qq]uantizeLinear",
        r"Type 'tensor\((?:u?int4|float8\w{0,12})\)' of input parameter",
    ),
    S(
        C.JAX_FFI_CUSTOM_CALL_NOT_REGISTERED,
        r"No registered implementation for (?:FFI )?custom call to \S{0,80} ?for platform (?:CUDA|ROCM|gpu)",
    ),
    S(C.CUSTOM_OP_LIBRARY_NOT_LOADED, r"No TypeSpec has been registered with name '[\w.]{1,80}'"),
    S(  # a Caffe build whose caffe.proto predates the model's layer parameters
        C.CAFFE_PROTO_OLDER_THAN_MODEL,
        r"missing required fields: layer\[\d{1,4}\]\.\w{1,40}_param\.",
        r"Failed to parse NetParameter file: ?\S{1,200}\.caffemodel",
    ),
    # FindCUDA of an old CMake asking for cuBLAS' device library, which CUDA 10 removed
    S(C.CMAKE_TOO_OLD_FOR_CUDA_TOOLKIT, r"CUDA_cublas_device_LIBRARY \(ADVANCED\)"),
)
