"""Boundary: identifiers from matrices, site files and the command line (docs/security.md,
"Matrices and site files", "Command-line values"). A value that reaches an engine, a path, a
scheduler or a script fits its grammar, or it is one located line and exit 2 before anything
outside envforge is touched."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envforge.errors import InvalidFileError
from envforge.identifiers import is_cell_id
from envforge.knowledge import load_knowledge
from envforge.matrix import expand, load_matrix
from envforge.site import load_site

from ..fuzzing import examples
from .conftest import CliRun
from .hostile import ESCAPES, hostile_text

MEMORY_MB = 64  # per example: a hostile value must not make envforge hold much

BASE = {
    "schema": 1,
    "cell_id": "{stack}-tf{tf}-py{python}",
    "axes": {"stack": ["tf-cpu"], "tf": ["2.21.0"], "python": ["3.11"]},
}
FIELDS = [
    ("cell_id",),
    ("description",),
    ("axes", "tf", 0),
    ("axes", "python", 0),
    ("axes", "os"),
    ("bases",),
]
TEMPLATES = st.one_of(
    hostile_text,
    st.sampled_from(
        [
            "{stack:d}",
            "{stack!r}",
            "{stack:>100000000}",
            "{stack.__class__}",
            "{stack[0]}",
            "{}",
            "{0}",
            "{{stack}}",
            "../{stack}",
            "{stack}\n{tf}",
            "{stack:{python}}",
            "x" * 300,
        ]
    ),  # fmt: skip
)


def _with(path: tuple[object, ...], value: object) -> dict[str, object]:
    data: dict[str, object] = yaml.safe_load(yaml.safe_dump(BASE))
    if path == ("axes", "os"):
        data["axes"]["os"] = [value]  # type: ignore[index]
    elif path == ("bases",):
        data["bases"] = {"python:3.11-slim": value, str(value): "debian:bookworm"}
    else:
        target = data
        for key in path[:-1]:
            target = target[key]  # type: ignore[index,assignment]
        target[path[-1]] = value  # type: ignore[index]
    return data


def _bounded(call: Callable[[], object]) -> None:
    tracemalloc.start()
    try:
        call()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < MEMORY_MB * 2**20, f"{peak / 2**20:.0f} MB"


@settings(
    max_examples=examples(25),
    deadline=2000,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(field=st.sampled_from(FIELDS), value=TEMPLATES)
def test_a_matrix_value_fits_its_grammar_or_is_a_located_error(
    field: tuple[object, ...], value: str, tmp_path: Path
) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(yaml.safe_dump(_with(field, value), allow_unicode=True))

    def load() -> None:
        try:
            expansion = expand(load_matrix(path), load_knowledge())
        except InvalidFileError as exc:
            assert exc.message.startswith(f"{path}:"), exc.message
            assert "\n" not in exc.message
            return
        for cell in expansion.cells:
            assert is_cell_id(cell.id), cell.id

    _bounded(load)


@settings(
    max_examples=examples(20),
    deadline=2000,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(key=st.sampled_from(["bases", "ca_bundle", "client", "builder"]), value=hostile_text)
def test_a_site_value_fits_its_grammar_or_is_a_located_error(
    key: str, value: str, tmp_path: Path
) -> None:
    site = {
        "bases": {"debian:bookworm": value},
        "ca_bundle": {"ca_bundle": value},
        "client": {"buildkit": {"client": value}},
        "builder": {"buildkit": {"builder": value}},
    }[key]
    path = tmp_path / "site.yaml"
    path.write_text(yaml.safe_dump(site, allow_unicode=True))
    try:
        loaded = load_site(path, default=tmp_path / "none.yaml")
    except InvalidFileError as exc:
        assert exc.message.startswith(f"{path}:"), exc.message
        return
    for image in loaded.bases.values():
        assert not any(c in image for c in " \n\r\t;$`'\"|&<>")


OPTIONS = {
    "--partition": ["gpu;rm -rf /", "a b", "$(x)", "-x", "p\nq", "x" * 80],
    "--nodes": ["n1,$(x)", "n1;n2", "../n", "n 1", ",", "n1,\n"],
    "--sbatch-arg": ["--output=/tmp/x", "--wrap=id", "--array=1-100", "-A acct", "--x=a\nb",
                     "--nodelist=n9", "--job-name=x", "time=5", "--chdir=/"],
    "--registry": ["127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:99999", "http://r:5000",
                   "user:pw@r:5000", "r:5000/UPPER", "r:5000/a b", "localhost:5000/../x"],
    "--constraint": ["h100;rm", "$(x)", "h100&", "a\nb"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("option", "value"), [(o, v) for o, values in OPTIONS.items() for v in values]
)
def test_cluster_option_values_are_refused_before_slurm_is_contacted(
    option: str, value: str, envforge: Callable[..., CliRun], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("ENVFORGE_STATE_DIR", str(tmp_path / "state"))
    argv = ["certify", "--backend", "slurm", "--registry", "127.0.0.1:5000"]
    result = envforge(*argv, f"{option}={value}")
    assert result.code == 2, (option, value, result.stderr)
    lines = [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]
    assert len(lines) == 1 and option in lines[0], result.stderr
    assert not (tmp_path / "state").exists()  # no store, no spool, nothing


@pytest.mark.parametrize("value", ESCAPES[:8])
def test_an_image_reference_with_anything_but_its_grammar_is_refused(
    value: str, envforge: Callable[..., CliRun]
) -> None:
    result = envforge("verify", f"python:3.11{value}")
    assert result.code == 2 and "image reference" in result.stderr, result.stderr
