"""CUDA user-space libraries, the driver and NVML, through ctypes (P-LD, P-CU, P-NVML).

Every library a build needs is located (pip ``site-packages/nvidia/*/lib`` first, as TensorFlow's
own loader does, then the system loader path), loaded, and its version read through its own C API.
None of this needs a GPU: a CPU-only machine can already prove what an image carries.
"""

from __future__ import annotations

import ctypes
import os
import site
import sys
from pathlib import Path
from typing import Any, Callable

from .rules import cudnn_version_text

__all__ = [
    "expected_libraries",
    "pip_library_dirs",
    "probe_libraries",
    "probe_driver",
    "probe_nvml",
    "other_cudnn",
]

# soname per CUDA major: (library, soname template); cuDNN's major comes from the build.
_SONAMES: dict[int, tuple[tuple[str, str], ...]] = {
    11: (
        ("cudart", "libcudart.so.11.0"),
        ("cublasLt", "libcublasLt.so.11"),
        ("cublas", "libcublas.so.11"),
        ("cufft", "libcufft.so.10"),
        ("cusparse", "libcusparse.so.11"),
        ("cusolver", "libcusolver.so.11"),
    ),
    12: (
        ("nvJitLink", "libnvJitLink.so.12"),
        ("cudart", "libcudart.so.12"),
        ("cublasLt", "libcublasLt.so.12"),
        ("cublas", "libcublas.so.12"),
        ("cufft", "libcufft.so.11"),
        ("cusparse", "libcusparse.so.12"),
        ("cusolver", "libcusolver.so.11"),
    ),
    13: (
        ("nvJitLink", "libnvJitLink.so.13"),
        ("cudart", "libcudart.so.13"),
        ("cublasLt", "libcublasLt.so.13"),
        ("cublas", "libcublas.so.13"),
        ("cufft", "libcufft.so.12"),
        ("cusparse", "libcusparse.so.12"),
        ("cusolver", "libcusolver.so.12"),
    ),
}


def expected_libraries(
    cuda_major: int, cudnn_major: int | None, *, nccl: bool = True
) -> list[tuple[str, str]]:
    """(library, soname) pairs a build for this CUDA/cuDNN loads, in dependency order."""
    libs = list(_SONAMES.get(cuda_major, ()))
    if cudnn_major:
        libs.append(("cudnn", f"libcudnn.so.{cudnn_major}"))
    if nccl:
        libs.append(("nccl", "libnccl.so.2"))
    return libs


def pip_library_dirs() -> list[str]:
    """``site-packages/nvidia/*/lib`` directories of this interpreter (pip CUDA wheels)."""
    roots = [*site.getsitepackages(), site.getusersitepackages(), *sys.path]
    dirs: list[str] = []
    for root in roots:
        base = Path(root) / "nvidia"
        if not base.is_dir():
            continue
        for lib in sorted(base.glob("*/lib")):
            if str(lib) not in dirs:
                dirs.append(str(lib))
    return dirs


def _version_int(fn: Any) -> int | None:
    value = ctypes.c_int()
    status = fn(ctypes.byref(value))
    return value.value if status == 0 else None


def _cudart(lib: Any) -> str | None:
    v = _version_int(lib.cudaRuntimeGetVersion)
    return None if v is None else f"{v // 1000}.{(v % 1000) // 10}"


def _cudnn(lib: Any) -> str | None:
    lib.cudnnGetVersion.restype = ctypes.c_size_t
    return cudnn_version_text(int(lib.cudnnGetVersion()))


def _property_triplet(getter: Any) -> str | None:
    parts = []
    for prop in (0, 1, 2):  # MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
        value = ctypes.c_int()
        if getter(prop, ctypes.byref(value)) != 0:
            return None
        parts.append(str(value.value))
    return ".".join(parts)


def _cufft(lib: Any) -> str | None:
    v = _version_int(lib.cufftGetVersion)  # e.g. 11203 -> 11.2.3
    return None if v is None else f"{v // 1000}.{(v % 1000) // 100}.{v % 100}"


def _nccl(lib: Any) -> str | None:
    v = _version_int(lib.ncclGetVersion)  # >= 2.9: major*10000 + minor*100 + patch
    if v is None:
        return None
    return (
        f"{v // 10000}.{(v % 10000) // 100}.{v % 100}"
        if v >= 10000
        else f"{v // 1000}.{(v % 1000) // 100}.{v % 100}"
    )


def _nvjitlink(lib: Any) -> str | None:
    major, minor = ctypes.c_uint(), ctypes.c_uint()
    if lib.nvJitLinkVersion(ctypes.byref(major), ctypes.byref(minor)) != 0:
        return None
    return f"{major.value}.{minor.value}"


_VERSION_READERS: dict[str, Callable[[Any], str | None]] = {
    "cudart": _cudart,
    "cudnn": _cudnn,
    "cublas": lambda lib: _property_triplet(lib.cublasGetProperty),
    "cublasLt": lambda lib: _property_triplet(lib.cublasLtGetProperty),
    "cusparse": lambda lib: _property_triplet(lib.cusparseGetProperty),
    "cusolver": lambda lib: _property_triplet(lib.cusolverGetProperty),
    "cufft": _cufft,
    "nccl": _nccl,
    "nvJitLink": _nvjitlink,
}


