"""Deliberately broken images: the probe's verdict must name the cause with the catalogue's code."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest

from envforge.probe import SCHEMA_VERSION as REPORT_SCHEMA

from .conftest import run_envforge

pytestmark = pytest.mark.docker
SITE = "/opt/venv/lib/python3.11/site-packages"


def verify(image: str, *args: str, cwd: Path) -> tuple[int, dict[str, Any]]:
    result = run_envforge("verify", image, "--json", "--level", "1", *args, cwd=cwd)
    assert result.stdout.strip().startswith("{"), result.stderr[-2000:]
    return result.returncode, result.data


def codes(doc: dict[str, Any]) -> list[str]:
    return [d["code"] for d in doc["diagnoses"]]


def test_tf_built_for_cudnn9_with_a_cudnn8_wheel(cuda_image: str, derive, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    image = derive(
        cuda_image,
        "RUN /opt/venv/bin/pip uninstall -q -y nvidia-cudnn-cu12 \\\n"
        " && PIP_CERT=/tmp/ca.pem /opt/venv/bin/pip install -q --no-cache-dir --no-deps "
        "nvidia-cudnn-cu12==8.9.7.29 && rm /tmp/ca.pem",
        "cudnn8",
    )
    code, doc = verify(image, cwd=tmp_path)
    assert code == 1 and doc["passed"] is False
    assert "CUDNN_VERSION_MISMATCH" in codes(doc)
    cudnn = next(c for c in doc["checks"] if c["id"] == "library.cudnn")
    assert (
        "Loaded runtime CuDNN library: 8.9.7 but source was compiled with: 9.3" in cudnn["summary"]
    )


def test_a_cuda_library_deleted(cuda_image: str, derive, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    image = derive(
        cuda_image, f"RUN rm {SITE}/nvidia/cusolver/lib/libcusolver.so.11 /tmp/ca.pem", "nocusolver"
    )
    code, doc = verify(image, cwd=tmp_path)
    assert code == 1 and "CUDA_LIBS_NOT_FOUND" in codes(doc)
    check = next(c for c in doc["checks"] if c["id"] == "library.cusolver")
    assert check["status"] == "fail" and "libcusolver.so.11" in check["summary"]


def test_tensorflow_cpu_where_cuda_is_expected(cpu_image: dict[str, Any], tmp_path: Path) -> None:
    code, doc = verify(cpu_image["image"], "--expect-accelerator", "cuda", cwd=tmp_path)
    assert code == 1 and codes(doc) == ["CPU_ONLY_TF_BUILD"]
    assert doc["level"] == 0


def test_keras_backend_naming_a_backend_that_is_not_installed(
    cpu_image: dict[str, Any],
    derive,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    image = derive(cpu_image["image"], "ENV KERAS_BACKEND=torch", "backend-torch")
    code, doc = verify(image, cwd=tmp_path)
    assert code == 1 and codes(doc) == ["KERAS_BACKEND_NOT_TF"]
    assert "torch" in doc["diagnoses"][0]["summary"]


def test_foreign_image_gets_the_probe_injected(
    cpu_image: dict[str, Any], derive, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    # Blank envforge labels: for verify this is an image envforge did not build.
    image = derive(cpu_image["image"], 'LABEL io.envforge.cell="" io.envforge.expect=""', "foreign")
    code, doc = verify(image, cwd=tmp_path)
    assert code == 0, doc["diagnoses"]
    assert doc["probe_injected"] is True and doc["passed"] is True and doc["level"] == 1
    assert run_envforge("verify", "no-such-image:nope", cwd=tmp_path).returncode == 2


@pytest.mark.parametrize(
    ("env", "code"),
    [
        ("CUDA_VISIBLE_DEVICES=-1", "GPU_HIDDEN_BY_ENV"),
        ("NVIDIA_VISIBLE_DEVICES=void", "GPU_HIDDEN_BY_ENV"),
        ("NVIDIA_DRIVER_CAPABILITIES=utility", "CONTAINER_CAPABILITIES_NO_COMPUTE"),
    ],
)
def test_an_image_that_hides_its_gpus_fails_at_l1_even_without_a_gpu(
    cuda_image: str,
    derive,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    env: str,
    code: str,
) -> None:
    name = env.split("=")[0].lower().replace("_", "-")
    image = derive(cuda_image, f"ENV {env}\nRUN rm /tmp/ca.pem", f"hides-{name}")
    status, doc = verify(image, cwd=tmp_path)
    assert status == 1 and doc["level"] == 0, doc["diagnoses"]
    hidden = next(c for c in doc["checks"] if c["id"] == "env.gpu_visible")
    assert hidden["status"] == "fail" and hidden["code"] == code
    assert hidden["evidence"] == [env] and hidden["fix"]
    if code == "GPU_HIDDEN_BY_ENV" and "CUDA" in env:
        doctor = run_envforge("doctor", "--image", image, "--json", cwd=tmp_path)
        assert doctor.returncode == 1, doctor.stderr[-2000:]
        found = {d["code"]: d for d in doctor.data["diagnoses"]}
        assert found[code]["fix"] == hidden["fix"]


HOSTILE = {
    "flood": "head -c 300000000 /dev/zero | tr '\\0' 'A'; echo",
    "deep": "/opt/venv/bin/python -c \"print('{\\\"checks\\\": ' + '[' * 200000)\"",
    "escapes": (
        "printf '\\033]0;owned\\007\\033[2J\\033[31m\\r\\n' >&2; "
        f'printf \'{{"schema_version": {REPORT_SCHEMA}, "checks": [{{"id": "x\\\\u001b[2J", "level": 1, '
        '"status": "pass", "summary": "\\\\u001b]0;owned\\\\u0007\\\\u202eevil"}], '
        '"\\\\u001b[1m": "\\\\u009b6n"}\\n\''
    ),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_probe_can_neither_hang_nor_garble_the_host(
    cpu_image: dict[str, Any],
    derive,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    kind: str,
) -> None:
    script = base64.b64encode(f"#!/bin/sh\n{HOSTILE[kind]}\n".encode()).decode()
    image = derive(
        cpu_image["image"],
        f"RUN echo {script} | base64 -d > /opt/venv/bin/envforge-probe"
        " && chmod 755 /opt/venv/bin/envforge-probe && rm /tmp/ca.pem",
        f"hostile-{kind}",
    )
    human = run_envforge("verify", image, "--level", "1", cwd=tmp_path)
    assert human.returncode in (0, 1), human.stderr[-2000:]
    shown = human.stdout + human.stderr
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
    assert len(shown) < 200_000
    status, doc = verify(image, cwd=tmp_path)
    assert status in (0, 1)
    if kind == "escapes":
        assert status == 0 and doc["checks"][0]["summary"] == "\\x1b]0;owned\\x07\\u202eevil"
    else:
        assert status == 1 and doc["diagnoses"][0]["code"] in (
            "PROBE_REPORT_INVALID",
            "PROBE_CRASHED",
        )
