"""Message signatures of the failure catalogue (failure-modes.md) and of the logs people post:
what each failure prints, in the wordings of its many printers, -> label codes.

Data only; ``matching.py`` runs them. Patterns match message *bodies* of normalised lines
(``logtext``: no timestamps, prefixes, colours; blanks collapsed; case ignored), over a window of
neighbouring lines, so a message wrapped or split over lines still matches. Every repetition is
bounded (``.{0,200}``, never ``.*``): a pattern costs time linear in a line of any length, which a
unit test checks on the patterns themselves.

A signature's ``strength``: ``CAUSE`` when the line states a cause (a requirement unsatisfied, a
version mismatch), ``SYMPTOM`` when several causes print it (no device detected, a handle that could
not be made): a symptom ranks after any cause the log also shows, and ``explained_by`` names the
causes that explain it. ``BENIGN`` lines (section Z, and codes of the benign layer) are never a
failure. ``needs_gpu``: benign on a machine without an NVIDIA GPU, a cause only where there is one.
``LOOSE`` signatures (``loose.py``) are words that go together in a failure's messages, not a printer's wording
(``cudnn`` near ``version`` near ``mismatch``): they speak only on a log's error-like lines, when
no precise signature spoke (not even to call a line benign), and then as a likely cause.
``implies``: further codes the same line shows; ``supersedes``: codes a line that matches this
signature shows less precisely (a library whose dependency is missing is not itself missing).
Standard library only.
"""

from __future__ import annotations

from .codes import LAYERS
from .signature import CAUSE, INFO, SYMPTOM, Signature
from .signatures_backends import BACKENDS
from .signatures_beyond import BEYOND
from .signatures_clouds_apps import CLOUDS_APPS
from .signatures_containers import CONTAINERS
from .signatures_domains import DOMAINS
from .signatures_frameworks import FRAMEWORKS
from .signatures_fringe import FRINGE
from .signatures_hosts import HOSTS
from .signatures_later import LATER
from .signatures_libraries import LIBRARIES
from .signatures_manuals import MANUALS
from .signatures_platforms import PLATFORMS
from .signatures_posted import POSTED
from .signatures_reach import REACH
from .signatures_runtimes import RUNTIMES
from .signatures_statuses import STATUSES
from .signatures_system import SYSTEM
from .signatures_tail import TAIL
from .signatures_toolchains import TOOLCHAINS
from .signatures_toolkits import TOOLKITS

__all__ = [
    "Signature",
    "SIGNATURES",
    "BENIGN",
    "GPU_EVIDENCE",
    "DRIVER_ANSWERED",
    "LAYER_ORDER",
    "CAUSE",
    "SYMPTOM",
    "INFO",
]

# The classifier order of the failure catalogue: cheapest and most decisive layers first.
LAYER_ORDER = LAYERS[: LAYERS.index("non-cuda-backends") + 1]

# sections A and B, C, then D to I, then the later waves' rows: the order in which a line's
# signatures are tried
SIGNATURES: tuple[Signature, ...] = (
    *SYSTEM,
    *CONTAINERS,
    *LIBRARIES,
    *FRAMEWORKS,
    *BACKENDS,
    *LATER,
    *CLOUDS_APPS,
    *TAIL,
    *FRINGE,
    *RUNTIMES,
    *HOSTS,
    *TOOLCHAINS,
    *STATUSES,
    *MANUALS,
    *POSTED,
    *REACH,
    *BEYOND,
    *PLATFORMS,
    *DOMAINS,
    *TOOLKITS,
)


