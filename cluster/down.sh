#!/usr/bin/env bash
# Stops the real-node test cluster and undoes every change cluster/up.sh made to this machine:
# pods and their containers, network namespaces, mounts and cgroups, the processes (by their pid
# files), kube-proxy's and the kubelet's iptables chains, the guard chain, the bridge, the node
# address, ip_forward, and the cluster's directories. Safe to run at any point, also after a
# failed or interrupted start, and more than once.
#
# usage: cluster/down.sh [BIN_DIR]   (BIN_DIR: where kubectl and kube-proxy are; default ../bin)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=env.sh
. "$here/env.sh"
bin=${1:-$here/../bin}
run=$CLUSTER_DIR/run
[ "$(id -u)" = 0 ] || { echo "cluster-down: needs root" >&2; exit 1; }

alive() { [ -f "$run/$1.pid" ] && kill -0 "$(cat "$run/$1.pid")" 2>/dev/null; }
stop() {
  local file=$run/$1.pid pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null
  # kube-apiserver may ignore SIGTERM for a long time with open watches.
  for _ in $(seq 10); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$pid" 2>/dev/null
  rm -f "$file"
}

# 1. Pods, through the API while it answers, so the kubelet tears their networks and volumes down.
if alive kube-apiserver && alive kubelet && [ -x "$bin/kubectl" ]; then
  "$bin/kubectl" --kubeconfig "$CLUSTER_DIR/kubeconfig" delete pods --all --all-namespaces \
    --grace-period=1 --timeout=60s >/dev/null 2>&1 || true
fi

# 2. The processes, clients before servers.
for name in coredns kube-proxy kubelet kube-scheduler kube-controller-manager kube-apiserver etcd; do
  stop "$name"
done

# 3. Containers left behind (a killed kubelet does not stop them), with their network namespaces.
netns=()
if alive containerd; then
  for id in $("${CTR[@]}" containers ls -q 2>/dev/null); do
    while read -r path; do netns+=("$path"); done < <("${CTR[@]}" containers info "$id" 2>/dev/null |
      grep -o '"/var/run/netns/cni-[^"]*"\|"/run/netns/cni-[^"]*"' | tr -d '"')
  done
  for id in $("${CTR[@]}" tasks ls -q 2>/dev/null); do "${CTR[@]}" tasks kill -s SIGKILL "$id" >/dev/null 2>&1; done
  sleep 1
  for id in $("${CTR[@]}" containers ls -q 2>/dev/null); do
    "${CTR[@]}" tasks rm -f "$id" >/dev/null 2>&1
    "${CTR[@]}" containers rm "$id" >/dev/null 2>&1
  done
fi
stop containerd
# Shims outlive containerd; any still running under our state directory go now.
pkill -9 -f "containerd-shim-runc-v2 .*-address $STATE/containerd.sock" 2>/dev/null
for path in "${netns[@]}"; do
  umount "$path" 2>/dev/null; rm -f "$path"
done
# Pod network namespaces containerd no longer knew of (it was killed with the run, say).
for ns in $(cluster_netns); do ip netns delete "$ns" 2>/dev/null; done

# 4. Mounts under the cluster's directories, deepest first (volumes, rootfs overlays, shm).
for dir in "$CLUSTER_DIR" "$STATE"; do
  awk -v d="$dir/" 'index($2, d) == 1 || $2 == substr(d, 1, length(d) - 1) {print $2}' /proc/mounts |
    sort -r | while read -r m; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
done

# 5. Pod cgroups the kubelet created. Processes still in them had their shim killed under them
#    (a run killed as a whole); they go first, then the emptied cgroups.
pids=$(find /sys/fs/cgroup/*/kubepods -name cgroup.procs -exec cat {} + 2>/dev/null | sort -u)
if [ -n "$pids" ]; then
  kill -9 $pids 2>/dev/null
  for _ in $(seq 20); do
    [ -z "$(find /sys/fs/cgroup/*/kubepods -name cgroup.procs -exec cat {} + 2>/dev/null)" ] && break
    sleep 0.5
  done
fi
for controller in /sys/fs/cgroup/*/; do
  [ -d "$controller/kubepods" ] && find "$controller/kubepods" -depth -type d -exec rmdir {} + 2>/dev/null
done

# 6. iptables: kube-proxy's rules, the kubelet's chains, the guard.
[ -x "$bin/kube-proxy" ] && "$bin/kube-proxy" --cleanup >/dev/null 2>&1
for ipt in iptables ip6tables; do
  command -v "$ipt" >/dev/null || continue
  for chain in INPUT OUTPUT FORWARD; do
    while "$ipt" -D "$chain" -j KUBE-FIREWALL 2>/dev/null; do :; done
  done
  for table in filter nat mangle; do
    for c in $("$ipt" -t "$table" -S 2>/dev/null | awk '/^-N KUBE-/{print $2}'); do "$ipt" -t "$table" -F "$c"; done
    for c in $("$ipt" -t "$table" -S 2>/dev/null | awk '/^-N KUBE-/{print $2}'); do "$ipt" -t "$table" -X "$c"; done
  done
done
while iptables -D FORWARD -j "$GUARD" 2>/dev/null; do :; done
iptables -F "$GUARD" 2>/dev/null; iptables -X "$GUARD" 2>/dev/null

# 7. Network: the bridge, the node address, forwarding as it was.
ip link del "$BRIDGE" 2>/dev/null
ip addr del "$NODE_IP/32" dev lo 2>/dev/null
[ -f "$run/ip_forward.orig" ] && sysctl -q -w "net.ipv4.ip_forward=$(cat "$run/ip_forward.orig")"

# 8. The cluster's files.
rm -rf "$CLUSTER_DIR" "$STATE"
"$here/check-clean.sh" >/dev/null || exit 1
echo "cluster down: nothing of it is left on this machine"
