"""Batch 8 of scripts/record-gpu-logs: packages that do not belong together.

Each scenario installs one older release (from the wheels in ``$WHEELS``, carried to the GPU host:
the host has no index to download from) into a folder of its own and runs with that folder first on
``PYTHONPATH``, beside the host's PyTorch 2.11, JAX 0.11, CuPy and ONNX: a torchvision or torchaudio
built for an older PyTorch, a jax older than its jaxlib, NumPy 1.26 under libraries built for NumPy
2, protobuf 3.20 under ONNX's generated modules. The installs print nothing into the log; what the
program prints is what people paste.
"""

from __future__ import annotations

from recorded_scenarios import Scenario

TORCHVISION_NMS = (
    "import torch, torchvision\nprint(torch.__version__, torchvision.__version__)\n"
    "b = torch.tensor([[0., 0., 10., 10.], [1., 1., 11., 11.]], device='cuda')\n"
    "print(torchvision.ops.nms(b, torch.tensor([0.9, 0.8], device='cuda'), 0.5))\n"
)
TORCHAUDIO_RESAMPLE = (
    "import torch, torchaudio\nprint(torch.__version__, torchaudio.__version__)\n"
    "x = torch.randn(1, 16000, device='cuda')\n"
    "print(torchaudio.functional.resample(x, 16000, 8000).shape)\n"
)
JAX_DEVICES = (
    "import jax, jax.numpy as jnp\nprint(jax.__version__, jax.devices())\nprint(jnp.ones(3) * 2)\n"
)
CUPY_ARANGE = "import numpy, cupy\nprint(numpy.__version__)\nprint(cupy.arange(3).get())\n"
TORCH_NUMPY = (
    "import numpy, torch\nprint(numpy.__version__, torch.__version__)\n"
    "x = torch.from_numpy(numpy.ones(3, dtype=numpy.float32)).cuda()\nprint(x * 2)\n"
)
ONNX_IMPORT = "import onnx\nprint(onnx.__version__)\n"


def older(
    name: str, expected: str, wheel: str, what: str, program: str, framework: str
) -> Scenario:
    """``program`` run with ``wheel`` (a glob in $WHEELS) installed first on PYTHONPATH."""
    folder = f"@TMP@/site-{name}"
    script = (
        f'(@PY@ -m pip install -q --no-deps --target {folder} "$WHEELS"/{wheel} || pip install -q '
        f'--no-deps --target {folder} "$WHEELS"/{wheel}) >/dev/null 2>&1; '
        f"PYTHONPATH={folder} @PY@ @TMP@/{name.replace('-', '_')}.py"
    )
    return Scenario(name, expected, what, script, shell=True, timeout=120, framework=framework,
                    files={f"{name.replace('-', '_')}.py": program})  # fmt: skip


# fmt: off
EIGHTH = [
    older("torchvision-built-for-older-torch", "TORCH_EXTENSION_ABI_MISMATCH",
          "torchvision-0.17.2-*.whl", "torchvision 0.17 (built for PyTorch 2.2) under PyTorch 2.11",
          TORCHVISION_NMS, "torch"),
    older("torchaudio-built-for-older-torch", "TORCH_EXTENSION_ABI_MISMATCH",
          "torchaudio-2.2.2-*.whl", "torchaudio 2.2 (built for PyTorch 2.2) under PyTorch 2.11",
          TORCHAUDIO_RESAMPLE, "torch"),
    older("jax-older-than-jaxlib", "JAX_JAXLIB_VERSION_MISMATCH", "jax-0.4.30-*.whl",
          "jax 0.4.30 in front of jaxlib 0.11 and its CUDA plugin", JAX_DEVICES, "jax"),
    older("cupy-under-numpy-1", "NUMPY_ABI_MISMATCH", "numpy-1.26.4-*.whl",
          "NumPy 1.26 in front of a CuPy built for NumPy 2", CUPY_ARANGE, "cupy"),
    older("torch-under-numpy-1", "NUMPY_ABI_MISMATCH", "numpy-1.26.4-*.whl",
          "NumPy 1.26 in front of PyTorch 2.11", TORCH_NUMPY, "torch"),
    older("jax-under-numpy-1", "NUMPY_ABI_MISMATCH", "numpy-1.26.4-*.whl",
          "NumPy 1.26 in front of JAX 0.11", JAX_DEVICES, "jax"),
    older("onnx-under-protobuf-3-20", "PROTOBUF_VERSION_MISMATCH", "protobuf-3.20.3-*.whl",
          "protobuf 3.20 in front of an ONNX whose modules a newer protoc generated", ONNX_IMPORT,
          "onnx"),
]
# fmt: on

# Batch 11: a CUDA extension built for the architectures TORCH_CUDA_ARCH_LIST names, not the GPU's
TWICE_EXTENSION = r"""
import torch
from torch.utils.cpp_extension import load_inline
cuda = '''
#include <c10/cuda/CUDAException.h>
__global__ void twice_kernel(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2;
}
torch::Tensor twice(torch::Tensor x) {
    int n = x.numel();
    twice_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return x;
}
'''
m = load_inline(name="twice_ext", cpp_sources="torch::Tensor twice(torch::Tensor x);",
                cuda_sources=cuda, functions=["twice"], verbose=True)
print(m.twice(torch.ones(8, device="cuda")))
"""


def arch_list(name: str, expected: str, archs: str, what: str) -> Scenario:
    return Scenario(name, expected, what, TWICE_EXTENSION, timeout=240, framework="torch",
                    env={"TORCH_CUDA_ARCH_LIST": archs, "TORCH_EXTENSIONS_DIR": f"@TMP@/ext-{name}",
                         "MAX_JOBS": "8"})  # fmt: skip


ELEVENTH = [
    arch_list(
        "torch-extension-arch-list-older-than-gpu",
        "TORCH_CUDA_ARCH_LIST_OVERRIDES_GPU",
        "8.0",
        "a CUDA extension built with TORCH_CUDA_ARCH_LIST=8.0 (sm_80 only, no PTX) run on an "
        "sm_90 GPU",
    ),
    arch_list(
        "torch-extension-arch-list-nvcc-does-not-know",
        "BUILD_ARCH_LIST_UNSUPPORTED_BY_NVCC",
        "7.0",
        "a CUDA extension built with TORCH_CUDA_ARCH_LIST=7.0 by CUDA 13's nvcc, which "
        "dropped sm_70",
    ),
]
