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

from .log_build_patterns import BUILDKIT_OUTPUT, JETSON, JETSON_WORDS, SINGULARITY
from .log_fact_patterns import (
    CONTAINER_PROMPT,
    CUDA,
    CUDNN,
    DRIVER_SIDES,
    FRAMEWORKS,
    GPU_WITH_CC,
    RULES,
)
from .log_memory_patterns import OOM_DEVICE, TORCH_OOM, TORCH_OOM_PROCESS
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
    gpu_free_at_start: tuple[float, float] | None = None  # GiB: total, free (TensorFlow's device)
    arch_list: tuple[str, ...] = ()  # sm_XX a wheel supports, as PyTorch lists them
    gpu_sm: str | None = None  # sm_XX of the GPU, as PyTorch names it
    lines: dict[str, str] = field(default_factory=dict)  # fact -> "line N: ..." (first shown)
    groups: dict[str, tuple[str, ...]] = field(
        default_factory=dict
    )  # fact -> what its pattern read

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


_GPU_FLAGS = ("--gpus", "--runtime=nvidia", "--runtime nvidia", "--device nvidia.com/gpu",
              "--device=nvidia.com/gpu", "--nv")  # fmt: skip


def extract_facts(text: str | list[Line], raw: str | None = None) -> LogFacts:
    """Every fact of a log (its text, or its normalised lines) that a rule may use, with the first
    line that shows each. ``raw``: the text as posted, for what normalising drops (prompts)."""
    lines = normalise(text) if isinstance(text, str) else text
    facts = LogFacts()
    raw = text if isinstance(text, str) else raw
    if raw:  # what normalising drops: a prompt's hostname
        if (prompt := CONTAINER_PROMPT.search(raw)) is not None:  # a container's id as hostname
            number, _ = _raw_line(raw, prompt)
            where = f"line {number}: {printable(prompt.group(0), limit=80)}"
            facts.runtimes["docker"] = facts.lines["inside_container"] = where
        if (step := BUILDKIT_OUTPUT.search(raw)) is not None:  # a step of an image build
            number, text_line = _raw_line(raw, step)
            facts.lines["docker_build"] = (
                f"line {number}: {printable(text_line, limit=300, one_line=True)}"
            )
        lowered = raw.lower()
        if any(w in lowered for w in JETSON_WORDS) and (jetson := JETSON.search(raw)) is not None:
            number, text_line = _raw_line(raw, jetson)
            where = f"line {number}: {printable(text_line, limit=300, one_line=True)}"
            facts.lines["jetson"] = where
    first: dict[str, int] = {}  # a repeated line states nothing new: each is read once
    for index, line in enumerate(lines):
        first.setdefault(line.text, index)
    distinct = list(first.values())
    lower = "\n".join(lines[i].text for i in distinct).lower()
    starts = _starts([lines[i] for i in distinct])
    for rule in RULES:
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
    return float(value) / {"GiB": 1, "MiB": 1024, "KiB": 1024**2}.get(unit, 1024**3)


def _torch_oom(g: tuple[str, ...]) -> dict[str, float]:
    """PyTorch >= 2.1's figures; ``others``: what the processes NVML lists hold (this process too
    where NVML shows its PID from another namespace), ``reserved``: all this process's PyTorch holds."""
    allocated = _gib(g[5], g[6])
    others = sum(_gib(v, u) for v, u in TORCH_OOM_PROCESS.findall(g[4]))
    return {
        "total": _gib(g[0], g[1]), "free": _gib(g[2], g[3]), "allocated": allocated,
        "reserved": allocated + _gib(g[7], g[8]), "others": others,
    }  # fmt: skip


def _raw_line(raw: str, found: re.Match[str]) -> tuple[int, str]:
    """The number and the text of the line of ``raw`` that ``found`` is on."""
    start, end = raw.rfind("\n", 0, found.start()) + 1, raw.find("\n", found.start())
    return raw.count("\n", 0, found.start()) + 1, raw[start : end if end >= 0 else None]


