// The players' page: join with the code and a name, answer on the phone, see the result.
// Speaks players v1 (docs/players.md) on the box's own WebSocket; no framework, nothing from
// another origin. The box is the judge: this page shows what it is told and sends taps.
import { RTL, WORDS } from "/words.js";
import { fill, languageOf as matchLanguage, roomLanguage } from "/locale.js";
import { reconnection } from "/reconnect.js";

// ---------------------------------------------------------------- the TV's choices

// Theme.swift's six choices (fill, ink), each with the shape the TV draws beside it.
const CHOICES = [
  { shape: "triangle" }, { shape: "diamond" }, { shape: "circle" },
  { shape: "square" }, { shape: "star" }, { shape: "hexagon" },
];

// ChoiceShape.path(cx:cy:size:) at size 100 in a 100 × 100 box, as polygon points.
function polygon(cx, cy, radius, sides, rotation = -Math.PI / 2, inner = null) {
  const pts = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i * 2 * Math.PI) / sides;
    pts.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
    if (inner !== null) {
      const b = a + Math.PI / sides;
      pts.push([cx + radius * inner * Math.cos(b), cy + radius * inner * Math.sin(b)]);
    }
  }
  return pts.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
}

const SVG = "http://www.w3.org/2000/svg";

function svgElement(name, attributes = {}) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

function shapeSVG(index, className = "shape") {
  const svg = svgElement("svg", { viewBox: "0 0 100 100", class: className, "aria-hidden": "true", focusable: "false" });
  const r = 50, c = 50;
  switch (CHOICES[index % CHOICES.length].shape) {
    case "triangle": svg.append(svgElement("polygon", { points: polygon(c, c + r * 0.15, r * 1.1, 3) })); break;
    case "diamond": svg.append(svgElement("polygon", { points: polygon(c, c, r, 4) })); break;
    case "circle": svg.append(svgElement("circle", { cx: c, cy: c, r: r * 0.9 })); break;
    case "square": svg.append(svgElement("polygon", { points: polygon(c, c, r * 1.1, 4, Math.PI / 4) })); break;
    case "star": svg.append(svgElement("polygon", { points: polygon(c, c + r * 0.08, r * 1.05, 5, -Math.PI / 2, 0.45) })); break;
    default: svg.append(svgElement("polygon", { points: polygon(c, c, r, 6, 0) })); break;
  }
  return svg;
}

// A check in a circle (answer received, right) or a cross (wrong), drawn by strokes.
function markSVG(svg, kind) {
  svg.replaceChildren();
  if (!kind) return svg;
  svg.append(svgElement("circle", { cx: 50, cy: 50, r: 48 }));
  svg.append(svgElement("path", { d: kind === "check" ? "M28 52 L44 67 L73 35" : "M33 33 L67 67 M67 33 L33 67" }));
  return svg;
}

function choiceClass(index) { return "c" + (index % CHOICES.length); }

// ---------------------------------------------------------------- words

const lang = {
  code: "en",          // the table's language
  tag: "en",           // the room's tag as the browser's Intl takes it, with the TV's digits
  numbers: new Intl.NumberFormat("en"),
  plurals: new Intl.PluralRules("en"),
};

function languageOf(tag) { return matchLanguage(tag, WORDS); }

function setLanguage(tag) {
  const room = roomLanguage(tag, WORDS);
  const changed = room.code !== lang.code || room.tag !== lang.tag;
  Object.assign(lang, { code: room.code, tag: room.tag, numbers: room.numbers, plurals: room.plurals });
  const root = document.documentElement;
  root.lang = room.base;
  root.dir = RTL.includes(room.code) ? "rtl" : "ltr";
  for (const e of document.querySelectorAll("[data-word]")) e.textContent = word(e.dataset.word);
  return changed;
}

function word(key, values = {}) {
  const table = WORDS[lang.code] || WORDS.en;
  const w = key in table ? table[key] : WORDS.en[key];
  if (w === undefined) return key;
  return fill(typeof w === "string" ? w : w.other, values);
}

// A counted phrase: the form the room's plural rules pick for `n`, "{n}" in the room's digits.
function counted(key, n, values = {}) {
  const table = WORDS[lang.code] || WORDS.en;
  const forms = table[key] || WORDS.en[key];
  const form = forms[lang.plurals.select(n)] ?? forms.other;
  return fill(form, { n: num(n), ...values });
}

function num(n) { return lang.numbers.format(n); }

function place(rank, of) { return word("yourPlace", { rank: num(rank), of: num(of) }); }

