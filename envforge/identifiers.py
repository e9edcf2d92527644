"""The grammar of every name that reaches an engine, a path, a scheduler or a script.

One rule per kind of identifier, written once and used at every door: the command line
(``cli/converters.py``), matrix and site files (``matrix.py``, ``site.py``) and the replies of
Slurm and registries. A value that does not fit is refused with what was expected, before anything
outside envforge is touched; a value that fits is safe as a file name, a shell word and an image
tag without further quoting (quoting still happens: two locks, one door). Pure and stdlib-only.
"""

from __future__ import annotations

import re
import string

__all__ = [
    "IdentifierError",
    "CELL_ID_MAX",
    "check_cell_id",
    "check_cell_id_template",
    "check_node",
    "check_partition",
    "check_sbatch_arg",
    "check_registry_host",
    "check_job_id",
    "check_builder_name",
    "check_one_line",
    "check_os_name",
    "is_cell_id",
    "SBATCH_OWNED",
]

CELL_ID_MAX = 128  # a Docker tag's limit
_TAG = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
_TAG_CHARS = re.compile(r"[A-Za-z0-9_.-]*")
_NODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_PARTITION = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
_SBATCH = re.compile(r"--([a-z][a-z0-9-]{0,40})(?:=(.{1,200}))?", re.DOTALL)
_JOB_ID = re.compile(r"\d{1,12}(?:_\d{1,9})?")
_BUILDER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_OS = re.compile(r"[a-z]{2,20}\d{1,2}(?:\.\d{1,2})?")
_HOST = re.compile(
    r"(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]{2,39}\]"
    r"|[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*)"
    r"(?::(\d{1,5}))?"
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")

# sbatch options envforge sets for each task itself: another value would send the task elsewhere,
# put its output where nothing reads it, or turn one task into many.
SBATCH_OWNED = frozenset(
    {
        "output", "error", "input", "nodelist", "nodefile", "nodes", "ntasks", "array", "wrap",
        "parsable", "job-name", "chdir", "exclude", "exclusive", "kill-on-invalid-dep",
        "dependency", "test-only", "wait", "help", "usage", "version",
    }
)  # fmt: skip


class IdentifierError(ValueError):
    """A value that is not of its kind's grammar; the message says what was expected."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def is_cell_id(value: str) -> bool:
    return _TAG.fullmatch(value) is not None


def check_cell_id(value: str) -> str:
    """A cell id: the characters of a Docker tag (letters, digits, ``_ . -``, not starting with
    ``.`` or ``-``), at most 128: safe as a file name, an image tag and a shell word."""
    if not is_cell_id(value):
        raise IdentifierError(
            f"cell id {_shown(value)} is not a tag: letters, digits, '_', '.' and '-', "
            f"starting with a letter, digit or '_', at most {CELL_ID_MAX} characters"
        )
    return value


def check_cell_id_template(template: str, fields: tuple[str, ...]) -> list[str]:
    """The axis names ``template`` uses; IdentifierError unless it is literal tag characters and
    ``{axis}`` fields only (no format specs, conversions, attributes or indexes)."""
    used: list[str] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise IdentifierError(f"cell_id {_shown(template)} is not a template: {exc}") from None
    for literal, name, spec, conversion in parsed:
        if not _TAG_CHARS.fullmatch(literal):
            raise IdentifierError(
                f"cell_id {_shown(template)}: {_shown(literal)} has characters a cell id cannot "
                "have (letters, digits, '_', '.', '-' and {axis} fields only)"
            )
        if name is None:
            continue
        if spec or conversion:
            raise IdentifierError(
                f"cell_id {_shown(template)}: {{{name}...}} has a format spec or conversion; "
                "write the field alone, as {" + name.split(".")[0].split("[")[0] + "}"
            )
        if name not in fields:
            raise IdentifierError(
                f"cell_id names {_shown(name)}, which is not an axis (axes: {', '.join(fields)})"
            )
        used.append(name)
    if len(template) > CELL_ID_MAX * 2:
        raise IdentifierError(f"cell_id is longer than {CELL_ID_MAX * 2} characters")
    return used


def check_node(value: str) -> str:
    """A Slurm node name (a host name: letters, digits, ``_ . -``)."""
    if not _NODE.fullmatch(value):
        raise IdentifierError(
            f"{_shown(value)} is not a node name (letters, digits, '_', '.', '-'; "
            "sinfo --Node lists them)"
        )
    return value


def check_partition(value: str) -> str:
    if not _PARTITION.fullmatch(value):
        raise IdentifierError(
            f"{_shown(value)} is not a partition name (letters, digits, '_', '.', '-'; "
            "sinfo --summarize lists them)"
        )
    return value


def check_sbatch_arg(value: str) -> str:
    """One sbatch option as ``--name`` or ``--name=value`` (one line), not one envforge owns."""
    match = _SBATCH.fullmatch(value)
    if not match or _CONTROL.search(value):
        raise IdentifierError(
            f"{_shown(value)} is not an sbatch option: write it as --name=value on one line "
            "(--sbatch-arg=--account=A, --sbatch-arg=--time=30)"
        )
    if match.group(1) in SBATCH_OWNED:
        raise IdentifierError(
            f"--{match.group(1)} is set by envforge for each task (where it runs, where its "
            "output goes); it cannot be passed to sbatch"
        )
    return value


def check_registry_host(value: str) -> str:
    """A registry host: ``localhost``, an IPv4 or bracketed IPv6 address, or a DNS name, with an
    optional port from 1 to 65535."""
    match = _HOST.fullmatch(value)
    if not match:
        raise IdentifierError(f"{_shown(value)} is not a registry host[:port]")
    port = match.group(1)
    if port is not None and not 1 <= int(port) <= 65535:
        raise IdentifierError(f"{_shown(value)}: port {port} is not between 1 and 65535")
    return value


def check_job_id(value: str) -> str:
    """A Slurm job id as sbatch --parsable prints it (``123`` or ``123_4``)."""
    if not _JOB_ID.fullmatch(value):
        raise IdentifierError(f"{_shown(value)} is not a Slurm job id")
    return value


def check_builder_name(value: str) -> str:
    """A buildx builder instance name."""
    if not _BUILDER.fullmatch(value):
        raise IdentifierError(
            f"{_shown(value)} is not a builder name (letters, digits, '_', '.', '-')"
        )
    return value


def check_os_name(value: str) -> str:
    """A base image's OS as NVIDIA and AMD tag it: ``ubuntu22.04``, ``rockylinux9``."""
    if not _OS.fullmatch(value):
        raise IdentifierError(
            f"{_shown(value)} is not an OS name such as 'ubuntu22.04' or 'rockylinux9'"
        )
    return value


def check_one_line(value: str, *, limit: int = 200, what: str = "text") -> str:
    """Printable text on one line, at most ``limit`` characters."""
    if _CONTROL.search(value):
        raise IdentifierError(f"{what} {_shown(value)} has a control character or a line break")
    if len(value) > limit:
        raise IdentifierError(f"{what} is longer than {limit} characters")
    return value
