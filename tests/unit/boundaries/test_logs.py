"""Boundary: logs users paste (docs/security.md, "Logs"). Whatever a log holds, doctor answers in
time linear in its size: no pattern can backtrack (every repetition is bounded, checked here on
the patterns themselves), and any text, however long its lines, gives diagnoses or none."""

from __future__ import annotations

import re
import re._constants as constants
import re._parser as parser
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from envforge.diagnosis import diagnose_log
from envforge.log_facts import extract_facts
from envforge.probe import loose, signatures

from ..fuzzing import examples
from .hostile import hostile_text


def _module_patterns() -> list[str]:
    """Every compiled pattern the log side keeps at module level (facts, normalisation, reading)."""
    import envforge.log_arch_patterns as arch_patterns_module
    import envforge.log_fact_patterns as fact_patterns_module
    import envforge.log_facts as facts_module
    import envforge.log_memory_patterns as memory_patterns_module
    import envforge.log_neighbours as neighbours_module
    import envforge.log_reading as reading_module
    import envforge.log_rules as rules_module
    import envforge.log_runtime_rules as runtime_rules_module
    import envforge.probe.logtext as logtext_module

    found = []
    modules = (
        facts_module, fact_patterns_module, neighbours_module, reading_module, rules_module,
        runtime_rules_module, logtext_module, memory_patterns_module,
        arch_patterns_module,
    )  # fmt: skip
    for module in modules:
        for value in vars(module).values():
            values = value if isinstance(value, (tuple, list)) else (value,)
            for item in values:
                item = item[1] if isinstance(item, tuple) and len(item) == 2 else item
                if isinstance(item, re.Pattern):
                    found.append(item.pattern)
                for inner in getattr(item, "patterns", ()):  # a fact rule's own patterns
                    if isinstance(inner, re.Pattern):
                        found.append(inner.pattern)
            if isinstance(value, dict):
                found += [v.pattern for v in value.values() if isinstance(v, re.Pattern)]
    return found


PATTERNS = [
    *(p for s in (*signatures.SIGNATURES, *loose.LOOSE) for p in s.patterns),
    *signatures.BENIGN,
    *signatures.GPU_EVIDENCE,
    *_module_patterns(),
]
_REPEATS = (constants.MAX_REPEAT, constants.MIN_REPEAT, constants.POSSESSIVE_REPEAT)


def _unbounded(items: Any) -> list[str]:
    found = []
    for op, av in items:
        if op in _REPEATS:
            if av[1] == constants.MAXREPEAT:
                found.append(str(op))
            found += _unbounded(av[2])
        elif op == constants.SUBPATTERN:
            found += _unbounded(av[-1])
        elif op == constants.BRANCH:
            for branch in av[1]:
                found += _unbounded(branch)
        elif op in (constants.ASSERT, constants.ASSERT_NOT):
            found += _unbounded(av[1])
    return found


def test_every_pattern_repeats_a_bounded_number_of_times() -> None:
    unbounded = [p for p in PATTERNS if _unbounded(parser.parse(p))]
    assert len(PATTERNS) > 900 and not unbounded, f"unbounded repetition in {unbounded!r}"


LINE = st.one_of(
    hostile_text,
    st.sampled_from(PATTERNS).map(lambda p: re.sub(r"[\\^$()?*+{}\[\]]", "", p)),
)


@settings(max_examples=examples(20), deadline=2000)
@given(lines=st.lists(LINE, max_size=30), repeat=st.integers(1, 3000))
def test_any_log_gives_diagnoses_or_none_in_bounded_time(lines: list[str], repeat: int) -> None:
    text = "\n".join(lines) + "\n" + (lines[0] if lines else "x") * repeat
    for found in diagnose_log(text):
        assert found.code and found.evidence
    extract_facts(text)
