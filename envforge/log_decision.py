"""A decision of ``envforge doctor``'s rules (pure): a cause the facts of a log support, with what it
explains and what it replaces; the codes that mean "the process sees no GPU"; a version read from
a log (None where it is not one)."""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from .probe.codes import CODES, Code

__all__ = ["Decision", "NO_DEVICE", "version"]

NO_DEVICE = (  # what a process that sees no usable GPU prints
    Code.DRIVER_NOT_AVAILABLE, Code.PIP_NVIDIA_LIBS_NOT_ON_PATH, Code.CPU_ONLY_TF_BUILD,
    Code.CONTAINER_GPU_NOT_REQUESTED, Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
    Code.CONTAINER_TOOLKIT_NOT_CONFIGURED, Code.CUDA_LIBS_NOT_FOUND,
)  # fmt: skip


@dataclass(frozen=True)
class Decision:
    """A cause, why (``summary``, ``evidence``), the codes it explains and those it replaces."""

    code: Code
    summary: str
    evidence: tuple[str, ...]
    before: tuple[Code, ...] = ()  # codes it explains: it ranks in front of them
    replaces: tuple[Code, ...] = ()  # codes it stands for: they are dropped

    @property
    def fix(self) -> str:
        return CODES[self.code].fix


def version(text: str | None) -> Version | None:
    try:
        return Version(text) if text else None
    except InvalidVersion:
        return None
