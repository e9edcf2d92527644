"""Boundary: what a registry and Slurm answer (docs/security.md, "Registry and Slurm replies").
A reply is data of a checked shape or it is not used: a job id that is not one, a node name that
is not one, JSON of another shape, a digest of another repository; nothing of it reaches a file
name, an sbatch argument or the terminal unchecked."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envforge.engine.docker import repository_digest
from envforge.engine.slurm import SlurmCluster, SlurmError
from envforge.identifiers import check_node

from ..fuzzing import examples
from .hostile import ESCAPES, hostile_text

JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "jobs",
                    "job_id",
                    "job_state",
                    "exit_code",
                    "nodes",
                    "state_reason",
                    "return_code",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        ),  # fmt: skip
    ),
    max_leaves=20,
)


class _Answers(SlurmCluster):
    """A cluster whose commands answer ``stdout`` (what a hostile or broken Slurm could print)."""

    def __init__(self, stdout: str, returncode: int = 0) -> None:
        super().__init__("/nonexistent/slurm.conf")
        self.stdout, self.returncode = stdout, returncode

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(list(argv), self.returncode, self.stdout, "")


@settings(max_examples=examples(30), deadline=1000)
@given(reply=JSON, job_ids=st.lists(st.from_regex(r"\d{1,6}", fullmatch=True), max_size=3))
def test_any_squeue_json_gives_job_states_or_none(reply: Any, job_ids: list[str]) -> None:
    found = _Answers(json.dumps(reply))._squeue_json(job_ids) if job_ids else None
    for job in (found or {}).values():
        assert job.state.replace("_", "").isalpha() and "\n" not in job.reason + job.node


@pytest.mark.parametrize("answer", ["", "abc", "1 && rm", "-1", *ESCAPES])
def test_sbatch_must_answer_a_job_id(answer: str) -> None:
    cluster = _Answers(answer)
    with pytest.raises(SlurmError, match="not a job id"):
        cluster.submit(
            Path("/tmp/task.sh"), node="n1", job_name="j",
            output=Path("/tmp/out"), partition=None, time_limit_min=5,
        )  # fmt: skip


def test_sbatch_job_ids_pass_as_they_are() -> None:
    for answer in ("123", "123;cluster", "123_4\n"):
        cluster = _Answers(answer)
        job = cluster.submit(
            Path("/tmp/task.sh"), node="n1", job_name="j",
            output=Path("/tmp/out"), partition=None, time_limit_min=5,
        )  # fmt: skip
        assert job == answer.split(";")[0].strip()


@settings(max_examples=examples(30), deadline=1000)
@given(name=hostile_text, features=st.text(max_size=20))
def test_a_node_whose_name_is_not_one_is_never_usable(name: str, features: str) -> None:
    line = f"{name}|idle|{features}|none|gpu*"
    for node in _Answers(line.replace("\n", " ")).nodes():
        try:
            check_node(node.name)
        except ValueError:
            assert not node.available and "\n" not in node.name
        else:
            assert node.state == "idle" or not node.available


@pytest.mark.parametrize(
    ("digests", "expected"),
    [
        (["reg:5000/tf@sha256:" + "a" * 64], "reg:5000/tf@sha256:" + "a" * 64),
        (["reg:5000/other@sha256:" + "a" * 64], None),
        (["reg:5000/tf@sha256:" + "A" * 64], None),
        (["reg:5000/tf@sha256:" + "a" * 64 + "\n; rm -rf /"], None),
        ("reg:5000/tf@sha256:" + "a" * 64, None),
        ([{"digest": "x"}, None, 5], None),
    ],
)
def test_a_repository_digest_is_of_the_repository_pushed_and_well_formed(
    digests: object, expected: str | None
) -> None:
    assert repository_digest("reg:5000/tf", digests) == expected


def test_an_oversized_reply_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(argv, 0, "x" * (33 * 2**20), "")

    monkeypatch.setattr("envforge.engine.slurm.subprocess.run", run)
    with pytest.raises(SlurmError, match="not one envforge reads"):
        SlurmCluster("/nonexistent").nodes()
