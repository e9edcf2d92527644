"""Batch 6 of scripts/record-gpu-logs: a driver partly gone, in a private mount namespace.

Each scenario runs under ``mask.sh MODE`` (written by the recorder's ``prepare``): ``unshare -m``
gives the command its own view of the file system, where the NVIDIA driver's user-space libraries,
its device nodes, or only the nvidia-uvm nodes are absent (in a read-only /dev, as in a container:
run as root, libcuda would otherwise make the nodes again through nvidia-modprobe). That is what a host whose kernel module
did not load, a container given no GPU, or a host after suspend without nvidia-uvm shows; the GPU
itself and every other process are untouched (nothing is unloaded, no setting changes).
"""

from __future__ import annotations

import shlex

from recorded_scenarios import Scenario

MASK = r"""#!/bin/bash
# mask.sh MODE COMMAND...: COMMAND in a private mount namespace where part of the NVIDIA driver is
# gone. MODE: nodriver (libraries and device nodes), nodev (device nodes), nolib (libraries),
# nouvm (the nvidia-uvm nodes), none (nothing: the masking itself), hide:GLOB (the CUDA libraries
# of that name, from pip's nvidia-* wheels and the toolkit's folders).
set -e
mode=$1; shift
if [ -z "$MASK_INNER" ]; then exec unshare -m --propagation private env MASK_INNER=1 bash "$0" "$mode" "$@"; fi
unset MASK_INNER
DRIVER_DIRS="@DRIVER_DIRS@"
CUDA_LIB_DIRS="@CUDA_LIB_DIRS@"
hide_nodes() {
  local new e n; new=$(mktemp -d); mount -t tmpfs -o mode=755 tmpfs "$new"
  for e in /dev/* /dev/.[!.]*; do
    [ -e "$e" ] || [ -L "$e" ] || continue
    n=${e#/dev/}
    case "$n" in $1) continue ;; esac
    if [ -L "$e" ]; then cp -a "$e" "$new/$n"
    elif [ -d "$e" ]; then mkdir "$new/$n"; mount --rbind "$e" "$new/$n"
    else touch "$new/$n"; mount --bind "$e" "$new/$n"; fi
  done
  mount -o remount,ro "$new"  # as in a container: the driver cannot make the nodes again
  mount --rbind "$new" /dev
}
hide_libs() {
  local d t
  for d in $DRIVER_DIRS; do
    t=$(mktemp -d); mount -t tmpfs tmpfs "$t"; cp -a "$d"/. "$t"/
    rm -f "$t"/libcuda.so* "$t"/libcudadebugger.so* "$t"/libnvidia-*.so* "$t"/libnvcuvid.so*
    mount --bind "$t" "$d"
  done
}
hide_files() {  # $1: a glob of file names taken out of every CUDA library folder that holds one
  local d t
  for d in $CUDA_LIB_DIRS; do
    compgen -G "$d/$1" >/dev/null || continue
    t=$(mktemp -d); mount -t tmpfs tmpfs "$t"; cp -a "$d"/. "$t"/; rm -f "$t"/$1
    mount --bind "$t" "$d"
  done
}
case "$mode" in
  hide:*) hide_files "${mode#hide:}" ;;
  nodriver) hide_libs; hide_nodes 'nvidia*' ;;
  nodev) hide_nodes 'nvidia*' ;;
  nolib) hide_libs ;;
  nouvm) hide_nodes 'nvidia-uvm*' ;;
  none) ;;
  *) echo "mask.sh: unknown mode $mode" >&2; exit 2 ;;
esac
exec "$@"
"""

TORCH_TO_GPU = (
    "import torch\nprint('torch', torch.__version__, 'cuda available:', torch.cuda.is_available())\n"
    "model = torch.nn.Linear(8, 2).cuda()\nprint(model(torch.randn(4, 8, device='cuda')))\n"
)
JAX_DEVICES = (
    "import jax, jax.numpy as jnp\nprint(jax.devices())\nprint(jnp.ones((256, 256)).sum())\n"
)
CUPY_SUM = (
    "import cupy as cp\nx = cp.arange(10**6, dtype=cp.float32)\nprint(float((x * 2).sum()))\n"
)
NUMBA_KERNEL = (
    "import numpy as np\nfrom numba import cuda\n@cuda.jit\ndef add(x):\n    i = cuda.grid(1)\n"
    "    if i < x.size:\n        x[i] += 1\nx = cuda.to_device(np.zeros(1024, np.float32))\n"
    "add[4, 256](x)\nprint(x.copy_to_host().sum())\n"
)
KERAS_FIT = (
    "import numpy as np, keras\nx = np.random.rand(2048, 32).astype('float32'); y = (x.sum(1) > 16)"
    ".astype('int32')\nm = keras.Sequential([keras.Input((32,)), keras.layers.Dense(64, "
    "activation='relu'), keras.layers.Dense(2)])\nm.compile('adam', keras.losses.SparseCategorical"
    "Crossentropy(from_logits=True))\nm.fit(x, y, epochs=2, batch_size=64)\n"
)
LIGHTNING_FIT = (
    "import torch, lightning as L\nclass Tiny(L.LightningModule):\n    def __init__(self):\n"
    "        super().__init__(); self.net = torch.nn.Linear(8, 2)\n"
    "    def training_step(self, b, i):\n        return self.net(b[0]).sum()\n"
    "    def configure_optimizers(self):\n        return torch.optim.SGD(self.parameters(), lr=0.1)\n"
    "d = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 8)), batch_size=8)\n"
    "L.Trainer(accelerator='gpu', devices=1, max_epochs=1, logger=False).fit(Tiny(), d)\n"
)


