"""Gates that hold a node until the images a site requires pass on it again (pure: text and
manifests, no scheduler).

- Slurm: a HealthCheckProgram (``healthcheck.sh``, and the same as an LBNL NHC check) that compares
  the node's fingerprint with the one its last certificates were made on, drains it on a change
  and submits ``recertify.sh``, which runs ``envforge gate recertify`` for that node.
- Kubernetes: the validation workload NVIDIA's GPU Operator upgrade controller waits on in its
  ``validation-required`` state: per required image, a DaemonSet whose pod on each GPU node is
  Ready only while the image's probe passed there on the node's current driver, labelled with the
  controller's pod selector (``app=nvidia-operator-validator``), and a ConfigMap of the images.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .. import labels as keys
from ..engine import ProbeLimits
from ..host import HostInfo
from .kubernetes import quantity
from .scripts import template_environment

__all__ = [
    "fingerprint_text",
    "healthcheck_script",
    "recertify_script",
    "nhc_check",
    "kubernetes_gate",
    "VALIDATOR_SELECTOR",
]

# The GPU Operator's upgrade controller waits, in validation-required, for every pod with this label
# on the node (k8s-operator-libs' ValidationManager, with the selector the operator gives it).
VALIDATOR_SELECTOR = {"app": "nvidia-operator-validator"}


def fingerprint_text(host: HostInfo) -> str:
    """A node's fingerprint as healthcheck.sh computes it: driver, GPUs (``NAME (cc X.Y)``, sorted,
    ``;``-joined), kernel and runtime, one ``key=value`` line each."""
    gpus = ";".join(sorted(f"{g.name} (cc {g.compute_capability})" for g in host.gpus))
    return "\n".join(
        (f"driver={host.driver or ''}", f"gpus={gpus}", f"kernel={host.kernel}",
         f"runtime={host.engine}")
    )  # fmt: skip


def healthcheck_script(
    gate: Path, runtime: str, sbatch_args: tuple[str, ...] = (), slurm_conf: str | None = None
) -> str:
    return (
        template_environment()
        .get_template("healthcheck.sh.j2")
        .render(
            gate=str(gate), runtime=runtime, sbatch_args=list(sbatch_args), slurm_conf=slurm_conf
        )
    )


def recertify_script(gate: Path, envforge: list[str]) -> str:
    return (
        template_environment()
        .get_template("recertify.sh.j2")
        .render(gate=str(gate), envforge=envforge)
    )


def nhc_check(gate: Path) -> str:
    return template_environment().get_template("envforge-gate.nhc.j2").render(gate=str(gate))


def _name(image: str) -> str:
    """A DNS-1123 name for an image's validator: its repository's last part and its digest."""
    repository, _, digest = image.partition("@")
    base = re.sub(r"[^a-z0-9-]+", "-", repository.rsplit("/", 1)[-1].split(":")[0].lower())
    return f"envforge-gate-{base[:30].strip('-')}-{digest.removeprefix('sha256:')[:12]}"


_PROBE = (
    "driver() { nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1; }\n"
    "rm -f /tmp/envforge/passed; mkdir -p /tmp/envforge\n"
    "driver > /tmp/envforge/driver\n"
    "envforge-probe --json --level {level} > /tmp/envforge/report.json 2> /tmp/envforge/probe.err"
    " && touch /tmp/envforge/passed\n"
    "cat /tmp/envforge/report.json\n"
    "exec sleep 2147483647\n"
)
# Ready: the probe passed, on the driver the node has now. Live: the driver is the one probed on
# (a new driver restarts the container, which probes again).
_READY = 'test -f /tmp/envforge/passed && test "$(cat /tmp/envforge/driver)" = "$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"'
_LIVE = 'test "$(cat /tmp/envforge/driver)" = "$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"'


def kubernetes_gate(
    images: list[str],
    *,
    level: int,
    timeout_s: int,
    limits: ProbeLimits,
    namespace: str,
    node_selector: dict[str, str],
) -> list[dict[str, Any]]:
    """The ConfigMap of required images, and one DaemonSet per image (by digest)."""
    common = {keys.ROLE: "gate", "app.kubernetes.io/part-of": "envforge"}
    found: list[dict[str, Any]] = [
        {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {
                "name": "envforge-gate-required",
                "namespace": namespace,
                "labels": common,
            },
            "data": {
                "required.json": json.dumps(
                    {"images": images, "level": level, "node_selector": node_selector}, indent=1
                )
            },
        }
    ]
    user = int(limits.user.split(":")[0])
    for image in images:
        name = _name(image)
        pod_labels = {**VALIDATOR_SELECTOR, **common, "envforge.io/gate": name}
        check = {"exec": {"command": ["sh", "-c", _READY]}, "periodSeconds": 10}
        found.append({
            "apiVersion": "apps/v1",
            "kind": "DaemonSet",
            "metadata": {"name": name, "namespace": namespace, "labels": common,
                         "annotations": {"envforge/image": image}},
            "spec": {
                "selector": {"matchLabels": {"envforge.io/gate": name}},
                "template": {
                    "metadata": {"labels": pod_labels, "annotations": {"envforge/image": image}},
                    "spec": {
                        "nodeSelector": dict(node_selector),
                        "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists",
                                         "effect": "NoSchedule"}],
                        "runtimeClassName": "nvidia",
                        "automountServiceAccountToken": False,
                        "securityContext": {"runAsNonRoot": True, "runAsUser": user,
                                            "runAsGroup": user,
                                            "seccompProfile": {"type": "RuntimeDefault"}},
                        "containers": [{
                            "name": "probe",
                            "image": image,
                            "imagePullPolicy": "IfNotPresent",
                            "command": ["sh", "-c", _PROBE.replace("{level}", str(level))],
                            "env": [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
                                    {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,utility"}],
                            "resources": {"limits": {"memory": quantity(limits.memory)},
                                          "requests": {"memory": quantity(limits.memory), "cpu": "1"}},
                            "readinessProbe": {**check, "initialDelaySeconds": 5},
                            "livenessProbe": {"exec": {"command": ["sh", "-c", _LIVE]},
                                              "initialDelaySeconds": timeout_s, "periodSeconds": 30},
                            "securityContext": {"allowPrivilegeEscalation": False,
                                                "readOnlyRootFilesystem": limits.read_only,
                                                "capabilities": {"drop": ["ALL"]}},
                            "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
                        }],
                        "volumes": [{"name": "tmp",
                                     "emptyDir": {"sizeLimit": quantity(limits.tmpfs_size)}}],
                    },
                },
            },
        })  # fmt: skip
    return found
