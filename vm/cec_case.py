"""HDMI-CEC on a real kernel's CEC framework (issue 25, items 5 and 6): Debian's kernel loads
`vivid`, whose default instance has an HDMI input and an HDMI output, each with a CEC adapter on
one emulated bus: /dev/cec0 is the input's (the TV's side, physical address 0.0.0.0), /dev/cec1
the output's (a source at 1.0.0.0). `cec-ctl --tv` configures cec0 as a Samsung TV and
`cec-follower` (v4l-utils) plays that TV, logging every message it receives and each change of
its emulated state. `quizkiosk run` drives virtio-gpu's display with the default `--cec auto`,
which must pick cec1 (the only adapter on a source's side).

Scenarios, one guest, in order:
  1. the TV's CEC off (cec0 unconfigured): Image View On is not acknowledged: one warning line,
     the screen keeps running; the TV's CEC switched on (cec-ctl --tv) makes it speak, and the
     announcement is tried again and taken;
  2. the follower's log shows Image View On and Active Source 1.0.0.0 from Playback Device 1
     (logical address 4), the TV leaving standby and taking 1.0.0.0 as active source; no Standby
     on exit without --cec-standby;
  2b. the TV unplugged and plugged in again (a VNC SetDesktopSize on virtio-gpu's head: a real
     DRM hotplug): the kiosk's first frame on the new connection announces again;
  3. doctor names the adapter, its physical address, the TV's power status and vendor;
  4. --cec-standby --cec-standby-after 3 on the ended screen: Standby 3 s after the
     announcement (the follower's own timestamps), the TV goes to standby, nothing more on exit;
  5. --cec-standby on a question: Standby on SIGTERM;
  6. --cec off (the adapter's addresses cleared first): nothing on the bus for three times as
     long as scenario 2's announcement took, and no logical address claimed."""
import os, re, tempfile, time
from qemu import Guest, GuestError, vnc_set_desktop_size

QUESTION = "/opt/quizkiosk/states/question.json"
ENDED = "/opt/quizkiosk/states/ended.json"
NOW = "2026-01-01T12:00:05Z"
TV_SETUP = "cec-ctl -d /dev/cec0 --tv --cec-version-1.4 --vendor-id 0x0000f0 --osd-name 'vivid TV' >/dev/null"
FOLLOWER_LOG = "/tmp/follower.log"
# "    Playback Device 1 to TV (4 to 0): IMAGE_VIEW_ON (0x04)", then operand lines
# "\tphys-addr: 1.0.0.0" and "\tSequence: 0 Rx Timestamp: Wed Dec  2 03:10:12.593".
MESSAGE = re.compile(r"^\s+(.+?) to (.+?) \((\d+) to (\d+)\): ([A-Z_]+) \(0x([0-9a-f]+)\):?$")


def messages(log):
    """The messages cec-follower received, in order: dicts with from, to, name, operands, rx
    (seconds of the day from its Rx timestamp) and line (their index in the log)."""
    out, current = [], None
    for i, line in enumerate(log.splitlines()):
        m = MESSAGE.match(line)
        if m:
            current = {"from": int(m.group(3)), "to": int(m.group(4)), "name": m.group(5), "operands": {}, "rx": None, "line": i}
            out.append(current)
            continue
        if current is None or not line.startswith("\t"):
            current = None
            continue
        t = re.search(r"Rx Timestamp: \w+ \w+ +\d+ (\d+):(\d+):(\d+\.\d+)", line)
        if t:
            current["rx"] = int(t.group(1)) * 3600 + int(t.group(2)) * 60 + float(t.group(3))
        elif ":" in line:
            k, _, v = line.strip().partition(":")
            current["operands"][k.strip()] = v.strip()
    return out


def kiosk_messages(log, since=0):
    return [m for m in messages(log) if m["from"] == 4 and m["line"] >= since]


def names(ms):
    return [m["name"] for m in ms]


