#!/usr/bin/env python3
"""The display tests on real kernel DRM drivers in QEMU: enumeration, the picture on screen
pixel for pixel, atomic and legacy, restore on SIGTERM, the error paths; the hotplug
sequence (hotplug_case.py); a countdown in motion (motion_case.py); HDMI-CEC on vivid's
adapters with cec-follower as the TV (cec_case.py).

    suite.py --kernel VMLINUX --initrd INITRD --binary HOST_QUIZKIOSK --out DIR [--only NAME,...]

Prints PASS/FAIL lines, timings, and "N passed, N failed"; exits 1 on any failure. Evidence
(screendumps, references, guest logs) stays in DIR."""
import json, os, re, subprocess, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "harness"))
from qemu import Guest, GuestError
from cases import Checks, arguments, run_selected
from images import read_ppm, read_png, write_png, difference
import hotplug_case
import motion_case
import cec_case
import sound_case

STATE = "/opt/quizkiosk/states/question.json"
NOW = "2026-01-01T12:00:05Z"          # 15 s left on the question's countdown: a fixed frame
RUN = f"quizkiosk run --state {STATE} --now {NOW}"


class Suite(Checks):
    def __init__(self, args):
        super().__init__()
        self.a = args
        self.refs = {}

    def reference(self, w, h, overscan=None):
        """What `quizkiosk render` draws on the host for the same state at this size (inside the
        safe area `overscan`, a percentage of each edge, when the display decided one)."""
        key = (w, h, overscan)
        with self.lock:
            if key in self.refs:
                return self.refs[key]
        path = os.path.join(self.a.out, f"ref-{w}x{h}" + (f"-overscan{overscan}" if overscan else "") + ".png")
        subprocess.run([self.a.binary, "render", "--state", os.path.join(self.a.states, "question.json"),
                        "--size", f"{w}x{h}", "--now", NOW, "--out", path]
                       + (["--overscan", f"{overscan}%"] if overscan else []), check=True, capture_output=True)
        img = read_png(path)
        with self.lock:
            self.refs[key] = img
        return img

    def boot(self, name, devices, modprobe):
        g = Guest(name, self.a.kernel, self.a.initrd, devices, self.a.out, modprobe=modprobe)
        try:
            secs = g.boot()
        except GuestError as e:
            self.check(f"{name}: boot", False, str(e)[-600:])
            g.shutdown()
            return None
        self.timings[f"{name}.boot_s"] = round(secs, 2)
        return g

    def wait_screen(self, g, label, ref, timeout=30, head=None):
        """Screendumps until the scanout equals the reference; keeps the last one as evidence."""
        shot = os.path.join(self.a.out, f"{label}.ppm")
        deadline = time.monotonic() + timeout
        t0 = time.monotonic()
        while True:
            g.screendump(shot, head=head)
            img = read_ppm(shot)
            diff = difference(img, ref)
            if diff is None:
                return True, time.monotonic() - t0, None
            if time.monotonic() > deadline:
                write_png(os.path.join(self.a.out, f"{label}.actual.png"), img)
                return False, time.monotonic() - t0, diff
            time.sleep(0.1)

    def displays(self, g):
        rc, out = g.sh("quizkiosk displays --json 2>&1")
        try:
            return json.loads(out)["cards"][0]
        except (ValueError, KeyError, IndexError):
            raise GuestError(f"displays --json (exit {rc}) gave no card:\n{out[-800:]}")

    @staticmethod
    def crtc_state(card, connector="Virtual-1"):
        c = next(c for c in card["connectors"] if c["name"] == connector)
        return c["crtc"]

    # -------------------------------------------------------------------------------------
    def display_case(self, name, devices, modprobe, size, extra_checks=False):
        w, h = size
        g = self.boot(name, devices, modprobe)
        if g is None:
            return
        try:
            ref = self.reference(w, h)
            card = self.displays(g)
            conn = next((c for c in card["connectors"] if c["name"] == "Virtual-1"), None)
            pref = conn and next((m for m in conn["modes"] if m["preferred"]), None)
            edid = conn and conn["edid"]
            self.check(f"{name}: displays --json reports Virtual-1 connected, preferred {w}x{h}, EDID 'QEMU Monitor'",
                       conn and conn["status"] == "connected" and pref and (pref["width"], pref["height"]) == (w, h)
                       and edid and edid["name"] == "QEMU Monitor",
                       f"driver {card['driver']}, status {conn and conn['status']}, preferred {pref and pref['name']}, "
                       f"EDID {edid and edid['name']!r} ({edid and edid['bytes']} bytes), modes {conn and len(conn['modes'])}")
            if edid:
                with open(os.path.join(self.a.out, f"{name}.edid.hex"), "w") as f:
                    f.write(edid["hex"] + "\n")
            before = self.crtc_state(card)
            if extra_checks:
                self.bad_arguments(g, name)
                rc, out = g.sh("quizkiosk doctor --config /dev/null 2>&1")
                self.check(f"{name}: doctor passes with a display (device, master, Virtual-1, fonts)",
                           rc == 0 and "PASS  DRM master: obtainable" in out and "PASS  display: Virtual-1 connected" in out
                           and "PASS  fonts" in out, " | ".join(out.strip().splitlines()))
                rc, out = g.sh("quizkiosk doctor --config /dev/null --mode 1234x567 2>&1")
                self.check(f"{name}: doctor with a --mode the display lacks warns and names the mode run uses",
                           rc == 0 and re.search(r"WARN  display: --mode 1234x567: Virtual-1 does not offer it; run uses 1920x1080@[\d.]+ \(", out),
                           " | ".join(out.strip().splitlines())[:400])
            runs = [("atomic", "atomic", "", ""), ("legacy", "legacy", "QUIZKIOSK_DRM_LEGACY=1 ", "")]
            if extra_checks:
                # Motion off (a projector that smears, a viewer sensitive to motion): the same
                # frame on screen, settled at once, as before motion existed.
                runs.append(("atomic-motion-off", "atomic", "", " --motion off"))
            for variant, proto, env, flags in runs:
                label = f"{name}-{variant}"
                log = f"/tmp/{variant}.log"
                t0 = time.monotonic()
                g.spawn(env + RUN + flags, log)
                try:
                    out = g.wait_log(log, r"on screen|^EXIT", 60)
                except GuestError as e:
                    self.check(f"{label}: run shows a frame", False, str(e)[-600:])
                    continue
                m = re.search(r"first frame (\d+) ms after start", out)
                self.timings[f"{label}.first_frame_ms"] = int(m.group(1)) if m else None
                self.check(f"{label}: run uses {proto} KMS", f", {proto} KMS" in out and "EXIT" not in out,
                           out.strip().splitlines()[-1] if out.strip() else "")
                ok, secs, diff = self.wait_screen(g, label, ref)
                self.timings[f"{label}.start_to_matching_screendump_s"] = round(time.monotonic() - t0, 2)
                self.check(f"{label}: screendump equals `render --size {w}x{h}` pixel for pixel", ok,
                           diff or f"{w}x{h} identical, first frame {m.group(1) if m else '?'} ms after start (guest)")
                if extra_checks and variant == "atomic":
                    self.second_instance(g, name)
                    rc, out = g.sh("quizkiosk doctor --config /dev/null 2>&1")
                    self.check(f"{label}: doctor while run holds the display: master held by quizkiosk, still healthy",
                               rc == 0 and "DRM master: held by quizkiosk" in out, " | ".join(out.strip().splitlines()))
                g.sh("kill -TERM $(pidof quizkiosk)")
                try:
                    out = g.wait_log(log, r"^EXIT", 20)
                except GuestError as e:
                    self.check(f"{label}: exits on SIGTERM", False, str(e)[-400:])
                    continue
                self.check(f"{label}: exits 0 on SIGTERM, restoring the display",
                           "EXIT 0" in out and "display restored" in out, out.strip().splitlines()[-1])
                after = self.crtc_state(self.displays(g))
                self.check(f"{label}: the CRTC configuration before run is back after SIGTERM", after == before,
                           f"before {before}, after {after}")
            if extra_checks:
                self.demo_case(g, name, w, h)
        except GuestError as e:
            self.check(f"{name}: guest", False, str(e)[-800:])
        finally:
            g.shutdown()

    @staticmethod
    def one_line(out):
        """The command printed exactly one line before `status=N`."""
        lines = [l for l in out.strip().splitlines() if l.strip()]
        return len(lines) == 2 and lines[1].startswith("status=")

    def demo_case(self, g, name, w, h):
        """`quizkiosk demo` drives the display when there is one: its first step (idle) must be
        what the headless demo writes as 01-idle.png."""
        ref_dir = os.path.join(self.a.out, "demo-ref")
        subprocess.run([self.a.binary, "demo", "--out", ref_dir, "--size", f"{w}x{h}"], check=True, capture_output=True)
        ref = read_png(os.path.join(ref_dir, "01-idle.png"))
        g.spawn("quizkiosk demo", "/tmp/demo.log")
        try:
            out = g.wait_log("/tmp/demo.log", r"on screen|^EXIT", 60)
            ok, secs, diff = self.wait_screen(g, f"{name}-demo", ref, timeout=3)
            self.check(f"{name}: `demo` runs on the display (its idle step equals the headless demo's)",
                       ok and "on screen" in out, diff or out.strip().splitlines()[-1])
        finally:
            g.sh("kill -TERM $(pidof quizkiosk) 2>/dev/null; for i in $(seq 50); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")

    def restore_case(self, name):
        """Pitfall: with fbdev emulation on, the kernel puts the console back by itself when a
        KMS program exits, so "the console is back" proves nothing. Here fbdev emulation is off
        and `holdfb` keeps a framebuffer of its own on the CRTC (master dropped, file open):
        after SIGTERM that framebuffer must be back — and, as a control that the check can
        fail, after SIGKILL (no restore possible) it must not be."""
        g = self.boot(name, ["-device", "virtio-gpu-pci,xres=1920,yres=1080"], [])
        if g is None:
            return
        try:
            g.sh("modprobe drm_kms_helper fbdev_emulation=0 && modprobe virtio_pci && modprobe virtio-gpu", check=True)
            rc, out = g.sh("ls /dev/fb0 2>&1")
            self.check(f"{name}: no fbdev emulation (nothing else restores the CRTC)", rc != 0, out)
            g.spawn("holdfb", "/tmp/holdfb.log")
            m = re.search(r"HOLDFB fb=(\d+) crtc=(\d+)", g.wait_log("/tmp/holdfb.log", r"HOLDFB|^EXIT", 20))
            held = int(m.group(1)) if m else -1
            before = self.crtc_state(self.displays(g))
            self.check(f"{name}: holdfb's framebuffer is on screen before run", before and before["framebuffer"] == held,
                       f"holdfb fb {held}, CRTC {before}")
            ref = self.reference(1920, 1080)
            for proto, env in [("atomic", ""), ("legacy", "QUIZKIOSK_DRM_LEGACY=1 ")]:
                g.spawn(env + RUN, f"/tmp/{proto}.log")
                out = g.wait_log(f"/tmp/{proto}.log", r"on screen|^EXIT", 60)
                ok, secs, diff = self.wait_screen(g, f"{name}-{proto}", ref)
                self.check(f"{name}-{proto}: run shows the state without fbdev", ok and f"({proto}," in out, diff or "")
                g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
                after = self.crtc_state(self.displays(g))
                shot = read_ppm(g.screendump(os.path.join(self.a.out, f"{name}-{proto}-after.ppm")))
                w, h, rgb = shot
                samples = {tuple(rgb[(y * w + x) * 3:(y * w + x) * 3 + 3]) for x, y in [(0, 0), (w // 2, h // 2), (w - 1, h - 1)]}
                self.check(f"{name}-{proto}: after SIGTERM the CRTC shows holdfb's framebuffer again (restored by run)",
                           after == before and samples == {(0x33, 0x66, 0x99)},
                           f"before {before}, after {after}, screen colours {sorted(samples)}")
            g.spawn(RUN, "/tmp/control.log")
            g.wait_log("/tmp/control.log", r"on screen|^EXIT", 60)
            g.sh("kill -KILL $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
            after = self.crtc_state(self.displays(g))
            self.check(f"{name}: control: after SIGKILL (no restore) holdfb's framebuffer is not back",
                       not after or after["framebuffer"] != held, f"after SIGKILL {after}")
        except GuestError as e:
            self.check(f"{name}: guest", False, str(e)[-800:])
        finally:
            g.shutdown()

    def tv_edid_case(self, name):
        """A real TV's EDID on the guest's connector: the Samsung that prefers 1080i, has no VCDB
        and lists 1080p60 as VIC 16 (Tests/DisplayTests/EDID/samsung-tv-1080i.hex), fed by drm's
        edid_firmware option (the module is loaded by hand with it: busybox modprobe does not read
        module options from the kernel command line). virtio-gpu reads EDIDs through
        drm_do_get_edid, which honours the override; it does not allow interlaced modes, so the
        kernel prunes the preferred 1080i and the policy picks among the rest."""
        g = self.boot(name, ["-device", "virtio-gpu-pci,xres=1920,yres=1080"], [])
        if g is None:
            return
        try:
            g.sh("modprobe drm edid_firmware=edid/samsung-tv-1080i.bin && modprobe virtio_pci && modprobe virtio-gpu", check=True)
            card = self.displays(g)
            conn = next((c for c in card["connectors"] if c["name"] == "Virtual-1"), {})
            edid, cta, pick, over = conn.get("edid") or {}, conn.get("cta") or {}, conn.get("pick") or {}, conn.get("overscan") or {}
            self.check(f"{name}: displays --json shows the TV's name and CTA data (VICs, no VCDB)",
                       edid.get("name") == "SAMSUNG TV" and cta.get("vics") == [5, 4, 3, 20, 19, 18, 16] and cta.get("vcdb", 0) is None
                       and cta.get("hdmi") is True,
                       f"EDID {edid.get('name')!r}, VICs {cta.get('vics')}, VCDB {cta.get('vcdb', '?')}")
            modes = [m["name"] for m in conn.get("modes", [])]
            self.check(f"{name}: the kernel pruned the preferred 1080i (virtio allows no interlace); the policy picks 1080p60",
                       not any("i@" in m for m in modes) and (pick.get("width"), pick.get("height"), pick.get("refresh"), pick.get("interlaced"))
                       == (1920, 1080, 60, False),
                       f"pick {pick.get('name')} ({pick.get('why')}); modes {' '.join(modes)}")
            self.check(f"{name}: overscan auto decides a 5% safe area (an HDMI TV without a VCDB; no driver underscan)",
                       over.get("safeAreaPercent") == 5, f"{over}")
            rc, out = g.sh("quizkiosk edid /sys/class/drm/card0-Virtual-1/edid --json")
            try:
                fromfile = json.loads(out)
            except ValueError:
                fromfile = {}
            self.check(f"{name}: `edid` on the connector's sysfs file gives the same TV and pick",
                       rc == 0 and fromfile.get("name") == "SAMSUNG TV" and fromfile.get("pick", {}).get("width") == 1920
                       and fromfile.get("pick", {}).get("interlaced") is False, out[:300])
            # The scene keeps inside the 5% safe area the display decided for this TV.
            ref = self.reference(1920, 1080, overscan=5)
            g.spawn(RUN, "/tmp/tv.log")
            out = g.wait_log("/tmp/tv.log", r"on screen|^EXIT", 60)
            ok, secs, diff = self.wait_screen(g, f"{name}-atomic", ref)
            self.check(f"{name}: run shows the state at the policy's 1920x1080@60 inside the TV's 5% safe area, pixel-equal to render --overscan 5%",
                       ok and "on screen: 1920x1080@60.00" in out, diff or "")
            self.check(f"{name}: run logs the overscan decision and the properties virtio-gpu lacks, naming the connector",
                       "Virtual-1: overscan: an HDMI TV without a VCDB: safe area 5%" in out
                       and "Virtual-1: the driver has no max bpc" in out,
                       " | ".join(l for l in out.splitlines() if "overscan" in l or "driver has no" in l)[:400])
            g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
        except GuestError as e:
            self.check(f"{name}: guest", False, str(e)[-800:])
        finally:
            g.shutdown()

    def second_instance(self, g, name):
        rc, out = g.sh(f"{RUN} 2>&1; echo status=$?", timeout=60)
        self.check(f"{name}: a second instance fails with one line naming the master holder",
                   "status=1" in out and "DRM master is held by quizkiosk" in out and self.one_line(out),
                   out.strip().splitlines()[0] if out.strip() else "")

    def bad_arguments(self, g, name):
        rc, out = g.sh("quizkiosk run --connector HDMI-A-9 --state " + STATE + " 2>&1; echo status=$?", timeout=60)
        self.check(f"{name}: --connector that does not exist fails with one line listing the connectors",
                   "status=1" in out and "HDMI-A-9" in out and "Virtual-1 (connected)" in out and self.one_line(out),
                   out.strip().splitlines()[0] if out.strip() else "")
        g.spawn(f"quizkiosk run --mode 1234x567 --state {STATE} --now {NOW}", "/tmp/badmode.log")
        try:
            out = g.wait_log("/tmp/badmode.log", r"on screen|^EXIT", 60)
        finally:
            g.sh("kill -TERM $(pidof quizkiosk) 2>/dev/null; for i in $(seq 50); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
        # The display's preferred mode (QEMU's is 1920x1080 at 75 Hz).
        warned = [l for l in out.splitlines() if "is not offered" in l]
        self.check(f"{name}: --mode that is not offered is one warning and the policy's mode",
                   len(warned) == 1 and re.fullmatch(r"<4>Virtual-1: --mode 1234x567 is not offered by this display; using 1920x1080@[\d.]+", warned[0])
                   and "on screen: 1920x1080@" in out, " | ".join(out.strip().splitlines())[:400])


def main():
    a = arguments("--initrd")
    s = Suite(a)
    virtio = ["virtio_pci", "virtio-gpu"]
    cases = [
        ("virtio-1920x1080", lambda: s.display_case("virtio-1920x1080", ["-device", "virtio-gpu-pci,xres=1920,yres=1080"],
                                                    virtio, (1920, 1080), extra_checks=True)),
        ("virtio-1280x800", lambda: s.display_case("virtio-1280x800", ["-device", "virtio-gpu-pci,xres=1280,yres=800"],
                                                   virtio, (1280, 800))),
        ("bochs-1920x1080", lambda: s.display_case("bochs-1920x1080", ["-device", "bochs-display,xres=1920,yres=1080"],
                                                   ["bochs"], (1920, 1080))),
    ]
    cases.append(("restore", lambda: s.restore_case("restore-no-fbdev")))
    cases.append(("tv-edid", lambda: s.tv_edid_case("tv-edid")))
    cases.append(("hotplug", lambda: hotplug_case.run(s, STATE, NOW)))
    cases.append(("motion", lambda: motion_case.run(s)))
    cases.append(("cec", lambda: cec_case.run(s)))
    cases.append(("sound", lambda: sound_case.run(s)))
    run_selected(cases, a, s, "suite_s", alone={"sound"})


if __name__ == "__main__":
    main()
