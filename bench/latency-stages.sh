#!/usr/bin/env bash
# Where a local run's latency sits: the run as streamgauge runs it (its latency consumer reads the
# output read_committed), beside a second latency consumer reading the same output
# read_uncommitted, which sees each record as soon as the app wrote it. The two distributions'
# difference is the commit wait (zero at at-least-once); they are compared by distribution, not
# record by record. Used for bench/results/latency-explained.md.
#
# usage: bench/latency-stages.sh NAME RUNTIME GUARANTEE [SETTING=VALUE]
#   e.g. bench/latency-stages.sh ks-alo-linger5 kafka-streams at_least_once streams.producer.linger.ms=5
# Needs the CLI built (make cli). Writes into ${LATENCY_STAGES_DIR:-/tmp/latency-stages}/NAME*.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 runtime=$2 guarantee=$3 setting=${4:-}
dir=${LATENCY_STAGES_DIR:-/tmp/latency-stages}
mkdir -p "$dir"
spec=$dir/$name.yaml
sed -e "s/runtime: kafka-streams/runtime: $runtime/" \
  -e "s/processingGuarantee: exactly_once_v2/processingGuarantee: $guarantee/" \
  -e "s/name: stateless-simple-eos/name: $name/" examples/run-stateless-simple-eos.yaml >"$spec"
if [ -n "$setting" ]; then
  sed -i "s/      commit.interval.ms: \"100\"/      commit.interval.ms: \"100\"\n      ${setting%%=*}: \"${setting#*=}\"/" "$spec"
fi
port=$((19100 + RANDOM % 800))
rm -rf "$dir/out-$name"
cli/target/streamgauge/bin/streamgauge run --local "$spec" --kafka-port $port --rate-scale 0.05 \
  --warmup 20s --measurement 40s --catch-up 1m --catch-up-hold 5s --scrape-interval 2s \
  -d "$dir/out-$name" >"$dir/$name.log" 2>&1 &
run=$!
for _ in $(seq 1 120); do grep -q WarmingUp "$dir/$name.log" 2>/dev/null && break; sleep 1; done
# Its own window: 15 s after the run's warmup began, 30 s long, inside the run's 40 s window.
now=$(date -u +%s)
at() { date -u -d @$((now + $1)) +%Y-%m-%dT%H:%M:%SZ; }
STREAMGAUGE_LATENCY="{bootstrapServers: '127.0.0.1:$port', topics: [output], isolationLevel: read_uncommitted, windows: {warmupStart: '$(at 0)', measurementStart: '$(at 15)', measurementEnd: '$(at 45)'}, httpPort: 19401, integrity: false}" \
  CLASSPATH=$(ls cli/target/streamgauge/lib/*.jar | tr '\n' ':') java -Xmx256m io.streamgauge.latency.Main \
  >"$dir/$name-uncommitted.log" 2>&1 &
reader=$!
sleep 50
curl -s localhost:19401/results >"$dir/$name-uncommitted.json"
kill $reader
wait $run || true
python3 - "$dir" "$name" <<'PY'
import json, sys
d, n = sys.argv[1:]
c = json.load(open(f"{d}/out-{n}/result.json"))["status"]["summary"]["latency"]
u = json.load(open(f"{d}/{n}-uncommitted.json"))["topics"]["output"]["measurement"]
print(f"{n}: read_committed p50/p95/p99/p99.9 {c['p50Ms']:.0f}/{c['p95Ms']:.0f}/{c['p99Ms']:.0f}/{c['p999Ms']:.0f} ms;"
      f" read_uncommitted {u['p50Ms']:.0f}/{u['p95Ms']:.0f}/{u['p99Ms']:.0f}/{u['p999Ms']:.0f} ms ({u['count']} records)")
PY
