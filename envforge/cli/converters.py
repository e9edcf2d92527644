"""Typed values at the door: each option's text checked and converted before any job sees it.

A converter raises ``argparse.ArgumentTypeError`` with what was expected; the parser turns it into
one line naming the option and the value (exit 2). Image references follow Docker's reference
grammar through docker-image-py (a port of the distribution ``reference`` package).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from .. import paths
from ..identifiers import IdentifierError, check_node, check_partition, check_sbatch_arg

__all__ = [
    "positive_int",
    "seconds",
    "memory_size",
    "version",
    "version_or_range",
    "cuda_version",
    "driver_version",
    "compute_capability",
    "image_reference",
    "image_name",
    "run_id",
    "registry",
    "partition",
    "sbatch_arg",
    "node_list",
    "node_label",
    "constraint",
    "text",
    "readable_file",
    "log_source",
    "executable",
    "output_file",
    "writable_dir",
    "store_file",
    "matrix_ref",
]

MAX_TEXT = 256  # no option's value is longer than this
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _fail(value: str, expected: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"{value!r} is not {expected}")


def text(value: str) -> str:
    """A free-text value (a GPU name, a glob): not empty, one line, not absurdly long."""
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    if _CONTROL.search(value):
        raise _fail(value, "one line of printable text")
    if len(value) > MAX_TEXT:
        raise argparse.ArgumentTypeError(f"longer than {MAX_TEXT} characters")
    return value.strip()


def positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise _fail(value, "a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r}: must be at least 1")
    return number


def seconds(value: str) -> float:
    """A duration: 900, 90.5, 15m, 2h."""
    match = re.fullmatch(r"\s*(\d{1,7}(?:\.\d+)?)\s*([smh]?)\s*", value)
    if not match:
        raise _fail(value, "a duration (900, 15m, 2h)")
    number = float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{value!r}: must be more than 0 s")
    return number


def since(value: str) -> str:
    """A moment as the store writes it (UTC ISO 8601): 2026-11-01, 2026-11-01T12:00, or a time
    ago: 7d, 12h, 30m."""
    from datetime import datetime, timedelta, timezone

    ago = re.fullmatch(r"\s*(\d{1,5})\s*([dhm])\s*", value)
    if ago:
        unit = {"d": "days", "h": "hours", "m": "minutes"}[ago.group(2)]
        moment = datetime.now(timezone.utc) - timedelta(**{unit: int(ago.group(1))})
    else:
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            raise _fail(
                value, "a date or a time ago (2026-11-01, 2026-11-01T12:00, 7d, 12h)"
            ) from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
    try:
        return moment.astimezone(timezone.utc).isoformat(timespec="seconds")
    except OverflowError:
        raise argparse.ArgumentTypeError(f"{value!r}: out of range") from None


def memory_size(value: str) -> str:
    """A memory size as the engine takes it: 6g, 512m, 1024k, 2000000000 (at least 6 MB)."""
    size = value.strip().lower()
    match = re.fullmatch(r"([1-9]\d{0,12})([bkmg]?)", size)
    if not match:
        raise _fail(value, "a memory size (6g, 512m)")
    scale = {"": 1, "b": 1, "k": 2**10, "m": 2**20, "g": 2**30}[match.group(2)]
    if int(match.group(1)) * scale < 6 * 2**20:
        raise argparse.ArgumentTypeError(f"{value!r}: the engine needs at least 6m")
    return size


def version(value: str) -> str:
    """A Python package version (PEP 440): 2.21, 2.21.0, 3.11."""
    try:
        Version(value)
    except InvalidVersion:
        raise _fail(value, "a version (PEP 440, e.g. 2.21 or 2.21.0)") from None
    return value.strip()


def version_or_range(value: str) -> str:
    """A version (2.21) or a PEP 440 range ('>=2.17,<2.21')."""
    try:
        Version(value)
        return value.strip()
    except InvalidVersion:
        pass
    try:
        SpecifierSet(value)
    except InvalidSpecifier:
        raise _fail(value, "a version or a range (2.21, '>=2.17,<2.21')") from None
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return value.strip()


def cuda_version(value: str) -> Version:
    """CUDA X.Y or X.Y.Z."""
    if not re.fullmatch(r"\d{1,2}\.\d{1,2}(\.\d{1,3})?", value.strip()):
        raise _fail(value, "a CUDA version (X.Y or X.Y.Z, e.g. 12.5)")
    return Version(value.strip())


def driver_version(value: str) -> str:
    """An NVIDIA driver version: NNN, NNN.NN or NNN.NN.NN (zero padding kept)."""
    if not re.fullmatch(r"\d{2,4}(\.\d{1,3}){0,2}", value.strip()):
        raise _fail(value, "a driver version (NNN[.NN[.NN]], e.g. 535.104.05)")
    return value.strip()


def compute_capability(value: str) -> str:
    """A compute capability X.Y."""
    if not re.fullmatch(r"\d{1,2}\.\d", value.strip()):
        raise _fail(value, "a compute capability (X.Y, e.g. 8.9)")
    return value.strip()


def _checked(check: Callable[[str], str], value: str) -> str:
    try:
        return check(value)
    except IdentifierError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def image_reference(value: str) -> str:
    """An image as Docker names it: ``name[:tag][@sha256:…]``, or an image id ``sha256:<64 hex>``."""
    from ..references import check_image_reference  # noqa: PLC0415 - Docker's grammar, when asked

    return _checked(check_image_reference, value)


def pinned_image(value: str) -> str:
    """An image pinned in a registry: ``REGISTRY/NAME@sha256:<64 hex>`` (statements attach to it)."""
    from ..references import check_image_reference  # noqa: PLC0415

    reference = _checked(check_image_reference, value)
    name, _, digest = reference.partition("@")
    if not digest:
        raise argparse.ArgumentTypeError(
            f"{value}: give the image by digest, REPO@sha256:<64 hex> (statements attach to a digest)"
        )
    if "/" not in name or not (
        "." in name.split("/")[0] or ":" in name.split("/")[0] or name.split("/")[0] == "localhost"
    ):
        raise argparse.ArgumentTypeError(
            f"{value}: name the registry it was pushed to, REGISTRY[:PORT]/NAME@sha256:..."
        )
    return reference


def node(value: str) -> str:
    """One Slurm node name."""
    return _checked(check_node, value.strip())


def image_name(value: str) -> str:
    """A name to tag an image with: ``name[:tag]`` (no digest: the engine computes that)."""
    from ..references import check_image_reference  # noqa: PLC0415

    return _checked(lambda v: check_image_reference(v, digest_allowed=False), value)


def registry(value: str) -> str:
    """A registry to push to: ``HOST[:PORT][/PREFIX]`` (port 1-65535, lowercase path components)."""
    from ..references import check_registry  # noqa: PLC0415

    return _checked(check_registry, text(value))


def partition(value: str) -> str:
    """A Slurm partition name."""
    return _checked(check_partition, value.strip())


def sbatch_arg(value: str) -> str:
    """One sbatch option, ``--name=value`` (not one envforge sets for each task itself)."""
    return _checked(check_sbatch_arg, value)


def node_list(value: str) -> tuple[str, ...]:
    """Slurm node names, comma-separated: gpu-a100-01,gpu-h100-01."""
    names = tuple(n.strip() for n in text(value).split(",") if n.strip())
    if not names:
        raise _fail(value, "node names, comma-separated (sinfo --Node lists them)")
    return tuple(_checked(check_node, n) for n in names)


def constraint(value: str) -> str:
    """A Slurm feature expression: h100&drv550, a100|h100, (a|b)&c."""
    from ..cluster.constraint import check  # noqa: PLC0415
    from ..errors import BadInputError  # noqa: PLC0415

    try:
        return check(text(value))
    except BadInputError as exc:
        raise argparse.ArgumentTypeError(exc.message.removeprefix("--constraint ")) from None


def node_label(value: str) -> tuple[str, str]:
    """A Kubernetes node label to pin Jobs by: KEY=VALUE (nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3)."""
    key, sep, label = text(value).partition("=")
    part = r"[A-Za-z0-9]([A-Za-z0-9_.-]{0,61}[A-Za-z0-9])?"
    if (
        not sep
        or not re.fullmatch(rf"([a-z0-9.-]{{1,253}}/)?{part}", key)
        or not re.fullmatch(rf"({part})?", label)
    ):
        raise _fail(value, "a node label KEY=VALUE (nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3)")
    return key, label


def run_id(value: str) -> str:
    """A run id as envforge makes them: 20261123T085200Z-03eff3."""
    if not re.fullmatch(r"\d{8}T\d{6}Z-[0-9a-f]{6}", value.strip()):
        raise _fail(value, "a run id (like 20261123T085200Z-03eff3; envforge report lists them)")
    return value.strip()


def readable_file(value: str) -> Path:
    path = Path(text(value))
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{value}: no such file")
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{value}: not a file")
    if not os.access(path, os.R_OK):
        raise argparse.ArgumentTypeError(f"{value}: cannot be read (permission denied)")
    return path


def log_source(value: str) -> str:
    """A log file, or ``-`` for standard input."""
    return value if value == "-" else str(readable_file(value))


def executable(value: str) -> str:
    """A program: a path to an executable file, or a name found on PATH."""
    checked = text(value)
    if os.sep not in checked:
        found = shutil.which(checked)
        if found is None:
            raise argparse.ArgumentTypeError(f"{value}: not found on PATH")
        return found
    path = readable_file(checked)
    if not os.access(path, os.X_OK):
        raise argparse.ArgumentTypeError(f"{value}: not executable")
    return str(path)


def _writable_parent(path: Path, value: str) -> None:
    """The nearest existing directory above ``path`` can be written (so ``path`` can be made)."""
    parent = path.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: {parent} is not a directory")
    if not os.access(parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"{value}: cannot be created ({parent} is read-only)")


def output_file(value: str) -> Path:
    """A file to write: not a directory; if it exists, writable; else its directory exists."""
    path = Path(text(value))
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: is a directory, not a file")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"{value}: cannot be written (permission denied)")
        return path
    if not path.absolute().parent.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: its directory does not exist")
    _writable_parent(path, value)
    return path


def writable_dir(value: str) -> Path:
    """A directory that exists (or can be made) and can be written."""
    path = Path(text(value))
    if path.exists():
        if not path.is_dir():
            raise argparse.ArgumentTypeError(f"{value}: not a directory")
        if not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"{value}: cannot be written (permission denied)")
        return path
    _writable_parent(path, value)
    return path


def existing_dir(value: str) -> Path:
    """A directory that exists and can be read."""
    path = Path(text(value))
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: no such directory")
    return path


def store_file(value: str) -> Path:
    """A results database: a file (made if missing); whether it is one is the store's to say."""
    path = Path(text(value))
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{value}: is a directory, not a results database")
    if not path.exists():
        _writable_parent(path, value)
    return path


def matrix_ref(value: str) -> str:
    """A matrix file, or the name of one under matrices/ (``cpu`` for matrices/cpu.yaml)."""
    path = paths.resolve_matrix(text(value))
    if path.is_file():
        readable_file(str(path))
        return value.strip()
    if path.exists():
        raise argparse.ArgumentTypeError(f"{value}: not a matrix file")
    if path.parent == paths.matrices_dir():
        names = ", ".join(sorted(p.stem for p in paths.matrices_dir().glob("*.yaml")))
        raise argparse.ArgumentTypeError(f"{value}: no such matrix (known names: {names})")
    raise argparse.ArgumentTypeError(f"{value}: no such file")
