"""``envforge verify IMAGE``: run an image's own probe (or inject one) and judge it.

An image envforge built carries the probe and its cell's expectations (labels). Any other image gets
the probe through a thin shim image (``FROM IMAGE`` + the probe as one layer, labelled and removed
afterwards), which works against any engine and keeps the probe's root filesystem read-only.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import project
from .build import probe_payload
from .certify import Certificate, certify
from .engine import LABEL_ROLE, LABEL_RUN, Engine
from .errors import BadInputError
from .host import HostInfo
from .render import LABEL_PREFIX
from .runner import CertifyOptions, probe_image

__all__ = ["Verification", "verify_image"]

_SHIM = """FROM {image}
COPY probe/ /opt/envforge/
ENV PATH=/opt/envforge/bin:$PATH
"""


@dataclass(frozen=True)
class Verification:
    image: str
    image_id: str
    injected: bool
    expectations: dict[str, Any]
    certificate: Certificate
    probe_log: str

    @property
    def passed(self) -> bool:
        return bool(self.certificate)

    def to_dict(self) -> dict[str, Any]:
        cert = self.certificate
        return {
            "image": self.image,
            "image_id": self.image_id,
            "verdict": "pass" if self.passed else "fail",
            "certificate": cert.verdict.value,
            "level": cert.level_reached,
            "level_requested": cert.level_requested,
            "ceiling": cert.ceiling,
            "probe_injected": self.injected,
            "expect": self.expectations,
            "diagnoses": [d.to_dict() for d in cert.diagnoses],
            "checks": list(cert.checks),
            "timings": cert.timings,
        }


def _shim(engine: Engine, image: str, expect: dict[str, Any], run_id: str) -> str:
    """``image`` plus the probe as one layer, judging against ``expect``."""
    tag = f"envforge-verify/shim:{run_id.lower()}"
    files = {
        **probe_payload(),
        "probe/expect.json": (json.dumps(expect, sort_keys=True) + "\n").encode(),
    }
    with tempfile.TemporaryDirectory(prefix="envforge-verify-") as tmp:
        context = Path(tmp)
        (context / "Dockerfile").write_text(_SHIM.format(image=image), encoding="utf-8")
        files["probe/bin/envforge-probe"] = (
            project.dockerfiles_dir() / "context" / "envforge-probe"
        ).read_bytes()
        for name, content in files.items():
            path = context / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
            path.chmod(0o755 if "/bin/" in name else 0o644)
        log: list[str] = []
        outcome = engine.build(
            context,
            tag=tag,
            labels={LABEL_RUN: run_id, LABEL_ROLE: "verify-shim"},
            buildargs={},
            log=log.append,
        )
    if outcome.error:
        raise BadInputError(f"cannot add the probe to {image}: {outcome.error}")
    return tag


def verify_image(
    engine: Engine,
    image: str,
    *,
    host: HostInfo,
    options: CertifyOptions,
    run_id: str,
    expect_accelerator: str | None = None,
    gpu_peaks: dict[str, dict[str, float]] | None = None,
) -> Verification:
    """Probe ``image`` in a hardened container and certify it against its expectations."""
    image_id = engine.image_id(image)
    if image_id is None and engine.pull(image):
        image_id = engine.image_id(image)
    if image_id is None:
        raise BadInputError(
            f"image {image} is not present and cannot be pulled",
            hint="build it first (envforge build), or give an image the engine has (docker images)",
        )
    labels = engine.image_labels(image)
    expect: dict[str, Any] = json.loads(labels.get(f"{LABEL_PREFIX}.expect", "{}") or "{}")
    cell = labels.get(f"{LABEL_PREFIX}.cell")
    if expect_accelerator:
        expect["accelerator"] = expect_accelerator
    injected = not cell  # no envforge cell label (or a blanked one): not an image envforge built
    probe_expect = {**expect, **({"gpu_peaks": gpu_peaks} if gpu_peaks else {})}
    target = _shim(engine, image, probe_expect, run_id) if injected else image
    try:
        probe = probe_image(
            engine,
            target,
            level=options.level,
            run_id=run_id,
            cell_id=cell or image,
            host=host,
            options=options,
            gpu=expect.get("accelerator") == "cuda",
        )
    finally:
        if injected:
            engine.remove_images({LABEL_RUN: run_id, LABEL_ROLE: "verify-shim"})
    cert = certify(
        cell_id=cell or image,
        expectations=expect,
        level=options.level,
        host=host,
        image_id=image_id,
        image_tag=image,
        probe=probe,
    )
    log = (
        f"# exit code {probe.exit_code}; {probe.seconds:.1f} s; timed out: {probe.timed_out}; OOM: {probe.oom_killed}\n"
        f"# --- stderr ---\n{probe.stderr}\n# --- stdout ---\n{probe.stdout}\n"
    )
    return Verification(
        image=image,
        image_id=image_id,
        injected=injected,
        expectations=expect,
        certificate=cert,
        probe_log=log,
    )
