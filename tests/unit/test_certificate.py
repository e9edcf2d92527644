"""Certification (pure): the probe's own judgement read back, plus what only the host knows."""

from __future__ import annotations

import json
from typing import Any

from envforge.certificate import MAX_REPORT_BYTES, certify, parse_probe_output
from envforge.expectations import Expectations
from envforge.host import HostGpu, HostInfo
from envforge.results import Certificate, ContainerRun, Verdict

from .facts import TF_CUDA, document
from .hosts import NO_GPU, host_with

GPU_NO_TOOLKIT = host_with(driver="580.65.06", gpus=(HostGpu("NVIDIA H100 80GB HBM3", "9.0"),))
CUDA_DOC = document(TF_CUDA)
EXPECT = Expectations.from_dict(CUDA_DOC["expect"])
GOOD_REPORT = json.dumps(CUDA_DOC)


def run(stdout: str = "", **kw: Any) -> ContainerRun:
    return ContainerRun(
        exit_code=kw.pop("exit_code", 0),
        stdout=stdout,
        stderr=str(kw.pop("stderr", "")),
        seconds=float(kw.pop("seconds", 10)),
        **kw,
    )


def cert(probe: ContainerRun, host: HostInfo = NO_GPU, level: int = 3) -> Certificate:
    return certify(
        cell_id="c",
        expectations=EXPECT,
        level=level,
        host=host,
        image_id="sha256:1",
        image_ref="t",
        probe=probe,
    )


def test_certified_at_l1_on_a_host_without_gpu() -> None:
    c = cert(run(GOOD_REPORT))
    assert c.verdict is Verdict.CERTIFIED and bool(c)
    assert c.level_reached == 1 and c.stopped_by == "GPU levels not reached: no GPU on this host"
    assert c.timings["total_s"] == CUDA_DOC["timings"]["total_s"]
    assert c.host_fingerprint == NO_GPU.fingerprint


def test_the_probes_judgement_is_taken_and_its_facts_are_stored_once() -> None:
    c = cert(run(GOOD_REPORT))
    assert [check.to_dict() for check in c.checks] == CUDA_DOC["checks"]
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
    assert c.diagnoses[0].layer == "container-runtime"
    assert c.level_reached == 1


def test_build_failure() -> None:
    c = certify(
        cell_id="c",
        expectations=EXPECT,
        level=1,
        host=NO_GPU,
        image_id=None,
        image_ref=None,
        build_error="pip failed",
    )
    assert c.verdict is Verdict.BUILD_FAILED and c.level_reached == 0
    assert (c.diagnoses[0].code, c.diagnoses[0].summary) == ("BUILD_FAILED", "pip failed")


def test_probe_timeout_oom_crash_and_sigill() -> None:
    assert cert(run(timed_out=True, exit_code=None)).diagnoses[0].code == "PROBE_TIMEOUT"
    assert cert(run(oom_killed=True, exit_code=137)).diagnoses[0].code == "PROBE_OUT_OF_MEMORY"
    crashed = cert(run(exit_code=139, stderr="Segmentation fault"))
    assert crashed.verdict is Verdict.PROBE_ERROR and crashed.diagnoses[0].code == "PROBE_CRASHED"
    assert "SIGSEGV" in crashed.diagnoses[0].summary
    assert cert(run(exit_code=132)).diagnoses[0].code == "CPU_NO_AVX"
    assert cert(run("not json", exit_code=1)).verdict is Verdict.PROBE_ERROR


def test_parse_probe_output_takes_the_last_json_line() -> None:
    assert parse_probe_output(f"noise\n{GOOD_REPORT}\n") == json.loads(GOOD_REPORT)
    assert parse_probe_output('noise\n{"a": 1}\n') is None  # not a probe's report
    assert parse_probe_output("{broken\n") is None
    assert parse_probe_output("") is None
    assert parse_probe_output("[" * 100_000 + "\n") is None
    assert parse_probe_output(" " * (MAX_REPORT_BYTES + 1)) is None


