"""What running a command in a container gave: produced by the engine, judged by certification.

A neutral value type, so that certification stays pure (it never imports the engine module).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ContainerRun"]


@dataclass(frozen=True)
class ContainerRun:
    exit_code: (
        int | None
    )  # None when it never finished (killed on timeout, or the engine went away)
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False
    oom_killed: bool = False
    error: str | None = None  # the engine could not run it at all
