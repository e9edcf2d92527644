"""Facts a log states, each with the line that shows it (pure): the framework and its version, the
platform, the CUDA and cuDNN loaded and built against, GPUs with their compute capabilities, the
driver, ROCm's gfx target and override, the Python version, and whether the log shows the GPU
registered, no GPU at all, or any Linux loader line.

``envforge doctor`` applies the knowledge base to these facts (``knowledge/log_rules.py``) beside
the catalogue's message signatures: a log that names a GTX 980 under TF 2.17 shows an unsupported
GPU even where no line says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .untrusted import printable

__all__ = ["LogFacts", "LogGpu", "extract_facts"]


@dataclass(frozen=True)
class LogGpu:
    name: str
    cc: str | None  # compute capability, when the line gives it
    line: str


@dataclass
class LogFacts:
    framework: str | None = None
    framework_version: str | None = None
    platforms: dict[str, str] = field(default_factory=dict)  # linux/windows/macos -> a line
    python: str | None = None
    cuda: dict[str, str] = field(default_factory=dict)  # driver (nvidia-smi) / toolkit (nvcc)
    cudnn: dict[str, str] = field(default_factory=dict)
    gpus: list[LogGpu] = field(default_factory=list)
    driver: str | None = None
    rocm_gfx: str | None = None
    hsa_override: str | None = None
    gpu_registered: bool = False
    no_gpu: str | None = None  # the line that shows the framework sees no GPU
    linux_loader: str | None = None  # a dynamic-loader line of TensorFlow's Linux build
    lines: dict[str, str] = field(default_factory=dict)  # fact -> "line N: ..."

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
    re.compile(r"\bTensorFlow(?: version)?:?\s+v?(\d+\.\d+(?:\.\d+)?)\b", re.I),
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
    r"Num GPUs Available:?\s+0\b|list_physical_devices\(['\"]GPU['\"]\)\)?\s*(?:->|=|:)?\s*\[\]"
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


def extract_facts(text: str) -> LogFacts:
    """Every fact of ``text`` that a rule may use, with the first line that shows each."""
    facts = LogFacts()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        where = f"line {number}: {printable(line, limit=300, one_line=True)}"
        _read_line(facts, line, where)
    return facts


def _note(facts: LogFacts, fact: str, where: str) -> None:
    facts.lines.setdefault(fact, where)


def _read_line(facts: LogFacts, line: str, where: str) -> None:
    for pattern in _TF_VERSION:
        found = pattern.search(line)
        if found and facts.framework_version is None:
            facts.framework, facts.framework_version = "tensorflow", found.group(1)
            _note(facts, "framework", where)
    for gpu in _GPU_WITH_CC.finditer(line):
        facts.gpus.append(LogGpu(gpu.group(1).strip(), gpu.group(2), where))
    tf1 = _GPU_TF1.search(line)
    if tf1:
        facts.gpus.append(LogGpu(tf1.group(1).strip(), f"{tf1.group(2)}.{tf1.group(3)}", where))
    smi = _GPU_SMI.search(line)
    if smi:
        facts.gpus.append(LogGpu(smi.group(1).strip(), None, where))
    for name, pattern, target in (
        ("driver", _DRIVER, "driver"),
        ("python", _PYTHON, "python"),
        ("rocm_gfx", _GFX, "rocm_gfx"),
        ("hsa_override", _HSA, "hsa_override"),
    ):
        found = pattern.search(line)
        if found and getattr(facts, target) is None:
            setattr(facts, target, found.group(1))
            _note(facts, name, where)
    for kind, pattern in _CUDA:
        found = pattern.search(line)
        if found and kind not in facts.cuda:
            facts.cuda[kind] = found.group(1)
            _note(facts, f"cuda_{kind}", where)
    cudnn = _CUDNN.search(line)
    if cudnn:
        facts.cudnn.update(loaded=cudnn.group(1), compiled=cudnn.group(2))
        _note(facts, "cudnn", where)
    if _REGISTERED.search(line):
        facts.gpu_registered = True
        _note(facts, "gpu_registered", where)
    if facts.no_gpu is None and _NO_GPU.search(line):
        facts.no_gpu = where
        _note(facts, "no_gpu", where)
    if facts.linux_loader is None and _LINUX_LOADER.search(line):
        facts.linux_loader = where
        _note(facts, "linux_loader", where)
    for platform, pattern in _PLATFORM.items():
        if platform not in facts.platforms and pattern.search(line):
            facts.platforms[platform] = where
