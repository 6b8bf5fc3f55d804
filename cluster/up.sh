#!/usr/bin/env bash
# Starts a single-node Kubernetes on this machine for the real-node tests and for trying the
# operator: etcd, kube-apiserver, kube-controller-manager, kube-scheduler, a kubelet on this
# machine's containerd and runc, kube-proxy (iptables), CoreDNS for cluster.local names, a bridge
# CNI, and a guard that keeps all pod traffic on the machine. Imports the image archives given.
#
# usage: cluster/up.sh BIN_DIR [IMAGE_ARCHIVE...]
#   BIN_DIR holds kube-apiserver, kube-controller-manager, kube-scheduler, kubectl, kubelet,
#   kube-proxy and coredns (make tools). Needs root. Writes CLUSTER_DIR/kubeconfig.
# Any failure stops what was started and undoes every change (cluster/down.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=env.sh
. "$here/env.sh"
bin=$(cd "${1:?usage: up.sh BIN_DIR [IMAGE_ARCHIVE...]}" && pwd)
shift
archives=("$@")

fail() { echo "cluster-up: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (containerd, kubelet, iptables and addresses are host state)"
for cmd in containerd runc ctr iptables ip etcd openssl; do
  command -v "$cmd" >/dev/null || fail "$cmd is missing; make tools installs it (Debian packages)"
done
[ -x /usr/lib/cni/bridge ] && [ -x /usr/lib/cni/host-local ] ||
  fail "CNI plugins are missing in /usr/lib/cni; make tools installs containernetworking-plugins"
for b in kube-apiserver kube-controller-manager kube-scheduler kubectl kubelet kube-proxy coredns; do
  [ -x "$bin/$b" ] || fail "$bin/$b is missing; run make tools"
done
for a in "${archives[@]}"; do [ -f "$a" ] || fail "image archive $a is missing; run make images"; done
if [ -d "$CLUSTER_DIR/run" ] && ls "$CLUSTER_DIR"/run/*.pid >/dev/null 2>&1; then
  fail "a cluster is already up in $CLUSTER_DIR; make cluster-down first"
fi

on_error() {
  local code=$?
  echo "cluster-up: failed (exit $code); last lines of the logs:" >&2
  for log in "$CLUSTER_DIR"/logs/*.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 8 "$log" >&2; }
  done
  echo "cluster-up: undoing what was started" >&2
  "$here/down.sh" >&2 || true
  exit "$code"
}
trap on_error ERR

run=$CLUSTER_DIR/run
logs=$CLUSTER_DIR/logs
mkdir -p "$run" "$logs" "$CLUSTER_DIR/etc" "$STATE"

# Configuration, rendered from cluster/etc.
cp -r "$here/etc/." "$CLUSTER_DIR/etc/"
find "$CLUSTER_DIR/etc" -type f -exec sed -i \
  -e "s|@DIR@|$CLUSTER_DIR|g" -e "s|@STATE@|$STATE|g" -e "s|@NODE_IP@|$NODE_IP|g" \
  -e "s|@NODE_NAME@|$NODE_NAME|g" -e "s|@POD_CIDR@|$POD_CIDR|g" \
  -e "s|@POD_GATEWAY@|$POD_GATEWAY|g" -e "s|@SERVICE_CIDR@|$SERVICE_CIDR|g" \
  -e "s|@BRIDGE@|$BRIDGE|g" {} +

# Host state, each piece recorded so down.sh undoes exactly this.
sysctl -n net.ipv4.ip_forward > "$run/ip_forward.orig"
ip addr show dev lo | grep -q "inet $NODE_IP/32" || ip addr add "$NODE_IP/32" dev lo
# The guard, after kube-proxy's rules in FORWARD (kube-proxy prepends its own): it sees the first
# packet of each connection kube-proxy let through. Pod to pod passes. A pod packet still addressed
# to the service range here has no Service behind it (kube-proxy translates or refuses those
# before): a client still using a deleted Service's address, as a run's pods may while the run is
# cleaned up. A real cluster sends it to its default route; here it is dropped and recorded in a
# list of its own, not counted as traffic towards off the machine.
# Anything else from or to a pod is dropped, its address recorded in /proc/net/xt_recent/$GUARD_LOG.
iptables -N "$GUARD" 2>/dev/null || iptables -F "$GUARD"
iptables -A "$GUARD" -s "$POD_CIDR" -d "$POD_CIDR" -j RETURN
iptables -A "$GUARD" -s "$POD_CIDR" -d "$SERVICE_CIDR" -m recent --name "$GUARD_LOG-services" --rdest --set
iptables -A "$GUARD" -s "$POD_CIDR" -d "$SERVICE_CIDR" -m comment --comment "$GUARD_NO_SERVICE" -j DROP
iptables -A "$GUARD" -s "$POD_CIDR" -m recent --name "$GUARD_LOG" --rdest --set
iptables -A "$GUARD" -s "$POD_CIDR" -j DROP
iptables -A "$GUARD" -d "$POD_CIDR" ! -s "$POD_CIDR" -m recent --name "$GUARD_LOG" --rsource --set
iptables -A "$GUARD" -d "$POD_CIDR" ! -s "$POD_CIDR" -j DROP
iptables -C FORWARD -j "$GUARD" 2>/dev/null || iptables -I FORWARD 1 -j "$GUARD"

# Starts a daemon in its own session; its pid goes to run/NAME.pid, its output to logs/NAME.log.
start() {
  local name=$1
  shift
  setsid "$@" >>"$logs/$name.log" 2>&1 < /dev/null &
  echo $! > "$run/$name.pid"
}
# Waits until a command succeeds; fails at once when the daemon it waits for has exited.
wait_for() {
  local daemon=$1 what=$2 seconds=$3
  shift 3
  for _ in $(seq $((seconds * 2))); do
    "$@" >/dev/null 2>&1 && return 0
    if ! kill -0 "$(cat "$run/$daemon.pid")" 2>/dev/null; then
      echo "cluster-up: $daemon exited while waiting for $what" >&2
      return 1
    fi
    sleep 0.5
  done
  echo "cluster-up: timed out after ${seconds}s waiting for $what" >&2
  return 1
}

start containerd containerd --config "$CLUSTER_DIR/etc/containerd.toml"
wait_for containerd containerd 30 "${CTR[@]}" version
for a in "${archives[@]}"; do
  echo "importing $a"
  "${CTR[@]}" images import "$a" >/dev/null
done

# Credentials: a service-account key, and one token per client.
[ -f "$run/sa.key" ] || openssl genrsa -out "$run/sa.key" 2048 2>/dev/null
token() { head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
admin_token=$(token) node_token=$(token) proxy_token=$(token)
cat > "$run/tokens.csv" <<TOKENS
$admin_token,admin,admin,system:masters
$node_token,system:node:$NODE_NAME,node-$NODE_NAME,system:nodes
$proxy_token,system:kube-proxy,kube-proxy
TOKENS
kubeconfig() {
  install -m 600 /dev/null "$1"
  cat > "$1" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: streamgauge
  cluster:
    server: https://$NODE_IP:$API_PORT
    certificate-authority: $run/certs/apiserver.crt
users:
- name: $2
  user: {token: $3}
contexts:
- name: streamgauge
  context: {cluster: streamgauge, user: $2}
current-context: streamgauge
KUBECONFIG
}
kubeconfig "$CLUSTER_DIR/kubeconfig-admin" admin "$admin_token"
kubeconfig "$CLUSTER_DIR/kubeconfig-node" "system:node:$NODE_NAME" "$node_token"
kubeconfig "$CLUSTER_DIR/kubeconfig-proxy" system:kube-proxy "$proxy_token"
cp -p "$CLUSTER_DIR/kubeconfig-admin" "$CLUSTER_DIR/kubeconfig"
kubectl=("$bin/kubectl" --kubeconfig "$CLUSTER_DIR/kubeconfig")

start etcd etcd --name default --data-dir "$CLUSTER_DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "default=http://127.0.0.1:$ETCD_PEER_PORT" --log-level warn
start kube-apiserver "$bin/kube-apiserver" --etcd-servers "http://127.0.0.1:$ETCD_PORT" \
  --bind-address "$NODE_IP" --advertise-address "$NODE_IP" --secure-port "$API_PORT" \
  --cert-dir "$run/certs" --token-auth-file "$run/tokens.csv" --authorization-mode Node,RBAC \
  --service-cluster-ip-range "$SERVICE_CIDR" --service-account-issuer https://kubernetes.default.svc \
  --service-account-key-file "$run/sa.key" --service-account-signing-key-file "$run/sa.key" \
  --kubelet-preferred-address-types InternalIP --allow-privileged=true
wait_for kube-apiserver "its /readyz" 90 "${kubectl[@]}" get --raw /readyz
start kube-controller-manager "$bin/kube-controller-manager" \
  --kubeconfig "$CLUSTER_DIR/kubeconfig-admin" --authentication-kubeconfig "$CLUSTER_DIR/kubeconfig-admin" \
  --authorization-kubeconfig "$CLUSTER_DIR/kubeconfig-admin" --leader-elect=false \
  --bind-address 127.0.0.1 --secure-port 10257 --service-account-private-key-file "$run/sa.key" \
  --root-ca-file "$run/certs/apiserver.crt" --use-service-account-credentials=false \
  --controllers '*,-nodeipam'
start kube-scheduler "$bin/kube-scheduler" --kubeconfig "$CLUSTER_DIR/kubeconfig-admin" \
  --authentication-kubeconfig "$CLUSTER_DIR/kubeconfig-admin" \
  --authorization-kubeconfig "$CLUSTER_DIR/kubeconfig-admin" --leader-elect=false \
  --bind-address 127.0.0.1 --secure-port 10259
# cAdvisor inside the kubelet finds containers (and their pod labels) through --containerd and
# stamps their samples every HOUSEKEEPING_INTERVAL (env.sh).
start kubelet "$bin/kubelet" --config "$CLUSTER_DIR/etc/kubelet-config.yaml" \
  --kubeconfig "$CLUSTER_DIR/kubeconfig-node" --hostname-override "$NODE_NAME" --node-ip "$NODE_IP" \
  --root-dir "$CLUSTER_DIR/kubelet" --cert-dir "$CLUSTER_DIR/kubelet-pki" --v=1 \
  --containerd "$STATE/containerd.sock" --housekeeping-interval "$HOUSEKEEPING_INTERVAL"
start kube-proxy "$bin/kube-proxy" --config "$CLUSTER_DIR/etc/kube-proxy-config.yaml"
start coredns "$bin/coredns" -conf "$CLUSTER_DIR/etc/Corefile"

wait_for kubelet "node $NODE_NAME Ready" 90 "${kubectl[@]}" wait --for=condition=Ready "node/$NODE_NAME" --timeout=1s
wait_for kube-controller-manager "ServiceAccount default/default" 60 "${kubectl[@]}" get serviceaccount default
wait_for coredns "CoreDNS ready" 30 bash -c \
  "exec 3<>/dev/tcp/$NODE_IP/18181 && printf 'GET /ready HTTP/1.0\r\n\r\n' >&3 && grep -q ' 200 ' <&3"
trap - ERR
echo "cluster up: node $NODE_NAME Ready; export KUBECONFIG=$CLUSTER_DIR/kubeconfig"
