"""Typed rows of the knowledge base (``matrices/compat/*.yaml``).

Every fact carries ``source`` and ``confidence``; models are frozen and reject unknown keys.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from packaging.version import Version
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
    field_validator,
)

from ..versions import PythonRangeField, SpecifierField, VersionField, parse_version

__all__ = [
    "Confidence",
    "CCField",
    "parse_cc",
    "Row",
    "Sourced",
    "TFRelease",
    "TFComputeCapabilities",
    "TFKeras",
    "TFAndCuda",
    "TensorFlowFacts",
    "Distribution",
    "ImageFacts",
    "CudaFacts",
    "CudaToolkit",
    "MinorVersionCompat",
    "GpuFacts",
    "Gpu",
    "RocmFacts",
    "KerasFacts",
    "DriverField",
    "driver_key",
]

Confidence = Literal["primary", "secondary", "inferred", "unconfirmed"]


def parse_cc(value: Any) -> Version:
    """A compute capability ``"X.Y"`` (also ``sm_XY``/``compute_XY``) as a Version."""
    if isinstance(value, Version):
        return value
    text = str(value).strip() if isinstance(value, str) else value
    if isinstance(text, str):
        for prefix in ("sm_", "compute_"):
            if text.startswith(prefix):
                digits = text.removeprefix(prefix).rstrip("af")
                if digits.isdigit() and len(digits) >= 2:
                    text = f"{digits[:-1]}.{digits[-1]}"
    version = parse_version(text, what="compute capability")
    if len(version.release) != 2 or version.pre or version.post or version.dev or version.local:
        raise ValueError(f"compute capability must look like '8.9', not {value!r}")
    return version


CCField = Annotated[
    Version,
    PlainValidator(parse_cc),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "pattern": r"^\d+\.\d$"}),
]


class Row(BaseModel):
    """Base of every knowledge-base model: frozen, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Sourced(Row):
    """A fact with where it comes from and how sure we are of it."""

    source: str = Field(min_length=1)
    confidence: Confidence
    note: str | None = None


class TFRelease(Sourced):
    """A tested build configuration (tensorflow.org/install/source)."""

    tf: VersionField
    python: PythonRangeField
    cuda: VersionField
    cudnn: VersionField
    compiler: str
    bazel: VersionField


class TFComputeCapabilities(Sourced):
    """SASS and PTX targets compiled into the official wheels of a range of releases."""

    tf: SpecifierField
    sass: tuple[CCField, ...]
    ptx: CCField | None = None


class TFKeras(Sourced):
    """The Keras that ``tf.keras`` is for a range of releases, and the package pinned."""

    tf: SpecifierField
    major: Literal[2, 3]
    package: str | None = None


class TFAndCuda(Sourced):
    """Pins of the ``tensorflow[and-cuda]`` extra of one release."""

    tf: VersionField
    cuda_suffix: Literal["cu11", "cu12", "cu13"]
    pins: dict[str, SpecifierField] = Field(default_factory=dict)
    same_as: VersionField | None = None
    unconfirmed: tuple[str, ...] = ()


class CudnnLoadRule(Sourced):
    rule: str


class TensorFlowFacts(Row):
    """``tensorflow.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    releases: tuple[TFRelease, ...]
    compute_capabilities: tuple[TFComputeCapabilities, ...]
    keras: tuple[TFKeras, ...]
    and_cuda: tuple[TFAndCuda, ...]
    cudnn_load_rule: CudnnLoadRule

    @field_validator("releases")
    @classmethod
    def _unique_releases(cls, rows: tuple[TFRelease, ...]) -> tuple[TFRelease, ...]:
        _unique([f"{r.tf.major}.{r.tf.minor}" for r in rows], "TensorFlow series")
        return rows


# -- images.yaml ----------------------------------------------------------------------------------


class Distribution(Sourced):
    """A distribution image and the Python its package manager installs."""

    os: str
    codename: str
    image: str
    python: VersionField
    glibc: VersionField


class PythonImages(Sourced):
    template: str
    codename: str


class CudnnTag(Row):
    cuda: SpecifierField
    tag: str
    cudnn_major: int


class RequireCuda(Row):
    cuda: VersionField
    require: str
    brand_branches: tuple[int, ...] = ()


class NvidiaCudaImages(Sourced):
    repository: str
    cudnn_tags: tuple[CudnnTag, ...]
    lines: dict[str, tuple[VersionField, ...]]
    without_cudnn: tuple[VersionField, ...] = ()
    cudnn_versions: dict[str, VersionField] = Field(default_factory=dict)
    require_cuda: tuple[RequireCuda, ...] = ()


class RocmDevImages(Sourced):
    template: str
    ubuntu: dict[str, VersionField]


class RocmTag(Row):
    rocm: VersionField
    python: VersionField
    tf: VersionField


class RocmTensorflowImages(Sourced):
    repository: str
    template: str
    tags: tuple[RocmTag, ...]
    run_flags: str


class ImageFacts(Row):
    """``images.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    distributions: tuple[Distribution, ...]
    python_images: PythonImages
    nvidia_cuda: NvidiaCudaImages
    rocm_dev: RocmDevImages
    rocm_tensorflow: RocmTensorflowImages


