"""What a job tells its caller while it works: per-cell events and notes. Jobs never print."""

from __future__ import annotations

from typing import Protocol

from ..results import BuildResult, CellResult

__all__ = ["Progress", "NullProgress"]


class Progress(Protocol):
    def note(self, text: str) -> None:
        """A line worth showing (what was resolved, what was skipped and why)."""
        ...

    def cells(self, cell_ids: list[str]) -> None:
        """The cells this job will work on, in order."""
        ...

    def build_started(self, cell_id: str) -> None: ...
    def build_step(self, cell_id: str, step: int, total: int) -> None: ...
    def build_finished(self, result: BuildResult) -> None: ...
    def probe_started(self, cell_id: str) -> None: ...
    def cell_done(self, result: CellResult) -> None: ...


class NullProgress:
    """Progress nobody watches (JSON output, library use, tests)."""

    def note(self, text: str) -> None:
        pass

    def cells(self, cell_ids: list[str]) -> None:
        pass

    def build_started(self, cell_id: str) -> None:
        pass

    def build_step(self, cell_id: str, step: int, total: int) -> None:
        pass

    def build_finished(self, result: BuildResult) -> None:
        pass

    def probe_started(self, cell_id: str) -> None:
        pass

    def cell_done(self, result: CellResult) -> None:
        pass
