"""Kubernetes without a cluster: the Job manifests envforge writes are valid against Kubernetes'
own OpenAPI schemas, carry the probe's sandbox, and ``envforge collect`` records what the Jobs
printed as node records."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest

from envforge.cluster.kubernetes import KubeTarget, collect_script, job_manifest, job_name, quantity
from envforge.engine import ProbeLimits
from envforge.errors import BadInputError
from envforge.jobs.cluster.kubernetes import CollectRequest, collect
from envforge.jobs.context import Context
from envforge.paths import StatePaths

from .facts import H100_TORCH, TF_CPU, document
from .hosts import NO_GPU

TARGET = KubeTarget("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")
IMAGE = "registry.example.com/team/tf-cuda@sha256:" + "c" * 64


def manifest(gpu: bool) -> dict:  # type: ignore[type-arg]
    return job_manifest(
        run_id="20261123T000000Z-abcdef", cell_id="tf-cuda-pip-tf2.21.0-py3.11", image=IMAGE,
        target=TARGET, level=3, timeout_s=900, limits=ProbeLimits(memory="6g"), gpu=gpu,
    )  # fmt: skip


@pytest.mark.parametrize("version", ["1.27", "1.30"])
@pytest.mark.parametrize("gpu", [True, False])
def test_job_manifests_validate_against_kubernetes_schemas(version: str, gpu: bool) -> None:
    kubernetes_validate.validate(manifest(gpu), version, strict=True)


def test_a_job_is_pinned_by_label_limited_and_sandboxed_like_a_local_probe() -> None:
    job = manifest(gpu=True)
    pod = job["spec"]["template"]["spec"]
    [container] = pod["containers"]
    assert pod["nodeSelector"] == {"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}
    assert container["image"] == IMAGE and container["command"][:2] == ["envforge-probe", "--json"]
    assert container["resources"]["limits"] == {"memory": "6Gi", "nvidia.com/gpu": 1}
    assert container["securityContext"] == {
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
    }
    assert pod["securityContext"]["runAsUser"] == 65534 and pod["restartPolicy"] == "Never"
    assert (
        "nvidia.com/gpu"
        not in manifest(gpu=False)["spec"]["template"]["spec"]["containers"][0]["resources"][
            "limits"
        ]
    )
    name = job_name("20261123T000000Z-abcdef", "x" * 80, TARGET)
    assert len(name) <= 63 and name == name.lower()
    assert quantity("512m") == "512Mi" and quantity("6g") == "6Gi"


@pytest.mark.allow_subprocess
def test_the_collect_script_is_shellcheck_clean(tmp_path: Path) -> None:
    script = tmp_path / "collect.sh"
    script.write_text(collect_script([("envforge-abc-tf-cpu-h100", "tf-cpu", IMAGE)], 900))
    beside = Path(sys.executable).parent / "shellcheck"
    shellcheck = str(beside) if beside.is_file() else shutil.which("shellcheck")
    assert shellcheck
    done = subprocess.run([shellcheck, "--shell=sh", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def write(directory: Path, name: str, text: str, meta: str | None) -> None:
    (directory / f"{name}.json").write_text(text)
    if meta is not None:
        (directory / f"{name}.meta").write_text(meta)


def test_collected_documents_become_node_records(tmp_path: Path) -> None:
    results = tmp_path / "emit" / "results"
    results.mkdir(parents=True)
    gpu_doc = document(H100_TORCH)
    write(
        results, "job-h100", "stderr noise\n" + json.dumps(gpu_doc),
        f"cell=keras-torch\nimage={IMAGE}\nnode=gpu-node-7\n",
    )  # fmt: skip
    write(results, "job-cpu", json.dumps(document(TF_CPU)), f"image={IMAGE}\nnode=cpu-node-1\n")
    write(results, "job-broken", "{not json", f"cell=tf-cpu\nimage={IMAGE}\nnode=cpu-node-2\n")
    with Context(state=StatePaths(tmp_path / "state"), db=tmp_path / "r.db", host=NO_GPU) as ctx:
        result = collect(ctx, CollectRequest(tmp_path / "emit"))
        hosts = ctx.store.hosts()
    found = {i.node: i for i in result.items}
    assert found["gpu-node-7"].verdict == "CERTIFIED" and found["gpu-node-7"].level == 3
    assert found["cpu-node-1"].verdict == "CERTIFIED"
    assert found["cpu-node-2"].verdict == "PROBE_ERROR" and not result.passed
    nodes = {h.node: h for h in hosts.values() if h.node}
    assert nodes["gpu-node-7"].gpus[0].name == "NVIDIA H100 80GB HBM3"
    assert nodes["gpu-node-7"].driver == gpu_doc["nvml"]["driver_version"]


def test_a_document_without_its_meta_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "job", json.dumps(document(TF_CPU)), None)
    with Context(state=StatePaths(tmp_path / "state"), db=tmp_path / "r.db", host=NO_GPU) as ctx:
        with pytest.raises(BadInputError, match="job.meta"):
            collect(ctx, CollectRequest(tmp_path))
