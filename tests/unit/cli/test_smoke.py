"""A few runs of the real executable: the entry point, the exit status, what is (not) imported.

The runs are fresh interpreters and independent of each other and of every other test: they are
started when collection ends (``tests/unit/conftest.py``, ``smoke.start``), so the seconds they
take overlap the in-process tests, and each test here reads its own."""

from __future__ import annotations

import pytest

from .. import smoke

pytestmark = pytest.mark.allow_subprocess


def test_version_and_matrix_explain_do_not_import_the_docker_sdk() -> None:
    assert smoke.loaded("explain") == [False, False]
    code, out, _ = smoke.finished("version")
    assert code == 0 and out.startswith("envforge ")


def test_doctor_on_a_log_loads_neither_the_knowledge_base_nor_the_builder() -> None:
    """A log naming no release needs only the signatures: that keeps doctor under a second on a
    5 MB log (scripts/bench_doctor)."""
    assert smoke.loaded("doctor") == [False] * len(smoke.HEAVY_FOR_DOCTOR)


def test_no_engine_exits_4_with_what_to_do() -> None:
    code, _, err = smoke.finished("no engine")
    assert code == 4, err
    assert "no Docker engine answers" in err and "scripts/setup" in err
    assert "Traceback" not in err


def test_a_usage_error_from_the_real_executable() -> None:
    code, _, err = smoke.finished("usage")
    assert code == 2
    assert err.splitlines()[0].startswith("envforge: error: argument -m/--matrix: ")
    assert err.splitlines()[0].endswith("nope.yaml: no such file")
