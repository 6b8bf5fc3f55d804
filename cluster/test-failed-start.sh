#!/usr/bin/env bash
# Checks that a start that fails half-way leaves nothing behind: runs cluster/up.sh with a
# kube-apiserver that exits at once (containerd, the node address, the guard chain and etcd are
# up by then), expects it to fail, then runs check-clean.sh.
# usage: cluster/test-failed-start.sh BIN_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "${1:?usage: test-failed-start.sh BIN_DIR}" && pwd)

broken=$(mktemp -d)
trap 'rm -rf "$broken"' EXIT
for b in "$bin"/*; do ln -s "$b" "$broken/$(basename "$b")"; done
rm "$broken/kube-apiserver"
printf '#!/bin/sh\necho "kube-apiserver: broken on purpose by test-failed-start.sh" >&2\nexit 1\n' \
  > "$broken/kube-apiserver"
chmod +x "$broken/kube-apiserver"

if "$here/up.sh" "$broken" > "$broken/up.log" 2>&1; then
  echo "test-failed-start: up.sh succeeded with a broken kube-apiserver" >&2
  exit 1
fi
grep -q "kube-apiserver exited while waiting" "$broken/up.log" || {
  echo "test-failed-start: up.sh failed, but not where expected:" >&2
  cat "$broken/up.log" >&2
  exit 1
}
"$here/check-clean.sh" || { echo "test-failed-start: a failed start left the above behind" >&2; exit 1; }
echo "a failed cluster start leaves nothing behind"
