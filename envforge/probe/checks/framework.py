"""L1: the framework imports, and what the cell expects of it (version, Python, Keras, backend)."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..codes import Code
from .check import Check, failed, passed

__all__ = ["framework_checks"]


def _same_release(have: Any, want: Any) -> bool:
    """'2.17.1' matches '2.17' (a series) and '2.17.1'; '2.17.10' does not match '2.17.1'."""
    have, want = str(have), str(want)
    return have == want or (len(want.split(".")) == 2 and have.startswith(want + "."))


def _backend_code(want: Any) -> Code:
    return Code.KERAS_BACKEND_NOT_TF if want == "tensorflow" else Code.KERAS_BACKEND_MISMATCH


class Expectation(NamedTuple):
    """One key of the cell's expectations compared with a fact: id, key, fact, match, code, texts."""

    id: str
    key: str
    have: Callable[[dict[str, Any], dict[str, Any]], Any]  # (framework facts, all facts) -> value
    matches: Callable[[Any, Any], bool]
    code: Callable[[Any], Code]
    fail: str  # formatted with have, want, fw (the framework facts)
    ok: str


EXPECTATIONS = (
    Expectation(
        "expect.framework_version",
        "framework_version",
        lambda fw, facts: fw.get("version"),
        _same_release,
        lambda want: Code.FRAMEWORK_VERSION_MISMATCH,
        "{fw[name]} is {have}, the cell expects {want}",
        "{fw[name]} {want}, as expected",
    ),
    Expectation(
        "expect.python",
        "python",
        lambda fw, facts: (facts.get("python") or {}).get("series"),
        lambda have, want: have == want,
        lambda want: Code.PYTHON_VERSION_MISMATCH,
        "Python is {have}, the cell expects {want}",
        "Python {have}",
    ),
    Expectation(
        "expect.keras",
        "keras_major",
        lambda fw, facts: fw.get("keras_major"),
        lambda have, want: have == want,
        lambda want: Code.KERAS_VERSION_MISMATCH,
        "Keras is {fw[keras_version]}, the cell expects Keras {want}",
        "Keras {fw[keras_version]}",
    ),
    Expectation(
        "expect.backend",
        "backend",
        lambda fw, facts: fw.get("backend"),
        lambda have, want: have == want,
        _backend_code,
        "Keras runs on '{have}', the cell expects '{want}'",
        "Keras {fw[keras_version]} on {have}",
    ),
    Expectation(
        "expect.framework",
        "framework",
        lambda fw, facts: fw.get("name"),
        lambda have, want: have in (want, str(want).partition("-")[0]),
        lambda want: Code.FRAMEWORK_MISMATCH,
        "the image runs {have}, the cell expects {want}",
        "{have}, as expected",
    ),
)


def _import_failed(fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any]) -> Check:
    error = str(fw["error"])
    summary = f"{fw.get('name')} failed to import: {error}"
    backend = (facts.get("env") or {}).get("KERAS_BACKEND")
    if backend and backend != expect.get("backend") and "keras" in str(fw.get("traceback")) + error:
        return failed(
            "framework.import",
            1,
            f"KERAS_BACKEND={backend} names a backend that cannot be imported here, so {summary}",
            _backend_code(expect.get("backend")),
            evidence=[error],
            fix=f"unset KERAS_BACKEND (it names '{backend}') or install that backend",
        )
    code = Code.CPU_NO_AVX if "Illegal instruction" in error else Code.FRAMEWORK_IMPORT_FAILED
    return failed("framework.import", 1, summary, code, evidence=[error])


def framework_checks(
    fw: dict[str, Any], facts: dict[str, Any], expect: dict[str, Any]
) -> list[Check]:
    """The import, then every expectation the cell states (Keras's backend also when it states none)."""
    if fw.get("error"):
        return [_import_failed(fw, facts, expect)]
    checks = [
        passed(
            "framework.import",
            1,
            f"{fw.get('name')} {fw.get('version')} imported in {fw.get('import_s')} s",
        )
    ]
    keras_backend = (facts.get("env") or {}).get("KERAS_BACKEND", "")
    for rule in EXPECTATIONS:
        want = expect.get(rule.key)
        have = rule.have(fw, facts)
        if want is None and not (rule.key == "backend" and have):
            continue
        texts = {"have": have, "want": want, "fw": _Missing(fw)}
        if want is not None and not rule.matches(have, want):
            evidence = [f"KERAS_BACKEND={keras_backend}"] if rule.key == "backend" else []
            checks.append(
                failed(rule.id, 1, rule.fail.format(**texts), rule.code(want), evidence=evidence)
            )
        else:
            checks.append(passed(rule.id, 1, rule.ok.format(**texts)))
    return checks


class _Missing(dict[str, Any]):
    """Framework facts for message templates: a missing fact reads as '?'."""

    def __missing__(self, key: str) -> str:
        return "?"
