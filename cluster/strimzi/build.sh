#!/usr/bin/env bash
# Builds Strimzi's cluster operator and topic operator (their -dist.zip: the jars and scripts the
# operator image needs) and kafka-agent (which the broker image needs) from a Strimzi source tree,
# into CACHE/strimzi/<version>-<key>/, the key a hash of the tree's content and of this script: a
# second build of the same tree (another clone, CI on a machine that kept its cache) reuses it.
# Prints that directory.
#
#   usage: build.sh SOURCE_DIR CACHE_DIR
#
# Strimzi's operator jars are on no registry we reach (only io.strimzi:api is on Maven Central), so
# a real Strimzi can only be had by building it; the vendored tree's README says what was checked.
# The build writes into its tree, so it runs on a copy (the source may be read-only). It needs a
# JDK 21 or newer: STRIMZI_JAVA_HOME, else the newest under /usr/lib/jvm that is one.
set -euo pipefail

src=${1:?usage: build.sh SOURCE_DIR CACHE_DIR}
cache=${2:?usage: build.sh SOURCE_DIR CACHE_DIR}
fail() { echo "strimzi/build.sh: $*" >&2; exit 1; }

[ -f "$src/release.version" ] || fail "$src is not a Strimzi source tree (no release.version); set STRIMZI_SRC"
version=$(cat "$src/release.version")
key=$({ (cd "$src" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); sha256sum <"$0"; } \
  | sha256sum | cut -c1-16)
out=$cache/strimzi/$version-$key
if [ -f "$out/complete" ]; then
  echo "$out"
  exit 0
fi

# The JDK's major version from its release file; empty when it has none.
java_major() {
  if [ -f "$1/release" ]; then sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"; fi
}
java_home=${STRIMZI_JAVA_HOME:-}
if [ -z "$java_home" ]; then
  best=0
  for candidate in /usr/lib/jvm/*/; do
    major=$(java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ] && [ "$major" -gt "$best" ] && [ -x "$candidate/bin/javac" ]; then
      best=$major
      java_home=${candidate%/}
    fi
  done
fi
[ -n "$java_home" ] || fail "no JDK 21 or newer under /usr/lib/jvm (Strimzi $version needs one); set STRIMZI_JAVA_HOME"
major=$(java_major "$java_home")
[ -n "$major" ] && [ "$major" -ge 21 ] || fail "$java_home is not a JDK 21 or newer"

rm -rf "$out"
mkdir -p "$out"
work=$out/src
echo "building Strimzi $version from $src with the JDK $major at $java_home into $out" >&2
cp -r "$src" "$work"
chmod -R u+w "$work"

# The cluster operator checks a Kafka's configuration against a model of each Kafka version it
# supports (cluster-operator/src/main/resources/kafka-<version>-config-model.json), which
# config-model-generator writes. Its default profile runs a script that needs mikefarah's yq (not
# Debian's); its generate-model profile does one version at a time: build it with the version's
# Kafka jars, then run the generator on that classpath.
log=$out/build.log
: >"$log"
versions=$(awk '/^- version:/ {v = $3} /^  supported: true/ {print v}' "$work/kafka-versions.yaml")
[ -n "$versions" ] || fail "no supported Kafka version in $work/kafka-versions.yaml"
for v in $versions; do
  model=$work/cluster-operator/src/main/resources/kafka-$v-config-model.json
  if ! (cd "$work" && JAVA_HOME=$java_home mvn -B -pl config-model-generator -am -Pgenerate-model \
          package dependency:build-classpath -Dmdep.outputFile="$out/model-classpath.txt" \
          -Dkafka-metadata-version="$v" -DskipTests -Dcheckstyle.skip -Dspotbugs.skip -Djacoco.skip \
          -Dmaven.javadoc.skip -Dmaven.source.skip -Denforcer.skip -Dmdep.analyze.skip \
          && "$java_home/bin/java" -cp "config-model-generator/target/classes:$(cat "$out/model-classpath.txt")" \
               io.strimzi.build.kafka.metadata.KafkaConfigModelGenerator "$model") >>"$log" 2>&1; then
    tail -n 40 "$log" >&2
    fail "generating the configuration model of Kafka $v failed; the whole log: $log"
  fi
done

# api and crd-generator come from Maven Central (io.strimzi:api); annotation processing must be asked
# for on JDK 23+; -DskipTests still packages operator-common's test-jar, which cluster-operator needs.
if ! (cd "$work" && JAVA_HOME=$java_home mvn -B -pl 'cluster-operator,topic-operator,kafka-agent,!api,!crd-generator' \
        -am package -DskipTests -Dcheckstyle.skip -Dspotbugs.skip -Djacoco.skip -Dmaven.javadoc.skip \
        -Dmaven.source.skip -Denforcer.skip -Dmaven.compiler.proc=full) >>"$log" 2>&1; then
  tail -n 40 "$log" >&2
  fail "the Maven build failed; its whole log: $log"
fi

mkdir -p "$out/binaries"
for dist in cluster-operator topic-operator; do
  zip=$work/docker-images/artifacts/binaries/$dist-$version-dist.zip
  [ -f "$zip" ] || fail "the build made no $zip"
  cp "$zip" "$out/binaries/"
done
cp "$work/kafka-agent/target/kafka-agent-$version.jar" "$out/binaries/" \
  || fail "the build made no kafka-agent-$version.jar"
# What the images also take from the tree: the operator's and the broker's scripts, the CRDs and RBAC.
mkdir -p "$out/tree"
cp -r "$work/docker-images" "$work/install" "$out/tree/"
rm -rf "$out/tree/docker-images/artifacts/binaries" "$work"
touch "$out/complete"
echo "$out"
