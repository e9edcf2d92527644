"""Facts a log states, each with the line that shows it (pure).

What ran (frameworks and their versions, Python, the platform, the container runtime and the command
that started the container, notebooks and schedulers), what the machine has (the driver, its CUDA
version, GPUs with their compute capabilities, ROCm's gfx target and override), what the software
wanted and found (the CUDA a framework or a wheel was built for, the runtime and the PTX compiler,
cuDNN loaded and compiled against, the device an out-of-memory error names and the memory figures it
gives), what the environment hid (``CUDA_VISIBLE_DEVICES``), and how the run ended (no GPU seen,
a GPU registered, an error at the end).

``envforge doctor`` decides with these where facts decide (``log_rules.py``): a GTX 980
under TF 2.17 is an unsupported GPU though no line says so; ``--gpus all`` written after the image
name never reaches docker. Lines are the normalised lines of ``probe.logtext``: every rule looks
only at lines holding one of its keywords (a substring search of the whole log), so a big log costs
a few milliseconds a rule.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field

from .probe.logtext import Line, normalise
from .untrusted import printable

__all__ = ["PLATFORMS", "LogFacts", "LogGpu", "ContainerCommand", "extract_facts"]

PLATFORMS = ("linux", "windows", "macos", "wsl")  # what doctor --platform accepts
MAX_CANDIDATES = 64  # lines a rule tries at most (each distinct line holding one of its keywords)


@dataclass(frozen=True)
class LogGpu:
    name: str
    cc: str | None  # compute capability, when the line gives it
    line: str


@dataclass(frozen=True)
class ContainerCommand:
    """A ``docker run`` (podman, nerdctl) or ``singularity exec`` (apptainer) the log shows."""

    tool: str
    gpus: bool  # asked for GPUs where the tool reads it (before the image)
    gpus_after_image: bool  # a GPU flag written after the image: the container's argument
    image: str | None
    line: str


@dataclass
class LogFacts:
    framework: str | None = None
    framework_version: str | None = None
    frameworks: dict[str, str] = field(default_factory=dict)  # name -> version
    python: str | None = None
    cuda: dict[str, str] = field(
        default_factory=dict
    )  # driver / toolkit / runtime / ptxas / wanted
    cudnn: dict[str, str] = field(default_factory=dict)  # loaded / compiled
    # the driver's version as its kernel module and as its user-space libraries state it
    driver_sides: dict[str, str] = field(default_factory=dict)  # kernel / library -> version
    gpus: list[LogGpu] = field(default_factory=list)
    driver: str | None = None
    rocm_gfx: str | None = None
    hsa_override: str | None = None
    visible_devices: dict[str, str] = field(default_factory=dict)  # CUDA_VISIBLE_DEVICES, ...
    commands: list[ContainerCommand] = field(default_factory=list)
    runtimes: dict[str, str] = field(default_factory=dict)  # docker / slurm / notebook ... -> line
    oom_device: str | None = None  # "cpu" or "gpu": what an out-of-memory error names
    torch_memory: dict[str, float] = field(
        default_factory=dict
    )  # GiB: total, allocated, free, reserved
    arch_list: tuple[str, ...] = ()  # sm_XX a wheel supports, as PyTorch lists them
    gpu_sm: str | None = None  # sm_XX of the GPU, as PyTorch names it
    lines: dict[str, str] = field(default_factory=dict)  # fact -> "line N: ..." (first shown)

    @property
    def platforms(self) -> dict[str, str]:
        """linux / windows / macos / wsl -> the first line that hints at it."""
        return {p: self.lines[p] for p in PLATFORMS if p in self.lines}

    @property
    def gpu_registered(self) -> bool:
        return "gpu_registered" in self.lines

    @property
    def no_gpu(self) -> str | None:
        """The line that shows the framework sees no GPU."""
        return self.lines.get("no_gpu")

    @property
    def linux_loader(self) -> str | None:
        """A dynamic-loader line of TensorFlow's Linux build."""
        return self.lines.get("linux_loader")

    def summary(self) -> dict[str, object]:
        """What the log states, for ``--json`` (only the facts it does state)."""
        found: dict[str, object] = {
            "framework": self.framework,
            "framework_version": self.framework_version,
            "frameworks": self.frameworks or None,
            "platforms": sorted(self.platforms),
            "runtimes": sorted(self.runtimes) or None,
            "python": self.python,
            "cuda": self.cuda or None,
            "cudnn": self.cudnn or None,
            "driver_sides": self.driver_sides or None,
            "gpus": [{"name": g.name, "cc": g.cc} for g in self.gpus] or None,
            "driver": self.driver,
            "rocm_gfx": self.rocm_gfx,
            "hsa_override": self.hsa_override,
            "visible_devices": self.visible_devices or None,
            "container_commands": [
                {
                    "tool": c.tool,
                    "gpus": c.gpus,
                    "gpus_after_image": c.gpus_after_image,
                    "image": c.image,
                }
                for c in self.commands
            ]
            or None,  # fmt: skip
            "oom_device": self.oom_device,
            "gpu_registered": self.gpu_registered or None,
            "no_gpu": bool(self.no_gpu) or None,
            "linux_loader": bool(self.linux_loader) or None,
        }
        return {k: v for k, v in found.items() if v}

    def number(self, fact: str) -> int | None:
        """The number of the line that shows ``fact`` (None: the log does not state it)."""
        where = self.lines.get(fact)
        return int(where.split(":", 1)[0].removeprefix("line ")) if where else None

    def evidence(self, *facts: str) -> list[str]:
        return [f"{fact}: {self.lines[fact]}" for fact in facts if fact in self.lines]


