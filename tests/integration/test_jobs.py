"""The jobs users come for, on real images: report, driver-check before a rollout, forge, doctor."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import docker
import pytest

from .conftest import SESSION, run_envforge, why

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def records(cpu_image: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results database with a certified and a failed certificate of real probe runs."""
    db = tmp_path_factory.mktemp("records") / "r.db"
    ok = run_envforge("verify", cpu_image["image"], "--level", "1", "--db", str(db), cwd=db.parent)
    assert ok.returncode == 0, why(ok)
    bad = run_envforge(
        "verify",
        cpu_image["image"],
        "--level",
        "1",
        "--expect-accelerator",
        "cuda",
        "--db",
        str(db),
        cwd=db.parent,
    )
    assert bad.returncode == 1
    return db


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "Debian's chromium is part of the test environment (scripts/test installs it)"
    return found


def test_html_report_renders_in_headless_chromium(records: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = run_envforge(
        "report", "--db", str(records), "--format", "html", "-o", str(page), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    rendered = subprocess.run(
        [
            chromium(),
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=3000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert rendered.returncode == 0, rendered.stderr[-2000:]
    dom = rendered.stdout
    assert 'data-cell="tf-cpu-tf2.21.0-py3.11"' in dom
    assert dom.count("<details>") == 1  # one cell on one host: the newest certificate wins
    assert "FAILED L0 (CPU_ONLY_TF_BUILD)" in dom and "<svg" in dom
    console = [
        line for line in rendered.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line
    ]
    assert console == [], console


def test_markdown_and_json_reports(records: Path, tmp_path: Path) -> None:
    md = run_envforge("report", "--db", str(records), cwd=tmp_path)
    assert (
        md.returncode == 0
        and "| `tf-cpu-tf2.21.0-py3.11` | ❌ FAILED L0 (CPU_ONLY_TF_BUILD)" in md.stdout
    )
    doc = run_envforge("report", "--db", str(records), "--format", "json", cwd=tmp_path).data
    assert [e["verdict"] for e in doc["entries"]] == ["FAILED"] and doc["hosts"][0]["info"][
        "gpus"
    ] == []


def test_driver_check_before_a_rollout(
    cpu_image: dict[str, Any], cuda_image: str, tmp_path: Path
) -> None:
    images = ["--image", cuda_image, "--image", cpu_image["image"]]
    h100 = run_envforge(
        "driver-check", "--driver", "535.104.05", "--gpu", "H100", *images, "--json", cwd=tmp_path
    )
    doc = h100.data
    assert h100.returncode == 1 and doc["breaking"] == [cuda_image]
    [cuda] = [i for i in doc["images"] if i["image"] == cuda_image]
    assert (
        cuda["require_satisfied"] is False
        and "unsatisfied condition: cuda>=12.5" in cuda["require_message"]
    )
    a100 = run_envforge(
        "driver-check", "--driver", "535.104.05", "--gpu", "A100", *images, "--json", cwd=tmp_path
    )
    assert a100.returncode == 0 and a100.data["breaking"] == []


def test_forge_builds_certifies_tags_and_locks(
    cpu_image: dict[str, Any], docker_client: docker.DockerClient
) -> None:
    workdir = cpu_image["workdir"]
    tag = f"envforge-test/forged:{SESSION}"
    out = workdir / "locks"
    out.mkdir()
    result = run_envforge(
        "forge",
        "--tf",
        "2.21",
        "--python",
        "3.11",
        "--tag",
        tag,
        "--out",
        str(out),
        "--db",
        str(workdir / "forge.db"),
        "--ca-bundle",
        str(cpu_image["bundle"]),
        "--json",
        cwd=workdir,
    )
    assert result.returncode == 0, why(result, workdir)
    doc = result.data
    assert (
        doc["cell"] == "forge-tf-cpu-tf2.21.0-py3.11"
        and doc["verdict"] == "CERTIFIED"
        and doc["level"] == 1
    )
    image = docker_client.images.get(tag)
    try:
        lock = json.loads(Path(doc["lock"]).read_text())
        assert lock["image_id"] == image.id == doc["image_id"]
        tf_line = next(r for r in lock["requirements"] if r.startswith("tensorflow-cpu==2.21.0"))
        assert " --hash=sha256:" in tf_line and len(tf_line.rsplit(":", 1)[1]) == 64
        assert lock["certificate"]["verdict"] == "CERTIFIED"
    finally:
        docker_client.images.remove(tag, force=True)


def test_doctor_on_an_image(cpu_image: dict[str, Any], derive, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = derive(cpu_image["image"], "ENV KERAS_BACKEND=torch", "doctor-torch")
    result = run_envforge("doctor", "--image", broken, "--json", cwd=tmp_path)
    doc = result.data
    assert result.returncode == 1 and doc["diagnoses"][0]["code"] == "KERAS_BACKEND_NOT_TF"
    assert doc["diagnoses"][0]["layer"] == "python-env" and doc["diagnoses"][0]["fix"]
    cpu = run_envforge("doctor", "--image", cpu_image["image"], "--json", cwd=tmp_path)
    codes = [d["code"] for d in cpu.data["diagnoses"]]
    assert (
        codes[0] == "CPU_ONLY_TF_BUILD"
    )  # the question is "why no GPU?": tensorflow-cpu is the first answer


def test_doctor_on_this_host(tmp_path: Path) -> None:
    # envforge's own virtualenv has no deep-learning framework: that is the first failing layer.
    result = run_envforge("doctor", "--json", cwd=tmp_path)
    doc = result.data
    assert result.returncode == 1 and doc["diagnoses"][0]["code"] == "FRAMEWORK_IMPORT_FAILED"
