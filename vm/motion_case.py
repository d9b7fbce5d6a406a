"""Motion on a real DRM driver (issue 17), virtio-gpu at 1920x1080: during a countdown,
screendumps taken 0.2 s apart all differ (the ring moves between vblanks, not once a second);
the flip rate the guest achieved is printed (the run's own "motion: N frames in S s" line);
once the countdown has ended and its motion settled, the screen equals `render` of that state
pixel for pixel. The control, that the first check can fail: with `--motion off` the countdown
ticks once a second, so of shots 0.2 s apart some pairs are equal.

The state's deadline is set from the guest's own clock (the wall clock the countdown reads),
so no `--now`: a frozen clock would freeze the countdown too."""
import json, os, re, subprocess, time
from qemu import Guest, GuestError
from images import read_ppm, read_png, difference

SHOTS = 6          # 1 s of shots: within one displayed second at least one pair of them
GAP = 0.2


def state(ends_at):
    return {"schema": 1, "quizId": "vm-motion", "revision": 1, "title": "QuizKiosk VM motion", "phase": "question",
            "question": {"number": 1, "total": 5, "text": "Which planet has the most known moons?",
                         "choices": ["Saturn", "Jupiter", "Uranus", "Neptune"], "timeLimit": 20,
                         "endsAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ends_at))}}


def shots(suite, g, label):
    """SHOTS screendumps GAP seconds apart (after each dump is written); how many consecutive
    pairs differ, and the mean gap measured."""
    images, times = [], []
    for i in range(SHOTS):
        times.append(time.monotonic())
        images.append(read_ppm(g.screendump(os.path.join(suite.a.out, f"{label}-{i}.ppm"))))
        time.sleep(GAP)
    differing = sum(1 for a, b in zip(images, images[1:]) if difference(a, b) is not None)
    gaps = [b - a for a, b in zip(times, times[1:])]
    return differing, sum(gaps) / len(gaps)


def put_state(g, path, doc):
    g.sh(f"printf '%s' '{json.dumps(doc)}' > {path}", check=True)


def run(suite):
    name = "motion"
    g = suite.boot(name, ["-device", "virtio-gpu-pci,xres=1920,yres=1080"], ["virtio_pci", "virtio-gpu"])
    if g is None:
        return
    try:
        rc, out = g.sh("date +%s", check=True)
        guest_now = int(out.strip().splitlines()[-1])
        # Long enough for start-up and a second of shots inside the countdown.
        ends = guest_now + 12
        doc = state(ends)
        put_state(g, "/tmp/countdown.json", doc)
        host_state = os.path.join(suite.a.out, f"{name}-state.json")
        with open(host_state, "w") as f:
            json.dump(doc, f)
        settled_ref = os.path.join(suite.a.out, f"{name}-settled-ref.png")
        # Five seconds past the deadline: time's up, nothing moving.
        subprocess.run([suite.a.binary, "render", "--state", host_state, "--size", "1920x1080",
                        "--now", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ends + 5)), "--out", settled_ref],
                       check=True, capture_output=True)

        g.spawn("quizkiosk run --state /tmp/countdown.json", "/tmp/motion.log")
        out = g.wait_log("/tmp/motion.log", r"on screen|^EXIT", 60)
        rc, now = g.sh("date +%s")
        left = ends - int(now.strip().splitlines()[-1])
        differing, gap = shots(suite, g, f"{name}-on")
        suite.timings[f"{name}.shot_gap_s"] = round(gap, 2)
        suite.check(f"{name}: during the countdown ({left} s left) every two screendumps ~{GAP} s apart differ",
                    differing == SHOTS - 1 and left > 2 and "EXIT" not in out,
                    f"{differing} of {SHOTS - 1} pairs differ, mean gap {gap:.2f} s")

        ok, secs, diff = suite.wait_screen(g, f"{name}-settled", read_png(settled_ref), timeout=left + 20)
        rc, log = g.sh("cat /tmp/motion.log")
        runs = re.findall(r"motion: (\d+) frames in ([\d.]+) s \(([\d.]+) a second\), (\d+) missed vblanks", log)
        if runs:
            # The longest run of motion: the countdown's.
            frames, seconds, rate, missed = max(runs, key=lambda r: int(r[0]))
            suite.timings[f"{name}.guest_flips_per_s"] = float(rate)
            suite.timings[f"{name}.guest_missed_vblanks"] = int(missed)
            print(f"{name}: the guest drew {frames} frames in {seconds} s ({rate} a second), {missed} missed vblanks", flush=True)
        suite.check(f"{name}: after the countdown ended the screen equals `render` of the settled frame pixel for pixel",
                    ok, diff or f"matched {secs:.1f} s after the shots")
        with open(os.path.join(suite.a.out, f"{name}.run.log"), "w") as f:
            f.write(log)
        g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")

        # The control: motion off, a countdown ticking once a second.
        rc, out = g.sh("date +%s", check=True)
        put_state(g, "/tmp/still.json", state(int(out.strip().splitlines()[-1]) + 30))
        g.spawn("quizkiosk run --motion off --state /tmp/still.json", "/tmp/still.log")
        out = g.wait_log("/tmp/still.log", r"on screen|^EXIT", 60)
        differing, gap = shots(suite, g, f"{name}-off")
        suite.check(f"{name}: control: with --motion off some screendumps ~{GAP} s apart are equal (once a second)",
                    differing < SHOTS - 1 and "EXIT" not in out, f"{differing} of {SHOTS - 1} pairs differ, mean gap {gap:.2f} s")
        g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
    except GuestError as e:
        suite.check(f"{name}: guest", False, str(e)[-800:])
    finally:
        g.shutdown()
