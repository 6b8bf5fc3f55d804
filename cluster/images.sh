#!/usr/bin/env bash
# Builds the images only the real-node test cluster needs, into one archive for cluster/up.sh:
#   localhost/streamgauge/pause:3.10       the pod sandbox (pause.c, static)
#   localhost/streamgauge/prometheus:test  the cluster's Prometheus (make tools builds it with
#                                          Kubernetes service discovery, which Debian's lacks)
#   localhost/streamgauge/prometheus-operator:VERSION, .../prometheus-config-reloader:VERSION
#                                          prometheus-operator and the config reloader it runs
#                                          beside Prometheus (prometheus-operator/build.sh; static)
# usage: cluster/images.sh ARCHIVE BASE_IMAGE PROMETHEUS_BINARY PROMETHEUS_OPERATOR_BUILD
#        (BASE_IMAGE from make images; the build directory prometheus-operator/build.sh printed)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
archive=${1:?usage: images.sh ARCHIVE BASE_IMAGE PROMETHEUS_BINARY PROMETHEUS_OPERATOR_BUILD}
base=${2:?base image}
prometheus=${3:?Prometheus binary}
operator_build=${4:?prometheus-operator build directory}
# The build directory is <version>-<key>.
operator_version=$(basename "$operator_build" | cut -d- -f1)
operator_images=("localhost/streamgauge/prometheus-operator:$operator_version"
  "localhost/streamgauge/prometheus-config-reloader:$operator_version")
podman=(podman --runtime runc)
[ -x "$prometheus" ] || { echo "cluster images: $prometheus is missing; run make tools" >&2; exit 1; }
[ -f "$operator_build/complete" ] || { echo "cluster images: $operator_build is incomplete; run make prometheus-operator" >&2; exit 1; }
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

# Static Go binaries, as upstream ships them; prometheus-operator runs the reloader as
# /bin/prometheus-config-reloader.
for binary in operator prometheus-config-reloader; do
  mkdir "$context/$binary"
  cp "$operator_build/bin/$binary" "$context/$binary/$binary"
  cat > "$context/$binary/Containerfile" <<CONTAINERFILE
FROM scratch
COPY $binary /bin/$binary
USER 65534:65534
ENTRYPOINT ["/bin/$binary"]
CONTAINERFILE
done
"${podman[@]}" build --quiet -t "${operator_images[0]}" "$context/operator" >/dev/null
"${podman[@]}" build --quiet -t "${operator_images[1]}" "$context/prometheus-config-reloader" >/dev/null

images=(localhost/streamgauge/pause:3.10 localhost/streamgauge/prometheus:test "${operator_images[@]}")
mkdir -p "$(dirname "$archive")"
rm -f "$archive"
"${podman[@]}" save --quiet --multi-image-archive --format docker-archive -o "$archive" "${images[@]}"
echo "wrote $archive: ${images[*]}"
