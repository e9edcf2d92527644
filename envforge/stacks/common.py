"""Resolution shared by the stacks: the base that gives a Python, a TensorFlow release, its targets."""

from __future__ import annotations

from packaging.version import Version

from ..expectations import Accelerator, Expectations
from ..knowledge import KnowledgeBase
from ..knowledge.models import TFRelease
from ..versions import parse_version, series
from .spec import PythonFrom, Recipe, Unsupported

__all__ = ["python_of", "python_base", "tf_release", "tf_expectations", "targets", "venv_recipe"]


def python_of(values: dict[str, str]) -> Version:
    return parse_version(values["python"], what="Python version")


def python_base(
    kb: KnowledgeBase, python: Version, python_from: str
) -> tuple[str, str, PythonFrom]:
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


def venv_recipe(
    kb: KnowledgeBase,
    python: Version,
    python_from: str,
    requirements: tuple[str, ...],
    *,
    env: tuple[tuple[str, str], ...] = (),
    library_dirs: tuple[str, ...] = (),
) -> Recipe:
    """A venv of ``requirements`` on the base that gives ``python``."""
    base, os_name, source = python_base(kb, python, python_from)
    return Recipe(
        base_image=base,
        python_from=source,
        os=os_name,
        python=python,
        requirements=requirements,
        env=env,
        library_dirs=library_dirs,
    )


def tf_release(kb: KnowledgeBase, values: dict[str, str]) -> tuple[Version, TFRelease, Version]:
    """(TensorFlow version, its tested configuration, Python), or Unsupported."""
    tf = parse_version(values["tf"], what="TensorFlow version")
    release = kb.tf_release(tf)
    if release is None:
        known = f"{series(kb.tensorflow.releases[-1].tf)}-{series(kb.tensorflow.releases[0].tf)}"
        raise Unsupported(
            f"the knowledge base has no TensorFlow {series(tf)} (known: {known})", "tensorflow.yaml"
        )
    python = python_of(values)
    if python not in release.python:
        raise Unsupported(
            f"TensorFlow {series(tf)} supports Python {release.python}, not {series(python)}",
            kb.source_text(release.source),
        )
    return tf, release, python


def targets(kb: KnowledgeBase, tf: Version) -> tuple[tuple[str, ...], str | None]:
    """(SASS compute capabilities, PTX) of the official wheels of ``tf``."""
    caps = kb.tf_compute_capabilities(tf)
    if caps is None:
        return (), None
    return tuple(str(c) for c in caps.sass), (str(caps.ptx) if caps.ptx else None)


def tf_expectations(
    kb: KnowledgeBase,
    tf: Version,
    version_text: str,
    python: Version,
    accelerator: Accelerator,
    *,
    release: TFRelease | None = None,
    require: str | None = None,
    rocm: Version | None = None,
) -> Expectations:
    """What a TensorFlow image must show: the release and its Keras; with ``release`` (a CUDA cell),
    the CUDA and cuDNN it was built with and its GPU targets; ``require``: its NVIDIA_REQUIRE_CUDA."""
    keras = kb.tf_keras(tf)
    sass, ptx = targets(kb, tf) if release is not None else ((), None)
    return Expectations(
        accelerator=accelerator,
        framework="tensorflow",
        framework_version=version_text,
        python=series(python),
        keras_major=keras.major if keras else None,
        backend="tensorflow",
        cuda=series(release.cuda) if release is not None else None,
        cudnn=series(release.cudnn) if release is not None else None,
        rocm=series(rocm) if rocm is not None else None,
        sass=sass,
        ptx=ptx,
        nvidia_require_cuda=require,
    )