def _loaded_path(soname: str) -> str | None:
    """Where the loader found ``soname`` (from /proc/self/maps)."""
    stem = soname.split(".so")[0] + ".so"
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            for line in maps:
                path = line.rsplit(None, 1)[-1] if "/" in line else ""
                if Path(path).name.startswith(stem):
                    return path
    except OSError:
        return None
    return None


def _load(soname: str, pip_dirs: list[str]) -> tuple[Any, str | None, str, list[str]]:
    """(handle or None, path, origin, errors): pip directories first, then the system loader."""
    errors: list[str] = []
    for directory in pip_dirs:
        candidate = os.path.join(directory, soname)
        if os.path.exists(candidate):
            try:
                return ctypes.CDLL(candidate, mode=ctypes.RTLD_GLOBAL), candidate, "pip", errors
            except OSError as exc:
                errors.append(str(exc))
    try:
        handle = ctypes.CDLL(soname, mode=ctypes.RTLD_GLOBAL)
        return handle, _loaded_path(soname), "system", errors
    except OSError as exc:
        errors.append(str(exc))
    return None, None, "missing", errors


def probe_libraries(libs: list[tuple[str, str]]) -> list[dict[str, object]]:
    """Locate, load and version every (name, soname); one fact dict each."""
    pip_dirs = pip_library_dirs()
    facts = []
    for name, soname in libs:
        handle, path, origin, errors = _load(soname, pip_dirs)
        version, version_error = None, None
        if handle is not None and name in _VERSION_READERS:
            try:
                version = _VERSION_READERS[name](handle)
            except (AttributeError, OSError, ValueError) as exc:
                version_error = f"cannot read version: {exc}"
        facts.append(
            {
                "name": name,
                "soname": soname,
                "loaded": handle is not None,
                "path": path,
                "origin": origin,
                "version": version,
                "error": "; ".join(errors[-1:]) if handle is None else version_error,
            }
        )
    return facts


def other_cudnn(expected_major: int) -> list[dict[str, object]]:
    """cuDNN libraries of *other* majors that are present (a cuDNN 8 wheel under a build for 9)."""
    found = []
    dirs = pip_library_dirs() + [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    dirs += ["/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/local/cuda/lib64", "/usr/lib"]
    for major in (7, 8, 9, 10):
        if major == expected_major:
            continue
        soname = f"libcudnn.so.{major}"
        path = next(
            (os.path.join(d, soname) for d in dirs if os.path.exists(os.path.join(d, soname))), None
        )
        if path is None:
            continue
        fact: dict[str, object] = {"soname": soname, "path": path, "version": None}
        try:
            fact["version"] = _cudnn(ctypes.CDLL(path))
        except (OSError, AttributeError) as exc:
            fact["error"] = str(exc)
        found.append(fact)
    return found


def probe_driver() -> dict[str, object]:
    """libcuda: loadable? cuInit result, driver CUDA version, device count (P-CU)."""
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError as exc:
        return {"loaded": False, "error": str(exc), "path": None}
    facts: dict[str, object] = {"loaded": True, "error": None, "path": _loaded_path("libcuda.so.1")}
    result = lib.cuInit(0)
    facts["cuinit"] = int(result)
    version = ctypes.c_int()
    if lib.cuDriverGetVersion(ctypes.byref(version)) == 0:
        facts["cuda_version"] = f"{version.value // 1000}.{(version.value % 1000) // 10}"
    count = ctypes.c_int()
    if result == 0 and lib.cuDeviceGetCount(ctypes.byref(count)) == 0:
        facts["device_count"] = count.value
    return facts


def probe_nvml() -> dict[str, object]:
    """NVML: availability, driver version, GPUs with compute capability (P-NVML)."""
    try:
        lib = ctypes.CDLL("libnvidia-ml.so.1")
    except OSError as exc:
        return {"available": False, "error": str(exc)}
    lib.nvmlErrorString.restype = ctypes.c_char_p
    status = lib.nvmlInit_v2()
    if status != 0:
        return {
            "available": False,
            "error": lib.nvmlErrorString(status).decode(),
            "status": int(status),
        }
    try:
        buf = ctypes.create_string_buffer(96)
        lib.nvmlSystemGetDriverVersion(buf, 96)
        count = ctypes.c_uint()
        lib.nvmlDeviceGetCount_v2(ctypes.byref(count))
        gpus = []
        for index in range(count.value):
            handle = ctypes.c_void_p()
            if lib.nvmlDeviceGetHandleByIndex_v2(index, ctypes.byref(handle)) != 0:
                continue
            name = ctypes.create_string_buffer(96)
            lib.nvmlDeviceGetName(handle, name, 96)
            major, minor = ctypes.c_int(), ctypes.c_int()
            lib.nvmlDeviceGetCudaComputeCapability(handle, ctypes.byref(major), ctypes.byref(minor))
            gpus.append(
                {
                    "index": index,
                    "name": name.value.decode(),
                    "compute_capability": f"{major.value}.{minor.value}",
                }
            )
        return {
            "available": True,
            "error": None,
            "driver_version": buf.value.decode(),
            "gpus": gpus,
        }
    finally:
        lib.nvmlShutdown()
