"""A run's preamble (cibuildwheel's): every setting resolved and checked before the run opens.

The matrix expanded and its cells selected, the site file loaded and validated, the CA bundle
found, the wheelhouse opened, the probe's limits and the cluster's options said; every problem
found (and those the command line found: ``cli.settings.RULES``) is reported together, one line
each. Nothing here opens a run record or asks an engine, a registry or a scheduler, so a refused
run leaves nothing behind. The preamble is said as notes and returned (``--json``:
``data.preamble``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..errors import EnvforgeError, Problems
from ..matrix import Cell, Expansion
from .build_settings import BuildChoices, resolve_build
from .context import Context
from .options import AttestOptions, BuildOptions, ClusterOptions, ProbeOptions, Selection
from .steps import expand_matrix, select_cells

__all__ = ["Preamble", "resolve", "of_request"]


@dataclass(frozen=True)
class Preamble:
    """What a run resolved before it touched anything: the settings it runs with."""

    command: str
    backend: str = "local"
    expansion: Expansion | None = None
    cells: tuple[Cell, ...] = ()
    build: BuildChoices | None = None
    probe: ProbeOptions | None = None
    cluster: ClusterOptions | None = None
    images: tuple[str, ...] = ()  # verify: the images named
    more: dict[str, Any] = field(default_factory=dict)  # a job's own resolved settings
    attest: AttestOptions | None = None  # a job that pushes attaches statements
    signer: Any = field(default=None, repr=False, compare=False)  # never said, stored or logged

    def lines(self) -> list[str]:
        """The preamble as notes, one line per setting group."""
        found = [f"envforge {__version__}: {self.command} (backend {self.backend})"]
        if self.expansion is not None:
            matrix = self.expansion.matrix
            found.append(
                f"matrix: {matrix.path} (digest {matrix.digest[:12]}): {len(self.cells)} of "
                f"{len(self.expansion.cells)} cell(s) selected, {len(self.expansion.rejected)} "
                "combination(s) ruled out by the knowledge base"
            )
        if self.images:
            found.append(f"images: {', '.join(self.images)}")
        found += [f"{key}: {_said(value)}" for key, value in self.more.items()]
        if self.build is not None:
            found += self.build.lines()
        if self.probe is not None:
            probe = self.probe
            found.append(
                f"probe: level {probe.level}, timeout {probe.timeout_s:.0f} s, memory "
                f"{probe.memory}"
                + (", certified cells probed again (--force)" if probe.force else "")
            )
        if self.cluster is not None:
            found.append(_cluster_line(self.cluster))
        if self.attest is not None:
            found.append(self._signing_line())
        return found

    @property
    def signing_key_id(self) -> str | None:
        return self.signer.public_key.keyid if self.signer is not None else None

    def _signing_line(self) -> str:
        if self.signer is None:
            return (
                "statements: attached UNSIGNED (no --signing-key, no ENVFORGE_SIGNING_KEY); "
                "attest verify refuses them unless --allow-unsigned"
            )
        return f"statements: signed with the site key {str(self.signing_key_id)[:16]}..."

    def to_dict(self) -> dict[str, Any]:
        matrix = None
        if self.expansion is not None:
            matrix = {
                "path": str(self.expansion.matrix.path),
                "digest": self.expansion.matrix.digest,
                "cells": [c.id for c in self.cells],
                "rejected": len(self.expansion.rejected),
            }
        probe = self.probe
        return {
            "envforge": __version__,
            "command": self.command,
            "backend": self.backend,
            "matrix": matrix,
            "images": list(self.images),
            **self.more,
            "build": self.build.to_dict() if self.build else None,
            "probe": {
                "level": probe.level,
                "timeout_s": probe.timeout_s,
                "memory": probe.memory,
                "force": probe.force,
            }
            if probe
            else None,
            "cluster": _cluster_dict(self.cluster) if self.cluster else None,
            "signing": {"signed": self.signer is not None, "key_id": self.signing_key_id}
            if self.attest is not None
            else None,
        }


def _said(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items() if v is not None) or "-"
    return str(value)


def _cluster_line(options: ClusterOptions) -> str:
    return (
        f"cluster: registry {options.registry}, partition {options.partition or 'the default'}, "
        f"nodes {','.join(options.nodes) or 'all'}"
        + (f" matching {options.constraint!r}" if options.constraint else "")
        + f", runtime {options.runtime}, spool {options.spool or 'spool/ in the state directory'}"
        + (f", sbatch {' '.join(options.sbatch_args)}" if options.sbatch_args else "")
        + (f", resuming run {options.resume}" if options.resume else "")
    )


def _cluster_dict(options: ClusterOptions) -> dict[str, Any]:
    return {
        "registry": options.registry,
        "partition": options.partition,
        "constraint": options.constraint,
        "nodes": list(options.nodes),
        "sbatch_args": list(options.sbatch_args),
        "runtime": options.runtime,
        "spool": str(options.spool) if options.spool else None,
        "resume": options.resume,
    }


def resolve(
    ctx: Context,
    *,
    command: str,
    backend: str = "local",
    selection: Selection | None = None,
    build: BuildOptions | None = None,
    probe: ProbeOptions | None = None,
    cluster: ClusterOptions | None = None,
    images: tuple[str, ...] = (),
    more: dict[str, Any] | None = None,
    checks: Sequence[Callable[[], Any]] = (),
    known: Sequence[EnvforgeError] = (),
    attest: AttestOptions | None = None,
) -> Preamble:
    """Resolve and check every setting of a run (``more``: a job's own settings, to be said;
    ``checks``: its own checks, each raising its problem); raise every problem found together;
    say the preamble as notes."""
    problems = Problems(known)
    expansion = cells = None
    if selection is not None:
        expansion = problems.attempt(lambda: expand_matrix(ctx, selection))
        if expansion is not None:
            found = expansion
            cells = problems.attempt(lambda: select_cells(found, selection))
    choices = problems.attempt(lambda: resolve_build(ctx, build)) if build else None
    for check in checks:
        problems.attempt(check)
    signer = None
    if attest is not None and attest.signing_key is not None:
        from ..attest.signing import load_signer  # noqa: PLC0415 - a key only where one is given

        key = attest.signing_key
        signer = problems.attempt(lambda: load_signer(key))
    problems.raise_any()
    preamble = Preamble(
        command=command,
        backend=backend,
        expansion=expansion,
        cells=cells or (),
        build=choices,
        probe=probe,
        cluster=cluster,
        images=images,
        more=dict(more or {}),
        attest=attest,
        signer=signer,
    )
    for line in preamble.lines():
        ctx.progress.note(line)
    return preamble


def of_request(
    ctx: Context,
    request: object,
    *,
    command: str,
    backend: str = "local",
    more: dict[str, Any] | None = None,
    checks: Sequence[Callable[[], Any]] = (),
    known: Sequence[EnvforgeError] = (),
) -> Preamble:
    """``resolve`` for a job's request, its parts taken by their usual names (``selection``,
    ``build``, ``probe``, ``cluster``, ``images``), where it has them."""
    return resolve(
        ctx,
        command=command,
        backend=backend,
        selection=getattr(request, "selection", None),
        build=getattr(request, "build", None),
        probe=getattr(request, "probe", None),
        cluster=getattr(request, "cluster", None),
        images=tuple(getattr(request, "images", ())),
        more=more,
        checks=checks,
        known=known,
        attest=getattr(request, "attest", None),
    )
