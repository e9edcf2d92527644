"""The builder's settings made from a request's build options, once for every job that builds
(certify, build, forge): site, wheelhouse, BuildKit client, logs."""

from __future__ import annotations

from pathlib import Path

from ..builder import BuildSettings
from ..engine import BuildKitClient
from ..errors import BadInputError
from ..site import Site, load_site
from ..wheelhouse import Wheelhouse
from .context import Context, Run
from .options import BuildOptions

__all__ = ["builder_settings", "buildkit_of", "site_of", "wheelhouse_of"]


def site_of(ctx: Context, options: BuildOptions) -> Site:
    return load_site(options.site, options.ca_bundle, ctx.state.site_file)


def wheelhouse_of(ctx: Context, options: BuildOptions) -> Wheelhouse | None:
    """The shared wheelhouse the options ask for (None: pip in each build uses the index)."""
    if options.offline and options.no_wheelhouse:
        raise BadInputError("--offline needs a wheelhouse (drop --no-wheelhouse)")
    if options.no_wheelhouse:
        return None
    directory = ctx.state.wheelhouse if options.wheelhouse is None else Path(options.wheelhouse)
    return Wheelhouse(
        directory, ctx.kb, offline=options.offline, refresh=options.refresh_wheelhouse
    )


def builder_settings(
    ctx: Context,
    options: BuildOptions,
    run: Run,
    *,
    matrix_digest: str,
    matrix_bases: dict[str, str] | None = None,
) -> BuildSettings:
    """The builder's settings for ``run``: site, wheelhouse, logs, parallelism, cache."""
    site = site_of(ctx, options)
    wheelhouse = wheelhouse_of(ctx, options)
    buildkit = buildkit_of(ctx, options, site)
    if site.ca_bundle:
        where = "a BuildKit secret" if buildkit else "in the builder stage only"
        ctx.progress.note(
            f"CA bundle for builds: {site.ca_bundle} (from {site.ca_bundle_origin}); {where}"
        )
    if wheelhouse:
        mode = (
            "offline: no package index, no network in builds"
            if options.offline
            else "each wheel downloaded once"
        )
        ctx.progress.note(f"wheelhouse: {wheelhouse.directory} ({mode})")
    return BuildSettings(
        site=site,
        logs_dir=run.logs_dir,
        run_id=run.id,
        matrix_digest=matrix_digest,
        matrix_bases=dict(matrix_bases or {}),
        jobs=options.jobs,
        nocache=options.nocache,
        wheelhouse=wheelhouse,
        buildkit=buildkit,
        contexts_dir=ctx.state.root / "contexts",
    )


def buildkit_of(ctx: Context, options: BuildOptions, site: Site) -> BuildKitClient | None:
    """The BuildKit client builds use (None: the classic builder), said in the run's preamble."""
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
