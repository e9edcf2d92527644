"""What an image's probe must find: the cell's expectations, typed.

The same value goes into the image (a label and ``/opt/envforge/expect.json``), into certificates,
and back out of both (``from_dict``): verify, driver rollouts and reports read it. Its dict form keeps
only what is known, with the keys the probe reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, Literal

__all__ = ["Expectations", "Accelerator"]

Accelerator = Literal["cpu", "cuda", "rocm"]
_ACCELERATORS = ("cpu", "cuda", "rocm")
# What each kind of value may look like where it comes from outside (an image's label, a
# collected document, an old store): anything else is dropped, never trusted.
_VERSION = re.compile(r"\d{1,4}(\.\d{1,4}){0,3}([a-z0-9.+!-]{0,24})")
_NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")
_REQUIRE = re.compile(r"[a-z0-9_.,<>=! -]{1,400}")
_SHAPES = {
    "framework": _NAME,
    "backend": _NAME,
    "framework_version": _VERSION,
    "python": _VERSION,
    "cuda": _VERSION,
    "cudnn": _VERSION,
    "rocm": _VERSION,
    "ptx": _VERSION,
    "nvidia_require_cuda": _REQUIRE,
}


@dataclass(frozen=True)
class Expectations:
    accelerator: Accelerator | None = None
    framework: str | None = None  # tensorflow | keras-jax | keras-torch | plaidml
    framework_version: str | None = None
    python: str | None = None  # a series: "3.11"
    keras_major: int | None = None
    backend: str | None = None
    cuda: str | None = None  # series the build targets: "12.5"
    cudnn: str | None = None
    rocm: str | None = None
    sass: tuple[str, ...] = ()  # compute capabilities with SASS: ("8.0", "8.9")
    ptx: str | None = None
    nvidia_require_cuda: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The known expectations, as the probe, labels and certificates spell them."""
        data: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if value is None or value == ():
                continue
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Expectations:
        """Expectations from a label, an expect.json or a stored certificate; other keys (the cell id,
        GPU peaks) are ignored, and a value of the wrong kind is dropped rather than trusted."""
        data = data or {}
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known or value is None:
                continue
            if key == "sass":
                if isinstance(value, (list, tuple)):
                    values[key] = tuple(
                        str(v)
                        for v in value[:64]
                        if _VERSION.fullmatch(str(v)) and not isinstance(v, bool)
                    )
            elif key == "keras_major":
                if isinstance(value, int) and not isinstance(value, bool):
                    values[key] = value
            elif key == "accelerator":
                if value in _ACCELERATORS:
                    values[key] = value
            elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
                if _SHAPES[key].fullmatch(str(value)):
                    values[key] = str(value)
        return cls(**values)

    def with_accelerator(self, accelerator: Accelerator | None) -> Expectations:
        if accelerator is None:
            return self
        return Expectations.from_dict({**self.to_dict(), "accelerator": accelerator})

    def target(self) -> str:
        """What the build targets, for tables: 'CUDA 12.5 / cuDNN 9.3', 'ROCm 6.3', 'CPU'."""
        if self.cuda:
            return f"CUDA {self.cuda}" + (f" / cuDNN {self.cudnn}" if self.cudnn else "")
        if self.rocm:
            return f"ROCm {self.rocm}"
        if self.accelerator == "cuda":
            return "CUDA (from the wheels)"
        return (self.accelerator or "?").upper()

    def framework_label(self) -> str:
        """'TensorFlow 2.21.0', 'Keras 3.15.1 on jax', 'PlaidML 0.7.0'."""
        if self.framework == "tensorflow":
            return f"TensorFlow {self.framework_version}"
        if self.framework == "plaidml":
            return f"PlaidML {self.framework_version}"
        if self.framework:
            return f"Keras {self.framework_version} on {self.backend}"
        return "?"
