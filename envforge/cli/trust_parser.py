"""The grammar of the commands of proof and rollout: keys, attest, gate (``trust_commands``)."""

from __future__ import annotations

import argparse
from typing import Any

from . import converters as to
from . import groups

__all__ = ["add_trust_commands"]


def add_trust_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Add keys, attest and gate (with their subcommands) to the subparsers ``sub``."""
    p = sub.add_parser("keys", help="the site key that signs the statements attached to images")
    ksub = p.add_subparsers(
        dest="subcommand", required=True, metavar="SUBCOMMAND", parser_class=parser_class
    )
    q = ksub.add_parser(
        "generate", help="a new ed25519 key pair: DIR/envforge.key, DIR/envforge.pub"
    )
    q.add_argument("--out", type=to.writable_dir, required=True, metavar="DIR")
    q.add_argument("--force", action="store_true", help="replace a key pair already in DIR")
    groups.json_option(q)

    p = sub.add_parser(
        "attest", help="the signed statements attached to an image digest: check them, save them"
    )
    asub = p.add_subparsers(
        dest="subcommand", required=True, metavar="SUBCOMMAND", parser_class=parser_class
    )
    q = asub.add_parser(
        "verify",
        help="check every statement of REF@sha256:... and say where it was certified (exit 0 only "
        "when a valid signed verdict meets --node/--level)",
    )
    q.add_argument("image", type=to.pinned_image, metavar="REF@sha256:...")
    groups.verification_options(q)
    q.add_argument("--node", type=to.node, metavar="NAME", help="a verdict for this node")
    q.add_argument(
        "--level", type=int, choices=(1, 2, 3), help="a verdict at this probe level or above"
    )
    q.add_argument(
        "--from",
        dest="source_dir",
        type=to.existing_dir,
        metavar="DIR",
        help="the statements saved by envforge attest pull (no network at all)",
    )
    groups.json_option(q)
    q = asub.add_parser(
        "pull", help="save the statements of REF@sha256:... as an OCI layout (for --from)"
    )
    q.add_argument("image", type=to.pinned_image, metavar="REF@sha256:...")
    q.add_argument("--out", type=to.writable_dir, required=True, metavar="DIR")
    groups.json_option(q)

    p = sub.add_parser(
        "gate", help="hold a node after a driver change until the required images pass again"
    )
    gsub = p.add_subparsers(
        dest="subcommand", required=True, metavar="SUBCOMMAND", parser_class=parser_class
    )
    for kind, text in (
        ("slurm", "write a HealthCheckProgram (and NHC check) that drains, recertifies, resumes"),
        (
            "kubernetes",
            "write the validation workload the GPU Operator's upgrade controller waits on",
        ),
    ):
        q = gsub.add_parser(kind, help=text)
        q.add_argument(
            "--emit",
            type=to.writable_dir,
            required=True,
            metavar="DIR",
            help="where to write it" + (": storage the nodes share" if kind == "slurm" else ""),
        )
        q.add_argument(
            "--image",
            action="append",
            required=True,
            type=to.pinned_image,
            metavar="REF@sha256:...",
            help="an image the site requires (repeatable)",
        )
        groups.probe_options(q)
        if kind == "slurm":
            q.add_argument(
                "--registry",
                type=to.registry,
                required=True,
                metavar="HOST[:PORT][/PREFIX]",
                help="the registry recertification pushes to",
            )
            q.add_argument(
                "--runtime",
                choices=groups.RUNTIMES,
                default="docker",
                help="the nodes' container runtime (default docker)",
            )
            groups.sbatch_arg_option(q, "passed to sbatch for the recertification (repeatable)")
            groups.db_options(q, "results database whose certificates give each node's baseline")
        else:
            q.add_argument(
                "--namespace",
                type=to.text,
                default="envforge",
                help="the namespace of the DaemonSets (default envforge)",
            )
            groups.node_selector_option(q, "the gated nodes (default nvidia.com/gpu.present=true)")
        groups.json_option(q)
    q = gsub.add_parser("status", help="each node's gate: certified, recertifying, failed")
    q.add_argument("--gate", type=to.existing_dir, required=True, metavar="DIR")
    groups.json_option(q)
    q = gsub.add_parser("recertify", help="(the job a health check submits) recertify one node")
    q.add_argument("--gate", type=to.existing_dir, required=True, metavar="DIR")
    q.add_argument("--node", type=to.node, required=True, metavar="NAME")
    groups.json_option(q)
