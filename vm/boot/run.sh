#!/usr/bin/env bash
# The boot test (vm/boot/suite.py): builds the Debian package, fetches the kernel the QEMU
# suite uses, makes the guest image (a cached Debian 12 userland + the .deb installed with apt)
# and boots it with systemd as PID 1. Usage: vm/boot/run.sh [--only CASE,...]
# Needs root (mmdebstrap, chroot, mount) and the package mirror the first time.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
# A failed build stops here with its errors shown (scripts/package never packages an old binary).
deb=$(scripts/package)
# The harness's own verdict before anything boots (no QEMU): a case that crashes or checks
# nothing fails.
/usr/bin/python3 vm/harness/test_cases.py
bin=$(swift build -c release --static-swift-stdlib --product quizkiosk --show-bin-path)/quizkiosk
kernel=$(vm/fetch-kernel.sh)
out=vm/cache/out/boot
rm -rf "$out" && mkdir -p "$out" vm/cache/boot
# The firmware's framebuffer as a DRM card (simpledrm), which Debian's kernel lacks.
fw=$(vm/boot/simpledrm.sh "$kernel")
python3 vm/boot/image.py --deb "$deb" --kernel-tree "$kernel" --cache vm/cache/boot --out vm/cache/boot/rootfs.cpio \
  --extra-module "$fw/simpledrm.ko" --extra-module "$fw/fakefw.ko"
echo "boot: image $(du -h vm/cache/boot/rootfs.cpio | cut -f1) (Debian 12 + $(basename "$deb")), ready in $(( $(date +%s) - start )) s"
# What tty1 is set to draw (text or graphics), sampled in the guest through the crashes.
gcc -O2 -Wall -Werror -static -o vm/cache/boot/vtmode vm/tools/vtmode.c
python3 vm/boot/suite.py --kernel "$kernel/vmlinux" --image vm/cache/boot/rootfs.cpio --vtmode vm/cache/boot/vtmode \
  --binary "$bin" --states vm/states --out "$out" "$@"
