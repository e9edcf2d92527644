"""Statements attached to pushed digests, through the command line, on the in-memory engine,
cluster and registry: a certify on the cluster signs and attaches them; ``attest verify`` checks
them with the public key alone and refuses each kind of tampering with a located line; ``attest
pull`` + ``--from`` verify with no registry; ``report --from-registry`` tables them with no store."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from envforge.attest.statements import PREDICATES
from envforge.engine import registry as registry_module
from envforge.engine.registry import Descriptor

from ..facts import TF_CPU, document
from ..fake_cluster import FakeCluster, node
from ..fake_registry import FakeRegistry
from ..fakes import FakeEngine, report
from .conftest import CliRun

Run = Callable[..., CliRun]
CPU_CELL = "tf-cpu-tf2.21.0-py3.11"
NODES = ["gpu-a100-01", "gpu-h100-01", "gpu-l4-01"]
REGISTRY = "127.0.0.1:5000"


@pytest.fixture()
def world(monkeypatch: pytest.MonkeyPatch) -> FakeRegistry:
    engine = FakeEngine(reports={CPU_CELL: report(document(TF_CPU))})
    cluster = FakeCluster(
        [node(NODES[0], "a100"), node(NODES[1], "h100"), node(NODES[2], "l4")],
        reports={CPU_CELL: report(document(TF_CPU))},
    )
    monkeypatch.setattr("envforge.jobs.context.connect", lambda: engine)
    monkeypatch.setattr("envforge.jobs.context.connect_cluster", lambda: cluster)
    monkeypatch.setattr("envforge.jobs.context.SystemClock.sleep", lambda self, seconds: None)
    monkeypatch.delenv("ENVFORGE_SIGNING_KEY", raising=False)
    found: FakeRegistry = registry_module.connect_registry(REGISTRY)  # this test's registry
    return found


@pytest.fixture()
def keys(envforge: Run, tmp_path: Path) -> Path:
    shown = envforge("keys", "generate", "--out", str(tmp_path / "keys"))
    assert shown.code == 0, shown.stderr
    return tmp_path / "keys"


def _certify(envforge: Run, tmp_path: Path, *extra: str) -> dict[str, object]:
    argv = ["certify", "--backend", "slurm", "--registry", REGISTRY, "--no-wheelhouse",
            "--select", "tf-cpu-*", "--level", "1", "--db", str(tmp_path / "r.db"), "--json",
            *extra]  # fmt: skip
    shown = envforge(*argv)
    assert shown.code == 0, shown.stderr
    data: dict[str, object] = shown.data
    return data


def _signed_image(envforge: Run, tmp_path: Path, keys: Path) -> str:
    data = _certify(envforge, tmp_path, "--signing-key", str(keys / "envforge.key"))
    attached = data["attestations"]
    assert isinstance(attached, list) and len(attached) == 1 and attached[0]["error"] is None
    assert sorted(s["kind"] for s in attached[0]["statements"]) == [
        "provenance",
        "sbom",
        "verdicts",
    ]
    image: str = attached[0]["image"]
    return image


def _verify(envforge: Run, image: str, keys: Path | None, *extra: str) -> CliRun:
    key = ["--key", str(keys / "envforge.pub")] if keys else []
    return envforge("attest", "verify", image, *key, *extra)


def test_keys_are_written_private_0600_and_never_overwritten(envforge: Run, keys: Path) -> None:
    assert os.stat(keys / "envforge.key").st_mode & 0o777 == 0o600
    before = (keys / "envforge.key").read_bytes()
    again = envforge("keys", "generate", "--out", str(keys))
    assert again.code == 2 and "never overwrites a key" in again.stderr
    assert (keys / "envforge.key").read_bytes() == before


def test_a_signed_certify_verifies_with_the_public_key_alone(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path
) -> None:
    image = _signed_image(envforge, tmp_path, keys)
    shown = _verify(envforge, image, keys, "--json")
    assert shown.code == 0, shown.stderr
    data = shown.data
    assert {s["kind"] for s in data["statements"]} == {"sbom", "provenance", "verdicts"}
    assert all(s["ok"] and s["signed_by"] for s in data["statements"])
    assert sorted(n["node"] for n in data["nodes"]) == NODES
    assert all(n["verdict"] == "CERTIFIED" and n["level"] == 1 for n in data["nodes"])
    assert _verify(envforge, image, keys, "--node", NODES[1]).code == 0
    assert _verify(envforge, image, keys, "--node", "gpu-nowhere-01").code == 1
    assert _verify(envforge, image, keys, "--level", "2").code == 1  # certified at L1 only
    # the key itself is nowhere in what was attached
    private = (keys / "envforge.key").read_bytes()
    assert not any(private.strip() in blob for blob in world.blobs.values())


def test_without_a_key_statements_are_unsigned_said_and_refused_unless_allowed(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path
) -> None:
    shown = envforge("certify", "--backend", "slurm", "--registry", REGISTRY, "--no-wheelhouse",
                     "--select", "tf-cpu-*", "--level", "1", "--db", str(tmp_path / "r.db"))  # fmt: skip
    assert "UNSIGNED" in shown.stderr
    image = _certify(envforge, tmp_path, "--force")["attestations"][0]["image"]  # type: ignore[index]
    refused = _verify(envforge, image, keys)
    assert refused.code == 1 and "unsigned (give --allow-unsigned" in refused.stdout
    assert _verify(envforge, image, None, "--allow-unsigned").code == 0


def _tamper_envelope(world: FakeRegistry, image: str, kind: str) -> None:
    """One byte of a statement changed, as an attacker with push rights would: a new envelope, a
    new artifact manifest pointing at it, the referrers index listing that one instead."""
    repository, _, digest = image.partition("@")
    entries = world.referrers(repository, digest)
    target = next(
        e for e in entries if e.annotations["in-toto.io/predicate-type"] == PREDICATES[kind]
    )
    manifest = json.loads(world.manifest(repository, target.digest))
    layer = manifest["layers"][0]
    envelope = json.loads(world.blobs[layer["digest"]])
    payload = envelope["payload"]
    envelope["payload"] = payload[:-8] + ("A" if payload[-8] != "A" else "B") + payload[-7:]
    manifest["layers"] = [world._put_blob(json.dumps(envelope).encode(), layer["mediaType"])]
    body = json.dumps(manifest).encode()
    moved = Descriptor(target.media_type, world.put_manifest(body), len(body), target.artifact_type,
                       target.annotations)  # fmt: skip
    world.replace_referrers(repository, digest, [moved if e == target else e for e in entries])


@pytest.mark.parametrize("kind", ["verdicts", "sbom"])
def test_a_changed_byte_in_a_statement_is_refused_located(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path, kind: str
) -> None:
    image = _signed_image(envforge, tmp_path, keys)
    _tamper_envelope(world, image, kind)
    shown = _verify(envforge, image, keys, "--json")
    assert shown.code == 1
    refused = [s for s in shown.data["statements"] if not s["ok"]]
    assert len(refused) == 1 and refused[0]["kind"] == kind
    assert refused[0]["problem"].startswith("statement sha256:")


def test_a_statement_moved_to_another_digest_is_refused(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path
) -> None:
    image = _signed_image(envforge, tmp_path, keys)
    repository, _, digest = image.partition("@")
    other = world.add_image(repository, "other")
    moved = [d for d in world.referrers(repository, digest)
             if d.annotations["in-toto.io/predicate-type"] == PREDICATES["verdicts"]]  # fmt: skip
    world.replace_referrers(repository, other, moved)
    shown = _verify(envforge, f"{repository}@{other}", keys)
    assert shown.code == 1
    assert "points at" in shown.stdout and "not this image" in shown.stdout


def test_a_statement_signed_by_another_key_is_refused(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path
) -> None:
    image = _signed_image(envforge, tmp_path, keys)
    other = envforge("keys", "generate", "--out", str(tmp_path / "other"))
    assert other.code == 0
    shown = envforge("attest", "verify", image, "--key", str(tmp_path / "other" / "envforge.pub"))
    assert shown.code == 1 and "signed by another key" in shown.stdout


def test_an_image_with_no_statements_is_not_met(
    envforge: Run, world: FakeRegistry, keys: Path
) -> None:
    image = f"{REGISTRY}/nothing@{world.add_image(f'{REGISTRY}/nothing', 'v1')}"
    shown = _verify(envforge, image, keys)
    assert shown.code == 1 and "no statements" in shown.stdout


def test_pull_then_verify_from_a_directory_needs_no_registry(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = _signed_image(envforge, tmp_path, keys)
    pulled = envforge("attest", "pull", image, "--out", str(tmp_path / "saved"))
    assert pulled.code == 0, pulled.stderr
    assert (tmp_path / "saved" / "oci-layout").is_file()

    def no_network(host: str) -> None:
        raise AssertionError("--from must not contact a registry")

    monkeypatch.setattr(registry_module, "connect_registry", no_network)
    shown = _verify(envforge, image, keys, "--from", str(tmp_path / "saved"), "--node", NODES[2])
    assert shown.code == 0, shown.stdout + shown.stderr
    blob = max((tmp_path / "saved" / "blobs" / "sha256").iterdir(), key=lambda p: p.stat().st_size)
    blob.write_bytes(blob.read_bytes() + b" ")
    tampered = _verify(envforge, image, keys, "--from", str(tmp_path / "saved"))
    assert tampered.code == 1 and "does not match its digest" in tampered.stdout


def test_report_from_the_registry_needs_no_store(
    envforge: Run, world: FakeRegistry, keys: Path, tmp_path: Path
) -> None:
    _signed_image(envforge, tmp_path, keys)
    (tmp_path / "r.db").unlink()  # the store is gone: the registry holds the evidence
    shown = envforge("report", "--from-registry", REGISTRY, "--key", str(keys / "envforge.pub"),
                     "--json")  # fmt: skip
    assert shown.code == 0, shown.stderr
    entries = shown.data["entries"]
    assert len(entries) == len(NODES) and {e["verdict"] for e in entries} == {"CERTIFIED"}
    assert not (tmp_path / "r.db").exists()
    markdown = envforge("report", "--from-registry", REGISTRY, "--key", str(keys / "envforge.pub"))
    assert CPU_CELL in markdown.stdout and "1 image(s) with statements" in markdown.stderr


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["attest", "verify", "127.0.0.1:5000/x:1"], "give the image by digest"),
        (["attest", "verify", "x@sha256:" + "a" * 64, "--key", "k"], "name the registry"),
        (["attest", "verify", "127.0.0.1:5000/x@sha256:" + "a" * 64], "needs --key PUB"),
        (["report", "--key", "k.pub"], "only with --from-registry"),
        (["certify", "--signing-key", "KEY"], "only where images are pushed"),
    ],
)
def test_bad_attest_options_are_refused_at_the_door(
    envforge: Run, tmp_path: Path, argv: list[str], says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("k", "k.pub", "KEY"):
        (tmp_path / name).write_text("not a key\n")
    shown = envforge(*argv)
    assert shown.code == 2 and says in shown.stderr, shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_key_that_is_no_key_is_a_located_error(envforge: Run, tmp_path: Path) -> None:
    (tmp_path / "bad.pub").write_text("-----BEGIN PUBLIC KEY-----\nnope\n")
    shown = envforge("attest", "verify", "127.0.0.1:5000/x@sha256:" + "a" * 64, "--key",
                     str(tmp_path / "bad.pub"))  # fmt: skip
    assert shown.code == 2 and "bad.pub" in shown.stderr and "Traceback" not in shown.stderr


def test_descriptor_round_trip_keeps_annotations() -> None:
    descriptor = Descriptor("application/x", "sha256:" + "b" * 64, 3, None, {"k": "v"})
    assert Descriptor.from_dict(descriptor.to_dict()) == descriptor


def test_no_attest_attaches_nothing(envforge: Run, world: FakeRegistry, tmp_path: Path) -> None:
    data = _certify(envforge, tmp_path, "--no-attest")
    assert data["attestations"] == [] and world.attached == 0
    shown = envforge("certify", "--backend", "slurm", "--registry", REGISTRY, "--no-attest",
                     "--signing-key", str(tmp_path / "r.db"))  # fmt: skip
    assert shown.code == 2 and "contradict" in shown.stderr
