# Settings of the real-node test cluster, shared by up.sh, down.sh and images.sh (sourced).
# Each can be overridden from the environment; the defaults keep to private ranges no Debian
# machine uses by default. One cluster per machine at a time: the addresses, bridge, iptables
# chains and ports are fixed.
CLUSTER_DIR=${STREAMGAUGE_CLUSTER_DIR:-/var/tmp/streamgauge-cluster}
STATE=${STREAMGAUGE_CLUSTER_STATE:-/run/streamgauge-containerd}
NODE_NAME=${STREAMGAUGE_NODE_NAME:-streamgauge-node}
NODE_IP=10.243.0.1
POD_CIDR=10.244.0.0/24
POD_GATEWAY=10.244.0.1
SERVICE_CIDR=10.0.0.0/24
BRIDGE=sg0
GUARD=STREAMGAUGE-GUARD
# The xt_recent list of the addresses the guard dropped packets to (or from, when inbound); the
# addresses in the service range no Service has are in $GUARD_LOG-services, their rule carries the
# comment $GUARD_NO_SERVICE.
GUARD_LOG=streamgauge-guard
GUARD_NO_SERVICE=no-service-at-this-address
# cAdvisor's per-container housekeeping interval in the kubelet (its default is 10 s). Each sample of
# a busy container follows the last by this much to twice this much (cAdvisor jitters it by up to
# 100 %), so at 10 s a 60 s window's CPU figure could rest on samples spanning as little as 10 s of
# it (25 s was seen); at 2 s they span all but the edges' 4 s plus a scrape interval each.
HOUSEKEEPING_INTERVAL=2s
API_PORT=26443
ETCD_PORT=23790
ETCD_PEER_PORT=23791
CTR=(ctr --address "$STATE/containerd.sock" --namespace k8s.io)

# The network namespaces of this cluster's pods: containerd names them cni-<uuid>; ours are the
# ones with an address in POD_CIDR. Found this way they are known even after containerd died.
cluster_netns() {
  local ns
  for ns in $(ip netns list 2>/dev/null | awk '/^cni-/{print $1}'); do
    ip netns exec "$ns" ip -o -4 addr show 2>/dev/null | grep -q " inet ${POD_CIDR%.*/*}\." && echo "$ns"
  done
}
