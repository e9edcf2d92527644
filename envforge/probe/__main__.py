"""``envforge-probe`` / ``python -m envforge.probe``: gather facts, judge them, print the result.

    envforge-probe [--level N] [--expect FILE] [--json] [--workloads a,b]

Inside an envforge image the cell's expectations are read from /opt/envforge/expect.json.
stdout carries only the result (human lines, or one JSON document with --json); everything the
frameworks print goes to stderr. Exit status: 0 every check passed, 1 a check failed, 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timezone
from typing import Any

from . import PROBE_VERSION, SCHEMA_VERSION
from .cuda import expected_libraries, other_cudnn, probe_driver, probe_libraries, probe_nvml
from .device import measure
from .frameworks import detect_framework, load_framework
from .judge import judge, level_reached
from .system import container_facts, env_facts, host_gpu_facts, package_facts, python_facts
from .workloads import TF_DATA_WORKLOADS, WORKLOADS, run_workload

DEFAULT_EXPECT = "/opt/envforge/expect.json"


def _libraries_for(build: dict[str, Any] | None, expect: dict[str, Any]) -> list[tuple[str, str]]:
    if not build or not build.get("is_cuda_build"):
        return []
    cuda = str(build.get("cuda_version") or expect.get("cuda") or "")
    cudnn = str(build.get("cudnn_version") or expect.get("cudnn") or "")
    if not cuda[:2].isdigit():
        return []
    cudnn_major = int(cudnn.split(".")[0]) if cudnn.split(".")[0].isdigit() else None
    return expected_libraries(int(cuda.split(".")[0]), cudnn_major)


def collect(level: int, expect: dict[str, Any], workloads: list[str] | None) -> dict[str, Any]:
    """Every fact the checks of levels 1..``level`` need."""
    started = time.perf_counter()
    facts: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "probe_version": PROBE_VERSION,
        "started_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "level_requested": level,
        "expect": expect,
        "python": python_facts(),
        "packages": package_facts(),
        "env": env_facts(),
        "container": container_facts(),
        "host_gpu": host_gpu_facts(),
    }
    name, backend = detect_framework(facts["packages"], expect.get("framework"))
    framework = load_framework(name, backend)
    facts["framework"] = framework.facts
    timings: dict[str, float] = {"framework_import_s": framework.facts.get("import_s") or 0.0}
    if framework.facts.get("error"):
        facts["timings"] = timings
        return facts
    t = time.perf_counter()
    facts["libraries"] = probe_libraries(_libraries_for(framework.facts.get("build"), expect))
    missing_cudnn = next(
        (lib for lib in facts["libraries"] if lib["name"] == "cudnn" and not lib["loaded"]), None
    )
    if missing_cudnn:
        facts["cudnn_other"] = other_cudnn(int(str(missing_cudnn["soname"]).rsplit(".", 1)[1]))
    facts["nvml"] = probe_nvml()
    facts["cuda_driver"] = (
        probe_driver()
        if facts["host_gpu"]["nvidia_device_nodes"]
        else {"loaded": False, "error": "no /dev/nvidia* device nodes"}
    )
    timings["libraries_s"] = round(time.perf_counter() - t, 3)
    names = workloads or [*WORKLOADS, *(TF_DATA_WORKLOADS if framework.supports_tf_data() else ())]
    t = time.perf_counter()
    facts["workloads"] = [run_workload(n, framework, "cpu") for n in names]
    timings["workloads_cpu_s"] = round(time.perf_counter() - t, 3)
    gpu = framework.gpu_count() > 0
    if level >= 2 and gpu:
        t = time.perf_counter()
        facts["workloads"] += [run_workload(n, framework, "gpu") for n in names]
        timings["workloads_gpu_s"] = round(time.perf_counter() - t, 3)
    if level >= 2:
        t = time.perf_counter()
        facts["device"] = measure(framework, level, gpu)
        timings["device_s"] = round(time.perf_counter() - t, 3)
    timings["total_s"] = round(time.perf_counter() - started, 3)
    facts["timings"] = timings
    return facts


def _read_expect(path: str | None) -> dict[str, Any]:
    candidate = (
        path
        or os.environ.get("ENVFORGE_EXPECT")
        or (DEFAULT_EXPECT if os.path.exists(DEFAULT_EXPECT) else None)
    )
    if not candidate:
        return {}
    with open(candidate, encoding="utf-8") as handle:
        return json.load(handle)


def run(level: int, expect: dict[str, Any], workloads: list[str] | None) -> dict[str, Any]:
    facts = collect(level, expect, workloads)
    checks = judge(facts, expect, level=level)
    reached, ceiling = level_reached(checks, level)
    facts.update(
        checks=checks,
        level_reached=reached,
        ceiling=ceiling,
        verdict="fail" if any(c["status"] == "fail" for c in checks) else "pass",
    )
    return facts


def _print_human(doc: dict[str, Any], out: Any) -> None:
    for check in doc["checks"]:
        code = f" [{check['code']}]" if check.get("code") and check["status"] != "pass" else ""
        print(f"{check['status'].upper():5} {check['id']:32} {check['summary']}{code}", file=out)
    note = f" ({doc['ceiling']})" if doc.get("ceiling") else ""
    print(
        f"verdict: {doc['verdict'].upper()}, level reached: L{doc['level_reached']}{note}", file=out
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="envforge-probe", description="Check this deep-learning stack."
    )
    parser.add_argument(
        "--level", type=int, default=2, choices=(1, 2, 3), help="highest level to run (default 2)"
    )
    parser.add_argument(
        "--expect", help=f"expectations JSON (default {DEFAULT_EXPECT} when present)"
    )
    parser.add_argument("--workloads", help="comma-separated sample models to train (default: all)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    result_fd = os.dup(1)
    os.dup2(2, 1)  # frameworks that print to stdout now print to stderr
    try:
        expect = _read_expect(args.expect)
    except (OSError, ValueError) as exc:
        print(f"envforge-probe: cannot read expectations: {exc}", file=sys.stderr)
        return 2
    doc = run(args.level, expect, args.workloads.split(",") if args.workloads else None)
    sys.stdout.flush()
    with os.fdopen(result_fd, "w", encoding="utf-8") as out:
        if args.json:
            json.dump(doc, out, sort_keys=True)
            out.write("\n")
        else:
            _print_human(doc, out)
    return 0 if doc["verdict"] == "pass" else 1


if __name__ == "__main__":
    sys.exit(main())