_V = r"(\d{1,3}\.\d{1,3}(?:\.\d{1,4})?)"
_FRAMEWORKS = (
    (
        "tensorflow",
        re.compile(rf"\bTensor ?Flow(?:-gpu|-cpu|-macos)?(?: version)?:?\s{{1,4}}v?{_V}\b", re.I),
    ),
    ("tensorflow", re.compile(rf"\btensorflow(?:-cpu|-gpu|-macos|-intel)?==v?{_V}\b", re.I)),
    ("tensorflow", re.compile(rf"site-packages/tensorflow-{_V}", re.I)),
    ("tensorflow", re.compile(rf"\btf\.__version__\W{{1,20}}{_V}\b")),
    (
        "torch",
        re.compile(
            rf"\b(?:torch|PyTorch)(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}(?:\+\w{{1,20}})?\b",
            re.I,
        ),
    ),
    ("torch", re.compile(rf"\btorch\.__version__\W{{1,20}}{_V}")),
    ("jax", re.compile(rf"\bjax(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
    ("jaxlib", re.compile(rf"\bjaxlib(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
    ("keras", re.compile(rf"\bKeras(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
)
_GPU_WITH_CC = re.compile(
    r"name: ([^,()]{1,80}?), pci bus id: [^,]{1,40}, compute capability: (\d{1,2}\.\d{1,2})"
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
_GPU_SM = re.compile(
    r"(?:(NVIDIA [\w .-]{1,60}?) )?with CUDA capability (sm_\d{2,3}) is not compatible"
)
_ARCH_LIST = re.compile(r"supports CUDA capabilities ((?:sm_\d{2,3} ?){1,30})")
_DRIVER = re.compile(
    r"(?:Driver Version|kernel reported version is|NVRM version:[^\d]{0,60}):?\s{0,4}(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)"
)
_VERSION = r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
_DRIVER_SIDES = (  # (side, pattern): who states the driver's version
    re.compile(r"kernel (?:reported )?version(?: is)?:? " + _VERSION),
    re.compile(r"kernel module has (?:the )?version " + _VERSION),
    re.compile(r"(?:DSO|libcuda reported) version(?: is)?:? " + _VERSION),
    re.compile(r"NVML library version:? " + _VERSION),
    re.compile(r"client has (?:the )?version " + _VERSION),
)
_CUDNN = (
    re.compile(
        r"Loaded runtime CuDNN library: ([\d.]{1,20})(?: \(compatibility version \d{1,8}\))? but source was compiled with:? ([\d.]{1,20})"
    ),
    re.compile(r"Found cuDNN version (\d{3,6}), but \w{1,20} was built against version (\d{3,6})"),
    re.compile(r"compiled against \(([\d, ]{1,20})\) but found runtime version \(([\d, ]{1,20})\)"),
)
_CUDA = (
    ("driver", re.compile(r"CUDA Version:\s{0,4}(\d{1,2}\.\d{1,2})")),
    ("driver", re.compile(r"driver'?s? CUDA version (?:is )?\(?(\d{1,2}\.\d{1,2})")),
    ("driver", re.compile(r"CUDA driver version \(?(\d{1,2}\.\d{1,2})")),
    ("driver", re.compile(r"NVIDIA driver on your system is too old \(found version (\d{4,6})\)")),
    ("toolkit", re.compile(r"Cuda compilation tools, release (\d{1,2}\.\d{1,2})")),
    ("toolkit", re.compile(r"CUDA toolkit version \(?(\d{1,2}\.\d{1,2})")),
    (
        "runtime",
        re.compile(
            r"(?:torch\.version\.cuda|CUDA runtime version|cuda_version)\W{1,6}(\d{1,2}\.\d{1,2})"
        ),
    ),
    ("runtime", re.compile(r"\+cu(\d{2,3})\b")),
    (
        "ptxas",
        re.compile(r"(?:ptxas|PTX compiler)(?: \(?CUDA\)?)? version (?:is )?\(?(\d{1,2}\.\d{1,2})"),
    ),
    ("ptxas", re.compile(r"You are using ptxas (\d{1,2}\.\d{1,2})")),
    ("wanted", re.compile(r"libcudart\.so\.(\d{1,2}(?:\.\d)?)")),
    ("wanted", re.compile(r"cudart64_(\d{2,3})\.dll")),
)
_PYTHON = re.compile(r"\b(?:Python|python)\s?(3\.\d{1,2})(?:\.\d{1,3})?\b")
_GFX = re.compile(r"\b(gfx\d{3,4}[a-f]?)\b")
_HSA = re.compile(r"HSA_OVERRIDE_GFX_VERSION\"?\]?\s{0,4}[=:]\s{0,4}[\"']?([\d.]{1,10})")
_VISIBLE = re.compile(
    r"\b((?:CUDA|NVIDIA|HIP|ROCR)_VISIBLE_DEVICES)\"?'?\]?\s{0,4}=\s{0,4}([\"']?)([\w,-]{0,60})\2"
)
_NO_GPU = re.compile(
    r"Num GPUs(?: Available)?:?\s{0,4}0\b|\bGPU is NOT AVAILABLE\b|list_physical_devices\(['\"]GPU['\"]\)\)?\s{0,4}(?:->|=|:)?\s{0,4}\[\]"
    r"|^\[\]$|^GPUs?:\s{0,4}\[\]$|^\[PhysicalDevice\(name='/physical_device:CPU:0', device_type='CPU'\)\]$"
    r"|\bGPUs?(?: devices?)?(?: is| are)? (?i:available|found|detected|list)\??:?\s{0,4}(?:\[\]|False|0|None)(?:\s|$)"
    r"|is_available\(\)\)?\)?['\"]?\s{0,4}(?:->|:)?\s{0,4}False|no CUDA-capable device is detected|No GPU/TPU found"
    r"|CUDA is not available|Is there a GPU available:? ?False|is_gpu_available\(\)\)?\s{0,4}False"
    r"|machine only has: ?\[\]|no compatible GPUs were discovered|detected GPUs\"? count=0"
)
_REGISTERED = re.compile(r"Created device .{0,200}device:GPU:\d|Adding visible gpu devices: \d")
_LINUX_LOADER = re.compile(
    r"dso_loader|Successfully opened dynamic library lib|Could not load dynamic library 'lib[\w.]{1,60}\.so"
    r"|cuda_(?:gpu_)?executor\.cc|Could not find cuda drivers on your machine"
)
_PLATFORM = {
    "wsl": re.compile(r"microsoft-standard-WSL|\bWSL2?\b|/mnt/c/|/usr/lib/wsl/", re.I),
    "windows": re.compile(
        r"\b[A-Za-z]:/(?:Users|Program|Python|ProgramData|Windows|anaconda|Anaconda|conda|tools)|/site-packages/.{0,60}\.pyd\b|\.dll\b|\bWindows\b|\bwin32\b|\bWinError\b|PS [A-Z]:"
    ),
    "macos": re.compile(
        r"\.dylib\b|(?<![A-Za-z]:)/Users/|\bmacOS\b|\bdarwin\b|\bApple M\d\b|/opt/homebrew/|arm64-apple",
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
    "slurm": re.compile(r"\bsrun\b|\bsbatch\b|slurmstepd|\bSLURM_\w{2,30}|#SBATCH", re.I),
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
_OOM_DEVICE = (
    (
        "cpu",
        re.compile(
            r"device:CPU:\d{1,3} by allocator cpu|DefaultCPUAllocator|by allocator cpu\b|mklcpu",
            re.I,
        ),
    ),
    (
        "gpu",
        re.compile(
            r"device:GPU:\d{1,3} by allocator GPU|CUDA out of memory|GPU_\d{1,2}_bfc|RESOURCE_EXHAUSTED: Out of memory|HIP out of memory",
            re.I,
        ),
    ),
)
_TORCH_MEMORY = re.compile(
    r"([\d.]{1,10}) (GiB|MiB) total capacity; ([\d.]{1,10}) (GiB|MiB) already allocated; "
    r"([\d.]{1,10}) (GiB|MiB) free; (?:[\d.]{1,10} (?:GiB|MiB) allowed; )?([\d.]{1,10}) (GiB|MiB) reserved"
)
_CONTAINER_PROMPT = re.compile(
    r"(?m)^[ \t]{0,8}(?:\([\w.-]{1,60}\) ?)?root@[0-9a-f]{12}:[~/][^\n#$]{0,200}[#$]"
)
_CONTAINER_RUN = re.compile(r"\b(docker|podman|nerdctl)(?: container)? run\b(.{0,600})")
_SINGULARITY = re.compile(r"\b(singularity|apptainer) (exec|run|shell)\b(.{0,600})")


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


_RULES = (
    _Rule(
        "framework",
        (
            "tensorflow version",
            "tensor flow",
            "tensorflow==",
            "tensorflow-",
            "tensorflow 1.",
            "tensorflow 2.",
            "tensorflow: ",
            "tensorflow v",
            "tf.__version__",
            "torch==",
            "torch version",
            "torch: ",
            "torch 1.",
            "torch 2.",
            "torch.__version__",
            "jax==",
            "jax version",
            "jax: ",
            "jax 0.",
            "jaxlib",
            "keras==",
            "keras version",
            "keras: ",
            "keras 2.",
            "keras 3.",
        ),
        tuple(p for _, p in _FRAMEWORKS),
        repeat=True,
    ),  # fmt: skip
    _Rule(
        "gpu",
        ("compute capability", "major:", "cuda capability"),
        (_GPU_WITH_CC, _GPU_TF1, _GPU_TORCH, _GPU_NAMED_CC),
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
    _Rule("gpu_sm", ("is not compatible with the current",), (_GPU_SM,)),
    _Rule("arch_list", ("supports cuda capabilities",), (_ARCH_LIST,)),
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
        ),
        tuple(p for _, p in _CUDA),
        repeat=True,
        every=True,
    ),  # fmt: skip
    _Rule("cudnn", ("cudnn library", "found cudnn version", "found runtime version"), _CUDNN),
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
            ("windows", (":/", ".pyd", ".dll", "windows", "win32", "winerror", "ps ")),
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
            ("slurm", ("srun", "sbatch", "slurm")),
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
    _Rule("oom_device", ("allocator", "out of memory"), tuple(p for _, p in _OOM_DEVICE)),
    _Rule("torch_memory", ("total capacity",), (_TORCH_MEMORY,)),
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
        _DRIVER_SIDES,
        repeat=True,
        every=True,
    ),
    _Rule(  # the container started and its process failed (podman's crun reports it)
        "inside_container",
        ("crun: ", "/.dockerenv"),
        (re.compile(r"^Error: crun: |/\.dockerenv\b"),),
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
    _Rule(
        "ptxas_warning",
        ("you are using ptxas",),
        (re.compile(r"You are using ptxas [\d.]{1,20}, which is older than [\d.]{1,20}"),),
    ),
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
        "command",
        ("docker run", "podman run", "nerdctl run", "container run", "singularity ", "apptainer "),
        (_CONTAINER_RUN, _SINGULARITY),
        repeat=True,
    ),  # fmt: skip
)
_GPU_FLAGS = ("--gpus", "--runtime=nvidia", "--runtime nvidia", "--device nvidia.com/gpu",
              "--device=nvidia.com/gpu", "--nv")  # fmt: skip


def extract_facts(text: str | list[Line], raw: str | None = None) -> LogFacts:
    """Every fact of a log (its text, or its normalised lines) that a rule may use, with the first
    line that shows each. ``raw``: the text as posted, for what normalising drops (prompts)."""
    lines = normalise(text) if isinstance(text, str) else text
    facts = LogFacts()
    raw = text if isinstance(text, str) else raw
    prompt = _CONTAINER_PROMPT.search(raw) if raw else None
    if prompt is not None and raw is not None:  # a shell inside a container: its id as hostname
        number = raw.count("\n", 0, prompt.start()) + 1
        where = f"line {number}: {printable(prompt.group(0), limit=80)}"
        facts.runtimes["docker"] = facts.lines["inside_container"] = where
    first: dict[str, int] = {}  # a repeated line states nothing new: each is read once
    for index, line in enumerate(lines):
        first.setdefault(line.text, index)
    distinct = list(first.values())
    lower = "\n".join(lines[i].text for i in distinct).lower()
    starts = _starts([lines[i] for i in distinct])
    for rule in _RULES:
        for count, at in enumerate(_lines_with(lower, starts, rule.keywords)):
            if count >= MAX_CANDIDATES:
                break
            index = distinct[at]
            line = lines[index]
            text = line.text
            if rule.window and index + 1 < len(lines):
                text = f"{text} {lines[index + 1].text}"
            matches = [m for m in (p.search(text) for p in rule.patterns) if m]
            if not matches:
                continue
            where = f"line {line.number}: {printable(line.text, limit=300, one_line=True)}"
            for found in matches if rule.every else matches[:1]:
                _record(facts, rule.fact, found, where)
            if not rule.repeat:
                break
    return facts


def _starts(lines: list[Line]) -> list[int]:
    starts, position = [], 0
    for line in lines:
        starts.append(position)
        position += len(line.text) + 1
    return starts


def _lines_with(lower: str, starts: list[int], keywords: tuple[str, ...]) -> Iterator[int]:
    """The index of each line holding a keyword, in order, found lazily by substring search."""
    ahead = {k: lower.find(k) for k in keywords}  # each keyword's next position (-1: none left)
    at = 0
    while True:
        for keyword, position in ahead.items():
            if 0 <= position < at:
                ahead[keyword] = lower.find(keyword, at)
        hits = [position for position in ahead.values() if position >= 0]
        if not hits:
            return
        index = _index_of(starts, min(hits))
        yield index
        at = starts[index + 1] if index + 1 < len(starts) else len(lower) + 1


def _index_of(starts: list[int], position: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= position:
            low = middle
        else:
            high = middle - 1
    return low


def _gib(value: str, unit: str) -> float:
    return float(value) / (1024 if unit == "MiB" else 1)


def _record(facts: LogFacts, fact: str, found: re.Match[str], where: str) -> None:
    value = found.group(1) if found.re.groups else found.group(0)
    if fact == "framework":
        name = next(n for n, p in _FRAMEWORKS if p is found.re)
        facts.frameworks.setdefault(name, value)
        facts.lines.setdefault(f"framework_{name}", where)
        if facts.framework is None or (facts.framework != "tensorflow" and name == "tensorflow"):
            facts.framework, facts.framework_version = name, value
            facts.lines["framework"] = where
        return
    if fact == "gpu":
        if found.re is _GPU_WITH_CC:
            cc = found.group(2)
        else:
            cc = f"{found.group(2)}.{found.group(3)}"
        facts.gpus.append(LogGpu(value.strip(), cc, where))
    elif fact == "gpu_kv":
        facts.gpus.append(LogGpu(found.group(2).strip(), value, where))
        fact = "gpu"
    elif fact == "gpu_smi" or (fact == "gpu_name" and all(g.line != where for g in facts.gpus)):
        facts.gpus.append(LogGpu(value.strip(), None, where))
    elif fact == "gpu_sm":
        facts.gpu_sm = found.group(2)
    elif fact == "arch_list":
        facts.arch_list = tuple(value.split())
    elif fact in ("driver", "python", "rocm_gfx", "hsa_override"):
        setattr(facts, fact, value)
    elif fact == "visible_devices":
        facts.visible_devices.setdefault(found.group(1), found.group(3))
        fact = f"visible_{found.group(1)}"
    elif fact == "cuda":
        kind = next(k for k, p in _CUDA if p is found.re)
        if found.re.pattern.endswith(r"(\d{4,6})\)"):  # 12040 -> 12.4
            value = f"{int(value) // 1000}.{int(value) % 1000 // 10}"
        elif kind in ("runtime", "wanted") and value.isdigit() and len(value) >= 2:
            value = f"{value[:-1]}.{value[-1]}"  # +cu121 -> 12.1, cudart64_110 -> 11.0
        if kind in facts.cuda:
            return
        facts.cuda[kind] = value
        fact = f"cuda_{kind}"
    elif fact == "driver_sides":
        side = "kernel" if found.re in _DRIVER_SIDES[:2] else "library"
        if side in facts.driver_sides:
            return
        facts.driver_sides[side] = value.rstrip(".")
        fact = f"driver_{side}"
    elif fact == "cudnn":
        loaded, compiled = found.group(1), found.group(2)
        if found.re is _CUDNN[2]:  # PyTorch: compiled against (8, 9, 2) but found (8, 5, 0)
            loaded, compiled = compiled, loaded
        facts.cudnn.update(loaded=loaded.replace(" ", ""), compiled=compiled.replace(" ", ""))
    elif fact.startswith("runtime_"):
        facts.runtimes.setdefault(fact.removeprefix("runtime_"), where)
    elif fact == "oom_device":
        facts.oom_device = next(d for d, p in _OOM_DEVICE if p is found.re)
    elif fact == "torch_memory":
        g = found.groups()
        facts.torch_memory = {
            "total": _gib(g[0], g[1]), "allocated": _gib(g[2], g[3]), "free": _gib(g[4], g[5]),
            "reserved": _gib(g[6], g[7]),
        }  # fmt: skip
    elif fact == "command":
        command = _command(found)
        if command is not None:
            facts.commands.append(ContainerCommand(*command, where))
            fact = f"command_{len(facts.commands)}"
    facts.lines.setdefault(fact, where)


def _command(found: re.Match[str]) -> tuple[str, bool, bool, str | None] | None:
    """(tool, GPUs asked for, a GPU flag after the image, the image) of a container command."""
    tool = found.group(1).lower()
    rest = found.group(found.re.groups)
    try:
        words = shlex.split(rest)
    except ValueError:
        words = rest.split()
    image_at = _image_position(words, _SINGULARITY_VALUES if found.re is _SINGULARITY else None)
    if image_at is None:
        return None
    before, after = " ".join(words[:image_at]), " ".join(words[image_at + 1 :])
    asked = any(flag in before for flag in _GPU_FLAGS)
    late = any(flag in after.split("|")[0] for flag in _GPU_FLAGS)
    return tool, asked, late and not asked, words[image_at]


_SINGULARITY_VALUES = frozenset({"-B", "--bind", "-H", "--home", "--env", "--env-file", "-W",
                                 "--workdir", "--pwd", "-o", "--overlay", "--security", "--hostname",
                                 "--network", "--network-args", "--app", "-S", "--scratch", "--mount"})  # fmt: skip


def _image_position(words: list[str], options: frozenset[str] | None = None) -> int | None:
    """Where the image is in a ``docker run`` (or ``singularity exec``) command's words: the first
    that is not an option or the value of one (``-p 8888:8888``, ``--name x``; ``--gpus=all``
    carries its value)."""
    takes_value = options or {"-p", "-v", "-e", "-w", "-u", "-m", "--name", "--gpus", "--runtime", "--device",
                   "--env", "--volume", "--publish", "--network", "--net", "--shm-size", "--ipc",
                   "--user", "--workdir", "--entrypoint", "--mount", "--env-file", "--memory",
                   "--cpus", "--label", "-l", "--add-host", "--cap-add", "--security-opt",
                   "--ulimit", "--hostname", "-h", "--platform", "--pull", "--restart"}  # fmt: skip
    skip = False
    for index, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in takes_value
            continue
        return index
    return None
