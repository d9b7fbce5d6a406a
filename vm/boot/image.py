#!/usr/bin/env python3
"""The boot test's guest image: a clean Debian 12 userland (mmdebstrap, from the package
mirror), the quizkiosk .deb installed into it with apt — no Swift toolchain — and booted with
systemd as PID 1 straight from the initramfs (rdinit=/sbin/init: no disk driver needed).

    image.py --deb DEB --kernel-tree TREE --cache DIR --out ROOT.cpio [--extra-module KO]...

The userland without quizkiosk is cached in DIR/userland-<key>/ (the key covers the package
list and options below, so a new dependency of the .deb builds a new one): ~45 s the first
time, then each run copies it (~2 s), installs the .deb with apt from the local file (its
dependencies are already there: no network), adds the kernel modules the guests need and
packs one uncompressed newc cpio (decompression is emulated under TCG: reading more bytes is
cheaper). Per-case files go in a small second cpio appended to it (`overlay`)."""
import argparse, hashlib, os, re, shutil, subprocess, sys, tempfile

SUITE = "bookworm"
MIRRORS = ["deb http://deb.debian.org/debian bookworm main",
           "deb http://deb.debian.org/debian bookworm-updates main",
           "deb http://deb.debian.org/debian-security bookworm-security main"]
# A minimal system that boots with systemd and udev, plus apt (to install the .deb as a
# venue would) and a shell for the harness.
BASE = ["systemd-sysv", "udev", "kmod", "passwd", "apt", "usr-is-merged", "bash", "procps"]
DPKG_OPTS = ["path-exclude=/usr/share/man/*", "path-exclude=/usr/share/locale/*",
             "path-exclude=/usr/share/doc/*", "path-include=/usr/share/doc/*/copyright",
             "path-exclude=/usr/share/info/*"]
# The .deb's Recommends the boot test installs with it (the room's broker): downloaded into the
# cached userland (/opt/recommended/*.deb with its dependencies), not installed, so that
# `apt-get install ./quizkiosk.deb mosquitto` runs as a venue's `apt install ./quizkiosk.deb`
# does, both in one apt run. The fonts of Recommends stay out (the screen's bundled fonts do).
RECOMMENDED = ["mosquitto"]
RECOMMENDED_DIR = "opt/recommended"
# The guests' devices: virtio-gpu and bochs (std VGA), virtio-rng (without it
# systemd-random-seed waits ~1.7 s for entropy), virtio-net (the night case's network, QEMU's
# user networking), Intel HDA with QEMU's analog codec (the night case's sound; udev loads both
# by their aliases). virtio_pci is not a declared dependency.
MODULES = ["virtio_pci", "virtio-gpu", "bochs", "virtio-rng", "virtio_net", "snd-hda-intel", "snd-hda-codec-generic"]


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def deb_depends(deb):
    """Package names the .deb depends on (versions and alternatives dropped)."""
    field = subprocess.run(["dpkg-deb", "--field", deb, "Depends"], capture_output=True, text=True, check=True).stdout
    names = []
    for part in field.split(","):
        name = part.split("|")[0].strip().split(" ")[0]
        if name:
            names.append(name)
    return sorted(set(names))


