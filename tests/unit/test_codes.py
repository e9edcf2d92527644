"""Every code envforge emits is in the registry (probe/codes.py), with a layer, a meaning and a fix."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from envforge.probe.codes import CODES, LAYERS, Code, info, layer_of
from envforge.probe.signatures import SIGNATURES

from .facts import FIXTURES, document

SOURCE = Path(__file__).resolve().parents[2] / "envforge"
CODE_SHAPE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
BRACKETED = re.compile(r"\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\]")
# Calls whose argument at this position (or keyword ``code``) is a code.
CODE_ARGUMENT = {"Diagnosis": 0, "_diagnosis": 0, "failed": 3, "warned": 3, "skipped": 3, "Code": 0}


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def emitted_codes() -> dict[str, list[str]]:
    """Every code the source emits as a literal, or names as ``Code.X`` / ``C.X``: code -> where."""
    found: dict[str, list[str]] = {}

    def note(name: str, where: str) -> None:
        found.setdefault(name, []).append(where)

    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(SOURCE.parent)
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for name in BRACKETED.findall(node.value):
                    note(name, where)
            elif isinstance(node, ast.Call):
                position = CODE_ARGUMENT.get(_call_name(node))
                values = [kw.value for kw in node.keywords if kw.arg == "code"]
                if position is not None and len(node.args) > position:
                    values.append(node.args[position])
                for value in values:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        note(value.value, where)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "code"
                        and isinstance(value, ast.Constant)
                    ):
                        if isinstance(value.value, str) and CODE_SHAPE.match(value.value):
                            note(value.value, where)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in ("Code", "C") and CODE_SHAPE.match(node.attr):
                    note(node.attr, where)
    return found


def test_every_code_the_source_emits_is_registered() -> None:
    found = emitted_codes()
    assert len(found) > 60  # the scan sees the source, not nothing
    unknown = {code: places for code, places in found.items() if code not in Code.__members__}
    assert not unknown, f"codes not in probe/codes.py: {unknown}"


def test_every_signature_and_every_recorded_check_uses_a_registered_code() -> None:
    assert all(isinstance(sig.code, Code) for sig in SIGNATURES)
    for path in sorted(FIXTURES.rglob("*.json")):
        for check in document(str(path.relative_to(FIXTURES)))["checks"]:
            assert check["code"] is None or check["code"] in Code.__members__, (path.name, check)


@pytest.mark.parametrize("code", list(Code))
def test_each_code_has_a_layer_a_meaning_and_a_fix(code: Code) -> None:
    entry = CODES[code]
    assert entry.layer in LAYERS and entry.meaning and entry.fix
    assert str(code) == code.value == f"{code}" and info(code.value) == entry


def test_unknown_codes() -> None:
    assert info("NOT_A_CODE") is None and layer_of("NOT_A_CODE") == "probe"
