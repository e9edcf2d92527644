"""Batches 2 to 5 of the scenarios scripts/record-gpu-logs runs (stdlib only, like the recorder).

Each is a cause made on purpose with the GPU host's own libraries: CuPy, numba, Lightning,
ONNX Runtime, Flax and transformers beside the first batch's PyTorch and JAX, and the host-memory
and numeric failures people confuse with GPU ones (``MORE``); an invalid CUDA_VISIBLE_DEVICES,
nan and Keras 3 in each backend (``THIRD``); the environment reports people paste into issues
(``FOURTH``, all healthy); the causes of codes the corpus's later waves added (``FIFTH``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Scenario:
    name: str
    expected: str  # the code this log's cause is, or HEALTHY
    established: str  # how the cause was made
    script: str  # python source, or a shell line when shell=True
    env: dict[str, str | None] = field(default_factory=dict)  # None: unset
    shell: bool = False
    timeout: int = 60
    framework: str = ""
    files: dict[str, str] = field(default_factory=dict)  # written beside the run first


LIGHTNING = """
import torch, lightning as L
class Tiny(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 2)
    def training_step(self, batch, i):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.log("loss", loss, prog_bar=True)
        return loss
    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
x = torch.randn(512, 32); y = (x.sum(1) > 0).long()
data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=64)
trainer = L.Trainer(accelerator="gpu", devices=@DEVICES@, max_epochs=2, logger=False,
                    enable_checkpointing=False)
trainer.fit(Tiny(), data)
print("done", trainer.current_epoch)
"""

ONNX_CUDA_PROVIDER = """
import numpy as np, onnx, onnx.helper as h, onnxruntime as ort, os, tempfile
print("onnxruntime", ort.__version__, ort.get_device(), ort.get_available_providers())
g = h.make_graph([h.make_node("Add", ["x", "x"], ["y"])], "double",
                 [h.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [4])],
                 [h.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [4])])
