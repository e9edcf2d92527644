"""The signatures of stop 48's waves (83 to 87): the toolkits around the stack. Pose trackers and
MediaPipe, NeRF and Gaussian-splatting viewers, .NET/JVM/Node bindings, TensorFlow's add-on
libraries, local assistants, federated and continual learners, NLP and speech toolkits, GPU
dataframes and SQL engines, SLAM, quantum simulators, recommenders, video apps and ncnn, HPC
centres' launchers and cloud samples, GPU courses and Windows ML, in the wordings of their printers.

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import INFO, S, Signature

__all__ = ["TOOLKITS"]

C = Code

TOOLKITS: tuple[Signature, ...] = (
    # wave 83: cuDNN's RNN has no backward pass outside training mode
    S(C.CUDNN_RNN_BACKWARD_IN_EVAL_MODE, r"cudnn RNN backward can only be called in training mode"),
    # torch 2's launcher passes --local-rank; a script parsing --local_rank (or the reverse) exits
    S(C.LAUNCHER_LOCAL_RANK_FLAG_RENAMED, r"unrecognized arguments:[^\n]{0,200}--local[-_]rank\b"),
    # a binding that picks one native build per CUDA version (DJL) has none for this CUDA
    S(C.GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION, r"No matching cuda flavor for \w{1,10} found"),
    # a GPU stated by its compute capability and refused (PG-Strom's "GPU0 ... - CC 5.2")
    S(C.GPU_ARCH_TOO_OLD, r"\bCC \d{1,2}\.\d is not supported\b"),
    # Spark RAPIDS' device store: the pool cannot hold the next batch
    S(C.GPU_OOM, r"\bDevice allocation of \d{1,15} bytes failed, device store has\b"),
    # any driver-API call, not only cuInit, failing with the driver's unknown error
    S(
        C.CUDA_INIT_UNKNOWN,
        r"\bcu(?:DevicePrimaryCtx|Ctx|Device|Init)\w{0,30}\W{1,4}CUDA_ERROR_UNKNOWN",
    ),
    # a CLI whose --device choices list no accelerator: the binary was built without one
    S(C.CPU_ONLY_TF_BUILD, r"invalid value '(?:cuda|metal|rocm|vulkan|gpu)' for '--device\b"),
    # COLMAP without CUDA falls back to SiftGPU's OpenGL path, which the GL driver refuses
    S(C.CPU_ONLY_TF_BUILD, r"\bSiftGPU not fully supported\b"),
    # GLFW asked for an OpenGL core context the X server's GLX (remote, old, software) lacks
    S(
        C.OPENGL_VERSION_TOO_OLD_FOR_RENDERER,
        r"Failed to create context: ?GLXBadFBConfig",
        r"GLX_ARB_create_context_profile\b[^\n]{0,40}\b(?:unavailable|not available|missing)",
    ),
    # CUDA/OpenGL interop refused: the GL context lives on another GPU (the integrated one)
    S(
        C.HYBRID_GL_CONTEXT_ON_INTEGRATED_GPU,
        r"OpenGL and CUDA must run on the same ?GPU",
        r"FALLING BACK TO SLOWER RENDERING WITH CPU ROUNDTRIP",
    ),
    # a program that opens a window on a host without a display (Qt's xcb, Xlib)
    S(
        C.NO_DISPLAY_FOR_WINDOWED_SIMULATOR,
        r"Could not connect to any X display",
        r"QXcbConnection: Could not connect to display",
        r"[Cc]annot connect to X server",
    ),
    S(C.EGL_DEVICE_PLATFORM_UNAVAILABLE, r"eglGetDisplay\(\) failed"),
    # an extension that checks the torch it was built with (k2, icefall)
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"\bwas (?:built|compiled) (?:using|with|against) (?:PyTorch|torch) \d{1,2}\.\d",
    ),
    S(C.CUDA_VERSION_MATRIX_MISMATCH, r"PyTorch is built with CUDA version: ?\d{1,2}\.\d"),
    # a configure script that predates the installed toolkit (Kaldi's)
    S(C.CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE, r"\bUnsupported CUDA_VERSION \(CUDA_VERSION=\d"),
    # THC's headers left torch in 1.11: an extension that still includes them is too old
    S(
        C.EXTENSION_SOURCE_TOO_OLD_FOR_TORCH,
        r"\bTHC/THC\w{0,30}\.(?:h|cuh): No such file",
        supersedes=(C.PYTHON_DEV_HEADERS_MISSING,),
    ),
    # code compiled by nvcc, linked into a library that does not link the CUDA runtime
    S(
        C.EXTENSION_MISSING_CUDA_LIB_LINK,
        r"undefined symbol: __cuda(?:Un)?[Rr]egisterFatBinary\w{0,8}",
    ),
    # MediaPipe's GPU buffers take only some image layouts (SRGBA on macOS)
    S(C.PIPELINE_INPUT_FORMAT_UNSUPPORTED, r"\bunsupported ImageFrame format: ?\d"),
    # macOS's dyld wording of an op library built against another TensorFlow
    S(
        C.TF_OP_LIBRARY_ABI_MISMATCH,
        r"[Ss]ymbol not found(?: in flat namespace)?:? '?_{1,2}ZNK?\d{1,2}(?:tensorflow|tflite|tsl)\d",
        explained_by=(C.METAL_PLUGIN_LOAD_FAILED,),
    ),
    # onnxruntime-node/-web listing a backend its build for this platform does not carry
    S(C.PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY, r"\[(?:cuda|tensorrt)\] backend not found"),
    # wave 84: cuFile (GPUDirect Storage) asserting on a host without its device mounts
    S(C.GDS_CUFILE_DRIVER_OPEN_ABORTS_ON_HOST, r"Assertion failure, file index ?:cufio"),
    # ncnn: a model whose layer the converter or runtime does not carry
    S(C.MODEL_CONVERTER_OP_UNSUPPORTED, r"\blayer \w{1,40} not exists or registered"),
    # ncnn and other Vulkan programs that cannot load the Vulkan loader itself
    S(
        C.VULKAN_ICD_MISSING,
        r"LoadLibrary vulkan-1\.dll failed",
        r"\bload vulkan driver failed",
        r"\bdlopen libvulkan\.so(?:\.1)? failed",
    ),
    # only Mesa's software Vulkan (lavapipe/llvmpipe) as device 0: the GPU's own ICD is absent
    S(
        C.VULKAN_ICD_MISSING,
        r"lavapipe is not a conformant vulkan implementation",
        r"^\[0 llvmpipe \(LLVM",
        needs_failure=True,
    ),
    # Torch-TensorRT 2.10 made explicit typing the default; apps still pass enabled_precisions
    S(
        C.GPU_COMPILER_DEFAULT_CHANGE_BREAKS_APP,
        r"use_explicit_typing was set to True, however found that enabled_precisions",
    ),
    S(
        C.TRT_CONVERTER_MISSING_FOR_OP,
        r"IShuffleLayer applied to shape tensor must have 0 or 1 reshape dimensions",
    ),
    # a state vector with one array axis per qubit: NumPy 1's 32 dimensions
    S(
        C.NUMPY1_MAX_DIMS_LIMITS_QUBITS,
        r"maximum supported dimension for an ndarray is 32, found \d",
        r"cannot handle \d{2}-qubit circuits due to numpy limitations",
    ),
    # fbgemm_gpu's library not loaded: built for another torch than the one installed
    S(C.TORCH_EXTENSION_ABI_MISMATCH, r"File fbgemm_gpu_py\.so not found"),
    # COLMAP/Ceres asked for the GPU, built without its GPU solver
    S(
        C.CPU_ONLY_TF_BUILD,
        r"Requested to use GPU for [\w ]{1,40}, but \w{1,20} was compiled without \w{1,10} support",
    ),
    # an extension imported before torch: torch's own libraries are not loaded yet
    S(
        C.TORCH_EXTENSION_IMPORTED_BEFORE_TORCH,
        r"ImportError: libc10(?:_cuda)?\.so: cannot open shared object file",
    ),
    # a project's CUDA extension module that its build step never produced
    S(
        C.PACKAGE_CUDA_EXTENSION_NOT_BUILT,
        r"No module named '(?:cuda_\w{1,40}|\w{1,40}_cuda(?:_ext|_kernels?)?)'",
    ),
    # wave 85: PG-Strom's GPU-Direct SQL finds no GPU close to the file's device
    S(C.GPUDIRECT_STORAGE_FILE_ON_UNSUPPORTED_DEVICE, r"\bhas no schedulable GPUs\b"),
    S(
        C.PCIE_HOST_DESCRIPTOR_PAGE_SIZE_UNSUPPORTED,
        r"max_desc_page_size ?given ?\d{1,7} ?is ?bigger ?than ?hw ?max ?desc ?page ?size",
    ),
    S(
        C.HAILORT_DRIVER_LIBRARY_VERSION_MISMATCH,
        r"for package \"HailoRT\" that exactly ?matches requested version",
    ),
    # ffmpeg reading a pipe its producer (vspipe) never fed: the producer's error is the cause
    S(C.VIDEO_PIPE_UPSTREAM_PRODUCER_FAILED, r"Error opening input files?:? ?pipe:"),
    # OpenCV's Darknet reader older than the model's layers (YOLOv4's mish)
    S(
        C.FRAMEWORK_VERSION_MISMATCH,
        r"Unsupported activation: \w{1,20} in function '?ReadDarknetFromCfgStream",
    ),
    # macOS's loader: CUDA's dylibs (the last CUDA for macOS was 10.2)
    S(
        C.CUDA_RUNTIME_NOT_LOADABLE,
        r"Library not loaded: [^\n]{0,120}\blibcudart\.[\d.]{1,8}dylib",
    ),
    S(
        C.CUDA_LIBS_NOT_FOUND,
        r"Library not loaded: [^\n]{0,120}\blibcu(?:blas|dnn|fft|rand|sparse|solver)\w{0,4}\.[\d.]{1,8}dylib",
    ),
    # a library linked by a path without a soname: the program asks for lib + its file name
    S(
        C.FRAMEWORK_LIB_SONAME_WRONG_FOR_NATIVE_LINK,
        r"\bliblib\w{1,30}\.so: cannot open shared object",
    ),
    # a program built with another _GLIBCXX_USE_CXX11_ABI than the library it links
    S(
        C.TORCH_EXTENSION_ABI_MISMATCH,
        r"undefined ?reference ?to ?`?[\w:~]{1,200}\((?:const ?)?std::__cxx11::",
    ),
    S(
        C.FRAMEWORK_NOT_FOUND_FOR_EXTENSION_BUILD,
        r"package configuration file provided by ?\"(?:Torch|TensorFlow|Paddle|Caffe2)\"",
    ),
    # system libraries an audio front end loads at import
    S(
        C.LINUX_SYSTEM_RUNTIME_LIB_MISSING,
        r"requires sox extension which is not available",
        r"OSError: PortAudio library not found",
    ),
    # DDP's reducer waiting for parameters no loss used
    S(
        C.DDP_UNUSED_PARAMETERS_NOT_DECLARED,
        r"Expected to have finished reduction in the prior iteration before starting a new one",
    ),
    # a model file from a download cache that does not parse
    S(
        C.ONNX_CONVERTED_MODEL_CACHE_INCOMPLETE,
        r"Load model from [^\n]{0,300}[/\\]\.cache[/\\][^\n]{0,300} failed: ?Protobuf parsing failed",
    ),
    S(
        C.CPU_ONLY_HOST_BENIGN,
        r"\[pyKeOps\]: Warning, no cuda detected\. Switching to cpu only",
        strength=INFO,
    ),
    # wave 86: Open MPI's UCX layer finding no transport it accepts (TCP only, by default refused)
    S(C.OPENMPI_UCX_PML_REJECTS_TCP_TRANSPORT, r"\bPML ucx cannot be selected"),
    # PALS' mpiexec --gpu-bind=list on GPUs it sees as one (implicit scaling) or as tiles
    S(C.LAUNCHER_GPU_BIND_LIST_UNSUPPORTED_HIERARCHY, r"Failed to parse implicit GPU selection"),
    S(
        C.ENROOT_RDMA_HOOK_FAILS_ON_SRIOV_VF,
        r"hooks\.d/99-mellanox\.sh: line \d{1,5}: [^\n]{0,60}unbound variable",
    ),
    # a build that refuses a toolkit newer than it was tested with (Amber's CMake)
    S(C.CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE, r"\bError: Untested CUDA version\b"),
    # torch.load on a weights file cut short (an interrupted download)
    S(
        C.MODEL_WEIGHTS_FILE_INCOMPLETE,
        r"unexpected EOF, expected \d{1,12} more bytes\. The file might be corrupted",
    ),
    # clang or icx picking a gcc whose libstdc++ development files are not installed
    S(C.CLANG_HOST_LIBSTDCXX_DEV_MISSING, r"\bld(?:\.lld)?: (?:error: )?cannot find -lstdc\+\+"),
    S(C.GRAPH_COMPILER_KERNEL_BACKEND_BUG, r"^Invalid MLIR created:"),
    # an MPI-enabled build (nccl-tests, aws-ofi-nccl, NVSHMEM) without MPI's headers
    S(
        C.MPI_HEADERS_MISSING_FOR_GPU_COMPONENT_BUILD,
        r"fatal error: ?mpi\.h: No such file",
        r"Cannot open include file: ?'mpi\.h'",
        supersedes=(C.PYTHON_DEV_HEADERS_MISSING,),
    ),
    S(C.CLOUD_CLI_TOO_OLD_FOR_GPU_OPTION, r"unrecognized arguments: [^\n]{0,80}--gpu-driver\b"),
    # wave 87: a HIP port linked with its CUDA build's flags (ROCm's lld asked for CUDA's runtime)
    S(
        C.HIPIFIED_BUILD_STILL_LINKS_CUDA_RUNTIME,
        r"ld\.lld: error: unable to find library -lcu(?:dart|blas|fft|rand|sparse)\b",
        supersedes=(C.CUDA_DEV_LIB_NOT_ON_LINKER_PATH,),
    ),
    S(
        C.HOST_MEMORY_USED_ON_GPU_WITHOUT_XNACK,
        r"Running a program that requires XNACK on a system where XNACK is disabled",
    ),
    # torch.compile(fullgraph=True) on a construct Dynamo cannot trace
    S(
        C.TORCH_COMPILE_FULLGRAPH_GRAPH_BREAK,
        r"Dynamo does not support tracing dynamic control flow",
        r"This graph break is fundamental",
    ),
    S(C.RUSTUP_TOO_OLD_FOR_TOOLCHAIN_FILE, r"error: invalid channel name '\[toolchain\]'"),
    # Isaac ROS' NITROS: a GXF video buffer takes only even image sizes
    S(
        C.PIPELINE_INPUT_FORMAT_UNSUPPORTED,
        r"Image ?width/height ?must ?be ?even ?for ?creation ?of ?gxf::VideoBuffer",
    ),
    # CMake's old FindCUDA module (a vendor SDK's config still uses it) finds no toolkit
    S(C.CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD, r"^Specify CUDA_TOOLKIT_ROOT_DIR$"),
    # DirectML's own validation of an operator an application built wrongly
    S(
        C.DIRECTML_API_MISUSE_REMOVES_DEVICE,
        r"TensorValidator\.h\(\d{1,5}\)\\DirectML",
        r"\[DIRECTML ERROR\]: Mismatched tensor",
        supersedes=(C.DIRECTML_NO_ADAPTER_OR_VERSION,),
    ),
    S(
        C.ONNX_MODEL_OVER_PROTOBUF_2GB_LIMIT,
        r"onnx\.ModelProto exceeds maximum protobuf size of 2 ?GB",
    ),
    # Windows ML's catalogue: a vendor's execution provider not downloaded or registered yet
    S(
        C.WINML_EXECUTION_PROVIDER_NOT_READY,
        r"\b\w{2,30}ExecutionProvider: (?:NotPresent|NotReady)\b",
    ),
    S(
        C.WSLG_GPU_ACCELERATION_UNAVAILABLE,
        r"Xwayland glamor: GBM Wayland interfaces not available",
    ),
)
