"""Cell -> Dockerfile, through the Jinja templates under ``dockerfiles/`` (StrictUndefined).

Rendering is deterministic: the same cell gives the same bytes. The rendered Dockerfile names the
*official* base image as ``ARG BASE_IMAGE``; a site's mapping to local images is a build argument,
so the file itself stays portable. The small generated files of the build context (the cell's
expectations, helper scripts) are rendered here too; the probe payload and any CA bundle or
wheels are added by ``build``.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from . import __version__, labels, paths
from .errors import BadInputError
from .matrix import Cell
from .stacks import STACKS, StackSpec

__all__ = [
    "BUILDERS",
    "RenderedCell",
    "render_cell",
    "template_for",
    "cell_labels",
    "final_env",
    "probe_files",
]


@dataclass(frozen=True)
class RenderedCell:
    """A cell's Dockerfile and the generated files of its build context."""

    cell_id: str
    template: str
    dockerfile: str
    files: dict[
        str, bytes
    ]  # context-relative path -> content (mode 0755 when under bin/ or build/)
    labels: dict[str, str]

    @property
    def digest(self) -> str:
        """sha256 over the Dockerfile and generated files (not the probe payload or wheels)."""
        h = hashlib.sha256(self.dockerfile.encode())
        for name in sorted(self.files):
            h.update(name.encode() + b"\0" + self.files[name])
        return h.hexdigest()


@cache
def _environment(directory: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(directory)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # noqa: S701 - Dockerfiles, not HTML
    )
    env.filters["shquote"] = lambda value: shlex.quote(str(value))
    env.filters["dquote"] = lambda value: json.dumps(str(value), ensure_ascii=False)  # "a string"
    env.filters["envquote"] = _env_value
    return env


def _env_value(value: object) -> str:
    """An ENV value: bare when plain (so ``$PATH`` expands), else a double-quoted string."""
    text = str(value)
    return (
        text
        if re.fullmatch(r"[A-Za-z0-9_./:,=+@$-]+", text)
        else json.dumps(text, ensure_ascii=False)
    )


def final_env(spec: StackSpec) -> list[tuple[str, str]]:
    """The final stage's environment, in one ENV instruction: paths, the stack's variables, and what
    the NVIDIA container toolkit reads (which GPUs and libraries to inject, the driver requirement)."""
    recipe = spec.recipe
    if recipe.layout == "venv":
        pairs = [("PATH", "/opt/venv/bin:/opt/envforge/bin:$PATH"), ("VIRTUAL_ENV", "/opt/venv")]
    else:
        pairs = [("PATH", "/opt/envforge/bin:$PATH")]
    pairs += list(recipe.env)
    if spec.accelerator == "cuda":
        if spec.expect.nvidia_require_cuda:
            pairs.append(("NVIDIA_REQUIRE_CUDA", spec.expect.nvidia_require_cuda))
        pairs += [
            ("NVIDIA_VISIBLE_DEVICES", "all"),
            ("NVIDIA_DRIVER_CAPABILITIES", "compute,utility"),
        ]
    if recipe.library_dirs:
        pairs.append(("LD_LIBRARY_PATH", ":".join(recipe.library_dirs)))
    return pairs


def template_for(cell: Cell) -> str:
    """Every stack has its own template; small ones only extend a layout."""
    return f"stacks/{cell.spec.stack}.Dockerfile.j2"


def cell_labels(cell: Cell) -> dict[str, str]:
    """Labels baked into the Dockerfile: OCI metadata and the cell's expectations."""
    spec = cell.spec
    expect = spec.expect.to_dict()
    found = {
        "org.opencontainers.image.title": f"envforge {cell.id}",
        "org.opencontainers.image.description": STACKS[spec.stack].description,
        "org.opencontainers.image.base.name": spec.recipe.base_image,
        "org.opencontainers.image.vendor": "envforge",
        labels.CELL: cell.id,
        labels.STACK: spec.stack,
        labels.EXPECT: json.dumps(expect, sort_keys=True),
    }
    for key in ("framework", "framework_version", "python", "accelerator", "cuda", "cudnn"):
        if key in expect:
            found[f"{labels.EXPECT}.{key.replace('_', '-')}"] = str(expect[key])
    return found


BUILDERS = ("buildkit", "legacy")


def render_cell(
    cell: Cell,
    *,
    builder: str = "buildkit",
    template_dir: Path | None = None,
    gpu_peaks: dict[str, dict[str, float]] | None = None,
) -> RenderedCell:
    """Render ``cell``'s Dockerfile for ``builder`` (buildkit or legacy) and its generated files."""
    if builder not in BUILDERS:
        raise ValueError(f"builder must be one of {BUILDERS}, not {builder!r}")
    spec = cell.spec
    template = template_for(cell)
    labels_ = cell_labels(cell)
    context = {
        "template": template,
        "cell_id": cell.id,
        "description": STACKS[spec.stack].description,
        "base_image": spec.recipe.base_image,
        "python_from": spec.recipe.python_from,
        "runtime_packages": list(spec.recipe.apt_packages),
        "requirements": list(spec.recipe.requirements),
        "pip_args": list(spec.recipe.pip_args),
        "final_env": final_env(spec),
        "labels": labels_,
        "accelerator": spec.accelerator,
        "spec": spec,
        "builder": builder,
    }
    directory = template_dir or paths.dockerfiles_dir()
    try:
        text = _environment(directory).get_template(template).render(context)
    except jinja2.TemplateNotFound as exc:
        raise BadInputError(
            f"cell {cell.id}: template {exc.name} not found under {directory}"
        ) from None
    except jinja2.UndefinedError as exc:
        raise BadInputError(f"cell {cell.id}: template {template}: {exc.message}") from None
    except jinja2.TemplateSyntaxError as exc:
        where = f"{exc.filename or exc.name}:{exc.lineno}"
        raise BadInputError(f"cell {cell.id}: template error at {where}: {exc.message}") from None
    except jinja2.TemplateError as exc:
        raise BadInputError(f"cell {cell.id}: template {template}: {exc}") from None
    expect = {
        "cell": cell.id,
        **spec.expect.to_dict(),
        **({"gpu_peaks": gpu_peaks} if gpu_peaks else {}),
    }
    files = {
        "build/pip-install": (directory / "context" / "pip-install").read_bytes(),
        **probe_files(expect, directory),
    }
    return RenderedCell(
        cell_id=cell.id,
        template=template,
        dockerfile=_tidy(text),
        files=files,
        labels=labels_,
    )


def probe_files(expect: dict[str, object], directory: Path | None = None) -> dict[str, bytes]:
    """The probe's launcher, the expectations it judges against, and envforge's version: files of the
    ``probe/`` directory every image gets (the payload itself is added by the builder)."""
    scripts = (directory or paths.dockerfiles_dir()) / "context"
    return {
        "probe/bin/envforge-probe": (scripts / "envforge-probe").read_bytes(),
        "probe/expect.json": (json.dumps(expect, sort_keys=True, indent=1) + "\n").encode(),
        "probe/version": f"envforge {__version__}\n".encode(),
    }


def _tidy(text: str) -> str:
    """Collapse runs of blank lines left by template blocks; end with one newline."""
    lines: list[str] = []
    for line in text.rstrip().splitlines():
        if line.strip() == "" and lines and lines[-1] == "":
            continue
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"
