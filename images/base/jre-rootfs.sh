#!/usr/bin/env bash
# Builds the root filesystem of Streamgauge's JRE base image from Debian packages (no registry):
# debootstrap of Debian bookworm, minbase variant, with openjdk-17-jre-headless; a non-root user
# streamgauge (uid/gid 10001) whose home /home/streamgauge is writable; apt caches and docs removed.
# DEBIAN_SUITE and JRE_PACKAGES change the suite and the packages.
# Writes a tar of the rootfs to $1 (for `podman import`). Needs root and debootstrap.
#
# The mirror is the one apt is configured with on this machine (DEBIAN_MIRROR overrides it), so
# nothing is fetched from anywhere apt would not fetch from.
set -euo pipefail

out=${1:?usage: jre-rootfs.sh OUTPUT.tar}
suite=${DEBIAN_SUITE:-bookworm}
packages=${JRE_PACKAGES:-openjdk-17-jre-headless}

if [ "$(id -u)" != 0 ]; then
  echo "jre-rootfs.sh: debootstrap needs root (run make images as root or with sudo)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || {
  echo "jre-rootfs.sh: debootstrap is missing; install it with make tools (Debian package debootstrap)" >&2
  exit 1
}

mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  # deb822 sources first, then one-line sources; the first main Debian archive wins.
  local uri
  uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null \
          | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)
  if [ -z "$uri" ]; then
    uri=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null \
            | awk '{print $2}' | grep -v -- '-security' | head -n1 || true)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/sg-jre-rootfs.XXXXXX")
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

echo "debootstrap $suite ($packages) from $(mirror)"
debootstrap --variant=minbase --include="$packages" "$suite" "$rootfs" "$(mirror)" \
  >"$work/debootstrap.log" 2>&1 || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }

chroot "$rootfs" groupadd --gid 10001 streamgauge
chroot "$rootfs" useradd --uid 10001 --gid 10001 --create-home \
  --home-dir /home/streamgauge --shell /usr/sbin/nologin streamgauge
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/var/log/*.log
# The image has no resolver of its own; the container runtime writes /etc/resolv.conf.
: > "$rootfs/etc/resolv.conf"

mkdir -p "$(dirname "$out")"
tar --numeric-owner -C "$rootfs" -cf "$out.partial" .
mv "$out.partial" "$out"
echo "wrote $out ($(du -h "$out" | cut -f1))"
