from __future__ import annotations

from pathlib import Path

import pytest

from envforge.errors import BadInputError, InvalidFileError
from envforge.site import find_ca_bundle, load_site

ENV_VARS = (
    "PIP_CERT",
    "SSL_CERT_FILE",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "PIP_CONFIG_FILE",
    "ENVFORGE_SITE",
    "ENVFORGE_STATE_DIR",  # these tests find the site file where envforge looks by default
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.setattr(
        "envforge.site._pip_config_files",
        lambda: [tmp_path / "home" / ".config" / "pip" / "pip.conf"],
    )
    monkeypatch.chdir(tmp_path)


def pem(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text("-----BEGIN CERTIFICATE-----\n")
    return path


def test_option_wins_and_must_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIP_CERT", str(pem(tmp_path, "env.pem")))
    assert find_ca_bundle(str(pem(tmp_path, "opt.pem"))) == (tmp_path / "opt.pem", "--ca-bundle")
    with pytest.raises(BadInputError, match="--ca-bundle /nope.pem: file does not exist"):
        find_ca_bundle("/nope.pem")


def test_pip_config_then_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert find_ca_bundle(None) == (None, None)
    monkeypatch.setenv("SSL_CERT_FILE", str(pem(tmp_path, "ssl.pem")))
    assert find_ca_bundle(None)[1] == "SSL_CERT_FILE"
    conf = tmp_path / "home" / ".config" / "pip" / "pip.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text(f"[global]\ncert = {pem(tmp_path, 'pip.pem')}\n")
    bundle, origin = find_ca_bundle(None)
    assert bundle == tmp_path / "pip.pem" and origin is not None and origin.startswith("pip config")
    monkeypatch.setenv("PIP_CERT", str(pem(tmp_path, "env.pem")))
    assert find_ca_bundle(None) == (tmp_path / "env.pem", "PIP_CERT")


def test_site_file_maps_bases(tmp_path: Path) -> None:
    (tmp_path / ".envforge").mkdir()
    (tmp_path / ".envforge" / "site.yaml").write_text(
        'bases:\n  "debian:bookworm-slim": "mirror/debian:12"\n'
    )
    site = load_site(None)
    assert site.base_for("debian:bookworm-slim") == "mirror/debian:12"
    assert site.base_for("debian:trixie-slim", {"debian:trixie-slim": "m/t"}) == "m/t"
    assert site.base_for("ubuntu:22.04") == "ubuntu:22.04"


def test_bad_site_file_is_located(tmp_path: Path) -> None:
    path = tmp_path / "site.yaml"
    path.write_text("bases: {}\nmirrors: {}\n")
    with pytest.raises(InvalidFileError, match=r"site.yaml:2: mirrors: unknown key"):
        load_site(str(path))
