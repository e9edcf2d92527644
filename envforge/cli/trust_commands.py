"""The commands of proof and rollout: signing keys, attestations that travel with an image, and the
gates a cluster runs before it rolls an image out."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import settings, trust_views
from .human import Output
from .running import context, show

__all__ = ["TRUST_COMMANDS"]


def keys_generate(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import attest

    result = attest.keys(attest.KeysRequest(Path(args.out), args.force))
    return show(out, "keys generate", result, trust_views.keys)


def attest_verify(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import attest

    settings.refuse("attest verify", args)
    request = attest.VerifyRequest(
        args.image, args.key, args.node, args.level, args.allow_unsigned, args.source_dir
    )
    with context(args) as ctx:
        result = attest.verify(ctx, request)
    return show(out, "attest verify", result, trust_views.attest_verify)


def attest_pull(args: argparse.Namespace, out: Output) -> int:
    from ..jobs import attest

    with context(args) as ctx:
        result = attest.pull(ctx, attest.PullRequest(args.image, Path(args.out)))
    return show(out, "attest pull", result, trust_views.attest_pull)


def gate_emit(args: argparse.Namespace, out: Output) -> int:
    from ..jobs.cluster import gate

    probe = settings.probe_options(args)
    images = tuple(dict.fromkeys(args.image))
    with context(args) as ctx:
        if args.subcommand == "slurm":
            request = gate.SlurmGateRequest(
                Path(args.emit), images, args.registry, probe, args.runtime,
                tuple(args.sbatch_arg or ()),
            )  # fmt: skip
            result = gate.emit_slurm(ctx, request)
        else:
            selector = dict(args.node_selector or ()) or {"nvidia.com/gpu.present": "true"}
            k8s = gate.KubernetesGateRequest(
                Path(args.emit), images, probe, args.namespace, selector
            )
            result = gate.emit_kubernetes(ctx, k8s)
    return show(out, f"gate {args.subcommand}", result, trust_views.gate_emit)


def gate_status(args: argparse.Namespace, out: Output) -> int:
    from ..jobs.cluster import gate

    config = gate.read_config(Path(args.gate))
    with context(args, db=config.db) as ctx:
        result = gate.status(ctx, gate.GateStatusRequest(Path(args.gate)))
    return show(out, "gate status", result, trust_views.gate_status)


def gate_recertify(args: argparse.Namespace, out: Output) -> int:
    from ..jobs.cluster import gate

    config = gate.read_config(Path(args.gate))
    with context(args, db=config.db) as ctx:
        result = gate.recertify(ctx, gate.RecertifyRequest(Path(args.gate), args.node))
    return show(out, "gate recertify", result, trust_views.gate_recertify, run_id=result.run_id)


TRUST_COMMANDS = {
    "keys generate": keys_generate,
    "attest verify": attest_verify,
    "attest pull": attest_pull,
    "gate slurm": gate_emit,
    "gate kubernetes": gate_emit,
    "gate status": gate_status,
    "gate recertify": gate_recertify,
}
