#!/usr/bin/env python3
"""envforge's build of a 3-cell matrix against what users run instead: a plain `docker build`.

Cells: TF 2.21 CPU on Python 3.11 and 3.13, Keras 3 on JAX on Python 3.11 (benchmarks/matrices/
build3.yaml). Measured side by side in one run, each from nothing (no image, layer, build cache or
cache mount of an earlier build; the base images stay, they are inputs):
  (a) naive legacy:    the rendered Dockerfiles of the classic builder (a builder stage, the venv
                       copied out) built one after another with `DOCKER_BUILDKIT=0 docker build
                       --no-cache`, pip downloading from the index in each build;
  (b) naive BuildKit:  the same Dockerfiles, one after another, `DOCKER_BUILDKIT=1 docker build
                       --no-cache`: what a user gets from `docker build` today;
  (c) envforge cold:   `envforge build --jobs 3` (BuildKit), an empty wheelhouse, an empty pip cache;
  (d) envforge warm:   the same command again, nothing changed.
Prints one JSON line: the four times, cold_ratio (c/a), cold_vs_buildkit (c/b), warm_ratio (d/a),
the final image sizes of each way, and the goals (c/a <= 0.45, c/b <= 0.75, d/a <= 0.02, no
envforge image larger than the naive legacy one). Needs a Docker engine, the bases (scripts/setup
bookworm trixie) and a docker client that can build with BuildKit (/usr/bin/docker of docker.io).
Clears the engine's whole build cache (`docker builder prune -a`) between the ways.
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
from envforge.engine.buildkit import find_client  # noqa: E402
from envforge.knowledge import load_knowledge  # noqa: E402
from envforge.matrix import Cell, expand, load_matrix  # noqa: E402
from envforge.render import render_cell  # noqa: E402
from envforge.site import Site, load_site  # noqa: E402

MATRIX = ROOT / "benchmarks" / "matrices" / "build3.yaml"
JOBS = int(os.environ.get("ENVFORGE_BENCH_JOBS", "3"))
GOALS = {"cold_ratio": 0.45, "cold_vs_buildkit": 0.75, "warm_ratio": 0.02}


def sh(*argv: str, check: bool = True, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(argv), capture_output=True, text=True, check=check, env={**os.environ, **env}
    )


def clean(cells: list[str]) -> None:
    """No image, dangling layer, build cache or cache mount of an earlier way is left."""
    ids: list[str] = []
    for cell in cells:
        ids += sh(
            "docker", "images", "-q", "--filter", f"label=io.envforge.cell={cell}"
        ).stdout.split()
    ids += sh("docker", "images", "-q", "--filter", "reference=naive-bench/*").stdout.split()
    if ids:
        sh("docker", "rmi", "-f", *sorted(set(ids)), check=False)
    sh("docker", "image", "prune", "-f", check=False)
    sh("docker", "builder", "prune", "-a", "-f", check=False)


def size(ref: str) -> int:
    return int(sh("docker", "image", "inspect", "--format", "{{.Size}}", ref).stdout.strip())


def naive(
    cells: list[Cell], site: Site, tmp: Path, client: str, buildkit: bool
) -> tuple[float, dict[str, int]]:
    """The classic builder's Dockerfiles, built one after another the way a user would."""
    start = time.perf_counter()
    tags = {}
    for cell in cells:
        rendered = render_cell(cell, builder="legacy")
        context = tmp / f"naive-{'bk' if buildkit else 'legacy'}-{cell.id}"
        context.mkdir()
        files = {**rendered.files, **probe_payload()}
        if site.ca_bundle:
            files["build/ca-bundle.pem"] = site.ca_bundle.read_bytes()
        write_context(context, rendered.dockerfile, files)
        tag = f"naive-bench/{cell.id}:{'buildkit' if buildkit else 'legacy'}"
        result = sh(
            client, "build", "--no-cache", "-q", "--build-arg",
            f"BASE_IMAGE={site.base_for(cell.spec.recipe.base_image)}", "-t", tag, str(context),
            check=False, DOCKER_BUILDKIT="1" if buildkit else "0",
        )  # fmt: skip
        if result.returncode != 0:
            raise SystemExit(f"naive build of {cell.id} failed:\n{result.stderr[-3000:]}")
        tags[cell.id] = tag
    elapsed = time.perf_counter() - start
    return elapsed, {cell: size(tag) for cell, tag in tags.items()}


def envforge_build(
    workdir: Path, wheelhouse: Path, pip_cache: Path
) -> tuple[float, dict[str, int]]:
    start = time.perf_counter()
    result = sh(
        sys.executable, "-m", "envforge", "build", "-m", str(MATRIX), "--jobs", str(JOBS),
        "--wheelhouse", str(wheelhouse), "--builder", "buildkit", "--json",
        check=False, PIP_CACHE_DIR=str(pip_cache), ENVFORGE_STATE_DIR=str(workdir / ".envforge"),
    )  # fmt: skip
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"envforge build failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    cells = json.loads(result.stdout)["data"]["cells"]
    return elapsed, {c["cell"]: size(c["image"]) for c in cells}


def main() -> None:
    client = find_client()
    if client is None:
        raise SystemExit("no docker client here can build with BuildKit (install docker.io)")
    cells = list(expand(load_matrix(MATRIX), load_knowledge()).cells)
    ids = [c.id for c in cells]
    with tempfile.TemporaryDirectory(prefix="envforge-bench-") as tmp_dir:
        tmp = Path(tmp_dir)
        workdir = tmp / "work"
        (workdir / ".envforge").mkdir(parents=True)
        site_file = ROOT / ".envforge" / "site.yaml"
        if site_file.is_file():
            shutil.copy(site_file, workdir / ".envforge" / "site.yaml")
        site = load_site(None, default=workdir / ".envforge" / "site.yaml")
        clean(ids)
        legacy_s, legacy_size = naive(cells, site, tmp, client.path, buildkit=False)
        clean(ids)
        buildkit_s, buildkit_size = naive(cells, site, tmp, client.path, buildkit=True)
        clean(ids)
        cold_s, cold_size = envforge_build(workdir, tmp / "wheelhouse", tmp / "pip-cache")
        warm_s, _ = envforge_build(workdir, tmp / "wheelhouse", tmp / "pip-cache")
        clean(ids)
    figures = {
        "cold_ratio": round(cold_s / legacy_s, 3),
        "cold_vs_buildkit": round(cold_s / buildkit_s, 3),
        "warm_ratio": round(warm_s / legacy_s, 4),
    }
    print(
        json.dumps(
            {
                "benchmark": "build_matrix",
                "cells": len(cells),
                "jobs": JOBS,
                "client": client.describe(),
                "naive_legacy_s": round(legacy_s, 1),
                "naive_buildkit_s": round(buildkit_s, 1),
                "envforge_cold_s": round(cold_s, 1),
                "envforge_warm_s": round(warm_s, 2),
                **figures,
                "sizes_mb": {
                    cell: {
                        "naive_legacy": legacy_size[cell] // 2**20,
                        "naive_buildkit": buildkit_size[cell] // 2**20,
                        "envforge": cold_size[cell] // 2**20,
                    }
                    for cell in ids
                },
                "goals": {**GOALS, "envforge_size_le_naive_legacy": True},
                "met": {
                    **{k: figures[k] <= v for k, v in GOALS.items()},
                    "envforge_size_le_naive_legacy": all(
                        cold_size[c] <= legacy_size[c] for c in ids
                    ),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
