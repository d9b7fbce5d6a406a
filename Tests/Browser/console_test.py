#!/usr/bin/python3
"""The host's console in a real browser against the real box.

A private mosquitto, `quizkiosk host QUIZ --players 127.0.0.1:PORT --data TMP`, a headless screen
(`quizkiosk run --headless`), three phones (python3-websockets) and headless Chromium driven by
Selenium (Debian's chromium, chromium-driver, python3-selenium), the console at phone size
(360 × 740):
- opened with the secret the host prints: the fragment leaves the address bar, a reload keeps
  the console; the lobby, its join code, the three players, the screen (online, what it shows);
- the host taps next, pause, +10 s, resume, kick (two taps), rename, reveal, standings, back and
  lock, and after each tap the room's state on the broker (mosquitto_sub) says what the tap asked:
  the question open with a deadline, no deadline while paused (the time left as the limit, 10 s
  more after +10 s), a new deadline on resume, a player fewer, the new name in the standings, …;
  a rename to a taken name is refused with the reason on the console (host-notice); a join after
  the lock is refused;
- the screen killed: the console shows it offline (its last will);
- a second console takes over (the first says so, "Use it here" takes it back);
- a wrong secret: the page says how to get in, and nothing is published;
- the host killed (-9) and started again: the console reconnects by itself to the resumed run;
- a room in Arabic: the console is `lang="ar" dir="rtl"`, in Arabic, mirrored.
No page logs a console error or a CSP violation.

Every wait is for a condition (a DOM state, a published state), never a bare sleep before an
assert.

usage: console_test.py --quizkiosk PATH [--screens DIR]
  --screens DIR  keep the screenshots there (docs/screens/ in the repository: look at them)
Exit 0 when everything held; otherwise one line per failure and exit 1.
"""
import asyncio
import json
import os
import queue
import subprocess
import sys
import threading
import time

import websockets
from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # importing player_test leaves no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from player_test import WAIT, WORDS, Failure, Host, Phone, check, free_port, run_rooms, write_quiz  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def host_words():
    """host-words.js's tables, {tag: {key: text}}: what the console must say."""
    out = {}
    with open(os.path.join(ROOT, "Sources", "PlayerPages", "web", "host-words.js"), encoding="utf-8") as f:
        for line in f:
            if line.startswith('  "') and line.rstrip().endswith("},"):
                tag, _, table = line.strip().rstrip(",").partition(": ")
                out[json.loads(tag)] = json.loads(table)
    check(len(out) == 15, f"host-words.js: {len(out)} language tables read, not 15")
    return out


HOST = host_words()


# ------------------------------------------------------------------ the room's state on the broker

