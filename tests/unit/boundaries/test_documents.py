"""Boundary: probe documents and the files nodes leave (docs/security.md, "Images" and "Spool
files"). Any document gives a certificate (a bad one: PROBE_REPORT_INVALID) and nothing
downstream (the store, the report, the knowledge tables) ever sees a field of the wrong shape;
collect reads no link, FIFO or device, never hangs, and records a bad document as that image's
error while it judges the others."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envforge.certificate import certify
from envforge.expectations import Expectations
from envforge.jobs.cluster import kubernetes
from envforge.jobs.context import Context
from envforge.paths import StatePaths
from envforge.results import ContainerRun, Verdict
from envforge.store import Store

from ..facts import TF_CUDA, document
from ..fuzzing import examples
from ..hosts import NO_GPU
from .conftest import CliRun

DOC = document(TF_CUDA)
IMAGE = "127.0.0.1:5000/tf-cuda@sha256:" + "b" * 64
JSON = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-5, 2**40), st.floats(allow_nan=True),
        st.text(max_size=12), st.sampled_from(["2.21.0", "x" * 50, "9.3", "\x1b[2J", "-1"]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=15,
)  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value[:3]):
            found += _paths(child, (*prefix, index))
    return found


PATHS = _paths(DOC)


def _replace(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = json.loads(json.dumps(doc))
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _certify(stdout: str) -> Any:
    return certify(
        cell_id="tf-cuda", expectations=Expectations(accelerator="cuda"), level=3, host=NO_GPU,
        image_id="sha256:" + "c" * 64, image_ref="x",
        probe=ContainerRun(exit_code=0, stdout=stdout, stderr="", seconds=1.0),
    )  # fmt: skip


@settings(max_examples=examples(20), deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON)
def test_a_document_changed_anywhere_gives_a_certificate_that_downstream_can_read(
    path: tuple[Any, ...], value: Any
) -> None:
    from envforge.tables.report import cell_facts

    cert = _certify(json.dumps(_replace(DOC, path, value)) + "\n")
    assert cert.verdict in tuple(Verdict)
    if cert.verdict is Verdict.PROBE_ERROR:
        assert cert.diagnoses[0].code in ("PROBE_REPORT_INVALID", "PROBE_CRASHED")
        return
    record = type("R", (), {"certificate": cert, "id": 1, "run_id": "r"})()
    cell_facts(record, "tf-cuda-pip", lambda cuda: (None, None))  # type: ignore[arg-type]


@settings(max_examples=examples(20), deadline=2000)
@given(doc=JSON)
def test_any_json_document_gives_a_certificate(doc: Any) -> None:
    cert = _certify(json.dumps(doc) + "\n")
    assert cert.verdict is Verdict.PROBE_ERROR


def _pair(directory: Path, name: str, content: bytes | None, node: str = "gpu-1") -> Path:
    (directory / f"{name}.meta").write_text(f"image={IMAGE}\nnode={node}\ncell={name}\n")
    path = directory / f"{name}.json"
    if content is not None:
        path.write_bytes(content)
    return path


def test_collect_judges_what_it_can_and_records_the_rest_as_errors(tmp_path: Path) -> None:
    results = tmp_path / "results"
    results.mkdir()
    _pair(results, "good", json.dumps(DOC).encode() + b"\n")
    _pair(results, "a-list", b"[1, 2, 3]\n")
    bad_version = _replace(DOC, ("expect", "cuda"), "not-a-version")
    bad_version = _replace(bad_version, ("framework",), ["not", "an", "object"])
    _pair(results, "wrong-shape", json.dumps(bad_version).encode() + b"\n")
    os.mkfifo(_pair(results, "fifo", None))
    _pair(results, "link", None).symlink_to("/etc/passwd")
    _pair(results, "zero", None).symlink_to("/dev/zero")
    _pair(results, "huge", b"{" + b" " * (17 * 2**20) + b"}\n")
    store = tmp_path / "r.db"
    with Context(state=StatePaths(tmp_path / "state"), db=store, host=NO_GPU) as ctx:
        result = kubernetes.collect(ctx, kubernetes.CollectRequest(tmp_path))
    by_cell = {i.cell_id: i for i in result.items}
    assert by_cell["good"].verdict != Verdict.PROBE_ERROR.value
    for name in ("a-list", "wrong-shape", "fifo", "link", "zero", "huge"):
        assert by_cell[name].verdict == Verdict.PROBE_ERROR.value, name
        assert by_cell[name].codes == ("PROBE_REPORT_INVALID",), name
    with Store(store, read_only=True) as read:
        kept = "".join(json.dumps(c.certificate.to_dict()) for c in read.certificates())
    assert "root:" not in kept  # /etc/passwd was never read


def test_the_tables_read_what_collect_recorded(
    tmp_path: Path, envforge: Callable[..., CliRun]
) -> None:
    results = tmp_path / "results"
    results.mkdir()
    odd = _replace(DOC, ("expect", "cudnn"), "9.3; DROP TABLE")
    _pair(results, "odd", json.dumps(odd).encode() + b"\n")
    store = tmp_path / "r.db"
    with Context(state=StatePaths(tmp_path / "state"), db=store, host=NO_GPU) as ctx:
        kubernetes.collect(ctx, kubernetes.CollectRequest(tmp_path))
    for argv in (("report",), ("matrix", "table"), ("report", "--format", "csv")):
        result = envforge(*argv, "--db", str(store))
        assert result.code == 0, result.stderr
        assert "DROP TABLE" not in result.stdout


@pytest.mark.parametrize("meta", ["image=x;rm\nnode=n\n", "image=" + IMAGE + "\nnode=a b\n",
                                  "node=n\n", "image=" + IMAGE + "\nnode=n\ncell=../x\n"])  # fmt: skip
def test_a_meta_that_does_not_fit_is_refused_before_the_run(tmp_path: Path, meta: str) -> None:
    from envforge.errors import BadInputError

    (tmp_path / "a.json").write_text(json.dumps(DOC))
    (tmp_path / "a.meta").write_text(meta)
    with Context(state=StatePaths(tmp_path / "s"), db=tmp_path / "r.db", host=NO_GPU) as ctx:
        with pytest.raises(BadInputError, match="a.meta"):
            kubernetes.collect(ctx, kubernetes.CollectRequest(tmp_path))
    assert not (tmp_path / "r.db").exists()
