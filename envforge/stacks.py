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
from .versions import parse_version, series

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
    framework_version: str | None = None
    keras_major: int | None = None
    backend: str | None = None
    cuda: Version | None = None
    cudnn: Version | None = None
    sass: tuple[str, ...] = ()
    ptx: str | None = None
    nvidia_require_cuda: str | None = None
    env: tuple[tuple[str, str], ...] = ()
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
            "sass": list(self.sass),
            "ptx": self.ptx,
        }
        return {k: v for k, v in expect.items() if v not in (None, [])}


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


def _python_base(kb: KnowledgeBase, python: Version, python_from: str) -> tuple[str, str, str]:
    """(base image, os, python_from) for a Python version."""
    if python_from == "image":
        img = kb.images.python_images
        dist = kb.distribution(img.codename)
        return img.template.format(python=series(python), codename=img.codename), dist.os if dist else img.codename, "image"
    dist = kb.distribution_for_python(python, family="debian") or kb.distribution_for_python(python)
    if dist is None:
        known = ", ".join(f"{d.python} ({d.codename})" for d in kb.images.distributions)
        raise Unsupported(f"no distribution ships Python {series(python)} (known: {known}); "
                          "set python_source: image to use python:X.Y-slim", "images.yaml distributions")
    return dist.image, dist.os, "distro"


def _tf_release(kb: KnowledgeBase, values: dict[str, str]):  # type: ignore[no-untyped-def]
    tf = parse_version(values["tf"], what="TensorFlow version")
    release = kb.tf_release(tf)
    if release is None:
        known = f"{kb.tensorflow.releases[-1].tf}-{kb.tensorflow.releases[0].tf}"
        raise Unsupported(f"the knowledge base has no TensorFlow {series(tf)} (known: {known})", "tensorflow.yaml")
    python = parse_version(values["python"], what="Python version")
    if python not in release.python:
        raise Unsupported(f"TensorFlow {series(tf)} supports Python {release.python}, not {series(python)}",
                          kb.source_text(release.source))
    return tf, release, python


def _tf_common(kb: KnowledgeBase, tf: Version) -> dict[str, object]:
    keras = kb.tf_keras(tf)
    return {
        "framework": "tensorflow",
        "keras_major": keras.major if keras else None,
        "backend": "tensorflow",
    }


def _tf_cpu(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = _tf_release(kb, values)
    base, os_name, python_from = _python_base(kb, python, python_from)
    return StackSpec(
        stack="tf-cpu", accelerator="cpu", python=python, base_image=base, os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=(pin("tensorflow-cpu", values["tf"]),), framework_version=values["tf"],
        sources=(kb.source_text(release.source),), **_tf_common(kb, tf),  # type: ignore[arg-type]
    )


def _tf_cuda_pip(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = _tf_release(kb, values)
    if tf < Version("2.12"):
        raise Unsupported(f"CUDA through pip wheels starts with TensorFlow 2.12; {series(tf)} needs the "
                          "tf-cuda-base stack (nvidia/cuda images)", "tensorflow.yaml and_cuda")
    pins = kb.tf_and_cuda(tf)
    base, os_name, python_from = _python_base(kb, python, python_from)
    caps = kb.tf_compute_capabilities(tf)
    if tf >= Version("2.14"):
        requirements: tuple[str, ...] = (pin("tensorflow[and-cuda]", values["tf"]),)
        env: tuple[tuple[str, str], ...] = ()
    else:
        if pins is None:
            raise Unsupported(f"the knowledge base has no nvidia-*-cu11 wheel pins for TensorFlow {series(tf)}")
        requirements = (pin("tensorflow", values["tf"]),
                        *(f"{name}{spec}" for name, spec in sorted(pins.pins.items())))
        env = (("ENVFORGE_NVIDIA_WHEEL_LIBS", "1"),)
    sources = [kb.source_text(release.source)]
    if pins:
        sources += [kb.source_text(row.source) for row in pins.rows]
    sass = tuple(str(c) for c in caps.sass) if caps else ()
    return StackSpec(
        stack="tf-cuda-pip", accelerator="cuda", python=python, base_image=base, os=os_name,
        python_from=python_from,  # type: ignore[arg-type]
        requirements=requirements, framework_version=values["tf"], cuda=release.cuda, cudnn=release.cudnn,
        sass=sass, ptx=str(caps.ptx) if caps and caps.ptx else None,
        nvidia_require_cuda=require_cuda_for(kb, release.cuda, sass), env=env, sources=tuple(sources),
        **_tf_common(kb, tf),  # type: ignore[arg-type]
    )


STACKS: dict[str, Stack] = {
    stack.name: stack
    for stack in (
        Stack("tf-cpu", "TensorFlow CPU wheel (tensorflow-cpu)", ("tf", "python"), _tf_cpu),
        Stack("tf-cuda-pip", "TensorFlow with CUDA from pip wheels (tensorflow[and-cuda], or nvidia-*-cu11 for 2.12-2.13)",
              ("tf", "python"), _tf_cuda_pip),
    )
}


def resolve_stack(values: dict[str, str], kb: KnowledgeBase, python_from: str = "distro") -> StackSpec:
    """Resolve a cell's axis values; ``Unsupported`` when the combination cannot work."""
    stack = STACKS[values["stack"]]
    missing = [axis for axis in stack.required if axis not in values]
    if missing:
        raise Unsupported(f"stack {stack.name} needs the axes {', '.join(missing)}")
    return stack.resolve(values, kb, python_from)