// A phrase with a placeholder filled by an element (the answer's chip): text around it kept.
function phraseWith(template, key, element) {
  const out = document.createDocumentFragment();
  const at = template.indexOf("{" + key + "}");
  if (at < 0) { out.append(template, element); return out; }
  const before = template.slice(0, at).trim(), after = template.slice(at + key.length + 2).trim();
  if (before) out.append(Object.assign(document.createElement("span"), { textContent: before }));
  out.append(element);
  if (after) out.append(Object.assign(document.createElement("span"), { textContent: after }));
  return out;
}

// ---------------------------------------------------------------- the page's elements

const $ = (id) => document.getElementById(id);
const VIEWS = ["join", "wait", "question", "result", "elsewhere"];

function show(view) {
  for (const v of VIEWS) $("view-" + v).hidden = v !== view;
  app.view = view;
}

function setStatus(text) { $("status").textContent = text || ""; }

// Said by a screen reader once (the visible texts stay quiet, so nothing is said twice).
function announce(text) {
  const a = $("announce");
  a.textContent = "";
  // A change it can hear: emptied, then set on the next frame.
  requestAnimationFrame(() => { a.textContent = text; });
}

// ---------------------------------------------------------------- the player kept in the browser

const STORE = "quizkiosk.player";     // {token, code, name}
const LOCALE = "quizkiosk.locale";    // the last room's tag, for the join form of the next visit

function loadSession() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) || "null");
    if (s && typeof s === "object") {
      return { token: typeof s.token === "string" ? s.token : null, code: String(s.code || ""), name: String(s.name || "") };
    }
  } catch { /* a broken entry is no player */ }
  return { token: null, code: "", name: "" };
}

function saveSession() {
  try { localStorage.setItem(STORE, JSON.stringify(app.session)); } catch { /* private mode: this visit only */ }
}

function sameCode(a, b) { return a.replace(/\s+/g, "").toLowerCase() === b.replace(/\s+/g, "").toLowerCase(); }

// ---------------------------------------------------------------- the state

const app = {
  session: loadSession(),
  urlCode: "",
  ws: null,
  attempt: 0,
  retryTimer: 0,
  hiddenSince: 0,
  joining: null,      // {code, name} sent or waiting for the socket
  welcomed: false,
  replaced: false,
  state: null,        // the last `state`
  question: null,     // the open question's number and choices (kept for the result)
  deadline: 0,        // performance.now() when the open question's time is up
  paused: false,
  timer: 0,
  pending: null,      // {question, choice} sent, no `answered` yet
  answered: null,     // the open question's accepted choice
  result: null,       // the last `result`
  view: "join",
};

// Backoff and wake-up (reconnect.js); `retry` after a failed socket, `reconnectNow` for a fresh one.
const { retry, reconnectNow } = reconnection(app, { wanted, connect, waiting: () => setStatus(word("reconnecting")) });

// ---------------------------------------------------------------- the socket

function socketURL() {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
}

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function connect() {
  clearTimeout(app.retryTimer);
  app.retryTimer = 0;
  if (app.ws && (app.ws.readyState === WebSocket.OPEN || app.ws.readyState === WebSocket.CONNECTING)) return;
  let ws;
  try {
    ws = new WebSocket(socketURL());
  } catch {
    return retry();
  }
  app.ws = ws;
  ws.addEventListener("open", () => {
    if (ws !== app.ws) return;
    setStatus("");
    hello();
  });
  ws.addEventListener("message", (e) => {
    if (ws !== app.ws || typeof e.data !== "string") return;
    let m;
    try { m = JSON.parse(e.data); } catch { return; }
    if (m && typeof m === "object") receive(m);
  });
  ws.addEventListener("close", (e) => {
    if (ws !== app.ws) return;
    app.ws = null;
    closed(e.code);
  });
}

function wanted() { return !app.replaced && (app.session.token !== null || app.joining !== null); }

function hello() {
  if (app.session.token) send({ type: "resume", token: app.session.token });
  else if (app.joining) send({ type: "join", code: app.joining.code, name: app.joining.name });
}

function closed(code) {
  app.welcomed = false;
  if (code === 4000) {
    // Another page took this player (another tab, another phone): no fight over it.
    app.replaced = true;
    stopTimer();
    $("elsewhere-text").textContent = word("elsewhere");
    show("elsewhere");
    setStatus("");
    return;
  }
  if (wanted()) retry();
}

// ---------------------------------------------------------------- the box's messages

