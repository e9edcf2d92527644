"""Keras 3 on JAX or PyTorch, and PlaidML (Keras 2.2 with the plaidml backend)."""

from __future__ import annotations

from packaging.version import Version

from ..expectations import Expectations
from ..knowledge import KnowledgeBase
from ..versions import parse_version, series
from .common import python_of, venv_recipe
from .spec import StackSpec, Unsupported, pin

__all__ = ["keras_jax", "keras_torch", "plaidml"]


def _keras3(kb: KnowledgeBase, values: dict[str, str], backend: str) -> Version:
    """The cell's Python, once Keras 3, its Python range and the backend's minimum are checked."""
    keras = parse_version(values["keras"], what="Keras version")
    python = python_of(values)
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
    return python


def _keras3_spec(
    values: dict[str, str],
    kb: KnowledgeBase,
    python_from: str,
    backend: str,
    backend_requirement: str,
    cuda: Version | None,
    sources: tuple[str, ...],
) -> StackSpec:
    """Keras 3 on ``backend``: CUDA is expected (and required of the driver) with ``cuda``."""
    python = _keras3(kb, values, backend)
    return StackSpec(
        stack=f"keras-{backend}",
        recipe=venv_recipe(
            kb,
            python,
            python_from,
            (pin("keras", values["keras"]), backend_requirement),
            env=(("KERAS_BACKEND", backend),),
        ),
        expect=Expectations(
            accelerator="cuda" if cuda else "cpu",
            framework=f"keras-{backend}",
            framework_version=values["keras"],
            python=series(python),
            keras_major=3,
            backend=backend,
            nvidia_require_cuda=f"cuda>={cuda.major}.0" if cuda else None,
        ),
        sources=sources,
    )


def _cuda_axis(values: dict[str, str]) -> Version | None:
    return parse_version(values["cuda"], what="CUDA version") if "cuda" in values else None


def keras_jax(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    cuda = _cuda_axis(values)
    if cuda is not None and cuda.major not in (12, 13):
        raise Unsupported(
            f"jax publishes CUDA wheels as jax[cuda12] and jax[cuda13], not for CUDA {cuda}",
            "keras.yaml",
        )
    jax = f"jax[cuda{cuda.major}]=={values['jax']}" if cuda else f"jax=={values['jax']}"
    return _keras3_spec(values, kb, python_from, "jax", jax, cuda, (kb.source_text("S-KERAS"),))


def keras_torch(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """Keras 3 on PyTorch. Which torch build pip picks depends on the index (PyPI's Linux wheels are
    CUDA builds; a local or PyTorch CPU index gives CPU ones), so CUDA is expected only with a cuda axis."""
    return _keras3_spec(
        values,
        kb,
        python_from,
        "torch",
        pin("torch", values["torch"]),
        _cuda_axis(values),
        (kb.source_text("S-KERAS"), "pypi.org/project/torch: Linux x86_64 wheels are CUDA builds"),
    )


def plaidml(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    facts = kb.keras.plaidml
    version = parse_version(values["plaidml"] if "plaidml" in values else str(facts.versions[-1]))
    python = python_of(values)
    if python not in facts.python:
        raise Unsupported(
            f"plaidml-keras {version} supports Python {facts.python}, not {series(python)}",
            kb.source_text(facts.source),
        )
    return StackSpec(
        stack="plaidml",
        recipe=venv_recipe(
            kb,
            python,
            python_from,
            (f"plaidml-keras=={version}", *facts.pins),
            env=tuple(sorted(facts.env.items())),
        ),
        expect=Expectations(
            accelerator="cpu",
            framework="plaidml",
            framework_version=str(version),
            python=series(python),
            keras_major=2,
            backend="plaidml",
        ),
        sources=(kb.source_text(facts.source),),
    )
