"""Every error envforge reports to a user, each with its exit code.

All exit codes are defined here so that they stay few and distinct (the CLI contract):
0 success; 1 something was checked and failed; 2 bad input; 3 nothing selected; 4 engine (or
cluster, or registry) unavailable; 70 an internal error (a bug: rerun with --debug); 130
interrupted (Ctrl-C; what was recorded is kept). Library code raises these; only ``envforge.cli``
turns them into a message and an exit status. A message is one line that says what went wrong and
where; ``hint`` says what to do next.
"""

from __future__ import annotations

from pathlib import Path

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
