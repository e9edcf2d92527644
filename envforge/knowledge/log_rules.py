"""The knowledge base applied to the facts a log states (pure): causes no single line names.

- A GPU the log names, under a TensorFlow release the log names, older than every kernel the
  release's wheels carry: ``GPU_ARCH_TOO_OLD``, even where the log has no error line.
- TensorFlow >= 2.11 that sees no GPU, and not one line of TensorFlow's Linux loader: either native
  Windows (2.10 was the last GPU release there) or a CPU-only build. Named as the one cause when
  the platform is known (``--platform``, or the log's own paths), else both, asking for it.

Each diagnosis carries the facts (with their lines) and the knowledge rows it used.
"""

from __future__ import annotations

from packaging.version import InvalidVersion, Version

from ..log_facts import PLATFORMS, LogFacts, LogGpu
from ..probe.codes import CODES, Code
from ..results import Diagnosis
from .base import KnowledgeBase
from .driver import arch_verdict

__all__ = ["PLATFORMS", "knowledge_diagnoses"]

_LAST_NATIVE_WINDOWS_GPU = Version("2.10")


def knowledge_diagnoses(
    facts: LogFacts, kb: KnowledgeBase, platform: str | None = None
) -> list[Diagnosis]:
    """Causes that follow from the log's facts and the knowledge base (``platform``: as the user
    says, None to read it from the log)."""
    tf = _version(facts.framework_version) if facts.framework == "tensorflow" else None
    found: list[Diagnosis] = []
    if tf is not None:
        found += _gpus_too_old(facts, kb, tf)
        found += _no_gpu_without_loader(facts, tf, platform or _platform(facts))
    return found


def _version(text: str | None) -> Version | None:
    try:
        return Version(text) if text else None
    except InvalidVersion:
        return None


def _platform(facts: LogFacts) -> str | None:
    seen = [p for p in ("windows", "macos", "linux") if p in facts.platforms]
    return seen[0] if len(seen) == 1 else None


def _gpus_too_old(facts: LogFacts, kb: KnowledgeBase, tf: Version) -> list[Diagnosis]:
    caps = kb.tf_compute_capabilities(tf)
    if caps is None:
        return []
    found = []
    for gpu in _distinct(facts.gpus):
        cc = _cc(gpu, kb)
        if cc is None:
            continue
        verdict, reason = arch_verdict(cc, caps.sass, caps.ptx)
        if verdict != "too-old":
            continue
        found.append(
            Diagnosis(
                Code.GPU_ARCH_TOO_OLD.value,
                f"{gpu.name} (compute capability {cc}) cannot run TensorFlow {tf}: {reason}",
                CODES[Code.GPU_ARCH_TOO_OLD].fix,
                (
                    *facts.evidence("framework"),
                    f"gpu: {gpu.line}",
                    f"knowledge: TensorFlow {caps.tf} kernels: SASS "
                    f"{', '.join(str(s) for s in caps.sass)}"
                    + (f", PTX {caps.ptx}" if caps.ptx else "")
                    + f" ({kb.source_text(caps.source)}; {caps.confidence})",
                ),
            )
        )
    return found


def _distinct(gpus: list[LogGpu]) -> list[LogGpu]:
    seen: dict[tuple[str, str | None], LogGpu] = {}
    for gpu in gpus:
        seen.setdefault((gpu.name, gpu.cc), gpu)
    return list(seen.values())


def _cc(gpu: LogGpu, kb: KnowledgeBase) -> Version | None:
    if gpu.cc:
        return Version(gpu.cc)
    known = kb.gpu(gpu.name)
    return known.cc if known else None


def _no_gpu_without_loader(facts: LogFacts, tf: Version, platform: str | None) -> list[Diagnosis]:
    if (
        tf < Version("2.11")
        or facts.gpu_registered
        or facts.gpus
        or facts.linux_loader
        or not facts.no_gpu
        or platform == "macos"  # no CUDA there: tensorflow-metal's own causes
    ):
        return []
    shown = [*facts.evidence("framework", "no_gpu"), "no line of TensorFlow's Linux loader"]
    windows = Diagnosis(
        Code.WINDOWS_NATIVE_TF_GE_2_11.value,
        f"TensorFlow {tf} sees no GPU and printed no Linux loader line: on native Windows, "
        f"{_LAST_NATIVE_WINDOWS_GPU} was the last release with GPU support",
        CODES[Code.WINDOWS_NATIVE_TF_GE_2_11].fix,
        (*shown, *[f"windows: {line}" for line in _platform_lines(facts, "windows")]),
    )
    cpu = Diagnosis(
        Code.CPU_ONLY_TF_BUILD.value,
        f"TensorFlow {tf} sees no GPU and printed no Linux loader line: a CPU-only build "
        "(tensorflow-cpu, or tensorflow without [and-cuda] where no CUDA is installed)",
        CODES[Code.CPU_ONLY_TF_BUILD].fix,
        tuple(shown),
    )
    if platform == "windows":
        return [windows]
    if platform in ("linux", "wsl"):
        return [cpu]
    ask = " (which one: rerun with --platform windows or --platform linux)"
    return [
        Diagnosis(windows.code, windows.summary + ask, windows.fix, windows.evidence),
        Diagnosis(cpu.code, cpu.summary + ask, cpu.fix, cpu.evidence),
    ]


def _platform_lines(facts: LogFacts, platform: str) -> list[str]:
    return [facts.platforms[platform]] if platform in facts.platforms else []
