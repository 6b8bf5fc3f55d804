#!/usr/bin/env bash
# Builds the Strimzi images the real-node cluster runs, from what build.sh made (BUILD_DIR, the
# directory it prints) and Maven jars, with podman, into one archive (docker-archive, like
# images/build.sh) that cluster/up.sh imports:
#
#   localhost/strimzi/operator:VERSION            the cluster operator and topic operator
#   localhost/strimzi/kafka:VERSION-kafka-4.1.1   a Strimzi-compatible Apache Kafka 4.1.1 broker
#
# Both run on a Java 21 JRE from Debian trixie packages (Strimzi 0.50 needs Java 21), made once by
# images/base/jre-rootfs.sh and kept under ~/.cache/streamgauge/images. The names say where they
# were built; install.sh points Strimzi's Deployment at them.
#
#   usage: images.sh BUILD_DIR ARCHIVE
set -euo pipefail

build=${1:?usage: images.sh BUILD_DIR ARCHIVE}
archive=${2:?usage: images.sh BUILD_DIR ARCHIVE}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
fail() { echo "strimzi/images.sh: $*" >&2; exit 1; }

[ -f "$build/complete" ] || fail "$build is no finished Strimzi build (run make strimzi)"
version=$(basename "$build" | cut -d- -f1)
kafka_version=4.1.1
command -v podman >/dev/null || fail "podman is missing; install it with make tools (Debian package podman)"
podman=(podman --runtime runc)

base=localhost/streamgauge/strimzi-base:21
cache=${XDG_CACHE_HOME:-$HOME/.cache}/streamgauge/images
rootfs=$cache/strimzi-jre21-trixie-rootfs.tar
if ! "${podman[@]}" image exists "$base"; then
  # What Strimzi's scripts call: tini (every entry point), openssl and keytool (certificates),
  # gawk, hostname and netstat (kafka_run.sh, the probes), curl (the broker's readiness probe).
  [ -f "$rootfs" ] || DEBIAN_SUITE=trixie EXTRA_USERS="strimzi:1001:0" \
    JRE_PACKAGES="openjdk-21-jre-headless tini openssl curl gawk net-tools hostname" \
    "$repo/images/base/jre-rootfs.sh" "$rootfs"
  "${podman[@]}" import --quiet --change 'USER 1001' \
    --message 'Strimzi JRE base: Debian trixie minbase + openjdk-21-jre-headless and the tools of its scripts' \
    "$rootfs" "$base" >/dev/null
  echo "imported base image $base"
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/sg-strimzi-images.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# The operator: both dist zips' bin/ and lib/, and Strimzi's launch_java.sh.
mkdir -p "$stage/operator"
for dist in cluster-operator topic-operator; do
  unzip -qo "$build/binaries/$dist-$version-dist.zip" -d "$stage/operator"
done
cp "$build/tree/docker-images/operator/scripts/"* "$stage/operator/bin/"
chmod 755 "$stage/operator/bin/"*

# The broker: Strimzi's scripts, Kafka-compatible bin/ scripts, the jars (kafka/pom.xml) and kafka-agent.
mkdir -p "$stage/kafka/scripts" "$stage/kafka/plugins"
cp "$build/tree/docker-images/kafka-based/kafka/scripts/"* "$stage/kafka/scripts/"
cp -r "$here/kafka/bin" "$stage/kafka/bin"
chmod 755 "$stage/kafka/scripts/"*.sh "$stage/kafka/bin/"*
mvn -B -q -f "$here/kafka/pom.xml" dependency:copy-dependencies \
  -DoutputDirectory="$stage/kafka/libs" -DincludeScope=runtime
cp "$build/binaries/kafka-agent-$version.jar" "$stage/kafka/libs/"

operator=localhost/strimzi/operator:$version
kafka=localhost/strimzi/kafka:$version-kafka-$kafka_version
"${podman[@]}" build --quiet --build-arg "BASE=$base" -f "$here/operator/Containerfile" -t "$operator" "$stage/operator" >/dev/null
echo "built $operator"
"${podman[@]}" build --quiet --build-arg "BASE=$base" -f "$here/kafka/Containerfile" -t "$kafka" "$stage/kafka" >/dev/null
echo "built $kafka"

mkdir -p "$(dirname "$archive")"
rm -f "$archive"
"${podman[@]}" save --quiet --multi-image-archive --format docker-archive -o "$archive" "$operator" "$kafka"
echo "wrote $archive ($(du -h "$archive" | cut -f1)): $operator $kafka"
