"""Each command: the request it builds from the options (job intercepted), and what it shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from envforge.cli.settings import DEFAULTS
from envforge.jobs.certify import CertifyResult
from envforge.jobs.options import BuildOptions, ProbeOptions, Selection
from envforge.results import BuildResult, CellResult, Diagnosis, Verdict

from ..records import CPU_HOST, TF221_CUDA, cert
from .conftest import CliRun

Run = Callable[..., CliRun]


def certify_result(verdict: Verdict = Verdict.CERTIFIED) -> CertifyResult:
    build = BuildResult(
        "tf-cuda", "sha256:1", "envforge/tf-cuda:1", "h", "debian:bookworm-slim", Path("b.log"), 3.0
    )
    diagnoses = (
        Diagnosis("CUDNN_VERSION_MISMATCH", "cuDNN 8 under a build for 9", "install cuDNN 9"),
    )
    certificate = cert(
        "tf-cuda",
        CPU_HOST,
        verdict,
        stopped_by="GPU levels not reached: no GPU on this host",
        expect=TF221_CUDA,
        diagnoses=diagnoses if verdict is not Verdict.CERTIFIED else (),
    )
    return CertifyResult(
        run_id="r1",
        matrix=Path("matrices/default.yaml"),
        matrix_digest="d",
        host=CPU_HOST,
        db=Path("results.db"),
        logs=Path("logs/r1"),
        cells=(CellResult("tf-cuda", build, certificate, probe_log=Path("p.log")),),
        rejected=(),
    )


def test_certify_builds_its_request_from_every_option_and_its_defaults(
    envforge: Run, intercept: Callable[..., Any]
) -> None:
    job = intercept("certify", result=certify_result())
    assert (
        envforge(
            "certify",
            "--select",
            "tf-*",
            "--select",
            "x",
            "--no-cache",
            "--offline",
            "--wheelhouse",
            "w",
        ).code
        == 0
    )
    request = job.request
    assert request.selection == Selection(None, ("tf-*", "x"))
    assert request.build == BuildOptions(
        jobs=DEFAULTS.jobs,
        nocache=True,
        site=None,
        ca_bundle=None,
        wheelhouse=Path("w"),
        no_wheelhouse=False,
        offline=True,
        refresh_wheelhouse=False,
    )
    assert request.probe == ProbeOptions(
        level=3, timeout_s=DEFAULTS.probe_timeout_s, memory="6g", force=False
    )
    envforge(
        "certify",
        "-m",
        "tf-cpu-pythons",
        "--level",
        "1",
        "--probe-timeout",
        "15m",
        "--probe-memory",
        "8G",
        "--force",
        "--jobs",
        "2",
    )
    assert job.request.selection.matrix == "tf-cpu-pythons"
    assert job.request.probe == ProbeOptions(level=1, timeout_s=900.0, memory="8g", force=True)
    assert job.request.build.jobs == 2


def test_certify_table_and_exit_code(envforge: Run, intercept: Callable[..., Any]) -> None:
    intercept("certify", result=certify_result())
    shown = envforge("certify")
    assert shown.code == 0
    row = next(line for line in shown.stdout.splitlines() if "tf-cuda" in line)
    assert "TensorFlow 2.21.0" in row and "CUDA 12.5 / cuDNN 9.3" in row and "CERTIFIED" in row
    assert "results: results.db (run r1)" in shown.stderr
    intercept("certify", result=certify_result(Verdict.FAILED))
    failed = envforge("certify")
    assert (
        failed.code == 1
        and "CUDNN_VERSION_MISMATCH: cuDNN 8 under a build for 9 -> install cuDNN 9"
        in failed.stdout
    )


def test_certify_json_is_the_envelope(envforge: Run, intercept: Callable[..., Any]) -> None:
    intercept("certify", result=certify_result())
    doc = envforge("certify", "--json").envelope
    assert (doc["schema_version"], doc["command"], doc["run_id"], doc["errors"]) == (
        2,
        "certify",
        "r1",
        [],
    )
    [cell] = doc["data"]["cells"]
    assert (cell["cell"], cell["verdict"], cell["passed"], cell["level"]) == (
        "tf-cuda",
        "CERTIFIED",
        True,
        1,
    )
    assert cell["stopped_by"] == "GPU levels not reached: no GPU on this host"
    assert cell["expect"]["cuda"] == "12.5" and cell["probe_log"] == "p.log"


def test_verify_records_only_with_db(envforge: Run, intercept: Callable[..., Any]) -> None:
    job = intercept("verify", "verify", error=KeyboardInterrupt())
    envforge("verify", "img:1", "--expect-accelerator", "cuda", "--level", "2")
    assert (job.request.image, job.request.expect_accelerator, job.request.record) == (
        "img:1",
        "cuda",
        False,
    )
    assert job.request.probe.level == 2
    envforge("verify", "img:1", "--db", "r.db")
    assert job.request.record is True


def test_forge_and_doctor_requests(envforge: Run, intercept: Callable[..., Any]) -> None:
    forge = intercept("forge", error=KeyboardInterrupt())
    envforge(
        "forge", "--tf", ">=2.17", "--python", "3.11", "--driver", "535.104.05", "--out", "locks"
    )
    request = forge.request
    assert (request.tf, request.python, request.driver, request.out) == (
        ">=2.17",
        "3.11",
        "535.104.05",
        Path("locks"),
    )
    assert request.probe.level == DEFAULTS.level and request.build.jobs == DEFAULTS.jobs
    doctor = intercept("doctor", error=KeyboardInterrupt())
    envforge("doctor", "--image", "img:1", "--gpu-present", "no")
    assert (doctor.request.image, doctor.request.gpu_present, doctor.request.probe.level) == (
        "img:1",
        False,
        2,
    )


def test_doctor_classifies_a_log_from_stdin(envforge: Run) -> None:
    log = "E cuda_dnn.cc:360] Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0.\n"
    result = envforge("doctor", "--log", "-", "--json", stdin=log)
    assert result.code == 1
    [diag] = result.data["diagnoses"]
    assert (diag["code"], diag["layer"]) == ("CUDNN_VERSION_MISMATCH", "cuda-libs") and diag["fix"]
    assert diag["evidence"] == ["line 1: " + log.strip()]
    clean = envforge(
        "doctor",
        "--log",
        "-",
        "--json",
        stdin="I0000 successful NUMA node read from SysFS had negative value (-1)\n",
    )
    assert clean.code == 0 and clean.data["diagnoses"] == []
    missing = envforge("doctor", "--log", "/nope.log")
    assert missing.code == 2 and "argument --log: /nope.log: no such file" in missing.stderr


def test_render_writes_and_checks(envforge: Run, tmp_path: Path) -> None:
    out = tmp_path / "df"
    assert envforge("render", "--out", str(out)).code == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "tf-cpu-tf2.21.0-py3.11.Dockerfile",
        "tf-cuda-pip-tf2.21.0-py3.11.Dockerfile",
    ]
    assert envforge("render", "--out", str(out), "--check").code == 0
    (out / "tf-cpu-tf2.21.0-py3.11.Dockerfile").write_text("edited\n")
    result = envforge("render", "--out", str(out), "--check")
    assert result.code == 1 and "out of date" in result.stderr


def test_matrix_explain_json(envforge: Run) -> None:
    result = envforge(
        "matrix", "explain", "--tf", "2.21", "--python", "3.11", "--gpu", "A100", "--json"
    )
    assert result.code == 0, result.stderr
    doc = result.data
    for key in (
        "tensorflow",
        "python",
        "cuda",
        "cudnn",
        "min_driver",
        "compute_capabilities",
        "ptx",
        "keras",
        "compatible",
        "reasons",
        "sources",
    ):
        assert key in doc, key
    assert (
        doc["tensorflow"],
        doc["cuda"],
        doc["cudnn"],
        doc["ptx"],
        doc["keras"],
        doc["compatible"],
    ) == ("2.21.0", "12.5", "9.3", "9.0", 3, True)
    bad = envforge("matrix", "explain", "--tf", "2.15", "--python", "3.13", "--json")
    assert bad.code == 1 and bad.data["compatible"] is False
    assert envforge("matrix", "explain").code == 2
    assert envforge("matrix", "explain", "--gpu", "Voodoo 3").code == 2


def test_driver_check_modes_and_require(envforge: Run) -> None:
    ok = envforge("driver-check", "--driver", "535.104.05", "--cuda", "12.5", "--json")
    assert ok.code == 0 and ok.data["mode"] == "minor-version" and ok.data["passed"] is True
    bad = envforge(
        "driver-check", "--driver", "535.104.05", "--cuda", "13.0", "--gpu", "RTX 4090", "--json"
    )
    assert bad.code == 1 and (bad.data["compatible"], bad.data["mode"]) == (False, "none")
    refused = envforge(
        "driver-check", "--driver", "535.104.05", "--cuda", "12.2", "--gpu", "H100",
        "--require", "cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0",
    )  # fmt: skip
    assert refused.code == 1 and "unsatisfied condition: cuda>=12.5" in refused.stdout
    as_json = envforge(
        "driver-check", "--driver", "535.104.05", "--cuda", "12.2", "--gpu", "H100",
        "--require", "cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0", "--json",
    )  # fmt: skip
    # the driver runs CUDA 12.2 (compatible), but the image's requirement refuses it (not passed)
    assert (as_json.data["compatible"], as_json.data["passed"]) == (True, False)
    garbled = envforge(
        "driver-check", "--driver", "535.104.05", "--cuda", "12.5", "--require", "cuda>>1"
    )
    assert garbled.code == 2


def test_matrix_list_shows_rejections_with_reasons(envforge: Run, tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(
        'schema: 1\naxes:\n  stack: [tf-cpu]\n  tf: ["2.15.0"]\n  python: ["3.11", "3.13"]\n'
    )
    doc = envforge("matrix", "list", "-m", str(path), "--json").data
    assert [c["cell"] for c in doc["cells"]] == ["tf-cpu-tf2.15.0-py3.11"]
    assert doc["rejected"][0]["cell"] == "tf-cpu-tf2.15.0-py3.13"
    assert "supports Python 3.9-3.11, not 3.13" in doc["rejected"][0]["reason"]
    human = envforge("matrix", "list", "-m", str(path))
    assert "rejected: 1 combination(s)" in human.stdout