function receive(m) {
  switch (m.type) {
    case "welcome": return welcome(m);
    case "rejected": return rejected(m);
    case "state": return stateArrived(m);
    case "answered": return answeredArrived(m);
    case "result": return resultArrived(m);
    default: return;  // unknown messages are ignored (players v1 extends compatibly)
  }
}

function welcome(m) {
  app.attempt = 0;
  app.welcomed = true;
  const code = app.joining ? app.joining.code : app.session.code;
  app.session = { token: String(m.token), code, name: String(m.name || "") };
  app.joining = null;
  saveSession();
  showName(app.session.name);
  $("join-button").disabled = false;
}

function showName(name) {
  $("me-name").textContent = name;
  $("me").hidden = !name;
}

const JOIN_REASONS = ["bad-code", "name-taken", "name-invalid", "room-locked", "room-full"];
const ANSWER_REASONS = ["already-answered", "too-late", "not-open"];

function rejectionText(m) {
  const key = "rejected." + m.reason;
  const table = WORDS[lang.code] || WORDS.en;
  if (typeof m.reason === "string" && key in table) return table[key];
  return typeof m.message === "string" && m.message ? m.message : String(m.reason || "");
}

function rejected(m) {
  const text = rejectionText(m);
  if (m.reason === "bad-token" || m.reason === "kicked") {
    // The token is no player any more (another night, or the host removed it): join anew.
    app.session.token = null;
    app.joining = null;
    app.welcomed = false;
    saveSession();
    showName("");
    stopTimer();
    showJoin();
    joinError(text, null);
    return;
  }
  if (JOIN_REASONS.includes(m.reason) && app.joining) {
    app.joining = null;
    joinError(text, m.reason === "bad-code" ? "code" : m.reason.startsWith("name") ? "name" : null);
    return;
  }
  if (app.pending) {
    const pending = app.pending;
    app.pending = null;
    if (ANSWER_REASONS.includes(m.reason)) {
      // The box has the last word: answering this question is over for this phone.
      if (m.reason === "already-answered" && app.answered === null) app.answered = pending.choice;
      lockChoices(m.reason === "already-answered" ? app.answered : null);
    } else {
      unlockChoices();
    }
    questionStatus(text, "problem");
    announce(text);
    return;
  }
  setStatus(text);
}

function stateArrived(m) {
  if (setLanguage(m.locale)) renderWords();
  try { if (typeof m.locale === "string") localStorage.setItem(LOCALE, m.locale); } catch { /* fine */ }
  app.state = m;
  const title = typeof m.title === "string" && m.title ? m.title : "QuizKiosk";
  $("title").textContent = title;
  document.title = title;
  if (m.you && typeof m.you.name === "string" && m.you.name && m.you.name !== app.session.name) {
    app.session.name = m.you.name;
    saveSession();
  }
  showName(app.session.name);
  if (app.replaced) return;
  render();
}

function answeredArrived(m) {
  if (!app.question || m.question !== app.question.number) return;
  app.pending = null;
  app.answered = m.choice;
  lockChoices(m.choice);
  questionStatus(word("answerReceived"), "received");
  announce(word("answerReceived"));
}

function resultArrived(m) {
  app.result = m;
  stopTimer();
  renderResult();
  const r = m;
  const parts = [verdictText(r)];
  if (r.correctChoice !== null && r.correctChoice !== undefined) parts.push(counted("pointsEarned", r.points));
  parts.push(word("score") + " " + num(r.score), place(r.rank, r.of));
  announce(parts.join(". "));
}

// ---------------------------------------------------------------- what the page shows

function render() {
  const s = app.state;
  if (!s) return;
  const phase = s.phase;
  if (phase === "question" && s.question && typeof s.question === "object") return renderQuestion(s.question, s.you || {});
  // Out of the question phase: no question is open.
  stopTimer();
  app.pending = null;
  if (phase === "reveal" && app.result && app.question && app.result.question === app.question.number) return renderResult();
  renderWait(phase, s.you || {});
}

function renderWords() {
  // Texts made from the words (the views rebuild theirs when shown).
  if (app.view === "elsewhere") $("elsewhere-text").textContent = word("elsewhere");
  if (app.view === "question" && app.question) buildChoices(app.question, true);
}

function renderWait(phase, you) {
  $("wait-name").textContent = app.session.name;
  markSVG($("wait-mark"), phase === "lobby" ? "check" : null);
  const head = { lobby: "waiting", leaderboard: "leaderboard", ended: "finalResults" }[phase] || "waitingForQuestion";
  $("wait-text").textContent = word(head);
  $("wait-sub").textContent = phase === "ended" ? word("thanks") : phase === "leaderboard" ? word("waitingForQuestion") : "";
  const ranked = phase !== "lobby" && Number.isInteger(you.rank) && Number.isInteger(you.of) && you.of > 0;
  $("wait-standing").hidden = !(ranked || (Number.isInteger(you.score) && you.score > 0));
  $("wait-score").textContent = num(Number(you.score) || 0);
  $("wait-place").textContent = ranked ? place(you.rank, you.of) : "";
  show("wait");
}