def test_fingerprint_depends_on_driver_gpus_kernel_engine_not_hostname() -> None:
    other = host_with(hostname="other", os="x")
    assert other.fingerprint == NO_GPU.fingerprint
    assert GPU_NO_TOOLKIT.fingerprint != NO_GPU.fingerprint


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_a_report_from_another_probe_release_is_invalid_not_certified() -> None:
    old = json.dumps({**CUDA_DOC, "schema_version": 1})
    c = cert(run(old))
    assert c.verdict is Verdict.PROBE_ERROR
    assert c.diagnoses[0].code == "PROBE_REPORT_INVALID" and "schema 1" in c.stopped_by
    empty = cert(run(json.dumps({**CUDA_DOC, "checks": []})))
    assert empty.verdict is Verdict.PROBE_ERROR and "no checks" in empty.stopped_by


def test_terminal_escapes_in_a_hostile_report_are_made_visible_everywhere() -> None:
    hostile = json.loads(GOOD_REPORT)
    hostile["checks"][0]["summary"] = "\x1b]0;owned\x07\x1b[2J\u202eevil\rgone"
    hostile["checks"][0]["evidence"] = ["\x1b[31mred\x1b[0m"]
    hostile["env"] = {"\x1b[1mKEY": "\x9b6n"}
    c = cert(run(json.dumps(hostile), stderr="\x1b[2Jboom"))
    assert c.verdict is not Verdict.PROBE_ERROR
    kept = _strings(c.to_dict())
    assert kept and not any(ch in s for s in kept for ch in "\x1b\x07\x9b\r\u202e")
    assert c.checks[0].summary == "\\x1b]0;owned\\x07\\x1b[2J\\u202eevil\\x0dgone"


def test_a_huge_deep_or_wide_report_is_refused_or_cut_in_bounded_time() -> None:
    deep = '{"checks": ' + "[" * 5000 + "]" * 5000 + "}"
    nested = json.dumps({**CUDA_DOC, "junk": [list(range(1000))] * 100})
    for stdout in (deep, nested, "{" + " " * (MAX_REPORT_BYTES + 10)):
        c = cert(run(stdout))
        assert c.verdict is Verdict.PROBE_ERROR
        assert c.diagnoses[0].code == "PROBE_REPORT_INVALID", c.diagnoses
    wide = cert(run(json.dumps({**CUDA_DOC, "junk": list(range(200_000))})))
    assert wide.facts is not None and len(wide.facts["junk"]) == 1000
    long_list = json.loads(GOOD_REPORT)
    long_list["checks"][0]["evidence"] = ["x" * 10_000] * 1500
    c = cert(run(json.dumps(long_list)))
    assert len(c.checks[0].evidence) == 1000 and len(c.checks[0].evidence[0]) < 4100


def test_a_build_that_ran_out_of_disk_says_so() -> None:
    def failed(error: str) -> Certificate:
        return certify(
            cell_id="c", expectations=EXPECT, level=1, host=NO_GPU, image_id=None,
            image_ref=None, build_error=error,
        )  # fmt: skip

    full = failed(
        "The command '/bin/sh -c pip install x' returned a non-zero code: 1: ERROR: Could not "
        "install packages due to an OSError: [Errno 28] No space left on device"
    )
    assert full.verdict is Verdict.BUILD_FAILED and full.diagnoses[0].code == "BUILD_DISK_FULL"
    assert failed("COPY failed: no such file").diagnoses[0].code == "BUILD_FAILED"


def test_a_failed_build_step_carries_the_line_that_explains_it() -> None:
    from collections import deque

    from envforge.engine.docker import _with_cause

    said = deque(["Collecting x", "ERROR: [Errno 28] No space left on device", "done"])
    error = "The command '/bin/sh -c pip' returned a non-zero code: 1"
    assert _with_cause(error, said) == f"{error}: ERROR: [Errno 28] No space left on device"
    assert _with_cause("pull access denied", said) == "pull access denied"
    assert _with_cause(error, deque()) == error
