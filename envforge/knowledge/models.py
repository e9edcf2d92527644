"""Typed rows of the knowledge base (``matrices/compat/*.yaml``).

Every fact carries ``source`` and ``confidence``; models are frozen and reject unknown keys.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from packaging.version import Version
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, WithJsonSchema

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


# -- images.yaml ----------------------------------------------------------------------------------


class Distribution(Sourced):
    """A distribution image and the Python its package manager installs."""

    os: str
    codename: str
    image: str
    python: VersionField


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
    require_cuda: tuple[RequireCuda, ...] = ()


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
    rocm_tensorflow: RocmTensorflowImages
