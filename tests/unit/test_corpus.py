"""The corpus of real failure logs (tests/fixtures/logs/corpus/): every entry well formed, and the
split into dev and held-out pinned (rules are written on dev logs only; held-out logs are scored by
benchmarks/doctor_accuracy.py and never read to write a rule)."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.corpus import HEALTHY, load, normalise_url, part_of
from envforge.probe.codes import Code

ENTRIES = load()


@pytest.mark.parametrize(
    ("url", "part"),
    [
        ("https://github.com/tensorflow/tensorflow/issues/45930", "dev"),
        ("https://github.com/NVIDIA/nvidia-docker/issues/1163", "dev"),
        ("https://stackoverflow.com/questions/41402409", "dev"),
        ("https://github.com/jax-ml/jax/issues/7816", "held-out"),
        ("https://github.com/pytorch/pytorch/issues/46178", "held-out"),
        ("https://github.com/ROCm/ROCm/issues/1714", "dev"),
    ],
)
def test_the_split_is_a_hash_of_the_source_url(url: str, part: str) -> None:
    assert part_of(url) == part
    assert part_of(url + "/#issuecomment-123") == part  # one thread, one part
    assert part_of(url.replace("https://github.com", "HTTPS://GitHub.COM")) == part


def test_the_held_out_part_is_about_a_third_and_threads_never_straddle() -> None:
    parts = Counter(e.part for e in ENTRIES)
    assert 0.25 < parts["held-out"] / len(ENTRIES) < 0.42, parts
    by_thread: dict[str, set[str]] = {}
    for entry in ENTRIES:
        by_thread.setdefault(normalise_url(entry.source), set()).add(entry.part)
    assert all(len(p) == 1 for p in by_thread.values())
    assert all("part" not in e.meta for e in ENTRIES)  # no entry chooses its part


def test_only_held_out_logs_are_marked_read_and_each_says_why() -> None:
    marked = [e for e in ENTRIES if "read" in e.meta]
    assert all(e.meta["read"] is True and e.part == "held-out" for e in marked)
    for entry in marked:  # the comment above the field says when and why it was read
        text = entry.log.with_suffix(".yaml").read_text(encoding="utf-8")
        assert "# read while" in text, entry.name


def test_the_corpus_is_large_and_broad() -> None:
    assert len(ENTRIES) >= 200
    assert sum(e.healthy for e in ENTRIES) >= 15
    assert len({e.expected for e in ENTRIES}) >= 40
    assert max(Counter(normalise_url(e.source) for e in ENTRIES).values()) <= 2


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_entry_is_well_formed(entry) -> None:  # type: ignore[no-untyped-def]
    text = entry.log.read_text(encoding="utf-8", errors="replace")
    assert text.strip(), "an empty log"
    assert entry.source.startswith(("https://", "http://"))
    assert entry.meta.get("established") and entry.meta.get("how") in (
        "maintainer-answer", "confirmed-fix", "accepted-answer", "docs",
    )  # fmt: skip
    for code in entry.accepted:
        assert code == HEALTHY or code in Code.__members__, code
    for line in entry.evidence:
        assert line in text, f"evidence not in the log: {line!r}"
    assert entry.evidence or entry.healthy or entry.expected in ("PERF_EAGER_OR_PREDICT_LOOP",)


def test_doctors_neighbour_index_is_built_from_dev_logs_only_and_up_to_date() -> None:
    """doctor's last resort (envforge/log_neighbours.py) compares a log with the corpus's dev logs;
    a held-out log in it would score itself. Rebuild with scripts/build-doctor-index."""
    import json

    from envforge.log_neighbours import INDEX, build
    from envforge.probe.logtext import normalise

    committed = json.loads(INDEX.read_text(encoding="utf-8"))
    held_out = {e.name for e in ENTRIES if e.part == "held-out"}
    assert committed["logs"] and not {log["name"] for log in committed["logs"]} & held_out
    dev = [
        (e.name, e.expected, [line.text for line in normalise(e.text())])
        for e in ENTRIES
        if e.part == "dev" and not e.healthy
    ]
    assert json.loads(json.dumps(build(dev))) == committed, "run scripts/build-doctor-index"
