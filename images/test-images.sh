#!/usr/bin/env bash
# Checks the images of `make images`: each runs as a non-root user, and `make push` puts every one
# into a real registry (distribution's, built by make tools) on a loopback port, where its tag is
# listed afterwards. The registry and its storage are gone at the end.
# usage: images/test-images.sh BIN_DIR REGISTRY TAG NAME...   (run from the repository root)
set -euo pipefail
bin=$(cd "${1:?usage: test-images.sh BIN_DIR REGISTRY TAG NAME...}" && pwd)
registry=${2:?registry}
tag=${3:?tag}
shift 3
podman=(podman --runtime runc)

for name in "$@"; do
  user=$("${podman[@]}" image inspect --format '{{.Config.User}}' "$registry/$name:$tag")
  [ -n "$user" ] && [ "${user%%:*}" != 0 ] && [ "${user%%:*}" != root ] || {
    echo "test-images: $registry/$name:$tag runs as '${user:-root}', not as a non-root user" >&2
    exit 1
  }
done
echo "every image runs as a non-root user"

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
target=127.0.0.1:$port/streamgauge-test
cat > "$work/config.yml" <<CONFIG
version: 0.1
log: {level: warn}
storage: {filesystem: {rootdirectory: $work/storage}}
http: {addr: 127.0.0.1:$port}
CONFIG
"$bin/registry" serve "$work/config.yml" > "$work/registry.log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  for name in "${names[@]}"; do "${podman[@]}" rmi "$target/$name:$tag" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
names=("$@")
trap cleanup EXIT
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.2
done

make --no-print-directory push REGISTRY="$target" PUSH_FLAGS=--tls-verify=false
for name in "$@"; do
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET /v2/streamgauge-test/%s/tags/list HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$name" >&3
  tags=$(cat <&3)
  exec 3<&-
  grep -q "\"$tag\"" <<<"$tags" || {
    echo "test-images: the registry does not list $name:$tag after make push:" >&2
    echo "$tags" >&2
    exit 1
  }
done
echo "make push put every image into a real registry"
