"""A full disk during a build (destructive: --run-destructive; own engine on a small filesystem).

The engine's data root is a loop-mounted ext4 filesystem big enough for one Keras-on-JAX image but
not two. Certifying two such cells one after the other: the first is certified, the second fails
with the engine's "no space left on device" and its own code, and both are recorded.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import docker
import pytest

from .conftest import ROOT, run_envforge, why
from .own_engine import copy_image, own_engine

pytestmark = [pytest.mark.docker, pytest.mark.destructive]
MATRIX = ROOT / "tests" / "fixtures" / "matrices" / "two-keras.yaml"
DISK_MB = 1700  # measured (BuildKit): the base 0.3 GB, each cell +0.83 GB; one fits, two do not


def test_a_full_disk_fails_that_cell_with_the_engines_message_and_keeps_the_others(
    python_image: str, docker_client: docker.DockerClient, tmp_path: Path
) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(f'bases:\n  "python:3.11-slim-bookworm": "{python_image}"\n')
    db = tmp_path / "r.db"
    common = ["-m", str(MATRIX), "--site", str(site), "--wheelhouse", str(tmp_path / "wheels")]
    # The wheels first, on the big engine (the small one's bridge has no route out).
    filled = run_envforge("build", *common, "--json", cwd=tmp_path, timeout=3000)
    assert filled.returncode == 0, why(filled, tmp_path)
    with own_engine(disk_mb=DISK_MB) as engine:
        copy_image(docker_client, engine, python_image)
        result = run_envforge(
            "certify", *common, "--offline", "--jobs", "1", "--level", "1", "--db", str(db),
            "--json", cwd=tmp_path, env={"DOCKER_HOST": engine.socket}, timeout=3000,
        )  # fmt: skip
    assert result.returncode == 1, why(result, tmp_path)
    cells = {c["cell"]: c for c in result.data["cells"]}
    first, second = cells["keras-jax-keras3.15.0-py3.11"], cells["keras-jax-keras3.15.1-py3.11"]
    assert first["verdict"] == "CERTIFIED", why(result, tmp_path)
    assert second["verdict"] == "BUILD_FAILED"
    [diagnosis] = second["diagnoses"]
    assert diagnosis["code"] == "BUILD_DISK_FULL"
    assert "no space left on device" in diagnosis["summary"].lower()
    rows = sqlite3.connect(db).execute("SELECT cell_id, verdict FROM certificates").fetchall()
    assert sorted(rows) == [
        ("keras-jax-keras3.15.0-py3.11", "CERTIFIED"),
        ("keras-jax-keras3.15.1-py3.11", "BUILD_FAILED"),
    ]
