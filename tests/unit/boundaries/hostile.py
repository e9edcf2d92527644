"""Hostile values, shared by the boundary tests: strings that try to leave the place they are put
(a shell word, a comment, a path, a CSV cell, a Markdown table cell) and the marker a successful
escape would leave behind."""

from __future__ import annotations

from hypothesis import strategies as st

MARK = "ENVFORGE_PWNED"

# Each way out of a context, with a command that would leave the mark.
ESCAPES = (
    f"$(touch {MARK})",
    f"`touch {MARK}`",
    f"; touch {MARK};",
    f"\ntouch {MARK}\n",
    f"\r\ntouch {MARK} #",
    f"' ; touch {MARK} ; '",
    f'" ; touch {MARK} ; "',
    f"&& touch {MARK} ||",
    f"| touch {MARK}",
    f"$'\\n'touch {MARK}",
    f"${{IFS}}touch${{IFS}}{MARK}",
    f"\\\ntouch {MARK}",
    "../../../../etc/passwd",
    "\x1b]0;title\x07\x1b[2J",
    "\u202etxt.exe",
    "=cmd|' /C calc'!A0",
    "<script>alert(1)</script>",
    "| a | b |",
    "{{7*7}}{% raw %}",
    "\x00",
)

hostile_text = st.one_of(
    st.sampled_from(ESCAPES),
    st.tuples(st.text(max_size=8), st.sampled_from(ESCAPES), st.text(max_size=8)).map("".join),
    st.text(
        alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Z", "Cc")),
        max_size=40,
    ),
)
