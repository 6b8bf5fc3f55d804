#!/usr/bin/env bash
# Checks that a run killed as a whole (kill -9 of every process of the cluster, as when the shell
# that ran make test-cluster is killed) is cleared by the next run: runs a pod, kills everything,
# then expects clear-interrupted.sh to remove all of it (check-clean.sh). Given the archive with the
# pause image, it starts the cluster first; without, it ends the cluster that is up (make
# test-cluster ends its smoke's cluster so, instead of starting one more).
# usage: cluster/test-killed-run.sh BIN_DIR [CLUSTER_ARCHIVE]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=env.sh
. "$here/env.sh"
bin=$(cd "${1:?usage: test-killed-run.sh BIN_DIR [CLUSTER_ARCHIVE]}" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() { echo "test-killed-run: $*" >&2; cat "$log" >&2; "$here/down.sh" "$bin" >/dev/null 2>&1; exit 1; }

if [ -n "${2:-}" ]; then
  "$here/up.sh" "$bin" "$2" > "$log" 2>&1 || fail "up.sh failed"
fi
kubectl=("$bin/kubectl" --kubeconfig "$CLUSTER_DIR/kubeconfig")
"${kubectl[@]}" run killed-run-probe --image=localhost/streamgauge/pause:3.10 \
  --image-pull-policy=Never --restart=Never >> "$log" 2>&1 || fail "could not create a pod"
"${kubectl[@]}" wait pod/killed-run-probe --for=condition=Ready --timeout=60s >> "$log" 2>&1 ||
  fail "the probe pod did not become ready"
[ -n "$(cluster_netns)" ] || fail "the probe pod has no network namespace to leave behind"

# Everything at once: the cluster's processes (their shims too) by command line. The pod's own
# processes survive this, as they do when a session is killed.
pkill -9 -f -- "$CLUSTER_DIR|$STATE/containerd.sock"
sleep 1
"$here/check-clean.sh" >/dev/null 2>&1 && fail "killing the cluster left nothing to clear; the test proves nothing"
"$here/clear-interrupted.sh" "$bin" >> "$log" 2>&1 || fail "clear-interrupted.sh failed"
"$here/check-clean.sh" || fail "a killed run left the above behind after clear-interrupted.sh"
echo "a killed run's leftovers are cleared by the next run"
