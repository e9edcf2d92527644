"""How hard the property tests look: a small number of examples each by default, so the unit tier
stays fast; ``ENVFORGE_FUZZ_EXAMPLES=N`` gives every one of them N examples for a longer hunt."""

from __future__ import annotations

import os

__all__ = ["examples"]

_HUNT = int(os.environ.get("ENVFORGE_FUZZ_EXAMPLES") or 0)


def examples(default: int) -> int:
    """The examples a property test tries: ``default``, or the hunt's number when one is asked."""
    return _HUNT or default