def userland(cache, depends):
    """The cached Debian userland with the .deb's dependencies (built when missing)."""
    include = sorted(set(BASE + depends))
    key = hashlib.sha256(repr((SUITE, MIRRORS, include, DPKG_OPTS, RECOMMENDED, 3)).encode()).hexdigest()[:12]
    path = os.path.join(cache, f"userland-{key}")
    if os.path.exists(os.path.join(path, ".complete")):
        return path
    for old in os.listdir(cache) if os.path.isdir(cache) else []:
        if old.startswith("userland-"):
            shutil.rmtree(os.path.join(cache, old), ignore_errors=True)
    os.makedirs(cache, exist_ok=True)
    tmp = path + ".part"
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"boot: building the Debian 12 userland (mmdebstrap, once; cached in {path})", file=sys.stderr, flush=True)
    cmd = ["mmdebstrap", "--quiet", "--mode=root", "--variant=essential", "--format=directory",
           "--include=" + ",".join(include)]
    cmd += [f"--dpkgopt={o}" for o in DPKG_OPTS]
    # usrmerge (and perl with it) comes in despite usr-is-merged; the merged layout stays.
    cmd += ["--customize-hook=chroot \"$1\" dpkg --purge usrmerge perl libperl5.36 perl-modules-5.36 >/dev/null 2>&1 || true",
            "--customize-hook=chroot \"$1\" apt-get clean",
            # The Recommends' packages and what they need beyond the userland, as .deb files.
            f"--customize-hook=mkdir -p \"$1/{RECOMMENDED_DIR}/partial\" && chroot \"$1\" apt-get install -y -q --download-only "
            f"--no-install-recommends -o Dir::Cache::Archives=/{RECOMMENDED_DIR}/ {' '.join(RECOMMENDED)} >/dev/null && "
            f"rm -rf \"$1/{RECOMMENDED_DIR}/partial\" \"$1/{RECOMMENDED_DIR}/lock\""]
    run(cmd + [SUITE, tmp] + MIRRORS)
    open(os.path.join(tmp, ".complete"), "w").close()
    os.rename(tmp, path)
    return path


def module_closure(tree, kver, names, extra):
    """Every .ko the names need, from modprobe's own resolution (paths inside TREE)."""
    out = []
    for n in names:
        r = subprocess.run(["modprobe", "-d", tree, "-S", kver, "--show-depends", n], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"boot: module {n}: {r.stderr.strip()}")
        out += re.findall(r"^insmod (\S+)", r.stdout, re.M)
    return list(dict.fromkeys(out)), list(extra)


def install_deb(root, deb):
    """apt-get install ./quizkiosk.deb inside the userland, as a venue would, with the
    Recommends' .deb files of the cache (offline: the dependencies are in the cached userland).
    No systemd runs in the chroot: the postinst enables the units for the next boot and creates
    the user and the broker's passwords."""
    shutil.copy(deb, os.path.join(root, "tmp", "quizkiosk.deb"))
    recommended = sorted("/" + os.path.join(RECOMMENDED_DIR, f) for f in os.listdir(os.path.join(root, RECOMMENDED_DIR))
                         if f.endswith(".deb"))
    mounts = []
    try:
        for what, fstype in [("proc", "proc"), ("dev", None), ("sys", "sysfs")]:
            target = os.path.join(root, what)
            if fstype:
                run(["mount", "-t", fstype, what, target])
            else:
                run(["mount", "--bind", "/dev", target])
            mounts.append(target)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        r = subprocess.run(["chroot", root, "apt-get", "install", "-y", "-q", "--no-install-recommends",
                            "-o", "Debug::NoLocking=1", "/tmp/quizkiosk.deb"] + recommended, capture_output=True, text=True, env=env)
        return r.returncode == 0, r.stdout + r.stderr
    finally:
        for m in reversed(mounts):
            subprocess.run(["umount", "-l", m])
        os.unlink(os.path.join(root, "tmp", "quizkiosk.deb"))
        shutil.rmtree(os.path.join(root, RECOMMENDED_DIR))


GUEST_FILES = {
    # A fixed machine id: an empty one means "first boot" and systemd-firstboot prompts.
    "etc/machine-id": "0123456789abcdef0123456789abcdef\n",
    "etc/hostname": "kiosk\n",
    # The harness's shell: root logged in on the serial line (never on the TV's tty1).
    "etc/systemd/system/serial-getty@ttyS0.service.d/autologin.conf":
        "[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin root --noclear --keep-baud 115200 %I vt220\n",
    # Bash's bracketed-paste escapes and the echo of our input would corrupt parsed output.
    "root/.bash_profile":
        "bind 'set enable-bracketed-paste off' 2>/dev/null\nstty -echo -onlcr\nexport PS1= PAGER=cat SYSTEMD_PAGER=cat TERM=dumb\n"
        "echo \"INIT_READY uptime=$(cut -d' ' -f1 /proc/uptime)\"\n",
    # No network in the guests: nothing waits for it.
    "etc/systemd/system/systemd-networkd-wait-online.service": "",
}


