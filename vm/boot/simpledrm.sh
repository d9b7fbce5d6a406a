#!/usr/bin/env bash
# Builds the boot test's firmware-framebuffer card for the guest kernel: simpledrm.ko (vendored
# from Debian's linux-source-6.1: Debian's amd64 kernels, 6.1 and 6.12, are built without
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
src_sum=$(cat simpledrm/*.c simpledrm/Makefile | sha256sum | cut -c1-12)
if [ -f "$out/.complete-$src_sum" ]; then echo "$out"; exit 0; fi
headers=/usr/src/linux-headers-$kver
if [ ! -d "$headers" ]; then
  echo "simpledrm: installing linux-headers-$kver (the guest kernel's, to build two modules)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    "linux-headers-$kver" >/dev/null
fi
rm -rf "$out" && mkdir -p "$out"
cp simpledrm/*.c simpledrm/Makefile "$out/"
make -s -C "$headers" M="$out" modules 2>&1 | grep -v 'Skipping BTF generation' >&2 || true
for m in simpledrm fakefw; do [ -f "$out/$m.ko" ] || { echo "simpledrm: $m.ko was not built" >&2; exit 1; }; done
touch "$out/.complete-$src_sum"
echo "$out"
