"""Every default in one place, the option rules in one table, and the parsed command line turned
into the jobs' frozen requests.

``RULES`` is every combination of options that cannot work (an option of another backend, a
backend without what it needs, contradicting options), each one line; ``problems`` finds every
broken rule of a command at once, and the job's preamble reports them with the problems it finds
itself (a bad site file, a matrix that does not validate) before anything is touched. The request
builders never refuse: a request built from broken options is never run. docs/reference.md
("Settings") lists these defaults; jobs take no defaults of their own for them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BadInputError, Problems
from ..jobs.options import AttestOptions, BuildOptions, ClusterOptions, ProbeOptions, Selection

if TYPE_CHECKING:  # each request's job module is imported when its command runs
    from ..jobs.certify import CertifyRequest
    from ..jobs.cluster.kubernetes import EmitRequest
    from ..jobs.cluster.slurm import ClusterRequest
    from ..jobs.cluster.verify import ClusterVerifyRequest
    from ..jobs.doctor import DoctorRequest
    from ..jobs.forge import ForgeRequest
    from ..jobs.probing import VerifyRequest

__all__ = [
    "Defaults",
    "DEFAULTS",
    "Rule",
    "RULES",
    "problems",
    "refuse",
    "selection",
    "build_options",
    "probe_options",
    "cluster_options",
    "certify",
    "cluster_certify",
    "cluster_verify",
    "emit",
    "verify",
    "forge",
    "doctor",
]


@dataclass(frozen=True)
class Defaults:
    level: int = 3  # certify, verify, forge: the highest probe level asked for
    doctor_level: int = 2  # doctor: enough to see the GPU, not to measure it
    jobs: int = 3  # builds at once (measured best on 2 cores: see docs/performance.md)
    probe_timeout_s: float = 900.0  # a probe taking longer is killed (PROBE_TIMEOUT)
    probe_memory: str = "6g"  # probe containers' memory limit (no swap)
    builder: str = "auto"  # BuildKit where a docker client here can drive it, else the classic one
    backend: str = "local"  # certify and verify on this host
    runtime: str = "docker"  # the container runtime on a cluster's nodes
    render_out: str = "build/dockerfiles"
    forge_out: str = "."


DEFAULTS = Defaults()

# -- the option rules ------------------------------------------------------------------------------

_SLURM_ONLY = (
    "partition",
    "constraint",
    "nodes",
    "sbatch_arg",
    "runtime",
    "spool",
    "resume",
    "image_cache",
)
_KUBERNETES_ONLY = ("emit", "node_selector")


def _given(args: argparse.Namespace, *names: str) -> str:
    """The options among ``names`` (argparse dests) that were given, as typed: ``--sbatch-arg``."""
    found = [name for name in names if getattr(args, name, None) not in (None, False, [], ())]
    return ", ".join("--" + name.replace("_", "-") for name in found)


def _backend(args: argparse.Namespace) -> str:
    return getattr(args, "backend", None) or DEFAULTS.backend


def _only_with(backend: str, names: tuple[str, ...]) -> Rule:
    """A rule: ``names`` are options of ``backend`` alone."""
    return Rule(
        ("certify", "verify"),
        lambda a: _backend(a) != backend and bool(_given(a, *names)),
        lambda a: f"{_given(a, *names)}: only with --backend {backend}",
    )


@dataclass(frozen=True)
class Rule:
    """A combination of options that cannot work: the commands it concerns, when it is broken,
    and the one line that says so (a text, or made from the options)."""

    commands: tuple[str, ...]
    broken: Callable[[argparse.Namespace], bool]
    message: str | Callable[[argparse.Namespace], str]
    hint: str | None = None

    def problem(self, command: str, args: argparse.Namespace) -> BadInputError | None:
        if command not in self.commands or not self.broken(args):
            return None
        message = self.message if isinstance(self.message, str) else self.message(args)
        return BadInputError(message, hint=self.hint)


_BUILDING = ("certify", "build", "push", "forge")
_TARGETS = ("cuda", "image", "db", "cluster", "constraint", "nodes")

RULES: tuple[Rule, ...] = (
    _only_with("slurm", _SLURM_ONLY),
    _only_with("kubernetes", _KUBERNETES_ONLY),
    Rule(
        ("certify", "verify"),
        lambda a: bool(a.registry) and _backend(a) == "local",
        lambda a: (
            "--registry: only with --backend "
            + ("slurm or kubernetes" if a.command == "certify" else "slurm")
        ),
        hint="to push images from this host: envforge build --registry R (or envforge push)",
    ),
    Rule(
        ("certify", "verify"),
        lambda a: _backend(a) != "local" and not a.registry,
        lambda a: (
            f"--backend {_backend(a)} needs --registry HOST[:PORT][/PREFIX]: the nodes "
            "pull each image from it by digest"
        ),
        hint="scripts/cluster up starts one on 127.0.0.1 (scripts/cluster status says where)",
    ),
    Rule(
        ("certify", "verify", "build", "forge"),
        lambda a: bool(getattr(a, "signing_key", None)) and not a.registry,
        "--signing-key: only where images are pushed (--registry, with --backend slurm or "
        "kubernetes for certify and verify)",
        hint="statements are attached to pushed images, by digest",
    ),
    Rule(
        ("certify", "verify", "build", "push", "forge"),
        lambda a: bool(getattr(a, "no_attest", False) and getattr(a, "signing_key", None)),
        "--no-attest and --signing-key contradict each other",
    ),
    Rule(
        ("attest verify", "report"),
        lambda a: bool(getattr(a, "from_registry", True)) and not a.key and not a.allow_unsigned,
        lambda a: (
            f"{'--from-registry' if a.command == 'report' else 'attest verify'} needs --key PUB: "
            "the public key the statements were signed with"
        ),
        hint="envforge keys generate writes it (envforge.pub); --allow-unsigned reads unsigned ones",
    ),
    Rule(
        ("report",),
        lambda a: not a.from_registry and bool(a.key or a.allow_unsigned),
        lambda a: f"{_given(a, 'key', 'allow_unsigned')}: only with --from-registry",
    ),
    Rule(
        ("report",),
        lambda a: bool(a.from_registry and a.db),
        "--from-registry and --db contradict each other: the tables come from one or the other",
    ),
    Rule(
        ("certify", "verify"),
        lambda a: bool(getattr(a, "image_cache", None)) and a.runtime != "charliecloud",
        "--image-cache: only with --runtime charliecloud (docker and podman pull by digest)",
    ),
    Rule(
        ("certify",),
        lambda a: _backend(a) == "kubernetes" and not a.emit,
        "--backend kubernetes needs --emit DIR: where the Job manifests go",
    ),
    Rule(
        ("verify",),
        lambda a: _backend(a) == "local" and len(a.image) > 1,
        lambda a: f"verify: {len(a.image)} images given; one at a time on this host",
        hint="several images at once: verify --backend slurm --registry R IMAGE...",
    ),
    Rule(
        _BUILDING,
        lambda a: a.offline and a.no_wheelhouse,
        "--offline needs a wheelhouse (drop --no-wheelhouse)",
    ),
    Rule(
        _BUILDING,
        lambda a: bool(a.wheelhouse) and a.no_wheelhouse,
        "--wheelhouse and --no-wheelhouse contradict each other",
    ),
    Rule(
        ("driver-check",),
        lambda a: bool(a.baseline) != bool(a.candidate),
        "--baseline and --candidate go together (two run ids from the results database)",
    ),
    Rule(
        ("driver-check",),
        lambda a: bool(a.node) and not (a.baseline or a.candidate),
        "--node: with --baseline and --candidate (the regressions on that node)",
    ),
    Rule(
        ("driver-check",),
        lambda a: not (a.driver or a.baseline or a.candidate),
        "driver-check needs --driver V (or --baseline RUN --candidate RUN)",
    ),
    Rule(
        ("driver-check",),
        lambda a: bool(a.driver) and not (a.baseline or a.candidate or _given(a, *_TARGETS)),
        "driver-check --driver needs --cuda V, --image IMG, --db PATH or --cluster",
    ),
)


def problems(command: str, args: argparse.Namespace) -> list[BadInputError]:
    """Every rule of ``RULES`` that ``command``'s options break, one error each (none: fine)."""
    found = (rule.problem(command, args) for rule in RULES)
    return [problem for problem in found if problem is not None]


