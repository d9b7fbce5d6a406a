"""The hotplug sequence (issue 5) on virtio-gpu with two heads, each with its own VNC socket:
a VNC SetDesktopSize on a head's socket makes QEMU change that head and the guest kernel emit
a real DRM hotplug uevent (0x0 = unplugged). With `quizkiosk run --outputs all` running,
after each step the screendump of every connected head must equal the host's render at that
head's size, and `displays --watch` must have printed the event."""
import os, re, statistics, tempfile, time
from qemu import Guest, GuestError, vnc_set_desktop_size

STEPS = [  # (socket, width, height, {head: expected size} after the step)
    ("vnc0", 1920, 1080, {0: (1920, 1080)}),
    ("vnc0", 0, 0, {}),
    ("vnc0", 1280, 720, {0: (1280, 720)}),
    ("vnc0", 3840, 2160, {0: (3840, 2160)}),
    ("vnc1", 1920, 1080, {0: (3840, 2160), 1: (1920, 1080)}),
    ("vnc0", 0, 0, {1: (1920, 1080)}),
]


def run(suite, state, now):
    name = "hotplug"
    sockdir = suite.a.out if len(suite.a.out) < 70 else tempfile.mkdtemp(prefix="qk-vnc-")
    socks = {k: os.path.join(sockdir, f"{name}.{k}") for k in ("vnc0", "vnc1")}
    for p in socks.values():
        if os.path.exists(p):
            os.unlink(p)
    devices = ["-device", "virtio-gpu-pci,id=gpu0,max_outputs=2",
               "-vnc", f"unix:{socks['vnc0']},id=vnc0,display=gpu0,head=0",
               "-vnc", f"unix:{socks['vnc1']},id=vnc1,display=gpu0,head=1"]
    g = Guest(name, suite.a.kernel, suite.a.initrd, devices, suite.a.out, modprobe=["virtio_pci", "virtio-gpu"], memory=768)
    latencies = []
    try:
        suite.timings[f"{name}.boot_s"] = round(g.boot(), 2)
        for size in {s for _, _, _, heads in STEPS for s in heads.values()}:
            suite.reference(*size)          # render before timing anything
        g.spawn("quizkiosk displays --watch", "/tmp/watch.log")
        g.wait_log("/tmp/watch.log", r"Virtual-2", 30)
        g.spawn(f"quizkiosk run --outputs all --state {state} --now {now}", "/tmp/run.log")
        g.wait_log("/tmp/run.log", r"on screen|^EXIT", 60)
        events_seen = 0
        for i, (sock, w, h, heads) in enumerate(STEPS, 1):
            label = f"{name}-step{i}-{sock}-{w}x{h}"
            t0 = time.monotonic()
            vnc_set_desktop_size(socks[sock], w, h)
            matched = {}
            for head, (hw, hh) in sorted(heads.items()):
                ok, secs, diff = suite.wait_screen(g, f"{label}-head{head}", suite.reference(hw, hh), timeout=30, head=head)
                matched[head] = (ok, time.monotonic() - t0, diff)
            conn = "Virtual-1" if sock == "vnc0" else "Virtual-2"
            want = "disconnected" if w == 0 else "connected"
            # The watcher's eyes: a new kernel uevent, and after it the connector as it should be.
            watch_ok, deadline = False, time.monotonic() + 15
            while not watch_ok and time.monotonic() < deadline:
                rc, out = g.sh("cat /tmp/watch.log")
                lines = out.splitlines()
                uevents = [k for k, l in enumerate(lines) if l.startswith("uevent ")]
                states = [k for k, l in enumerate(lines) if l.startswith("event ")]
                if len(uevents) > events_seen and states and states[-1] > uevents[events_seen]:
                    block = lines[states[-1] + 1:]
                    watch_ok = any(l.startswith(f"card0 {conn} {want}") for l in block)
                if not watch_ok:
                    time.sleep(0.2)
            events_seen = len(uevents)
            if not watch_ok:
                rc, why = g.sh("for p in $(pidof quizkiosk); do grep -q watch /proc/$p/cmdline || continue; echo pid $p; cat /proc/$p/wchan; echo; cat /proc/$p/stack; grep -E 'State|SigQ' /proc/$p/status; ls -l /proc/$p/fd; cat /proc/net/netlink | head -20; done")
                print("WATCH DEBUG", why, flush=True)
            rc, runlog = g.sh("cat /tmp/run.log")
            alive = "EXIT" not in runlog
            detail = "; ".join(f"head{k} {heads[k][0]}x{heads[k][1]} " + (f"matched in {t:.2f}s" if ok else f"MISMATCH {diff}")
                               for k, (ok, t, diff) in matched.items()) or "no connected head"
            suite.check(f"{label}: every connected head shows the current state at its size, `displays --watch` saw "
                        f"{conn} {want}, run keeps running",
                        all(ok for ok, _, _ in matched.values()) and watch_ok and alive, detail)
            if w != 0:
                latencies.append(matched[0 if sock == "vnc0" else 1][1])
            if not alive:
                break
        rc, runlog = g.sh("cat /tmp/run.log")
        with open(os.path.join(suite.a.out, f"{name}.run.log"), "w") as f:
            f.write(runlog)
        rc, dmesg = g.sh("dmesg")
        with open(os.path.join(suite.a.out, f"{name}.dmesg.log"), "w") as f:
            f.write(dmesg)
        rc, watchlog = g.sh("cat /tmp/watch.log")
        with open(os.path.join(suite.a.out, f"{name}.watch.log"), "w") as f:
            f.write(watchlog)
        # A line is about a display when it speaks of one; those must name the connector (or
        # the card, for card-wide events). Lines about the clock or the sources are not.
        words = ("display", "connector", "crtc", "mode", "hotplug", "on screen", "flip", "master", "edid", "output")
        lines = [l for l in runlog.splitlines() if l.startswith("<") and any(w in l.lower() for w in words)
                 and "Virtual" not in l and "card0" not in l]
        suite.check(f"{name}: every run log line about a display names its connector", not lines, "; ".join(lines[:3]))
        g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
        out = g.wait_log("/tmp/run.log", r"^EXIT", 20)
        suite.check(f"{name}: run exits 0 on SIGTERM after the sequence", "EXIT 0" in out, out.strip().splitlines()[-1])
        fallback(suite, g, name, socks, state, now)
        if latencies:
            suite.timings[f"{name}.request_to_frame_median_s"] = round(statistics.median(latencies), 2)
            suite.timings[f"{name}.request_to_frame_max_s"] = round(max(latencies), 2)
            suite.timings[f"{name}.request_to_frame_all_s"] = [round(t, 2) for t in latencies]
    except GuestError as e:
        suite.check(f"{name}: guest", False, str(e)[-800:])
    finally:
        g.shutdown()