function sameQuestion(a, b) {
  return a && b && a.number === b.number && a.choices.length === b.choices.length && a.choices.every((c, i) => c === b.choices[i]);
}

function renderQuestion(q, you) {
  const choices = Array.isArray(q.choices) ? q.choices.map(String) : [];
  const next = { number: Number(q.number), total: Number(q.total), text: String(q.text || ""), choices };
  const fresh = !sameQuestion(app.question, next);
  if (fresh) {
    app.question = next;
    app.result = null;
    app.pending = null;
    app.answered = null;
  }
  // The box's memory of this player's answer wins (a reload, a resumed phone).
  if (Number.isInteger(you.answered)) { app.answered = you.answered; app.pending = null; }
  $("q-progress").textContent = word("progress", { n: num(next.number), total: num(next.total) });
  $("q-text").textContent = next.text;
  buildChoices(next, fresh);
  if (app.answered !== null) {
    lockChoices(app.answered);
    questionStatus(word("answerReceived"), "received");
  } else if (app.pending) {
    lockChoices(app.pending.choice, true);
  } else {
    unlockChoices();
    questionStatus("", "");
  }
  startTimer(Number(q.remainingMs) || 0, q.paused === true);
  show("question");
  if (fresh) $("q-text").focus({ preventScroll: true });
}

function buildChoices(q, rebuild) {
  const box = $("choices");
  if (!rebuild && box.children.length === q.choices.length) return;
  box.replaceChildren();
  q.choices.forEach((text, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice " + choiceClass(i);
    b.dataset.choice = String(i);
    b.setAttribute("aria-label", word("choice", { n: num(i + 1), answer: text }));
    const label = document.createElement("span");
    label.className = "text";
    label.dir = "auto";
    label.textContent = text;
    b.append(shapeSVG(i), label, markSVG(svgElement("svg", { viewBox: "0 0 100 100", class: "badge", "aria-hidden": "true" }), "check"));
    b.addEventListener("click", () => tap(i));
    box.append(b);
  });
  $("q-text").tabIndex = -1;
}

function tap(choice) {
  if (!app.question || app.answered !== null || app.pending || app.state?.phase !== "question") return;
  if (app.deadline && performance.now() > app.deadline + 250 && !app.paused) return;
  const message = { type: "answer", question: app.question.number, choice };
  if (!send(message)) { retry(); return; }
  app.pending = { question: app.question.number, choice };
  lockChoices(choice, true);
  questionStatus("", "");
}

// Every choice locked; `chosen` (if any) marked. `sending`: the box has not said "stored" yet.
function lockChoices(chosen, sending = false) {
  const box = $("choices");
  box.classList.add("locked");
  for (const b of box.children) {
    const i = Number(b.dataset.choice);
    const mine = i === chosen;
    b.disabled = true;
    b.classList.toggle("chosen", mine);
    b.classList.toggle("sending", mine && sending);
    b.classList.toggle("received", mine && !sending);
    if (mine) b.setAttribute("aria-pressed", "true"); else b.removeAttribute("aria-pressed");
    const text = word("choice", { n: num(i + 1), answer: app.question ? app.question.choices[i] : "" });
    b.setAttribute("aria-label", mine && !sending ? text + " — " + word("yourAnswer") : text);
  }
}

function unlockChoices() {
  const box = $("choices");
  box.classList.remove("locked");
  for (const b of box.children) {
    b.disabled = false;
    b.classList.remove("chosen", "sending", "received");
    b.removeAttribute("aria-pressed");
  }
}

function questionStatus(text, kind) {
  const e = $("q-status");
  e.textContent = text;
  e.className = "qstatus" + (kind ? " " + kind : "");
}

