from __future__ import annotations

import json

from envforge.certify import Verdict, certify, parse_probe_output
from envforge.host import GPU, HostInfo
from envforge.outcome import ContainerRun

from .facts import TF_CUDA, document
from .hosts import NO_GPU, host_with

GPU_NO_TOOLKIT = host_with(driver="580.65.06", gpus=(GPU("NVIDIA H100 80GB HBM3", "9.0"),))
CUDA_DOC = document(TF_CUDA)
EXPECT = {k: v for k, v in CUDA_DOC["expect"].items() if k not in ("cell", "gpu_peaks")}
GOOD_REPORT = json.dumps(CUDA_DOC)


def run(stdout: str = "", **kw: object) -> ContainerRun:
    return ContainerRun(
        exit_code=kw.pop("exit_code", 0),
        stdout=stdout,
        stderr=str(kw.pop("stderr", "")),  # type: ignore[arg-type]
        seconds=float(kw.pop("seconds", 10)),
        **kw,
    )  # type: ignore[arg-type]


def cert(probe: ContainerRun, host: HostInfo = NO_GPU, level: int = 3):  # type: ignore[no-untyped-def]
    return certify(
        cell_id="c",
        expectations=EXPECT,
        level=level,
        host=host,
        image_id="sha256:1",
        image_tag="t",
        probe=probe,
    )


def test_certified_at_l1_on_a_host_without_gpu() -> None:
    c = cert(run(GOOD_REPORT))
    assert c.verdict is Verdict.CERTIFIED and bool(c)
    assert c.level_reached == 1 and c.ceiling == "GPU levels not reached: no GPU on this host"
    assert c.timings["total_s"] == CUDA_DOC["timings"]["total_s"]
    assert c.host_fingerprint == NO_GPU.fingerprint


def test_the_probes_judgement_is_taken_and_its_facts_are_stored_once() -> None:
    c = cert(run(GOOD_REPORT))
    assert list(c.checks) == CUDA_DOC["checks"]
    assert c.facts is not None and "checks" not in c.facts and "verdict" not in c.facts
    assert c.facts["libraries"] == CUDA_DOC["libraries"]


def test_a_report_with_unreadable_checks_is_a_probe_error() -> None:
    broken = json.dumps({**CUDA_DOC, "checks": [{"id": "x", "status": "maybe", "level": 1}]})
    c = cert(run(broken))
    assert c.verdict is Verdict.PROBE_ERROR and c.diagnoses[0].code == "PROBE_REPORT_INVALID"


def test_gpu_host_without_container_toolkit_is_diagnosed_by_the_host() -> None:
    c = cert(run(GOOD_REPORT), host=GPU_NO_TOOLKIT)
    assert c.verdict is Verdict.FAILED
    assert [d.code for d in c.diagnoses] == ["CONTAINER_TOOLKIT_NOT_CONFIGURED"]
    assert c.level_reached == 1


def test_build_failure() -> None:
    c = certify(
        cell_id="c",
        expectations=EXPECT,
        level=1,
        host=NO_GPU,
        image_id=None,
        image_tag=None,
        build_error="pip failed",
    )
    assert (
        c.verdict is Verdict.BUILD_FAILED
        and c.level_reached == 0
        and c.diagnoses[0].summary == "pip failed"
    )


def test_probe_timeout_oom_crash_and_sigill() -> None:
    assert cert(run(timed_out=True, exit_code=None)).diagnoses[0].code == "PROBE_TIMEOUT"
    assert cert(run(oom_killed=True, exit_code=137)).diagnoses[0].code == "PROBE_OUT_OF_MEMORY"
    crashed = cert(run(exit_code=139, stderr="Segmentation fault"))
    assert crashed.verdict is Verdict.PROBE_ERROR and crashed.diagnoses[0].code == "PROBE_CRASHED"
    assert "SIGSEGV" in crashed.diagnoses[0].summary
    assert cert(run(exit_code=132)).diagnoses[0].code == "CPU_NO_AVX"
    assert cert(run("not json", exit_code=1)).verdict is Verdict.PROBE_ERROR


def test_parse_probe_output_takes_the_last_json_line() -> None:
    assert parse_probe_output('noise\n{"a": 1}\n') == {"a": 1}
    assert parse_probe_output("{broken\n") is None
    assert parse_probe_output("") is None


def test_fingerprint_depends_on_driver_gpus_kernel_engine_not_hostname() -> None:
    other = host_with(hostname="other", os="x")
    assert other.fingerprint == NO_GPU.fingerprint
    assert GPU_NO_TOOLKIT.fingerprint != NO_GPU.fingerprint
