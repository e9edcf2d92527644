"""The script each (image, node) task runs, per container runtime (templates/task.sh.j2).

docker and podman pull the image by digest and run its own probe under the same confinement as a
local probe (ProbeLimits.cli_flags); pyxis (srun --container-image) and Apptainer are the runtimes
of clusters without Docker on their nodes: their scripts are golden-tested, not run here;
charliecloud (ch-run, unprivileged, from a SquashFS made once per image on shared storage) runs
for real on the simulated cluster.
"""

from __future__ import annotations

import re
import shlex
from functools import cache
from pathlib import Path

import jinja2

from .. import labels as keys
from ..engine import ProbeLimits

__all__ = ["RUNTIMES", "task_script", "enroot_uri", "memory_bytes", "template_environment"]

RUNTIMES = ("docker", "podman", "pyxis", "apptainer", "charliecloud")
_UNITS = {"": 1, "b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def template_environment() -> jinja2.Environment:
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


def memory_bytes(size: str) -> int:
    """``6g`` (Docker's memory notation) in bytes."""
    match = re.fullmatch(r"(\d+)([bkmgt]?)", size.strip().lower())
    if match is None:
        raise ValueError(f"not a memory size: {size!r}")
    return int(match.group(1)) * _UNITS[match.group(2)]


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
    image_cache: Path | None = None,
) -> str:
    """The shell script of one task: probe ``image`` on the node it runs on, results under ``out``
    (charliecloud: the image's SquashFS made once in ``image_cache``, storage the nodes share)."""
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime must be one of {RUNTIMES}, not {runtime!r}")
    uid, _, gid = limits.user.partition(":")
    registry = image.split("/", 1)[0]
    labels = [f"--label={keys.RUN}={run_id}", f"--label={keys.ROLE}={keys.ROLE_PROBE}"]
    return (
        template_environment()
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
            image_cache=str(image_cache or out.parent / "images"),
            digest_hex=image.rpartition("@sha256:")[2] or "unpinned",
            memory_bytes=memory_bytes(limits.memory),
            pids=limits.pids,
            uid=int(uid) if uid.isdigit() else 65534,
            gid=int(gid) if gid.isdigit() else 65534,
        )
    )
