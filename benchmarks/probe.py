#!/usr/bin/env python3
"""The L1 probe of a TensorFlow image, as users run it (target: <= 8 s wall), phase by phase.

Builds (or reuses) the default matrix's CPU cell, then REPEATS times:
  probe_l1_s       wall time of `envforge verify IMAGE --level 1` (confined container start, the probe
                   with its seven sample models, judging, clean-up), the way users run it;
  phases           from the probe's own facts, recorded by that run: container and engine overhead
                   (wall minus the probe's own total), the framework's import, the library checks,
                   and each sample model (and whether it ran in the second process);
  tf_import_s      `import tensorflow` alone in the same image (a floor the probe cannot go below).
Prints one JSON line with the medians and the target.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from envforge.store import Store  # noqa: E402

REPEATS = 5
CELL = "tf-cpu-tf2.21.0-py3.11"
TARGET_S = 8.0


def envforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "envforge", *args], capture_output=True, text=True, cwd=ROOT
    )


def import_time(image: str) -> float:
    timed = subprocess.run(
        ["docker", "run", "--rm", "--network", "none", image, "python3", "-c",
         "import time; t = time.perf_counter(); import tensorflow; print(time.perf_counter() - t)"],
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    return float(timed.stdout.strip().splitlines()[-1])


def one_probe(image: str, db: Path) -> tuple[float, dict[str, float]]:
    """(wall seconds of envforge verify, the probe's phases from the facts it recorded)."""
    start = time.perf_counter()
    result = envforge("verify", image, "--level", "1", "--json", "--db", str(db))
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"the probe failed: {result.stdout[-3000:]}{result.stderr[-2000:]}")
    with Store(db) as store:
        facts = store.certificates()[-1].certificate.facts or {}
    timings = facts.get("timings") or {}
    phases = {
        "overhead_s": wall - float(timings.get("total_s", 0.0)),
        "framework_import_s": float(timings.get("framework_import_s", 0.0)),
        "libraries_s": float(timings.get("libraries_s", 0.0)),
    }
    for workload in facts.get("workloads") or []:
        where = "second process" if workload.get("isolated") else "probe process"
        phases[f"model.{workload['name']} ({where})"] = float(workload.get("seconds") or 0.0)
    return wall, phases


def main() -> None:
    built = envforge("build", "--select", CELL, "--json")
    if built.returncode != 0:
        raise SystemExit(f"envforge build failed:\n{built.stderr[-3000:]}")
    image = json.loads(built.stdout)["data"]["cells"][0]["image"]
    walls: list[float] = []
    phases: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(REPEATS):
            wall, found = one_probe(image, Path(tmp) / "r.db")
            walls.append(wall)
            for name, seconds in found.items():
                phases.setdefault(name, []).append(seconds)
    imports = [import_time(image) for _ in range(3)]
    print(
        json.dumps(
            {
                "benchmark": "probe",
                "image": image,
                "repeats": REPEATS,
                "probe_l1_s": round(statistics.median(walls), 2),
                "probe_l1_runs_s": [round(w, 2) for w in walls],
                "phases_median_s": {
                    name: round(statistics.median(v), 2) for name, v in phases.items()
                },
                "tf_import_s": round(statistics.median(imports), 2),
                "target_probe_l1_s": TARGET_S,
            }
        )
    )


if __name__ == "__main__":
    main()
