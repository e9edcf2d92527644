"""The CLI, in-process: ``envforge(*argv)`` runs ``main_inner`` and captures what it printed.

Jobs can be intercepted (cibuildwheel's ArgsInterceptor): ``intercept("certify")`` replaces
``envforge.jobs.certify.run`` with a recorder, so a test asserts on the request the CLI built.
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

from envforge.cli import main_inner


@dataclass
class CliRun:
    code: int
    stdout: str
    stderr: str

    @property
    def envelope(self) -> dict[str, Any]:
        doc: dict[str, Any] = json.loads(self.stdout)
        return doc

    @property
    def data(self) -> Any:
        return self.envelope["data"]


@pytest.fixture()
def envforge(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., CliRun]:
    def run(*argv: str, stdin: str | None = None) -> CliRun:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
        code = main_inner(list(argv))
        out, err = capsys.readouterr()
        return CliRun(code, out, err)

    return run


@dataclass
class Interceptor:
    """Records each call of a job's entry point and returns ``result`` (or raises ``error``)."""

    result: Any = None
    error: BaseException | None = None
    calls: list[tuple[Any, ...]] = field(default_factory=list)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(args)
        if self.error is not None:
            raise self.error
        return self.result

    @property
    def request(self) -> Any:
        return self.calls[-1][1]


@pytest.fixture()
def intercept(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Interceptor]:
    def replace(job: str, entry: str = "run", **kwargs: Any) -> Interceptor:
        """``job``'s ``entry`` replaced; its preamble (``resolve``) too: these tests are about the
        request the command line builds (the preamble's own tests run it)."""
        import importlib  # noqa: PLC0415

        module = importlib.import_module(f"envforge.jobs.{job}")
        interceptor = Interceptor(**kwargs)
        monkeypatch.setattr(module, entry, interceptor)
        if hasattr(module, "resolve"):
            monkeypatch.setattr(module, "resolve", lambda *args, **kwargs: None)
        return interceptor

    return replace