def fallback(suite, g, name, socks, state, now):
    """Without uevents (QUIZKIOSK_NO_UEVENTS=1 stands in for a socket that cannot be opened) the
    displays are re-probed every 3 s: a display plugged in still comes alive, and the log says
    so once. Head 1 is at 1920x1080 and head 0 unplugged when this starts."""
    g.spawn(f"QUIZKIOSK_NO_UEVENTS=1 quizkiosk run --outputs all --state {state} --now {now}", "/tmp/fallback.log")
    g.wait_log("/tmp/fallback.log", r"on screen|^EXIT", 60)
    t0 = time.monotonic()
    vnc_set_desktop_size(socks["vnc0"], 1280, 720)
    ok, secs, diff = suite.wait_screen(g, f"{name}-fallback-head0", suite.reference(1280, 720), timeout=12, head=0)
    took = time.monotonic() - t0
    rc, log = g.sh("cat /tmp/fallback.log")
    said = log.count("re-probing the displays every 3 s")
    suite.check(f"{name}: without uevents a plugged display comes alive by re-probing (said once in the log)",
                ok and said == 1, (f"head0 1280x720 matched in {took:.2f}s" if ok else f"MISMATCH {diff}") + f"; fallback line x{said}")
    suite.timings[f"{name}.fallback_request_to_frame_s"] = round(took, 2)
    g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