def make(a):
    depends = [d for d in deb_depends(a.deb)]
    kver = os.listdir(os.path.join(a.kernel_tree, "lib/modules"))[0]
    with tempfile.TemporaryDirectory(prefix="qk-boot-", dir=a.cache) as tmp:
        root = os.path.join(tmp, "root")
        for attempt in [1, 2]:
            base = userland(a.cache, depends)
            run(["cp", "-a", base, root])
            os.unlink(os.path.join(root, ".complete"))
            ok, log = install_deb(root, a.deb)
            if ok:
                break
            shutil.rmtree(root)
            # A cached userland older than the libraries the .deb was linked against (the
            # build machine got updates since): build it again from the mirror, once.
            shutil.rmtree(base, ignore_errors=True)
            if attempt == 2:
                sys.exit(f"boot: apt-get install of the .deb failed in a fresh userland:\n{log[-4000:]}")
        with open(os.path.join(os.path.dirname(a.out), "apt-install.log"), "w") as f:
            f.write(log)
        for rel, text in GUEST_FILES.items():
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            if rel.endswith("wait-online.service"):
                if os.path.exists(p) or os.path.islink(p):
                    os.unlink(p)
                os.symlink("/dev/null", p)
                continue
            with open(p, "w") as f:
                f.write(text)
        wants = os.path.join(root, "etc/systemd/system/getty.target.wants")
        os.makedirs(wants, exist_ok=True)
        link = os.path.join(wants, "serial-getty@ttyS0.service")
        if not os.path.lexists(link):
            os.symlink("/lib/systemd/system/serial-getty@.service", link)
        # Kernel modules: the closure of what the guests load, not the whole 400 MB tree.
        kos, extra = module_closure(a.kernel_tree, kver, MODULES, a.extra_module)
        src = os.path.join(a.kernel_tree, "lib/modules", kver)
        dst = os.path.join(root, "lib/modules", kver)
        for ko in kos:
            rel = os.path.relpath(ko, src)
            os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
            shutil.copy(ko, os.path.join(dst, rel))
        for ko in extra:
            os.makedirs(os.path.join(dst, "extra"), exist_ok=True)
            shutil.copy(ko, os.path.join(dst, "extra", os.path.basename(ko)))
        for f in ["modules.order", "modules.builtin", "modules.builtin.modinfo"]:
            if os.path.exists(os.path.join(src, f)):
                shutil.copy(os.path.join(src, f), os.path.join(dst, f))
        run(["depmod", "-b", root, kver])
        files = subprocess.run(["find", ".", "-print0"], cwd=root, capture_output=True, check=True).stdout
        with open(a.out + ".part", "wb") as f:
            run(["cpio", "--null", "-o", "-H", "newc", "--quiet"], cwd=root, input=files, stdout=f)
        os.replace(a.out + ".part", a.out)


def overlay(out, files):
    """A small cpio of per-case files {guest path: text, or bytes for a program (mode 0755)},
    to append to the image's cpio (the kernel unpacks concatenated archives in order: later
    files replace earlier ones)."""
    with tempfile.TemporaryDirectory(prefix="qk-overlay-") as tmp:
        for rel, content in files.items():
            p = os.path.join(tmp, rel.lstrip("/"))
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb" if isinstance(content, bytes) else "w") as f:
                f.write(content)
            if isinstance(content, bytes):
                os.chmod(p, 0o755)
        names = subprocess.run(["find", ".", "-mindepth", "1", "-print0"], cwd=tmp, capture_output=True, check=True).stdout
        with open(out, "wb") as f:
            run(["cpio", "--null", "-o", "-H", "newc", "--quiet", "--owner=0:0"], cwd=tmp, input=names, stdout=f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deb", required=True)
    ap.add_argument("--kernel-tree", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--extra-module", action="append", default=[])
    make(ap.parse_args())


if __name__ == "__main__":
    main()
