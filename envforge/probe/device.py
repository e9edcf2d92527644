"""GPU-level facts (L2) and performance facts (L3), measured through the loaded framework.

L2: where a tiny op is placed; matmul and 2-D convolution on the GPU against a CPU reference.
L3: what the seed articles' slow-training causes cost on this device, each as a measured figure:
FP32 matmul throughput (TF32 off, for comparison with the device's FP32 peak) and BF16 against it
(what mixed precision gains), a small CNN's samples/s at batch 256 against batch 1 (launch overhead)
and against the CPU, ``predict`` called per sample against once per batch (eager predict loops), a
layer that round-trips through NumPy against the same layer in the framework, and an input-bound
tf.data pipeline against a parallel, prefetched one. Measured, never assumed; a failure is a fact
that keeps the keys naming what was measured.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from typing import Any, Callable, Iterator

__all__ = [
    "placement",
    "numerics",
    "matmul_throughput",
    "model_throughput",
    "predict_loop",
    "numpy_layer",
    "pipeline_throughput",
    "measure_gpu",
    "measure_cpu",
]

MODEL_BATCHES = (1, 256)


class _Ops:
    """The few tensor operations the checks need, for TensorFlow (any Keras) or Keras 3 ops."""

    def __init__(self, framework: Any) -> None:
        self.framework = framework
        self.tf = getattr(framework, "tf", None)
        self.keras = framework.keras
        self.backend = framework.facts.get("backend")

    def scope(self, device: str) -> Any:
        return self.framework.device(device)

    def normal(self, shape: tuple[int, ...], seed: int) -> Any:
        if self.tf is not None:
            return self.tf.random.stateless_normal(shape, seed=(seed, 0))
        return self.keras.random.normal(shape, seed=seed)

    def cast(self, t: Any, dtype: str) -> Any:
        return self.tf.cast(t, dtype) if self.tf is not None else self.keras.ops.cast(t, dtype)

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

    @contextlib.contextmanager
    def strict_fp32(self) -> Iterator[str]:
        """FP32 matmuls without TF32 tensor cores, where the framework lets us say so; yields the
        precision in effect (TensorFlow and JAX default to TF32 on Ampere and newer, PyTorch does not)."""
        if self.tf is not None:
            enabled = self.tf.config.experimental.tensor_float_32_execution_enabled()
            self.tf.config.experimental.enable_tensor_float_32_execution(False)
            try:
                yield "float32"
            finally:
                self.tf.config.experimental.enable_tensor_float_32_execution(enabled)
        elif self.backend == "jax":
            import jax  # noqa: PLC0415 - only for Keras on JAX

            with jax.default_matmul_precision("float32"):
                yield "float32"
        elif self.backend == "torch":
            import torch  # noqa: PLC0415 - only for Keras on PyTorch

            allowed = torch.backends.cuda.matmul.allow_tf32
            torch.backends.cuda.matmul.allow_tf32 = False
            try:
                yield "float32"
            finally:
                torch.backends.cuda.matmul.allow_tf32 = allowed
        else:
            yield "framework default"

    @staticmethod
    def device_of(t: Any) -> str:
        device = getattr(t, "device", None)
        if callable(device):  # jax.Array.device() in older releases
            device = device()
        if device is None and hasattr(t, "devices"):
            device = ",".join(str(d) for d in t.devices())
        return str(device)


def _guard(name: str, keys: dict[str, Any], fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run one measurement; its ``keys`` (device, batch, dtype) stay in the fact when it fails."""
    try:
        return {"name": name, "error": None, **keys, **fn()}
    except Exception as exc:  # noqa: BLE001 - a failing measurement is a fact
        return {
            "name": name,
            **keys,
            "error": f"{type(exc).__name__}: {str(exc)[:800]}",
            "traceback": traceback.format_exc(limit=3)[-1500:],
        }


def _timed_loop(step: Callable[[], None], seconds: float) -> tuple[int, float]:
    """Call ``step`` (which synchronises) until ``seconds`` have passed; (iterations, elapsed)."""
    iterations, start = 0, time.perf_counter()
    while True:
        step()
        iterations += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return iterations, elapsed


def placement(framework: Any) -> dict[str, Any]:
    """Where does an op asked for the GPU actually run?"""
    ops = _Ops(framework)

    def run() -> dict[str, Any]:
        with ops.scope("gpu"):
            t = ops.matmul(ops.normal((8, 8), 1), ops.normal((8, 8), 2))
        device = ops.device_of(t)
        on_gpu = any(word in device.lower() for word in ("gpu", "cuda", "rocm"))
        return {"device": device, "on_gpu": on_gpu}

    return _guard("placement", {}, run)


