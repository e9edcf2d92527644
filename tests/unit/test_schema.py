"""The committed JSON Schema of matrix files matches the model, and every shipped matrix satisfies it."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from envforge import paths
from envforge.matrix import matrix_schema

SCHEMA_PATH = paths.matrices_dir() / "matrix.schema.json"
REPORT_SCHEMA_PATH = (
    Path(__file__).resolve().parents[2] / "envforge" / "probe" / "report.schema.json"
)
FACTS = Path(__file__).resolve().parents[1] / "fixtures" / "facts"


@functools.cache
def validator(path: Path) -> jsonschema.protocols.Validator:
    """The committed schema at ``path``, itself checked once, as a validator."""
    schema = json.loads(path.read_text())
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def test_committed_schema_is_up_to_date() -> None:
    assert json.loads(SCHEMA_PATH.read_text()) == json.loads(json.dumps(matrix_schema())), (
        "run scripts/generate-schema"
    )


def test_committed_probe_report_schema_is_up_to_date_and_holds_recorded_reports() -> None:
    from envforge.probe_document import report_schema

    committed = json.loads(REPORT_SCHEMA_PATH.read_text())
    assert committed == json.loads(json.dumps(report_schema())), "run scripts/generate-schema"
    for path in sorted(FACTS.rglob("*.json")):
        validator(REPORT_SCHEMA_PATH).validate(json.loads(path.read_text()))
    with pytest.raises(jsonschema.ValidationError):
        validator(REPORT_SCHEMA_PATH).validate({"schema_version": 3, "checks": [], "framework": []})


@pytest.mark.parametrize("path", sorted(paths.matrices_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_matrices_satisfy_the_schema(path) -> None:  # type: ignore[no-untyped-def]
    validator(SCHEMA_PATH).validate(yaml.safe_load(path.read_text()))


def test_schema_rejects_what_the_loader_rejects() -> None:
    with pytest.raises(jsonschema.ValidationError):
        validator(SCHEMA_PATH).validate({"schema": 1, "axes": {"stack": ["tf-gpu"]}})
    with pytest.raises(jsonschema.ValidationError):
        validator(SCHEMA_PATH).validate({"schema": 1, "axes": {"stack": ["tf-cpu"]}, "extra": 1})
