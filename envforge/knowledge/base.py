"""The knowledge base: loading ``matrices/compat/*.yaml`` and answering simple lookups.

What is *supposed* to work, with sources. Pure: reads files once, never talks to Docker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from packaging.specifiers import SpecifierSet
from packaging.version import Version
from pydantic import BaseModel

from .. import paths
from ..errors import InvalidFileError, Location
from ..versions import same_series
from ..yamlio import LoadedYaml, format_key, load_yaml, validate
from .gpus import GpuIndex, UnknownGpu
from .models import (
    CudaFacts,
    CudaToolkit,
    Distribution,
    Gpu,
    GpuFacts,
    ImageFacts,
    KerasFacts,
    MinorVersionCompat,
    RocmFacts,
    TensorFlowFacts,
    TFAndCuda,
    TFComputeCapabilities,
    TFKeras,
    TFRelease,
    driver_key,
)

__all__ = ["KnowledgeBase", "load_knowledge", "ResolvedPins", "KNOWLEDGE_FILES"]

KNOWLEDGE_FILES: dict[str, type[BaseModel]] = {
    "tensorflow": TensorFlowFacts,
    "cuda": CudaFacts,
    "gpus": GpuFacts,
    "rocm": RocmFacts,
    "keras": KerasFacts,
    "images": ImageFacts,
}
_SOURCE_ID = re.compile(r"^S-[A-Z0-9-]+$")


@dataclass(frozen=True)
class ResolvedPins:
    """The ``[and-cuda]`` pins of one release after following ``same_as``."""

    tf: Version
    cuda_suffix: str
    pins: dict[str, SpecifierSet]
    rows: tuple[TFAndCuda, ...]

    @property
    def confidence(self) -> str:
        order = ["primary", "secondary", "inferred", "unconfirmed"]
        return max((row.confidence for row in self.rows), key=order.index)


@dataclass(frozen=True)
class KnowledgeBase:
    """All facts, typed. Lookups return ``None`` when the knowledge base does not know."""

    tensorflow: TensorFlowFacts
    cuda: CudaFacts
    gpus: GpuFacts
    rocm: RocmFacts
    keras: KerasFacts
    images: ImageFacts
    directory: Path

    # -- TensorFlow -------------------------------------------------------------------------
    def tf_release(self, tf: Version) -> TFRelease | None:
        """The tested configuration of ``tf``'s release series (2.21.x -> the 2.21.0 row)."""
        return next((r for r in self.tensorflow.releases if same_series(r.tf, tf)), None)

    def tf_compute_capabilities(self, tf: Version) -> TFComputeCapabilities | None:
        return _first_matching(self.tensorflow.compute_capabilities, tf)

    def tf_keras(self, tf: Version) -> TFKeras | None:
        return _first_matching(self.tensorflow.keras, tf)

    def tf_and_cuda(self, tf: Version) -> ResolvedPins | None:
        """Pins of ``tensorflow[and-cuda]`` for ``tf`` (exact release first, then its series)."""
        rows = self.tensorflow.and_cuda
        row = next((r for r in rows if r.tf == tf), None) or next(
            (r for r in rows if same_series(r.tf, tf) and not r.tf.post), None
        )
        if row is None:
            return None
        chain = [row]
        while chain[-1].same_as is not None:
            base = next((r for r in rows if r.tf == chain[-1].same_as), None)
            if base is None or base in chain:
                break
            chain.append(base)
        pins: dict[str, SpecifierSet] = {}
        for link in reversed(chain):
            pins.update(link.pins)
        return ResolvedPins(tf=row.tf, cuda_suffix=row.cuda_suffix, pins=pins, rows=tuple(chain))

    # -- images ---------------------------------------------------------------------------------
    def distribution_for_python(
        self, python: Version, *, family: str | None = None
    ) -> Distribution | None:
        """The distribution whose system Python is ``python`` (Debian first, then Ubuntu)."""
        for dist in self.images.distributions:
            if same_series(dist.python, python) and (family is None or dist.os.startswith(family)):
                return dist
        return None

    def distribution(self, os_name: str) -> Distribution | None:
        return next((d for d in self.images.distributions if os_name in (d.os, d.codename)), None)

    # -- CUDA and drivers -----------------------------------------------------------------------
    def cuda_toolkit(self, cuda: Version) -> CudaToolkit | None:
        """The Table 3 row of ``cuda`` (12.5.1), or of its GA release when given as 12.5."""
        rows = self.cuda.toolkits
        exact = next((r for r in rows if r.cuda == cuda), None)
        if exact is not None or len(cuda.release) > 2:
            return exact
        ga = [r for r in rows if same_series(r.cuda, cuda)]
        return min(ga, key=lambda r: r.cuda) if ga else None

    def minor_version_compat(self, major: int) -> MinorVersionCompat | None:
        return next((r for r in self.cuda.minor_version_compatibility if r.major == major), None)

    def driver_cuda_version(self, driver: str) -> Version | None:
        """The newest CUDA (major.minor) a driver runs natively: what nvidia-smi reports as ``CUDA Version``."""
        key = driver_key(driver)
        native = [r.cuda for r in self.cuda.toolkits if r.linux and driver_key(r.linux) <= key]
        if not native:
            return None
        best = max(native)
        return Version(f"{best.major}.{best.minor}")

    def cuda_architectures(self, cuda: Version) -> tuple[Version, ...]:
        row = next(
            (r for r in self.cuda.architectures if r.cuda.contains(cuda, prereleases=True)), None
        )
        return row.sm if row else ()

    # -- GPUs -------------------------------------------------------------------------------------
    def gpu(self, name: str) -> Gpu | None:
        """A GPU by any name nvidia-smi or a user gives ("NVIDIA H100 80GB HBM3", "rtx 4090"), or
        None when it is unknown or ambiguous (``find_gpu`` says why, with the nearest names)."""
        try:
            return self.find_gpu(name)
        except UnknownGpu:
            return None

    def find_gpu(self, name: str) -> Gpu:
        """A GPU by name (``GpuIndex.find``), or ``UnknownGpu`` with the nearest names."""
        return self.gpu_index.find(name)

    @cached_property
    def gpu_index(self) -> GpuIndex:
        return GpuIndex(self.gpus.gpus)

    def gpu_peaks(self) -> dict[str, dict[str, float]]:
        """Peak TFLOP/s by GPU name (every alias too), for the probe's L3 throughput check."""
        peaks: dict[str, dict[str, float]] = {}
        for gpu in self.gpus.gpus:
            if gpu.peak_tflops:
                for name in (gpu.name, *gpu.aliases):
                    peaks[name] = {str(kind): value for kind, value in gpu.peak_tflops.items()}
        return dict(sorted(peaks.items()))

    def gpus_with_cc(self, cc: Version) -> list[Gpu]:
        return [g for g in self.gpus.gpus if g.cc == cc]

    # -- citations ------------------------------------------------------------------------------
    @property
    def sources(self) -> dict[str, str]:
        known: dict[str, str] = {}
        for facts in (self.tensorflow, self.cuda, self.gpus, self.rocm, self.keras, self.images):
            known.update(facts.sources)
        return known

    def source_text(self, source: str) -> str:
        """Expand source ids (``S-TFDOCS``) into their citations."""
        known = self.sources
        parts = []
        for part in (p.strip() for p in source.split(";")):
            token, _, rest = part.partition(" ")
            parts.append(
                f"{known[token]} ({rest})" if token in known and rest else known.get(token, part)
            )
        return "; ".join(parts)


