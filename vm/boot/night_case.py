"""The boot test's `night` case (issue 24, "one box for the night"): the package installed with
mosquitto (its Recommends) in the clean Debian 12 image, the shipped settings with `host = …`
set and a quiz in place, booted with systemd as PID 1. Checked:

- at boot mosquitto, quizkiosk.service and quizkiosk-host.service are active; the host's join
  URL carries the box's own address (DHCP on QEMU's user network);
- the broker through the forwarded port, from this machine (the venue's LAN): anyone reads the
  room; neither an anonymous client nor the screen's user stores a state, the host's user does;
  the package's secrets under /etc/quizkiosk are not world-readable;
- the lobby on the TV equals `render` of the room's retained state, and its QR code (zbarimg on
  the screendump) opens the box's own address;
- a phone (vm/boot/phone.py, python3-websockets) joins through the forwarded players' port; the
  host is driven through its FIFO (`echo next > /run/quizkiosk-host.fifo`) and its console
  (WebSocket action, the secret from the journal); the TV shows "1 / 1 answered" (the frame
  equals `render` of the retained state outside the countdown's boxes, which move, and the
  answered text's box differs from a render of "0 / 1": the check can fail), then the reveal
  with that answer counted (pixel-equal);
- `kill -9` of the host unit's main process: systemd restarts it, the same run resumes (same
  quizId), the phone resumes with its token (same player), the TV is back on the reveal, the
  FIFO drives the restarted host to the next question and the phone gets it;
- `quizkiosk doctor` in the guest: the host unit's quiz, mosquitto running, the broker config;
- sound with no setup by hand (issue 25): QEMU's Intel HDA with its analog codec writing a WAV
  on this machine; the service (User=quizkiosk, SupplementaryGroups=audio, DeviceAllow=
  char-alsa) opens the `default` PCM at boot (no ELD on an analog codec: the fallback), unmutes
  the fresh codec's mixer once and says so, and the reveal is heard: the WAV, read once QEMU
  has quit, holds the reveal's sound after silence.
"""
import datetime, json, os, queue, re, socket, subprocess, sys, threading, time
from qemu import GuestError
from images import read_ppm, read_png, write_png, difference

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, ".."))
from sound_case import read_wav, bursts, kind, THRESHOLD
ROOM = "quiz"
CODE = "4821"
CHOICE = 1
QUIZ = {
    "title": "Boot Night", "joinCode": CODE, "timeLimit": 600,
    "questions": [
        {"text": "Which planet has the rings you can see with a small telescope?", "choices": ["Mars", "Saturn", "Venus"], "correct": 1},
        # Short, so that its countdown runs out in the night: five ticks and time's up heard.
        {"text": "How many moons has Mars?", "choices": ["None", "One", "Two"], "correct": 2, "timeLimit": 20},
    ],
}
FIFO = "/run/quizkiosk-host.fifo"
# The guest's network: systemd-networkd with DHCP on QEMU's user network, and network-online
# waiting for it (the host unit reads the box's address for the QR code once, at start). The
# image masks wait-online for the other cases (no network there); a regular file replaces the
# mask (the kernel's cpio unpacker cannot replace a symlink by a symlink).
NETWORK = {
    "etc/systemd/network/10-boot-test.network": "[Match]\nName=en* eth*\n\n[Network]\nDHCP=ipv4\n",
    "etc/systemd/system/multi-user.target.d/networkd.conf": "[Unit]\nWants=systemd-networkd.service\n",
    "etc/systemd/system/systemd-networkd-wait-online.service":
        "[Unit]\nDescription=Wait for the network (boot test)\nDefaultDependencies=no\nRequires=systemd-networkd.service\n"
        "After=systemd-networkd.service\nBefore=network-online.target shutdown.target\nConflicts=shutdown.target\n"
        "[Service]\nType=oneshot\nRemainAfterExit=yes\nExecStart=/lib/systemd/systemd-networkd-wait-online --any --timeout=60\n",
    "etc/systemd/system/network-online.target.d/wait.conf":
        "[Unit]\nWants=systemd-networkd-wait-online.service\nAfter=systemd-networkd-wait-online.service\n",
}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Lines:
    """A child process's stdout lines (`name\\tJSON`, phones.py's format), read on a thread."""

    def __init__(self, cmd, log):
        self.log = open(log, "w")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, text=True, bufsize=1)
        self.q = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.log.write(line)
            self.log.flush()
            name, _, value = line.rstrip("\n").partition("\t")
            self.q.put((name, json.loads(value) if value else None, time.monotonic()))
        self.q.put((None, None, time.monotonic()))

    def wait(self, name, timeout):
        """The next line called `name` (others are kept in `seen`): (value, host monotonic)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                got, value, t = self.q.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise GuestError(f"phone: no '{name}' within {timeout}s (seen: {self.seen[-6:]})")
            if got is None:
                raise GuestError(f"phone: ended (exit {self.proc.wait()}) before '{name}' (seen: {self.seen[-6:]})")
            self.seen.append((got, value))
            if got == name:
                return value, t

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def padded(box, pad=3):
    x, y, w, h = box
    return (x - pad, y - pad, w + 2 * pad, h + 2 * pad)


def differs_outside(img, ref, boxes):
    """None when `img` equals `ref` everywhere outside `boxes` (x, y, w, h); else what differs."""
    if img[:2] != ref[:2]:
        return f"size {img[0]}x{img[1]} != {ref[0]}x{ref[1]}"
    w, h = img[0], img[1]
    a, b = img[2], ref[2]
    count, first = 0, None
    for y in range(h):
        spans, x = [], 0
        for bx, by, bw, bh in sorted(bb for bb in boxes if bb[1] <= y < bb[1] + bb[3]):
            if bx > x:
                spans.append((x, bx))
            x = max(x, bx + bw)
        if x < w:
            spans.append((x, w))
        for x0, x1 in spans:
            x0, x1 = max(0, x0), min(w, x1)
            s, e = (y * w + x0) * 3, (y * w + x1) * 3
            if a[s:e] != b[s:e]:
                for px in range(x0, x1):
                    i = (y * w + px) * 3
                    if a[i:i + 3] != b[i:i + 3]:
                        count += 1
                        first = first or (px, y)
    return None if count == 0 else f"{count} pixels differ outside the countdown, first at {first}"


def region(img, box):
    w = img[0]
    x, y, bw, bh = box
    return b"".join(img[2][((y + r) * w + x) * 3:((y + r) * w + x + bw) * 3] for r in range(bh))


def run(suite, devices):
    a = suite.a
    name = "boot-night"
    out = a.out
    players, broker = free_port(), free_port()
    nic = ["-nic", f"user,model=virtio-net-pci,hostfwd=tcp:127.0.0.1:{players}-:8080,hostfwd=tcp:127.0.0.1:{broker}-:1883"]
    shipped = open(os.path.join(ROOT, "packaging", "quizkiosk.conf")).read()
    settings = shipped.replace("# host = /etc/quizkiosk/quiz.json", "host = /etc/quizkiosk/quiz.json")
    if settings == shipped:
        suite.check(f"{name}: the shipped settings have the `# host = /etc/quizkiosk/quiz.json` line to uncomment", False)
        return
    files = {"etc/quizkiosk/quizkiosk.conf": settings, "etc/quizkiosk/quiz.json": json.dumps(QUIZ, indent=1), **NETWORK}
    wav = os.path.join(os.path.abspath(out), f"{name}.wav")
    if os.path.exists(wav):
        os.unlink(wav)
    hda = ["-device", "ich9-intel-hda", "-device", "hda-output,audiodev=snd0", "-audiodev", f"wav,id=snd0,path={wav}"]
    g = suite.guest(name, devices + nic + hda, files)
    if g is None:
        return
    phone = None
    t = suite.timings
    try:
        # -- boot: the three units ---------------------------------------------------------
        listening = suite.wait_journal_of(g, "quizkiosk-host", r"players: listening", timeout=180)
        rc, active = g.sh("systemctl is-active mosquitto quizkiosk quizkiosk-host quizkiosk-host.socket; "
                          "systemctl is-enabled quizkiosk quizkiosk-host")
        lines = suite.journal(g, "quizkiosk-host")
        join = next((l for _, l in lines if "players: join at" in l), "")
        console = next((l for _, l in lines if "host console:" in l), "")
        secret = re.search(r"/host#(\S+)", console)
        started = [tt for tt, l in lines if "Starting quizkiosk-host.service" in l or "Started quizkiosk-host.service" in l]
        t[f"{name}.boot_to_host_listening_s"] = round(listening[0][0], 2)
        if started:
            t[f"{name}.host_start_to_listening_s"] = round(listening[0][0] - started[0], 2)
        suite.check(f"{name}: at boot mosquitto, quizkiosk, quizkiosk-host (and its FIFO socket) are active; both units enabled",
                    active.split() == ["active"] * 4 + ["enabled"] * 2, " ".join(active.split()))
        suite.check(f"{name}: the host's join URL is the box's own address (DHCP): http://10.0.2.15:8080/j/{CODE}",
                    f"join at http://10.0.2.15:8080/j/{CODE}" in join and secret is not None, f"{join} | console line: {bool(secret)}")
        if secret is None:
            return
        secret = secret.group(1)

        # -- the broker and the secrets ----------------------------------------------------
        rc, perms = g.sh("stat -c '%a %U:%G %n' /etc/quizkiosk/* /etc/mosquitto/conf.d/quizkiosk.conf /var/lib/quizkiosk")
        modes = {l.split()[2]: (l.split()[0], l.split()[1]) for l in perms.splitlines() if len(l.split()) == 3}
        expect = {"/etc/quizkiosk/host.password": ("640", "root:quizkiosk"), "/etc/quizkiosk/screen.password": ("640", "root:quizkiosk"),
                  "/etc/quizkiosk/mosquitto.passwd": ("600", "mosquitto:mosquitto"),
                  "/etc/quizkiosk/mosquitto.acl": ("600", "mosquitto:mosquitto"),
                  "/var/lib/quizkiosk": ("750", "quizkiosk:quizkiosk")}
        world = [p for p, (m, _) in modes.items() if p.startswith("/etc/quizkiosk/") and int(m[-1]) & 4
                 and p not in ("/etc/quizkiosk/quizkiosk.conf", "/etc/quizkiosk/quiz.json")]
        suite.check(f"{name}: the package's secrets under /etc/quizkiosk: passwords root:quizkiosk 0640, mosquitto's hashes and "
                    "access list mosquitto 0600, none world-readable; the night's folder quizkiosk 0750",
                    all(modes.get(p) == m for p, m in expect.items()) and not world
                    and "/etc/mosquitto/conf.d/quizkiosk.conf" in modes, " | ".join(perms.splitlines()))
        _, host_pw = g.sh("cat /etc/quizkiosk/host.password")
        _, screen_pw = g.sh("cat /etc/quizkiosk/screen.password")

        def sub(topic, wait=8):
            r = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker), "-t", topic, "-C", "1", "-W", str(wait)],
                               capture_output=True, text=True, timeout=wait + 10)
            return r.stdout.strip() if r.returncode == 0 else None

        def pub(topic, message, user=None, password=None):
            cmd = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(broker), "-t", topic, "-m", message, "-r", "-q", "1"]
            if user:
                cmd += ["-u", user, "-P", password]
            return subprocess.run(cmd, capture_output=True, text=True, timeout=20).returncode

        def state():
            text = sub(f"quizkiosk/{ROOM}/state")
            return json.loads(text) if text else {}

        lobby = state()
        if lobby.get("phase") != "lobby":
            raise GuestError(f"no lobby on quizkiosk/{ROOM}/state (read anonymously through the forwarded port): {lobby}")
        probe = "quizkiosk/probe/state"
        anon_rc = pub(probe, '{"title":"anonymous"}')
        screen_rc = pub(probe, '{"title":"screen"}', "quizkiosk-screen", screen_pw.strip())
        denied = sub(probe, wait=3)
        host_rc = pub(probe, '{"title":"host"}', "quizkiosk-host", host_pw.strip())
        allowed = sub(probe, wait=5)
        pub(probe, "", "quizkiosk-host", host_pw.strip())
        forged_rc = pub(f"quizkiosk/{ROOM}/state", '{"title":"forged"}')
        after = state()
        suite.check(f"{name}: the broker from the LAN (forwarded port): anyone reads the room; an anonymous client and the screen's "
                    "user store no state, the host's user does; an anonymous state on the room changes nothing",
                    lobby.get("phase") == "lobby" and denied is None and allowed == '{"title":"host"}' and after == lobby
                    and (anon_rc, screen_rc, host_rc, forged_rc) == (0, 0, 0, 0),
                    f"room's state read anonymously: phase {lobby.get('phase')} revision {lobby.get('revision')}; probe room after the "
                    f"anonymous and screen publishes: {denied!r}; after the host's: {allowed!r}; room after a forged one: revision "
                    f"{after.get('revision')}, title {after.get('title')!r}")

        # -- the lobby on the TV, its QR code ----------------------------------------------
        def render(st, label, now=None, describe=False):
            path = os.path.join(out, f"{name}-{label}.state.json")
            with open(path, "w") as f:
                json.dump(st, f)
            png = os.path.join(out, f"{name}-{label}.ref.png")
            cmd = [a.binary, "render", "--state", path, "--size", "1920x1080", "--out", png]
            if now:
                cmd += ["--now", now]
            if describe:
                cmd += ["--describe", png[:-4] + ".describe.json"]
            subprocess.run(cmd, check=True, capture_output=True)
            return read_png(png), (json.load(open(png[:-4] + ".describe.json")) if describe else None)

        ref, _ = render(lobby, "lobby")
        match, secs, bad = suite.watch_screen(g, f"{name}-lobby", {"lobby": ref}, timeout=90)
        shot = os.path.join(out, f"{name}-lobby.png")
        write_png(shot, read_ppm(os.path.join(out, f"{name}-lobby.ppm")))
        qr = subprocess.run(["zbarimg", "--raw", "-q", shot], capture_output=True, text=True).stdout.strip()
        suite.check(f"{name}: the lobby on the TV pixel-equal to `render` of the room's state; its QR code opens the box's own "
                    "address", match is not None and qr == f"http://10.0.2.15:8080/j/{CODE}" == lobby.get("lobby", {}).get("joinURL"),
                    f"QR: {qr!r}; joinURL {lobby.get('lobby', {}).get('joinURL')!r}; {len(bad)} other pictures first")

        # -- a phone joins and answers; the TV counts it -------------------------------------
        phone = Lines(["/usr/bin/python3", os.path.join(HERE, "phone.py"), "phone", str(players), CODE, "Aiko", str(CHOICE)],
                      os.path.join(out, f"{name}.phone.log"))
        welcome, _ = phone.wait("welcome", 60)
        g.sh(f"echo next > {FIFO}", check=True)
        answered, t_ack = phone.wait("answered", 120)
        deadline = time.monotonic() + 30
        q = state()
        while q.get("question", {}).get("answered") != 1 and time.monotonic() < deadline:
            time.sleep(0.3)
            q = state()
        question = q.get("question", {})
        if question.get("answered") != 1:
            raise GuestError(f"the room's state never counted the answer: {q}")
        ends = question.get("endsAt", "")
        # A moment inside the question (the countdown's boxes are left out of the comparison).
        now = None
        if ends:
            at = datetime.datetime.fromisoformat(ends.replace("Z", "+00:00")) - datetime.timedelta(seconds=300)
            now = at.strftime("%Y-%m-%dT%H:%M:%SZ")
        ref, desc = render(q, "answered", now=now, describe=True)
        moving = [padded(i["box"]) for i in desc["items"] if i["role"] in ("countdown", "countdown-track")]
        text = next((i for i in desc["items"] if i["role"] == "answered"), {})
        zero = json.loads(json.dumps(q))
        zero["question"]["answered"] = 0
        ref0, desc0 = render(zero, "answered-zero", now=now, describe=True)
        shotp = os.path.join(out, f"{name}-answered.ppm")
        t0 = time.monotonic()
        why = "no screendump"
        while time.monotonic() - t0 < 90:
            img = read_ppm(g.screendump(shotp))
            why = differs_outside(img, ref, moving)
            if why is None:
                break
            time.sleep(0.2)
        t[f"{name}.answer_ack_ms"] = answered.get("ack_ms")
        t[f"{name}.ack_to_tv_answered_s"] = round(time.monotonic() - t_ack, 2)
        write_png(os.path.join(out, f"{name}-answered.png"), img)
        box = text.get("box")
        told = box is not None and region(img, box) == region(ref, box) != region(ref0, box)
        suite.check(f"{name}: a phone joins through the forwarded port and answers (next from the FIFO); the TV shows "
                    f"\"{text.get('text')}\": the frame equals `render` of the room's state outside the countdown's boxes, the "
                    "answered text's box differs from \"0 / 1\"",
                    welcome.get("type") == "welcome" and answered.get("type") == "answered" and why is None and told
                    and text.get("text") == "1 / 1 answered",
                    f"phone {welcome.get('player')} ack in {answered.get('ack_ms')} ms; {why or 'equal'}; text box {box}")

        # -- the reveal, from the console ----------------------------------------------------
        r = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "phone.py"), "console", str(players), secret, "reveal"],
                           capture_output=True, text=True, timeout=120)
        t_reveal = time.monotonic()
        deadline = time.monotonic() + 30
        rv = state()
        while rv.get("phase") != "reveal" and time.monotonic() < deadline:
            time.sleep(0.3)
            rv = state()
        if rv.get("phase") != "reveal":
            raise GuestError(f"no reveal on the broker after the console's action ({r.stdout.strip()} {r.stderr.strip()[-300:]}): {rv}")
        counts = rv.get("question", {}).get("answerCounts")
        ref, desc = render(rv, "reveal", describe=True)
        match, secs, bad = suite.watch_screen(g, f"{name}-reveal", {"reveal": ref}, timeout=90)
        t[f"{name}.console_reveal_to_tv_s"] = round(time.monotonic() - t_reveal, 2)
        result, _ = phone.wait("result", 60)
        tally = [i.get("text") for i in desc["items"] if i["role"] not in ("question", "title") and i.get("kind") == "text"]
        suite.check(f"{name}: the console's reveal (the secret from the journal): the TV pixel-equal to `render` of the reveal "
                    "with the phone's answer counted; the phone told it was right",
                    '"phase": "reveal"' in r.stdout and match is not None and counts == [0, 1, 0] and result.get("correct") is True,
                    f"answerCounts {counts}; texts drawn {tally}; phone: {result.get('points')} points, rank {result.get('rank')}")
        quiz_id = rv.get("quizId")

        # -- the room's sound, as the service opened it at boot ------------------------------
        screen = [l for _, l in suite.journal(g)]
        opened = [l for l in screen if re.search(r"sound: default open \(", l)]
        # A card that comes after the service may fail an open first ("No such file"); the
        # sandbox refusing it would be "Permission denied" / "Operation not permitted".
        refused = [l for l in screen if re.search(r"sound: .*(Permission denied|Operation not permitted|lost)", l)]
        unmuted = [l for l in screen if re.search(r"sound: mixer .* was (muted|at 0 %)", l)]
        chose = [l for l in screen if re.search(r"sound: default for \S+: no HDMI audio", l)]
        _, groups = g.sh("id -nG quizkiosk; ls -l /dev/snd/ | grep -c ' audio '")
        suite.check(f"{name}: the service opens the sound card at boot with no setup by hand (the quizkiosk user in audio, "
                    "DeviceAllow=char-alsa): `default` (no ELD on QEMU's analog codec: the fallback), the fresh codec's muted mixer "
                    "unmuted once and said, no open refused",
                    len(opened) == 1 and not refused and len(unmuted) >= 1 and len(chose) == 1 and "audio" in groups.split(),
                    " | ".join(opened + unmuted + chose + refused)[:600] + f" | groups/devices: {' '.join(groups.split())}")

        # -- kill -9 of the host unit's main process ---------------------------------------
        _, pid = g.sh("systemctl show -p MainPID --value quizkiosk-host")
        before = len(suite.wait_journal_of(g, "quizkiosk-host", r"players: listening", timeout=5))
        g.sh(f"kill -9 {pid.strip()}", check=True)
        t_kill = time.monotonic()
        closed, _ = phone.wait("closed", 60)
        resumed, t_resumed = phone.wait("resumed", 150)
        t[f"{name}.kill9_to_phone_resumed_s"] = round(t_resumed - t_kill, 2)
        deadline = time.monotonic() + 60
        while sum("players: listening" in l for _, l in suite.journal(g, "quizkiosk-host")) <= before and time.monotonic() < deadline:
            time.sleep(0.5)
        lines = suite.journal(g, "quizkiosk-host")
        killed = [tt for tt, l in lines if "status=9/KILL" in l]
        again = [tt for tt, l in lines if "players: listening" in l]
        if killed and len(again) > before:
            t[f"{name}.kill9_to_host_listening_guest_s"] = round(again[-1] - killed[-1], 2)
        resumed_line = [l for _, l in lines if re.search(rf"night: run {re.escape(quiz_id or '?')} resumed", l)]
        _, restarts = g.sh("systemctl show -p NRestarts --value quizkiosk-host; systemctl is-active quizkiosk-host")
        back = state()
        ref, _ = render(back, "reveal-again")
        match, secs, bad = suite.watch_screen(g, f"{name}-reveal-again", {"reveal": ref}, timeout=90)
        suite.check(f"{name}: kill -9 of the host's main process → systemd restarts it, the same run resumes (quizId "
                    f"{quiz_id}), the phone resumes with its token as the same player, the TV back on the reveal pixel-equal",
                    restarts.split() == ["1", "active"] and resumed_line and back.get("quizId") == quiz_id
                    and back.get("phase") == "reveal" and resumed.get("same") is True and resumed.get("phase") == "reveal"
                    and match is not None,
                    f"NRestarts {restarts.split()}; '{resumed_line[0] if resumed_line else 'no resumed line'}'; phone closed "
                    f"{closed.get('code')}, resumed after {resumed.get('attempts')} tries in {resumed.get('seconds')} s")
        g.sh(f"echo next > {FIFO}", check=True)
        nxt, _ = phone.wait("question", 60)
        q2 = state()
        suite.check(f"{name}: the restarted host still reads its FIFO: next → question 2, on the broker and on the resumed phone",
                    nxt.get("number") == 2 and q2.get("question", {}).get("number") == 2 and q2.get("quizId") == quiz_id,
                    f"phone: {nxt}; broker: phase {q2.get('phase')} question {q2.get('question', {}).get('number')}")

        # -- question 2's countdown runs out (its sounds are read from the WAV below) ----------
        ends2 = q2.get("question", {}).get("endsAt", "")
        if ends2:
            end = datetime.datetime.fromisoformat(ends2.replace("Z", "+00:00")).timestamp()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                _, now = g.sh("date +%s.%N")
                if float(now.strip()) > end + 2:
                    break
                time.sleep(0.5)

        # -- doctor --------------------------------------------------------------------------
        _, doc = g.sh("quizkiosk doctor --timeout 5 2>&1", timeout=120)
        with open(os.path.join(out, f"{name}.doctor.txt"), "w") as f:
            f.write(doc + "\n")
        want = [r"^PASS  host unit: quiz /etc/quizkiosk/quiz\.json: \"Boot Night\", 2 questions",
                r"^PASS  mosquitto: installed, running \(pid \d+\)", r"^PASS  broker config: /etc/mosquitto/conf\.d/quizkiosk\.conf",
                r"^PASS  broker: mqtt://quizkiosk-screen(:\*\*\*)?@127\.0\.0\.1:1883/quiz reachable, credentials accepted", r"^PASS  host: online"]
        missing = [w for w in want if not re.search(w, doc, re.M)]
        suite.check(f"{name}: `quizkiosk doctor` on the box: the host unit's quiz, mosquitto running, the broker config, the "
                    "screen's credentials, the host online", not missing,
                    " | ".join(l for l in doc.splitlines() if re.search(r"host|mosquitto|broker", l)) if missing else "all there")
    except GuestError as e:
        suite.check(f"{name}: guest", False, str(e)[-900:])
    finally:
        if phone:
            phone.stop()
        try:
            _, log = g.sh("journalctl -b --no-pager -o short-monotonic -u mosquitto -u quizkiosk -u quizkiosk-host "
                          "-u quizkiosk-host.socket -u systemd-networkd | cat; echo '-- /var/log/mosquitto/mosquitto.log'; "
                          "cat /var/log/mosquitto/mosquitto.log", timeout=60)
            with open(os.path.join(out, f"{name}.journal.txt"), "w") as f:
                f.write(log + "\n")
        except GuestError:
            pass
        g.shutdown()   # QEMU closes the WAV
    # The WAV: the stream ran all night (silence while nothing sounds); what sounded was the
    # reveal of question 1, then question 2's last five seconds and its time's up.
    try:
        rate, samples = read_wav(wav)
        found = bursts(rate, samples)
        seconds = len(samples) / rate
    except (OSError, GuestError) as e:
        found, seconds = None, 0
        why = str(e)
    suite.timings[f"{name}.wav_s"] = round(seconds, 1)
    kinds = [kind(l) for _, l, _ in found or []]
    ticks = [t for (t, l, _), k in zip(found or [], kinds) if k == "tick"]
    suite.timings[f"{name}.tick_gaps_ms"] = [round((b - a) * 1000, 1) for a, b in zip(ticks, ticks[1:])]
    suite.check(f"{name}: the room hears the night: the WAV QEMU wrote holds, after silence, the reveal, then question 2's "
                "five ticks and its time's up",
                bool(found) and found[0][0] > 1 and "reveal" in kinds and kinds[-6:] == ["tick"] * 5 + ["times-up"]
                and kinds.index("reveal") < len(kinds) - 6,
                f"{seconds:.1f} s of audio, sounds: " + ", ".join(f"{k} at {t:.2f} s ({l * 1000:.0f} ms, peak {p})"
                                                                  for (t, l, p), k in zip(found, kinds))
                if found is not None else why)
