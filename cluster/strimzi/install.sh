#!/usr/bin/env bash
# Installs Strimzi into the running real-node cluster as its docs say to for an operator that
# watches every namespace: all ten CRDs, the RBAC and the cluster operator's Deployment from the
# source tree's install/cluster-operator/, into namespace strimzi, its RoleBindings for the
# watched namespaces made ClusterRoleBindings, STRIMZI_NAMESPACE="*", the restricted pod security
# provider, and the images images.sh built (localhost/strimzi/...; the cluster pulls nothing).
# Waits until the operator is ready.
#
#   usage: install.sh BIN_DIR STRIMZI_SRC
set -euo pipefail

bin=${1:?usage: install.sh BIN_DIR STRIMZI_SRC}
src=${2:?usage: install.sh BIN_DIR STRIMZI_SRC}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../env.sh
. "$here/../env.sh"
export KUBECONFIG=$CLUSTER_DIR/kubeconfig
kubectl=("$bin/kubectl")
ns=strimzi
version=$(cat "$src/release.version")
install=$src/install/cluster-operator
[ -d "$install" ] || { echo "strimzi/install.sh: no $install; set STRIMZI_SRC" >&2; exit 1; }

"${kubectl[@]}" create namespace "$ns" --dry-run=client -o yaml | "${kubectl[@]}" apply -f - >/dev/null

# The files as they are, but for the operator's namespace (myproject in them), its images and
# the namespaces it watches.
python3 - "$install" "$ns" "$version" <<'PY' | "${kubectl[@]}" apply --server-side -n "$ns" -f - >/dev/null
import pathlib, re, sys
install, ns, version = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
out = []
for f in sorted(install.glob("*.yaml")):
    text = f.read_text()
    text = text.replace("namespace: myproject", "namespace: " + ns)
    text = text.replace("quay.io/strimzi/operator:", "localhost/strimzi/operator:")
    text = re.sub(r"quay.io/strimzi/kafka:(\S+)", r"localhost/strimzi/kafka:\1", text)
    if f.name.startswith("060-Deployment"):
        watched = re.compile(
            r"( +)- name: STRIMZI_NAMESPACE\n +valueFrom:\n +fieldRef:\n +fieldPath: metadata.namespace\n")
        assert watched.search(text), "STRIMZI_NAMESPACE is no longer where install.sh expects it"
        # Every namespace; pods that pass the restricted Pod Security Standard, so a run's Kafka
        # can live in a namespace that enforces it.
        text = watched.sub(
            lambda m: "".join(m.group(1) + line + "\n" for line in (
                "- name: STRIMZI_NAMESPACE", '  value: "*"',
                "- name: STRIMZI_POD_SECURITY_PROVIDER_CLASS", "  value: restricted")),
            text)
    out.append(text.strip())
print("\n---\n".join(out))
PY
for role in strimzi-cluster-operator-namespaced strimzi-cluster-operator-watched strimzi-entity-operator; do
  "${kubectl[@]}" create clusterrolebinding "$role-all-namespaces" --clusterrole="$role" \
    --serviceaccount="$ns:strimzi-cluster-operator" --dry-run=client -o yaml \
    | "${kubectl[@]}" apply -f - >/dev/null
done
"${kubectl[@]}" -n "$ns" rollout status deployment/strimzi-cluster-operator --timeout=180s >/dev/null \
  || { "${kubectl[@]}" -n "$ns" logs deployment/strimzi-cluster-operator --tail=40 >&2 || true; exit 1; }
echo "strimzi: the cluster operator $version runs in namespace $ns and watches every namespace"