class _ForReleases(Protocol):
    @property
    def tf(self) -> SpecifierSet: ...


RowT = TypeVar("RowT", bound=_ForReleases)


def _first_matching(rows: tuple[RowT, ...], version: Version) -> RowT | None:
    return next((row for row in rows if row.tf.contains(version, prereleases=True)), None)


def load_knowledge(directory: Path | None = None) -> KnowledgeBase:
    """Load and validate every knowledge file; all problems of all files are reported at once.

    The knowledge base is immutable, so a load is reused while its files are unchanged (same path,
    size and modification time): a process that asks again pays nothing."""
    directory = directory or paths.compat_dir()
    return _load(directory, _identity(directory))


def _identity(directory: Path) -> tuple[tuple[str, int, int], ...]:
    stamps = []
    for name in KNOWLEDGE_FILES:
        try:
            stat = (directory / f"{name}.yaml").stat()
            stamps.append((name, stat.st_size, stat.st_mtime_ns))
        except OSError:
            stamps.append((name, -1, -1))
    return tuple(stamps)


@lru_cache(maxsize=4)
def _load(directory: Path, identity: tuple[tuple[str, int, int], ...]) -> KnowledgeBase:
    problems: list[tuple[Location, str]] = []
    parsed: dict[str, BaseModel] = {}
    for name, model in KNOWLEDGE_FILES.items():
        try:
            loaded = load_yaml(directory / f"{name}.yaml")
            parsed[name] = validate(loaded, model)
            problems.extend(_unknown_sources(loaded, set(getattr(parsed[name], "sources", {}))))
        except InvalidFileError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InvalidFileError(problems, hint="fix the knowledge base files named above")
    return KnowledgeBase(
        directory=directory,
        tensorflow=cast(TensorFlowFacts, parsed["tensorflow"]),
        cuda=cast(CudaFacts, parsed["cuda"]),
        gpus=cast(GpuFacts, parsed["gpus"]),
        rocm=cast(RocmFacts, parsed["rocm"]),
        keras=cast(KerasFacts, parsed["keras"]),
        images=cast(ImageFacts, parsed["images"]),
    )


def _unknown_sources(loaded: LoadedYaml, known: set[str]) -> list[tuple[Location, str]]:
    """Every ``source:`` part that looks like an id (S-XXX) must be defined in the file's ``sources``."""
    problems: list[tuple[Location, str]] = []

    def walk(node: Any, key: tuple[str | int, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "source" and isinstance(v, str):
                    for part in v.split(";"):
                        token = part.strip().split(" ", 1)[0]
                        if _SOURCE_ID.match(token) and token not in known:
                            where = key + (k,)
                            problems.append(
                                (
                                    Location(loaded.path, loaded.line_of(where), format_key(where)),
                                    f"source id {token} is not defined under `sources`",
                                )
                            )
                else:
                    walk(v, key + (k,))
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, key + (i,))

    walk(loaded.data, ())
    return problems
