"""Batch 9 of scripts/record-gpu-logs: the noisy output of runs that work, and two packages hidden.

Healthy runs whose output people paste and whose words a matcher must not take for a failure: the
caching allocator's memory summary and statistics (``CUDA OOMs: 0``), the profiler's table, nvidia-smi's
long report (retired pages, throttle reasons, ECC counters), JAX logging each compile, c10d at
``TORCH_DISTRIBUTED_DEBUG=DETAIL``, anomaly detection switched on, inductor's logs, Keras in mixed
bfloat16. Two failures are made by putting an empty stand-in package first on ``PYTHONPATH`` (the
real one is not touched): Triton for torch.compile, and the JAX CUDA plugin's namespace.
"""

from __future__ import annotations

from recorded_scenarios import Scenario

TRAIN = (
    "import torch\ntorch.manual_seed(0)\nm = torch.nn.Sequential(torch.nn.Linear(256, 512), "
    "torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()\nopt = torch.optim.Adam(m.parameters())\n"
    "x = torch.randn(1024, 256, device='cuda'); y = torch.randint(0, 10, (1024,), device='cuda')\n"
    "for step in range(20):\n    loss = torch.nn.functional.cross_entropy(m(x), y)\n"
    "    opt.zero_grad(); loss.backward(); opt.step()\nprint('loss', loss.item())\n"
)
MEMORY_SUMMARY = TRAIN + "print(torch.cuda.memory_summary())\n"
MEMORY_STATS = TRAIN + "import pprint\npprint.pprint(dict(torch.cuda.memory_stats()))\n"
PROFILER = (
    "import torch\nfrom torch.profiler import profile, ProfilerActivity\n"
    "m = torch.nn.Linear(1024, 1024).cuda(); x = torch.randn(256, 1024, device='cuda')\n"
    "with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:\n"
    "    for _ in range(5):\n        m(x).sum().backward()\n    torch.cuda.synchronize()\n"
    "print(prof.key_averages().table(sort_by='cuda_time_total', row_limit=15))\n"
)
JAX_COMPILES = (
    "import jax, jax.numpy as jnp\njax.config.update('jax_log_compiles', True)\n"
    "@jax.jit\ndef f(x):\n    return jnp.tanh(x @ x.T).sum()\n"
    "for n in (128, 256, 256):\n    print(n, float(f(jnp.ones((n, n)))))\n"
)
ANOMALY = "import torch\ntorch.autograd.set_detect_anomaly(True)\n" + TRAIN
KERAS_BF16 = (
    "import numpy as np, keras\nkeras.mixed_precision.set_global_policy('mixed_bfloat16')\n"
    "x = np.random.rand(4096, 64).astype('float32'); y = (x.sum(1) > 32).astype('int32')\n"
    "m = keras.Sequential([keras.Input((64,)), keras.layers.Dense(256, activation='relu'), "
    "keras.layers.Dense(2, dtype='float32')])\n"
    "m.compile('adam', keras.losses.SparseCategoricalCrossentropy(from_logits=True), ['accuracy'])\n"
    "m.fit(x, y, epochs=3, batch_size=128, verbose=2)\n"
)
COMPILE = (
    "import torch\n@torch.compile\ndef f(x, w):\n    return torch.nn.functional.gelu(x @ w).sum(0)\n"
    "print(f(torch.randn(512, 512, device='cuda'), torch.randn(512, 512, device='cuda'))[:4])\n"
)
DIST = (
    "import os, torch, torch.distributed as dist\ndist.init_process_group('nccl')\n"
    "torch.cuda.set_device(0)\nt = torch.ones(4, device='cuda')\ndist.all_reduce(t)\n"
    "print('rank', dist.get_rank(), t)\ndist.barrier()\ndist.destroy_process_group()\n"
)
STAND_IN = "@TMP@/stand-in"  # empty stand-in packages, first on PYTHONPATH


def py(name: str, expected: str, what: str, program: str, framework: str, **env: str) -> Scenario:
    return Scenario(name, expected, what, program, env=dict(env), timeout=150, framework=framework)


FILES = {"dist_info.py": DIST, "compile.py": COMPILE, "jax_compiles.py": JAX_COMPILES}


def shell(name: str, expected: str, what: str, line: str, framework: str) -> Scenario:
    return Scenario(name, expected, what, line, shell=True, timeout=150, framework=framework,
                    files=dict(FILES))  # fmt: skip


