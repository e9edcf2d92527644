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
    "gpu_hiding",
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


# Device lists the runtimes read; a list whose first entry is not a device hides every device
# (CUDA stops at the first invalid entry; -1 and Slurm's NoDevFiles are the usual ways to say none).
_DEVICE_LISTS = {
    "cuda": ("CUDA_VISIBLE_DEVICES",),
    "rocm": ("HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"),
}


def _lists_a_device(value: str) -> bool:
    first = value.split(",")[0].strip()
    return first.isdigit() or first.startswith(("GPU-", "MIG-"))


def gpu_hiding(env: dict[str, str], accelerator: str) -> list[tuple[str, str]]:
    """``(variable, why)`` for each environment variable that hides every GPU of ``accelerator``.

    CUDA: CUDA_VISIBLE_DEVICES empty, -1 or NoDevFiles; NVIDIA_VISIBLE_DEVICES void, none or empty
    (the NVIDIA container runtime then mounts no GPU); NVIDIA_DRIVER_CAPABILITIES without compute
    (no libcuda). ROCm: HIP_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES, which
    HIP also reads) listing no device.
    """
    found = []
    for name in _DEVICE_LISTS.get(accelerator, ()):
        value = env.get(name)
        if value is not None and not _lists_a_device(value):
            found.append((name, f"{name}={value!r} lists no device"))
    if accelerator == "cuda":
        visible = env.get("NVIDIA_VISIBLE_DEVICES")
        if visible is not None and visible.strip().lower() in ("", "void", "none"):
            found.append(
                ("NVIDIA_VISIBLE_DEVICES", f"NVIDIA_VISIBLE_DEVICES={visible!r}: no GPU is mounted")
            )
        caps = env.get("NVIDIA_DRIVER_CAPABILITIES")
        wanted = {c.strip().lower() for c in (caps or "").split(",")}
        if caps and caps.strip() and not wanted & {"compute", "all"}:
            found.append(
                (
                    "NVIDIA_DRIVER_CAPABILITIES",
                    f"NVIDIA_DRIVER_CAPABILITIES={caps!r} leaves out compute: no libcuda",
                )
            )
    return found