def refuse(command: str, args: argparse.Namespace) -> None:
    """Raise every broken rule of ``command`` at once (commands without a preamble)."""
    Problems(problems(command, args)).raise_any()


# -- the requests ----------------------------------------------------------------------------------


def selection(args: argparse.Namespace) -> Selection:
    return Selection(getattr(args, "matrix", None), tuple(getattr(args, "select", None) or ()))


def build_options(args: argparse.Namespace) -> BuildOptions:
    return BuildOptions(
        jobs=args.jobs,
        nocache=args.no_cache,
        site=args.site,
        ca_bundle=args.ca_bundle,
        wheelhouse=args.wheelhouse,
        no_wheelhouse=args.no_wheelhouse,
        offline=args.offline,
        refresh_wheelhouse=args.refresh_wheelhouse,
        builder=args.builder,
    )


def probe_options(args: argparse.Namespace, *, level: int | None = None) -> ProbeOptions:
    return ProbeOptions(
        level=level if level is not None else args.level,
        timeout_s=args.probe_timeout,
        memory=args.probe_memory,
        force=getattr(args, "force", False),
    )


def cluster_options(args: argparse.Namespace) -> ClusterOptions:
    """The cluster options of certify and verify with ``--backend slurm``."""
    return ClusterOptions(
        registry=args.registry or "",
        partition=args.partition,
        constraint=args.constraint,
        nodes=tuple(args.nodes or ()),
        sbatch_args=tuple(args.sbatch_arg or ()),
        runtime=args.runtime or DEFAULTS.runtime,
        spool=args.spool,
        resume=args.resume,
        image_cache=args.image_cache,
    )


