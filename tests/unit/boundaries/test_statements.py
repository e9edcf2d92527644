"""Boundary: statements read back from a registry or a pulled directory (docs/security.md,
"Attestations read back"). Whoever can push to the registry can write anything there: a referrers
index, an artifact manifest, an envelope, a statement. Each is a refusal of one located line or it
is used; none raises, none is trusted because of where it sits, and a statement is only believed
with a signature that checks against the key given."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envforge.attest.checking import check_statements, claims, meets
from envforge.attest.signing import generate_keys, load_public_key, load_signer, seal
from envforge.attest.statements import PREDICATES, STATEMENT_TYPE, Subject
from envforge.engine.registry import DOCKER_MANIFEST_TYPE, ENVELOPE_TYPE, Descriptor

from ..fake_registry import FakeRegistry
from ..fuzzing import examples
from .hostile import hostile_text

REPO = "127.0.0.1:5000/envforge/x"
DIGEST = "sha256:" + "1" * 64
SUBJECT = Subject(REPO, DIGEST)
TARGET = Descriptor(DOCKER_MANIFEST_TYPE, DIGEST, 1234)
NOTE = {"in-toto.io/predicate-type": PREDICATES["verdicts"]}


class _Source:
    def __init__(self, registry: FakeRegistry) -> None:
        self.registry = registry

    def describe(self) -> str:
        return "test"

    def referrers(self, digest: str) -> list[Descriptor]:
        return self.registry.referrers(REPO, digest)

    def manifest(self, digest: str) -> bytes:
        return self.registry.manifest(REPO, digest)

    def blob(self, digest: str, limit: int) -> bytes:
        return self.registry.blob(REPO, digest, limit)


@pytest.fixture(scope="module")
def key_pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    private, public, _ = generate_keys(tmp_path_factory.mktemp("keys"))
    return load_signer(private), load_public_key(public)


def _verdicts(subject_hex: str = "1" * 64, configuration: Any = None) -> dict[str, Any]:
    return {
        "_type": STATEMENT_TYPE,
        "subject": [{"name": REPO, "digest": {"sha256": subject_hex}}],
        "predicateType": PREDICATES["verdicts"],
        "predicate": {"result": "PASSED", "configuration": configuration or [], "url": "run"},
    }


def _envelope(payload: bytes, signatures: list[dict[str, str]] | None = None) -> bytes:
    return json.dumps({
        "payload": base64.b64encode(payload).decode(), "payloadType": "application/vnd.in-toto+json",
        "signatures": signatures or [],
    }).encode()  # fmt: skip


def _check(envelope: bytes, key: Any, **kwargs: Any) -> list[Any]:
    registry = FakeRegistry()
    registry.attach(REPO, TARGET, envelope, NOTE)
    return check_statements(_Source(registry), SUBJECT, key, **kwargs)


@pytest.mark.parametrize(
    ("envelope", "says"),
    [
        (b"not json", "not a DSSE envelope"),
        (b"[]", "not a DSSE envelope"),
        (b'{"payload": 1}', "not a DSSE envelope"),
        (_envelope(b"[1, 2]"), "unsigned"),
        (_envelope(b"{}", [{"keyid": "x", "sig": "AAAA"}]), "signed by another key"),
        (_envelope(b"{}", [{"keyid": "x", "sig": "!!"}]), "not a DSSE envelope"),
    ],
)
def test_a_hostile_envelope_is_one_located_refusal(
    key_pair: tuple[Any, Any], envelope: bytes, says: str
) -> None:
    (checked,) = _check(envelope, key_pair[1])
    assert not checked.ok and says in checked.problem
    assert checked.problem.startswith("statement sha256:") and "\n" not in checked.problem


@pytest.mark.parametrize(
    ("statement", "says"),
    [
        ({"_type": "something else"}, "not an in-toto statement"),
        (_verdicts("2" * 64), "not this image"),
        ({**_verdicts(), "subject": "nope"}, "not this image"),
        ({**_verdicts(), "predicateType": PREDICATES["sbom"]}, "is a sbom statement"),
    ],
)
def test_a_signed_statement_that_is_not_about_this_image_is_refused(
    key_pair: tuple[Any, Any], statement: dict[str, Any], says: str
) -> None:
    signer, key = key_pair
    (checked,) = _check(seal(statement, signer), key)
    assert not checked.ok and says in checked.problem


def test_a_valid_signature_does_not_make_a_malformed_verdict_certify(
    key_pair: tuple[Any, Any],
) -> None:
    signer, key = key_pair
    configuration = [
        "not an entry",
        {"name": "node/n1", "annotations": {"envforge.node": "x", "envforge.certificate": []}},
        {"name": "node/n2", "annotations": {"envforge.node": {}, "envforge.certificate": {
            "level": "NaN", "passed": "yes", "verdict": 3, "diagnoses": [1, None]}}},
    ]  # fmt: skip
    (checked,) = _check(seal(_verdicts(configuration=configuration), signer), key)
    assert checked.ok
    found = claims([checked])
    assert [c.node for c in found] == ["n2"] and found[0].level == 0
    assert not meets(found, None, None)  # "passed": "yes" is not true


@settings(max_examples=examples(60), deadline=None)
@given(
    index=st.one_of(
        st.binary(max_size=200),
        st.builds(lambda v: json.dumps(v).encode(), st.recursive(
            st.one_of(st.none(), st.integers(), st.text(max_size=8)),
            lambda inner: st.one_of(st.lists(inner, max_size=3),
                                    st.dictionaries(st.sampled_from(["manifests", "digest", "mediaType", "size", "annotations", "artifactType"]), inner, max_size=4)),
            max_leaves=12)),
    )
)  # fmt: skip
def test_any_referrers_index_is_read_or_refused_never_a_crash(index: bytes) -> None:
    from envforge.engine.registry import RegistryError, index_descriptors

    try:
        found = index_descriptors(index)
    except RegistryError as exc:
        assert "\n" not in str(exc)
        return
    assert all(isinstance(d, Descriptor) for d in found)


@settings(max_examples=examples(40), deadline=None)
@given(text=hostile_text)
def test_hostile_text_in_a_manifest_is_shown_escaped(text: str) -> None:
    registry = FakeRegistry()
    body = json.dumps({"subject": {"digest": text}, "layers": [{"mediaType": text}]}).encode()
    digest = registry.put_manifest(body)
    registry.replace_referrers(
        REPO, DIGEST, [Descriptor("application/x", digest, len(body), ENVELOPE_TYPE, {})]
    )
    (checked,) = check_statements(_Source(registry), SUBJECT, None)
    assert not checked.ok and "\n" not in checked.problem and "\x1b" not in checked.problem
