"""The last resort of ``envforge doctor``: the real failure logs whose error lines share the most
words with this log's (pure).

When no signature (precise or loose) names a cause in a log whose run failed, its error lines are
compared, as TF-IDF vectors of their words, with the error lines of the corpus's *dev* logs
(``data/doctor_index.json``, built by ``scripts/build-doctor-index`` from the dev part only: the
held-out part never enters it). The nearest logs that are near enough (three at most) vote, each by
its similarity, and their cause is offered as a likely cause, with the nearest log of it. Words are
lower-case tokens of three or more letters, without the numbers, paths and hex that differ between
any two posts of the same failure.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["Neighbour", "nearest", "tokens", "error_text", "build", "INDEX", "THRESHOLD"]

INDEX = Path(__file__).resolve().parent / "data" / "doctor_index.json"
THRESHOLD = 0.3  # cosine similarity below which no neighbour is near enough to speak
_TOKEN = re.compile(r"[a-z][a-z_]{2,30}")
ERROR_WORDS = re.compile(
    r"error|exception|fail|fatal|abort|killed|segmentation fault|core dumped|cannot|can'?t|"
    r"unable|not found|denied|invalid|refused|no such|could not|couldn'?t|insufficient|mismatch|"
    r"unsupported|incompatible|out of memory|terminate called|evicted|died|fault|exceed|"
    r"(?:not|aren'?t|isn'?t) available|too old|has been removed|do(?:n'?t|es not) match|not enough|"
    r"requires more|ignoring|not supported|not (?:currently )?implemented|does(?:n'?t| not) support|"
    r"low on|exhausted|undefined (?:symbol|reference)",
    re.I,
)
ERROR_LINES = 12  # the last error-like lines of a log are what it says about its failure
_STOP = frozenset(
    "the and for with that this not was are its from but has have can any one when than then into "
    "out you your use used using line file files none true false python site packages self return "
    "call last most recent traceback module lib local usr home users envs anaconda miniconda conda "
    "venv dist opt bin src main init core cc cpp please see more info warning warnings "
    # exception classes say that something failed, not what
    "error exception valueerror runtimeerror typeerror importerror oserror attributeerror "
    "keyerror indexerror assertionerror notimplementederror modulenotfounderror "
    # Python's own words in any traceback
    "nonetype object attribute function method class args kwargs value type ignored del".split()
)
MIN_SHARED = 2  # words a log must share with its neighbour
VOTERS = 3  # the nearest logs that vote (each by its similarity) for the cause


@cache
def domain_words() -> frozenset[str]:
    """The words of the failure catalogue (the codes' meanings): a neighbour must share one of
    them, not only words any program prints."""
    from .probe.codes import CODES  # noqa: PLC0415

    return frozenset(tokens(" ".join(c.meaning for c in CODES.values())))


@dataclass(frozen=True)
class Neighbour:
    code: str
    similarity: float
    log: str  # the corpus log it resembles (area/slug)


def tokens(text: str) -> Counter[str]:
    """The words of ``text`` that say what failed (see the module's docstring)."""
    return Counter(t for t in _TOKEN.findall(text.lower()) if t not in _STOP)


@cache
def _index() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"idf": {}, "logs": []}
    return data


def _vector(counts: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    vector = {t: (1 + math.log(n)) * idf[t] for t, n in counts.items() if t in idf}
    norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
    return {t: v / norm for t, v in vector.items()}


def error_text(lines: list[str]) -> str:
    """A log's last error-like lines, the text compared (the same for the index and a query)."""
    return "\n".join([line for line in lines if ERROR_WORDS.search(line)][-ERROR_LINES:])


def nearest(lines: list[str], unlike: frozenset[str] = frozenset()) -> Neighbour | None:
    """The cause the corpus logs nearest to ``lines``'s error lines vote for (the ``VOTERS``
    nearest that are near enough, each by its similarity), with the nearest log of that cause;
    logs of a cause in ``unlike`` (one the log's facts rule out) do not vote."""
    index = _index()
    query = _vector(tokens(error_text(lines)), index["idf"])
    if not query:
        return None
    near: list[Neighbour] = []
    for log in index["logs"]:
        if log["code"] in unlike:
            continue
        shared = [t for t in query if t in log["vector"]]
        if len(shared) < MIN_SHARED or not domain_words().intersection(shared):
            continue
        similarity = sum(query[t] * log["vector"][t] for t in shared)
        if similarity >= THRESHOLD:
            near.append(Neighbour(log["code"], round(similarity, 3), log["name"]))
    voters = sorted(near, key=lambda n: -n.similarity)[:VOTERS]
    if not voters:
        return None
    votes: dict[str, float] = {}
    for voter in voters:
        votes[voter.code] = votes.get(voter.code, 0.0) + voter.similarity
    code = max(votes, key=votes.__getitem__)  # a tie goes to the nearer (votes keep their order)
    return next(v for v in voters if v.code == code)


def build(logs: list[tuple[str, str, list[str]]]) -> dict[str, Any]:
    """The index of (name, code, normalised lines) of failure logs: IDF and unit vectors."""
    documents = [(name, code, tokens(error_text(lines))) for name, code, lines in logs]
    documents = [d for d in documents if d[2]]
    frequency: Counter[str] = Counter(t for _, _, counts in documents for t in counts)
    total = len(documents)
    idf = {t: round(math.log((1 + total) / (1 + n)) + 1, 4) for t, n in sorted(frequency.items())}
    return {
        "built_from": "the dev part of tests/fixtures/logs/corpus (scripts/build-doctor-index)",
        "idf": idf,
        "logs": [
            {
                "name": name,
                "code": code,
                "vector": {t: round(v, 4) for t, v in sorted(_vector(counts, idf).items())},
            }
            for name, code, counts in documents
        ],  # fmt: skip
    }
