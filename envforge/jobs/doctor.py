"""``envforge doctor``: "why is my Keras model not using the GPU?", answered with evidence.

Three sources of evidence, one vocabulary: a log (its lines against the catalogue's signatures),
this host (the probe run by the user's own interpreter), or an image (its probe, as verify runs it,
plus the lines its frameworks printed). Diagnoses come most likely cause first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnosis import diagnose_checks, diagnose_log, is_trouble, merge
from ..errors import BadInputError
from ..expectations import Accelerator
from ..probe.checks import Check
from ..probe.codes import CODES, Code
from ..results import Diagnosis
from ..store import new_run_id
from ..untrusted import read_tail
from .context import Context
from .options import ProbeOptions

__all__ = ["DoctorRequest", "DoctorResult", "run", "MAX_LOG_BYTES"]

MAX_LOG_BYTES = 32 * 1024 * 1024  # of a longer log, the end is read (where the failure is)


@dataclass(frozen=True)
class DoctorRequest:
    probe: ProbeOptions
    log_path: Path | None = None
    log_text: str | None = None  # a log given on stdin
    image: str | None = None
    python: str | None = (
        None  # the interpreter to probe on this host (None: the one running envforge)
    )
    gpu_present: bool | None = (
        None  # for a log: whether its machine has an NVIDIA GPU (None: the log says)
    )
    expect_accelerator: Accelerator = "cuda"
    platform: str | None = None  # of a log's machine (None: what the log shows)


@dataclass(frozen=True)
class DoctorResult:
    source: str
    diagnoses: tuple[Diagnosis, ...]
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """Nothing found but, at most, benign notes (no GPU on this host, TensorRT missing); and
        not a log whose run failed in a way no code explains."""
        unexplained_failure = bool(self.details.get("unexplained")) and bool(
            self.details.get("run_failed")
        )
        return not is_trouble(self.diagnoses) and not unexplained_failure

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            **self.details,
            "passed": self.passed,
            "diagnoses": [d.to_dict() for d in self.diagnoses],
        }


def _from_log(ctx: Context, request: DoctorRequest) -> DoctorResult:
    if request.log_text is not None:
        text, source = request.log_text, "stdin"
    else:
        assert request.log_path is not None
        try:
            text = read_tail(request.log_path, MAX_LOG_BYTES)[0]
        except OSError as exc:
            raise BadInputError(
                f"--log {request.log_path}: cannot read it ({exc.strerror})"
            ) from None
        source = str(request.log_path)
    from ..log_reading import read_log  # the log side, only when a log is read

    reading = read_log(
        text, gpu_present=request.gpu_present, platform=request.platform, kb=lambda: ctx.kb
    )
    return DoctorResult(source, reading.diagnoses, reading.to_dict())


def _from_image(ctx: Context, request: DoctorRequest) -> DoctorResult:
    from .probing import VerifyRequest  # the engine side, only when asked for
    from .probing import verify_image as verify_run

    assert request.image is not None
    checked = verify_run(
        ctx,
        VerifyRequest(request.image, request.probe, expect_accelerator=request.expect_accelerator),
        run_id=new_run_id(),
    )
    cert = checked.certificate
    found = diagnose_checks(cert.checks) or list(cert.diagnoses)
    found = merge(found, diagnose_log(checked.probe_log, gpu_present=ctx.host.has_gpu))
    return DoctorResult(f"image {request.image}", tuple(found), {"host": ctx.host.describe()})


def _probe_host(python: str, level: int, timeout: float) -> tuple[dict[str, Any] | None, str]:
    """The probe run by ``python`` (the user's interpreter, where their framework is), on this host."""
    from ..certificate import parse_probe_output  # its schema (pydantic): only when a probe ran

    root = str(Path(__file__).resolve().parents[2])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p),
    }
    argv = [python, "-m", "envforge.probe", "--json", "--level", str(level)]
    argv += ["--expect-json", json.dumps({"accelerator": "cuda"})]
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=timeout, env=env, check=False
        )
    except FileNotFoundError:
        return None, f"{python}: not found"
    except subprocess.TimeoutExpired:
        return None, f"the probe did not finish within {timeout:.0f} s"
    return parse_probe_output(done.stdout), done.stderr


def _from_host(request: DoctorRequest) -> DoctorResult:
    python = request.python or sys.executable
    report, stderr = _probe_host(python, request.probe.level, request.probe.timeout_s)
    source = f"this host ({python})"
    if report is None:
        info = CODES[Code.PROBE_CRASHED]
        crashed = Diagnosis(
            Code.PROBE_CRASHED.value,
            info.meaning,
            info.fix,
            tuple(stderr.strip().splitlines()[-5:]),
        )
        return DoctorResult(source, (crashed,))
    try:
        checks = [Check.from_dict(c) for c in report.get("checks") or []]
    except (KeyError, TypeError, ValueError):
        checks = []
    gpu = bool((report.get("host_gpu") or {}).get("nvidia_device_nodes"))
    found = merge(diagnose_checks(checks), diagnose_log(stderr, gpu_present=gpu))
    framework = report.get("framework") or {}
    name = f"{framework.get('name')} {framework.get('version') or ''}".strip()
    return DoctorResult(source, tuple(found), {"framework": name})


def run(ctx: Context, request: DoctorRequest) -> DoctorResult:
    if request.log_path is not None or request.log_text is not None:
        return _from_log(ctx, request)
    if request.image is not None:
        return _from_image(ctx, request)
    return _from_host(request)
