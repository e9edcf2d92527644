"""Kubernetes manifests for certifying images on a cluster's nodes: one Job per (image, node
group), pinned by a node label, the probe's sandbox as its securityContext, GPUs as
``nvidia.com/gpu`` limits; and the script that gathers what the Jobs printed for
``envforge collect``. envforge applies nothing: a user runs ``kubectl apply`` and the script.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Any

from .. import labels as keys
from ..engine import ProbeLimits

__all__ = ["KubeTarget", "job_manifest", "job_name", "collect_script", "quantity"]


@dataclass(frozen=True)
class KubeTarget:
    """Nodes to certify on, by one label (``nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3``)."""

    key: str
    value: str

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9-]+", "-", self.value.lower()).strip("-")[:20] or "any"


def quantity(size: str) -> str:
    """A docker memory size (6g, 512m) as a Kubernetes quantity (6Gi, 512Mi)."""
    match = re.fullmatch(r"(\d+)([bkmg]?)", size.strip().lower())
    if not match:
        raise ValueError(f"not a memory size: {size!r}")
    return match.group(1) + {"": "", "b": "", "k": "Ki", "m": "Mi", "g": "Gi"}[match.group(2)]


def job_name(run_id: str, cell_id: str, target: KubeTarget) -> str:
    """A DNS-1123 name of at most 63 characters, unique per (run, cell, target)."""
    raw = f"envforge-{run_id[-6:]}-{cell_id}-{target.slug}".lower()
    return re.sub(r"[^a-z0-9-]+", "-", raw)[:63].strip("-")


def job_manifest(
    *,
    run_id: str,
    cell_id: str,
    image: str,
    target: KubeTarget,
    level: int,
    timeout_s: int,
    limits: ProbeLimits,
    gpu: bool,
) -> dict[str, Any]:
    """One Job: the image's own probe, once, on a node carrying ``target``'s label."""
    name = job_name(run_id, cell_id, target)
    labels = {
        keys.RUN: run_id.lower(),
        keys.ROLE: keys.ROLE_PROBE,
        keys.CELL: cell_id.lower()[:63],
    }
    resources: dict[str, Any] = {
        "limits": {"memory": quantity(limits.memory)},
        "requests": {"memory": quantity(limits.memory), "cpu": "1"},
    }
    if gpu:
        resources["limits"]["nvidia.com/gpu"] = 1
    user = int(limits.user.split(":")[0])
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": name, "labels": labels, "annotations": {"envforge/image": image}},
        "spec": {
            "backoffLimit": 0,
            "activeDeadlineSeconds": timeout_s,
            "ttlSecondsAfterFinished": 86400,
            "template": {
                "metadata": {"labels": dict(labels)},
                "spec": {
                    "restartPolicy": "Never",
                    "automountServiceAccountToken": False,
                    "nodeSelector": {target.key: target.value},
                    "securityContext": {
                        "runAsNonRoot": True,
                        "runAsUser": user,
                        "runAsGroup": user,
                        "seccompProfile": {"type": "RuntimeDefault"},
                    },
                    "containers": [
                        {
                            "name": "probe",
                            "image": image,
                            "imagePullPolicy": "IfNotPresent",
                            "command": ["envforge-probe", "--json", "--level", str(level)],
                            "resources": resources,
                            "securityContext": {
                                "allowPrivilegeEscalation": False,
                                "readOnlyRootFilesystem": limits.read_only,
                                "capabilities": {"drop": ["ALL"]},
                            },
                            "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
                        }
                    ],
                    "volumes": [
                        {"name": "tmp", "emptyDir": {"sizeLimit": quantity(limits.tmpfs_size)}}
                    ],
                },
            },
        },
    }


def collect_script(jobs: list[tuple[str, str, str]], timeout_s: int) -> str:
    """A script that waits for each Job, then keeps its log and where it ran under results/,
    ready for ``envforge collect DIR``. ``jobs``: (job name, cell, image)."""
    lines = [
        "#!/bin/sh",
        "# Written by envforge: after kubectl apply -f DIR, gather what each probe Job printed.",
        "# Then: envforge collect DIR",
        "set -u",
        'here=$(cd "$(dirname "$0")" && pwd)',
        'mkdir -p "$here/results"',
    ]
    for name, cell, image in jobs:
        job, meta = shlex.quote(name), shlex.quote(f"{name}.meta")
        lines += [
            f"kubectl wait --for=condition=complete --timeout={timeout_s}s job/{job} >/dev/null 2>&1"
            f" || kubectl wait --for=condition=failed --timeout=1s job/{job} >/dev/null 2>&1",
            f'kubectl logs job/{job} > "$here/results/{name}.json" 2>/dev/null',
            f"node=$(kubectl get pods -l job-name={job} -o jsonpath='{{.items[0].spec.nodeName}}')",
            f'printf "cell=%s\\nimage=%s\\nnode=%s\\n" {shlex.quote(cell)} {shlex.quote(image)} '
            f'"$node" > "$here/results/"{meta}',
        ]
    return "\n".join(lines) + "\n"
