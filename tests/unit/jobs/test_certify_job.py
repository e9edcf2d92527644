"""The certify job: its steps, the store, reuse, failures and interruption (in-memory engine)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from envforge import labels
from envforge.jobs import certify
from envforge.jobs.context import Context
from envforge.jobs.options import Selection
from envforge.results import Verdict

from ..fakes import FakeEngine
from .conftest import BUILD, CPU_CELL, CUDA_CELL, PROBE

REQUEST = certify.CertifyRequest(Selection(None), BUILD, PROBE)


def test_every_cell_is_built_probed_judged_and_recorded(ctx: Context, engine: FakeEngine) -> None:
    result = certify.run(ctx, REQUEST)
    assert [c.cell_id for c in result.cells] == [CPU_CELL, CUDA_CELL] and result.passed
    for cell in result.cells:
        cert = cell.certificate
        assert cert.verdict is Verdict.CERTIFIED and cert.level_reached == 1
        assert cert.stopped_by == "GPU levels not reached: no GPU on this host"
        assert cell.probe_log is not None and cell.probe_log.read_text().startswith("# exit code 0")
    assert len(engine.builds) == 2 and len(engine.runs) == 2
    stored = ctx.store.certificates(run_id=result.run_id)
    assert {s.certificate.cell_id: s.certificate for s in stored} == {
        c.cell_id: c.certificate for c in result.cells
    }
    [run] = ctx.store.runs()
    assert (run.id, run.status, run.command) == (result.run_id, "finished", "certify")


def test_the_probe_runs_confined_and_labelled_and_stale_probes_are_removed(
    ctx: Context, engine: FakeEngine
) -> None:
    result = certify.run(ctx, REQUEST)
    image, argv, found = engine.runs[0]
    assert argv == ["envforge-probe", "--json", "--level", "3"]
    assert found[labels.RUN] == result.run_id and found[labels.ROLE] == labels.ROLE_PROBE
    assert engine.removed[0] == {labels.ROLE: labels.ROLE_PROBE}  # a dead run's leftovers, first


def test_a_second_run_reuses_images_and_certificates_unless_forced(
    ctx: Context, engine: FakeEngine
) -> None:
    first = certify.run(ctx, REQUEST)
    again = certify.run(ctx, REQUEST)
    assert all(c.reused for c in again.cells) and len(engine.runs) == 2
    assert [c.certificate for c in again.cells] == [c.certificate for c in first.cells]
    forced = certify.run(ctx, replace(REQUEST, probe=replace(PROBE, force=True)))
    assert not any(c.reused for c in forced.cells) and len(engine.runs) == 4
    higher = certify.run(ctx, replace(REQUEST, probe=replace(PROBE, level=1)))
    assert all(c.reused for c in higher.cells)  # an L3 request's certificate covers L1


def test_a_failed_build_is_certified_as_such_and_the_others_stand(
    ctx: Context, engine: FakeEngine
) -> None:
    engine.broken[CUDA_CELL] = "pip failed: no matching distribution"
    result = certify.run(ctx, REQUEST)
    by_cell = {c.cell_id: c.certificate for c in result.cells}
    assert by_cell[CPU_CELL].verdict is Verdict.CERTIFIED
    assert by_cell[CUDA_CELL].verdict is Verdict.BUILD_FAILED and not result.passed
    assert by_cell[CUDA_CELL].diagnoses[0].summary == "pip failed: no matching distribution"
    assert len(ctx.store.certificates()) == 2 and len(engine.runs) == 1


def test_an_interrupted_run_keeps_what_it_recorded_and_removes_its_containers(
    ctx: Context, engine: FakeEngine
) -> None:
    def interrupt_the_second(image: str) -> None:
        if len(engine.runs) == 2:
            raise KeyboardInterrupt

    engine.on_run = interrupt_the_second
    with pytest.raises(KeyboardInterrupt):
        certify.run(ctx, replace(REQUEST, build=replace(BUILD, jobs=1)))
    [run] = ctx.store.runs()
    assert run.status == "interrupted"
    assert len(ctx.store.certificates(run_id=run.id)) == 1
    assert engine.removed[-1] == {labels.RUN: run.id}


def test_selection_and_progress(ctx: Context) -> None:
    events: list[str] = []

    class Recorder:
        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return lambda *args: events.append(name)

    ctx.progress = Recorder()  # type: ignore[assignment]
    result = certify.run(ctx, replace(REQUEST, selection=Selection(None, ("tf-cpu-*",))))
    assert [c.cell_id for c in result.cells] == [CPU_CELL]
    assert events.count("cells") == 1 and events.count("cell_done") == 1
    assert (
        events.index("build_started")
        < events.index("build_finished")
        < events.index("probe_started")
        < events.index("cell_done")
    )