H = "HEALTHY"
# fmt: off
NINTH = [
    py("healthy-torch-memory-summary", H, "training, then torch.cuda.memory_summary()",
       MEMORY_SUMMARY, "torch"),
    py("healthy-torch-memory-stats", H, "training, then torch.cuda.memory_stats()", MEMORY_STATS,
       "torch"),
    py("healthy-torch-profiler-table", H, "torch.profiler's table of CPU and CUDA time", PROFILER,
       "torch"),
    py("healthy-jax-log-compiles", H, "JAX logging each compile (jax_log_compiles)", JAX_COMPILES,
       "jax"),
    py("healthy-torch-anomaly-detection-on", H, "training with anomaly detection on, no nan",
       ANOMALY, "torch"),
    py("healthy-keras-torch-mixed-bfloat16", H, "Keras 3 on PyTorch trains in mixed_bfloat16",
       KERAS_BF16, "keras-torch", KERAS_BACKEND="torch"),
    py("healthy-torch-compile-inductor-logs", H, "torch.compile with TORCH_LOGS=dynamo,inductor",
       COMPILE, "torch", TORCH_LOGS="dynamo,inductor"),
    shell("healthy-nvidia-smi-query-memory-ecc-performance", H,
          "nvidia-smi -q for memory, ECC, retired pages and performance (throttle reasons)",
          "nvidia-smi -q -d MEMORY,ECC,PAGE_RETIREMENT,PERFORMANCE,CLOCK", "driver"),
    shell("healthy-torch-distributed-debug-detail", H,
          "one rank's all-reduce with TORCH_DISTRIBUTED_DEBUG=DETAIL and TORCH_CPP_LOG_LEVEL=INFO",
          "cd @TMP@ && TORCH_DISTRIBUTED_DEBUG=DETAIL TORCH_CPP_LOG_LEVEL=INFO @PY@ -m "
          "torch.distributed.run --nproc_per_node=1 --master_port=29588 dist_info.py", "torch"),
    shell("torch-compile-triton-not-importable", "TRITON_MISSING_FOR_TORCH_COMPILE",
          "torch.compile on the GPU where triton cannot be imported (a stand-in package first on "
          "PYTHONPATH raises ImportError)",
          f"mkdir -p {STAND_IN}-triton/triton && echo \"raise ImportError('No module named triton')\" "
          f"> {STAND_IN}-triton/triton/__init__.py && PYTHONPATH={STAND_IN}-triton "
          "TORCHINDUCTOR_CACHE_DIR=@TMP@/inductor-t @PY@ @TMP@/compile.py", "torch"),
    shell("jax-cuda-plugin-namespace-shadowed", "CPU_ONLY_TF_BUILD",
          "JAX where an empty jax_plugins package first on PYTHONPATH hides the CUDA plugin (as a "
          "jaxlib installed without it)",
          f"mkdir -p {STAND_IN}-jax/jax_plugins && touch {STAND_IN}-jax/jax_plugins/__init__.py && "
          f"PYTHONPATH={STAND_IN}-jax @PY@ @TMP@/jax_compiles.py", "jax"),
]
# fmt: on

# Batch 10: the environment reports people paste beside a problem, on a host that works
# fmt: off
TENTH = [
    shell("healthy-nvcc-version", H, "nvcc --version", "nvcc --version || /usr/local/cuda/bin/nvcc --version",
          "cuda"),
    shell("healthy-proc-driver-version-and-device-nodes", H,
          "the kernel module's version file and the device nodes",
          "cat /proc/driver/nvidia/version; ls -l /dev/nvidia*", "driver"),
    shell("healthy-ldconfig-cuda-libraries", H, "the loader cache's CUDA, cuDNN, NCCL libraries",
          "ldconfig -p | grep -E 'libcuda|libcudnn|libnccl|libcublas|libnvidia-ml' | head -40", "driver"),
    shell("healthy-pip-list-gpu-packages", H, "pip list, the GPU packages",
          "@PY@ -m pip list 2>/dev/null | grep -iE 'nvidia|torch|jax|cupy|triton|onnx|keras'", "python"),
    shell("healthy-torch-config-show", H, "torch.__config__.show(), its parallel info, cuDNN's version",
          "@PY@ -c \"import torch; print(torch.__config__.show()); print(torch.__config__.parallel_info())"
          "; print(torch.version.cuda, torch.backends.cudnn.version(), torch.cuda.get_arch_list())\"",
          "torch"),
    shell("healthy-torch-device-properties", H, "the GPU's properties as PyTorch reads them",
          "@PY@ -c \"import torch; print(torch.cuda.get_device_properties(0)); "
          "print(torch.cuda.mem_get_info()); print(torch.cuda.get_device_capability())\"", "torch"),
    shell("healthy-nvidia-smi-nvlink-clocks-power", H, "nvidia-smi's NVLink status, clocks, power",
          "nvidia-smi nvlink -s; nvidia-smi -q -d CLOCK,POWER,TEMPERATURE", "driver"),
    shell("healthy-env-cuda-variables", H, "the environment's CUDA and NVIDIA variables",
          "env | grep -iE 'cuda|nvidia|ld_library' | sort", "driver"),
]
# fmt: on
