"""Rules both sides of the probe boundary apply: the probe in an image, the knowledge base on the host.

Standard library only (the probe is copied into images); ``envforge.knowledge`` imports these, so a
rule is written once: version tuples, cuDNN's integer versions, GPU architecture support (SASS/PTX),
and the key GPU names are compared by.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "version_tuple",
    "cudnn_version_text",
    "cc_number",
    "arch_support",
    "gpu_name_key",
    "GPU_NAME_NOISE",
]

# Words GPU names carry or drop depending on the tool that prints them (nvidia-smi, marketing, users).
GPU_NAME_NOISE = frozenset({"nvidia", "geforce", "tesla", "quadro"})


def version_tuple(text: Any) -> tuple[int, ...]:
    """``'12.5.1'`` -> ``(12, 5, 1)``; ``'9'`` -> ``(9,)``; nothing numeric -> ``()``."""
    return tuple(int(p) for p in re.findall(r"\d+", str(text or "")))


def cudnn_version_text(value: int) -> str:
    """cuDNN's integer version (``cudnnGetVersion``, ``torch.backends.cudnn.version()``) as X.Y.Z.

    cuDNN 9 encodes major*10000 + minor*100 + patch (91900 -> 9.19.0); cuDNN 8 and older encode
    major*1000 + minor*100 + patch (8907 -> 8.9.7).
    """
    if value >= 90000:
        return f"{value // 10000}.{(value % 10000) // 100}.{value % 100}"
    return f"{value // 1000}.{(value % 1000) // 100}.{value % 100}"


def cc_number(text: str) -> int | None:
    """A compute capability or build target as a number: ``'8.9'``, ``'sm_89'``, ``'compute_90'`` -> 89/90."""
    digits = version_tuple(text)
    if not digits:
        return None
    if len(digits) >= 2 and "." in str(text):
        return digits[0] * 10 + digits[1]
    return digits[0]


def arch_support(cc: int, sass: list[int], ptx: list[int]) -> tuple[str, int | None]:
    """How a GPU of compute capability ``cc`` (as 89) runs a build with ``sass`` and ``ptx`` targets.

    ('native', best sm) when SASS of the same major and not newer exists (sm_X.Y runs on X.Z, Z >= Y);
    ('ptx-jit', newest usable PTX) when only PTX not newer than the GPU exists (JIT at first use);
    ('too-old', None) otherwise: the GPU is older than every target.
    """
    native = [s for s in sass if s // 10 == cc // 10 and s <= cc]
    if native:
        return "native", max(native)
    jit = [p for p in ptx if p <= cc]
    if jit:
        return "ptx-jit", max(jit)
    return "too-old", None


def gpu_name_key(name: str) -> str:
    """The words a GPU name is compared by: lower case, punctuation and vendor words dropped."""
    words = re.sub(r"[^a-z0-9]+", " ", name.lower()).split()
    return " ".join(w for w in words if w not in GPU_NAME_NOISE)
