"""A run's preamble: every setting resolved and said, every problem reported together, and nothing
touched (no run record, no engine call) when the run is refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from envforge.errors import InvalidFileError, ProblemsError
from envforge.jobs import build, certify, forge
from envforge.jobs.context import Context
from envforge.jobs.options import Selection

from ..fakes import FakeEngine
from .conftest import BUILD, CPU_CELL, CUDA_CELL, PROBE

REQUEST = certify.CertifyRequest(Selection(None), BUILD, PROBE)


def bad_site(tmp_path: Path) -> Path:
    site = tmp_path / "site.yaml"
    site.write_text('bases:\n  "debian:bookworm-slim": 12\nmirror: yes\n')
    return site


def test_the_preamble_says_and_returns_every_setting_before_the_run(
    ctx: Context, engine: FakeEngine
) -> None:
    notes: list[str] = []

    class Notes:
        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return (lambda text: notes.append(text)) if name == "note" else (lambda *a: None)

    ctx.progress = Notes()  # type: ignore[assignment]
    result = certify.run(ctx, REQUEST)
    said = "\n".join(notes)
    first_engine_note = next(i for i, n in enumerate(notes) if n.startswith("host:"))
    preamble = notes[:first_engine_note]
    assert preamble[0].startswith("envforge ") and "certify (backend local)" in preamble[0]
    assert any("2 of 2 cell(s) selected" in n for n in preamble)
    assert any(n.startswith("probe: level 3, timeout 60 s, memory 1g") for n in preamble)
    assert any(
        "wheelhouse: (none: pip in each build uses the package index)" in n for n in preamble
    )
    assert "site file: none" in said
    data = result.to_dict()["preamble"]
    assert data["matrix"]["cells"] == [CPU_CELL, CUDA_CELL] and data["backend"] == "local"
    assert data["build"]["wheelhouse_mode"] == "none" and data["build"]["site"] is None
    assert data["probe"] == {"level": 3, "timeout_s": 60.0, "memory": "1g", "force": False}


def test_a_bad_site_file_is_refused_before_a_run_opens_or_the_engine_is_asked(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    with pytest.raises(InvalidFileError) as refused:
        certify.run(ctx, replace(REQUEST, build=replace(BUILD, site=bad_site(tmp_path))))
    assert len(refused.value.lines) == 2 and all(
        "site.yaml:" in line for line in refused.value.lines
    )
    assert engine.contacted == [] and ctx.store.runs() == []


def test_every_problem_is_reported_together(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    request = build.BuildRequest(
        Selection(None, ("no-such-cell-*",)), replace(BUILD, site=bad_site(tmp_path))
    )
    with pytest.raises(ProblemsError) as refused:
        build.run(ctx, request)
    lines = refused.value.lines
    assert len(lines) == 3 and sum("site.yaml:" in line for line in lines) == 2
    assert any("no-such-cell-*" in line for line in lines)
    assert refused.value.exit_code == 2  # bad input and nothing selected: bad input
    assert engine.contacted == [] and ctx.store.runs() == []


def test_forge_checks_its_spec_and_gpu_before_anything_runs(
    ctx: Context, engine: FakeEngine
) -> None:
    request = forge.ForgeRequest(tf="2.x", build=BUILD, probe=PROBE, gpu="Voodoo 3")
    with pytest.raises(ProblemsError) as refused:
        forge.run(ctx, request)
    tf, gpu = refused.value.lines
    assert tf.startswith("--tf 2.x: not a version or range") and gpu.startswith("--gpu 'Voodoo 3'")
    assert engine.contacted == [] and ctx.store.runs() == []
