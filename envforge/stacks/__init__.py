"""Stacks: how each kind of cell is built, resolved against the knowledge base (pure).

A stack names a template under ``dockerfiles/stacks/`` and the axes it needs. ``resolve_stack`` turns
a cell's axis values into a ``StackSpec`` (a build ``Recipe`` and the ``Expectations`` its probe
checks) or raises ``Unsupported`` with the knowledge base's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..knowledge import KnowledgeBase
from .keras import keras_jax, keras_torch, plaidml
from .rocm import tf_rocm_base, tf_rocm_pip
from .spec import Recipe, StackSpec, Unsupported, pin
from .tensorflow import tf_cpu, tf_cuda_base, tf_cuda_pip

__all__ = ["STACKS", "Stack", "StackSpec", "Recipe", "Unsupported", "resolve_stack", "pin"]


@dataclass(frozen=True)
class Stack:
    name: str
    description: str
    required: tuple[str, ...]
    resolve: Callable[[dict[str, str], KnowledgeBase, str], StackSpec]


STACKS: dict[str, Stack] = {
    stack.name: stack
    for stack in (
        Stack("tf-cpu", "TensorFlow CPU wheel (tensorflow-cpu)", ("tf", "python"), tf_cpu),
        Stack(
            "tf-cuda-pip",
            "TensorFlow with CUDA from pip wheels (tensorflow[and-cuda], or nvidia-*-cu11 for 2.12-2.13)",
            ("tf", "python"),
            tf_cuda_pip,
        ),
        Stack(
            "tf-cuda-base",
            "TensorFlow from pip on an nvidia/cuda runtime image (CUDA and cuDNN from the image)",
            ("tf", "python"),
            tf_cuda_base,
        ),
        Stack(
            "tf-rocm-base",
            "AMD's rocm/tensorflow image (TensorFlow and ROCm preinstalled)",
            ("tf", "python"),
            tf_rocm_base,
        ),
        Stack(
            "tf-rocm-pip",
            "tensorflow-rocm wheels on AMD's ROCm user-space image",
            ("tf", "python", "rocm"),
            tf_rocm_pip,
        ),
        Stack(
            "keras-jax",
            "Keras 3 on JAX (jax, or jax[cudaNN] with a cuda axis)",
            ("keras", "jax", "python"),
            keras_jax,
        ),
        Stack(
            "keras-torch",
            "Keras 3 on PyTorch (torch from the index; CUDA expected with a cuda axis)",
            ("keras", "torch", "python"),
            keras_torch,
        ),
        Stack(
            "plaidml",
            "PlaidML: Keras 2.2 with the plaidml backend on its CPU device (llvm_cpu.0)",
            ("python",),
            plaidml,
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
