#!/usr/bin/env bash
# What the stage split costs the measured system: the same local run (stateless-simple, Kafka
# Streams, exactly-once, 5 % of the example's rate, 40 s window) with spec.latency.stages true and
# false, alternating, PAIRS times each. Per run: the end-to-end p50/p99 (which one more reader of the
# outputs could disturb), the app's CPU, and the machine's CPU seconds over the whole run (broker,
# app, generator, both latency readers: /proc/stat). Prints each run, then the medians' ratios
# (on / off). Used for docs/concepts/latency-stages.md.
#
# usage: bench/latency-stages-cost.sh [PAIRS]   (default 2; about 3 min a pair)
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-2}
dir=${LATENCY_STAGES_DIR:-/tmp/latency-stages}
mkdir -p "$dir"
busy() { awk '/^cpu /{print ($2+$3+$4+$7+$8)/100}' /proc/stat; }
: >"$dir/cost.tsv"
for i in $(seq 1 "$pairs"); do
  for stages in true false; do
    name=cost-$stages-$i
    before=$(busy)
    bash bench/latency-stages.sh "$name" kafka-streams exactly_once_v2 "" "$stages" >/dev/null
    after=$(busy)
    python3 - "$dir/out-$name/result.json" "$stages" "$before" "$after" >>"$dir/cost.tsv" <<'PY'
import json, sys
path, stages, before, after = sys.argv[1:]
s = json.load(open(path))["status"]["summary"]
l = s["latency"]
print(f"{stages}\t{l['p50Ms']}\t{l['p99Ms']}\t{s.get('cpuCores') or 0}\t{float(after) - float(before):.1f}")
PY
    tail -n 1 "$dir/cost.tsv"
  done
done
python3 - "$dir/cost.tsv" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
cols = ["e2e p50 ms", "e2e p99 ms", "app CPU cores", "machine CPU s"]
on = [[float(x) for x in r[1:]] for r in rows if r[0] == "true"]
off = [[float(x) for x in r[1:]] for r in rows if r[0] == "false"]
print("stages\t" + "\t".join(cols))
for label, runs in (("on", on), ("off", off)):
    print(label + "\t" + "\t".join(f"{statistics.median(c):.3f}" for c in zip(*runs)))
print("on/off\t" + "\t".join(
    f"{statistics.median(a) / statistics.median(b):.3f}" for a, b in zip(zip(*on), zip(*off))))
PY
