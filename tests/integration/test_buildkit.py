"""Both builders leave no trace of the build's CA, and BuildKit's pip cache serves every cell.

The CA bundle carries a unique marker line; every file of every layer (``docker save``), the image's
history and its configuration are searched for it, for an image of each builder.
"""

from __future__ import annotations

import json
import re
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docker
import pytest

from .conftest import ROOT, _build_cell, _workdir, marked_ca_bundle, run_envforge, why

pytestmark = pytest.mark.docker
CELL = "tf-cpu-tf2.21.0-py3.11"


@pytest.fixture(scope="module")
def legacy_image(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The CPU cell built by the classic builder, with its own marked CA bundle."""
    workdir = _workdir(tmp_path_factory.mktemp("legacy"))
    bundle, marker = marked_ca_bundle(workdir)
    image = _build_cell(
        workdir, CELL, "--builder", "legacy", "--no-cache", "--ca-bundle", str(bundle)
    )
    return {"image": image, "workdir": workdir, "bundle": bundle, "marker": marker}


def layer_files(client: docker.DockerClient, image: str) -> Iterator[tuple[str, str, bytes]]:
    """(layer, path, content) of every regular file of every layer of ``image``."""
    with tempfile.TemporaryFile() as saved:
        for chunk in client.images.get(image).save():
            saved.write(chunk)
        saved.seek(0)
        with tarfile.open(fileobj=saved) as outer:
            for member in outer.getmembers():
                if not member.name.endswith("layer.tar"):
                    continue
                layer = outer.extractfile(member)
                assert layer is not None
                with tarfile.open(fileobj=layer, mode="r|") as inner:
                    for entry in inner:
                        if entry.isfile():
                            handle = inner.extractfile(entry)
                            assert handle is not None
                            yield member.name, entry.name, handle.read()


@pytest.mark.parametrize("builder", ["buildkit", "legacy"])
def test_the_ca_reaches_no_layer_no_history_and_no_config(
    builder: str,
    cpu_image: dict[str, Any],
    legacy_image: dict[str, Any],
    docker_client: docker.DockerClient,
) -> None:
    built = cpu_image if builder == "buildkit" else legacy_image
    marker = built["marker"].encode()
    log = next(built["workdir"].glob(f".envforge/logs/*/{CELL}.build.log")).read_text()
    assert f"builder: {'BuildKit' if builder == 'buildkit' else 'classic'}" in log
    assert "pip-install: trusting the CA bundle at" in log  # the build did have it
    scanned = 0
    for layer, name, content in layer_files(docker_client, built["image"]):
        scanned += 1
        assert marker not in content, f"{layer}: {name} holds the build's CA bundle"
    assert scanned > 1000  # the whole venv was read, not an empty save
    history = json.dumps(docker_client.api.history(built["image"]))
    assert built["marker"] not in history and str(built["bundle"]) not in history
    assert "ca-bundle.pem" not in history
    config = json.dumps(docker_client.images.get(built["image"]).attrs["Config"])
    assert built["marker"] not in config and "PIP_CERT" not in config


def test_buildkit_is_the_default_and_makes_a_smaller_image(
    cpu_image: dict[str, Any], legacy_image: dict[str, Any], docker_client: docker.DockerClient
) -> None:
    size = {
        name: docker_client.images.get(built["image"]).attrs["Size"]
        for name, built in (("buildkit", cpu_image), ("legacy", legacy_image))
    }
    assert size["buildkit"] <= size["legacy"], size
    log = next(cpu_image["workdir"].glob(f".envforge/logs/*/{CELL}.build.log")).read_text()
    assert "builder: BuildKit via" in log and "[stage-0 1/4] FROM" in log


def test_a_second_cell_reuses_the_pip_cache_of_the_first(python_image: str, tmp_path: Path) -> None:
    """Without a wheelhouse, pip in each build downloads; into BuildKit's shared cache mount, so
    nothing is downloaded twice (pip says "File was already downloaded" for what the first cell
    fetched)."""
    site = tmp_path / "site.yaml"
    site.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image}"\n')
    result = run_envforge(
        "build", "-m", str(ROOT / "tests" / "fixtures" / "matrices" / "two-keras.yaml"),
        "--site", str(site), "--no-wheelhouse", "--builder", "buildkit", "--jobs", "1",
        "--no-cache", "--json", cwd=tmp_path, timeout=3000,
    )  # fmt: skip
    assert result.returncode == 0, why(result, tmp_path)
    first, second = ((tmp_path / cell["log"]).read_text() for cell in result.data["cells"])

    def downloaded(log: str) -> set[str]:
        return set(re.findall(r"Downloading (\S+?\.whl)", log))

    def reused(log: str) -> set[str]:
        return set(re.findall(r"File was already downloaded \S*/(\S+?\.whl)", log))

    assert any(n.startswith("jaxlib-") for n in downloaded(first) | reused(first)), first[-3000:]
    assert not downloaded(first) & downloaded(second)
    assert any(name.startswith("jaxlib-") for name in reused(second)), second[-3000:]