def run(suite):
    name = "cec"
    sockdir = suite.a.out if len(suite.a.out) < 70 else tempfile.mkdtemp(prefix="qk-vnc-")
    vnc = os.path.join(sockdir, f"{name}.vnc0")
    if os.path.exists(vnc):
        os.unlink(vnc)
    g = Guest(name, suite.a.kernel, suite.a.initrd, ["-device", "virtio-gpu-pci,id=gpu0,xres=1920,yres=1080",
                                                     "-vnc", f"unix:{vnc},id=vnc0,display=gpu0,head=0"], suite.a.out,
              modprobe=["virtio_pci", "virtio-gpu", "vivid"])
    try:
        suite.timings[f"{name}.boot_s"] = round(g.boot(), 2)
        rc, out = g.sh("for d in /dev/cec*; do echo $d $(cec-ctl -d $d | grep -E 'Adapter Name|Physical Address' | sed 's/.*: //'); done")
        suite.check(f"{name}: vivid gives two CEC adapters: the TV's input at 0.0.0.0 and a source's output at 1.0.0.0",
                    "/dev/cec0 vivid-000-vid-cap0 0.0.0.0" in out and "/dev/cec1 vivid-000-vid-out0 1.0.0.0" in out, out.replace("\n", "; "))

        tv_cec_off(suite, g, name)

        g.spawn(f"cec-follower -d /dev/cec0 --standby -m -s -w", FOLLOWER_LOG)
        g.wait_log(FOLLOWER_LOG, r"Initial Event", 20)
        announce_secs = announces(suite, g, name)
        hotplug(suite, g, name, vnc)
        doctor(suite, g, name)
        standby_when_ended(suite, g, name)
        standby_on_exit(suite, g, name)
        cec_off(suite, g, name, wait=max(3.0, 3 * announce_secs))
    except GuestError as e:
        suite.check(f"{name}: guest", False, str(e)[-800:])
    finally:
        try:
            rc, log = g.sh(f"cat {FOLLOWER_LOG} 2>/dev/null")
            with open(os.path.join(suite.a.out, f"{name}.follower.log"), "w") as f:
                f.write(log)
        except Exception:
            pass
        g.shutdown()


def start(g, flags, state, log):
    g.spawn(f"quizkiosk run --state {state} --now {NOW} {flags}", log)
    return g.wait_log(log, r"on screen|^EXIT", 60)


def stop(suite, g, label, log):
    g.sh("kill -TERM $(pidof quizkiosk)")
    out = g.wait_log(log, r"^EXIT", 20)
    suite.check(f"{label}: exits 0 on SIGTERM", "EXIT 0" in out, out.strip().splitlines()[-1])
    keep(suite, g, label, log)
    return out


def keep(suite, g, label, log):
    rc, out = g.sh(f"cat {log}")
    with open(os.path.join(suite.a.out, f"{label}.run.log"), "w") as f:
        f.write(out)


def follower_lines(g):
    rc, log = g.sh(f"cat {FOLLOWER_LOG}")
    return log


def wait_follower(g, predicate, timeout):
    """Polls the follower's log until predicate(log) holds; returns the log."""
    deadline = time.monotonic() + timeout
    while True:
        log = follower_lines(g)
        if predicate(log) or time.monotonic() > deadline:
            return log
        time.sleep(0.2)


def tv_cec_off(suite, g, name):
    """Item 6: a TV whose CEC is off (nobody at logical address 0): one line, the screen goes on;
    when the TV's CEC comes on it announces itself and the kiosk tries again."""
    label = f"{name}-tv-cec-off"
    log = "/tmp/cec-off-tv.log"
    g.sh("cec-ctl -d /dev/cec0 --clear >/dev/null")
    start(g, "", QUESTION, log)
    out = g.wait_log(log, r"did not take the announcement|sent Image View On|^EXIT", 30)
    warned = [l for l in out.splitlines() if "did not take the announcement" in l]
    suite.check(f"{label}: Image View On not acknowledged is one warning, the screen keeps running",
                len(warned) == 1 and "Image View On: not acknowledged" in warned[0] and "CEC may be off" in warned[0]
                and "on screen" in out and "EXIT" not in out, warned[0] if warned else out[-400:])
    g.sh(TV_SETUP)
    out = g.wait_log(log, r"sent Image View On|^EXIT", 30)
    warned = [l for l in out.splitlines() if "did not take the announcement" in l]
    suite.check(f"{label}: the TV's CEC switched on (it reports its address): tried again and taken, still one warning",
                "sent Image View On and Active Source 1.0.0.0 from Playback 1 (4)" in out and len(warned) == 1 and "EXIT" not in out,
                " | ".join(l for l in out.splitlines() if "cec" in l)[-500:])
    stop(suite, g, label, log)


