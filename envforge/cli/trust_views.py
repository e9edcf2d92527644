"""How the results of proof and rollout read to a person: signing keys, attestations, gates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from .human import Output, verdict_markup

if TYPE_CHECKING:  # results of jobs that have run: their modules are loaded by then
    from ..jobs.attest import KeysResult, PullResult, VerifyResult
    from ..jobs.cluster.gate import GateEmitResult, GateStatusResult, RecertifyResult

__all__ = ["keys", "attest_verify", "attest_pull", "gate_emit", "gate_status", "gate_recertify"]


def keys(out: Output, result: KeysResult) -> None:
    out.pairs(
        [
            ("private key", f"{result.private} (mode 0600: keep it on the machines that push)"),
            ("public key", f"{result.public} (give it to whoever verifies: attest verify --key)"),
            ("key id", result.keyid),
        ]
    )
    out.note("sign with: --signing-key FILE or ENVFORGE_SIGNING_KEY=FILE")


def attest_verify(out: Output, result: VerifyResult) -> None:
    out.note(f"statements of {result.image} in {result.source}")
    rows = [
        [c.kind or "?", c.manifest[:19] + "...", c.signed_by[:16] if c.signed_by else "unsigned",
         "[green]checks[/]" if c.ok else f"[red]REFUSED[/]: {escape(c.problem or '')}"]
        for c in result.checked
    ]  # fmt: skip
    out.table("statements", ["kind", "artifact", "signed by", "check"], rows)
    rows = [
        [escape(c.node), escape(", ".join(c.gpus) or "no GPU"), escape(c.driver or "-"),
         escape(c.runtime), f"L{c.level}", verdict_markup(c.verdict),
         escape(", ".join(c.codes) or "-"), "yes" if c.signed else "[yellow]no[/]"]
        for c in result.claims
    ]  # fmt: skip
    out.table(
        "certified where",
        ["node", "GPUs", "driver", "runtime", "level", "verdict", "codes", "signed"],
        rows,
    )
    asked = " ".join(
        part for part in (
            f"node {result.node}" if result.node else "", f"level >= {result.level}" if result.level else ""
        ) if part
    ) or "any node, any level"  # fmt: skip
    if result.refused:
        out.line(f"[red]refused[/]: {len(result.refused)} statement(s) do not check (above)")
    elif not result.checked:
        out.line(f"[red]no statements[/] attached to {escape(result.image)}")
    if result.met:
        out.line(f"[green]met[/]: a valid signed verdict certifies it ({escape(asked)})")
    else:
        out.line(f"[red]not met[/]: no valid signed verdict certifies it ({escape(asked)})")


def attest_pull(out: Output, result: PullResult) -> None:
    out.line(
        f"saved {len(result.artifacts)} statement artifact(s) of {escape(result.image)} "
        f"({result.blobs} blobs) in {escape(str(result.out))}"
    )
    out.note(
        f"verify with no network: envforge attest verify {result.image} --key PUB --from {result.out}"
    )


def gate_emit(out: Output, result: GateEmitResult) -> None:
    out.line(f"wrote {len(result.files)} file(s) in {escape(str(result.out))}")
    for path in result.files:
        out.line(f"  {escape(str(path))}")
    if result.baselines:
        out.note(f"baselines of {len(result.baselines)} node(s) from their newest certificates")
    if result.kept:
        out.note(
            f"kept the gate's own newer record of {len(result.kept)} node(s): "
            + escape(", ".join(result.kept))
        )
    if any(p.name == "healthcheck.sh" for p in result.files):
        out.note(
            f"slurm.conf: HealthCheckProgram={result.out}/healthcheck.sh and HealthCheckInterval=N; "
            f"or NHC: copy envforge-gate.nhc to /etc/nhc/scripts/ and add '* || check_envforge_gate'"
        )
    else:
        out.note(
            "kubectl apply -f DIR; the GPU Operator's upgrade controller (driver.upgradePolicy."
            "autoUpgrade: true) then waits for these pods, labelled app=nvidia-operator-validator"
        )


def gate_status(out: Output, result: GateStatusResult) -> None:
    colour = {"certified": "green", "recertifying": "yellow", "failed": "red"}
    rows = [
        [escape(n.node), f"[{colour.get(n.gate, 'white')}]{n.gate}[/]", escape(n.slurm_state),
         escape(n.reason or "-"), escape(n.job or "-")]
        for n in result.nodes
    ]  # fmt: skip
    out.table(
        f"gate {escape(str(result.gate))}: {len(result.images)} required image(s)",
        ("node", "gate", "Slurm state", "reason", "recertify job"),
        rows,
    )


def gate_recertify(out: Output, result: RecertifyResult) -> None:
    if result.passed:
        out.line(f"[green]resumed[/] {escape(result.node)}: every required image passed")
    else:
        out.line(f"[red]drained[/] {escape(result.node)}: {escape(result.reason or '')}")
