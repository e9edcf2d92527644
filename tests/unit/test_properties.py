"""Property-based: expanding any matrix never yields a cell the knowledge base rejects, and every
combination it drops comes with a reason (hypothesis)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from packaging.version import Version

from envforge.knowledge import load_knowledge
from envforge.knowledge.explain import explain
from envforge.matrix import expand, load_matrix

from .fuzzing import examples

pytestmark = pytest.mark.live_knowledge  # tests of the knowledge base's data

KB = load_knowledge()
TF_VERSIONS = [str(r.tf) for r in KB.tensorflow.releases] + ["2.3.0", "2.22.0"]
PYTHONS = [f"3.{m}" for m in range(5, 16)]
STACKS = ["tf-cpu", "tf-cuda-pip"]


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    stacks=st.lists(st.sampled_from(STACKS), min_size=1, max_size=2, unique=True),
    tfs=st.lists(st.sampled_from(TF_VERSIONS), min_size=1, max_size=5, unique=True),
    pythons=st.lists(st.sampled_from(PYTHONS), min_size=1, max_size=4, unique=True),
    python_source=st.sampled_from(["distro", "image"]),
)
def test_expansion_never_yields_a_rejected_cell(
    stacks: list[str], tfs: list[str], pythons: list[str], python_source: str
) -> None:
    text = (
        f"schema: 1\npython_source: {python_source}\naxes:\n  stack: {json.dumps(stacks)}\n"
        f"  tf: {json.dumps(tfs)}\n  python: {json.dumps(pythons)}\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.yaml"
        path.write_text(text)
        expansion = expand(load_matrix(path), KB)
    assert len(expansion.cells) + len(expansion.rejected) == len(stacks) * len(tfs) * len(pythons)
    for cell in expansion.cells:
        axes = cell.axes
        # Independently of stacks.py: the knowledge base's explain says the pair works.
        assert explain(KB, tf=axes["tf"], python=axes["python"]).compatible is True
        if cell.spec.stack == "tf-cuda-pip":
            assert Version(axes["tf"]) >= Version("2.12")
            assert cell.spec.expect.cuda is not None and cell.spec.expect.nvidia_require_cuda
        assert cell.spec.recipe.base_image
    for rejected in expansion.rejected:
        assert rejected.reason
