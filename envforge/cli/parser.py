"""The command line's grammar: every command, its options (groups declared once), typed values."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from .. import __version__
from ..errors import BadInputError
from . import converters as to
from .settings import DEFAULTS

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


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--json", action="store_true", help="print one JSON document (the envelope) on stdout"
    )


def _db(p: argparse.ArgumentParser, what: str = "results database") -> None:
    p.add_argument(
        "--db",
        type=to.store_file,
        metavar="PATH",
        help=f"{what} (default: results.db in the state directory)",
    )


def _matrix(p: argparse.ArgumentParser, *, select: bool = True) -> None:
    g = p.add_argument_group("matrix")
    g.add_argument(
        "-m",
        "--matrix",
        type=to.matrix_ref,
        help="matrix file, or a name under matrices/ (default: default)",
    )
    if select:
        g.add_argument(
            "--select",
            action="append",
            type=to.text,
            metavar="GLOB",
            help="only cells whose id matches (repeatable)",
        )


def _build(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("building")
    g.add_argument(
        "--jobs",
        type=to.positive_int,
        default=DEFAULTS.jobs,
        help=f"builds at once (default {DEFAULTS.jobs})",
    )
    g.add_argument(
        "--ca-bundle",
        type=to.readable_file,
        metavar="PATH",
        help="CA bundle for pip in builds (default: from pip's config or env)",
    )
    g.add_argument(
        "--site",
        type=to.readable_file,
        metavar="PATH",
        help="site file mapping base images (default: site.yaml in the state directory)",
    )
    g.add_argument(
        "--no-cache", action="store_true", help="rebuild images even when nothing changed"
    )
    g.add_argument(
        "--builder",
        choices=("auto", "buildkit", "legacy"),
        default=DEFAULTS.builder,
        help="auto (default): BuildKit where a docker client here can drive it, else the classic "
        "builder",
    )
    g.add_argument(
        "--wheelhouse",
        type=to.writable_dir,
        metavar="DIR",
        help="shared wheel directory (default: wheelhouse in the state directory)",
    )
    g.add_argument(
        "--no-wheelhouse", action="store_true", help="let pip in each build use the package index"
    )
    g.add_argument(
        "--offline",
        action="store_true",
        help="no package index at all: wheels from --wheelhouse, builds without network",
    )
    g.add_argument(
        "--refresh-wheelhouse",
        action="store_true",
        help="resolve requirements again (newer dependencies)",
    )


def _probe(p: argparse.ArgumentParser, *, level: bool = True) -> None:
    g = p.add_argument_group("probing")
    if level:
        g.add_argument(
            "--level",
            type=int,
            choices=(1, 2, 3),
            default=DEFAULTS.level,
            help=f"highest probe level (default {DEFAULTS.level})",
        )
    g.add_argument(
        "--probe-timeout",
        type=to.seconds,
        default=DEFAULTS.probe_timeout_s,
        metavar="DURATION",
        help=f"a probe taking longer is killed (default {DEFAULTS.probe_timeout_s:.0f} s; 15m, 2h)",
    )
    g.add_argument(
        "--probe-memory",
        type=to.memory_size,
        default=DEFAULTS.probe_memory,
        help=f"probe containers' memory limit (default {DEFAULTS.probe_memory})",
    )


def _registry(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--registry",
        type=to.registry,
        metavar="HOST[:PORT][/PREFIX]",
        help="push each image there and record its repository digest (credentials: docker login)",
    )


def _cluster(p: argparse.ArgumentParser, *, kubernetes: bool = True) -> None:
    g = p.add_argument_group("on a cluster (--backend slurm)")
    g.add_argument(
        "--backend",
        choices=("local", "slurm", "kubernetes") if kubernetes else ("local", "slurm"),
        default="local",
        help="local (default): probe on this host; slurm: on the cluster's nodes"
        + ("; kubernetes: write Job manifests (--emit DIR)" if kubernetes else ""),
    )
    g.add_argument("--partition", type=to.text, help="the Slurm partition (default: its default)")
    g.add_argument(
        "--constraint", type=to.constraint, metavar="EXPR", help="node features: 'h100&drv550'"
    )
    g.add_argument(
        "--nodes", type=to.node_list, metavar="LIST", help="these nodes (default: every node)"
    )
    g.add_argument(
        "--sbatch-arg",
        action="append",
        type=to.text,
        metavar="ARG",
        help="passed to sbatch (repeatable; --sbatch-arg=--account=A, --sbatch-arg=--time=30)",
    )
    g.add_argument(
        "--runtime",
        choices=("docker", "podman", "pyxis", "apptainer", "auto"),
        default="docker",
        help="the container runtime on the nodes (auto: docker, else podman)",
    )
    g.add_argument(
        "--spool",
        type=to.writable_dir,
        metavar="DIR",
        help="where tasks leave their results: storage the nodes share (default: the state "
        "directory's spool/)",
    )
    g.add_argument(
        "--resume", type=to.run_id, metavar="RUN", help="submit only what RUN has no record of"
    )
    if not kubernetes:
        return
    g.add_argument(
        "--emit",
        type=to.writable_dir,
        metavar="DIR",
        help="kubernetes: write the Jobs and collect.sh there (envforge applies nothing)",
    )
    g.add_argument(
        "--node-selector",
        action="append",
        type=to.node_label,
        metavar="KEY=VALUE",
        help="kubernetes: a Job per image and label (repeatable; default nvidia.com/gpu.present=true)",
    )


def _gpu(p: argparse.ArgumentParser) -> None:
    gpu = p.add_mutually_exclusive_group()
    gpu.add_argument(
        "--gpu",
        type=to.text,
        metavar="NAME",
        help="GPU name (H100, 'RTX 4090', as nvidia-smi prints it)",
    )
    gpu.add_argument(
        "--cc", type=to.compute_capability, metavar="X.Y", help="compute capability (8.9)"
    )


def _accelerator(p: argparse.ArgumentParser, help_text: str) -> None:
    p.add_argument("--expect-accelerator", choices=("cuda", "rocm", "cpu"), help=help_text)


def build_parser() -> argparse.ArgumentParser:
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
    _matrix(p)
    _build(p)
    _probe(p)
    _registry(p)
    _cluster(p)
    p.add_argument(
        "--force",
        action="store_true",
        help="re-probe cells already certified for this image and host",
    )
    _db(p)
    _json(p)

    p = sub.add_parser("build", help="render and build a matrix's images (no probing)")
    _matrix(p)
    _build(p)
    _registry(p)
    _json(p)

    p = sub.add_parser(
        "push", help="build (or find) a matrix's images and push them by digest to a registry"
    )
    _matrix(p)
    _build(p)
    p.add_argument(
        "--registry",
        type=to.registry,
        required=True,
        metavar="HOST[:PORT][/PREFIX]",
        help="where to push (credentials: the engine's own, docker login)",
    )
    _json(p)

    p = sub.add_parser(
        "collect", help="record probe documents gathered from another backend (kubectl logs)"
    )
    p.add_argument(
        "directory",
        type=to.writable_dir,
        metavar="DIR",
        help="NAME.json (the probe's report) beside NAME.meta (cell=, image=, node=), or DIR/results/",
    )
    _db(p)
    _json(p)

    p = sub.add_parser("render", help="write the Dockerfiles of a matrix")
    _matrix(p)
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
    _json(p)

    p = sub.add_parser("verify", help="run an image's probe (or inject one) and judge it")
    p.add_argument(
        "image",
        nargs="+",
        type=to.image_reference,
        help="image reference or id (several with --backend slurm)",
    )
    _probe(p)
    _accelerator(p, "what the image must use (default: its labels; none for foreign images)")
    _db(p, "also record the certificate in this results database")
    _registry(p)
    _cluster(p, kubernetes=False)
    _json(p)

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
    _build(p)
    _probe(p, level=False)
    _db(p)
    _json(p)

    p = sub.add_parser("report", help="the compatibility table from certification records")
    _db(p)
    p.add_argument(
        "--format", choices=("md", "html", "json"), default="md", help="md (default), html or json"
    )
    p.add_argument(
        "-o", "--output", type=to.output_file, metavar="FILE", help="write to FILE, not stdout"
    )
    _json(p)

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
    _accelerator(p, "with --image (default cuda)")
    _probe(p, level=False)
    _json(p)

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
    _db(p, "check every certified image of this results database")
    p.add_argument(
        "--baseline",
        type=to.run_id,
        metavar="RUN",
        help="run id before the upgrade (with --candidate: regressions)",
    )
    p.add_argument("--candidate", type=to.run_id, metavar="RUN", help="run id after the upgrade")
    fleet = p.add_argument_group("a fleet (node records of certify --backend slurm)")
    fleet.add_argument(
        "--fleet",
        action="store_true",
        help="with --driver: which images keep working on which nodes of the results database",
    )
    fleet.add_argument(
        "--constraint", type=to.constraint, metavar="EXPR", help="the nodes the driver goes to"
    )
    fleet.add_argument("--nodes", type=to.node_list, metavar="LIST", help="these nodes only")
    fleet.add_argument(
        "--node",
        type=to.text,
        metavar="NAME",
        help="with --baseline/--candidate: the regressions on this (canary) node",
    )
    _gpu(p)
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
    _json(p)

    p = sub.add_parser("matrix", help="inspect matrices and the knowledge base")
    msub = p.add_subparsers(
        dest="matrix_command", required=True, metavar="SUBCOMMAND", parser_class=_Parser
    )
    q = msub.add_parser("list", help="cells of a matrix, and combinations it rejects with reasons")
    _matrix(q, select=False)
    _json(q)
    q = msub.add_parser(
        "explain", help="what works with a TensorFlow / Python / CUDA / driver / GPU, and why"
    )
    q.add_argument("--tf", type=to.version, help="TensorFlow version (2.21 or 2.21.0)")
    q.add_argument("--python", type=to.version, help="Python version (3.11)")
    q.add_argument("--cuda", type=to.cuda_version, help="CUDA version (12.5)")
    q.add_argument(
        "--driver", type=to.driver_version, help="NVIDIA Linux driver version (535.104.05)"
    )
    _gpu(q)
    q.add_argument("--rocm", type=to.version, help="ROCm version (6.3)")
    _json(q)

    p = sub.add_parser(
        "codes", help="every failure code with its layer, meaning and fix; or one explained"
    )
    p.add_argument(
        "code", nargs="?", type=to.text, help="a code to explain (CUDNN_VERSION_MISMATCH)"
    )
    _json(p)
    return parser
