"""Facts + expectations -> checks, diagnosis codes and the level reached. Pure, standard library only.

The probe calls ``judge`` inside the image (self-certification, expectations from
/opt/envforge/expect.json); envforge's certification calls the same function on the host with the
cell's expectations, so both always agree. Codes come from the label vocabulary of
failure-modes.md (CPU_ONLY_TF_BUILD, CUDNN_VERSION_MISMATCH, ...).
"""

from __future__ import annotations

import math
import re
from typing import Any

from .signatures import code_for_error

__all__ = ["judge", "level_reached", "Check", "STATUSES"]

STATUSES = ("pass", "warn", "skip", "fail")
Check = dict[str, Any]
OPTIONAL_LIBRARIES = {"nccl"}


def _check(
    cid: str,
    level: int,
    status: str,
    summary: str,
    *,
    code: str | None = None,
    evidence: list[str] | None = None,
    fix: str | None = None,
) -> Check:
    return {
        "id": cid,
        "level": level,
        "status": status,
        "summary": summary,
        "code": code,
        "evidence": evidence or [],
        "fix": fix,
    }


def _vtuple(text: Any) -> tuple[int, ...]:
    """'12.5.1' -> (12, 5, 1); '9' -> (9,); junk -> ()."""
    parts = re.findall(r"\d+", str(text or ""))
    return tuple(int(p) for p in parts)


def judge(facts: dict[str, Any], expect: dict[str, Any], *, level: int = 1) -> list[Check]:
    """Every check for levels 1..``level`` from the probe's ``facts`` and the cell's ``expect``."""
    checks: list[Check] = []
    fw = facts.get("framework") or {}
    checks += _framework_checks(fw, facts, expect)
    if fw.get("error"):
        return checks  # nothing else can be judged without the framework
    checks += _build_checks(fw, expect)
    checks += _library_checks(facts, expect)
    checks += _nvml_check(facts)
    checks += _workload_checks(facts, "cpu", 1)
    if level >= 2:
        checks += _gpu_checks(fw, facts, expect)
    return checks


# -- L1: framework, build, libraries, models ------------------------------------------------------


def _framework_checks(
    fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any]
) -> list[Check]:
    env = facts.get("env") or {}
    want_fw = expect.get("framework")
    if fw.get("error"):
        code, fix = "FRAMEWORK_IMPORT_FAILED", "install the framework the cell expects"
        summary = f"{fw.get('name')} failed to import: {fw['error']}"
        backend = env.get("KERAS_BACKEND")
        if (
            backend
            and backend != expect.get("backend")
            and "keras" in str(fw.get("traceback", "")) + fw["error"]
        ):
            code = (
                "KERAS_BACKEND_NOT_TF"
                if expect.get("backend") == "tensorflow"
                else "KERAS_BACKEND_MISMATCH"
            )
            fix = f"unset KERAS_BACKEND (it names '{backend}') or install that backend"
            summary = (
                f"KERAS_BACKEND={backend} names a backend that cannot be imported here, so "
                f"{summary}"
            )
        elif "Illegal instruction" in fw["error"]:
            code, fix = "CPU_NO_AVX", "use a CPU with AVX, or a build without it"
        return [
            _check(
                "framework.import",
                1,
                "fail",
                summary,
                code=code,
                evidence=[fw["error"]],
                fix=fix,
            )
        ]
    checks = [
        _check(
            "framework.import",
            1,
            "pass",
            f"{fw.get('name')} {fw.get('version')} imported in {fw.get('import_s')} s",
        )
    ]
    want_version = expect.get("framework_version")
    if want_version and not _same_release(str(fw.get("version")), str(want_version)):
        checks.append(
            _check(
                "expect.framework_version",
                1,
                "fail",
                f"{fw.get('name')} is {fw.get('version')}, the cell expects {want_version}",
                code="FRAMEWORK_VERSION_MISMATCH",
                fix="pin the framework version in the image",
            )
        )
    elif want_version:
        checks.append(
            _check(
                "expect.framework_version",
                1,
                "pass",
                f"{fw.get('name')} {want_version}, as expected",
            )
        )
    python = (facts.get("python") or {}).get("series")
    if expect.get("python") and python != expect["python"]:
        checks.append(
            _check(
                "expect.python",
                1,
                "fail",
                f"Python is {python}, the cell expects {expect['python']}",
                code="PYTHON_VERSION_MISMATCH",
            )
        )
    elif expect.get("python"):
        checks.append(
            _check(
                "expect.python", 1, "pass", f"Python {(facts.get('python') or {}).get('version')}"
            )
        )
    if expect.get("keras_major") and fw.get("keras_major") != expect["keras_major"]:
        checks.append(
            _check(
                "expect.keras",
                1,
                "fail",
                f"Keras is {fw.get('keras_version')}, the cell expects Keras {expect['keras_major']}",
                code="KERAS_VERSION_MISMATCH",
            )
        )
    want_backend = expect.get("backend")
    if want_backend and fw.get("backend") != want_backend:
        code = "KERAS_BACKEND_NOT_TF" if want_backend == "tensorflow" else "KERAS_BACKEND_MISMATCH"
        checks.append(
            _check(
                "expect.backend",
                1,
                "fail",
                f"Keras runs on '{fw.get('backend')}', the cell expects '{want_backend}'",
                code=code,
                evidence=[f"KERAS_BACKEND={env.get('KERAS_BACKEND', '')}"],
                fix="set KERAS_BACKEND (or ~/.keras/keras.json) to the expected backend before importing keras",
            )
        )
    elif fw.get("backend"):
        checks.append(
            _check(
                "expect.backend",
                1,
                "pass",
                f"Keras {fw.get('keras_version')} on {fw.get('backend')}",
            )
        )
    if want_fw and fw.get("name") not in (want_fw, want_fw.partition("-")[0]):
        checks.append(
            _check(
                "expect.framework",
                1,
                "fail",
                f"the image runs {fw.get('name')}, the cell expects {want_fw}",
            )
        )
    return checks


