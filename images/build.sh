#!/usr/bin/env bash
# Builds Streamgauge's container images without a registry or a Docker daemon: the JRE base from
# Debian packages (cached under ~/.cache/streamgauge/images), then images/<name>/Containerfile for
# each name given, with podman. Writes every image built into one archive (docker-archive format,
# layers shared) that `ctr images import`, `k3s ctr images import` and `podman load` read.
#
# usage: images/build.sh ARCHIVE REGISTRY TAG BASE NAME...
# Run from the repository root after the jars are packaged (make images does both).
set -euo pipefail

archive=${1:?usage: build.sh ARCHIVE REGISTRY TAG BASE NAME...}
registry=${2:?registry}
tag=${3:?tag}
base=${4:?base image}
shift 4
[ $# -gt 0 ] || { echo "build.sh: no image names given" >&2; exit 2; }

command -v podman >/dev/null || {
  echo "build.sh: podman is missing; install it with make tools (Debian package podman)" >&2
  exit 1
}
# runc, not crun: crun fails on cgroup v1 hybrid hosts.
podman=(podman --runtime runc)

cache=${XDG_CACHE_HOME:-$HOME/.cache}/streamgauge/images
rootfs=$cache/jre17-bookworm-rootfs.tar
if ! "${podman[@]}" image exists "$base"; then
  [ -f "$rootfs" ] || "$(dirname "$0")/base/jre-rootfs.sh" "$rootfs"
  "${podman[@]}" import --quiet \
    --change 'USER 10001' --change 'WORKDIR /home/streamgauge' \
    --message 'Streamgauge JRE base: Debian bookworm minbase + openjdk-17-jre-headless' \
    "$rootfs" "$base" >/dev/null
  echo "imported base image $base"
fi

images=()
for name in "$@"; do
  ref=$registry/$name:$tag
  "${podman[@]}" build --quiet --build-arg "BASE=$base" -f "images/$name/Containerfile" -t "$ref" . >/dev/null
  echo "built $ref"
  images+=("$ref")
done

mkdir -p "$(dirname "$archive")"
rm -f "$archive"
"${podman[@]}" save --quiet --multi-image-archive --format docker-archive -o "$archive" "${images[@]}"
echo "wrote $archive ($(du -h "$archive" | cut -f1)): ${images[*]}"
