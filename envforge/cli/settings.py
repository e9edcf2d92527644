"""Every default in one place, and the parsed command line turned into the jobs' frozen requests.

The README's "Settings" table lists these; jobs take no defaults of their own for them.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BadInputError
from ..jobs.options import BuildOptions, ProbeOptions, Selection

if TYPE_CHECKING:  # each request's job module is imported when its command runs
    from ..jobs.certify import CertifyRequest
    from ..jobs.doctor import DoctorRequest
    from ..jobs.fleet import ClusterOptions, FleetRequest
    from ..jobs.fleet_verify import FleetVerifyRequest
    from ..jobs.forge import ForgeRequest
    from ..jobs.verify import VerifyRequest

__all__ = [
    "Defaults",
    "DEFAULTS",
    "selection",
    "build_options",
    "probe_options",
    "certify",
    "fleet",
    "verify",
    "forge",
    "doctor",
]


@dataclass(frozen=True)
class Defaults:
    level: int = 3  # certify, verify, forge: the highest probe level asked for
    doctor_level: int = 2  # doctor: enough to see the GPU, not to measure it
    jobs: int = 3  # builds at once (measured best on 2 cores: see the README's performance section)
    probe_timeout_s: float = 900.0  # a probe taking longer is killed (PROBE_TIMEOUT)
    probe_memory: str = "6g"  # probe containers' memory limit (no swap)
    builder: str = "auto"  # BuildKit where a docker client here can drive it, else the classic one
    render_out: str = "build/dockerfiles"
    forge_out: str = "."


DEFAULTS = Defaults()


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


def certify(args: argparse.Namespace) -> CertifyRequest:
    from ..jobs.certify import CertifyRequest

    return CertifyRequest(selection(args), build_options(args), probe_options(args))


def fleet(args: argparse.Namespace) -> FleetRequest:
    from ..jobs.fleet import FleetRequest

    return FleetRequest(selection(args), build_options(args), probe_options(args), cluster(args))


def cluster(args: argparse.Namespace) -> ClusterOptions:
    """The cluster options of certify and verify with ``--backend slurm``."""
    from ..jobs.fleet import ClusterOptions

    if not args.registry:
        raise BadInputError(
            "--backend slurm needs --registry HOST[:PORT][/PREFIX]: the nodes pull each image "
            "from it by digest",
            hint="scripts/cluster up starts one on 127.0.0.1 (scripts/cluster status says where)",
        )
    return ClusterOptions(
        registry=args.registry,
        partition=args.partition,
        constraint=args.constraint,
        nodes=tuple(args.nodes or ()),
        sbatch_args=tuple(args.sbatch_arg or ()),
        runtime=args.runtime,
        spool=args.spool,
        resume=args.resume,
    )


def fleet_verify(args: argparse.Namespace) -> FleetVerifyRequest:
    from ..jobs.fleet_verify import FleetVerifyRequest

    return FleetVerifyRequest(
        images=tuple(dict.fromkeys(args.image)),
        probe=probe_options(args),
        cluster=cluster(args),
        expect_accelerator=args.expect_accelerator,
    )


def verify(args: argparse.Namespace) -> VerifyRequest:
    from ..jobs.verify import VerifyRequest

    if len(args.image) > 1:
        raise BadInputError(
            f"verify: {len(args.image)} images given; one at a time on this host",
            hint="several images at once: verify --backend slurm --registry R IMAGE...",
        )
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