def masked(
    name: str,
    expected: str,
    mode: str,
    what: str,
    program: str,
    framework: str,
    env: dict[str, str | None] | None = None,
) -> Scenario:
    """A scenario whose program (python source, or a shell line for nvidia-smi) runs masked."""
    line = program if framework == "driver" else f"@PY@ @TMP@/{name.replace('-', '_')}.py"
    hides = HIDE if mode.startswith("hide:") else MODES[mode]
    return Scenario(
        name,
        expected,
        f"{what} (mask.sh {mode}: {hides})",
        f"@MASK@ {shlex.quote(mode)} {line}",
        env=env or {},
        shell=True,
        timeout=90,
        framework=framework,
        files={} if framework == "driver" else {f"{name.replace('-', '_')}.py": program},
    )


MODES = {
    "nodriver": "the driver's libraries and its /dev/nvidia* nodes are absent",
    "nodev": "the driver's libraries are there, its /dev/nvidia* nodes are absent",
    "nolib": "the /dev/nvidia* nodes are there, the driver's libraries are absent",
    "nouvm": "every driver file is there but /dev/nvidia-uvm and /dev/nvidia-uvm-tools",
    "none": "nothing hidden: the masking alone",
}
HIDE = "those of pip's nvidia-* wheels and the toolkit"  # what hide:GLOB hides


def hidden(
    name: str,
    expected: str,
    glob: str,
    what: str,
    program: str,
    framework: str,
    env: dict[str, str | None] | None = None,
) -> Scenario:
    """A scenario whose program runs where the CUDA libraries named ``glob`` are absent."""
    return masked(name, expected, f"hide:{glob}", what, program, framework, env)


NO = "DRIVER_NOT_AVAILABLE"
UNKNOWN = "CUDA_INIT_UNKNOWN"
CUDA = {"JAX_PLATFORMS": "cuda"}
# fmt: off
SIXTH = [
    masked("torch-no-driver", NO, "nodriver", "PyTorch on a host without the NVIDIA driver",
           TORCH_TO_GPU, "torch"),
    masked("jax-no-driver", NO, "nodriver", "JAX with the CUDA plugin on a host without the driver",
           JAX_DEVICES, "jax"),
    masked("jax-no-driver-platforms-cuda", NO, "nodriver",
           "JAX_PLATFORMS=cuda on a host without the driver", JAX_DEVICES, "jax", env=CUDA),
    masked("cupy-no-driver", NO, "nodriver", "CuPy on a host without the driver", CUPY_SUM, "cupy"),
    masked("numba-no-driver", NO, "nodriver", "numba.cuda on a host without the driver",
           NUMBA_KERNEL, "numba"),
    masked("keras-torch-no-driver", NO, "nodriver",
           "Keras 3 on PyTorch fits on a host without the driver (it trains on the CPU)",
           KERAS_FIT, "keras-torch", env={"KERAS_BACKEND": "torch"}),
    masked("lightning-no-driver", NO, "nodriver",
           "Lightning asks for a GPU on a host without the driver", LIGHTNING_FIT, "torch"),
    masked("torch-driver-nodes-absent", NO, "nodev",
           "PyTorch where the driver's libraries are installed but its module made no device nodes",
           TORCH_TO_GPU, "torch"),
    masked("jax-driver-nodes-absent", NO, "nodev",
           "JAX_PLATFORMS=cuda where the driver's device nodes are absent", JAX_DEVICES, "jax",
           env=CUDA),
    masked("cupy-driver-nodes-absent", NO, "nodev",
           "CuPy where the driver's device nodes are absent", CUPY_SUM, "cupy"),
    masked("nvidia-smi-driver-nodes-absent", NO, "nodev",
           "nvidia-smi where the driver's device nodes are absent", "nvidia-smi", "driver"),
    masked("nvidia-smi-driver-libs-absent", NO, "nolib",
           "nvidia-smi where the driver's libraries (libnvidia-ml) are absent", "nvidia-smi", "driver"),
    masked("numba-driver-libs-absent", NO, "nolib",
           "numba.cuda where the driver's libraries (libcuda) are absent", NUMBA_KERNEL, "numba"),
    masked("torch-uvm-nodes-absent", UNKNOWN, "nouvm",
           "PyTorch where /dev/nvidia-uvm is absent (nvidia-uvm not loaded)", TORCH_TO_GPU, "torch"),
    masked("jax-uvm-nodes-absent", UNKNOWN, "nouvm",
           "JAX where /dev/nvidia-uvm is absent (nvidia-uvm not loaded)", JAX_DEVICES, "jax"),
    masked("cupy-uvm-nodes-absent", UNKNOWN, "nouvm",
           "CuPy where /dev/nvidia-uvm is absent (nvidia-uvm not loaded)", CUPY_SUM, "cupy"),
    masked("healthy-nvidia-smi-uvm-nodes-absent", "HEALTHY", "nouvm",
           "nvidia-smi needs no nvidia-uvm: it works where only the uvm nodes are absent",
           "nvidia-smi", "driver"),
    masked("healthy-torch-masking-alone", "HEALTHY", "none",
           "PyTorch in the private mount namespace with nothing hidden", TORCH_TO_GPU, "torch"),
]
# fmt: on

