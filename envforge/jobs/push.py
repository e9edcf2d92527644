"""Images pushed by digest: ``REPO@sha256:...`` is the identity that survives a push, so every
certificate made away from the build host keys on it. Credentials are the engine's own (``docker
login``); envforge neither asks for nor keeps any.
"""

from __future__ import annotations

import re

from ..errors import EngineUnavailableError
from ..results import BuildResult
from .context import Context, Run

__all__ = ["check_registry", "push_image", "push_all", "repository_name"]


def repository_name(name: str) -> str:
    """A cell id or an image reference as one path component of a repository (``[a-z0-9._-]``,
    starting with a letter or digit): ``python:3.11-slim`` -> ``python-3.11-slim``."""
    cleaned = re.sub(r"[^a-z0-9._-]+|[._-]{2,}", "-", name.lower()).strip("._-")
    return cleaned[:128] or "image"


def push_image(ctx: Context, built: BuildResult, registry: str, run: Run) -> str:
    """Tag ``built`` for ``registry``, push it, record and return its ``REPO@sha256:...``."""
    assert built.image_id is not None
    repository = f"{registry.rstrip('/')}/{repository_name(built.cell_id)}"
    ref = f"{repository}:{built.content_hash[:16] or 'latest'}"
    ctx.engine.tag(built.image_id, ref)
    digest = ctx.engine.push(ref)
    ctx.store.add_push(built.image_id, digest, cell_id=built.cell_id, run_id=run.id)
    return digest


def check_registry(ctx: Context, registry: str) -> None:
    why = ctx.engine.registry_answers(registry)
    if why is not None:
        raise EngineUnavailableError(
            f"registry {registry} does not answer ({why}): nothing was built or submitted",
            hint="start it (scripts/cluster up starts one on 127.0.0.1), or give --registry",
        )


def push_all(ctx: Context, builds: list[BuildResult], registry: str, run: Run) -> dict[str, str]:
    """Every image that built, pushed: cell -> ``REPO@sha256:...``."""
    return {b.cell_id: push_image(ctx, b, registry, run) for b in builds if b.ok}
