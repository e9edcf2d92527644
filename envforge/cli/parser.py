"""The command line's grammar: every command, its options (groups declared once), typed values."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Any, NoReturn

from .. import __version__
from ..errors import BadInputError
from ..log_facts import PLATFORMS
from . import converters as to
from . import groups
from .settings import DEFAULTS
from .trust_parser import add_trust_commands

# the tables of ``matrix table`` (tables/knowledge.TABLES; a unit test keeps the two alike)
KNOWLEDGE_TABLES = ("tf-builds", "cuda-drivers", "gpus", "keras-tf", "rocm-tf")

__all__ = ["build_parser", "UsageError"]


class UsageError(BadInputError):
    """The command line itself is wrong (exit 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse, without abbreviations, raising instead of exiting on a usage error."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, hint=f"{self.prog} --help shows the options")


Add = Callable[..., argparse.ArgumentParser]


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, built once per process (argparse keeps no state of a parse)."""
    parser = _Parser(
        prog="envforge",
        description="Certify which combinations of the GPU deep-learning stack really work.",
    )
    parser.add_argument("--version", action="version", version=f"envforge {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback with every error")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    p = sub.add_parser("certify", help="render, build, probe and certify a matrix")
    groups.matrix_options(p)
    groups.build_options(p)
    groups.probe_options(p)
    groups.registry_options(p)
    groups.signing_options(p)
    groups.cluster_options(p)
    p.add_argument(
        "--force",
        action="store_true",
        help="re-probe cells already certified for this image and host",
    )
    groups.db_options(p)
    groups.json_option(p)

    p = sub.add_parser("build", help="render and build a matrix's images (no probing)")
    groups.matrix_options(p)
    groups.build_options(p)
    groups.registry_options(p)
    groups.signing_options(p)
    groups.json_option(p)

    p = sub.add_parser(
        "push", help="build (or find) a matrix's images and push them by digest to a registry"
    )
    groups.matrix_options(p)
    groups.build_options(p)
    p.add_argument(
        "--registry",
        type=to.registry,
        required=True,
        metavar="HOST[:PORT][/PREFIX]",
        help="where to push (credentials: the engine's own, docker login)",
    )
    groups.signing_options(p)
    groups.json_option(p)

    p = sub.add_parser(
        "collect", help="record probe documents gathered from another backend (kubectl logs)"
    )
    p.add_argument(
        "directory",
        type=to.writable_dir,
        metavar="DIR",
        help="NAME.json (the probe's report) beside NAME.meta (cell=, image=, node=), or DIR/results/",
    )
    groups.db_options(p)
    groups.json_option(p)

    p = sub.add_parser("render", help="write the Dockerfiles of a matrix")
    groups.matrix_options(p)
    p.add_argument(
        "--out",
        type=to.writable_dir,
        default=DEFAULTS.render_out,
        metavar="DIR",
        help=f"output directory (default {DEFAULTS.render_out})",
    )
    p.add_argument(
        "--check", action="store_true", help="only check that the files under --out are up to date"
    )
    p.add_argument(
        "--builder",
        choices=("buildkit", "legacy"),
        default="buildkit",
        help="the builder the Dockerfiles are for (default buildkit)",
    )
    groups.json_option(p)

    p = sub.add_parser("verify", help="run an image's probe (or inject one) and judge it")
    p.add_argument(
        "image",
        nargs="+",
        type=to.image_reference,
        help="image reference or id (several with --backend slurm)",
    )
    groups.probe_options(p)
    groups.accelerator_options(
        p, "what the image must use (default: its labels; none for foreign images)"
    )
    groups.db_options(p, "also record the certificate in this results database")
    groups.registry_options(p)
    groups.signing_options(p)
    groups.cluster_options(p, kubernetes=False)
    groups.json_option(p)

    p = sub.add_parser(
        "forge", help="build, certify, tag and lock the newest known-good image for a driver/GPU"
    )
    p.add_argument(
        "--tf",
        required=True,
        type=to.version_or_range,
        help="TensorFlow version or range (2.21, '>=2.17,<2.21')",
    )
    p.add_argument(
        "--python",
        type=to.version,
        help="Python version (default: the newest the release supports)",
    )
    p.add_argument(
        "--driver", type=to.driver_version, help="the cluster's NVIDIA driver (535.104.05)"
    )
    p.add_argument(
        "--gpu", type=to.text, metavar="NAME", help="the cluster's GPU (H100, 'RTX 4090')"
    )
    p.add_argument(
        "--accelerator", choices=("cuda", "cpu"), help="default: cuda with --driver/--gpu, else cpu"
    )
    p.add_argument(
        "--tag",
        type=to.image_name,
        help="image name to tag the result with (default envforge/forge:<cell>)",
    )
    p.add_argument(
        "--out",
        type=to.writable_dir,
        default=DEFAULTS.forge_out,
        metavar="DIR",
        help="directory for the lock file (default: here)",
    )
    groups.registry_options(p)
    groups.signing_options(p)
    groups.build_options(p)
    groups.probe_options(p, level=False)
    groups.db_options(p)
    groups.json_option(p)

    p = sub.add_parser("report", help="the compatibility tables from certification records")
    groups.db_options(p)
    p.add_argument(
        "--from-registry",
        type=to.registry,
        metavar="HOST[:PORT][/PREFIX]",
        help="build the tables from the signed verdicts attached to the images there (no store)",
    )
    groups.verification_options(p)
    groups.table_format(p)
    p.add_argument(
        "--view",
        choices=("all", "cells", "hosts", "fleet"),
        default="all",
        metavar="{all,cells,hosts}",
        help="cells: a table per stack with the images' facts; hosts: images x hosts or cluster "
        "nodes (fleet: the same, its former name); "
        "all (default): both, and the probe charts",
    )
    p.add_argument(
        "--stack", action="append", type=to.text, metavar="STACK", help="only this stack (repeat)"
    )
    p.add_argument(
        "--since",
        type=to.since,
        metavar="WHEN",
        help="only certificates from then on: 2026-11-01, 2026-11-01T12:00, 7d, 12h",
    )
    p.add_argument(
        "--host",
        "--node",
        dest="host",
        action="append",
        type=to.text,
        metavar="NAME",
        help="only this host or node: name, label or fingerprint, globs allowed (repeat)",
    )
    p.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of the json format and exit"
    )
    groups.json_option(p)

    p = sub.add_parser(
        "doctor", help="why is my Keras model not using the GPU? (this host, an image, or a log)"
    )
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--log", type=to.log_source, metavar="FILE", help="classify a log file ('-' reads stdin)"
    )
    source.add_argument("--image", type=to.image_reference, help="probe this image and diagnose it")
    p.add_argument(
        "--python",
        type=to.executable,
        metavar="PATH",
        help="the interpreter to probe on this host (default: the one running envforge)",
    )
    p.add_argument(
        "--gpu-present",
        choices=("auto", "yes", "no"),
        default="auto",
        help="whether the machine of a --log has an NVIDIA GPU (auto: only if the log shows one)",
    )
    p.add_argument(
        "--platform",
        choices=("auto", *PLATFORMS),
        default="auto",
        help="the machine of a --log (auto: from the log's own paths)",
    )
    groups.accelerator_options(p, "with --image (default cuda)")
    groups.probe_options(p, level=False)
    groups.json_option(p)

    p = sub.add_parser(
        "driver-check", help="which images keep working on a driver (and GPU)? before a rollout"
    )
    p.add_argument(
        "--driver", type=to.driver_version, help="NVIDIA Linux driver version (535.104.05)"
    )
    target = p.add_mutually_exclusive_group()
    target.add_argument("--cuda", type=to.cuda_version, help="CUDA an image is built for (12.5)")
    target.add_argument(
        "--image",
        action="append",
        type=to.image_reference,
        help="an image on the engine to check (repeatable)",
    )
    groups.db_options(p, "check every certified image of this results database")
    p.add_argument(
        "--baseline",
        type=to.run_id,
        metavar="RUN",
        help="run id before the upgrade (with --candidate: regressions)",
    )
    p.add_argument("--candidate", type=to.run_id, metavar="RUN", help="run id after the upgrade")
    cluster = p.add_argument_group("a cluster (node records of certify --backend slurm)")
    cluster.add_argument(
        "--cluster",
        "--fleet",
        dest="cluster",
        action="store_true",
        help="with --driver: which images keep working on which nodes of the results database",
    )
    cluster.add_argument(
        "--constraint", type=to.constraint, metavar="EXPR", help="the nodes the driver goes to"
    )
    cluster.add_argument("--nodes", type=to.node_list, metavar="LIST", help="these nodes only")
    cluster.add_argument(
        "--node",
        type=to.text,
        metavar="NAME",
        help="with --baseline/--candidate: the regressions on this (canary) node",
    )
    groups.gpu_options(p)
    p.add_argument(
        "--require",
        type=to.text,
        metavar="EXPR",
        help="an NVIDIA_REQUIRE_CUDA expression to evaluate as the container toolkit does",
    )
    p.add_argument(
        "--brand",
        type=to.text,
        help="GPU brand for brand= conditions (default: from the GPU's segment)",
    )
    groups.json_option(p)

    p = sub.add_parser("matrix", help="inspect matrices and the knowledge base")
    msub = p.add_subparsers(
        dest="subcommand", required=True, metavar="SUBCOMMAND", parser_class=_Parser
    )
    q = msub.add_parser("list", help="cells of a matrix, and combinations it rejects with reasons")
    groups.matrix_options(q, select=False)
    q.add_argument(
        "--matrices",
        action="store_true",
        help="the matrices shipped under matrices/, one line each, instead of a matrix's cells",
    )
    groups.json_option(q)
    q = msub.add_parser(
        "explain", help="what works with a TensorFlow / Python / CUDA / driver / GPU, and why"
    )
    q.add_argument("--tf", type=to.version, help="TensorFlow version (2.21 or 2.21.0)")
    q.add_argument("--python", type=to.version, help="Python version (3.11)")
    q.add_argument("--cuda", type=to.cuda_version, help="CUDA version (12.5)")
    q.add_argument(
        "--driver", type=to.driver_version, help="NVIDIA Linux driver version (535.104.05)"
    )
    groups.gpu_options(q)
    q.add_argument("--rocm", type=to.version, help="ROCm version (6.3)")
    groups.json_option(q)
    q = msub.add_parser(
        "table",
        help="the knowledge base as tables (TF builds, CUDA drivers, GPUs, Keras, ROCm), each row "
        "with its source and envforge's own evidence",
    )
    q.add_argument(
        "--table",
        action="append",
        choices=KNOWLEDGE_TABLES,
        metavar="NAME",
        help=f"only this table (repeat): {', '.join(KNOWLEDGE_TABLES)}",
    )
    groups.table_format(q)
    groups.db_options(q, what="results database whose certificates are the evidence")
    groups.json_option(q)

    add_trust_commands(sub, _Parser)

    p = sub.add_parser(
        "codes", help="every failure code with its layer, meaning and fix; or one explained"
    )
    p.add_argument(
        "code", nargs="?", type=to.text, help="a code to explain (CUDNN_VERSION_MISMATCH)"
    )
    groups.json_option(p)
    return parser
