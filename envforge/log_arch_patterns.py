"""The patterns of what a log says about GPU architectures: the GPU's sm and the sm list a PyTorch
build (or llama.cpp's) supports, PyTorch's capability-range warning, and PaddlePaddle's
compiled-for list. Data only (``log_fact_patterns.RULES`` says which fact each records); every
repetition is bounded.
"""

from __future__ import annotations

import re

__all__ = [
    "ARCH_LIST",
    "COMPILED_FOR",
    "GGML_ARCHS",
    "GPU_SM",
    "TORCH_CC_FOUND",
    "TORCH_CC_LIST",
    "TORCH_CC_RANGE",
]

GPU_SM = re.compile(
    r"(?:(NVIDIA [\w .-]{1,60}?) )?with CUDA capability (sm_\d{2,3}) is not compatible"
)
ARCH_LIST = re.compile(r"supports CUDA capabilities ((?:sm_\d{2,3} ?){1,30})")
# llama.cpp (ggml) prints the architectures it was built for as __CUDA_ARCH__ values (610 = sm_61)
GGML_ARCHS = re.compile(r"\bCUDA ?: ?ARCHS ?= ?((?:\d{3,4},){0,30}\d{3,4})\b")
# PyTorch's warning: the GPU's capability, and the range of the build's architectures
TORCH_CC_FOUND = re.compile(
    r"which is of (?:cuda|compute) capability (?:\(CC\) )?(\d{1,2})\.(\d{1,2})", re.I
)
# PyTorch 2.7 on: each CC the build has, lowest first ("- 7.5 which supports hardware CC >=7.5,<8.0")
TORCH_CC_LIST = re.compile(r"(\d{1,2})\.(\d{1,2}) which supports hardware CC >=")
TORCH_CC_RANGE = re.compile(
    r"supported by this version of PyTorch is\W{0,12}(?:\d{1,3}:\s{0,8})?\((\d{1,2})\.(\d{1,2})\) ?- ?\((\d{1,2})\.(\d{1,2})\)"
)
# PaddlePaddle: the architectures a package was compiled for, and the GPU's
COMPILED_FOR = re.compile(
    r"compiled for ((?:\d{2,3} ){1,16}\d{2,3}) ?,? ?but your current GPU is (\d{2,3})"
)
