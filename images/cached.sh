#!/usr/bin/env bash
# Reuses an image archive built before from the same inputs, or builds it and keeps a copy.
#
# The key is a hash of the contents of the files git tracks under the INPUT paths (tests
# excluded, working-tree edits included), so a second build from the same sources — another
# clone on this machine, CI after a session — reuses the archive, and a changed input rebuilds
# it. Archives are kept under ~/.cache/streamgauge/archives (the two newest of each NAME); on a
# hit the archive is copied to ARCHIVE and loaded into podman, as a build would have left it.
#
# usage: images/cached.sh NAME ARCHIVE 'INPUT...' BUILD-COMMAND...
set -euo pipefail

name=${1:?usage: cached.sh NAME ARCHIVE 'INPUT...' BUILD-COMMAND...}
archive=${2:?archive}
read -r -a inputs <<<"${3:?inputs}"
shift 3
[ $# -gt 0 ] || { echo "cached.sh: no build command given" >&2; exit 2; }

key=$(git ls-files -z -- "${inputs[@]}" ':!:*/src/test/*' | sort -z | xargs -0 sha256sum \
  | sha256sum | cut -c1-16)
store=${XDG_CACHE_HOME:-$HOME/.cache}/streamgauge/archives
kept=$store/$name-$key.tar

if [ -f "$kept" ]; then
  mkdir -p "$(dirname "$archive")"
  cp "$kept" "$archive"
  podman --runtime runc load --quiet -i "$archive" >/dev/null
  echo "$name: reused $kept (inputs unchanged; loaded into podman)"
  exit 0
fi

"$@"
mkdir -p "$store"
cp "$archive" "$kept.tmp" && mv "$kept.tmp" "$kept"
# Keep the two newest archives of this name.
ls -1t "$store/$name"-*.tar 2>/dev/null | tail -n +3 | xargs -r rm -f
echo "$name: kept $kept for builds from the same inputs"
