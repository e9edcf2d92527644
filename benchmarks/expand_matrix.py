#!/usr/bin/env python3
"""Expanding and statically checking a 10,000-cell matrix (target: under one second).

Every TensorFlow release of the knowledge base x Python 3.6-3.14 x two stacks x keras pins makes
~10,000 combinations; each is resolved against the knowledge base (accepted or rejected with a reason).
Prints one JSON line: cells, accepted, rejected, load_s (knowledge base + matrix file), expand_s, and
the median expand time over repeated runs (each on a fresh knowledge base, so no warm cache carries over).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from envforge.knowledge import load_knowledge  # noqa: E402
from envforge.matrix import expand, load_matrix  # noqa: E402

REPEATS = 5


def matrix_text(kb) -> str:  # type: ignore[no-untyped-def]
    tfs = [str(r.tf) for r in kb.tensorflow.releases]  # 18 releases
    pythons = [f"3.{m}" for m in range(6, 15)]  # 9
    keras = [f"3.{m}.{p}" for m in range(0, 6) for p in range(0, 5)] + ["2.15.0"]  # 31
    return (
        "schema: 1\ncell_id: '{stack}-tf{tf}-py{python}-k{keras}'\naxes:\n"
        f"  stack: [tf-cpu, tf-cuda-pip]\n  tf: {json.dumps(tfs)}\n  python: {json.dumps(pythons)}\n"
        f"  keras: {json.dumps(keras)}\n"
    )


def main() -> None:
    timings = []
    result = None
    load_s = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(REPEATS):
            start = time.perf_counter()
            kb = load_knowledge()
            path = Path(tmp) / "big.yaml"
            path.write_text(matrix_text(kb))
            matrix = load_matrix(path)
            loaded = time.perf_counter()
            result = expand(matrix, kb)
            done = time.perf_counter()
            load_s = loaded - start
            timings.append(done - loaded)
    assert result is not None
    cells = len(result.cells) + len(result.rejected)
    print(
        json.dumps(
            {
                "benchmark": "expand_matrix",
                "cells": cells,
                "accepted": len(result.cells),
                "rejected": len(result.rejected),
                "load_s": round(load_s, 4),
                "expand_s": round(timings[-1], 4),
                "expand_median_s": round(statistics.median(timings), 4),
                "total_s": round(load_s + statistics.median(timings), 4),
                "target_s": 1.0,
            }
        )
    )


if __name__ == "__main__":
    main()
