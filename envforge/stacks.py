"""Stacks: how each kind of cell is built, resolved against the knowledge base (pure).

A stack names a template under ``dockerfiles/stacks/`` and knows which axes it needs. ``resolve``
turns a cell's axis values into a ``StackSpec`` (base image, pip requirements, what the build
targets, what the probe must find) or raises ``Unsupported`` with the knowledge base's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal

from packaging.version import Version

from .knowledge import KnowledgeBase
from .knowledge.driver import require_cuda_for
from .knowledge.models import Distribution, TFRelease
from .versions import parse_version, same_series, series

__all__ = ["STACKS", "Stack", "StackSpec", "Unsupported", "resolve_stack", "pin"]

Accelerator = Literal["cpu", "cuda", "rocm"]


class Unsupported(Exception):
    """The knowledge base says this combination cannot work (L0); ``reason`` says why."""

    def __init__(self, reason: str, source: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.source = source


@dataclass(frozen=True)
class StackSpec:
    """What one cell builds and what its probe must find."""

    stack: str
    framework: str  # tensorflow | keras-jax | keras-torch | plaidml
    accelerator: Accelerator
    python: Version
    base_image: str  # official name; a site file may map it to a local image
    python_from: Literal["distro", "image"]
    os: str
    requirements: tuple[str, ...]
    layout: Literal["venv", "prebuilt"] = "venv"
    pip_args: tuple[str, ...] = ()
    framework_version: str | None = None
    keras_major: int | None = None
    backend: str | None = None
    cuda: Version | None = None
    cudnn: Version | None = None
    rocm: Version | None = None
    sass: tuple[str, ...] = ()
    ptx: str | None = None
    nvidia_require_cuda: str | None = None
    env: tuple[tuple[str, str], ...] = ()
    library_dirs: tuple[
        str, ...
    ] = ()  # put on LD_LIBRARY_PATH (pip nvidia-*-cu11 wheels of TF 2.12-2.13)
    apt_packages: tuple[str, ...] = ()
    sources: tuple[str, ...] = field(default=(), compare=False)

    def expectations(self) -> dict[str, object]:
        """What the probe must find; baked into the image and used by certification."""
        expect: dict[str, object] = {
            "framework": self.framework,
            "framework_version": self.framework_version,
            "python": series(self.python),
            "accelerator": self.accelerator,
            "keras_major": self.keras_major,
            "backend": self.backend,
            "cuda": series(self.cuda) if self.cuda else None,
            "cudnn": series(self.cudnn) if self.cudnn else None,
            "rocm": series(self.rocm) if self.rocm else None,
            "sass": list(self.sass),
            "ptx": self.ptx,
            "nvidia_require_cuda": self.nvidia_require_cuda,
        }
        return {k: v for k, v in expect.items() if v not in (None, [])}

    def target(self) -> str:
        """What the build targets, for tables: 'CUDA 12.5 / cuDNN 9.3', 'ROCm 6.3', 'CPU'."""
        if self.cuda:
            return f"CUDA {self.cuda}" + (f" / cuDNN {self.cudnn}" if self.cudnn else "")
        if self.rocm:
            return f"ROCm {self.rocm}"
        return "CUDA (from the wheels)" if self.accelerator == "cuda" else self.accelerator.upper()

    @property
    def wheelhouse_ok(self) -> bool:
        """Whether the host can pre-download this cell's wheels (a venv built from PyPI only)."""
        return self.layout == "venv" and not self.pip_args


@dataclass(frozen=True)
class Stack:
    name: str
    description: str
    required: tuple[str, ...]
    resolve: Callable[[dict[str, str], KnowledgeBase, str], StackSpec]


def pin(package: str, value: str) -> str:
    """``2.21.0`` -> ``pkg==2.21.0``; a bare series ``2.21`` -> ``pkg==2.21.*``."""
    version = parse_version(value)
    return f"{package}=={value}" if len(version.release) >= 3 else f"{package}=={series(version)}.*"


