"""TensorFlow stacks: the CPU wheel, CUDA from pip wheels, CUDA from an nvidia/cuda image."""

from __future__ import annotations

from packaging.version import Version

from ..knowledge import KnowledgeBase
from ..knowledge.images import nvidia_cuda_line, nvidia_cuda_require
from ..knowledge.require import arch_ranges, gate_by_arch, require_cuda_for
from ..versions import same_series, series
from .common import targets, tf_expectations, tf_release, venv_recipe
from .spec import Recipe, StackSpec, Unsupported, pin

__all__ = ["tf_cpu", "tf_cuda_pip", "tf_cuda_base"]

# pip's nvidia-*-cu11 wheel names -> their directory under site-packages/nvidia (TF 2.12-2.13)
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


def tf_cpu(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = tf_release(kb, values)
    return StackSpec(
        stack="tf-cpu",
        recipe=venv_recipe(kb, python, python_from, (pin("tensorflow-cpu", values["tf"]),)),
        expect=tf_expectations(kb, tf, values["tf"], python, "cpu"),
        sources=(kb.source_text(release.source),),
    )


def tf_cuda_pip(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    tf, release, python = tf_release(kb, values)
    if tf < Version("2.12"):
        raise Unsupported(
            f"CUDA through pip wheels starts with TensorFlow 2.12; {series(tf)} needs the "
            "tf-cuda-base stack (nvidia/cuda images)",
            "tensorflow.yaml and_cuda",
        )
    pins = kb.tf_and_cuda(tf)
    library_dirs: tuple[str, ...] = ()
    requirements: tuple[str, ...]
    if tf >= Version("2.14"):
        requirements = (pin("tensorflow[and-cuda]", values["tf"]),)
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
    sass, ptx = targets(kb, tf)
    return StackSpec(
        stack="tf-cuda-pip",
        recipe=venv_recipe(kb, python, python_from, requirements, library_dirs=library_dirs),
        expect=tf_expectations(
            kb,
            tf,
            values["tf"],
            python,
            "cuda",
            release=release,
            require=require_cuda_for(kb, release.cuda, sass, ptx),
        ),
        sources=tuple(sources),
    )


def tf_cuda_base(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """TensorFlow from pip on an nvidia/cuda runtime image that carries CUDA and cuDNN."""
    tf, release, python = tf_release(kb, values)
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
    cuda, why = nvidia_cuda_line(kb, dist, release)
    if cuda is None:
        raise Unsupported(why, kb.source_text(images.source))
    cudnn_tag = next(t.tag for t in images.cudnn_tags if t.cuda.contains(cuda))
    sass, ptx = targets(kb, tf)
    published = nvidia_cuda_require(kb, cuda)  # with its forward-compatibility branches
    require = (
        gate_by_arch(published, arch_ranges(sass, ptx))
        if published
        else require_cuda_for(kb, Version(series(cuda)), sass, ptx)
    )
    return StackSpec(
        stack="tf-cuda-base",
        recipe=Recipe(
            base_image=f"{images.repository}:{cuda}-{cudnn_tag}-runtime-{dist.os}",
            python_from="distro",
            os=dist.os,
            python=python,
            requirements=(pin("tensorflow", values["tf"]),),
        ),
        expect=tf_expectations(
            kb, tf, values["tf"], python, "cuda", release=release, require=require
        ),
        sources=(kb.source_text(release.source), kb.source_text(images.source)),
    )
