#!/usr/bin/env bash
# Builds the boot test's firmware-framebuffer card for the guest kernel: simpledrm.ko (built from
# Debian's linux-source package of the kernel's series: Debian's amd64 kernels, 6.1 and 6.12, are built without
# CONFIG_DRM_SIMPLEDRM and without CONFIG_SYSFB_SIMPLEFB, so no Debian kernel ever has a
# simpledrm card) and fakefw.ko (the firmware's part: a linear framebuffer on QEMU's std VGA and
# the simple-framebuffer device sysfb would make). Out of tree, against the headers of the
# kernel vm/fetch-kernel.sh fetched (installed with apt when missing: needs root).
#   vm/boot/simpledrm.sh KERNEL_TREE    prints the folder with the two .ko files (cached)
set -euo pipefail
cd "$(dirname "$0")"
tree=${1:?usage: vm/boot/simpledrm.sh KERNEL_TREE}
kver=$(basename "$tree")
out=$PWD/../cache/boot/simpledrm-$kver
# simpledrm.c comes from Debian's own kernel source package for this kernel's series (fetched
# from the package mirror like the kernel itself, never copied into the repository): 6.1.0-41-amd64
# → linux-source-6.1, its drivers/gpu/drm/tiny/simpledrm.c, cached beside the modules.
series=$(echo "$kver" | cut -d. -f1,2)
src=$PWD/../cache/boot/simpledrm-src-$series
if [ ! -f "$src/simpledrm.c" ]; then
  rm -rf "$src" && mkdir -p "$src"
  echo "simpledrm: fetching drivers/gpu/drm/tiny/simpledrm.c from linux-source-$series" >&2
  (cd "$src" && apt-get download "linux-source-$series" 2>&1 | grep -v -i unsandboxed >&2 || true)
  deb=$(ls "$src"/linux-source-"$series"_*.deb 2>/dev/null | head -1)
  [ -n "$deb" ] || { echo "simpledrm: apt-get download linux-source-$series failed" >&2; exit 1; }
  dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/linux-source-$series.tar.xz" \
    | tar -xJO "linux-source-$series/drivers/gpu/drm/tiny/simpledrm.c" > "$src/simpledrm.c.part"
  [ -s "$src/simpledrm.c.part" ] || { echo "simpledrm: no simpledrm.c in linux-source-$series" >&2; exit 1; }
  mv "$src/simpledrm.c.part" "$src/simpledrm.c"
  rm -f "$deb"
fi
src_sum=$(cat "$src/simpledrm.c" simpledrm/*.c simpledrm/Makefile | sha256sum | cut -c1-12)
if [ -f "$out/.complete-$src_sum" ]; then echo "$out"; exit 0; fi
headers=/usr/src/linux-headers-$kver
if [ ! -d "$headers" ]; then
  echo "simpledrm: installing linux-headers-$kver (the guest kernel's, to build two modules)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    "linux-headers-$kver" >/dev/null
fi
rm -rf "$out" && mkdir -p "$out"
cp "$src/simpledrm.c" simpledrm/*.c simpledrm/Makefile "$out/"
make -s -C "$headers" M="$out" modules 2>&1 | grep -v 'Skipping BTF generation' >&2 || true
for m in simpledrm fakefw; do [ -f "$out/$m.ko" ] || { echo "simpledrm: $m.ko was not built" >&2; exit 1; }; done
touch "$out/.complete-$src_sum"
echo "$out"
