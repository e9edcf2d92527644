"""The signatures of the non-CUDA backends: ROCm, Apple's Metal and MPS, DirectML, PlaidML (section I
of the catalogue).

Data only: rows of ``signatures.SIGNATURES`` (its docstring says what a row means). Standard
library only.
"""

from __future__ import annotations

from .codes import Code
from .signature import SYMPTOM, S, Signature

__all__ = ["BACKENDS"]

C = Code

BACKENDS: tuple[Signature, ...] = (
    S(
        C.ROCM_GPU_ISA_UNSUPPORTED,
        r"(?:ROCm|hip) error: invalid device function",
        r"hipErrorInvalidDeviceFunction",
        r"hipError_t\(98\)",
        r"HSA_STATUS_ERROR_INVALID_ISA",
        r"hipErrorNoBinaryForGpu",
        r"Unable to find code object for all current devices",
        r"Cou(?:l)?dn'?t find binary for current devices",
        r"HIP error: invalid device function",
        r"TensileLibrary\.dat.{0,120}GPU arch",
        r"rocBLAS error: Cannot read .{0,200}TensileLibrary",
        r"Cannot find CO in the bundle",
        r"No paths matched .{0,160}gfx\d{3,4}",
        r"gfx\d{3,4}[a-f]? (?:is )?not supported",
        r"gfx\d{3,4}[a-f]? is not in the list",
        r"amdgpu is not supported \(supported types:",
        # TensorFlow-ROCm ignores a GPU below its minimum ISA (its CUDA twin states a capability)
        r"with AMDGPU ISA gfx\w{3,5}\. The minimum required AMDGPU ISA is",
        supersedes=(C.GPU_ARCH_TOO_OLD,),
    ),
    S(
        C.ROCM_MEMORY_ACCESS_FAULT,
        r"Memory access fault by GPU node-\d{1,4} .{0,200}Reason:",
        r"amdgpu: \[gfxhub\d?\] (?:no-)?retry page fault",
    ),
    S(  # two adapters (an integrated and a discrete GPU) and the device made on the integrated one
        C.DIRECTML_DEFAULT_ADAPTER_IS_IGPU,
        r"found [2-9] compatible adapters\.? .{0,300}creating device on adapter 0 \((?:Intel|AMD Radeon\(TM\) Graphics)",
    ),
    S(
        C.MACOS_TOO_OLD_FOR_MPS,
        r"The MPS backend is supported on MacOS 1\d(?:\.\d{1,2})?\+",
        r"current MacOS version is not 1\d(?:\.\d{1,2})?\+",
        r"MPS.{0,60}requires macOS 1\d(?:\.\d{1,2})? or (?:newer|later)",
    ),
    S(
        C.DIRECTML_NO_ADAPTER_OR_VERSION,
        r"DirectML device enumeration: found 0 compatible adapters",
        r"Could not load DirectML",
        r"tfdml_plugin\.dll not found",
        r"tensorflow-plugins/tfdml_plugin",
    ),
    S(
        C.METAL_PLUGIN_LOAD_FAILED,
        r"libmetal_plugin\.dylib.{0,300}(?:Library not loaded|image not found)",
        r"libmetal_plugin\.dylib.{0,300}[Ss]ymbol not found",
        r"symbol not found in flat namespace '_?_?\w{0,10}TF_\w{1,80}'",
        r"Symbol not found: _?_?\w{0,20}(?:TF_|tsl)\w{1,120}",
    ),
    S(C.METAL_SLOW_OR_MISMATCH, r"could not find registered platform with id", strength=SYMPTOM),
    S(
        C.PLAIDML_NO_DEVICE,
        r"PlaidMLError: No devices found",
        r"No OpenCL devices found\. Check driver installation",
        r"Default Config Devices: ?No devices",
    ),
)
