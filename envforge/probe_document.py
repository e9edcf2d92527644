"""The probe's report as envforge reads it: a schema checked before any field is used.

An image's probe is code envforge did not necessarily build (``verify`` of any image, a node's task,
a collected file), so its report crosses a trust boundary. After ``untrusted.bounded`` (sizes,
depth, printable strings) the document is validated against ``ProbeDocument``: every section
envforge reads has its type checked (a list where an object belongs, a version that is not one, a
level out of range are refused); sections it does not read pass through as bounded data. A
document that fails is the probe's error (``PROBE_REPORT_INVALID``), never a crash of the run.
The JSON Schema (``probe/report.schema.json``) is generated from this model.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError

from .probe.vocabulary import Status, Verdict

__all__ = ["ProbeDocument", "validate_document", "report_schema", "VERSION"]

_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+!_-]{0,63}")


def _version(value: Any) -> str | None:
    """A version as a probe reports one (``2.21.0``, ``9.3``, ``12.5.1``, ``580.159.04``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"a version must be a string, not {type(value).__name__}")
    text = str(value)
    if not _VERSION.fullmatch(text):
        raise ValueError(f"{text[:40]!r} is not a version")
    return text


VERSION = Annotated[
    str | None,
    PlainValidator(_version),
    Field(json_schema_extra={"type": ["string", "null"], "pattern": _VERSION.pattern}),
]
# untrusted.bounded cuts strings to 4000 characters, then shows controls as \xNN: at most ~4x that.
Short = Annotated[str, Field(max_length=20_000)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class CheckDocument(_Section):
    id: Annotated[str, Field(max_length=200)]
    level: Annotated[int, Field(ge=0, le=3)]
    status: Status
    summary: Short
    code: Annotated[str, Field(max_length=80)] | None = None
    fix: Short | None = None
    evidence: list[Short] = []


class BuildInfo(_Section):
    cuda_version: VERSION = None
    cudnn_version: VERSION = None
    compute_capabilities: list[Annotated[str, Field(max_length=20)]] = []


class Framework(_Section):
    name: Annotated[str, Field(max_length=40)] | None = None
    version: VERSION = None
    keras_version: VERSION = None
    keras_package: Annotated[str, Field(max_length=40)] | None = None
    keras_major: Annotated[int, Field(ge=1, le=9)] | None = None
    backend: Annotated[str, Field(max_length=40)] | None = None
    build: BuildInfo | None = None


class Library(_Section):
    name: Annotated[str, Field(max_length=80)]
    loaded: bool | None = None
    version: VERSION = None


class Python(_Section):
    version: VERSION = None
    series: VERSION = None


class NvmlGpu(_Section):
    name: Short | None = None
    compute_capability: VERSION = None


class Nvml(_Section):
    driver_version: VERSION = None
    gpus: list[NvmlGpu] = []


class Container(_Section):
    markers: dict[Annotated[str, Field(max_length=40)], bool] = {}


class ModelRun(_Section):
    device: Annotated[str, Field(max_length=20)] | None = None
    batch: int | None = None
    samples_per_s: float | None = None
    error: Short | None = None


class Device(_Section):
    models: list[ModelRun] = []


class HostGpu(_Section):
    nvidia_device_nodes: list[Annotated[str, Field(max_length=100)]] = []


class ProbeDocument(_Section):
    """The probe's report: the sections envforge reads, typed; the rest passes through."""

    schema_version: int
    checks: list[CheckDocument]
    level_requested: Annotated[int, Field(ge=0, le=3)] | None = None
    level_reached: Annotated[int, Field(ge=0, le=3)] | None = None
    verdict: Verdict | None = None
    passed: bool | None = None
    stopped_by: Short | None = None  # why the next level was not reached
    expect: dict[Annotated[str, Field(max_length=80)], Any] = {}
    timings: dict[Annotated[str, Field(max_length=80)], float | None] = {}
    framework: Framework | None = None
    python: Python | None = None
    libraries: list[Library] = []
    nvml: Nvml | None = None
    container: Container | None = None
    device: Device | None = None
    host_gpu: HostGpu | None = None


def validate_document(doc: dict[str, Any]) -> str | None:
    """None when ``doc`` fits the schema, else what is wrong (the first problem, located)."""
    try:
        ProbeDocument.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        return f"{where}: {first['msg']}"
    return None


def report_schema() -> dict[str, Any]:
    """JSON Schema of the probe's report (generated, see scripts/generate-schema)."""
    schema = ProbeDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "envforge probe report"
    return schema
