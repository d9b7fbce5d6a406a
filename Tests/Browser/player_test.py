#!/usr/bin/python3
"""The player page in a real browser against the real box.

A private mosquitto, `quizkiosk host QUIZ --players 127.0.0.1:PORT --data TMP`, and headless
Chromium driven by Selenium (Debian's chromium, chromium-driver, python3-selenium):
- two phones (360 × 740 and 768 × 1024) open the join URL the host prints; one is refused a
  taken name in words; both join;
- the same player opened in a second tab takes the player over (the first page is closed with
  4000 and says so), and "Play here" takes it back;
- the host's keys open the question; each taps a choice and sees "answer received"; one
  reloads mid-question and is still the same player with its answer;
- the host is killed (-9) and started again: both pages say "Reconnecting…", come back by
  themselves (backoff) and are the same players with their answers;
- the reveal: each sees its result, points, score and place of 2 (also held sideways); the
  standings; a six-choice question one leaves unanswered ("you did not answer");
- the console's page opens (Tests/Browser/console_test.py tests it);
- a room in Arabic: the page is `lang="ar" dir="rtl"`, mirrored, in the TV's digits.
No page logs a console error or a CSP violation, and a probe shows the CSP is enforced (an
inline script is refused, and the refusal is seen in the console's log).

Every wait is for a DOM condition (WebDriverWait), never a bare sleep before an assert.

usage: player_test.py --quizkiosk PATH [--screens DIR]
  --screens DIR  keep the screenshots there (docs/screens/ in the repository: look at them);
                 without it they go to a temporary folder that is removed.
Exit 0 when everything held; otherwise one line per failure and exit 1.
"""
import argparse
import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT = 20  # seconds any one DOM condition may take on a busy 2-core machine


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_words():
    """words.js's tables, {tag: {key: text}}: what the page must say, not a copy of it."""
    out, inside = {}, False
    with open(os.path.join(ROOT, "Sources", "PlayerPages", "web", "words.js"), encoding="utf-8") as f:
        for line in f:
            inside = inside or line.startswith("export const WORDS = {")
            if inside and line.startswith('  "') and line.rstrip().endswith("},"):
                tag, _, table = line.strip().rstrip(",").partition(": ")
                out[json.loads(tag)] = json.loads(table)
    check(len(out) == 15, f"words.js: {len(out)} language tables read, not 15")
    return out


WORDS = page_words()


# ------------------------------------------------------------------ the broker and the host

class Broker:
    def __init__(self, directory):
        self.port = free_port()
        conf = os.path.join(directory, "mosquitto.conf")
        with open(conf, "w") as f:
            # mosquitto 2.0: a plain listener on loopback, anonymous allowed, nothing kept.
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
            if os.getuid() == 0:
                f.write("user root\n")
        self.log = open(os.path.join(directory, "broker.log"), "w")
        self.process = subprocess.Popen(["/usr/sbin/mosquitto", "-c", conf], stdout=self.log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            check(self.process.poll() is None, f"mosquitto exited at start (see {self.log.name})")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)  # polling a port, not waiting before an assert
        raise Failure(f"mosquitto did not listen on {self.port} within 10 s")

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.log.close()


class Host:
    """`quizkiosk host` with its keys on a pipe (one word a line) and its lines read as they come."""

    def __init__(self, binary, quiz, broker, room, data, port=0):
        self.lines = []
        self.queue = queue.Queue()
        self.args = (binary, quiz, broker, room, data, port)
        self.process = subprocess.Popen(
            [binary, "host", quiz, "--broker", f"mqtt://127.0.0.1:{broker.port}", "--room", room,
             "--players", f"127.0.0.1:{port}", "--data", data],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()
        try:
            # "players: join at http://127.0.0.1:PORT/j/CODE (code CODE)"
            line = self.wait_line("players: join at ")
            self.join_url = line.split("players: join at ", 1)[1].split(" ", 1)[0]
            self.code = self.join_url.rsplit("/j/", 1)[1]
            console = self.wait_line("host console: ")
            self.console_url = console.split("host console: ", 1)[1].strip()
        except Failure:
            self.kill()
            raise

    def _read(self):
        for line in self.process.stdout:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def wait_line(self, needle, timeout=WAIT):
        for line in self.lines:
            if needle in line:
                return line
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.queue.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise Failure(f"the host did not print {needle!r} within {timeout} s; its output:\n" + "\n".join(self.lines[-20:]))
            if line is None:
                raise Failure(f"the host exited before printing {needle!r}; its output:\n" + "\n".join(self.lines[-20:]))
            self.lines.append(line)
            if needle in line:
                return line

    def key(self, word):
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()

    def kill(self):
        """kill -9: no goodbye to anyone; the phones' sockets just drop."""
        self.process.kill()
        self.process.wait()

    def restarted(self):
        """The same quiz, port and data folder again: the night resumes (players v1)."""
        return Host(*self.args)

    def stop(self):
        if self.process.poll() is None:
            try:
                self.key("q")
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


# ------------------------------------------------------------------ the phones

# Run in the page before its own scripts (DevTools' injection, outside the page's CSP): every
# CSP violation the page causes is kept in window.__csp.
CSP_PROBE = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
             "e => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '')));")


