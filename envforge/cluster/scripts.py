"""The script each (image, node) task runs, per container runtime (templates/task.sh.j2).

docker and podman pull the image by digest and run its own probe under the same confinement as a
local probe (ProbeLimits.cli_flags); pyxis (srun --container-image) and Apptainer are the runtimes
of clusters without Docker on their nodes: their scripts are golden-tested, not run here.
"""

from __future__ import annotations

import re
import shlex
from functools import cache
from pathlib import Path

import jinja2

from .. import labels as keys
from ..engine import ProbeLimits

__all__ = ["RUNTIMES", "task_script", "enroot_uri"]

RUNTIMES = ("docker", "podman", "pyxis", "apptainer")
_TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # noqa: S701 - shell scripts, not HTML
    )
    env.filters["shquote"] = lambda value: shlex.quote(str(value))
    env.filters["comment"] = _comment
    return env


def _comment(value: object) -> str:
    """``value`` safe inside a ``#`` comment: one line, no control characters."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", "?", str(value))


def enroot_uri(image: str) -> str:
    """``registry:5000/repo@sha256:..`` as enroot names it: ``registry:5000#repo@sha256:..``."""
    head, _, rest = image.partition("/")
    if rest and ("." in head or ":" in head or head == "localhost"):
        return f"{head}#{rest}"
    return image


def task_script(
    *,
    runtime: str,
    run_id: str,
    cell_id: str,
    image: str,
    out: Path,
    container_name: str,
    level: int,
    timeout_s: int,
    limits: ProbeLimits,
    gpu: bool,
) -> str:
    """The shell script of one task: probe ``image`` on the node it runs on, results under ``out``."""
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime must be one of {RUNTIMES}, not {runtime!r}")
    registry = image.split("/", 1)[0]
    labels = [f"--label={keys.RUN}={run_id}", f"--label={keys.ROLE}={keys.ROLE_PROBE}"]
    return (
        _environment()
        .get_template("task.sh.j2")
        .render(
            runtime=runtime,
            run_id=run_id,
            cell_id=cell_id,
            image=image,
            enroot_image=enroot_uri(image),
            out=str(out),
            container_name=container_name,
            probe=["envforge-probe", "--json", "--level", str(level)],
            timeout_s=timeout_s,
            flags=limits.cli_flags(runtime),
            labels=labels,
            gpu=gpu,
            insecure_registry=registry.startswith(("127.", "localhost")),
        )
    )