path = os.path.join(tempfile.mkdtemp(), "double.onnx")
onnx.save(h.make_model(g, opset_imports=[h.make_opsetid("", 17)], ir_version=8), path)
s = ort.InferenceSession(path, providers=["CUDAExecutionProvider"])
print("providers in use:", s.get_providers())
print(s.run(None, {"x": np.ones(4, np.float32)}))
"""

TRAIN_NAN = """
import torch
torch.manual_seed(0)
x = torch.randn(1024, 16, device="cuda") * 100; y = x.sum(1, keepdim=True)
model = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=10.0)
for epoch in range(6):
    loss = torch.nn.functional.mse_loss(model(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
    print(f"Epoch {epoch+1}/6 - loss: {loss.item():.4f}")
"""

FLAX_TRAIN = """
import jax, jax.numpy as jnp, optax, flax.linen as nn
class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(nn.relu(nn.Dense(64)(x)))
key = jax.random.PRNGKey(0)
x = jax.random.normal(key, (2048, 32)); y = (x.sum(1) > 0).astype(jnp.int32)
model = MLP(); params = model.init(key, x); tx = optax.adam(1e-2); state = tx.init(params)
@jax.jit
def step(params, state):
    loss, g = jax.value_and_grad(lambda p: optax.softmax_cross_entropy_with_integer_labels(
        model.apply(p, x), y).mean())(params)
    updates, state = tx.update(g, state)
    return optax.apply_updates(params, updates), state, loss
for i in range(5):
    params, state, loss = step(params, state)
    print("step", i, "loss", float(loss), "on", jax.devices()[0])
"""

BERT = """
import torch
from transformers import BertConfig, BertForSequenceClassification
cfg = BertConfig(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=2,
                 intermediate_size=128)
model = BertForSequenceClassification(cfg).cuda()
ids = torch.randint(0, 1000, (8, 32), device="cuda")
out = model(input_ids=ids, labels=torch.zeros(8, dtype=torch.long, device="cuda"))
out.loss.backward()
print("loss", out.loss.item(), "device", next(model.parameters()).device)
"""

AMP = """
import torch
model = torch.nn.Linear(512, 512).cuda(); opt = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.cuda.amp.GradScaler()
for i in range(3):
    with torch.cuda.amp.autocast():
        loss = model(torch.randn(64, 512, device="cuda")).float().pow(2).mean()
    scaler.scale(loss).backward(); scaler.step(opt); scaler.update(); opt.zero_grad()
    print("step", i, "loss", loss.item())
"""

DATALOADER_CUDA_IN_WORKER = """
import torch
from torch.utils.data import DataLoader, Dataset
class OnGpu(Dataset):
    def __len__(self):
        return 16
    def __getitem__(self, i):
        return torch.ones(4, device="cuda") * i
if __name__ == "__main__":
    torch.zeros(1, device="cuda")
    for batch in DataLoader(OnGpu(), batch_size=4, num_workers=2):
        print(batch.sum().item())
"""

MORE = [
    Scenario(
        "cupy-oom-huge-allocation",
        "GPU_OOM",
        "CuPy allocates 400 GiB on the GPU",
        "import cupy as cp\nx = cp.empty(400 * 2**30, dtype=cp.uint8)\n",
        framework="cupy",
    ),
    Scenario(
        "numba-oom-device-array",
        "GPU_OOM",
        "numba.cuda allocates a 400 GiB device array",
        "import numpy as np\nfrom numba import cuda\nd = cuda.device_array(400 * 2**30, dtype=np.uint8)\n",
        framework="numba",
    ),
    Scenario(
        "torch-oom-expandable-segments",
        "GPU_OOM",
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, then tensors past the GPU's memory",
        "import torch\nxs = []\nfor i in range(40):\n"
        "    xs.append(torch.empty(8 * 2**30, dtype=torch.uint8, device='cuda'))\n"
        "    print('allocated', (i + 1) * 8, 'GiB', flush=True)\n",
        env={"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"},
        framework="torch",
    ),
    Scenario(
        "jax-oom-prealloc-off",
        "GPU_OOM",
        "XLA_PYTHON_CLIENT_PREALLOCATE=false, then one 240 GB array",
        "import jax.numpy as jnp\nx = jnp.ones((60 * 2**30,), jnp.float32)\nprint(x[0])\n",
        env={"XLA_PYTHON_CLIENT_PREALLOCATE": "false"},
        framework="jax",
    ),
    Scenario(
        "torch-host-oom-cpu-tensor",
        "HOST_OOM",
        "a CPU tensor of 1 PiB (host memory, not the GPU's)",
        "import torch\nprint(torch.cuda.get_device_name(0))\n"
        "x = torch.empty(2**50, dtype=torch.uint8)\n",
        framework="torch",
    ),
    Scenario(
        "numpy-host-oom-before-gpu-copy",
        "HOST_OOM",
        "a NumPy array of 1 PiB built on the host before a CuPy copy",
        "import numpy as np, cupy as cp\nprint(cp.cuda.runtime.getDeviceCount(), 'GPU')\n"
        "a = np.empty((2**47, 8), dtype=np.uint8)\nprint(cp.asarray(a).shape)\n",
        framework="cupy",
    ),
    Scenario(
        "numba-visible-devices-empty",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES is the empty string; numba.cuda is asked for an array",
        "import numpy as np\nfrom numba import cuda\nprint(cuda.is_available())\n"
        "d = cuda.to_device(np.ones(4))\n",
        env={"CUDA_VISIBLE_DEVICES": ""},
        framework="numba",
    ),
    Scenario(
        "cupy-visible-devices-empty",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES is the empty string; CuPy is asked for an array",
        "import cupy as cp\nprint(cp.ones(4) * 2)\n",
        env={"CUDA_VISIBLE_DEVICES": ""},
        framework="cupy",
    ),
    Scenario(
        "jax-platforms-cpu-asks-gpu",
        "GPU_HIDDEN_BY_ENV",
        "JAX_PLATFORMS=cpu, then the program asks for the GPU backend",
        "import jax\nprint(jax.devices('gpu'))\n",
        env={"JAX_PLATFORMS": "cpu"},
        framework="jax",
    ),
    Scenario(
        "jax-visible-devices-empty",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES is the empty string and JAX_PLATFORMS=cuda",
        "import jax\nprint(jax.devices())\n",
        env={"CUDA_VISIBLE_DEVICES": "", "JAX_PLATFORMS": "cuda"},
        framework="jax",
    ),
    Scenario(
        "torch-load-cuda-checkpoint-gpu-hidden",
        "GPU_HIDDEN_BY_ENV",
        "a checkpoint saved from the GPU, loaded with CUDA_VISIBLE_DEVICES empty",
        "cd @TMP@ && @PY@ -c \"import torch; torch.save({'w': torch.ones(3, device='cuda')}, 'ck.pt')\" "
        "&& CUDA_VISIBLE_DEVICES= @PY@ -c \"import torch; print(torch.load('ck.pt'))\"",
        shell=True,
        framework="torch",
    ),
    Scenario(
        "lightning-gpu-hidden",
        "GPU_HIDDEN_BY_ENV",
        "Lightning's Trainer(accelerator='gpu') with CUDA_VISIBLE_DEVICES empty",
        LIGHTNING.replace("@DEVICES@", "1"),
        env={"CUDA_VISIBLE_DEVICES": ""},
        timeout=90,
        framework="lightning",
    ),
    Scenario(
        "torch-set-device-ordinal",
        "GPU_INDEX_OUT_OF_RANGE",
        "torch.cuda.set_device(5) on a host with one GPU",
        "import torch\ntorch.cuda.set_device(5)\nprint(torch.zeros(2).cuda())\n",
        framework="torch",
    ),
    Scenario(
        "cupy-device-ordinal",
        "GPU_INDEX_OUT_OF_RANGE",
        "cupy.cuda.Device(3) on a host with one GPU",
        "import cupy as cp\nwith cp.cuda.Device(3):\n    print(cp.ones(3))\n",
        framework="cupy",
    ),
    Scenario(
        "numba-select-device-ordinal",
        "GPU_INDEX_OUT_OF_RANGE",
        "numba.cuda.select_device(4) on a host with one GPU",
        "from numba import cuda\ncuda.select_device(4)\nprint(cuda.get_current_device().name)\n",
        framework="numba",
    ),
    Scenario(
        "lightning-devices-more-than-gpus",
        "GPU_INDEX_OUT_OF_RANGE",
        "Lightning's Trainer(devices=2) on a host with one GPU",
        LIGHTNING.replace("@DEVICES@", "2"),
        timeout=90,
        framework="lightning",
    ),
    Scenario(
        "cupy-libcuda-stub-first",
        "CUDA_DRIVER_STUB_ON_PATH",
        "LD_LIBRARY_PATH puts the CUDA toolkit's stub libcuda.so.1 before the driver's",
        "import cupy as cp\nprint(cp.ones(3) * 2)\n",
        env={"LD_LIBRARY_PATH": "@TMP@/stubs"},
        framework="cupy",
    ),
    Scenario(
        "torch-loss-nan-learning-rate",
        "MODEL_LOSS_NOT_FINITE",
        "SGD with lr=10 on unscaled inputs: the loss overflows to inf, then nan",
        TRAIN_NAN,
        framework="torch",
    ),
    Scenario(
        "torch-anomaly-sqrt-nan",
        "MODEL_LOSS_NOT_FINITE",
        "autograd anomaly detection on; sqrt of a negative value gives a nan gradient",
        "import torch\ntorch.autograd.set_detect_anomaly(True)\n"
        "x = torch.tensor([-1.0, 4.0], device='cuda', requires_grad=True)\n"
        "torch.sqrt(x).sum().backward()\nprint(x.grad)\n",
        framework="torch",
    ),
    Scenario(
        "torch-dataloader-cuda-in-worker",
        "CUDA_USED_AFTER_FORK",
        "a Dataset makes CUDA tensors in forked DataLoader workers",
        DATALOADER_CUDA_IN_WORKER,
        framework="torch",
    ),
    Scenario(
        "torch-index-select-cpu-index",
        "TENSORS_ON_DIFFERENT_DEVICES",
        "index_select on a GPU tensor with a CPU index",
        "import torch\nt = torch.randn(10, 3, device='cuda')\n"
        "print(torch.index_select(t, 0, torch.tensor([1, 2])))\n",
        framework="torch",
    ),
    Scenario(
        "onnxruntime-cpu-build-cuda-provider",
        "CPU_ONLY_TF_BUILD",
        "the CPU build of onnxruntime asked for CUDAExecutionProvider: it warns and runs on the CPU",
        ONNX_CUDA_PROVIDER,
        framework="onnxruntime",
    ),
    Scenario(
        "healthy-torch-amp-deprecated-api",
        "HEALTHY",
        "mixed precision with the deprecated torch.cuda.amp API (FutureWarnings)",
        AMP,
        framework="torch",
    ),
    Scenario(
        "healthy-jax-x64-truncation-warning",
        "HEALTHY",
        "JAX on the GPU asked for float64 without x64: a UserWarning, then the result",
        "import jax, jax.numpy as jnp\nx = jnp.arange(10, dtype=jnp.float64)\n"
        "print(jax.devices(), float((x * 2).sum()))\n",
        framework="jax",
    ),
    Scenario(
        "healthy-flax-train",
        "HEALTHY",
        "a Flax MLP trains with optax on the GPU",
        FLAX_TRAIN,
        framework="flax",
    ),
    Scenario(
        "healthy-transformers-bert-step",
        "HEALTHY",
        "a small BERT (built from a config) runs a training step on the GPU",
        BERT,
        timeout=90,
        framework="transformers",
    ),
    Scenario(
        "healthy-lightning-fit",
        "HEALTHY",
        "Lightning fits a small model on the GPU",
        LIGHTNING.replace("@DEVICES@", "1"),
        timeout=90,
        framework="lightning",
    ),
]

KERAS_BIG = """
import numpy as np, keras
x = np.random.rand(65536, 32).astype("float32"); y = np.random.rand(65536, 1).astype("float32")
model = keras.Sequential([keras.Input((32,)), keras.layers.Dense(2**20, activation="relu"),
                          keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(x, y, epochs=1, batch_size=65536, verbose=2)
"""

KERAS_NAN = """
import numpy as np, keras
x = (np.random.rand(4096, 16) * 1000).astype("float32"); y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.Input((16,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=10.0), loss="mse")
model.fit(x, y, epochs=4, batch_size=256, verbose=2)
"""

TRAINER = """
import torch
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments
cfg = BertConfig(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=2,
                 intermediate_size=128)
class Rows(torch.utils.data.Dataset):
    def __len__(self):
        return 256
    def __getitem__(self, i):
        return {"input_ids": torch.randint(0, 1000, (32,)), "labels": torch.tensor(i % 2)}
args = TrainingArguments(output_dir="trainer-out", num_train_epochs=1, per_device_train_batch_size=32,
                         logging_steps=2, report_to=[], save_strategy="no", bf16=True)
Trainer(model=BertForSequenceClassification(cfg), args=args, train_dataset=Rows()).train()
"""

ACCELERATE = """
import torch
from accelerate import Accelerator
acc = Accelerator(mixed_precision="bf16")
model = torch.nn.Linear(64, 2); opt = torch.optim.AdamW(model.parameters())
model, opt = acc.prepare(model, opt)
for i in range(3):
    loss = model(torch.randn(32, 64, device=acc.device)).float().pow(2).mean()
    acc.backward(loss); opt.step(); opt.zero_grad()
    acc.print("step", i, "loss", loss.item(), "on", acc.device)
"""

THIRD = [
    Scenario(
        "torch-visible-devices-duplicate",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES=0,0 (one GPU named twice, as a launcher may write it)",
        "import torch\nprint(torch.cuda.is_available(), torch.cuda.device_count())\n"
        "x = torch.ones(2, device='cuda')\n",
        env={"CUDA_VISIBLE_DEVICES": "0,0"},
        framework="torch",
    ),
    Scenario(
        "jax-visible-devices-duplicate",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES=0,0 (one GPU named twice, as a launcher may write it)",
        "import jax\nprint(jax.devices())\n",
        env={"CUDA_VISIBLE_DEVICES": "0,0"},
        framework="jax",
    ),
    Scenario(
        "cupy-visible-devices-duplicate",
        "GPU_HIDDEN_BY_ENV",
        "CUDA_VISIBLE_DEVICES=0,0 (one GPU named twice, as a launcher may write it)",
        "import cupy as cp\nprint(cp.ones(3) * 2)\n",
        env={"CUDA_VISIBLE_DEVICES": "0,0"},
        framework="cupy",
    ),
    Scenario(
        "jax-debug-nans-log-of-negative",
        "MODEL_LOSS_NOT_FINITE",
        "jax_debug_nans on; a loss takes the log of a negative number",
        "import jax, jax.numpy as jnp\njax.config.update('jax_debug_nans', True)\n"
        "@jax.jit\ndef loss(w):\n    return jnp.log(w).sum()\nprint(loss(jnp.array([1.0, -2.0])))\n",
        framework="jax",
    ),
    Scenario(
        "keras-jax-fit-nan-loss",
        "MODEL_LOSS_NOT_FINITE",
        "Keras on JAX, SGD with learning rate 10 on unscaled inputs: the loss becomes nan",
        KERAS_NAN,
        env={"KERAS_BACKEND": "jax"},
        framework="keras-jax",
    ),
    Scenario(
        "keras-jax-fit-oom-wide-layer",
        "GPU_OOM",
        "Keras on JAX: a 2**20-unit layer on a batch of 65536 (256 GiB of activations)",
        KERAS_BIG,
        env={"KERAS_BACKEND": "jax"},
        framework="keras-jax",
    ),
    Scenario(
        "keras-torch-fit-oom-wide-layer",
        "GPU_OOM",
        "Keras on PyTorch: a 2**20-unit layer on a batch of 65536 (256 GiB of activations)",
        KERAS_BIG,
        env={"KERAS_BACKEND": "torch"},
        framework="keras-torch",
    ),
    Scenario(
        "cuda-program-built-for-newer-gpu",
        "WHEEL_LACKS_ARCH_KERNELS",
        "a CUDA program built for sm_100 only (Blackwell), run on an sm_90 GPU",
        "cd @TMP@ && nvcc -gencode arch=compute_100,code=sm_100 -o newarch oldarch.cu && ./newarch",
        shell=True,
        framework="cuda",
    ),
    Scenario(
        "healthy-transformers-trainer-bf16",
        "HEALTHY",
        "transformers' Trainer fits a small BERT in bf16 on the GPU",
        TRAINER,
        timeout=120,
        framework="transformers",
    ),
    Scenario(
        "healthy-accelerate-bf16",
        "HEALTHY",
        "accelerate prepares a model in bf16 on the GPU",
        ACCELERATE,
        framework="accelerate",
    ),
]

# The environment reports people paste into issues, and noisy runs that work: none is a failure.
FOURTH = [
    Scenario(
        "healthy-torch-collect-env",
        "HEALTHY",
        "PyTorch's environment report on a working host",
        "@PY@ -m torch.utils.collect_env",
        shell=True,
        timeout=90,
        framework="torch",
    ),
    Scenario(
        "healthy-jax-print-environment-info",
        "HEALTHY",
        "JAX's environment report on a working host",
        "import jax\njax.print_environment_info()\n",
        framework="jax",
    ),
    Scenario(
        "healthy-cupy-show-config",
        "HEALTHY",
        "CuPy's configuration report on a working host",
        "import cupy\ncupy.show_config(_full=True)\n",
        framework="cupy",
    ),
    Scenario(
        "healthy-nvidia-smi-topology-and-query",
        "HEALTHY",
        "nvidia-smi's topology matrix and the first part of its full query",
        "nvidia-smi topo -m; nvidia-smi -q | head -60",
        shell=True,
        framework="driver",
    ),
    Scenario(
        "healthy-torch-compile-max-autotune",
        "HEALTHY",
        "torch.compile(mode='max-autotune') benchmarks GEMM kernels, then runs",
        "import torch\n@torch.compile(mode='max-autotune')\ndef f(a, b):\n    return torch.relu(a @ b)\n"
        "a = torch.randn(1024, 1024, device='cuda'); b = torch.randn(1024, 1024, device='cuda')\n"
        "print(f(a, b).sum().item())\n",
        env={"TORCHINDUCTOR_CACHE_DIR": "@TMP@/inductor-b"},
        timeout=150,
        framework="torch",
    ),
    Scenario(
        "healthy-numba-low-occupancy-warning",
        "HEALTHY",
        "a numba.cuda kernel launched on one block: a performance warning, then the result",
        "import numpy as np\nfrom numba import cuda\n@cuda.jit\ndef inc(x):\n"
        "    i = cuda.grid(1)\n    if i < x.size:\n        x[i] += 1\n"
        "d = cuda.to_device(np.zeros(32, dtype=np.float32))\ninc[1, 32](d)\nprint(d.copy_to_host().sum())\n",
        framework="numba",
    ),
    Scenario(
        "healthy-torch-dynamo-recompiles-logged",
        "HEALTHY",
        "torch.compile with TORCH_LOGS=recompiles,graph_breaks on shapes that change",
        "import torch\n@torch.compile\ndef f(x):\n    print('tracing')\n    return (x * 2).sum()\n"
        "for n in (8, 16, 32, 64):\n    print(n, f(torch.randn(n, device='cuda')).item())\n",
        env={
            "TORCH_LOGS": "recompiles,graph_breaks",
            "TORCHINDUCTOR_CACHE_DIR": "@TMP@/inductor-c",
        },
        timeout=120,
        framework="torch",
    ),
]

# Causes the corpus's later waves added codes for, made here in today's releases' words.
FIFTH = [
    Scenario(
        "torch-sdpa-flash-only-float32",
        "SDPA_NO_USABLE_KERNEL",
        "scaled_dot_product_attention restricted to the flash kernel, with float32 inputs",
        "import torch, torch.nn.functional as F\nfrom torch.nn.attention import SDPBackend, sdpa_kernel\n"
        "q = torch.randn(2, 4, 128, 64, device='cuda')\n"
        "with sdpa_kernel(SDPBackend.FLASH_ATTENTION):\n    print(F.scaled_dot_product_attention(q, q, q).shape)\n",
        framework="torch",
    ),
    Scenario(
        "jax-allocator-env-value-unknown",
        "XLA_ENV_OPTION_NOT_SUPPORTED",
        "XLA_PYTHON_CLIENT_ALLOCATOR names an allocator jaxlib does not have",
        "import jax\nprint(jax.devices())\n",
        env={"XLA_PYTHON_CLIENT_ALLOCATOR": "pooled"},
        framework="jax",
    ),
    Scenario(
        "jax-xla-flags-unknown-flag",
        "XLA_ENV_OPTION_NOT_SUPPORTED",
        "XLA_FLAGS carries a flag this XLA does not know",
        "import jax, jax.numpy as jnp\nprint(jnp.ones(4).sum())\n",
        env={"XLA_FLAGS": "--xla_gpu_enable_async_all_reduce=true"},
        framework="jax",
    ),
    Scenario(
        "torch-rendezvous-master-unreachable",
        "DIST_RENDEZVOUS_UNREACHABLE",
        "rank 1 of 2 connects to a MASTER_ADDR nothing answers at (10 s timeout)",
        "import datetime, torch.distributed as dist\n"
        "dist.init_process_group('gloo', timeout=datetime.timedelta(seconds=10))\nprint('joined')\n",
        env={"MASTER_ADDR": "10.255.255.1", "MASTER_PORT": "29511", "RANK": "1", "WORLD_SIZE": "2"},
        timeout=60,
        framework="torch",
    ),
    Scenario(
        "jax-distributed-coordinator-unreachable",
        "DIST_RENDEZVOUS_UNREACHABLE",
        "process 1 of 2 registers with a coordinator nothing answers at (10 s timeout)",
        "import jax\njax.distributed.initialize(coordinator_address='10.255.255.1:8476', "
        "num_processes=2, process_id=1, initialization_timeout=10)\nprint(jax.devices())\n",
        timeout=60,
        framework="jax",
    ),
]
