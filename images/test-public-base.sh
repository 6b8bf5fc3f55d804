#!/usr/bin/env bash
# Checks that every Containerfile builds and runs on a public-style JRE base as well as on ours
# (`--build-arg BASE=…`, as `docker build` with eclipse-temurin:17-jre would): a base made here from
# our JRE root filesystem without the streamgauge user's home, running as root from / (what a public
# base gives uid 10001: no home, nothing writable). Each image must give uid 10001 a writable HOME
# as its working directory and start java. The images are removed at the end.
# usage: images/test-public-base.sh NAME...   (root, from the repository root, after make images)
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: test-public-base.sh NAME..." >&2; exit 2; }
podman=(podman --runtime runc)
rootfs=${XDG_CACHE_HOME:-$HOME/.cache}/streamgauge/images/jre17-bookworm-rootfs.tar
[ -f "$rootfs" ] || { echo "test-public-base: $rootfs is missing: run make images first" >&2; exit 1; }
base=localhost/streamgauge-test/public-style-jre:17
work=$(mktemp -d)
built=()
cleanup() {
  for ref in "${built[@]}"; do "${podman[@]}" rmi -f "$ref" >/dev/null 2>&1 || true; done
  "${podman[@]}" rmi -f "$base" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

cp "$rootfs" "$work/rootfs.tar"
tar --delete -f "$work/rootfs.tar" ./home/streamgauge
"${podman[@]}" import --quiet --change 'USER root' --change 'WORKDIR /' "$work/rootfs.tar" "$base" >/dev/null

for name in "$@"; do
  ref=localhost/streamgauge-test/$name:public-base
  "${podman[@]}" build --quiet --build-arg "BASE=$base" -f "images/$name/Containerfile" -t "$ref" . >/dev/null
  built+=("$ref")
  # Limits within this machine's hard ones: podman's defaults are above them, and runc then fails.
  said=$("${podman[@]}" run --rm --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
    --entrypoint /bin/sh "$ref" -c \
    'id -u; pwd; touch "$HOME/written" && echo writable; java -version 2>&1 | head -n 1') || true
  expected="10001 /home/streamgauge writable"
  got=$(head -n 3 <<<"$said" | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" != "$expected" ] || ! grep -q 'version "17' <<<"$said"; then
    echo "test-public-base: $name on a public-style base: expected '$expected' and java 17, got:" >&2
    echo "$said" >&2
    exit 1
  fi
  echo "$name: builds on a public-style base, runs as 10001 in a writable home"
done
echo "every image builds and runs on a public-style JRE base"
