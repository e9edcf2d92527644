"""Batch 6 of scripts/record-gpu-logs: a driver partly gone, in a private mount namespace.

Each scenario runs under ``mask.sh MODE`` (written by the recorder's ``prepare``): ``unshare -m``
gives the command its own view of the file system, where the NVIDIA driver's user-space libraries,
its device nodes, or only the nvidia-uvm nodes are absent (in a read-only /dev, as in a container:
run as root, libcuda would otherwise make the nodes again through nvidia-modprobe). That is what a host whose kernel module
did not load, a container given no GPU, or a host after suspend without nvidia-uvm shows; the GPU
itself and every other process are untouched (nothing is unloaded, no setting changes).
"""

from __future__ import annotations

from recorded_scenarios import Scenario

MASK = r"""#!/bin/bash
# mask.sh MODE COMMAND...: COMMAND in a private mount namespace where part of the NVIDIA driver is
# gone. MODE: nodriver (libraries and device nodes), nodev (device nodes), nolib (libraries),
# nouvm (the nvidia-uvm nodes), none (nothing: the masking itself).
set -e
mode=$1; shift
if [ -z "$MASK_INNER" ]; then exec unshare -m --propagation private env MASK_INNER=1 bash "$0" "$mode" "$@"; fi
unset MASK_INNER
DRIVER_DIRS="@DRIVER_DIRS@"
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
case "$mode" in
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
    return Scenario(
        name,
        expected,
        f"{what} (mask.sh {mode}: {MODES[mode]})",
        f"@MASK@ {mode} {line}",
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
