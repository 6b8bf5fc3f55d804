#!/usr/bin/env bash
# Makes sure the real-node tier starts on a clean machine. What a killed earlier run left behind
# (mounts, network namespaces, chains, the bridge, directories, but no live process) is removed
# with down.sh and listed; a cluster whose processes still run is left alone and reported, since
# it may be someone's make cluster-up.
# usage: cluster/clear-interrupted.sh BIN_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=env.sh
. "$here/env.sh"
bin=${1:?usage: clear-interrupted.sh BIN_DIR}

"$here/check-clean.sh" 2>/dev/null && exit 0
if pgrep -f -- "$CLUSTER_DIR|$STATE/containerd.sock" >/dev/null; then
  "$here/check-clean.sh"
  echo "a real-node cluster is running on this machine; stop it with make cluster-down first" >&2
  exit 1
fi
echo "an interrupted earlier run left these behind; removing them with cluster/down.sh:"
"$here/check-clean.sh" 2>&1 | tail -n +2
"$here/down.sh" "$bin"
