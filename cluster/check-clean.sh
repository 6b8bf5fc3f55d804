#!/usr/bin/env bash
# Checks that nothing of the real-node test cluster is left on this machine: no process of it, no
# node address, bridge, guard or kube-proxy/kubelet iptables chain, no mount under its directories,
# no pod cgroup, no directory. Lists every leftover and exits 1 when there is one.
# usage: cluster/check-clean.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=env.sh
. "$here/env.sh"

left=()
for pattern in "$CLUSTER_DIR" "$STATE/containerd.sock"; do
  while read -r line; do left+=("process: $line"); done < <(pgrep -af -- "$pattern" | grep -v "check-clean")
done
mapfile -t left < <(printf '%s\n' "${left[@]}" | sort -u | grep -v '^$')
while read -r ns; do left+=("network namespace $ns"); done < <(cluster_netns)
ip -o addr show dev lo | grep -q "inet $NODE_IP/" && left+=("address $NODE_IP on lo")
ip link show "$BRIDGE" >/dev/null 2>&1 && left+=("bridge $BRIDGE")
iptables -S "$GUARD" >/dev/null 2>&1 && left+=("iptables chain $GUARD")
for table in filter nat mangle; do
  for chain in $(iptables -t "$table" -S 2>/dev/null | awk '/^-N KUBE-/{print $2}'); do
    left+=("iptables chain $table/$chain")
  done
done
while read -r mount; do left+=("mount $mount"); done < <(
  awk -v a="$CLUSTER_DIR" -v b="$STATE" 'index($2, a) == 1 || index($2, b) == 1 {print $2}' /proc/mounts)
for controller in /sys/fs/cgroup/*/; do
  [ -d "$controller/kubepods" ] && left+=("cgroup ${controller}kubepods")
done
[ -e "$CLUSTER_DIR" ] && left+=("directory $CLUSTER_DIR")
[ -e "$STATE" ] && left+=("directory $STATE")

if [ ${#left[@]} -gt 0 ]; then
  echo "cluster leftovers on this machine:" >&2
  printf '  %s\n' "${left[@]}" >&2
  exit 1
fi
echo "no cluster leftovers"
