"""Marks that render everywhere: a word in text, a word beside an inline SVG shape in HTML.

A mark draws a ``Status`` (the probe's vocabulary): a check's own, or the one a verdict reads as
(``Verdict.status``: certified passes, a probe error warns, not tested was skipped). No emoji
(headless Chromium on Debian has no emoji font: a box). Each status has its own shape as well as
its own colour, so it reads without colour, in print and for colour-blind readers; the
colours are Okabe and Ito's palette, chosen to stay distinct under the common colour-vision
deficiencies.
"""

from __future__ import annotations

from ..probe.vocabulary import Status, Verdict

__all__ = ["Status", "COLOURS", "status_of", "text_mark", "svg_mark"]

COLOURS: dict[Status, str] = {
    Status.PASS: "#0072B2",  # blue
    Status.FAIL: "#D55E00",  # vermillion
    Status.WARN: "#E69F00",  # orange
    Status.SKIP: "#6E6E6E",  # grey
}
_WORDS: dict[Status, str] = {
    Status.PASS: "[ok]",
    Status.FAIL: "[x]",
    Status.WARN: "[!]",
    Status.SKIP: "[-]",
}
_SHAPES: dict[Status, str] = {
    # a disc with a tick; a square with a cross; a triangle with a bar; a hollow circle with a dash
    Status.PASS: '<circle cx="8" cy="8" r="7" fill="{c}"/>'
    '<path d="M4.5 8.2l2.3 2.3 4.7-4.9" fill="none" stroke="#fff" stroke-width="2"/>',
    Status.FAIL: '<rect x="1" y="1" width="14" height="14" rx="2" fill="{c}"/>'
    '<path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="2"/>',
    Status.WARN: '<path d="M8 1l7 13H1z" fill="{c}"/><path d="M8 5.5v4.5M8 11.5v1.5" '
    'stroke="#000" stroke-width="1.8"/>',
    Status.SKIP: '<circle cx="8" cy="8" r="6" fill="none" stroke="{c}" stroke-width="2"/>'
    '<path d="M5 8h6" stroke="{c}" stroke-width="2"/>',
}


def status_of(verdict: str) -> Status:
    """The status a verdict is drawn with (a verdict envforge does not know: skip)."""
    try:
        return Verdict(verdict).status
    except ValueError:
        return Status.SKIP


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
