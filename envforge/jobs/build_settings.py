"""How a run builds, made from a request's build options for every job that builds (certify, build,
push, forge, the cluster backends), in two steps:

- ``resolve_build`` (the preamble: no engine): the site file loaded and checked, the CA bundle
  found, the wheelhouse opened; ``BuildChoices`` says what was resolved;
- ``buildkit_of`` (the engine, before the run opens) and ``builder_settings`` (the run's logs).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..builder import BuildSettings
from ..engine import BuildKitClient
from ..errors import BadInputError
from ..site import Site, load_site
from ..wheelhouse import Wheelhouse
from .context import Context, Run
from .options import BuildOptions

__all__ = ["BuildChoices", "resolve_build", "buildkit_of", "builder_settings"]

_WHEELHOUSE_MODES = {
    "offline": "offline: no package index, no network in builds",
    "shared": "each wheel downloaded once",
    "none": "none: pip in each build uses the package index",
}


@dataclass(frozen=True)
class BuildChoices:
    """What a run builds with, as resolved before anything is built."""

    options: BuildOptions
    site: Site
    wheelhouse: Wheelhouse | None

    def lines(self) -> list[str]:
        options, site = self.options, self.site
        found = [
            f"build: {options.jobs} at a time, builder {options.builder}"
            + (", no cache" if options.nocache else ""),
            f"site file: {site.path or 'none'}"
            + (f" ({len(site.bases)} base image(s) mapped)" if site.bases else ""),
        ]
        if site.ca_bundle:
            found.append(f"CA bundle for builds: {site.ca_bundle} (from {site.ca_bundle_origin})")
        where = f"{self.wheelhouse.directory} " if self.wheelhouse else ""
        found.append(f"wheelhouse: {where}({_WHEELHOUSE_MODES[options.wheelhouse_mode]})")
        return found

    def to_dict(self) -> dict[str, Any]:
        options, site = self.options, self.site
        return {
            "jobs": options.jobs,
            "builder": options.builder,
            "cache": not options.nocache,
            "site": str(site.path) if site.path else None,
            "bases": dict(site.bases),
            "buildkit": site.buildkit.model_dump(),
            "ca_bundle": str(site.ca_bundle) if site.ca_bundle else None,
            "ca_bundle_origin": site.ca_bundle_origin,
            "wheelhouse": str(self.wheelhouse.directory) if self.wheelhouse else None,
            "wheelhouse_mode": options.wheelhouse_mode,
            "refresh_wheelhouse": options.refresh_wheelhouse,
        }


def site_of(ctx: Context, options: BuildOptions) -> Site:
    """The site settings in effect: the site file (checked), the CA bundle found."""
    return load_site(options.site, options.ca_bundle, ctx.state.site_file)


def wheelhouse_of(ctx: Context, options: BuildOptions) -> Wheelhouse | None:
    """The shared wheelhouse the options ask for (None: pip in each build uses the index)."""
    if options.wheelhouse_mode == "none":
        return None
    directory = ctx.state.wheelhouse if options.wheelhouse is None else Path(options.wheelhouse)
    return Wheelhouse(
        directory, ctx.kb, offline=options.offline, refresh=options.refresh_wheelhouse
    )


def resolve_build(ctx: Context, options: BuildOptions) -> BuildChoices:
    """The site and the wheelhouse of ``options`` (BadInputError, InvalidFileError: a bad site
    file, a CA bundle or an offline wheelhouse that cannot be used); no engine is asked."""
    return BuildChoices(options, site_of(ctx, options), wheelhouse_of(ctx, options))


def buildkit_of(ctx: Context, choices: BuildChoices) -> BuildKitClient | None:
    """The BuildKit client builds use (None: the classic builder), said as a note; asks the engine,
    so it comes after the preamble and before the run opens."""
    options, site = choices.options, choices.site
    if options.builder == "legacy":
        ctx.progress.note("builder: classic (--builder legacy)")
        return None
    client = ctx.engine.buildkit(site.buildkit.client, site.buildkit.builder)
    if client is not None:
        ctx.progress.note(f"builder: {client.describe()}")
        return client
    wanted = site.buildkit.client or site.buildkit.builder
    if options.builder == "buildkit" or wanted:
        raise BadInputError(
            "no docker client here can build with BuildKit"
            + (f" (the site file names {wanted})" if wanted else ""),
            hint="install Docker's buildx plugin or Debian's docker.io (/usr/bin/docker), "
            "or build with --builder legacy",
        )
    ctx.progress.note("builder: classic (no docker client here can build with BuildKit)")
    return None


def builder_settings(
    ctx: Context,
    choices: BuildChoices,
    buildkit: BuildKitClient | None,
    run: Run,
    *,
    matrix_digest: str,
    matrix_bases: dict[str, str] | None = None,
) -> BuildSettings:
    """The builder's settings for ``run``: site, wheelhouse, logs, parallelism, cache."""
    return BuildSettings(
        site=choices.site,
        logs_dir=run.logs_dir,
        run_id=run.id,
        matrix_digest=matrix_digest,
        matrix_bases=dict(matrix_bases or {}),
        jobs=choices.options.jobs,
        nocache=choices.options.nocache,
        wheelhouse=choices.wheelhouse,
        buildkit=buildkit,
        contexts_dir=ctx.state.root / "contexts",
    )
