"""``envforge build`` (images, no probing) and ``envforge render`` (Dockerfiles, no engine)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..outputs import write_output
from ..render import render_cell
from ..results import BuildResult
from .certify import build_all, expand_matrix, select_cells
from .context import Context
from .options import BuildOptions, Selection
from .push import check_registry, push_all

__all__ = ["BuildRequest", "BuildRunResult", "run", "RenderRequest", "RenderResult", "render"]


@dataclass(frozen=True)
class BuildRequest:
    selection: Selection
    build: BuildOptions
    registry: str | None = None  # push each image there, by digest


@dataclass(frozen=True)
class BuildRunResult:
    run_id: str
    logs: Path
    cells: tuple[BuildResult, ...]
    pushed: dict[str, str] = field(default_factory=dict)  # cell -> REPO@sha256:...

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "logs": str(self.logs),
            "passed": self.passed,
            "cells": [
                {**c.to_dict(), "repo_digest": self.pushed.get(c.cell_id)} for c in self.cells
            ],
        }


def run(ctx: Context, request: BuildRequest) -> BuildRunResult:
    expansion = expand_matrix(ctx, request.selection)
    cells = select_cells(expansion, request.selection)
    matrix = expansion.matrix
    if request.registry:
        check_registry(ctx, request.registry)
    with ctx.run("build", level=0, matrix=str(matrix.path), matrix_digest=matrix.digest) as active:
        ctx.progress.note(f"{len(cells)} cell(s) of {matrix.path}, run {active.id}")
        ordered = build_all(ctx, cells, matrix, request.build, active)
        pushed = push_all(ctx, ordered, request.registry, active) if request.registry else {}
    return BuildRunResult(active.id, active.logs_dir, tuple(ordered), pushed)


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
