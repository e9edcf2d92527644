"""A row of the loose table (``loose``): words that go together, in either order. Standard library
only.
"""

from __future__ import annotations

import re

from .codes import Code
from .signature import SYMPTOM, Signature

__all__ = ["L", "swapped"]


def L(code: Code, *patterns: str, supersedes: tuple[Code, ...] = ()) -> Signature:  # noqa: N802
    """A row of the loose table (``supersedes``: loose codes the same line shows less precisely).
    Words that go together go together in either order: ``A.{0,n}B`` also reads ``B.{0,n}A``."""
    both = [*patterns, *(s for s in map(swapped, patterns) if s and s not in patterns)]
    return Signature(code, tuple(both), strength=SYMPTOM, loose=True, supersedes=supersedes)


_GAP = re.compile(r"\.\{0,\d{1,3}\}")


def swapped(pattern: str) -> str | None:
    """``B.{0,n}A`` for a pattern ``A.{0,n}B`` with one such gap outside any group or class (and
    no anchor, no alternation outside a group: its halves are not A and B); None for any other
    pattern."""
    if pattern.startswith("^") or pattern.endswith("$"):
        return None
    gaps, depth, i = [], 0, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a class: its brackets and parentheses are literal
            i = pattern.index("]", i + 2) + 1
            continue
        depth += {"(": 1, ")": -1}.get(c, 0)
        if c == "|" and depth == 0:
            return None
        gap = _GAP.match(pattern, i) if depth == 0 else None
        if gap:
            gaps.append(gap.span())
            i = gap.end()
            continue
        i += 1
    if len(gaps) != 1:
        return None
    start, end = gaps[0]
    return pattern[end:] + pattern[start:end] + pattern[:start]