# -- shared resolution ------------------------------------------------------------------------------


def _python_base(kb: KnowledgeBase, python: Version, python_from: str) -> tuple[str, str, str]:
    """(base image, os, python_from) for a Python version on a plain Linux base."""
    if python_from == "image":
        img = kb.images.python_images
        dist = kb.distribution(img.codename)
        return (
            img.template.format(python=series(python), codename=img.codename),
            dist.os if dist else img.codename,
            "image",
        )
    dist = kb.distribution_for_python(python, family="debian") or kb.distribution_for_python(python)
    if dist is None:
        known = ", ".join(f"{d.python} ({d.codename})" for d in kb.images.distributions)
        raise Unsupported(
            f"no distribution ships Python {series(python)} (known: {known}); "
            "set python_source: image to use python:X.Y-slim",
            "images.yaml distributions",
        )
    return dist.image, dist.os, "distro"


def _python(values: dict[str, str]) -> Version:
    return parse_version(values["python"], what="Python version")


def _tf_release(kb: KnowledgeBase, values: dict[str, str]) -> tuple[Version, TFRelease, Version]:
    tf = parse_version(values["tf"], what="TensorFlow version")
    release = kb.tf_release(tf)
    if release is None:
        known = f"{series(kb.tensorflow.releases[-1].tf)}-{series(kb.tensorflow.releases[0].tf)}"
        raise Unsupported(
            f"the knowledge base has no TensorFlow {series(tf)} (known: {known})", "tensorflow.yaml"
        )
    python = _python(values)
    if python not in release.python:
        raise Unsupported(
            f"TensorFlow {series(tf)} supports Python {release.python}, not {series(python)}",
            kb.source_text(release.source),
        )
    return tf, release, python


def _tf_fields(kb: KnowledgeBase, tf: Version, values: dict[str, str]) -> dict[str, object]:
    keras = kb.tf_keras(tf)
    return {
        "framework": "tensorflow",
        "framework_version": values["tf"],
        "backend": "tensorflow",
        "keras_major": keras.major if keras else None,
    }


def _caps(kb: KnowledgeBase, tf: Version) -> tuple[tuple[str, ...], str | None]:
    caps = kb.tf_compute_capabilities(tf)
    if caps is None:
        return (), None
    return tuple(str(c) for c in caps.sass), (str(caps.ptx) if caps.ptx else None)


# -- TensorFlow on pip ------------------------------------------------------------------------------