# Section Z: printed on working setups too; never a cause (a line matching one is no evidence).
BENIGN: tuple[str, ...] = (
    r"Unable to register (?:cuDNN|cuFFT|cuBLAS) factory",
    r"computation placer already registered",
    r"successful NUMA node read from SysFS had negative value",
    r"could not open file to read NUMA node",
    r"Your kernel may (?:not )?have been built without NUMA support",
    r"This TensorFlow binary is optimized to use available CPU instructions",
    r"Your CPU supports instructions that this TensorFlow binary was not compiled to use",
    r"oneDNN custom operations are on",
    r"Not creating XLA devices, tf_xla_enable_xla_devices not set",
    r"Overriding allow_growth setting because force_memory_growth was requested",
    r"Executor start aborting \(this does not indicate an error",
    r"All log messages before absl::InitializeLog\(\) is called are written to STDERR",
    r"Ignore above cudart dlerror if you do not have a GPU set up on your machine",
    r"Plugin optimizer for device_type GPU is enabled",
    r"Could not identify NUMA node of platform GPU",
    r"optimized with oneAPI Deep Neural Network Library",
    # PyTorch 2.3 warns when one of cuDNN's candidate plans is unsupported; another plan runs
    r"Plan failed with a cudnnException: CUDNN_BACKEND_\w{1,40}: cudnn\w{1,40} Descriptor Failed",
    # hipBLASLt without kernels for the GPU: the GEMMs fall back to hipBLAS/rocBLAS
    r"hipblaslt/library/TensileLibrary_lazy_gfx\w{3,6}\.dat",
    r"hipBLASLt error: Heuristic Fetch Failed",
    # PyTorch on ROCm says it falls back itself
    r"unsupported architecture! Overriding blas backend to hipblas",
    # Keras' random preprocessing layers: pfor cannot vectorise the op and loops instead (no
    # device is involved; the run goes on)
    r"while_loop for converting \w{1,80} cause there is no registered converter",
    # ldconfig in WSL 2 on the driver's own folder; ROCm's marketing-name table; hipBLASLt's
    # fallback; TensorFlow saying the environment variable set memory growth
    r"/usr/lib/wsl/lib/libcuda\.so\.1 is not a symbolic link",
    r"amdgpu\.ids: No such file or directory",
    r"hipBlasLT failed, falling back to tensile",
    r"Overriding orig_value setting because the TF_FORCE_GPU_ALLOW_GROWTH environment variable is set",
    # MIOpen without its precompiled kernel database (slower first runs), and PyTorch's cuDNN knob
    r"MIOpen\(HIP\): Warning \[SQLiteBase\] Missing system database file",
    r"cuDNN Benchmark limit is not supported in MIOpen",
    # TorchDynamo's suppressed errors (suppress_errors): it runs that frame eagerly and goes on
    r"torch\._dynamo\.convert_frame: \[WARNING\]",
    # `numba -s`'s own report: no conda, no cgroup v1 quota files (not the GPU)
    r"Warning: Conda not available\.",
    r"Error was \[Errno 2\] No such file or directory: 'conda'",
    r"Warning \(no file\): /sys/fs/cgroup/",
    # llama.cpp could not lock the model in RAM (--mlock over RLIMIT_MEMLOCK): it runs unlocked
    r"failed to mlock \d{1,15}-byte buffer",
    r"Try increasing RLIMIT_MLOCK",
    # nvidia-ctk writing a CDI specification: optional components it found no file of (warnings)
    r"level=warning msg=\"Could not locate \S{1,80}: pattern \S{1,80} not found",
    r"level=warning msg=\"Failed to evaluate symlink /dev/dri/by-path/",
    # CUDA called by a destructor after the driver unloaded at exit (cudaErrorCudartUnloading);
    # DeepStream's first run, with no engine file yet (it builds one), and GStreamer's scan of its
    # plugins that need Triton or Rivermax
    r"\bdriver shutting down\b",
    r"Deserialize engine failed because file path: \S{1,300} open error",
    r"deserialize (?:backend context from )?engine from file ?:\S{1,300} failed",
    r"Failed to load plugin '\S{0,200}/deepstream/libnvdsgst_(?:inferserver|udp)\.so'",
    # cpm_kernels (ChatGLM's quantised kernels) trying every cudart64 on PATH: PhysX's old copy
    # lacks the symbols it looks for, and it goes on to the toolkit's
    r"Symbol cuda\w{1,40} not found in .{0,200}?PhysX.{0,120}?cudart64_\d{2,3}\.dll",
    # Windows' socket error 10053: a network client's connection dropped (the work goes on)
    r"An established connection was aborted by the software in your host machine",
    # a GPU monitor without NVML on another vendor's GPU; TF's graph type check; Merlin without TF
    r"Non-Nvidia GPU monitoring is not supported in this version",
    r"Type inference failed\. This indicates an invalid graph that escaped type checking",
    r"dtype mappings did not load successfully due to an error",
    # torch.distributed.run's notice when it starts several processes
    r"Setting OMP_NUM_THREADS environment variable for each process to be 1 in default",
    # bitsandbytes' setup advice: it names an error the run has not met
    r"If you get `?CUDA error: invalid device function`? errors, the above might be the cause",
    # vLLM's notices while it captures CUDA graphs (they name out-of-memory as advice)
    r"CUDA graphs can take additional \d{1,2}~\d{1,2} GiB memory per GPU",
    r"If out-of-memory error occurs during cudagraph capture, consider decreasing",
    # a desktop session's variables missing on a server (vulkaninfo, Qt): nothing to draw on, no failure
    r"XDG_RUNTIME_DIR not set in the environment",
    r"'?DISPLAY'? environment variable not set\.{0,3} ?skipping surface info",
    # ALSA's configuration errors on a host or container without a sound card (a video demo)
    r"^ALSA lib [\w./-]{1,60}:\d{1,6}:\(\w{1,60}\) ",
    # the loader skipping a preload it cannot open (a site's XALT tracker in a container): it goes on
    r"ld\.so: object '[^'\n]{1,300}' from LD_PRELOAD cannot be preloaded \([^)\n]{1,120}\): ignored",
)

# Lines that show the driver answered: a device enumerated and its properties read, nvidia-smi's table.
DRIVER_ANSWERED: tuple[str, ...] = (
    r"Found device \d{1,3} with properties",
    r"NVIDIA-SMI \d{1,4}",
    r"compute capability: \d{1,2}\.\d{1,2}",
    r"Created device .{0,200}GPU",
    r"Adding visible gpu devices: \d",
)

# Lines that show an NVIDIA GPU exists (so the section-Z lines that are benign only without one count).
GPU_EVIDENCE: tuple[str, ...] = (
    *DRIVER_ANSWERED,
    r"pci ?bus ?id: [0-9a-f]{4}:",
    r"device:GPU:\d{1,3}",
    r"/dev/nvidia\d",
    r"Cannot dlopen some GPU libraries",
    r"GPU \d{1,2}: NVIDIA ",
    r"(?:GeForce|Quadro|Tesla) [A-Z]{0,3} ?\d{3,4}",
    r"NVIDIA (?:[A-H]\d{2,3}|RTX|L4|L40|T4)\b",
)
