"""Every error envforge reports to a user, each with its exit code.

All exit codes are defined here so that they stay few and distinct (the CLI contract):
0 success; 1 something was checked and failed; 2 bad input; 3 nothing selected; 4 engine (or
cluster, or registry) unavailable; 70 an internal error (a bug: rerun with --debug); 130
interrupted (Ctrl-C; what was recorded is kept). Library code raises these; only ``envforge.cli``
turns them into a message and an exit status. A message is one line that says what went wrong and
where; ``hint`` says what to do next. ``ProblemsError`` carries several such errors found together
(a run's preamble reports every problem at once, one line each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

__all__ = [
    "EXIT_OK",
    "EXIT_FAILED",
    "EXIT_BAD_INPUT",
    "EXIT_NOTHING_SELECTED",
    "EXIT_ENGINE_UNAVAILABLE",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EnvforgeError",
    "CheckFailedError",
    "BadInputError",
    "InvalidFileError",
    "NothingSelectedError",
    "EngineUnavailableError",
    "ProblemsError",
    "Problems",
    "Location",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_NOTHING_SELECTED = 3
EXIT_ENGINE_UNAVAILABLE = 4
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130


class EnvforgeError(Exception):
    """Base of every error shown to a user."""

    exit_code = EXIT_FAILED

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.lines = [message]  # what the user is shown, one line each


class CheckFailedError(EnvforgeError):
    """Something was checked and found not to work."""

    exit_code = EXIT_FAILED


class BadInputError(EnvforgeError):
    """Usage error, or an option value that cannot be used."""

    exit_code = EXIT_BAD_INPUT


class Location:
    """Where in a file a problem is: ``path:line: key``."""

    __slots__ = ("path", "line", "key")

    def __init__(self, path: Path | str, line: int | None = None, key: str | None = None) -> None:
        self.path = Path(path)
        self.line = line
        self.key = key

    def __str__(self) -> str:
        where = str(self.path)
        if self.line is not None:
            where += f":{self.line}"
        if self.key:
            where += f": {self.key}"
        return where


class InvalidFileError(BadInputError):
    """A matrix, site or knowledge-base file that does not exist, parse or validate.

    Carries every problem found (all are reported at once); ``message`` is the first, located.
    """

    def __init__(self, problems: list[tuple[Location, str]], *, hint: str | None = None) -> None:
        if not problems:
            raise ValueError("InvalidFileError needs at least one problem")
        from .untrusted import printable  # noqa: PLC0415 - errors stays the lightest module

        self.problems = problems
        lines = [printable(f"{loc}: {text}", limit=1000, one_line=True) for loc, text in problems]
        super().__init__(lines[0], hint=hint)
        self.lines = lines


class NothingSelectedError(EnvforgeError):
    """A selection (``--select``) matched no cell."""

    exit_code = EXIT_NOTHING_SELECTED


class EngineUnavailableError(EnvforgeError):
    """No container engine answers (or no cluster, or no registry, where one is needed)."""

    exit_code = EXIT_ENGINE_UNAVAILABLE


class ProblemsError(EnvforgeError):
    """Several problems found together (before a run starts): every line of every one, and the
    hints they give; exit 2 when any is bad input, else the code of the first."""

    def __init__(self, problems: list[EnvforgeError]) -> None:
        if not problems:
            raise ValueError("ProblemsError needs at least one problem")
        lines = [line for problem in problems for line in problem.lines]
        hints = list(dict.fromkeys(p.hint for p in problems if p.hint))
        super().__init__(lines[0], hint="; ".join(hints) or None)
        self.problems = problems
        self.lines = lines
        bad = any(p.exit_code == EXIT_BAD_INPUT for p in problems)
        self.exit_code = EXIT_BAD_INPUT if bad else problems[0].exit_code


T = TypeVar("T")


class Problems:
    """Problems collected rather than raised, so that all of them are reported at once."""

    def __init__(self, known: Sequence[EnvforgeError] = ()) -> None:
        self.found: list[EnvforgeError] = list(known)

    def attempt(self, step: Callable[[], T]) -> T | None:
        """``step()``, or None with its problem kept (bad input, nothing selected)."""
        try:
            return step()
        except (BadInputError, NothingSelectedError) as problem:
            self.found.append(problem)
            return None

    def raise_any(self) -> None:
        """Raise what was found: the one problem as it is, several as one ``ProblemsError``."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise ProblemsError(self.found)