def numerics(framework: Any, n: int = 512) -> dict[str, Any]:
    """Max relative error of matmul and conv2d on the GPU against the CPU (strict FP32 on both)."""
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

        with ops.strict_fp32() as precision:
            return {
                "matmul_rel_err": compare(mm),
                "conv_rel_err": compare(cv),
                "n": n,
                "precision": precision,
            }

    return _guard("numerics", {}, run)


def matmul_throughput(
    framework: Any, device: str, dtype: str = "float32", n: int = 4096, seconds: float = 1.0
) -> dict[str, Any]:
    """Matmul TFLOP/s on ``device`` in ``dtype`` (float32 with TF32 off; bfloat16 on tensor cores)."""
    ops = _Ops(framework)

    def run() -> dict[str, Any]:
        size = n if device == "gpu" else min(n, 1024)
        precision = contextlib.nullcontext(dtype) if dtype != "float32" else ops.strict_fp32()
        with ops.scope(device), precision as mode:
            a = ops.cast(ops.normal((size, size), 7), dtype)
            b = ops.cast(ops.normal((size, size), 8), dtype)
            ops.numpy(ops.matmul(a, b)[0, 0])  # warm-up, and compile where the backend compiles

            def step() -> None:
                c = a
                for _ in range(4):
                    c = ops.matmul(a, b)
                ops.numpy(c[0, 0])  # synchronise

            iterations, elapsed = _timed_loop(step, seconds)
        return {
            "n": size,
            "iterations": iterations * 4,
            "precision": mode,
            "tflops": round(2 * size**3 * iterations * 4 / elapsed / 1e12, 3),
        }

    return _guard(f"matmul_throughput.{device}.{dtype}", {"device": device, "dtype": dtype}, run)


def _small_cnn(keras: Any) -> Any:
    inputs = keras.Input(shape=(32, 32, 3))
    h = keras.layers.Conv2D(32, 3, activation="relu")(inputs)
    h = keras.layers.Flatten()(keras.layers.MaxPooling2D(2)(h))
    model = keras.Model(inputs, keras.layers.Dense(10, activation="softmax")(h))
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model


def _images(rows: int, seed: int) -> tuple[Any, Any]:
    import numpy as np  # noqa: PLC0415

    rng = np.random.default_rng(seed)
    x = rng.standard_normal((rows, 32, 32, 3)).astype("float32")
    return x, rng.integers(0, 10, rows).astype("int32")


def model_throughput(framework: Any, device: str, batch: int, steps: int = 20) -> dict[str, Any]:
    """Training samples per second of a small CNN at ``batch`` on ``device``."""
    keras = framework.keras

    def run() -> dict[str, Any]:
        rows = batch * steps
        x, y = _images(rows, 11)
        with framework.device(device):
            model = _small_cnn(keras)
            model.fit(x[: batch * 2], y[: batch * 2], batch_size=batch, epochs=1, verbose=0)
            start = time.perf_counter()
            model.fit(x, y, batch_size=batch, epochs=1, verbose=0, shuffle=False)
            elapsed = time.perf_counter() - start
        return {"samples_per_s": round(rows / elapsed, 1)}

    return _guard(f"model_throughput.{device}.b{batch}", {"device": device, "batch": batch}, run)


def predict_loop(framework: Any, device: str, samples: int = 32) -> dict[str, Any]:
    """``model.predict`` once per sample (an eager loop) against once for the whole batch."""
    keras = framework.keras

    def run() -> dict[str, Any]:
        x, _ = _images(samples, 13)
        with framework.device(device):
            model = _small_cnn(keras)
            model.predict(x, verbose=0)  # build and trace once
            start = time.perf_counter()
            for i in range(samples):
                model.predict(x[i : i + 1], verbose=0)
            per_sample = time.perf_counter() - start
            start = time.perf_counter()
            model.predict(x, batch_size=samples, verbose=0)
            batched = time.perf_counter() - start
        return {
            "samples": samples,
            "per_sample_s": round(per_sample, 4),
            "batched_s": round(batched, 4),
        }

    return _guard(f"predict_loop.{device}", {"device": device}, run)


