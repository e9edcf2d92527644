#!/bin/sh
# envforge probe task, run 20261123T000000Z-abcdef: tf-cuda on one node, with podman.
#   image: 127.0.0.1:5055/tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
# Written by envforge; the node needs only the container runtime, not envforge. Everything it learns
# goes to files in /shared/spool/20261123T000000Z-abcdef/tf-cuda@gpu-h100-01: node.txt (the node), pull.*, probe.json (the probe's report on
# stdout), probe.err, probe.rc, probe.timeout, probe.oom, probe.seconds.
set -u
out=/shared/spool/20261123T000000Z-abcdef/tf-cuda@gpu-h100-01
mkdir -p "$out"
{
  echo "hostname=$(hostname)"
  echo "node=${SLURMD_NODENAME:-}"
  echo "kernel=$(uname -r)"
  # shellcheck disable=SC1091
  echo "os=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null)"
  echo "runtime=podman $(podman version --format '{{.Client.Version}}' 2>/dev/null)"
  [ -e /etc/cdi/nvidia.yaml ] || [ -e /var/run/cdi/nvidia.yaml ] && echo "gpu_runtime=yes"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader,nounits 2>/dev/null | sed 's/^/gpu=/'
  fi
} > "$out/node.txt"

# shellcheck disable=SC2043
for tool in podman; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not on this node ($(hostname)): podman needs podman" > "$out/runtime.err"
    exit 4
  fi
done
started=$(date +%s)
if ! podman pull --tls-verify=false 127.0.0.1:5055/tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa > "$out/pull.log" 2>&1; then
  echo 1 > "$out/pull.rc"
  exit 3
fi
echo 0 > "$out/pull.rc"
name=envforge-run-tf-cuda-gpu-h100-01
gpus=
if grep -q '^gpu_runtime=yes' "$out/node.txt" && grep -q '^gpu=' "$out/node.txt"; then
  gpus='--device nvidia.com/gpu=all'
fi
cleanup() { podman rm -f "$name" >/dev/null 2>&1; }
trap cleanup EXIT
trap 'cleanup; exit 143' TERM INT
# shellcheck disable=SC2086
if ! podman create --name "$name" --label=io.envforge.run=20261123T000000Z-abcdef --label=io.envforge.role=probe \
    --user 65534:65534 --read-only --tmpfs /tmp:rw,exec,nosuid,size=2g --cap-drop ALL --security-opt no-new-privileges --memory 6g --memory-swap 6g --pids-limit 1024 --network none --log-opt max-size=32m $gpus \
    127.0.0.1:5055/tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa envforge-probe --json --level 3 > /dev/null 2> "$out/create.err"; then
  exit 5
fi
podman start "$name" > /dev/null
if ! timeout 900 podman wait "$name" > "$out/probe.rc" 2>/dev/null; then
  podman kill "$name" > /dev/null 2>&1
  echo "killed after 900 s" > "$out/probe.timeout"
fi
podman logs "$name" > "$out/probe.json" 2> "$out/probe.err"
podman inspect --format '{{.State.OOMKilled}}' "$name" > "$out/probe.oom" 2>/dev/null
echo $(( $(date +%s) - started )) > "$out/probe.seconds"
