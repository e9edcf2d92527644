"""This host as certification sees it: driver, GPUs, kernel, engine, and a fingerprint of them.

A certificate holds for a (cell, image digest, host fingerprint); two nodes with the same driver,
GPUs, kernel and engine share a fingerprint.
"""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import socket
import subprocess
from dataclasses import asdict, dataclass

from .engine import EngineInfo

__all__ = ["HostInfo", "GPU", "detect_host", "nvidia_smi_gpus"]


@dataclass(frozen=True)
class GPU:
    name: str
    compute_capability: str | None
    memory_mib: int | None = None


@dataclass(frozen=True)
class HostInfo:
    hostname: str
    kernel: str
    os: str
    engine: str
    engine_gpu_runtime: bool
    driver: str | None
    gpus: tuple[GPU, ...]

    @property
    def has_gpu(self) -> bool:
        return bool(self.gpus)

    @property
    def can_run_gpu_containers(self) -> bool:
        return self.has_gpu and self.engine_gpu_runtime

    @property
    def fingerprint(self) -> str:
        stable = {
            "driver": self.driver,
            "gpus": [asdict(g) for g in self.gpus],
            "kernel": self.kernel,
            "engine": self.engine,
        }
        return hashlib.sha256(json.dumps(stable, sort_keys=True).encode()).hexdigest()[:16]

    def summary(self) -> str:
        gpus = ", ".join(f"{g.name} (cc {g.compute_capability})" for g in self.gpus) or "no GPU"
        driver = f"driver {self.driver}" if self.driver else "no NVIDIA driver"
        return f"{self.hostname}: {gpus}; {driver}; kernel {self.kernel}; engine {self.engine}"

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["fingerprint"] = self.fingerprint
        return data


def nvidia_smi_gpus() -> tuple[str | None, tuple[GPU, ...]]:
    """(driver version, GPUs) from nvidia-smi; (None, ()) where there is none or it fails."""
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return None, ()
    try:
        out = subprocess.run(
            [
                smi,
                "--query-gpu=name,driver_version,compute_cap,memory.total",
                "--format=csv,noheader,nounits",
            ],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None, ()
    driver, gpus = None, []
    for line in out.strip().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 3:
            continue
        driver = parts[1]
        memory = int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else None
        gpus.append(GPU(name=parts[0], compute_capability=parts[2] or None, memory_mib=memory))
    return driver, tuple(gpus)


def detect_host(engine: EngineInfo | None) -> HostInfo:
    driver, gpus = nvidia_smi_gpus()
    return HostInfo(
        hostname=socket.gethostname(),
        kernel=platform.release(),
        os=engine.os if engine else platform.platform(),
        engine=f"docker {engine.version}" if engine else "none",
        engine_gpu_runtime=bool(engine and engine.gpu_runtime),
        driver=driver,
        gpus=gpus,
    )
