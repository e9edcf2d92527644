"""The probe's CPU work (L1 sample models, L3 CPU references), in-process or in a child process.

Where a GPU is visible, training "on the CPU" inside the GPU process is not what a CPU-only node
does: Keras 3 on JAX picks cuDNN's RNN kernels from ``jax.default_backend()`` whatever the device
scope (an LSTM asked for the CPU fails to lower), and Keras on PyTorch keeps its device scope in
thread-local state that its data loading does not see. So there the CPU work runs in a child
process of the same interpreter with every accelerator hidden, which is what a CPU-only node sees,
and it runs while the parent measures the GPU.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .device import measure_cpu
from .workloads import run_workload

__all__ = ["HIDE_ACCELERATORS", "cpu_side", "CpuChild"]

# What hides every accelerator from each framework before it initialises.
HIDE_ACCELERATORS = {
    "CUDA_VISIBLE_DEVICES": "-1",
    "HIP_VISIBLE_DEVICES": "-1",
    "JAX_PLATFORMS": "cpu",
    "KERAS_TORCH_DEVICE": "cpu",
}
CHILD_TIMEOUT_S = 1800.0


def cpu_side(framework: Any, level: int, names: list[str]) -> dict[str, Any]:
    """The sample models on the CPU, and the CPU references of L3, in this process."""
    start = time.perf_counter()
    workloads = [run_workload(n, framework, "cpu") for n in names]
    middle = time.perf_counter()
    device = measure_cpu(framework, level)
    return {
        "workloads": workloads,
        "device": device,
        "timings": {
            "workloads_cpu_s": round(middle - start, 3),
            "device_cpu_s": round(time.perf_counter() - middle, 3),
        },
    }


def _package_root() -> str:
    """The directory that holds this package (``envforge/probe`` on a host, ``envforge_probe`` in an image)."""
    depth = len((__package__ or "").split("."))
    return str(Path(__file__).resolve().parents[depth])


class CpuChild:
    """``cpu_side`` in a child process with every accelerator hidden, started at once."""

    def __init__(self, level: int, expect: dict[str, Any], names: list[str]) -> None:
        self.names = names
        env = {**os.environ, **HIDE_ACCELERATORS}
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (_package_root(), os.environ.get("PYTHONPATH")) if p
        )
        argv = [sys.executable, "-m", __package__ or "envforge_probe", "--cpu-side"]
        argv += ["--level", str(level), "--workloads", ",".join(names)]
        argv += ["--expect-json", json.dumps(expect)]
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )

    def stop(self) -> None:
        self.process.kill()
        self.process.communicate()

    def result(self) -> dict[str, Any]:
        """The child's facts, each workload marked ``isolated``; a child that fails or hangs becomes
        an error fact of every workload it had."""
        try:
            out, err = self.process.communicate(timeout=CHILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            err = f"the CPU child did not finish within {CHILD_TIMEOUT_S:.0f} s\n{err}"
        sys.stderr.write(err)
        doc = _last_json_line(out)
        if doc is None:
            tail = " | ".join(err.strip().splitlines()[-3:]) or f"exit {self.process.returncode}"
            doc = {
                "workloads": [
                    {
                        "name": n,
                        "device": "cpu",
                        "losses": [],
                        "seconds": None,
                        "error": f"the CPU child process failed: {tail}",
                    }
                    for n in self.names
                ],
                "device": {},
                "timings": {},
            }
        for workload in doc["workloads"]:
            workload["isolated"] = True
        doc.setdefault("timings", {})["cpu_child_s"] = round(time.perf_counter() - self.started, 3)
        return doc


def _last_json_line(out: str) -> dict[str, Any] | None:
    for line in reversed(out.strip().splitlines()):
        if line.startswith("{"):
            try:
                doc = json.loads(line)
            except ValueError:
                return None
            return doc if isinstance(doc, dict) else None
    return None