class StateWatch:
    """mosquitto_sub on the room's state topic: every state published, decoded, as it comes."""

    def __init__(self, broker, room):
        self.states = []
        self.queue = queue.Queue()
        self.process = subprocess.Popen(["/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port),
                                         "-t", f"quizkiosk/{room}/state", "-F", "%p"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            line = line.strip()
            if line:
                try:
                    self.queue.put(json.loads(line))
                except ValueError:
                    pass

    def _drain(self, timeout):
        try:
            self.states.append(self.queue.get(timeout=timeout))
        except queue.Empty:
            pass
        while True:
            try:
                self.states.append(self.queue.get_nowait())
            except queue.Empty:
                return

    def until(self, condition, what, after=0):
        """The first state (from index `after`) that meets `condition`, waiting for it."""
        end = time.monotonic() + WAIT
        while True:
            for s in self.states[after:]:
                if condition(s):
                    return s
            if time.monotonic() > end:
                last = self.states[-1] if self.states else None
                raise Failure(f"the broker: {what} was not published within {WAIT} s (last: {json.dumps(last)[:300]})")
            self._drain(0.2)

    def mark(self):
        """Where the states published from now on start."""
        self._drain(0)
        return len(self.states)

    def stop(self):
        self.process.kill()
        self.process.wait()


# ------------------------------------------------------------------ phones on real WebSockets

class Phones:
    """Players on python3-websockets, in a thread of their own: each joins, answers when told."""

    def __init__(self, port, code):
        self.port, self.code = port, code
        self.loop = asyncio.new_event_loop()
        self.sockets = {}
        self.closed = {}
        self.messages = {}
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def _run(self, coroutine, timeout=WAIT):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def _join(self, name):
        ws = await websockets.connect(f"ws://127.0.0.1:{self.port}/ws")
        self.sockets[name] = ws
        self.messages[name] = []
        await ws.send(json.dumps({"type": "join", "code": self.code, "name": name}))
        first = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        self.messages[name].append(first)
        self.loop.create_task(self._listen(name, ws))
        return first

    async def _listen(self, name, ws):
        try:
            async for text in ws:
                self.messages[name].append(json.loads(text))
        except websockets.exceptions.ConnectionClosed:
            pass
        self.closed[name] = ws.close_code

    def join(self, name):
        return self._run(self._join(name))

    def send(self, name, message):
        self._run(self.sockets[name].send(json.dumps(message)))

    def until(self, condition, what):
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            if condition():
                return
            time.sleep(0.05)  # polling what the phones' thread received, not waiting before an assert
        raise Failure(f"the phones: {what} did not happen within {WAIT} s")

    def stop(self):
        for ws in self.sockets.values():
            try:
                self._run(ws.close(), timeout=5)
            except Exception:
                pass
        self.loop.call_soon_threadsafe(self.loop.stop)


# ------------------------------------------------------------------ the console in Chromium

class Console(Phone):
    def shot(self, name):
        self.js("window.scrollTo(0, 0)")
        path = os.path.join(self.screens, f"host-console-{name}.png")
        self.driver.save_screenshot(path)
        return path

    def full_shot(self, name):
        """The whole page at the phone's width (the console scrolls): the screenshot the docs show."""
        height = self.js("return Math.ceil(document.documentElement.scrollHeight)")
        self.size(self.width, max(self.height, height))
        try:
            return self.shot(name)
        finally:
            self.size(self.width, self.height)

    def tap(self, id_):
        b = self.el(id_)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
        check(b.is_enabled(), f"{self.label}: #{id_} is disabled ({self.summary()})")
        b.click()

    def row(self, name):
        for li in self.driver.find_elements(By.CSS_SELECTOR, "#players .player"):
            if li.find_element(By.CSS_SELECTOR, ".name").text == name:
                return li
        raise Failure(f"{self.label}: no row for {name!r} ({self.summary()})")

    def names(self):
        return self.js("return [...document.querySelectorAll('#players .player .name')].map(e => e.textContent)")


def started(binary, tmp, broker, quiz, room):
    # A fixed port: the host is restarted on it (a page's origin names it).
    data = os.path.join(tmp, "data-" + room)
    return named(Host(binary, quiz, broker, room, data, port=free_port()))


def named(host):
    host.port = int(host.join_url.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
    host.secret = host.console_url.split("#", 1)[1]
    return host


def headless_screen(binary, tmp, broker, room, screen_id):
    out = os.path.join(tmp, "screen-" + screen_id)
    os.makedirs(out, mode=0o700, exist_ok=True)
    log = open(os.path.join(tmp, screen_id + ".log"), "w")
    env = dict(os.environ, CACHE_DIRECTORY=os.path.join(out, "cache"))
    return subprocess.Popen([binary, "run", "--headless", "--out", out, "--size", "640x360", "--screen-id", screen_id,
                             "--source", f"mqtt://127.0.0.1:{broker.port}/{room}", "--fonts", os.path.join(ROOT, "fonts")],
                            stdout=log, stderr=subprocess.STDOUT, env=env)


def english_room(binary, tmp, broker, screens, failures):
    room = "console-en"
    quiz = os.path.join(ROOT, "examples", "quiz-en.json")
    with open(quiz, encoding="utf-8") as f:
        q1 = json.load(f)["questions"][0]
    watch = StateWatch(broker, room)
    host = started(binary, tmp, broker, quiz, room)
    screen = headless_screen(binary, tmp, broker, room, "tv-bar")
    phones = Phones(host.port, host.code)
    consoles = []
    en = HOST["en"]
    try:
        watch.until(lambda s: s.get("phase") == "lobby", "the lobby")
        c = Console("console 360×740", 360, 740, screens)
        consoles.append(c)
        c.driver.get(host.console_url)
        c.until(lambda: c.view() == "view-console" and c.text("now-phase") == en["lobby"], "the console in the lobby")
        check("#" not in c.driver.current_url, f"the secret stays in the address bar: {c.driver.current_url}")
        check(c.text("join-value") == host.code, f"the console's join code {c.text('join-value')!r}")
        # A reload keeps the console (the secret kept in the browser, not in the URL).
        c.driver.refresh()
        c.until(lambda: c.view() == "view-console" and c.text("now-phase") == en["lobby"], "the console after a reload")

        for name in ["Aiko", "Bo", "Troll"]:
            check(phones.join(name).get("type") == "welcome", f"{name} joined")
        c.until(lambda: c.names() == ["Aiko", "Bo", "Troll"], "the three players listed")
        c.until(lambda: c.js("const s = document.querySelector('#screens .screen[data-screen=\"tv-bar\"]');"
                             "return !!s && s.querySelector('.badge.on') !== null && s.textContent.includes(arguments[0])",
                             en["lobby"]), "the screen online, showing the lobby")
        c.full_shot("lobby")

        # next: the question opens with a deadline.
        at = watch.mark()
        c.tap("act-next")
        opened = watch.until(lambda s: s.get("phase") == "question", "the question after next", at)
        check(opened["question"].get("endsAt") and opened["question"]["text"] == q1["text"], f"next: {opened.get('question')}")
        c.until(lambda: c.text("now-phase") == en["question"] and c.text("now-text") == q1["text"], "the console on the question")
        phones.send("Aiko", {"type": "answer", "question": 1, "choice": 1})
        c.until(lambda: "answered" in c.row("Aiko").get_attribute("class"), "Aiko marked as answered")
        c.until(lambda: c.text("count") == "1 / 3 answered", "'1 / 3 answered'")
        c.full_shot("question")

        # pause: no running deadline; the time left as the limit.
        at = watch.mark()
        c.tap("act-pause")
        paused = watch.until(lambda s: s.get("phase") == "question" and "endsAt" not in s["question"], "the paused question", at)
        left = paused["question"]["timeLimit"]
        check(0 < left < 20, f"paused with {left} s left")
        c.until(lambda: c.text("clock-label") == en["paused"] and c.text("act-pause") == en["resume"], "the console paused")
        c.full_shot("paused")
        # +10 s while paused: the time left grows by 10.
        at = watch.mark()
        c.tap("act-add-time")
        more = watch.until(lambda s: s.get("phase") == "question" and "endsAt" not in s["question"]
                           and abs(s["question"]["timeLimit"] - left - 10) < 0.01, f"{left} + 10 s", at)
        # resume: a new deadline, now + the time left.
        at = watch.mark()
        before = time.time()
        c.tap("act-pause")
        resumed = watch.until(lambda s: s.get("phase") == "question" and "endsAt" in s["question"], "the resumed question", at)
        ends = rfc3339(resumed["question"]["endsAt"])
        want = more["question"]["timeLimit"]
        check(before + want - 1 <= ends <= time.time() + want + 1, f"resumed: endsAt {resumed['question']['endsAt']} for {want} s left")
        c.until(lambda: c.text("clock-label") == en["timeLeft"], "the console running again")

        # kick: two taps (the row's Remove, then "Remove Troll?").
        at = watch.mark()
        c.row("Troll").find_element(By.CSS_SELECTOR, ".row").click()
        c.until(lambda: c.row("Troll").find_element(By.CSS_SELECTOR, ".kick").is_displayed(), "Troll's actions")
        c.row("Troll").find_element(By.CSS_SELECTOR, ".kick").click()
        confirm = en["confirmKick"].replace("{name}", "Troll")
        c.until(lambda: c.row("Troll").find_element(By.CSS_SELECTOR, ".confirm-kick").text == confirm, f"'{confirm}'")
        c.full_shot("kick")
        c.row("Troll").find_element(By.CSS_SELECTOR, ".confirm-kick").click()
        watch.until(lambda s: s.get("phase") == "question" and s["question"].get("players") == 2, "two players after the kick", at)
        c.until(lambda: c.names() == ["Aiko", "Bo"], "Troll gone from the list")
        phones.until(lambda: phones.closed.get("Troll") == 4001, "Troll's phone closed with 4001")

        # rename Bo: to a name taken (refused, the reason on the console), then to Bob.
        def rename(to):
            c.row("Bo").find_element(By.CSS_SELECTOR, ".row").click()
            c.row("Bo").find_element(By.CSS_SELECTOR, ".rename").click()
            field = c.row("Bo").find_element(By.CSS_SELECTOR, ".rename-form input")
            c.until(lambda: field.is_displayed() and field.get_attribute("value") == "Bo", "the rename field with the name")
            field.clear()
            field.send_keys(to)
            c.row("Bo").find_element(By.CSS_SELECTOR, ".rename-form .save").click()
        rename("AIKO")
        taken = WORDS["en"]["rejected.name-taken"]
        c.until(lambda: c.el("notice").is_displayed() and c.text("notice") == taken, f"the notice {taken!r}")
        c.shot("notice")
        check(c.names() == ["Aiko", "Bo"], f"a refused rename changed the list: {c.names()}")
        rename("Bob")
        c.until(lambda: c.names() == ["Aiko", "Bob"], "Bob renamed in the list")
        phones.until(lambda: any(m.get("type") == "state" and m.get("you", {}).get("name") == "Bob" for m in phones.messages["Bo"]),
                     "Bo's phone told its new name")

        # reveal, standings, back.
        at = watch.mark()
        c.tap("act-reveal")
        reveal = watch.until(lambda s: s.get("phase") == "reveal", "the reveal", at)
        check(reveal["question"].get("answerCounts") == [0, 1, 0, 0], f"the reveal's counts {reveal['question'].get('answerCounts')}")
        answer = HOST["en"]["answer"]
        c.until(lambda: c.text("now-phase") == answer and "Saturn" in c.text("now-answer"), "the console's reveal with the answer")
        c.full_shot("reveal")
        at = watch.mark()
        c.tap("act-leaderboard")
        board = watch.until(lambda s: s.get("phase") == "leaderboard", "the standings", at)
        check([e["name"] for e in board["leaderboard"]] == ["Aiko", "Bob"], f"the standings {board['leaderboard']}")
        at = watch.mark()
        c.tap("act-back")
        watch.until(lambda s: s.get("phase") == "reveal", "back to the reveal", at)

        # lock: a join is refused after it.
        c.tap("act-lock")
        c.until(lambda: c.text("room-state") == en["locked"] and c.text("act-lock") == en["unlock"], "the room locked")
        refused = phones.join("Late")
        check(refused.get("reason") == "room-locked", f"a join after the lock: {refused}")
        c.full_shot("locked")

        # The screen goes (killed: its last will): the console shows it offline.
        screen.kill()
        screen.wait()
        c.until(lambda: c.js("const s = document.querySelector('#screens .screen[data-screen=\"tv-bar\"]');"
                             "return !!s && s.querySelector('.badge.on') === null"), "the screen offline on the console")

        # A second console takes over; the first says so and takes it back.
        other = Console("second console", 360, 740, screens)
        consoles.append(other)
        other.driver.get(host.console_url)
        other.until(lambda: other.view() == "view-console" and other.text("now-phase") == answer, "the second console")
        c.until(lambda: c.view() == "view-elsewhere", "the first console saying it was taken over")
        c.shot("taken-over")
        c.el("take-back").click()
        c.until(lambda: c.view() == "view-console" and c.text("now-phase") == answer, "the console taken back")
        other.until(lambda: other.view() == "view-elsewhere", "the second console told")

        # A wrong secret: the page says how to get in; nothing is published.
        at = watch.mark()
        wrong = Console("wrong secret", 360, 740, screens)
        consoles.append(wrong)
        wrong.driver.get(host.console_url.split("#", 1)[0] + "#not-the-secret")
        wrong.until(lambda: wrong.view() == "view-secret" and wrong.text("secret-text") == en["needSecret"], "the refusal")
        wrong.until(lambda: wrong.js("return localStorage.getItem('quizkiosk.host')") is None, "the wrong secret forgotten")
        wrong.shot("wrong-secret")
        check(c.view() == "view-console", "a wrong secret took the console over")
        check(watch.mark() == at, "something was published for a wrong secret")

        # The host killed (-9) and started again: the console says it is reconnecting and comes
        # back by itself, with the secret it kept, on the resumed run.
        check(any("console: opened from 127.0.0.1" in line for line in drain(host)), "the host's terminal did not say a console was opened")
        for p in consoles:
            p.collect_log()
        host.kill()
        c.until(lambda: c.text("status") == WORDS["en"]["reconnecting"], "'Reconnecting…' while the host is gone")
        host = named(host.restarted())
        host.wait_line("resumed")
        c.until(lambda: c.text("status") == "" and c.view() == "view-console" and c.text("now-phase") == answer
                and c.text("room-state") == en["locked"], "the console back on the resumed run")
        c.collect_log(expected=["WebSocket connection to 'ws://127.0.0.1:"])

        for p in consoles:
            for problem in p.problems():
                failures.append(f"{p.label}: {problem}")
    finally:
        for p in consoles:
            p.quit()
        phones.stop()
        if screen.poll() is None:
            screen.kill()
            screen.wait()
        host.stop()
        watch.stop()


AR_QUIZ = {
    "title": "ليلة المسابقة: الفضاء",
    "locale": "ar",
    "timeLimit": 300,
    "questions": [
        {"text": "ما هو أكبر كوكب في المجموعة الشمسية؟", "choices": ["المشتري", "زحل", "أورانوس", "نبتون"], "correct": 0},
    ],
}


def arabic_room(binary, tmp, broker, screens, failures):
    room = "console-ar"
    host = started(binary, tmp, broker, write_quiz(tmp, "quiz-ar.json", AR_QUIZ), room)
    phones = Phones(host.port, host.code)
    c = None
    ar = HOST["ar"]
    try:
        phones.join("سارة")
        phones.join("Omar")
        c = Console("Arabic console 360×740", 360, 740, screens)
        c.driver.get(host.console_url)
        c.until(lambda: c.view() == "view-console" and c.text("now-phase") == ar["lobby"], "the Arabic console")
        check(c.js("return document.documentElement.dir") == "rtl", "the Arabic console is not dir=rtl")
        check(c.js("return document.documentElement.lang") == "ar", "the Arabic console is not lang=ar")
        host.key("n")
        c.until(lambda: c.text("now-phase") == ar["question"] and c.text("act-next") == ar["next"], "the Arabic question")
        # Mirrored: the players' dots on the right of their names, Next's row from the right.
        mirrored = c.js("const li = document.querySelector('#players .player');"
                        "const dot = li.querySelector('.dot').getBoundingClientRect(), name = li.querySelector('.name').getBoundingClientRect();"
                        "const reveal = document.getElementById('act-reveal').getBoundingClientRect(),"
                        " board = document.getElementById('act-leaderboard').getBoundingClientRect();"
                        "return dot.left > name.right - 1 && reveal.left > board.right - 1")
        check(mirrored, "the Arabic console is not mirrored")
        digits = c.text("clock-value")
        check(digits and all(ch in "٠١٢٣٤٥٦٧٨٩:" for ch in digits), f"the Arabic clock {digits!r} is not in the TV's digits")
        c.full_shot("ar")
        for problem in c.problems():
            failures.append(f"{c.label}: {problem}")
    finally:
        if c:
            c.quit()
        phones.stop()
        host.stop()


def drain(host):
    """The host's lines printed so far (without waiting)."""
    while True:
        try:
            line = host.queue.get_nowait()
        except queue.Empty:
            return host.lines
        if line is None:
            return host.lines
        host.lines.append(line)


def rfc3339(text):
    """Seconds since the epoch of an RFC 3339 UTC time with optional fraction ("…Z")."""
    import datetime
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def main():
    return run_rooms("console test", [english_room, arabic_room], ["/usr/bin/mosquitto_sub"],
                     "chromium, chromium-driver, mosquitto, mosquitto-clients",
                     "2 rooms, every tap's state on the broker, no console error or CSP violation")


if __name__ == "__main__":
    sys.exit(main())