// The countdown: from the box's `remainingMs` at this message's arrival (the box's clock judges).
function startTimer(remainingMs, paused) {
  stopTimer();
  app.paused = paused;
  const t = $("q-timer");
  t.setAttribute("aria-label", word("secondsLeft"));
  if (paused) {
    t.textContent = word("paused") + " · " + num(Math.ceil(remainingMs / 1000));
    t.className = "timer paused";
    app.deadline = 0;
    return;
  }
  app.deadline = performance.now() + remainingMs;
  const tick = () => {
    const left = app.deadline - performance.now();
    if (left <= 0) {
      t.textContent = word("timesUp");
      t.className = "timer over";
      if (app.answered === null && !app.pending) lockChoices(null);
      stopTimer(false);
      return;
    }
    const s = num(Math.ceil(left / 1000));
    if (t.textContent !== s) t.textContent = s;
    t.className = "timer";
  };
  tick();
  if (app.deadline > performance.now()) app.timer = setInterval(tick, 200);
}

function stopTimer(clear = true) {
  clearInterval(app.timer);
  app.timer = 0;
  if (clear) app.deadline = 0;
}

function verdictText(r) {
  if (r.correctChoice === null || r.correctChoice === undefined) return word("poll");
  if (r.choice === null || r.choice === undefined) return word("noAnswer");
  return r.correct ? word("youAreRight") : word("youAreWrong");
}

function chip(index) {
  const c = document.createElement("span");
  c.className = "chip " + choiceClass(index);
  const text = document.createElement("bdi");
  text.textContent = app.question && app.question.choices[index] !== undefined ? app.question.choices[index] : num(index + 1);
  c.append(shapeSVG(index), text);
  return c;
}

function renderResult() {
  const r = app.result;
  if (!r) return;
  const poll = r.correctChoice === null || r.correctChoice === undefined;
  const none = r.choice === null || r.choice === undefined;
  const verdict = $("r-verdict");
  verdict.className = "verdict" + (poll || none ? "" : r.correct ? " right" : " wrong");
  markSVG($("r-mark"), poll || none ? null : r.correct ? "check" : "cross");
  $("r-text").textContent = verdictText(r);
  $("r-points").textContent = poll ? "" : counted("pointsEarned", Number(r.points) || 0);
  const answers = $("r-answers");
  answers.replaceChildren();
  const line = (content) => {
    const p = document.createElement("p");
    p.className = "answer-line";
    p.append(content);
    answers.append(p);
  };
  if (!none) {
    const f = document.createDocumentFragment();
    f.append(Object.assign(document.createElement("span"), { textContent: word("yourAnswer") }), chip(r.choice));
    line(f);
  }
  if (!poll && !(r.correct && !none)) line(phraseWith(word("correct"), "answer", chip(r.correctChoice)));
  $("r-score").textContent = num(Number(r.score) || 0);
  $("r-place").textContent = Number(r.of) > 0 ? place(r.rank, r.of) : "";
  show("result");
}

// ---------------------------------------------------------------- joining

function showJoin() {
  $("code").value = app.urlCode || app.session.code || "";
  $("name").value = app.session.name || "";
  $("join-button").disabled = false;
  show("join");
}

function joinError(text, field) {
  $("join-error").textContent = text;
  $("join-button").disabled = false;
  for (const f of ["code", "name"]) $(f).setAttribute("aria-invalid", String(f === field));
  if (field) $(field).focus();
}

$("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code").value.trim(), name = $("name").value.trim();
  for (const [f, v] of [["code", code], ["name", name]]) $(f).setAttribute("aria-invalid", String(!v));
  if (!code) return $("code").focus();
  if (!name) return $("name").focus();
  $("join-error").textContent = "";
  app.joining = { code, name };
  app.replaced = false;
  $("join-button").disabled = true;
  if (app.ws && app.ws.readyState === WebSocket.OPEN) hello();
  else { app.attempt = 0; connect(); }
});

$("play-here").addEventListener("click", () => {
  app.replaced = false;
  show("wait");
  $("wait-text").textContent = word("reconnecting");
  reconnectNow();
});

// ---------------------------------------------------------------- start

function start() {
  const m = location.pathname.match(/^\/j\/([^/]+)$/);
  if (m) {
    try { app.urlCode = decodeURIComponent(m[1]).trim(); } catch { app.urlCode = ""; }
  }
  let stored = null;
  try { stored = localStorage.getItem(LOCALE); } catch { /* none */ }
  setLanguage(stored || navigator.languages?.find((t) => languageOf(t)) || navigator.language || "en");
  // A code in the URL that is not the kept player's: another quiz, so join it (the name kept).
  if (app.session.token && app.urlCode && !sameCode(app.urlCode, app.session.code)) app.session.token = null;
  if (app.session.token) {
    showName(app.session.name);
    $("wait-name").textContent = app.session.name;
    $("wait-text").textContent = "";
    show("wait");
    connect();
  } else {
    showJoin();
    (app.urlCode ? $("name") : $("code")).focus();
  }
}

start();
