"""How often ``envforge doctor`` names the cause a thread established, on the corpus of real logs.

    .venv/bin/python benchmarks/doctor_accuracy.py            both parts: figures, per class, confusion
    .venv/bin/python benchmarks/doctor_accuracy.py --misses   also each dev miss by name (dev only;
                          with the measures below, their misses too)
    .venv/bin/python benchmarks/doctor_accuracy.py --json     one JSON document
    .venv/bin/python benchmarks/doctor_accuracy.py --without-precise
                          also the dev part with the precise signatures removed: what the loose
                          words, the facts' rules and the neighbours find in wordings no precise
                          signature knows (a measure of reach on dev logs, to improve those layers)
    .venv/bin/python benchmarks/doctor_accuracy.py --unknown-wording
                          also each dev failure log scored with the precise patterns of its own
                          cause that match it removed: its cause in a wording doctor does not know,
                          everything else as known (the nearest dev-only picture of a fresh log)
    .venv/bin/python benchmarks/doctor_accuracy.py --only w6-
                          only the logs of one area or wave: run at the commit before a wave's logs
                          were read (git worktree), it scores the wave as the fresh logs it was

For each part (dev, held-out, and the logs recorded on a GPU host with causes made on purpose; see
benchmarks/corpus.py; a held-out log marked ``read: true`` was
read while rules were written and is counted apart, not scored), of the failure logs: the right first cause
(the first diagnosis that is not benign is one the thread established), the right cause anywhere in
the list, silent (no cause at all); of the healthy logs: given a failure code (wrong). Per class,
and a confusion list (expected -> first cause given). Held-out logs are scored and counted, never
listed by name: rules are written on dev logs only. Doctor runs in-process as the CLI runs it (facts,
signatures, knowledge rules, the neighbour index), with no --platform and no --gpu-present. The
neighbour index is built from dev logs only; a dev log is scored with itself left out of it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import RECORDED, Entry, load  # noqa: E402
from envforge import log_neighbours  # noqa: E402
from envforge.jobs.context import Context  # noqa: E402
from envforge.jobs.doctor import DoctorRequest  # noqa: E402
from envforge.jobs.doctor import run as doctor  # noqa: E402
from envforge.jobs.options import ProbeOptions  # noqa: E402
from envforge.probe import matching, signatures  # noqa: E402
from envforge.probe.codes import layer_of  # noqa: E402
from envforge.probe.logtext import normalise  # noqa: E402

_INDEX = log_neighbours._index

PARTS = ("dev", "held-out", "recorded")


@dataclass(frozen=True)
class Scored:
    entry: Entry
    codes: tuple[str, ...]  # every diagnosis, in doctor's order
    seconds: float

    @property
    def failures(self) -> tuple[str, ...]:
        return tuple(c for c in self.codes if layer_of(c) != "benign")

    @property
    def benign_expected(self) -> bool:
        return not self.entry.healthy and layer_of(self.entry.expected) == "benign"

    @property
    def first(self) -> str | None:
        """The cause doctor names first: its first failure code (for a log whose established
        cause is benign, its first code)."""
        if self.benign_expected:
            return self.failures[0] if self.failures else (self.codes[0] if self.codes else None)
        return self.failures[0] if self.failures else None

    @property
    def right_first(self) -> bool:
        if self.entry.healthy:
            return not self.failures
        return self.first in self.entry.accepted

    @property
    def right_anywhere(self) -> bool:
        if self.entry.healthy:
            return not self.failures
        return any(c in self.entry.accepted for c in self.codes)

    @property
    def silent(self) -> bool:
        return not self.entry.healthy and self.first is None


def score(entry: Entry, ctx: Context) -> Scored:
    """doctor on ``entry``'s log; a dev log is left out of doctor's neighbour index while it is
    scored (the index is built from dev logs: a log must not be its own nearest neighbour)."""
    request = DoctorRequest(
        probe=ProbeOptions(level=2, timeout_s=60, memory="1g"), log_path=entry.log
    )
    full = _INDEX()
    without = {**full, "logs": [log for log in full["logs"] if log["name"] != entry.name]}
    log_neighbours._index = lambda: without  # type: ignore[assignment]
    start = time.perf_counter()
    try:
        result = doctor(ctx, request)
    finally:
        log_neighbours._index = _INDEX  # type: ignore[assignment]
    return Scored(entry, tuple(d.code for d in result.diagnoses), time.perf_counter() - start)


def summary(scored: list[Scored]) -> dict[str, Any]:
    failing = [s for s in scored if not s.entry.healthy]
    healthy = [s for s in scored if s.entry.healthy]
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    confusion: Counter[tuple[str, str]] = Counter()
    for s in scored:
        row = per_class[s.entry.expected]
        row[0] += 1
        row[1] += s.right_first
        row[2] += s.right_anywhere
        if not s.right_first:
            got = ",".join(s.failures[:2]) if s.entry.healthy else (s.first or "(silent)")
            confusion[(s.entry.expected, got)] += 1

    def pct(n: int, d: int) -> float:
        return round(100 * n / d, 1) if d else 0.0

    return {
        "logs": len(scored),
        "failure_logs": len(failing),
        "healthy_logs": len(healthy),
        "right_first": sum(s.right_first for s in failing),
        "right_first_pct": pct(sum(s.right_first for s in failing), len(failing)),
        "right_anywhere": sum(s.right_anywhere for s in failing),
        "right_anywhere_pct": pct(sum(s.right_anywhere for s in failing), len(failing)),
        "silent": sum(s.silent for s in failing),
        "healthy_given_failure": sum(not s.right_first for s in healthy),
        "per_class": {
            k: dict(zip(("n", "first", "anywhere"), v, strict=True))
            for k, v in sorted(per_class.items())
        },
        "confusion": [{"expected": e, "got": g, "n": n} for (e, g), n in confusion.most_common()],
        "seconds": round(sum(s.seconds for s in scored), 2),
    }


@contextmanager
def _scanning_with(table: tuple[signatures.Signature, ...]) -> Iterator[None]:
    """The scan with ``table`` as its precise signatures (the benign lines and the loose words
    stay), then with the real ones again."""
    matching.SIGNATURES = table  # type: ignore[misc]
    matching._compiled.cache_clear()
    try:
        yield
    finally:
        matching.SIGNATURES = signatures.SIGNATURES  # type: ignore[misc]
        matching._compiled.cache_clear()


def _with_wording_unknown(entry: Entry, ctx: Context) -> Scored:
    """``entry`` scored with the patterns of its expected cause that match its lines removed."""
    lines = [line.text for line in normalise(entry.text())]
    texts = ("\n".join(lines), " ".join(lines))
    kept = []
    for signature in signatures.SIGNATURES:
        patterns = signature.patterns
        if signature.code.value == entry.expected:
            patterns = tuple(
                p for p in patterns if not any(re.search(p, t, re.I | re.M) for t in texts)
            )
        if patterns:
            kept.append(dataclasses.replace(signature, patterns=patterns))
    with _scanning_with(tuple(kept)):
        return score(entry, ctx)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON document")
    parser.add_argument(
        "--misses", action="store_true", help="list each dev miss (and each miss of the measures)"
    )
    parser.add_argument(
        "--without-precise", action="store_true", help="also dev with precise signatures removed"
    )
    parser.add_argument(
        "--unknown-wording", action="store_true", help="also dev, each log's cause wording removed"
    )
    parser.add_argument(
        "--only",
        metavar="PREFIX",
        help="score only the logs whose name (area/slug) starts with PREFIX, e.g. a new wave's w6-",
    )
    args = parser.parse_args()
    entries = [e for e in load() + load(RECORDED) if not args.only or e.name.startswith(args.only)]
    start = time.perf_counter()
    results: dict[str, list[Scored]] = {part: [] for part in PARTS}
    read_held_out: list[str] = []  # read while rules were written: not scored (corpus README)
    with Context() as ctx:
        for entry in entries:
            if entry.part == "held-out" and entry.read:
                read_held_out.append(entry.name)
                continue
            results[entry.part].append(score(entry, ctx))
    wall = time.perf_counter() - start
    report = {part: summary(results[part]) for part in PARTS}
    report["wall_s"] = round(wall, 2)  # type: ignore[assignment]
    report["held_out_read_not_scored"] = len(read_held_out)  # type: ignore[assignment]
    if args.without_precise:
        with Context() as ctx, _scanning_with(()):
            results["dev_without_precise"] = [score(e, ctx) for e in entries if e.part == "dev"]
    if args.unknown_wording:
        with Context() as ctx:
            results["dev_unknown_wording"] = [
                _with_wording_unknown(e, ctx) for e in entries if e.part == "dev" and not e.healthy
            ]
    extra = [k for k in ("dev_without_precise", "dev_unknown_wording") if k in results]
    report.update({k: summary(results[k]) for k in extra})
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for part in (*PARTS, *extra):
        r = report[part]
        print(
            f"{part:9} {r['failure_logs']:3} failure logs: right first cause {r['right_first']}"
            f" ({r['right_first_pct']}%), right anywhere {r['right_anywhere']}"
            f" ({r['right_anywhere_pct']}%), silent {r['silent']}; {r['healthy_logs']} healthy:"
            f" given a failure code {r['healthy_given_failure']}"
        )
    print(
        f"held-out logs read while rules were written, not scored: {len(read_held_out)}"
        " (corpus README, `read: true`)"
    )
    for part in PARTS:
        print(f"\n{part}: per class (n, first, anywhere)")
        for code, row in report[part]["per_class"].items():
            print(f"  {code:36} {row['n']:3} {row['first']:3} {row['anywhere']:3}")
        print(f"{part}: confusion (expected -> first cause given)")
        for row in report[part]["confusion"]:
            print(f"  {row['expected']:36} -> {row['got']} ({row['n']})")
    if args.misses:
        for part in ("dev", *extra):
            print(f"\n{part} misses:")
            for s in results[part]:
                if not s.right_first:
                    print(f"  {s.entry.name}: expected {s.entry.expected}, got {list(s.codes)}")
    print(
        f"\nwhole corpus in {wall:.1f} s ({sum(report[p]['seconds'] for p in PARTS):.1f} s in doctor)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
