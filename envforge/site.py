"""Site settings: base-image mappings (air-gapped mirrors) and the CA bundle for builds.

The site file (``--site PATH``, ``$ENVFORGE_SITE``, else ``site.yaml`` in the state directory when
present) maps official base image names to the images a site builds from. ``scripts/setup`` writes
one when it had to make local bases with debootstrap. A matrix may carry its own ``bases:``; the
site file wins.
"""

from __future__ import annotations

import configparser
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainValidator, WithJsonSchema

from . import paths
from .errors import BadInputError
from .fields import ImageReference
from .identifiers import check_builder_name, check_one_line
from .yamlio import load_yaml, validate

__all__ = ["Site", "SiteFile", "BuildKitSettings", "load_site", "find_ca_bundle"]


def _path_text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a path (a non-empty string)")
    return check_one_line(value, limit=1024, what="path")


def _builder(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be a builder name, not {type(value).__name__}")
    return check_builder_name(value)


PathText = Annotated[str, PlainValidator(_path_text), WithJsonSchema({"type": "string"})]
BuilderName = Annotated[str, PlainValidator(_builder), WithJsonSchema({"type": "string"})]


class BuildKitSettings(BaseModel):
    """Which BuildKit a site builds with: a docker client (a path), and a buildx builder instance
    (``docker buildx create --name team --driver remote tcp://buildkitd:1234``); both optional."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    client: PathText | None = None
    builder: BuilderName | None = None


class SiteFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    bases: dict[ImageReference, ImageReference] = {}
    ca_bundle: PathText | None = None
    buildkit: BuildKitSettings = BuildKitSettings()


@dataclass(frozen=True)
class Site:
    bases: dict[str, str]
    ca_bundle: Path | None
    ca_bundle_origin: str | None
    path: Path | None
    buildkit: BuildKitSettings = BuildKitSettings()

    def base_for(self, official: str, matrix_bases: dict[str, str] | None = None) -> str:
        """The image to build FROM for an official base name."""
        return self.bases.get(official) or (matrix_bases or {}).get(official) or official


def _pip_config_files() -> list[Path]:
    home = Path.home()
    files = [
        Path("/etc/pip.conf"),
        Path("/etc/xdg/pip/pip.conf"),
        home / ".pip/pip.conf",
        Path(os.environ.get("XDG_CONFIG_HOME", home / ".config")) / "pip/pip.conf",
        Path(sys.prefix) / "pip.conf",
    ]
    if os.environ.get("PIP_CONFIG_FILE"):
        files.append(Path(os.environ["PIP_CONFIG_FILE"]))
    return files


def find_ca_bundle(
    option: Path | str | None, site_value: str | None = None
) -> tuple[Path | None, str | None]:
    """(CA bundle, where it was found): --ca-bundle, the site file, PIP_CERT, pip config, SSL env vars."""
    if option:
        path = Path(option)
        if not path.is_file():
            raise BadInputError(
                f"--ca-bundle {option}: file does not exist",
                hint="give the PEM bundle your proxy's CA is in (pip config list shows pip's)",
            )
        return path, "--ca-bundle"
    candidates: list[tuple[str | None, str]] = [
        (site_value, "site file"),
        (os.environ.get("PIP_CERT"), "PIP_CERT"),
    ]
    for config in reversed(_pip_config_files()):  # later files override earlier ones, as in pip
        parser = configparser.ConfigParser()
        try:
            parser.read(config, encoding="utf-8")
        except (configparser.Error, OSError):
            continue
        for section in ("install", "download", "global"):
            if parser.has_option(section, "cert"):
                candidates.append((parser.get(section, "cert"), f"pip config {config}"))
    for var in ("SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        candidates.append((os.environ.get(var), var))
    for value, origin in candidates:
        if value and Path(value).is_file():
            return Path(value), origin
    return None, None


def load_site(
    path: Path | str | None, ca_bundle: Path | str | None = None, default: Path | None = None
) -> Site:
    """The site settings in effect (BadInputError/InvalidFileError for a bad site file); ``default``:
    the site file used when none is named (site.yaml in the state directory)."""
    chosen = (
        Path(path)
        if path
        else Path(os.environ["ENVFORGE_SITE"])
        if os.environ.get("ENVFORGE_SITE")
        else None
    )
    default = default or paths.state().site_file
    if chosen is None and default.is_file():
        chosen = default
    settings = SiteFile()
    if chosen is not None:
        loaded = load_yaml(chosen)
        settings = validate(loaded, SiteFile) if loaded.data is not None else SiteFile()
    bundle, origin = find_ca_bundle(ca_bundle, settings.ca_bundle)
    return Site(
        bases=dict(settings.bases),
        ca_bundle=bundle,
        ca_bundle_origin=origin,
        path=chosen,
        buildkit=settings.buildkit,
    )
