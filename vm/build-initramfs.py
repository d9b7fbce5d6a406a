#!/usr/bin/env python3
"""Builds the guest's initramfs (cpio newc, gzip -1) for the QEMU display tests.

    build-initramfs.py KERNEL_TREE OUT.cpio.gz --binary PATH --fonts DIR [--file HOST:GUEST ...]
                       [--exec HOST:GUEST ...] [--tool HOST:GUEST ...] [--module NAME ...]

Contents: busybox with its applets; the quizkiosk binary at /opt/quizkiosk/bin (with every
library ldd lists, at the path ldd gives, so the guest's loader finds them) and the fonts at
/opt/quizkiosk/share/quizkiosk/fonts (the installed layout the program looks for); the DRM
drivers the tests load (and `--module` ones: vivid, the CEC case's two adapters) and their
dependency closure from modules.dep; `--tool` programs from the host's Debian packages
(cec-ctl, cec-follower from v4l-utils) with the libraries ldd lists; an /init that mounts the
usual file systems, loads the modules named by `modprobe=a,b` on the kernel command line, says
INIT_READY and keeps a shell on the serial console.
"""
import argparse, gzip, os, re, shutil, stat, subprocess, sys, tempfile

# virtio_pci is not a declared dependency of virtio-gpu but the device needs it.
MODULES = ["virtio_pci", "virtio-gpu", "bochs"]

INIT = r"""#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
export PATH=/opt/quizkiosk/bin:/bin:/sbin:/usr/bin:/usr/sbin HOME=/root PS1=
for m in $(sed -n 's/.*modprobe=\([^ ]*\).*/\1/p' /proc/cmdline | tr , ' '); do
  modprobe "$m" || echo "INIT: modprobe $m failed"
done
stty -F /dev/ttyS0 -echo -onlcr 2>/dev/null
echo "INIT_READY uptime=$(cut -d' ' -f1 /proc/uptime)"
# /init stays PID 1 and the shell runs as its child: a shell that is PID 1 can exit when an
# orphan it adopted exits, and then the kernel panics, which would look like our program crashing.
while :; do setsid cttyhack sh; echo "INIT: shell exited, respawning"; done
"""


def install(src, dst, mode=0o755):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)
    os.chmod(dst, mode)


def libraries(binary):
    out = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.search(r"(/\S+)", line)
        if m and os.path.exists(m.group(1)):
            yield m.group(1)


def module_closure(tree, kver, names):
    moddir = os.path.join(tree, "lib/modules", kver)
    deps = {}
    for line in open(os.path.join(moddir, "modules.dep")):
        path, _, rest = line.partition(":")
        deps[path] = rest.split()
    by_name = {}
    for path in deps:
        base = os.path.basename(path)
        name = re.sub(r"\.ko(\.xz|\.zst|\.gz)?$", "", base)
        by_name[name] = path
        by_name[name.replace("-", "_")] = path
    order, seen = [], set()

    def visit(path):
        if path in seen:
            return
        seen.add(path)
        for d in deps.get(path, []):
            visit(d)
        order.append(path)
    for n in names:
        p = by_name.get(n) or by_name.get(n.replace("-", "_"))
        if not p:
            sys.exit(f"build-initramfs: module {n} is not in kernel {kver}")
        visit(p)
    return moddir, order


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tree")
    ap.add_argument("out")
    ap.add_argument("--binary", required=True)
    ap.add_argument("--fonts", required=True)
    ap.add_argument("--file", action="append", default=[], help="HOST:GUEST")
    ap.add_argument("--exec", action="append", default=[], help="HOST:GUEST, a static executable")
    ap.add_argument("--tool", action="append", default=[], help="HOST:GUEST, a dynamic executable and its libraries")
    ap.add_argument("--module", action="append", default=[], help="a kernel module to add (with its dependencies)")
    a = ap.parse_args()
    kver = os.listdir(os.path.join(a.tree, "lib/modules"))[0]
    stage = tempfile.mkdtemp(prefix="qk-initramfs-")
    try:
        for d in ["bin", "sbin", "usr/bin", "usr/sbin", "proc", "sys", "dev", "tmp", "root", "etc"]:
            os.makedirs(os.path.join(stage, d), exist_ok=True)
        install("/bin/busybox", os.path.join(stage, "bin/busybox"))
        applets = subprocess.run(["/bin/busybox", "--list"], capture_output=True, text=True, check=True).stdout.split()
        for ap_ in applets:
            link = os.path.join(stage, "bin", ap_)
            if not os.path.exists(link):
                os.symlink("busybox", link)
        install(a.binary, os.path.join(stage, "opt/quizkiosk/bin/quizkiosk"))
        for lib in libraries(a.binary):
            install(os.path.realpath(lib), stage + lib)
        fonts = os.path.join(stage, "opt/quizkiosk/share/quizkiosk/fonts")
        for f in os.listdir(a.fonts):
            if f.endswith((".ttf", ".otf", ".ttc")):
                install(os.path.join(a.fonts, f), os.path.join(fonts, f), 0o644)
        for spec in a.file:
            host, guest = spec.split(":", 1)
            install(host, stage + guest, 0o644)
        for spec in a.exec:
            host, guest = spec.split(":", 1)
            install(host, stage + guest, 0o755)
        for spec in a.tool:
            host, guest = spec.split(":", 1)
            install(host, stage + guest, 0o755)
            for lib in libraries(host):
                if not os.path.exists(stage + lib):
                    install(os.path.realpath(lib), stage + lib)
        moddir, order = module_closure(a.tree, kver, MODULES + a.module)
        gmoddir = os.path.join(stage, "lib/modules", kver)
        for rel in order:
            src = os.path.join(moddir, rel)
            dst = os.path.join(gmoddir, rel)
            install(src, dst, 0o644)
        for f in ["modules.order", "modules.builtin", "modules.builtin.modinfo"]:
            if os.path.exists(os.path.join(moddir, f)):
                install(os.path.join(moddir, f), os.path.join(gmoddir, f), 0o644)
        subprocess.run(["depmod", "-b", stage, kver], check=True)
        with open(os.path.join(stage, "init"), "w") as f:
            f.write(INIT)
        os.chmod(os.path.join(stage, "init"), 0o755)
        files = subprocess.run(["find", ".", "-print0"], cwd=stage, capture_output=True, check=True).stdout
        cpio = subprocess.run(["cpio", "--null", "-o", "-H", "newc", "--quiet"], cwd=stage, input=files,
                              capture_output=True, check=True).stdout
        tmp = a.out + ".part"
        with open(tmp, "wb") as f:
            f.write(gzip.compress(cpio, compresslevel=1))
        os.replace(tmp, a.out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


if __name__ == "__main__":
    main()
