"""The jobs users come for, on real images: report, driver-check before a rollout, forge, doctor."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import docker
import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from .browser import By, artifacts, column_texts, console_errors, visible_rows
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


def test_the_html_report_in_a_real_browser(
    records: Path, tmp_path: Path, browser: WebDriver
) -> None:
    """No console error, every image present, sorting and filtering work; a screenshot is kept."""
    page = tmp_path / "report.html"
    result = run_envforge(
        "report", "--db", str(records), "--format", "html", "-o", str(page), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    browser.get(page.as_uri())
    assert console_errors(browser) == []
    cell = "tf-cpu-tf2.21.0-py3.11"
    [hosts] = visible_rows(browser, "hosts")  # one image on one host: the newest certificate
    assert cell in hosts and "FAILED L0 (CPU_ONLY_TF_BUILD)" in hosts
    [row] = visible_rows(browser, "stack-tf-cpu")
    assert "tensorflow 2.21.0" in row and "keras 3." in row and " GB" in row or " MB" in row
    head = browser.find_element(By.CSS_SELECTOR, 'table[data-table="hosts"] thead th')
    head.click()
    assert head.get_attribute("aria-sort") == "ascending"
    head.click()
    assert head.get_attribute("aria-sort") == "descending"
    box = browser.find_element(By.ID, "filter")
    box.send_keys("no-such-image")
    assert visible_rows(browser, "hosts") == []
    box.clear()
    box.send_keys("CPU_ONLY_TF_BUILD")
    assert len(visible_rows(browser, "hosts")) == 1
    box.clear()
    box.send_keys(" ")  # clear() sends no input event: a keystroke does
    browser.save_screenshot(str(artifacts() / "report.png"))
    assert console_errors(browser) == []


def test_the_knowledge_tables_in_a_real_browser(
    records: Path, tmp_path: Path, browser: WebDriver
) -> None:
    page = tmp_path / "tables.html"
    result = run_envforge(
        "matrix", "table", "--db", str(records), "--format", "html", "-o", str(page), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    expected = run_envforge("matrix", "table", "--json", cwd=tmp_path).data
    browser.get(page.as_uri())
    assert console_errors(browser) == []
    for table in expected["tables"]:  # every row of every table is on the page
        assert len(visible_rows(browser, table["id"])) == len(table["rows"]), table["id"]
    cuda = browser.find_elements(By.CSS_SELECTOR, 'table[data-table="tf-builds"] thead th')[2]
    cuda.click()
    ascending = column_texts(browser, "tf-builds", 2)
    cuda.click()
    descending = column_texts(browser, "tf-builds", 2)
    numbers = [float(v) for v in ascending]
    assert numbers == sorted(numbers) and descending == sorted(ascending, key=float, reverse=True)
    evidence = " ".join(column_texts(browser, "tf-builds", 7))
    assert "FAILED here on 1 host(s) (CPU_ONLY_TF_BUILD)" in evidence  # from the records
    box = browser.find_element(By.ID, "filter")
    box.send_keys("H100 Hopper")
    shown = visible_rows(browser, "gpus")
    assert shown and all("H100" in row for row in shown)
    assert visible_rows(browser, "tf-builds") == []
    box.clear()
    box.send_keys(" ")
    browser.save_screenshot(str(artifacts() / "matrix-table.png"))
    assert console_errors(browser) == []


def test_markdown_and_json_reports(records: Path, tmp_path: Path) -> None:
    md = run_envforge("report", "--db", str(records), cwd=tmp_path)
    assert (
        md.returncode == 0
        and "| `tf-cpu-tf2.21.0-py3.11` | [x] FAILED L0 (CPU_ONLY_TF_BUILD)" in md.stdout
    )
    doc = run_envforge("report", "--db", str(records), "--format", "json", cwd=tmp_path).data
    assert [e["verdict"] for e in doc["entries"]] == ["FAILED"] and doc["hosts"][0]["info"][
        "gpus"
    ] == []
    [cell] = doc["cells"]  # what the image ships, from its probe; its size, from the engine
    assert cell["framework"] == "tensorflow 2.21.0" and cell["python_shipped"].startswith("3.11")
    assert cell["image_size"] > 100_000_000 and cell["digest"].startswith("sha256:")
    csv_text = run_envforge("report", "--db", str(records), "--format", "csv", cwd=tmp_path)
    [line] = list(csv.DictReader(io.StringIO(csv_text.stdout)))
    assert line["verdict"] == "FAILED" and line["code"] == "CPU_ONLY_TF_BUILD"


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
