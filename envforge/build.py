"""Build plans: a context per cell, content-hash caching, per-cell logs, parallel builds.

A cell's image is tagged ``envforge/<cell>:<hash>`` where the hash covers everything that goes into
the build (rendered Dockerfile, generated files, probe payload, CA bundle, wheels, the resolved base
image's id). An image with that tag already present means nothing changed: it is not rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from . import __version__
from .engine import LABEL_ROLE, LABEL_RUN, Engine
from .matrix import Cell
from .render import LABEL_PREFIX, RenderedCell
from .site import Site
from .wheelhouse import Wheelhouse

__all__ = ["BuildSettings", "BuildResult", "BuildProgress", "build_cells", "build_cell", "probe_payload",
           "image_tag", "LABEL_CONTENT_HASH"]

LABEL_CONTENT_HASH = f"{LABEL_PREFIX}.content-hash"
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

    @property
    def offline(self) -> bool:
        return bool(self.wheelhouse and self.wheelhouse.offline)


@dataclass(frozen=True)
class BuildResult:
    cell_id: str
    image_id: str | None
    tag: str
    content_hash: str
    base_image: str
    log_path: Path
    seconds: float
    cached: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.image_id is not None and self.error is None


def probe_payload() -> dict[str, bytes]:
    """The probe package as context files (``probe/lib/envforge_probe/*.py``), sorted and stable."""
    return {f"probe/lib/envforge_probe/{p.name}": p.read_bytes() for p in sorted(_PROBE_DIR.glob("*.py"))}


def image_tag(cell_id: str, content_hash: str) -> str:
    return f"envforge/{cell_id.lower()}:{content_hash[:16]}"


def _content_hash(rendered: RenderedCell, files: dict[str, bytes], wheels: list[Path], base_id: str,
                  buildargs: dict[str, str]) -> str:
    h = hashlib.sha256(rendered.digest.encode())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    for wheel in sorted(wheels):
        h.update(b"wheel\0" + wheel.name.encode())
    h.update(f"base\0{base_id}\0".encode())
    for key in sorted(buildargs):
        h.update(f"arg\0{key}={buildargs[key]}\0".encode())
    return h.hexdigest()


def _write_context(directory: Path, rendered: RenderedCell, files: dict[str, bytes], wheels: tuple[Path, ...]) -> None:
    (directory / "Dockerfile").write_text(rendered.dockerfile, encoding="utf-8")
    for name, content in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        path.chmod(0o755 if "/bin/" in name or name == "build/pip-install" else 0o644)
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
        (house / ".complete").write_text("every wheel is here: pip runs with --no-index\n", encoding="utf-8")


def build_cell(engine: Engine, cell: Cell, rendered: RenderedCell, settings: BuildSettings,
               progress: BuildProgress | None = None) -> BuildResult:
    """Build one cell (or find it already built); never raises for a failing build."""
    settings.logs_dir.mkdir(parents=True, exist_ok=True)
    log_path = settings.logs_dir / f"{cell.id}.build.log"
    base = settings.site.base_for(cell.spec.base_image, settings.matrix_bases)
    files = {**rendered.files, **probe_payload()}
    if settings.site.ca_bundle is not None:
        files["build/ca-bundle.pem"] = settings.site.ca_bundle.read_bytes()
    if progress:
        progress.build_started(cell.id)
    base_id = engine.image_id(base)
    if base_id is None and engine.pull(base):
        base_id = engine.image_id(base)
    if base_id is None:
        error = (f"base image {base} is not present and cannot be pulled: run scripts/setup, or map "
                 f"{cell.spec.base_image} to a local image in the site file (.envforge/site.yaml)")
        log_path.write_text(error + "\n", encoding="utf-8")
        result = BuildResult(cell.id, None, "", "", base, log_path, 0.0, error=error)
        if progress:
            progress.build_finished(result)
        return result
    wheels: tuple[Path, ...] = ()
    notes: list[str] = []
    if settings.wheelhouse is not None:
        resolution = settings.wheelhouse.resolve(cell.spec)
        if resolution.complete:
            wheels = resolution.wheels
            notes.append(f"# wheelhouse: {len(wheels)} wheels from {settings.wheelhouse.directory} (pip --no-index)")
        elif settings.offline:
            error = (f"offline, and the wheelhouse {settings.wheelhouse.directory} cannot satisfy this cell: "
                     f"{resolution.error}; fill it once with network access (envforge build --wheelhouse DIR)")
            log_path.write_text(error + "\n" + resolution.log, encoding="utf-8")
            result = BuildResult(cell.id, None, "", "", base, log_path, 0.0, error=error)
            if progress:
                progress.build_finished(result)
            return result
        else:
            notes.append(f"# wheelhouse not used ({resolution.error}): pip in the build uses the package index")
    buildargs = {"BASE_IMAGE": base}
    digest = _content_hash(rendered, files, wheels, base_id, buildargs)
    tag = image_tag(cell.id, digest)
    existing = engine.image_id(tag)
    if existing and not settings.nocache:
        log_path.write_text(f"unchanged since its last build: {tag} ({existing})\n", encoding="utf-8")
        result = BuildResult(cell.id, existing, tag, digest, base, log_path, 0.0, cached=True)
        if progress:
            progress.build_finished(result)
        return result
    labels = {
        LABEL_CONTENT_HASH: digest,
        f"{LABEL_PREFIX}.matrix-digest": settings.matrix_digest,
        f"{LABEL_PREFIX}.version": __version__,
        f"{LABEL_PREFIX}.base-image": base,
        LABEL_RUN: settings.run_id,
        LABEL_ROLE: "cell-image",
    }
    with tempfile.TemporaryDirectory(prefix=f"envforge-{cell.id}-") as tmp, \
            log_path.open("w", encoding="utf-8") as log:
        context = Path(tmp)
        _write_context(context, rendered, files, wheels)
        log.write(f"# envforge build of {cell.id}\n# tag {tag}\n# base {base} ({base_id})\n")
        log.write("".join(note + "\n" for note in notes))
        if settings.offline:
            log.write("# offline: the build runs with no network (network_mode=none)\n")
        outcome = engine.build(
            context, tag=tag, labels=labels, buildargs=buildargs, nocache=settings.nocache,
            network_mode="none" if settings.offline else None,
            log=lambda line: (log.write(line + "\n"), log.flush()),
            on_step=(lambda step, total: progress.build_step(cell.id, step, total)) if progress else None,
        )
    result = BuildResult(cell.id, outcome.image_id, tag, digest, base, log_path, outcome.seconds, error=outcome.error)
    if progress:
        progress.build_finished(result)
    return result


def build_cells(engine: Engine, cells: list[tuple[Cell, RenderedCell]], settings: BuildSettings,
                progress: BuildProgress | None = None,
                on_built: Callable[[Cell, BuildResult], None] | None = None) -> list[BuildResult]:
    """Build up to ``settings.jobs`` cells at once; one failing cell never stops the others.

    ``on_built`` is called (serially) as each build finishes, e.g. to probe it while others build.
    """
    lock = threading.Lock()

    def one(item: tuple[Cell, RenderedCell]) -> BuildResult:
        cell, rendered = item
        result = build_cell(engine, cell, rendered, settings, progress)
        if on_built:
            with lock:
                on_built(cell, result)
        return result

    if settings.jobs <= 1 or len(cells) <= 1:
        return [one(item) for item in cells]
    with ThreadPoolExecutor(max_workers=settings.jobs, thread_name_prefix="envforge-build") as pool:
        return list(pool.map(one, cells))
