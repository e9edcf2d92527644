"""A row of the signature tables: a code and the patterns of its messages (``signatures``'s
docstring says what each field means), and the shorthands the tables share. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import CODES, Code

__all__ = [
    "Signature",
    "S",
    "CAUSE",
    "SYMPTOM",
    "INFO",
    "NO_DEVICE",
    "MEMORY",
    "CUDNN",
    "cuda_error_number",
]

C = Code
CAUSE, SYMPTOM, INFO = 2, 1, 0


@dataclass(frozen=True)
class Signature:
    """Lines matching any of ``patterns`` show ``code`` (layer, fix and catalogue from the registry)."""

    code: Code
    patterns: tuple[str, ...]
    strength: int = CAUSE
    needs_gpu: bool = False
    explained_by: tuple[Code, ...] = ()
    implies: tuple[Code, ...] = ()
    supersedes: tuple[Code, ...] = ()  # on the same line, these read it less precisely
    loose: bool = False  # a co-occurrence of words, not a wording: see LOOSE
    needs_failure: bool = False  # a warning the program survives: a cause only in a run that failed

    @property
    def layer(self) -> str:
        return CODES[self.code].layer

    @property
    def fix(self) -> str:
        return CODES[self.code].fix

    @property
    def catalogue(self) -> str:
        return CODES[self.code].catalogue


def S(code: Code, *patterns: str, **more: object) -> Signature:  # noqa: N802 - a table row
    return Signature(code, patterns, **more)  # type: ignore[arg-type]


# causes that several rows name as what explains their symptom
NO_DEVICE = (C.GPU_HIDDEN_BY_ENV, C.SLURM_GPU_NOT_REQUESTED, C.CONTAINER_GPU_NOT_REQUESTED)
MEMORY = (C.GPU_OOM, C.GPU_MEMORY_HELD_BY_OTHER_PROCESS, C.HOST_OOM)
CUDNN = (C.CUDNN_VERSION_MISMATCH, C.CUDA_LIBS_NOT_FOUND, *MEMORY)


def cuda_error_number(*numbers: int) -> tuple[str, ...]:
    """A CUDA runtime error stated only by its number (CUDA 10.1's numbering; the numbers given
    mean the same in every release), in the forms programs print it: a runtime call that failed
    with an error code, a call that returned it, "CUDA error 35", TensorRT's "CUDA initialization
    failure with error: 35"."""
    number = "(?:" + "|".join(str(n) for n in numbers) + ")"
    return (
        rf"\bcuda[A-Z]\w{{2,40}}\b.{{0,160}}?\berror code ?[:=]? ?{number}\b",
        rf"\bcuda[A-Z]\w{{2,40}}(?:\(\))? (?:returned|failed with)(?: error)?(?: code)? ?\(?{number}\b",
        rf"\bCUDA (?:runtime |driver )?error ?\(?{number}\)?(?: at |[:,)])",
        rf"\bCUDA initiali[sz]ation failure with error:? ?{number}\b",  # TensorRT's
    )
