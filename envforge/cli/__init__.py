"""envforge's command line: parse, build the request, run one job, show its result, exit.

The exit policy lives here and only here (``main`` is the only ``sys.exit``): an ``EnvforgeError``
is one line (and a hint), with its documented code; Ctrl-C is 130 and keeps what was recorded;
anything else is a bug, "internal error, rerun with --debug" (70). ``--debug`` (or
``ENVFORGE_DEBUG=1``) adds the traceback. With ``--json`` an error is the JSON envelope on stdout,
with ``errors`` filled in.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import NoReturn

from ..errors import EXIT_INTERNAL, EXIT_INTERRUPTED, EnvforgeError
from ..results import envelope
from ..untrusted import printable

__all__ = ["main", "main_inner"]


def _command_name(argv: list[str]) -> str:
    words = [a for a in argv if not a.startswith("-")]
    if words[:1] in (["matrix"], ["keys"], ["attest"], ["gate"]):
        return " ".join(words[:2])
    return words[0] if words else ""


def main_inner(argv: list[str] | None = None) -> int:
    """``main`` without the exit: the exit status."""
    from .commands import COMMANDS  # noqa: PLC0415 - parse first: --version and --help need no job
    from .human import Output  # noqa: PLC0415
    from .parser import build_parser  # noqa: PLC0415

    argv = list(sys.argv[1:] if argv is None else argv)
    json_mode = "--json" in argv or ("--format" in argv and "json" in argv)
    debug = "--debug" in argv or os.environ.get("ENVFORGE_DEBUG") == "1"
    output = Output(json_mode=json_mode)
    command = _command_name(argv)
    try:
        args = build_parser().parse_args(argv)
        sub = getattr(args, "subcommand", None)
        command = args.command + (f" {sub}" if sub else "")
        return COMMANDS[command](args, output)
    except EnvforgeError as exc:
        if debug:
            traceback.print_exc()
        lines = [  # each error is one line, whatever a value in it held
            printable(line, limit=1000, one_line=True) for line in exc.lines
        ]
        if json_mode:
            errors = [
                {"message": line, "hint": exc.hint, "exit_code": exc.exit_code} for line in lines
            ]
            output.json(envelope(command, None, errors=errors))
        for line in lines:
            output.err.print(f"envforge: error: {line}", markup=False)
        if exc.hint:
            output.err.print(f"  hint: {printable(exc.hint, one_line=True)}", markup=False)
        return exc.exit_code
    except KeyboardInterrupt:
        output.err.print("envforge: interrupted; what was recorded is kept", markup=False)
        return EXIT_INTERRUPTED
    except Exception as exc:  # noqa: BLE001 - the last resort: a bug, said plainly
        if debug:
            traceback.print_exc()
        message = printable(
            f"internal error ({type(exc).__name__}: {exc}); rerun with --debug to see where"
        )
        if json_mode:
            output.json(
                envelope(
                    command,
                    None,
                    errors=[{"message": message, "hint": None, "exit_code": EXIT_INTERNAL}],
                )
            )
        output.err.print(f"envforge: {message}", markup=False)
        return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> NoReturn:
    sys.exit(main_inner(argv))