class Phone:
    def __init__(self, label, width, height, screens):
        self.label, self.width, self.height, self.screens = label, width, height, screens
        options = webdriver.ChromeOptions()
        for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                  "--force-device-scale-factor=1", "--lang=en-US", "--disable-extensions"]:
            options.add_argument(a)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.size(width, height)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_PROBE})
        self.log = []

    def size(self, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})

    def until(self, condition, what):
        try:
            return WebDriverWait(self.driver, WAIT).until(lambda d: condition())
        except TimeoutException:
            raise Failure(f"{self.label}: {what} did not happen within {WAIT} s (page: {self.summary()})")

    def summary(self):
        try:
            return self.js("return [...document.querySelectorAll('.view:not([hidden])')].map(v => v.id + ': ' + "
                           "v.innerText.replace(/\\s+/g, ' ').slice(0, 160)).join(' | ') + ' · status: ' + "
                           "document.getElementById('status').textContent")
        except Exception as e:  # the page may be gone
            return f"(unreadable: {e})"

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def el(self, id_):
        return self.driver.find_element(By.ID, id_)

    def text(self, id_):
        return self.js("return document.getElementById(arguments[0]).textContent", id_)

    def view(self):
        return self.js("const v = document.querySelector('.view:not([hidden])'); return v ? v.id : null")

    def shot(self, name):
        path = os.path.join(self.screens, f"player-{self.width}x{self.height}-{name}.png")
        self.driver.save_screenshot(path)
        return path

    def collect_log(self, expected=()):
        """The console's new entries, less those `expected` now (the failed connections while
        the box is down)."""
        self.log += [e for e in self.driver.get_log("browser") if not any(x in e["message"] for x in expected)]

    def problems(self):
        """Console errors and CSP violations so far (none expected)."""
        self.collect_log()
        out = [f"console {e['level']}: {e['message']}" for e in self.log if e["level"] == "SEVERE"]
        csp = self.js("return window.__csp")
        if csp is None:
            out.append("the CSP probe is missing (window.__csp)")
        else:
            out += [f"CSP violation: {v}" for v in csp]
        return out

    def quit(self):
        try:
            self.driver.quit()
        except Exception:
            pass


# ------------------------------------------------------------------ the test

def write_quiz(directory, name, quiz):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(quiz, f, ensure_ascii=False)
    return path


EN_QUIZ = {
    "title": "Pub Quiz Night: Space",
    "timeLimit": 300,  # never the limit here: every step is the host's key
    "questions": [
        {"text": "Which planet has the most known moons?", "choices": ["Jupiter", "Saturn", "Uranus", "Neptune"], "correct": 1},
        {"text": "Which of these is not a planet of the Solar System?",
         "choices": ["Mercury", "Pluto", "Venus", "Mars", "Earth", "Jupiter"], "correct": 1},
    ],
}

AR_QUIZ = {
    "title": "ليلة المسابقة: الفضاء",
    "locale": "ar",
    "timeLimit": 300,
    "questions": [
        {"text": "ما هو أكبر كوكب في المجموعة الشمسية؟", "choices": ["المشتري", "زحل", "أورانوس", "نبتون"], "correct": 0},
    ],
}


def join(phone, host, name, refused_as=None):
    d = phone.driver
    d.get(host.join_url)
    phone.until(lambda: phone.view() == "view-join" and phone.el("name").is_displayed(), "the join form")
    check(phone.el("code").get_attribute("value") == host.code,
          f"{phone.label}: the code field holds {phone.el('code').get_attribute('value')!r}, not the URL's {host.code!r}")
    phone.shot("join")
    if refused_as:
        phone.el("name").send_keys(refused_as)
        phone.el("join-button").click()
        expected = WORDS["en"]["rejected.name-taken"]
        phone.until(lambda: phone.text("join-error") == expected, f"the refusal in words ({expected!r})")
        phone.shot("join-refused")
        check(phone.el("name").get_attribute("aria-invalid") == "true", f"{phone.label}: the name field is not marked invalid")
        phone.el("name").clear()
    phone.el("name").send_keys(name)
    phone.el("join-button").click()
    phone.until(lambda: phone.view() == "view-wait" and phone.text("me-name") == name and phone.text("wait-text"),
                f"joined as {name!r}")


