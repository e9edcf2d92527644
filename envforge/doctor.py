"""``envforge doctor``: "why is my Keras model not using the GPU?", answered with evidence.

Three sources of facts, one vocabulary (failure-modes.md):
  a log      every line matched against the catalogue's message signatures (bodies, not paths);
             benign lines (section Z) are never a cause; nothing recognisable -> no diagnosis, not a guess;
  this host  the probe run directly on the host's Python (plus nvidia-smi), its failing checks;
  an image   the probe run in the image (envforge verify's machinery), its failing checks.
Diagnoses are ordered by the catalogue's suggested classifier order, most likely cause first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .certify import parse_probe_output
from .probe.signatures import LAYER_ORDER, SIGNATURES, Signature, is_benign, match_line, shows_gpu

__all__ = [
    "Diagnosis",
    "diagnose_log",
    "diagnose_checks",
    "probe_host",
    "SCHEMA_VERSION",
    "layer_of",
]

SCHEMA_VERSION = 1
_BY_CODE: dict[str, Signature] = {}
for _sig in SIGNATURES:
    _BY_CODE.setdefault(_sig.code, _sig)
# Codes envforge's own checks produce beyond the catalogue's message signatures, with their layer.
_EXTRA_LAYERS = {
    "FRAMEWORK_IMPORT_FAILED": "python-env",
    "FRAMEWORK_VERSION_MISMATCH": "python-env",
    "PYTHON_VERSION_MISMATCH": "python-env",
    "KERAS_VERSION_MISMATCH": "python-env",
    "KERAS_BACKEND_MISMATCH": "python-env",
    "CUDA_VERSION_MATRIX_MISMATCH": "tf-build",
    "CPU_ONLY_TF_BUILD": "tf-build",
    "GPU_NOT_REGISTERED": "hardware-vs-build",
    "GPU_NUMERICS_MISMATCH": "hardware-vs-build",
    "GPU_THROUGHPUT_LOW": "model-code",
    "GPU_SLOWER_THAN_CPU": "model-code",
    "PERF_INPUT_BOUND": "data-pipeline",
    "MODEL_TRAINING_FAILED": "model-code",
    "MODEL_LOSS_NOT_FINITE": "model-code",
    "MODEL_LOSS_NOT_DECREASING": "model-code",
    "CUDA_LIBS_NOT_FOUND": "cuda-libs",
    "CPU_ONLY_HOST_BENIGN": "host-driver",
    "PROBE_TIMEOUT": "other",
    "PROBE_CRASHED": "other",
    "PROBE_OUT_OF_MEMORY": "memory",
    "PROBE_ENGINE_ERROR": "container-runtime",
}


def layer_of(code: str) -> str:
    if code in _BY_CODE:
        return _BY_CODE[code].layer
    return _EXTRA_LAYERS.get(code, "other")


def _rank(layer: str) -> int:
    return LAYER_ORDER.index(layer) if layer in LAYER_ORDER else len(LAYER_ORDER)


@dataclass
class Diagnosis:
    code: str
    layer: str
    evidence: list[str] = field(default_factory=list)
    fix: str | None = None
    summary: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "layer": self.layer,
            "evidence": self.evidence,
            "fix": self.fix,
            "summary": self.summary,
        }


def _ordered(found: dict[str, Diagnosis], first_seen: dict[str, int]) -> list[Diagnosis]:
    return sorted(found.values(), key=lambda d: (_rank(d.layer), first_seen[d.code]))


def diagnose_log(
    text: str, *, gpu_present: bool | None = None, max_evidence: int = 5
) -> list[Diagnosis]:
    """Every catalogued cause a log shows, most likely first; benign noise never counts.

    ``gpu_present``: whether the machine has an NVIDIA GPU (None: only if the log itself shows one); the
    lines section Z calls benign on a machine without a GPU are causes only where there is one.
    """
    gpu = shows_gpu(text) if gpu_present is None else gpu_present
    found: dict[str, Diagnosis] = {}
    first_seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or is_benign(line):
            continue
        sig = match_line(line, gpu_present=gpu)
        if sig is None:
            continue
        entry = found.setdefault(
            sig.code,
            Diagnosis(sig.code, sig.layer, fix=sig.fix, summary=f"catalogue {sig.catalogue}"),
        )
        first_seen.setdefault(sig.code, number)
        if len(entry.evidence) < max_evidence:
            entry.evidence.append(f"line {number}: {line[:400]}")
    return _ordered(found, first_seen)


def diagnose_checks(checks: list[dict[str, Any]] | tuple[dict[str, Any], ...]) -> list[Diagnosis]:
    """Diagnoses from a probe's failing (and warning) checks, most likely cause first."""
    found: dict[str, Diagnosis] = {}
    first_seen: dict[str, int] = {}
    for index, check in enumerate(checks):
        code = check.get("code")
        if not code or check["status"] not in ("fail", "warn", "skip"):
            continue
        if (
            code == "CPU_ONLY_HOST_BENIGN"
        ):  # the answer when nothing else is wrong: there is no GPU here
            check = {
                **check,
                "fix": "run on a node with an NVIDIA GPU (and the driver and container toolkit)",
            }
        sig = _BY_CODE.get(code)
        entry = found.setdefault(
            code,
            Diagnosis(
                code,
                layer_of(code),
                fix=check.get("fix") or (sig.fix if sig else None),
                summary=check["summary"],
            ),
        )
        first_seen.setdefault(code, index)
        entry.evidence.extend(
            str(e) for e in (check.get("evidence") or [check["summary"]]) if e not in entry.evidence
        )
    failing = {c["code"] for c in checks if c["status"] == "fail" and c.get("code")}
    return sorted(
        found.values(),
        key=lambda d: (
            d.code not in failing,
            d.code == "CPU_ONLY_HOST_BENIGN",
            _rank(d.layer),
            first_seen[d.code],
        ),
    )