TORCH_CONV = (
    "import torch\nprint('torch', torch.__version__, 'cuda', torch.version.cuda)\n"
    "conv = torch.nn.Conv2d(3, 8, 3).cuda()\nprint(conv(torch.randn(2, 3, 32, 32, device='cuda')).shape)\n"
)
JAX_SOLVE = (
    "import jax, jax.numpy as jnp\nprint(jax.devices())\na = jnp.eye(64) * 2.0\n"
    "print(jnp.linalg.eigh(a)[0][:3])\n"
)
CUPY_MATMUL = (
    "import cupy as cp\na = cp.ones((256, 256), dtype=cp.float32)\nprint(float((a @ a).sum()))\n"
)
CUPY_KERNEL = (
    'import cupy as cp\nk = cp.RawKernel(\'extern "C" __global__ void twice(float *x) '
    "{ x[threadIdx.x] *= 2.0f; }', 'twice')\nx = cp.ones(32, dtype=cp.float32)\nk((1,), (32,), (x,))\n"
    "print(float(x.sum()))\n"
)
TORCH_JITERATOR = (
    "import torch\nf = torch.cuda.jiterator._create_jit_fn('template <typename T> T twice(T x) "
    "{ return x * 2; }')\nprint(f(torch.ones(4, device='cuda')))\n"
)
LIBS = "CUDA_LIBS_NOT_FOUND"
DEP = "CUDA_LIB_TRANSITIVE_DEP_MISSING"
# fmt: off
SEVENTH = [
    hidden("torch-cudnn-absent", LIBS, "libcudnn*", "PyTorch where cuDNN's libraries are absent",
           TORCH_CONV, "torch"),
    hidden("jax-cudnn-absent", LIBS, "libcudnn*", "JAX where cuDNN's libraries are absent",
           JAX_DEVICES, "jax"),
    hidden("keras-jax-cudnn-absent", LIBS, "libcudnn*",
           "Keras 3 on JAX fits where cuDNN's libraries are absent", KERAS_FIT, "keras-jax",
           env={"KERAS_BACKEND": "jax"}),
    hidden("jax-cublas-absent", LIBS, "libcublas*", "JAX where cuBLAS's libraries are absent",
           JAX_DEVICES, "jax"),
    hidden("cupy-cublas-absent", LIBS, "libcublas*", "CuPy multiplies matrices where cuBLAS is absent",
           CUPY_MATMUL, "cupy"),
    hidden("jax-cusolver-absent", LIBS, "libcusolver*", "JAX's eigh where cuSOLVER is absent",
           JAX_SOLVE, "jax"),
    hidden("torch-nccl-absent", LIBS, "libnccl*", "PyTorch where NCCL's library is absent",
           TORCH_TO_GPU, "torch"),
    hidden("torch-cublaslt-absent", LIBS, "libcublasLt*",
           "PyTorch where cuBLASLt (which cuBLAS needs) is absent", TORCH_TO_GPU, "torch"),
    hidden("cupy-nvrtc-absent", LIBS, "libnvrtc*", "CuPy compiles a kernel where NVRTC is absent",
           CUPY_KERNEL, "cupy"),
    hidden("cupy-nvrtc-builtins-absent", DEP, "libnvrtc-builtins*",
           "CuPy compiles a kernel where NVRTC's builtins library is absent", CUPY_KERNEL, "cupy"),
    hidden("torch-nvrtc-builtins-absent", DEP, "libnvrtc-builtins*",
           "PyTorch's jiterator compiles a kernel where NVRTC's builtins library is absent",
           TORCH_JITERATOR, "torch"),
    hidden("healthy-torch-hide-nothing", "HEALTHY", "libnothing-such*",
           "PyTorch where the hidden glob names no library (the masking alone)", TORCH_CONV, "torch"),
]
# fmt: on
