"""L1: every CUDA library the build needs loads, in a version that fits the build; NVML answers."""

from __future__ import annotations

import re
from typing import Any

from ..codes import Code
from ..rules import version_tuple
from .check import Check, failed, passed, skipped, warned

__all__ = ["library_checks", "nvml_check", "OPTIONAL_LIBRARIES"]

OPTIONAL_LIBRARIES = {"nccl"}  # multi-GPU only: missing is a warning


def _older_or_other_major(version: str, wanted: str) -> bool:
    have, want = version_tuple(version), version_tuple(wanted)
    return have[:1] != want[:1] or have[1:2] < want[1:2]


def _other_cudnn(
    lib: dict[str, Any], others: list[dict[str, Any]], expect: dict[str, Any]
) -> Check:
    """The build's cuDNN is missing but one of another major is there: TensorFlow's own message."""
    found = others[0]
    want = str(expect.get("cudnn") or lib["soname"].rsplit(".", 1)[1])
    return failed(
        f"library.{lib['name']}",
        1,
        f"Loaded runtime CuDNN library: {found['version']} but source was compiled with: {want} "
        f"({lib['soname']} is missing; {found['soname']} is at {found['path']})",
        Code.CUDNN_VERSION_MISMATCH,
        evidence=[str(found["path"])],
        fix=f"install cuDNN {want.split('.')[0]}.x (nvidia-cudnn-cu12) and remove the "
        f"{found['soname']} copy",
    )


def _not_loaded(lib: dict[str, Any]) -> Check:
    error = lib.get("error") or "not found"
    missing = re.search(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object", error)
    code = (
        Code.CUDA_LIB_TRANSITIVE_DEP_MISSING
        if missing and missing.group(1) != lib["soname"]
        else Code.CUDA_LIBS_NOT_FOUND
    )
    make = warned if lib["name"] in OPTIONAL_LIBRARIES else failed
    return make(
        f"library.{lib['name']}",
        1,
        f"{lib['soname']} cannot be loaded: {error}",
        code,
        evidence=[f"Could not load dynamic library '{lib['soname']}'; dlerror: {error}"],
        fix="install the matching nvidia-*-cu wheels (tensorflow[and-cuda]) or CUDA toolkit",
    )


def _version_mismatch(lib: dict[str, Any], expect: dict[str, Any], where: str) -> Check | None:
    version = lib.get("version")
    if not version:
        return None
    cid = f"library.{lib['name']}"
    if lib["name"] == "cudnn" and expect.get("cudnn"):
        if _older_or_other_major(version, expect["cudnn"]):
            want = version_tuple(expect["cudnn"])
            return failed(
                cid,
                1,
                f"Loaded runtime CuDNN library: {version} but source was compiled with: {expect['cudnn']}",
                Code.CUDNN_VERSION_MISMATCH,
                evidence=[where],
                fix=f"install cuDNN {want[0]}.x with minor >= {want[1] if len(want) > 1 else 0}"
                " (nvidia-cudnn-cu12), and remove the older copy",
            )
    if lib["name"] == "cudart" and expect.get("cuda"):
        if _older_or_other_major(version, expect["cuda"]):
            return failed(
                cid,
                1,
                f"CUDA runtime {version} is older than, or of another major than, the build's {expect['cuda']}",
                Code.CUDA_VERSION_MATRIX_MISMATCH,
                evidence=[where],
            )
    return None


def library_checks(facts: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    others = [o for o in facts.get("cudnn_other") or [] if o.get("version")]
    for lib in facts.get("libraries") or []:
        if not lib.get("loaded"):
            other = lib["name"] == "cudnn" and others
            checks.append(_other_cudnn(lib, others, expect) if other else _not_loaded(lib))
            continue
        where = (
            f"{lib['soname']} {lib.get('version') or '(version unknown)'} from {lib.get('path')}"
        )
        mismatch = _version_mismatch(lib, expect, where)
        checks.append(mismatch or passed(f"library.{lib['name']}", 1, where))
    return checks


def nvml_check(facts: dict[str, Any]) -> list[Check]:
    nvml = facts.get("nvml")
    if not nvml:
        return []
    if nvml.get("available"):
        gpus = ", ".join(g["name"] for g in nvml.get("gpus", [])) or "no GPUs"
        return [passed("nvml", 1, f"NVML works: driver {nvml.get('driver_version')}, {gpus}")]
    return [skipped("nvml", 1, f"NVML not available here ({nvml.get('error')})")]
