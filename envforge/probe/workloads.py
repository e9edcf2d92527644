"""Sample Keras models trained for a few steps on synthetic data (the models the seed articles use).

Each workload returns facts: per-epoch losses, time, errors. Judging them (finite, decreasing) is
``judge``'s job. Works with Keras 2.2 (PlaidML), tf.keras 2.x and Keras 3 on any backend.
"""

from __future__ import annotations

import math
import time
import traceback
from typing import Any, Callable

__all__ = ["WORKLOADS", "TF_DATA_WORKLOADS", "run_workload"]

# Small runs that still show a clearly decreasing loss on every backend (measured: three epochs of
# 256 rows decreased in 15 of 15 seeds for every model on Keras 3 with PyTorch and JAX; two epochs
# did not for BatchNormalization). A fit's cost here is mostly its fixed tracing overhead.
EPOCHS = 3
ROWS = 256
SEED = 7


def _data(keras_np: Any, shape: tuple[int, ...], classes: int, rows: int = ROWS) -> tuple[Any, Any]:
    """Learnable synthetic data: the label is a linear function of the input, thresholded."""
    rng = keras_np.random.default_rng(7)
    x = rng.standard_normal((rows, *shape)).astype("float32")
    flat = x.reshape(rows, -1)
    weights = rng.standard_normal((flat.shape[1], classes)).astype("float32")
    y = (flat @ weights).argmax(axis=1).astype("int32")
    return x, y


def _compile_fit(
    keras: Any, inputs: Any, outputs: Any, x: Any, y: Any, *, batch: int = 64
) -> list[float]:
    model = keras.Model(inputs, outputs)
    optimizer = keras.optimizers.Adam(0.005) if hasattr(keras.optimizers, "Adam") else "adam"
    model.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy")
    history = model.fit(x, y, epochs=EPOCHS, batch_size=batch, verbose=0, shuffle=False)
    return [float(v) for v in history.history["loss"]]


def mlp(keras: Any, np: Any) -> list[float]:
    x, y = _data(np, (32,), 4)
    inputs = keras.Input(shape=(32,))
    h = keras.layers.Dense(64, activation="relu")(inputs)
    return _compile_fit(keras, inputs, keras.layers.Dense(4, activation="softmax")(h), x, y)


def _conv_stack(keras: Any, inputs: Any, *, batch_norm: bool) -> Any:
    h = keras.layers.Conv2D(16, 3, padding="same")(inputs)
    if batch_norm:
        h = keras.layers.BatchNormalization()(h)
    h = keras.layers.Activation("relu")(h)
    h = keras.layers.MaxPooling2D(2)(h)
    h = keras.layers.Flatten()(h)
    return keras.layers.Dense(4, activation="softmax")(h)


def cnn(keras: Any, np: Any) -> list[float]:
    x, y = _data(np, (16, 16, 3), 4)
    inputs = keras.Input(shape=(16, 16, 3))
    return _compile_fit(keras, inputs, _conv_stack(keras, inputs, batch_norm=False), x, y)


def cnn_batchnorm(keras: Any, np: Any) -> list[float]:
    x, y = _data(np, (16, 16, 3), 4)
    inputs = keras.Input(shape=(16, 16, 3))
    return _compile_fit(keras, inputs, _conv_stack(keras, inputs, batch_norm=True), x, y)


def _recurrent(layer: str) -> Callable[[Any, Any], list[float]]:
    def train(keras: Any, np: Any) -> list[float]:
        x, y = _data(np, (12, 8), 4)
        inputs = keras.Input(shape=(12, 8))
        h = getattr(keras.layers, layer)(16)(inputs)
        return _compile_fit(keras, inputs, keras.layers.Dense(4, activation="softmax")(h), x, y)

    train.__name__ = layer.lower()
    return train


def _tf_data(prefetch: bool) -> Callable[[Any, Any], list[float]]:
    def train(keras: Any, np: Any) -> list[float]:
        import tensorflow as tf  # noqa: PLC0415 - only for TensorFlow stacks

        x, y = _data(np, (32,), 4)
        ds = tf.data.Dataset.from_tensor_slices((x, y)).map(lambda a, b: (a * 1.0, b)).batch(64)
        if prefetch:
            ds = ds.prefetch(tf.data.AUTOTUNE)
        inputs = keras.Input(shape=(32,))
        h = keras.layers.Dense(64, activation="relu")(inputs)
        model = keras.Model(inputs, keras.layers.Dense(4, activation="softmax")(h))
        model.compile(
            optimizer=keras.optimizers.Adam(0.005), loss="sparse_categorical_crossentropy"
        )
        history = model.fit(ds, epochs=EPOCHS, verbose=0)
        return [float(v) for v in history.history["loss"]]

    train.__name__ = "tf_data_prefetch" if prefetch else "tf_data"
    return train


WORKLOADS: dict[str, Callable[[Any, Any], list[float]]] = {
    "mlp": mlp,
    "cnn": cnn,
    "cnn_batchnorm": cnn_batchnorm,
    "lstm": _recurrent("LSTM"),
    "gru": _recurrent("GRU"),
}
TF_DATA_WORKLOADS: dict[str, Callable[[Any, Any], list[float]]] = {
    "tf_data": _tf_data(prefetch=False),
    "tf_data_prefetch": _tf_data(prefetch=True),
}


# Relative cost of each workload (its fit's fixed tracing overhead dominates), to share them out.
COST = {
    "lstm": 3,
    "gru": 3,
    "cnn_batchnorm": 2,
    "mlp": 2,
    "cnn": 2,
    "tf_data": 1,
    "tf_data_prefetch": 1,
}


def workload_names(framework: str) -> list[str]:
    """Every sample model a framework trains (tf.data ones for TensorFlow only)."""
    return [*WORKLOADS, *(TF_DATA_WORKLOADS if framework == "tensorflow" else ())]


def share_out(names: list[str]) -> tuple[list[str], list[str]]:
    """(``names`` for a second process, the rest) with about the same cost each, the costliest first."""
    other: list[str] = []
    cost_other = cost_here = 0
    for name in sorted(names, key=lambda n: -COST.get(n, 1)):
        if cost_other <= cost_here:
            other.append(name)
            cost_other += COST.get(name, 1)
        else:
            cost_here += COST.get(name, 1)
    return other, [n for n in names if n not in other]


def run_workload(name: str, framework: Any, device: str) -> dict[str, Any]:
    """Train workload ``name`` on ``device`` (cpu|gpu); never raises."""
    import numpy as np  # noqa: PLC0415 - every Keras brings numpy

    train = WORKLOADS.get(name) or TF_DATA_WORKLOADS[name]
    fact: dict[str, Any] = {
        "name": name,
        "device": device,
        "losses": [],
        "seconds": None,
        "error": None,
    }
    seed = getattr(getattr(framework.keras, "utils", None), "set_random_seed", None)
    if seed is not None:  # the same initial weights in every process and run (Keras >= 2.7)
        seed(SEED)
    start = time.perf_counter()
    try:
        with framework.device(device):
            fact["losses"] = [v if math.isfinite(v) else str(v) for v in train(framework.keras, np)]
    except Exception as exc:  # noqa: BLE001 - a failing model is a fact, not a crash
        fact["error"] = f"{type(exc).__name__}: {str(exc)[:1500]}"
        fact["traceback"] = traceback.format_exc(limit=4)[-2000:]
    fact["seconds"] = round(time.perf_counter() - start, 3)
    return fact
