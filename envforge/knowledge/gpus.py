"""GPUs by name: exact after normalising, then by alias, then without what nvidia-smi appends.

No prefix or substring matching: "RTX 5070 Ti" is not an "RTX 5070", and "NVIDIA TITAN X" (Pascal,
6.1) is not the "GeForce GTX TITAN X" (Maxwell, 5.2). A name that matches nothing, or parts of
different compute capabilities, is an ``UnknownGpu`` that carries the nearest names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from ..probe.rules import gpu_name_key
from .models import Gpu

__all__ = ["GpuIndex", "UnknownGpu"]

# What tools append to a part's name that does not change its compute capability: memory size and
# type ("80GB HBM3"), then form factor, laptop and refresh words ("SXM4", "Laptop GPU", "SUPER").
_MEMORY = re.compile(r"^(\d+gb|\d+g|hbm\d*e?|gddr\d*x?)$")
_VARIANT = re.compile(r"^(sxm\d*|pcie|laptop|mobile|gpu|super|max|q)$")


class UnknownGpu(LookupError):
    """``name`` is no GPU of the table, or names parts of different compute capabilities."""

    def __init__(self, name: str, nearest: tuple[str, ...], ambiguous: tuple[str, ...] = ()):
        self.name, self.nearest, self.ambiguous = name, nearest, ambiguous
        what = (
            f"names parts of different compute capabilities: {', '.join(ambiguous)}"
            if ambiguous
            else "is not in the knowledge base's GPU table (matrices/compat/gpus.yaml)"
        )
        super().__init__(f"{name!r} {what}")

    @property
    def hint(self) -> str:
        near = f"nearest names: {', '.join(self.nearest)}; " if self.nearest else ""
        return f"{near}or give the compute capability with --cc X.Y"


class GpuIndex:
    """Every name and alias of ``gpus.yaml`` by its normalised key."""

    def __init__(self, gpus: Iterable[Gpu]):
        self.by_key: dict[str, list[Gpu]] = {}
        self.display: dict[str, str] = {}
        for gpu in gpus:
            for name in (gpu.name, *gpu.aliases):
                key = gpu_name_key(name)
                named = gpu if name == gpu.name else gpu.model_copy(update={"name": name})
                self.by_key.setdefault(key, []).append(named)
                self.display.setdefault(key, name)

    def find(self, name: str) -> Gpu:
        """The GPU ``name`` means, or ``UnknownGpu`` with the nearest names."""
        for key in _keys(name):
            found = self.by_key.get(key)
            if not found:
                continue
            if len({g.cc for g in found}) > 1:
                raise UnknownGpu(name, (), tuple(f"{g.name} ({g.cc})" for g in found))
            return found[0]
        wanted = gpu_name_key(name)
        close = difflib.get_close_matches(wanted, list(self.by_key), n=5, cutoff=0.5)
        raise UnknownGpu(name, tuple(self.display[k] for k in close))

    def ambiguous(self) -> dict[str, list[Gpu]]:
        """Keys that name parts of different compute capabilities (the table should have none)."""
        return {k: v for k, v in self.by_key.items() if len({g.cc for g in v}) > 1}


def _keys(name: str) -> list[str]:
    """The keys to try, in order: the name; without memory words; without variant words too."""
    words = gpu_name_key(name).split()
    plain = [w for w in words if not _MEMORY.match(w)]
    bare = [w for w in plain if not _VARIANT.match(w)]
    keys = [" ".join(words), " ".join(plain), " ".join(bare)]
    return [k for i, k in enumerate(keys) if k and k not in keys[:i]]
