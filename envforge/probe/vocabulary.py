"""The words every result is said in: a check's ``Status``, a certificate's ``Verdict``.

One value set in the probe's report, the store, every ``--json`` document, the published tables
and the terminal. Standard library only, and runs on Python 3.9 (this package is copied into
images): both are ``str`` enums, as ``codes.Code`` is, so a value serialises as itself.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Status", "Verdict"]


class _Word(str, Enum):
    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Status(_Word):
    """One check: passed; works with a cost or a risk (warn); could not be checked here (skip);
    failed. The tables draw a verdict with the status it reads as (``Verdict.status``)."""

    PASS = "pass"
    WARN = "warn"
    SKIP = "skip"
    FAIL = "fail"


class Verdict(_Word):
    """One image on one host (or cluster node)."""

    CERTIFIED = "CERTIFIED"
    FAILED = "FAILED"
    BUILD_FAILED = "BUILD_FAILED"
    PROBE_ERROR = "PROBE_ERROR"
    NOT_TESTED = "NOT_TESTED"  # a cluster node that was down or drained: nothing ran there

    @property
    def status(self) -> Status:
        """How the verdict reads beside a check: certified passes, a probe error warns (the image
        was not judged), not tested was not checked, the rest failed."""
        return _READS_AS[self]


_READS_AS = {
    Verdict.CERTIFIED: Status.PASS,
    Verdict.FAILED: Status.FAIL,
    Verdict.BUILD_FAILED: Status.FAIL,
    Verdict.PROBE_ERROR: Status.WARN,
    Verdict.NOT_TESTED: Status.SKIP,
}
