"""Recorded probe documents (tests/fixtures/facts/) and variations of them for unit tests.

``variant(doc, "framework.gpus.0.compute_capability", "5.2")`` changes one fact of a deep copy; a
path part that is a number indexes a list.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "facts"
TF_CPU = "tf-cpu-tf2.21.0-py3.11.l3.json"
TF_CUDA = "tf-cuda-pip-tf2.21.0-py3.11.l3.json"
H100_JAX = "h100/keras-jax.l3.json"
H100_TORCH = "h100/keras-torch.l3.json"
H100_JAX_HIDDEN = "h100/keras-jax-gpu-hidden.l2.json"
H200_JAX = "h200/keras-jax.l3.json"
H200_TORCH = "h200/keras-torch.l3.json"


@cache
def _load(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def document(name: str) -> dict[str, Any]:
    """A fresh copy of a recorded probe document."""
    doc: dict[str, Any] = json.loads(_load(name))
    return doc


def variant(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(doc)
    target: Any = changed
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    target[int(last) if isinstance(target, list) else last] = value
    return changed


def judged(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with its judgement made again from its facts, as the probe in the image would."""
    from envforge.probe.checks import judge, level_reached  # noqa: PLC0415

    checks = judge(doc, doc["expect"], level=doc["level_requested"])
    reached, stopped_by = level_reached(checks, doc["level_requested"])
    passed = not any(c.failed for c in checks)
    return {
        **doc,
        "checks": [c.to_dict() for c in checks],
        "level_reached": reached,
        "stopped_by": stopped_by,
        "passed": passed,
        "verdict": "CERTIFIED" if passed else "FAILED",
    }


def library(doc: dict[str, Any], name: str, **changes: Any) -> dict[str, Any]:
    """``doc`` with the library fact ``name`` changed."""
    changed = copy.deepcopy(doc)
    lib = next(lib for lib in changed["libraries"] if lib["name"] == name)
    lib.update(changes)
    return changed
