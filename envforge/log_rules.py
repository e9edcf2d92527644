"""Decisions from the facts a log states (pure): causes no single line names, and which of the
causes its lines name comes first.

Each rule reads ``LogFacts`` (and the codes the signatures found) and returns ``Decision``s: a cause
with its summary and evidence, the codes it stands in front of (``before``: the symptoms it
explains) and those it replaces (``replaces``: the same line read rightly, e.g. an out-of-memory
error that names the CPU is host memory, not GPU memory). Rules that need the knowledge base get it
from a loader, called (once) only when a rule has the facts it reads. Each decision carries the
facts (with their lines) and the knowledge rows it used.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from packaging.version import Version

from .log_arch_rules import (
    capability_range,
    gpus_too_old_for_tf,
    newer_than_the_cuda_it_loads,
    no_kernels_for_an_old_gpu,
    ptx_newer_than_jit,
    torch_arch,
)
from .log_build_rules import builds
from .log_decision import NO_DEVICE, Decision
from .log_decision import version as _version
from .log_fact_patterns import PTXAS_WARNING
from .log_facts import PLATFORMS, LogFacts
from .log_runtime_rules import (
    clusters,
    containers,
    hidden_by_env,
    notebooks,
    other_failure,
    selinux,
)
from .probe.codes import Code
from .results import Diagnosis

if TYPE_CHECKING:  # the knowledge base loads only when a log names a release
    from .knowledge.base import KnowledgeBase

__all__ = ["PLATFORMS", "Decision", "decide", "knowledge_diagnoses"]

_LAST_NATIVE_WINDOWS_GPU = Version("2.10")
KbLoader = Callable[[], "KnowledgeBase"]


def decide(
    facts: LogFacts,
    shown: Mapping[Code, int],
    *,
    kb: KbLoader | None = None,
    platform: str | None = None,
    failed: bool = True,
    symptoms: frozenset[Code] = frozenset(),
) -> list[Decision]:
    """Every decision the facts support. ``shown``: the codes the log's lines show, each with the
    number of the first line that shows it; ``failed``: whether the run ended in an error (a
    deliberate CPU run that worked hides no GPU); ``symptoms``: the codes of ``shown`` that only
    symptom lines show (several causes print them)."""
    platform = platform or _platform(facts)
    kb = functools.cache(kb) if kb is not None else None  # each rule that reads it asks; one load
    found: list[Decision] = []
    no_gpu = bool(facts.no_gpu) or bool(set(shown) & set(NO_DEVICE)) or failed
    # a launcher that rewrote the variable explains the devices it named
    found += hidden_by_env(facts, no_gpu and Code.LAUNCHER_OVERRIDES_VISIBLE_DEVICES not in shown)
    found += containers(facts, shown, no_gpu, symptoms) + selinux(facts, shown)
    found += builds(facts, shown, platform, failed)
    found += clusters(facts, shown, no_gpu and not other_failure(shown))
    found += notebooks(facts, shown)
    found += _driver_older_than_runtime(facts) + ptx_newer_than_jit(facts)
    found += _driver_sides_differ(facts)
    found += _memory(facts, shown)
    found += torch_arch(facts)
    found += capability_range(facts)
    found += _platform_causes(facts, shown, platform)
    found += _keras_against_tensorflow(facts)
    found += _libraries(facts, shown)
    found += _xpu_in_conda(facts, symptoms)
    tf = _version(facts.frameworks.get("tensorflow"))
    if tf is not None and kb is not None and _needs_knowledge(facts, shown):
        base = kb()  # loaded only when a rule that needs it has the facts it reads
        found += gpus_too_old_for_tf(facts, base, tf)
        found += _tf_cuda(facts, base, tf, shown)
    if kb is not None and facts.gpus and Code.WHEEL_LACKS_ARCH_KERNELS in shown:
        found += no_kernels_for_an_old_gpu(facts, kb())
    arch_shown = {Code.WHEEL_LACKS_ARCH_KERNELS, Code.GPU_ARCH_NEWER_THAN_WHEEL} & set(shown)
    if kb is not None and facts.gpus and "wanted" in facts.cuda and not arch_shown:
        found += newer_than_the_cuda_it_loads(facts, kb())
    if tf is not None:
        found += _no_gpu_without_loader(facts, tf, platform)
    return found


def knowledge_diagnoses(
    facts: LogFacts, kb: KnowledgeBase, platform: str | None = None
) -> list[Diagnosis]:
    """The knowledge base's decisions alone, as diagnoses (what the log's facts and the knowledge
    base say, whatever its lines show)."""
    return [
        Diagnosis(d.code.value, d.summary, d.fix, d.evidence)
        for d in decide(facts, {}, kb=lambda: kb, platform=platform, failed=False)
        if d.code in (Code.GPU_ARCH_TOO_OLD, Code.WINDOWS_NATIVE_TF_GE_2_11, Code.CPU_ONLY_TF_BUILD)
    ]


def _needs_knowledge(facts: LogFacts, shown: Mapping[Code, int]) -> bool:
    """Whether a rule that reads the knowledge base has its facts: GPUs, or CUDA libraries that
    did not load and the CUDA the log shows."""
    libs = {Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE}
    cuda = facts.cuda.get("toolkit") or facts.cuda.get("wanted")
    return bool(facts.gpus) or bool(cuda and (set(shown) & libs or "xla_gpu" in facts.lines))


def _series(text: str | None) -> tuple[int, int] | None:
    version = _version(text)
    return (version.major, version.minor) if version is not None else None


def _platform(facts: LogFacts) -> str | None:
    if "wsl" in facts.platforms:
        return "wsl"
    seen = [p for p in ("windows", "macos", "linux") if p in facts.platforms]
    return seen[0] if len(seen) == 1 else None


# -- versions the log states -----------------------------------------------------------------------
def _driver_sides_differ(facts: LogFacts) -> list[Decision]:
    """The kernel module states one driver version and the user-space libraries (libcuda, NVML,
    the client) another: the driver was upgraded without a reboot, or two drivers are mixed."""
    kernel, library = facts.driver_sides.get("kernel"), facts.driver_sides.get("library")
    if not kernel or not library or kernel == library:
        return []
    return [Decision(
        Code.DRIVER_LIBRARY_MISMATCH,
        f"the kernel module is driver {kernel}, its libraries are {library}: they must be one "
        "release", tuple(facts.evidence("driver_kernel", "driver_library")),
        before=(Code.DRIVER_NOT_AVAILABLE, Code.CUDA_INIT_UNKNOWN, Code.CUDA_COMPAT_ON_UNSUPPORTED_HW),
        replaces=(Code.IMAGE_BUNDLES_DRIVER_LIBS,))]  # fmt: skip


def _driver_older_than_runtime(facts: LogFacts) -> list[Decision]:
    driver = _series(facts.cuda.get("driver"))
    if driver is None:
        return []
    for kind in ("runtime", "ptxas", "toolkit"):
        needed = _series(facts.cuda.get(kind))
        if needed is None or needed <= driver:
            continue
        # CUDA 11 on: a runtime (or toolkit) of the driver's major runs on it (minor version
        # compatibility); PTX of a newer minor still needs the newer driver
        if kind != "ptxas" and needed[0] == driver[0] >= 11:
            continue
        if kind != "toolkit" or needed[0] > driver[0]:
            what = {"runtime": "runtime", "ptxas": "PTX compiler (ptxas)", "toolkit": "toolkit"}[
                kind
            ]
            return [Decision(
                Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
                f"the driver supports CUDA {facts.cuda['driver']}, older than the CUDA {what} "
                f"{facts.cuda[kind]} the software uses",
                tuple(facts.evidence("cuda_driver", f"cuda_{kind}")),
                before=(Code.CUDNN_INIT_FAILED, Code.CUDA_KERNEL_FAULT, Code.XLA_TOOLCHAIN_MISSING,
                        Code.WHEEL_LACKS_ARCH_KERNELS))]  # fmt: skip
    return []


def _memory(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    found: list[Decision] = []
    if facts.oom_device == "cpu" and Code.GPU_OOM in shown:
        found.append(Decision(
            Code.HOST_OOM,
            "the out-of-memory error names the CPU's allocator: host RAM ran out, not GPU memory",
            tuple(facts.evidence("oom_device")), replaces=(Code.GPU_OOM,)))  # fmt: skip
    memory = facts.torch_memory
    if memory and Code.GPU_OOM in shown:
        total, free, reserved = memory["total"], memory["free"], memory["reserved"]
        others = memory.get("others", 0.0)
        if others >= 0.25 * total and abs(others - reserved) > max(1.0, 0.2 * others):
            found.append(Decision(
                Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
                f"the GPU has {total:.2f} GiB; the processes listed hold {others:.2f} GiB, this "
                f"process's PyTorch {reserved:.2f} GiB: another process holds the rest",
                tuple(facts.evidence("torch_memory")), before=(Code.GPU_OOM,)))  # fmt: skip
        elif not others and free < 0.05 * total and reserved < 0.5 * total:
            found.append(Decision(
                Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
                f"the GPU has {total:.2f} GiB, this process reserved {reserved:.2f} GiB and "
                f"{free:.2f} GiB are free: another process holds the rest",
                tuple(facts.evidence("torch_memory")), before=(Code.GPU_OOM,)))  # fmt: skip
    start = facts.gpu_free_at_start
    if start and Code.GPU_OOM in shown and start[1] < 0.1 * start[0]:
        found.append(Decision(
            Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS,
            f"the GPU has {start[0]:.2f} GiB and only {start[1]:.2f} GiB were free when the "
            "program started: another process holds the rest",
            tuple(facts.evidence("gpu_free_at_start")), before=(Code.GPU_OOM,)))  # fmt: skip
    return found


def _platform_causes(
    facts: LogFacts, shown: Mapping[Code, int], platform: str | None
) -> list[Decision]:
    if platform == "macos" and Code.CPU_NO_AVX in shown:
        return [Decision(
            Code.MACOS_X86_BUILD_ON_APPLE_SILICON,
            "an illegal instruction on macOS: an x86_64 Python (under Rosetta) runs the x86_64 "
            "build, whose AVX Rosetta does not emulate", tuple(facts.evidence("macos")),
            before=(Code.CPU_NO_AVX,))]  # fmt: skip
    cuda_build = {Code.TORCH_CUDA_INDEX_NOT_PUBLISHED, Code.CONDA_CUDA_VARIANT_NOT_ON_CHANNEL}
    if platform == "macos" and cuda_build & set(shown):
        return [Decision(
            Code.CUDA_WHEEL_REQUESTED_ON_UNSUPPORTED_OS,
            "a CUDA build of the framework is not found on macOS: no CUDA builds are published "
            "for macOS at all", tuple(facts.evidence("macos")),
            replaces=tuple(cuda_build))]  # fmt: skip
    release = facts.groups.get("macos_release")
    if release and "mps_unavailable" in facts.lines:
        if (int(release[0]), int(release[1])) < _FIRST_MPS_MACOS:
            return [Decision(
                Code.MACOS_TOO_OLD_FOR_MPS,
                f"macOS {release[0]}.{release[1]}, and MPS is not available: PyTorch's MPS backend "
                "needs macOS 12.3 or later (recent releases need 14)",
                tuple(facts.evidence("macos_release", "mps_unavailable")))]  # fmt: skip
    if platform == "wsl" and Code.ROCM_DEVICE_PERMISSIONS in shown:
        return [Decision(
            Code.ROCM_WSL_RELEASE_UNSUPPORTED,
            "ROCm's HSA runtime finds no usable GPU under WSL: this ROCm release (or distribution) "
            "is not one AMD ships for WSL", tuple(facts.evidence("wsl")),
            replaces=(Code.ROCM_DEVICE_PERMISSIONS,))]  # fmt: skip
    if (
        platform == "windows"
        and Code.GPU_OOM in shown
        and "pinned_copy" in facts.lines
        and not facts.torch_memory  # not the caching allocator's own out-of-memory
    ):
        return [Decision(
            Code.WINDOWS_PINNED_MEMORY_LIMIT,
            "CUDA ran out of memory on native Windows around a copy from pinned host memory, with "
            "no allocator figures: page-locked memory counts against the GPU's shared budget",
            tuple(facts.evidence("pinned_copy", "windows")), before=(Code.GPU_OOM,))]  # fmt: skip
    if (
        platform not in ("windows", "wsl")
        and Code.GPU_OOM in shown
        and "pinned_allocation" in facts.lines
        and facts.oom_device is None  # no allocator named (cudaHostAlloc's own error)
        and not facts.torch_memory
    ):
        return [Decision(
            Code.HOST_OOM,
            "CUDA ran out of memory while allocating page-locked (pinned) host memory: host RAM "
            "(or the limit on locked memory) ran out, not the GPU's",
            tuple(facts.evidence("pinned_allocation")), replaces=(Code.GPU_OOM,))]  # fmt: skip
    return []


_FIRST_MPS_MACOS = (12, 3)


def _keras_against_tensorflow(facts: LogFacts) -> list[Decision]:
    """Standalone Keras importing a private TensorFlow name that this TensorFlow lacks: Keras is of
    another release than TensorFlow (the name moved or is newer)."""
    if "keras_frame" not in facts.lines or "tf_private_import" not in facts.lines:
        return []
    return [Decision(
        Code.KERAS_VERSION_MISMATCH,
        "Keras imports a TensorFlow internal this TensorFlow does not have: install the Keras of "
        "the TensorFlow release (keras==<TF major.minor>)",
        tuple(facts.evidence("keras_frame", "tf_private_import")),
        before=(Code.FRAMEWORK_VERSION_MISMATCH, Code.KERAS3_WHERE_TF_KERAS_EXPECTED))]  # fmt: skip


def _ptxas_not_older(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """TensorFlow 1.12-1.13 compared ptxas versions as text: "ptxas 10.0 is older than 9.2" is a
    warning about a ptxas that is new enough."""
    line = facts.lines.get("ptxas_warning")
    found = PTXAS_WARNING.search(line or "")
    if Code.XLA_PTXAS_TOO_OLD not in shown or found is None:
        return []
    used, floor = (_version(v.rstrip(".")) for v in found.groups())
    if used is None or floor is None or used < floor:
        return []
    return [Decision(
        Code.HEALTHY_BENIGN_NOISE,
        f"ptxas {used} is not older than {floor}: the warning compares the versions as text "
        "(a TensorFlow 1.12-1.13 bug), nothing to do", (line or "",),
        replaces=(Code.XLA_PTXAS_TOO_OLD,))]  # fmt: skip


def _cudnn_mismatch(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """The cuDNN that loaded against the one the build was compiled with, as the log states them
    (in a wording no signature knows): another major, or an older minor, does not work."""
    loaded, compiled = (_cudnn_version(facts.cudnn.get(k)) for k in ("loaded", "compiled"))
    if loaded is None or compiled is None or Code.CUDNN_VERSION_MISMATCH in shown:
        return []
    compat = (facts.cudnn.get("loaded_compat"), facts.cudnn.get("compiled_compat"))
    differ = None not in compat and compat[0] != compat[1]  # TensorFlow 1.x's own test
    if loaded[0] == compiled[0] and loaded[1] >= compiled[1] and not differ:
        return []
    return [Decision(
        Code.CUDNN_VERSION_MISMATCH,
        f"cuDNN {'.'.join(map(str, loaded))} loaded, the build was compiled with "
        f"{'.'.join(map(str, compiled))}: it needs the same major and at least that minor",
        tuple(facts.evidence("cudnn")), before=(Code.CUDNN_INIT_FAILED,))]  # fmt: skip


def _cudnn_version(text: str | None) -> tuple[int, ...] | None:
    """8.1.0 / 8,9,2 / 8005 (cuDNN's own number: major*1000 + minor*100 + patch, from 9:
    major*10000 + minor*100 + patch) -> (major, minor, ...)."""
    parts = [p for p in re.split(r"[.,]", text or "") if p.isdigit()]
    if len(parts) >= 2:
        return tuple(int(p) for p in parts)
    if len(parts) == 1 and len(parts[0]) in (4, 5):
        number = int(parts[0])
        major = number // 10000 if number >= 90000 else number // 1000
        minor = (number % 10000 if number >= 90000 else number % 1000) // 100
        return (major, minor)
    return None


def _xpu_in_conda(facts: LogFacts, symptoms: frozenset[Code]) -> list[Decision]:
    """An Intel GPU build that finds no XPU, run from a conda environment: the environment's older
    libstdc++ loads before the one the Level Zero driver needs (its GLIBCXX_3.4.3x)."""
    if Code.INTEL_GPU_DRIVER_MISSING not in symptoms or "conda_env" not in facts.lines:
        return []
    return [Decision(
        Code.LIBSTDCXX_GLIBC_TOO_OLD,
        "the Intel GPU build runs from a conda environment and finds no XPU: the environment's own "
        "libstdc++ loads before the newer one the Level Zero driver needs",
        tuple(facts.evidence("conda_env")), before=(Code.INTEL_GPU_DRIVER_MISSING,))]  # fmt: skip


def _libraries(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    found: list[Decision] = _ptxas_not_older(facts, shown) + _cudnn_mismatch(facts, shown)
    if "xla_gpu" in facts.lines and facts.no_gpu and not facts.gpu_registered:
        found.append(Decision(
            Code.CUDA_LIBS_NOT_FOUND,
            "XLA sees a GPU (an XLA_GPU device) but TensorFlow registered none: the CUDA libraries "
            "of its build did not load (missing, or of another CUDA release)",
            tuple(facts.evidence("xla_gpu", "no_gpu"))))  # fmt: skip
    searched = "pip_searched" in facts.lines  # the loader looked there: the file is not there
    if "pip_nvidia" in facts.lines and not searched and set(shown) & {
        Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE,
    }:  # fmt: skip
        found.append(Decision(
            Code.PIP_NVIDIA_LIBS_NOT_ON_PATH,
            "the CUDA libraries are there, as pip's nvidia-* wheels (site-packages/nvidia/*/lib), "
            "but the loader does not look there",
            tuple(facts.evidence("pip_nvidia")),
            before=(Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE)))  # fmt: skip
    wanted = _series(facts.cuda.get("wanted"))
    have_kind = next((k for k in ("toolkit", "runtime") if k in facts.cuda), None)
    have = _series(facts.cuda.get(have_kind)) if have_kind else None
    if (
        wanted
        and have
        # CUDA 11 and later name a library by its major alone
        and (wanted[0] != have[0] if wanted[0] >= 11 else wanted != have)
        and set(shown) & {Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE}
    ):
        found.append(Decision(
            Code.CUDA_VERSION_MATRIX_MISMATCH,
            f"the software was built for CUDA {facts.cuda['wanted']}, but CUDA "
            f"{facts.cuda[have_kind or '']} is what is installed",
            tuple(facts.evidence("cuda_wanted", f"cuda_{have_kind}")),
            before=(Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE)))  # fmt: skip
    using = {
        n
        for n in ("torch", "jax", "tensorflow")
        if n in facts.frameworks or f"uses_{n}" in facts.lines
    }
    if len(using) >= 2 and (
        set(shown) & {Code.CUDNN_VERSION_MISMATCH, Code.CUDA_LIB_TRANSITIVE_DEP_MISSING}
        or any(d.code is Code.CUDNN_VERSION_MISMATCH for d in found)
    ):
        found.append(Decision(
            Code.MIXED_FRAMEWORK_CUDA_CONFLICT,
            f"{' and '.join(sorted(using))} in one process, with CUDA libraries of different "
            "releases: the first imported loads its own",
            tuple(facts.evidence(*(f"framework_{n}" for n in sorted(using)), *(f"uses_{n}" for n in sorted(using)))),
            before=(Code.CUDNN_VERSION_MISMATCH, Code.CUDA_LIB_TRANSITIVE_DEP_MISSING)))  # fmt: skip
    return found


# -- the knowledge base --------------------------------------------------------------------------
def _tf_cuda(
    facts: LogFacts, kb: KnowledgeBase, tf: Version, shown: Mapping[Code, int]
) -> list[Decision]:
    release = kb.tf_release(tf)
    have = facts.cuda.get("toolkit") or facts.cuda.get("wanted")
    libs = {Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE}
    if release is None or not have or not (set(shown) & libs or "xla_gpu" in facts.lines):
        return []
    if _series(have) == (release.cuda.major, release.cuda.minor):
        return []
    return [Decision(
        Code.CUDA_VERSION_MATRIX_MISMATCH,
        f"TensorFlow {tf} was built for CUDA {release.cuda}, and the log shows CUDA {have}",
        (*facts.evidence("framework", "cuda_toolkit", "cuda_wanted"),
         f"knowledge: TensorFlow {release.tf} tested with CUDA {release.cuda} ({kb.source_text(release.source)})"),
        before=(Code.CUDA_LIBS_NOT_FOUND, Code.CUDA_RUNTIME_NOT_LOADABLE))]  # fmt: skip


def _no_gpu_without_loader(facts: LogFacts, tf: Version, platform: str | None) -> list[Decision]:
    if (
        tf < Version("2.11")
        or facts.gpu_registered
        or facts.gpus
        or facts.linux_loader
        or not facts.no_gpu
        or platform == "macos"  # no CUDA there: tensorflow-metal's own causes
    ):
        return []
    shown = (*facts.evidence("framework", "no_gpu"), "no line of TensorFlow's Linux loader")
    windows = Decision(
        Code.WINDOWS_NATIVE_TF_GE_2_11,
        f"TensorFlow {tf} sees no GPU and printed no Linux loader line: on native Windows, "
        f"{_LAST_NATIVE_WINDOWS_GPU} was the last release with GPU support",
        (*shown, *(f"windows: {line}" for line in _platform_lines(facts, "windows"))),
        before=(Code.CPU_ONLY_TF_BUILD,),
    )
    cpu = Decision(
        Code.CPU_ONLY_TF_BUILD,
        f"TensorFlow {tf} sees no GPU and printed no Linux loader line: a CPU-only build "
        "(tensorflow-cpu, or tensorflow without [and-cuda] where no CUDA is installed)",
        tuple(shown),
    )
    if platform == "windows":
        return [windows]
    if platform in ("linux", "wsl"):
        return [cpu]
    ask = " (which one: rerun with --platform windows or --platform linux)"
    return [
        Decision(windows.code, windows.summary + ask, windows.evidence, before=windows.before),
        Decision(cpu.code, cpu.summary + ask, cpu.evidence),
    ]


def _platform_lines(facts: LogFacts, platform: str) -> list[str]:
    return [facts.platforms[platform]] if platform in facts.platforms else []
