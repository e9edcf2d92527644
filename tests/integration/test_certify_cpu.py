"""`envforge certify` on the default matrix's CPU cell: build, probe, certify, record, for real."""

from __future__ import annotations

import io
import json
import sqlite3
import tarfile
from typing import Any

import docker
import pytest
from testcontainers.core.container import DockerContainer

from .conftest import CliResult, record_facts, run_envforge, why

pytestmark = pytest.mark.docker
CELL = "tf-cpu-tf2.21.0-py3.11"


@pytest.fixture(scope="module")
def certified(cpu_image: dict[str, Any], pytestconfig: pytest.Config) -> dict[str, Any]:
    """envforge certify of the session's CPU cell (same inputs: the build is found, the probe runs)."""
    workdir = cpu_image["workdir"]
    db = workdir / "results.db"
    result = run_envforge(
        "certify",
        "--select",
        CELL,
        "--db",
        str(db),
        "--ca-bundle",
        str(cpu_image["bundle"]),
        "--json",
        cwd=workdir,
    )
    assert result.returncode == 0, why(result, workdir)
    record_facts(pytestconfig, result.data["cells"][0], workdir)
    return {
        "doc": result.data,
        "db": db,
        "marker": cpu_image["marker"],
        "workdir": workdir,
        "bundle": cpu_image["bundle"],
    }


def test_cpu_cell_is_certified_at_l1_and_says_why_not_higher(certified: dict[str, Any]) -> None:
    doc = certified["doc"]
    [cell] = doc["cells"]
    assert cell["cell"] == CELL and cell["verdict"] == "CERTIFIED"
    assert cell["level"] == 1
    assert cell["stopped_by"] == "GPU levels not reached: no GPU on this host"
    passed = {c["id"] for c in cell["checks"] if c["status"] == "pass"}
    assert {
        "framework.import",
        "expect.framework_version",
        "expect.python",
        "build.accelerator",
        "model.mlp.cpu",
        "model.cnn.cpu",
        "model.lstm.cpu",
    } <= passed
    assert doc["host"]["gpus"] == []


def test_certificate_is_in_sqlite(certified: dict[str, Any]) -> None:
    db = sqlite3.connect(certified["db"])
    rows = db.execute(
        "SELECT cell_id, verdict, level_reached, image_id FROM certificates"
    ).fetchall()
    assert rows == [(CELL, "CERTIFIED", 1, certified["doc"]["cells"][0]["image_id"])]
    assert db.execute("SELECT status FROM runs").fetchall() == [("finished",)]


def test_image_labels(certified: dict[str, Any], docker_client: docker.DockerClient) -> None:
    cell = certified["doc"]["cells"][0]
    labels = docker_client.images.get(cell["image"]).labels
    assert labels["io.envforge.cell"] == CELL
    assert labels["io.envforge.expect.framework-version"] == "2.21.0"
    assert labels["io.envforge.expect.accelerator"] == "cpu"
    assert labels["io.envforge.matrix-digest"] == certified["doc"]["matrix_digest"]
    assert labels["io.envforge.content-hash"].startswith(cell["image"].rsplit(":", 1)[1])
    assert labels["org.opencontainers.image.base.name"] == "debian:bookworm-slim"
    assert json.loads(labels["io.envforge.expect"])["keras_major"] == 3


def test_final_image_has_no_ca_bundle_no_pip_cache_no_build_tools(
    certified: dict[str, Any], docker_client: docker.DockerClient
) -> None:
    image = certified["doc"]["cells"][0]["image"]
    marker = certified["marker"].encode()
    container = docker_client.containers.create(image, command=["true"])
    try:
        tar = tarfile.open(fileobj=io.BytesIO(b"".join(container.export())))
        # Files only: BuildKit of Docker 20.10 leaves its mount points behind as empty directories.
        names = [member.name for member in tar.getmembers() if not member.isdir()]
        for member in tar:
            if member.isfile() and member.size < 50_000_000:
                handle = tar.extractfile(member)
                assert handle is not None
                assert marker not in handle.read(), f"{member.name} holds the build's CA bundle"
    finally:
        container.remove(force=True)
    assert not [n for n in names if "/.cache/pip" in n or n.startswith("root/.cache")], (
        "pip cache in the image"
    )
    assert not [n for n in names if n.startswith("tmp/envforge")], "builder files in the image"
    assert not [n for n in names if n.endswith(("bin/gcc", "bin/make", "bin/cc"))]
    assert "opt/envforge/bin/envforge-probe" in names and "opt/envforge/expect.json" in names
    history = docker_client.api.history(image)
    assert not any("ca-bundle" in (h.get("CreatedBy") or "") for h in history)


def test_image_certifies_itself_without_envforge(
    certified: dict[str, Any], session_label: dict[str, str]
) -> None:
    """docker run IMAGE envforge-probe: the baked-in probe judges the image against its own labels."""
    image = certified["doc"]["cells"][0]["image"]
    container = (
        DockerContainer(image)
        .with_command("envforge-probe --level 1 --workloads mlp")
        .with_kwargs(labels=session_label, network_mode="none")
    )
    with container:
        result = container.get_wrapped_container().wait(timeout=300)
        out = container.get_wrapped_container().logs(stdout=True, stderr=False).decode()
    assert result["StatusCode"] == 0, out
    assert "PASS  expect.framework_version" in out
    assert "verdict: CERTIFIED, level reached: L1" in out


def test_rerun_reuses_the_image_and_the_certificate(certified: dict[str, Any]) -> None:
    bundle = str(certified["bundle"])  # same inputs, so the same content hash

    def certify(*options: str) -> CliResult:
        return run_envforge(
            "certify",
            "--select",
            CELL,
            "--db",
            str(certified["db"]),
            "--json",
            "--ca-bundle",
            bundle,
            *options,
            cwd=certified["workdir"],
        )

    result = certify()
    assert result.returncode == 0, why(result, certified["workdir"])
    [cell] = result.data["cells"]
    assert cell["build_cached"] is True and cell["reused_certificate"] is True
    forced = certify("--force", "--level", "1")
    [cell] = forced.data["cells"]
    assert cell["reused_certificate"] is False and cell["verdict"] == "CERTIFIED"
