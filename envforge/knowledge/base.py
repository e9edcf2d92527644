"""The knowledge base: loading ``matrices/compat/*.yaml`` and answering simple lookups.

What is *supposed* to work, with sources. Pure: reads files once, never talks to Docker.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from packaging.specifiers import SpecifierSet
from packaging.version import Version
from pydantic import BaseModel

from .. import project
from ..errors import InvalidFileError, Location
from ..versions import same_series
from ..yamlio import load_yaml, validate
from .models import Distribution, ImageFacts, TensorFlowFacts, TFAndCuda, TFComputeCapabilities, TFKeras, TFRelease

__all__ = ["KnowledgeBase", "load_knowledge", "ResolvedPins", "KNOWLEDGE_FILES"]

KNOWLEDGE_FILES: dict[str, type[BaseModel]] = {
    "tensorflow": TensorFlowFacts,
    "images": ImageFacts,
}


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
    def distribution_for_python(self, python: Version, *, family: str | None = None) -> Distribution | None:
        """The distribution whose system Python is ``python`` (Debian first, then Ubuntu)."""
        for dist in self.images.distributions:
            if same_series(dist.python, python) and (family is None or dist.os.startswith(family)):
                return dist
        return None

    def distribution(self, os_name: str) -> Distribution | None:
        return next((d for d in self.images.distributions if os_name in (d.os, d.codename)), None)

    # -- citations ------------------------------------------------------------------------------
    @property
    def sources(self) -> dict[str, str]:
        known: dict[str, str] = {}
        for facts in (self.tensorflow, self.images):
            known.update(facts.sources)
        return known

    def source_text(self, source: str) -> str:
        """Expand source ids (``S-TFDOCS``) into their citations."""
        known = self.sources
        return "; ".join(known.get(part.strip(), part.strip()) for part in source.split(";"))


def _first_matching(rows, version: Version):  # type: ignore[no-untyped-def]
    return next((row for row in rows if row.tf.contains(version, prereleases=True)), None)


def load_knowledge(directory: Path | None = None) -> KnowledgeBase:
    """Load and validate every knowledge file; all problems of all files are reported at once."""
    directory = directory or project.compat_dir()
    problems: list[tuple[Location, str]] = []
    parsed: dict[str, BaseModel] = {}
    for name, model in KNOWLEDGE_FILES.items():
        try:
            parsed[name] = validate(load_yaml(directory / f"{name}.yaml"), model)
        except InvalidFileError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InvalidFileError(problems, hint="fix the knowledge base files named above")
    return KnowledgeBase(directory=directory, **parsed)  # type: ignore[arg-type]
