"""doctor on the logs recorded on a GPU host with their causes made on purpose
(tests/fixtures/logs/recorded/, scripts/record-gpu-logs): each names its cause first, and no healthy
run gets a failure code. What today's releases print, kept as a regression test of every rule."""

from __future__ import annotations

import pytest

from benchmarks.corpus import HEALTHY, RECORDED, load
from envforge.diagnosis import diagnose_log
from envforge.probe.codes import Code, layer_of

ENTRIES = load(RECORDED)


def test_the_recordings_are_there_and_broad() -> None:
    assert len(ENTRIES) >= 35
    assert sum(e.healthy for e in ENTRIES) >= 8
    assert len({e.expected for e in ENTRIES}) >= 15
    assert {e.part for e in ENTRIES} == {"recorded"}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_recording_is_labelled_and_shows_its_evidence(entry) -> None:  # type: ignore[no-untyped-def]
    text = entry.text()
    assert entry.meta["how"] == "constructed" and entry.meta["established"]
    assert entry.meta["host"] and "command" in entry.meta
    for code in entry.accepted:
        assert code == HEALTHY or code in Code.__members__, code
    assert entry.healthy or entry.evidence
    assert all(line in text for line in entry.evidence)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_doctor_names_the_made_cause_first(entry) -> None:  # type: ignore[no-untyped-def]
    failures = [d.code for d in diagnose_log(entry.text()) if layer_of(d.code) != "benign"]
    if entry.healthy:
        assert failures == []
    else:
        assert failures and failures[0] in entry.accepted, failures
