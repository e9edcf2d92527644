"""``envforge matrix explain``: what works with a partial stack, and why, with sources (pure).

Give any of TensorFlow, Python, CUDA, driver, GPU (name or compute capability), ROCm. The answer names
what the knowledge base pairs with it and, when a Python, driver or GPU is given, whether the whole
combination is compatible, each reason with its source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from packaging.version import Version

from ..errors import BadInputError
from ..versions import same_series, series
from .base import KnowledgeBase
from .driver import arch_verdict, check_build, check_driver, gpu_min_driver, releases_covering
from .gpus import UnknownGpu
from .models import Gpu, TFRelease

__all__ = ["Explanation", "explain"]


@dataclass
class Explanation:
    tensorflow: str | None = None
    python: list[str] = field(default_factory=list)
    cuda: str | None = None
    cudnn: str | None = None
    min_driver: str | None = None
    compute_capabilities: list[str] = field(default_factory=list)
    ptx: str | None = None
    keras: int | None = None
    compatible: bool | None = None
    reasons: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # the reasons that make it incompatible
    sources: list[str] = field(default_factory=list)
    tensorflow_releases: list[str] = field(default_factory=list)
    gpu: dict[str, Any] | None = None
    rocm: dict[str, Any] | None = None
    driver: dict[str, Any] | None = None

    def fail(self, reason: str) -> None:
        self.compatible = False
        self.reasons.append(reason)
        self.failures.append(reason)

    def ok(self, reason: str) -> None:
        if self.compatible is None:
            self.compatible = True
        self.reasons.append(reason)

    def cite(self, *sources: str) -> None:
        for source in sources:
            if source and source not in self.sources:
                self.sources.append(source)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _tf(kb: KnowledgeBase, text: str) -> TFRelease:
    version = Version(text)
    release = kb.tf_release(version)
    if release is None:
        known = (
            f"{kb.tensorflow.releases[-1].tf.major}.{kb.tensorflow.releases[-1].tf.minor}-"
            f"{kb.tensorflow.releases[0].tf.major}.{kb.tensorflow.releases[0].tf.minor}"
        )
        raise BadInputError(
            f"--tf {text}: the knowledge base has no TensorFlow {series(version)} (it knows {known})"
        )
    return release


def explain(
    kb: KnowledgeBase,
    *,
    tf: str | None = None,
    python: str | None = None,
    cuda: str | None = None,
    driver: str | None = None,
    gpu: str | None = None,
    cc: str | None = None,
    rocm: str | None = None,
) -> Explanation:
    """Explain the combination given (every argument optional, at least one required)."""
    if not any((tf, python, cuda, driver, gpu, cc, rocm)):
        raise BadInputError(
            "matrix explain needs at least one of --tf, --python, --cuda, --driver, --gpu, --cc, --rocm"
        )
    out = Explanation()
    device = _device(kb, gpu, cc, out)
    release = _tf(kb, tf) if tf else None
    if release is not None:
        _explain_tf(kb, release, out)
    if python:
        _explain_python(kb, Version(python), release, out)
    build_cuda = release.cuda if release else (Version(cuda) if cuda else None)
    if cuda and release is not None:
        _explain_cuda_with_tf(kb, Version(cuda), release, out)
    elif cuda:
        _explain_cuda(kb, Version(cuda), out)
    if driver:
        _explain_driver(kb, driver, build_cuda, device, out)
    if device is not None:
        _explain_gpu(kb, device, release, build_cuda, out)
    if driver and device is not None and release is not None:
        caps = kb.tf_compute_capabilities(release.tf)
        build = check_build(
            kb,
            driver=driver,
            cuda=release.cuda,
            sass=caps.sass if caps else (),
            ptx=caps.ptx if caps else None,
            gpu=device[1],
            cc=device[0],
        )
        jit = [r for r in build.reasons if "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in r]
        if jit:
            out.fail(jit[0])
    if rocm:
        _explain_rocm(kb, Version(rocm), release, out)
    return out


def _device(
    kb: KnowledgeBase, gpu: str | None, cc: str | None, out: Explanation
) -> tuple[Version, Gpu | None] | None:
    if gpu:
        try:
            found = kb.find_gpu(gpu)
        except UnknownGpu as unknown:
            raise BadInputError(f"--gpu {unknown}", hint=unknown.hint) from None
        out.gpu = {
            "name": found.name,
            "cc": str(found.cc),
            "architecture": found.architecture,
            "segment": found.segment,
        }
        out.cite(kb.source_text(found.source))
        return found.cc, found
    if cc:
        from .models import parse_cc  # noqa: PLC0415

        value = parse_cc(cc)
        names = [g.name for g in kb.gpus_with_cc(value)]
        out.gpu = {"name": None, "cc": str(value), "examples": names[:6]}
        return value, None
    return None


def _explain_tf(kb: KnowledgeBase, release: TFRelease, out: Explanation) -> None:
    out.tensorflow = str(release.tf)
    out.python = release.python.minors()
    out.cuda, out.cudnn = str(release.cuda), str(release.cudnn)
    toolkit = kb.cuda_toolkit(release.cuda)
    out.min_driver = toolkit.linux if toolkit else None
    caps = kb.tf_compute_capabilities(release.tf)
    if caps:
        out.compute_capabilities = [str(c) for c in caps.sass]
        out.ptx = str(caps.ptx) if caps.ptx else None
        out.cite(kb.source_text(caps.source))
    keras = kb.tf_keras(release.tf)
    if keras:
        out.keras = keras.major
        out.cite(kb.source_text(keras.source))
    out.reasons.append(
        f"TensorFlow {release.tf} was built with CUDA {release.cuda} and cuDNN {release.cudnn} "
        f"({release.compiler}), for Python {release.python} ({release.confidence})"
    )
    mvc = kb.minor_version_compat(release.cuda.major)
    if toolkit and mvc:
        out.reasons.append(
            f"its CUDA {release.cuda} needs Linux driver >= {toolkit.linux or 'unknown'} natively "
            f"({toolkit.confidence}), or >= {mvc.floor} through CUDA {mvc.major}.x minor-version "
            f"compatibility (pip wheels; {mvc.confidence})"
        )
        out.cite(kb.source_text(toolkit.source), kb.source_text(mvc.source))
    pins = kb.tf_and_cuda(release.tf)
    if pins:
        cudnn = pins.pins.get(f"nvidia-cudnn-{pins.cuda_suffix}")
        out.reasons.append(
            f"pip: tensorflow[and-cuda] installs {pins.cuda_suffix} wheels"
            + (f" (nvidia-cudnn-{pins.cuda_suffix}{cudnn})" if cudnn else "")
            + f" ({pins.confidence})"
        )
    out.cite(kb.source_text(release.source))


def _explain_python(
    kb: KnowledgeBase, python: Version, release: TFRelease | None, out: Explanation
) -> None:
    if release is not None:
        if python in release.python:
            out.ok(
                f"Python {series(python)} is within TensorFlow {series(release.tf)}'s {release.python}"
            )
        else:
            out.fail(
                f"Python {series(python)} is not supported by TensorFlow {series(release.tf)} "
                f"(it supports {release.python}): pip finds no wheel [PYTHON_UNSUPPORTED]"
            )
        return
    supported = [r for r in kb.tensorflow.releases if python in r.python]
    out.python = [series(python)]
    out.tensorflow_releases = [str(r.tf) for r in supported]
    if supported:
        out.ok(
            f"Python {series(python)} is supported by TensorFlow {', '.join(series(r.tf) for r in supported)}"
        )
        out.cite(kb.source_text(supported[0].source))
    else:
        out.fail(
            f"no TensorFlow release in the knowledge base supports Python {series(python)} [PYTHON_UNSUPPORTED]"
        )


def _explain_cuda_with_tf(
    kb: KnowledgeBase, cuda: Version, release: TFRelease, out: Explanation
) -> None:
    if cuda.major == release.cuda.major and (cuda.minor, *cuda.release[2:]) >= (
        release.cuda.minor,
    ):
        out.ok(
            f"a CUDA {cuda} runtime fits TensorFlow {series(release.tf)}'s CUDA {release.cuda} build "
            "(same major, not an older minor)"
        )
    else:
        out.fail(
            f"TensorFlow {series(release.tf)} was built with CUDA {release.cuda}: a CUDA {cuda} runtime is "
            f"{'of another major' if cuda.major != release.cuda.major else 'older'} and will not load "
            "[CUDA_VERSION_MATRIX_MISMATCH]"
        )


def _explain_cuda(kb: KnowledgeBase, cuda: Version, out: Explanation) -> None:
    toolkit = kb.cuda_toolkit(cuda)
    if toolkit is None:
        raise BadInputError(
            f"--cuda {cuda}: the knowledge base knows no CUDA {series(cuda)} release"
        )
    out.cuda = str(cuda)
    out.min_driver = toolkit.linux
    out.compute_capabilities = [str(c) for c in kb.cuda_architectures(cuda)]
    built = [r for r in kb.tensorflow.releases if same_series(r.cuda, cuda)]
    out.tensorflow_releases = [str(r.tf) for r in built]
    out.reasons.append(
        f"CUDA {toolkit.cuda} needs Linux driver >= {toolkit.linux or 'unconfirmed'} (Table 3, "
        f"{toolkit.confidence}); it compiles for compute capabilities {', '.join(out.compute_capabilities)}"
    )
    if built:
        out.reasons.append(
            f"TensorFlow releases built with CUDA {series(cuda)}: {', '.join(series(r.tf) for r in built)}"
        )
    out.cite(kb.source_text(toolkit.source), kb.source_text("S-CMAKE"))


def _explain_driver(
    kb: KnowledgeBase,
    driver: str,
    cuda: Version | None,
    device: tuple[Version, Gpu | None] | None,
    out: Explanation,
) -> None:
    native = kb.driver_cuda_version(driver)
    if cuda is None:
        out.reasons.append(
            f"driver {driver} runs CUDA up to {native or 'none known'} natively (Table 3)"
        )
        runnable = [
            r
            for r in kb.tensorflow.releases
            if native and (r.cuda <= native or _mvc_ok(kb, driver, r.cuda))
        ]
        out.tensorflow_releases = [str(r.tf) for r in runnable]
        out.driver = {"driver": driver, "cuda_version": str(native) if native else None}
        out.cite(kb.source_text("S-CUDARN"))
        return
    check = check_driver(
        kb,
        driver=driver,
        cuda=cuda,
        gpu=device[1] if device else None,
        cc=device[0] if device else None,
    )
    out.driver = check.to_dict()
    for reason in check.reasons:
        (out.ok if check.compatible else out.reasons.append)(reason)
    if not check.compatible:
        out.compatible = False
        out.failures.append(check.reasons[-1])
    out.cite(*check.sources)


def _mvc_ok(kb: KnowledgeBase, driver: str, cuda: Version) -> bool:
    from .models import driver_key  # noqa: PLC0415

    mvc = kb.minor_version_compat(cuda.major)
    return bool(mvc and driver_key(driver) >= driver_key(mvc.floor))


def _explain_gpu(
    kb: KnowledgeBase,
    device: tuple[Version, Gpu | None],
    release: TFRelease | None,
    cuda: Version | None,
    out: Explanation,
) -> str | None:
    """Add the GPU's reasons; returns the architecture verdict against the TensorFlow build, if one was given."""
    cc, gpu = device
    label = f"{gpu.name} (compute capability {cc})" if gpu else f"compute capability {cc}"
    if release is not None:
        caps = kb.tf_compute_capabilities(release.tf)
        if caps is None:
            out.reasons.append(
                f"the knowledge base does not know TensorFlow {series(release.tf)}'s GPU targets"
            )
            return None
        verdict, reason = arch_verdict(cc, caps.sass, caps.ptx)
        reason += f" (TensorFlow {series(release.tf)}'s kernels: {caps.confidence}" + (
            f"; {gpu.name} at {cc}: {gpu.confidence})" if gpu else ")"
        )
        prefix = f"{gpu.name}: " if gpu else ""
        if verdict == "too-old":
            out.fail(f"{prefix}{reason} [GPU_ARCH_TOO_OLD]")
        elif verdict == "ptx-jit":
            out.ok(f"{prefix}{reason} [GPU_ARCH_NEWER_THAN_WHEEL]")
        else:
            out.ok(f"{prefix}{reason}")
        return verdict
    needed, first = gpu_min_driver(kb, cc)
    if needed:
        out.reasons.append(
            f"{label} needs a driver >= {needed} (CUDA {first} was the first toolkit to target it)"
        )
    elif first:
        out.reasons.append(
            f"{label} is targeted since CUDA {first}, older than the driver table (10.2)"
        )
    covered = releases_covering(kb, cc)
    native, jit = ([series(tf) for tf in found] for found in covered)
    out.tensorflow_releases = [
        str(r.tf) for r in kb.tensorflow.releases if series(r.tf) in native + jit
    ]
    if native:
        out.reasons.append(f"official TensorFlow wheels with SASS for it: {', '.join(native)}")
    if jit:
        out.reasons.append(f"through PTX JIT only (slow first start): {', '.join(jit)}")
    if not native and not jit:
        out.fail(
            f"{label}: no official TensorFlow wheel in the knowledge base targets it [GPU_ARCH_TOO_OLD]"
        )
    if cuda is not None and kb.cuda_architectures(cuda) and cc < min(kb.cuda_architectures(cuda)):
        out.fail(f"CUDA {cuda} cannot target {label} [GPU_ARCH_TOO_OLD]")
    return None