def announces(suite, g, name):
    """Item 5: Image View On and Active Source from the Playback address at start; the TV
    wakes and takes us as its source; no Standby without --cec-standby. Returns the seconds
    from the first frame to the follower's Active Source (what scenario 6 waits for)."""
    label = f"{name}-auto"
    log = "/tmp/cec-auto.log"
    g.sh("cec-ctl -d /dev/cec1 --clear >/dev/null")   # a claim from scratch
    since = len(follower_lines(g).splitlines())
    t0 = time.monotonic()
    out = start(g, "", QUESTION, log)
    shown = time.monotonic()
    flog = wait_follower(g, lambda l: "ACTIVE_SOURCE" in names(kiosk_messages(l, since)), 30)
    secs = time.monotonic() - shown
    suite.timings[f"{label}.first_frame_to_active_source_s"] = round(secs, 2)
    ms = kiosk_messages(flog, since)
    ivo = next((m for m in ms if m["name"] == "IMAGE_VIEW_ON"), None)
    act = next((m for m in ms if m["name"] == "ACTIVE_SOURCE"), None)
    suite.check(f"{label}: the follower (the TV) got Image View On from Playback Device 1 (4 to 0), then Active Source "
                f"1.0.0.0 to all (4 to 15)",
                ivo is not None and act is not None and ivo["to"] == 0 and act["to"] == 15
                and act["operands"].get("phys-addr") == "1.0.0.0" and ivo["line"] < act["line"],
                f"from the kiosk: {names(ms)}; active source {act and act['operands']}")
    tail = "\n".join(flog.splitlines()[since:])
    suite.check(f"{label}: the TV left standby and took 1.0.0.0 as its active source",
                ">>> Changing state to on" in tail and ">>> New active source: 1.0.0.0" in tail,
                " | ".join(l for l in tail.splitlines() if l.startswith(">>>")))
    rc, runlog = g.sh(f"cat {log}")
    suite.check(f"{label}: --cec auto chose /dev/cec1, claimed Playback 1 (4) at 1.0.0.0 and said so",
                "/dev/cec1: the CEC adapter for the display (the only CEC adapter on a source's side)" in runlog
                and 'Playback 1 (4) at 1.0.0.0 as "QuizKiosk"' in runlog,
                " | ".join(l for l in runlog.splitlines() if "cec" in l)[-500:])
    stop(suite, g, label, log)
    # The follower logs a message as it arrives; a Standby on exit would come before EXIT.
    flog = follower_lines(g)
    suite.check(f"{label}: no Standby without --cec-standby (start to exit)",
                "STANDBY" not in names(kiosk_messages(flog, since)), f"{names(kiosk_messages(flog, since))}")
    return secs


def hotplug(suite, g, name, vnc):
    """The TV unplugged and back: `run` releases the display, sets the new one up, and its first
    frame there is announced again (Image View On and Active Source a second time)."""
    label = f"{name}-hotplug"
    log = "/tmp/cec-hotplug.log"
    since = len(follower_lines(g).splitlines())
    start(g, "", QUESTION, log)
    g.wait_log(log, r"sent Image View On|^EXIT", 30)
    # QEMU ignores a first 0x0 for a head it never sized: size it, then unplug, then a new TV.
    vnc_set_desktop_size(vnc, 1920, 1080)
    time.sleep(0.5)   # QEMU applies one request before the next; the unplug below is confirmed by run's log
    vnc_set_desktop_size(vnc, 0, 0)
    out = g.wait_log(log, r"releasing CRTC|^EXIT", 30)
    before = names(kiosk_messages(follower_lines(g), since))
    vnc_set_desktop_size(vnc, 1280, 720)
    out = g.wait_log(log, r"(?s)on screen: 1280x720.*sent Image View On|^EXIT", 30)
    flog = wait_follower(g, lambda l: names(kiosk_messages(l, since)).count("ACTIVE_SOURCE") >= 2, 10)
    after = names(kiosk_messages(flog, since))
    suite.check(f"{label}: unplugged, then a 1280x720 TV: its first frame announces again (Image View On, Active Source 1.0.0.0)",
                before.count("IMAGE_VIEW_ON") == 1 and after.count("IMAGE_VIEW_ON") == 2 and after.count("ACTIVE_SOURCE") == 2
                and "EXIT" not in out,
                f"before the unplug {before}; after the new TV {after}; " + " | ".join(l for l in out.splitlines() if "on screen" in l or "releasing" in l))
    stop(suite, g, label, log)


def doctor(suite, g, name):
    rc, out = g.sh("quizkiosk doctor --config /dev/null 2>&1", timeout=60)
    lines = [l for l in out.splitlines() if "CEC" in l or "TV:" in l]
    suite.check(f"{name}: doctor shows the adapter, its physical address, the TV's power status and vendor",
                rc == 0 and any(l.startswith("PASS  CEC adapter: /dev/cec1 (vivid-000-vid-out0), physical address 1.0.0.0") for l in lines)
                # The emulated TV reports its old state for a moment after a change: any status.
                and any(re.match(r"PASS  TV: power (on|standby|in transition from \w+ to \w+), vendor Samsung \(00-00-F0\)", l) for l in lines),
                " | ".join(lines))


