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
from .checks import judge, level_reached
from .cpu_side import CpuChild, cpu_side
from .cuda import expected_libraries, other_cudnn, probe_driver, probe_libraries, probe_nvml
from .device import measure_gpu
from .frameworks import detect_framework, load_framework
from .system import container_facts, env_facts, host_gpu_facts, package_facts, python_facts
from .vocabulary import Status, Verdict
from .workloads import run_workload, share_out, workload_names

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


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def collect(
    level: int, expect: dict[str, Any], workloads: list[str] | None, isolate_cpu: bool = False
) -> dict[str, Any]:
    """Every fact the checks of levels 1..``level`` need.

    The CPU work runs concurrently where it can: with two or more CPUs a child process (every
    accelerator hidden) starts before the framework is imported here and trains the costlier half
    of the sample models; where a GPU is visible (or ``isolate_cpu``), the rest of the CPU work goes
    to a second such child while this process measures the GPU.
    """
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
    names = workloads or workload_names(name)
    early, rest = share_out(names) if _cpus() >= 2 and name != "none" else ([], names)
    children = [CpuChild(1, expect, early)] if early else []
    framework = load_framework(name, backend)
    facts["framework"] = framework.facts
    timings: dict[str, float] = {"framework_import_s": framework.facts.get("import_s") or 0.0}
    if framework.facts.get("error"):
        for child in children:
            child.stop()
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
    gpu = framework.gpu_count() > 0
    parts: list[dict[str, Any]] = []
    if gpu or isolate_cpu:
        children.append(CpuChild(level, expect, rest))
    else:  # no GPU: the L3 CPU references would compare with nothing
        parts.append(cpu_side(framework, 1, rest))
    if level >= 2 and gpu:
        t = time.perf_counter()
        gpu_workloads = [run_workload(n, framework, "gpu") for n in names]
        timings["workloads_gpu_s"] = round(time.perf_counter() - t, 3)
        t = time.perf_counter()
        parts.append({"workloads": gpu_workloads, "device": measure_gpu(framework, level)})
        timings["device_gpu_s"] = round(time.perf_counter() - t, 3)
    parts += [child.result() for child in children]
    facts["workloads"] = sorted(
        (w for part in parts for w in part["workloads"]),
        key=lambda w: (w["device"] != "cpu", names.index(w["name"])),
    )
    device: dict[str, Any] = {}
    for part in parts:
        for key, value in (part.get("device") or {}).items():
            device[key] = [*device.get(key, []), *value] if isinstance(value, list) else value
        for key, seconds in (part.get("timings") or {}).items():
            timings[key] = round(timings.get(key, 0.0) + seconds, 3)
    if level >= 2:
        facts["device"] = device
    timings["total_s"] = round(time.perf_counter() - started, 3)
    facts["timings"] = timings
    return facts


def _read_expect(path: str | None, text: str | None) -> dict[str, Any]:
    if text is not None:
        doc = json.loads(text)
    else:
        candidate = (
            path
            or os.environ.get("ENVFORGE_EXPECT")
            or (DEFAULT_EXPECT if os.path.exists(DEFAULT_EXPECT) else None)
        )
        if not candidate:
            return {}
        with open(candidate, encoding="utf-8") as handle:
            doc = json.load(handle)
    if not isinstance(doc, dict):
        raise ValueError("expectations must be a JSON object")
    return doc


def run(
    level: int, expect: dict[str, Any], workloads: list[str] | None, isolate_cpu: bool = False
) -> dict[str, Any]:
    facts = collect(level, expect, workloads, isolate_cpu)
    checks = judge(facts, expect, level=level)
    reached, stopped_by = level_reached(checks, level)
    passed = not any(c.failed for c in checks)
    facts.update(
        checks=[c.to_dict() for c in checks],
        level_reached=reached,
        stopped_by=stopped_by,
        passed=passed,
        verdict=(Verdict.CERTIFIED if passed else Verdict.FAILED).value,
    )
    return facts


def _cpu_side_only(level: int, expect: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """What the parent's CpuChild asks for: this process sees no accelerator (HIDE_ACCELERATORS)."""
    packages = package_facts()
    name, backend = detect_framework(packages, expect.get("framework"))
    framework = load_framework(name, backend)
    if framework.facts.get("error"):
        raise RuntimeError(f"{name} failed to import in the CPU child: {framework.facts['error']}")
    return cpu_side(framework, level, names)


def _print_human(doc: dict[str, Any], out: Any) -> None:
    for check in doc["checks"]:
        code = check.get("code")
        note = (
            ""
            if not code
            else f" [measures {code}]"
            if check["status"] == Status.PASS
            else f" [{code}]"
        )
        print(f"{check['status'].upper():5} {check['id']:32} {check['summary']}{note}", file=out)
    why = f" ({doc['stopped_by']})" if doc.get("stopped_by") else ""
    print(f"verdict: {doc['verdict']}, level reached: L{doc['level_reached']}{why}", file=out)


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
    parser.add_argument("--expect-json", help="expectations as a JSON object (instead of a file)")
    parser.add_argument(
        "--isolate-cpu",
        action="store_true",
        help="train the CPU models in a child process with accelerators hidden (always with a GPU)",
    )
    parser.add_argument("--cpu-side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    result_fd = os.dup(1)
    os.dup2(2, 1)  # frameworks that print to stdout now print to stderr
    try:
        expect = _read_expect(args.expect, args.expect_json)
    except (OSError, ValueError) as exc:
        print(f"envforge-probe: cannot read expectations: {exc}", file=sys.stderr)
        return 2
    names = args.workloads.split(",") if args.workloads else None
    if args.cpu_side:
        doc = _cpu_side_only(args.level, expect, names or [])
        with os.fdopen(result_fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(doc, sort_keys=True) + "\n")
        return 0
    doc = run(args.level, expect, names, args.isolate_cpu)
    sys.stdout.flush()
    with os.fdopen(result_fd, "w", encoding="utf-8") as out:
        if args.json:
            json.dump(doc, out, sort_keys=True)
            out.write("\n")
        else:
            _print_human(doc, out)
    return 0 if doc["passed"] else 1


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # The result is written: skip the interpreter's teardown, which with a framework loaded (its
    # thread pools, atexit hooks) takes about a second for nothing.
    os._exit(status)
