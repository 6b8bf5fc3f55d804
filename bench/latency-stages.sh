#!/usr/bin/env bash
# Where a local run's latency goes: one run of stateless-simple (the run as streamgauge runs it, at
# 5 % of the example's rate, 40 s window) and its record-by-record stages from the run's own
# summary (status.summary.latency.stages): publish delay, through the app, commit wait, and the
# stages of the records by how late they arrived. Used for bench/results/latency-explained.md.
#
# usage: bench/latency-stages.sh NAME RUNTIME GUARANTEE [SETTING=VALUE] [STAGES]
#   e.g. bench/latency-stages.sh ks-alo-linger5 kafka-streams at_least_once streams.producer.linger.ms=5
#   STAGES=false runs without the stage split (its cost: bench/latency-stages-cost.sh)
# Needs the CLI built (make cli). Writes into ${LATENCY_STAGES_DIR:-/tmp/latency-stages}/NAME*.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 runtime=$2 guarantee=$3 setting=${4:-} stages=${5:-true}
dir=${LATENCY_STAGES_DIR:-/tmp/latency-stages}
mkdir -p "$dir"
spec=$dir/$name.yaml
sed -e "s/runtime: kafka-streams/runtime: $runtime/" \
  -e "s/processingGuarantee: exactly_once_v2/processingGuarantee: $guarantee/" \
  -e "s/name: stateless-simple-eos/name: $name/" examples/run-stateless-simple-eos.yaml >"$spec"
if [ -n "$setting" ]; then
  sed -i "s/      commit.interval.ms: \"100\"/      commit.interval.ms: \"100\"\n      ${setting%%=*}: \"${setting#*=}\"/" "$spec"
fi
python3 - "$spec" "$stages" <<'PY'
import sys
path, stages = sys.argv[1:]
text = open(path).read()
if "\n  latency:" in text:
    sys.exit("the example already has spec.latency: set stages by hand")
open(path, "w").write(text.rstrip("\n") + f"\n  latency:\n    stages: {stages}\n")
PY
port=$((19100 + RANDOM % 800))
rm -rf "$dir/out-$name"
cli/target/streamgauge/bin/streamgauge run --local "$spec" --kafka-port $port --rate-scale 0.05 \
  --warmup 20s --measurement 40s --catch-up 1m --catch-up-hold 5s --scrape-interval 2s \
  -d "$dir/out-$name" >"$dir/$name.log" 2>&1 || true
python3 - "$dir/out-$name/result.json" "$name" <<'PY'
import json, sys
path, name = sys.argv[1:]
s = json.load(open(path))["status"]["summary"]
l = s["latency"]
print(f"{name}: e2e p50/p99/p99.9 {l['p50Ms']:.1f}/{l['p99Ms']:.1f}/{l['p999Ms']:.1f} ms,"
      f" app CPU {s.get('cpuCores') or 0:.3f} cores, {l['samples']} records")
st = l.get("stages")
if not st:
    print("  no stages")
    sys.exit()
for k in ("publishDelay", "throughApp", "commitWait"):
    v = st.get(k)
    if v:
        print(f"  {k:13} p50 {v['p50Ms']:7.1f}  p90 {v['p90Ms']:7.1f}  p99 {v['p99Ms']:7.1f}  mean {v['meanMs']:7.1f} ms")
print(f"  coverage {st['coverage']:.4f}, record by record: {st['recordByRecord']}")
below = 0
for b in st["bands"]:
    up = b.get("upToMs")
    label = f"{below}-{up} ms" if up is not None else f"over {below} ms"
    print(f"  {label:>14} {b['records']:7d} records: publish {b['publishDelayMeanMs']:6.1f}"
          f"  app {b['throughAppMeanMs']:6.1f}  commit {b['commitWaitMeanMs']:6.1f} ms")
    below = up if up is not None else below
PY
