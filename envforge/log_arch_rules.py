"""Decisions on GPU architectures from the facts a log states (pure): a GPU older than every
architecture a build has kernels for, newer than all of them, or within the range after all; PTX
of a newer ISA than the driver's JIT compiler takes.
Returns ``Decision``s (``log_decision``); the knowledge base is passed in by ``log_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from packaging.version import Version

from .log_decision import Decision, version
from .log_facts import LogFacts, LogGpu
from .log_version_patterns import PTX_CUDA
from .probe.codes import Code

if TYPE_CHECKING:  # the knowledge base loads only when a log names a release
    from .knowledge.base import KnowledgeBase

__all__ = [
    "capability_range", "gpus_too_old_for_tf", "no_kernels_for_an_old_gpu", "ptx_newer_than_jit",
    "torch_arch",
]  # fmt: skip

_OLDEST_CURRENT_ARCH = Version("5.0")  # Maxwell: CUDA 12 dropped Kepler (3.x)


def torch_arch(facts: LogFacts) -> list[Decision]:
    """A build's own list of the sm architectures it has kernels for (PyTorch's warning, llama.cpp's
    system info) against the GPU's sm: the warning's, else the lowest compute capability the log
    names (only a GPU older than every listed architecture decides: PTX runs on newer ones). The
    warning alone says the GPU is not in its list: a build without kernels for it."""
    if not facts.arch_list:
        return []
    supported = sorted(int(a.removeprefix("sm_")) for a in facts.arch_list)
    if facts.gpu_sm is None:
        named = sorted(int(g.cc.replace(".", "")) for g in facts.gpus if g.cc)
        if named and named[0] < supported[0]:
            return [Decision(
                Code.GPU_ARCH_TOO_OLD, f"compute capability {named[0] // 10}.{named[0] % 10} is "
                f"older than every architecture this build has kernels for (from sm_{supported[0]})",
                tuple(facts.evidence("gpu", "arch_list")), replaces=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip
        if named or "supports CUDA capabilities" not in facts.lines.get("arch_list", ""):
            return []
        return [Decision(
            Code.WHEEL_LACKS_ARCH_KERNELS, "PyTorch lists the architectures it has kernels for "
            f"(sm_{supported[0]} to sm_{supported[-1]}) where the GPU is not among them: install a "
            "build for the GPU", tuple(facts.evidence("arch_list")),
            before=(Code.GPU_ARCH_TOO_OLD,))]  # fmt: skip
    sm = int(facts.gpu_sm.removeprefix("sm_"))
    evidence = tuple(facts.evidence("gpu_sm", "arch_list"))
    if sm < supported[0]:
        return [Decision(
            Code.GPU_ARCH_TOO_OLD,
            f"the GPU is {facts.gpu_sm}, older than every architecture this PyTorch build has "
            f"kernels for (from sm_{supported[0]})", evidence,
            replaces=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip
    return [Decision(
        Code.WHEEL_LACKS_ARCH_KERNELS,
        f"the GPU is {facts.gpu_sm}, newer than every architecture this PyTorch build has kernels "
        f"for (up to sm_{supported[-1]}): install a build for it", evidence,
        before=(Code.GPU_ARCH_TOO_OLD,))]  # fmt: skip


def capability_range(facts: LogFacts) -> list[Decision]:
    """A build's range of architectures against the GPU's, as PyTorch's warning (the capability, the
    minimum and maximum) or PaddlePaddle's (the sm list, the GPU's sm) states them: older than the
    minimum is a GPU too old; newer than the maximum but of its major runs the kernels (binary
    compatible within a major: a GB10's 12.1 under a 12.0 build), of a newer major has none."""
    found, limits = facts.groups.get("torch_cc_found"), facts.groups.get("torch_cc_range")
    compiled, listed = facts.groups.get("compiled_for"), facts.groups.get("torch_cc_list")
    if found and listed and not limits:  # PyTorch 2.7 on: the build's CCs listed, lowest first
        cc, low = (int(found[0]), int(found[1])), (int(listed[0]), int(listed[1]))
        evidence = tuple(facts.evidence("torch_cc_found", "torch_cc_list"))
        if cc < low:
            return [Decision(
                Code.GPU_ARCH_TOO_OLD, f"compute capability {cc[0]}.{cc[1]} is below the build's "
                f"lowest {low[0]}.{low[1]}", evidence, before=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip
        return [Decision(
            Code.WHEEL_LACKS_ARCH_KERNELS, f"compute capability {cc[0]}.{cc[1]} is not among the "
            "architectures the build lists", evidence, before=(Code.GPU_ARCH_TOO_OLD,))]  # fmt: skip
    if compiled:
        archs, gpu = sorted(int(a) for a in compiled[0].split()), int(compiled[1])
        cc, low, high = divmod(gpu, 10), divmod(archs[0], 10), divmod(archs[-1], 10)
    elif found and limits:
        cc = (int(found[0]), int(found[1]))
        low, high = (int(limits[0]), int(limits[1])), (int(limits[2]), int(limits[3]))
    else:
        return []
    evidence = tuple(facts.evidence("torch_cc_found", "torch_cc_range", "compiled_for"))
    if cc < low:
        return [Decision(
            Code.GPU_ARCH_TOO_OLD, f"compute capability {cc[0]}.{cc[1]} is below the build's minimum "
            f"{low[0]}.{low[1]}", evidence, before=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip
    # within the build's range (a source build's warning): nothing to do; a kernel error still speaks
    if cc <= high:
        return [Decision(
            Code.HEALTHY_BENIGN_NOISE, f"compute capability {cc[0]}.{cc[1]} is within the build's "
            f"{low[0]}.{low[1]} to {high[0]}.{high[1]}: the warning is PyTorch's, nothing to do",
            evidence, replaces=(Code.GPU_ARCH_TOO_OLD,))]  # fmt: skip
    if cc[0] == high[0]:
        return [Decision(
            Code.HEALTHY_BENIGN_NOISE,
            f"compute capability {cc[0]}.{cc[1]} is above the build's {high[0]}.{high[1]} but of "
            "its major: the build's kernels run on it (the warning is PyTorch's, nothing to do)",
            evidence, replaces=(Code.GPU_ARCH_TOO_OLD, Code.WHEEL_LACKS_ARCH_KERNELS))]  # fmt: skip
    return [Decision(
        Code.WHEEL_LACKS_ARCH_KERNELS,
        f"compute capability {cc[0]}.{cc[1]} is newer than every architecture of the build (up to "
        f"{high[0]}.{high[1]}): install a build for it", evidence,
        replaces=(Code.GPU_ARCH_TOO_OLD,))]  # fmt: skip


def gpus_too_old_for_tf(facts: LogFacts, kb: KnowledgeBase, tf: Version) -> list[Decision]:
    from .knowledge.driver import arch_verdict  # noqa: PLC0415 - with the knowledge base only

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
        found.append(Decision(
            Code.GPU_ARCH_TOO_OLD,
            f"{gpu.name} (compute capability {cc}) cannot run TensorFlow {tf}: {reason}",
            (*facts.evidence("framework"), f"gpu: {gpu.line}",
             f"knowledge: TensorFlow {caps.tf} kernels: SASS {', '.join(str(s) for s in caps.sass)}"
             + (f", PTX {caps.ptx}" if caps.ptx else "")
             + f" ({kb.source_text(caps.source)}; {caps.confidence})"),
            before=(Code.GPU_NOT_REGISTERED, Code.WHEEL_LACKS_ARCH_KERNELS)))  # fmt: skip
    return found


def no_kernels_for_an_old_gpu(facts: LogFacts, kb: KnowledgeBase) -> list[Decision]:
    """ "No kernel image" (NoBinaryForGpu, invalid device function) on a GPU older than the oldest
    architecture the log's CUDA targets, or, where the log states no CUDA, a Kepler or older (CUDA
    12 and the builds of today's frameworks dropped them): the GPU is too old, no build is missing."""
    cuda = version(facts.cuda.get("runtime") or facts.cuda.get("toolkit"))
    architectures = kb.cuda_architectures(cuda) if cuda is not None else ()
    oldest = min(architectures) if architectures else _OLDEST_CURRENT_ARCH
    why = f"CUDA {cuda} targets from {oldest}" if architectures else "a Kepler or older"
    for gpu in _distinct(facts.gpus):
        cc = _cc(gpu, kb)
        if cc is not None and cc < oldest:
            return [Decision(
                Code.GPU_ARCH_TOO_OLD,
                f"{gpu.name} (compute capability {cc}) has no kernels in this build: {why}",
                (*facts.evidence("cuda_runtime", "cuda_toolkit"), f"gpu: {gpu.line}"),
                replaces=(Code.WHEEL_LACKS_ARCH_KERNELS,))]  # fmt: skip
    return []


def newer_than_the_cuda_it_loads(facts: LogFacts, kb: KnowledgeBase) -> list[Decision]:
    """A GPU of a newer major architecture than every one the CUDA release a TensorFlow build loads
    (its cudart's name) knows: the build has no SASS for it, and its PTX is JIT-compiled at start
    (minutes), where it loads at all."""
    cuda = version(facts.cuda.get("wanted"))
    if cuda is None or "torch" in facts.frameworks:
        return []
    architectures = kb.cuda_architectures(cuda)
    if not architectures:
        return []
    newest = max(architectures)
    for gpu in _distinct(facts.gpus):
        cc = _cc(gpu, kb)
        if cc is not None and cc.major > newest.major:
            return [Decision(
                Code.GPU_ARCH_NEWER_THAN_WHEEL,
                f"{gpu.name} (compute capability {cc}) is newer than every architecture of CUDA "
                f"{cuda}, which this build loads (up to {newest}): no SASS for it, its kernels are "
                "JIT-compiled from PTX at start", (*facts.evidence("cuda_wanted"), f"gpu: {gpu.line}"))]  # fmt: skip
    return []


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


def ptx_newer_than_jit(facts: LogFacts) -> list[Decision]:
    """A PTX compiler refused code of a newer PTX ISA, and the compiler is the driver's JIT (its
    input "application ptx input", reached through cuLink*/cuModuleLoad*): the driver is older than
    the CUDA that wrote the PTX. The ptxas binary refusing it is a ptxas too old (its own rows)."""
    found = facts.groups.get("ptx_unsupported")
    if not found or "ptx_jit" not in facts.lines:
        return []
    code, takes = found[0], found[1]
    newer, older = version(code), version(takes)
    if newer is None or older is None or newer <= older:
        return []
    made, newest = PTX_CUDA.get(code), PTX_CUDA.get(takes)
    by = f" (CUDA {made})" if made else ""
    of = f" (CUDA {newest})" if newest else ""
    return [Decision(
        Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
        f"the driver's JIT compiler takes PTX ISA {takes}{of} at most; the code is PTX ISA "
        f"{code}{by}: a driver of that CUDA or later loads it",
        tuple(facts.evidence("ptx_unsupported", "ptx_jit")),
        before=(Code.CUDA_KERNEL_FAULT, Code.WHEEL_LACKS_ARCH_KERNELS, Code.CUDA_INIT_UNKNOWN),
        replaces=(Code.XLA_PTXAS_TOO_OLD,))]  # fmt: skip