def _explain_rocm(
    kb: KnowledgeBase, rocm: Version, release: TFRelease | None, out: Explanation
) -> None:
    row = next((r for r in kb.rocm.tensorflow if same_series(r.rocm, rocm)), None)
    if row is None:
        raise BadInputError(
            f"--rocm {rocm}: the knowledge base has no ROCm {series(rocm)} (matrices/compat/rocm.yaml)"
        )
    targets = next(
        (t.gfx for t in kb.rocm.targets if any(same_series(v, rocm) for v in t.rocm)), ()
    )
    out.rocm = {"rocm": series(rocm), "tensorflow": [str(v) for v in row.tf], "gfx": list(targets)}
    out.cite(kb.source_text(row.source))
    supported = ", ".join(str(v) for v in row.tf)
    if release is None:
        out.tensorflow_releases = [str(v) for v in row.tf]
        out.reasons.append(
            f"ROCm {series(rocm)} supports TensorFlow {supported}"
            + (f"; GPU targets: {', '.join(targets)}" if targets else "")
        )
        return
    if any(same_series(v, release.tf) for v in row.tf):
        out.ok(
            f"ROCm {series(rocm)} supports TensorFlow {series(release.tf)} (it supports {supported})"
        )
    else:
        out.fail(
            f"ROCm {series(rocm)} does not support TensorFlow {series(release.tf)} (it supports {supported})"
        )