def _same_release(have: str, want: str) -> bool:
    """'2.17.1' matches '2.17' (a series) and '2.17.1'; '2.17.10' does not match '2.17.1'."""
    return have == want or (len(want.split(".")) == 2 and have.startswith(want + "."))


def _build_checks(fw: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    build = fw.get("build")
    if build is None:
        return []
    checks: list[Check] = []
    accel = expect.get("accelerator", "cpu")
    if accel == "cuda" and not build.get("is_cuda_build"):
        checks.append(
            _check(
                "build.accelerator",
                1,
                "fail",
                "the framework is a CPU-only build; the cell expects CUDA",
                code="CPU_ONLY_TF_BUILD",
                evidence=["is_cuda_build: False"],
                fix="install the CUDA build (tensorflow[and-cuda]), not tensorflow-cpu",
            )
        )
        return checks
    if accel == "rocm" and not build.get("is_rocm_build"):
        checks.append(
            _check(
                "build.accelerator",
                1,
                "fail",
                "the framework is not a ROCm build; the cell expects ROCm",
                code="CPU_ONLY_TF_BUILD",
                evidence=[f"is_rocm_build: {build.get('is_rocm_build')}"],
                fix="install tensorflow-rocm or use a rocm/tensorflow base",
            )
        )
        return checks
    kind = (
        "CUDA"
        if build.get("is_cuda_build")
        else "ROCm"
        if build.get("is_rocm_build")
        else "CPU-only"
    )
    checks.append(
        _check("build.accelerator", 1, "pass", f"{kind} build, as the cell expects ({accel})")
    )
    if accel != "cuda":
        return checks
    have, want = _vtuple(build.get("cuda_version")), _vtuple(expect.get("cuda"))
    if want and have[:2] != want[:2]:
        checks.append(
            _check(
                "build.cuda",
                1,
                "fail",
                f"built for CUDA {build.get('cuda_version')}, the knowledge base says {expect.get('cuda')}",
                code="CUDA_VERSION_MATRIX_MISMATCH",
            )
        )
    elif want:
        checks.append(
            _check(
                "build.cuda",
                1,
                "pass",
                f"built for CUDA {build.get('cuda_version')}, cuDNN {build.get('cudnn_version')}",
            )
        )
    want_caps = [f"sm_{c.replace('.', '')}" for c in expect.get("sass") or []]
    if expect.get("ptx"):
        want_caps.append(f"compute_{expect['ptx'].replace('.', '')}")
    have_caps = build.get("compute_capabilities") or []
    if want_caps and have_caps and sorted(want_caps) != sorted(have_caps):
        checks.append(
            _check(
                "build.compute_capabilities",
                1,
                "warn",
                f"the wheel targets {', '.join(have_caps)}; the knowledge base says {', '.join(want_caps)}",
                evidence=have_caps,
                fix="update matrices/compat/tensorflow.yaml",
            )
        )
    elif have_caps:
        checks.append(
            _check("build.compute_capabilities", 1, "pass", f"kernels for {', '.join(have_caps)}")
        )
    return checks


def _library_checks(facts: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    for lib in facts.get("libraries") or []:
        name, cid = lib["name"], f"library.{lib['name']}"
        other = (
            [o for o in facts.get("cudnn_other") or [] if o.get("version")]
            if name == "cudnn"
            else []
        )
        if not lib.get("loaded") and other:
            found = other[0]
            want = expect.get("cudnn") or lib["soname"].rsplit(".", 1)[1]
            checks.append(
                _check(
                    cid,
                    1,
                    "fail",
                    f"Loaded runtime CuDNN library: {found['version']} but source was compiled with: {want} "
                    f"({lib['soname']} is missing; {found['soname']} is at {found['path']})",
                    code="CUDNN_VERSION_MISMATCH",
                    evidence=[str(found["path"])],
                    fix=f"install cuDNN {want.split('.')[0]}.x (nvidia-cudnn-cu12) and remove the "
                    f"{found['soname']} copy",
                )
            )
            continue
        if not lib.get("loaded"):
            status = "warn" if name in OPTIONAL_LIBRARIES else "fail"
            error = lib.get("error") or "not found"
            code = "CUDA_LIBS_NOT_FOUND"
            missing = re.search(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object", error)
            if missing and missing.group(1) != lib["soname"]:
                code = "CUDA_LIB_TRANSITIVE_DEP_MISSING"
            checks.append(
                _check(
                    cid,
                    1,
                    status,
                    f"{lib['soname']} cannot be loaded: {error}",
                    code=code,
                    evidence=[
                        f"Could not load dynamic library '{lib['soname']}'; dlerror: {error}"
                    ],
                    fix="install the matching nvidia-*-cu wheels (tensorflow[and-cuda]) or CUDA toolkit",
                )
            )
            continue
        version = lib.get("version")
        where = f"{lib['soname']} {version or '(version unknown)'} from {lib.get('path')}"
        if name == "cudnn" and expect.get("cudnn") and version:
            have, want = _vtuple(version), _vtuple(expect["cudnn"])
            if have[:1] != want[:1] or have[1:2] < want[1:2]:
                checks.append(
                    _check(
                        cid,
                        1,
                        "fail",
                        f"Loaded runtime CuDNN library: {version} but source was compiled with: {expect['cudnn']}",
                        code="CUDNN_VERSION_MISMATCH",
                        evidence=[where],
                        fix=f"install cuDNN {want[0]}.x with minor >= {want[1:2][0] if want[1:] else 0}"
                        " (nvidia-cudnn-cu12), and remove the older copy",
                    )
                )
                continue
        if name == "cudart" and expect.get("cuda") and version:
            have, want = _vtuple(version), _vtuple(expect["cuda"])
            if have[:1] != want[:1] or have[1:2] < want[1:2]:
                checks.append(
                    _check(
                        cid,
                        1,
                        "fail",
                        f"CUDA runtime {version} is older than, or of another major than, the build's {expect['cuda']}",
                        code="CUDA_VERSION_MATRIX_MISMATCH",
                        evidence=[where],
                    )
                )
                continue
        checks.append(_check(cid, 1, "pass", where))
    return checks


def _nvml_check(facts: dict[str, Any]) -> list[Check]:
    nvml = facts.get("nvml")
    if not nvml:
        return []
    if nvml.get("available"):
        gpus = ", ".join(g["name"] for g in nvml.get("gpus", [])) or "no GPUs"
        return [
            _check("nvml", 1, "pass", f"NVML works: driver {nvml.get('driver_version')}, {gpus}")
        ]
    return [_check("nvml", 1, "skip", f"NVML not available here ({nvml.get('error')})")]


def _workload_checks(facts: dict[str, Any], device: str, level: int) -> list[Check]:
    checks: list[Check] = []
    for run in facts.get("workloads") or []:
        if run.get("device") != device:
            continue
        cid = f"model.{run['name']}.{device}"
        losses = run.get("losses") or []
        if run.get("error"):
            code = code_for_error(run["error"], "MODEL_TRAINING_FAILED")
            checks.append(
                _check(
                    cid,
                    level,
                    "fail",
                    f"{run['name']} failed on {device}: {run['error'][:300]}",
                    code=code,
                    evidence=[run["error"][:1000]],
                )
            )
        elif not losses or not all(
            isinstance(v, (int, float)) and math.isfinite(v) for v in losses
        ):
            checks.append(
                _check(
                    cid,
                    level,
                    "fail",
                    f"{run['name']} on {device}: loss not finite {losses}",
                    code="MODEL_LOSS_NOT_FINITE",
                )
            )
        elif not losses[-1] < losses[0]:
            checks.append(
                _check(
                    cid,
                    level,
                    "fail",
                    f"{run['name']} on {device}: loss did not decrease {losses}",
                    code="MODEL_LOSS_NOT_DECREASING",
                )
            )
        else:
            checks.append(
                _check(
                    cid,
                    level,
                    "pass",
                    f"{run['name']} on {device}: loss {losses[0]:.3f} -> {losses[-1]:.3f} in {run['seconds']} s",
                )
            )
    return checks


# -- L2: devices ---------------------------------------------------------------------------------


def _gpu_checks(fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any]) -> list[Check]:
    gpus = fw.get("gpus") or []
    env = facts.get("env") or {}
    hw = facts.get("host_gpu") or {}
    nvml_gpus = (facts.get("nvml") or {}).get("gpus") or []
    if not gpus:
        hidden = env.get("CUDA_VISIBLE_DEVICES")
        if hidden is not None and (hidden.strip() in ("", "-1") or hidden.startswith("-")):
            return [
                _check(
                    "gpu.visible",
                    2,
                    "fail",
                    f"CUDA_VISIBLE_DEVICES={hidden!r} hides every GPU",
                    code="GPU_HIDDEN_BY_ENV",
                    evidence=[f"CUDA_VISIBLE_DEVICES={hidden}"],
                    fix="unset CUDA_VISIBLE_DEVICES or list the GPUs to use",
                )
            ]
        if not hw.get("nvidia_device_nodes") and not nvml_gpus and not hw.get("amd_kfd"):
            return [
                _check(
                    "gpu.visible",
                    2,
                    "skip",
                    "GPU levels not reached: no GPU on this host",
                    code="CPU_ONLY_HOST_BENIGN",
                )
            ]
        build = fw.get("build") or {}
        if expect.get("accelerator") == "cuda" and not build.get("is_cuda_build"):
            code = "CPU_ONLY_TF_BUILD"
        elif any(
            c["status"] == "fail" and c["id"].startswith("library.")
            for c in _library_checks(facts, expect)
        ):
            code = "CUDA_LIBS_NOT_FOUND"
        else:
            code = "GPU_NOT_REGISTERED"
        return [
            _check(
                "gpu.visible",
                2,
                "fail",
                "a GPU is present but the framework registered none",
                code=code,
                evidence=[
                    f"device nodes: {hw.get('nvidia_device_nodes')}",
                    f"NVML GPUs: {nvml_gpus}",
                ],
            )
        ]
    checks = [
        _check(
            "gpu.visible",
            2,
            "pass",
            f"{len(gpus)} GPU(s): "
            + ", ".join(str(g.get("device_name") or g.get("name")) for g in gpus),
        )
    ]
    checks += _arch_checks(gpus, fw, expect)
    device = facts.get("device") or {}
    checks += _device_l2_checks(device, fw)
    checks += _workload_checks(facts, "gpu", 2)
    checks += _device_l3_checks(device, gpus, expect)
    return checks


NUMERIC_TOLERANCE = 1e-2  # TF32 matmuls (Ampere and newer) agree with FP32 to about 1e-3 relative


def _failed(item: dict[str, Any], cid: str, level: int, what: str) -> Check | None:
    if not item.get("error"):
        return None
    return _check(
        cid,
        level,
        "fail",
        f"{what} failed: {item['error'][:300]}",
        code=code_for_error(item["error"], "GPU_CHECK_FAILED"),
        evidence=[item["error"][:1000]],
    )


def _device_l2_checks(device: dict[str, Any], fw: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    growth = fw.get("memory_growth")
    if growth and growth.get("error"):
        checks.append(
            _check(
                "gpu.memory_growth",
                2,
                "warn",
                f"memory growth could not be set: {growth['error']}",
                code="MEMORY_CONFIG_ORDER_ERROR",
                fix="set memory growth right after importing TensorFlow",
            )
        )
    elif growth and growth.get("set"):
        checks.append(
            _check(
                "gpu.memory_growth",
                2,
                "pass",
                f"memory growth set on {growth.get('gpus')} GPU(s) before initialisation",
            )
        )
    place = device.get("placement")
    if place:
        failed = _failed(place, "gpu.placement", 2, "placing an op on the GPU")
        if failed:
            checks.append(failed)
        elif place.get("on_gpu"):
            checks.append(
                _check(
                    "gpu.placement",
                    2,
                    "pass",
                    f"an op asked for the GPU ran on {place.get('device')}",
                )
            )
        else:
            checks.append(
                _check(
                    "gpu.placement",
                    2,
                    "fail",
                    f"an op asked for the GPU ran on {place.get('device')}",
                    code="PERF_CPU_FALLBACK_OPS",
                    fix="check the device list and soft placement",
                )
            )
    num = device.get("numerics")
    if num:
        failed = _failed(num, "gpu.numerics", 2, "matmul/conv on the GPU")
        if failed:
            checks.append(failed)
        else:
            worst = max(num.get("matmul_rel_err", 0.0), num.get("conv_rel_err", 0.0))
            status = "pass" if worst <= NUMERIC_TOLERANCE else "fail"
            checks.append(
                _check(
                    "gpu.numerics",
                    2,
                    status,
                    f"GPU against CPU: matmul rel. error {num.get('matmul_rel_err'):.2e}, "
                    f"conv2d {num.get('conv_rel_err'):.2e} (tolerance {NUMERIC_TOLERANCE:.0e})",
                    code=None if status == "pass" else "GPU_NUMERICS_MISMATCH",
                )
            )
    return checks


MATMUL_WARN, MATMUL_FAIL = 0.25, 0.05  # fractions of the FP32 peak


def _peak(gpus: list[dict[str, Any]], expect: dict[str, Any]) -> tuple[str | None, float | None]:
    peaks = expect.get("gpu_peaks") or {}
    for gpu in gpus:
        name = str(gpu.get("device_name") or gpu.get("name") or "")
        words = set(re.sub(r"[^a-z0-9]+", " ", name.lower()).split()) - {
            "nvidia",
            "geforce",
            "tesla",
        }
        best = None
        for candidate, values in peaks.items():
            cand = set(re.sub(r"[^a-z0-9]+", " ", candidate.lower()).split()) - {
                "nvidia",
                "geforce",
                "tesla",
            }
            if cand and cand <= words and (best is None or len(cand) > len(best[0])):
                best = (cand, candidate, values)
        if best:
            return best[1], float(best[2]["fp32"])
    return None, None


def _device_l3_checks(
    device: dict[str, Any], gpus: list[dict[str, Any]], expect: dict[str, Any]
) -> list[Check]:
    checks: list[Check] = []
    matmul = {m.get("device"): m for m in device.get("matmul") or []}
    gpu_mm = matmul.get("gpu")
    if gpu_mm:
        failed = _failed(gpu_mm, "perf.matmul", 3, "matmul throughput")
        name, peak = _peak(gpus, expect)
        if failed:
            checks.append(failed)
        elif peak:
            ratio = gpu_mm["tflops"] / peak
            status = "pass" if ratio >= MATMUL_WARN else "warn" if ratio >= MATMUL_FAIL else "fail"
            checks.append(
                _check(
                    "perf.matmul",
                    3,
                    status,
                    f"FP32 matmul {gpu_mm['tflops']} TFLOP/s = {ratio:.0%} of {name}'s {peak} TFLOP/s peak"
                    " (TF32 tensor cores can exceed it)",
                    code=None if status == "pass" else "GPU_THROUGHPUT_LOW",
                    fix=None
                    if status == "pass"
                    else "check clocks, power limits and other processes (nvidia-smi)",
                )
            )
        else:
            checks.append(
                _check(
                    "perf.matmul",
                    3,
                    "warn",
                    f"FP32 matmul {gpu_mm['tflops']} TFLOP/s; no peak for this GPU in the knowledge base",
                )
            )
    models = {(m.get("device"), m.get("batch")): m for m in device.get("models") or []}
    gpu_big, cpu_big, gpu_one = (
        models.get(("gpu", 256)),
        models.get(("cpu", 256)),
        models.get(("gpu", 1)),
    )
    if gpu_big and cpu_big:
        failed = _failed(gpu_big, "perf.model", 3, "model throughput on the GPU") or _failed(
            cpu_big, "perf.model", 3, "model throughput on the CPU"
        )
        if failed:
            checks.append(failed)
        else:
            speedup = gpu_big["samples_per_s"] / max(cpu_big["samples_per_s"], 1e-9)
            checks.append(
                _check(
                    "perf.model",
                    3,
                    "pass" if speedup >= 1 else "fail",
                    f"a small CNN at batch 256 trains {speedup:.1f}x faster on the GPU than on the CPU",
                    code=None if speedup >= 1 else "GPU_SLOWER_THAN_CPU",
                )
            )
    if gpu_big and gpu_one and not gpu_big.get("error") and not gpu_one.get("error"):
        ratio = gpu_big["samples_per_s"] / max(gpu_one["samples_per_s"], 1e-9)
        checks.append(
            _check(
                "perf.batch_size",
                3,
                "pass",
                f"batch 256 trains {ratio:.0f}x more samples/s than batch 1 on the GPU: per-step launch "
                "overhead dominates tiny batches (PERF_LAUNCH_OVERHEAD_SMALL_MODEL)",
            )
        )
    pipe = device.get("pipeline")
    if pipe and not pipe.get("skipped") and (gpu_big or gpu_mm):
        failed = _failed(pipe, "perf.pipeline", 3, "the tf.data pipeline check")
        if failed:
            checks.append(failed)
        else:
            gain = pipe["prefetched_steps_per_s"] / max(pipe["serial_steps_per_s"], 1e-9)
            checks.append(
                _check(
                    "perf.pipeline",
                    3,
                    "pass" if gain >= 1.1 else "warn",
                    f"an input-bound pipeline: {pipe['serial_steps_per_s']} steps/s serial, "
                    f"{pipe['prefetched_steps_per_s']} with parallel map + prefetch ({gain:.1f}x)",
                    code=None if gain >= 1.1 else "PERF_INPUT_BOUND",
                    fix=None
                    if gain >= 1.1
                    else "map(num_parallel_calls=AUTOTUNE) and prefetch(AUTOTUNE)",
                )
            )
    return checks


def _arch_checks(
    gpus: list[dict[str, Any]], fw: dict[str, Any], expect: dict[str, Any]
) -> list[Check]:
    caps = (fw.get("build") or {}).get("compute_capabilities") or []
    sass = sorted({_vtuple(c)[0] for c in caps if c.startswith("sm_")})
    ptx = sorted({_vtuple(c)[0] for c in caps if c.startswith("compute_")})
    if not caps:
        sass = sorted({int(c.replace(".", "")) for c in expect.get("sass") or []})
        ptx = [int(expect["ptx"].replace(".", ""))] if expect.get("ptx") else []
    checks: list[Check] = []
    for gpu in gpus:
        cc = gpu.get("compute_capability")
        if not cc or not (sass or ptx):
            continue
        value = int(str(cc).replace(".", ""))
        native = [s for s in sass if s // 10 == value // 10 and s <= value]
        jit = [p for p in ptx if p <= value]
        name = gpu.get("device_name") or gpu.get("name")
        if native:
            checks.append(
                _check("gpu.arch", 2, "pass", f"{name} (cc {cc}) runs sm_{max(native)} kernels")
            )
        elif jit:
            checks.append(
                _check(
                    "gpu.arch",
                    2,
                    "warn",
                    f"{name} (cc {cc}) has no SASS in the build; kernels are JIT-compiled from "
                    f"compute_{max(jit)} PTX (the first start can take minutes)",
                    code="GPU_ARCH_NEWER_THAN_WHEEL",
                    fix="set CUDA_CACHE_MAXSIZE, or use a build with this arch",
                )
            )
        else:
            checks.append(
                _check(
                    "gpu.arch",
                    2,
                    "fail",
                    f"{name} (cc {cc}) is older than every target of the build",
                    code="GPU_ARCH_TOO_OLD",
                    fix="use an older framework release that targets this GPU",
                )
            )
    return checks


def level_reached(checks: list[Check], requested: int) -> tuple[int, str | None]:
    """(highest level whose checks all pass, why the next level was not reached or None)."""
    reached = 0
    for level in range(1, requested + 1):
        at = [c for c in checks if c["level"] == level]
        failed = [c for c in at if c["status"] == "fail"]
        if failed:
            return reached, f"L{level} failed: {failed[0]['summary']}"
        if not at or all(c["status"] == "skip" for c in at):
            skipped = next((c for c in at if c["status"] == "skip"), None)
            return reached, skipped["summary"] if skipped else f"L{level} has no checks"
        reached = level
    return reached, None
