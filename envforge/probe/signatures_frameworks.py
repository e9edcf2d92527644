"""The signatures of framework builds, wheels and platforms, the Python environment, model code,
and memory (sections D to H of the catalogue; I, the non-CUDA backends, is in
signatures_backends.py).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import MEMORY, SYMPTOM, S, Signature, cuda_error_number

__all__ = ["FRAMEWORKS"]

C = Code

FRAMEWORKS: tuple[Signature, ...] = (
    # D. framework build, wheel and platform
    S(
        C.CPU_ONLY_TF_BUILD,
        r"Torch not compiled with CUDA enabled",
        r"xFormers was built for:? .{0,200}\(you have [\w.]{1,20}\+cpu\)",
        r"is_built_with_cuda\(\)\)? ?False",
        r"built with CUDA\??:? ?False",
        r"This TensorFlow binary was not built with CUDA",
        r"registered platform with name:? \"?(?:cuda|gpu)\"?\. Available platform names are:? (?:Host|Interpreter|CPU|cpu)\b",
    ),
    S(
        C.WINDOWS_NATIVE_TF_GE_2_11,
        r"TensorFlow 2\.10 was the last TensorFlow release that supported GPU on native-Windows",
        r"GPU support is not available on native Windows for TensorFlow ?>= ?2\.11",  # 2.20's own
        # a native-Windows GPU build of a release after 2.10, which was never made
        r"(?:lib)?tensorflow[-_]gpu[-_]windows[-_]\S{0,12}2\.(?:1[1-9]|[2-9]\d)\.\d",
        supersedes=(C.DEPRECATED_TENSORFLOW_GPU_PKG,),
    ),
    S(
        C.DEPRECATED_TENSORFLOW_GPU_PKG,
        r"The \"tensorflow-gpu\" package has been removed",
        r"TF_REMOVAL_WARNING",
        r"Building wheel for tensorflow-gpu \(setup\.py\).{0,40}error",
        r"No matching distribution found for tensorflow-gpu",
        r"satisfies the requirement tensorflow-gpu",
    ),
    S(
        C.CPU_NO_AVX,
        r"built using AVX instructions, which your CPU",
        r"compiled to use AVX\d{0,3}(?:_\w{1,10})? instructions, but these aren'?t available on your machine",
        r"CPU does not have AVX or AVX2, disabling GPU support",  # Ollama
    ),
    S(  # a crash on an instruction the CPU lacks: the CPU, unless the log names another cause
        C.CPU_NO_AVX,
        r"(?<!an )Illegal instruction(?! was encountered)",
        r"illegal hardware instruction",
        r"interrupted by signal 4: SIGILL",
        r"exit code -1073741795",
        strength=SYMPTOM,
    ),
    S(
        C.WINDOWS_RUNTIME_DLL_MISSING,
        r"msvcp140(?:_1|_2)?\.dll",
        r"vcruntime140(?:_1)?\.dll",
        r"libomp140\.\w{1,10}\.dll",
        r"Microsoft Visual C\+\+ Redistributable",
        r"Error loading \"[^\"]{0,300}fbgemm\.dll\" or one of its dependencies",
        # ONNX Runtime's native module did not load (its names missing): the VC++ runtime
        r"cannot import name '\w{1,40}' from 'onnxruntime\.capi\._pybind_state'",
        supersedes=(C.FRAMEWORK_IMPORT_FAILED, C.FRAMEWORK_VERSION_MISMATCH),
    ),
    S(
        C.WINDOWS_RUNTIME_DLL_MISSING,
        # TensorFlow's and ONNX Runtime's modules: the VC++ runtime (an extension's own DLLs on
        # PATH are the DLL directory Python 3.8 stopped searching: signatures_clouds_apps.py)
        r"DLL load failed while importing (?:_pywrap_tensorflow\w{0,20}|onnxruntime_pybind11_state): The specified module could not be found",
        r"\[WinError 126\] The specified module could not be found",
        r"DLL load failed while importing \w{1,60}(?!\w|: The specified module could not be found)",
        r"DLL initialization routine failed",
        strength=SYMPTOM,
        explained_by=(C.CUDA_LIBS_NOT_FOUND, C.CUDA_RUNTIME_NOT_LOADABLE, C.CPU_NO_AVX),
    ),
    S(  # a GPU build's DLL whose CUDA dependencies are not on the DLL search path
        C.CUDA_LIBS_NOT_FOUND,
        r"Could not find module '[^']{0,300}(?:llama|ggml\w{0,12}|cu\w{1,20}|nvcuda|torch_cuda\w{0,6}|c10_cuda)\.dll' \(or one of its dependencies\)",
        r"Error loading \"[^\"]{0,300}(?:cudnn|cublas|cufft|cusparse|curand|cusolver|nvrtc|torch_cuda|c10_cuda)\w{0,30}\.dll\" or one of its dependencies",
        strength=SYMPTOM,
        explained_by=(C.WINDOWS_RUNTIME_DLL_MISSING, C.CUDA_VERSION_MATRIX_MISMATCH),
    ),
    S(
        C.MACOS_X86_BUILD_ON_APPLE_SILICON,
        r"running an x86 Python installation on ARM hardware",
        r"bin/python[\d.]{0,5}: Mach-O 64-bit executable x86_64",
        supersedes=(C.CPU_NO_AVX,),
    ),
    # E. Python environment
    S(
        C.PYTHON_UNSUPPORTED,
        r"Could not find a version that satisfies the requirement (?:tensorflow(?!-gpu)|tf-nightly|jax|jaxlib|torch|keras|tensorflow-(?!gpu)\w{1,20})\b",
        r"No matching distribution found for (?:tensorflow(?!-gpu)|tf-nightly|jax|jaxlib|torch|keras)\b",
        r"(?:JAX|TensorFlow|PyTorch|jaxlib) requires Python [\d.]{1,8} or (?:newer|later)",
        r"requires a different Python: [\d.]{1,12} not in",
        r"is not a supported wheel on this platform",
    ),
    S(
        C.KERNEL_ENV_MISMATCH,
        r"No module named '?(?:tensorflow|tensorflow_gpu|torch|jax|jaxlib|keras)'?(?![\w.])",
        strength=SYMPTOM,
    ),
    S(
        C.GPU_HIDDEN_BY_ENV,
        r"CUDA_VISIBLE_DEVICES (?:is set to|=) ?(?:''|\"\"|-1)\b",
        strength=SYMPTOM,
    ),
    S(
        C.KERAS_BACKEND_NOT_TF,
        r"Using (?:Theano|CNTK) backend",
        r"Using plaidml\.keras\.backend backend",
    ),
    S(
        C.KERAS3_WHERE_TF_KERAS_EXPECTED,
        r"No module named '?keras\.(?:src|api)",
        r"Keras 3 only supports V3 `?\.keras`? (?:and `?\.weights\.h5`? )?files",
        r"is not supported in Keras 3",
        r"Only input tensors may be passed as positional arguments",
        r"TF_USE_LEGACY_KERAS",
        # Keras 3's own checks (Keras 2 words them otherwise: "Keyword argument not understood",
        # "The added layer must be an instance of class Layer"): code or a model of Keras 2
        r"Unrecognized keyword arguments? passed to \w{1,60}: \{'",
        r"Only instances of `?keras\.Layer`? can be added to a Sequential model",
        r"Argument\(s\) not recognized: \{'",
        r"No module named '?tf_keras'?",
        r"Keras 3, but this is not yet supported",
        r"Keras 3 is not yet supported",
        r"requires tf-keras package",
        r"install (?:the )?(?:backwards-compatible )?tf-keras",
        r"A KerasTensor cannot be used as input to a TensorFlow function",
        r"keras_tensor\.py.{0,60}__tf_tensor__",
        r"validate_for_keras3",
    ),
    S(
        C.NUMPY_ABI_MISMATCH,
        r"(?<!RuntimeWarning: )numpy\.\w{1,20} size changed, may indicate binary incompatibility",
        r"Numpy is not available",
        r"compiled using NumPy 1\.x cannot be run in ?NumPy 2",
        r"_ARRAY_API not found",
        r"numpy\.core\.multiarray failed to import",
        r"module compiled against (?:ABI|API) version 0x[0-9a-f]{1,8} but this version of numpy is 0x",
        # a library older than its NumPy: a name NumPy removed (np.float, np.float_, np.row_stack)
        r"module 'numpy' has no attribute '\w{1,30}'",
        r"`np\.\w{1,30}` was removed in the NumPy 2\.0 release",
        r"`np\.\w{1,30}` was a deprecated alias for the builtin",
    ),
    S(
        C.PROTOBUF_VERSION_MISMATCH,
        r"Descriptors cannot (?:not )?be created directly",
        r"google\._upb\._message'? has no attribute",
        r"cannot import name 'builder' from 'google\.protobuf\.internal'",
        r"your generated code is out of date and must be regenerated with protoc",
    ),
    S(C.LIBSTDCXX_GLIBC_TOO_OLD, r"version `?(?:GLIBCXX|CXXABI|GLIBC)_[\d.]{1,10}'? not found"),
    S(
        C.JAX_JAXLIB_VERSION_MISMATCH,
        r"jaxlib is version [\d.]{1,20}, but this version of jax requires",
        r"Incompatible CUDA and jaxlib versions",
        r"jaxlib version [\d.]{1,20} is newer than and incompatible with jax",
        r"jaxlib (?:version )?[\d.]{1,20} is (?:older|lower) than (?:the )?minimum",
        r"Mismatched PJRT plugin PJRT API version",
        # a CUDA plugin newer than the jaxlib it plugs into calls an API jaxlib lacks
        r"module 'jaxlib\.xla_client' has no attribute",
        r"xla_client\.register_custom_type_id_handler\(",
        r"plugin is likely built with a (?:later|newer|earlier|older) version than the framework",
        r"Unexpected PJRT_\w{1,40} size: expected \d{1,6}, got \d{1,6}",
        # jax-metal behind the jax it runs under
        r"UNIMPLEMENTED: default_memory_space is not supported",
        r"is not compatible with the installed jaxlib version",
        r"jax requires jaxlib version >= ?[\d.]{1,20}",
        r"minimum jaxlib version (?:required )?is",
    ),
    S(
        C.MIXED_FRAMEWORK_CUDA_CONFLICT,
        r"(?:TensorFlow|torch|PyTorch|JAX) .{0,80}already (?:allocated|holds?) .{0,40}GPU memory",
    ),
    # F. model code
    S(C.PERF_RNN_NOT_CUDNN, r"will not use cuDNN kernels? since it doesn'?t meet the"),
    S(
        C.PERF_RETRACING,
        r"calls to <function Model\.make_predict_function\.<locals>\.predict_function\b.{0,300}triggered tf\.function retracing",
        implies=(C.PERF_EAGER_OR_PREDICT_LOOP,),
    ),
    S(
        C.PERF_INPUT_BOUND,
        r"Your program is (?:HIGHLY|MODERATELY) input-bound because [\d.]{1,12} ?% of the total step time",
    ),
    S(C.PERF_NO_MIXED_PRECISION, r"Only [\d.]{1,12} ?% of device computation is 16 bit"),
    S(
        C.PERF_LAUNCH_OVERHEAD_SMALL_MODEL,
        r"[\d.]{1,12} ?% of the total step time sampled is spent on 'Kernel Launch'",
    ),
    S(C.PERF_RETRACING, r"triggered tf\.function retracing"),
    S(C.PERF_SLOW_CALLBACK, r"is slow compared to the batch (?:time|update)"),
    S(
        C.PERF_CPU_FALLBACK_OPS,
        r"no supported kernel for GPU devices is available",
        # (not where the devices it lists hold no GPU: then TensorFlow sees none, a fact)
        r"Cannot assign a device for operation(?![\S ]{0,400}available devices are \[[^\]G]{1,400}\])",
    ),
    S(
        C.MIXED_PRECISION_ON_OLD_GPU,
        r"Your GPU may run slowly with dtype policy mixed_float16",
        r"AMP only support NVIDIA GPU with Compute Capability 7\.0 or higher",
        r"Mixed precision compatibility check \(mixed_float16\): WARNING",
    ),
    S(  # Keras 2's multi_gpu_model told to use more GPUs than the machine has
        C.GPU_INDEX_OUT_OF_RANGE,
        r"To call `multi_gpu_model` with `gpus=\d{1,3}`, we expect the following devices",
    ),
    S(  # an API a later release removed, or an earlier one lacks; TensorFlow 1's API under 2.x
        C.FRAMEWORK_VERSION_MISMATCH,
        r"cannot import name '?multi_gpu_model'?",
        r"module 'tensorflow' has no attribute '(?:Session|InteractiveSession|placeholder|ConfigProto"
        r"|GPUOptions|global_variables_initializer|contrib|variable_scope|get_variable"
        r"|reset_default_graph|set_random_seed|Summary|to_float|random_normal|log)'",
    ),
    S(
        C.NCCL_RANKS_SHARE_GPU,
        r"Duplicate GPU detected ?: rank \d{1,6} and rank \d{1,6} both on CUDA device",
    ),
    S(
        C.DIST_MASTER_PORT_IN_USE,
        r"\[c10d\] The server socket has failed to (?:bind|listen)",
        r"server socket has failed to bind to .{0,80}errno: 98 - Address already in use",
    ),
    S(
        C.COLLECTIVE_TIMEOUT_RANK_BUSY,
        r"Watchdog caught collective operation timeout",
        r"ProcessGroupNCCL::WorkNCCL::checkTimeout",  # the watchdog's frame: only on a timeout
        # gloo's words: a peer never sent its part within the process group's timeout
        r"Timed out waiting \d{1,9} ?ms for (?:recv|send) operation to complete",
        r"Rank \d{1,6} failed to pass monitoredBarrier in \d{1,9} ms",
    ),
    S(  # the platform JAX was told to start is not one this jaxlib has (it lists those it has)
        C.JAX_PLATFORMS_NAME_MISMATCH,
        r"backend '(?:rocm|gpu)': Backend '(?:rocm|gpu)' is not in the list of known backends: \[[^\]]{0,80}'cuda'",
        r"backend 'cuda': Backend 'cuda' is not in the list of known backends: \[[^\]]{0,80}'rocm'",
        r"Unknown backend:? '?(?:rocm|gpu)'? requested, but ?no platforms that are instances of (?:rocm|gpu) are present ?\. ?Platforms present are: [\w, ]{0,40}cuda",
        supersedes=(C.LIBTPU_MISSING_OR_MISMATCHED, C.CPU_ONLY_TF_BUILD),
    ),
    S(
        C.XLA_JIT_COMPILE_UNSUPPORTED_OP,
        r"Detected unsupported operations when trying to compile graph",
        r"No registered '\w{1,80}' OpKernel for XLA_(?:GPU|CPU|TPU)_JIT devices",
    ),
    S(
        C.GPU_ONLY_LAYER_WITHOUT_GPU,
        r"No OpKernel was registered to support Op 'Cudnn\w{1,20}'",
        r"Function: RNNForward\s{0,4}-?>? ?Feature Not Implemented",  # CNTK's cuDNN-only RNN
    ),
    S(
        C.NCCL_UNAVAILABLE_FOR_STRATEGY,
        r"No OpKernel was registered to support Op 'Nccl\w{1,30}'",
        r"Distributed package doesn'?t have NCCL built in",
        r"Op type not registered 'Nccl\w{1,30}'",
    ),
    S(
        C.JAX_CUDA_WHEEL_UNAVAILABLE,
        r"No matching distribution found for jaxlib\S{0,40}\+cuda",
        supersedes=(C.PYTHON_UNSUPPORTED,),
    ),
    S(
        C.LIBTPU_MISSING_OR_MISMATCHED,
        # raised: JAX logs the same sentence as INFO on every machine without a TPU
        r"RuntimeError: Unable to initiali[sz]e backend 'tpu'",
        r"A Google TPU may be present on this machine, but either a TPU-enabled jaxlib or libtpu is not installed",
    ),
    S(
        C.JAX_TPU_NODE_UNSUPPORTED,
        r"JAX only supports TPU VMs, not the older Colab TPUs",
        # libtpu asks the TPU VM's metadata server, which a TPU node's host does not have
        r"Failed to fetch URL on try \d{1,2} out of \d{1,2}: Failed to fetch URL \(http status: 404\)",
    ),
    S(  # llama.cpp warns, then falls back to pageable memory: a cause where the run then fails
        C.WSL_PINNED_MEMORY_LIMIT,
        r"failed to allocate [\d.]{1,10} ?[KMG]i?B of pinned memory",
        needs_failure=True,
    ),
    S(  # Windows spawns workers by re-importing the script, which starts them again
        C.WINDOWS_SPAWN_WITHOUT_MAIN_GUARD,
        r"start a new process before the current process has finished its bootstrapping phase",
        r"current process has finished its bootstrapping phase",
    ),
    S(
        C.CUDA_USED_AFTER_FORK,
        r"CUDA error: initialization error",
        r"Cannot re-initialize CUDA in forked subprocess",
        r"Failed setting context: CUDA_ERROR_NOT_INITIALIZED",
        r"cuInit failed: initialization error",
        r"os\.fork\(\) is incompatible with multithreaded code, and JAX is multithreaded",
    ),
    S(  # code (or a saved model) of Keras 3 under Keras 2: Keras 2 has no keras.src.legacy/ops
        C.KERAS_VERSION_MISMATCH,
        r"No module named '?keras\.src\.(?:legacy|ops|backend\.common|saving\.serialization_lib|models\.functional)\b",
        r"No module named '?keras\.src'?$",
        # a separately installed keras (2.6 and later) of another release than TensorFlow
        r"module 'tensorflow\.compat\.v2(?:\.__internal__)?' has no attribute",
        r"module 'tensorflow' has no attribute '__internal__'",
        r"Keras requires TensorFlow \d\.\d{1,2} or higher",
        r"has no attribute 'experimental_list_devices'",  # keras 2.3 under TensorFlow 2.1
        # multi-backend Keras (2.2 and older) calling TensorFlow 1's API under TensorFlow 2
        r"keras/backend/tensorflow_backend\.py.{0,300}module 'tensorflow' has no attribute",
        # pip's resolver says it: the TensorFlow installed needs another Keras than the one there
        r"tensorflow(?:[-_]\w{1,12})? [\d.]{1,12}\S{0,12} requires keras[<>=!~.,\d ]{1,40}, but you have keras [\d.]{1,12}\S{0,12} which is incompatible",
        supersedes=(C.KERAS3_WHERE_TF_KERAS_EXPECTED, C.FRAMEWORK_VERSION_MISMATCH),
    ),
    S(
        C.TENSORS_ON_DIFFERENT_DEVICES,
        r"Expected all tensors to be on the same device",
        r"Input type \([\w.]{1,40}\) and weight type \([\w.]{1,40}\) should be the same",
        r"Expected object of device type cuda but got device type cpu",
        r"Expected (?:backend|object of backend) CUDA but got backend CPU",
        r"`input_ids` (?:is|are) on \w{2,6}, whereas the model is on \w{2,6}",
        r"on a device type different than your model's device",
        r"is on (?:CPU|GPU|cuda:\d{1,2}|cpu), (?:but|while) .{0,60}(?:is on|expected)",
    ),
    S(
        C.DEVICE_SIDE_ASSERT,
        r"device-side assert(?:ion)? triggered",
        r"Assertion `.{0,80}` failed",
        r"CUDA_ERROR_ASSERT",
        r"(?:cuda|hip)ErrorAssert\b",
    ),
    S(
        C.PERF_INPUT_BOUND,
        r"does not have many workers which may be a bottleneck",
        r"Your program is (?:HIGHLY|MODERATELY) input-bound",
        r"The input pipeline is the bottleneck",
    ),
    S(
        C.FRAMEWORK_DEFAULT_DEVICE_CPU,
        r"offloaded 0/\d{1,4} layers to GPU",
        r"device=.?cpu.? is the default",
        r"no `device` argument is passed to the `Pipeline` object\. Model will be on CPU",
        strength=SYMPTOM,
    ),
    # H. memory
    S(  # cuBLAS's handle needs memory outside the framework's pool: taken by the pool or another process
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"failed to create cublas handle: CUBLAS_STATUS_ALLOC_FAILED",
        supersedes=(C.GPU_OOM, C.CUDNN_INIT_FAILED),
    ),
    S(
        C.GPU_OOM,
        r"cudaMalloc failed: out of memory",
        r"cuMemAlloc(?:Async)? failed: out of memory",
        r"CUDA failed with error:? out of memory",
        r"CUDA error: out of memory",
        r"CUBLAS_STATUS_ALLOC_FAILED",
        r"OOM when allocating tensor",
        *cuda_error_number(2),
        r"ran out of memory trying to allocate [\d.]{1,20} ?\w{1,4} \(rounded to",
        r"Dst tensor is not initialized",
        r"Attempting to allocate [\d.]{1,12} ?[KMGT]?i?B?\. That was not possible\. There are [\d.]{1,12} ?[KMGT]?i?B? free",
        r"Resource exhausted: OOM",
        r"CUDA out of memory\. Tried to allocate",
        r"(?:HIP|MPS backend) out of memory",
        r"RESOURCE_EXHAUSTED: Out of memory",
        r"Resource exhausted: Out ?of memory while trying to allocate",
        r"Out of memory while trying to allocate \d{1,20} bytes",
        r"(?:unable|failed) to allocate (?:CUDA|ROCm)\d{1,2} buffer",  # llama.cpp, ggml
        r"CUDA_ERROR_OUT_OF_MEMORY: out of memory",
        r"torch\.(?:cuda\.)?OutOfMemoryError",
        r"bfc_allocator\.cc:\d{1,5}\] Stats:",  # TensorFlow dumps its allocator when one fails
        r"Sum Total of in-use chunks: [\d.]{1,20}\w{0,4}",
    ),
    S(
        C.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
        r"Free memory on device \([\d./ ]{1,30}\w{0,4}\) on startup is less than desired GPU memory utilization",
        r"failed ?to ?allocate ?[\d.]{1,20}\w? ?\(\d{1,20} ?bytes\) ?from ?device: ?"
        r"(?:CUDA_ERROR_OUT_OF_MEMORY|hipError_t\(1002\))",
        r"XLA_PYTHON_CLIENT_PREALLOCATE",
        supersedes=(C.GPU_OOM,),
    ),
    S(
        C.MEMORY_CONFIG_ORDER_ERROR,
        r"(?:Physical|Virtual|Visible) devices cannot be modified after being initialized",
        r"Physical devices cannot be modified after being initialized",
        r"Virtual devices cannot be modified after being initialized",
        r"Memory growth cannot differ between GPU devices",
    ),
    S(  # a note; where the run then runs out of memory, that is the cause
        C.ALLOCATOR_WANTS_MORE_MEMORY,
        r"The caller indicates that this is not a failure",
        strength=SYMPTOM,
        explained_by=MEMORY,
    ),
    S(
        C.HOST_OOM,
        r"requires more system memory \([\d.]{1,10} ?\w{1,4}\) than is available",
        r"Unable to allocate [\d.]{1,12} ?[KMGT]i?B for an array with shape",
        r"std::bad_alloc",
        r"\bOOMKilled\b",
        r"Out of memory: Kill(?:ed)? process",
        r"Memory cgroup out of memory",
        r"invoked oom-killer",
        r"Out of memory: Killed process \d{1,10}",
        r"The node was low on resource: memory",
        r"exceeded the request memory",
        r"DataLoader worker \(pid \d{1,10}\) is killed by signal: Killed",
        r"not enough memory: you tried to allocate",
        r"DefaultCPUAllocator: (?:can'?t|not enough memory)",
        r"by allocator cpu",
        # Windows: virtual memory (RAM and the paging file) ran out
        r"WinError 1455\]",
        r"The paging file is too small for this operation to complete",
    ),
    S(
        C.HOST_OOM,
        r"exit(?:ed)? with code:? 137\b",
        r"^Killed\s",
        r"^MemoryError\b",
        r"KernelRestarter: restarting kernel",
        r"The kernel appears to have died",
        r"session crashed after using all available RAM",
        r"Your notebook tried to allocate more memory than is available",  # Kaggle
        r"Exit Code: ?137\b",
        r"exit code:? 137\b",
        r"Allocation of \d{1,20} exceeds 10% of free system memory",
        r"^Killed$",
        r"(?:^|\[\d{1,3}\] {1,8})\d{1,10} killed \S",  # zsh's job notice ("[1] 9301 killed python3 ...")
        strength=SYMPTOM,
        explained_by=(C.GPU_OOM,),
    ),
)
