"""The test command's clean-up on a real engine: what the tests made goes, children first; an image
someone built FROM one of them stays, and so does its parent, said as a warning, not a failure."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import docker
import docker.errors
import pytest

from .conftest import ROOT

pytestmark = pytest.mark.docker


def _build(
    client: docker.DockerClient, directory: Path, dockerfile: str, tag: str, **kw: object
) -> str:
    directory.mkdir()
    (directory / "Dockerfile").write_text(dockerfile)
    (directory / "file").write_text(f"{tag}\n")
    image, _ = client.images.build(path=str(directory), tag=tag, rm=True, **kw)
    return str(image.id)


def _clean(mark: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.images", "--label", f"io.envforge.test-session={mark}"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@pytest.fixture()
def mark(docker_client: docker.DockerClient) -> Iterator[str]:
    mark = f"clean-{uuid.uuid4().hex[:8]}"
    yield mark
    for tag in (
        f"someone-{mark}/app:1",
        f"envforge-test/child:{mark}",
        f"envforge-test/parent:{mark}",
    ):
        try:
            docker_client.images.remove(tag, force=True)
        except docker.errors.APIError:
            pass


def test_children_first_and_what_someone_built_on_ours_stays(
    docker_client: docker.DockerClient, tmp_path: Path, mark: str
) -> None:
    parent_tag = f"envforge-test/parent:{mark}"
    parent = _build(
        docker_client, tmp_path / "parent", "FROM scratch\nCOPY file /parent\n", parent_tag,
        labels={"io.envforge.test-session": mark},
    )  # fmt: skip
    ours = f"envforge-test/child:{mark}"
    _build(docker_client, tmp_path / "ours", f"FROM {parent_tag}\nCOPY file /ours\n", ours)
    theirs = f"someone-{mark}/app:1"
    _build(docker_client, tmp_path / "theirs", f"FROM {parent_tag}\nCOPY file /theirs\n", theirs)

    first = _clean(mark)
    assert first.returncode == 0, first.stderr
    assert "+ removed 1 image(s)" in first.stdout  # our child
    tags = {t for image in docker_client.images.list() for t in image.tags}
    assert ours not in tags and theirs in tags and parent_tag in tags
    warnings = first.stderr.splitlines()
    assert any(theirs in w and "someone else's" in w for w in warnings), warnings
    assert any(parent.removeprefix("sha256:")[:12] in w for w in warnings), warnings

    docker_client.images.remove(theirs)
    second = _clean(mark)
    assert second.returncode == 0 and "+ removed 1 image(s)" in second.stdout, second.stderr
    with pytest.raises(docker.errors.ImageNotFound):
        docker_client.images.get(parent)
