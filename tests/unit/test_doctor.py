"""envforge doctor over message lines from the failure catalogue (failure-modes.md, the (a) fields)
and over whole logs mixing section-Z noise with one real cause."""

from __future__ import annotations

from pathlib import Path

import pytest

from envforge.diagnosis import by_layer, diagnose_checks, diagnose_log, is_trouble, merge
from envforge.knowledge import load_knowledge
from envforge.log_facts import extract_facts
from envforge.log_reading import read_log
from envforge.log_rules import knowledge_diagnoses
from envforge.probe.checks import Check
from envforge.probe.codes import CODES, Code
from envforge.probe.matching import classify
from envforge.probe.signatures import SIGNATURES

# (message as users see it, code). Copied from the catalogue; log prefixes vary between releases.
LINES = [
    # wave 20's dev logs (copied from their logs)
    (
        "AttributeError: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: undefined symbol: nvmlDeviceGetMemoryInfo_v2",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "numba.cuda.cudadrv.error.CudaDriverError: Driver missing function: cuDeviceGetUuid",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "ImportError: /home/istek/.local/lib/python3.8/site-packages/cupy_backends/cuda/api/runtime.cpython-38-x86_64-linux-gnu.so: undefined symbol: cudaMallocAsync",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    ("Cuda driver error 804 in call at file", "CUDA_COMPAT_ON_UNSUPPORTED_HW"),
    (
        'xcrun: error: unable to find utility "metal", not a developer tool or in PATH',
        "METAL_SHADER_COMPILER_MISSING",
    ),
    ("vkCreateInstance failed -9", "VULKAN_ICD_MISSING"),
    (  # MLX's own message (mlx/backend/metal/device.cpp)
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [metal::Device] Failed to load the default metallib. library not found",
        "MLX_METALLIB_NOT_BUILT",
    ),
    (
        "The procedure entry point hipDeviceSetLimit could not be found in the dynamic link library D:\\Apps\\ZLUDA\\nvcuda.dll",
        "ZLUDA_HIP_RUNTIME_MISMATCH",
    ),
    (
        "NVRTC compilation error: nvrtc: error: invalid value for --gpu-architecture (-arch)",
        "NVRTC_ARCH_UNSUPPORTED_BY_TOOLKIT",
    ),
    (
        "/ops/pointnet2/pointnet2_stack/pointnet2_stack_cuda.cpython-36m-x86_64-linux-gnu.so: undefined symbol: _Z36three_interpolate_grad_wrapper_stackN2at6TensorES0_S0_S0_",
        "EXTENSION_STALE_BUILD_ARTIFACTS",
    ),
    (
        "E   FileNotFoundError: [WinError 3] The system cannot find the path specified: 'D:\\\\a\\\\ct2hf\\\\ct2hf\\\\.venv\\\\Lib\\\\site-packages\\\\ctranslate2/../_rocm_sdk_core/bin'",
        "GPU_LIBRARY_RELEASE_IMPORT_REGRESSION",
    ),
    ("code: ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS", "CLOUD_GPU_CAPACITY_UNAVAILABLE"),
    (
        "The specified subscription has a Standard NC family vCPU quota of 0 and cannot accomodate for at least 1 requested managed compute nodes which maps to 12 vCPUs.",
        "CLOUD_GPU_QUOTA_EXCEEDED",
    ),
    (
        "sky.exceptions.ResourcesUnavailableError: Catalog and kubernetes cluster does not contain any instances satisfying the request:",
        "K8S_GPU_NODE_LABEL_MISMATCH",
    ),
    (
        "{'CPU': 0.5, 'A10': 1.0, 'GPU': 1.0} * 1 (STRICT_SPREAD): 1+ pending placement groups",
        "RAY_CLUSTER_NO_GPU_RESOURCE",
    ),
    (
        "10:27:18-821294 DEBUG    DirectML installation is detected. Skipping HIP SDK check.",
        "APP_GPU_BACKEND_MISMATCH",
    ),
    (
        'level=error msg="error running nvidia-toolkit: unable to determine runtime options: unable to load containerd config: failed to load config: failed to run command chroot [/host containerd config dump]: exit status 127"',
        "CONTAINER_TOOLKIT_BREAKS_ENGINE_CONFIG",
    ),
    (
        "nvcc fatal   : Unsupported gpu architecture 'compute_86'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    # wave 21's dev logs (copied from their logs)
    (
        "error: triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 163842, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.",
        "TRITON_KERNEL_SHARED_MEMORY_OVER_GPU_LIMIT",
    ),
    (
        "ImportError: Cannot initialize a EGL device display. This likely means that your EGL driver does not support the PLATFORM_DEVICE extension, which is required for creating a headless rendering context.",
        "EGL_DEVICE_PLATFORM_UNAVAILABLE",
    ),
    (
        "libEGL warning: failed to open /dev/dri/renderD128: Permission denied",
        "DRI_RENDER_NODE_PERMISSION",
    ),
    (
        "Python exception: [WinError 2] Das System kann die angegebene Datei nicht finden: 'I:/Hybrid/64bit/Vapoursynth/torch_dependencies/bin'",
        "CUDA_PATH_NOT_A_TOOLKIT_ROOT",
    ),
    (
        "RuntimeError: vk::Instance::enumeratePhysicalDevices: ErrorInitializationFailed",
        "VULKAN_ICD_MISSING",
    ),
    (
        "This error is likely caused by the graphics card timeout detection mechanism of your operating system. Please refer to the FAQ in the documentation on how to solve this problem.",
        "WINDOWS_GPU_TDR_TIMEOUT",
    ),
    (
        "ImportError: DLL load failed while importing dlib: The specified module could not be found.",
        "WINDOWS_DLL_DIRECTORY_NOT_REGISTERED",
    ),
    ("vkAllocateMemory failed -2", "GPU_OOM"),
    (
        "F0107 18:26:07.968050  3245 common.cpp:66] Cannot use GPU in CPU-only Caffe: check mode.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "[20:56:28] src/imperative/./imperative_utils.h:92: GPU support is disabled. Compile MXNet with USE_CUDA=1 to enable GPU support.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "Error: CUDA device intialisation problem. driver missing function: cuInit.",
        "DRIVER_LIBRARY_ENV_NAMES_RUNTIME",
    ),
    (
        "╰─▶ Virtual package '__cuda' does not match any of the available virtual packages on your machine: [__archspec=1=zen2, __glibc=2.39=0, __unix=0=0, __linux=6.11.0=0]",
        "CONDA_CUDA_VIRTUAL_PACKAGE_MISSING",
    ),
    (
        "2021-07-28 12:18:26.707916: W tensorflow/core/common_runtime/bfc_allocator.cc:467] ***************************************************************************************************_",
        "GPU_OOM",
    ),
    ("Failed to initialize the context: failed to allocate compute pp buffers", "GPU_OOM"),
    (
        "bf16 mixed precision requires PyTorch >= 1.10 and a supported device.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "OSError: Could not find compatible tinycudann extension for compute capability 87.",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "GPUassert: invalid device function /home4/jpotoff/GOMC/GOMC/src/GPU/CalculateEwaldCUDAKernel.cu 80",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    ("RuntimeError: nms_impl: implementation for device cuda:0 not found.", "CPU_ONLY_TF_BUILD"),
    ("[CLDNN ERROR]. clGetPlatformIDs error -1001", "INTEL_GPU_DRIVER_MISSING"),
    (
        "TypeError: Failed to create plugin /opt/intel/openvino_2020.2.120/deployment_tools/inference_engine/lib/intel64/libclDNNPlugin.so for device GPU",
        "OPENVINO_GPU_PLUGIN_NEEDS_INTEL_GPU",
    ),
    (
        "FAILED test_ops_xpu.py::TestCommonXPU::test_compare_cpu_logcumsumexp_xpu_float16 - RuntimeError: Kernel is incompatible with all devices in devs",
        "XPU_FP64_UNSUPPORTED",
    ),
    ("MPS does not support cumsum op with int64 input", "MPS_OP_NOT_IMPLEMENTED"),
    (
        "nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/3f/merged/usr/bin/nvidia-smi: file exists: unknown",
        "IMAGE_BUNDLES_DRIVER_LIBS",
    ),
    (
        "srun: error: Unable to allocate resources: Requested node configuration is not available",
        "SLURM_GRES_REQUEST_INVALID",
    ),
    (
        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/2 clients joined.",
        "DIST_RENDEZVOUS_UNREACHABLE",
    ),
    (
        "AttributeError: module 'tensorflow' has no attribute 'Session'",
        "FRAMEWORK_VERSION_MISMATCH",
    ),
    (
        "modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-45-generic",
        "DRIVER_NOT_AVAILABLE",
    ),
    ("ValueError: invalid literal for int() with base 10: 'NoDevFiles'", "SLURM_GPU_NOT_REQUESTED"),
    # Keras 3's own checks, which Keras 2 words otherwise
    (
        "ValueError: Unrecognized keyword arguments passed to LSTM: {'time_major': False}",
        "KERAS3_WHERE_TF_KERAS_EXPECTED",
    ),
    ("ValueError: Argument(s) not recognized: {'lr': 0.001}", "KERAS3_WHERE_TF_KERAS_EXPECTED"),
    (
        "ValueError: Only instances of `keras.Layer` can be added to a Sequential model. Received: <tensorflow_hub.keras_layer.KerasLayer object at 0x7f8b1c2d3e50>",
        "KERAS3_WHERE_TF_KERAS_EXPECTED",
    ),
    # classes in their printers' words: a shell's and a script's OOM-killed job, XLA on the host,
    # ptxas and vLLM refusing a feature of a newer GPU, NCCL's sockets and verbs between nodes
    (
        "node2:1234:1300 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.1<54321> failed : No route to host",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "node1:3456:3600 [3] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.10.1.2<37823> with error 12, opcode 0, len 0, vendor err 129 (Recv)",
        "NCCL_INTERNODE_NETWORK",
    ),
    ("zsh: killed     python train.py", "HOST_OOM"),
    ("./run.sh: line 12: 23456 Killed                  python main.py --epochs 10", "HOST_OOM"),
    (
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes on host.",
        "HOST_OOM",
    ),
    (
        "ptxas /tmp/tmpxft/kernel.ptx, line 120; error   : Feature '.bf16' requires .target sm_80 or higher",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 89. Current capability: 86.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    # wave 17's dev logs and the sixth GPU recording (copied from their logs)
    (
        "RuntimeError: Found NVIDIA GeForce GTX 1070 which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "nvidia-smi : The term 'nvidia-smi' is not recognized as the name of a cmdlet, function, script file, or operable program.",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "nvcc : The term 'nvcc' is not recognized as the name of a cmdlet, function, script file, or operable program.",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "nvcc fatal   : Unsupported gpu architecture 'compute_70'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "RuntimeError: Could not find nvcc and default cuda_home='/usr/local/cuda' doesn't exist",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "OSError: Could not load this library: /opt/venv/lib/python3.12/site-packages/torchaudio/lib/libtorchaudio.so",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        "docker: Error response from daemon: AMD CDI spec not found",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "failed call to cuInit: CUDA_ERROR_NOT_FOUND: named symbol not found",
        "WSL_WINDOWS_DRIVER_REGRESSION",
    ),
    (
        "jaxlib/cuda/cuda_prng_kernels.cc:32: operation cudaGetLastError() failed: cudaGetErrorString symbol not found.",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "ERROR:root:Unable to detect amdgpu driver: driver not initialized (amdgpu not found in modules)",
        "SMI_TOOL_MISSES_BUILTIN_AMDGPU",
    ),
    (
        "/tmp/comgr-7f1a2b/input/naive_conv.cpp:39:10: fatal error: 'limits' file not found",
        "MIOPEN_HIPRTC_LIBSTDCXX_HEADERS_MISSING",
    ),
    ("slurmstepd: error: pyxis: failed to import docker image", "IMAGE_PULL_FAILED"),
    (
        "ImportError: libnccl.so.2: cannot open shared object file: No such file or directory",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        'cuda.pathfinder._dynamic_libs.load_dl_common.DynamicLibNotFoundError: Failure finding "libnvrtc.so.13 or libnvrtc.so.12": No such file',
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "ImportError: libze_loader.so.1: cannot open shared object file: No such file or directory",
        "INTEL_GPU_DRIVER_MISSING",
    ),
    (
        "NotFoundError: libmkl_sycl.so.2: cannot open shared object file: No such file or directory",
        "ONEAPI_RUNTIME_LIBS_NOT_FOUND",
    ),
    ("RuntimeError: Required aspect fp64 is not supported on the device", "XPU_FP64_UNSUPPORTED"),
    (
        "This library is using language version 4.0 which is not supported on this OS",
        "MLX_METALLIB_NEWER_THAN_MACOS",
    ),
    ("fatal error: 'ggml-common.h' file not found", "METAL_SHADER_SOURCE_INCOMPLETE"),
    (
        'PlaidMLError: Could not find PlaidML configuration file: "experimental.json".',
        "PLAIDML_CONFIG_FILE_NOT_FOUND",
    ),
    (
        "Could not find compiler for platform DML: NOT_FOUND: could not find registered compiler for platform DML",
        "XLA_UNAVAILABLE_ON_PLUGGABLE_DEVICE",
    ),
    (
        "cuIpcOpenMemHandle: invalid argument, CUDA_ERROR_INVALID_VALUE",
        "SLURM_GPU_BIND_BREAKS_CUDA_IPC",
    ),
    (
        "Error: Unable to connect to host engine. Host engine connection invalid/disconnected.",
        "DCGM_HOSTENGINE_NOT_REACHABLE",
    ),
    ("FATA[0001] Error watching fields: Feature not supported", "DCGM_METRIC_UNSUPPORTED_ON_GPU"),
    (
        "request to query NVSwitch device information from NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]",
        "FABRIC_MANAGER_WITHOUT_NVSWITCH",
    ),
    (
        'Error toggling CUDA in process ID 98145: "operation not permitted"',
        "GPU_PERSISTENCE_MODE_REQUIRED",
    ),
    (
        "failed to create FS watcher for /var/lib/kubelet/device-plugins/: too many open files",
        "INOTIFY_LIMIT_EXHAUSTED",
    ),
    (
        "RuntimeError: jaxlib/cuda/versions_helpers.cc:135: operation cuInit(0) failed: Unknown CUDA error 303; cuGetErrorName failed.",
        "DRIVER_NOT_AVAILABLE",
    ),
    # the later corpus waves and the GPU recordings (copied from their logs)
    (
        'ValueError: XLA_PYTHON_CLIENT_ALLOCATOR env var must be one of "default", "platform", "bfc", "cuda_async", "vmm", "address", got "pooled"',
        "XLA_ENV_OPTION_NOT_SUPPORTED",
    ),
    (
        "F1127 15:23:52.625194     550 parse_flags_from_env.cc:234] Unknown flag in XLA_FLAGS: --xla_gpu_enable_async_all_reduce=true",
        "XLA_ENV_OPTION_NOT_SUPPORTED",
    ),
    (
        "torch.distributed.DistNetworkError: The client socket has timed out after 10000ms while trying to connect to (10.255.255.1, 29511).",
        "DIST_RENDEZVOUS_UNREACHABLE",
    ),
    ("RPC: /xla.coordination.CoordinationService/RegisterTask", "DIST_RENDEZVOUS_UNREACHABLE"),
    (
        'torch.cuda.DeferredCudaCallError: CUDA call failed lazily at initialization with error: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "../aten/src/ATen/cuda/CUDAContext.cpp":50, please report a bug to PyTorch.',
        "MIG_MULTIPLE_INSTANCES_VISIBLE",
    ),
    ("RuntimeError: No available kernel.  Aborting execution.", "SDPA_NO_USABLE_KERNEL"),
    (
        "is forbidden: unable to validate against any security context constraint: [provider",
        "OPENSHIFT_SCC_BLOCKS_GPU_COMPONENT",
    ),
    (
        "sbatch: error: Batch job submission failed: Requested GRES option unsupported by configured SelectType plugin",
        "SLURM_GRES_REQUEST_INVALID",
    ),
    (
        ":1:hip_fatbin.cpp           :687 : 114369963532 us:  No compatible code objects found for: gfx1152, value of HIP_FORCE_SPIRV_CODEOBJECT: 0",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "InternalError: failed initializing StreamExecutor for CUDA device ordinal 0: Internal: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY; total memory reported: 11995578368",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmStridedBatchedEx(handle, opa, opb, (int)m, (int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, (int)ldb, strideb, (void*)&fbeta, c, CUDA_R_16BF, (int)ldc, stridec, (int)num_batches, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "NOT_FOUND: No FFI handler registered for hipsolver_getrf_ffi on a platform ROCM",
        "JAX_JAXLIB_VERSION_MISMATCH",
    ),
    (
        "/opt/torch/.venv/lib/python3.12/site-packages/torch/cuda/__init__.py:180: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 101: invalid device ordinal (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:119.)",
        "GPU_HIDDEN_BY_ENV",
    ),
    (
        "RuntimeError: jaxlib/cuda/versions_helpers.cc:135: operation cuInit(0) failed: CUDA_ERROR_INVALID_DEVICE",
        "GPU_HIDDEN_BY_ENV",
    ),
    ("FloatingPointError: invalid value (nan) encountered in log", "MODEL_LOSS_NOT_FINITE"),
    (
        'The following error was triggered when refreshing the CDI registry: failed to load CDI Spec failed to parse CDI Spec "/etc/cdi/nvidia.yaml": failed to unmarshal CDI Spec: error unmarshaling JSON: while decoding JSON: json: unknown field "additionalGids"',
        "CDI_SPEC_VERSION_UNSUPPORTED_BY_ENGINE",
    ),
    (
        "Error: runc: runc create failed: unable to start container process: error during container init: error running hook #0: fork/exec /usr/bin/nvidia-cdi-hook: no such file or directory: OCI runtime attempted to invoke a command that was not found",
        "CDI_HOOK_BINARY_MISSING",
    ),
    (
        "[1478401.486981] DMAR: [DMA Write] Request device [02:00.0] fault addr cd139000 [fault reason 05] PTE Write access is not set",
        "PCIE_IOMMU_ACS_BLOCKS_P2P",
    ),
    (
        "[Fri Mar  3 04:27:08 2023] NVRM: Xid (PCI:0000:61:00): 119, pid=1346198, name=nvidia-smi, Timeout waiting for RPC from GSP! Expected function 103 (GSP_RM_ALLOC) (0x80 0x38).",
        "GSP_FIRMWARE_RPC_TIMEOUT",
    ),
    (
        "NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2c02) installed in this system requires use of the NVIDIA open kernel modules.",
        "PROPRIETARY_MODULE_ON_OPEN_ONLY_GPU",
    ),
    ("Building DKMS module 'nvidia-580.142' for kernel-7.1.0_1... FAILED!", "DRIVER_NOT_AVAILABLE"),
    ("RPC: /tensorflow.CoordinationService/RegisterTask", "DIST_RENDEZVOUS_UNREACHABLE"),
    (
        "ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it. Please specify a different port (such as using the `----main_process_port` flag or specifying a different `main_process_port` in your config file) and rerun your script. To automatically use the next open port (on a single node), you can set this to `0`.",
        "DIST_MASTER_PORT_IN_USE",
    ),
    (
        "RuntimeError: Could not run 'aten::_cumsum' with arguments from the 'DML' backend.",
        "DIRECTML_OP_NOT_IMPLEMENTED",
    ),
    (
        "RuntimeError: Cannot set version_counter for inference tensor",
        "DIRECTML_INFERENCE_MODE_UNSUPPORTED",
    ),
    (
        "Cannot load librocdxg.so, failed:librocdxg.so: cannot open shared object file: No such file or directory",
        "ROCM_WSL_LIBROCDXG_NOT_FOUND",
    ),
    (
        "torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) local_rank: 1 (pid: 14447) of binary:",
        "HOST_OOM",
    ),
    (
        "numpy._core._exceptions._ArrayMemoryError: Unable to allocate 1.00 PiB for an array with shape (140737488355328, 8) and data type uint8",
        "HOST_OOM",
    ),
    (
        "numba.cuda.cudadrv.driver.CudaAPIError: [<CUresult.CUDA_ERROR_OUT_OF_MEMORY: 2>] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY",
        "GPU_OOM",
    ),
    ("But your machine only has: [0]", "GPU_INDEX_OUT_OF_RANGE"),
    (
        "RuntimeError: Function 'SqrtBackward0' returned nan values in its 0th output.",
        "MODEL_LOSS_NOT_FINITE",
    ),
    ("Epoch 4/6 - loss: nan", "MODEL_LOSS_NOT_FINITE"),
    (
        "/opt/torch/.venv/lib/python3.12/site-packages/onnxruntime/capi/onnxruntime_inference_collection.py:197: UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names.Available providers: 'AzureExecutionProvider, CPUExecutionProvider'",
        "CPU_ONLY_TF_BUILD",
    ),
    ("RuntimeError: PyTorch is not linked with support for xpu devices", "CPU_ONLY_TF_BUILD"),
    (
        "If you cannot immediately regenerate your protos, some other possible workarounds are:",
        "PROTOBUF_VERSION_MISMATCH",
    ),
    (
        'OSError: [WinError 127] The specified procedure could not be found. Error loading "...\\.venv\\lib\\site-packages\\paddle\\..\\nvidia\\cudnn\\bin\\cudnn_cnn64_9.dll" or one of its dependencies.',
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "2019-01-08 19:06:11.303639: E tensorflow/stream_executor/rocm/rocm_driver.cc:601] failed to allocate 7.35G (7889485824 bytes) from device: hipError_t(1002)",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    ("Cuda failure 'CUDA driver is a stub library'", "CUDA_DRIVER_STUB_ON_PATH"),
    ("RuntimeError: CUDA error: operation not supported", "CUDA_MALLOC_ASYNC_UNSUPPORTED"),
    (
        "NotImplementedError: No compiled get_cutlass_moe_mm_data: no cutlass_scaled_mm kernel for CUDA device capability: 100. Required capability: 90",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "ptxas-blackwell fatal   : Value 'sm_110a' is not defined for option 'gpu-name'",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ),
    (
        "Error: Your Tesla V100-PCIE-32GB GPU (compute capability 7.0) is not supported on CUDA 13+.",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "jaxlib._jax.XlaRuntimeError: INTERNAL: Failed to open /usr/lib/python3/dist-packages/jax_plugins/xla_rocm7/xla_rocm_plugin.so: libdw.so.1: cannot open shared object file: No such file or directory",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    ("NVRM:  information.  The 595.58.03 NVIDIA driver will ignore", "DRIVER_BRANCH_DROPPED_GPU"),
    (
        "slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-06-18T13:05:36 DUE TO PREEMPTION ***",
        "SLURM_TASK_CANCELLED",
    ),
    (
        "NVRM: GPU 0000:01:00.0: not supported by open nvidia.ko because it does not include the required GPU",
        "OPEN_KERNEL_MODULE_UNSUPPORTED_GPU",
    ),
    (
        "panic: At least one device with migEnabled=true was not configured correctly: No MIG devices associated with /dev/nvidia0",
        "MIG_ENABLED_WITHOUT_INSTANCES",
    ),
    (
        "nvc_ldcache.c:356] could not start /sbin/ldconfig: syscall limiting failed",
        "CONTAINER_LDCONFIG_HOOK_FAILED",
    ),
    (
        "tensorflow.python.framework.errors_impl.NotFoundError: Op type not registered 'NcclAllReduce' in binary running on HOST",
        "NCCL_UNAVAILABLE_FOR_STRATEGY",
    ),
    (
        "Inside File: Source/Math/Matrix.cpp  Line: 4423  Function: RNNForward  -> Feature Not Implemented.",
        "GPU_ONLY_LAYER_WITHOUT_GPU",
    ),
    (
        "ImportError: cannot import name 'RunOptions' from 'onnxruntime.capi._pybind_state'",
        "WINDOWS_RUNTIME_DLL_MISSING",
    ),
    (
        "RuntimeError: cuBLAS failed with status CUBLAS_STATUS_NOT_SUPPORTED",
        "QUANTIZED_COMPUTE_TYPE_UNSUPPORTED_ON_ARCH",
    ),
    (
        "CUDA SETUP: Loading binary C:\\Python310\\lib\\site-packages\\bitsandbytes\\libbitsandbytes_cpu.so...",
        "PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY",
    ),
    ("sbatch: error: Invalid generic resource (gres) specification", "SLURM_GRES_REQUEST_INVALID"),
    (
        "slurmd: fatal: MIG mode is enabled, but no MIG devices were found.",
        "MIG_ENABLED_WITHOUT_INSTANCES",
    ),
    (
        "sbatch: error: Requested time limit is invalid (missing or exceeds some limit)",
        "SLURM_TIME_LIMIT_OVER_PARTITION_MAX",
    ),
    (
        "(autoscaler) Warning: No available node types can fulfill resource request {'GPU': 1.0}. Add suitable node types",
        "RAY_CLUSTER_NO_GPU_RESOURCE",
    ),
    (
        "ERROR: This container was built for NVIDIA Driver Release 535.86 or later, but",
        "CONTAINER_CUDA_NEWER_THAN_DRIVER",
    ),
    (
        "cudf.errors.UnsupportedCUDAError: A GPU with NVIDIA Volta™ (Compute Capability 7.0) or newer architecture is required.",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "E tensorflow/stream_executor/cuda/cuda_blas.cc:238] failed to create cublas handle: CUBLAS_STATUS_ALLOC_FAILED",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "/tmp/tmpx/cuda_utils.c:5:10: fatal error: Python.h: No such file or directory",
        "PYTHON_DEV_HEADERS_MISSING",
    ),
    ("/usr/bin/ld: cannot find -lcuda: No such file or directory", "TRITON_LIBCUDA_SO_NOT_FOUND"),
    (
        "RuntimeError: Cannot find a working triton installation. More information on installing Triton can be found at",
        "TRITON_MISSING_FOR_TORCH_COMPILE",
    ),
    (
        "rocblaslt error: Attempting to use hipBLASLt on a unsupported architecture!",
        "ROCM_HIPBLASLT_UNSUPPORTED_ARCH",
    ),
    (
        "ERRO[0000] failed to generate CDI spec: failed to create discoverer for driver libraries: failed to locate libcuda.so",
        "CDI_GENERATE_DRIVER_LIBS_NOT_FOUND",
    ),
    (
        "nvidia-container-cli: ldcache error: process /sbin/ldconfig.real failed with error code: 1",
        "CONTAINER_LDCONFIG_HOOK_FAILED",
    ),
    (
        "NVRM: installed in this system requires use of the NVIDIA proprietary driver.",
        "OPEN_KERNEL_MODULE_UNSUPPORTED_GPU",
    ),
    ("[2024-03-15 10:30:10] CUDA error: error code 34", "CUDA_DRIVER_STUB_ON_PATH"),
    (
        "what():  nvrtc: error: failed to open libnvrtc-builtins.so.12.1.",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    ("AttributeError: module 'numpy' has no attribute 'float_'.", "NUMPY_ABI_MISMATCH"),
    ("CUDA_ERROR_STUB_LIBRARY: CUDA driver is a stub library", "CUDA_DRIVER_STUB_ON_PATH"),
    (
        "RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of"
        " gpu are present. Platforms present are: cpu,cuda",
        "JAX_PLATFORMS_NAME_MISMATCH",
    ),
    (
        "RuntimeError: Rank 1 failed to pass monitoredBarrier in 30000 ms",
        "COLLECTIVE_TIMEOUT_RANK_BUSY",
    ),
    (
        "'nvcc' is not recognized as an internal or external command,",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "invalid usage ... Last NCCL warning(error): 'Bootstrap : no socket interface found'",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "W tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc:40] "
        "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "AttributeError: module 'jaxlib.xla_client' has no attribute 'register_custom_type_id_handler'",
        "JAX_JAXLIB_VERSION_MISMATCH",
    ),
    (
        "[3] enqueue.cc:215 NCCL WARN Cuda failure 'invalid device function'",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "I0000 f236.cc:165] libtpu.so already in use by another process probably owned by another "
        'user. Run "$ sudo lsof -w /dev/accel0" to figure out which process is using the TPU.',
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "ValueError: To call `multi_gpu_model` with `gpus=8`, we expect the following devices to be "
        "available: ['/cpu:0', '/gpu:0', '/gpu:1']. However this machine only has: ['/cpu:0', '/gpu:0']",
        "GPU_INDEX_OUT_OF_RANGE",
    ),
    ("ImportError: cannot import name 'multi_gpu_model'", "FRAMEWORK_VERSION_MISMATCH"),
    (
        "ImportError: Keras requires TensorFlow 2.2 or higher. Install TensorFlow via `pip install tensorflow`",
        "KERAS_VERSION_MISMATCH",
    ),
    (
        "CUDA backend failed to initialize: Unable to load cuSOLVER. (Set TF_CPP_MIN_LOG_LEVEL=0 and "
        "rerun for more info.)",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        'error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools"',
        "JIT_HOST_COMPILER_MISSING",
    ),
    (
        "NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx_x:1",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "include/socket.h:344 WARN Socket creation failed : Address family not supported by protocol",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 2000",
        "NCCL_RANKS_SHARE_GPU",
    ),
    (
        "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:50002 (errno: 98 - "
        "Address already in use).",
        "DIST_MASTER_PORT_IN_USE",
    ),
    (
        "RuntimeError: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=3, "
        "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000)",
        "COLLECTIVE_TIMEOUT_RANK_BUSY",
    ),
    (
        "InvalidArgumentError: Detected unsupported operations when trying to compile graph "
        "__inference_train_step_83604 on XLA_GPU_JIT: HorovodAllreduce",
        "XLA_JIT_COMPILE_UNSUPPORTED_OP",
    ),
    (
        "InvalidArgumentError (see above for traceback): No OpKernel was registered to support Op "
        "'CudnnRNN' with these attrs.  Registered devices: [CPU], Registered kernels:",
        "GPU_ONLY_LAYER_WITHOUT_GPU",
    ),
    (
        "No OpKernel was registered to support Op 'NcclAllReduce' used by {{node NcclAllReduce}}",
        "NCCL_UNAVAILABLE_FOR_STRATEGY",
    ),
    (
        "ERROR: No matching distribution found for jaxlib==0.4.9+cuda12.cudnn88",
        "JAX_CUDA_WHEEL_UNAVAILABLE",
    ),
    (
        "RuntimeError: Unable to initialize backend 'tpu': INTERNAL: Failed to open "
        "/site-packages/libtpu/libtpu.so: cannot open shared object file: No such file or directory",
        "LIBTPU_MISSING_OR_MISMATCHED",
    ),
    (
        "As of JAX 0.4.0, JAX only supports TPU VMs, not the older Colab TPUs.",
        "JAX_TPU_NODE_UNSUPPORTED",
    ),
    (
        "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "/usr/local/cuda/include/crt/host_config.h:119:2: error: #error -- unsupported GNU version! "
        "gcc versions later than 6 are not supported!",
        "HOST_COMPILER_TOO_NEW_FOR_NVCC",
    ),
    ("RuntimeError: Compiler: cl is not found.", "JIT_HOST_COMPILER_MISSING"),
    (
        "b\"nvcc fatal   : Cannot find compiler 'cl.exe' in PATH\\r\\n\"",
        "JIT_HOST_COMPILER_MISSING",
    ),
    (
        "WARNING (theano.configdefaults): g++ not detected ! Theano will be unable to execute "
        "optimized C-implementations (for both CPU and GPU)",
        "JIT_HOST_COMPILER_MISSING",
    ),
    (
        "An attempt has been made to start a new process before the current process has finished "
        "its bootstrapping phase.",
        "WINDOWS_SPAWN_WITHOUT_MAIN_GUARD",
    ),
    ("RuntimeError: CUDA driver error: device not ready", "WINDOWS_GPU_TDR_TIMEOUT"),
    ("CUDA error: the launch timed out and was terminated", "WINDOWS_GPU_TDR_TIMEOUT"),
    ("Failed to initialize NVML: Insufficient Permissions", "NVIDIA_DEVICE_NODE_PERMISSIONS"),
    (
        "type=AVC msg=audit(1596558183.345:3302): avc:  denied  { read write } for  pid=6183 comm=nvidia-smi name=nvidiactl dev=devtmpfs scontext=system_u:system_r:container_t:s0",
        "SELINUX_BLOCKS_GPU_DEVICES",
    ),
    (
        "RuntimeError: The MPS backend is supported on MacOS 12.3+.Current OS version can be "
        "queried using `sw_vers`",
        "MACOS_TOO_OLD_FOR_MPS",
    ),
    (
        "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox "
        'runtime: no runtime for "nvidia" is configured',
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "ImportError: Could not find 'nvcuda.dll'. TensorFlow requires that this DLL be installed in a "
        "directory that is named in your %PATH% environment variable.",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "[TensorRT] ERROR: INVALID_CONFIG: The engine plan file is generated on an incompatible "
        "device, expecting compute 6.1 got compute 7.5, please rebuild.",
        "TRT_ENGINE_BUILT_FOR_OTHER_GPU",
    ),
    ("Invalid handle. Cannot load symbol cudnnGetVersion", "CUDA_LIBS_NOT_FOUND"),
    (
        "stderr: nvidia-container-cli: device error: 1: unknown device",
        "GPU_INDEX_OUT_OF_RANGE",
    ),
    ("modprobe: FATAL: Module nvidia-uvm not found.", "CUDA_INIT_UNKNOWN"),
    (
        "modprobe: ERROR: could not insert 'nvidia_331_uvm': Function not implemented",
        "CUDA_INIT_UNKNOWN",
    ),
    (
        "nvidia-docker | 2016/06/07 18:49:33 Error: unsupported CUDA version: driver 7.0 < image 7.5",
        "CONTAINER_CUDA_NEWER_THAN_DRIVER",
    ),
    # an architecture newer than nvcc knows is the build's list against this toolkit too
    (
        "nvcc fatal : Unsupported gpu architecture 'compute_86'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "nvcc fatal   : Value 'sm_89' is not defined for option 'gpu-architecture'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "(1) Resource exhausted: Attempting to allocate 180.59M. That was not possible. There are "
        "142.58M free.; (0x3x0_HBM1)",
        "GPU_OOM",
    ),
    ("bf16 is only supported on A100+ GPUs", "GPU_FEATURE_NEEDS_NEWER_ARCH"),
    (
        "requires device with capability > (8, 0) but your GPU has capability (7, 0) (too old)",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "Error: crun: cannot stat `/usr/lib/libnvidia-egl-wayland.so.1.1.13`: No such file or "
        "directory: OCI runtime attempted to invoke a command that was not found",
        "CDI_SPEC_DEVICE_MISSING",
    ),
    (
        "nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/40c7fcc/"
        "merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.",
        "IMAGE_BUNDLES_DRIVER_LIBS",
    ),
    (
        "RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Unexpected "
        "PJRT_Client_Create_Args size: expected 88, got 72. The plugin is likely built with a later "
        "version than the framework.",
        "JAX_JAXLIB_VERSION_MISMATCH",
    ),
    (
        "XlaRuntimeError: UNIMPLEMENTED: default_memory_space is not supported.",
        "JAX_JAXLIB_VERSION_MISMATCH",
    ),
    (
        "AttributeError: module 'tensorflow.compat.v2.__internal__' has no attribute 'tf2'",
        "KERAS_VERSION_MISMATCH",
    ),
    (
        "UserWarning: The operator 'aten::_foreach_lerp_.Scalar' is not currently supported on the DML "
        "backend and will fall back to run on the CPU.",
        "PERF_CPU_FALLBACK_OPS",
    ),
    ("[1]    9301 killed     python3 scripts/dream.py", "HOST_OOM"),
    (
        "Failed to initialize NVML: GPU access blocked by the operating system",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "Ignoring visible gpu device (device: 0, name: AMD A10-8700P Radeon R6, pci bus id: "
        "0000:00:01.0) with AMDGPU ISA gfx801. The minimum required AMDGPU ISA is gfx803.",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "OSError: [WinError 1455] The paging file is too small for this operation to complete.",
        "HOST_OOM",
    ),
    (
        "Unsupported config option for services.sirf: 'runtime'",
        "COMPOSE_TOO_OLD_FOR_GPU_RESERVATION",
    ),
    (
        "F tensorflow/compiler/tf2tensorrt/stub/nvinfer_stub.cc:49] getInferLibVersion symbol not found.",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest "
        "NVIDIA driver is installed and running.",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "kernel driver does not appear to be running on this host (MAKERPC): /proc/driver/nvidia/version does not exist",
        "DRIVER_NOT_AVAILABLE",
    ),
    ("Failed to initialize NVML: Driver/library version mismatch", "DRIVER_LIBRARY_MISMATCH"),
    (
        "kernel version 460.91.3 does not match DSO version 470.57.2 -- cannot find working devices in this configuration",
        "DRIVER_LIBRARY_MISMATCH",
    ),
    (
        "RuntimeError: cudaGetDevice() failed. Status: CUDA driver version is insufficient for CUDA runtime version",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION'",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "Ignoring visible gpu device (device: 0, name: Quadro K2000M, pci bus id: 0000:01:00.0, compute capability: 3.0) "
        "with Cuda compute capability 3.0. The minimum required Cuda capability is 3.5.",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0. CUDA kernels will "
        "be jit-compiled from PTX, which could take 30 minutes or longer.",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ),
    ("failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error", "CUDA_INIT_UNKNOWN"),
    (
        "tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on GPU:0 failed. "
        "Status: all CUDA-capable devices are busy or unavailable",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted on non "
        "supported HW",
        "CUDA_COMPAT_ON_UNSUPPORTED_HW",
    ),
    (
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
        "CONTAINER_GPU_NOT_REQUESTED",
    ),
    (
        'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a "
        "newer version, or use an earlier cuda container",
        "CONTAINER_CUDA_NEWER_THAN_DRIVER",
    ),
    (
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object "
        "file: no such file or directory: unknown.",
        "HOST_DRIVER_MISSING_FOR_TOOLKIT",
    ),
    ("Failed to initialize NVML: Unknown Error", "CONTAINER_LOST_GPU_ACCESS"),
    ("Unable to open /dev/kfd read-write: Permission denied", "ROCM_DEVICE_PERMISSIONS"),
    (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; "
        "dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory; LD_LI",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "W tensorflow/core/common_runtime/gpu/gpu_device.cc:1956] Cannot dlopen some GPU libraries. Please make sure the "
        "missing libraries mentioned above are installed properly",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "Could not load dynamic library 'libcusolver.so.11'; dlerror: libnvJitLink.so.12: cannot open shared object "
        "file: No such file or directory",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.  CuDNN library needs to have matching "
        "major version and equal or higher minor version.",
        "CUDNN_VERSION_MISMATCH",
    ),
    (
        "E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
        "CUDNN_INIT_FAILED",
    ),
    ("libdevice not found at ./libdevice.10.bc", "XLA_TOOLCHAIN_MISSING"),
    ('The "tensorflow-gpu" package has been removed!', "DEPRECATED_TENSORFLOW_GPU_PKG"),
    ("Illegal instruction (core dumped)", "CPU_NO_AVX"),
    (
        "ERROR: Could not find a version that satisfies the requirement tensorflow (from versions: none)",
        "PYTHON_UNSUPPORTED",
    ),
    ("PlaidMLError: No devices found. Please run plaidml-setup.", "PLAIDML_NO_DEVICE"),
    ("No OpenCL devices found. Check driver installation.", "PLAIDML_NO_DEVICE"),
    (
        "WARNING:tensorflow:5 out of the last 5 calls to <function Model.make_predict_function.<locals>"
        ".predict_function at 0x7f1c4c3a> triggered tf.function retracing. Tracing is expensive",
        "PERF_RETRACING",  # and PERF_EAGER_OR_PREDICT_LOOP, which it implies (below)
    ),
    (
        "Your program is HIGHLY input-bound because 81.2% of the total step time sampled is waiting "
        "for input. Therefore, you should first focus on reducing the input time.",
        "PERF_INPUT_BOUND",
    ),
    (
        "Only 0.0% of device computation is 16 bit. So you might want to replace more 32-bit Ops by "
        "16-bit Ops to improve performance (if the reduced accuracy is acceptable).",
        "PERF_NO_MIXED_PRECISION",
    ),
    (
        "43.5 % of the total step time sampled is spent on 'Kernel Launch'. It could be due to CPU "
        "contention with tf.data.",
        "PERF_LAUNCH_OVERHEAD_SMALL_MODEL",
    ),
    (
        "*** WARNING *** You are using ptxas 9.1.121, which is older than 9.2.88. ptxas 9.x before "
        "9.2.88 is known to miscompile XLA code, leading to incorrect results or invalid-address errors.",
        "XLA_PTXAS_TOO_OLD",
    ),
    (
        "Memory access fault by GPU node-2 (Agent handle: 0x38b6960) on address 0x1000. Reason: Page "
        "not present or supervisor privilege.",
        "ROCM_MEMORY_ACCESS_FAULT",
    ),
    (
        "tensorflow.python.framework.errors_impl.NotFoundError: dlopen(/Users/u/env/lib/python3.9/"
        "site-packages/tensorflow-plugins/libmetal_plugin.dylib, 0x0006): symbol not found in flat "
        "namespace '_TF_AllocateOutput'",
        "METAL_PLUGIN_LOAD_FAILED",
    ),
    ("ModuleNotFoundError: No module named 'tf_keras'", "KERAS3_WHERE_TF_KERAS_EXPECTED"),
    (
        "WARNING:tensorflow:Layer lstm will not use cuDNN kernels since it doesn't meet the criteria. It will use a "
        "generic GPU kernel as fallback when running on GPU.",
        "PERF_RNN_NOT_CUDNN",
    ),
    (
        "WARNING:tensorflow:5 out of the last 5 calls to <function f> triggered tf.function retracing.",
        "PERF_RETRACING",
    ),
    (
        "ResourceExhaustedError: OOM when allocating tensor with shape[16,112,112,147] and type float on "
        "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        "GPU_OOM",
    ),
    (
        "failed to allocate 8.41G (9029127168 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "RuntimeError: Physical devices cannot be modified after being initialized",
        "MEMORY_CONFIG_ORDER_ERROR",
    ),
    (
        '"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"',
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "F tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:148] Failed setting context: "
        "CUDA_ERROR_NOT_INITIALIZED: initialization error",
        "CUDA_USED_AFTER_FORK",
    ),
    # the codes the corpus of real logs added (tests/fixtures/logs/corpus/), in wordings of the world
    (
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "A module that was compiled using NumPy 1.x cannot be run in NumPy 2.1.0 as it may crash.",
        "NUMPY_ABI_MISMATCH",
    ),
    ("TypeError: Descriptors cannot be created directly.", "PROTOBUF_VERSION_MISMATCH"),
    (
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found",
        "LIBSTDCXX_GLIBC_TOO_OLD",
    ),
    (
        "RuntimeError: jaxlib version 0.4.30 is newer than and incompatible with jax version 0.4.20.",
        "JAX_JAXLIB_VERSION_MISMATCH",
    ),
    (
        "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.18.1",
        "NCCL_SYSTEM_ERROR_SHM",
    ),
    (
        "MemoryError: Unable to allocate 7.45 GiB for an array with shape (1000, 1000, 1000)",
        "HOST_OOM",
    ),
    ("sbatch: error: No gpu count given, specify --gres=gpu", "SLURM_GPU_NOT_REQUESTED"),
    (
        "docker: Error response from daemon: error gathering device information while adding custom "
        'device "/dev/kfd": no such file or directory.',
        "ROCM_HOST_KFD_MISSING",
    ),
    ("NVRM: RmInitAdapter failed! (0x22:0x65:762)", "GPU_ADAPTER_INIT_FAILED"),
    (
        "ImportError: DLL load failed while importing _C: msvcp140_1.dll is missing",
        "WINDOWS_RUNTIME_DLL_MISSING",
    ),
    (
        "CUDA backend failed to initialize: Found CUDA version 12010, but JAX was built against "
        "version 12020, which is newer.",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    ("ModuleNotFoundError: No module named 'tensorflow'", "KERNEL_ENV_MISMATCH"),
    ("AssertionError: Torch not compiled with CUDA enabled", "CPU_ONLY_TF_BUILD"),
    ("INFO:    Could not find any nv libraries on this host!", "CPU_ONLY_HOST_BENIGN"),
    (
        "W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT",
        "TENSORRT_MISSING_BENIGN",
    ),
    (
        "Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "nvidia-container-cli: initialization error: WSL environment detected but no adapters were found",
        "HOST_DRIVER_MISSING_FOR_TOOLKIT",
    ),
    ("CUDA Version: N/A", "CONTAINER_CAPABILITIES_NO_COMPUTE"),
    ("RuntimeError: CUDA error: invalid device ordinal", "GPU_INDEX_OUT_OF_RANGE"),
    ("RuntimeError: No CUDA GPUs are available", "GPU_HIDDEN_BY_ENV"),
    ("ModuleNotFoundError: No module named 'keras.src.legacy'", "KERAS_VERSION_MISMATCH"),
    ("ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 8589934592", "GPU_OOM"),
    (
        "ValueError: Only input tensors may be passed as positional arguments. The following "
        "argument value should be passed as a keyword argument: <KerasTensor shape=(None, 28)>",
        "KERAS3_WHERE_TF_KERAS_EXPECTED",
    ),
    (
        "slurmstepd: error: *** JOB 4242 ON c01 CANCELLED AT 2024-01-01T10:00:00 DUE TO TIME LIMIT ***",
        "SLURM_TASK_TIMEOUT",
    ),
    (
        "ImportError: /venv/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-"
        "linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        "INTERNAL: nvlink exited with non-zero error code 256, output: nvlink fatal   : Input file "
        "'/tmp/a.cubin' newer than toolkit (120 vs 118)",
        "XLA_NVLINK_TOO_OLD",
    ),
    (
        "CUDA error 304 at ggml-cuda.cu:5065: OS call failed or operation not supported on this OS",
        "CONTAINER_SECCOMP_BLOCKS_CUDA",
    ),
    (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Could not satisfy explicit device specification '/device:GPU:0' because no devices matching that specification are registered in this process",
        "GPU_NOT_REGISTERED",
    ),
    ("ImportError: Failed to load the native TensorFlow runtime.", "FRAMEWORK_IMPORT_FAILED"),
    ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu.", "K8S_NO_GPU_RESOURCE"),
    ("/.singularity.d/actions/exec: 9: exec: --nv: not found", "SINGULARITY_NO_NV"),
    ("could not find registered platform with id: 0x104fd8a30", "METAL_SLOW_OR_MISMATCH"),
    ("Unable to open /dev/kfd read-write: No such file or directory", "ROCM_DEVICE_PERMISSIONS"),
    ("Using Theano backend.", "KERAS_BACKEND_NOT_TF"),
    (
        "UserWarning: Method on_batch_end() is slow compared to the batch update (0.123). Check your callbacks.",
        "PERF_SLOW_CALLBACK",
    ),
    (
        "Could not satisfy explicit device specification '/device:GPU:0' because no supported kernel for GPU devices is available.",
        "PERF_CPU_FALLBACK_OPS",
    ),
    (
        "WARNING:tensorflow:Mixed precision compatibility check (mixed_float16): WARNING",
        "MIXED_PRECISION_ON_OLD_GPU",
    ),
    (
        "ran out of memory trying to allocate 2.39GiB with freed_by_count=0. The caller indicates that this is not a failure",
        "ALLOCATOR_WANTS_MORE_MEMORY",
    ),
    ("DirectML device enumeration: found 0 compatible adapters.", "DIRECTML_NO_ADAPTER_OR_VERSION"),
    (
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "TensorFlow 2.10 was the last TensorFlow release that supported GPU on native-Windows.",
        "WINDOWS_NATIVE_TF_GE_2_11",
    ),
    ("zsh: illegal hardware instruction  python", "CPU_NO_AVX"),
    (
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
        "shared memory (shm).",
        "CONTAINER_SHM_TOO_SMALL",
    ),
    (
        "services.app.deploy.resources.reservations value Additional properties are not allowed "
        "('devices' was unexpected)",
        "COMPOSE_TOO_OLD_FOR_GPU_RESERVATION",
    ),
    (
        "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.batch. Some of your "
        "processes may have been killed by the cgroup out-of-memory handler.",
        "SLURM_TASK_OUT_OF_MEMORY",
    ),
    (
        "modprobe: ERROR: could not insert 'nvidia': Required key not available",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "RuntimeError: cuda runtime error (30) : unknown error at THCGeneral.cpp:50",
        "CUDA_INIT_UNKNOWN",
    ),
    (
        "INTERNAL: Couldn't find a suitable version of ptxas. The following locations were "
        "considered: /usr/local/cuda/bin/ptxas",
        "XLA_TOOLCHAIN_MISSING",
    ),
    (
        "RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "/Users/me/env/bin/python: Mach-O 64-bit executable x86_64",
        "MACOS_X86_BUILD_ON_APPLE_SILICON",
    ),
    (
        "NotImplementedError: The operator 'aten::grid_sampler_2d_backward' is not currently "
        "implemented for the MPS device.",
        "MPS_OP_NOT_IMPLEMENTED",
    ),
    (
        "TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't "
        "support float64. Please use float32 instead.",
        "MPS_FLOAT64_UNSUPPORTED",
    ),
    (
        "RuntimeError: This version of jaxlib was built using AVX instructions, which your CPU and/or "
        "operating system do not support. This error is frequently encountered on macOS when "
        "running an x86 Python installation on ARM hardware.",
        "MACOS_X86_BUILD_ON_APPLE_SILICON",
    ),
    (
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu!",
        "TENSORS_ON_DIFFERENT_DEVICES",
    ),
    ("RuntimeError: CUDA error: device-side assert triggered", "DEVICE_SIDE_ASSERT"),
    ("RuntimeError: CUDA error: system not yet initialized", "FABRIC_MANAGER_NOT_RUNNING"),
    (
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. "
        "Your Tesla T4 GPU has compute capability 7.5.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    ("llm_load_tensors: offloaded 0/33 layers to GPU", "FRAMEWORK_DEFAULT_DEVICE_CPU"),
    (
        "Error: crun: failed to stat CDI host device /dev/dri/controlD69: No such file or directory",
        "CDI_SPEC_DEVICE_MISSING",
    ),
    (
        'exec: "nvidia-smi": executable file not found in $PATH: unknown.',
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "/AppleInternal/Library/BuildRoots/20d6c351-ee94-11ec-bcaf-7247572f23b4/Library/Caches/com.apple.xbs/Sources/MetalPerformanceShaders/MPSCore/Types/MPSNDArray.mm:705: failed assertion '[MPSNDArray initWithDevice:descriptor:] Error: product of dimension sizes > 2**31'",
        "MPS_NDARRAY_SIZE_LIMIT",
    ),
    (
        "rocBLAS error: Cannot read C:\\Program Files\\AMD\\ROCm\\6.1\\bin\\/rocblas/library/TensileLibrary.dat: No such file or directory for GPU arch : gfx1036",
        "ROCM_DEFAULT_DEVICE_IS_IGPU",
    ),
    (
        "[rank1]: Error while attaching to shared memory segment /dev/shm/nccl-\u040c (size 0), error: No such file or directory (2)",
        "NCCL_CUMEM_HOST_NUMA_ASYMMETRIC",
    ),
    (
        "RuntimeError: use_libuv was requested but PyTorch was build without libuv support",
        "TORCH_WINDOWS_TCPSTORE_LIBUV_UNSUPPORTED",
    ),
    (
        "[hevc_nvenc @ 0x55defbb87c00] Driver does not support the required nvenc API version. Required: 11.1 Found: 11.0",
        "DRIVER_TOO_OLD_FOR_NVENC_API",
    ),
    (
        "ImportError: cannot import name 'deprecated' from 'typing_extensions'",
        "TYPING_EXTENSIONS_TOO_OLD",
    ),
    (
        "AttributeError: module 'ml_dtypes' has no attribute 'float8_e4m3b11'",
        "ML_DTYPES_VERSION_MISMATCH",
    ),
    (
        "Requested float16 compute type, but the target device or backend do not support efficient float16 computation.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "RuntimeError: Expected is_sm90 || is_sm8x || is_sm75 to be true, but got false.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "- **Exception Message:** torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or 8.9, or ROCm MI300+",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "libcudnn.cudnnStatusArchMismatch",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "ptxas fatal   : SM version specified by .target is higher than default SM version assumed",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "ptxas fatal : Program with .target 'sm_90a' cannot be compiled to future architecture",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "[07/19/2025-23:34:55] [E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 120 is not supported by this TensorRT release.)",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "localhost:11344:11344 [1] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856",
        "NCCL_TOO_OLD_FOR_GPU_PLATFORM",
    ),
    (
        "Consult /var/lib/dkms/amdgpu/4.0-23/build/make.log for more information.",
        "AMDGPU_DKMS_KERNEL_UNSUPPORTED",
    ),
    (
        "tensorpack.utils.nvml.NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH",
        "DRIVER_LIBRARY_MISMATCH",
    ),
    (
        "RuntimeError: Device type PRIVATEUSEONE is not supported for torch.Generator() api.",
        "DIRECTML_OP_NOT_IMPLEMENTED",
    ),
    (
        "RuntimeError: Gloo connectFullMesh failed ...",
        "DIST_RENDEZVOUS_UNREACHABLE",
    ),
    (
        "2019/09/30 14:46:38 If this is a GPU node, did you set the docker default runtime to `nvidia`?",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "ERROR: Could not find a version that satisfies the requirement jaxlib==0.1.37 (from versions: none)",
        "JAX_CUDA_WHEEL_UNAVAILABLE",
    ),
    (
        "The procedure entry point hipGraphCreate could not be located in the dynamic link library ...\\zluda\\nvcuda.dll",
        "ZLUDA_HIP_RUNTIME_MISMATCH",
    ),
    (
        "[    5.879228] driverdog[2088]: 23:10:41 [ERROR] '/usr/bin/modprobe' failed - stderr: modprobe: ERROR: could not insert 'nvidia': Operation not permitted",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "socketProgressOpt: Call to recv from 172.16.0.5<33759> failed : Connection reset by peer",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "warning: not compiled with GPU offload support, --n-gpu-layers option will be ignored",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "ValueError: This CTranslate2 package was not compiled with CUDA support",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "xgboost.core.XGBoostError: XGBoost version not compiled with GPU support.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "AttributeError: module 'faiss' has no attribute 'StandardGpuResources'",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "cv2.error: OpenCV(4.5.5) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: (-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "ValueError: GPU is not accessible. Was the library installed correctly?",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        'torch 2.5.1 depends on nvidia-cuda-runtime-cu12==12.4.127; platform_system == "Linux" and platform_machine == "x86_64"',
        "MIXED_FRAMEWORK_CUDA_CONFLICT",
    ),
    (
        "2019/09/30 14:46:38 Failed to initialize NVML: could not load NVML library.",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "[h264_nvenc @ 0x5601aa5b40c0] OpenEncodeSessionEx failed: out of memory (10)",
        "NVENC_SESSION_LIMIT_REACHED",
    ),
    (
        "[h264_nvenc @ 00000198ad95a9c0] OpenEncodeSessionEx failed: unsupported device (2)",
        "GPU_WITHOUT_NVENC",
    ),
    (
        "[hevc_nvenc @ 0x747de9243680] Multiple reference frames are not supported by the device",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        '[/opt/dali/dali/operators/reader/loader/video_loader.h:182] Assert on "lib_handle_" failed: Failed to load libnvcuvid.so, needed by the VideoReader operator.',
        "CONTAINER_CAPABILITIES_NO_VIDEO",
    ),
    (
        "Decoder h264 does not support device type cuda",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "cv2.error: OpenCV(4.4.0) /home/ycc/opencv-4.4.0/modules/dnn/src/dnn.cpp:2353: error: (-216:No CUDA support) OpenCV was not built to work with the selected device. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN in your build configuration.",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "2023-11-17T02:44:43.908316Z  WARN lorax_launcher: flash_attn.py:48 Unable to use Flash Attention V2: GPU with CUDA capability 7 5 is not supported for Flash Attention V2",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "NotImplementedError: Sharded Llama requires Flash Attention enabled models.",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        'Violations details: {"[denied by autogke-gpu-limitation]":["You must specify a GPU type with node selector \'cloud.google.com/gke-accelerator\' when GPU is requested on Autopilot workloads',
        "K8S_GPU_NODE_LABEL_MISMATCH",
    ),
    (
        "WARNING:bitsandbytes.cextension:Could not find the bitsandbytes CUDA binary at WindowsPath('E:/Forge_Neo_v1/sd-webui-forge-classic/venv/Lib/site-packages/bitsandbytes/libbitsandbytes_cuda129.dll')",
        "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION",
    ),
    (
        "E0509 10:13:55.127371       1 main.go:132] If this is a GPU node, did you configure the NVIDIA Container Toolkit?",
        "K8S_NVIDIA_RUNTIMECLASS_MISSING",
    ),
    (
        "node-1:2345:2378 [0] NCCL WARN NET/IB : Got completion with error 12, opcode 0, len 0, vendor err 129",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "node-2:1811:1840 [3] misc/socket.cc:484 NCCL WARN socketPollConnect: connect returned Connection refused, exceeded error retry count (35)",
        "NCCL_INTERNODE_NETWORK",
    ),
    (
        "RuntimeError: Placeholder storage has not been allocated on MPS device!",
        "TENSORS_ON_DIFFERENT_DEVICES",
    ),
    (
        "RuntimeError: UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY",
        "GPU_OOM",
    ),
    (
        "Your GPU does not support Int8 Matmul!",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "AttributeError: module 'keras.backend.tensorflow_backend' has no attribute '_SESSION'",
        "KERAS_VERSION_MISMATCH",
    ),
    (
        "RuntimeError: CUDA error: peer access is not supported between these two devices",
        "NCCL_UNAVAILABLE_FOR_STRATEGY",
    ),
    (
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
        "DIST_RENDEZVOUS_UNREACHABLE",
    ),
    (
        "RuntimeError: CUDA error: CUBLAS_STATUS_ARCH_MISMATCH when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        'time=2024-06-01T10:00:00.000Z level=WARN source=amd_linux.go:370 msg="user doesn\'t have access to all GPUs" error="permission denied"',
        "ROCM_DEVICE_PERMISSIONS",
    ),
    (
        "sbatch: error: Invalid --gpus specification",
        "SLURM_GRES_REQUEST_INVALID",
    ),
    (
        "Please make sure cudnn_cnn_infer64_8.dll is in your library path!",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "RuntimeError: PyTorch was compiled without CUDA support",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "ValueError: [metal::Device] Unable to load kernel gemv_float32_bm8_bn32_tm4_tn4",
        "MLX_METALLIB_NOT_BUILT",
    ),
    (
        "RuntimeError: [metal::malloc] Attempting to allocate 34359738368 bytes which is greater than the maximum allowed buffer size of 28991029248 bytes.",
        "METAL_BUFFER_OVER_MAX_LENGTH",
    ),
    (
        "RuntimeError: ZE_RESULT_ERROR_UNINITIALIZED",
        "INTEL_GPU_DRIVER_MISSING",
    ),
    (
        ":0:rocdevice.cpp            :2614: 1234567890 us: 1234: [tid:0x7f] Device::callbackQueue aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29",
        "ROCM_MEMORY_ACCESS_FAULT",
    ),
    # wave 25's dev logs and their classes (NVML, DKMS, empty driver libraries, TF's self-check,
    # Triton's architecture checks, GSP firmware)
    ("pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded", "DRIVER_NOT_AVAILABLE"),
    ("File: /var/lib/dkms/nvidia/390.48/source/dkms.conf does not exist.", "DRIVER_NOT_AVAILABLE"),
    (
        "ImportError: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short",
        "IMAGE_BUNDLES_DRIVER_LIBS",
    ),
    ("OSError: libnvidia-ml.so.1: file too short", "IMAGE_BUNDLES_DRIVER_LIBS"),
    ("- Could not load 'cudart64_80.dll'. The GPU version of TensorFlow", "CUDA_LIBS_NOT_FOUND"),
    ("- Could not find cuDNN 6.", "CUDA_LIBS_NOT_FOUND"),
    (
        """python: ../../../lib/Dialect/TritonGPU/Transforms/AccelerateMatmul.cpp:36: int mlir::triton::gpu::(anonymous namespace)::getMMAVersionSafe(int, DotOp): Assertion `false && "computeCapability not supported"' failed.""",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ),
    (
        "ValueError(\"type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')\")",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "AssertionError: fp8e4nv data type is not supported on CUDA arch < 89",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "NVRM: _kgspBootGspRm: unexpected WPR2 already up, cannot proceed with booting GSP",
        "GSP_FIRMWARE_BOOT_FAILED",
    ),
    ("NVRM: RmInitAdapter: Cannot initialize GSP firmware RM", "GSP_FIRMWARE_BOOT_FAILED"),
    # wave 26's dev logs and knowledge of their classes (HIP builds, EFA, kernel headers, MIG under
    # Kubernetes, Cray MPICH, persistence, applications' own architecture checks)
    (
        "c++: error: unrecognized command-line option ‘--offload-arch=gfx1030’",
        "HIP_SOURCE_BUILT_WITH_HOST_COMPILER",
    ),
    (
        "register_mr_buffers:544 NCCL WARN NET/OFI Unable to register memory (type = 2) for device 0. RC: -22, Error: Invalid argument",
        "EFA_LIBFABRIC_TOO_OLD_FOR_NCCL",
    ),
    (
        "libfabric:652244:1713524816::core:core:cuda_set_sync_memops():207<warn> Failed to perform cuPointerSetAttribute: CUDA_ERROR_NOT_SUPPORTED:operation not supported",
        "EFA_LIBFABRIC_TOO_OLD_FOR_NCCL",
    ),
    (
        "Error: Unable to find a match: kernel-headers-4.18.0-240.23.2.el8_3.x86_64 kernel-devel-4.18.0-240.23.2.el8_3.x86_64",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "ERROR: Unable to find the kernel source tree for the currently running kernel.",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "Error! Your kernel headers for kernel 5.15.0-91-generic cannot be found.",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "error building device map from config.resources: invalid MIG configuration: error visiting devices",
        "MIG_STRATEGY_MISMATCH",
    ),
    (
        "error starting plugins: unable to add default resources to config: error visiting devices: error visiting device: error getting device memory info: Insufficient Permissions",
        "MIG_MONITOR_CAPABILITY_NOT_GRANTED",
    ),
    (
        "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",
        "CRAY_MPICH_GTL_NOT_LINKED",
    ),
    (
        "stderr: nvidia-container-cli: initialization error: driver error: timed out: unknown.",
        "GPU_PERSISTENCE_MODE_REQUIRED",
    ),
    (
        "The device Tesla K80 with computed capability 3.7 does not support HOOMD-blue.",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "[TensorRT-LLM][ERROR] Assertion failed: Unsupported architecture (/home/build/TensorRT_LLM/cpp/tensorrt_llm/kernels/contextFusedMultiHeadAttention/fmhaRunner.cpp:87)",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "Kokkos::Cuda::initialize ERROR: running kernels compiled for compute capability 0.0 (< 5.0) on device with compute capability 5.0 (>=5.0), this would give incorrect results!",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    # wordings of known classes in more printers' words (written from knowledge)
    (
        "RuntimeError: Cannot use GPU because you have installed CPU version PaddlePaddle.",
        "CPU_ONLY_TF_BUILD",
    ),
    ("PaddlePaddle is not compiled with CUDA, but you are trying to use GPU", "CPU_ONLY_TF_BUILD"),
    (
        "MXNetError: [10:23:45] src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage",
        "CPU_ONLY_TF_BUILD",
    ),
    ("NCCL WARN NET/Socket : no usable interface found", "NCCL_INTERNODE_NETWORK"),
    (
        "NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2684) installed in this system is not supported by the NVIDIA 470.199.02 driver release.",
        "DRIVER_OLDER_THAN_GPU",
    ),
    (
        "Your notebook tried to allocate more memory than is available. It has restarted.",
        "HOST_OOM",
    ),
    # wave 28's dev logs (copied from their logs) and wordings of the same classes from knowledge
    (
        "ggml_metal_graph_compute_block_invoke: error: unsupported op 'MUL_MAT'",
        "METAL_GPU_LACKS_REQUIRED_FEATURES",
    ),
    (
        'GGML_ASSERT: ggml-metal.m:779: !"unsupported op"',
        "METAL_GPU_LACKS_REQUIRED_FEATURES",
    ),
    (
        "Error: no valid executable found for OCI runtime /usr/bin/nvidia-container-runtime: invalid argument",
        "LAUNCHER_REQUESTS_MISSING_NVIDIA_RUNTIME",
    ),
    (
        "Unsupported cuda toolkit version: `12050`. Please raise a github issue.",
        "CUDA_BINDINGS_TOO_OLD_FOR_TOOLKIT",
    ),
    (
        'model = WhisperModel(model_path, device="cpu", compute_type="float16") # compute_type="float16"',
        "FLOAT16_COMPUTE_TYPE_ON_CPU",
    ),
    (
        "whisperx audio.wav --model large-v2 --device cpu --compute_type float16",
        "FLOAT16_COMPUTE_TYPE_ON_CPU",
    ),
    (
        "ValueError: Unknown CUDA arch (9.0+PTX) or GPU not supported",
        "TORCH_CUDA_ARCH_LIST_OVERRIDES_GPU",
    ),
    (
        "RuntimeError: /root/opensource/flux/src/cuda/op_registry.cu:36 Check failed: arch_num == 80 || arch_num == 89 || arch_num == 90. unsupported arch: 86",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "ggml-cuda/fattn.cu:571: ERROR: CUDA kernel flash_attn_ext_f16 has no device code compatible with CUDA arch 610. ggml-cuda.cu was compiled for: 610",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "ggml-cuda/mmq.cuh:2422: ERROR: CUDA kernel mul_mat_q has no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled for: 610,700,750,800,860,890",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
        "TRITON_KERNEL_SHARED_MEMORY_OVER_GPU_LIMIT",
    ),
    (
        "nvidia-container-cli: mount error: stat failed: /dev/nvidia-modeset: no such file or directory",
        "DRIVER_CAPABILITY_DEVICE_MISSING",
    ),
    (
        "RuntimeError: DataLoader worker (pid(s) 8260) exited unexpectedly",
        "HOST_OOM",
    ),
    (
        "libcuda.so.1 => /usr/local/cuda/lib64/stubs/libcuda.so.1 (0x00007f9de7215000)",
        "CUDA_DRIVER_STUB_ON_PATH",
    ),
    (
        'cupy/_core/include/cupy/_cccl/libcudacxx/cuda/std/__floating_point/storage.h(137): error: incomplete type "__nv_fp8_e8m0" is not allowed',
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "Could not find CUDA Debugger back-end. Please try upgrading/re-installing the GPU driver",
        "SINGULARITY_NVLIBLIST_MISSING_DRIVER_LIB",
    ),
    ("RuntimeError: operator torchvision::nms does not exist", "TORCH_EXTENSION_ABI_MISMATCH"),
    # wave 29's dev logs and wordings of the same classes from knowledge
    (
        "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified",
        "SLURM_ACCOUNT_PARTITION_INVALID",
    ),
    (
        "srun: error: Unable to allocate resources: Invalid partition name specified",
        "SLURM_ACCOUNT_PARTITION_INVALID",
    ),
    (
        "graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found",
        "NCCL_TOPO_FILE_REJECTED",
    ),
    (
        "ssh: Could not resolve hostname node-0: Name or service not known",
        "LAUNCHER_HOSTFILE_HOST_UNREACHABLE",
    ),
    (
        "ssh: connect to host 10.0.0.12 port 22: Connection refused",
        "LAUNCHER_HOSTFILE_HOST_UNREACHABLE",
    ),
    (
        "subprocess.CalledProcessError: Command '['ssh node-0 hostname -I']' returned non-zero exit status 255.",
        "LAUNCHER_HOSTFILE_HOST_UNREACHABLE",
    ),
    (
        "Warning  FailedScheduling  12s  default-scheduler  0/4 nodes are available: 2 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector.",
        "K8S_GPU_POD_REQUEST_EXCEEDS_NODE",
    ),
    (
        "slurmstepd: error: execve(): /var/spool/slurmd/job12345/slurm_script: No such file or directory",
        "SLURM_NODE_SPOOL_BROKEN",
    ),
    (
        "The request for 2 K80 accelerators exceeds the allowed maximum of 0 A100, 0 K80, 0 P100, 0 T4, 0 V100 accelerators.",
        "CLOUD_GPU_QUOTA_EXCEEDED",
    ),
    (
        "You cannot currently connect to a GPU due to usage limits in Colab. Learn more",
        "NOTEBOOK_RUNTIME_WITHOUT_GPU",
    ),
    (
        "Could not load library libcublasLt.so.12. Error: libcublasLt.so.12: cannot open shared object file: No such file or directory",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "This program is tested with 3.10.6 Python, but you have 3.11.5.",
        "PYTHON_UNSUPPORTED",
    ),
    (
        "WARNING: gpu support may not be enabled, check that you have installed GPU drivers: nvidia-smi command failed",
        "DRIVER_NOT_AVAILABLE",
    ),
    (
        "RuntimeError: Current platform can NOT allocate memory block with size larger than 4GB! Tried to allocate 5.00 GiB (GPU  0; 15.56 GiB total capacity)",
        "XPU_SINGLE_ALLOCATION_OVER_4GB",
    ),
    (
        "Could not unload NVIDIA driver kernel modules, driver is in use",
        "GPU_OPERATOR_DRIVER_CONTAINER_ON_HOST_DRIVER",
    ),
    (
        "ImportError: dlopen(/Users/me/venv/lib/python3.11/site-packages/torch/_C.cpython-311-darwin.so, 0x0002): tried: '/Users/me/venv/lib/python3.11/site-packages/torch/_C.cpython-311-darwin.so' (mach-o file, but is an incompatible architecture (have 'arm64', need 'x86_64'))",
        "MACOS_ARM64_BUILD_ON_INTEL_MAC",
    ),
    (
        "OSError: dlopen(/opt/homebrew/lib/libomp.dylib, 0x0006): tried: '/opt/homebrew/lib/libomp.dylib' (mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64'))",
        "MACOS_X86_BUILD_ON_APPLE_SILICON",
    ),
    (
        "NCCL WARN Cuda failure 217 'peer access is not supported between these two devices'",
        "NCCL_CUMEM_HOST_WITHOUT_P2P",
    ),
    (
        "RuntimeError: Triton only support CUDA 10.0 or higher, but got CUDA version: 12.8",
        "TRITON_TOO_OLD_FOR_CUDA_TOOLKIT",
    ),
    (
        "Error: MIG configuration is incompatible with the diagnostic because it prevents access to the entire GPU.",
        "DCGM_DIAG_BLOCKED_BY_MIG",
    ),
    (
        "/usr/bin/python3: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by /.singularity.d/libs/libGLdispatch.so.0)",
        "SINGULARITY_NV_BINDS_HOST_GLVND_LIBS",
    ),
    (
        "Error: Failed to load LLM engine from path: C:\\Users\\me\\.cache\\lm-studio\\extensions\\backends\\llama.cpp-win-x86_64-nvidia-cuda-avx2\\llm_engine_cuda.node. The specified module could not be found.",
        "LLM_APP_RUNTIME_PACK_BROKEN",
    ),
    (
        "WARNING:tensorflow:TensorFlow GPU support is not available on native Windows for TensorFlow >= 2.11. Even if CUDA/cuDNN are installed, GPU will not be used. Please use WSL2 or the TensorFlow-DirectML plugin.",
        "WINDOWS_NATIVE_TF_GE_2_11",
    ),
    (
        "csrc/fused_adam.cu:3:10: fatal error: cuda_runtime.h: No such file or directory",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "C:\\ext\\kernel.cpp(4): fatal error C1083: Cannot open include file: 'cuda_runtime.h': No such file or directory",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1 in the environment, or because CUDA is unsupported on 32-bit systems.:",
        "GPU_HIDDEN_BY_ENV",
    ),
    (
        "[TensorRT] ERROR: coreReadArchive.cpp (41) - Serialization Error in verifyHeader: 0 (Version tag does not match. Note: Current Version: 96, Serialized Engine Version: 97)",
        "TRT_ENGINE_BUILT_FOR_OTHER_GPU",
    ),
    (
        "ERROR: 1: [runtime.cpp::parsePlan::314] Error Code 1: Serialization (Serialization assertion plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed.)",
        "TRT_ENGINE_BUILT_FOR_OTHER_GPU",
    ),
    (
        "NVRM: GPU 0000:b3:00.0: fallen off the bus and is not responding to commands.",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "[  251.993841] NVRM: The system BIOS may have misconfigured your GPU.",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "[  251.993840] NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "[    6.121512] NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.",
        "OPEN_MODULE_GEFORCE_SUPPORT_NOT_ENABLED",
    ),
    (
        'time=2025-10-14T09:12:01.000Z level=INFO source=gpu.go:217 msg="skipping available library at users request" requested=cuda libDir=/usr/lib/ollama/cuda_v13',
        "GPU_HIDDEN_BY_ENV",
    ),
    (
        "WARNING: You need pytorch with cu130 or higher to use optimized CUDA operations.",
        "APP_FAST_KERNELS_NEED_NEWER_TORCH_CUDA",
    ),
    (
        "/opt/lm-studio/node: symbol lookup error: /home/me/.lmstudio/extensions/backends/llama.cpp-linux-x86_64-nvidia-cuda-avx2-1.20.0/libllm_engine.so: undefined symbol: llama_model_load_from_file",
        "FOREIGN_LIB_SHADOWS_APP_BUNDLED_LIB",
    ),
    (
        "docker: Error response from daemon: failed to create task for container: nvidia-container-cli: initialization error: driver rpc error: timed out: unknown.",
        "GPU_PERSISTENCE_MODE_REQUIRED",
    ),
    (
        "Unhandled exception. Microsoft.ML.OnnxRuntime.OnnxRuntimeException: [ErrorCode:Fail] CUDA execution provider is not enabled in this build.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "UserWarning: Running on CPU now! Make sure your PyTorch version matches your CUDA.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "MPIR_pmi_init(110)...: PMI_Init returned -1",
        "MPI_PMI_BOOTSTRAP_FAILED",
    ),
    (
        "python: _mpidi_cray_pmi_receive: Assertion `rc == PMI2_SUCCESS' failed.",
        "MPI_PMI_BOOTSTRAP_FAILED",
    ),
    (
        "node01:12345:12345 [0] transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'",
        "NCCL_NVLS_FABRIC_STATE_INVALID",
    ),
    (
        "ggml_vulkan: device Vulkan0 does not support 16-bit storage.",
        "VULKAN_DEVICE_LACKS_16BIT_STORAGE",
    ),
    (
        "ggml_metal_graph_compute: command buffer 6 failed with status 5",
        "GPU_OOM",
    ),
    (
        "[ ERROR ] Intel(R) HD Graphics 4400: missing out of order support",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "error    libmamba Could not solve for environment specs: No package can be installed for pin: cudatoolkit 12.2.*",
        "CONDA_CUDATOOLKIT_PIN_UNAVAILABLE",
    ),
    (
        "nvcc error   : 'cicc' died due to signal 9 (Kill signal)",
        "HOST_OOM",
    ),
    (
        "c++: fatal error: Killed signal terminated program cc1plus",
        "HOST_OOM",
    ),
    (
        "InternalError: Attempting to perform BLAS operation using StreamExecutor without BLAS support [Op:MatMul]",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "dl@10.0.0.2: Permission denied (publickey,password).",
        "LAUNCHER_HOSTFILE_HOST_UNREACHABLE",
    ),
    (
        "TypeError: Trying to convert Float8_e4m3fn to the MPS backend but it does not have support for that dtype.",
        "MPS_DTYPE_UNSUPPORTED",
    ),
    (
        "loc(\"scan\"): error: failed to legalize operation 'mhlo.pad'",
        "JAX_METAL_OP_UNSUPPORTED",
    ),
    (
        "error: 'func.func' op One or more function input/output data types are not supported.",
        "MPS_FLOAT64_UNSUPPORTED",
    ),
    (
        "failed assertion `Incompatible element type for parameter at index 0, mlir module expected element type f64 but received f32'",
        "MPS_FLOAT64_UNSUPPORTED",
    ),
    (
        "UserWarning: Flash Efficient attention on Current AMD GPU is still experimental. Enable it with TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1.",
        "ROCM_AOTRITON_EXPERIMENTAL_ARCH_SDPA_OFF",
    ),
    (
        "libsycl.so.8 => not found",
        "ONEAPI_RUNTIME_LIBS_NOT_FOUND",
    ),
    # wave 34's dev logs
    (
        "Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected",
        "K8S_KUBELET_DEVICE_MANAGER_STALE_STATE",
    ),
    (
        "Warning  UnexpectedAdmissionError  5m  kubelet  Allocate failed due to no healthy devices present",
        "K8S_KUBELET_DEVICE_MANAGER_STALE_STATE",
    ),
    (
        "slurmctld: error: gres/gpu: invalid GRES core specification (48-63,176-191) on node node01",
        "SLURM_GRES_CONF_INVALID",
    ),
    (
        "slurmd: error: GRES autodetected core affinity 0-15 on node ai-hpc-31-24-ai doesn't match socket boundaries",
        "SLURM_GRES_CONF_INVALID",
    ),
    (
        "nvidia-ctk: symbol lookup error: nvidia-ctk: undefined symbol: nvmlGpuInstanceGetComputeInstanceProfileInfoV",
        "CONTAINER_TOOLKIT_RELEASE_REGRESSION",
    ),
    (
        "nvidia-container-cli: mount error: mount operation failed: /tmp/enroot/data/user-0/pyxis_16.0/run/nvidia-persistenced/socket: operation not permitted",
        "CDI_IPC_SOCKETS_MOUNTED_READONLY",
    ),
    (
        "[7] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout",
        "COLLECTIVE_TIMEOUT_RANK_BUSY",
    ),
    (
        "Invalid config blocking attribute value -2147483648",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "[skl-a-00.rc.rit.edu:13428] PMI_Get_clique_size [pmix_s1.c:281:s1_init]: Operation failed",
        "MPI_PMI_BOOTSTRAP_FAILED",
    ),
    (
        "but OMPI was not built with SLURM's PMI support and therefore cannot",
        "MPI_PMI_BOOTSTRAP_FAILED",
    ),
    (
        "RuntimeError: The GPU device does not support Double (Float64) operations!",
        "DIRECTML_FLOAT64_UNSUPPORTED",
    ),
    (
        "CUDA error (C:/a/xformers/xformers/third_party/flash-attention/hopper\\flash_fwd_launch_template.h:180): invalid argument",
        "ATTENTION_KERNEL_ARCH_DISPATCH_BUG",
    ),
    (
        "ggml_metal_add_buffer: error: buffer 'data' size 18300780544 is larger than buffer maximum of 17179869184",
        "METAL_BUFFER_OVER_MAX_LENGTH",
    ),
    (
        'Assertion size >= bsize && "Mismatch between allocated memory size and expected size of serialized engine."\' failed.',
        "TRT_ENGINE_BUILT_FOR_OTHER_GPU",
    ),
    (
        "Ignoring visible gpu device (device: 0, name: AMD Radeon RX 6600 XT, pci bus id: 0000:0c:00.0) with AMDGPU version : gfx1032. The supported AMDGPU versions are gfx1030, gfx900, gfx906, gfx908, gfx90a.",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "DKMS (dkms-3.2.0) make.log for amdgpu/6.12.12-2202139.24.04 for kernel 6.17.0-6-generic (x86_64)",
        "AMDGPU_DKMS_KERNEL_UNSUPPORTED",
    ),
    (
        "RuntimeError: (PreconditionNotMet) Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion.",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "OSError: dlopen(/opt/lib/onnxruntime_pybind11_state.so, 0x0002): tried: '/opt/lib/onnxruntime_pybind11_state.so' (mach-o file, but is an incompatible architecture (have (arm64), need (x86_64)))",
        "MACOS_ARM64_BUILD_ON_INTEL_MAC",
    ),
    (
        "Could not find the bitsandbytes ROCm binary at PosixPath('/opt/bitsandbytes/libbitsandbytes_rocm63.so')",
        "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION",
    ),
    # wave 35's dev logs
    (
        "RuntimeError: unable to write to file </torch_18693_1954506624> at /pytorch/torch/lib/TH/THAllocator.c:271",
        "CONTAINER_SHM_TOO_SMALL",
    ),
    (
        "FATAL server failed during startup | cudaMallocHost failed: cudaErrorMemoryAllocation: out of memory",
        "HOST_OOM",
    ),
    (
        "ERROR:tensorflow:Tensorflow needs to be built with TensorRT support enabled to allow TF-TRT to operate.",
        "TF_TRT_UNAVAILABLE",
    ),
    (
        "Ollama call failed with status code 500: llama runner process has terminated: exit status 0xc0000135",
        "LLM_APP_RUNTIME_PACK_BROKEN",
    ),
    # wave 37's dev logs (stop 40)
    (
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "GPU_UNCORRECTABLE_ECC_ERROR",
    ),
    (
        "call to cuCtxCreate returned error 214 (CUDA_ERROR_ECC_UNCORRECTABLE)",
        "GPU_UNCORRECTABLE_ECC_ERROR",
    ),
    ("cudaErrorECCUncorrectable", "GPU_UNCORRECTABLE_ECC_ERROR"),
    (
        "NVRM: Xid (PCI:0000:3b:00): 48, pid=1234, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 1, subpartition 0.",
        "GPU_UNCORRECTABLE_ECC_ERROR",
    ),
    ("License Status                    : Unlicensed (Restricted)", "VGPU_UNLICENSED"),
    (
        "nvidia-gridd: Valid GRID license not found. GPU features and performance will be restricted.",
        "VGPU_UNLICENSED",
    ),
    (
        "/var/lib/dkms/nvidia/530.30.02/build/nvidia/nv-mmap.c:681:23: error: assignment of read-only member ‘vm_flags’",
        "DRIVER_TOO_OLD_FOR_KERNEL",
    ),
    (
        "gcc-c++ is needed by nvidia-kmod-3:590.48.01-1.fc43.x86_64",
        "DRIVER_MODULE_TOOLCHAIN_MISMATCH",
    ),
    (
        "gcc: error: unrecognized command-line option ‘-ftrivial-auto-var-init=zero’",
        "DRIVER_MODULE_TOOLCHAIN_MISMATCH",
    ),
    (
        "warning: the compiler differs from the one used to build the kernel make[2]: *** [scripts/Makefile.build:252: /var/lib/dkms/nvidia/535.98/build/nvidia/nv-i2c.o] Error 1",
        "DRIVER_MODULE_TOOLCHAIN_MISMATCH",
    ),
    (
        "kernel-devel-6.8.9-300.fc40.x86_64 is needed by akmod-nvidia",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "Warning: MIG mode is in pending enable state for GPU 00000000:07:00.0:In use by another client",
        "MIG_MODE_CHANGE_BLOCKED_GPU_IN_USE",
    ),
    (
        "Error applying MIG configuration with hooks: error resetting all GPUs: exit status 255",
        "MIG_MODE_CHANGE_BLOCKED_GPU_IN_USE",
    ),
    (
        "nv_peer_mem: disagrees about version of symbol ib_register_peer_memory_client",
        "PEERMEM_BUILT_AGAINST_WRONG_IB_CORE",
    ),
    ("E: Unable to locate package cuda-toolkit-12-4", "CUDA_PACKAGE_REPO_NOT_CONFIGURED"),
    ("NvMMLiteOpen : Can't initialize nvrm channel", "NVIDIA_DEVICE_NODE_PERMISSIONS"),
    ("NvRmMemInitNvmap failed with Permission denied", "NVIDIA_DEVICE_NODE_PERMISSIONS"),
    (
        "FATAL ERROR: creating loader: registering filesystems: registering nvproxy driver: unsupported Nvidia driver version: 535.161.08",
        "GVISOR_NVPROXY_DRIVER_UNSUPPORTED",
    ),
    (
        "slurmstepd: error: pyxis: seccomp filter failed: Invalid argument:22",
        "PYXIS_SECCOMP_FLAG_UNSUPPORTED_BY_KERNEL",
    ),
    ("lxc_setup: 3388 Failed to run mount hooks", "LXC_NVIDIA_HOOK_PRIVILEGED_CONTAINER"),
    (
        "NVIDIA information: Architecture: Brand: NVIDIA Model: NVIDIA GeForce RTX 3060 Ti CUDA Version: NVRM Version: UUID:",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        "nvidia-container-cli: requirement error: unsatisfied condition: brand = quadrortx: unknown",
        "CONTAINER_TOOLKIT_NOT_CONFIGURED",
    ),
    (
        'failed to create container: requested docker runtime "nvidia" was not found',
        "LAUNCHER_REQUESTS_MISSING_NVIDIA_RUNTIME",
    ),
    (
        "failed to find runtime handler nvidia from runtime list map[crun:0x0004dd5f0 runc:0xc0004dd790]",
        "LAUNCHER_REQUESTS_MISSING_NVIDIA_RUNTIME",
    ),
    ('level=error msg="invalid discovery mode: cdi"', "CONTAINER_TOOLKIT_RELEASE_REGRESSION"),
    (
        "E: Unable to locate package linux-objects-nvidia-535-server-6.1.51-talos",
        "GPU_OPERATOR_DRIVER_CONTAINER_UNSUPPORTED_OS",
    ),
    ("error: Invalid GRES data for gpu, CPUs=48-63,176-191", "SLURM_GRES_CONF_INVALID"),
    ("/usr/bin/ld: cannot find -lcurand", "CUDA_DEV_LIB_NOT_ON_LINKER_PATH"),
    (
        "ImportError: /root/.cache/torch_extensions/py38_cu111/cpu_adam/cpu_adam.so: undefined symbol: curandCreateGenerator",
        "EXTENSION_STALE_BUILD_ARTIFACTS",
    ),
    (
        "ImportError: lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass",
        "TORCH_EXTENSION_IMPORTED_BEFORE_TORCH",
    ),
    (
        "ImportError: cannot import name 'ConvFwdAndBwdInput' from 'cumm.conv.main'",
        "GPU_LIBRARY_COMPANION_PACKAGE_TOO_OLD",
    ),
    (
        "RuntimeError: FlashAttention is only supported on CUDA 11.6 and above.",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "numba.cuda.cudadrv.error.NvvmSupportError: No supported GPU compute capabilities found. Please check your cudatoolkit version matches your CUDA version.",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "return 'compute_%d%d' % arch TypeError: not enough arguments for format string",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "nvcc fatal   : Value 'native' is not defined for option 'gpu-architecture'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized.",
        "OPENMP_RUNTIME_LOADED_TWICE",
    ),
    (
        "CUDA_ERROR_TOO_MANY_PEERS: peer mapping resources exhausted",
        "CUDA_PEER_ACCESS_LIMIT_EXCEEDED",
    ),
    ("cudaErrorTooManyPeers", "CUDA_PEER_ACCESS_LIMIT_EXCEEDED"),
    ("[cudnn init] libcudnn v5 with header v7 unmatched!", "CUDNN_VERSION_MISMATCH"),
    (
        'Autotuner could not find any supported configs for HLO: %cudnn-conv-bias-activation.7 = custom_call_target="__cudnn$convBiasActivationForward"',
        "CUDNN_VERSION_MISMATCH",
    ),
    ("RuntimeError: Library cublasLt is not initialized", "CUDA_LIBS_NOT_FOUND"),
    ("Exception: GPU機能をサポートすることができません", "CPU_ONLY_TF_BUILD"),
    ("[F glutil.cpp:338] eglInitialize() failed", "EGL_DEVICE_PLATFORM_UNAVAILABLE"),
    ("could not retrieve CUDA device count: CUDA_ERROR_NOT_INITIALIZED", "CUDA_USED_AFTER_FORK"),
    (
        "RuntimeError: Error in function 'TllmGenFmhaRunner' at /workspace/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:30: Unsupported architecture",
        "ATTENTION_KERNEL_ARCH_DISPATCH_BUG",
    ),
    # CUDA's error enumeration (stop 40)
    (
        "RuntimeError: CUDA error: API call is not supported in the installed CUDA driver",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    ("cudaErrorDeviceNotLicensed: device doesn't have valid Grid license", "VGPU_UNLICENSED"),
    (
        "RuntimeError: CUDA error: too many resources requested for launch",
        "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT",
    ),
    (
        "cudaErrorInvalidDevice: invalid device ordinal",
        "GPU_INDEX_OUT_OF_RANGE",
    ),
    (
        "RuntimeError: CUDA error: MPS client failed to connect to the MPS control daemon or the MPS server",
        "CUDA_MPS_SERVER_UNAVAILABLE",
    ),
    (
        "cudaErrorMpsServerNotReady: MPS server is not ready to accept new MPS client requests",
        "CUDA_MPS_SERVER_UNAVAILABLE",
    ),
    # cuDNN's and NVML's statuses (stop 40)
    ("cuDNN error: CUDNN_STATUS_ALLOC_FAILED", "GPU_OOM"),
    (
        "Could not create cudnn handle: CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",
        "CUDA_LIBS_NOT_FOUND",
    ),
    ("pynvml.nvml.NVMLError_GpuIsLost: GPU is lost", "GPU_ADAPTER_INIT_FAILED"),
    ("pynvml.NVMLError_FunctionNotFound: Function Not Found", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    (
        "pynvml.nvml.NVMLError_NoPermission: Insufficient Permissions",
        "NVIDIA_DEVICE_NODE_PERMISSIONS",
    ),
    # wave 38's dev logs (stop 40)
    (
        "slurmd: fatal: can't stat gres.conf file /dev/nvidia0: No such file or directory",
        "SLURM_GRES_CONF_INVALID",
    ),
    (
        "MPIR_Init_thread(...): yaksuri_cuda_init_hook: no CUDA-capable device is detected",
        "MPI_GPU_SUPPORT_INIT_ON_GPULESS_NODE",
    ),
    (
        "/tmp/petsc-x/config.packages.BlasLapack/conftest: error while loading shared libraries: libcuda.so.1: cannot open shared object file: No such file or directory",
        "BUILD_NODE_LACKS_GPU_DRIVER",
    ),
    (
        "OSError: libamd_comgr.so: cannot open shared object file: No such file or directory",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "rocm-hip-runtime : Depends: rocminfo (= 1.0.0.50400-72~22.04) but 5.0.0-1 is to be installed",
        "ROCM_DISTRO_PACKAGES_OUTRANK_AMD_REPO",
    ),
    (
        "MIOpen Error: Internal error while accessing SQLite database: disk I/O error",
        "MIOPEN_USER_DB_NOT_WRITABLE",
    ),
    (
        "Could not pick default device.name 'amdsmi' is not defined",
        "TORCH_ROCM_PYNVML_WITHOUT_AMDSMI",
    ),
    (
        "/usr/bin/ld: cannot find -lcuda collect2: error: ld returned 1 exit status make[2]: *** [platforms/cuda/tests/TestCudaPlumedForce] Error 1",
        "CUDA_DEV_LIB_NOT_ON_LINKER_PATH",
    ),
    (
        "ld cannot find -lcudart, please check if cuda is installed or in system search path",
        "CUDA_DEV_LIB_NOT_ON_LINKER_PATH",
    ),
    (
        "nvcc fatal   : Unsupported gpu architecture 'compute_none'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "nvcc fatal : Could not set up the environment for Microsoft Visual Studio",
        "JIT_HOST_COMPILER_MISSING",
    ),
    (
        "CMake Error at cmake/public/cuda.cmake:181 (message): Failed to find nvToolsExt",
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    ("Kokkos::Cuda::initialize ERROR: likely mismatch of architecture", "WHEEL_LACKS_ARCH_KERNELS"),
    (
        "MemoryError: std::bad_alloc: out_of_memory: RMM failure at:/opt/conda/include/rmm/mr/device/pool_memory_resource.hpp:196: Maximum pool size exceeded",
        "GPU_OOM",
    ),
    ("RuntimeError: this hoomd was built without CUDA support", "CPU_ONLY_TF_BUILD"),
    # HIP and HSA (stop 40)
    ("hipErrorOutOfMemory", "GPU_OOM"),
    ("rocminfo: ROCk module is NOT loaded, possibly no GPU devices", "ROCM_HOST_KFD_MISSING"),
    ("RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR", "WHEEL_LACKS_ARCH_KERNELS"),
    (
        'RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at "../c10/cuda/CUDACachingAllocator.cpp":830, please report a bug to PyTorch.',
        "GPU_OOM",
    ),
    (
        "RuntimeError: PTX .version 8.4 does not support .target sm_120a",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ),
    (
        "RuntimeError: CUDA error: operation not permitted when stream is capturing",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "RuntimeError: CUDA error: operation failed due to a previous error during capture",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "node1:123:456 [0] NCCL WARN Call to posix_fallocate failed : No space left on device",
        "NCCL_SYSTEM_ERROR_SHM",
    ),
    # wave 40's dev logs and their classes (stop 41)
    ("No CMAKE_CUDA_COMPILER could be found.", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    (
        "Could not find nvcc, please set CUDAToolkit_ROOT.",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "-- Could NOT find CUDA (missing: CUDA_TOOLKIT_ROOT_DIR CUDA_NVCC_EXECUTABLE CUDA_INCLUDE_DIRS CUDA_CUDART_LIBRARY)",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    ("-- The CUDA compiler identification is unknown", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    ("Failed to detect a default CUDA architecture.", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    (
        "clang-17: error: cannot find ROCm device library; provide its path via '--rocm-path' or '--rocm-device-lib-path', or pass '-nogpulib' to build without ROCm device library",
        "ROCM_SDK_NOT_FOUND_FOR_BUILD",
    ),
    (
        "clang: error: cannot find HIP runtime; provide its path via '--rocm-path', or pass '-nogpuinc' to build without HIP runtime",
        "ROCM_SDK_NOT_FOUND_FOR_BUILD",
    ),
    (
        'Could not find a package configuration file provided by "hip" with any of',
        "ROCM_SDK_NOT_FOUND_FOR_BUILD",
    ),
    (
        "/usr/lib/python3.10/site-packages/torch/include/c10/util/C++17.h:27:2: error: #error You need C++17 to compile PyTorch",
        "EXTENSION_SOURCE_TOO_OLD_FOR_TORCH",
    ),
    (
        "#error C++17 or later compatible compiler is required to use PyTorch.",
        "EXTENSION_SOURCE_TOO_OLD_FOR_TORCH",
    ),
    ("nvcc fatal   : Path to libdevice library not specified", "STRAY_NVCC_SHADOWS_CUDA_TOOLKIT"),
    (
        "RuntimeError: The current installed version of g++ (12.2.1) is greater than the maximum required version by CUDA 11.7 (11.5.0). Please make sure to use an adequate version of g++ (>=6.0.0, <=11.5.0).",
        "HOST_COMPILER_TOO_NEW_FOR_NVCC",
    ),
    (
        "nvcc fatal   : The version ('90000') of the host compiler ('Apple clang') is not supported",
        "HOST_COMPILER_TOO_NEW_FOR_NVCC",
    ),
    (
        "nvcc fatal : Host compiler targets unsupported OS.",
        "NVCC_WINDOWS_HOST_COMPILER_NOT_MSVC",
    ),
    ("CUDA_CUDA_LIBRARY (ADVANCED)", "BUILD_NODE_LACKS_GPU_DRIVER"),
    (
        '-- Could NOT find CUDA (missing: CUDA_CUDA_LIBRARY) (found version "11.8")',
        "BUILD_NODE_LACKS_GPU_DRIVER",
    ),
    (
        'src/vapoursynthPlugin.cpp(45): error: class "cudaDeviceProp" has no member "clockRate"',
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        "src/device.cpp:52:22: error: 'struct cudaDeviceProp' has no member named 'memoryClockRate'",
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    ("src/kernels.cu(14): error: texture is not a template", "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE"),
    (
        'src/spmv.cu(88): error: identifier "cusparseScsrmv" is undefined',
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        'src/tex.cu(30): error: identifier "cudaBindTexture2D" is undefined',
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        "stderr: could not decode OCI spec: json: cannot unmarshal array into Go struct field Process.process.capabilities of type main.LinuxCapabilities",
        "CONTAINER_ENGINE_TOO_OLD_FOR_TOOLKIT",
    ),
    (
        "nvidia-container-cli: mount error: failed to add device rules: unable to replace original device filters program with new one: failed to call BPF_PROG_ATTACH (BPF_CGROUP_DEVICE, BPF_F_ALLOW_MULTI): can't attach program: invalid argument: unknown",
        "CONTAINER_TOOLKIT_KERNEL_BPF_UNSUPPORTED",
    ),
    (
        "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: could not apply required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices runtime.nvidia.com/gpu=all: unknown",
        "CDI_AUTOMATIC_SPEC_GENERATION_FAILED",
    ),
    (
        "nvidia-container-cli: detection error: nvml error: function not found: unknown.",
        "DRIVER_TOO_OLD_FOR_CONTAINER_TOOLKIT",
    ),
    (
        "invoking the NVIDIA Container Runtime Hook directly (e.g. specifying the docker --gpus flag) is not supported. Please use the NVIDIA Container Runtime (e.g. specify the --runtime=nvidia flag) instead.: unknown.",
        "DOCKER_GPUS_FLAG_UNSUPPORTED_IN_RUNTIME_MODE",
    ),
    (
        "2020/08/10 19:09:42 XidCriticalError: Xid=69 on Device=GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8, the device will go unhealthy.",
        "DEVICE_PLUGIN_MARKED_GPU_UNHEALTHY",
    ),
    (
        "2020/08/10 19:09:42 'nvidia.com/gpu' device marked unhealthy: GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8",
        "DEVICE_PLUGIN_MARKED_GPU_UNHEALTHY",
    ),
    (
        "/usr/lib/aarch64-linux-gnu/libcublas.so  file not recognized: File truncated",
        "DOCKER_BUILD_HAS_NO_GPU",
    ),
    ("Optix call (optixInit()) failed with code 7804 (line 152)", "DRIVER_OPTIX_LIBRARY_MISSING"),
    (
        "[ERROR] OPTIX_ERROR_LIBRARY_NOT_FOUND: Optix call 'optixInit()' failed",
        "DRIVER_OPTIX_LIBRARY_MISSING",
    ),
    (
        "libnvoptix.so.1: cannot open shared object file: No such file or directory",
        "DRIVER_OPTIX_LIBRARY_MISSING",
    ),
    (
        "Exception: Failed to open dynamic library '/Library/Frameworks/CUDA.framework/CUDA': dlopen(/Library/Frameworks/CUDA.framework/CUDA, 1): no suitable image found.  Did find:",
        "MACOS_LEGACY_CUDA_FRAMEWORK_UNLOADABLE",
    ),
    (
        "dyld: Library not loaded: @rpath/CUDA.framework/Versions/A/CUDA",
        "MACOS_LEGACY_CUDA_FRAMEWORK_UNLOADABLE",
    ),
    (
        'Exception in thread "main" java.lang.UnsatisfiedLinkError: Error while loading native library "JNvrtc-11.2.0-windows-x86_64"',
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "[1] c940b4ae7a81:36:37 [1] init.cc:255 NCCL WARN Cuda failure 'CUDA driver is a stub library'",
        "NCCL_BUILT_WITH_SHARED_CUDART",
    ),
    (
        "SHJS-PF4ZKYLL:92777:92889 [0] graph/xml.cc:332 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:01/../../0000:01:00.0",
        "NCCL_TOO_OLD_FOR_GPU_PLATFORM",
    ),
    (
        "Failed: Cuda error /home/runner/work/vllm/vllm/csrc/custom_all_reduce.cuh:307 'peer access is not supported between these two devices'",
        "CUSTOM_ALLREDUCE_WITHOUT_P2P",
    ),
    ("ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory.", "RDMA_MEMLOCK_LIMIT_TOO_LOW"),
    (
        "node1:123:456 [0] NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory",
        "RDMA_MEMLOCK_LIMIT_TOO_LOW",
    ),
    (
        "The OpenFabrics (openib) BTL failed to initialize while trying to allocate some locked memory.",
        "RDMA_MEMLOCK_LIMIT_TOO_LOW",
    ),
    (
        "tensorflow.python.framework.errors_impl.InternalError: Collective Op CollectiveBcastSend: Broadcast(1) is assigned to device /job:worker/replica:0/task:0/device:GPU:0 with type GPU and group_key 1 but that group has type CPU [Op:CollectiveBcastSend]",
        "DIST_WORKERS_MIXED_DEVICE_TYPES",
    ),
    (
        'NotImplementedError: Using RTX 4000 series doesn\'t support faster communication broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1" or use `accelerate launch` which will do this automatically.',
        "CONSUMER_GPU_NO_P2P_NCCL_FLAGS_REQUIRED",
    ),
    (
        "[07/21/2022-11:57:58] [TRT] [E] 1: [pluginV2Runner.cpp::load::293] Error Code 1: Serialization (Serialization assertion creator failed.Cannot deserialize plugin since corresponding IPluginCreator not found in Plugin Registry)",
        "TRT_PLUGIN_NOT_LOADED",
    ),
    (
        "[TensorRT] ERROR: INVALID_ARGUMENT: getPluginCreator could not find plugin CHUNK_TRT version 1.0",
        "TRT_PLUGIN_NOT_LOADED",
    ),
    (
        'RuntimeError: Failed to parse onnx, In node 1315 (importFallbackPluginImporter): UNSUPPORTED_NODE: Assertion failed: creator && "Plugin not found, are the plugin name, version, and namespace correct?"',
        "TRT_PLUGIN_NOT_LOADED",
    ),
    (
        "[E] [TRT] 3: [libLoader.cpp::nvinfer1::rt::DynamicLibrary::Impl::untypedSymbolAddress::365] Error Code 3: Internal Error (SymbolAddress for getPluginCreators could not be loaded, check function name against library symbol)",
        "TRT_PLUGIN_NOT_LOADED",
    ),
    (
        "[12/19/2020-21:29:36] [E] [TRT] ../rtSafe/cuda/caskUtils.cpp (98) - Assertion Error in trtSmToCask: 0 (Unsupported SM.)",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "ERROR: Detected NVIDIA Quadro M1000M GPU, which is not supported by this container",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "(Unnamed Layer* 201) [Convolution]:kernel weights has count 2688 but 32640 was expected",
        "TRT_WEIGHTS_DONT_MATCH_NETWORK_DEFINITION",
    ),
    (
        "[E] [TRT] 4: [convolutionNode.cpp::computeOutputExtents::57] Error Code 4: Internal Error ((Unnamed Layer* 201) [Convolution]: number of kernel weights does not match tensor dimensions)",
        "TRT_WEIGHTS_DONT_MATCH_NETWORK_DEFINITION",
    ),
    (
        "ValueError: This ORT build has ['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider'] enabled. Since ORT 1.9, you are required to explicitly set the providers parameter when instantiating InferenceSession. For example, onnxruntime.InferenceSession(..., providers=['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider'], ...)",
        "ORT_GPU_SESSION_WITHOUT_PROVIDERS",
    ),
    (
        "tensorflow.python.framework.errors_impl.NotFoundError: /opt/conda/lib/python3.6/site-packages/tensorflow_addons/custom_ops/activations/_activation_ops.so: undefined symbol: _ZN10tensorflow12OpDefBuilder4AttrESs",
        "TF_OP_LIBRARY_ABI_MISMATCH",
    ),
    (
        "tensorflow.python.framework.errors_impl.NotFoundError: /usr/lib/python3/dist-packages/tensorflow_text/python/ops/_fast_wordpiece_tokenizer.so: undefined symbol: _ZNK3tsl6Status8ToStringEv",
        "TF_OP_LIBRARY_ABI_MISMATCH",
    ),
    (
        "ImportError: dlopen: cannot load any more object with static TLS",
        "STATIC_TLS_SLOTS_EXHAUSTED",
    ),
    (
        'ERROR: Could not find a version that satisfies the requirement tensorrt-libs==8.6.1; extra == "and-cuda" (from tf-nightly[and-cuda]) (from versions: 9.0.0.post11.dev1, 9.0.0.post12.dev1)',
        "GPU_EXTRA_DEPENDENCY_ONLY_ON_VENDOR_INDEX",
    ),
    (
        'ERROR: No matching distribution found for nvidia-cudnn-cu12==8.9.4.25; extra == "and-cuda"',
        "GPU_EXTRA_DEPENDENCY_ONLY_ON_VENDOR_INDEX",
    ),
    (
        "\\\\?\\C:\\proj\\node_modules\\@tensorflow\\tfjs-node-gpu\\lib\\napi-v8\\tfjs_binding.node",
        "NATIVE_BINDING_BUNDLED_LIB_NOT_STAGED",
    ),
    ("NameError: name 'cuda_setup' is not defined", "GPU_LIBRARY_RELEASE_IMPORT_REGRESSION"),
    (
        "[rank7]: ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' (/usr/local/lib/python3.10/dist-packages/triton/compiler/compiler.py)",
        "TRITON_VERSION_MISMATCH_WITH_TORCH",
    ),
    (
        "RuntimeError: Lightning can't create new processes if CUDA is already initialized. Did you manually call `torch.cuda.*` functions, have moved the model to the device, or allocated memory on the GPU any other way? Please remove any such calls, or change the selected strategy.",
        "CUDA_USED_AFTER_FORK",
    ),
    (
        "LINK : fatal error LNK1181: cannot open input file 'aio.lib'",
        "PACKAGE_SOURCE_BUILD_UNSUPPORTED_ON_PLATFORM",
    ),
    (
        "AssertionError: Unable to pre-compile async_io",
        "PACKAGE_SOURCE_BUILD_UNSUPPORTED_ON_PLATFORM",
    ),
    ("xFormers wasn't build with CUDA support", "TORCH_EXTENSION_ABI_MISMATCH"),
    # wave 41's dev logs and their classes (stop 41)
    (
        'The accelerator count "8" is not allowed. The allowed numbers of accelerator "NVIDIA_L4" to use with machine type "g2-standard-8" are: [1].',
        "CLOUD_GPU_SHAPE_NOT_OFFERED",
    ),
    (
        '400 Accelerator "NVIDIA_TESLA_K80" is not supported for machine type "n1-standard-4"',
        "CLOUD_GPU_SHAPE_NOT_OFFERED",
    ),
    (
        "An error occurred (ResourceLimitExceeded) when calling the CreateTrainingJob operation: The requested resource training-job/ml.p2.xlarge is not available in this region",
        "CLOUD_GPU_SHAPE_NOT_OFFERED",
    ),
    (
        "ERROR: (gcloud.compute.instances.create) Could not fetch resource: The resource 'projects/p/zones/europe-west1-b/acceleratorTypes/nvidia-tesla-a100' was not found",
        "CLOUD_GPU_SHAPE_NOT_OFFERED",
    ),
    (
        "ValueError: SMModelParallel and SMDataParallel currently do not support p5 instances.",
        "CLOUD_GPU_SHAPE_NOT_OFFERED",
    ),
    (
        "gradio_client.exceptions.AppError: You have exceeded your GPU quota (60s requested vs. 56s left).",
        "CLOUD_GPU_QUOTA_EXCEEDED",
    ),
    ("Uncorrectable Error               : 4", "GPU_UNCORRECTABLE_ECC_ERROR"),
    ("Remapping Failure Occurred        : Yes", "GPU_UNCORRECTABLE_ECC_ERROR"),
    (
        "Error! Bad return status for module build on kernel: 5.6.0-rc1-1-tkg-bmq (x86_64)",
        "DRIVER_TOO_OLD_FOR_KERNEL",
    ),
    (
        "Error! Bad return status for module build on kernel: 5.12.12-169-tkg-pds-llvm (x86_64)",
        "DRIVER_MODULE_TOOLCHAIN_MISMATCH",
    ),
    (
        "/build/linux613-nvidia/src/NVIDIA-Linux-x86_64-565.57.01-no-compat32/kernel-open/nvidia/libspdm_ecc.c:312:27: error: implicit declaration of function 'crypto_akcipher_verify'",
        "DRIVER_TOO_OLD_FOR_KERNEL",
    ),
    ("GPU 00000000:1A:00.0: In use by another client", "GPU_RESET_BLOCKED_BY_DRIVER_CLIENT"),
    (
        "ValueError: To serve at least one request with the models's max seq len (180000), (3.05 GiB KV cache is needed, which is larger than the available KV cache memory (2.17 GiB). Based on the available memory, the estimated maximum model length is 128000.",
        "GPU_OOM",
    ),
    (
        "-[MTLDebugDevice newBufferWithBytesNoCopy:length:options:deallocator:]:670: failed assertion `Buffer Validation newBufferWith*:length 0x6692c000 must not exceed 1024 MB.",
        "METAL_BUFFER_OVER_MAX_LENGTH",
    ),
    ("Create Backend Failed because no creator for 3", "GPU_BACKEND_PLUGIN_NOT_REGISTERED"),
    (
        "ERROR: InitError: UndefVarError: libze_loader not defined",
        "PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY",
    ),
    (
        "Load Library of libze_intel_gpu.so.1 failed with libze_intel_gpu.so.1: cannot open shared object file: No such file or directory",
        "INTEL_GPU_DRIVER_MISSING",
    ),
    (
        "2022-08-10 11:22:33.444: E tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc:600] bitcode module not found at ./opencl.bc",
        "XLA_TOOLCHAIN_MISSING",
    ),
    (
        "RuntimeError: new(): expected key in DispatchKeySet(CPU, CUDA, HIP, XLA, MPS, IPU, XPU, HPU, Lazy, Meta) but got: PrivateUse1",
        "DIRECTML_OP_NOT_IMPLEMENTED",
    ),
    (
        "[2019-06-01T10:00:00Z ERROR wgpu_native::instance] create_instance: VkError(ERROR_INCOMPATIBLE_DRIVER)",
        "VULKAN_ICD_MISSING",
    ),
    ("Error: No suitable `wgpu::Adapter` found.", "VULKAN_ICD_MISSING"),
    (
        "OSError: /usr/lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in static TLS block",
        "STATIC_TLS_SLOTS_EXHAUSTED",
    ),
    (
        "ImportError: /usr/lib/python3/site-packages/tensorflow_recommenders_addons/dynamic_embedding/core/_cuckoo_hashtable_ops.so: undefined symbol: _ZNK5absl4Cord",
        "TF_OP_LIBRARY_ABI_MISMATCH",
    ),
    (
        "nvidia-container-cli.real: initialization error: nvml lookup: function not found",
        "DRIVER_TOO_OLD_FOR_CONTAINER_TOOLKIT",
    ),
    (
        "ERROR: No matching distribution found for cupy-cuda102",
        "GPU_WHEEL_NOT_PUBLISHED_FOR_CPU_ARCH",
    ),
    (
        "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu (from versions: none)",
        "GPU_WHEEL_NOT_PUBLISHED_FOR_CPU_ARCH",
    ),
    ("ERROR: No matching distribution found for mlx", "MACOS_X86_BUILD_ON_APPLE_SILICON"),
    (
        "ERROR: mlx-0.12.0-cp312-cp312-macosx_14_0_arm64.whl is not a supported wheel on this platform.",
        "MACOS_X86_BUILD_ON_APPLE_SILICON",
    ),
    # HIP's error enumeration; NVML's insufficient power (stop 41)
    ("RuntimeError: HIP error: hipErrorSharedObjectInitFailed", "ROCM_GPU_ISA_UNSUPPORTED"),
    ("RuntimeError: HIP error: shared object initialization failed", "ROCM_GPU_ISA_UNSUPPORTED"),
    ("hipModuleLoadData failed: hipErrorInvalidImage", "ROCM_GPU_ISA_UNSUPPORTED"),
    ("RuntimeError: HIP error: device kernel image is invalid", "ROCM_GPU_ISA_UNSUPPORTED"),
    ("hipMemcpy failed: hipErrorIllegalAddress", "ROCM_MEMORY_ACCESS_FAULT"),
    (
        "RuntimeError: HIP error: an illegal memory access was encountered",
        "ROCM_MEMORY_ACCESS_FAULT",
    ),
    (
        "pynvml.nvml.NVMLError_InsufficientPower: NVML_ERROR_INSUFFICIENT_POWER",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "Unable to determine the device handle for GPU0000:65:00.0: Insufficient Power",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "ImportError: libnvinfer.so.10: cannot open shared object file: No such file or directory",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "[TensorRT-LLM][ERROR] Failed to load library: libnvinfer_plugin_tensorrt_llm.so: cannot open shared object file: No such file or directory",
        "CUDA_LIBS_NOT_FOUND",
    ),
    # CUDA's math libraries by what each status means; CNMeM; schedulers' memory limits; libtpu;
    # XLA's CUDA graphs; amdgpu's init; HIP's no device; NVTX 2; long paths; dyld; device lists (stop 42)
    (
        "RuntimeError: cusolver error: CUSOLVER_STATUS_ALLOC_FAILED, when calling `cusolverDnCreate(handle)`",
        "GPU_OOM",
    ),
    (
        "RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED",
        "GPU_OOM",
    ),
    (
        "CURANDError: memory allocation failed (code 102, CURAND_STATUS_ALLOCATION_FAILED)",
        "GPU_OOM",
    ),
    (
        "cupy_backends.cuda.libs.cusparse.CuSparseError: CUSPARSE_STATUS_ALLOC_FAILED",
        "GPU_OOM",
    ),
    (
        "nvjpegDecode failed: NVJPEG_STATUS_ALLOCATOR_FAILURE",
        "GPU_OOM",
    ),
    (
        "cupy.cuda.cusolver.CUSOLVERError: CUSOLVER_STATUS_ARCH_MISMATCH",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "ERROR: CURANDError: initialization of CUDA failed (code 203, CURAND_STATUS_INITIALIZATION_FAILED)",
        "CUDNN_INIT_FAILED",
    ),
    (
        "RuntimeError: cusolver error: CUSOLVER_STATUS_NOT_INITIALIZED, when calling `cusolverDnCreate(handle)`",
        "CUDNN_INIT_FAILED",
    ),
    (
        "RuntimeError: CUDA error: CUSPARSE_STATUS_EXECUTION_FAILED when calling `cusparseSpMM(handle, opA, opB)`",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "Using gpu device 0: GeForce GTX 970 (CNMeM is enabled with initial size: 95.0% of memory) initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "=>> PBS: job killed: mem 8421376kb exceeded limit 8388608kb",
        "HOST_OOM",
    ),
    (
        "TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.",
        "HOST_OOM",
    ),
    (
        "007 (123.000.000) 06/01 10:00:00 Job was held. Job has gone over memory limit of 4096 Mb. Peak usage: 4500 Mb.",
        "HOST_OOM",
    ),
    (
        "F0412 12:00:00.000000 1234 tpu_executor_api.cc:1000] TpuExecutor_AllocateEvent not available in this library.",
        "LIBTPU_MISSING_OR_MISMATCHED",
    ),
    (
        "E0101 00:00:00.000 5 common_lib.cc:612] Could not set metric server port: Failed to get TPU metadata (tpu-env) from instance metadata for variable CHIPS_PER_HOST_BOUNDS",
        "LIBTPU_ON_HOST_WITHOUT_TPU",
    ),
    (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.graph.launch' failed: Failed to update gpu graph: Graph update result=CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE",
        "FRAMEWORK_RELEASE_GPU_REGRESSION",
    ),
    (
        "[drm:psp_hw_start [amdgpu]] *ERROR* PSP create ring failed!",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "[drm:amdgpu_device_init [amdgpu]] *ERROR* hw_init of IP block <gmc_v9_0> failed -22",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        'E1101 12:00:00.000000 1 main.go:100] "Fail to glob topology properties"',
        "ROCM_HOST_KFD_MISSING",
    ),
    (
        "2019-05-06 16:19:24.403269: E tensorflow/stream_executor/rocm/rocm_driver.cc:965] could not retrieve ROCM device count: HIP_ERROR_NoDevice",
        "GPU_HIDDEN_BY_ENV",
    ),
    (
        "CMake Error at /usr/share/cmake-3.27/Modules/FindPackageHandleStandardArgs.cmake:230 (message): Could NOT find NvToolsExt (missing: NvToolsExt_INCLUDE_DIR NvToolsExt_LIBRARY)",
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        "ERROR: Could not install packages due to an OSError: [WinError 206] The filename or extension is too long: 'C:\\\\Users\\\\me\\\\AppData\\\\Local\\\\Temp\\\\pip-install\\\\x'",
        "WINDOWS_LONG_PATHS_DISABLED",
    ),
    (
        "HINT: This error might have occurred since this system does not have Windows Long Path support enabled. You can find information on how to enable this at https://pip.pypa.io/warnings/enable-long-paths",
        "WINDOWS_LONG_PATHS_DISABLED",
    ),
    (
        "ImportError: dlopen(/opt/venv/lib/python3.11/site-packages/torchaudio/lib/libtorchaudio.so, 0x0002): Symbol not found: __ZN3c1017RegisterOperatorsD1Ev",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        'srun: task 0: env CUDA_VISIBLE_DEVICES="0-7"',
        "CUDA_VISIBLE_DEVICES_UNPARSABLE_LIST",
    ),
    (
        "checking for nvmlInit in -lnvidia-ml... no",
        "BUILD_NODE_LACKS_GPU_DRIVER",
    ),
    # a CUDA runtime error by its number alone (cuda_error_number)
    (
        "Error: cudaSetDevice failed in paddle::platform::SetDeviced, error code : 35",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "cudaGetDeviceCount returned 100",
        "GPU_HIDDEN_BY_ENV",
    ),
    (
        "CUDA error 209 at src/kernels.cu:88",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "ERROR: cudaMalloc failed with error code 2",
        "GPU_OOM",
    ),
    (
        "cudaDeviceSynchronize returned 719",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "CUDA error (46): cudaSetDevice",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "cudaRuntimeGetVersion failed, error code: 803",
        "DRIVER_LIBRARY_MISMATCH",
    ),
    # a library's handle; cuBLAS's routines; NVML's reset and in-use
    (
        "RuntimeError: CUDA error: CUBLAS_STATUS_INTERNAL_ERROR when calling `cublasCreate(handle)`",
        "CUDNN_INIT_FAILED",
    ),
    (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: third_party/gpus/cuda/cusolver.cc:52: operation cusolverDnCreate(&handle) failed: cuSolver internal error",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    (
        "RuntimeError: cusparse error: CUSPARSE_STATUS_INTERNAL_ERROR when calling `cusparseCreate(handle)`",
        "CUDNN_INIT_FAILED",
    ),
    (
        "2024-03-01 10:00:00.000000: F external/xla/xla/service/gpu/nvptx_compiler.cc:618] ptxas 12.3.103 has a bug that we think can affect XLA. Please use a different version.",
        "CUDA_TOOLKIT_RELEASE_REGRESSION",
    ),
    (
        "RuntimeError: CUDA error: CUBLAS_STATUS_INVALID_VALUE when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",
        "CUDA_KERNEL_FAULT",
    ),
    (
        "cupy.cuda.compiler.CompileException: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE (7)",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "pynvml.nvml.NVMLError_ResetRequired: GPU requires reset",
        "GPU_ADAPTER_INIT_FAILED",
    ),
    (
        "Failed to set compute mode: NVML_ERROR_IN_USE",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    # the projects' troubleshooting pages (wave 46)
    (
        "/usr/bin/ld: cannot find -lsycl8",
        "ONEAPI_RUNTIME_LIBS_NOT_FOUND",
    ),
    (
        "/opt/src/onednn/src/gpu/intel/sycl/l0/utils.cpp:20:10: fatal error: 'level_zero/ze_api.h' file not found",
        "INTEL_GPU_DRIVER_MISSING",
    ),
    (
        "/tmp/kernels.s:120:3: error: instruction not supported on this GPU",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "<inline asm>:1:2: error: directive requires gfx942+",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "WSL 2 requires an update to its kernel component. For information please visit https://aka.ms/wsl2kernel",
        "WSL2_KERNEL_COMPONENT_MISSING",
    ),
    (
        "Error: 0x1bc",
        "WSL2_KERNEL_COMPONENT_MISSING",
    ),
    (
        "WARNING: When using nvidia-container-cli with --contain NVIDIA_VISIBLE_DEVICES must be set or no GPUs will be available in container.",
        "CONTAINER_GPU_NOT_REQUESTED",
    ),
    (
        "Warning  FailedCreatePodSandBox  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = device cold plug failed: PodResources API Get method disabled",
        "KUBELET_POD_RESOURCES_GET_DISABLED",
    ),
    (
        "stderr: chmod: cannot access '/run/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs/dev/dri': No such file or directory",
        "DRIVER_CAPABILITY_DEVICE_MISSING",
    ),
    (
        "nvidia-docker2 : Depends: nvidia-container-toolkit (>= 1.13.0) but 1.11.0-1 is to be installed",
        "CONTAINER_STACK_PARTIAL_VERSION_PIN",
    ),
    (
        "E: Conflicting values set for option Signed-By regarding source https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/ /: /usr/share/keyrings/cuda-archive-keyring.gpg != /usr/share/keyrings/nvidia.gpg",
        "PACKAGE_REPO_LISTED_TWICE_CONFLICTING_KEYS",
    ),
    (
        'time="2025-01-01T00:00:00Z" level=warning msg="unable to get device name: [failed to find device with id \'2941\']"',
        "PCI_IDS_DATABASE_OUTDATED",
    ),
    (
        "2024-05-01T10:00:00Z ERROR OpenShift DriverToolkit was requested but could not be enabled (dependencies missing)",
        "OPENSHIFT_TOO_OLD_FOR_DRIVER_TOOLKIT",
    ),
    (
        "WARNING: broken Driver Toolkit image detected:",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "Error applying MigConfig: error creating GPU instance for '1g.10gb': In use by another client",
        "MIG_MODE_CHANGE_BLOCKED_GPU_IN_USE",
    ),
    (
        "RuntimeError: The operation failed with cuDF, the reason was <class 'TypeError'>: unsupported operand type(s)",
        "PERF_CPU_FALLBACK_OPS",
    ),
    (
        'cupy.cuda.compiler.CompileException: /tmp/tmpk2/kern.cu(1): catastrophic error: cannot open source file "cuda_fp16.h"',
        "NVRTC_CUDA_HEADERS_NOT_FOUND",
    ),
    (
        "jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: Failed to send RPC to coordination service. Either the leader task was preempted/died/restarted unexpectedly or this task is experiencing network issues.",
        "DIST_PEER_TASK_DIED",
    ),
    (
        "F0101 00:00:00.000 123 coordination_service_agent.cc:332] The following tasks are unhealthy (stopped sending heartbeats):",
        "DIST_PEER_TASK_DIED",
    ),
    (
        "RuntimeError: Cannot replicate if number of devices (1) is different from 4",
        "XLA_DEVICE_ACQUIRED_OUTSIDE_SPAWN",
    ),
    (
        "python: symbol lookup error: /opt/app/libflash.so: symbol cudaMallocAsync version libcudart.so.11.0 not defined in file libcudart.so.11.0 with link time reference",
        "CUDA_VERSION_MATRIX_MISMATCH",
    ),
    # the projects' documentation, continued (wave 47)
    (
        "ERROR: Could not install packages due to an OSError: [Errno 2] No such file or directory: 'C:\\Users\\someone\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python312\\site-packages\\nvidia\\cutlass\\include\\cute\\atom\\experimental\\sm90\\mma_traits_sm90_gmma_sparse_extended_operations_and_layouts_for_all_supported_types.hpp'",
        "WINDOWS_LONG_PATHS_DISABLED",
    ),
    (
        "RuntimeError: \"LayerNormKernelImpl\" not implemented for 'Half'",
        "FLOAT16_COMPUTE_TYPE_ON_CPU",
    ),
    (
        "RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'",
        "FLOAT16_COMPUTE_TYPE_ON_CPU",
    ),
    (
        "ImportError: libpython3.10.so.1.0: cannot open shared object file: No such file or directory",
        "LIBPYTHON_SHARED_LIBRARY_NOT_FOUND",
    ),
    (
        "W: GPG error: https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2004/x86_64  InRelease: The following signatures couldn't be verified because the public key is not available: NO_PUBKEY A4B469963BF863CC",
        "CUDA_REPO_SIGNING_KEY_ROTATED",
    ),
    (
        "UserWarning: Your compiler (g++ 4.8.5) may be ABI-incompatible with PyTorch! Please use a compiler that is ABI-compatible with GCC 5.0 and above.",
        "HOST_COMPILER_TOO_OLD_FOR_TORCH_ABI",
    ),
    (
        "CMake Error at CMakeLists.txt:3 (project): No CUDA toolset found.",
        "CUDA_VS_INTEGRATION_MISSING",
    ),
    (
        'C:\\\\Python38\\\\lib\\\\site-packages\\\\torch\\\\include\\\\torch\\\\csrc\\\\jit\\\\api\\\\module.h(474): error: member "torch::jit::ProfileOptionalOp::Kind" may not be initialized',
        "FRAMEWORK_HEADER_REJECTED_BY_NVCC_ON_WINDOWS",
    ),
    (
        "RuntimeError: roi_align_forward is not compiled with GPU support",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "ValueError: Cannot apply desired operation due to shape mismatches. All shapes across devices must be valid.",
        "DIST_COLLECTIVE_TENSOR_SHAPE_MISMATCH",
    ),
    (
        "Missing communicator data from 2 job processes",
        "DIST_PEER_TASK_DIED",
    ),
    (
        "[node1:12345] PMIX ERROR: ERROR in file gds_ds12_lock_pthread.c at line 168",
        "MPI_PMI_BOOTSTRAP_FAILED",
    ),
    (
        "[E 01/01/24 10:00:00.000 1234] [cuda_driver.h:operator()@87] Assertion `Out of CUDA pre-allocated memory.",
        "GPU_MEMORY_POOL_PREALLOCATION_TOO_SMALL",
    ),
    (
        "[E] CUDA_ERROR_INVALID_DEVICE: invalid device ordinal while calling mem_advise (cuMemAdvise)",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    (
        "OSError: Could not find module 'C:\\\\venv\\\\Lib\\\\site-packages\\\\llvmlite\\\\binding\\\\llvmlite.dll' (or one of its dependencies). Try using the full path with constructor syntax.",
        "WINDOWS_RUNTIME_DLL_MISSING",
    ),
    # the projects' documentation, wave 48
    (
        '{"filterFailedNodes": {"node-b": "1/1 CardInsufficientMemory"}}',
        "K8S_VGPU_MEMORY_REQUEST_EXCEEDS_CARD",
    ),
    (
        'error: resource mapping not found for name: "kai" namespace: "kai-scheduler" from "prom.yaml": no matches for kind "Prometheus" in version "monitoring.coreos.com/v1"',
        "K8S_SCHEDULER_METRICS_STACK_MISSING",
    ),
    (
        'Error from server (InternalError): Internal error occurred: failed calling webhook "mutatepod.volcano.sh": Post "https://volcano-admission-service.volcano-system.svc:443/pods/mutate?timeout=10s": context deadline exceeded',
        "K8S_SCHEDULER_ADMISSION_WEBHOOK_TIMEOUT",
    ),
    (
        "warning: /var/cache/dnf/cuda-rhel8-x86_64/packages/cuda-toolkit-12-4.rpm: Header V4 RSA/SHA512 Signature, key ID d42d0685: NOKEY",
        "CUDA_REPO_SIGNING_KEY_ROTATED",
    ),
    (
        "I can't access jtop.service.",
        "JETSON_MONITOR_USER_NOT_IN_SERVICE_GROUP",
    ),
    (
        "× torch==2.4.0+cu121 has no wheels with a matching platform tag (e.g., `macosx_14_0_arm64`)",
        "CUDA_WHEEL_REQUESTED_ON_UNSUPPORTED_OS",
    ),
    (
        "╰─▶ Because torch==2.1.0 has no wheels with a matching Python ABI tag (e.g., `cp313`) and you require torch==2.1.0, we can conclude that your requirements are unsatisfiable.",
        "PYTHON_UNSUPPORTED",
    ),
    (
        "TypeError: object of type `GstNvStreamMux' does not have property `batched-push-timeout'",
        "DEEPSTREAM_NEW_STREAMMUX_DEPRECATED_PROPERTY",
    ),
    (
        "Error: gst-stream-error-quark: Internal data stream error. (1): gstbaseparse.c(3666): gst_base_parse_loop (): /GstPipeline:pipeline0/GstH264Parse:h264-parser: streaming stopped, reason not-negotiated (-4)",
        "PIPELINE_INPUT_FORMAT_UNSUPPORTED",
    ),
    (
        "ERROR: [Torch-TensorRT TorchScript Conversion Context] - Converter for aten::roll requested, but no such converter was found.",
        "TRT_CONVERTER_MISSING_FOR_OP",
    ),
    (
        "ERROR: [TRT]: IPluginV2DynamicExt requires network without implicit batch dimension",
        "TRT_PLUGIN_LIBRARY_BUILD_MISMATCH",
    ),
    (
        "[TensorRT-LLM][ERROR] Assertion failed: tpSize 4 * ppSize 1 * cpSize 1 is incompatible with 4 gpusPerNode when MPI size is 8",
        "TRTLLM_ENGINE_GPUS_PER_NODE_MISMATCH",
    ),
    (
        "ModuleNotFoundError: No module named 'tensorrt_llm.bindings'",
        "SOURCE_CHECKOUT_SHADOWS_INSTALLED_PACKAGE",
    ),
    (
        "ValueError: Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider, but the available execution providers are ['AzureExecutionProvider', 'CPUExecutionProvider'].",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "urllib.error.HTTPError: HTTP Error 403: rate limit exceeded: API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit.)",
        "GITHUB_API_RATE_LIMITED_DURING_BUILD",
    ),
    (
        "ValueError: FRACTAL_NZ mode is enabled. This may cause model parameter precision issues in the RL scenarios.",
        "ASCEND_NZ_WEIGHT_FORMAT_IN_RL_ROLLOUT",
    ),
    (
        'File "/workspace/Megatron-LM/megatron/core/datasets/gpt_dataset.py", line 120, in __init__ assert num_samples > 0',
        "MEGATRON_DATASET_SPLIT_HAS_NO_SAMPLES",
    ),
    # wave 49's documentation
    (
        "RuntimeError: /io/include/tensorview/kernel_utils.h(149): CUDA kernel launch blocks must be positive, but got N= 0",
        "SPARSE_CONV_PARAMS_YIELD_NO_OUTPUT",
    ),
    (
        "ImportError: DLL load failed while importing _86_C: The specified module could not be found.",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "ModuleNotFoundError: No module named 'tinycudann_bindings._89_C'",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    # HIP's names of the CUDA runtime's errors, and the runtime's own names
    ("RuntimeError: HIP error: hipErrorLaunchFailure", "CUDA_KERNEL_FAULT"),
    (
        "hipErrorLaunchOutOfResources at /src/kernels.hip:88",
        "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT",
    ),
    ("HIP error hipErrorECCNotCorrectable (214)", "GPU_UNCORRECTABLE_ECC_ERROR"),
    ("hipMemcpy failed: hipErrorAssert", "DEVICE_SIDE_ASSERT"),
    ("cudaStreamSynchronize returned cudaErrorLaunchFailure", "CUDA_KERNEL_FAULT"),
    ("CUDA call failed: cudaErrorAssert", "DEVICE_SIDE_ASSERT"),
    # NVML's return codes by name: a lost GPU, a corrupted infoROM
    ("nvmlDeviceGetHandleByIndex() failed: GPU is lost", "GPU_ADAPTER_INIT_FAILED"),
    ("pynvml.nvml.NVMLError_CorruptedInforom: Corrupted infoROM", "GPU_INFOROM_CORRUPTED"),
    ("WARNING: infoROM is corrupted at gpu 0000:3B:00.0", "GPU_INFOROM_CORRUPTED"),
    # codes the docs waves named without a row
    (
        "node-1:2231:2231 [0] NCCL WARN Cuda failure 800 'operation not permitted'",
        "IMEX_CHANNEL_ACCESS_DENIED",
    ),
    (
        "open /dev/nvidia-caps-imex-channels/channel0: Permission denied",
        "IMEX_CHANNEL_ACCESS_DENIED",
    ),
    (
        "NCCL WARN unlink shared memory /dev/shm/nccl-AbC123 failed, error: No such file or directory",
        "SYSTEMD_REMOVEIPC_DELETES_JOB_SHM",
    ),
    ("NVRM: RmFetchGspRmImages: No firmware image found", "GSP_FIRMWARE_FILES_NOT_FOUND"),
    (
        "nvidia 0000:01:00.0: Direct firmware load for nvidia/550.54.14/gsp_ga10x.bin failed with error -2",
        "GSP_FIRMWARE_FILES_NOT_FOUND",
    ),
    ("Extra memory due to padding: 12.50G (8.0x expansion)", "TPU_TILE_PADDING_MEMORY_BLOWUP"),
    (
        "libtorch_cuda.so: relocation truncated to fit: R_X86_64_PC32 against `.nv_fatbin'",
        "SYCL_DEVICE_CODE_TOO_LARGE_FOR_LINK",
    ),
    ('"gpu-node-3": "node unregistered"', "K8S_GPU_SHARING_NODE_NOT_REGISTERED"),
    # wave 50: container runtimes and HPC importers, driver packages and module builds, JIT toolchains, SYCL, CANN
    ("No help topic for 'run'", "TOOLKIT_PACKAGE_SHADOWS_ENGINE_CLI"),
    (
        "mkdir: cannot create directory '/run/enroot/user-1000': Permission denied",
        "ENROOT_PATHS_NOT_CREATABLE_BY_USER",
    ),
    ("Write failed because No space left on device", "CONTAINER_IMAGE_STAGING_DIR_OUT_OF_SPACE"),
    (
        "FATAL:   While making image from oci registry: apptainer build failed: write /tmp/build-temp-123/rootfs/usr/lib/libcudnn.so.9: No space left on device",
        "CONTAINER_IMAGE_STAGING_DIR_OUT_OF_SPACE",
    ),
    (
        "/usr/local/cuda/include/crt/host_config.h:80:2: error: #error -- CUDA compiler and CUDA toolkit headers are incompatible, please check your include paths",
        "CUDA_TOOLCHAIN_PARTS_FROM_DIFFERENT_RELEASES",
    ),
    ("RuntimeError: SM 12.x requires CUDA >= 12.9", "NVRTC_ARCH_UNSUPPORTED_BY_TOOLKIT"),
    (
        "ERROR: modpost: GPL-incompatible module nvidia-uvm.ko uses GPL-only symbol '__rcu_read_lock'",
        "DRIVER_TOO_OLD_FOR_KERNEL",
    ),
    ("cc1: error: incompatible gcc/plugin versions", "DRIVER_MODULE_TOOLCHAIN_MISMATCH"),
    ("ERROR: Compiler version check failed:", "DRIVER_MODULE_TOOLCHAIN_MISMATCH"),
    (
        "nvidia-utils-535 : Depends: libnvidia-compute-535 but it is not going to be installed",
        "DRIVER_PACKAGE_DEPENDENCY_CONFLICT",
    ),
    (
        "install 'cuda-drivers=550.54.15-1'' failed: E: Unable to correct problems, you have held broken packages.",
        "DRIVER_PACKAGE_DEPENDENCY_CONFLICT",
    ),
    (
        "[E] Error[9]: Target GPU SM 61 is not supported by this TensorRT release.",
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "RuntimeError: Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared libraries",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "torch._inductor.exc.LoweringException: NoValidChoicesError: No choices to select, please consider adding ATEN into max_autotune_gemm_backends config",
        "INDUCTOR_AUTOTUNE_NO_VALID_KERNEL_CHOICE",
    ),
    ("DeviceList is empty. -30 (PI_ERROR_INVALID_VALUE)", "INTEL_GPU_DRIVER_MISSING"),
    (
        "Error: Detected different sycl devices, the performance will limit to the slowest device.",
        "SYCL_DEFAULT_DEVICES_INCLUDE_IGPU",
    ),
    (
        "ImportError: libgomp.so.1: cannot open shared object file: No such file or directory",
        "LINUX_SYSTEM_RUNTIME_LIB_MISSING",
    ),
    (
        "[ERROR] TBE(1234,python3):2025-01-01-00:00:00.000.000 [Init][Env]init env failed!",
        "CANN_PYTHON_DEPENDENCIES_MISSING",
    ),
    (
        "ModuleNotFoundError: No module named 'torch._C'",
        "SOURCE_CHECKOUT_SHADOWS_INSTALLED_PACKAGE",
    ),
    (
        "numHeads / numKvHeads = 16, MLA only support {32, 64, 128}.",
        "ASCEND_GRAPH_MODE_MLA_HEAD_RATIO_UNSUPPORTED",
    ),
    (
        "ERROR: Could not find a version that satisfies the requirement jaxlib==0.4.25+cuda12.cudnn89",
        "JAX_CUDA_WHEEL_UNAVAILABLE",
    ),
    ('"backend": "theano",', "KERAS_BACKEND_MISMATCH"),
    ("ValueError: Unable to import backend : mxnet", "KERAS_BACKEND_MISMATCH"),
    # wave 51: macOS stacks, building GPU code, HPC modules and MPI, Kubernetes' labels, Windows
    (
        "Failed to load _MLModelProxy: No module named 'coremltools.libcoremlpython'",
        "PYTHON_UNSUPPORTED",
    ),
    ("coremltools was installed from an egg rather than a wheel.", "PYTHON_UNSUPPORTED"),
    (
        "GGML_ASSERT: /tmp/llama.cpp/ggml-metal.m:1642: ne11 <= 512",
        "GGML_BACKEND_OP_NOT_IMPLEMENTED",
    ),
    ("- metal[0] (avail: 0MB)", "GPU_AVAILABLE_MEMORY_MISREPORTED"),
    (
        "src/deform_conv_cuda.cpp:65:3: error: ‘AT_CHECK’ was not declared in this scope; did you mean ‘DCHECK’?",
        "EXTENSION_SOURCE_TOO_OLD_FOR_TORCH",
    ),
    (
        "roi_align.cpp(12): error C3861: 'AT_CHECK': identifier not found",
        "EXTENSION_SOURCE_TOO_OLD_FOR_TORCH",
    ),
    (
        "plugin/gridSamplerPlugin.h:5:10: fatal error: NvInfer.h: No such file or directory",
        "TENSORRT_SDK_NOT_FOUND_FOR_BUILD",
    ),
    (
        "yolov8.cpp(3): fatal error C1083: Cannot open include file: 'NvInferPlugin.h': No such file or directory",
        "TENSORRT_SDK_NOT_FOUND_FOR_BUILD",
    ),
    (
        'kernels.cu(41): error: no instance of overloaded function "atomicAdd" matches the argument list argument types are: (double *, double)',
        "BUILD_TARGET_ARCH_LACKS_DEVICE_FUNCTION",
    ),
    (
        "warning: -amdgpu-target argument 'gfx1030' is not recognized; using gfx803 instead",
        "ROCM_TOOLCHAIN_TOO_OLD_FOR_BUILD",
    ),
    (
        "clang-11: error: unsupported option '--offload-arch=gfx90a'",
        "ROCM_TOOLCHAIN_TOO_OLD_FOR_BUILD",
    ),
    (
        '/usr/local/cub/cub/util_device.cuh(75): error: identifier "cudaGetDevice" is undefined',
        "CONFLICTING_HEADER_COPY_ON_INCLUDE_PATH",
    ),
    ("nvcc fatal   : Unsupported gpu architecture 'compute_'", "BUILD_ARCH_AUTODETECT_FAILED"),
    ("cuda_home_include = _join_cuda_home('include')", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    ("RuntimeError: Ninja is required to load C++ extensions", "EXTENSION_BUILD_NINJA_MISSING"),
    (
        "RuntimeError: ZLUDA device failed to pass basic operation test: index=0, device_name=AMD Radeon RX 7900 XTX [ZLUDA]",
        "ZLUDA_HIP_RUNTIME_MISMATCH",
    ),
    (
        "The call to cuIpcOpenMemHandle failed. This is an unrecoverable error and will cause the program to abort.",
        "MPI_SMCUDA_CUDA_IPC_FAILS",
    ),
    (
        "You requested to load CUDA but while the module file exists, the actual software is not entirely shipped with EESSI due to licencing",
        "MODULE_CUDA_SDK_NOT_INSTALLED",
    ),
    ("Read -1, expected 65536, errno = 14", "OPENMPI_VADER_SINGLE_COPY_BROKEN"),
    (
        "/apps/lmod/lmod/libexec/../modulefiles/Core/cuda/12.2.lua:15: attempt to index a nil value (global 'x')",
        "HPC_MODULE_SYSTEM_ERROR",
    ),
    (
        "E0301 10:11:12.000000 1 nfd-master.go:412] Namespace 'nvidia.com' is not allowed. Ignoring label 'nvidia.com/gpu.product'",
        "NFD_LABEL_NAMESPACE_NOT_ALLOWED",
    ),
    (
        'Failed to pull image "nvcr.io/nvidia/driver:550.54.15-cos113": rpc error: code = NotFound desc = failed to pull and unpack image "nvcr.io/nvidia/driver:550.54.15-cos113": not found',
        "GPU_OPERATOR_DRIVER_CONTAINER_UNSUPPORTED_OS",
    ),
    (
        "RuntimeError: Windows not yet supported for torch.compile",
        "TORCH_COMPILE_UNSUPPORTED_ON_WINDOWS",
    ),
    # waves 52 and 53: inference engines' docs, kernel libraries, Julia, Rust, Polars, PhysX
    ("ptxas fatal   : Value 'sm_61' is not defined for option 'gpu-name'", "GPU_ARCH_TOO_OLD"),
    (
        "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ),
    ("ptxas fatal   : Value 'sm_80' is not defined for option 'gpu-name'", "XLA_PTXAS_TOO_OLD"),
    (
        "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with '...':",
        "HOST_COMPILER_TOO_NEW_FOR_NVCC",
    ),
    (
        'Error: LoadLibraryExW { source: Os { code: 126, kind: Uncategorized, message: "The specified module could not be found." } }',
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "ImportError: cannot import name 'intel' from 'triton._C.libtriton' (/opt/venv/lib/python3.11/site-packages/triton/_C/libtriton.so)",
        "UPSTREAM_TRITON_OVERWRITES_VENDOR_TRITON",
    ),
    ("assert num_cache_lines >= batch", "CUDAGRAPH_CAPTURE_SIZE_OVER_STATE_CACHE"),
    (
        "RuntimeError: Check failed: routing_logits.dtype() == dl_bfloat16 (float32 vs. bfloat16) : routing_logits must be bfloat16.",
        "ARCH_FUSED_KERNEL_PATH_CONTRACT_BUG",
    ),
    ("ERROR: Scalar indexing is disallowed.", "PERF_CPU_FALLBACK_OPS"),
    (
        "UserWarning: Query execution with GPU not possible: unsupported operations.",
        "PERF_CPU_FALLBACK_OPS",
    ),
    ("ERROR: UndefVarError: `libcuda` not defined", "DRIVER_NOT_AVAILABLE"),
    ("ERROR: a exception was thrown during kernel execution.", "DEVICE_SIDE_ASSERT"),
    (
        "./target/release/app: error while loading shared libraries: libc10.so: cannot open shared object file: No such file or directory",
        "FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH",
    ),
    (
        "PhysX error: the application need to increase the PxgDynamicsMemoryConfig::foundLostAggregatePairsCapacity parameter to 1024",
        "GPU_MEMORY_POOL_PREALLOCATION_TOO_SMALL",
    ),
    (
        "error: unable to create file third_party/cutlass/include/cute/atom/mma_traits_sm90_gmma.hpp: Filename longer than 260 characters",
        "WINDOWS_LONG_PATHS_DISABLED",
    ),
    (
        "This version of CUDA.jl only supports NVIDIA drivers for CUDA 11.x or 12.x (yours is for CUDA 13.0.0)",
        "DRIVER_NEWER_THAN_APP_VALIDATED",
    ),
    # package managers on NVIDIA packages and torch companions
    (
        "Error: Problem: package nvidia-driver-3:550.54.15-1.el9.x86_64 requires nvidia-kmod-common = 3:550.54.15, but none of the providers can be installed",
        "DRIVER_PACKAGE_DEPENDENCY_CONFLICT",
    ),
    # wave 54: HPC centres' guides, local AI apps and ZLUDA, cloud platforms, more frameworks
    (
        "[mpiexec@launcher] Error: Unable to run bstrap_proxy on train-worker-1.train.default.svc (pid 77, exit code 65280)",
        "MPIJOB_LAUNCHER_STARTED_BEFORE_WORKERS_READY",
    ),
    (
        "couldn't assign flavors to pod set main: borrowing limit for nvidia.com/gpu in flavor a100-80gb exceeded",
        "K8S_QUEUE_GPU_QUOTA_EXHAUSTED",
    ),
    (
        "OSError: libtorch_hip.so: cannot open shared object file: No such file or directory",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        "node2:3321:3390 [0] NCCL WARN Connect to 10.10.0.5<41233> failed : No route to host",
        "NCCL_INTERNODE_NETWORK",
    ),
    ("vkCreateComputePipelines failed -3", "VULKAN_DRIVER_TOO_OLD"),
    (
        "The third-party dynamic library (libcudnn.so) that Paddle depends on is not configured correctly. (error code is libcudnn.so: cannot open shared object file: No such file or directory)",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "The device does not have the ext_intel_free_memory aspect -33 (PI_ERROR_INVALID_DEVICE)",
        "SYCL_FREE_MEMORY_QUERY_WITHOUT_SYSMAN",
    ),
    ("pyxis: [ERROR] Failed to refresh the dynamic linker cache", "CONTAINER_LDCONFIG_HOOK_FAILED"),
    (
        "ValueError: The device where the array resides (1) is different from the current device (0).",
        "TENSORS_ON_DIFFERENT_DEVICES",
    ),
    (
        "MPICH ERROR [Rank 12] [job id 1234.0] - Unable to use a NIC_POLICY of 'NUMA'. Rank 12 is not confined to a single NUMA node.",
        "MPI4PY_IMPORTED_AFTER_TORCH",
    ),
    (
        "MIOpen(HIP): Error [Finalize] cudnnFinalize FailedmiopenStatusInternalError",
        "CUDNN_SHIM_OPERATION_UNSUPPORTED",
    ),
    (
        "CUDA error 704 at ggml-cuda.cu:7024: peer access is already enabled",
        "GGML_CUDA_MULTI_GPU_PEER_ACCESS_BUG",
    ),
    # wave 55: science codes, LLM training on TPUs and GPUs, media generation
    ("RuntimeError: XLA requires ptxas version 11.8 or higher", "XLA_PTXAS_TOO_OLD"),
    ("Error: your job hit a bad TPU hardware, please retry", "TPU_HARDWARE_FAULT"),
    ("Potential cause: Bad TPU chips", "TPU_HARDWARE_FAULT"),
    ("Potential cause: INCONSISTENT_TPU_PROGRAM", "TPU_PROGRAM_DIFFERS_ACROSS_WORKERS"),
    ("Worker 3 missed 2 health checks and is considered dead", "DIST_PEER_TASK_DIED"),
    ("WARNING: Container/Code Version Mismatch Detected!", "CONTAINER_IMAGE_STALE_FOR_CODE"),
    ("AssertionError: FAIL: 1024/2048 logprobs are NaN on iteration 3", "GPU_NUMERICS_MISMATCH"),
    (
        'File "/usr/lib/python3/dist-packages/triton/backends/nvidia/driver.py", line 58, in compile_module_from_src',
        "TRITON_JIT_LAUNCHER_BUILD_FAILED",
    ),
    (
        "UserWarning: using cupy as the tensor contraction engine.",
        "CUTENSOR_UNUSABLE_CUPY_FALLBACK",
    ),
    (
        "/tmp/torchinductor_user/abc/model.cpp:3:10: fatal error: filesystem: No such file or directory",
        "HOST_COMPILER_TOO_OLD_FOR_TORCH_ABI",
    ),
    # wave 56: Apple, edge and WebGPU stacks, more of ROCm and Intel's GPU stack, Kubernetes
    ("[mps_device.mm:31] assert failed: _mtl_device != nil", "MPS_BACKEND_NO_METAL_DEVICE"),
    (
        "E 00:00:01.234 executorch:mmap_data_loader.cpp:180] mlock failed: Out of memory",
        "MODEL_LOADER_MLOCK_EXCEEDS_LIMIT",
    ),
    (
        "RuntimeError: Sampling from linear image is not supported",
        "VULKAN_DEVICE_LACKS_LINEAR_IMAGE_SAMPLING",
    ),
    ("ValueError: Cannot find libraries: wasm_runtime.bc", "WEBGPU_WASM_RUNTIME_NOT_BUILT"),
    (
        "MLX error: Non-Uniform Threadgroup Size is not supported on this device",
        "METAL_GPU_LACKS_REQUIRED_FEATURES",
    ),
    (
        'LinkError: WebAssembly.instantiate(): Import #3 module="wasi_snapshot_preview1" function="fd_write": function import requires a callable',
        "WASM_RUNTIME_EMSCRIPTEN_VERSION_MISMATCH",
    ),
    (
        "WARNING: Resizable BAR not detected for device 0000:03:00.0",
        "INTEL_GPU_RESIZABLE_BAR_DISABLED",
    ),
    ("oneCCL: EXCEPTION: ze_data was not initialized", "ONECCL_LEVEL_ZERO_NOT_INITIALIZED"),
    (
        "RuntimeError: Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES)",
        "GPU_OOM",
    ),
    (
        "horovod.common.exceptions.HorovodVersionMismatchError: Framework pytorch installed with version 2.3.0 but found version 2.1.0.",
        "HOROVOD_BUILT_FOR_OTHER_FRAMEWORK_VERSION",
    ),
    (
        "Error: unresolvable CDI devices k8s.device-plugin.nvidia.com/gpu=",
        "CDI_SPEC_DEVICE_MISSING",
    ),
    (
        "0/3 nodes are available: 3 node(s) didn't fit: card Insufficient remaining memory",
        "K8S_VGPU_MEMORY_REQUEST_EXCEEDS_CARD",
    ),
    (
        "wrong! device_gemm with the specified compilation parameters does not support this problem",
        "GPU_FEATURE_NEEDS_NEWER_ARCH",
    ),
    ("LLVM ERROR: unhandled SGPR spill to memory", "HIP_COMPILER_REGISTER_ALLOCATION_ABORT"),
    # wave 57: TensorFlow's add-ons, more NVIDIA SDKs, Caffe-era vision projects
    (
        "[ONNXRuntimeError] : 1 : FAIL : Load model from model.onnx failed:Unrecognized attribute: block_size for operator DequantizeLinear",
        "ONNX_MODEL_OPSET_TOO_OLD",
    ),
    (
        "Type 'tensor(int4)' of input parameter (onnx::MatMul_12) of operator (DequantizeLinear) in node (dq_1) is invalid.",
        "ONNX_MODEL_OPSET_TOO_OLD",
    ),
    (
        "jaxlib.xla_extension.XlaRuntimeError: UNIMPLEMENTED: No registered implementation for custom call to te_gemm_ffi for platform CUDA",
        "JAX_FFI_CUSTOM_CALL_NOT_REGISTERED",
    ),
    (
        "ValueError: No TypeSpec has been registered with name 'tensorflow_text.RaggedTensorSpec'",
        "CUSTOM_OP_LIBRARY_NOT_LOADED",
    ),
    (
        "[libprotobuf ERROR google/protobuf/text_format.cc:288] Error parsing text-format caffe.NetParameter: missing required fields: layer[3].clip_param.min",
        "CAFFE_PROTO_OLDER_THAN_MODEL",
    ),
    (
        "F0312 10:00:00.000000 12345 upgrade_proto.cpp:97] Check failed: ReadProtoFromBinaryFile(param_file, param) Failed to parse NetParameter file: models/face/pose_iter_116000.caffemodel",
        "CAFFE_PROTO_OLDER_THAN_MODEL",
    ),
    ("CUDA_cublas_device_LIBRARY (ADVANCED)", "CMAKE_TOO_OLD_FOR_CUDA_TOOLKIT"),
    (
        "[03/12/2025-10:00:00] [TRT] [W] CUDA initialization failure with error: 35. Please check your CUDA installation",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    # stop 44: resolvers naming CUDA builds, TensorRT's runtime, encoders, renderers, GPU hardware
    (
        "ERROR: Could not find a version that satisfies the requirement torch==1.8.0+cu102 (from versions: 0.1.2, 0.1.2.post1, 0.1.2.post2, 1.7.1+cu110, 1.8.0, 1.8.0+cpu, 1.8.0+cu101, 1.8.0+cu111)",
        "TORCH_CUDA_INDEX_NOT_PUBLISHED",
    ),
    (
        "╰─▶ Because there is no version of torchvision==0.21.0+cu126 and you require torchvision==0.21.0+cu126, we can conclude that your requirements are unsatisfiable.",
        "TORCH_CUDA_INDEX_NOT_PUBLISHED",
    ),
    (
        "ERROR: No matching distribution found for torchaudio==2.5.1+cu124",
        "TORCH_CUDA_INDEX_NOT_PUBLISHED",
    ),
    (
        "ERROR: Could not find a version that satisfies the requirement torch (from versions: 0.1.2, 0.1.2.post1, 0.1.2.post2)",
        "PYTHON_UNSUPPORTED",
    ),
    (
        "Error: https://download.pytorch.org/libtorch/cu113/libtorch-win-shared-with-deps-2.0.0%2Bcu113.zip: status code 403",
        "TORCH_CUDA_INDEX_NOT_PUBLISHED",
    ),
    (
        "- nothing provides cuda 11.7.* needed by pytorch-cuda-11.7-h67b0de4_0",
        "CONDA_CUDA_VARIANT_NOT_ON_CHANNEL",
    ),
    (
        "└─ pytorch-cuda 12.4**  is not installable because it requires",
        "CONDA_CUDA_VARIANT_NOT_ON_CHANNEL",
    ),
    (
        "- pytorch=1.3.1 -> cudatoolkit[version='>=10.1,<10.2']",
        "CONDA_CUDA_PIN_CONFLICTS_FRAMEWORK_BUILD",
    ),
    (
        "└─ __cuda *, for which no candidates were found.",
        "CONDA_CUDA_VIRTUAL_PACKAGE_MISSING",
    ),
    (
        "WARNING: jax 0.4.23 does not provide the extra 'cuda12-pip'",
        "GPU_EXTRA_NOT_PROVIDED_BY_RELEASE",
    ),
    (
        "azureml-automl-dnn-nlp 1.57.0 requires torch==1.13.1, but you have torch 2.6.0+cu124 which is incompatible.",
        "PIP_REPLACES_PINNED_GPU_FRAMEWORK",
    ),
    (
        "tensorflow-text 2.15.0 requires tensorflow<2.16,>=2.15.0, but you have tensorflow 2.16.1 which is incompatible.",
        "PIP_REPLACES_PINNED_GPU_FRAMEWORK",
    ),
    (
        "CuPy may not function correctly because multiple CuPy packages are installed",
        "CONFLICTING_CUDA_VARIANT_PACKAGES",
    ),
    (
        "Linker error log: ERROR 4 in nvvmAddNVVMContainerToProgram, may need newer version of nvJitLink library",
        "CUDA_TOOLCHAIN_PARTS_FROM_DIFFERENT_RELEASES",
    ),
    ("Warp CUDA error: Could not open libcuda.so.", "DRIVER_NOT_AVAILABLE"),
    (
        "The minimum required CUDA driver version is 12.0, but the installed CUDA driver version is 0.0.",
        "DRIVER_NOT_AVAILABLE",
    ),
    ("CUDA Toolkit 12.8, Driver 0.0 (insufficient CUDA driver version!)", "DRIVER_NOT_AVAILABLE"),
    (
        "'sm_86' is not a recognized processor for this target (ignoring processor)",
        "NVRTC_ARCH_UNSUPPORTED_BY_TOOLKIT",
    ),
    (
        "AssertionError: MMCV==2.2.0 is used but incompatible. Please install mmcv>=2.0.0rc4, <2.2.0.",
        "OPS_PACKAGE_VERSION_OUTSIDE_TOOLKIT_RANGE",
    ),
    (
        "[Open3D Error] (void open3d::core::CreateDefaultDeviceHashmap()) /root/Open3D/cpp/open3d/core/hashmap/DeviceHashBackend.cpp:55: [CreateDefaultDeviceHashmap]: Unimplemented device",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "[ WARN:0] global /home/nvidia/opencv/modules/dnn/src/dnn.cpp (1429) setUpNet DNN module was not built with CUDA backend; switching to CPU",
        "CPU_ONLY_TF_BUILD",
    ),
    ("nvcc fatal   : Unknown option '-extended-lambda'", "CUDA_TOOLKIT_TOO_OLD_FOR_SOURCE"),
    (
        "unable to execute '/usr/local/cuda:/usr/local/cuda-9.0/bin/nvcc': No such file or directory",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "[E] [TRT] 6: [libLoader.cpp::Impl::293] Error Code 6: Internal Error (Unable to load library: libnvinfer_builder_resource.so.8.4.1)",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "/usr/lib/x86_64-linux-gnu/libnvinfer_plugin.so.8: file too short",
        "GPU_SHARED_LIBRARY_FILE_TRUNCATED",
    ),
    (
        "OSError: /usr/lib/aarch64-linux-gnu/libnvinfer.so.7: file too short",
        "CONTAINER_GPU_NOT_REQUESTED",
    ),
    (
        "/usr/bin/ld: libnvinfer.so.7: undefined reference to `nvrtcDestroyProgram@libnvrtc.so.11.1'",
        "CUDA_LIB_TRANSITIVE_DEP_MISSING",
    ),
    (
        "2019-05-01 10:00:00.000000: E tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TensorRT mismatch. Compiled against version 5.0.2, but loaded 5.1.2. Things may not work",
        "TENSORRT_INTEGRATION_BUILT_FOR_OTHER_RELEASE",
    ),
    ("[h264_amf @ 0x55d0c6f0a7c0] DLL libamfrt64.so.1 failed to open", "AMF_RUNTIME_NOT_INSTALLED"),
    (
        "[hevc_nvenc @ 0x5581c0] Minimum required Nvidia driver is 570.0 or newer",
        "DRIVER_TOO_OLD_FOR_NVENC_API",
    ),
    ("MESA: warning: Driver does not support the 0xa7a1 PCI ID.", "DRIVER_OLDER_THAN_GPU"),
    (
        "0:1(10): error: GLSL 4.10 is not supported. Supported versions are: 1.10, 1.20, 1.30, 1.00 ES, and 3.00 ES",
        "OPENGL_VERSION_TOO_OLD_FOR_RENDERER",
    ),
    ("vkCore: Local Vulkan SDK API version is outdated.", "VULKAN_LOADER_TOO_OLD_FOR_APP"),
    (
        "LogVulkanRHI: Error: Vulkan failed to select physical device after passing profile checks.",
        "VULKAN_ICD_MISSING",
    ),
    (
        "ggml_metal_compile_pipeline: error: Function kernel_mul_mv_q8_0_f16 was not found in the library",
        "GGML_BACKEND_OP_NOT_IMPLEMENTED",
    ),
    ("HW Power Brake Slowdown           : Active", "GPU_HW_SLOWDOWN_THROTTLED"),
    ("[  123.456789] soctherm: OC ALARM 0x00000001", "GPU_HW_SLOWDOWN_THROTTLED"),
    (
        "NVRM: Xid (PCI:0000:3b:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000001b3e820) marked for remapping, reset gpu to activate.",
        "GPU_ROW_REMAP_PENDING",
    ),
    (
        "Exception: Mismatch version jtop service: [4.2.2] and client: [4.2.1]",
        "JETSON_MONITOR_CLIENT_SERVICE_VERSION_MISMATCH",
    ),
    (
        "[HailoRT] [error] CHECK failed - Driver version (4.23.0) is different from library version (4.22.0)",
        "HAILORT_DRIVER_LIBRARY_VERSION_MISMATCH",
    ),
    (
        "[HailoRT] [error] CHECK_SUCCESS failed with status=HAILO_INVALID_DRIVER_VERSION(76)",
        "HAILORT_DRIVER_LIBRARY_VERSION_MISMATCH",
    ),
    (
        "ValueError: Failed to load delegate from libedgetpu.so.1",
        "EDGETPU_DEVICE_NOT_ACCESSIBLE",
    ),
    (
        "docker: Error response from daemon: manifest for dustynv/jetson-inference:r36.4.2 not found: manifest unknown: manifest unknown.",
        "JETSON_CONTAINER_TAG_NOT_PUBLISHED_FOR_L4T",
    ),
    (
        "Required: driver version >= 580 (CUDA >= 13.0) Detected: 540.4.0 (CUDA 12.6)",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "./api.go:12:2: could not determine kind of name for C.cuMemAdvise",
        "CUDA_TOOLKIT_TOO_OLD_FOR_SOURCE",
    ),
    (
        "Cuda 11.0 detected but torch only supports: cpu, 10.1, 10.2, 9.2",
        "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION",
    ),
    (
        "Message=CUDA non available in the current machine.",
        "LIBTORCH_CUDA_LIBRARY_NOT_LINKED",
    ),
    (
        "CudaLog(Error)::cuCheckForError: too many resources requested for launch(7) in NTree.hpp on line 557.",
        "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT",
    ),
    (
        "o.d.n.l.c.ConvolutionLayer - cuDNN not found: use cuDNN for better GPU performance by including the deeplearning4j-cuda module.",
        "CUDNN_HELPER_MODULE_NOT_INSTALLED",
    ),
    (
        "not compliant with currently set group policy. See HyperV\\RequireSecureDeviceAssignment and HyperV\\RequireSupportedDeviceAssignment",
        "HYPERV_GPU_ASSIGNMENT_BLOCKED_BY_POLICY",
    ),
    (
        "W0101 00:00:00.000000 1 gpu_device.cc:100] Device 0 does not support CUDA Virtual Memory Management (VMM).",
        "VGPU_PROFILE_WITHOUT_CUDA_VMM",
    ),
    ("NVRM: Can't find an IRQ for your NVIDIA card!", "VM_PASSTHROUGH_GPU_INTERRUPT_UNAVAILABLE"),
    (
        "Error checking MIG capable: error getting device handle: Invalid Argument",
        "MIG_TOOL_UNSUPPORTED_ON_VGPU_SRIOV_HOST",
    ),
    (
        "PCIPassthru: total number of pages needed (4206594) exceeds limit (917504), failing",
        "VM_PASSTHROUGH_MMIO_WINDOW_TOO_SMALL",
    ),
    (
        "[    1.463503] pci 0000:06:00.0: BAR 1: no space for [mem size 0x2000000000 64bit pref]",
        "VM_PASSTHROUGH_MMIO_WINDOW_TOO_SMALL",
    ),
    (
        "ValueError: Function 'cos' was lowered for platforms '('tpu',)' but it is used on '('cpu',)'.",
        "EXPORTED_PROGRAM_LOWERED_FOR_OTHER_PLATFORM",
    ),
    (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Core halted unexpectedly: INTERNAL: Accelerator device halted prematurely, perhaps due to an on-device check-failure.",
        "DEVICE_SIDE_ASSERT",
    ),
    (
        "WARNING: broken driver toolkit detected, using entitlement-based fallback",
        "DRIVER_KERNEL_HEADERS_UNAVAILABLE",
    ),
    (
        "dcmi model initialized failed, because the device is used. ret is -8020",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "ValueError: Selected backend AttentionBackendEnum.CUTLASS_MLA is not valid for this configuration. Reason: ['compute capability not supported']",
        "FORCED_ATTENTION_BACKEND_UNSUPPORTED",
    ),
    (
        "ImportError: libascend_hal.so: cannot open shared object file: No such file or directory",
        "ASCEND_CONTAINER_RUNTIME_NOT_CONFIGURED",
    ),
    (
        "Binary GPU type mismatch. Expected: cuda, got: false",
        "MULTIPLE_SYSTEM_CUDA_INSTALLS_CONFLICT",
    ),
    ("ggml_cuda_init: failed to initialize CUDA: (null)", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    (
        "EZ9999: Inner Error! Insufficient_Stream_Resources(EL0009): The stream resources are insufficient.",
        "NPU_GRAPH_CAPTURE_STREAM_RESOURCES_EXHAUSTED",
    ),
    (
        "ValueError: When using `deepspeed_config_file`, the following accelerate config variables will be ignored: ['gradient_accumulation_steps', 'zero_stage']",
        "LAUNCHER_CONFIG_DUPLICATES_DEEPSPEED_CONFIG_FILE",
    ),
    ("ValueError: Attempting to unscale FP16 gradients.", "FP16_TRAINABLE_WEIGHTS_UNDER_AMP"),
    (
        "ImportError: libtorch_cuda_cu.so: cannot open shared object file: No such file or directory",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [malloc_or_wait] Unable to allocate 12 bytes.",
        "GPU_OOM",
    ),
    (
        "Error watching fields: This request is serviced by a module of DCGM that is not currently loaded",
        "DCGM_METRIC_UNSUPPORTED_ON_GPU",
    ),
    ("Error: Detected unsupported Cuda version", "DRIVER_NEWER_THAN_APP_VALIDATED"),
    (
        "SyntaxError: Missing parentheses in call to 'print' (pynvml.py, line 1831)",
        "PY2_ONLY_NVML_BINDING_ON_PY3",
    ),
    (
        "AttributeError: module 'pynvml' has no attribute '_nvmlGetFunctionPointer'",
        "OLD_PYNVML_SHADOWS_NVML_BINDINGS",
    ),
    # wave 63: OpenCL loaders, compute clients, renderers, vector search
    (
        "pyopencl._cl.LogicError: clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR",
        "OPENCL_ICD_FILE_MISSING",
    ),
    ("OpenCL: Not detected: clGetPlatformIDs() returned -1001", "OPENCL_ICD_FILE_MISSING"),
    ("OpenCL Exception: No OpenCL platform found. (-32)", "OPENCL_ICD_FILE_MISSING"),
    ("Number of platforms                               0", "OPENCL_ICD_FILE_MISSING"),
    ("clGetDeviceIDs(): CL_DEVICE_NOT_FOUND", "OPENCL_ICD_WITHOUT_DEVICES_BREAKS_ENUMERATION"),
    ("Running as a daemon (GPU computing disabled)", "GPU_APP_INSTALLED_AS_WINDOWS_SERVICE"),
    (
        "ld.lld: error: undefined hidden symbol: __ockl_get_group_id",
        "APP_GPU_RTC_OPTIONS_REJECTED_BY_NEWER_TOOLCHAIN",
    ),
    (
        "/tmp/comgr-c0bec5/input/CompileSource:7:10: fatal error: cannot open file '/tmp/comgr-c0bec5/input/inc_vendor.cl': No such file or directory",
        "OPENCL_KERNEL_RELATIVE_INCLUDE_NOT_FOUND",
    ),
    ("LLVM ERROR: Option 'basic' already exists!", "TWO_LLVM_COPIES_IN_ONE_PROCESS"),
    (
        "CommandLine Error: Option 'polly' registered more than once!",
        "TWO_LLVM_COPIES_IN_ONE_PROCESS",
    ),
    (
        "Faiss assertion 'p + size == head_' failed in void faiss::gpu::StackDeviceMemory::Stack::returnAlloc(char*, size_t, cudaStream_t) at faiss/gpu/utils/StackDeviceMemory.cpp:144",
        "GPU_LIBRARY_RESOURCES_SHARED_ACROSS_THREADS",
    ),
    (
        "Assertion failed: this->shape.dataExtent == other.shape.dataExtent, file Tensor.h",
        "QUANTIZED_MODEL_VARIANT_WRONG_FOR_GPU_ARCH",
    ),
    ("AttributeError: module 'faiss' has no attribute 'StandardGpuResources'", "CPU_ONLY_TF_BUILD"),
    (
        "session.cc:GetSessionOptionsImpl:173 Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider, . Fallback to cpu!",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "Optix call (optixInit()) failed with code 7801 (line 150)",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    ("OptiX error: OPTIX_ERROR_UNSUPPORTED_ABI_VERSION", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    (
        "Redshift Error: Please make sure you have NVIDIA driver 551.78 or later installed.",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    ("rtx_functions.h:47 Optix Error: 'Library not found'", "DRIVER_OPTIX_LIBRARY_MISSING"),
    ("vkCreateDevice failed: VK_ERROR_FEATURE_NOT_PRESENT", "VULKAN_DEVICE_LACKS_16BIT_STORAGE"),
    (
        'Failed to create GPU device: "NVIDIA GeForce GTX 1080 Ti", error: NotSupported("Feature is not present")',
        "VULKAN_DEVICE_LACKS_16BIT_STORAGE",
    ),
    # wave 64: wheel builds and CI, notebooks, ONNX Runtime's CPU package, extensions
    (
        'ValueError: Cannot repair wheel, because required library "libcudart.so.13" could not be located',
        "AUDITWHEEL_VENDORS_CUDA_RUNTIME_LIBRARY",
    ),
    (
        "ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
        "BUILD_DISK_FULL",
    ),
    ("-   - nothing provides requested cudatoolkit 12.0.*", "CONDA_CUDA_VARIANT_NOT_ON_CHANNEL"),
    ("ValueError: Please provide a TPU Name to connect to.", "TPU_RESOLVER_EXPECTS_TPU_NODE"),
    (
        "THCudaCheck FAIL file=..\\torch/csrc/generic/StorageSharing.cpp line=247 error=801 : operation not supported",
        "WINDOWS_CUDA_IPC_UNSUPPORTED",
    ),
    (
        "RuntimeError: cuda runtime error (801) : operation not supported at C:\\w\\1\\s\\windows\\pytorch\\torch/csrc/generic/StorageSharing.cpp:245",
        "WINDOWS_CUDA_IPC_UNSUPPORTED",
    ),
    (
        'F pjrt_computation_client.cc:81] Non-OK-status: pjrt::LoadPjrtPlugin( "tpu", sys_util::GetEnvString(env::kEnvTpuLibraryPath, "libtpu.so")) status: INVALID_ARGUMENT: Unexpected PJRT_Api size: expected 232, got 184',
        "LIBTPU_MISSING_OR_MISMATCHED",
    ),
    (
        "CHIP critical [TID 446954] [1712210555.487863702] : Selected OpenCL device 0 is out of range",
        "OPENCL_SELECTED_PLATFORM_HAS_NO_USABLE_DEVICE",
    ),
    (
        "CHIP error [TID 447571] [1712210779.371289725] : hipErrorNotInitialized (CL_INVALID_VALUE ) in /src/backend/OpenCL/CHIPBackendOpenCL.cc:776:compileIL",
        "OPENCL_DRIVER_LACKS_SPIRV_SUPPORT",
    ),
    (
        "Could NOT find OpenMP_CUDA (missing: OpenMP_CUDA_FLAGS OpenMP_CUDA_LIB_NAMES)",
        "CMAKE_OPENMP_CUDA_NOT_DETECTED",
    ),
    (
        'The link interface of target "Gromacs::libgromacs" contains: OpenMP::OpenMP_CUDA but the target was not found.',
        "GPU_BUILD_CONFIG_BUG_FIXED_UPSTREAM",
    ),
    (
        "run.py: error: argument --execution-provider: invalid choice: 'cuda' (choose from 'azure', 'cpu')",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "Available providers: ['AzureExecutionProvider', 'CPUExecutionProvider']",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "DLL load failed while importing exllamav2_ext: The specified procedure could not be found.",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    # wave 65: edge and mobile NPUs, TFLite delegates, extension wheels, Julia and Rust runtimes
    ("E RKNN: [08:56:48.563] Invalid RKNN model version 6", "NPU_MODEL_RUNTIME_VERSION_MISMATCH"),
    ("E RKNN: Invalid RKNN format", "NPU_MODEL_RUNTIME_VERSION_MISMATCH"),
    ("E RKNN: failed to decode config data!", "NPU_MODEL_RUNTIME_VERSION_MISMATCH"),
    (
        "Failed to prepare for TPU. Package requires runtime version 14, which is newer than this runtime version 13.",
        "NPU_MODEL_RUNTIME_VERSION_MISMATCH",
    ),
    (
        "E RKNN    : The rknn model does not match the RKNPU hardware version!",
        "NPU_MODEL_BUILT_FOR_OTHER_SOC",
    ),
    (
        "E RKNN: [05:03:32.244] failed to submit!, op id: 1, op name: Conv:MobilenetV1/Conv2d_0, flags: 0x5",
        "NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME",
    ),
    (
        "W RKNN: Current driver version: 0.9.2, recommend to upgrade the driver to the new version: >= 0.9.6",
        "NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME",
    ),
    (
        "fastrpc_apps_user.c:1829: Error 0x80000406: remote_handle_open_domain: dynamic loading failed for file:///libSnpeHtpV73Skel.so?snpe_skel_handle_invoke",
        "HEXAGON_DSP_LIBRARY_NOT_ON_DSP_SEARCH_PATH",
    ),
    (
        "NeuronApi error: unable to open library libneuron_adapter.so/libneuronusdk_adapter.mtk.so",
        "ANDROID_VENDOR_NPU_RUNTIME_NOT_IN_FIRMWARE",
    ),
    (
        'Internal error: Failed to apply delegate: Can not open OpenCL library on this device - dlopen failed: library "libOpenCL.so" not found',
        "ANDROID_VENDOR_OPENCL_LIB_NOT_DECLARED",
    ),
    (
        "Failed creating base context during opening of kernel driver.",
        "CONTAINER_VENDOR_GPU_DEVICE_NODE_NOT_PASSED",
    ),
    (
        "[VpuStreamlmp] open vpu fail, return -1, errno(13):Permission denied",
        "NPU_DEVICE_NODE_PERMISSION_DENIED",
    ),
    ("Number of operations that will run on Edge TPU: 0", "PERF_CPU_FALLBACK_OPS"),
    (
        "OSError: libGL.so.1: cannot open shared object file: No such file or directory",
        "LINUX_SYSTEM_RUNTIME_LIB_MISSING",
    ),
    (
        "[Qnn ExecuTorch]: Cannot Open QNN library libQnnHtp.so, with error: libc++.so.1: cannot open shared object file: No such file or directory",
        "LINUX_SYSTEM_RUNTIME_LIB_MISSING",
    ),
    ("Encountered unresolved custom op: Atan.", "CUSTOM_OP_LIBRARY_NOT_LOADED"),
    (
        "ERROR: Select TensorFlow op(s), included in the given model, is(are) not supported by this interpreter.",
        "CUSTOM_OP_LIBRARY_NOT_LOADED",
    ),
    (
        "C:\\source\\rtSafe\\cublas\\cublasLtWrapper.cpp (279) - Assertion Error in nvinfer1::CublasLtWrapper::getCublasLtHeuristic: 0 (cublasStatus == CUBLAS_STATUS_SUCCESS)",
        "CUDA_TOOLKIT_RELEASE_REGRESSION",
    ),
    (
        "The given version [16] is not supported, only version 1 to 10 is supported in this build.",
        "FOREIGN_LIB_SHADOWS_APP_BUNDLED_LIB",
    ),
    (
        "torch_scatter/_scatter_cuda.so: undefined symbol: __cudaPopCallConfiguration",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    ("ld: library not found for -lcudart", "CUDA_DEV_LIB_NOT_ON_LINKER_PATH"),
    (
        "NSError: Compilation failed due to an interrupted connection:",
        "METAL_BACKEND_COMPILER_CRASH",
    ),
    (
        "KernelException: A BoundsError was thrown on device Apple M1: Out-of-bounds array access",
        "DEVICE_SIDE_ASSERT",
    ),
    (
        "torch-sparse has an invalid wheel, could not read 'torch_sparse-0.6.18.dist-info/WHEEL' file: KeyError",
        "PUBLISHED_GPU_WHEEL_ARCHIVE_CORRUPT",
    ),
    # wave 66: Julia's GPU compilers, profilers, HIP's sanitizer, NPUs, compilers' flags
    (
        "ERROR: InvalidIRError: compiling kernel kernel(CuDeviceArray{Int64,1,1}) resulted in invalid LLVM IR",
        "GPU_KERNEL_CODE_NOT_COMPILABLE_FOR_DEVICE",
    ),
    (
        "KernelError: kernel returns a value of type `Union{}`",
        "GPU_KERNEL_CODE_NOT_COMPILABLE_FOR_DEVICE",
    ),
    (
        "==ERROR== Cuda driver is not compatible with Nsight Compute",
        "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME",
    ),
    (
        "The user does not have permission to access NVIDIA GPU Performance Counters on the target device",
        "NVML_PRIVILEGED_OPERATION_AS_USER",
    ),
    (
        "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to profile on the target device.",
        "NVML_PRIVILEGED_OPERATION_AS_USER",
    ),
    ("cc1plus.exe: out of memory allocating 65536 bytes", "HOST_OOM"),
    ("ld: error: export ordinal too large", "WINDOWS_DLL_EXPORT_LIMIT_EXCEEDED"),
    (
        "LINK : fatal error LNK1189: library limit of 65535 objects exceeded",
        "WINDOWS_DLL_EXPORT_LIMIT_EXCEEDED",
    ),
    (
        "==3141==ERROR: AddressSanitizer: heap-buffer-overflow on amdgpu device 0 at pc 0x7fb1410d2cc4",
        "USER_KERNEL_OUT_OF_BOUNDS_ACCESS",
    ),
    (
        "clang++: warning: ignoring '-fsanitize=address' option for offload arch 'gfx90a:xnack-'",
        "HIP_DEVICE_SANITIZER_NEEDS_XNACK_TARGET",
    ),
    ("X11: The DISPLAY environment variable is missing", "NO_DISPLAY_FOR_WINDOWED_SIMULATOR"),
    (
        "error: Illegal instruction detected: Invalid dpp_ctrl value: broadcasts are not supported on GFX10+",
        "ROCM_GPU_ISA_UNSUPPORTED",
    ),
    (
        "c++: error: unrecognized command line option '-fcf-protection=full'; did you mean '-fstack-protector-all'?",
        "HOST_COMPILER_REJECTS_BUILD_FLAG",
    ),
    (
        "ERROR! MAPPED_INFERENCE_VERSION is NOT compatible with the ELF Expected: 6.1.0 vs received: 7.0.0",
        "NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME",
    ),
    (
        "No AMD NPU detected. The 'npu' profile requires AMD NPU hardware",
        "NPU_NOT_DETECTED_OR_UNSUPPORTED",
    ),
    # wave 67: libtorch's CMake, TensorRT's and JAX's own checks, CUPTI, macOS's loader, GL
    (
        "CMake Error at Caffe2Config.cmake:96 (message):Your installed Caffe2 version uses cuDNN but I cannot find the cuDNN libraries.",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "CMake Warning: Caffe2: Cannot find cuDNN library. Turning the option off",
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    ("CUDA is not installed or nvcc is not available", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    (
        "WARNING: Half2 support requested on hardware without native FP16 support, performance will be negatively affected.",
        "MIXED_PRECISION_ON_OLD_GPU",
    ),
    (
        "ValueError: Exported module f was lowered for 8 devices and is called in a context with 1 devices.",
        "JAX_EXPORTED_DEVICE_COUNT_MISMATCH",
    ),
    (
        "cupti_tracer.cc:1445] function cupti_interface_->EnableCallback( 0 , subscriber_, CUPTI_CB_DOMAIN_DRIVER_API, cbid)failed with error CUPTI_ERROR_INSUFFICIENT_PRIVILEGES",
        "NVML_PRIVILEGED_OPERATION_AS_USER",
    ),
    (
        "The current platform CPU is not among the platforms required by the module [CUDA]",
        "EXPORTED_PROGRAM_LOWERED_FOR_OTHER_PLATFORM",
    ),
    (
        "gpu_kernel_helper.h:22:10: fatal error: third_party/gpus/cuda/include/cuda_fp16.h: No such file or directory",
        "TF_WHEEL_HEADERS_EXPECT_THIRD_PARTY_CUDA_INCLUDE",
    ),
    ("dyld: Library not loaded: @rpath/libc++.1.dylib", "FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH"),
    ("Library not loaded: libomp.dylib", "FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH"),
    (
        "OSError: libopenblas.so.0: cannot open shared object file: No such file or directory",
        "LINUX_SYSTEM_RUNTIME_LIB_MISSING",
    ),
    ("pynvml.NVMLError_NotSupported: Not Supported", "NVML_METRIC_UNSUPPORTED_ON_GPU"),
    (
        "libOpenGL.so.0: undefined symbol: _glapi_tls_Current",
        "CONDA_ENV_GL_LIBS_SHADOW_HOST_DRIVER",
    ),
    # wave 68: attention and MPS limits, GPUDirect and RDMA, torch.load, cuML, apex
    (
        "ValueError: Query, key, and value must be on a CUDA device",
        "FORCED_ATTENTION_BACKEND_UNSUPPORTED",
    ),
    (
        "RuntimeError: MPSGraph does not support tensor dims larger than INT_MAX",
        "MPS_NDARRAY_SIZE_LIMIT",
    ),
    (
        "MpcommTransport: nvidia_peermem not detected, GPU memory support is disabled",
        "NVIDIA_PEERMEM_MODULE_NOT_LOADED",
    ),
    (
        "infiniband erdma_0: ERROR: Out of mr size: 0, max 68719476736",
        "RDMA_MR_SIZE_LIMIT_EXCEEDED",
    ),
    (
        "WeightsUnpickler error: Unsupported global: GLOBAL argparse.Namespace was not an allowed global by default.",
        "TORCH_LOAD_WEIGHTS_ONLY_UNSUPPORTED_GLOBAL",
    ),
    (
        "[cuml.accel] `Ridge.fit` falling back to CPU: `positive=True` is not supported",
        "PERF_CPU_FALLBACK_OPS",
    ),
    ("Cannot execute emptyCache() without MPS backend", "LIBRARY_CALLS_OTHER_BACKEND_API"),
    ("No module named 'fused_layer_norm_cuda'", "PACKAGE_CUDA_EXTENSION_NOT_BUILT"),
    # stop 46's platforms: foreign binaries, page sizes, Nix, GPU sharing, torch.compile, laptops
    ("exec /usr/local/bin/entrypoint: exec format error", "CONTAINER_IMAGE_WRONG_CPU_ARCH"),
    (
        "standard_init_linux.go:228: exec user process caused: exec format error",
        "CONTAINER_IMAGE_WRONG_CPU_ARCH",
    ),
    (
        "bash: ./deviceQuery: cannot execute binary file: Exec format error",
        "CONTAINER_IMAGE_WRONG_CPU_ARCH",
    ),
    ("<jemalloc>: Unsupported system page size", "ALLOCATOR_PAGE_SIZE_SMALLER_THAN_KERNEL_PAGE"),
    (
        "Your installed Caffe2 version uses CUDA but I cannot find the CUDA libraries.",
        "CUDA_VARIANT_RESOLVED_ON_HOST_WITHOUT_CUDA",
    ),
    (
        "CUDA_MPS_PIPE_DIRECTORY must be set to start or to communicate with MPS control daemon",
        "CUDA_MPS_SERVER_UNAVAILABLE",
    ),
    (
        "ValueError: invalid literal for int() with base 10: '[Insufficient Permissions]'",
        "APP_GPU_QUERY_FAILS_IN_MIG_SLICE",
    ),
    (
        "[HAMI-core ERROR (pid:12 thread=1 allocator.c:115)]: cuMemoryAllocate failed res=2",
        "GPU_OOM",
    ),
    (
        "xgboost4j.java.XGBoostError: device_helpers.cu:64: Check failed: n_uniques == world (1 vs. 2)",
        "NCCL_RANKS_SHARE_GPU",
    ),
    (
        "register opengl buffer failed. OS call failed or operation not supported on this OS",
        "HYBRID_GL_CONTEXT_ON_INTEGRATED_GPU",
    ),
    (
        'msg="dropping integrated GPU" id=1 library=Vulkan compute=0.0 name=Vulkan1 description="NVIDIA GeForce RTX 4060 Laptop GPU"',
        "VULKAN_DEFAULT_DEVICE_IS_IGPU",
    ),
    (
        'msg="inference compute" library=Vulkan name=Vulkan0 description="Intel(R) UHD Graphics 770" type=discrete total="8.0 GiB"',
        "VULKAN_DEFAULT_DEVICE_IS_IGPU",
    ),
    (
        "cuModuleLoadData failed: PTX JIT compiler library not found",
        "DRIVER_PTX_JIT_COMPILER_LIBRARY_MISSING",
    ),
    (
        "CUDA_ERROR_JIT_COMPILER_NOT_FOUND while loading the module",
        "DRIVER_PTX_JIT_COMPILER_LIBRARY_MISSING",
    ),
    (
        "libnvidia-ptxjitcompiler.so.1: cannot open shared object file: No such file or directory",
        "DRIVER_PTX_JIT_COMPILER_LIBRARY_MISSING",
    ),
    (
        "Could not start dynamically linked executable: /home/me/.cache/bin/ptxas",
        "NIXOS_FOREIGN_BINARY_NO_ELF_INTERPRETER",
    ),
    (
        "NixOS cannot run dynamically linked executables intended for generic linux environments out of the box.",
        "NIXOS_FOREIGN_BINARY_NO_ELF_INTERPRETER",
    ),
    (
        "MESA-LOADER: failed to open iris: /run/opengl-driver/lib/dri/iris_dri.so: cannot open shared object file",
        "NIX_PROGRAM_CANNOT_FIND_HOST_GL_DRIVER",
    ),
    (
        "nvcc fatal   : Value 'compute_89' is not defined for option 'gpu-architecture'",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
    ),
    (
        "Failed to find cudnn library file, please set environment variable CUDNN_HOME",
        "CUDNN_NOT_FOUND_FOR_SOURCE_BUILD",
    ),
    ("CUDNN_INCLUDE_DIR=CUDNN_INCLUDE_DIR-NOTFOUND", "CUDNN_NOT_FOUND_FOR_SOURCE_BUILD"),
    (
        'Currently supported versions are: "12.4" and "11.8".',
        "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION",
    ),
    ('✖ Unsupported CUDA version "12.6"', "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION"),
    (
        "CUDA version 13.1.0 in /usr/lib64/libcuda.so.1 not supported with this version of Reactant",
        "DRIVER_NEWER_THAN_APP_VALIDATED",
    ),
    (
        "Error in (function (self, other) : expected device cuda:0 but got device cpu",
        "TENSORS_ON_DIFFERENT_DEVICES",
    ),
    (
        "RuntimeError: Dynamo is not supported on Python 3.13+",
        "TORCH_COMPILE_UNSUPPORTED_ON_PYTHON",
    ),
    (
        "RuntimeError: Python 3.11+ not yet supported for torch.compile",
        "TORCH_COMPILE_UNSUPPORTED_ON_PYTHON",
    ),
    (
        "PermissionError: [Errno 13] Permission denied: '/tmp/torchinductor_root/triton/0/abc.lock'",
        "TRITON_CACHE_DIR_NOT_WRITABLE",
    ),
    (
        'mlir::supportMMA(mlir::Value, int): Assertion `(version == 1 || version == 2) && "Unexpected MMA layout version found"\' failed.',
        "GPU_ARCH_TOO_OLD",
    ),
    (
        "ERRO[0000] Assertion failure: selected configuration not currently applied",
        "GPU_PARTITION_CONFIG_NOT_APPLIED",
    ),
    ("message: 'Can''t admit new workloads: FlavorNotFound'", "K8S_QUEUE_MISCONFIGURED"),
    ("Message: LocalQueue team-a/user-queue doesn't exist", "K8S_QUEUE_MISCONFIGURED"),
    (
        "Message: max cluster limit reached, nodepools out of resources: gpu-pool (nvidia.com/gpu)",
        "K8S_AUTOSCALER_NODE_LIMIT_REACHED",
    ),
    (
        "pod didn't trigger scale-up: 1 max node group size reached",
        "K8S_AUTOSCALER_NODE_LIMIT_REACHED",
    ),
    (
        "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100, 2 more needed",
        "K8S_QUEUE_GPU_QUOTA_EXHAUSTED",
    ),
    (
        "bbswitch: device 0000:02:00.0 is in use by driver 'nvidia', refusing OFF",
        "DGPU_POWER_OFF_BLOCKED_BY_BOUND_DRIVER",
    ),
    (
        "ValueError: --cache-create requires that the system be in the hybrid Optimus mode",
        "DGPU_DISABLED_BY_GRAPHICS_MODE",
    ),
    (
        "Warning: EGL: context priority set to HIGH but CAP_SYS_NICE capability is missing",
        "EGL_HIGH_PRIORITY_CONTEXT_WITHOUT_CAP_SYS_NICE",
    ),
    (
        "Error: Could not open codec [hevc_vaapi]: Function not implemented",
        "GPU_DRIVER_BUILT_WITHOUT_VIDEO_CODECS",
    ),
    ("ERROR: AssertionError: Use of freed memory", "GPU_ARRAY_USED_AFTER_MANUAL_FREE"),
    (
        "┌ Warning: Performing scalar indexing on task Task (runnable) @0x00007f",
        "PERF_CPU_FALLBACK_OPS",
    ),
    ("ERROR: Scalar indexing is disallowed.", "PERF_CPU_FALLBACK_OPS"),
    (
        "Server terminated abruptly (error code: 14, error message: 'Socket closed', log file: '/tmp/bazel/server/jvm.out')",
        "HOST_OOM",
    ),
    (
        "URL 'https://download.pytorch.org/libtorch/cu118/libtorch.zip': Timeout of 60 seconds was reached",
        "LARGE_ARTIFACT_DOWNLOAD_TIMEOUT",
    ),
    ("downloaded length 1048576 != reported length 2147483648", "LARGE_ARTIFACT_DOWNLOAD_TIMEOUT"),
    (
        "pydantic_core._pydantic_core.ValidationError: 2 validation errors for DeepSpeedZeroConfig",
        "DEEPSPEED_RELEASE_CONFIG_VALIDATION_REGRESSION",
    ),
    ("RuntimeError: \"addmm_cuda\" not implemented for 'Half'", "TORCH_OP_LACKS_DTYPE_KERNEL"),
    (
        "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:307 'invalid argument'",
        "CUSTOM_ALLREDUCE_WITHOUT_P2P",
    ),
    ("ModuleNotFoundError: No module named 'xformers'", "GPU_PYTHON_PACKAGE_NOT_INSTALLED"),
    (
        "importlib.metadata.PackageNotFoundError: No package metadata was found for auto_gptq",
        "GPU_PYTHON_PACKAGE_NOT_INSTALLED",
    ),
    (
        "Device MOC free size:1024 may be other processes occupying this card, check as: ps -ef|grep python",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "Malloc device memory failed, free memory size is less than half of total memory size.",
        "GPU_MEMORY_HELD_BY_OTHER_PROCESS",
    ),
    (
        "ValueError: For 'set_context', package type mindspore-ascend support 'device_target' type ascend or cpu, but got GPU.",
        "APP_GPU_BACKEND_MISMATCH",
    ),
    (
        "ERROR [tensorrt_subgraph.cc:219] ParseInputDimsProfile] setDimensions of kMIN failed for input",
        "GPU_DELEGATE_REQUIRES_STATIC_SHAPES",
    ),
    (
        "ERROR [tensorrt_runtime.h:31] log] input: input size cannot have negative dimension, size = [-1]",
        "GPU_DELEGATE_REQUIRES_STATIC_SHAPES",
    ),
    ("This MPI library does not have CUDA-aware support.", "MPI_NOT_GPU_AWARE"),
    (
        "[0]PETSC ERROR: PETSc is configured with GPU support, but your MPI is not GPU-aware.",
        "MPI_NOT_GPU_AWARE",
    ),
    ("libmca_common_cuda.so.40 (cuda_openmemhandle + 0x2b) [0x4a1b]", "MPI_SMCUDA_CUDA_IPC_FAILS"),
    (
        "libfabric:2211:1718:cxi:mr:cxip_do_map():59<warn> node12: ZE device memory not supported.",
        "MPI_FABRIC_CANNOT_REGISTER_GPU_SHARED_MEMORY",
    ),
    (
        "[node3:812:0] tl_cuda_cache.c:231 UCC ERROR ipc-cache: failed to open ipc mem handle. addr:0x7f00 len:4096 err:201",
        "UCC_MLX5_TL_CONTEXT_FAILS_ON_SOME_RANKS",
    ),
    (
        "========= Error: Target application terminated before first instrumented API call",
        "SANITIZER_TARGET_MAKES_NO_CUDA_CALLS",
    ),
    (
        "======== Warning: nvprof is not supported on devices with compute capability 8.0 and higher.",
        "GPU_TOOL_UNSUPPORTED_DEVICE_VISIBLE",
    ),
    (
        "what():  ImportMetrics: bad block name 'GRBM', GFXIP is not supported(gfx1103)",
        "GPU_TOOL_UNSUPPORTED_DEVICE_VISIBLE",
    ),
    (
        "amd-dbgapi: unable to enable GPU debugging due to a restriction error",
        "GPU_TOOL_UNSUPPORTED_DEVICE_VISIBLE",
    ),
    (
        "cupti_tracer.cc:1415] function cupti_interface_->Subscribe() failed with error CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED",
        "CUPTI_MULTIPLE_SUBSCRIBERS",
    ),
    (
        "amd-dbgapi: fatal error: queue_snapshot failed (rc=-1)",
        "GPU_DEBUGGER_KERNEL_DRIVER_UNSUPPORTED",
    ),
    (
        "ImportError: cannot import name 'fft' from 'torch.fft' (unknown location)",
        "FRAMEWORK_IMPORT_FAILED",
    ),
    (
        "The versions of TensorFlow you are currently using is 2.16.1 and is not supported.",
        "FRAMEWORK_VERSION_MISMATCH",
    ),
    (
        "No OpKernel was registered to support Op 'QueryBallPoint' with these attrs.  Registered devices: [CPU], Registered kernels: device='GPU'",
        "GPU_ONLY_LAYER_WITHOUT_GPU",
    ),
    (
        "UserWarning: Failed to check compiler version for cl: [WinError 2] The system cannot find the file specified",
        "JIT_HOST_COMPILER_MISSING",
    ),
    ("WARNING: Failed to find MSVC.", "JIT_HOST_COMPILER_MISSING"),
    (
        "corecrt.h:10:10: fatal error: vcruntime.h: No such file or directory",
        "JIT_HOST_COMPILER_MISSING",
    ),
    (
        "UNSUPPORTED (log once): buildComputeProgram: cl2Metal failed",
        "OPENCL_INT64_UNSUPPORTED_ON_APPLE_GPU",
    ),
    ("Compilation is in progress. Please wait...", "ZLUDA_KERNEL_COMPILE_IN_PROGRESS"),
    (
        "========= Uninitialized __global__ memory read of size 4 bytes",
        "USER_DEVICE_MEMORY_READ_UNINITIALIZED",
    ),
    (
        "========= ERROR: Race reported between Write access at 0x1f0 in kernel.cu:12:reduce(float*)",
        "USER_KERNEL_SHARED_MEMORY_RACE",
    ),
    (
        "orted: error while loading shared libraries: libimf.so: cannot open shared object file: No such file or directory",
        "MPI_REMOTE_LAUNCH_ENV_MISSING_LIBRARY_PATH",
    ),
    (
        "MPID_nem_tcp_connpoll(1826)...........: Communication error with rank 3: Connection refused",
        "MPI_TCP_PEER_CONNECTION_BLOCKED",
    ),
    (
        "ucp._libs.exceptions.UCXError: User-defined limit was reached",
        "OPEN_FILES_LIMIT_EXHAUSTED_BY_CONNECTIONS",
    ),
    (
        "[1699:0:1699] UCX  WARN  IB: ibv_fork_init() was disabled or failed, yet a fork() has been issued.",
        "PROCESS_FORK_AFTER_RDMA_INIT",
    ),
    (
        "ERROR: rocprofiler_open(), Construct(), Metrics list exceeds HW limits",
        "PROFILER_COUNTERS_EXCEED_HW_LIMIT",
    ),
    (
        "(warning: The memory requirements can not be satisfied by Score-P to avoid",
        "TRACE_BUFFER_EXCEEDS_PROFILER_MEMORY",
    ),
    (
        "OCI runtime create failed: creating container: cgroups V2 is not yet supported. Enable cgroups V1 and retry: unknown",
        "GVISOR_CGROUP_V2_UNSUPPORTED",
    ),
    (
        'OCI runtime exec failed: exec failed: unable to start container process: exec: "pytest": executable file not found in $PATH: unknown',
        "CONTAINER_COMMAND_NOT_IN_IMAGE",
    ),
    (
        "No registered 'StatelessRandomUniformV2' OpKernel for 'GPU' devices compatible with node",
        "PERF_CPU_FALLBACK_OPS",
    ),
    ("Could not find: cudart64_110.dll. Is it on your PATH?", "CUDA_LIBS_NOT_FOUND"),
    (
        'ERROR: File "setup.py" not found. Directory cannot be installed in editable mode: /home/me/proj',
        "PIP_TOO_OLD_FOR_PYPROJECT_EDITABLE_INSTALL",
    ),
    (
        "/usr/bin/ld:/ws/lib/libgxf_core.so: file format not recognized; treating as linker script",
        "GPU_SHARED_LIBRARY_FILE_TRUNCATED",
    ),
    (
        "error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag",
        "NVCC_EXTENDED_LAMBDA_FLAG_MISSING",
    ),
    (
        "src/bootstrap/bootstrap_loader.cpp:46: NULL value Bootstrap unable to load 'nvshmem_bootstrap_mpi.so'",
        "NVSHMEM_BOOTSTRAP_PLUGIN_BUILT_FOR_OTHER_MPI",
    ),
    (
        "ValueError: Your model is not exportable by torch.export.export. Please modify your model.",
        "MODEL_NOT_EXPORTABLE_FOR_ON_DEVICE_CONVERSION",
    ),
    ("Error: unable to open display", "NO_DISPLAY_FOR_WINDOWED_SIMULATOR"),
    (
        "Could NOT find Protobuf (missing: Protobuf_LIBRARIES Protobuf_INCLUDE_DIR)",
        "MODEL_CONVERTER_BUILD_PROTOBUF_NOT_FOUND",
    ),
    (
        "opConverter ==> MNN Converter NOT_SUPPORTED_OP: [ GridSample ]",
        "MODEL_CONVERTER_OP_UNSUPPORTED",
    ),
    ("Check failed: op: no Op found for layer_norm", "INFERENCE_LIBRARY_BUILT_WITHOUT_MODEL_OP"),
    (
        "ERROR: GetRomVersion(ROM): npu is not installed or rom version is too low",
        "ANDROID_VENDOR_NPU_RUNTIME_NOT_IN_FIRMWARE",
    ),
    (
        "ERROR: npu is installed but is below 100.320.010.023",
        "ANDROID_VENDOR_NPU_RUNTIME_NOT_IN_FIRMWARE",
    ),
    (
        "tensorflow.python.training.basic_session_run_hooks.NanLossDuringTrainingError: NaN loss during training.",
        "MODEL_LOSS_NOT_FINITE",
    ),
    (
        "got container status for containerID=container_16_0094_01_000010, state=COMPLETE, exitStatus=-104, diagnostics=",
        "HOST_OOM",
    ),
    (
        "cuDF failure at: concatenate.cu:368: Total number of concatenated rows exceeds size_type range",
        "GPU_LIBRARY_ALGORITHM_SIZE_LIMIT",
    ),
    ("ModuleNotFoundError: No module named 'modelopt'", "GPU_PYTHON_PACKAGE_NOT_INSTALLED"),
    (
        "clinfo: relocation error: clinfo: symbol clGetDeviceIDs, version OPENCL_1.0 not defined in file libOpenCL.so.1",
        "GPU_LIBRARY_RELEASE_IMPORT_REGRESSION",
    ),
    (
        "ggml_vulkan: No suitable memory type found: ErrorOutOfDeviceMemory",
        "VULKAN_DEVICE_LACKS_REQUESTED_MEMORY_TYPE",
    ),
    # stop 47: docking, genomics, physics, home servers, distributions' drivers, trainers, VLMs
    ("Error: System consists of too many atoms.'", "APP_INPUT_OVER_BUILT_IN_SIZE_LIMIT"),
    ("Maximum number of atoms is 256.", "APP_INPUT_OVER_BUILT_IN_SIZE_LIMIT"),
    ("SetKernelsGpuData copy to cData failed invalid device symbol", "WHEEL_LACKS_ARCH_KERNELS"),
    (
        "Exception: Error initializing context: clGetDeviceIDs (-1)",
        "OPENCL_ICD_WITHOUT_DEVICES_BREAKS_ENUMERATION",
    ),
    (
        "/opt/ont-guppy/bin/guppy_basecaller: error while loading shared libraries: libcuda.so.1: cannot open shared object file: No such file or directory",
        "DRIVER_NOT_AVAILABLE",
    ),
    ("[error] Stereo Duplex currently unsupported on Metal", "BACKEND_UNSUPPORTED_FOR_TASK"),
    (
        "RuntimeError: Exception from src/inference/src/dev/plugin.cpp:53: stoi",
        "OPENVINO_CPU_TOPOLOGY_PARSE_FAILS_IN_LXC",
    ),
    (
        "/build/kernel/nvidia-uvm/uvm8_tools.c:207:13: error: conflicting types for 'put_user_pages'",
        "DRIVER_TOO_OLD_FOR_KERNEL",
    ),
    (
        "1 out of 1 hunk FAILED -- saving rejects to file nvidia-drm/nvidia-drm-drv.c.rej",
        "DRIVER_PACKAGE_RELEASE_REGRESSION",
    ),
    (
        "E: Package 'linux-modules-extra-5.14.0-1051-oem' has no installation candidate",
        "AMDGPU_DKMS_KERNEL_UNSUPPORTED",
    ),
    (
        "Skipping import of cpp extensions due to incompatible torch version. Please upgrade to torch >= 2.11.0 (found 2.9.1+cu128).",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        "RuntimeError: CUDA error: invalid configuration argument",
        "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT",
    ),
    ("cudaErrorInvalidConfiguration", "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT"),
    (
        'warnings.warn("Failed to load custom C++ ops. Running on CPU mode Only!")',
        "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD",
    ),
    (
        "ERROR   NRT:nrt_init      This runtime requires Neuron Driver version 2.0 or greater. Please upgrade aws-neuron-dkms package.",
        "NPU_KERNEL_DRIVER_TOO_OLD_FOR_RUNTIME",
    ),
    (
        "RuntimeError: Neuron runtime cannot be initialized; cannot determine the number of available NeuronCores",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "Exception: Unsupported fw version, got 1010000 but required 1040000",
        "ACCELERATOR_FIRMWARE_TOO_OLD_FOR_SOFTWARE",
    ),
    (
        "Unsupported FW version 1.1.0.0 detected on grayskull device 0.",
        "ACCELERATOR_FIRMWARE_TOO_OLD_FOR_SOFTWARE",
    ),
    ("Require FW version >= 1.3.0.0 to run tt-smi", "ACCELERATOR_FIRMWARE_TOO_OLD_FOR_SOFTWARE"),
    (
        "ERROR TDRV:tpb_eng_init_hals_v2 CRITICAL HW ERROR: One or more engines are running. Please restart device by reloading driver:",
        "ACCELERATOR_LEFT_RUNNING_BY_PREVIOUS_PROCESS",
    ),
    (
        "ImportError: WRONG PACKAGE. Please install the package from Neuron Repository - pip.repos.neuron.amazonaws.com",
        "GPU_EXTRA_DEPENDENCY_ONLY_ON_VENDOR_INDEX",
    ),
    ("Unknown builtin op: neuron::forward_1.", "CUSTOM_OP_LIBRARY_NOT_LOADED"),
    (
        "RuntimeError: Attempted to read a PyTorch file with version 10, but the maximum supported version for reading is 6.",
        "MODEL_SAVED_BY_NEWER_FRAMEWORK_THAN_COMPILER",
    ),
    (
        "RuntimeError: version_ <= kMaxSupportedFileFormatVersion INTERNAL ASSERT FAILED at caffe2/serialize/inline_container.cc:146",
        "MODEL_SAVED_BY_NEWER_FRAMEWORK_THAN_COMPILER",
    ),
    (
        "Allocating sysmem without hugepages (size: 0x100000000).",
        "ACCELERATOR_HUGEPAGES_NOT_CONFIGURED",
    ),
    (
        "KeyError: 'neff_cache2/neuron-compile-cache/USER_neuroncc-1.0.48875.0+7437fbf18/MODULE_7223055628515330524'",
        "COMPILE_CACHE_SHARED_ACROSS_NODES_ON_NFS",
    ),
    (
        "optimum-cli export: error: invalid choice: 'neuron' (choose from 'onnx', 'tflite')",
        "ACCELERATOR_SDK_PARTS_FROM_MIXED_RELEASES",
    ),
    (
        "Error: 'requiredSmemSize <= getMaxSharedMemPerBlock(device_)' failed: Device 0 has 49152 bytes of shared memory, while 8 bits per code and 64 sub-quantizers requires 65536 bytes",
        "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT",
    ),
    (
        "Faiss assertion err == cudaSuccess failed in char* faiss::gpu::StackDeviceMemory::Stack::getAlloc",
        "GPU_OOM",
    ),
    ("GPU available: True (mps), used: False", "FRAMEWORK_DEFAULT_DEVICE_CPU"),
    (
        "_catboost.CatboostError: catboost/libs/options/json_helper.h:194: Error: change of option metrics is unimplemented for task type GPU and was not default in previous run",
        "LIBRARY_OPTION_UNSUPPORTED_ON_GPU",
    ),
    (
        "CatboostError: st/catboost/libs/algo/learn_context.h:123: Error: except learn on CPU task type, got GPU",
        "LIBRARY_OPTION_UNSUPPORTED_ON_GPU",
    ),
    ("-- Looking for CL_VERSION_1_0 - not found", "OPENCL_SDK_NOT_FOUND_FOR_BUILD"),
    (
        'src/operator/subgraph/inferentia/./inferentia_util.h:218: Check failed: status.ok() Failed to create NeuronCore Group with GRPC Error. Status Error: 14, Error message: "Connect Failed"',
        "ACCELERATOR_RUNTIME_DAEMON_NOT_RUNNING",
    ),
    (
        "mxnet.base.MXNetError: Check failed: 0 == create_eg_rsp.status().code() Failed to create NeuronCore Group with KRTD Error. KRTD Status Code: 4",
        "GPU_BUSY_OR_UNAVAILABLE",
    ),
    (
        "ERROR   NRT:nrt_allocate_neuron_cores               Neuron cores are not contiguous",
        "ACCELERATOR_CONTAINER_DEVICES_NOT_CONTIGUOUS",
    ),
    (
        "RuntimeError: RunNeuronCCImpl: <class 'OSError'>: [Errno 61] No data available: '/fsxl/neuron_cache/neuronxcc-2.16.372.0+4a9b2326/MODULE_1'",
        "COMPILE_CACHE_SHARED_ACROSS_NODES_ON_NFS",
    ),
    (
        "OSError: Can't find library with name libbifrost.so",
        "FRAMEWORK_NATIVE_LIB_NOT_ON_LOADER_PATH",
    ),
    ("Cannot find a working standard library", "CLANG_HOST_LIBSTDCXX_DEV_MISSING"),
    ("flag provided but not defined: -host-cuda-version", "CDI_HOOK_TOOL_OLDER_THAN_SPEC"),
    (
        "Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to apply caps: operation not permitted: unknown",
        "IMMUTABLE_OS_FORBIDS_MODULE_LOAD_CAPABILITY",
    ),
    (
        "/usr/include/string.h:652:42: error: \u2018memcpy\u2019 was not declared in this scope",
        "HOST_GLIBC_TOO_NEW_FOR_CUDA_HEADERS",
    ),
    (
        "FATAL: While making image from oci registry: error fetching image to cache: while building SIF from layers",
        "IMAGE_PULL_FAILED",
    ),
    (
        "[Parsed_scale_rkrga_0 @ 0xaaaaff819070] No hw context provided on input",
        "FFMPEG_HWACCEL_FILTER_NEEDS_NEWER_FFMPEG",
    ),
    ("[hwdownload @ 0x55d1c0] Failed to download frame: -5.", "VAAPI_HW_FRAME_SYNC_FAILURE"),
    (
        "[AVHWFramesContext @ 0x55d1c0] Failed to sync surface 0x4 (operation failed).",
        "VAAPI_HW_FRAME_SYNC_FAILURE",
    ),
    ("No VA display found for device", "CONTAINER_VENDOR_GPU_DEVICE_NODE_NOT_PASSED"),
    (
        "[hwupload] A hardware device reference is required to upload frames to.",
        "FFMPEG_HW_DEVICE_NOT_SPECIFIED",
    ),
    (
        "AttributeError: module 'cutlass.cute.core' has no attribute 'ThrMma'",
        "GPU_LIBRARY_COMPANION_PACKAGE_TOO_OLD",
    ),
    (
        "onnxruntime::python::CreateExecutionProviderInstance CUDA_PATH is set but CUDA wasn't able to be loaded. Please install the correct version of CUDA and cuDNN as mentioned in the GPU requirements page",
        "CUDA_LIBS_NOT_FOUND",
    ),
    (
        "ImportError: dlopen(/Users/demon/site-packages/ncnn_vulkan/ncnn.cpython-39-darwin.so, 2): Library not loaded: /usr/local/opt/libomp/lib/libomp.dylib",
        "MACOS_WHEEL_LINKS_HOMEBREW_LIBRARY",
    ),
    (
        "Build log: fatal error: malformed or corrupted AST file: 'could not find file '/usr/lib64/llvm17/bin/../../../lib/clang/17/include/opencl-c-base.h' referenced by AST file '/tmp/comgr-1156ea/include/opencl1.2-c.pch''",
        "OPENCL_RUNTIME_COMPILER_CLANG_HEADERS_MISSING",
    ),
    (
        "torch/backends/mps/__init__.py:22: UserWarning: Skipping device NVIDIA GeForce GT 750M that does not support Metal 2.0",
        "MPS_BACKEND_NO_METAL_DEVICE",
    ),
    ("vkCreateShaderModule failed -3", "VULKAN_DRIVER_TOO_OLD"),
    ("vkEnumerateInstanceExtensionProperties failed -3", "VULKAN_DRIVER_TOO_OLD"),
    (
        "Normal   DeviceTaintManagerEviction   pod/pod-no-toleration     Marking for deletion",
        "K8S_DRA_DEVICE_TAINT_NOEXECUTE_EVICTION",
    ),
    ("ImportError: cannot import name '_C' from 'sam2'", "PACKAGE_CUDA_EXTENSION_NOT_BUILT"),
    (
        'Unexpected key(s) in state_dict: "module.weight", "module.bias".',
        "DATAPARALLEL_STATE_DICT_PREFIX_MISMATCH",
    ),
    (
        "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.",
        "TENSORS_ON_DIFFERENT_DEVICES",
    ),
    (
        "Warning: Detected a GPU pending row remap for GPU ID 7, please re-boot this node (hpc-pg0-1) to clear this pending row remap.",
        "GPU_ROW_REMAP_PENDING",
    ),
    (
        "configure: error: no OFED nor kernel OpenIB gen2 headers present",
        "FS_CLIENT_MODULE_BUILT_FOR_OLDER_OFED",
    ),
    ("[WARN] jetson-stats not supported for [L4T 35.2.1]", "JETSON_TOOL_L4T_RELEASE_UNKNOWN"),
    (
        "[rviz2]: Invalid parentWindowHandle (wrong server or screen) in GLXWindow::create",
        "WAYLAND_SESSION_GLX_CONTEXT_UNAVAILABLE",
    ),
    ("D3D12: Removing Device.", "WSLG_D3D12_GL_DRIVER_CRASH"),
    (
        "AttributeError: module 'setuptools.build_meta' has no attribute 'prepare_metadata_for_build_editable'",
        "PIP_TOO_OLD_FOR_PYPROJECT_EDITABLE_INSTALL",
    ),
    (
        'kernel.cu(12): error: no suitable conversion function from "__half" to "float" exists',
        "EXTENSION_BUILD_DISABLES_HALF_CONVERSIONS",
    ),
    (
        "error: Kernel is not in a git repository, this will create a non-reproducible build.",
        "KERNEL_BUILD_SOURCE_NOT_UNDER_VERSION_CONTROL",
    ),
    ("ld.lld: error: unable to find library -lstdc++fs", "HOST_COMPILER_TOO_OLD_FOR_TORCH_ABI"),
    (
        'src/devices/cuda/fastllm-cuda.cu(247): error: identifier "__hdiv" is undefined',
        "GPU_ARCH_TOO_OLD",
    ),
    ("Exception: cublasLt ran into an error!", "QUANTIZED_COMPUTE_TYPE_UNSUPPORTED_ON_ARCH"),
    (
        "Could not load any common_ops library! Expected variant: SM89",
        "WHEEL_LACKS_ARCH_KERNELS",
    ),
    (
        "RuntimeError: CUDA tensor detected and the MPI used doesn't have CUDA-aware MPI support",
        "MPI_NOT_GPU_AWARE",
    ),
    (
        "RuntimeError: Collective ops must be configured at program startup",
        "TF_MULTIWORKER_STRATEGY_CREATED_LATE",
    ),
    ("ImportError: punica LoRA kernels could not be imported.", "PACKAGE_CUDA_EXTENSION_NOT_BUILT"),
    (
        "ERROR: No matching distribution found for torch==2.7.1+cpu",
        "TORCH_CUDA_INDEX_NOT_PUBLISHED",
    ),
    (
        "huggingface_hub.errors.GatedRepoError: 401 Client Error",
        "HF_GATED_MODEL_ACCESS_NOT_GRANTED",
    ),
    (
        "Cannot access gated repo for url https://huggingface.co/nvidia/Cosmos-Reason2-8B",
        "HF_GATED_MODEL_ACCESS_NOT_GRANTED",
    ),
    (
        "Error: The module '/electron/node_modules/node-pty/build/Release/pty.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 125.",
        "NODE_NATIVE_ADDON_ABI_MISMATCH",
    ),
    (
        "Initializing libomp.dylib, but found libiomp5.dylib already initialized",
        "OPENMP_RUNTIME_LOADED_TWICE",
    ),
    (
        "pthread_create failed: Resource temporarily unavailable",
        "CONTAINER_PID_LIMIT_HIT_BY_HOST_SIZED_POOLS",
    ),
    (
        "mkdir: cannot create directory '/opt/nim/.cache': Permission denied",
        "CONTAINER_MODEL_CACHE_NOT_WRITABLE_BY_USER",
    ),
    (
        "ImportError: /lib/x86_64-linux-gnu/libp11-kit.so.0: undefined symbol: ffi_type_pointer, version LIBFFI_BASE_7.0",
        "LIBSTDCXX_GLIBC_TOO_OLD",
    ),
    ("No file descriptors available (os error 24)", "CONTAINER_BUILD_OPEN_FILES_LIMIT"),
    (
        "RuntimeError: cudnn RNN backward can only be called in training mode",
        "CUDNN_RNN_BACKWARD_IN_EVAL_MODE",
    ),
    (
        "train_net.py: error: unrecognized arguments: --local_rank=0",
        "LAUNCHER_LOCAL_RANK_FLAG_RENAMED",
    ),
    (
        "No matching cuda flavor for linux found: cu118/sm_90.",
        "GPU_LIBRARY_NO_BINARY_FOR_CUDA_VERSION",
    ),
    ("LOG:  PG-Strom: GPU1 Tesla K80 - CC 3.7 is not supported", "GPU_ARCH_TOO_OLD"),
    (
        "WARN DeviceMemoryEventHandler: Device allocation of 1048576 bytes failed, device store has 0 bytes.",
        "GPU_OOM",
    ),
    ("ERROR:  failed on cuCtxCreate_v2: CUDA_ERROR_UNKNOWN", "CUDA_INIT_UNKNOWN"),
    ("error: invalid value 'metal' for '--device <DEVICE>'", "CPU_ONLY_TF_BUILD"),
    ("ERROR: SiftGPU not fully supported", "CPU_ONLY_TF_BUILD"),
    (
        "Glfw Error 65543: GLX: Failed to create context: GLXBadFBConfig",
        "OPENGL_VERSION_TOO_OLD_FOR_RENDERER",
    ),
    ("GLX: GLX_ARB_create_context_profile is unavailable", "OPENGL_VERSION_TOO_OLD_FOR_RENDERER"),
    (
        "For highest performance, OpenGL and CUDA must run on the same GPU on an OS that supports interop.",
        "HYBRID_GL_CONTEXT_ON_INTEGRATED_GPU",
    ),
    ("FALLING BACK TO SLOWER RENDERING WITH CPU ROUNDTRIP", "HYBRID_GL_CONTEXT_ON_INTEGRATED_GPU"),
    ("Could not connect to any X display.", "NO_DISPLAY_FOR_WINDOWED_SIMULATOR"),
    (
        "qt.qpa.xcb: QXcbConnection: Could not connect to display :0",
        "NO_DISPLAY_FOR_WINDOWED_SIMULATOR",
    ),
    ("Error: Can't open display: cannot connect to X server", "NO_DISPLAY_FOR_WINDOWED_SIMULATOR"),
    ("[F glutil.cpp:301] eglGetDisplay() failed", "EGL_DEVICE_PLATFORM_UNAVAILABLE"),
    ("ImportError: k2 was built using PyTorch 2.1.0+cu121", "TORCH_EXTENSION_ABI_MISMATCH"),
    ("AssertionError: PyTorch is built with CUDA version: 12.1.", "CUDA_VERSION_MATRIX_MISMATCH"),
    (
        "Unsupported CUDA_VERSION (CUDA_VERSION=12_4), please report it to Kaldi mailing list",
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        "src/roi_align_kernel.cu:2:10: fatal error: THC/THCDeviceUtils.cuh: No such file or directory",
        "EXTENSION_SOURCE_TOO_OLD_FOR_TORCH",
    ),
    (
        "ImportError: ./libfoo.so: undefined symbol: __cudaUnregisterFatBinary",
        "EXTENSION_MISSING_CUDA_LIB_LINK",
    ),
    (
        "Check failed: status_or_buffer is OK (UNKNOWN: ; unsupported ImageFrame format: 2)",
        "PIPELINE_INPUT_FORMAT_UNSUPPORTED",
    ),
    (
        "dlopen(libtensorflow_text.so, 0x0006): symbol not found in flat namespace '__ZN10tensorflow8OpKernelD2Ev'",
        "TF_OP_LIBRARY_ABI_MISMATCH",
    ),
    (
        "Error: no available backend found. ERR: [tensorrt] backend not found.",
        "PACKAGE_BUILD_WITHOUT_PLATFORM_GPU_BINARY",
    ),
    (
        "Assertion failure, file index :cufio-udev  line :134",
        "GDS_CUFILE_DRIVER_OPEN_ABORTS_ON_HOST",
    ),
    ("layer Einsum not exists or registered", "MODEL_CONVERTER_OP_UNSUPPORTED"),
    ("LoadLibrary vulkan-1.dll failed 126", "VULKAN_ICD_MISSING"),
    ("load vulkan driver failed", "VULKAN_ICD_MISSING"),
    ("dlopen libvulkan.so.1 failed", "VULKAN_ICD_MISSING"),
    (
        "use_explicit_typing was set to True, however found that enabled_precisions was also specified (saw: {torch.float16})",
        "GPU_COMPILER_DEFAULT_CHANGE_BREAKS_APP",
    ),
    (
        "[E] Error[4]: (/Reshape_3: IShuffleLayer applied to shape tensor must have 0 or 1 reshape dimensions: dimensions were [-1,4])",
        "TRT_CONVERTER_MISSING_FOR_OP",
    ),
    (
        "ValueError: maximum supported dimension for an ndarray is 32, found 34",
        "NUMPY1_MAX_DIMS_LIMITS_QUBITS",
    ),
    (
        "RuntimeError: qsimcirq cannot handle 40-qubit circuits due to numpy limitations",
        "NUMPY1_MAX_DIMS_LIMITS_QUBITS",
    ),
    ("File fbgemm_gpu_py.so not found", "TORCH_EXTENSION_ABI_MISMATCH"),
    (
        "Requested to use GPU for feature matching, but COLMAP was compiled without CUDA support.",
        "CPU_ONLY_TF_BUILD",
    ),
    (
        "ImportError: libc10_cuda.so: cannot open shared object file: No such file or directory",
        "TORCH_EXTENSION_IMPORTED_BEFORE_TORCH",
    ),
    (
        "ModuleNotFoundError: No module named 'lietorch_cuda_ext'",
        "PACKAGE_CUDA_EXTENSION_NOT_BUILT",
    ),
    (
        "LOG:  [info] foreign-table='f_lineorder' arrow-file='/opt/data/lo.arrow' has no schedulable GPUs (arrow_fdw.c:2829)",
        "GPUDIRECT_STORAGE_FILE_ON_UNSUPPORTED_DEVICE",
    ),
    (
        "[HailoRT] [error] CHECK failed - max_desc_page_size given 32768 is bigger than hw max desc page size 4096",
        "PCIE_HOST_DESCRIPTOR_PAGE_SIZE_UNSUPPORTED",
    ),
    (
        'Could not find a configuration file for package "HailoRT" that exactly matches requested version "4.17.0".',
        "HAILORT_DRIVER_LIBRARY_VERSION_MISMATCH",
    ),
    ("[in#0 @ 0x55d1] Error opening input file pipe:.", "VIDEO_PIPE_UPSTREAM_PRODUCER_FAILED"),
    (
        "cv2.error: OpenCV(4.1.2) darknet_io.cpp:554: error: (-212:Parsing error) Unsupported activation: swish in function 'ReadDarknetFromCfgStream'",
        "FRAMEWORK_VERSION_MISMATCH",
    ),
    ("dyld: Library not loaded: @rpath/libcudart.10.2.dylib", "CUDA_RUNTIME_NOT_LOADABLE"),
    ("dyld[4242]: Library not loaded: @rpath/libcudnn.7.dylib", "CUDA_LIBS_NOT_FOUND"),
    (
        "./decoder_main: error while loading shared libraries: liblibtorch_cpu.so: cannot open shared object file: No such file or directory",
        "FRAMEWORK_LIB_SONAME_WRONG_FOR_NATIVE_LINK",
    ),
    (
        "main.cc:(.text+0x1a2): undefined reference to `kaldifeat::Fbank::Fbank(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)'",
        "TORCH_EXTENSION_ABI_MISMATCH",
    ),
    (
        'Could not find a package configuration file provided by "Torch" with any of',
        "FRAMEWORK_NOT_FOUND_FOR_EXTENSION_BUILD",
    ),
    (
        "RuntimeError: apply_effects_file requires sox extension which is not available.",
        "LINUX_SYSTEM_RUNTIME_LIB_MISSING",
    ),
    ("OSError: PortAudio library not found", "LINUX_SYSTEM_RUNTIME_LIB_MISSING"),
    (
        "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss.",
        "DDP_UNUSED_PARAMETERS_NOT_DECLARED",
    ),
    (
        "Error: Load model from /home/u/.cache/huggingface/onnx/model.onnx failed: Protobuf parsing failed.",
        "ONNX_CONVERTED_MODEL_CACHE_INCOMPLETE",
    ),
    ("[pyKeOps]: Warning, no cuda detected. Switching to cpu only.", "CPU_ONLY_HOST_BENIGN"),
    ("[1,0]<stderr>:PML ucx cannot be selected", "OPENMPI_UCX_PML_REJECTS_TCP_TRANSPORT"),
    (
        "launch failed on x1921c0s3b0n0: Failed to parse implicit GPU selection",
        "LAUNCHER_GPU_BIND_LIST_UNSUPPORTED_HIERARCHY",
    ),
    (
        "/etc/enroot/hooks.d/99-mellanox.sh: line 91: devices[id]: unbound variable",
        "ENROOT_RDMA_HOOK_FAILS_ON_SRIOV_VF",
    ),
    (
        "Error: Untested CUDA version.  AMBER currently requires CUDA version >= 7.5 and <= 12.4.",
        "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
    ),
    (
        "RuntimeError: unexpected EOF, expected 1048576 more bytes. The file might be corrupted.",
        "MODEL_WEIGHTS_FILE_INCOMPLETE",
    ),
    ("ld.lld: error: cannot find -lstdc++", "CLANG_HOST_LIBSTDCXX_DEV_MISSING"),
    ("Invalid MLIR created:", "GRAPH_COMPILER_KERNEL_BACKEND_BUG"),
    (
        "src/common.h:9:10: fatal error: mpi.h: No such file or directory",
        "MPI_HEADERS_MISSING_FOR_GPU_COMPONENT_BUILD",
    ),
    ("az: error: unrecognized arguments: --gpu-driver None", "CLOUD_CLI_TOO_OLD_FOR_GPU_OPTION"),
    ("ld.lld: error: unable to find library -lcublas", "HIPIFIED_BUILD_STILL_LINKS_CUDA_RUNTIME"),
    (
        "AMDGPU message: Running a program that requires XNACK on a system where XNACK is disabled. This may cause problems when using an OS-allocated pointer inside a target region.",
        "HOST_MEMORY_USED_ON_GPU_WITHOUT_XNACK",
    ),
    (
        "Explanation: Detected data-dependent branching. Dynamo does not support tracing dynamic control flow.",
        "TORCH_COMPILE_FULLGRAPH_GRAPH_BREAK",
    ),
    (
        "Hint: This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code.",
        "TORCH_COMPILE_FULLGRAPH_GRAPH_BREAK",
    ),
    ("error: invalid channel name '[toolchain]'", "RUSTUP_TOO_OLD_FOR_TOOLCHAIN_FILE"),
    (
        "[ERROR] [NitrosImage]: [convert_to_custom] Image width/height must be even for creation of gxf::VideoBuffer",
        "PIPELINE_INPUT_FORMAT_UNSUPPORTED",
    ),
    ("Specify CUDA_TOOLKIT_ROOT_DIR", "CUDA_TOOLKIT_MISSING_FOR_EXTENSION_BUILD"),
    (
        "TensorValidator.h(188)\\DirectML.dll!00007FFA1C2B1234: (caller: 00007FFA1C2B5678) Exception(1) tid(1a2b) 80070057 The parameter is incorrect.",
        "DIRECTML_API_MISUSE_REMOVES_DEVICE",
    ),
    (
        "[DIRECTML ERROR]: Mismatched tensor sizes. Tensor 'Output' has Sizes of {1,3,224,224}",
        "DIRECTML_API_MISUSE_REMOVES_DEVICE",
    ),
    (
        "google.protobuf.message.EncodeError: onnx.ModelProto exceeds maximum protobuf size of 2GB: 7061562340",
        "ONNX_MODEL_OVER_PROTOBUF_2GB_LIMIT",
    ),
    ("OpenVINOExecutionProvider: NotReady", "WINML_EXECUTION_PROVIDER_NOT_READY"),
    ("Xwayland glamor: GBM Wayland interfaces not available", "WSLG_GPU_ACCELERATION_UNAVAILABLE"),
    # Metal's standards and headers, Core ML, jax-metal, musl, apt, containerd, ZeroGPU, EGL
    (
        "metal: error: invalid value 'metal3.5' in '-std=metal3.5'",
        "METAL_SHADER_STD_FLAG_WRONG",
    ),
    (
        "program_source:12:1: error: 'kernel' attribute requires Metal language standard macos-metal2.3 or higher",
        "METAL_SHADER_STD_FLAG_WRONG",
    ),
    (
        "program_source:40:5: error: unknown type name 'bfloat'; did you mean 'float'?",
        "METAL_SHADER_STD_FLAG_WRONG",
    ),
    (
        "/Users/me/.cache/mlx/kernels/attn.metal:3:10: fatal error: 'MetalPerformancePrimitives/MetalPerformancePrimitives.h' file not found",
        "MLX_METALLIB_NEWER_THAN_MACOS",
    ),
    (
        'RuntimeError: Error compiling model: "compiler error: The .mlmodel supplied is of version 7, intended for a newer version of Xcode. This version of Xcode supports model version 6 or earlier."',
        "COREML_MODEL_SPEC_NEWER_THAN_MACOS",
    ),
    (
        "whisper_init_state: failed to load Core ML model from 'models/ggml-small-encoder.mlmodelc'",
        "COREML_ENCODER_MODEL_MISSING",
    ),
    (
        'loc("-":0:0): error: current mps dialect version is 1.1.0, can\'t parse version 1.2.0',
        "JAX_METAL_MACOS_MISMATCH",
    ),
    (
        "Error loading shared library ld-linux-aarch64.so.1: No such file or directory (needed by /app/node_modules/onnxruntime-node/bin/napi-v3/linux/arm64/libonnxruntime.so.1.14.0)",
        "GLIBC_BINARY_ON_MUSL_LIBC",
    ),
    (
        "Error relocating /usr/lib/libnvinfer.so.8: __memcpy_chk: symbol not found",
        "GLIBC_BINARY_ON_MUSL_LIBC",
    ),
    (
        "E: Version '550.54.15-1' for 'nvidia-driver-550' was not found",
        "DRIVER_PACKAGE_DEPENDENCY_CONFLICT",
    ),
    (
        "containerd[812]: containerd: failed to load TOML from /etc/containerd/conf.d/99-nvidia.toml: drop-in config version 3 higher than root config version 2",
        "CONTAINER_TOOLKIT_BREAKS_ENGINE_CONFIG",
    ),
    (
        "RuntimeError: CUDA must not be initialized in the main process on Spaces with Stateless GPU environment.",
        "ZEROGPU_CUDA_INIT_OUTSIDE_GPU_FUNCTION",
    ),
    (
        "gradio.exceptions.Error: 'The requested GPU duration (240s) is larger than the maximum allowed'",
        "GPU_TASK_DURATION_OVER_PLATFORM_MAX",
    ),
    (
        "NvEGLImageFromFd: No EGLDisplay to create EGLImage",
        "JETSON_EGL_NO_DISPLAY",
    ),
    (
        "cuMemAlloc returned CUDA_ERROR_OUT_OF_MEMORY",
        "GPU_OOM",
    ),
]

# Section Z, verbatim: printed on working setups; never a cause.
NOISE = [
    "ERROR: ld.so: object '/soft/xalt/3.0.2/lib64/libxalt_init.so' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.",
    "ALSA lib confmisc.c:767:(parse_card) cannot find card '0'",
    "ALSA lib conf.c:4732:(_snd_config_evaluate) function snd_func_card_driver returned error: No such file or directory",
    "error: XDG_RUNTIME_DIR not set in the environment.",
    "'DISPLAY' environment variable not set... skipping surface info",
    "INFO 07-25 02:25:47 model_runner.py:984] CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode.",
    "INFO 07-02 17:08:12 [model_runner.py:1442] Capturing cudagraphs for decoding. If out-of-memory error occurs during cudagraph capture, consider decreasing `gpu_memory_utilization` or switching to eager mode.",
    "If you get `CUDA error: invalid device function` errors, the above might be the cause and the solution is to make sure only one ['libcudart.so', 'libcudart.so.11.0', 'libcudart.so.12.0'] in the paths that we search based on your env.",
    "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
    "system being overloaded, please further tune the variable for optimal performance in your application as needed.",
    "Non-Nvidia GPU monitoring is not supported in this version. NVML Shared Library Not Found",
    "W forward_type_inference.cc:231] Type inference failed. This indicates an invalid graph that escaped "
    "type checking. Error message: INVALID_ARGUMENT: expected compatible input types",
    "UserWarning: Tensorflow dtype mappings did not load successfully due to an error: No module named 'tensorflow'",
    # Folding@home's client: Windows' socket error 10053 while its work units go on
    "04:46:40:ERROR:Receive error: 10053: An established connection was aborted by the software in your host machine.",
    "Symbol cudaLaunchKernel not found in C:\\Program Files (x86)\\NVIDIA Corporation\\PhysX\\Common\\cudart64_65.dll",
    "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to register cuDNN factory: Attempting to "
    "register factory for plugin cuDNN when one has already been registered",
    "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1929] successful NUMA node read from SysFS had negative value "
    "(-1), but there must be at least one NUMA node, so returning NUMA node zero",
    "I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU "
    "instructions in performance-critical operations.",
    "I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may see slightly different numerical "
    "results due to floating-point round-off errors from different computation orders.",
    "W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT",
    "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.",
    "W0000 00:00:1795328518.174672 1 gpu_device.cc:2431] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no "
    "CUDA-capable device is detected",
    "I tensorflow/compiler/xla/service/service.cc:168] Not creating XLA devices, tf_xla_enable_xla_devices not set",
    "(DEBUG INFO) Executor start aborting (this does not indicate an error and you can ignore this message)",
    'nvidia-ctk[1774]: time="2026-02-25T02:22:21Z" level=warning msg="Could not locate '
    'libnvidia-egl-gbm.so.*.*: pattern libnvidia-egl-gbm.so.*.* not found\\nlibnvidia-egl-gbm.so.*.*: not found"',
    'nvidia-ctk[1774]: time="2026-02-25T02:22:21Z" level=warning msg="Failed to evaluate symlink '
    '/dev/dri/by-path/pci-0000:00:1e.0-card; ignoring"',
]


@pytest.mark.parametrize(
    ("line", "code"), LINES, ids=[f"{c}-{i}" for i, (_, c) in enumerate(LINES)]
)
def test_catalogue_line(line: str, code: str) -> None:
    diagnoses = diagnose_log(line, gpu_present=True)
    implied = {
        "PERF_RETRACING": ["PERF_EAGER_OR_PREDICT_LOOP"],
        "SLURM_TASK_OUT_OF_MEMORY": ["HOST_OOM"],  # the job's host memory
    }.get(code, [])
    assert [d.code for d in diagnoses] in ([code], [code, *implied])
    assert diagnoses[0].fix and f"line 1: {line}" in diagnoses[0].evidence


@pytest.mark.parametrize(
    ("line", "code"),
    [(line, code) for line, code in LINES if CODES[Code(code)].layer != "benign"],
    ids=lambda value: value if value in CODES else "",
)
def test_the_probe_reads_each_catalogue_line_as_doctor_does(line: str, code: str) -> None:
    # one engine: a reading another of the same line supersedes counts for neither
    assert classify(line, Code.MODEL_TRAINING_FAILED) is Code(code)


def test_deepspeeds_rewritten_visible_devices_are_a_cause_only_where_the_launch_fails() -> None:
    line = "Detected CUDA_VISIBLE_DEVICES=2: setting --include=localhost:2\n"
    assert diagnose_log(line) == []
    failed = diagnose_log(
        line + "Traceback (most recent call last):\nValueError: No slot '2' specified\n"
    )
    assert [d.code for d in failed][:1] == ["LAUNCHER_OVERRIDES_VISIBLE_DEVICES"]


def test_directml_on_the_integrated_of_two_adapters_is_named_from_both_lines() -> None:
    two = (
        "I dml_device_factory.cc:45] DirectML device enumeration: found 2 compatible adapters.\n"
        "I dml_device_factory.cc:32] DirectML: creating device on adapter 0 (Intel(R) UHD Graphics 620)\n"
    )
    assert [d.code for d in diagnose_log(two)] == ["DIRECTML_DEFAULT_ADAPTER_IS_IGPU"]
    one = two.replace("found 2", "found 1")
    assert "DIRECTML_DEFAULT_ADAPTER_IS_IGPU" not in [d.code for d in diagnose_log(one)]


def test_a_hosted_notebook_without_a_driver_runs_on_a_runtime_without_a_gpu() -> None:
    colab = (
        '  File "/content/segment-anything/notebook.py", line 3, in <module>\n'
        "RuntimeError: Found no NVIDIA driver on your system.\n"
    )
    assert [d.code for d in diagnose_log(colab)][:1] == ["NOTEBOOK_RUNTIME_WITHOUT_GPU"]
    bare = colab.replace("/content/", "/home/me/")
    assert "NOTEBOOK_RUNTIME_WITHOUT_GPU" not in [d.code for d in diagnose_log(bare)]
    hidden = "os.environ['CUDA_VISIBLE_DEVICES'] = '1'\n" + colab  # hidden, not absent
    assert "NOTEBOOK_RUNTIME_WITHOUT_GPU" not in [d.code for d in diagnose_log(hidden)]


def test_every_signature_code_is_exercised() -> None:
    assert {s.code for s in SIGNATURES} - {code for _, code in LINES} <= {
        "WSL_PINNED_MEMORY_LIMIT",  # a warning: a cause where the run fails (the test below)
        "LAUNCHER_OVERRIDES_VISIBLE_DEVICES",  # DeepSpeed's notice: where the launch fails (above)
        "PIP_NVIDIA_LIBS_NOT_ON_PATH",  # below: benign without a GPU
        "CUDA_RUNTIME_NOT_LOADABLE",  # below: with the libraries it implies
        "MIXED_FRAMEWORK_CUDA_CONFLICT",  # decided from two frameworks' facts (test_log_facts)
        "DIRECTML_DEFAULT_ADAPTER_IS_IGPU",  # two lines (the test above)
        "HEALTHY_BENIGN_NOISE",  # a note, never a failure (the Metal test below)
        "NCCL_NET_PLUGIN_ABI_TOO_OLD",  # NCCL's INFO line: where the run fails (the test at the end)
        "VISIBLE_DEVICES_UUID_UNSUPPORTED_BY_LIBRARY",  # a traceback's frame (the test below)
        "UCX_TLS_WITHOUT_CUDA_TRANSPORT",  # a launch's environment: where the run fails (below)
        "JAX_X64_DISABLED_DTYPE_TRUNCATED",  # JAX's warning: where the run fails (below)
    }


def test_ucx_transports_without_cudas_are_a_cause_only_where_the_run_fails() -> None:
    line = "mpirun -np 2 --mca pml ucx -x UCX_TLS=rc,sm ./a.out\n"
    assert diagnose_log(line) == []
    crash = "This MPI library does not have CUDA-aware support.\n[node1:4242] Segmentation fault\n"
    assert [d.code for d in diagnose_log(line + crash)][:1] == ["UCX_TLS_WITHOUT_CUDA_TRANSPORT"]
    cuda = line.replace("rc,sm", "rc,sm,cuda_copy,cuda_ipc")
    assert [d.code for d in diagnose_log(cuda + crash)][:1] == ["MPI_NOT_GPU_AWARE"]


def test_jaxs_truncated_dtype_is_a_cause_only_where_the_run_fails() -> None:
    warning = (
        "UserWarning: Explicitly requested dtype float64 requested in zeros is not available,"
        " and will be truncated to dtype float32.\n"
    )
    assert diagnose_log(warning) == []
    failed = diagnose_log(warning + "TypeError: mul got incompatible shapes for broadcasting\n")
    assert [d.code for d in failed][:1] == ["JAX_X64_DISABLED_DTYPE_TRUNCATED"]


def test_a_visible_device_read_as_an_integer_is_a_cause_only_of_a_traceback() -> None:
    frame = "    return int(physical_device_id)\n"
    assert diagnose_log(frame) == []
    failed = diagnose_log(
        frame + "ValueError: invalid literal for int() with base 10: 'GPU-5d3c'\n"
    )
    assert [d.code for d in failed][:1] == ["VISIBLE_DEVICES_UUID_UNSUPPORTED_BY_LIBRARY"]


def test_a_retracing_predict_function_is_a_predict_loop_too() -> None:
    line = LINES[[c for _, c in LINES].index("PERF_RETRACING")][0]
    assert [d.code for d in diagnose_log(line)] == ["PERF_RETRACING", "PERF_EAGER_OR_PREDICT_LOOP"]


@pytest.mark.parametrize("line", NOISE)
def test_noise_is_never_a_cause(line: str) -> None:
    assert not is_trouble(diagnose_log(line))


def test_jax_probing_its_backends_on_a_mac_with_metal_is_no_failure() -> None:
    probes = (
        "I0312 14:30:01.288698 7932478208 xla_bridge.py:660] Unable to initialize backend 'cuda': \n"
        "I0312 14:30:01.288793 7932478208 xla_bridge.py:660] Unable to initialize backend 'rocm': "
        "module 'jaxlib.xla_extension' has no attribute 'GpuAllocatorConfig'\n"
    )
    metal = "W0312 14:30:01.290431 7932478208 xla_bridge.py:758] Platform 'METAL' is experimental and not all JAX functionality may be correctly supported!\nMetal device set to: Apple M1 Max\n"
    assert is_trouble(diagnose_log(probes))  # alone, the notes read as a failure
    diagnoses = diagnose_log(probes + metal)
    assert not is_trouble(diagnoses)
    assert [d.code for d in diagnoses] == ["HEALTHY_BENIGN_NOISE"]


def test_nothing_recognisable_gives_no_diagnosis() -> None:
    assert diagnose_log("Epoch 1/10\n32/32 [====] - 1s 3ms/step - loss: 0.6\nhello world\n") == []


def test_lines_benign_only_without_a_gpu_count_where_a_gpu_shows() -> None:
    stub = "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used."
    assert [d.code for d in diagnose_log(stub)] == ["CPU_ONLY_HOST_BENIGN"]
    with_gpu = (
        "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |\n" + stub
    )
    assert [d.code for d in diagnose_log(with_gpu)] == ["PIP_NVIDIA_LIBS_NOT_ON_PATH"]
    assert [d.code for d in diagnose_log(stub, gpu_present=True)] == ["PIP_NVIDIA_LIBS_NOT_ON_PATH"]
    hidden = "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"
    assert [d.code for d in diagnose_log(hidden, gpu_present=True)] == ["GPU_HIDDEN_BY_ENV"]
    # TensorFlow's diagnostics print on every host without the NVIDIA driver, a GPU or not
    no_driver = (
        "I tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:156] kernel driver does "
        "not appear to be running on this host (h1): /proc/driver/nvidia/version does not exist"
    )
    assert not is_trouble(diagnose_log(no_driver))
    assert [d.code for d in diagnose_log(no_driver, gpu_present=True)] == ["DRIVER_NOT_AVAILABLE"]


# Whole logs: noise around one real cause (the shapes of the catalogue's quoted logs).
LOG_TF210_MISSING_CUDNN = """\
2023-05-02 10:01:11.511 I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.
To enable the following instructions: AVX2 FMA, in other operations, rebuild TensorFlow with the appropriate compiler flags.
2023-05-02 10:01:12.002 I tensorflow/compiler/xla/stream_executor/cuda/cuda_gpu_executor.cc:981] successful NUMA node read from SysFS had negative value (-1), but there must be at least one NUMA node, so returning NUMA node zero
2023-05-02 10:01:12.140 W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory; LD_LIBRARY_PATH: /usr/local/cuda/lib64
2023-05-02 10:01:12.141 W tensorflow/core/common_runtime/gpu/gpu_device.cc:1956] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU.
Skipping registering GPU devices...
[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]
"""
LOG_CUDNN_MISMATCH = """\
2024-01-10 09:00:00.1 E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered
2024-01-10 09:00:00.2 W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT
2024-01-10 09:00:02.3 I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, compute capability: 8.6
2024-01-10 09:00:05.4 E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.  CuDNN library needs to have matching major version and equal or higher minor version. If using a binary install, upgrade your CuDNN library.
2024-01-10 09:00:05.5 W tensorflow/core/framework/op_kernel.cc:1828] OP_REQUIRES failed at conv_ops.cc:1068 : UNIMPLEMENTED: DNN library is not found.
(DEBUG INFO) Executor start aborting (this does not indicate an error and you can ignore this message)
"""
LOG_CONTAINER = """\
==========
== CUDA ==
==========
CUDA Version 12.2.2
WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.
   Use the NVIDIA Container Toolkit to start this container with GPU support; see
   https://docs.nvidia.com/datacenter/cloud-native/ .
I0000 00:00:1795328518.174672 1 cpu_feature_guard.cc:227] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.
W0000 00:00:1795328519.0 1 gpu_device.cc:2341] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected
"""


@pytest.mark.parametrize(
    ("log", "codes"),
    [
        (LOG_TF210_MISSING_CUDNN, ["CUDA_LIBS_NOT_FOUND"]),
        (LOG_CUDNN_MISMATCH, ["CUDNN_VERSION_MISMATCH"]),
        (LOG_CONTAINER, ["CONTAINER_GPU_NOT_REQUESTED"]),
    ],
)
def test_whole_logs(log: str, codes: list[str]) -> None:
    diagnoses = [d for d in diagnose_log(log) if d.layer != "benign"]
    assert [d.code for d in diagnoses] == codes
    assert diagnoses[0].evidence and diagnoses[0].layer and diagnoses[0].fix


def test_causes_are_ordered_by_the_classifier_layers() -> None:
    log = (
        "ResourceExhaustedError: OOM when allocating tensor with shape[4096]\n"
        "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file\n"
        'The "tensorflow-gpu" package has been removed!\n'
    )
    assert [d.code for d in diagnose_log(log)] == [
        "DEPRECATED_TENSORFLOW_GPU_PKG",
        "CUDA_RUNTIME_NOT_LOADABLE",
        "GPU_OOM",
        "CUDA_LIBS_NOT_FOUND",  # the runtime's absence implies it: a symptom, after the causes
    ]


@pytest.mark.parametrize(
    "path",
    ["/usr/local/cuda/lib64:", ":/usr/local/cuda/extras/CUPTI/lib64", "/usr/local/nvidia/lib64"],
)
def test_a_dlerror_whose_loader_path_runs_through_cuda_is_no_cpu_host(path: str) -> None:
    dlerror = (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: "
        "No such file or directory"
    )
    alone = [d.code for d in diagnose_log(dlerror + "\n")]
    assert alone == ["CPU_ONLY_HOST_BENIGN"]  # what a CPU-only host prints too
    set_up = [d.code for d in diagnose_log(f"{dlerror}; LD_LIBRARY_PATH: {path}\n")]
    assert set_up == ["DRIVER_NOT_AVAILABLE"]
    other = [d.code for d in diagnose_log(f"{dlerror}; LD_LIBRARY_PATH: /opt/conda/lib\n")]
    assert other == ["CPU_ONLY_HOST_BENIGN"]


def test_a_cuda_build_no_channel_or_index_holds_is_the_os_on_a_mac() -> None:
    conda = (
        "PackagesNotFoundError: The following packages are not available from current channels:\n"
        "\n"
        "  - pytorch-cuda=12.1\n"
    )
    assert [d.code for d in diagnose_log(conda)] == ["CONDA_CUDA_VARIANT_NOT_ON_CHANNEL"]
    mac = "Platform: osx-arm64\n  - nothing provides cuda 11.7.* needed by pytorch-cuda-11.7-h67b0de4_0\n"
    assert [d.code for d in diagnose_log(mac)] == ["CUDA_WHEEL_REQUESTED_ON_UNSUPPORTED_OS"]
    pip = "ERROR: No matching distribution found for torch==2.1.2+cu118\n"
    assert [d.code for d in diagnose_log(pip)] == ["TORCH_CUDA_INDEX_NOT_PUBLISHED"]
    on_mac = "/Users/me/project/.venv/bin/python -m pip install torch==2.1.2+cu118\n" + pip
    assert [d.code for d in diagnose_log(on_mac)] == ["CUDA_WHEEL_REQUESTED_ON_UNSUPPORTED_OS"]


def test_a_python_2_nvml_binding_is_read_from_its_traceback() -> None:
    traceback = (
        '  File "/usr/lib/python3.6/site-packages/pynvml.py", line 1831\n'
        "    print c_count.value\n"
        "                ^\n"
        "SyntaxError: Missing parentheses in call to 'print'\n"
    )
    assert [d.code for d in diagnose_log(traceback)][:1] == ["PY2_ONLY_NVML_BINDING_ON_PY3"]


def test_a_python_without_any_wheel_is_not_read_as_a_missing_cuda_build() -> None:
    placeholder = (  # only the 0.1.2 placeholders: no wheel of any torch for this Python
        "ERROR: Could not find a version that satisfies the requirement torch==1.10.0+cu113 "
        "(from versions: 0.1.2, 0.1.2.post1, 0.1.2.post2)\n"
    )
    assert [d.code for d in diagnose_log(placeholder)] == ["PYTHON_UNSUPPORTED"]


def test_a_driver_older_than_the_gpu_is_read_from_the_kernels_lines() -> None:
    dmesg = (
        "[    4.1] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2684)\n"
        "[    4.1] NVRM: installed in this system is not supported by the\n"
        "[    4.1] NVRM: NVIDIA 470.199.02 driver release.\n"
        "[    4.1] NVRM: No NVIDIA GPU found.\n"
    )
    assert [d.code for d in diagnose_log(dmesg)] == ["DRIVER_OLDER_THAN_GPU"]
    legacy = (  # the other way round: the kernel module names the legacy branch
        "NVRM: The NVIDIA GeForce GTX 780 GPU installed in this system is\n"
        "NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please\n"
    )
    assert [d.code for d in diagnose_log(legacy)] == ["DRIVER_BRANCH_DROPPED_GPU"]


def test_ollama_finding_no_nvml_in_a_container_named_by_a_uuid_was_not_given_a_gpu() -> None:
    log = (
        "root@6abfea53-98bd-4c93-8cbe-3887fe8a3b42:/workflow# time=2024-02-16T15:55:38.877Z "
        'level=INFO source=gpu.go:94 msg="Detecting GPU type"\n'
        'time=2024-02-16T15:55:38.880Z level=INFO source=gpu.go:308 msg="Discovered GPU libraries: []"\n'
    )
    assert [d.code for d in diagnose_log(log)] == ["CONTAINER_GPU_NOT_REQUESTED"]
    on_a_host = log.replace("root@6abfea53-98bd-4c93-8cbe-3887fe8a3b42:/workflow# ", "")
    assert "CONTAINER_GPU_NOT_REQUESTED" not in [d.code for d in diagnose_log(on_a_host)]


@pytest.mark.parametrize(
    ("line", "code"),
    [  # wordings no signature knows, read by the loose words of their class
        (
            "RuntimeError: this extension was built only for sm_90 but the GPU is sm_80",
            "WHEEL_LACKS_ARCH_KERNELS",
        ),
        (
            "ValueError: mylib was compiled without CUDA, cannot use device cuda",
            "CPU_ONLY_TF_BUILD",
        ),
        (
            "RuntimeError: the kernel needs cp.async of compute capability 8.0",
            "GPU_FEATURE_NEEDS_NEWER_ARCH",
        ),
        ("RuntimeError: worker exited with exitcode -9", "HOST_OOM"),
        ("OSError: the paging file is full", "HOST_OOM"),
        ("RuntimeError: paged attention only supports Hopper GPUs", "GPU_FEATURE_NEEDS_NEWER_ARCH"),
        ("error: async copies are only supported for sm_80 and up", "GPU_FEATURE_NEEDS_NEWER_ARCH"),
        ("ValueError: fp8 weights not supported on this GPU", "GPU_FEATURE_NEEDS_NEWER_ARCH"),
        ("RuntimeError: Device API gpu is not enabled in this package", "CPU_ONLY_TF_BUILD"),
        (
            "ValueError: mylib: roi_align: implementation for device cuda:0 not found",
            "CPU_ONLY_TF_BUILD",
        ),
        ("RuntimeError: Unknown backend: 'gpu' requested", "CPU_ONLY_TF_BUILD"),
        ("ERROR: No matching distribution found for somepkg-gpu==1.2", "PYTHON_UNSUPPORTED"),
        ("[0 NVIDIA GeForce GTX 1650]  vkAllocateMemory failed -2", "GPU_OOM"),
        ("metal: command buffer 3 failed: Insufficient Memory (00000008)", "GPU_OOM"),
        (
            "docker: nvidia-container-cli: device error: 3: unknown device: unknown.",
            "GPU_INDEX_OUT_OF_RANGE",
        ),
        ("pynvml.NVMLError: NVML_ERROR_LIB_RM_VERSION_MISMATCH", "DRIVER_LIBRARY_MISMATCH"),
        (
            "NVRM: GPU 0000:01:00.0 is not supported by open nvidia.ko",
            "OPEN_KERNEL_MODULE_UNSUPPORTED_GPU",
        ),
        (
            "OSError: libze_loader.so.1: cannot open shared object file: No such file or directory",
            "INTEL_GPU_DRIVER_MISSING",
        ),
        (
            "node3:7:7 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.2<4242> with error 5",
            "NCCL_INTERNODE_NETWORK",
        ),
        (
            "ImportError: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short",
            "IMAGE_BUNDLES_DRIVER_LIBS",
        ),
        ("Loading model weights ...\nKilled", "HOST_OOM"),
        ("zsh: 4242 killed     python train.py", "HOST_OOM"),
        ("ptxas error   : 'ptxas' died due to signal 9 (Kill signal)", "HOST_OOM"),
        ("Error: training job exited with error code 137", "HOST_OOM"),
        ("gpustat: NVMLError: Driver Not Loaded", "DRIVER_NOT_AVAILABLE"),
        (
            "insmod: ERROR: could not insert 'nvidia': Unknown symbol in module",
            "DRIVER_NOT_AVAILABLE",
        ),
        (
            "OSError: could not find a compatible kernel build for compute capability 8.9",
            "WHEEL_LACKS_ARCH_KERNELS",
        ),
        (
            "RuntimeError: the library was not built for the current GPU (sm_89)",
            "WHEEL_LACKS_ARCH_KERNELS",
        ),
        ("ERROR: Target GPU SM 100 is not supported by this build", "WHEEL_LACKS_ARCH_KERNELS"),
        (
            "Error: runtime compute capability 8.6 is incompatible with the compile-time one 9.0",
            "WHEEL_LACKS_ARCH_KERNELS",
        ),
        (
            "Warning: the device does not support efficient fp16 computation",
            "GPU_FEATURE_NEEDS_NEWER_ARCH",
        ),
        ("RuntimeError: outdated cuDNN found, please upgrade to 9.1", "CUDNN_VERSION_MISMATCH"),
        (
            "RuntimeError: torch has CUDA version 12.1 and torchaudio has CUDA version 11.8. "
            "Please install matching versions",
            "TORCH_EXTENSION_ABI_MISMATCH",
        ),
        (
            "OSError: libtorchcodec.so: undefined symbol: aoti_torch_create_tensor_from_blob",
            "TORCH_EXTENSION_ABI_MISMATCH",
        ),
        (
            "AttributeError: module 'tensorflow.python.framework.ops' has no attribute 'RegisterGradient'",
            "KERAS_VERSION_MISMATCH",
        ),
        ("mylib error: Arch mismatch on device 0", "GPU_ARCH_TOO_OLD"),
        ("RuntimeError: please use a device with at least capability 6.0", "GPU_ARCH_TOO_OLD"),
        (
            "Error: your GPU (compute capability 3.5) is not supported on CUDA 12.\n"
            "Please use a device with at least capability 5.0",
            "GPU_ARCH_TOO_OLD",
        ),
        (
            "nvcc error   : host compiler version 14 is not supported by this CUDA release",
            "HOST_COMPILER_TOO_NEW_FOR_NVCC",
        ),
        (
            "error: clang++ 17.0.1 is greater than the maximum supported version by CUDA 12.1",
            "HOST_COMPILER_TOO_NEW_FOR_NVCC",
        ),
        (
            "kernel.cu(12): error: struct cudaDeviceProp has no member memoryClockRate",
            "CUDA_TOOLKIT_TOO_NEW_FOR_SOURCE",
        ),
        (
            "[TRT] [E] Plugin creator for MyNMS_TRT not found in the plugin registry",
            "TRT_PLUGIN_NOT_LOADED",
        ),
        ("[E] Error[3]: cannot find plugin: ScatterND, version: 1", "TRT_PLUGIN_NOT_LOADED"),
        (
            "UCX ERROR: max locked memory limit is too low (64 kB), raise it with ulimit -l unlimited",
            "RDMA_MEMLOCK_LIMIT_TOO_LOW",
        ),
        (
            "ERROR: the requested GPU type a2-highgpu-1g is not available in this zone",
            "CLOUD_GPU_SHAPE_NOT_OFFERED",
        ),
        (
            "ImportError: error: static TLS space exhausted, cannot dlopen libfoo.so",
            "STATIC_TLS_SLOTS_EXHAUSTED",
        ),
        ("RuntimeError: ncclCommInitRank failed: ncclInvalidUsage", "NCCL_RANKS_SHARE_GPU"),
        ("RuntimeError: ncclAllReduce failed: ncclRemoteError", "NCCL_INTERNODE_NETWORK"),
    ],
)
def test_an_unknown_wording_is_read_by_its_class_words(line: str, code: str) -> None:
    assert [d.code for d in diagnose_log(line + "\n")][:1] == [code]


def test_a_gpu_missing_in_buildkits_step_output_is_the_image_build() -> None:
    step = (  # BuildKit's plain progress: the step's number and seconds lead each line
        "#7 1.236 cudaGetDeviceCount returned 35\n"
        "#7 1.236 -> CUDA driver version is insufficient for CUDA runtime version\n"
    )
    assert [d.code for d in diagnose_log(step)][:1] == ["DOCKER_BUILD_HAS_NO_GPU"]
    on_a_host = step.replace("#7 1.236 ", "")
    assert [d.code for d in diagnose_log(on_a_host)][:1] == ["DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"]


def test_numba_needing_minor_version_compatibility_it_lacks_is_a_driver_too_old() -> None:
    report = (  # numba -s, a runtime newer than the driver and no package that bridges them
        "CUDA Driver Version                           : 11.5\n"
        "CUDA Runtime Version                          : 11.8\n"
        "CUDA Minor Version Compatibility Available    : False\n"
        "CUDA Minor Version Compatibility Needed       : True\n"
    )
    assert [d.code for d in diagnose_log(report)] == ["DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"]
    bridged = report.replace("Available    : False", "Available    : True ")
    assert [d.code for d in diagnose_log(bridged)] == []


def test_a_notice_that_lazy_loading_is_not_enabled_is_no_cpu_only_build() -> None:
    notice = "CUDA lazy loading is not enabled. Enabling it can significantly reduce device memory"
    assert "CPU_ONLY_TF_BUILD" not in [d.code for d in diagnose_log(notice + "\n")]


def test_diagnoses_from_probe_checks_put_failures_first() -> None:
    checks = [
        {
            "id": "gpu.arch",
            "level": 2,
            "status": "warn",
            "summary": "PTX JIT",
            "code": "GPU_ARCH_NEWER_THAN_WHEEL",
        },
        {
            "id": "build.accelerator",
            "level": 1,
            "status": "fail",
            "summary": "CPU-only",
            "code": "CPU_ONLY_TF_BUILD",
            "evidence": ["is_cuda_build: False"],
            "fix": "install tensorflow[and-cuda]",
        },
        {"id": "framework.import", "level": 1, "status": "pass", "summary": "ok", "code": None},
    ]
    assert [d.code for d in diagnose_checks(Check.from_dict(c) for c in checks)] == [
        "CPU_ONLY_TF_BUILD",
        "GPU_ARCH_NEWER_THAN_WHEEL",
    ]


PUBLIC_LOGS = sorted((Path(__file__).parents[1] / "fixtures" / "logs" / "public").glob("*.log"))


@pytest.mark.parametrize("path", PUBLIC_LOGS, ids=lambda p: p.stem)
def test_logs_users_posted_in_public_threads(path: Path) -> None:
    """Each fixture is a log from a public issue thread (its header cites it) with the one cause
    doctor must name; nothing else in it may become a cause."""
    text = path.read_text(encoding="utf-8")
    header = dict(line[2:].split(": ", 1) for line in text.splitlines() if line.startswith("# "))
    assert header["source"].startswith("https://github.com/")
    log = "\n".join(line for line in text.splitlines() if not line.startswith("# "))
    facts = extract_facts(log)
    diagnoses = by_layer(
        merge(diagnose_log(log), knowledge_diagnoses(facts, load_knowledge(), None))
    )
    assert [d.code for d in diagnoses] == header["expect"].split(", ")
    assert all(d.evidence and d.fix for d in diagnoses)


def test_every_public_log_class_has_a_fixture() -> None:
    expected = {
        "CUDNN_VERSION_MISMATCH",
        "XLA_PTXAS_TOO_OLD",
        "ROCM_MEMORY_ACCESS_FAULT",
        "PLAIDML_NO_DEVICE",
        "KERAS3_WHERE_TF_KERAS_EXPECTED",
        "METAL_PLUGIN_LOAD_FAILED",
        "WINDOWS_NATIVE_TF_GE_2_11",
    }
    found = {
        code
        for path in PUBLIC_LOGS
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("# expect: ")
        for code in line.split(": ", 1)[1].split(", ")
    }
    assert expected <= found


def test_jax_trying_a_tpu_on_a_machine_without_one_is_no_cause() -> None:
    info = (
        "INFO:jax._src.xla_bridge:Unable to initialize backend 'tpu': INTERNAL: Failed to open "
        "libtpu.so: libtpu.so: cannot open shared object file: No such file or directory\n"
    )
    assert "LIBTPU_MISSING_OR_MISMATCHED" not in [d.code for d in diagnose_log(info)]


def test_a_warning_the_program_survives_is_a_cause_only_where_the_run_fails() -> None:
    pinned = "WARNING: failed to allocate 1024.00 MB of pinned memory: out of memory\n"
    assert "WSL_PINNED_MEMORY_LIMIT" not in [
        d.code for d in diagnose_log(pinned + "llama_print_timings: done\n")
    ]
    failed = pinned + "CUDA error 2 at ggml-cuda.cu:6301: out of memory\n"
    assert [d.code for d in diagnose_log(failed)][0] == "WSL_PINNED_MEMORY_LIMIT"


def test_lines_known_to_be_benign_resemble_no_corpus_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """hipBLASLt without kernels for the GPU falls back to rocBLAS: its error-worded lines are
    benign, and a log of only those is compared with no corpus log (the neighbours stay silent)."""
    import envforge.log_reading as log_reading

    log = (
        "ollama[307422]: rocblaslt error: Cannot read /usr/local/lib/ollama/rocm/hipblaslt/library/"
        "TensileLibrary_lazy_gfx1201.dat: No such file or directory\n"
        "ollama[307422]: rocblaslt error: Could not load /usr/local/lib/ollama/rocm/hipblaslt/library/"
        "TensileLibrary_lazy_gfx1201.dat\n"
        "ollama[307422]: hipBLASLt error: Heuristic Fetch Failed\n"
    )
    assert [d.code for d in diagnose_log(log)] == []
    monkeypatch.setattr(log_reading, "is_benign", lambda text: False)  # compared after all
    assert [d.code for d in diagnose_log(log)] != []


def test_a_gpu_within_pytorchs_range_is_no_failure_but_a_kernel_error_still_is() -> None:
    warning = (
        "UserWarning:\n    Found GPU0 NVIDIA RTX 6000 Ada Generation which is of cuda capability 8.9.\n"
        "    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
        "    (8.9) - (9.0)\n"
    )
    assert [d.code for d in diagnose_log(warning + "tensor([1.], device='cuda:0')\n")] == [
        "HEALTHY_BENIGN_NOISE"
    ]
    failed = (
        warning
        + "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    )
    assert [d.code for d in diagnose_log(failed)][:1] == ["WHEEL_LACKS_ARCH_KERNELS"]


def test_pytorch_27s_list_of_capabilities_decides_too_old_against_the_lowest() -> None:
    v100 = (
        "UserWarning: Found GPU0 Tesla V100-PCIE-32GB which is of compute capability (CC) 7.0.\n"
        "The following list shows the CCs this version of PyTorch was built for and the hardware CCs it supports:\n"
        "- 7.5 which supports hardware CC >=7.5,<8.0\n"
        "- 9.0 which supports hardware CC >=9.0,<10.0\n"
    )
    assert [d.code for d in diagnose_log(v100)][:1] == ["GPU_ARCH_TOO_OLD"]
    newer = v100.replace(
        "V100-PCIE-32GB which is of compute capability (CC) 7.0",
        "B300 which is of compute capability (CC) 10.3",
    )
    assert [d.code for d in diagnose_log(newer)][:1] == ["WHEEL_LACKS_ARCH_KERNELS"]


def test_an_xpu_found_nowhere_from_a_conda_env_is_its_libstdcxx() -> None:
    line = "/home/me/anaconda3/envs/ipex/lib/python3.10/site-packages/torch/xpu/__init__.py:57: UserWarning: XPU device count is zero!"
    assert [d.code for d in diagnose_log(line)][:2] == [
        "LIBSTDCXX_GLIBC_TOO_OLD",
        "INTEL_GPU_DRIVER_MISSING",
    ]
    bare = line.replace("/home/me/anaconda3/envs/ipex/lib/python3.10", "/usr/lib/python3")
    assert [d.code for d in diagnose_log(bare)][:1] == ["INTEL_GPU_DRIVER_MISSING"]


def test_a_runtime_of_the_drivers_cuda_major_is_no_driver_too_old() -> None:
    smi = "| NVIDIA-SMI 460.32.03    Driver Version: 460.32.03    CUDA Version: 11.2     |\n"
    minor = smi + "Version: 1.11.0+cu113\n"
    assert "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" not in [d.code for d in diagnose_log(minor)]
    major = smi + "Version: 2.1.0+cu121\n"
    assert "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in [d.code for d in diagnose_log(major)]


def test_rocminfo_out_of_resources_is_the_device_nodes_on_linux_and_the_release_under_wsl() -> None:
    line = "hsa api call failure at: /long_pathname/rocminfo/rocminfo.cc:1306\nCall returned HSA_STATUS_ERROR_OUT_OF_RESOURCES\n"
    assert [d.code for d in diagnose_log(line, gpu_present=True)][:1] == ["ROCM_DEVICE_PERMISSIONS"]
    wsl = "WSL environment detected.\n" + line
    assert [d.code for d in diagnose_log(wsl, gpu_present=True)][:1] == [
        "ROCM_WSL_RELEASE_UNSUPPORTED"
    ]


def test_no_driver_inside_singularity_without_a_sign_of_nv_is_the_missing_nv() -> None:
    inside = (
        "Apptainer> python train.py\nRuntimeError: Found no NVIDIA driver on your system. Please "
        "check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n"
    )
    assert [d.code for d in diagnose_log(inside)][:1] == ["SINGULARITY_NO_NV"]
    asked = "$ singularity shell --nv image.sif\n" + inside
    assert "SINGULARITY_NO_NV" not in [d.code for d in diagnose_log(asked)]


@pytest.mark.parametrize(
    ("gpu", "code"), [("75", "GPU_ARCH_TOO_OLD"), ("90", "WHEEL_LACKS_ARCH_KERNELS")]
)
def test_a_build_for_another_compute_capability_is_told_by_which_is_older(
    gpu: str, code: str
) -> None:
    line = f"Could not start backend: Runtime compute cap {gpu} is not compatible with compile time compute cap 80\n"
    assert [d.code for d in diagnose_log(line)][:1] == [code]


@pytest.mark.parametrize(
    "log",
    [
        "comfyui-1  | RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n",
        '$ docker exec -it trainer nvidia-smi\nOCI runtime exec failed: exec failed: unable to start container process: exec: "nvidia-smi": executable file not found in $PATH: unknown\n',
    ],
)
def test_no_driver_in_a_compose_service_or_an_exec_shell_is_a_container_without_a_gpu(
    log: str,
) -> None:
    assert [d.code for d in diagnose_log(log)][:1] == ["CONTAINER_GPU_NOT_REQUESTED"]


@pytest.mark.parametrize(
    "log",
    [
        ">>> print(torch.version.cuda)\nNone\n>>> torch.cuda.is_available()\nFalse\n",
        "PyTorch version: 2.2.0\nCUDA used to build PyTorch: None\nOS: Microsoft Windows 11 Home\nIs CUDA available: False\n",
    ],
)
def test_pytorch_built_without_cuda_is_a_cpu_build_in_any_printers_words(log: str) -> None:
    assert [d.code for d in diagnose_log(log)][:1] == ["CPU_ONLY_TF_BUILD"]


def test_tensorflow_of_no_stated_release_on_windows_is_told_by_its_banner() -> None:
    banner = (
        "I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to "
        "use available CPU instructions in performance-critical operations.\n"
        "Num GPUs Available:  0\n"
    )
    windows = banner + '  File "C:\\\\Users\\\\me\\\\train.py", line 3, in <module>\n'
    assert [d.code for d in diagnose_log(windows)][:1] == ["WINDOWS_NATIVE_TF_GE_2_11"]
    assert "WINDOWS_NATIVE_TF_GE_2_11" not in [d.code for d in diagnose_log(banner)]


@pytest.mark.parametrize(
    ("wanted", "mismatch"),
    [
        (
            "ImportError: libcublas.so.11: cannot open shared object file: No such file or directory",
            True,
        ),
        (
            "ImportError: libcublas.so.12: cannot open shared object file: No such file or directory",
            False,
        ),
        # CUDA 11's runtime is libcudart.so.11.0 for every 11.x: 11.2 is no other release
        (
            "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file",
            False,
        ),
    ],
)
def test_the_cuda_a_library_name_wants_is_compared_by_major_from_cuda_11(
    wanted: str, mismatch: bool
) -> None:
    toolkit = "11.2" if "11.0" in wanted else "12.2"
    log = f"{wanted}\nCuda compilation tools, release {toolkit}, V{toolkit}.140\n"
    assert ("CUDA_VERSION_MATRIX_MISMATCH" in [d.code for d in diagnose_log(log)]) is mismatch


def test_pytorch_seeing_no_gpu_on_a_jetson_is_pypis_cpu_wheel_but_an_integrated_gpu_is_no_jetson() -> (
    None
):
    repl = ">>> import torch\n>>> torch.cuda.is_available()\nFalse\n"
    assert [d.code for d in diagnose_log("root@jetsonxavier:~# python3\n" + repl)][:1] == [
        "CPU_ONLY_TF_BUILD"
    ]
    assert "CPU_ONLY_TF_BUILD" not in [
        d.code for d in diagnose_log("Intel(R) UHD Graphics (integrated)\n" + repl)
    ]


def test_two_frameworks_at_work_in_one_process_with_a_cudnn_mismatch_is_their_conflict() -> None:
    mismatch = "E0000 00:00:1.0 cuda_dnn.cc:535] Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.9.4.\n"
    both = (
        '  File "/opt/venv/lib/python3.10/site-packages/torch/__init__.py", line 1, in <module>\n'
        '  File "/opt/venv/lib/python3.10/site-packages/tensorflow/__init__.py", line 1, in <module>\n'
    )
    assert [d.code for d in diagnose_log(both + mismatch)][:1] == ["MIXED_FRAMEWORK_CUDA_CONFLICT"]
    assert [d.code for d in diagnose_log(mismatch)][:1] == ["CUDNN_VERSION_MISMATCH"]


def test_cray_mpichs_gpu_layer_finding_no_device_is_a_slurm_job_given_no_gpu() -> None:
    log = "GTL_DEBUG: [0] cudaHostRegister: no CUDA-capable device is detected\n"
    assert [d.code for d in diagnose_log(log)][:1] == ["SLURM_GPU_NOT_REQUESTED"]


def test_a_cuda_build_finding_no_gpu_where_an_amd_one_is_named_is_the_wrong_backend() -> None:
    fails = "RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to disable this check\n"
    amd = "Using GPU: AMD Radeon RX 6700 XT\n"
    decided = "a CUDA build finds no usable GPU"  # the rule's words (a neighbour may resemble too)
    first = diagnose_log(amd + fails)[0]
    assert first.code == "APP_GPU_BACKEND_MISMATCH" and first.summary.startswith(decided)
    rocm = amd + "torch 2.3.1+rocm6.0\n" + fails
    assert not [d for d in diagnose_log(rocm) if d.summary.startswith(decided)]
    assert not [d for d in diagnose_log(fails) if d.summary.startswith(decided)]


def test_an_ngc_container_older_than_the_gpu_is_a_cause_only_where_the_run_failed() -> None:
    """NGC's warning is printed on runs that work too (PTX JIT); it explains a kernel that fails."""
    warning = (
        "WARNING: Detected NVIDIA NVIDIA GeForce RTX 3090 GPU, which is not yet supported in this "
        "version of the container\n"
    )
    worked = diagnose_log(warning + "Epoch 1/1\n10/10 [====] - 3s - loss: 0.1\n")
    assert "GPU_ARCH_NEWER_THAN_WHEEL" not in [d.code for d in worked]
    failed = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    codes = [d.code for d in diagnose_log(warning + failed, gpu_present=True)]
    assert codes[:2] == ["GPU_ARCH_NEWER_THAN_WHEEL", "WHEEL_LACKS_ARCH_KERNELS"]


@pytest.mark.parametrize(
    "line",
    [
        "/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link",
        "amdgpu.ids: No such file or directory",
        "rocBLAS warning: hipBlasLT failed, falling back to tensile.",
        "Warning: Conda not available.\n Error was [Errno 2] No such file or directory: 'conda'",
        "Warning (no file): /sys/fs/cgroup/cpuacct/cpu.cfs_quota_us",
        "warning: failed to mlock 139264000-byte buffer (after previously locking 0 bytes): Cannot "
        "allocate memory\nTry increasing RLIMIT_MLOCK ('ulimit -l' as root).",
        "MIOpen(HIP): Warning [SQLiteBase] Missing system database file: gfx1030_40.kdb Performance "
        "may degrade. Please follow instructions to install: "
        "https://github.com/ROCmSoftwarePlatform/MIOpen#installing-miopen-kernels-package",
        "W tensorflow/core/common_runtime/gpu/gpu_bfc_allocator.cc:47] Overriding orig_value setting "
        "because the TF_FORCE_GPU_ALLOW_GROWTH environment variable is set. Original config value was 0.",
    ],
)
def test_noise_of_working_setups_is_no_cause_and_resembles_nothing(line: str) -> None:
    """Printed by WSL 2's ldconfig, ROCm, hipBLASLt, TensorFlow, `numba -s` and llama.cpp on
    setups that work."""
    assert [d.code for d in diagnose_log(line + "\nRuntimeError: boom\n")] == []


def test_c10ds_retrying_client_is_outranked_by_any_cause_and_silent_on_working_runs() -> None:
    """The client's warning is printed while it retries (errno 99 on localhost on working runs)."""
    warning = (
        "[W socket.cpp:601] [c10d] The client socket has failed to connect to [localhost]:29500 "
        "(errno: 99 - Cannot assign requested address).\n"
    )
    assert [d.code for d in diagnose_log(warning + "Epoch 1 done\n")] == []
    oom = "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
    assert [d.code for d in diagnose_log(warning + oom)][0] == "GPU_OOM"


def test_tensorflow_listing_only_cpus_as_available_devices_sees_no_gpu() -> None:
    """'Cannot assign a device ... available devices are [CPU]' is no GPU, not an op without a
    GPU kernel; nothing it resembles may be a failure that is not a missing GPU."""
    from envforge.log_reading import _SEES_A_GPU

    line = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot assign a device for "
        "operation MatMul: node MatMul (defined at <stdin>:1) was explicitly assigned to "
        "/device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. "
        "Make sure the device specification refers to a valid device.\n"
    )
    assert extract_facts(line).no_gpu
    codes = [d.code for d in diagnose_log(line)]
    assert "PERF_CPU_FALLBACK_OPS" not in codes
    assert not {Code(c) for c in codes} & _SEES_A_GPU
    nccl = "RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n"
    assert extract_facts(nccl).no_gpu
    assert not {Code(d.code) for d in diagnose_log(nccl)} & _SEES_A_GPU
    with_gpu = line.replace(
        "device:CPU:0 ]", "device:CPU:0, /job:localhost/replica:0/task:0/device:GPU:0 ]"
    )
    assert not extract_facts(with_gpu).no_gpu
    assert "PERF_CPU_FALLBACK_OPS" in [d.code for d in diagnose_log(with_gpu)]


def test_a_neighbour_of_a_cause_the_facts_rule_out_does_not_vote() -> None:
    from envforge.log_neighbours import nearest

    lines = ["RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 7.79 GiB total)"]
    first = nearest(lines)
    assert first is not None
    again = nearest(lines, frozenset({first.code}))
    assert again is None or again.code != first.code


@pytest.mark.parametrize(
    "line",
    [
        "ERROR: Check failed: error == cudaSuccess (29 vs. 0) driver shutting down",
        "  what():  CUDA error: driver shutting down",
        "ERROR: Deserialize engine failed because file path: /opt/nvidia/deepstream/model_b1_gpu0_fp32.engine open error",
        "NvDsInferContext[UID 1]: Warning from NvDsInferContextImpl::generateBackendContext() "
        "<nvdsinfer_context_impl.cpp:1996> [UID = 1]: deserialize backend context from engine from file "
        ":/opt/nvidia/deepstream/model_b1_gpu0_fp32.engine failed, try rebuild",
        "(gst-plugin-scanner:7): GStreamer-WARNING **: 18:43:36.519: Failed to load plugin "
        "'/usr/lib/x86_64-linux-gnu/gstreamer-1.0/deepstream/libnvdsgst_udp.so': librivermax.so.0: "
        "cannot open shared object file: No such file or directory",
    ],
)
def test_what_a_working_run_prints_at_exit_and_deepstreams_first_run_are_benign(line: str) -> None:
    """CUDA called by a destructor after the driver unloaded (cudaErrorCudartUnloading), a
    DeepStream pipeline with no engine file yet (it builds one) and GStreamer's scan of plugins
    that need Triton or Rivermax: noise of runs that worked."""
    from envforge.log_reading import is_benign

    assert is_benign(line) and [d.code for d in diagnose_log(line + "\n")] == []


def test_a_slurm_step_that_failed_for_a_cause_of_its_own_did_not_want_a_gpu() -> None:
    """pyxis' seccomp filter or a GPU's ECC error in a Slurm job are the failure: no second cause
    that the job asked for no GPU."""
    for line in (
        "slurmstepd: error: pyxis: seccomp filter failed: Invalid argument:22",
        "srun: error: gpu-node-3: task 0: RuntimeError: CUDA error: uncorrectable ECC error encountered",
    ):
        assert "SLURM_GPU_NOT_REQUESTED" not in [d.code for d in diagnose_log(line + "\n")]


def test_a_container_run_without_gpus_that_failed_for_a_cause_of_its_own_did_not_want_one() -> None:
    """docker run without --gpus whose process fails for a cause that is not a missing GPU (Intel's
    Level Zero loader absent from the image) is that cause, not a GPU left unrequested."""
    log = (
        '$ docker run --rm -it intel/intel-extension-for-pytorch:xpu python -c "import torch"\n'
        "OSError: libze_loader.so.1: cannot open shared object file: No such file or directory\n"
    )
    assert [d.code for d in diagnose_log(log)] == ["INTEL_GPU_DRIVER_MISSING"]
    no_gpu = "$ docker run --rm -it pytorch/pytorch python -c 'import torch'\nRuntimeError: Found no NVIDIA driver on your system.\n"
    assert [d.code for d in diagnose_log(no_gpu)][0] == "CONTAINER_GPU_NOT_REQUESTED"


def test_aws_lambdas_error_report_is_a_failed_run_on_a_runtime_without_a_gpu() -> None:
    """Lambda reports a function's exception as JSON (errorType, stackTrace) and runs Python from
    /var/lang: a run that failed, on a service that offers no GPU (a wave 41 dev log)."""
    log = LAMBDA_REPORT
    assert [d.code for d in diagnose_log(log)][0] == "NOTEBOOK_RUNTIME_WITHOUT_GPU"


LAMBDA_REPORT = '{"errorMessage": "\\nFound no NVIDIA driver on your system. Please check that you\\nhave an NVIDIA GPU and installed a driver from\\nhttp://www.nvidia.com/Download/index.aspx", "errorType": "AssertionError", "stackTrace": ["  File \\"/var/task/app.py\\", line 25, in handler\\n    torch_image = scaled_img.unsqueeze(0).to(\'cuda\')\\n", "  File \\"/var/lang/lib/python3.8/site-packages/torch/cuda/__init__.py\\", line 196, in _lazy_init\\n    _check_driver()\\n", "  File \\"/var/lang/lib/python3.8/site-packages/torch/cuda/__init__.py\\", line 98, in _check_driver\\n    raise AssertionError(\\"\\"\\"\\n"]}\n'


def test_cuinits_unknown_error_after_the_driver_refused_the_gpu_is_that_refusal() -> None:
    """CUDA.jl on a driver of the CUDA 13 branch and a V100: the driver's refusal of the GPU, then
    cuInit's unknown error (999) that it causes."""
    log = (
        "Error: Your Tesla V100-PCIE-32GB GPU (compute capability 7.0) is not supported on CUDA 13+.\n"
        "Please use a device with at least capability 7.5, or downgrade your NVIDIA driver to below v580.\n"
        "ERROR: CUDA error: unknown error (code 999, ERROR_UNKNOWN)\n"
    )
    assert [d.code for d in diagnose_log(log)][:2] == ["GPU_ARCH_TOO_OLD", "CUDA_INIT_UNKNOWN"]


def test_the_drivers_invalid_device_saying_invalid_device_ordinal_is_the_ordinal() -> None:
    """CUDA_ERROR_INVALID_DEVICE is an exclusive-mode GPU's refusal of a context too; with its string
    "invalid device ordinal" (XLA asking for CUDA:1 in a one-GPU task) it is the index."""
    line = (
        "W external/xla/xla/service/platform_util.cc:199] unable to create StreamExecutor for CUDA:1: "
        "failed initializing StreamExecutor for CUDA device ordinal 1: INTERNAL: Failed call to "
        "cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal\n"
    )
    assert [d.code for d in diagnose_log(line)][0] == "GPU_INDEX_OUT_OF_RANGE"
    assert [d.code for d in diagnose_log("cuCtxCreate: CUDA_ERROR_INVALID_DEVICE\n")] == [
        "GPU_BUSY_OR_UNAVAILABLE"
    ]


def test_any_failure_but_a_missing_gpu_is_a_slurm_jobs_own() -> None:
    """A code no list names as 'not a missing GPU' (pyxis refusing an image newer than the node's
    driver) still keeps a failed Slurm job from reading as one that asked for no GPU: only what a
    process without a GPU prints does."""
    log = (
        "srun: job 4242 queued and waiting for resources\n"
        "slurmstepd: error: pyxis:     nvidia-container-cli: requirement error: unsatisfied "
        "condition: cuda>=12.2, please update your driver to a newer version, or use an earlier "
        "cuda container\n"
        "srun: error: node01: task 0: Exited with exit code 1\n"
    )
    assert [d.code for d in diagnose_log(log)] == ["CONTAINER_CUDA_NEWER_THAN_DRIVER"]
    no_gpu = "srun: job 4242 queued\nRuntimeError: No CUDA GPUs are available\n"
    assert [d.code for d in diagnose_log(no_gpu)][0] == "SLURM_GPU_NOT_REQUESTED"


# CUDA's error enumeration: (runtime name, driver name, string, the cause)
CUDA_ERRORS = [
    ("cudaErrorInsufficientDriver", None, "CUDA driver version is insufficient for CUDA runtime version", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    ("cudaErrorCallRequiresNewerDriver", None, "API call is not supported in the installed CUDA driver", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    ("cudaErrorDevicesUnavailable", None, "CUDA-capable device(s) is/are busy or unavailable", "GPU_BUSY_OR_UNAVAILABLE"),
    ("cudaErrorECCUncorrectable", "CUDA_ERROR_ECC_UNCORRECTABLE", "uncorrectable ECC error encountered", "GPU_UNCORRECTABLE_ECC_ERROR"),
    ("cudaErrorUnsupportedPtxVersion", "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "the provided PTX was compiled with an unsupported toolchain.", "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME"),
    ("cudaErrorNoKernelImageForDevice", "CUDA_ERROR_NO_BINARY_FOR_GPU", "no kernel image is available for execution on the device", "WHEEL_LACKS_ARCH_KERNELS"),
    ("cudaErrorSystemNotReady", "CUDA_ERROR_SYSTEM_NOT_READY", "system not yet initialized", "FABRIC_MANAGER_NOT_RUNNING"),
    ("cudaErrorCompatNotSupportedOnDevice", "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "forward compatibility was attempted on non supported HW", "CUDA_COMPAT_ON_UNSUPPORTED_HW"),
    ("cudaErrorStubLibrary", "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library", "CUDA_DRIVER_STUB_ON_PATH"),
    ("cudaErrorDeviceNotLicensed", "CUDA_ERROR_DEVICE_NOT_LICENSED", "device doesn't have valid Grid license", "VGPU_UNLICENSED"),
    ("cudaErrorLaunchTimeout", "CUDA_ERROR_LAUNCH_TIMEOUT", "the launch timed out and was terminated", "WINDOWS_GPU_TDR_TIMEOUT"),
    ("cudaErrorIllegalAddress", "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered", "CUDA_KERNEL_FAULT"),
    ("cudaErrorLaunchOutOfResources", "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch", "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT"),
    ("cudaErrorInvalidConfiguration", None, "invalid configuration argument", "GPU_KERNEL_PROBLEM_SIZE_OVER_DEVICE_LIMIT"),
    ("cudaErrorStreamCaptureUnsupported", "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", "operation not permitted when stream is capturing", "CUDA_KERNEL_FAULT"),
    ("cudaErrorStreamCaptureInvalidated", "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", "operation failed due to a previous error during capture", "CUDA_KERNEL_FAULT"),
    ("cudaErrorTooManyPeers", "CUDA_ERROR_TOO_MANY_PEERS", "peer mapping resources exhausted", "CUDA_PEER_ACCESS_LIMIT_EXCEEDED"),
    ("cudaErrorMpsConnectionFailed", "CUDA_ERROR_MPS_CONNECTION_FAILED", "MPS client failed to connect to the MPS control daemon or the MPS server", "CUDA_MPS_SERVER_UNAVAILABLE"),
    ("cudaErrorInvalidDevice", None, "invalid device ordinal", "GPU_INDEX_OUT_OF_RANGE"),
    ("cudaErrorOperatingSystem", "CUDA_ERROR_OPERATING_SYSTEM", "OS call failed or operation not supported on this OS", "CONTAINER_SECCOMP_BLOCKS_CUDA"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("runtime", "driver", "text", "code"), CUDA_ERRORS, ids=[e[0] for e in CUDA_ERRORS]
)
def test_cudas_errors_name_their_cause_in_each_printers_form(
    runtime: str, driver: str | None, text: str, code: str
) -> None:
    """PyTorch prints CUDA's string, CuPy the runtime's name and string, numba the driver's name
    and number, TensorFlow the driver's name and string: each names the same cause."""
    forms = [
        f"RuntimeError: CUDA error: {text}",
        f"cupy_backends.cuda.api.runtime.CUDARuntimeError: {runtime}: {text}",
        f"Check failed: error == cudaSuccess (1 vs. 0)  {text}",
    ]
    if driver:
        forms += [
            f"numba.cuda.cudadrv.driver.CudaAPIError: [1] Call to cuCtxCreate results in {driver}",
            f"failed call to cuDevicePrimaryCtxRetain: {driver}: {text}",
        ]
    for form in forms:
        found = [d.code for d in diagnose_log(form + "\n") if CODES[Code(d.code)].layer != "benign"]
        assert found[:1] == [code], form


def test_nvml_refusing_the_device_nodes_is_their_mode_unless_selinux_decides_on_the_host() -> None:
    refused = "Failed to initialize NVML: Insufficient Permissions\n"
    assert [d.code for d in diagnose_log(refused)][:1] == ["NVIDIA_DEVICE_NODE_PERMISSIONS"]
    rhel = "$ cat /etc/redhat-release\nRed Hat Enterprise Linux release 8.6 (Ootpa)\n$ nvidia-smi\n"
    assert [d.code for d in diagnose_log(rhel + refused)][:1] == ["SELINUX_BLOCKS_GPU_DEVICES"]


def test_an_exclusive_compute_mode_in_a_table_is_a_cause_only_of_a_run_that_failed() -> None:
    row = "| N/A   25C    P8    19W / 235W |     23MiB / 11519MiB |      0%    E. Thread |"
    assert diagnose_log(row) == []
    failed = diagnose_log(
        row + "\nRuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable"
    )
    [busy] = [d for d in failed if d.code == "GPU_BUSY_OR_UNAVAILABLE"]
    assert f"line 1: {row}" in busy.evidence  # the table's row counts, not only the error line


def test_pips_torch_companion_conflict_is_a_cause_only_of_a_run_that_failed() -> None:
    line = "torchaudio 2.1.0 requires torch==2.1.0, but you have torch 2.3.0 which is incompatible."
    assert diagnose_log(line) == []
    failed = diagnose_log(line + "\nRuntimeError: operator torchvision::nms does not exist")
    assert [d.code for d in failed][:1] == ["TORCH_EXTENSION_ABI_MISMATCH"]
    assert f"line 1: {line}" in failed[0].evidence  # pip's report counts, not only the error line


def test_ncclnetplugin_version_probing_is_a_cause_only_of_a_run_that_failed() -> None:
    line = "NCCL INFO NET/Plugin : Failed to find ncclNetPlugin_v8 symbol."
    assert diagnose_log(line) == []
    failed = diagnose_log(line + "\nRuntimeError: NCCL error: unhandled system error")
    assert "NCCL_NET_PLUGIN_ABI_TOO_OLD" in [d.code for d in failed]


def test_software_vulkan_as_the_only_device_is_a_cause_only_of_a_run_that_failed() -> None:
    """ncnn lists Mesa's llvmpipe as device 0 (and Mesa warns about lavapipe) on hosts with a GPU
    ICD too; only a run that then fails lacks the GPU's own Vulkan driver."""
    lines = (
        "[0 llvmpipe (LLVM 15.0.7, 256 bits)]  queueC=0[1]  queueG=0[1]  queueT=0[1]\n"
        "WARNING: lavapipe is not a conformant vulkan implementation, testing use only."
    )
    assert diagnose_log(lines) == []
    failed = diagnose_log(lines + "\nLLVM ERROR: Broken function\nAborted (core dumped)")
    assert [d.code for d in failed][:1] == ["VULKAN_ICD_MISSING"]


def test_a_run_whose_only_error_lines_are_benign_did_not_fail() -> None:
    """ALSA's complaints on a host without a sound card read like errors; a video demo that
    printed them and finished is no failed run (nor a log to resemble a failure by)."""
    noise = (
        "ALSA lib conf.c:4732:(_snd_config_evaluate) function snd_func_card_driver returned "
        "error: No such file or directory\n"
        "ALSA lib pcm.c:2642:(snd_pcm_open_noupdate) Unknown PCM default\n"
        "Performing SpatioTemporal Action Detection for each clip\n"
        "Moviepy - video ready data/demo_spatiotemporal_det.mp4"
    )
    assert not read_log(noise).failed
    assert read_log(noise + "\nRuntimeError: CUDA error: out of memory").failed


def test_onnx_runtime_cpu_providers_where_its_gpu_package_is_named_are_both_packages() -> None:
    """Only the CPU package's providers is a CPU build; the same where the log names
    onnxruntime-gpu is the two packages installed together (the CPU one's module wins)."""
    providers = "Available providers: ['AzureExecutionProvider', 'CPUExecutionProvider']"
    assert [d.code for d in diagnose_log(providers)] == ["CPU_ONLY_TF_BUILD"]
    both = "Requirement already satisfied: onnxruntime-gpu==1.20.1 in ./env/lib\n" + providers
    assert [d.code for d in diagnose_log(both)][0] == "ORT_PACKAGE_VARIANTS_CONFLICT"
    assert "CPU_ONLY_TF_BUILD" not in [d.code for d in diagnose_log(both)]


def test_a_driver_warning_in_a_run_whose_framework_used_the_gpu_is_not_a_missing_driver() -> None:
    """Paddle warns that libcuda.so is not configured (WSL keeps it elsewhere), then prints the
    device it uses: a run that went on with its GPU has a driver; one that failed may not."""
    warning = (
        "W0508 21:40:15.979074  1551 dynamic_loader.cc:412] The third-party dynamic library "
        "(libcuda.so) that Paddle depends on is not configured correctly. (error code is "
        "libcuda.so: cannot open shared object file: No such file or directory)"
    )
    used = (
        warning + "\nW0508 21:40:15.993314  1551 gpu_resources.cc:116] Please NOTE: device: 0, "
        "GPU Compute Capability: 12.0, Driver API Version: 13.2, Runtime API Version: 13.0"
    )
    assert "DRIVER_NOT_AVAILABLE" not in [d.code for d in diagnose_log(used)]
    failed = used + "\nTraceback (most recent call last):\nRuntimeError: CUDA driver error"
    assert "DRIVER_NOT_AVAILABLE" in [d.code for d in diagnose_log(failed)]


def test_a_compiler_rejecting_a_kernel_flag_in_a_module_build_is_the_toolchain_mismatch() -> None:
    """gcc refusing a flag is a build's own flag (first) unless the kernel module build says
    its compiler differs from the kernel's, which explains it; that warning alone is no cause."""
    rejected = "gcc: error: unrecognized command line option '-mharden-sls=all'"
    assert [d.code for d in diagnose_log(rejected)] == ["HOST_COMPILER_REJECTS_BUILD_FLAG"]
    differs = "warning: the compiler differs from the one used to build the kernel"
    assert not is_trouble(diagnose_log(differs))
    module = rejected + "\nmake[2]: *** [scripts/Makefile.build:297: nv.o] Error 1\n" + differs
    assert [d.code for d in diagnose_log(module)][0] == "DRIVER_MODULE_TOOLCHAIN_MISMATCH"


def test_a_cuda_probe_failing_on_a_tpu_vm_is_no_missing_driver() -> None:
    """TensorFlow and JAX probe CUDA on every host: on a TPU VM cuInit fails by design."""
    probe = (
        "E external/local_xla/xla/stream_executor/cuda/cuda_platform.cc:51] failed call to cuInit: "
        "INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)"
    )
    assert "DRIVER_NOT_AVAILABLE" in [d.code for d in diagnose_log(probe)]
    tpu = (
        probe
        + "\nI0706 max_utils.py:296] Attempting to initialize the jax distributed system for TPU backend..."
    )
    assert "DRIVER_NOT_AVAILABLE" not in [d.code for d in diagnose_log(tpu)]
