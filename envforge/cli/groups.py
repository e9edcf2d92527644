"""Option groups of the command line, each declared once and shared by the commands that take it."""

from __future__ import annotations

import argparse

from . import converters as to
from .settings import DEFAULTS

__all__ = [
    "json_option",
    "db_options",
    "matrix_options",
    "build_options",
    "probe_options",
    "registry_options",
    "cluster_options",
    "gpu_options",
    "accelerator_options",
]


def json_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--json", action="store_true", help="print one JSON document (the envelope) on stdout"
    )


def db_options(p: argparse.ArgumentParser, what: str = "results database") -> None:
    p.add_argument(
        "--db",
        type=to.store_file,
        metavar="PATH",
        help=f"{what} (default: results.db in the state directory)",
    )


def matrix_options(p: argparse.ArgumentParser, *, select: bool = True) -> None:
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


def build_options(p: argparse.ArgumentParser) -> None:
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


def probe_options(p: argparse.ArgumentParser, *, level: bool = True) -> None:
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


def registry_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--registry",
        type=to.registry,
        metavar="HOST[:PORT][/PREFIX]",
        help="push each image there and record its repository digest (credentials: docker login)",
    )


def signing_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--signing-key",
        type=to.readable_file,
        metavar="FILE",
        help="sign the statements attached to pushed images with this private key (envforge keys "
        "generate; default: $ENVFORGE_SIGNING_KEY; without one they are attached unsigned)",
    )
    p.add_argument(
        "--no-attest",
        action="store_true",
        help="attach no statements to pushed images (a registry that refuses OCI artifacts)",
    )


def verification_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--key",
        type=to.readable_file,
        metavar="PUB",
        help="the site's public key (envforge.pub): every statement must be signed with it",
    )
    p.add_argument(
        "--allow-unsigned",
        action="store_true",
        help="also read statements attached unsigned (never ones whose signature fails)",
    )


def cluster_options(p: argparse.ArgumentParser, *, kubernetes: bool = True) -> None:
    g = p.add_argument_group(
        "on a cluster (--backend slurm" + (" or kubernetes)" if kubernetes else ")")
    )
    g.add_argument(
        "--backend",
        choices=("local", "slurm", "kubernetes") if kubernetes else ("local", "slurm"),
        default=DEFAULTS.backend,
        help=f"{DEFAULTS.backend} (default): probe on this host; slurm: on the cluster's nodes"
        + ("; kubernetes: write Job manifests (--emit DIR)" if kubernetes else ""),
    )
    g.add_argument(
        "--partition", type=to.partition, help="the Slurm partition (default: its default)"
    )
    g.add_argument(
        "--constraint", type=to.constraint, metavar="EXPR", help="node features: 'h100&drv550'"
    )
    g.add_argument(
        "--nodes", type=to.node_list, metavar="LIST", help="these nodes (default: every node)"
    )
    sbatch_arg_option(
        g, "passed to sbatch (repeatable; --sbatch-arg=--account=A, --sbatch-arg=--time=30)"
    )
    g.add_argument(
        "--runtime",
        choices=(*RUNTIMES, "auto"),
        help=f"the container runtime on the nodes (default {DEFAULTS.runtime}; auto: docker, "
        "else podman)",
    )
    g.add_argument(
        "--spool",
        type=to.writable_dir,
        metavar="DIR",
        help="where tasks leave their results: storage the nodes share (default: the state "
        "directory's spool/)",
    )
    g.add_argument(
        "--image-cache",
        type=to.writable_dir,
        metavar="DIR",
        help="charliecloud: where each image's SquashFS is made once and kept, storage the nodes "
        "share (default: spool/images beside the runs)",
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
    node_selector_option(
        g, "kubernetes: a Job per image and label (repeatable; default nvidia.com/gpu.present=true)"
    )


# The container runtimes of a cluster's nodes (envforge.cluster.scripts.RUNTIMES, kept here so the
# parser does not load the task templates; tests/unit/cli checks that they agree).
RUNTIMES = ("docker", "podman", "pyxis", "apptainer", "charliecloud")


def sbatch_arg_option(g: argparse._ActionsContainer, help_text: str) -> None:
    g.add_argument(
        "--sbatch-arg", action="append", type=to.sbatch_arg, metavar="ARG", help=help_text
    )


def node_selector_option(g: argparse._ActionsContainer, help_text: str) -> None:
    g.add_argument(
        "--node-selector", action="append", type=to.node_label, metavar="KEY=VALUE",
        help=help_text,
    )  # fmt: skip


def gpu_options(p: argparse.ArgumentParser) -> None:
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


def accelerator_options(p: argparse.ArgumentParser, help_text: str) -> None:
    p.add_argument("--expect-accelerator", choices=("cuda", "rocm", "cpu"), help=help_text)


def table_format(p: argparse.ArgumentParser) -> None:
    """How a published table is written: md, html, json or csv, to stdout or a file."""
    p.add_argument(
        "--format",
        choices=("md", "html", "json", "csv"),
        default="md",
        help="md (default: GitHub-flavoured, fits a README), html (one page, works offline), "
        "json, csv",
    )
    p.add_argument(
        "-o", "--output", type=to.output_file, metavar="FILE", help="write to FILE, not stdout"
    )