# -- cuda.yaml ------------------------------------------------------------------------------------


def _driver_text(value: Any) -> str:
    """A driver version as written (``535.104.05``: zero padding kept for display)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"driver version {value!r} must be quoted")
    text = str(value).strip()
    if not text or not all(part.isdigit() for part in text.split(".")):
        raise ValueError(f"'{value}' is not a driver version such as '535.104.05'")
    return text


DriverField = Annotated[
    str,
    PlainValidator(_driver_text),
    WithJsonSchema({"type": "string", "pattern": r"^\d+(\.\d+)*$"}),
]
Segment = Literal["datacenter", "workstation", "consumer", "jetson", "ngc-ready-rtx"]


def driver_key(text: str) -> tuple[int, ...]:
    """Comparable form of a driver version: ``"535.104.05"`` -> ``(535, 104, 5)``."""
    return tuple(int(part) for part in text.split("."))


class CudaToolkit(Sourced):
    cuda: VersionField
    linux: DriverField | None = None
    windows: str | None = None


class MinorVersionCompat(Sourced):
    major: int
    branch_min: int
    floor: DriverField
    branch_max_exclusive: int | None = None


class ForwardCompat(Sourced):
    package: str
    introduced: VersionField
    eligible_segments: tuple[Segment, ...]
    not_eligible: str


class DriverBranch(Sourced):
    branch: int
    designation: str
    eol: str
    max_cuda_major: int


class CudaArchitectures(Sourced):
    cuda: SpecifierField
    sm: tuple[CCField, ...]


class CudaFacts(Row):
    """``cuda.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    toolkits: tuple[CudaToolkit, ...]
    minor_version_compatibility: tuple[MinorVersionCompat, ...]
    forward_compatibility: ForwardCompat
    driver_branches: tuple[DriverBranch, ...]
    architectures: tuple[CudaArchitectures, ...]

    @field_validator("toolkits")
    @classmethod
    def _unique_toolkits(cls, rows: tuple[CudaToolkit, ...]) -> tuple[CudaToolkit, ...]:
        _unique([str(r.cuda) for r in rows], "CUDA release")
        return rows


# -- gpus.yaml ------------------------------------------------------------------------------------


class Gpu(Sourced):
    name: str
    cc: CCField
    architecture: str
    segment: Segment
    aliases: tuple[str, ...] = ()
    peak_tflops: dict[Literal["fp32", "bf16"], float] = Field(default_factory=dict)


class GpuFacts(Row):
    """``gpus.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    gpus: tuple[Gpu, ...]

    @field_validator("gpus")
    @classmethod
    def _unique_names(cls, rows: tuple[Gpu, ...]) -> tuple[Gpu, ...]:
        _unique([n.lower() for r in rows for n in (r.name, *r.aliases)], "GPU name")
        return rows


# -- rocm.yaml ------------------------------------------------------------------------------------


class RocmWheels(Sourced):
    pypi_before: VersionField
    index_url: str
    version_format_before_6_1: str


class RocmTensorflow(Sourced):
    rocm: VersionField
    tf: tuple[VersionField, ...]


class RocmTargets(Sourced):
    rocm: tuple[VersionField, ...]
    gfx: tuple[str, ...]


class GfxProducts(Sourced):
    gfx: str
    products: tuple[str, ...]
    architecture: str


class Amdgpu(Sourced):
    rule: str
    first_standalone_version: str
    compatible: dict[str, tuple[str, ...]]


class RocmFacts(Row):
    """``rocm.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    wheels: RocmWheels
    tensorflow: tuple[RocmTensorflow, ...]
    targets: tuple[RocmTargets, ...]
    products: tuple[GfxProducts, ...]
    amdgpu: Amdgpu


# -- keras.yaml -----------------------------------------------------------------------------------


class Keras3Release(Sourced):
    keras: VersionField
    python: PythonRangeField


class KerasBackend(Sourced):
    backend: Literal["tensorflow", "jax", "torch", "openvino"]
    min_version: VersionField
    gpu_requirement: str | None = None
    inference_only: bool = False


class Rule(Sourced):
    rule: str


class Keras3(Row):
    releases: tuple[Keras3Release, ...]
    backends: tuple[KerasBackend, ...]
    select_backend: Rule


class TfKerasInstall(Sourced):
    tf: SpecifierField
    package: str
    env: str


class TfKerasPython(Sourced):
    tf_keras: SpecifierField
    python: SpecifierField


class TfKeras(Row):
    install: TfKerasInstall
    python: tuple[TfKerasPython, ...]


class PlaidML(Sourced):
    versions: tuple[VersionField, ...]
    python: PythonRangeField
    keras: VersionField
    pins: tuple[str, ...]
    env: dict[str, str]


class KerasFacts(Row):
    """``keras.yaml``."""

    schema_version: Literal[1] = Field(alias="schema")
    sources: dict[str, str]
    keras3: Keras3
    tf_keras: TfKeras
    plaidml: PlaidML


def _unique(values: list[str], what: str) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ValueError(f"{what} '{value}' is listed twice")
        seen.add(value)
