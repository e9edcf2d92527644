"""The patterns of the facts a log states (pure): what each fact's lines look like and the keywords
that find those lines (``log_facts`` runs them). Every repetition is bounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import log_arch_patterns as arch
from . import log_build_patterns as build
from . import log_memory_patterns as mem
from .log_version_patterns import (
    CUDA,
    CUDNN,
    DRIVER_SIDES,
    FRAMEWORKS,
    KEYWORDS,
    PTX_JIT,
    PTX_UNSUPPORTED,
    PTXAS_WARNING,
    WINDOWED,
)

__all__ = [
    "CONTAINER_PROMPT", "CUDA", "CUDNN", "DRIVER_SIDES", "FRAMEWORKS", "GPU_WITH_CC",
    "MACOS_RELEASE", "PTXAS_WARNING", "RULES",
]  # fmt: skip

GPU_WITH_CC = re.compile(  # TensorFlow 2.4+; 2.1 to 2.3 said "computeCapability" after the name
    r"name: ([^,()]{1,80}?)(?:, pci bus id: [^,]{1,40}, compute capability| computeCapability): "
    r"(\d{1,2}\.\d{1,2})"
)
_GPU_TF1 = re.compile(r"name: (.{1,80}?) major: (\d{1,2}) minor: (\d{1,2})")
_GPU_SMI = re.compile(
    r"^\| ?\d{1,2} ((?:NVIDIA |Tesla |Quadro |GeForce )[\w .-]{1,60}?) (?:On|Off) \|"
)
_GPU_LIST = re.compile(
    r"^GPU \d{1,2}: (NVIDIA [\w .-]{1,60}?|(?:Tesla|Quadro|GeForce) [\w .-]{1,60}?) \(UUID"
)
_GPU_TORCH = re.compile(
    r"Found GPU\d{0,2} (.{1,80}?) which is of cuda capability (\d{1,2})\.(\d{1,2})"
)
_GPU_NAMED_CC = re.compile(  # llama.cpp/ggml: "Device 0: Tesla K80, compute capability 3.7"
    r"(?:Device|GPU) ?\d{1,2}: ((?:NVIDIA |Tesla |Quadro |GeForce |GRID |TITAN )[\w .-]{1,60}?),? "
    r"compute capability:? (\d{1,2})\.(\d{1,2})"
)
_GPU_KV = re.compile(  # ollama: ... compute=3.7 driver=12.2 name="Tesla K80" ...
    r"\bcompute=(\d{1,2}\.\d{1,2})\b[^\n]{0,200}?\bname=\"?([^\"\n]{2,60})"
)
_GPU_PRODUCT = re.compile(  # a GPU's product name anywhere in a line
    r"\b((?:NVIDIA )?(?:Tesla [KMPVTA]\d{1,3}[a-z]{0,2}|Quadro [A-Z]{0,3}\d{2,4}[A-Za-z]{0,2}|"
    r"GeForce (?:GTX |RTX |GT )?\d{3,4}(?: Ti)?|GRID K\d{3}|TITAN [A-Z][a-z]{0,5}))\b"
)
_DRIVER = re.compile(
    r"(?:Driver Version|kernel reported version is|NVRM version:[^\d]{0,60}):?\s{0,4}(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)"
)
_PYTHON = re.compile(r"\b(?:Python|python)\s?(3\.\d{1,2})(?:\.\d{1,3})?\b")
_GFX = re.compile(r"\b(gfx\d{3,4}[a-f]?)\b")
_HSA = re.compile(r"HSA_OVERRIDE_GFX_VERSION\"?\]?\s{0,4}[=:]\s{0,4}[\"']?([\d.]{1,10})")
_VISIBLE = re.compile(
    r"\b((?:CUDA|NVIDIA|HIP|ROCR)_VISIBLE_DEVICES)\"?'?\]?\s{0,4}=\s{0,4}([\"']?)([\w,-]{0,60})\2"
)
_NO_GPU = re.compile(
    r"Num GPUs(?: Available)?:?\s{0,4}0\b|\bGPU is NOT AVAILABLE\b|list_physical_devices\(['\"]GPU['\"]\)\)?\s{0,4}(?:->|=|:)?\s{0,4}\[\]"
    r"|^\[\]$|^GPUs?:\s{0,4}\[\]$|^\[?PhysicalDevice\(name='/physical_device:CPU:0', device_type='CPU'\)\]?(?:$| (?!\s{0,4}\[\[\d|.{0,80}GPU))"
    r"|\bGPUs?(?: devices?)?(?: is| are)? (?i:available|found|detected|list)\??:?\s{0,4}(?:\[\]|False|0|None)(?:\s|$)"
    r"|is_available\(\)\)?\)?['\"]?\s{0,4}(?:->|:)?\s{0,4}False|no CUDA-capable device is detected|No GPU/TPU found"
    r"|CUDA is not available|Is there a GPU available:? ?False|is_gpu_available\(\)\)?\s{0,4}False|Is CUDA available:? ?False"
    r"|machine only has: ?\[\]|no compatible GPUs were discovered|detected GPUs\"? count=0|Discovered GPU libraries: \[\]"
    r"|Torch is not able to use GPU|but available devices are \[[^\]G]{1,400}\]|\b[Nn]o GPUs found\b"
    r"|\d\+cpu CPU\b"  # Ultralytics' banner: a +cpu torch, and the device it runs on
)
_REGISTERED = re.compile(r"Created device .{0,200}device:GPU:\d|Adding visible gpu devices: \d")
_LINUX_LOADER = re.compile(
    r"dso_loader|Successfully opened dynamic library lib|Could not load dynamic library 'lib[\w.]{1,60}\.so"
    r"|cuda_(?:gpu_)?executor\.cc|Could not find cuda drivers on your machine"
)
# the lines that may say Windows (tensorflow-intel is the wheel pip picks there)
_WINDOWS_KEYWORDS = (
    ":/", ".pyd", ".dll", "windows", "win32", "winerror", "ps ", "tensorflow-intel",
    "tensorflow_intel", "win_amd64",
)  # fmt: skip
_PLATFORM = {
    "wsl": re.compile(r"microsoft-standard-WSL|\bWSL2?\b|/mnt/c/|/usr/lib/wsl/", re.I),
    "windows": re.compile(
        r"(?<![\w/])[A-Za-z]:/[\w .$~()-]{1,80}/|\btensorflow[-_]intel\b|[-_]win_amd64\b|/site-packages/.{0,60}\.pyd\b|\.dll\b|\bWindows\b|\bwin32\b|\bWinError\b|PS [A-Z]:"
    ),
    "macos": re.compile(
        r"\.dylib\b|(?<![A-Za-z]:)/Users/|\bmacOS\b|\bdarwin\b|\bApple M\d\b|/opt/homebrew/|arm64-apple|\bosx-(?:arm)?64\b",
        re.I,
    ),
    "linux": re.compile(
        r"\.so(?:\.\d{1,4}){0,3}\b|/usr/lib|/home/|\bLinux\b|/opt/|\bUbuntu\b|\bDebian\b|\bCentOS\b"
    ),
}
_RUNTIMES = {
    "docker": re.compile(
        r"\bdocker(?:-compose)? (?:run|exec|compose|start)\b|Error response from daemon|nvidia-container-cli|\bdocker: "
        r"|/\.dockerenv\b",
        re.I,
    ),
    "podman": re.compile(r"\bpodman\b|^Error: crun: ", re.I),
    "apptainer": re.compile(r"\b(?:singularity|apptainer)\b|\.singularity\.d", re.I),
    "enroot": re.compile(r"\benroot\b|\bpyxis\b", re.I),
    # Cray MPICH's GPU transport layer (GTL) runs under Slurm on HPE's machines
    "slurm": re.compile(
        r"\bsrun\b|\bsbatch\b|slurmstepd|\bSLURM_\w{2,30}|#SBATCH|\bGTL_DEBUG\b", re.I
    ),
    "kubernetes": re.compile(
        r"\bkubectl\b|\bOOMKilled\b|\bpod/|\bPodScheduled\b|\bkube-\w{2,20}|\bnodeSelector\b"
        r"|Insufficient nvidia\.com/gpu|\bFailedScheduling\b",
        re.I,
    ),
    "notebook": re.compile(
        r"<ipython-input-|\bCell In\[\d{1,5}\]|\bipykernel\b|\bJupyter\b|\bcolab\b|/content/|site-packages/IPython/|\bIn \[\d{1,5}\]",
        re.I,
    ),
    "ide": re.compile(r"\bPyCharm\b|\bSpyder\b|\bVS ?Code\b|Process finished with exit code", re.I),
}
MACOS_RELEASE = re.compile(r"\bmacOS[ -](1\d)\.(\d{1,2})\b")
# a conda environment's own files: its libstdc++ is loaded before the system's
CONDA_ENV = re.compile(
    r"\b(?:ana|mini)conda3?/|\bmini(?:forge|mamba)3?/|\.conda/envs/|/envs/[\w.-]{1,60}/lib/"
)
_MPS_UNAVAILABLE = re.compile(
    r"Is MPS available\?:? False|\bMPS (?:backend )?(?:is )?not available|mps\.is_available\(\)\W{0,6}False"
)
_KERAS_FRAME = re.compile(r"/(?:site|dist)-packages/keras/\S{1,80}\.py")
_TF_PRIVATE_IMPORT = re.compile(
    r"cannot import name '\w{1,40}' from 'tensorflow\.(?:python|keras)\b"
)
# a shell inside a container (its id as hostname; a uid the image's passwd lacks), or a compose
# service's log prefix: where normalising drops them, the raw text still says "in a container"
CONTAINER_PROMPT = re.compile(
    r"(?m)^[ \t]{0,8}(?:(?:\([\w.-]{1,60}\) ?)?(?:root|I have no name!)@(?:[0-9a-f]{12}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}):[~/][^\n#$]{0,200}[#$]"
    r"|[\w.-]{1,60}[-_]\d{1,3}[ \t]{1,40}\|[ \t])"
)


@dataclass(frozen=True)
class _Rule:
    """A fact's patterns, tried only on lines holding one of its (lower-case) keywords, and only
    until the fact is known (``repeat``: every line, for GPUs and commands)."""

    fact: str
    keywords: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...]
    repeat: bool = False
    window: bool = False  # also tried on the line joined with the next (a value printed below)
    every: bool = False  # every pattern that matches a line records (a line stating two versions)


RULES = (
    _Rule("framework", KEYWORDS, tuple(p for _, p in FRAMEWORKS), repeat=True, every=True),
    _Rule(
        "framework",
        ("__version__", "version.version", "name: "),
        tuple(p for _, p in WINDOWED),
        repeat=True,
        window=True,
    ),
    _Rule(
        "gpu",
        ("compute capability", "computecapability", "major:", "cuda capability"),
        (GPU_WITH_CC, _GPU_TF1, _GPU_TORCH, _GPU_NAMED_CC),
        repeat=True,
    ),
    _Rule("gpu_kv", ("compute=",), (_GPU_KV,), repeat=True),
    _Rule("gpu_smi", (" off |", " on |", "(uuid"), (_GPU_SMI, _GPU_LIST), repeat=True),
    _Rule(
        "gpu_name",
        ("tesla ", "quadro ", "geforce ", "grid k", "titan "),
        (_GPU_PRODUCT,),
        repeat=True,
    ),  # fmt: skip  (after the others: a line they read adds no second GPU)
    _Rule("gpu_sm", ("is not compatible with the current",), (arch.GPU_SM,)),
    _Rule("arch_list", ("supports cuda capabilities", "archs"), (arch.ARCH_LIST, arch.GGML_ARCHS)),
    _Rule("driver", ("driver version", "kernel reported version", "nvrm version"), (_DRIVER,)),
    _Rule("python", ("python",), (_PYTHON,)),
    _Rule("rocm_gfx", ("gfx",), (_GFX,)),
    _Rule("hsa_override", ("hsa_override_gfx_version",), (_HSA,)),
    _Rule("visible_devices", ("_visible_devices",), (_VISIBLE,), repeat=True),
    _Rule(
        "cuda",
        (
            "cuda version",
            "cuda compilation tools",
            "cuda driver version",
            "cudadriverversion",
            "too old (found",
            "toolkit version",
            "version.cuda",
            "runtime version",
            "cuda_version",
            "+cu",
            "ptxas",
            "ptx compiler",
            "libcudart.so.",
            "cudart64_",
            "libcublas",
            "libcusparse.so.",
            "libnvrtc.so.",
            "cublas64_",
            "cublaslt64_",
            "cusparse64_",
        ),
        tuple(p for _, p in CUDA),
        repeat=True,
        every=True,
    ),  # fmt: skip
    _Rule("cudnn", ("cudnn library", "cudnn version", "found runtime version"), CUDNN),
    _Rule("gpu_registered", ("created device", "adding visible gpu"), (_REGISTERED,)),
    _Rule(
        "no_gpu",
        (
            "gpus",
            "gpu is not available",
            "[]",
            "physical_device:cpu",
            "is_available",
            "no cuda-capable device",
            "no gpu/tpu found",
            "cuda is not available",
            "gpu available",
            "gpu is available",
            "gpus available",
            "gpu devices",
            "gpus found",
            "gpu found",
            "is_gpu_available",
            "machine only has",
            "no compatible gpus",
            "count=0",
            "not able to use gpu",
            "available devices are",
            "no gpus found",
            "+cpu cpu",
        ),
        (_NO_GPU,),
        window=True,
    ),
    _Rule(
        "xla_gpu", ("xla_gpu",), (re.compile(r"device_type='XLA_GPU'|device:XLA_GPU:\d"),)
    ),  # fmt: skip
    _Rule(
        "linux_loader",
        ("dso_loader", "dynamic library", "cuda_executor", "cuda_gpu_executor", "cuda drivers"),
        (_LINUX_LOADER,),
    ),  # fmt: skip
    *(
        _Rule(name, keys, (_PLATFORM[name],))
        for name, keys in (
            ("wsl", ("wsl", "/mnt/c/")),
            ("windows", _WINDOWS_KEYWORDS),
            (
                "macos",
                (
                    ".dylib",
                    "/users/",
                    "macos",
                    "darwin",
                    "apple m",
                    "homebrew",
                    "arm64-apple",
                    "osx-",
                ),
            ),
            (
                "linux",
                (".so", "/usr/lib", "/home/", "linux", "/opt/", "ubuntu", "debian", "centos"),
            ),
        )
    ),  # fmt: skip
    *(
        _Rule(f"runtime_{name}", keys, (_RUNTIMES[name],))
        for name, keys in (
            ("docker", ("docker", "daemon", "nvidia-container-cli")),
            ("podman", ("podman", "crun: ")),
            ("apptainer", ("singularity", "apptainer")),
            ("enroot", ("enroot", "pyxis")),
            ("slurm", ("srun", "sbatch", "slurm", "gtl_debug")),
            (
                "kubernetes",
                (
                    "kubectl",
                    "oomkilled",
                    "pod/",
                    "podscheduled",
                    "kube-",
                    "nodeselector",
                    "insufficient nvidia.com/gpu",
                    "failedscheduling",
                ),
            ),
            (
                "notebook",
                ("ipython", "cell in[", "ipykernel", "jupyter", "colab", "/content/", "in ["),
            ),
            ("ide", ("pycharm", "spyder", "vscode", "vs code", "process finished with exit code")),
        )
    ),  # fmt: skip
    _Rule("oom_device", ("allocator", "out of memory"), tuple(p for _, p in mem.OOM_DEVICE)),
    _Rule("torch_memory", ("total capacity", "total capacty"), (mem.TORCH_MEMORY, mem.TORCH_OOM)),
    _Rule(
        "gpu_free_at_start", ("totalmemory", "total memory:"), (mem.GPU_FREE_AT_START,), window=True
    ),
    _Rule(
        "docker_packaging",
        (
            "/snap/",
            "snap.docker",
            "snap install docker",
            "docker desktop",
            "docker-desktop",
            "desktop-linux",
        ),
        (
            re.compile(
                r"/snap/docker|snap\.docker|snap install docker|docker[ -]desktop|desktop-linux",
                re.I,
            ),
        ),
    ),
    _Rule(
        "driver_sides",
        (
            "kernel",
            "dso version",
            "libcuda reported",
            "nvml library version",
            "client has the version",
        ),
        tuple(p for _, p in DRIVER_SIDES),
        repeat=True,
        every=True,
    ),
    _Rule(  # a hosted notebook service (or AWS Lambda's, which has no GPU): its runtime may be one
        # without a GPU
        "hosted_notebook",
        ("/content/", "/kaggle/", "colab", "studio-lab", "sagemaker", "/var/lang/lib/python"),
        (
            re.compile(r"(?i)/content/|\bcolab\b|/kaggle/(?:working|input)|studio-lab|sagemaker"),
            re.compile(r"/var/lang/lib/python3\.\d{1,2}/"),
        ),
    ),
    _Rule(  # the container started and its process failed (podman's crun reports it)
        "inside_container",
        ("crun: ", "/.dockerenv", "docker exec", "podman exec"),
        (re.compile(r"^Error: crun: |/\.dockerenv\b|\b(?:docker|podman|nerdctl) exec\b"),),
    ),
    _Rule(  # the NVIDIA hook ran: the container asked for a GPU (whatever its command line shows)
        "gpu_hook",
        ("nvidia-container-cli", "nvidia-container-runtime", "98-nvidia", "prestart hook"),
        (
            re.compile(
                r"nvidia-container-(?:cli|runtime(?:-hook)?)\b.{0,200}(?:error|failed|not found)|hooks\.d/98-nvidia|prestart hook",
                re.I,
            ),
        ),
    ),
    # pinned host memory (copies, allocations); standalone Keras in a traceback importing a TF
    # internal that is not there; the release a macOS line states, and MPS unavailable
    _Rule("pinned_copy", ("non_blocking", "pin_memory", "pinned"), (mem.PINNED,)),
    _Rule("pinned_allocation", ("pin_memory", "cudahostalloc"), (mem.PINNED_ALLOCATION,)),
    _Rule("keras_frame", ("keras",), (_KERAS_FRAME,)),
    _Rule("tf_private_import", ("cannot import name",), (_TF_PRIVATE_IMPORT,)),
    _Rule("macos_release", ("macos",), (MACOS_RELEASE,)),
    _Rule(
        "torch_cc_found",
        ("is of cuda capability", "is of compute capability"),
        (arch.TORCH_CC_FOUND,),
    ),
    _Rule("torch_cc_list", ("which supports hardware cc",), (arch.TORCH_CC_LIST,)),
    _Rule("conda_env", ("conda", "/envs/", "forge"), (CONDA_ENV,)),
    _Rule("compiled_for", ("but your current gpu is",), (arch.COMPILED_FOR,)),
    _Rule("torch_cc_range", ("version of pytorch is",), (arch.TORCH_CC_RANGE,), window=True),
    _Rule("mps_unavailable", ("mps",), (_MPS_UNAVAILABLE,)),
    _Rule("ptxas_warning", ("you are using ptxas",), (PTXAS_WARNING,)),
    _Rule("ptx_unsupported", ("unsupported .version",), (PTX_UNSUPPORTED,)),
    _Rule(
        "ptx_jit",
        (
            "application ptx",
            "culink",
            "cumoduleload",
            "unsupported_ptx",
            "linkererror",
            "ptx jit",
            "provided ptx",
        ),
        (PTX_JIT,),
    ),  # fmt: skip
    _Rule(
        "pip_nvidia",
        ("site-packages/nvidia/", "and-cuda", "nvidia-cu", "nvidia-nccl-cu", "xla_cuda12"),
        (
            re.compile(
                r"site-packages/nvidia/\w{1,30}/lib|\b(?:tensorflow|jax)\[and-cuda|cuda12\]|jax_plugins[./]xla_cuda12\b"
                r"|\bnvidia-(?:cudnn|cublas|cuda-runtime|cuda-nvrtc|cufft|curand|cusolver|cusparse|nccl)-cu1\d"
            ),
        ),
    ),
    _Rule(
        "pip_searched", ("listdir(",), (re.compile(r'listdir\("[^"]{0,200}site-packages/nvidia/'),)
    ),
    # ONNX Runtime: its GPU package named, and a provider list of the CPU package's
    _Rule(
        "ort_gpu_package",
        ("onnxruntime-gpu", "onnxruntime_gpu"),
        (re.compile(r"\bonnxruntime[-_]gpu\b"),),
    ),
    _Rule(
        "ort_cpu_providers",
        ("cpuexecutionprovider", "'azure', 'cpu'"),
        (
            re.compile(
                r"AzureExecutionProvider['\"]?, ?['\"]?CPUExecutionProvider|\(choose from 'azure', 'cpu'\)"
            ),
        ),
    ),
    # what the log says of the builds and the process (log_build_patterns; a Jetson: log_facts)
    *(_Rule(fact, keywords, (pattern,)) for fact, keywords, pattern in build.LINE_FACTS),
    _Rule(
        "torch_cuda_none",
        ("used to build pytorch", "version.cuda"),
        (build.TORCH_CUDA_NONE,),
        window=True,
    ),
    *(_Rule(f"uses_{n}", (f"/{n}/", f"import {n}"), (p,)) for n, p in build.USES.items()),
    _Rule(
        "singularity_nv",
        ("--nv", "nv files", "nvliblist", "nvidia-container-cli"),
        (build.SINGULARITY_NV,),
    ),
    _Rule(
        "command",
        ("docker run", "podman run", "nerdctl run", "container run", "singularity ", "apptainer "),
        (build.CONTAINER_RUN, build.SINGULARITY),
        repeat=True,
    ),  # fmt: skip
)