def _numpy_round_trip(framework: Any) -> Callable[[Any], Any]:
    """A layer body that leaves the framework for NumPy and comes back, the way each backend allows
    inside a compiled step (tf.numpy_function, jax.pure_callback, a host copy in PyTorch). Its value
    is 2x; its gradient passes straight through (NumPy has none), so the layers below still train."""
    import numpy as np  # noqa: PLC0415

    def twice(a: Any) -> Any:
        return (np.asarray(a) * 2.0).astype("float32")

    tf = getattr(framework, "tf", None)
    backend = framework.facts.get("backend")
    if tf is not None:

        def tf_body(x: Any) -> Any:
            out = tf.ensure_shape(tf.numpy_function(twice, [x], tf.float32), x.shape)
            return x + tf.stop_gradient(out - x)

        return tf_body
    if backend == "jax":
        import jax  # noqa: PLC0415

        def jax_body(x: Any) -> Any:
            held = jax.lax.stop_gradient(x)
            out = jax.pure_callback(twice, jax.ShapeDtypeStruct(x.shape, x.dtype), held)
            return x + jax.lax.stop_gradient(out - held)

        return jax_body
    if backend == "torch":
        import torch  # noqa: PLC0415

        def torch_body(x: Any) -> Any:
            out = torch.from_numpy(twice(x.detach().cpu().numpy())).to(x.device)
            return x + (out - x).detach()

        return torch_body
    raise RuntimeError(f"no NumPy round trip for backend {backend}")


def numpy_layer(framework: Any, device: str, batch: int = 256, steps: int = 10) -> dict[str, Any]:
    """Training samples/s of a model with a layer that round-trips through NumPy, against the same
    model computing that layer in the framework (tf.py_function / numpy inside a layer)."""
    keras = framework.keras

    def run() -> dict[str, Any]:
        import numpy as np  # noqa: PLC0415

        rng = np.random.default_rng(14)
        rows = batch * steps
        x = rng.standard_normal((rows, 512)).astype("float32")
        y = rng.integers(0, 4, rows).astype("int32")
        round_trip = _numpy_round_trip(framework)
        rates = {}
        with framework.device(device):
            for name, body in (("framework", lambda t: t * 2.0), ("numpy", round_trip)):
                inputs = keras.Input(shape=(512,))
                h = keras.layers.Dense(512, activation="relu")(inputs)
                h = keras.layers.Lambda(body, output_shape=(512,))(h)
                model = keras.Model(inputs, keras.layers.Dense(4, activation="softmax")(h))
                model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
                model.fit(x[: batch * 2], y[: batch * 2], batch_size=batch, epochs=1, verbose=0)
                start = time.perf_counter()
                model.fit(x, y, batch_size=batch, epochs=1, verbose=0, shuffle=False)
                rates[f"{name}_samples_per_s"] = round(rows / (time.perf_counter() - start), 1)
        return rates

    return _guard(f"numpy_layer.{device}", {"device": device}, run)


def pipeline_throughput(framework: Any, device: str) -> dict[str, Any]:
    """Steps per second fed by a tf.data pipeline whose map is slow, without and with prefetch + parallel map."""
    tf = getattr(framework, "tf", None)
    if tf is None:
        return {
            "name": "pipeline",
            "device": device,
            "error": None,
            "skipped": "tf.data needs TensorFlow",
        }
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
        return results

    return _guard("pipeline", {"device": device}, run)


def measure_gpu(framework: Any, level: int) -> dict[str, Any]:
    """Every GPU fact for ``level``: placement and numerics (L2), the performance figures (L3)."""
    facts: dict[str, Any] = {
        "placement": placement(framework),
        "numerics": numerics(framework),
    }
    if level >= 3:
        facts["matmul"] = [
            matmul_throughput(framework, "gpu", "float32"),
            matmul_throughput(framework, "gpu", "bfloat16"),
        ]
        facts["models"] = [model_throughput(framework, "gpu", b) for b in MODEL_BATCHES]
        facts["predict_loop"] = predict_loop(framework, "gpu")
        facts["numpy_layer"] = numpy_layer(framework, "gpu")
        facts["pipeline"] = pipeline_throughput(framework, "gpu")
    return facts


def measure_cpu(framework: Any, level: int) -> dict[str, Any]:
    """The CPU references the L3 figures are compared with (nothing below L3)."""
    if level < 3:
        return {}
    return {
        "matmul": [matmul_throughput(framework, "cpu", "float32")],
        "models": [model_throughput(framework, "cpu", 256)],
    }
