#!/usr/bin/env bash
# Fetches Debian's current amd64 kernel WITHOUT installing it, for the QEMU tests:
#   vm/cache/kernel/<KVER>/  the extracted .deb (modules + depmod data)
#   vm/cache/kernel/<KVER>/vmlinux  the uncompressed ELF: QEMU boots it via PVH, which skips
#                                   the xz decompressor (slow under TCG: ~5 s saved per boot)
# Prints the tree's path. The ABI name changes with kernel updates, so it is resolved each time
# from what linux-image-amd64 depends on; a tree already in the cache is reused.
set -euo pipefail
cd "$(dirname "$0")"
CACHE=$PWD/cache/kernel
mkdir -p "$CACHE"

pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
if [ -z "$pkg" ]; then
  apt-get update -qq >&2
  pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
fi
[ -n "$pkg" ] || { echo "fetch-kernel: cannot resolve the package linux-image-amd64 points to" >&2; exit 1; }
kver=${pkg#linux-image-}
tree=$CACHE/$kver

if [ ! -f "$tree/.complete" ]; then
  rm -rf "$tree" "$CACHE/dl" && mkdir -p "$CACHE/dl"
  echo "fetch-kernel: downloading $pkg" >&2
  # apt-get download as root warns that the download is unsandboxed: harmless here.
  (cd "$CACHE/dl" && apt-get download "$pkg" 2>&1 | grep -v -i unsandboxed >&2 || true)
  deb=$(ls "$CACHE/dl"/"${pkg}"_*.deb 2>/dev/null | head -1)
  [ -n "$deb" ] || { echo "fetch-kernel: apt-get download $pkg failed" >&2; exit 1; }
  dpkg -x "$deb" "$tree"
  # The bzImage's payload is xz: find the stream and unpack the ELF kernel once.
  python3 - "$tree/boot/vmlinuz-$kver" "$tree/vmlinux" <<'PY'
import lzma, sys
data = open(sys.argv[1], "rb").read()
start = data.find(b"\xfd7zXZ\x00")
if start < 0:
    sys.exit("fetch-kernel: no xz payload in " + sys.argv[1])
elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
if elf[:4] != b"\x7fELF":
    sys.exit("fetch-kernel: the xz payload is not an ELF kernel")
open(sys.argv[2], "wb").write(elf)
PY
  # The .deb ships no modules.dep; busybox modprobe needs it.
  depmod -b "$tree" "$kver"
  rm -rf "$CACHE/dl"
  touch "$tree/.complete"
fi
echo "$tree"