def choice_button(phone, index):
    return phone.driver.find_element(By.CSS_SELECTOR, f'#choices .choice[data-choice="{index}"]')


def answered(phone, index):
    return phone.js("return !!document.querySelector(arguments[0]) && document.getElementById('q-status').textContent === arguments[1]",
                    f'#choices .choice.chosen.received[data-choice="{index}"]', WORDS[phone.lang]["answerReceived"])


def english_room(binary, tmp, broker, screens, failures):
    # A fixed port: the host is restarted on it below, and a page's origin (its localStorage) names it.
    host = Host(binary, write_quiz(tmp, "quiz-en.json", EN_QUIZ), broker, "browser-en", os.path.join(tmp, "data-en"),
                port=free_port())
    phones = []
    try:
        # The box's pages carry the CSP the page was written for: its absence would make the
        # "no violation" checks below say nothing.
        with urllib.request.urlopen(host.join_url, timeout=10) as r:
            csp = r.headers.get("Content-Security-Policy", "")
        check("script-src 'self'" in csp and "default-src 'self'" in csp, f"GET {host.join_url}: Content-Security-Policy {csp!r}")

        a = Phone("phone 360×740", 360, 740, screens)
        phones.append(a)
        b = Phone("tablet 768×1024", 768, 1024, screens)
        phones.append(b)
        for p in phones:
            p.lang = "en"
        join(a, host, "Aiko")
        join(b, host, "Bartholomew", refused_as="AIKO")  # the same name ignoring case
        for p in phones:
            p.shot("lobby")
            check(p.text("wait-text") == WORDS["en"]["waiting"], f"{p.label}: the lobby says {p.text('wait-text')!r}")

        # The same player opened in a second tab: the box gives it the player and closes the
        # first page's socket (4000), which says so and does not fight back; "Play here" takes
        # the player back, and then the second tab says so.
        first = a.driver.current_window_handle
        a.driver.switch_to.new_window("tab")
        second = a.driver.current_window_handle
        a.driver.get(host.join_url)
        a.until(lambda: a.view() == "view-wait" and a.text("me-name") == "Aiko", "the player resumed in a second tab")
        a.driver.switch_to.window(first)
        a.until(lambda: a.view() == "view-elsewhere" and a.text("elsewhere-text") == WORDS["en"]["elsewhere"],
                "the first tab saying the player is elsewhere")
        a.shot("elsewhere")
        a.el("play-here").click()
        a.until(lambda: a.view() == "view-wait" and a.text("wait-text") == WORDS["en"]["waiting"], "the player back in the first tab")
        a.driver.switch_to.window(second)
        a.until(lambda: a.view() == "view-elsewhere", "the second tab saying the player is elsewhere")
        a.collect_log()
        a.driver.close()
        a.driver.switch_to.window(first)

        q = EN_QUIZ["questions"][0]
        host.key("n")
        for p in phones:
            p.until(lambda p=p: p.view() == "view-question" and p.text("q-text") == q["text"], "the first question")
            labels = p.js("return [...document.querySelectorAll('#choices .choice')].map(b => b.getAttribute('aria-label'))")
            check(labels == [f"Choice {i + 1}: {c}" for i, c in enumerate(q["choices"])], f"{p.label}: the buttons' labels {labels}")
            shapes = p.js("return [...document.querySelectorAll('#choices .choice svg.shape')].length")
            check(shapes == 4, f"{p.label}: {shapes} shapes drawn for 4 choices")
            p.shot("question")
        # The phone turned sideways: every choice still on the screen, none cut.
        a.size(740, 360)
        a.until(lambda: a.js("const r = document.querySelector('#choices .choice:last-child').getBoundingClientRect();"
                             "return r.bottom <= innerHeight && r.right <= innerWidth && r.height >= 44"),
                "every choice visible in landscape")
        a.driver.save_screenshot(os.path.join(screens, "player-740x360-question.png"))
        a.size(360, 740)

        choice_button(a, 1).click()  # Saturn: right
        choice_button(b, 2).click()  # Uranus: wrong
        for p, i in ((a, 1), (b, 2)):
            p.until(lambda p=p, i=i: answered(p, i), f"'answer received' on choice {i + 1}")
            p.shot("answered")

        # A reload mid-question: the same player (token kept), its answer shown from the box.
        token = a.js("return JSON.parse(localStorage.getItem('quizkiosk.player')).token")
        a.driver.refresh()
        a.until(lambda: a.view() == "view-question" and answered(a, 1) and a.text("me-name") == "Aiko",
                "the same player with its answer after the reload")
        check(a.js("return JSON.parse(localStorage.getItem('quizkiosk.player')).token") == token, "the reload changed the token")

        # The box dies mid-question (kill -9) and comes back: both pages say they are
        # reconnecting, retry with backoff, and resume as the same players with their answers.
        for p in phones:
            p.collect_log()
        host.kill()
        for p in phones:
            p.until(lambda p=p: p.text("status") == WORDS["en"]["reconnecting"], "'Reconnecting…' while the box is gone")
        a.shot("reconnecting")
        host = host.restarted()
        host.wait_line("resumed")
        for p, i in ((a, 1), (b, 2)):
            p.until(lambda p=p, i=i: p.text("status") == "" and p.view() == "view-question" and answered(p, i),
                    f"back as the same player with choice {i + 1} after the restart")
            p.collect_log(expected=["WebSocket connection to 'ws://127.0.0.1:"])

        host.key("r")
        for p, verdict, rank in ((a, "youAreRight", 1), (b, "youAreWrong", 2)):
            want_place = WORDS["en"]["yourPlace"].replace("{rank}", str(rank)).replace("{of}", "2")
            p.until(lambda p=p, v=verdict, w=want_place: p.view() == "view-result" and p.text("r-text") == WORDS["en"][v]
                    and p.text("r-place") == w, f"the result {WORDS['en'][verdict]!r}, {want_place!r}")
            p.shot("result")
        # The wrong answer's result (two answer lines) on a phone held sideways: all of it seen.
        b.size(740, 360)
        b.until(lambda: b.js("return [...document.querySelectorAll('#view-result .standing, #view-result .answers')]"
                             ".every(e => e.getBoundingClientRect().bottom <= innerHeight)"),
                "the whole result visible in landscape")
        b.driver.save_screenshot(os.path.join(screens, "player-740x360-result.png"))
        b.size(768, 1024)
        points = a.text("r-points")
        check(points.startswith("+") and points.endswith(" points") and int(points[1:-7].replace(",", "")) >= 500,
              f"phone: the points {points!r}")
        check(a.text("r-score") == points[1:-7], f"phone: the score {a.text('r-score')!r} is not the points {points!r}")
        check(b.text("r-points") == "+0 points", f"tablet: the points {b.text('r-points')!r}")
        check("Saturn" in b.text("r-answers"), f"tablet: the correct answer is not shown: {b.text('r-answers')!r}")

        host.key("l")
        for p in phones:
            p.until(lambda p=p: p.view() == "view-wait" and p.text("wait-text") == WORDS["en"]["leaderboard"], "the standings")
        a.shot("standings")

        # Six choices: every shape; the tablet lets the time pass without an answer.
        q = EN_QUIZ["questions"][1]
        host.key("n")
        for p in phones:
            p.until(lambda p=p: p.view() == "view-question" and p.text("q-text") == q["text"], "the second question")
        a.shot("six-choices")
        b.shot("six-choices")
        choice_button(a, 1).click()
        a.until(lambda: answered(a, 1), "'answer received' on the second question")
        host.key("r")
        b.until(lambda: b.view() == "view-result" and b.text("r-text") == WORDS["en"]["noAnswer"], "'you did not answer'")
        b.shot("no-answer")
        a.until(lambda: a.view() == "view-result" and a.text("r-place") == "Place 1 of 2", "the second result")

        # The console opens beside the players (console_test.py tests it; here: it loads CSP-clean
        # on the same origin as the player page, which keeps its own player).
        a.driver.get(host.console_url)
        a.until(lambda: a.view() == "view-console" and bool(a.text("now-phase")), "the console")

        for p in phones:
            for problem in p.problems():
                failures.append(f"{p.label}: {problem}")

        # The probe works and the CSP is enforced: an inline script added to the page is refused
        # (and seen), and does not run.
        a.js("const s = document.createElement('script'); s.textContent = 'window.__ran = true'; document.body.append(s)")
        a.until(lambda: a.js("return window.__csp.some(v => v.startsWith('script-src'))"), "the refusal of an inline script")
        check(a.js("return window.__ran") is None, "an inline script ran: the CSP is not enforced")
        # … and the console reading works: the refusal is there as an error.
        seen = len(a.log)
        a.until(lambda: (a.collect_log() or True) and any(e["level"] == "SEVERE" and "Content Security Policy" in e["message"]
                                                          for e in a.log[seen:]), "the refusal in the console's log")
    finally:
        for p in phones:
            p.quit()
        host.stop()


