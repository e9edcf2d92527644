"""The build, verify and forge jobs against the in-memory engine."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from envforge.errors import BadInputError, CheckFailedError, EnvforgeError
from envforge.jobs import build, forge, verify
from envforge.jobs.context import Context
from envforge.jobs.options import Selection

from ..facts import TF_CPU, TF_CUDA, document, judged, variant
from ..fakes import FakeEngine, Image, report
from .conftest import BUILD, CPU_CELL, CUDA_CELL, PROBE


def test_build_tags_by_content_and_does_not_rebuild_what_did_not_change(
    ctx: Context, engine: FakeEngine
) -> None:
    request = build.BuildRequest(Selection(None), BUILD)
    first = build.run(ctx, request)
    assert first.passed and [c.cell_id for c in first.cells] == [CPU_CELL, CUDA_CELL]
    assert all(c.image_ref.startswith(f"envforge/{c.cell_id}:") for c in first.cells)
    again = build.run(ctx, request)
    assert all(c.cached for c in again.cells) and len(engine.builds) == 2
    assert [c.image_ref for c in again.cells] == [c.image_ref for c in first.cells]
    rebuilt = build.run(ctx, replace(request, build=replace(BUILD, nocache=True)))
    assert not any(c.cached for c in rebuilt.cells) and len(engine.builds) == 4


def test_build_without_the_base_image_says_what_to_do(ctx: Context, engine: FakeEngine) -> None:
    del engine.images["debian:bookworm-slim"]
    result = build.run(ctx, build.BuildRequest(Selection(None, ("tf-cpu-*",)), BUILD))
    [cell] = result.cells
    assert not cell.ok and "base image debian:bookworm-slim is not present" in (cell.error or "")
    assert "run scripts/setup" in (cell.error or "")


def test_render_checks_without_writing(ctx: Context, tmp_path: Path) -> None:
    out = tmp_path / "rendered"
    checked = build.render(ctx, build.RenderRequest(Selection(None), out, check=True))
    assert not checked.passed and len(checked.stale) == 2 and not out.exists()
    written = build.render(ctx, build.RenderRequest(Selection(None), out, check=False))
    assert len(written.written) == 2
    assert build.render(ctx, build.RenderRequest(Selection(None), out, check=True)).passed


def test_verify_an_envforge_image_with_its_own_probe(ctx: Context, engine: FakeEngine) -> None:
    image = (
        build.run(ctx, build.BuildRequest(Selection(None, ("tf-cpu-*",)), BUILD)).cells[0].image_ref
    )
    checked = verify.verify(ctx, verify.VerifyRequest(image, PROBE))
    assert checked.passed and not checked.injected
    assert checked.certificate.cell_id == CPU_CELL and checked.certificate.level_reached == 1
    assert engine.runs[-1][1] == ["envforge-probe", "--json", "--level", "3"]  # its own expect.json
    assert ctx.store.certificates() == []  # nothing recorded without --db


def test_verify_a_foreign_image_through_a_shim_removed_afterwards(
    ctx: Context, engine: FakeEngine
) -> None:
    engine.images["someone/else:1"] = Image("sha256:else")
    engine.reports["someone/else:1"] = report(document(TF_CUDA))
    checked = verify.verify(
        ctx, verify.VerifyRequest("someone/else:1", PROBE, expect_accelerator="cuda", record=True)
    )
    assert checked.injected and checked.certificate.expectations.accelerator == "cuda"
    shim = engine.runs[-1][0]
    assert shim.startswith("envforge-verify/shim:") and shim not in engine.images  # removed
    [stored] = ctx.store.certificates()
    assert stored.certificate == checked.certificate


def test_verify_overriding_an_envforge_image_expectations_tells_its_probe(
    ctx: Context, engine: FakeEngine
) -> None:
    image = (
        build.run(ctx, build.BuildRequest(Selection(None, ("tf-cpu-*",)), BUILD)).cells[0].image_ref
    )
    verify.verify(ctx, verify.VerifyRequest(image, PROBE, expect_accelerator="cuda"))
    argv = engine.runs[-1][1]
    assert argv[:4] == ["envforge-probe", "--json", "--level", "3"] and argv[4] == "--expect-json"
    assert json.loads(argv[5])["accelerator"] == "cuda"


def test_verify_an_image_the_engine_does_not_have(ctx: Context) -> None:
    with pytest.raises(BadInputError, match="is not present and cannot be pulled"):
        verify.verify(ctx, verify.VerifyRequest("nowhere/image:1", PROBE))


def test_forge_takes_the_next_candidate_when_one_fails_and_locks_the_winner(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    newest, older = "forge-tf-cpu-tf2.21.0-py3.13", "forge-tf-cpu-tf2.20.0-py3.13"
    cpu = document(TF_CPU)
    engine.reports[newest] = report(judged(variant(cpu, "workloads.0.losses", [1.0, 1.2, 1.4])))
    engine.reports[older] = report(variant(cpu, "framework.version", "2.20.0"))
    request = forge.ForgeRequest(
        tf=">=2.20", build=BUILD, probe=PROBE, python="3.13", out=tmp_path / "locks"
    )
    result = forge.run(ctx, request)
    assert [t["cell"] for t in result.tried] == [newest, older]
    assert (
        result.tried[0]["verdict"] == "FAILED"
        and "MODEL_LOSS_NOT_DECREASING" in result.tried[0]["diagnoses"]
    )
    assert result.passed and result.tag == f"envforge/forge:{older}"
    assert result.tag in engine.images
    lock = json.loads(result.lock_path.read_text())
    assert lock["cell"] == older and lock["certificate"]["verdict"] == "CERTIFIED"


def test_forge_fails_when_no_candidate_is_certified(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    with pytest.raises(CheckFailedError, match="no candidate was certified on this host"):
        forge.run(
            ctx,
            forge.ForgeRequest(tf="2.21", build=BUILD, probe=PROBE, python="3.13", out=tmp_path),
        )
    with pytest.raises(EnvforgeError, match="no TensorFlow release in the knowledge base matches"):
        forge.run(ctx, forge.ForgeRequest(tf="9.9", build=BUILD, probe=PROBE, out=tmp_path))


def test_forge_with_a_registry_pushes_the_winner_and_locks_its_statements(
    ctx: Context, engine: FakeEngine, tmp_path: Path
) -> None:
    from envforge.attest.signing import generate_keys
    from envforge.jobs import attest
    from envforge.jobs.options import AttestOptions

    key, public, keyid = generate_keys(tmp_path / "keys")
    request = forge.ForgeRequest(
        tf="2.21", build=BUILD, probe=PROBE, python="3.13", out=tmp_path / "locks",
        registry="127.0.0.1:5000", attest=AttestOptions(key),
    )  # fmt: skip
    engine.reports["forge-tf-cpu-tf2.21.0-py3.13"] = report(document(TF_CPU))
    result = forge.run(ctx, request)
    assert result.passed and result.pushed and result.pushed.startswith("127.0.0.1:5000/")
    lock = json.loads(result.lock_path.read_text())
    assert lock["pushed"] == result.pushed and lock["signed_by"] == keyid
    assert sorted(s["kind"] for s in lock["statements"]) == ["provenance", "sbom", "verdicts"]
    checked = attest.verify(ctx, attest.VerifyRequest(result.pushed, public, level=1))
    assert checked.passed and len(checked.claims) == 1
    assert {c.manifest for c in checked.checked} == {s["manifest"] for s in lock["statements"]}
