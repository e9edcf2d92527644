"""Marks that render everywhere: a word in text, a word beside an inline SVG shape in HTML.

No emoji (headless Chromium on Debian has no emoji font: a box). Each status has its own shape as
well as its own colour, so it reads without colour, in print and for colour-blind readers; the
colours are Okabe and Ito's palette, chosen to stay distinct under the common colour-vision
deficiencies.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Status", "COLOURS", "status_of", "text_mark", "svg_mark"]

Status = Literal["pass", "fail", "warn", "none"]

COLOURS: dict[Status, str] = {
    "pass": "#0072B2",  # blue
    "fail": "#D55E00",  # vermillion
    "warn": "#E69F00",  # orange
    "none": "#6E6E6E",  # grey
}
_WORDS: dict[Status, str] = {"pass": "[ok]", "fail": "[x]", "warn": "[!]", "none": "[-]"}
_SHAPES: dict[Status, str] = {
    # a disc with a tick; a square with a cross; a triangle with a bar; a hollow circle with a dash
    "pass": '<circle cx="8" cy="8" r="7" fill="{c}"/>'
    '<path d="M4.5 8.2l2.3 2.3 4.7-4.9" fill="none" stroke="#fff" stroke-width="2"/>',
    "fail": '<rect x="1" y="1" width="14" height="14" rx="2" fill="{c}"/>'
    '<path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="2"/>',
    "warn": '<path d="M8 1l7 13H1z" fill="{c}"/><path d="M8 5.5v4.5M8 11.5v1.5" '
    'stroke="#000" stroke-width="1.8"/>',
    "none": '<circle cx="8" cy="8" r="6" fill="none" stroke="{c}" stroke-width="2"/>'
    '<path d="M5 8h6" stroke="{c}" stroke-width="2"/>',
}
_VERDICTS: dict[str, Status] = {
    "CERTIFIED": "pass",
    "FAILED": "fail",
    "BUILD_FAILED": "fail",
    "PROBE_ERROR": "warn",
    "NOT_TESTED": "none",
}


def status_of(verdict: str) -> Status:
    """The status a verdict is drawn with (an unknown verdict: none)."""
    return _VERDICTS.get(verdict, "none")


def text_mark(status: Status) -> str:
    """A mark in plain text, for Markdown and terminals: ``[ok]``, ``[x]``, ``[!]``, ``[-]``."""
    return _WORDS[status]


def svg_mark(status: Status) -> str:
    """An inline 16x16 SVG shape for ``status``, hidden from screen readers (the word beside it
    says the same)."""
    shape = _SHAPES[status].format(c=COLOURS[status])
    return (
        f'<svg class="mark" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" '
        f'focusable="false" xmlns="http://www.w3.org/2000/svg">{shape}</svg>'
    )
