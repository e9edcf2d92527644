"""The house's rules, read from the source (docs/architecture.md, "The rules"): no job imports
another job; only engine/ talks to Docker or Slurm; only cli/ (and the probe, a program of its
own) prints or exits."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "envforge"
JOBS = SOURCE / "jobs"
# Helpers of the jobs, which jobs share (everything else under jobs/ is a job).
HELPERS = {"__init__", "context", "options", "preamble", "steps", "build_settings", "probing",
           "push", "progress", "attestations"}  # fmt: skip
SLURM_COMMANDS = {"sbatch", "squeue", "scancel", "scontrol", "sacct", "sinfo"}


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute (``from .steps import x`` in jobs -> envforge.jobs.steps)."""
    package = module_name(path).rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def jobs() -> dict[str, Path]:
    found = {}
    for path in sorted(JOBS.rglob("*.py")):
        if path.parent == JOBS / "cluster" and path.stem in ("__init__", "steps"):
            continue
        if path.parent == JOBS and path.stem in HELPERS:
            continue
        found[module_name(path)] = path
    return found


def test_no_job_imports_another_job() -> None:
    every = jobs()
    assert "envforge.jobs.certify" in every and "envforge.jobs.cluster.slurm" in every
    crossing = sorted(
        f"{name} imports {other}"
        for name, path in every.items()
        for other in imported(path) & set(every)
        if other != name
    )
    assert crossing == []


def test_only_the_engine_talks_to_docker_or_slurm() -> None:
    docker, slurm = set(), set()
    for path in sorted(SOURCE.rglob("*.py")):
        where = str(path.relative_to(SOURCE))
        if any(m == "docker" or m.startswith("docker.") for m in imported(path)):
            docker.add(where)
        for node in ast.walk(tree(path)):  # a command line: the first word of an argv or a call
            first = (
                node.elts[0]
                if isinstance(node, (ast.List, ast.Tuple)) and node.elts
                else node.args[0]
                if isinstance(node, ast.Call) and node.args
                else None
            )
            if isinstance(first, ast.Constant) and first.value in SLURM_COMMANDS:
                slurm.add(where)
    assert docker == {"engine/docker.py"}
    assert slurm == {"engine/slurm.py"}


def test_only_the_command_line_prints_or_exits() -> None:
    found = set()
    for path in sorted(SOURCE.rglob("*.py")):
        where = path.relative_to(SOURCE)
        if where.parts[0] in ("cli", "probe"):  # the probe is a program of its own, in images
            continue
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in ("print", "exit"):
                    found.add(f"{where}:{node.lineno} {name}")
    assert found == set()