def attest_options(args: argparse.Namespace) -> AttestOptions | None:
    """The signing key of a command that pushes: ``--signing-key``, else $ENVFORGE_SIGNING_KEY
    (a path; the key itself is read by the preamble, and never said or stored)."""
    if getattr(args, "no_attest", False):
        return None
    named = getattr(args, "signing_key", None) or os.environ.get("ENVFORGE_SIGNING_KEY") or None
    return AttestOptions(Path(named) if named else None)


def certify(args: argparse.Namespace) -> CertifyRequest:
    from ..jobs.certify import CertifyRequest

    return CertifyRequest(selection(args), build_options(args), probe_options(args))


def cluster_certify(args: argparse.Namespace) -> ClusterRequest:
    from ..jobs.cluster.slurm import ClusterRequest

    return ClusterRequest(
        selection(args),
        build_options(args),
        probe_options(args),
        cluster_options(args),
        attest=attest_options(args),
    )


def cluster_verify(args: argparse.Namespace) -> ClusterVerifyRequest:
    from ..jobs.cluster.verify import ClusterVerifyRequest

    return ClusterVerifyRequest(
        images=tuple(dict.fromkeys(args.image)),
        probe=probe_options(args),
        cluster=cluster_options(args),
        expect_accelerator=args.expect_accelerator,
        attest=attest_options(args),
    )


def emit(args: argparse.Namespace) -> EmitRequest:
    from ..cluster.kubernetes import KubeTarget
    from ..jobs.cluster.kubernetes import DEFAULT_TARGET, EmitRequest

    targets = tuple(KubeTarget(k, v) for k, v in args.node_selector or ()) or (DEFAULT_TARGET,)
    return EmitRequest(
        selection(args),
        build_options(args),
        probe_options(args),
        args.registry or "",
        Path(args.emit or "."),
        targets,
        attest_options(args),
    )


def verify(args: argparse.Namespace) -> VerifyRequest:
    from ..jobs.probing import VerifyRequest

    return VerifyRequest(
        image=args.image[0],
        probe=probe_options(args),
        expect_accelerator=args.expect_accelerator,
        record=args.db is not None,
    )


def forge(args: argparse.Namespace) -> ForgeRequest:
    from ..jobs.forge import ForgeRequest

    return ForgeRequest(
        tf=args.tf,
        build=build_options(args),
        probe=probe_options(args, level=DEFAULTS.level),
        python=args.python,
        driver=args.driver,
        gpu=args.gpu,
        accelerator=args.accelerator,
        tag=args.tag,
        out=Path(args.out),
        registry=args.registry,
        attest=attest_options(args) if args.registry else None,
    )


def doctor(args: argparse.Namespace, log_text: str | None) -> DoctorRequest:
    from ..jobs.doctor import DoctorRequest

    return DoctorRequest(
        probe=probe_options(args, level=DEFAULTS.doctor_level),
        log_path=Path(args.log) if args.log and args.log != "-" else None,
        log_text=log_text,
        image=args.image,
        python=args.python,
        gpu_present={"yes": True, "no": False, "auto": None}[args.gpu_present],
        expect_accelerator=args.expect_accelerator or "cuda",
        platform=None if args.platform == "auto" else args.platform,
    )