def _record(facts: LogFacts, fact: str, found: re.Match[str], where: str) -> None:
    value = found.group(1) if found.re.groups else found.group(0)
    if fact == "framework":
        name = next(n for n, p in FRAMEWORKS if p is found.re)
        facts.frameworks.setdefault(name, value)
        facts.lines.setdefault(f"framework_{name}", where)
        if facts.framework is None or (facts.framework != "tensorflow" and name == "tensorflow"):
            facts.framework, facts.framework_version = name, value
            facts.lines["framework"] = where
        return
    if fact == "gpu":
        if found.re is GPU_WITH_CC:
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
    elif fact == "arch_list":  # llama.cpp's 610 is sm_61
        names = (
            value.split() if "sm_" in value else [f"sm_{int(a) // 10}" for a in value.split(",")]
        )
        facts.arch_list = tuple(names)
    elif fact in ("driver", "python", "rocm_gfx", "hsa_override"):
        setattr(facts, fact, value)
    elif fact == "visible_devices":
        facts.visible_devices.setdefault(found.group(1), found.group(3))
        fact = f"visible_{found.group(1)}"
    elif fact == "cuda":
        kind = next(k for k, p in CUDA if p is found.re)
        if value.isdigit() and len(value) >= 4:  # 12040 -> 12.4
            value = f"{int(value) // 1000}.{int(value) % 1000 // 10}"
        elif kind == "wanted" and value in ("11", "12", "13"):
            pass  # a CUDA major alone (cudart64_12.dll, libcublas.so.11)
        elif kind in ("runtime", "wanted") and value.isdigit() and len(value) >= 2:
            value = f"{value[:-1]}.{value[-1]}"  # +cu121 -> 12.1, cudart64_110 -> 11.0
        if kind in facts.cuda:
            return
        facts.cuda[kind] = value
        fact = f"cuda_{kind}"
    elif fact == "driver_sides":
        side = next(s for s, p in DRIVER_SIDES if p is found.re)
        if side in facts.driver_sides:
            return
        facts.driver_sides[side] = value.rstrip(".")
        fact = f"driver_{side}"
    elif fact == "cudnn":
        loaded, compiled = found.group(1), found.group(2)
        if found.re is CUDNN[0]:  # TensorFlow 1.x also states each one's compatibility version
            compiled = found.group(3)
            if found.group(2) and found.group(4):
                facts.cudnn.update(loaded_compat=found.group(2), compiled_compat=found.group(4))
        if found.re in CUDNN[2:]:  # PyTorch, Paddle: the build's first, then the one found
            loaded, compiled = compiled, loaded
        facts.cudnn.update(loaded=loaded.replace(" ", ""), compiled=compiled.replace(" ", ""))
    elif fact.startswith("runtime_"):
        facts.runtimes.setdefault(fact.removeprefix("runtime_"), where)
    elif fact == "oom_device":
        facts.oom_device = next(d for d, p in OOM_DEVICE if p is found.re)
    elif fact == "torch_memory" and found.re is TORCH_OOM:
        facts.torch_memory = _torch_oom(found.groups())
    elif fact == "torch_memory":
        g = found.groups()
        facts.torch_memory = {
            "total": _gib(g[0], g[1]), "allocated": _gib(g[2], g[3]), "free": _gib(g[4], g[5]),
            "reserved": _gib(g[6], g[7]),
        }  # fmt: skip
    elif fact == "gpu_free_at_start":
        g = found.groups()
        facts.gpu_free_at_start = (_gib(g[0], g[1]), _gib(g[2], g[3]))
    elif fact == "command":
        command = _command(found)
        if command is not None:
            facts.commands.append(ContainerCommand(*command, where))
            fact = f"command_{len(facts.commands)}"
    facts.lines.setdefault(fact, where)
    facts.groups.setdefault(fact, found.groups())


def _command(found: re.Match[str]) -> tuple[str, bool, bool, str | None] | None:
    """(tool, GPUs asked for, a GPU flag after the image, the image) of a container command."""
    tool = found.group(1).lower()
    rest = found.group(found.re.groups)
    try:
        words = shlex.split(rest)
    except ValueError:
        words = rest.split()
    image_at = _image_position(words, _SINGULARITY_VALUES if found.re is SINGULARITY else None)
    if image_at is None:
        return None
    before, after = " ".join(words[:image_at]), " ".join(words[image_at + 1 :])
    asked = tool == "nvidia-docker" or any(flag in before for flag in _GPU_FLAGS)  # its own runtime
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
