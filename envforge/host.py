"""A host as certification sees it: driver, GPUs, kernel, engine, and a fingerprint of them.

A certificate holds for a (cell, image digest, host fingerprint); two machines with the same driver,
GPUs, kernel and engine share a fingerprint. A cluster node also carries its Slurm node name and
features, and its fingerprint covers them: every node of a cluster has records of its own.
``detect_host`` reads nvidia-smi and the engine's own description; it never talks to the engine.
"""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import socket
import subprocess
from dataclasses import asdict, dataclass
from typing import Any

from .engine import EngineInfo

__all__ = ["HostGpu", "HostInfo", "detect_host", "parse_nvidia_smi", "NVIDIA_SMI_QUERY"]

NVIDIA_SMI_QUERY = [
    "--query-gpu=name,driver_version,compute_cap,memory.total",
    "--format=csv,noheader,nounits",
]


@dataclass(frozen=True)
class HostGpu:
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
    gpus: tuple[HostGpu, ...]
    node: str | None = None  # the cluster's name for it (Slurm's NodeName), when it is a node
    features: tuple[str, ...] = ()  # the cluster's features of the node

    @property
    def has_gpu(self) -> bool:
        return bool(self.gpus)

    @property
    def can_run_gpu_containers(self) -> bool:
        return self.has_gpu and self.engine_gpu_runtime

    @property
    def fingerprint(self) -> str:
        stable: dict[str, Any] = {
            "driver": self.driver,
            "gpus": [asdict(g) for g in self.gpus],
            "kernel": self.kernel,
            "engine": self.engine,
        }
        if self.node:
            stable.update({"node": self.node, "features": sorted(self.features)})
        return hashlib.sha256(json.dumps(stable, sort_keys=True).encode()).hexdigest()[:16]

    def describe(self) -> str:
        gpus = ", ".join(f"{g.name} (cc {g.compute_capability})" for g in self.gpus) or "no GPU"
        driver = f"driver {self.driver}" if self.driver else "no NVIDIA driver"
        return f"{self.name}: {gpus}; {driver}; kernel {self.kernel}; engine {self.engine}"

    @property
    def name(self) -> str:
        """The node's cluster name, else the hostname."""
        return self.node or self.hostname

    def label(self) -> str:
        """'node1: 1x NVIDIA H100 80GB HBM3, driver 580.159.04' (a table's column head)."""
        names = sorted({g.name for g in self.gpus})
        gpu = f"{len(self.gpus)}x {', '.join(names)}" if self.gpus else "no GPU"
        driver = f"driver {self.driver}" if self.driver else "no NVIDIA driver"
        return f"{self.name}: {gpu}, {driver}"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["fingerprint"] = self.fingerprint
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HostInfo:
        return cls(
            hostname=str(data.get("hostname") or "?"),
            kernel=str(data.get("kernel") or "?"),
            os=str(data.get("os") or "?"),
            engine=str(data.get("engine") or "?"),
            engine_gpu_runtime=bool(data.get("engine_gpu_runtime")),
            driver=data.get("driver"),
            gpus=tuple(
                HostGpu(str(g.get("name")), g.get("compute_capability"), g.get("memory_mib"))
                for g in data.get("gpus") or []
            ),
            node=data.get("node") or None,
            features=tuple(str(f) for f in data.get("features") or ()),
        )


def parse_nvidia_smi(csv: str) -> tuple[str | None, tuple[HostGpu, ...]]:
    """(driver version, GPUs) from ``nvidia-smi`` with NVIDIA_SMI_QUERY's CSV."""
    driver, gpus = None, []
    for line in csv.strip().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 3:
            continue
        driver = parts[1]
        memory = int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else None
        gpus.append(HostGpu(name=parts[0], compute_capability=parts[2] or None, memory_mib=memory))
    return driver, tuple(gpus)


def _nvidia_smi() -> tuple[str | None, tuple[HostGpu, ...]]:
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return None, ()
    try:
        done = subprocess.run(
            [smi, *NVIDIA_SMI_QUERY], capture_output=True, text=True, timeout=30, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None, ()
    return parse_nvidia_smi(done.stdout)


def detect_host(engine: EngineInfo | None) -> HostInfo:
    """This host, with the engine's own description of itself (None: no engine)."""
    driver, gpus = _nvidia_smi()
    return HostInfo(
        hostname=socket.gethostname(),
        kernel=platform.release(),
        os=engine.os if engine else platform.platform(),
        engine=f"{engine.name} {engine.version}" if engine else "none",
        engine_gpu_runtime=bool(engine and engine.gpu_runtime),
        driver=driver,
        gpus=gpus,
    )