def arabic_room(binary, tmp, broker, screens, failures):
    host = Host(binary, write_quiz(tmp, "quiz-ar.json", AR_QUIZ), broker, "browser-ar", os.path.join(tmp, "data-ar"))
    phone = None
    try:
        phone = Phone("Arabic phone 360×740", 360, 740, screens)
        phone.lang = "en"  # the join form speaks the browser's language until the room's state comes
        join(phone, host, "سارة")
        phone.lang = "ar"
        ar = WORDS["ar"]
        phone.until(lambda: phone.text("wait-text") == ar["waiting"], "the lobby in Arabic")
        check(phone.js("return document.documentElement.dir") == "rtl", "the Arabic room's page is not dir=rtl")
        check(phone.js("return document.documentElement.lang") == "ar", "the Arabic room's page is not lang=ar")
        phone.shot("ar-lobby")
        host.key("n")
        q = AR_QUIZ["questions"][0]
        phone.until(lambda: phone.view() == "view-question" and phone.text("q-text") == q["text"], "the Arabic question")
        # Mirrored: each choice's shape on the right of its text, the title on the right of the name.
        mirrored = phone.js(
            "const b = document.querySelector('#choices .choice'); const s = b.querySelector('.shape').getBoundingClientRect();"
            "const t = b.querySelector('.text').getBoundingClientRect();"
            "const title = document.getElementById('title').getBoundingClientRect(), me = document.getElementById('me').getBoundingClientRect();"
            "return s.left > t.right - 1 && title.left > me.right - 1")
        check(mirrored, "the Arabic page is not mirrored (shape right of the text, title right of the name)")
        label = phone.js("return document.querySelector('#choices .choice').getAttribute('aria-label')")
        check(label.startswith("الخيار "), f"the Arabic button's label {label!r}")
        phone.shot("ar-question")
        choice_button(phone, 0).click()
        phone.until(lambda: answered(phone, 0), "'answer received' in Arabic")
        phone.shot("ar-answered")
        host.key("r")
        phone.until(lambda: phone.view() == "view-result" and phone.text("r-text") == ar["youAreRight"], "the Arabic result")
        # The TV's digits for an Arabic room (RoomNumbers: Arabic-Indic), whatever the browser's default.
        score = phone.text("r-score")
        check(score and all(c in "٠١٢٣٤٥٦٧٨٩٬" for c in score), f"the Arabic score {score!r} is not in Arabic-Indic digits")
        phone.shot("ar-result")
        for problem in phone.problems():
            failures.append(f"{phone.label}: {problem}")
    finally:
        if phone:
            phone.quit()
        host.stop()


