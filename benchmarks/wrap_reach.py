"""Every catalogue line, hard-wrapped at every width and under every printer's prefix: how many
does doctor still find? The unit tests sample these (hypothesis); this tries them all.

    .venv/bin/python benchmarks/wrap_reach.py          # figures, then each miss

Lines from ``tests/unit/test_doctor.py``'s ``LINES``; printers from ``tests/unit/test_log_reading.py``'s
``WRAPPERS``. A line is hard-wrapped at widths 40 to 120 (a terminal, a forum's code box); it counts
when its code is among doctor's diagnoses, as the unit tests require.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from envforge.log_reading import read_log  # noqa: E402
from tests.unit.test_doctor import LINES  # noqa: E402
from tests.unit.test_log_reading import WRAPPERS  # noqa: E402

WIDTHS = range(40, 121)


def _found(text: str, code: str) -> bool:
    return code in [d.code for d in read_log(text, gpu_present=True).diagnoses]


def main() -> int:
    start = time.perf_counter()
    misses: list[str] = []
    wrapped = tried = 0
    for message, code in LINES:
        if len(message) > 60:
            for width in WIDTHS:
                tried += 1
                text = "\n".join(message[i : i + width] for i in range(0, len(message), width))
                if not _found(text, code):
                    misses.append(f"{code} wrapped at {width}: {message[:80]}")
        if len(message) > 30:
            for name, wrap in sorted(WRAPPERS.items()):
                wrapped += 1
                if not _found(wrap(message), code):
                    misses.append(f"{code} printed by {name}: {message[:80]}")
    print(
        f"{tried} hard wraps and {wrapped} printers' prefixes of {len(LINES)} lines: "
        f"{len(misses)} not found ({time.perf_counter() - start:.1f} s)"
    )
    for miss in misses:
        print(f"  {miss}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
