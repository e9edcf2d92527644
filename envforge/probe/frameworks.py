"""Import the stack's framework and report what it is: versions, build info, backend, devices.

Adapters for TensorFlow (Keras 2 or 3), Keras 3 on JAX or PyTorch, and PlaidML (Keras 2.2 with the
plaidml backend). Each reports the backend it *actually* used, not the one asked for.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import time
import traceback
from typing import Any, Iterator

from .rules import cudnn_version_text

__all__ = ["Framework", "detect_framework", "load_framework"]


class Framework:
    """A loaded framework. ``facts`` is JSON-ready; ``keras`` the Keras module models use."""

    name = "unknown"

    def __init__(self) -> None:
        self.facts: dict[str, Any] = {"name": self.name, "error": None}
        self.keras: Any = None

    def gpu_count(self) -> int:
        return 0

    @contextlib.contextmanager
    def device(self, kind: str) -> Iterator[None]:
        """Run the enclosed Keras work on ``cpu`` or ``gpu``."""
        yield

    def supports_tf_data(self) -> bool:
        return False


def _timed_import(name: str) -> tuple[Any, float]:
    start = time.perf_counter()
    module = importlib.import_module(name)
    return module, time.perf_counter() - start


def _keras_facts(keras: Any) -> dict[str, Any]:
    version = getattr(keras, "__version__", None)
    backend = None
    with contextlib.suppress(Exception):
        backend = keras.backend.backend()
    major = int(version.split(".")[0]) if version and version[0].isdigit() else None
    return {"keras_version": version, "keras_major": major, "backend": backend}


class TensorFlow(Framework):
    name = "tensorflow"

    def __init__(self) -> None:
        super().__init__()
        tf, seconds = _timed_import("tensorflow")
        self.tf = tf
        self.facts.update(version=tf.__version__, import_s=round(seconds, 3))
        self.facts["memory_growth"] = self._memory_growth()
        build = dict(tf.sysconfig.get_build_info())
        caps = build.get("cuda_compute_capabilities") or []
        self.facts["build"] = {
            "is_cuda_build": bool(build.get("is_cuda_build")),
            "is_rocm_build": bool(build.get("is_rocm_build")),
            "cuda_version": build.get("cuda_version"),
            "cudnn_version": build.get("cudnn_version"),
            "compute_capabilities": [str(c) for c in caps],
        }
        self.keras = self._keras()
        gpus = tf.config.list_physical_devices("GPU")
        self.facts["gpus"] = [self._gpu_details(g) for g in gpus]

    def _memory_growth(self) -> dict[str, Any]:
        """Memory growth on every GPU, set before anything initialises them (H3)."""
        gpus = self.tf.config.list_physical_devices("GPU")
        try:
            for gpu in gpus:
                self.tf.config.experimental.set_memory_growth(gpu, True)
        except (RuntimeError, ValueError) as exc:
            return {"set": False, "gpus": len(gpus), "error": str(exc)}
        return {"set": bool(gpus), "gpus": len(gpus), "error": None}

    def _keras(self) -> Any:
        if os.environ.get("TF_USE_LEGACY_KERAS") == "1" and importlib.util.find_spec("tf_keras"):
            keras = importlib.import_module("tf_keras")
            self.facts.update(_keras_facts(keras), backend="tensorflow", keras_package="tf_keras")
            return keras
        keras = self.tf.keras
        with contextlib.suppress(Exception):
            keras = importlib.import_module("keras")
        facts = _keras_facts(keras)
        if facts["keras_major"] == 2:
            facts["backend"] = "tensorflow"  # Keras 2 as tf.keras has no other backend
        self.facts.update(facts, keras_package=keras.__name__)
        return keras

    def _gpu_details(self, gpu: Any) -> dict[str, Any]:
        details: dict[str, Any] = {"name": gpu.name}
        with contextlib.suppress(Exception):
            info = self.tf.config.experimental.get_device_details(gpu)
            cc = info.get("compute_capability")
            details["device_name"] = info.get("device_name")
            details["compute_capability"] = f"{cc[0]}.{cc[1]}" if cc else None
        return details

    def gpu_count(self) -> int:
        return len(self.facts.get("gpus", []))

    @contextlib.contextmanager
    def device(self, kind: str) -> Iterator[None]:
        with self.tf.device("/GPU:0" if kind == "gpu" else "/CPU:0"):
            yield

    def supports_tf_data(self) -> bool:
        return True


class Keras3(Framework):
    """Keras 3 on JAX or PyTorch (KERAS_BACKEND is set before the import)."""

    name = "keras"

    def __init__(self, backend: str | None) -> None:
        super().__init__()
        if backend:
            os.environ.setdefault("KERAS_BACKEND", backend)
        os.environ.setdefault(
            "XLA_PYTHON_CLIENT_PREALLOCATE", "false"
        )  # JAX: grow, do not grab all memory
        keras, seconds = _timed_import("keras")
        self.keras = keras
        self.facts.update(
            _keras_facts(keras), version=keras.__version__, import_s=round(seconds, 3)
        )
        actual = self.facts["backend"]
        self.facts["gpus"] = []
        if actual == "jax":
            import jax  # noqa: PLC0415 - the backend is only known at run time

            self.facts["backend_version"] = jax.__version__
            self.facts["gpus"] = [
                {
                    "name": str(d),
                    "device_name": getattr(d, "device_kind", None),
                    "compute_capability": getattr(d, "compute_capability", None),
                }
                for d in jax.devices()
                if d.platform == "gpu"
            ]
        elif actual == "torch":
            import torch  # noqa: PLC0415

            self.facts["backend_version"] = torch.__version__
            self.facts["build"] = {
                "is_cuda_build": torch.version.cuda is not None,
                "cuda_version": torch.version.cuda,
                "cudnn_version": cudnn_version_text(torch.backends.cudnn.version())
                if torch.backends.cudnn.is_available()
                else None,
                "compute_capabilities": list(torch.cuda.get_arch_list())
                if torch.version.cuda
                else [],
            }
            if torch.cuda.is_available():
                for index in range(torch.cuda.device_count()):
                    major, minor = torch.cuda.get_device_capability(index)
                    self.facts["gpus"].append(
                        {
                            "name": f"cuda:{index}",
                            "device_name": torch.cuda.get_device_name(index),
                            "compute_capability": f"{major}.{minor}",
                        }
                    )
        elif actual == "tensorflow":
            import tensorflow as tf  # noqa: PLC0415

            self.facts["backend_version"] = tf.__version__

    def gpu_count(self) -> int:
        return len(self.facts.get("gpus", []))

    @contextlib.contextmanager
    def device(self, kind: str) -> Iterator[None]:
        scope = getattr(self.keras, "device", None)
        if scope is None:
            yield
            return
        # "cpu", not "cpu:0": Keras on PyTorch compares a tensor's device with the scope's name as a
        # string and re-wraps every variable of a model built under "cpu:0", which then gets no
        # gradients ("No gradients provided for any variable"; seen with Keras 3.15.1).
        with scope("gpu:0" if kind == "gpu" else "cpu"):
            yield


class PlaidML(Framework):
    """plaidml-keras: Keras 2.2 with the plaidml backend, on a device PlaidML chooses."""

    name = "plaidml"

    def __init__(self) -> None:
        super().__init__()
        start = time.perf_counter()
        import plaidml.keras  # noqa: PLC0415

        plaidml.keras.install_backend()
        import keras  # noqa: PLC0415

        self.keras = keras
        import plaidml  # noqa: PLC0415

        self.facts.update(
            _keras_facts(keras),
            version=getattr(plaidml, "__version__", None),
            import_s=round(time.perf_counter() - start, 3),
        )
        self.facts["devices"] = self._devices(plaidml)
        self.facts["gpus"] = [
            d for d in self.facts["devices"] if not d["id"].startswith("llvm_cpu")
        ]

    @staticmethod
    def _devices(plaidml: Any) -> list[dict[str, str]]:
        try:  # PLAIDML_EXPERIMENTAL / PLAIDML_DEVICE_IDS (set in the image) choose the device
            ctx = plaidml.Context()
            devices = plaidml.devices(ctx, limit=100, return_all=True)
            found = devices[0] + devices[1] if isinstance(devices, tuple) else devices
            return [{"id": d.id.decode(), "description": d.description.decode()} for d in found]
        except Exception as exc:  # noqa: BLE001 - any PlaidML failure is a fact to report
            return [{"id": "error", "description": str(exc)}]

    def gpu_count(self) -> int:
        return len(self.facts.get("gpus", []))


def detect_framework(
    packages: dict[str, str], expected: str | None = None
) -> tuple[str, str | None]:
    """(framework, keras backend) to load: from the cell's expectations, else installed packages."""
    backend = os.environ.get("KERAS_BACKEND")
    if expected in ("tensorflow", "plaidml"):
        return expected, None
    if expected and expected.startswith("keras"):
        return "keras", expected.partition("-")[2] or backend
    if "plaidml-keras" in packages:
        return "plaidml", None
    if any(name.startswith(("tensorflow", "tf-nightly")) for name in packages):
        return "tensorflow", None
    if "keras" in packages:
        for candidate in ("jax", "torch"):
            if candidate in packages and not backend:
                return "keras", candidate
        return "keras", backend
    return "none", None


def load_framework(name: str, backend: str | None) -> Framework:
    """Import the framework; an import failure becomes a fact (with its traceback tail)."""
    try:
        if name == "tensorflow":
            return TensorFlow()
        if name == "keras":
            return Keras3(backend)
        if name == "plaidml":
            return PlaidML()
    except BaseException as exc:  # noqa: BLE001 - SystemExit/ImportError alike are facts
        if isinstance(exc, KeyboardInterrupt):
            raise
        failed = Framework()
        failed.facts.update(
            name=name,
            error=f"{type(exc).__name__}: {exc}",
            traceback=traceback.format_exc(limit=6)[-3000:],
        )
        return failed
    failed = Framework()
    failed.facts.update(name=name, error="no deep-learning framework is installed")
    return failed
