"""A host-side wheelhouse shared by every cell: each wheel is downloaded once, on the host.

For a cell, the host's pip resolves the cell's requirements *for the image* (its Python, ABI and
manylinux level from the base's glibc) into a directory of its own, with the shared wheelhouse as a
find-links source (a wheel already there is copied, not downloaded); that directory's files are the
resolution, and new ones are moved into the wheelhouse. Concurrent resolutions therefore never race
on one directory. The resolution's files are hardlinked into the cell's build context, where pip
installs them with --no-index.
Offline, the resolution uses the wheelhouse alone (--no-index --find-links), so a build needs no
package index at all. A cell whose requirements cannot be resolved to wheels (sdist-only packages,
an index that is down) is built the ordinary way, from the index, and says so.

Builds reach the wheelhouse over HTTP (``WheelServer``, a read-only server on the engine's bridge
gateway, for local engines) so that no wheel travels in a build context; offline builds, which have
no network at all, carry their wheels in the context instead.

Each resolution is recorded (``.resolutions/<key>.json``: requirements, Python, platform -> wheel
files) and reused while its files exist, so a warm run asks no index anything, and unpinned
dependencies stay what they were (a lock); ``refresh`` resolves again.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from .errors import BadInputError
from .knowledge import KnowledgeBase
from .stacks import Recipe
from .untrusted import json_object
from .versions import series

__all__ = ["Wheelhouse", "Resolution", "WheelServer", "platform_tags"]


def platform_tags(glibc_minor: int, machine: str) -> list[str]:
    """manylinux tags an image with glibc 2.<minor> on ``machine`` installs, newest first."""
    tags = [f"manylinux_2_{m}_{machine}" for m in range(glibc_minor, 4, -1)]
    legacy = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    tags += [f"{name}_{machine}" for m, name in legacy.items() if m <= glibc_minor]
    return tags


@dataclass(frozen=True)
class Resolution:
    """The wheels of one cell, or why it builds from the index instead."""

    wheels: tuple[Path, ...]
    error: str | None = None
    log: str = ""

    @property
    def complete(self) -> bool:
        return self.error is None and bool(self.wheels)


@dataclass
class Wheelhouse:
    directory: Path
    kb: KnowledgeBase
    offline: bool = False
    refresh: bool = False
    python: str = sys.executable

    def __post_init__(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.offline and not any(self.directory.glob("*.whl")):
            raise BadInputError(
                f"--offline: the wheelhouse {self.directory} holds no wheels",
                hint="fill it once with network access: envforge build --wheelhouse DIR",
            )

    def _glibc(self, recipe: Recipe) -> int:
        dist = self.kb.distribution(recipe.os) or self.kb.distribution(
            self.kb.images.python_images.codename
        )
        return dist.glibc.minor if dist else 17

    def target(self, recipe: Recipe) -> list[str]:
        """The pip options that decide a resolution: the image's Python, ABI and platforms."""
        py = series(recipe.python)
        argv = [
            "--only-binary=:all:",
            "--python-version",
            py,
            "--implementation",
            "cp",
            "--abi",
            f"cp{py.replace('.', '')}",
            "--abi",
            "abi3",
            "--abi",
            "none",
        ]
        for tag in platform_tags(self._glibc(recipe), platform.machine()):
            argv += ["--platform", tag]
        return argv

    def command(self, recipe: Recipe, dest: Path) -> list[str]:
        """pip download of ``recipe``'s requirements into ``dest``, the wheelhouse as a local source."""
        argv = [
            self.python,
            "-m",
            "pip",
            "download",
            "--disable-pip-version-check",
            "--progress-bar",
            "off",
            "--dest",
            str(dest),
            *self.target(recipe),
            "--find-links",
            str(self.directory),
        ]
        if self.offline:
            argv.append("--no-index")
        return argv + list(recipe.requirements)

    def _record(self, recipe: Recipe) -> Path:
        key = hashlib.sha256(
            json.dumps([*self.target(recipe), *recipe.requirements]).encode()
        ).hexdigest()[:24]
        return self.directory / ".resolutions" / f"{key}.json"

    def _recorded(self, recipe: Recipe) -> Resolution | None:
        record = self._record(recipe)
        if self.refresh or not record.is_file():
            return None
        try:
            names = json_object(record.read_text(encoding="utf-8", errors="replace")).get("wheels")
        except OSError:
            return None
        if not isinstance(names, list) or not all(_wheel_name(n) for n in names):
            return None  # not a record this wheelhouse wrote: resolve again
        wheels = tuple(self.directory / name for name in names)
        if not all(w.is_file() for w in wheels):
            return None
        return Resolution(wheels, log=f"reused the resolution recorded in {record}\n")

    def resolve(self, recipe: Recipe) -> Resolution:
        """Download (or, offline, find) every wheel ``recipe`` needs; never raises for a failed resolution."""
        if not recipe.wheelhouse_ok:
            return Resolution(
                (), error="this cell installs from its own index or image; no wheelhouse"
            )
        recorded = self._recorded(recipe)
        if recorded is not None:
            return recorded
        with tempfile.TemporaryDirectory(dir=self.directory, prefix=".resolve-") as tmp:
            try:
                done = subprocess.run(
                    self.command(recipe, Path(tmp)),
                    capture_output=True,
                    text=True,
                    timeout=1800,
                    check=False,
                )
            except (OSError, subprocess.SubprocessError) as exc:
                return Resolution((), error=f"pip download could not run: {exc}")
            log = done.stdout + done.stderr
            if done.returncode != 0:
                errors = [
                    line for line in done.stderr.strip().splitlines() if line.startswith("ERROR")
                ]
                return Resolution((), error=(errors or ["pip download failed"])[-1], log=log)
            names = sorted(p.name for p in Path(tmp).glob("*.whl"))
            for name in names:
                target = self.directory / name
                if (
                    not target.exists()
                ):  # another resolution may have moved the same wheel in meanwhile
                    os.replace(Path(tmp, name), target)
        wheels = tuple(self.directory / name for name in names)
        record = self._record(recipe)
        record.parent.mkdir(exist_ok=True)
        record.write_text(
            json.dumps(
                {
                    "requirements": list(recipe.requirements),
                    "python": series(recipe.python),
                    "wheels": [w.name for w in wheels],
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
        return Resolution(wheels, log=log)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class WheelServer:
    """The wheelhouse served read-only over HTTP on ``host`` (the engine's bridge gateway), while in use.

    The port is derived from the wheelhouse's path (the next free one if taken), so the URL, a build
    argument, stays the same from run to run and the pip layer's cache keeps working.
    """

    def __init__(self, directory: Path, host: str) -> None:
        handler = functools.partial(_QuietHandler, directory=str(directory))
        base = (
            20000 + int(hashlib.sha256(str(directory.resolve()).encode()).hexdigest(), 16) % 20000
        )
        for port in (*range(base, base + 16), 0):
            try:
                self.server = http.server.ThreadingHTTPServer((host, port), handler)
                break
            except OSError:
                continue
        self.thread = threading.Thread(
            target=self.server.serve_forever, name="envforge-wheels", daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/"

    def __enter__(self) -> WheelServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def _wheel_name(name: object) -> bool:
    """A plain wheel file name (no directory part): what a resolution record may list."""
    return isinstance(name, str) and name.endswith(".whl") and Path(name).name == name
