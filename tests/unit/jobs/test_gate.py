"""The gate on the in-memory cluster: baselines from the store, a recertification that resumes a
node, one that keeps it drained with the failing codes, the node held in a reservation meanwhile;
the Kubernetes validation workload against Kubernetes' own schemas. The same on a real Slurm:
tests/integration/test_gate.py."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from envforge.errors import BadInputError
from envforge.jobs.cluster import gate, slurm
from envforge.jobs.context import Context
from envforge.paths import StatePaths

from ..facts import TF_CPU, TF_CUDA, document, judged, variant
from ..fake_cluster import FakeClock, FakeCluster, node
from ..fakes import FakeEngine, report
from ..hosts import NO_GPU
from .conftest import CPU_CELL, CUDA_CELL, PROBE
from .test_cluster_jobs import NODES, REGISTRY, REQUEST


@pytest.fixture()
def cluster() -> FakeCluster:
    return FakeCluster(
        [node(NODES[0], "a100"), node(NODES[1], "h100"), node(NODES[2], "h100")],
        reports={CPU_CELL: report(document(TF_CPU))},
    )


@pytest.fixture()
def ctx(tmp_path: Path, engine: FakeEngine, cluster: FakeCluster) -> Iterator[Context]:
    state = StatePaths(tmp_path / "state")
    with Context(
        state=state, engine=engine, host=NO_GPU, cluster=cluster, clock=FakeClock()
    ) as context:
        yield context


@pytest.fixture()
def gated(ctx: Context, tmp_path: Path) -> tuple[Path, str]:
    image = slurm.run(ctx, REQUEST).images[CPU_CELL]
    request = gate.SlurmGateRequest(tmp_path / "gate", (image,), REGISTRY, PROBE)
    emitted = gate.emit_slurm(ctx, request)
    assert set(emitted.baselines) == set(NODES)
    return tmp_path / "gate", image


def _changed(gate_dir: Path, cluster: FakeCluster, name: str) -> None:
    """What healthcheck.sh does on a change: the new fingerprint pending, the node drained."""
    (gate_dir / "nodes" / name / "pending").write_text("driver=550.54.15\ngpus=\nkernel=6\n")
    cluster.drain(name, "envforge: driver none -> 550.54.15; recertifying")


def test_emit_writes_the_gate_and_each_node_baseline_from_its_newest_certificate(
    ctx: Context, gated: tuple[Path, str]
) -> None:
    gate_dir, image = gated
    config = json.loads((gate_dir / "gate.json").read_text())
    assert config["images"] == [image] and config["db"] == str(ctx.db_path.absolute())
    baseline = (gate_dir / "nodes" / NODES[0] / "certified").read_text()
    assert baseline.startswith("driver=") and "\nruntime=" in baseline
    assert (gate_dir / "healthcheck.sh").stat().st_mode & 0o111
    assert str(gate_dir) in (gate_dir / "recertify.sh").read_text()


def test_a_recertification_that_passes_resumes_the_node_held_in_a_reservation_meanwhile(
    ctx: Context, cluster: FakeCluster, gated: tuple[Path, str]
) -> None:
    gate_dir, _ = gated
    _changed(gate_dir, cluster, NODES[1])
    before = len(cluster.submitted)
    result = gate.recertify(ctx, gate.RecertifyRequest(gate_dir, NODES[1]))
    assert result.passed and result.outcome == "resumed"
    tasks = cluster.submitted[before:]
    assert [t.node for t in tasks] == [NODES[1]]
    assert f"--reservation=envforge-gate-{NODES[1]}" in tasks[0].extra
    assert cluster.reservations == {}  # released
    assert next(n for n in cluster.node_list if n.name == NODES[1]).state == "idle"
    certified = (gate_dir / "nodes" / NODES[1] / "certified").read_text()
    assert "550.54.15" in certified and not (gate_dir / "nodes" / NODES[1] / "pending").exists()
    shown = gate.status(ctx, gate.GateStatusRequest(gate_dir))
    assert shown.passed and {n.gate for n in shown.nodes} == {"certified"}


def test_emitting_again_keeps_the_gates_newer_record_of_a_node(
    ctx: Context, cluster: FakeCluster, gated: tuple[Path, str]
) -> None:
    """A recertified node's ``certified`` is what its health check saw (a driver the probe's own
    host record need not show), and a node being recertified has ``pending``: emitting the gate
    again (a second required image) must not put an older baseline back, or the next health
    check drains the node for a change that is not one."""
    gate_dir, image = gated
    _changed(gate_dir, cluster, NODES[1])
    assert gate.recertify(ctx, gate.RecertifyRequest(gate_dir, NODES[1])).passed
    older = gate_dir / "nodes" / NODES[2] / "certified"
    older.write_text("driver=535.54.03\ngpus=\nkernel=6\nruntime=docker\n")
    os.utime(older, (0, 0))  # written before any certificate: only a recertification under way
    _changed(gate_dir, cluster, NODES[2])  # keeps it
    before = {n: (gate_dir / "nodes" / n / "certified").read_text() for n in NODES}
    request = gate.SlurmGateRequest(gate_dir, (image, image), REGISTRY, PROBE)
    emitted = gate.emit_slurm(ctx, request)
    assert emitted.kept == (NODES[1], NODES[2]) and set(emitted.baselines) == {NODES[0]}
    after = {n: (gate_dir / "nodes" / n / "certified").read_text() for n in NODES}
    assert after == before and "550.54.15" in after[NODES[1]]
    assert emitted.to_dict()["kept"] == [NODES[1], NODES[2]]
    (gate_dir / "nodes" / NODES[2] / "pending").unlink()  # nothing under way: the baseline wins
    assert (
        NODES[2] in gate.emit_slurm(ctx, request).baselines
        and older.read_text() != before[NODES[2]]
    )


def test_a_recertification_that_fails_keeps_the_node_drained_with_the_codes(
    ctx: Context, cluster: FakeCluster, gated: tuple[Path, str]
) -> None:
    gate_dir, _ = gated
    _changed(gate_dir, cluster, NODES[2])
    losses = variant(document(TF_CPU), "workloads.0.losses", [1.0, 1.2, 1.4])
    cluster.reports[CPU_CELL] = report(judged(losses))
    result = gate.recertify(ctx, gate.RecertifyRequest(gate_dir, NODES[2]))
    assert not result.passed and result.outcome == "drained"
    held = next(n for n in cluster.node_list if n.name == NODES[2])
    assert held.state == "drained" and "recertification failed" in held.reason
    assert "MODEL_LOSS_NOT_DECREASING" in held.reason
    assert (gate_dir / "nodes" / NODES[2] / "failed").read_text().startswith("driver=550.54.15")
    assert cluster.reservations == {}
    shown = {n.node: n.gate for n in gate.status(ctx, gate.GateStatusRequest(gate_dir)).nodes}
    assert shown[NODES[2]] == "failed" and shown[NODES[0]] == "certified"


def test_a_gate_directory_that_is_not_one_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "gate.json").write_text('{"images": ["x:1"]}')
    with pytest.raises(BadInputError, match="gate.json"):
        gate.read_config(tmp_path)


@pytest.mark.allow_subprocess
def test_the_gate_scripts_are_shell_clean(ctx: Context, gated: tuple[Path, str]) -> None:
    from envforge.cluster.gates import healthcheck_script

    gate_dir, _ = gated
    shellcheck = Path(__file__).resolve().parents[3] / ".venv" / "bin" / "shellcheck"
    for runtime in ("docker", "podman", "charliecloud"):
        (gate_dir / f"hc-{runtime}.sh").write_text(healthcheck_script(gate_dir, runtime))
    for script in [*gate_dir.glob("hc-*.sh"), gate_dir / "recertify.sh"]:
        assert subprocess.run(["sh", "-n", str(script)]).returncode == 0
        if shellcheck.exists():
            done = subprocess.run(
                [str(shellcheck), "--shell=sh", "--severity=warning", str(script)],
                capture_output=True, text=True,
            )  # fmt: skip
            assert done.returncode == 0, done.stdout


def _health_check(tmp_path: Path) -> tuple[Path, dict[str, str], Path, Path]:
    """healthcheck.sh of node n1, its environment (stand-ins for scontrol, sbatch and docker that
    log their calls), the node's state folder and the calls' log."""
    from envforge.cluster.gates import healthcheck_script

    gate_dir, bin_dir = tmp_path / "gate", tmp_path / "bin"
    node_dir = gate_dir / "nodes" / "n1"
    (node_dir / "bin").mkdir(parents=True)
    bin_dir.mkdir()
    calls = tmp_path / "calls"
    for tool in ("scontrol", "sbatch", "docker"):
        (bin_dir / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> {calls}\necho 42\n')
        (bin_dir / tool).chmod(0o755)
    script = gate_dir / "healthcheck.sh"
    script.write_text(healthcheck_script(gate_dir, "docker"))
    return script, {"PATH": f"{bin_dir}:/usr/bin:/bin", "SLURMD_NODENAME": "n1"}, node_dir, calls


@pytest.mark.allow_subprocess
def test_the_health_check_drains_once_per_change_and_exits_quietly_when_unchanged(
    tmp_path: Path,
) -> None:
    """healthcheck.sh for real, with stand-ins for nvidia-smi, scontrol and sbatch on PATH."""
    script, env, node_dir, calls = _health_check(tmp_path)
    first = subprocess.run(["sh", str(script), "--check"], env=env, capture_output=True, text=True)
    assert first.returncode == 1 and first.stdout.startswith("envforge: ")
    seen = subprocess.run(["sh", str(script), "--check"], env=env, capture_output=True, text=True)
    (node_dir / "certified").write_text(  # the baseline is what the node shows now: unchanged
        subprocess.run(
            ["sh", "-c", f"eval \"$(sed -n '/^fingerprint()/,/^}}/p' {script})\"; fingerprint"],
            env=env,
            capture_output=True,
            text=True,
        ).stdout  # fmt: skip
    )
    assert seen.returncode == 1
    assert subprocess.run(["sh", str(script)], env=env).returncode == 0
    said = calls.read_text() if calls.exists() else ""
    assert (
        "scontrol" not in said and "sbatch" not in said
    )  # unchanged: nothing drained or submitted
    smi = node_dir / "bin" / "nvidia-smi"  # the new driver, on this node only
    smi.write_text(
        '#!/bin/sh\ncase "$*" in *driver_version*) echo 550.54.15 ;; *) echo "NVIDIA H100, 9.0" ;; esac\n'
    )
    smi.chmod(0o755)
    assert subprocess.run(["sh", str(script)], env=env).returncode == 0
    assert subprocess.run(["sh", str(script)], env=env).returncode == 0  # once per change
    said = calls.read_text().splitlines()
    drains = [c for c in said if c.startswith("scontrol update NodeName=n1 State=DRAIN")]
    assert len(drains) == 1 and "driver none -> 550.54.15" in drains[0]
    assert "gpus none -> NVIDIA H100 (cc 9.0)" in drains[0]
    assert len([c for c in said if c.startswith("sbatch ")]) == 1
    assert (node_dir / "job").read_text().strip() == "42"


@pytest.mark.allow_subprocess
def test_a_health_check_while_the_recertification_finishes_does_not_drain_again(
    tmp_path: Path,
) -> None:
    """The recertification writes the new certificate, then removes pending; a health check that
    runs in between must see one or the other (CI once saw a node drained again just after its
    resume). A stand-in cat finishes the recertification just after the old certificate is read."""
    script, env, node_dir, calls = _health_check(tmp_path)
    new = subprocess.run(
        ["sh", "-c", f"eval \"$(sed -n '/^fingerprint()/,/^}}/p' {script})\"; fingerprint"],
        env=env, capture_output=True, text=True,
    ).stdout  # fmt: skip
    (node_dir / "certified").write_text("driver=\ngpus=\nkernel=old\nruntime=docker 42\n")
    (node_dir / "pending").write_text(new)
    (node_dir / "done").write_text(new)
    cat = node_dir / "bin" / "cat"  # the recertification ends once the old certificate is read
    cat.write_text(
        "#!/bin/sh\n"
        f'case "$1" in */certified) /bin/cat "$1"; /bin/cp {node_dir}/done {node_dir}/certified; '
        f'/bin/rm -f {node_dir}/pending ;; *) exec /bin/cat "$@" ;; esac\n'
    )
    cat.chmod(0o755)
    assert subprocess.run(["sh", str(script)], env=env).returncode == 0
    said = calls.read_text() if calls.exists() else ""
    assert "scontrol" not in said and "sbatch" not in said, said
    assert not (node_dir / "pending").exists()


def test_the_kubernetes_gate_validates_and_carries_the_controllers_selector(
    ctx: Context, tmp_path: Path
) -> None:
    image = "127.0.0.1:5000/team/tf@sha256:" + "a" * 64
    request = gate.KubernetesGateRequest(tmp_path / "k8s", (image,), PROBE)
    emitted = gate.emit_kubernetes(ctx, request)
    documents = [yaml.safe_load(p.read_text()) for p in emitted.files]
    assert {d["kind"] for d in documents} == {"ConfigMap", "DaemonSet"}
    for manifest in documents:
        kubernetes_validate.validate(manifest, "1.30", strict=True)
    daemonset = next(d for d in documents if d["kind"] == "DaemonSet")
    pod = daemonset["spec"]["template"]
    assert pod["metadata"]["labels"]["app"] == "nvidia-operator-validator"
    assert pod["spec"]["containers"][0]["image"] == image
    assert "readinessProbe" in pod["spec"]["containers"][0]
    assert json.loads(
        next(d for d in documents if d["kind"] == "ConfigMap")["data"]["required.json"]
    )["images"] == [image]


def test_the_recertification_enforces_the_rollout_plan_for_the_new_driver(
    ctx: Context, cluster: FakeCluster, tmp_path: Path
) -> None:
    """A CUDA 12 image passes its probe on a node without a GPU, but the knowledge base says it
    stops on an R470 driver with an H100: the node stays drained."""
    from .test_cluster_jobs import BOTH

    cluster.reports[CUDA_CELL] = report(document(TF_CUDA))
    images = slurm.run(ctx, BOTH).images
    gate_dir = tmp_path / "gate"
    request = gate.SlurmGateRequest(gate_dir, (images[CUDA_CELL],), REGISTRY, PROBE)
    gate.emit_slurm(ctx, request)
    for driver, drained in (("580.65.06", False), ("470.57.02", True)):
        (gate_dir / "nodes" / NODES[1] / "pending").write_text(
            f"driver={driver}\ngpus=NVIDIA H100 80GB HBM3 (cc 9.0)\nkernel=6\nruntime=docker 26\n"
        )
        cluster.drain(NODES[1], "envforge: driver changed; recertifying")
        result = gate.recertify(ctx, gate.RecertifyRequest(gate_dir, NODES[1]))
        assert result.passed is not drained, result.reason
    assert "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME (driver 470.57.02)" in (result.reason or "")
