"""Certification on a real Slurm cluster: scripts/cluster starts one on this machine (munge,
slurmctld, one slurmd per node, a registry on 127.0.0.1) in a directory of this session's own, and
stops exactly what it started. Node names and features are read from the cluster, never assumed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from envforge.tables.report import report_schema

from .conftest import ROOT, CliResult, run_envforge, why

pytestmark = pytest.mark.docker
MATRIX = ROOT / "tests" / "fixtures" / "matrices" / "two-keras.yaml"


@dataclass(frozen=True)
class Cluster:
    directory: Path
    conf: Path
    registry: str
    nodes: dict[str, tuple[str, ...]]  # name -> features, from sinfo

    @property
    def env(self) -> dict[str, str]:
        return {"SLURM_CONF": str(self.conf)}

    def slurm(self, *argv: str) -> str:
        done = subprocess.run(
            list(argv), capture_output=True, text=True, env={**os.environ, **self.env}, check=True
        )
        return done.stdout

    def wait_until_every_node_answers(self, timeout_s: float = 120) -> None:
        """Until sinfo shows every node idle and responding (no ``*``: a simulated slurmd on this
        busy machine can miss its pings for a while, after a RESUME say)."""
        deadline = time.time() + timeout_s
        while True:
            states = self.slurm("sinfo", "--Node", "--noheader", "--format=%N|%t").split()
            if all(line.split("|")[1] == "idle" for line in states) or time.time() > deadline:
                return
            time.sleep(1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    directory = tmp_path_factory.mktemp("cluster")
    env = {
        **os.environ,
        "ENVFORGE_CLUSTER_DIR": str(directory),
        "ENVFORGE_REGISTRY_PORT": str(_free_port()),
    }
    script = str(ROOT / "scripts" / "cluster")
    try:
        up = subprocess.run([script, "up"], capture_output=True, text=True, env=env, timeout=600)
        if up.returncode == 4:
            pytest.skip(f"no Slurm here and none can be installed: {up.stderr.strip()}")
        assert up.returncode == 0, up.stdout + up.stderr
        conf = directory / "slurm.conf"
        listed = subprocess.run(
            ["sinfo", "--Node", "--noheader", "--format=%N|%f"],
            capture_output=True, text=True, env={**env, "SLURM_CONF": str(conf)}, check=True,
        ).stdout  # fmt: skip
        nodes = {
            name: tuple(features.split(","))
            for name, features in (line.split("|") for line in listed.split())
        }
        yield Cluster(directory, conf, (directory / "registry.addr").read_text().strip(), nodes)
    finally:  # also after a failed `up`: it stops whatever that started
        down = subprocess.run([script, "down"], capture_output=True, text=True, env=env)
        assert down.returncode == 0, down.stderr


@pytest.fixture(scope="module")
def site(python_image: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("site") / "site.yaml"
    path.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image}"\n')
    return path


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cluster-run")


def on_cluster(
    cluster: Cluster, site: Path, workdir: Path, *extra: str, timeout: int = 1800
) -> CliResult:
    return run_envforge(
        "certify", "--backend", "slurm", "-m", str(MATRIX), "--site", str(site),
        "--registry", cluster.registry, "--level", "1", "--db", str(workdir / "cluster.db"),
        "--json", *extra, cwd=workdir, env=cluster.env, timeout=timeout,
    )  # fmt: skip


def pairs(result: CliResult) -> dict[tuple[str, str], dict[str, Any]]:
    return {(c["cell"], c["node"]): c for c in result.data["cells"]}


def test_every_image_is_certified_on_every_node_by_digest(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    result = on_cluster(cluster, site, workdir)
    assert result.returncode == 0, why(result, workdir)
    images = result.data["images"]
    assert len(images) == 2 and all("@sha256:" in d for d in images.values())
    assert all(d.startswith(cluster.registry + "/") for d in images.values())
    found = pairs(result)
    assert set(found) == {(cell, node) for cell in images for node in cluster.nodes}
    for (cell, _node), got in found.items():
        assert got["verdict"] == "CERTIFIED" and got["image_id"] == images[cell], got
    rows = (
        sqlite3.connect(workdir / "cluster.db")
        .execute(
            "SELECT c.image_id, json_extract(h.info, '$.node'), json_extract(h.info, '$.features') "
            "FROM certificates c JOIN hosts h ON h.fingerprint = c.host_fingerprint"
        )
        .fetchall()
    )
    assert len(rows) == len(images) * len(cluster.nodes)
    assert {r[1] for r in rows} == set(cluster.nodes)
    assert all(tuple(json.loads(r[2])) == cluster.nodes[r[1]] for r in rows)
    # The node records are the hosts table of `envforge report`.
    report = run_envforge(
        "report", "--db", str(workdir / "cluster.db"), "--format", "json", cwd=workdir
    )
    assert report.returncode == 0 and len(report.doc["data"]["hosts"]) == len(cluster.nodes)
    jsonschema.validate(report.doc, report_schema())
    view = run_envforge(
        "report", "--db", str(workdir / "cluster.db"), "--view", "hosts", cwd=workdir
    )
    head = next(line for line in view.stdout.splitlines() if line.startswith("| image |"))
    assert all(f"{node}: " in head for node in cluster.nodes), head


def test_a_constraint_selects_the_nodes_with_those_features(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    feature = sorted({f for fs in cluster.nodes.values() for f in fs})[0]
    wanted = {n for n, fs in cluster.nodes.items() if feature in fs}
    assert 0 < len(wanted) < len(cluster.nodes), "the test cluster's features should differ"
    result = on_cluster(cluster, site, workdir, "--constraint", feature, "--force")
    assert result.returncode == 0, why(result, workdir)
    assert {node for _, node in pairs(result)} == wanted


def test_a_drained_node_is_reported_not_tested_with_slurms_reason(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    # DRAIN, not DOWN: with ReturnToService=2 a DOWN node comes back on its own at its next
    # registration, which under load can be before the run looks at it.
    node = sorted(cluster.nodes)[0]
    cluster.slurm("scontrol", "update", f"NodeName={node}", "State=DRAIN", "Reason=envforge-test")
    try:
        result = on_cluster(cluster, site, workdir, "--force", "--select", "*3.15.1*")
    finally:
        cluster.slurm("scontrol", "update", f"NodeName={node}", "State=RESUME")
        cluster.wait_until_every_node_answers()
    assert result.returncode == 1, why(result, workdir)
    found = pairs(result)
    untested = [got for (cell, n), got in found.items() if n == node]
    assert [u["verdict"] for u in untested] == ["NOT_TESTED"]
    assert untested[0]["diagnoses"][0]["code"] == "NODE_NOT_AVAILABLE"
    assert "envforge-test" in untested[0]["diagnoses"][0]["summary"]
    assert all(got["verdict"] == "CERTIFIED" for (_, n), got in found.items() if n != node)


def test_a_cancelled_task_is_recorded_as_such_and_resume_fills_only_that_gap(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    cluster.wait_until_every_node_answers()  # a node not answering would be NOT_TESTED
    argv = [
        sys.executable, "-m", "envforge", "certify", "--backend", "slurm", "-m", str(MATRIX),
        "--site", str(site), "--registry", cluster.registry, "--level", "1", "--force",
        "--select", "*3.15.0*", "--db", str(workdir / "cluster.db"), "--json",
    ]  # fmt: skip
    process = subprocess.Popen(
        argv, cwd=workdir, env={**os.environ, **cluster.env}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    victim = None
    deadline = time.time() + 600
    while victim is None and time.time() < deadline and process.poll() is None:
        running = cluster.slurm("squeue", "--noheader", "--states=RUNNING", "--format=%i|%j|%N")
        ours = [line.split("|") for line in running.split() if "|envforge-" in line]
        if ours:
            victim = ours[0]
        time.sleep(0.5)
    assert victim is not None, "no task of the run was seen running"
    cluster.slurm("scancel", victim[0])
    out, err = process.communicate(timeout=1200)
    doc = json.loads(out)
    assert process.returncode == 1, err[-3000:]
    run_id = doc["run_id"]
    found = {(c["cell"], c["node"]): c for c in doc["data"]["cells"]}
    cancelled = [got for (_, node), got in found.items() if node == victim[2]]
    assert [c["diagnoses"][0]["code"] for c in cancelled] == ["SLURM_TASK_CANCELLED"]
    assert "CANCELLED" in " ".join(cancelled[0]["diagnoses"][0]["evidence"])
    others = [got for (_, node), got in found.items() if node != victim[2]]
    assert others and all(got["verdict"] == "CERTIFIED" for got in others)

    resumed = on_cluster(cluster, site, workdir, "--select", "*3.15.0*", "--resume", run_id)
    assert resumed.returncode == 0, why(resumed, workdir)
    assert {node for _, node in pairs(resumed)} == {victim[2]}
    assert len(resumed.data["skipped"]) == len(cluster.nodes) - 1


def test_podman_on_the_nodes_certifies_the_same_image_by_the_same_digest(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    docker = on_cluster(cluster, site, workdir, "--select", "*3.15.1*")
    assert docker.returncode == 0, why(docker, workdir)
    result = on_cluster(
        cluster, site, workdir, "--select", "*3.15.1*", "--runtime", "podman", "--force"
    )
    assert result.returncode == 0, why(result, workdir)
    assert result.data["images"] == docker.data["images"]
    assert {node for _, node in pairs(result)} == set(cluster.nodes)
    assert all(got["verdict"] == "CERTIFIED" for got in pairs(result).values())
    engines = (
        sqlite3.connect(workdir / "cluster.db")
        .execute(
            "SELECT DISTINCT json_extract(h.info, '$.engine') FROM certificates c "
            "JOIN hosts h ON h.fingerprint = c.host_fingerprint WHERE c.run_id = ?",
            (result.doc["run_id"],),
        )
        .fetchall()
    )
    assert engines and all(e[0].startswith("podman ") for e in engines), engines


def test_charliecloud_certifies_the_same_digest_unprivileged_from_one_squashfs(
    cluster: Cluster, site: Path, workdir: Path, tmp_path: Path
) -> None:
    """--runtime charliecloud: the image pulled once by digest (skopeo + umoci, no engine), squashed
    on the storage the nodes share, run with ch-run as an unprivileged user on every node: the same
    verdicts and codes as docker; a later run reuses the file; a changed file is refused."""
    cache = tmp_path / "images"
    docker = on_cluster(cluster, site, workdir, "--select", "*3.15.1*", "--force")
    assert docker.returncode == 0, why(docker, workdir)
    first = on_cluster(
        cluster, site, workdir, "--select", "*3.15.1*", "--runtime", "charliecloud",
        "--image-cache", str(cache), "--force",
    )  # fmt: skip
    assert first.returncode == 0, why(first, workdir)
    assert first.data["images"] == docker.data["images"]
    found, by_docker = pairs(first), pairs(docker)
    assert set(found) == set(by_docker)
    for key, got in found.items():
        assert got["verdict"] == by_docker[key]["verdict"] == "CERTIFIED"
        assert [d["code"] for d in got["diagnoses"]] == [
            d["code"] for d in by_docker[key]["diagnoses"]
        ]
    files = [got["image_file"] for got in found.values()]
    assert len({f["sha256"] for f in files}) == 1 and all(f["format"] == "squashfs" for f in files)
    assert sum(f["made_by_this_task"] for f in files) == 1  # pulled and squashed once, not per node
    (squashfs,) = cache.glob("*.sqfs")
    assert hashlib.sha256(squashfs.read_bytes()).hexdigest() == files[0]["sha256"]
    hosts = (
        sqlite3.connect(workdir / "cluster.db")
        .execute(
            "SELECT DISTINCT json_extract(h.info, '$.engine') FROM certificates c "
            "JOIN hosts h ON h.fingerprint = c.host_fingerprint WHERE c.run_id = ?",
            (first.doc["run_id"],),
        )
        .fetchall()
    )
    assert hosts and all(h[0].startswith("charliecloud ") for h in hosts), hosts
    again = on_cluster(
        cluster, site, workdir, "--select", "*3.15.1*", "--runtime", "charliecloud",
        "--image-cache", str(cache), "--force",
    )  # fmt: skip
    assert again.returncode == 0, why(again, workdir)
    assert not any(got["image_file"]["made_by_this_task"] for got in pairs(again).values())
    with squashfs.open("r+b") as handle:  # one byte changed on the shared storage
        handle.seek(4096)
        byte = handle.read(1)
        handle.seek(4096)
        handle.write(bytes([byte[0] ^ 0xFF]))
    changed = on_cluster(
        cluster, site, workdir, "--select", "*3.15.1*", "--runtime", "charliecloud",
        "--image-cache", str(cache), "--force",
    )  # fmt: skip
    assert changed.returncode == 1
    for got in pairs(changed).values():
        assert got["diagnoses"][0]["code"] == "IMAGE_PULL_FAILED", got
        assert "the SquashFS changed since it was made" in got["diagnoses"][0]["summary"]


def test_an_unreachable_registry_stops_the_run_before_anything_is_submitted(
    cluster: Cluster, site: Path, workdir: Path
) -> None:
    before = cluster.slurm("squeue", "--noheader", "--states=all", "--format=%i")
    dead = f"127.0.0.1:{_free_port()}"  # nothing listens there: a stopped registry, as a client sees it
    result = run_envforge(
        "certify", "--backend", "slurm", "-m", str(MATRIX), "--site", str(site),
        "--registry", dead, "--db", str(workdir / "cluster.db"), cwd=workdir, env=cluster.env,
    )  # fmt: skip
    assert result.returncode == 4 and f"registry {dead} does not answer" in result.stderr
    assert "nothing was built or submitted" in result.stderr and "Traceback" not in result.stderr
    assert cluster.slurm("squeue", "--noheader", "--states=all", "--format=%i") == before


def test_verify_on_the_cluster_judges_each_image_as_a_local_verify_does(
    cluster: Cluster, site: Path, workdir: Path, python_image: str
) -> None:
    built = run_envforge(
        "build", "-m", str(MATRIX), "--site", str(site), "--select", "*3.15.1*", "--json",
        cwd=workdir,
    )  # fmt: skip
    assert built.returncode == 0, why(built, workdir)
    ours = built.data["cells"][0]["image"]
    result = run_envforge(
        "verify", "--backend", "slurm", "--registry", cluster.registry, "--level", "1",
        "--db", str(workdir / "cluster.db"), "--json", ours, python_image,
        cwd=workdir, env=cluster.env, timeout=1800,
    )  # fmt: skip
    assert result.stdout.startswith("{"), why(result, workdir)
    images = result.data["images"]
    cell = built.data["cells"][0]["cell"]
    assert set(images) == {cell, python_image} and all("@sha256:" in d for d in images.values())
    found = pairs(result)
    assert result.data["skipped"] == []  # verify probes again what certify recorded before
    assert set(found) == {(name, node) for name in images for node in cluster.nodes}
    assert all(found[(cell, node)]["verdict"] == "CERTIFIED" for node in cluster.nodes)
    local = run_envforge("verify", python_image, "--level", "1", "--json", cwd=workdir)
    for node in cluster.nodes:  # the probe went in as a layer, and judged as here
        remote = found[(python_image, node)]
        assert remote["verdict"] == local.data["verdict"], (remote, local.data)
        assert [d["code"] for d in remote["diagnoses"]] == [
            d["code"] for d in local.data["diagnoses"]
        ]
    assert result.returncode == (0 if local.data["passed"] else 1)


def test_no_secret_reaches_a_log_the_store_a_report_or_an_image(
    cluster: Cluster, site: Path, tmp_path: Path
) -> None:
    """Proxy credentials (in the environment and in the engine's config, which hands them to every
    build) and a registry login: none of them in anything a build, a push, a certify and a report
    write, in what they print, or in the image's history and configuration."""
    proxy_secret, registry_secret = f"Pr0xy-{uuid.uuid4().hex}", f"Reg-{uuid.uuid4().hex}"
    proxy = f"http://svc:{proxy_secret}@127.0.0.1:9"  # NO_PROXY=* keeps anything from using it
    login = base64.b64encode(f"ci:{registry_secret}".encode()).decode()
    config = tmp_path / "docker-config"
    config.mkdir()
    (config / "config.json").write_text(
        json.dumps(
            {
                "auths": {cluster.registry: {"auth": login}},
                "proxies": {"default": {"httpProxy": proxy, "httpsProxy": proxy, "noProxy": "*"}},
            }
        )
    )
    work = tmp_path / "work"
    work.mkdir()
    env = {
        **cluster.env,
        "DOCKER_CONFIG": str(config),
        **{name: proxy for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")},
        "NO_PROXY": "*",
        "no_proxy": "*",
    }
    common = ["-m", str(MATRIX), "--site", str(site), "--select", "*3.15.1*"]
    built = run_envforge(
        "build", *common, "--no-cache", "--registry", cluster.registry, "--json", cwd=work, env=env
    )
    assert built.returncode == 0, why(built, work)
    certified = run_envforge("certify", *common, "--level", "1", "--json", cwd=work, env=env)
    assert certified.returncode == 0, why(certified, work)
    reports = [
        run_envforge("report", "--format", fmt, cwd=work, env=env) for fmt in ("md", "html", "json")
    ]
    image = built.data["cells"][0]["image"]
    engine_view = (
        subprocess.run(
            ["docker", "history", "--no-trunc", image], capture_output=True, text=True, check=True
        ).stdout
        + subprocess.run(
            ["docker", "image", "inspect", image], capture_output=True, text=True, check=True
        ).stdout
    )
    printed = [r.stdout + r.stderr for r in (built, certified, *reports)]
    written = {
        str(path.relative_to(work)): path.read_bytes().decode("utf-8", "replace")
        for path in work.rglob("*")
        if path.is_file()
    }
    assert any(name.endswith(".log") for name in written), sorted(written)[:20]
    assert any(name.endswith("results.db") for name in written)
    for secret in (proxy_secret, registry_secret, login):
        assert secret not in engine_view
        assert not [text for text in printed if secret in text]
        assert [name for name, text in written.items() if secret in text] == []
