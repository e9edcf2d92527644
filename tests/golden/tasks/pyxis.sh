#!/bin/sh
# envforge probe task, run 20261123T000000Z-abcdef: tf-cuda on one node, with pyxis.
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
  echo "runtime=pyxis $(enroot version 2>/dev/null)"
  echo "gpu_runtime=yes"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader,nounits 2>/dev/null | sed 's/^/gpu=/'
  fi
} > "$out/node.txt"

# shellcheck disable=SC2043
for tool in enroot; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not on this node ($(hostname)): pyxis needs enroot" > "$out/runtime.err"
    exit 4
  fi
done
started=$(date +%s)
# pyxis imports the image with enroot as srun starts the step (a failed import is a pull failure).
timeout 900 srun --ntasks=1 --container-image='127.0.0.1:5055#tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' \
    --no-container-mount-home --container-remap-root \
    envforge-probe --json --level 3 > "$out/probe.json" 2> "$out/probe.err"
echo $? > "$out/probe.rc"
grep -q 'pyxis: failed to import' "$out/probe.err" && { cp "$out/probe.err" "$out/pull.log"; echo 1 > "$out/pull.rc"; exit 3; }
echo 0 > "$out/pull.rc"
echo $(( $(date +%s) - started )) > "$out/probe.seconds"
