"""Secrets never leave the process: URL passwords and the environment's secret values are masked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envforge.redact import redact
from envforge.store import Store

from .hosts import NO_GPU
from .test_store import make_cert


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("proxy http://bob:hunter22@proxy:3128 failed", "proxy http://bob:***@proxy:3128 failed"),
        ("https://u:p%40ss@idx.example/simple", "https://u:***@idx.example/simple"),
        ("socks5h://me:tok3n@10.0.0.1:1080", "socks5h://me:***@10.0.0.1:1080"),
        ("ssh://git@github.com/x", "ssh://git@github.com/x"),  # a user, no password
        ("plain text: a:b@c", "plain text: a:b@c"),  # not a URL
        ("", ""),
    ],
)
def test_url_passwords_are_masked(text: str, expected: str) -> None:
    assert redact(text) == expected


def test_secret_values_from_the_environment_are_masked_wherever_they_appear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://svc:Pr0xy-S3cret@proxy.corp:8080")
    monkeypatch.setenv("PIP_INDEX_URL", "https://__token__:pypi-AgEIcHlwaS5vcmc@idx.corp/simple")
    monkeypatch.setenv("ENVFORGE_REGISTRY_PASSWORD", "reg-pass-123")
    text = "auth Pr0xy-S3cret; token=pypi-AgEIcHlwaS5vcmc; login reg-pass-123"
    assert redact(text) == "auth ***; token=***; login ***"


def test_the_store_keeps_no_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_PROXY", "http://svc:Pr0xy-S3cret@proxy.corp:8080")
    cert = make_cert()
    leaky = type(cert)(**{**cert.__dict__, "facts": {"env": {"note": "Pr0xy-S3cret"}}})
    with Store(tmp_path / "r.db") as store:
        store.start_run(
            "r1", command="certify --registry http://u:Pr0xy-S3cret@r", host=NO_GPU, level=1
        )
        store.add("r1", leaky)
    raw = (tmp_path / "r.db").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("r.db-*")
    )
    assert b"Pr0xy-S3cret" not in raw
    with Store(tmp_path / "r.db") as store:
        assert json.dumps(store.certificates()[0].certificate.facts) == '{"env": {"note": "***"}}'