def probe_host(
    python: str, *, level: int = 2, timeout: float = 900
) -> tuple[dict[str, Any] | None, str]:
    """Run the probe with ``python`` (the user's interpreter, where their framework is) on this host."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    try:
        done = subprocess.run(
            [python, "-m", "envforge.probe", "--json", "--level", str(level)]
            + ["--expect-json", json.dumps({"accelerator": "cuda"})],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            check=False,
        )
    except FileNotFoundError:
        return None, f"{python}: not found"
    except subprocess.TimeoutExpired:
        return None, f"the probe did not finish within {timeout:.0f} s"
    return parse_probe_output(done.stdout), done.stderr


def host_diagnoses(
    python: str | None = None, *, level: int = 2
) -> tuple[list[Diagnosis], dict[str, Any] | None]:
    """Probe this host's Python and diagnose; a framework's own log lines count as evidence too."""
    facts, stderr = probe_host(python or sys.executable, level=level)
    if facts is None:
        return [
            Diagnosis(
                "PROBE_CRASHED",
                "other",
                evidence=stderr.strip().splitlines()[-5:],
                fix="run `python -m envforge.probe` yourself to see the error",
            )
        ], None
    checks = facts.get("checks") or []
    diagnoses = diagnose_checks(checks)
    gpu = bool((facts.get("host_gpu") or {}).get("nvidia_device_nodes"))
    seen = {d.code for d in diagnoses}
    diagnoses += [d for d in diagnose_log(stderr, gpu_present=gpu) if d.code not in seen]
    return diagnoses, {**facts, "checks": checks}


def to_json(diagnoses: list[Diagnosis], **extra: Any) -> str:
    return json.dumps(
        {"schema_version": SCHEMA_VERSION, **extra, "diagnoses": [d.to_dict() for d in diagnoses]},
        indent=2,
        sort_keys=True,
    )
