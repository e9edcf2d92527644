"""Real builds of the small stacks, the shared wheelhouse, content-hash caching, and an offline build
with the build's network cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import docker
import pytest

from envforge.engine import EngineBuild
from envforge.engine.docker import DockerEngine

from .conftest import ROOT, SESSION, CliResult, run_envforge, why

pytestmark = pytest.mark.docker
FIXTURES = ROOT / "tests" / "fixtures" / "matrices"


@pytest.fixture(scope="module")
def small(
    tmp_path_factory: pytest.TempPathFactory, docker_client: docker.DockerClient
) -> dict[str, Any]:
    workdir = tmp_path_factory.mktemp("small")
    for cell in (
        "keras-jax-py3.11",
        "plaidml-py3.9",
    ):  # build for real, whatever an earlier run left behind
        for image in docker_client.images.list(filters={"label": [f"io.envforge.cell={cell}"]}):
            docker_client.images.remove(image.id, force=True)
    (workdir / ".envforge").mkdir()
    (workdir / ".envforge" / "site.yaml").write_text((ROOT / ".envforge" / "site.yaml").read_text())
    result = run_envforge(
        "certify",
        "-m",
        str(FIXTURES / "small.yaml"),
        "--db",
        str(workdir / "r.db"),
        "--json",
        "--jobs",
        "2",
        "--level",
        "1",
        cwd=workdir,
    )
    assert result.returncode == 0, why(result, workdir)
    return {"doc": result.data, "workdir": workdir}


def test_keras_jax_and_plaidml_are_built_and_certified(small: dict[str, Any]) -> None:
    cells = {c["cell"]: c for c in small["doc"]["cells"]}
    assert set(cells) == {"keras-jax-py3.11", "plaidml-py3.9"}
    jax, plaid = cells["keras-jax-py3.11"], cells["plaidml-py3.9"]
    assert jax["verdict"] == plaid["verdict"] == "CERTIFIED"
    assert {c["id"]: c["summary"] for c in jax["checks"]}["expect.backend"] == "Keras 3.15.1 on jax"
    assert {c["id"]: c["summary"] for c in plaid["checks"]}[
        "expect.backend"
    ] == "Keras 2.2.4 on plaidml"
    for cell in (jax, plaid):
        passed = {c["id"] for c in cell["checks"] if c["status"] == "pass"}
        assert {
            "model.mlp.cpu",
            "model.cnn.cpu",
            "model.cnn_batchnorm.cpu",
            "model.lstm.cpu",
            "model.gru.cpu",
        } <= passed


def test_wheels_came_from_the_shared_wheelhouse(small: dict[str, Any]) -> None:
    house = small["workdir"] / ".envforge" / "wheelhouse"
    assert any(house.glob("jaxlib-*.whl")) and any(house.glob("plaidml-*.whl"))
    for cell in small["doc"]["cells"]:
        log = Path(small["workdir"], cell["build_log"]).read_text()
        assert "wheels from" in log and "(pip --no-index)" in log
        assert "ERROR" not in log, log[:3000]


def test_unchanged_cells_are_not_rebuilt(small: dict[str, Any]) -> None:
    result = run_envforge(
        "build", "-m", str(FIXTURES / "small.yaml"), "--json", cwd=small["workdir"]
    )
    assert result.returncode == 0, why(result, small["workdir"])
    doc = result.data
    assert [c["cached"] for c in doc["cells"]] == [True, True]
    assert all(c["image"] in {x["image"] for x in small["doc"]["cells"]} for c in doc["cells"])


def test_one_failing_cell_does_not_stop_the_others(small: dict[str, Any], tmp_path: Path) -> None:
    matrix = (
        tmp_path / "m.yaml"
    )  # jax 0.4.99999 passes the knowledge base (>= 0.4.20) but does not exist
    matrix.write_text(
        'schema: 1\ncell_id: "{stack}-jax{jax}"\naxes:\n  stack: [keras-jax]\n  keras: ["3.15.1"]\n'
        '  jax: ["0.4.99999", "0.10.2"]\n  python: ["3.11"]\n'
    )
    result = run_envforge("build", "-m", str(matrix), "--json", "--jobs", "2", cwd=small["workdir"])
    assert result.returncode == 1
    cells = {c["cell"]: c for c in result.data["cells"]}
    assert (
        cells["keras-jax-jax0.4.99999"]["ok"] is False
        and cells["keras-jax-jax0.10.2"]["ok"] is True
    )
    log = Path(small["workdir"], cells["keras-jax-jax0.4.99999"]["log"]).read_text()
    assert "jax==0.4.99999" in log
    logs = [Path(small["workdir"], c["log"]).read_text() for c in cells.values()]
    assert not any("engine error" in text for text in logs)


def test_engine_build_without_network_really_has_none(
    docker_client: docker.DockerClient, tmp_path: Path
) -> None:
    (tmp_path / "Dockerfile").write_text(
        "ARG BASE_IMAGE\nFROM ${BASE_IMAGE}\nRUN getent hosts deb.debian.org\n"
    )
    engine = DockerEngine(docker_client)
    tag = f"envforge-test/net:{SESSION}"

    def build(network_mode: str | None = None) -> EngineBuild:
        return engine.build(
            tmp_path,
            tag=tag,
            labels={"io.envforge.test-session": SESSION},
            buildargs={"BASE_IMAGE": "envforge/debian:bookworm"},
            log=lambda _: None,
            nocache=True,
            network_mode=network_mode,
        )

    cut = build("none")
    assert cut.error is not None
    ok = build()
    assert ok.error is None, ok.error
    docker_client.images.remove(tag, force=True)


def test_offline_build_from_the_wheelhouse_with_the_network_cut(
    python_image: str, tmp_path: Path, docker_client: docker.DockerClient
) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image}"\n')
    house = tmp_path / "wheels"
    matrix = str(FIXTURES / "offline.yaml")

    def build(wheelhouse: Path, *options: str) -> CliResult:
        return run_envforge(
            "build",
            "-m",
            matrix,
            "--site",
            str(site),
            "--wheelhouse",
            str(wheelhouse),
            *options,
            cwd=tmp_path,
        )

    online = build(house, "--json")
    assert online.returncode == 0, why(online, tmp_path)
    [built] = online.data["cells"]
    docker_client.images.remove(built["image"], force=True)

    offline = build(house, "--offline", "--no-cache", "--json")
    assert offline.returncode == 0, why(offline, tmp_path)
    [cell] = offline.data["cells"]
    assert (
        cell["ok"] and not cell["cached"] and cell["image"] == built["image"]
    )  # same inputs, same image
    log = Path(tmp_path, cell["log"]).read_text()
    assert "offline: the build runs with no network" in log and "(pip --no-index)" in log
    assert "Looking in indexes" not in log

    refused = build(tmp_path / "empty", "--offline")
    assert refused.returncode == 2 and "holds no wheels" in refused.stderr


def test_concurrent_resolutions_into_one_wheelhouse_are_each_complete(tmp_path: Path) -> None:
    """Two cells sharing pure-Python wheels, resolved at once (as --jobs does), each get their full set."""
    from concurrent.futures import ThreadPoolExecutor

    from envforge.knowledge import load_knowledge
    from envforge.matrix import expand, load_matrix
    from envforge.wheelhouse import Wheelhouse

    kb = load_knowledge()
    matrix = tmp_path / "m.yaml"
    matrix.write_text(
        'schema: 1\ncell_id: "{stack}-py{python}"\naxes:\n  stack: [keras-jax]\n  keras: ["3.15.1"]\n'
        '  jax: ["0.10.2"]\n  python: ["3.11", "3.13"]\n'
    )
    specs = [c.spec.recipe for c in expand(load_matrix(matrix), kb).cells]
    shared = Wheelhouse(tmp_path / "shared", kb)
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(shared.resolve, specs))
    alone = [Wheelhouse(tmp_path / f"alone{i}", kb).resolve(spec) for i, spec in enumerate(specs)]
    for both, one in zip(together, alone, strict=True):
        assert both.complete and one.complete, (both.error, one.error)
        assert sorted(w.name for w in both.wheels) == sorted(w.name for w in one.wheels)
        assert all(w.is_file() for w in both.wheels)
