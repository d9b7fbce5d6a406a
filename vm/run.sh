#!/usr/bin/env bash
# The QEMU display suite: builds the release binary, fetches Debian's kernel (cached in
# vm/cache), builds the initramfs and boots real DRM drivers (virtio-gpu, bochs) under TCG.
# Usage: vm/run.sh [--only CASE,...]     (scripts/test runs it; it needs root for nothing)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s.%N)

# A failed build stops here with its errors shown: the binary in .build may be an old one.
scripts/lib/swift-build -c release --static-swift-stdlib --product quizkiosk
bin=.build/release/quizkiosk
# The guest gets what ldd lists; Foundation (and its ICU data) must not be among it.
if ldd "$bin" | grep -qi foundation; then echo "FAIL: the release binary links Foundation"; exit 1; fi
# The harness's own verdict before anything boots (no QEMU): a case that crashes or checks
# nothing fails.
/usr/bin/python3 vm/harness/test_cases.py

kernel=$(vm/fetch-kernel.sh)
mkdir -p vm/cache/out
rm -rf vm/cache/out/*
files=()
for f in vm/states/*.json; do files+=(--file "$f:/opt/quizkiosk/states/$(basename "$f")"); done
# A real TV's EDID, as firmware for drm's edid_firmware option (the tv-edid case).
mkdir -p vm/cache/firmware
python3 -c 'import sys; open(sys.argv[2], "wb").write(bytes.fromhex("".join(open(sys.argv[1]).read().split())))' \
  Tests/DisplayTests/EDID/samsung-tv-1080i.hex vm/cache/firmware/samsung-tv-1080i.bin
files+=(--file vm/cache/firmware/samsung-tv-1080i.bin:/lib/firmware/edid/samsung-tv-1080i.bin)
# A helper that holds a framebuffer on screen (what was there before quizkiosk), see its source.
gcc -O2 -Wall -Werror -static -I/usr/include/libdrm -o vm/cache/holdfb vm/tools/holdfb.c
# The CEC case: vivid's two CEC adapters (a TV's and a source's) and v4l-utils' cec-ctl and
# cec-follower (the TV) from the host's Debian package (scripts/setup installs it).
for tool in cec-ctl cec-follower; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing: run scripts/setup (v4l-utils)"; exit 1; }
  files+=(--tool "$(command -v "$tool"):/usr/bin/$tool")
done
python3 vm/build-initramfs.py "$kernel" vm/cache/initrd.gz --binary "$bin" --fonts fonts "${files[@]}" \
  --exec vm/cache/holdfb:/usr/bin/holdfb --module vivid
prep=$(python3 -c "import time; print(f'{time.time()-$start:.1f}')")
echo "vm: kernel $(basename "$kernel"), initramfs $(du -h vm/cache/initrd.gz | cut -f1), ready in ${prep}s"

python3 vm/suite.py --kernel "$kernel/vmlinux" --initrd vm/cache/initrd.gz --binary "$bin" \
  --states vm/states --out vm/cache/out "$@"