def standby_when_ended(suite, g, name):
    label = f"{name}-standby-ended"
    log = "/tmp/cec-ended.log"
    since = len(follower_lines(g).splitlines())
    start(g, "--cec-standby --cec-standby-after 3", ENDED, log)
    out = g.wait_log(log, r"sent Standby|^EXIT", 30)
    flog = wait_follower(g, lambda l: "STANDBY" in names(kiosk_messages(l, since)), 10)
    ms = kiosk_messages(flog, since)
    act = next((m for m in ms if m["name"] == "ACTIVE_SOURCE"), None)
    stb = next((m for m in ms if m["name"] == "STANDBY"), None)
    gap = stb["rx"] - act["rx"] if act and stb and act["rx"] is not None and stb["rx"] is not None else None
    # The wait starts at the ended screen's first frame, the announcement right after it; the
    # emulated bus takes ~0.1 s for Active Source, ~0.05 s for Standby.
    suite.check(f"{label}: Standby to the TV (4 to 0) 3 s after the announcement, by the follower's timestamps",
                stb is not None and stb["to"] == 0 and gap is not None and 2.5 <= gap <= 5.0
                and "the ended screen has shown for 3 s: sent Standby to the TV (--cec-standby)" in out,
                f"from the kiosk: {names(ms)}; gap {gap if gap is None else round(gap, 3)} s")
    tail = "\n".join(flog.splitlines()[since:])
    suite.check(f"{label}: the TV went to standby", ">>> Changing state to standby" in tail,
                " | ".join(l for l in tail.splitlines() if l.startswith(">>>")))
    stop(suite, g, label, log)
    flog = follower_lines(g)
    suite.check(f"{label}: one Standby: none again on exit", names(kiosk_messages(flog, since)).count("STANDBY") == 1,
                f"{names(kiosk_messages(flog, since))}")


def standby_on_exit(suite, g, name):
    label = f"{name}-standby-exit"
    log = "/tmp/cec-exit.log"
    since = len(follower_lines(g).splitlines())
    start(g, "--cec-standby", QUESTION, log)
    g.wait_log(log, r"sent Image View On|^EXIT", 30)
    before = names(kiosk_messages(follower_lines(g), since))
    out = stop(suite, g, label, log)
    flog = wait_follower(g, lambda l: "STANDBY" in names(kiosk_messages(l, since)), 10)
    after = names(kiosk_messages(flog, since))
    suite.check(f"{label}: --cec-standby on a question: no Standby while it runs, Standby on SIGTERM",
                "STANDBY" not in before and after.count("STANDBY") == 1 and after[-1] == "STANDBY"
                and "on exit: sent Standby to the TV (--cec-standby): acknowledged" in out,
                f"before exit {before}, after {after}")


def cec_off(suite, g, name, wait):
    """--cec off sends nothing: with the adapter's addresses cleared before, the kiosk shows its
    screen for `wait` seconds (three times what scenario 2's announcement took) with no logical
    address claimed; then, as a control that the bus and the follower were listening all along,
    cec-ctl claims a Playback address on the same adapter and sends Image View On: the
    follower's log must show that and nothing from the kiosk before it."""
    label = f"{name}-off"
    log = "/tmp/cec-off.log"
    g.sh("cec-ctl -d /dev/cec1 --clear >/dev/null")
    since = len(follower_lines(g).splitlines())
    start(g, "--cec off", QUESTION, log)
    time.sleep(wait)   # the window an announcement would have needed, three times over
    rc, la = g.sh("cec-ctl -d /dev/cec1 | grep 'Logical Address Mask'")
    control = len(follower_lines(g).splitlines())
    g.sh("cec-ctl -d /dev/cec1 --playback --cec-version-1.4 --osd-name control >/dev/null && cec-ctl -d /dev/cec1 -t 0 --image-view-on >/dev/null")
    flog = wait_follower(g, lambda l: "IMAGE_VIEW_ON" in names(kiosk_messages(l, since)), 10)
    stop(suite, g, label, log)
    g.sh("cec-ctl -d /dev/cec1 --clear >/dev/null")
    rc, runlog = g.sh(f"cat {log}")
    before = names([m for m in kiosk_messages(flog, since) if m["line"] < control])
    after = names(kiosk_messages(flog, control))
    suite.check(f"{label}: --cec off: {wait:.1f} s on screen with no logical address claimed, nothing on the bus and no CEC "
                f"line; then the control's Image View On arrives",
                la.strip().endswith("0x0000") and before == [] and "IMAGE_VIEW_ON" in after and "ACTIVE_SOURCE" not in after
                and "/dev/cec" not in runlog,
                f"{la.strip()} while running; from logical address 4 before the control: {before}, after: {after}")
