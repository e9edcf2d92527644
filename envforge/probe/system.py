"""Facts about the interpreter, installed distributions, environment and container (P-PIP, P-ENV, P-CTR)."""

from __future__ import annotations

import importlib.metadata
import os
import platform
import sys
from pathlib import Path

__all__ = ["python_facts", "package_facts", "env_facts", "container_facts", "host_gpu_facts"]

ENV_VARS = (
    "CUDA_VISIBLE_DEVICES",
    "NVIDIA_VISIBLE_DEVICES",
    "NVIDIA_DRIVER_CAPABILITIES",
    "NVIDIA_REQUIRE_CUDA",
    "NVIDIA_DISABLE_REQUIRES",
    "TF_FORCE_GPU_ALLOW_GROWTH",
    "TF_GPU_ALLOCATOR",
    "TF_CPP_MIN_LOG_LEVEL",
    "TF_CPP_MAX_VLOG_LEVEL",
    "TF_USE_LEGACY_KERAS",
    "XLA_FLAGS",
    "KERAS_BACKEND",
    "HSA_OVERRIDE_GFX_VERSION",
    "HIP_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
    "LD_LIBRARY_PATH",
    "PLAIDML_DEVICE_IDS",
    "PLAIDML_EXPERIMENTAL",
)

# Distributions whose presence or version matters to a diagnosis.
PACKAGE_PREFIXES = (
    "tensorflow",
    "tf-",
    "tf_",
    "keras",
    "jax",
    "jaxlib",
    "torch",
    "nvidia-",
    "plaidml",
    "numpy",
    "ml-dtypes",
    "tensorrt",
)


def python_facts() -> dict[str, object]:
    return {
        "version": platform.python_version(),
        "series": f"{sys.version_info.major}.{sys.version_info.minor}",
        "executable": sys.executable,
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "system": platform.system(),
        "libc": "-".join(platform.libc_ver()).strip("-") or None,
    }


def package_facts() -> dict[str, str]:
    """Installed distributions relevant to the stack, name -> version (sorted)."""
    found: dict[str, str] = {}
    for dist in importlib.metadata.distributions():
        name = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if name and name.startswith(PACKAGE_PREFIXES):
            found[name] = dist.version
    return dict(sorted(found.items()))


def env_facts() -> dict[str, str]:
    facts = {name: os.environ[name] for name in ENV_VARS if name in os.environ}
    keras_json = Path(os.environ.get("KERAS_HOME", Path.home() / ".keras")) / "keras.json"
    try:
        facts["keras.json"] = keras_json.read_text(encoding="utf-8")[:2000]
    except OSError:
        pass
    return facts


def container_facts() -> dict[str, object]:
    markers = {
        "docker": Path("/.dockerenv").exists(),
        "podman": Path("/run/.containerenv").exists(),
        "singularity": bool(
            os.environ.get("SINGULARITY_CONTAINER") or os.environ.get("APPTAINER_CONTAINER")
        ),
        "kubernetes": bool(os.environ.get("KUBERNETES_SERVICE_HOST")),
    }
    return {"in_container": any(markers.values()), "markers": markers}


def host_gpu_facts() -> dict[str, object]:
    """Device nodes and kernel driver as seen from here (P-HW/P-KMOD, no GPU work)."""
    nvidia_version = None
    try:
        nvidia_version = (
            Path("/proc/driver/nvidia/version").read_text(encoding="utf-8").strip()[:300]
        )
    except OSError:
        pass
    dev = Path("/dev")
    return {
        "nvidia_device_nodes": sorted(p.name for p in dev.glob("nvidia*")) if dev.is_dir() else [],
        "nvidia_kernel_driver": nvidia_version,
        "amd_kfd": Path("/dev/kfd").exists(),
        "dri_render_nodes": sorted(p.name for p in dev.glob("dri/renderD*"))
        if dev.is_dir()
        else [],
    }
