"""Facts a log states, each with the line that shows it (pure): the framework and its version, the
platform, the CUDA of the driver and of the toolkit, the cuDNN loaded and built against, GPUs with
their compute capabilities, the driver, ROCm's gfx target and override, the Python version, and
whether the log shows the GPU registered, no GPU at all, or any Linux loader line.

``envforge doctor`` applies the knowledge base to these facts (``knowledge/log_rules.py``) beside
the catalogue's message signatures: a log that names a GTX 980 under TF 2.17 shows an unsupported
GPU even where no line says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .untrusted import printable

__all__ = ["PLATFORMS", "LogFacts", "LogGpu", "extract_facts"]

PLATFORMS = ("linux", "windows", "macos", "wsl")  # what doctor --platform accepts


@dataclass(frozen=True)
class LogGpu:
    name: str
    cc: str | None  # compute capability, when the line gives it
    line: str


@dataclass
class LogFacts:
    framework: str | None = None
    framework_version: str | None = None
    python: str | None = None
    cuda: dict[str, str] = field(default_factory=dict)  # driver (nvidia-smi) / toolkit (nvcc)
    cudnn: dict[str, str] = field(default_factory=dict)
    gpus: list[LogGpu] = field(default_factory=list)
    driver: str | None = None
    rocm_gfx: str | None = None
    hsa_override: str | None = None
    lines: dict[str, str] = field(default_factory=dict)  # fact -> "line N: ..." (first shown)

    @property
    def platforms(self) -> dict[str, str]:
        """linux / windows / macos -> the first line that hints at it."""
        return {p: self.lines[p] for p in ("linux", "windows", "macos") if p in self.lines}

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
            "platforms": sorted(self.platforms),
            "python": self.python,
            "cuda": self.cuda or None,
            "cudnn": self.cudnn or None,
            "gpus": [{"name": g.name, "cc": g.cc} for g in self.gpus] or None,
            "driver": self.driver,
            "rocm_gfx": self.rocm_gfx,
            "hsa_override": self.hsa_override,
            "gpu_registered": self.gpu_registered or None,
            "no_gpu": bool(self.no_gpu) or None,
            "linux_loader": bool(self.linux_loader) or None,
        }
        return {k: v for k, v in found.items() if v}

    def evidence(self, *facts: str) -> list[str]:
        return [f"{fact}: {self.lines[fact]}" for fact in facts if fact in self.lines]


_TF_VERSION = (
    re.compile(r"\bTensor ?Flow(?: version)?:?\s+v?(\d+\.\d+(?:\.\d+)?)\b", re.I),
    re.compile(r"\btensorflow(?:-cpu|-gpu|-macos)?==(\d+\.\d+(?:\.\d+)?)\b", re.I),
    re.compile(r"site-packages[/\\]tensorflow-(\d+\.\d+(?:\.\d+)?)", re.I),
    re.compile(r"\btf\.__version__\W+(\d+\.\d+(?:\.\d+)?)\b"),
)
_GPU_WITH_CC = re.compile(r"name: ([^,()]+?), pci bus id: [^,]+, compute capability: (\d+\.\d+)")
_GPU_TF1 = re.compile(r"name: (.+?) major: (\d+) minor: (\d+)")
_GPU_SMI = re.compile(
    r"^\|\s+\d+\s+((?:NVIDIA |Tesla |Quadro |GeForce )[\w .-]+?)\s{2,}(?:On|Off)\s"
)
_DRIVER = re.compile(r"(?:Driver Version|kernel reported version is):?\s+(\d+\.\d+(?:\.\d+)?)")
_CUDNN = re.compile(
    r"Loaded runtime CuDNN library: ([\d.]+)(?: \(compatibility version \d+\))? but source was "
    r"compiled with:? ([\d.]+)"
)
_CUDA = (
    ("driver", re.compile(r"CUDA Version:\s+(\d+\.\d+)")),
    ("toolkit", re.compile(r"Cuda compilation tools, release (\d+\.\d+)")),
)
_PYTHON = re.compile(r"\b(?:Python|python)\s?(3\.\d{1,2})(?:\.\d+)?\b")
_GFX = re.compile(r"\b(gfx\d{3,4}[a-f]?)\b")
_HSA = re.compile(r"HSA_OVERRIDE_GFX_VERSION\s*=\s*([\d.]+)")
_NO_GPU = re.compile(
    r"Num GPUs Available:?\s+0\b|\bGPU is NOT AVAILABLE\b|list_physical_devices\(['\"]GPU['\"]\)\)?\s*(?:->|=|:)?\s*\[\]"
    r"|^\[\]$|^GPUs?:\s*\[\]$|^\[PhysicalDevice\(name='/physical_device:CPU:0', device_type='CPU'\)\]$"
)
_REGISTERED = re.compile(r"Created device .*device:GPU:\d|Adding visible gpu devices: \d")
_LINUX_LOADER = re.compile(
    r"dso_loader|Successfully opened dynamic library lib|Could not load dynamic library 'lib[\w.]+\.so"
    r"|cuda_(?:gpu_)?executor\.cc|Could not find cuda drivers on your machine"
)
_PLATFORM = {
    "windows": re.compile(r"[A-Za-z]:\\|\\site-packages\\|\.dll\b|\bWindows\b"),
    "macos": re.compile(r"\.dylib\b|/Users/|\bmacOS\b|\bdarwin\b"),
    "linux": re.compile(r"\.so(?:\.\d+)*\b|/usr/lib|/home/|\bLinux\b|/opt/"),
}


@dataclass(frozen=True)
class _Rule:
    """A fact's pattern, tried only on lines holding one of its (lower-case) keywords, and only
    until the fact is known (GPUs: every line), so a big log costs a few substring tests a line."""

    fact: str
    keywords: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...]
    repeat: bool = False  # collect every match (GPUs), not only the first


_RULES = (
    _Rule(
        "framework",
        (
            "tensorflow version",
            "tensor flow version",
            "tensorflow==",
            "tensorflow-",
            "tensorflow 1",
            "tensorflow 2",
            "tensorflow v",
            "tensorflow:",
            "tf.__version__",
        ),
        _TF_VERSION,
    ),
    _Rule("gpu", ("compute capability", "major:"), (_GPU_WITH_CC, _GPU_TF1), repeat=True),
    _Rule("gpu_smi", (" off ", " on ", "|"), (_GPU_SMI,), repeat=True),
    _Rule("driver", ("driver version", "kernel reported version"), (_DRIVER,)),
    _Rule("python", ("python",), (_PYTHON,)),
    _Rule("rocm_gfx", ("gfx",), (_GFX,)),
    _Rule("hsa_override", ("hsa_override_gfx_version",), (_HSA,)),
    _Rule("cuda_driver", ("cuda version",), (_CUDA[0][1],)),
    _Rule("cuda_toolkit", ("cuda compilation tools",), (_CUDA[1][1],)),
    _Rule("cudnn", ("cudnn library",), (_CUDNN,)),
    _Rule("gpu_registered", ("created device", "adding visible gpu"), (_REGISTERED,)),
    _Rule(
        "no_gpu",
        ("gpus available", "gpu is not available", "[]", "physical_device:cpu"),
        (_NO_GPU,),
    ),
    _Rule(
        "linux_loader",
        ("dso_loader", "dynamic library", "cuda_executor", "cuda_gpu_executor", "cuda drivers"),
        (_LINUX_LOADER,),
    ),
    _Rule("windows", (":\\", "\\site-packages\\", ".dll", "windows"), (_PLATFORM["windows"],)),
    _Rule("macos", (".dylib", "/users/", "macos", "darwin"), (_PLATFORM["macos"],)),
    _Rule("linux", (".so", "/usr/lib", "/home/", "linux", "/opt/"), (_PLATFORM["linux"],)),
)


def extract_facts(text: str) -> LogFacts:
    """Every fact of ``text`` that a rule may use, with the first line that shows each.

    Each rule looks only at the lines holding one of its keywords, found by substring search over
    the whole text (C speed); its patterns run on those lines alone, in order, until it has its
    fact. A 5 MB log of noise costs a few milliseconds a rule."""
    facts = LogFacts()
    lower = text.lower()
    for rule in _RULES:
        for start, end in _lines_with(text, lower, rule.keywords):
            line = text[start:end].strip()
            found = next((m for m in (p.search(line) for p in rule.patterns) if m), None)
            if found is None:
                continue
            number = text.count("\n", 0, start) + 1
            _record(
                facts,
                rule.fact,
                found,
                f"line {number}: {printable(line, limit=300, one_line=True)}",
            )
            if not rule.repeat:
                break
    return facts


def _lines_with(text: str, lower: str, keywords: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """(start, end) of each line of ``text`` holding a keyword, in order, found lazily: a rule that
    has its fact on the first such line looks no further."""
    ahead = {k: lower.find(k) for k in keywords}  # each keyword's next position (-1: none left)
    at = 0
    while True:
        for keyword, position in ahead.items():
            if 0 <= position < at:
                ahead[keyword] = lower.find(keyword, at)
        hits = [position for position in ahead.values() if position >= 0]
        if not hits:
            return
        first = min(hits)
        start = text.rfind("\n", 0, first) + 1
        end = text.find("\n", first)
        end = len(text) if end < 0 else end
        yield start, end
        at = end + 1


def _record(facts: LogFacts, fact: str, found: re.Match[str], where: str) -> None:
    facts.lines.setdefault(fact, where)
    value = found.group(1) if found.re.groups else found.group(0)
    if fact == "framework":
        facts.framework, facts.framework_version = "tensorflow", value
    elif fact == "gpu":
        cc = found.group(2) if found.re is _GPU_WITH_CC else f"{found.group(2)}.{found.group(3)}"
        facts.gpus.append(LogGpu(value.strip(), cc, where))
    elif fact == "gpu_smi":
        facts.gpus.append(LogGpu(value.strip(), None, where))
    elif fact in ("driver", "python", "rocm_gfx", "hsa_override"):
        setattr(facts, fact, value)
    elif fact.startswith("cuda_"):
        facts.cuda[fact.removeprefix("cuda_")] = value
    elif fact == "cudnn":
        facts.cudnn.update(loaded=value, compiled=found.group(2))
    # the rest (registered GPU, no GPU, Linux loader, platforms) are their lines alone
