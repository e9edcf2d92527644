"""doctor on the logs recorded on a GPU host with their causes made on purpose
(tests/fixtures/logs/recorded/, scripts/record-gpu-logs): each names its cause first, and no healthy
run gets a failure code. What today's releases print, kept as a regression test of every rule."""

from __future__ import annotations

import pytest

from benchmarks.corpus import HEALTHY, RECORDED, load
from envforge.diagnosis import diagnose_log
from envforge.probe.codes import Code, layer_of

ENTRIES = load(RECORDED)

# Recordings whose log alone cannot show the cause that was made: doctor names the cause the world
# shows most for these words. Strict: a rule that gets one right must take it off this list.
AMBIGUOUS = {
    "h200/jax-platforms-cpu-asks-gpu": "JAX_PLATFORMS=cpu prints what a jaxlib without CUDA prints",
    "h200/lightning-gpu-hidden": "Lightning's 'no gpu backend' is the same for hidden GPUs and no driver",
    "h200/torch-load-cuda-checkpoint-gpu-hidden": "torch.load says only that CUDA is unavailable",
    "h200/healthy-lightning-fit": "Lightning's few-workers hint is the cause of slow runs people post",
    "h200/healthy-lightning-batch-size-finder": "the same few-workers hint, on a run that worked",
    # a process that finds no /dev/nvidia* node says what one whose GPUs an environment hides says
    "h200/torch-driver-nodes-absent": "'No CUDA GPUs are available', as with CUDA_VISIBLE_DEVICES=''",
    "h200/jax-driver-nodes-absent": "cuInit's CUDA_ERROR_NO_DEVICE, as with an absent index",
    "h200/cupy-driver-nodes-absent": "cudaErrorNoDevice, as with CUDA_VISIBLE_DEVICES=''",
    # the CUDA runtime reports a libcuda it cannot load as a driver older than itself
    "h200/cupy-no-driver": "cudaErrorInsufficientDriver with no driver version in the log",
}


def test_the_recordings_are_there_and_broad() -> None:
    assert len(ENTRIES) >= 70
    assert set(AMBIGUOUS) <= {e.name for e in ENTRIES}
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


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param(e, marks=pytest.mark.xfail(strict=True, reason=AMBIGUOUS[e.name]))
        if e.name in AMBIGUOUS
        else e
        for e in ENTRIES
    ],
    ids=lambda e: e.name,
)
def test_doctor_names_the_made_cause_first(entry) -> None:  # type: ignore[no-untyped-def]
    failures = [d.code for d in diagnose_log(entry.text()) if layer_of(d.code) != "benign"]
    if entry.healthy:
        assert failures == []
    else:
        assert failures and failures[0] in entry.accepted, failures
