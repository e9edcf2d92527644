#!/usr/bin/env python3
"""The L1 probe of a TensorFlow image (target: <= 15 s wall), beside TensorFlow's own import time.

Builds (or reuses) the default matrix's CPU cell, then, REPEATS times each:
  probe_l1_s    wall time of `envforge verify IMAGE --level 1` (hardened container start, the probe with
                its seven sample models, judging), the way users run it;
  tf_import_s   `import tensorflow` timed inside the same image (the floor the probe cannot beat).
Prints one JSON line with the medians, the probe's own breakdown and the target.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 3
CELL = "tf-cpu-tf2.21.0-py3.11"


def envforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "envforge", *args], capture_output=True, text=True, cwd=ROOT
    )


def main() -> None:
    built = envforge("build", "--select", CELL, "--json")
    if built.returncode != 0:
        raise SystemExit(f"envforge build failed:\n{built.stderr[-3000:]}")
    image = json.loads(built.stdout)["cells"][0]["image"]
    probe, imports, breakdown = [], [], {}
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = envforge("verify", image, "--level", "1", "--json")
        probe.append(time.perf_counter() - start)
        doc = json.loads(result.stdout)
        if result.returncode != 0:
            raise SystemExit(f"the probe failed: {doc.get('diagnoses')}")
        breakdown = doc.get("timings", {})
        timed = subprocess.run(
            [
                "docker",
                "run",
                "--rm",
                "--network",
                "none",
                image,
                "python3",
                "-c",
                "import time; t = time.perf_counter(); import tensorflow; "
                "print(time.perf_counter() - t)",
            ],
            capture_output=True,
            text=True,
        )
        imports.append(float(timed.stdout.strip().splitlines()[-1]))
    print(
        json.dumps(
            {
                "benchmark": "probe",
                "image": image,
                "repeats": REPEATS,
                "probe_l1_s": round(statistics.median(probe), 2),
                "tf_import_s": round(statistics.median(imports), 2),
                "probe_breakdown_s": breakdown,
                "target_probe_l1_s": 15.0,
            }
        )
    )


if __name__ == "__main__":
    main()
