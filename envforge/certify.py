"""Pure: (cell expectations, build outcome, probe run, host) -> Certificate.

Facts are judged once, by the probe inside the image (against the expectations envforge gave it);
here the probe's checks are read back, and only what the host knows and the container cannot is
added (a GPU the engine cannot pass in). A crashed, hung or killed probe, or a report that is not
one, becomes a PROBE_ERROR certificate.
"""

from __future__ import annotations

import json
import signal
from dataclasses import dataclass, field
from datetime import datetime, timezone
from enum import StrEnum
from typing import Any

from .host import HostInfo
from .outcome import ContainerRun
from .probe.checks import Check, failed, level_reached
from .probe.codes import Code

__all__ = ["Verdict", "Diagnosis", "Certificate", "certify", "parse_probe_output"]


class Verdict(StrEnum):
    CERTIFIED = "CERTIFIED"
    FAILED = "FAILED"
    BUILD_FAILED = "BUILD_FAILED"
    PROBE_ERROR = "PROBE_ERROR"


@dataclass(frozen=True)
class Diagnosis:
    code: str
    summary: str
    fix: str | None = None
    evidence: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "summary": self.summary,
            "fix": self.fix,
            "evidence": list(self.evidence),
        }


@dataclass(frozen=True)
class Certificate:
    cell_id: str
    image_id: str | None
    image_tag: str | None
    host_fingerprint: str
    verdict: Verdict
    level_requested: int
    level_reached: int
    ceiling: str | None
    expectations: dict[str, Any]
    checks: tuple[dict[str, Any], ...] = ()
    diagnoses: tuple[Diagnosis, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    facts: dict[str, Any] | None = None
    created_at: str = field(
        default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds")
    )

    def __bool__(self) -> bool:
        return self.verdict is Verdict.CERTIFIED

    def summary(self, *, full: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "cell": self.cell_id,
            "image_id": self.image_id,
            "image": self.image_tag,
            "host_fingerprint": self.host_fingerprint,
            "verdict": self.verdict.value,
            "level_requested": self.level_requested,
            "level": self.level_reached,
            "ceiling": self.ceiling,
            "expect": self.expectations,
            "diagnoses": [d.to_dict() for d in self.diagnoses],
            "timings": self.timings,
            "created_at": self.created_at,
        }
        if full:
            data["checks"] = list(self.checks)
        return data


def parse_probe_output(stdout: str) -> dict[str, Any] | None:
    """The probe's JSON document (the last JSON object line of stdout), or None."""
    for line in reversed(stdout.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                doc = json.loads(line)
            except ValueError:
                return None
            return doc if isinstance(doc, dict) else None
    return None


def _probe_failure(probe: ContainerRun) -> Diagnosis:
    tail = tuple(probe.stderr.strip().splitlines()[-5:])
    if probe.timed_out:
        return Diagnosis(
            "PROBE_TIMEOUT",
            f"the probe did not finish within {probe.seconds:.0f} s and was killed",
            "look at the probe log; raise --probe-timeout if the stack is just slow",
            tail,
        )
    if probe.oom_killed:
        return Diagnosis(
            "PROBE_OUT_OF_MEMORY",
            "the probe ran out of memory and was killed (OOMKilled)",
            "raise --probe-memory, or check the image for a memory leak",
            tail,
        )
    if probe.error:
        return Diagnosis(
            "PROBE_ENGINE_ERROR",
            f"the probe could not run: {probe.error}",
            "check that the Docker engine is running (scripts/setup)",
            tail,
        )
    code = probe.exit_code
    if code is not None and code > 128:
        name = _signal_name(code - 128)
        if code - 128 == signal.SIGILL:
            return Diagnosis(
                "CPU_NO_AVX",
                "the probe died of an illegal instruction (SIGILL): the CPU lacks an "
                "instruction set the framework needs (AVX)",
                "use a CPU with AVX or a build without it",
                tail,
            )
        return Diagnosis(
            "PROBE_CRASHED",
            f"the probe was killed by {name} (exit {code})",
            "look at the probe log for the crash",
            tail,
        )
    return Diagnosis(
        "PROBE_CRASHED",
        f"the probe exited with {code} without a report",
        "run `docker run --rm IMAGE envforge-probe` to see the error",
        tail,
    )


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _host_checks(
    checks: list[Check], host: HostInfo, level: int, expect: dict[str, Any]
) -> list[Check]:
    """Replace the container's view of L2 with the host's where the host knows better."""
    if (
        level < 2
        or expect.get("accelerator") != "cuda"
        or not host.has_gpu
        or host.engine_gpu_runtime
    ):
        return checks
    return [c for c in checks if c.id != "gpu.visible"] + [
        failed(
            "gpu.visible",
            2,
            f"this host has {len(host.gpus)} GPU(s) but the Docker engine has no NVIDIA runtime",
            Code.CONTAINER_TOOLKIT_NOT_CONFIGURED,
            evidence=[f"engine: {host.engine}"],
        )
    ]


def _report_checks(doc: dict[str, Any]) -> list[Check] | None:
    try:
        return [Check.from_dict(c) for c in doc.get("checks") or []]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def certify(
    *,
    cell_id: str,
    expectations: dict[str, Any],
    level: int,
    host: HostInfo,
    image_id: str | None,
    image_tag: str | None,
    build_error: str | None = None,
    build_seconds: float = 0.0,
    probe: ContainerRun | None = None,
) -> Certificate:
    """One cell on one host: the probe's own judgement, plus what the host knows."""
    base = {
        "cell_id": cell_id,
        "image_id": image_id,
        "image_tag": image_tag,
        "host_fingerprint": host.fingerprint,
        "level_requested": level,
        "expectations": expectations,
    }
    timings = {"build_s": round(build_seconds, 2)}
    if build_error is not None or image_id is None:
        diag = Diagnosis(
            "BUILD_FAILED",
            build_error or "the build produced no image",
            "read the build log named above; fix the template or the matrix",
        )
        return Certificate(
            **base,
            verdict=Verdict.BUILD_FAILED,
            level_reached=0,
            ceiling="the image did not build",
            diagnoses=(diag,),
            timings=timings,
        )
    if probe is None:
        raise ValueError("a built image needs a probe run to be certified")
    timings["probe_s"] = round(probe.seconds, 2)
    facts = parse_probe_output(probe.stdout) if not (probe.timed_out or probe.oom_killed) else None
    if facts is None:
        diag = _probe_failure(probe)
        return Certificate(
            **base,
            verdict=Verdict.PROBE_ERROR,
            level_reached=0,
            ceiling=diag.summary,
            diagnoses=(diag,),
            timings=timings,
        )
    judged = _report_checks(facts)
    if judged is None:
        diag = Diagnosis(
            "PROBE_REPORT_INVALID",
            "the probe's report has checks envforge cannot read",
            "run the image's own probe (envforge-probe --json) to see what it prints",
        )
        return Certificate(
            **base,
            verdict=Verdict.PROBE_ERROR,
            level_reached=0,
            ceiling=diag.summary,
            diagnoses=(diag,),
            timings=timings,
        )
    timings.update(
        {k: v for k, v in (facts.get("timings") or {}).items() if isinstance(v, (int, float))}
    )
    checks = _host_checks(judged, host, level, expectations)
    reached, ceiling = level_reached(checks, level)
    diagnoses = tuple(
        Diagnosis(c.code, c.summary, c.fix, c.evidence)
        for c in checks
        if c.status in ("fail", "warn") and c.code
    )
    judgement = {"checks", "level_reached", "ceiling", "verdict", "passed"}
    return Certificate(
        **base,
        verdict=Verdict.FAILED if any(c.failed for c in checks) else Verdict.CERTIFIED,
        level_reached=reached,
        ceiling=ceiling,
        checks=tuple(c.to_dict() for c in checks),
        diagnoses=diagnoses,
        timings=timings,
        facts={k: v for k, v in facts.items() if k not in judgement},
    )
