"""GPU-level facts (L2) and performance facts (L3), measured through the loaded framework.

L2: where a tiny op is placed; matmul and 2-D convolution on the GPU against a CPU reference.
L3: matmul throughput (TFLOP/s, for comparison with the device's peak), model throughput on GPU and
CPU, batch size 1 vs 256, and an input-bound tf.data pipeline against a prefetched one.
Everything is measured, never assumed; a failure is recorded as a fact, not raised.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from typing import Any, Callable

__all__ = ["placement", "numerics", "matmul_throughput", "model_throughput", "pipeline_throughput"]


class _Ops:
    """The few tensor operations the checks need, for TensorFlow (any Keras) or Keras 3 ops."""

    def __init__(self, framework: Any) -> None:
        self.framework = framework
        self.tf = getattr(framework, "tf", None)
        self.keras = framework.keras

    def scope(self, device: str) -> Any:
        return self.framework.device(device)

    def normal(self, shape: tuple[int, ...], seed: int) -> Any:
        if self.tf is not None:
            return self.tf.random.stateless_normal(shape, seed=(seed, 0))
        return self.keras.random.normal(shape, seed=seed)

    def matmul(self, a: Any, b: Any) -> Any:
        return self.tf.matmul(a, b) if self.tf is not None else self.keras.ops.matmul(a, b)

    def conv(self, x: Any, w: Any) -> Any:
        if self.tf is not None:
            return self.tf.nn.conv2d(x, w, strides=1, padding="SAME")
        return self.keras.ops.conv(x, w, strides=1, padding="same")

    def numpy(self, t: Any) -> Any:
        if self.tf is not None:
            return t.numpy()
        return self.keras.ops.convert_to_numpy(t)

    def copy_to(self, t: Any, device: str) -> Any:
        with self.scope(device):
            if self.tf is not None:
                return self.tf.identity(t)
            return self.keras.ops.convert_to_tensor(self.numpy(t))

    @staticmethod
    def device_of(t: Any) -> str:
        device = getattr(t, "device", None)
        if callable(device):  # jax.Array.device() in older releases
            device = device()
        if device is None and hasattr(t, "devices"):
            device = ",".join(str(d) for d in t.devices())
        return str(device)


def _guard(name: str, fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return {"name": name, "error": None, **fn()}
    except Exception as exc:  # noqa: BLE001 - a failing measurement is a fact
        return {
            "name": name,
            "error": f"{type(exc).__name__}: {str(exc)[:800]}",
            "traceback": traceback.format_exc(limit=3)[-1500:],
        }


def placement(framework: Any) -> dict[str, Any]:
    """Where does an op asked for the GPU actually run?"""
    ops = _Ops(framework)

    def run() -> dict[str, Any]:
        with ops.scope("gpu"):
            t = ops.matmul(ops.normal((8, 8), 1), ops.normal((8, 8), 2))
        device = ops.device_of(t)
        on_gpu = any(word in device.lower() for word in ("gpu", "cuda", "rocm"))
        return {"device": device, "on_gpu": on_gpu}

    return _guard("placement", run)


def numerics(framework: Any, n: int = 512) -> dict[str, Any]:
    """Max relative error of matmul and conv2d on the GPU against the CPU."""
    ops = _Ops(framework)

    def compare(make: Callable[[str], Any]) -> float:
        import numpy as np  # noqa: PLC0415

        cpu = np.asarray(ops.numpy(make("cpu")), dtype="float64")
        gpu = np.asarray(ops.numpy(make("gpu")), dtype="float64")
        scale = max(float(np.abs(cpu).max()), 1e-12)
        return float(np.abs(cpu - gpu).max() / scale)

    def run() -> dict[str, Any]:
        with ops.scope("cpu"):
            a, b = ops.normal((n, n), 3), ops.normal((n, n), 4)
            x, w = ops.normal((8, 32, 32, 16), 5), ops.normal((3, 3, 16, 32), 6)

        def mm(device: str) -> Any:
            with ops.scope(device):
                return ops.matmul(ops.copy_to(a, device), ops.copy_to(b, device))

        def cv(device: str) -> Any:
            with ops.scope(device):
                return ops.conv(ops.copy_to(x, device), ops.copy_to(w, device))

        return {"matmul_rel_err": compare(mm), "conv_rel_err": compare(cv), "n": n}

    return _guard("numerics", run)


def matmul_throughput(
    framework: Any, device: str, n: int = 4096, seconds: float = 1.0
) -> dict[str, Any]:
    """float32 matmul TFLOP/s on ``device`` (timed after a warm-up, synchronised through a reduction)."""
    ops = _Ops(framework)

    def run() -> dict[str, Any]:
        size = n if device == "gpu" else min(n, 1024)
        with ops.scope(device):
            a, b = ops.normal((size, size), 7), ops.normal((size, size), 8)
            ops.numpy(ops.matmul(a, b)[0, 0])  # warm-up, and compile where the backend compiles
            iterations, start = 0, time.perf_counter()
            while True:
                c = ops.matmul(a, b)
                iterations += 1
                if iterations % 4 == 0:
                    ops.numpy(c[0, 0])
                    if time.perf_counter() - start >= seconds:
                        break
            elapsed = time.perf_counter() - start
        return {
            "device": device,
            "n": size,
            "iterations": iterations,
            "tflops": round(2 * size**3 * iterations / elapsed / 1e12, 3),
        }

    return _guard(f"matmul_throughput.{device}", run)


def model_throughput(framework: Any, device: str, batch: int, steps: int = 20) -> dict[str, Any]:
    """Training samples per second of a small CNN at ``batch`` on ``device``."""
    keras = framework.keras

    def run() -> dict[str, Any]:
        import numpy as np  # noqa: PLC0415

        rng = np.random.default_rng(11)
        rows = batch * steps
        x = rng.standard_normal((rows, 32, 32, 3)).astype("float32")
        y = rng.integers(0, 10, rows).astype("int32")
        with framework.device(device):
            inputs = keras.Input(shape=(32, 32, 3))
            h = keras.layers.Conv2D(32, 3, activation="relu")(inputs)
            h = keras.layers.Flatten()(keras.layers.MaxPooling2D(2)(h))
            model = keras.Model(inputs, keras.layers.Dense(10, activation="softmax")(h))
            model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
            model.fit(
                x[: batch * 2], y[: batch * 2], batch_size=batch, epochs=1, verbose=0
            )  # warm-up, tracing
            start = time.perf_counter()
            model.fit(x, y, batch_size=batch, epochs=1, verbose=0, shuffle=False)
            elapsed = time.perf_counter() - start
        return {"device": device, "batch": batch, "samples_per_s": round(rows / elapsed, 1)}

    return _guard(f"model_throughput.{device}.b{batch}", run)


def pipeline_throughput(framework: Any, device: str) -> dict[str, Any]:
    """Steps per second fed by a tf.data pipeline whose map is slow, without and with prefetch + parallel map."""
    tf = getattr(framework, "tf", None)
    if tf is None:
        return {"name": "pipeline", "error": None, "skipped": "tf.data needs TensorFlow"}
    keras = framework.keras

    def slow(x: Any, y: Any) -> tuple[Any, Any]:
        for _ in range(20):  # CPU work per element, as decoding or augmentation would be
            x = tf.math.sin(x) + 0.1
        return x, y

    def run() -> dict[str, Any]:
        import numpy as np  # noqa: PLC0415

        rng = np.random.default_rng(12)
        x = rng.standard_normal((2048, 256)).astype("float32")
        y = rng.integers(0, 4, 2048).astype("int32")
        results = {}
        with framework.device(device):
            inputs = keras.Input(shape=(256,))
            model = keras.Model(
                inputs, keras.layers.Dense(4, activation="softmax")(keras.layers.Dense(256)(inputs))
            )
            model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
            for name, tuned in (("serial", False), ("prefetched", True)):
                ds = tf.data.Dataset.from_tensor_slices((x, y))
                ds = ds.map(slow, num_parallel_calls=tf.data.AUTOTUNE if tuned else None).batch(64)
                if tuned:
                    ds = ds.prefetch(tf.data.AUTOTUNE)
                model.fit(ds.take(2), epochs=1, verbose=0)
                start = time.perf_counter()
                model.fit(ds, epochs=1, verbose=0)
                results[f"{name}_steps_per_s"] = round(32 / (time.perf_counter() - start), 1)
        return {"device": device, **results}

    return _guard(f"pipeline.{device}", run)


def measure(framework: Any, level: int, gpu: bool) -> dict[str, Any]:
    """Every L2/L3 fact for ``level`` (GPU facts only when a GPU is visible)."""
    facts: dict[str, Any] = {}
    if level >= 2 and gpu:
        facts["placement"] = placement(framework)
        facts["numerics"] = numerics(framework)
    if level >= 3:
        devices = ["gpu", "cpu"] if gpu else ["cpu"]
        facts["matmul"] = [matmul_throughput(framework, d) for d in devices]
        facts["models"] = [model_throughput(framework, d, b) for d in devices for b in (1, 256)]
        facts["pipeline"] = pipeline_throughput(framework, devices[0])
    with contextlib.suppress(Exception):
        facts["memory_growth"] = framework.facts.get("memory_growth")
    return facts
