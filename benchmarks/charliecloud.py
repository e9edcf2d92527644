#!/usr/bin/env python3
"""Bytes fetched from the registry by a cluster run: charliecloud (each image pulled once, squashed
on the storage the nodes share) beside docker (every node pulls by digest), on 3, 10 and 50 nodes.

For each size, scripts/cluster starts a cluster of that many simulated nodes; `envforge verify
--backend slurm --level 1` of one small image (Debian's Python, the probe as a shim layer) runs once
with --runtime docker and once with --runtime charliecloud; the bytes are those the registry's
access log says it sent for blobs during each run (its combined-format lines), and image_bytes the
image's compressed size (its manifest's layers and config). The simulated nodes share this
machine's one Docker engine, so docker's pulls after the first find the layers there: docker's
figure is one image per node (each task pulls by digest; an engine of its own starts without the
layers), beside the bytes measured here. charliecloud's is measured: the registry's own count. Prints one JSON line per size and a
summary; the goal: charliecloud fetches one image's size at every size.
Needs root (scripts/cluster), a Docker engine and the bases (scripts/setup).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import urllib.request
from pathlib import Path

from benchmarks.cluster import cluster, envforge, small_image

SIZES = [int(n) for n in os.environ.get("ENVFORGE_BENCH_SIZES", "3,10,50").split(",")]
_MANIFEST_GET = re.compile(r'"GET /v2/\S+/manifests/sha256:[0-9a-f]{64} HTTP/[\d.]+" 200 ')
_BLOB_GET = re.compile(r'"GET /v2/\S+/blobs/sha256:[0-9a-f]{64} HTTP/[\d.]+" 200 (\d+)')


def blob_bytes(log: Path, start: int) -> tuple[int, int, int]:
    """Since ``start`` (an offset in the registry's log): the bytes of blobs it sent, the pulls
    (manifest GETs by digest), and the log's new end."""
    text = log.read_bytes()[start:].decode(errors="replace")
    sent = sum(int(m.group(1)) for m in _BLOB_GET.finditer(text))
    return sent, len(_MANIFEST_GET.findall(text)), start + len(text.encode())


def image_bytes(image: str) -> int:
    host, _, rest = image.partition("/")
    name, _, digest = rest.partition("@")
    request = urllib.request.Request(
        f"http://{host}/v2/{name}/manifests/{digest}",
        headers={"Accept": "application/vnd.docker.distribution.manifest.v2+json, "
                 "application/vnd.oci.image.manifest.v1+json"},
    )  # fmt: skip
    with urllib.request.urlopen(request) as reply:  # noqa: S310 - the loopback registry
        manifest = json.load(reply)
    return int(manifest["config"]["size"]) + sum(int(x["size"]) for x in manifest["layers"])


def one_size(size: int, work: Path, image: str) -> dict[str, object]:
    directory = work / f"cluster-{size}"
    cluster(directory, size, "up")
    try:
        env = {
            "SLURM_CONF": str(directory / "slurm.conf"),
            "ENVFORGE_STATE_DIR": str(work / "state"),
        }
        registry = (directory / "registry.addr").read_text().strip()
        log = directory / "log" / "registry.out"
        figures: dict[str, object] = {"nodes": size}
        offset = log.stat().st_size
        pushed = ""
        for runtime in ("docker", "charliecloud"):
            run = envforge(
                "verify", "--backend", "slurm", "--registry", registry, "--level", "1",
                "--runtime", runtime, "--expect-accelerator", "cpu",
                *(["--image-cache", str(work / f"images-{size}")] if runtime == "charliecloud" else []),
                image, env=env, cwd=work,
            )  # fmt: skip
            sent, _, offset = blob_bytes(log, offset)
            pushed = next(iter(run["data"]["images"].values()))
            figures[f"{runtime}_bytes"] = sent
            figures[f"{runtime}_verdicts"] = sorted({c["verdict"] for c in run["data"]["cells"]})
        total = image_bytes(pushed)
        figures["image_bytes"] = total
        figures["charliecloud_images_fetched"] = round(
            int(str(figures["charliecloud_bytes"])) / total, 2
        )
        # The simulated nodes share one Docker engine, so after the first pull the others find the
        # layers there; on real nodes each engine is its own and each node's pull fetches the image.
        figures["docker_bytes_on_real_nodes"] = size * total
        return figures
    finally:
        cluster(directory, size, "down")


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="envforge-bench-ch-"))
    image = small_image()
    rows = [one_size(size, work, image) for size in SIZES]
    for row in rows:
        print(json.dumps(row))
    for row in rows:
        print(
            f"{row['nodes']} nodes: charliecloud fetched {row['charliecloud_images_fetched']}x the "
            f"image ({row['charliecloud_bytes']} bytes); docker pulls it on each of the {row['nodes']} "
            f"nodes ({row['docker_bytes_on_real_nodes']} bytes on nodes with engines of their own; "
            f"{row['docker_bytes']} here, where the nodes share one); image {row['image_bytes']} bytes"
        )


if __name__ == "__main__":
    main()
