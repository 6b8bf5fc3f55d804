#!/usr/bin/env bash
# Builds the images only the real-node test cluster needs, into one archive for cluster/up.sh:
#   localhost/streamgauge/pause:3.10       the pod sandbox (pause.c, static)
#   localhost/streamgauge/prometheus:test  the cluster's Prometheus (make tools builds it with
#                                          Kubernetes service discovery, which Debian's lacks)
# usage: cluster/images.sh ARCHIVE BASE_IMAGE PROMETHEUS_BINARY   (BASE_IMAGE from make images)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
archive=${1:?usage: images.sh ARCHIVE BASE_IMAGE PROMETHEUS_BINARY}
base=${2:?base image}
prometheus=${3:?Prometheus binary}
podman=(podman --runtime runc)
[ -x "$prometheus" ] || { echo "cluster images: $prometheus is missing; run make tools" >&2; exit 1; }
for cmd in podman gcc; do
  command -v "$cmd" >/dev/null || { echo "cluster images: $cmd is missing; run make tools" >&2; exit 1; }
done
"${podman[@]}" image exists "$base" || { echo "cluster images: $base is missing; run make images" >&2; exit 1; }

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT

mkdir "$context/pause"
gcc -static -Os -o "$context/pause/pause" "$here/pause.c"
cat > "$context/pause/Containerfile" <<'CONTAINERFILE'
FROM scratch
COPY pause /pause
USER 65535:65535
ENTRYPOINT ["/pause"]
CONTAINERFILE
"${podman[@]}" build --quiet -t localhost/streamgauge/pause:3.10 "$context/pause" >/dev/null

mkdir "$context/prometheus"
cp "$prometheus" "$context/prometheus/prometheus"
cat > "$context/prometheus/Containerfile" <<CONTAINERFILE
FROM $base
COPY prometheus /usr/local/bin/prometheus
USER 10001
ENTRYPOINT ["/usr/local/bin/prometheus"]
CONTAINERFILE
"${podman[@]}" build --quiet -t localhost/streamgauge/prometheus:test "$context/prometheus" >/dev/null

mkdir -p "$(dirname "$archive")"
rm -f "$archive"
"${podman[@]}" save --quiet --multi-image-archive --format docker-archive -o "$archive" \
  localhost/streamgauge/pause:3.10 localhost/streamgauge/prometheus:test
echo "wrote $archive: localhost/streamgauge/pause:3.10 localhost/streamgauge/prometheus:test"
