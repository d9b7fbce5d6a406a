"""Sound in step with the picture on a real kernel sound driver (issue 25): the guest has an
Intel HDA controller whose codec QEMU writes to a WAV file on the host (`-audiodev wav`), and
virtio-gpu at 1920x1080. The guest's `run` shows a question whose deadline is set from the
guest's own clock, then its reveal; the WAV, read after QEMU has quit, must hold exactly five
ticks 1.000 s ± 15 ms apart, the time's-up sound 1.000 s ± 15 ms after the last tick, then the
reveal's sound, and nothing before the first tick (time was plenty). The guest's mixer starts
muted (a fresh HDA codec): `run` must unmute it once and say so. The control: a second
countdown with `--sound off` in the same guest adds nothing to the WAV (still five ticks).

Each sound's onset is the first sample above THRESHOLD after 50 ms of quiet; the same detector
on `render --audio` of the same states on the host gives each sound's own onset (a 10 ms
attack crosses later than a 1 ms one), which the 1 s between the last tick and time's up is
corrected by."""
import array, json, os, re, struct, subprocess, time
from qemu import Guest, GuestError

THRESHOLD = 600          # of 32767: the sounds peak at ~16,500 at volume 80
QUIET = 0.05             # seconds below the threshold that end a sound
TOLERANCE = 0.015
DEVICE_FLAGS = os.environ.get("QK_SOUND_FLAGS", "")


def read_wav(path):
    """(rate, left channel) of a 16-bit PCM WAV; a data size QEMU did not fix is read to the end."""
    b = open(path, "rb").read()
    if b[:4] != b"RIFF" or b[8:12] != b"WAVE":
        raise GuestError(f"{path}: not a WAV file ({len(b)} bytes)")
    o, fmt = 12, None
    while o + 8 <= len(b):
        cid, size = b[o:o + 4], struct.unpack("<I", b[o + 4:o + 8])[0]
        if cid == b"fmt ":
            tag, channels, rate = struct.unpack("<HHI", b[o + 8:o + 16])
            bits = struct.unpack("<H", b[o + 22:o + 24])[0]
            fmt = (channels, rate, bits)
        elif cid == b"data":
            channels, rate, bits = fmt
            if bits != 16:
                raise GuestError(f"{path}: {bits}-bit samples")
            end = len(b) if size == 0 or o + 8 + size > len(b) else o + 8 + size
            data = b[o + 8:end]
            data = data[:len(data) - len(data) % (2 * channels)]
            s = array.array("h")
            s.frombytes(data)
            return rate, s[::channels]
        o += 8 + size + (size & 1)
    raise GuestError(f"{path}: no data chunk")


def bursts(rate, s):
    """[(onset s, length s, peak)] of each sound: above THRESHOLD, ended by QUIET seconds below."""
    out, start, last, peak = [], None, None, 0
    gap = int(QUIET * rate)
    for i, v in enumerate(s):
        if v > THRESHOLD or v < -THRESHOLD:
            if start is None:
                start, peak = i, 0
            last = i
            peak = max(peak, abs(v))
        elif start is not None and i - last > gap:
            out.append((start / rate, (last - start) / rate, peak))
            start = None
    if start is not None:
        out.append((start / rate, (last - start) / rate, peak))
    return out


def kind(length):
    return "tick" if length < 0.12 else "times-up" if length < 0.62 else "reveal"


def state(ends_at, phase="question"):
    q = {"number": 1, "total": 5, "text": "Which planet has the most known moons?",
         "choices": ["Saturn", "Jupiter", "Uranus", "Neptune"], "timeLimit": 20,
         "endsAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ends_at))}
    if phase == "reveal":
        q.pop("endsAt")
        q.update(correct=0, answerCounts=[3, 1, 0, 1])
    return {"schema": 1, "quizId": "vm-sound", "revision": 1 if phase == "question" else 2,
            "title": "QuizKiosk VM sound", "phase": phase, "question": q}


def put_state(g, path, doc):
    g.sh(f"printf '%s' '{json.dumps(doc)}' > {path}.new && mv {path}.new {path}", check=True)


def guest_now(g):
    rc, out = g.sh("date +%s", check=True)
    return int(out.strip().splitlines()[-1])


def countdown(g, flags, log, lead):
    """A question ending `lead` s from now, the reveal 2 s after its deadline; returns the log."""
    ends = guest_now(g) + lead
    put_state(g, "/tmp/sound.json", state(ends))
    g.spawn(f"QUIZKIOSK_SOUND_TRACE=1 quizkiosk run --state /tmp/sound.json {flags}", log)
    g.wait_log(log, r"on screen|^EXIT", 60)
    while guest_now(g) < ends + 2:
        time.sleep(0.2)
    put_state(g, "/tmp/sound.json", state(ends, "reveal"))
    time.sleep(3)
    g.sh("kill -TERM $(pidof quizkiosk); for i in $(seq 100); do pidof quizkiosk >/dev/null || break; sleep 0.1; done")
    rc, out = g.sh(f"cat {log}")
    return out


def expected_onsets(suite, name):
    """The same countdown into a reveal rendered on the host: each sound's onset as the
    detector sees it, relative to the instant it is scheduled for."""
    q = os.path.join(suite.a.out, f"{name}-question.json")
    r = os.path.join(suite.a.out, f"{name}-reveal.json")
    with open(q, "w") as f:
        json.dump(state(1_800_000_010), f)
    with open(r, "w") as f:
        json.dump(state(1_800_000_010, "reveal"), f)
    wav = os.path.join(suite.a.out, f"{name}-host.wav")
    subprocess.run([suite.a.binary, "render", "--audio", wav, "--state", r, "--from", q, "--at", "12",
                    "--now", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1_800_000_000))], check=True, capture_output=True)
    found = bursts(*read_wav(wav))
    scheduled = [5, 6, 7, 8, 9, 10, 12]
    if len(found) != len(scheduled):
        raise GuestError(f"render --audio gave {len(found)} sounds, not 7: {found}")
    return {kind(length): onset - at for (onset, length, _), at in zip(found, scheduled)}


