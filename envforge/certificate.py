"""Pure: (cell expectations, build outcome, probe run, host) -> Certificate.

Facts are judged once, by the probe inside the image (against the expectations envforge gave it);
here the probe's checks are read back, and only what the host knows and the container cannot is
added (a GPU the engine cannot pass in). A crashed, hung or killed probe, or a report that is not
one, becomes a PROBE_ERROR certificate.
"""

from __future__ import annotations

import json
import signal
from typing import Any

from .expectations import Expectations
from .host import HostInfo
from .probe import SCHEMA_VERSION as REPORT_SCHEMA
from .probe.checks import Check, failed, level_reached
from .probe.codes import CODES, Code
from .probe.vocabulary import Status
from .probe_document import validate_document
from .results import Certificate, ContainerRun, Diagnosis, Verdict
from .untrusted import bounded, printable

__all__ = [
    "certify",
    "unreported",
    "diagnosis_of",
    "parse_probe_output",
    "read_report",
    "MAX_REPORT_BYTES",
]

MAX_REPORT_BYTES = 16 * 1024 * 1024  # a probe report is tens of KB; anything near this is not one


def read_report(stdout: str) -> tuple[dict[str, Any] | None, str | None]:
    """(the probe's JSON document, None), or (None, why there is none that envforge can use).

    The document is the last JSON object line of stdout, bounded (``untrusted``), of this probe's
    schema and valid against it (``probe_document``): nothing of it is used before that."""
    if len(stdout) > MAX_REPORT_BYTES:
        return None, f"the probe printed more than {MAX_REPORT_BYTES // 2**20} MB"
    line = _report_line(stdout)
    if line is None:
        return None, "the probe printed no report"
    try:
        doc = bounded(json.loads(line))
    except (ValueError, RecursionError) as exc:  # UntrustedError is a ValueError
        return None, f"the probe's report is not a JSON document envforge can read ({exc})"
    if not isinstance(doc, dict):
        return None, f"the probe's report is a JSON {type(doc).__name__}, not an object"
    if doc.get("schema_version") != REPORT_SCHEMA:
        return None, (
            f"the probe's report has schema {printable(repr(doc.get('schema_version')), limit=40)}"
            f", not {REPORT_SCHEMA}: the image's probe is from another envforge release"
        )
    problem = validate_document(doc)
    if problem is not None:
        return None, f"the probe's report does not fit its schema: {problem}"
    return doc, None


def parse_probe_output(stdout: str) -> dict[str, Any] | None:
    """The probe's document (see ``read_report``), or None."""
    return read_report(stdout)[0]


def _report_line(stdout: str) -> str | None:
    for line in reversed(stdout.strip().splitlines()):
        if line.strip().startswith("{"):
            return line.strip()
    return None


def _diagnosis(
    code: Code, summary: str, evidence: tuple[str, ...] = (), fix: str | None = None
) -> Diagnosis:
    return Diagnosis(code.value, summary, fix or CODES[code].fix, evidence)


def _probe_failure(probe: ContainerRun) -> Diagnosis:
    tail = tuple(printable(line, limit=400) for line in probe.stderr.strip().splitlines()[-5:])
    if probe.timed_out:
        return _diagnosis(
            Code.PROBE_TIMEOUT,
            f"the probe did not finish within {probe.seconds:.0f} s and was killed",
            tail,
        )
    if probe.oom_killed:
        return _diagnosis(
            Code.PROBE_OUT_OF_MEMORY, "the probe ran out of memory and was killed (OOMKilled)", tail
        )
    if probe.error:
        return _diagnosis(Code.PROBE_ENGINE_ERROR, f"the probe could not run: {probe.error}", tail)
    code = probe.exit_code
    if code is not None and code > 128:
        if code - 128 == signal.SIGILL:
            return _diagnosis(
                Code.CPU_NO_AVX,
                "the probe died of an illegal instruction (SIGILL): the CPU lacks an instruction set "
                "the framework needs (AVX)",
                tail,
            )
        return _diagnosis(
            Code.PROBE_CRASHED,
            f"the probe was killed by {_signal_name(code - 128)} (exit {code})",
            tail,
        )
    if len(probe.stdout) > MAX_REPORT_BYTES or _report_line(probe.stdout):
        why = read_report(probe.stdout)[1] or "malformed, too large or too deep"
        return _diagnosis(
            Code.PROBE_REPORT_INVALID,
            f"the probe printed a report envforge cannot read: {why}",
            tail,
        )
    return _diagnosis(Code.PROBE_CRASHED, f"the probe exited with {code} without a report", tail)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _host_checks(
    checks: list[Check], host: HostInfo, level: int, expect: Expectations
) -> list[Check]:
    """Replace the container's view of L2 with the host's where the host knows better."""
    if level < 2 or expect.accelerator != "cuda" or not host.has_gpu or host.engine_gpu_runtime:
        return checks
    return [c for c in checks if c.id != "gpu.visible"] + [
        failed(
            "gpu.visible",
            2,
            f"this host has {len(host.gpus)} GPU(s) but the engine has no NVIDIA runtime",
            Code.CONTAINER_TOOLKIT_NOT_CONFIGURED,
            evidence=[f"engine: {host.engine}"],
        )
    ]


