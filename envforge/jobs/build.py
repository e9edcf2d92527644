"""``envforge build`` and ``push`` (images, no probing) and ``envforge render`` (Dockerfiles, no
engine). build: preamble -> registry and builder (the engine) -> the run -> build -> push."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import EnvforgeError
from ..outputs import write_output
from ..render import render_cell
from ..results import BuildResult
from . import preamble as preambles
from .attestations import Attached, attach_run
from .context import Context
from .options import AttestOptions, BuildOptions, Selection
from .preamble import Preamble
from .push import push_all
from .steps import build_all, expand_matrix, matrix_run, select_cells

__all__ = [
    "BuildRequest",
    "BuildRunResult",
    "resolve",
    "run",
    "RenderRequest",
    "RenderResult",
    "render",
]


@dataclass(frozen=True)
class BuildRequest:
    selection: Selection
    build: BuildOptions
    registry: str | None = None  # push each image there, by digest
    attest: AttestOptions | None = None  # with a registry: the statements attached to each image


@dataclass(frozen=True)
class BuildRunResult:
    run_id: str
    logs: Path
    cells: tuple[BuildResult, ...]
    pushed: dict[str, str] = field(default_factory=dict)  # cell -> REPO@sha256:...
    preamble: Preamble | None = None
    attestations: tuple[Attached, ...] = ()

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.cells) and all(a.ok for a in self.attestations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "logs": str(self.logs),
            "passed": self.passed,
            "cells": [
                {**c.to_dict(), "repo_digest": self.pushed.get(c.cell_id)} for c in self.cells
            ],
            "preamble": self.preamble.to_dict() if self.preamble else None,
            "attestations": [a.to_dict() for a in self.attestations],
        }


def resolve(ctx: Context, request: BuildRequest, known: Sequence[EnvforgeError] = ()) -> Preamble:
    """The run's preamble: every setting checked, nothing touched."""
    command = "push" if request.registry else "build"
    more = {"registry": request.registry} if request.registry else None
    return preambles.of_request(ctx, request, command=command, more=more, known=known)


def run(ctx: Context, request: BuildRequest, preamble: Preamble | None = None) -> BuildRunResult:
    preamble = preamble or resolve(ctx, request)
    with matrix_run(ctx, preamble, "build", registry=request.registry) as active:
        ordered = build_all(ctx, preamble, active)
        pushed = push_all(ctx, ordered, request.registry, active.run) if request.registry else {}
        attached = attach_run(ctx, preamble, active.run.id, ordered, pushed, (), None, active)
    return BuildRunResult(
        active.run.id, active.run.logs_dir, tuple(ordered), pushed, preamble, attached
    )


@dataclass(frozen=True)
class RenderRequest:
    selection: Selection
    out: Path
    check: bool  # compare with what --out holds instead of writing
    builder: str = "buildkit"  # the builder the Dockerfiles are for


@dataclass(frozen=True)
class RenderResult:
    out: Path
    written: tuple[Path, ...]
    stale: tuple[Path, ...]  # with check: files missing or out of date

    @property
    def passed(self) -> bool:
        return not self.stale

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "written": [str(p) for p in self.written],
            "stale": [str(p) for p in self.stale],
            "passed": self.passed,
        }


def render(ctx: Context, request: RenderRequest) -> RenderResult:
    expansion = expand_matrix(ctx, request.selection)
    written: list[Path] = []
    stale: list[Path] = []
    for cell in select_cells(expansion, request.selection):
        text = render_cell(cell, builder=request.builder).dockerfile
        path = request.out / f"{cell.id}.Dockerfile"
        if request.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
            continue
        write_output(path, text, inputs=ctx.inputs, under=request.out, what="--out")
        written.append(path)
    return RenderResult(request.out, tuple(written), tuple(stale))
