#!/bin/sh
# envforge probe task, run 20261123T000000Z-abcdef: tf-cuda on one node, with charliecloud.
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
  echo "runtime=charliecloud $(ch-run --version 2>&1)"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader,nounits 2>/dev/null | sed 's/^/gpu=/'
  fi
} > "$out/node.txt"

# shellcheck disable=SC2043
for tool in ch-run skopeo umoci mksquashfs flock setpriv prlimit unshare; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not on this node ($(hostname)): charliecloud needs ch-run skopeo umoci mksquashfs flock setpriv prlimit unshare" > "$out/runtime.err"
    exit 4
  fi
done
started=$(date +%s)
# The image becomes a SquashFS file once, on storage the nodes share: the first task to take the
# lock pulls it by digest (skopeo, umoci: no engine, no root) and squashes it; the others, and
# later runs, find it and check it against its recorded SHA-256 before running it.
cache=/shared/spool/20261123T000000Z-abcdef/images
sqfs="$cache/"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.sqfs
mkdir -p "$cache"
if ! (
  flock -w 900 9 || { echo "no lock on $sqfs after 900 s"; exit 1; }
  [ -s "$sqfs.sha256" ] && exit 0
  work=$(mktemp -d "$sqfs.XXXXXX") || exit 1
  trap 'rm -rf "$work"' EXIT
  skopeo copy --quiet --src-tls-verify=false docker://127.0.0.1:5055/tf-cpu@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "oci:$work/oci:image" &&
    skopeo inspect --format '{{range .Env}}{{println .}}{{end}}' "oci:$work/oci:image" > "$work/env" &&
    umoci raw unpack --rootless --image "$work/oci:image" "$work/rootfs" &&
    mksquashfs "$work/rootfs" "$work/image.sqfs" -noappend -all-root -quiet -no-progress > /dev/null &&
    sha256sum "$work/image.sqfs" | cut -d' ' -f1 > "$work/image.sha256" &&
    chmod 0644 "$work/env" "$work/image.sqfs" "$work/image.sha256" &&
    mv "$work/env" "$sqfs.env" && mv "$work/image.sqfs" "$sqfs" && mv "$work/image.sha256" "$sqfs.sha256" &&
    echo "made $sqfs" > "$out/squashfs.made"
) 9> "$sqfs.lock" > "$out/pull.log" 2>&1; then
  echo 1 > "$out/pull.rc"
  exit 3
fi
# Opened once: the file checked is the file run (and the probe's user needs no path to it).
exec 9< "$sqfs" 8< "$sqfs.env"
recorded=$(cat "$sqfs.sha256")
found=$(sha256sum /dev/fd/9 | cut -d' ' -f1)
if [ "$found" != "$recorded" ]; then
  echo "the SquashFS changed since it was made: SHA-256 $found, recorded $recorded ($sqfs)" >> "$out/pull.log"
  echo 1 > "$out/pull.rc"
  exit 3
fi
echo 0 > "$out/pull.rc"
{ echo "sha256=$found"; echo "bytes=$(wc -c < "$sqfs")"; echo "path=$sqfs"; } > "$out/squashfs.txt"
# Unprivileged (the probe's user when the task runs as root), no new privileges, no network (a
# user namespace of its own), a read-only image, a private /tmp, memory (address space) and
# process limits, a timeout.
as=""
[ "$(id -u)" -eq 0 ] && as="--reuid=65534 --regid=65534 --clear-groups"
# shellcheck disable=SC2086
timeout 900 env -i USER=probe PATH=/usr/bin:/bin setpriv $as --no-new-privs \
    prlimit --as=6442450944 --nproc=1024 -- \
    unshare --user --map-current-user --net \
    ch-run --private-tmp --unset-env='*' --set-env=/dev/fd/8 /dev/fd/9 -- \
    envforge-probe --json --level 3 > "$out/probe.json" 2> "$out/probe.err"
rc=$?
echo "$rc" > "$out/probe.rc"
[ "$rc" -eq 124 ] && echo "killed after 900 s" > "$out/probe.timeout"
echo $(( $(date +%s) - started )) > "$out/probe.seconds"