def run_rooms(label, rooms, tools, installs, summary):
    """The main() of a browser test (this one and console_test.py): check the tools, run each room
    against one private broker, print every failure or the one-line summary; the exit status."""
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__.split("\n", 1)[0])
    parser.add_argument("--quizkiosk", required=True)
    parser.add_argument("--screens")
    args = parser.parse_args()
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/sbin/mosquitto", *tools, args.quizkiosk]:
        if not os.access(tool, os.X_OK):
            print(f"{label}: {tool} is missing (scripts/setup installs {installs})")
            return 1
    tmp = tempfile.mkdtemp(prefix=f"quizkiosk-{label.split()[0]}-")
    screens = args.screens or os.path.join(tmp, "screens")
    os.makedirs(screens, exist_ok=True)
    failures = []
    broker = None
    start = time.monotonic()
    try:
        broker = Broker(tmp)
        for room in rooms:
            room(args.quizkiosk, tmp, broker, screens, failures)
    except Failure as e:
        failures.append(str(e))
    finally:
        if broker:
            broker.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    kept = f"; screenshots in {args.screens}" if args.screens else ""
    print(f"{label}: {summary} in {time.monotonic() - start:.1f} s{kept}")
    return 0


def main():
    return run_rooms("browser test", [english_room, arabic_room], [], "chromium, chromium-driver, mosquitto",
                     "2 rooms, 3 browsers, every step seen, no console error or CSP violation")


if __name__ == "__main__":
    sys.exit(main())
