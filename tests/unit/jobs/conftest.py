"""Jobs against the in-memory engine, a temporary state directory and store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from envforge.jobs.context import Context
from envforge.jobs.options import BuildOptions, ProbeOptions
from envforge.paths import StatePaths

from ..facts import TF_CPU, TF_CUDA, document
from ..fakes import FakeEngine, report
from ..hosts import NO_GPU

CPU_CELL = "tf-cpu-tf2.21.0-py3.11"
CUDA_CELL = "tf-cuda-pip-tf2.21.0-py3.11"
BUILD = BuildOptions(
    jobs=2,
    nocache=False,
    site=None,
    ca_bundle=None,
    wheelhouse=None,
    no_wheelhouse=True,
    offline=False,
    refresh_wheelhouse=False,
)
PROBE = ProbeOptions(level=3, timeout_s=60.0, memory="1g")


@pytest.fixture()
def engine() -> FakeEngine:
    """Answers each default cell's probe with the document its real image gave."""
    return FakeEngine(
        reports={CPU_CELL: report(document(TF_CPU)), CUDA_CELL: report(document(TF_CUDA))}
    )


@pytest.fixture()
def ctx(tmp_path: Path, engine: FakeEngine) -> Iterator[Context]:
    with Context(state=StatePaths(tmp_path / "state"), engine=engine, host=NO_GPU) as context:
        yield context
