"""Statements that travel with the image, for real: certify one cell on the 3 nodes of the
simulated Slurm cluster with a site key, then, from a fresh directory holding only the public key,
verify them in the cluster's registry (Debian's docker-registry: no referrers API, so the referrers
tag schema), save them and verify them with no network, rebuild the report from the registry alone,
and refuse each kind of tampering done with real pushes. skopeo, an independent OCI client, lists
what was attached."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from envforge.attest.statements import PREDICATES
from envforge.engine.registry import OciRegistry, split_repository

from .conftest import run_envforge, why
from .test_cluster import Cluster, cluster, on_cluster, site, workdir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.docker
ONE_CELL = "*3.15.1*"


def _verify(image: str, cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    result = run_envforge("attest", "verify", image, *extra, cwd=cwd)
    return subprocess.CompletedProcess([], result.returncode, result.stdout, result.stderr)


def _statement(registry: OciRegistry, image: str, kind: str) -> tuple[bytes, dict[str, str]]:
    """The envelope of ``image``'s ``kind`` statement, read with envforge's client."""
    repository, _, digest = image.partition("@")
    found = next(
        d for d in registry.referrers(repository, digest)
        if d.annotations.get("in-toto.io/predicate-type") == PREDICATES[kind]
    )  # fmt: skip
    layer = json.loads(registry.manifest(repository, found.digest))["layers"][0]
    return registry.blob(repository, layer["digest"], 8 << 20), found.annotations


def test_signed_statements_verify_anywhere_and_tampering_is_refused(
    cluster: Cluster,  # noqa: F811
    site: Path,  # noqa: F811
    workdir: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    keys = run_envforge("keys", "generate", "--out", str(tmp_path / "keys"), cwd=tmp_path)
    assert keys.returncode == 0, keys.stderr
    signed = on_cluster(
        cluster, site, workdir, "--select", ONE_CELL, "--force",
        "--signing-key", str(tmp_path / "keys" / "envforge.key"),
    )  # fmt: skip
    assert signed.returncode == 0, why(signed, workdir)
    assert signed.data["preamble"]["signing"]["signed"] is True
    (attached,) = signed.data["attestations"]
    assert attached["error"] is None, attached
    assert sorted(s["kind"] for s in attached["statements"]) == ["provenance", "sbom", "verdicts"]
    image = attached["image"]

    # A fresh directory holding only the public key.
    fresh = tmp_path / "elsewhere"
    fresh.mkdir()
    shutil.copy(tmp_path / "keys" / "envforge.pub", fresh / "site.pub")
    verified = run_envforge("attest", "verify", image, "--key", "site.pub", "--json", cwd=fresh)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert {n["node"] for n in verified.data["nodes"]} == set(cluster.nodes)
    assert all(n["verdict"] == "CERTIFIED" and n["signed"] for n in verified.data["nodes"])
    node = sorted(cluster.nodes)[0]
    assert (
        _verify(image, fresh, "--key", "site.pub", "--node", node, "--level", "1").returncode == 0
    )
    assert _verify(image, fresh, "--key", "site.pub", "--level", "3").returncode == 1

    # The SBOM lists the image's Python distributions (keras among them) with their hashes.
    registry = OciRegistry(split_repository(image)[0])
    envelope, _ = _statement(registry, image, "sbom")
    import base64  # noqa: PLC0415

    sbom = json.loads(base64.b64decode(json.loads(envelope)["payload"]))["predicate"]
    names = {c["name"].lower() for c in sbom["components"]}
    assert "keras" in names, sorted(names)[:20]

    # Saved, then verified with no network at all.
    pulled = run_envforge("attest", "pull", image, "--out", "saved", cwd=fresh)
    assert pulled.returncode == 0, pulled.stderr
    offline = _verify(image, fresh, "--key", "site.pub", "--from", "saved", "--node", node)
    assert offline.returncode == 0, offline.stdout + offline.stderr

    # The report rebuilt from the registry alone (no store in that directory).
    report = run_envforge(
        "report", "--from-registry", cluster.registry, "--key", "site.pub", "--json", cwd=fresh
    )
    assert report.returncode == 0, report.stderr
    rows = [e for e in report.doc["data"]["entries"] if e["image"] == image]
    assert len(rows) == len(cluster.nodes) and {r["verdict"] for r in rows} == {"CERTIFIED"}
    assert not list(fresh.glob("**/*.db"))

    # skopeo, another client, sees the referrers tag and the artifacts it lists.
    repository, _, digest = image.partition("@")
    tags = json.loads(
        subprocess.run(
            ["skopeo", "list-tags", "--tls-verify=false", f"docker://{repository}"],
            capture_output=True, text=True, check=True,
        ).stdout
    )["Tags"]  # fmt: skip
    schema_tag = digest.replace(":", "-")
    assert schema_tag in tags
    index = json.loads(
        subprocess.run(
            ["skopeo", "inspect", "--raw", "--tls-verify=false", f"docker://{repository}:{schema_tag}"],
            capture_output=True, text=True, check=True,
        ).stdout
    )  # fmt: skip
    assert {m["artifactType"] for m in index["manifests"]} == {
        "application/vnd.dsse.envelope.v1+json"
    }
    assert len(index["manifests"]) >= 3

    # Tampering, each by a real push: another key, a changed byte, a statement moved here.
    other = run_envforge("keys", "generate", "--out", "other", cwd=fresh)
    assert other.returncode == 0
    wrong = _verify(image, fresh, "--key", "other/envforge.pub")
    assert wrong.returncode == 1 and "signed by another key" in wrong.stdout
    envelope, notes = _statement(registry, image, "verdicts")
    document = json.loads(envelope)
    payload = document["payload"]
    document["payload"] = payload[:-8] + ("A" if payload[-8] != "A" else "B") + payload[-7:]
    target = registry.descriptor(repository, digest)
    registry.attach(repository, target, json.dumps(document).encode(), notes)
    changed = _verify(image, fresh, "--key", "site.pub")
    assert changed.returncode == 1, changed.stdout
    assert "does not match its content" in changed.stdout

    unsigned = on_cluster(cluster, site, workdir, "--select", "*3.15.0*", "--force")
    assert unsigned.returncode == 0, why(unsigned, workdir)
    assert unsigned.data["preamble"]["signing"] == {"signed": False, "key_id": None}
    other_image = unsigned.data["attestations"][0]["image"]
    refused = _verify(other_image, fresh, "--key", "site.pub")
    assert refused.returncode == 1 and "unsigned (give --allow-unsigned" in refused.stdout
    other_repository, _, other_digest = other_image.partition("@")
    signed_verdicts, _ = _statement(registry, image, "verdicts")  # the valid one, before tampering
    registry.attach(
        other_repository,
        registry.descriptor(other_repository, other_digest),
        signed_verdicts,
        notes,
    )
    moved = _verify(other_image, fresh, "--key", "site.pub")
    assert moved.returncode == 1 and "not this image" in moved.stdout


def test_statements_reach_a_registry_that_asks_for_credentials_with_the_engines_own(
    tmp_path: Path,
    site: Path,  # noqa: F811
) -> None:
    """A registry with htpasswd (Basic) authentication, as many sites run distribution: `push`
    attaches its statements with the credentials `docker login` wrote ($DOCKER_CONFIG), and
    without them says what to do."""
    import warnings  # noqa: PLC0415

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import crypt  # noqa: PLC0415 - deprecated, and the one bcrypt maker at hand here

    if not hasattr(crypt, "METHOD_BLOWFISH") or crypt.METHOD_BLOWFISH not in crypt.methods:
        pytest.skip("no bcrypt in this Python's crypt: cannot write an htpasswd file")
    from .test_cluster import _free_port  # noqa: PLC0415

    host = f"127.0.0.1:{_free_port()}"
    (tmp_path / "htpasswd").write_text(
        "ci:" + crypt.crypt("s3cret", crypt.mksalt(crypt.METHOD_BLOWFISH)) + "\n"
    )
    (tmp_path / "registry.yml").write_text(
        f"version: 0.1\nlog:\n  level: warn\nstorage:\n  filesystem:\n    rootdirectory: {tmp_path}/data\n"
        f"http:\n  addr: {host}\nauth:\n  htpasswd:\n    realm: envforge-test\n    path: {tmp_path}/htpasswd\n"
    )
    registry = subprocess.Popen(
        ["docker-registry", "serve", str(tmp_path / "registry.yml")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        config = tmp_path / "docker-config"
        config.mkdir()
        for _ in range(40):
            login = subprocess.run(
                ["docker", "login", "-u", "ci", "--password-stdin", host], input="s3cret",
                capture_output=True, text=True, env={**os.environ, "DOCKER_CONFIG": str(config)},
            )  # fmt: skip
            if login.returncode == 0:
                break
            time.sleep(0.25)
        assert login.returncode == 0, login.stderr
        from .test_cluster import MATRIX  # noqa: PLC0415

        argv = ["push", "-m", str(MATRIX), "--site", str(site), "--select", ONE_CELL,
                "--registry", host, "--json"]  # fmt: skip
        pushed = run_envforge(*argv, cwd=tmp_path, env={"DOCKER_CONFIG": str(config)})
        assert pushed.returncode == 0, pushed.stdout[-2000:] + pushed.stderr
        (attached,) = pushed.data["attestations"]
        assert sorted(s["kind"] for s in attached["statements"]) == ["provenance", "sbom"]
        checked = run_envforge(
            "attest", "verify", attached["image"], "--allow-unsigned", "--json",
            cwd=tmp_path, env={"DOCKER_CONFIG": str(config)},
        )  # fmt: skip
        assert {s["kind"] for s in checked.data["statements"] if s["ok"]} == {"sbom", "provenance"}
        anonymous = run_envforge(
            "attest", "verify", attached["image"], "--allow-unsigned", cwd=tmp_path,
            env={"DOCKER_CONFIG": str(tmp_path / "nowhere"), "HOME": str(tmp_path)},
        )  # fmt: skip
        assert anonymous.returncode == 4 and f"docker login {host}" in anonymous.stderr
    finally:
        registry.terminate()
        registry.wait(timeout=10)
