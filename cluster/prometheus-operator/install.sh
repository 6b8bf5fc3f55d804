#!/usr/bin/env bash
# Installs prometheus-operator into the running real-node cluster as its docs say to, then the
# cluster's monitoring (cluster/manifests/prometheus.yaml): a Prometheus resource selecting every
# PodMonitor and ServiceMonitor, and the kubelet/cAdvisor ServiceMonitor of kube-prometheus-stack.
# From the release build.sh kept: all its CRDs, the operator's RBAC, Service and Deployment
# (example/rbac/prometheus-operator/), in namespace monitoring instead of default, with the
# images images.sh built (localhost/streamgauge/...; the cluster pulls nothing). Waits until
# Prometheus is ready; prometheus-operator then names its Service monitoring/prometheus-operated,
# the runs' default spec.prometheus.url.
#
#   usage: install.sh BIN_DIR BUILD_DIR      (BUILD_DIR: what build.sh printed)
set -euo pipefail

bin=${1:?usage: install.sh BIN_DIR BUILD_DIR}
build=${2:?usage: install.sh BIN_DIR BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../env.sh
. "$here/../env.sh"
export KUBECONFIG=$CLUSTER_DIR/kubeconfig
kubectl=("$bin/kubectl")
ns=monitoring
version=$(basename "$build" | cut -d- -f1)
[ -f "$build/complete" ] || { echo "prometheus-operator/install.sh: $build is incomplete; run make prometheus-operator" >&2; exit 1; }

# The CRDs are too large for a client-side apply's last-applied annotation.
"${kubectl[@]}" apply --server-side -f "$build/crds/" >/dev/null
"${kubectl[@]}" wait --for=condition=Established --timeout=60s -f "$build/crds/" >/dev/null
"${kubectl[@]}" create namespace "$ns" --dry-run=client -o yaml | "${kubectl[@]}" apply -f - >/dev/null

# The files as they are, but for the namespace (default in them) and the images.
python3 - "$build/rbac" "$ns" "$version" <<'PY' | "${kubectl[@]}" apply --server-side --force-conflicts -f - >/dev/null
import pathlib, sys
rbac, ns, version = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
out = []
for f in sorted(rbac.glob("*.yaml")):
    text = f.read_text()
    assert "namespace: default" in text or f.name.endswith("cluster-role.yaml"), f.name
    text = text.replace("namespace: default", "namespace: " + ns)
    for image in ("prometheus-operator", "prometheus-config-reloader"):
        upstream = "quay.io/prometheus-operator/%s:%s" % (image, version)
        local = "localhost/streamgauge/%s:%s" % (image, version)
        if f.name.endswith("deployment.yaml"):
            assert upstream in text, "%s is no longer in %s" % (upstream, f.name)
        text = text.replace(upstream, local)
    if f.name.endswith("deployment.yaml"):
        text = text.replace("image: " + local, "image: %s\n        imagePullPolicy: Never" % local, 1)
    out.append(text)
print("\n---\n".join(out))
PY
# The operator idles between changes; its upstream request (100m) would take a tenth of the node's
# two cores from the runs (the provisioned-Kafka smoke's app did not fit beside the broker with it).
"${kubectl[@]}" -n "$ns" set resources deployment/prometheus-operator --requests=cpu=20m >/dev/null
"${kubectl[@]}" -n "$ns" rollout status deployment/prometheus-operator --timeout=3m >/dev/null

"${kubectl[@]}" apply -f "$here/../manifests/prometheus.yaml" >/dev/null
# The operator creates the StatefulSet a moment after the Prometheus resource.
for _ in $(seq 60); do
  "${kubectl[@]}" -n "$ns" get statefulset prometheus-cluster >/dev/null 2>&1 && break
  sleep 1
done
"${kubectl[@]}" -n "$ns" rollout status statefulset/prometheus-cluster --timeout=3m >/dev/null
echo "prometheus-operator $version and its Prometheus run in namespace $ns"