def run(suite):
    name = "sound"
    wav = os.path.join(os.path.abspath(suite.a.out), f"{name}.wav")
    if os.path.exists(wav):
        os.unlink(wav)
    g = suite.boot(name, ["-device", "virtio-gpu-pci,xres=1920,yres=1080",
                          "-device", "ich9-intel-hda", "-device", "hda-output,audiodev=snd0",
                          "-audiodev", f"wav,id=snd0,path={wav}"],
                   ["virtio_pci", "virtio-gpu", "snd-hda-codec-generic", "snd-hda-intel"])
    if g is None:
        return
    try:
        own = expected_onsets(suite, name)
        rc, cards = g.sh("cat /proc/asound/cards")
        suite.check(f"{name}: the guest has an HDA sound card", "HDA" in cards, cards.strip()[:200])
        log = countdown(g, DEVICE_FLAGS, "/tmp/sound-on.log", 20)
        with open(os.path.join(suite.a.out, f"{name}-on.run.log"), "w") as f:
            f.write(log)
        opened = re.search(r"sound: \S+ open \(([^)]*)\)", log)
        suite.check(f"{name}: run opens the default PCM", opened and "EXIT" not in log.split("signal")[0],
                    opened.group(0) if opened else log[-600:])
        suite.check(f"{name}: the muted guest mixer is unmuted once and said",
                    len(re.findall(r"mixer 'Master' on default was muted", log)) == 1,
                    "; ".join(l for l in log.splitlines() if "mixer" in l)[:300])
        xruns = re.findall(r"sound: (\d+) underruns?", log)
        suite.timings[f"{name}.xruns_logged"] = int(xruns[-1]) if xruns else 0
        off = countdown(g, "--sound off", "/tmp/sound-off.log", 8)
        suite.check(f"{name}: --sound off says so and opens no PCM", "sound: off" in off and "sound: default open" not in off,
                    off[-300:])
    except GuestError as e:
        suite.check(f"{name}: guest", False, str(e)[-800:])
        g.shutdown()
        return
    g.shutdown()   # QEMU closes the WAV

    rate, samples = read_wav(wav)
    found = bursts(rate, samples)
    kinds = [kind(length) for _, length, _ in found]
    print(f"{name}: {len(samples) / rate:.2f} s of audio, sounds: " +
          ", ".join(f"{k} at {t:.4f} s ({l * 1000:.0f} ms, peak {p})" for (t, l, p), k in zip(found, kinds)), flush=True)
    suite.check(f"{name}: the WAV holds five ticks, then time's up, then the reveal (and nothing from --sound off)",
                kinds == ["tick"] * 5 + ["times-up", "reveal"], f"{kinds}")
    if kinds != ["tick"] * 5 + ["times-up", "reveal"]:
        return
    ticks = [t for (t, _, _), k in zip(found, kinds) if k == "tick"]
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    suite.timings[f"{name}.tick_gaps_ms"] = [round(x * 1000, 2) for x in gaps]
    suite.check(f"{name}: the ticks are 1.000 s ± {TOLERANCE * 1000:.0f} ms apart",
                all(abs(x - 1) <= TOLERANCE for x in gaps), " ".join(f"{x * 1000:.2f}" for x in gaps) + " ms")
    up = found[5][0] - (own["times-up"] - own["tick"])
    suite.timings[f"{name}.times_up_after_last_tick_ms"] = round((up - ticks[-1]) * 1000, 2)
    suite.check(f"{name}: time's up 1.000 s ± {TOLERANCE * 1000:.0f} ms after the last tick", abs(up - ticks[-1] - 1) <= TOLERANCE,
                f"{(up - ticks[-1]) * 1000:.2f} ms (its onset corrected by {(own['times-up'] - own['tick']) * 1000:.2f} ms)")
    reveal_after = found[6][0] - found[5][0]
    suite.timings[f"{name}.reveal_after_times_up_s"] = round(reveal_after, 3)
    suite.check(f"{name}: the reveal's sound follows, after the reveal was written (~2 s after the deadline)",
                1.5 < reveal_after < 4, f"{reveal_after:.3f} s after time's up")
    suite.check(f"{name}: silence while time was plenty (from the PCM's start to the first tick)",
                ticks[0] >= 3, f"first sound {ticks[0]:.2f} s into the stream")
