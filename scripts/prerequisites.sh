#!/usr/bin/env bash
# Installs what building and testing Streamgauge needs on a Debian (or Ubuntu) machine, when it is
# missing: a JDK, Maven, make, python3-venv (the docs site) and the Debian packages the tests, the
# real node and the image builds use; then checks Go, which Debian does not ship new enough.
# `make test` and `make tools` run it (make prerequisites), and so does .ci/run on a fresh machine:
# one list, one place. apt-get runs as root, or through sudo.
#
#   scripts/prerequisites.sh          install what is missing, check Go
#   scripts/prerequisites.sh --list   print what it would look for, install nothing
set -euo pipefail

# The tests' control plane and real node (etcd, containerd, runc, CNI plugins, iptables,
# conntrack), local mode and the metrics tests (prometheus), the image builds (podman,
# debootstrap), the HTML reports' browser tests (chromium), cgo for the Kubernetes binaries, and
# the scripts of the GitHub workflows, which actionlint checks with shellcheck.
PACKAGES=(etcd-server prometheus containerd runc containernetworking-plugins podman chromium
  debootstrap iptables conntrack gcc libc6-dev shellcheck)
GO_MINIMUM=1.24

if [ "${1:-}" = "--list" ]; then
  echo "Debian packages: openjdk-17-jdk-headless maven make python3-venv ${PACKAGES[*]}"
  echo "Go >= $GO_MINIMUM (go.dev/dl; Debian's golang is older)"
  exit 0
fi

missing=()
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v make >/dev/null || missing+=(make)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if command -v dpkg >/dev/null; then
  for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
fi

if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "prerequisites: not a Debian machine; install the equivalents of: ${missing[*]}" >&2
    echo "(local mode and the tests are Linux-only: see docs/getting-started/local.md)" >&2
    exit 1
  fi
  echo "installing Debian packages: ${missing[*]}"
  as_root=()
  [ "$(id -u)" = 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
fi

if ! command -v go >/dev/null; then
  echo "prerequisites: Go >= $GO_MINIMUM builds the test control plane (make tools): install it from" \
    "https://go.dev/dl and put it on the PATH" >&2
  exit 1
fi
have=$(go env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$GO_MINIMUM" "$have" | sort -V | head -n1)" != "$GO_MINIMUM" ]; then
  echo "prerequisites: Go $have is older than $GO_MINIMUM: install a newer one from https://go.dev/dl" >&2
  exit 1
fi
