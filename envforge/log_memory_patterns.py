"""The patterns of what a log says about memory: which allocator an out-of-memory error names, the
figures PyTorch and TensorFlow print with it or at start, and host memory pinned for copies. Data
only (``log_fact_patterns.RULES`` says which fact each records); every repetition is bounded.
"""

from __future__ import annotations

import re

__all__ = [
    "GPU_FREE_AT_START",
    "OOM_DEVICE",
    "PINNED",
    "PINNED_ALLOCATION",
    "TORCH_MEMORY",
    "TORCH_OOM",
    "TORCH_OOM_PROCESS",
]

OOM_DEVICE = (
    (
        "cpu",
        re.compile(
            r"device:CPU:\d{1,3} by allocator cpu|DefaultCPUAllocator|by allocator cpu\b|mklcpu|\d bytes on host\b",
            re.I,
        ),
    ),
    (
        "gpu",
        re.compile(
            r"device:GPU:\d{1,3} by allocator GPU|CUDA out of memory|GPU_\d{1,2}_bfc|RESOURCE_EXHAUSTED: Out of memory|HIP out of memory",
            re.I,
        ),
    ),
)
TORCH_MEMORY = re.compile(
    r"([\d.]{1,10}) (GiB|MiB) total capacity; ([\d.]{1,10}) (GiB|MiB) already allocated; "
    r"([\d.]{1,10}) (GiB|MiB) free; (?:[\d.]{1,10} (?:GiB|MiB) allowed; )?([\d.]{1,10}) (GiB|MiB) reserved"
)
# PyTorch >= 2.1: the GPU's capacity and what is free, the processes NVML lists (this one too,
# where its PID is another namespace's), what this process's PyTorch allocated and holds unallocated
TORCH_OOM = re.compile(
    r"total capacit?y of ([\d.]{1,10}) (GiB|MiB) of which ([\d.]{1,10}) (GiB|MiB|KiB|bytes) is free\. "
    r"(.{0,800}?)Of the allocated memory ([\d.]{1,10}) (GiB|MiB|KiB|bytes) is allocated by PyTorch, "
    r"and ([\d.]{1,10}) (GiB|MiB|KiB|bytes) is reserved"
)
TORCH_OOM_PROCESS = re.compile(
    r"Process \d{1,10} has ([\d.]{1,12}) (GiB|MiB|KiB|bytes) memory in use"
)
# TensorFlow's device properties: the GPU's total memory and what was free when it started
GPU_FREE_AT_START = re.compile(
    r"total ?memory: ([\d.]{1,10}) ?(GiB|MiB)\W{1,4}free ?memory: ([\d.]{1,10}) ?(GiB|MiB)", re.I
)
PINNED = re.compile(
    r"non_blocking=(?:True|non_blocking)|\bpin_memory\b|\bpinned (?:host )?memory", re.I
)
# an allocation of page-locked host memory itself (not a copy from it)
PINNED_ALLOCATION = re.compile(
    r"\bpin_memory=True|\.pin_memory\(\)|\bcudaHostAlloc\b|\bcudaMallocHost\b", re.I
)
