#!/usr/bin/env python3
"""envforge's build of a 3-cell matrix against building the same Dockerfiles naively.

Cells: TF 2.21 CPU on Python 3.11 and 3.13, Keras 3 on JAX on Python 3.11 (benchmarks/matrices/build3.yaml).
  envforge cold: `envforge build --jobs 3` with an empty wheelhouse and none of the cells' images or
                 intermediate layers present;
  naive:         the same rendered Dockerfiles and contexts, one after another, `docker build --no-cache`,
                 no wheelhouse (pip downloads from the index in each build);
  envforge warm: `envforge build` again with nothing changed.
Needs a Docker engine and the bases (scripts/setup bookworm trixie). Prints one JSON line with cells,
naive_s, envforge_cold_s, envforge_warm_s, cold_ratio (cold / naive) and warm_ratio (warm / cold);
targets: cold_ratio <= 0.6, warm_ratio <= 0.05.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from envforge.builder import probe_payload, write_context  # noqa: E402
from envforge.knowledge import load_knowledge  # noqa: E402
from envforge.matrix import expand, load_matrix  # noqa: E402
from envforge.render import render_cell  # noqa: E402
from envforge.site import load_site  # noqa: E402

MATRIX = ROOT / "benchmarks" / "matrices" / "build3.yaml"
JOBS = int(os.environ.get("ENVFORGE_BENCH_JOBS", "3"))


def sh(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, check=check)


def clean(cells: list[str]) -> None:
    """Remove the cells' images, envforge's shared-stage images and every dangling layer, so that a cold
    build reuses nothing from an earlier one (the bases stay: they are inputs, not build products)."""
    ids: list[str] = []
    for cell in cells:
        ids += sh(
            "docker", "images", "-q", "--filter", f"label=io.envforge.cell={cell}"
        ).stdout.split()
    ids += sh(
        "docker", "images", "-q", "--filter", "label=io.envforge.role=stage-cache"
    ).stdout.split()
    ids += sh("docker", "images", "-q", "--filter", "reference=naive-bench/*").stdout.split()
    if ids:
        sh("docker", "rmi", "-f", *sorted(set(ids)), check=False)
    sh("docker", "image", "prune", "-f", check=False)


def envforge_build(workdir: Path, wheelhouse: Path) -> float:
    start = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "envforge",
            "build",
            "-m",
            str(MATRIX),
            "--jobs",
            str(JOBS),
            "--wheelhouse",
            str(wheelhouse),
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"envforge build failed:\n{result.stderr[-3000:]}")
    return elapsed


def naive(cells, site, tmp: Path) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for cell in cells:
        rendered = render_cell(cell)
        context = tmp / f"naive-{cell.id}"
        context.mkdir()
        files = {**rendered.files, **probe_payload()}
        if site.ca_bundle:
            files["build/ca-bundle.pem"] = site.ca_bundle.read_bytes()
        write_context(context, rendered.dockerfile, files)
        base = site.base_for(cell.spec.recipe.base_image)
        result = subprocess.run(
            [
                "docker",
                "build",
                "--no-cache",
                "-q",
                "--build-arg",
                f"BASE_IMAGE={base}",
                "-t",
                f"naive-bench/{cell.id}:latest",
                str(context),
            ],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise SystemExit(f"naive build of {cell.id} failed:\n{result.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    kb = load_knowledge()
    cells = list(expand(load_matrix(MATRIX), kb).cells)
    ids = [c.id for c in cells]
    with tempfile.TemporaryDirectory(prefix="envforge-bench-") as tmp_dir:
        tmp = Path(tmp_dir)
        workdir = tmp / "work"
        (workdir / ".envforge").mkdir(parents=True)
        site_file = ROOT / ".envforge" / "site.yaml"
        if site_file.is_file():
            shutil.copy(site_file, workdir / ".envforge" / "site.yaml")
        old = Path.cwd()
        os.chdir(workdir)
        try:
            site = load_site(None)
        finally:
            os.chdir(old)
        clean(ids)
        cold = envforge_build(workdir, tmp / "wheelhouse")
        warm = envforge_build(workdir, tmp / "wheelhouse")
        naive_s = naive(cells, site, tmp)
        clean(ids)
    print(
        json.dumps(
            {
                "benchmark": "build_matrix",
                "cells": len(cells),
                "jobs": JOBS,
                "naive_s": round(naive_s, 1),
                "envforge_cold_s": round(cold, 1),
                "envforge_warm_s": round(warm, 2),
                "cold_ratio": round(cold / naive_s, 3),
                "warm_ratio": round(warm / cold, 4),
                "targets": {"cold_ratio": 0.6, "warm_ratio": 0.05},
            }
        )
    )


if __name__ == "__main__":
    main()
