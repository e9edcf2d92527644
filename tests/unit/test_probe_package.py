"""The probe runs inside images, on their Python: the package must parse as Python 3.9 and import
only the standard library and itself (the integration tier runs it on a 3.9 image for real)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import envforge.probe

PROBE = Path(envforge.probe.__file__).parent


def test_the_probe_is_python_3_9_and_standard_library_only() -> None:
    modules = sorted(PROBE.rglob("*.py"))
    assert len(modules) > 10
    foreign = []
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=(3, 9))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in _FRAMEWORKS:
                    foreign.append(f"{path.relative_to(PROBE)}: {name}")
    assert foreign == []


# The frameworks the probe looks for inside an image (imported where they are installed).
_FRAMEWORKS = {"tensorflow", "tf_keras", "keras", "jax", "jaxlib", "torch", "numpy", "plaidml"}