def _tf_cpu(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = _tf_release(kb, values)
    base, os_name, python_from = _python_base(kb, python, python_from)
    return StackSpec(
        stack="tf-cpu",
        accelerator="cpu",
        python=python,
        base_image=base,
        os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=(pin("tensorflow-cpu", values["tf"]),),
        sources=(kb.source_text(release.source),),
        **_tf_fields(kb, tf, values),  # type: ignore[arg-type]
    )


_CU11_LIB_DIRS = {
    "cudnn": "cudnn",
    "cuda-runtime": "cuda_runtime",
    "cublas": "cublas",
    "cufft": "cufft",
    "curand": "curand",
    "cusolver": "cusolver",
    "cusparse": "cusparse",
    "nccl": "nccl",
}


def _tf_cuda_pip(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = _tf_release(kb, values)
    if tf < Version("2.12"):
        raise Unsupported(
            f"CUDA through pip wheels starts with TensorFlow 2.12; {series(tf)} needs the "
            "tf-cuda-base stack (nvidia/cuda images)",
            "tensorflow.yaml and_cuda",
        )
    pins = kb.tf_and_cuda(tf)
    base, os_name, python_from = _python_base(kb, python, python_from)
    library_dirs: tuple[str, ...] = ()
    if tf >= Version("2.14"):
        requirements: tuple[str, ...] = (pin("tensorflow[and-cuda]", values["tf"]),)
    else:
        if pins is None:
            raise Unsupported(
                f"the knowledge base has no nvidia-*-cu11 wheel pins for TensorFlow {series(tf)}"
            )
        requirements = (
            pin("tensorflow", values["tf"]),
            *(f"{n}{spec}" for n, spec in sorted(pins.pins.items())),
        )
        site = f"/opt/venv/lib/python{series(python)}/site-packages/nvidia"
        names = sorted(
            n.removeprefix("nvidia-").rsplit("-cu", 1)[0]
            for n in pins.pins
            if n.startswith("nvidia-")
        )
        library_dirs = tuple(f"{site}/{_CU11_LIB_DIRS.get(n, n)}/lib" for n in names)
    sources = [
        kb.source_text(release.source),
        *(kb.source_text(r.source) for r in (pins.rows if pins else ())),
    ]
    sass, ptx = _caps(kb, tf)
    return StackSpec(
        stack="tf-cuda-pip",
        accelerator="cuda",
        python=python,
        base_image=base,
        os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=requirements,
        cuda=release.cuda,
        cudnn=release.cudnn,
        sass=sass,
        ptx=ptx,
        nvidia_require_cuda=require_cuda_for(kb, release.cuda, sass),
        library_dirs=library_dirs,
        sources=tuple(sources),
        **_tf_fields(kb, tf, values),  # type: ignore[arg-type]
    )


# -- TensorFlow on nvidia/cuda images -------------------------------------------------------------


def _tf_cuda_base(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """TensorFlow from pip on an nvidia/cuda runtime image that carries CUDA and cuDNN."""
    tf, release, python = _tf_release(kb, values)
    images = kb.images.nvidia_cuda
    ubuntu = [
        d
        for d in kb.images.distributions
        if d.os.startswith("ubuntu") and same_series(d.python, python) and d.os in images.lines
    ]
    if not ubuntu:
        pythons = ", ".join(
            f"{d.python} ({d.os})" for d in kb.images.distributions if d.os in images.lines
        )
        raise Unsupported(
            f"nvidia/cuda images are Ubuntu images: their Python is {pythons}, not {series(python)}",
            kb.source_text(images.source),
        )
    dist = ubuntu[0]
    cuda, why = _cuda_line(kb, dist, release)
    if cuda is None:
        raise Unsupported(why, kb.source_text(images.source))
    cudnn_tag = next(t.tag for t in images.cudnn_tags if t.cuda.contains(cuda))
    base = f"{images.repository}:{cuda}-{cudnn_tag}-runtime-{dist.os}"
    sass, ptx = _caps(kb, tf)
    require = next((r for r in images.require_cuda if r.cuda == cuda), None)
    nvidia_require = (
        require.require
        + "".join(f" brand=tesla,driver>={b},driver<{b + 1}" for b in require.brand_branches)
        if require
        else require_cuda_for(kb, Version(series(cuda)), sass)
    )
    return StackSpec(
        stack="tf-cuda-base",
        accelerator="cuda",
        python=python,
        base_image=base,
        os=dist.os,
        python_from="distro",
        requirements=(pin("tensorflow", values["tf"]),),
        cuda=release.cuda,
        cudnn=release.cudnn,
        sass=sass,
        ptx=ptx,
        nvidia_require_cuda=nvidia_require,
        sources=(kb.source_text(release.source), kb.source_text(images.source)),
        **_tf_fields(kb, tf, values),  # type: ignore[arg-type]
    )


def _cuda_line(
    kb: KnowledgeBase, dist: Distribution, release: TFRelease
) -> tuple[Version | None, str]:
    """The nvidia/cuda release to build on: same CUDA major, not older than the build, with a cuDNN of the
    build's major and, where its version is known, a minor at least the build's. (release, why-not)."""
    images = kb.images.nvidia_cuda
    refused: list[str] = []
    candidates = sorted(
        (
            v
            for v in images.lines[dist.os]
            if v.major == release.cuda.major
            and (v.major, v.minor) >= (release.cuda.major, release.cuda.minor)
        ),
        key=lambda v: (not same_series(v, release.cuda), v),
    )
    for line in candidates:
        if line in images.without_cudnn:
            refused.append(f"{line} has no cuDNN tags")
            continue
        tag = next((t for t in images.cudnn_tags if t.cuda.contains(line)), None)
        if tag is None or tag.cudnn_major != release.cudnn.major:
            refused.append(f"{line} carries cuDNN {tag.cudnn_major if tag else '?'}")
            continue
        carried = images.cudnn_versions.get(str(line))
        if carried is not None and (carried.major, carried.minor) < (
            release.cudnn.major,
            release.cudnn.minor,
        ):
            refused.append(
                f"{line} carries cuDNN {carried}, older than the build's {release.cudnn} [CUDNN_VERSION_MISMATCH]"
            )
            continue
        return line, ""
    if not candidates:
        return None, (
            f"no supported nvidia/cuda {release.cuda.major}.x image on {dist.os} is at least CUDA "
            f"{release.cuda} (EOL tags are deleted); use tf-cuda-pip"
        )
    return None, (
        f"TensorFlow {series(release.tf)} needs cuDNN {release.cudnn}: "
        + "; ".join(refused)
        + " (use tf-cuda-pip)"
    )


# -- ROCm -------------------------------------------------------------------------------------------


def _rocm_row(kb: KnowledgeBase, rocm: Version, tf: Version):  # type: ignore[no-untyped-def]
    row = next((r for r in kb.rocm.tensorflow if same_series(r.rocm, rocm)), None)
    if row is None:
        raise Unsupported(f"the knowledge base has no ROCm {series(rocm)}", "rocm.yaml")
    match = next((v for v in row.tf if same_series(v, tf)), None)
    if match is None:
        raise Unsupported(
            f"ROCm {series(rocm)} supports TensorFlow {', '.join(str(v) for v in row.tf)}, "
            f"not {series(tf)}",
            kb.source_text(row.source),
        )
    return row, match


def _tf_rocm_base(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """A rocm/tensorflow image as published by AMD: TensorFlow and ROCm come with it."""
    tf = parse_version(values["tf"], what="TensorFlow version")
    python = _python(values)
    images = kb.images.rocm_tensorflow
    rocm = parse_version(values["rocm"], what="ROCm version") if "rocm" in values else None
    tags = [
        t
        for t in images.tags
        if same_series(t.tf, tf)
        and same_series(t.python, python)
        and (rocm is None or same_series(t.rocm, rocm))
    ]
    if not tags:
        known = ", ".join(
            images.template.format(rocm=t.rocm, python=series(t.python), tf_series=series(t.tf))
            for t in images.tags
        )
        raise Unsupported(
            f"no rocm/tensorflow image for TensorFlow {series(tf)} on Python {series(python)}"
            + (f" and ROCm {series(rocm)}" if rocm else "")
            + f" (known tags: {known})",
            kb.source_text(images.source),
        )
    tag = tags[0]
    release = kb.tf_release(tf)
    keras = kb.tf_keras(tf)
    return StackSpec(
        stack="tf-rocm-base",
        framework="tensorflow",
        accelerator="rocm",
        python=python,
        base_image=f"{images.repository}:"
        + images.template.format(
            rocm=tag.rocm, python=series(tag.python), tf_series=series(tag.tf)
        ),
        python_from="image",
        os="ubuntu",
        requirements=(),
        layout="prebuilt",
        framework_version=series(tf),
        keras_major=keras.major if keras else None,
        backend="tensorflow",
        rocm=tag.rocm,
        sources=(
            kb.source_text(images.source),
            *((kb.source_text(release.source),) if release else ()),
        ),
    )


def _tf_rocm_pip(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """tensorflow-rocm wheels on AMD's ROCm user-space image (rocm/dev-ubuntu-XX.04)."""
    tf = parse_version(values["tf"], what="TensorFlow version")
    rocm = parse_version(values["rocm"], what="ROCm version")
    python = _python(values)
    row, tf_exact = _rocm_row(kb, rocm, tf)
    dev = kb.images.rocm_dev
    ubuntu = next((u for u, py in dev.ubuntu.items() if same_series(py, python)), None)
    if ubuntu is None:
        pythons = ", ".join(f"{py} (Ubuntu {u})" for u, py in dev.ubuntu.items())
        raise Unsupported(
            f"ROCm dev images give Python {pythons}, not {series(python)}",
            kb.source_text(dev.source),
        )
    wheels = kb.rocm.wheels
    if rocm < wheels.pypi_before:
        version = wheels.version_format_before_6_1.format(
            tf=tf_exact, rocm_nodots=str(rocm).replace(".", "")
        )
        requirements, pip_args = (f"tensorflow-rocm=={version}",), ()
    else:
        requirements = (f"tensorflow-rocm=={tf_exact}",)
        pip_args = ("--find-links", wheels.index_url.format(rocm_series=series(rocm)))
    keras = kb.tf_keras(tf)
    return StackSpec(
        stack="tf-rocm-pip",
        framework="tensorflow",
        accelerator="rocm",
        python=python,
        base_image=dev.template.format(ubuntu=ubuntu, rocm=rocm),
        python_from="distro",
        os=f"ubuntu{ubuntu}",
        requirements=requirements,
        pip_args=pip_args,
        framework_version=str(tf_exact),
        keras_major=keras.major if keras else None,
        backend="tensorflow",
        rocm=rocm,
        sources=(
            kb.source_text(row.source),
            kb.source_text(wheels.source),
            kb.source_text(dev.source),
        ),
    )


# -- Keras 3 on JAX or PyTorch; PlaidML ---------------------------------------------------------------


def _keras3(kb: KnowledgeBase, values: dict[str, str], backend: str) -> tuple[Version, Version]:
    keras = parse_version(values["keras"], what="Keras version")
    python = _python(values)
    if keras.major != 3:
        raise Unsupported(
            f"stack keras-{backend} is Keras 3; Keras {keras} has no {backend} backend",
            "keras.yaml",
        )
    known = next((r for r in kb.keras.keras3.releases if r.keras == keras), None)
    if known and python not in known.python:
        raise Unsupported(
            f"Keras {keras} supports Python {known.python}, not {series(python)}",
            kb.source_text(known.source),
        )
    minimum = next(b for b in kb.keras.keras3.backends if b.backend == backend)
    version = parse_version(values[backend], what=f"{backend} version")
    if version < minimum.min_version:
        raise Unsupported(
            f"Keras 3 needs {backend} >= {minimum.min_version}, not {version}",
            kb.source_text(minimum.source),
        )
    return keras, python


def _keras3_spec(
    values: dict[str, str],
    kb: KnowledgeBase,
    python_from: str,
    backend: str,
    backend_requirement: str,
    cuda: Version | None,
    sources: tuple[str, ...],
) -> StackSpec:
    """The spec of Keras 3 on ``backend``: CUDA is expected (and required of the driver) with ``cuda``."""
    _, python = _keras3(kb, values, backend)
    base, os_name, python_from = _python_base(kb, python, python_from)
    return StackSpec(
        stack=f"keras-{backend}",
        framework=f"keras-{backend}",
        accelerator="cuda" if cuda else "cpu",
        python=python,
        base_image=base,
        os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=(pin("keras", values["keras"]), backend_requirement),
        framework_version=values["keras"],
        keras_major=3,
        backend=backend,
        env=(("KERAS_BACKEND", backend),),
        nvidia_require_cuda=f"cuda>={cuda.major}.0" if cuda else None,
        sources=sources,
    )


def _cuda_axis(values: dict[str, str]) -> Version | None:
    return parse_version(values["cuda"], what="CUDA version") if "cuda" in values else None


def _keras_jax(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    cuda = _cuda_axis(values)
    if cuda is not None and cuda.major not in (12, 13):
        raise Unsupported(
            f"jax publishes CUDA wheels as jax[cuda12] and jax[cuda13], not for CUDA {cuda}",
            "keras.yaml",
        )
    jax = f"jax[cuda{cuda.major}]=={values['jax']}" if cuda else f"jax=={values['jax']}"
    return _keras3_spec(values, kb, python_from, "jax", jax, cuda, (kb.source_text("S-KERAS"),))


def _keras_torch(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """Keras 3 on PyTorch. Which torch build pip picks depends on the index (PyPI's Linux wheels are
    CUDA builds; a local or PyTorch CPU index gives CPU ones), so CUDA is expected only with a cuda axis."""
    return _keras3_spec(
        values,
        kb,
        python_from,
        "torch",
        pin("torch", values["torch"]),
        _cuda_axis(values),
        (
            kb.source_text("S-KERAS"),
            "pypi.org/project/torch: Linux x86_64 wheels are CUDA builds",
        ),
    )


def _plaidml(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    facts = kb.keras.plaidml
    version = parse_version(values["plaidml"] if "plaidml" in values else str(facts.versions[-1]))
    python = _python(values)
    if python not in facts.python:
        raise Unsupported(
            f"plaidml-keras {version} supports Python {facts.python}, not {series(python)}",
            kb.source_text(facts.source),
        )
    base, os_name, python_from = _python_base(kb, python, python_from)
    return StackSpec(
        stack="plaidml",
        framework="plaidml",
        accelerator="cpu",
        python=python,
        base_image=base,
        os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=(f"plaidml-keras=={version}", *facts.pins),
        framework_version=str(version),
        keras_major=2,
        backend="plaidml",
        env=tuple(sorted(facts.env.items())),
        sources=(kb.source_text(facts.source),),
    )


STACKS: dict[str, Stack] = {
    stack.name: stack
    for stack in (
        Stack("tf-cpu", "TensorFlow CPU wheel (tensorflow-cpu)", ("tf", "python"), _tf_cpu),
        Stack(
            "tf-cuda-pip",
            "TensorFlow with CUDA from pip wheels (tensorflow[and-cuda], or nvidia-*-cu11 for 2.12-2.13)",
            ("tf", "python"),
            _tf_cuda_pip,
        ),
        Stack(
            "tf-cuda-base",
            "TensorFlow from pip on an nvidia/cuda runtime image (CUDA and cuDNN from the image)",
            ("tf", "python"),
            _tf_cuda_base,
        ),
        Stack(
            "tf-rocm-base",
            "AMD's rocm/tensorflow image (TensorFlow and ROCm preinstalled)",
            ("tf", "python"),
            _tf_rocm_base,
        ),
        Stack(
            "tf-rocm-pip",
            "tensorflow-rocm wheels on AMD's ROCm user-space image",
            ("tf", "python", "rocm"),
            _tf_rocm_pip,
        ),
        Stack(
            "keras-jax",
            "Keras 3 on JAX (jax, or jax[cudaNN] with a cuda axis)",
            ("keras", "jax", "python"),
            _keras_jax,
        ),
        Stack(
            "keras-torch",
            "Keras 3 on PyTorch (torch from the index; CUDA expected with a cuda axis)",
            ("keras", "torch", "python"),
            _keras_torch,
        ),
        Stack(
            "plaidml",
            "PlaidML: Keras 2.2 with the plaidml backend on its CPU device (llvm_cpu.0)",
            ("python",),
            _plaidml,
        ),
    )
}


def resolve_stack(
    values: dict[str, str], kb: KnowledgeBase, python_from: str = "distro"
) -> StackSpec:
    """Resolve a cell's axis values; ``Unsupported`` when the combination cannot work."""
    stack = STACKS[values["stack"]]
    missing = [axis for axis in stack.required if axis not in values]
    if missing:
        raise Unsupported(f"stack {stack.name} needs the axes {', '.join(missing)}")
    return stack.resolve(values, kb, python_from)
