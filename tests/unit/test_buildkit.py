"""BuildKit: which docker client can drive it (real processes: fake clients on PATH), the command
line of a build, its progress and its failures; and how a build job chooses its builder."""

from __future__ import annotations

import stat
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest

from envforge.engine import BuildKitClient
from envforge.engine.buildkit import _failure, build_argv, find_client, step_of
from envforge.errors import BadInputError
from envforge.jobs import build
from envforge.jobs.context import Context
from envforge.jobs.options import Selection

from .fakes import FakeEngine
from .jobs.conftest import BUILD, ctx, engine  # noqa: F401 - fixtures

NEW_WITHOUT_BUILDX = """#!/bin/sh
case "$1" in
  version) echo 28.2.2 ;;
  buildx) echo "docker: 'buildx' is not a docker command." >&2; exit 1 ;;
  build) echo "ERROR: BuildKit is enabled but the buildx component is missing or broken." >&2; exit 1 ;;
esac
"""
OLD_WITH_BUILDKIT = """#!/bin/sh
case "$1" in
  version) echo 20.10.24 ;;
  buildx) exit 1 ;;
  build) printf 'Usage: docker build [OPTIONS] PATH\\n      --secret stringArray   Secret file\\n' ;;
esac
"""
WITH_BUILDX = """#!/bin/sh
case "$1" in
  version) echo 27.0.1 ;;
  buildx) echo "github.com/docker/buildx v0.16.1" ;;
esac
"""


def client_at(directory: Path, script: str) -> Path:
    directory.mkdir(parents=True)
    path = directory / "docker"
    path.write_text(script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture(autouse=True)
def fresh_lookup() -> None:
    find_client.cache_clear()


@pytest.mark.allow_subprocess
def test_the_client_is_chosen_by_capability_not_by_path_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = client_at(tmp_path / "first", NEW_WITHOUT_BUILDX)
    second = client_at(tmp_path / "second", OLD_WITH_BUILDKIT)
    monkeypatch.setenv("PATH", f"{first.parent}:{second.parent}")
    monkeypatch.delenv("ENVFORGE_DOCKER_CLI", raising=False)
    found = find_client()
    assert found == BuildKitClient(str(second), "20.10.24")


@pytest.mark.allow_subprocess
def test_a_named_client_is_used_alone_and_a_builder_needs_buildx(tmp_path: Path) -> None:
    without = client_at(tmp_path / "old", OLD_WITH_BUILDKIT)
    buildx = client_at(tmp_path / "new", WITH_BUILDX)
    assert find_client(str(without)) == BuildKitClient(str(without), "20.10.24")
    assert find_client(str(without), "team") is None  # a builder instance needs buildx
    assert find_client(str(buildx), "team") == BuildKitClient(str(buildx), "27.0.1", True, "team")
    broken = client_at(tmp_path / "broken", NEW_WITHOUT_BUILDX)
    assert find_client(str(broken)) is None


def test_the_build_command_line_carries_secrets_by_path_and_never_through_a_shell() -> None:
    argv = build_argv(
        BuildKitClient("/usr/bin/docker", "20.10"), Path("/ctx"), tag="envforge/c:1",
        iidfile=Path("/tmp/iid"), buildargs={"BASE_IMAGE": "debian:bookworm"},
        labels={"io.envforge.run": "r1"}, secrets={"envforge-ca": Path("/etc/ca.pem")},
        nocache=True, network_mode="none",
    )  # fmt: skip
    assert argv == [
        "/usr/bin/docker", "build", "--progress", "plain", "--tag", "envforge/c:1",
        "--iidfile", "/tmp/iid", "--build-arg", "BASE_IMAGE=debian:bookworm",
        "--label", "io.envforge.run=r1", "--secret", "id=envforge-ca,src=/etc/ca.pem",
        "--no-cache", "--network", "none", "/ctx",
    ]  # fmt: skip
    remote = build_argv(
        BuildKitClient("docker", "27", True, "team"), Path("/ctx"), tag="t", iidfile=Path("/i"),
        buildargs={}, labels={}, secrets={}, nocache=False, network_mode=None,
    )  # fmt: skip
    assert remote[:6] == ["docker", "buildx", "build", "--load", "--builder", "team"]


def test_plain_progress_gives_the_steps() -> None:
    assert step_of("#7 [3/5] RUN python3 -m venv /opt/venv") == (3, 5)
    assert step_of("#7 [builder 2/4] COPY build/ /tmp/envforge/") == (2, 4)
    assert step_of("#7 [internal] load build context") is None


def test_a_failed_build_says_what_buildkit_and_the_step_said() -> None:
    said = deque(
        [
            "#7 12.1 ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
            "#7 ERROR: executor failed running [/bin/sh -c pip install x]: exit code: 1",
            "------",
            "failed to solve: executor failed running [/bin/sh -c pip install x]: exit code: 1",
        ]
    )
    message = _failure(1, said)
    assert message.startswith("failed to solve: executor failed running")
    assert "No space left on device" in message
    assert _failure(2, deque()) == "docker build exited with 2"


def test_auto_uses_buildkit_where_it_answers_and_says_so(
    ctx: Context,  # noqa: F811
    engine: FakeEngine,  # noqa: F811
    tmp_path: Path,
) -> None:
    engine.buildkit_client = BuildKitClient("/usr/bin/docker", "20.10")
    bundle = tmp_path / "ca.pem"
    bundle.write_text("-----BEGIN CERTIFICATE-----\n")
    options = replace(BUILD, ca_bundle=bundle)
    result = build.run(ctx, build.BuildRequest(Selection(None, ("tf-cpu-*",)), options))
    [cell] = result.cells
    assert cell.ok and engine.build_secrets[cell.image_ref] == {"envforge-ca": bundle}
    log = cell.log_path.read_text()
    assert "builder: BuildKit via /usr/bin/docker" in log


def test_no_buildkit_falls_back_to_the_classic_builder_unless_insisted_on(
    ctx: Context,  # noqa: F811
    engine: FakeEngine,  # noqa: F811
) -> None:
    engine.buildkit_client = None
    request = build.BuildRequest(Selection(None, ("tf-cpu-*",)), BUILD)
    [cell] = build.run(ctx, request).cells
    assert cell.ok and "builder: classic" in cell.log_path.read_text()
    with pytest.raises(BadInputError, match="no docker client here can build with BuildKit"):
        build.run(ctx, replace(request, build=replace(BUILD, builder="buildkit")))
