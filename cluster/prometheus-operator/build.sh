#!/usr/bin/env bash
# Builds prometheus-operator and its config reloader from the Go module proxy into
# CACHE/prometheus-operator/<version>-<key>/ (the key a hash of this script and the Go version, so
# another clone or CI on a machine that kept its cache reuses it), and keeps beside them what
# install.sh applies from the same release: its CRDs and the operator's RBAC and Deployment
# (example/ in the module). Prints that directory.
#
#   usage: build.sh CACHE_DIR VERSION        (VERSION like v0.89.0)
#
# The proxy serves github.com/prometheus-operator/prometheus-operator and its pkg/apis/monitoring
# module, but not its pkg/client module (generated code that the main module replaces with a
# directory its zip leaves out), so `go install ...@version` cannot build it. Like upstream's
# `make k8s-gen`, this generates pkg/client from pkg/apis/monitoring with k8s.io/code-generator at
# the main module's Kubernetes version, then builds both commands in the main module. About 5
# minutes on 2 cores.
set -euo pipefail

cache=${1:?usage: build.sh CACHE_DIR VERSION}
version=${2:?usage: build.sh CACHE_DIR VERSION}
module=github.com/prometheus-operator/prometheus-operator
fail() { echo "prometheus-operator/build.sh: $*" >&2; exit 1; }
command -v go >/dev/null || fail "go is missing (Go 1.25 or newer); see the README's requirements"

key=$({ sha256sum <"$0"; go version; } | sha256sum | cut -c1-16)
out=$cache/prometheus-operator/$version-$key
if [ -f "$out/complete" ]; then
  echo "$out"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/bin"
work=$out/src
echo "building prometheus-operator $version into $out" >&2

# The module directory of MODULE@VERSION in Go's module cache (read-only there).
module_dir() {
  go mod download -json "$1@$2" | sed -n 's/^.*"Dir": "\(.*\)",$/\1/p'
}
main=$(module_dir "$module" "$version")
apis=$(module_dir "$module/pkg/apis/monitoring" "$version")
[ -d "$main/cmd/operator" ] && [ -d "$apis/v1" ] || fail "the proxy did not give $module@$version"
cp -r "$main" "$work"
chmod -R u+w "$work"
mkdir -p "$work/pkg/apis"
cp -r "$apis" "$work/pkg/apis/monitoring"
chmod -R u+w "$work/pkg/apis/monitoring"

# The generators at the Kubernetes version the operator is built with.
k8s=$(sed -n 's/^\tk8s.io\/client-go \(v[0-9.]*\)$/\1/p' "$work/go.mod")
[ -n "$k8s" ] || fail "no k8s.io/client-go version in $module@$version's go.mod"
mkdir -p "$out/generators"
(
  cd "$out/generators"
  printf 'module generators\n\ngo 1.25.0\n' >go.mod
  GOFLAGS=-mod=mod go get "k8s.io/code-generator@$k8s" >/dev/null 2>&1
  GOBIN=$out/generators/bin GOFLAGS=-mod=mod go install \
    k8s.io/code-generator/cmd/{applyconfiguration-gen,client-gen,lister-gen,informer-gen}
)
gen=$out/generators/bin

cd "$work"
mkdir -p pkg/client
cat >pkg/client/go.mod <<GOMOD
module $module/pkg/client

go 1.25.0

require (
	$module/pkg/apis/monitoring $version
	k8s.io/api $k8s
	k8s.io/apimachinery $k8s
	k8s.io/client-go $k8s
)

replace $module/pkg/apis/monitoring => ../apis/monitoring
GOMOD
apis_pkgs=("$module/pkg/apis/monitoring/v1" "$module/pkg/apis/monitoring/v1alpha1" "$module/pkg/apis/monitoring/v1beta1")
header=(--go-header-file .header)
"$gen/applyconfiguration-gen" "${header[@]}" --output-pkg "$module/pkg/client/applyconfiguration" \
  --output-dir pkg/client/applyconfiguration "${apis_pkgs[@]}"
"$gen/client-gen" "${header[@]}" --apply-configuration-package "$module/pkg/client/applyconfiguration" \
  --input-base "$module/pkg/apis" --clientset-name versioned --output-pkg "$module/pkg/client" \
  --output-dir pkg/client --input monitoring/v1 --input monitoring/v1beta1 --input monitoring/v1alpha1
"$gen/lister-gen" "${header[@]}" --output-pkg "$module/pkg/client/listers" \
  --output-dir pkg/client/listers "${apis_pkgs[@]}"
"$gen/informer-gen" "${header[@]}" --versioned-clientset-package "$module/pkg/client/versioned" \
  --listers-package "$module/pkg/client/listers" --output-pkg "$module/pkg/client/informers" \
  --output-dir pkg/client/informers "${apis_pkgs[@]}"

CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -o "$out/bin/" \
  -ldflags "-s -w -X github.com/prometheus/common/version.Version=${version#v}" \
  ./cmd/operator ./cmd/prometheus-config-reloader

mkdir -p "$out/crds" "$out/rbac"
cp example/prometheus-operator-crd/*.yaml "$out/crds/"
cp example/rbac/prometheus-operator/prometheus-operator-{cluster-role,cluster-role-binding,service-account,deployment,service}.yaml \
  "$out/rbac/"
cd "$out"
rm -rf "$work" "$out/generators"
touch "$out/complete"
echo "$out"
