"""Build plans: a context per cell, content-hash caching, per-cell logs, parallel builds.

A cell's image is tagged ``envforge/<cell>:<hash>`` where the hash covers everything that goes into
the build (rendered Dockerfile, generated files, probe payload, CA bundle, wheels, the resolved base
image's id). An image with that tag already present means nothing changed: it is not rebuilt.

Two builders (the engine layer runs them): BuildKit, the default wherever a docker client here can
drive it, builds one stage with the CA as a secret and the wheels, pip's and apt's caches as mounts;
the classic builder (the SDK) builds a builder stage the venv is copied out of. With BuildKit the
wheels are hard links in the cell's context; with the classic builder they reach builds over HTTP
from the host (wheelhouse.WheelServer) when the engine is local and the build is online, and offline
builds carry them in their context.

All cells start at once (up to ``jobs``): their first stages (the distribution's Python) are mostly
network-bound apt work that overlaps well, which measured faster here than building shared stages
first and making the other cells wait for them. ``build_cells`` yields each result as its build
finishes, so a caller can probe one cell while the others still build.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TextIO

from . import __version__, labels
from .engine import BuildKitClient, Engine
from .matrix import Cell
from .redact import redact
from .render import RenderedCell
from .results import BuildResult
from .site import Site
from .wheelhouse import Wheelhouse, WheelServer

__all__ = [
    "BuildSettings",
    "BuildProgress",
    "build_cells",
    "probe_payload",
    "write_context",
    "image_tag",
]

_PROBE_DIR = Path(__file__).resolve().parent / "probe"


class BuildProgress(Protocol):
    def build_started(self, cell_id: str) -> None: ...
    def build_step(self, cell_id: str, step: int, total: int) -> None: ...
    def build_finished(self, result: BuildResult) -> None: ...


@dataclass(frozen=True)
class BuildSettings:
    site: Site
    logs_dir: Path
    run_id: str
    matrix_digest: str
    matrix_bases: dict[str, str] = field(default_factory=dict)
    jobs: int = 1
    nocache: bool = False
    wheelhouse: Wheelhouse | None = None  # None: pip in the build uses the package index directly
    buildkit: BuildKitClient | None = None  # None: the classic builder
    contexts_dir: Path | None = None  # BuildKit: one lasting context per cell (None: temporary)

    @property
    def offline(self) -> bool:
        return bool(self.wheelhouse and self.wheelhouse.offline)

    @property
    def builder(self) -> str:
        return "buildkit" if self.buildkit else "legacy"


@dataclass
class _Plan:
    """One cell, prepared: everything decided, nothing built yet."""

    cell: Cell
    rendered: RenderedCell
    log_path: Path
    base: str
    files: dict[str, bytes] = field(default_factory=dict)
    wheels: tuple[Path, ...] = ()
    wheel_url: str | None = None  # the wheels come over HTTP, not in the context
    notes: list[str] = field(default_factory=list)
    digest: str = ""
    tag: str = ""
    result: BuildResult | None = None  # set when nothing is left to build (cached, or failed early)


def probe_payload() -> dict[str, bytes]:
    """The probe package as context files (``probe/lib/envforge_probe/**.py``), sorted and stable;
    read once per process (every cell's build carries the same payload)."""
    return dict(_probe_files())


@functools.cache
def _probe_files() -> tuple[tuple[str, bytes], ...]:
    return tuple(
        (f"probe/lib/envforge_probe/{p.relative_to(_PROBE_DIR).as_posix()}", p.read_bytes())
        for p in sorted(_PROBE_DIR.rglob("*.py"))
        if "__pycache__" not in p.parts
    )


def image_tag(cell_id: str, content_hash: str) -> str:
    return f"envforge/{cell_id.lower()}:{content_hash[:16]}"


def _content_hash(
    rendered: RenderedCell,
    files: dict[str, bytes],
    wheels: tuple[Path, ...],
    base_id: str,
    buildargs: dict[str, str],
) -> str:
    h = hashlib.sha256(rendered.digest.encode())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    for wheel in sorted(wheels):
        h.update(b"wheel\0" + wheel.name.encode())
    h.update(f"base\0{base_id}\0".encode())
    for key in sorted(buildargs):
        h.update(f"arg\0{key}={buildargs[key]}\0".encode())
    return h.hexdigest()


def write_context(directory: Path, dockerfile: str, files: dict[str, bytes]) -> None:
    """A build context: the Dockerfile and ``files`` (executable under ``bin/`` and ``build/``)."""
    (directory / "Dockerfile").write_text(dockerfile, encoding="utf-8")
    for name, content in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        path.chmod(0o755 if "/bin/" in name or name == "build/pip-install" else 0o644)


def _write_cell_context(
    directory: Path, rendered: RenderedCell, files: dict[str, bytes], wheels: tuple[Path, ...]
) -> None:
    write_context(directory, rendered.dockerfile, files)
    house = directory / "build" / "wheelhouse"
    house.mkdir(parents=True, exist_ok=True)
    (house / ".keep").write_text("", encoding="utf-8")
    for wheel in wheels:
        target = house / wheel.name
        try:
            os.link(wheel, target)
        except OSError:
            shutil.copy2(wheel, target)
    if wheels:
        (house / ".complete").write_text(
            "every wheel is here: pip runs with --no-index\n", encoding="utf-8"
        )


class _Log:
    """A cell's build log; every line stamped with the seconds since the log was opened."""

    def __init__(self, path: Path) -> None:
        self.handle: TextIO = path.open("w", encoding="utf-8")
        self.start = time.perf_counter()
        self.lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self.lock:
            self.handle.write(f"[{time.perf_counter() - self.start:7.1f}s] {redact(line)}\n")
            self.handle.flush()

    def close(self) -> None:
        self.handle.close()


def _plan_base(
    engine: Engine, cell: Cell, rendered: RenderedCell, settings: BuildSettings
) -> tuple[_Plan, str | None]:
    """A cell's plan with its context files and base image; (plan, base image id or None when it failed)."""
    log_path = settings.logs_dir / f"{cell.id}.build.log"
    plan = _Plan(
        cell,
        rendered,
        log_path,
        settings.site.base_for(cell.spec.recipe.base_image, settings.matrix_bases),
    )
    plan.files = {**rendered.files, **probe_payload()}
    if settings.site.ca_bundle is not None and settings.buildkit is None:
        plan.files["build/ca-bundle.pem"] = settings.site.ca_bundle.read_bytes()
    base_id = engine.image_id(plan.base)
    if base_id is None and engine.pull(plan.base):
        base_id = engine.image_id(plan.base)
    if base_id is None:
        plan.result = _failed(
            plan,
            f"base image {plan.base} is not present and cannot be pulled: run scripts/setup, "
            f"or map {cell.spec.recipe.base_image} to a local image in the site file (site.yaml)",
        )
    return plan, base_id


def _plan_wheels(
    engine: Engine, plan: _Plan, base_id: str, settings: BuildSettings, wheel_url: str | None
) -> None:
    """Resolve the plan's wheels and its content hash; set ``plan.result`` when nothing is left to build."""
    cell, rendered, log_path = plan.cell, plan.rendered, plan.log_path
    if settings.wheelhouse is not None:
        resolution = settings.wheelhouse.resolve(cell.spec.recipe)
        if resolution.complete:
            plan.wheels = resolution.wheels
            plan.wheel_url = wheel_url
            where = f"served at {wheel_url}" if wheel_url else "in the build context"
            plan.notes.append(
                f"wheelhouse: {len(plan.wheels)} wheels from {settings.wheelhouse.directory}, "
                f"{where} (pip --no-index)"
            )
        elif settings.offline:
            plan.result = _failed(
                plan,
                f"offline, and the wheelhouse {settings.wheelhouse.directory} cannot satisfy "
                f"this cell: {resolution.error}; fill it once with network access "
                "(envforge build --wheelhouse DIR)",
                resolution.log,
            )
            return
        else:
            plan.notes.append(
                f"wheelhouse not used ({resolution.error}): pip in the build uses the package index"
            )
    plan.digest = _content_hash(
        rendered, plan.files, plan.wheels, base_id, {"BASE_IMAGE": plan.base}
    )
    plan.tag = image_tag(cell.id, plan.digest)
    existing = engine.image_id(plan.tag)
    if existing and not settings.nocache:
        log_path.write_text(
            f"unchanged since its last build: {plan.tag} ({existing})\n", encoding="utf-8"
        )
        plan.result = BuildResult(
            cell.id, existing, plan.tag, plan.digest, plan.base, log_path, 0.0, cached=True,
            image_size=engine.image_size(existing),
        )  # fmt: skip


@contextmanager
def _context_dir(settings: BuildSettings, cell_id: str) -> Iterator[Path]:
    """Where a cell's context is written: a lasting directory per cell for BuildKit (it sends only
    what changed since the last build of the cell), else a temporary one."""
    if settings.buildkit is None or settings.contexts_dir is None:
        with tempfile.TemporaryDirectory(prefix=f"envforge-{cell_id}-") as tmp:
            yield Path(tmp)
        return
    directory = settings.contexts_dir / cell_id
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    yield directory


def _failed(plan: _Plan, error: str, detail: str = "") -> BuildResult:
    plan.log_path.write_text(redact(error + "\n" + detail), encoding="utf-8")
    return BuildResult(
        plan.cell.id, None, "", "", plan.base, plan.log_path, 0.0, error=redact(error)
    )


def _build(
    engine: Engine, plan: _Plan, settings: BuildSettings, progress: BuildProgress | None
) -> BuildResult:
    """Run the engine build of ``plan``; the build-time labels go in as build arguments."""
    label_args = {
        "ENVFORGE_CONTENT_HASH": plan.digest,
        "ENVFORGE_MATRIX_DIGEST": settings.matrix_digest,
        "ENVFORGE_VERSION": __version__,
        "ENVFORGE_BASE_IMAGE": plan.base,
        "ENVFORGE_RUN": settings.run_id,
        "ENVFORGE_ROLE": labels.ROLE_CELL_IMAGE,
    }
    buildargs = {"BASE_IMAGE": plan.base, **label_args}
    if settings.buildkit and settings.nocache:
        buildargs["ENVFORGE_REBUILD"] = settings.run_id  # every step again, the caches kept
    if plan.wheel_url:
        buildargs["ENVFORGE_WHEELHOUSE_URL"] = plan.wheel_url
    secrets = {}
    if settings.buildkit and settings.site.ca_bundle is not None:
        secrets["envforge-ca"] = settings.site.ca_bundle
    log = _Log(plan.log_path)
    try:
        with _context_dir(settings, plan.cell.id) as context:
            _write_cell_context(
                context, plan.rendered, plan.files, () if plan.wheel_url else plan.wheels
            )
            log(f"# envforge build of {plan.cell.id}: {plan.tag}, base {plan.base}")
            log(f"# builder: {settings.buildkit.describe() if settings.buildkit else 'classic'}")
            for note in plan.notes:
                log(f"# {note}")
            if settings.offline:
                log("# offline: the build runs with no network (network_mode=none)")
            outcome = engine.build(
                context,
                tag=plan.tag,
                buildargs=buildargs,
                nocache=settings.nocache and settings.buildkit is None,
                network_mode="none" if settings.offline else None,
                buildkit=settings.buildkit,
                secrets=secrets,
                log=log,
                on_step=(lambda s, t: progress.build_step(plan.cell.id, s, t))
                if progress
                else None,
            )
    finally:
        log.close()
    return BuildResult(
        plan.cell.id,
        outcome.image_id,
        plan.tag,
        plan.digest,
        plan.base,
        plan.log_path,
        outcome.seconds,
        error=redact(outcome.error) if outcome.error else None,
        image_size=engine.image_size(outcome.image_id) if outcome.image_id else None,
    )


def _build_one(
    engine: Engine,
    cell: Cell,
    rendered: RenderedCell,
    settings: BuildSettings,
    progress: BuildProgress | None,
    wheel_url: str | None,
) -> BuildResult:
    if progress:
        progress.build_started(cell.id)
    plan, base_id = _plan_base(engine, cell, rendered, settings)
    if base_id is not None:
        _plan_wheels(engine, plan, base_id, settings, wheel_url)
    result = plan.result or _build(engine, plan, settings, progress)
    if progress:
        progress.build_finished(result)
    return result


def build_cells(
    engine: Engine,
    cells: list[tuple[Cell, RenderedCell]],
    settings: BuildSettings,
    progress: BuildProgress | None = None,
) -> Iterator[BuildResult]:
    """Build up to ``settings.jobs`` cells at once, yielding each result as its build finishes; one
    failing cell never stops the others. Closing the iterator early cancels the builds not started."""
    settings.logs_dir.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        wheel_url = None
        serve = settings.wheelhouse and not settings.offline and settings.buildkit is None
        gateway = engine.bridge_gateway() if serve else None
        if gateway and settings.wheelhouse:
            wheel_url = stack.enter_context(WheelServer(settings.wheelhouse.directory, gateway)).url
        pool = ThreadPoolExecutor(
            max_workers=max(1, min(settings.jobs, len(cells))), thread_name_prefix="envforge-build"
        )
        stack.callback(pool.shutdown, wait=True, cancel_futures=True)
        futures: list[Future[BuildResult]] = [
            pool.submit(_build_one, engine, cell, rendered, settings, progress, wheel_url)
            for cell, rendered in cells
        ]
        for future in as_completed(futures):
            yield future.result()
