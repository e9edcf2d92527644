#!/bin/sh
# envforge probe task, run 20261123T000000Z-abcdef: tf-cuda on one node, with apptainer.
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
  echo "runtime=apptainer $(apptainer --version 2>/dev/null)"
  echo "gpu_runtime=yes"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader,nounits 2>/dev/null | sed 's/^/gpu=/'
  fi
} > "$out/node.txt"

# shellcheck disable=SC2043
for tool in apptainer; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not on this node ($(hostname)): apptainer needs apptainer" > "$out/runtime.err"
    exit 4
  fi
done
started=$(date +%s)
export APPTAINER_NOHTTPS=1
if ! apptainer pull --force "$out/image.sif" docker://127.0.0.1:5055/tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa > "$out/pull.log" 2>&1; then
  echo 1 > "$out/pull.rc"
  exit 3
fi
echo 0 > "$out/pull.rc"
timeout 900 apptainer exec --containall --cleanenv --no-home --nv \
    "$out/image.sif" envforge-probe --json --level 3 > "$out/probe.json" 2> "$out/probe.err"
echo $? > "$out/probe.rc"
rm -f "$out/image.sif"
echo $(( $(date +%s) - started )) > "$out/probe.seconds"