def _report_checks(doc: dict[str, Any]) -> list[Check] | str:
    """The checks a report carries, or why it is not a report of this envforge's probe."""
    if doc.get("schema_version") != REPORT_SCHEMA:
        return (
            f"the probe's report has schema {doc.get('schema_version')!r}, not {REPORT_SCHEMA}: "
            "the image's probe is from another envforge release"
        )
    try:
        checks = [Check.from_dict(c) for c in doc["checks"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return "the probe's report has checks envforge cannot read"
    return checks or "the probe's report has no checks"


_JUDGEMENT = ("checks", "level_reached", "stopped_by", "verdict", "passed")


def unreported(
    *,
    cell_id: str,
    expectations: Expectations,
    level: int,
    host: HostInfo,
    image: str | None,
    image_ref: str | None,
    verdict: Verdict,
    diagnosis: Diagnosis,
    **more: Any,
) -> Certificate:
    """A certificate without a probe report: the build, the probe or the task that ran it failed
    (or, for a node that was down, nothing ran: NOT_TESTED)."""
    return Certificate(
        cell_id=cell_id,
        image_id=image,
        image_ref=image_ref,
        host_fingerprint=host.fingerprint,
        verdict=verdict,
        level_requested=level,
        level_reached=0,
        stopped_by=diagnosis.summary,
        expectations=expectations,
        diagnoses=(diagnosis,),
        **more,
    )


def diagnosis_of(
    code: Code, summary: str, evidence: tuple[str, ...] = (), fix: str | None = None
) -> Diagnosis:
    """A diagnosis with the registry's fix for ``code`` (unless ``fix`` is given)."""
    return _diagnosis(code, summary, evidence, fix)


def certify(
    *,
    cell_id: str,
    expectations: Expectations,
    level: int,
    host: HostInfo,
    image_id: str | None,
    image_ref: str | None,
    build_error: str | None = None,
    build_seconds: float = 0.0,
    probe: ContainerRun | None = None,
    image_size: int | None = None,
) -> Certificate:
    """One cell on one host: the probe's own judgement, plus what the host knows; ``image_size``
    (bytes) as the build (or the engine that had the image) knew it."""

    def certificate(verdict: Verdict, diagnosis: Diagnosis, **more: Any) -> Certificate:
        return unreported(
            cell_id=cell_id,
            expectations=expectations,
            level=level,
            host=host,
            image=image_id,
            image_ref=image_ref,
            verdict=verdict,
            diagnosis=diagnosis,
            image_size=image_size,
            **more,
        )

    timings = {"build_s": round(build_seconds, 2)}
    if build_error is not None or image_id is None:
        error = build_error or "the build produced no image"
        full = "no space left on device" in error.lower()
        diagnosis = _diagnosis(Code.BUILD_DISK_FULL if full else Code.BUILD_FAILED, error)
        return certificate(Verdict.BUILD_FAILED, diagnosis, timings=timings)
    if probe is None:
        raise ValueError("a built image needs a probe run to be certified")
    timings["probe_s"] = round(probe.seconds, 2)
    report = parse_probe_output(probe.stdout) if not (probe.timed_out or probe.oom_killed) else None
    if report is None:
        return certificate(Verdict.PROBE_ERROR, _probe_failure(probe), timings=timings)
    judged = _report_checks(report)
    if isinstance(judged, str):
        diagnosis = _diagnosis(Code.PROBE_REPORT_INVALID, judged)
        return certificate(Verdict.PROBE_ERROR, diagnosis, timings=timings)
    timings.update(
        {k: v for k, v in (report.get("timings") or {}).items() if isinstance(v, (int, float))}
    )
    checks = _host_checks(judged, host, level, expectations)
    reached, stopped_by = level_reached(checks, level)
    return Certificate(
        cell_id=cell_id,
        image_id=image_id,
        image_ref=image_ref,
        host_fingerprint=host.fingerprint,
        verdict=Verdict.FAILED if any(c.failed for c in checks) else Verdict.CERTIFIED,
        level_requested=level,
        level_reached=reached,
        stopped_by=stopped_by,
        expectations=expectations,
        checks=tuple(checks),
        diagnoses=tuple(
            Diagnosis.of(c) for c in checks if c.status in (Status.FAIL, Status.WARN) and c.code
        ),
        timings=timings,
        facts={k: v for k, v in report.items() if k not in _JUDGEMENT},
        image_size=image_size,
    )
