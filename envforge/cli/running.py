"""How a command runs its job and shows its result: the context it opens, progress bars, the
envelope or the view, the exit code."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import EXIT_FAILED, EXIT_OK
from ..results import envelope
from . import settings
from .human import Output

if TYPE_CHECKING:
    from ..jobs.context import Context

__all__ = ["context", "exit_code", "inputs", "run_job", "show", "with_progress"]


def inputs(args: argparse.Namespace) -> tuple[Path, ...]:
    """The files a command reads: no file it writes may be one of them."""
    from .. import paths
    from ..outputs import inputs_of

    db = getattr(args, "db", None)
    named = [getattr(args, name, None) for name in ("site", "ca_bundle", "log", "directory")]
    found = [Path(db) if db else paths.state().db, *(Path(p) for p in named if p and p != "-")]
    if getattr(args, "matrix", None) is not None or hasattr(args, "select"):
        found.append(paths.resolve_matrix(getattr(args, "matrix", None)))
    return inputs_of(*found)


def context(args: argparse.Namespace, *, db: Path | None = None) -> Context:
    from ..jobs.context import Context

    named = getattr(args, "db", None)
    db = Path(named) if named else db
    return Context(db=db, inputs=inputs(args) if db is None else (*inputs(args), db))


def exit_code(passed: bool) -> int:
    return EXIT_OK if passed else EXIT_FAILED


class _Result(Protocol):
    @property
    def passed(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


class _RunResult(_Result, Protocol):
    @property
    def run_id(self) -> str: ...


R = TypeVar("R", bound=_Result)
RunR = TypeVar("RunR", bound=_RunResult)


def show(
    out: Output,
    command: str,
    result: R,
    view: Callable[[Output, R], None],
    run_id: str | None = None,
) -> int:
    """Print ``result``'s envelope (``--json``) or its view; exit by whether it passed."""
    if out.json_mode:
        out.json(envelope(command, result.to_dict(), run_id=run_id))
    else:
        view(out, result)
    return exit_code(result.passed)


def with_progress(
    args: argparse.Namespace,
    out: Output,
    command: str,
    job: Callable[[Context], RunR],
    view: Callable[[Output, RunR], None],
) -> int:
    """Run ``job`` with progress bars, then ``show`` its result."""
    with context(args) as ctx, out.progress() as progress:
        ctx.progress = progress
        result = job(ctx)
    return show(out, command, result, view, run_id=result.run_id)


def run_job(
    args: argparse.Namespace,
    out: Output,
    command: str,
    job: ModuleType,
    request: Any,
    view: Callable[[Output, Any], None],
    *,
    entry: str = "run",
) -> int:
    """A job with a preamble (its module's ``resolve``, then ``entry``): the option rules of
    ``command`` (``settings.RULES``) and the job's own checks reported together, before anything
    is touched; then the job, with progress bars."""
    known = settings.problems(command, args)

    def work(ctx: Context) -> Any:
        preamble = job.resolve(ctx, request, known)
        return getattr(job, entry)(ctx, request, preamble)

    return with_progress(args, out, command, work, view)
