"""Fuzzing at the door: any command line, any matrix file gives a result or an EnvforgeError.

Never a traceback, never another exception, never a hang: each example is bounded in time, and the
example counts are small so the unit tier stays fast (ENVFORGE_FUZZ_EXAMPLES=5000 hunts longer).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import docker.errors
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envforge.cli import main_inner
from envforge.errors import EnvforgeError
from envforge.knowledge import load_knowledge
from envforge.matrix import expand, load_matrix

from .fuzzing import examples

COMMANDS = [
    ["certify"],
    ["build"],
    ["render"],
    ["verify"],
    ["forge"],
    ["report"],
    ["doctor"],
    ["driver-check"],
    ["matrix", "list"],
    ["matrix", "explain"],
    ["codes"],
    [],
]
OPTIONS = (
    "--json --tf --python --cuda --driver --gpu --cc --rocm --level --jobs --probe-timeout "
    "--probe-memory --select -m --matrix --db --out --format -o --output --image --log --require "
    "--brand --baseline --candidate --tag --accelerator --expect-accelerator --ca-bundle --site "
    "--wheelhouse --offline --no-cache --check --force --gpu-present --help -h --version"
).split()
VALUES = st.one_of(
    st.sampled_from(
        [
            "2.21",
            "3.11",
            "12.5",
            "535.104.05",
            "8.9",
            "H100",
            "RTX 4090",
            "-1",
            "0",
            "",
            "-",
            "x" * 300,
            "tf-*",
            "sha256:" + "a" * 64,
            "default",
            "md",
            "json",
            "html",
            "cuda",
            "cpu",
            "rocm",
            "yes",
            "/",
            ".",
            "/dev/null",
            "cuda>=12.0 brand=tesla,driver>=535",
            "CUDNN_VERSION_MISMATCH",
            "A:B@c",
            "\x1b[2J",
            "20261123T085200Z-03eff3",
            ">=2.17,<2.21",
        ]
    ),  # fmt: skip
    st.text(max_size=20),
)
ARGV = st.tuples(
    st.sampled_from(COMMANDS),
    st.lists(st.tuples(st.sampled_from(OPTIONS), st.lists(VALUES, max_size=2)), max_size=4),
    st.lists(VALUES, max_size=2),
).map(lambda t: [*t[0], *[w for opt, vals in t[1] for w in (opt, *vals)], *t[2]])


@pytest.fixture()
def offline_world(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No engine answers and no process starts, as on a machine without either."""

    def no_engine(*args: object, **kwargs: object) -> None:
        raise docker.errors.DockerException("fuzzing: no engine")

    def no_process(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError(2, "fuzzing: no processes", str(args[0]) if args else "")

    monkeypatch.setattr(docker, "from_env", no_engine)
    monkeypatch.setattr(docker, "DockerClient", no_engine)
    monkeypatch.setattr("subprocess.Popen", no_process)
    monkeypatch.setenv("ENVFORGE_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)


@pytest.mark.usefixtures("offline_world")
@settings(
    max_examples=examples(40),
    deadline=5000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=ARGV)
def test_any_command_line_gives_a_documented_exit_and_no_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a log line\n")))
    try:
        code = main_inner(argv)
    except SystemExit as exc:  # --help and --version print and exit 0, as argparse does
        code = exc.code if isinstance(exc.code, int) else 0
    out, err = capsys.readouterr()
    assert code in (0, 1, 2, 3, 4), (argv, code, err[-2000:])
    assert "Traceback" not in out + err and "internal error" not in err, (argv, err[-2000:])


YAML_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.sampled_from(["tf-cpu", "tf-cuda-pip", "2.21.0", "3.11", "12.5", "{stack}", "{tf}"]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "schema",
                    "axes",
                    "stack",
                    "tf",
                    "python",
                    "cuda",
                    "cell_id",
                    "include",
                    "exclude",
                    "bases",
                    "description",
                    "keras",
                    "x",
                ]
            ),  # fmt: skip
            children,
            max_size=5,
        ),
    ),
    max_leaves=25,
)
DEFAULT = (Path(__file__).resolve().parents[2] / "matrices" / "default.yaml").read_bytes()


@st.composite
def matrix_bytes(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["structure", "mutation", "raw"]))
    if kind == "structure":
        return yaml.safe_dump(draw(YAML_VALUES), allow_unicode=True).encode()
    if kind == "mutation":
        data = bytearray(DEFAULT)
        for _ in range(draw(st.integers(1, 6))):
            at = draw(st.integers(0, len(data)))
            if draw(st.booleans()) and at < len(data):
                del data[at : at + draw(st.integers(1, 8))]
            else:
                data[at:at] = draw(st.binary(min_size=1, max_size=6))
        return bytes(data)
    return draw(st.binary(max_size=200))


@settings(
    max_examples=examples(40),
    deadline=2000,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=matrix_bytes())
def test_any_matrix_file_gives_cells_or_a_located_error(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_bytes(data)
    try:
        expand(load_matrix(path), load_knowledge())
    except EnvforgeError as exc:
        assert str(path) in exc.message or "nothing" in exc.message, exc.message
