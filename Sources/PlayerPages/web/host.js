// The host's console: the quiz night from the host's phone. Speaks players v1's host side
// (docs/players.md, "The host's console") on the box's own WebSocket: `host` with the secret
// from the URL's fragment, then actions; the box answers with `host-state` after every change
// and `host-notice` when an action changed nothing. No framework, nothing from another origin;
// the box decides, this page shows what it is told and sends taps.
import { RTL, WORDS } from "/words.js";
import { HOST_WORDS } from "/host-words.js";
import { fill, languageOf, roomLanguage } from "/locale.js";
import { reconnection } from "/reconnect.js";

const SECRET = "quizkiosk.host";      // the console's secret, kept so a reload works
const LOCALE = "quizkiosk.locale";    // the last room's tag (the player page keeps it too)
const ADD_SECONDS = 10;

// ---------------------------------------------------------------- words

const lang = { code: "en", numbers: new Intl.NumberFormat("en"), plurals: new Intl.PluralRules("en") };

function setLanguage(tag) {
  const room = roomLanguage(tag, HOST_WORDS);
  const changed = room.code !== lang.code || room.tag !== lang.tag;
  if (!changed) return false;   // (every host-state names the room's language)
  Object.assign(lang, room);
  const root = document.documentElement;
  root.lang = room.base;
  root.dir = RTL.includes(room.code) ? "rtl" : "ltr";
  for (const e of document.querySelectorAll("[data-word]")) e.textContent = word(e.dataset.word);
  $("controls").setAttribute("aria-label", word("console"));
  return changed;
}

// A word of the console's (host-words.js), else one it shares with the TV and the phones.
function lookup(key) {
  for (const table of [HOST_WORDS[lang.code], WORDS[lang.code], HOST_WORDS.en, WORDS.en]) {
    if (table && key in table) return table[key];
  }
  return undefined;
}

function word(key, values = {}) {
  const w = lookup(key);
  if (w === undefined) return key;
  return fill(typeof w === "string" ? w : w.other, values);
}

function counted(key, n, values = {}) {
  const forms = lookup(key);
  if (!forms || typeof forms === "string") return word(key, { n: num(n), ...values });
  return fill(forms[lang.plurals.select(n)] ?? forms.other, { n: num(n), ...values });
}

function num(n) { return lang.numbers.format(n); }

// "17", "1:05": the seconds left as the host reads them at a glance.
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return num(s);
  const m = Math.floor(s / 60), r = s % 60;
  return num(m) + ":" + (r < 10 ? num(0) : "") + num(r);
}

const PHASES = { lobby: "lobby", question: "question", reveal: "answer", leaderboard: "standings", ended: "finalResults" };

function phaseWord(phase) { return phase in PHASES ? word(PHASES[phase]) : String(phase || ""); }

// ---------------------------------------------------------------- the page

const $ = (id) => document.getElementById(id);
const VIEWS = ["secret", "elsewhere", "console"];

function show(view) {
  for (const v of VIEWS) $("view-" + v).hidden = v !== view;
  app.view = view;
  if (view !== "console") notice("");   // a notice is about the console's last tap
}

function setStatus(text) { $("status").textContent = text || ""; }

function notice(text) {
  const n = $("notice");
  n.textContent = text;
  n.hidden = !text;
  clearTimeout(app.noticeTimer);
  if (text) app.noticeTimer = setTimeout(() => { n.hidden = true; n.textContent = ""; }, 6000);
}

const app = {
  secret: "",
  ws: null,
  attempt: 0,
  retryTimer: 0,
  hiddenSince: 0,
  replaced: false,
  refused: false,
  state: null,         // the last host-state
  deadline: 0,         // performance.now() when the open question's time is up (0: not running)
  timer: 0,
  noticeTimer: 0,
  open: null,          // the player whose row is open, and how: {player, mode: "actions" | "rename" | "kick"}
  rows: new Map(),     // player id → its <li>
  view: "secret",
};

// Backoff and wake-up (reconnect.js); `retry` after a failed socket, `reconnectNow` for a fresh one.
const { retry, reconnectNow } = reconnection(app, { wanted, connect, waiting: () => setStatus(word("reconnecting")) });

// ---------------------------------------------------------------- the secret

// From the URL's fragment (`/host#SECRET`, never sent to the box by the browser), kept for a
// reload and taken out of the address bar (a screenshot or a look over the shoulder would show it).
function takeSecret() {
  let secret = "";
  const hash = location.hash.slice(1);
  if (hash) {
    try { secret = decodeURIComponent(hash); } catch { secret = hash; }
    try { sessionStorage.setItem(SECRET, secret); localStorage.setItem(SECRET, secret); } catch { /* this visit only */ }
    history.replaceState(null, "", location.pathname + location.search);
  } else {
    try { secret = sessionStorage.getItem(SECRET) || localStorage.getItem(SECRET) || ""; } catch { secret = ""; }
  }
  return secret.trim();
}

function forgetSecret() {
  app.secret = "";
  try { sessionStorage.removeItem(SECRET); localStorage.removeItem(SECRET); } catch { /* fine */ }
}

// ---------------------------------------------------------------- the socket

function socketURL() { return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws"; }

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

// A tap: the last notice was about the tap before it.
function act(message) {
  notice("");
  return send(Object.assign({ type: "action" }, message));
}

function wanted() { return !app.replaced && !app.refused && app.secret !== ""; }

function connect() {
  clearTimeout(app.retryTimer);
  app.retryTimer = 0;
  if (app.ws && (app.ws.readyState === WebSocket.OPEN || app.ws.readyState === WebSocket.CONNECTING)) return;
  let ws;
  try { ws = new WebSocket(socketURL()); } catch { return retry(); }
  app.ws = ws;
  ws.addEventListener("open", () => {
    if (ws !== app.ws) return;
    send({ type: "host", secret: app.secret });
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

function closed(code) {
  stopClock();
  if (code === 4000) {
    // A newer console took over (another phone, another tab): no fight over it.
    app.replaced = true;
    setStatus("");
    show("elsewhere");
    return;
  }
  if (wanted()) retry();
}

// ---------------------------------------------------------------- the box's messages

function receive(m) {
  switch (m.type) {
    case "host-state": return stateArrived(m);
    case "host-notice": return noticeArrived(m);
    case "rejected": return rejected(m);
    default: return;  // unknown messages are ignored (players v1 extends compatibly)
  }
}

function rejected(m) {
  if (m.reason === "not-host") {
    // A wrong secret (or the box's secret changed): nothing but this refusal. Say how to get in.
    forgetSecret();
    app.refused = true;
    stopClock();
    setStatus("");
    if (app.ws) { try { app.ws.close(1000); } catch { /* gone */ } }
    app.ws = null;
    show("secret");
    return;
  }
  const key = "rejected." + m.reason;
  notice(lookup(key) !== undefined ? word(key) : String(m.message || m.reason || ""));
}

function noticeArrived(m) {
  const own = "notice." + m.reason;
  const shared = "rejected." + m.reason;   // name-taken, name-invalid: the phones' words
  if (lookup(own) !== undefined) return notice(word(own));
  if (lookup(shared) !== undefined) return notice(word(shared));
  notice(String(m.message || m.reason || ""));
}

function stateArrived(m) {
  app.attempt = 0;
  setStatus("");
  if (typeof m.locale === "string") {
    setLanguage(m.locale);
    try { localStorage.setItem(LOCALE, m.locale); } catch { /* fine */ }
  }
  app.state = m;
  const title = typeof m.title === "string" && m.title ? m.title : "QuizKiosk";
  $("title").textContent = title;
  document.title = word("console") + " · " + title;
  for (const b of document.querySelectorAll(".controls .big")) b.classList.remove("sent");
  render();
  if (app.view !== "console") show("console");
}

// ---------------------------------------------------------------- what the console shows

function render() {
  const s = app.state;
  if (!s) return;
  const players = Array.isArray(s.players) ? s.players : [];
  const q = s.question && typeof s.question === "object" ? s.question : null;
  const step = s.step && typeof s.step === "object" ? s.step : null;
  const phase = String(s.phase || "");

  $("now-phase").textContent = phaseWord(phase);
  const progress = $("now-progress");
  progress.hidden = !step;
  if (step) progress.textContent = word("progress", { n: num(Number(step.number) || 0), total: num(Number(step.total) || 0) });
  $("now-text").hidden = !step;
  if (step) $("now-text").textContent = String(step.text || "");
  const answer = $("now-answer");
  answer.hidden = !(step && typeof step.answer === "string");
  if (!answer.hidden) answer.textContent = word("correct", { answer: step.answer });

  const join = $("join");
  join.hidden = !(phase === "lobby" && typeof s.joinCode === "string" && s.joinCode);
  if (!join.hidden) $("join-value").textContent = s.joinCode;

  if (q) {
    const answered = players.filter((p) => p.answered === true).length;
    $("count").textContent = counted("answeredOf", answered, { total: num(players.length) });
  } else {
    $("count").textContent = counted("playersJoined", players.length);
  }
  startClock(q);
  renderButtons(phase, q, s);
  renderPlayers(players, !!q);
  renderRoom(s.locked === true);
  renderScreens(Array.isArray(s.screens) ? s.screens : []);
}

function renderButtons(phase, q, s) {
  const question = phase === "question";
  const running = question && q && !q.paused && Number(q.remainingMs) > 0;
  const enable = {
    "act-next": phase !== "ended",
    "act-reveal": question,
    "act-leaderboard": question || phase === "reveal",
    "act-back": s.canGoBack !== false,
    "act-pause": question && (q?.paused === true || running),
    "act-add-time": question,
  };
  for (const [id, on] of Object.entries(enable)) $(id).disabled = !on;
  const pause = $("act-pause");
  const paused = q?.paused === true;
  pause.dataset.action = paused ? "resume" : "pause";
  pause.textContent = word(paused ? "resume" : "pause");
  pause.classList.toggle("resume", paused);
  $("act-add-time").textContent = word("addTime", { n: num(ADD_SECONDS) });
}

// The countdown: from `remainingMs` at this message's arrival, as the phones count.
function startClock(q) {
  stopClock();
  const clock = $("clock");
  clock.hidden = !q;
  if (!q) return;
  const remaining = Number(q.remainingMs) || 0;
  clock.setAttribute("aria-label", word("timeLeft"));
  if (q.paused === true) {
    clock.className = "clock paused";
    $("clock-label").textContent = word("paused");
    $("clock-value").textContent = clockText(remaining);
    return;
  }
  app.deadline = performance.now() + remaining;
  const tick = () => {
    const left = app.deadline - performance.now();
    if (left <= 0) {
      clock.className = "clock over";
      $("clock-label").textContent = word("timeLeft");
      $("clock-value").textContent = word("timesUp");
      $("act-pause").disabled = true;
      stopClock(false);
      return;
    }
    clock.className = "clock";
    $("clock-label").textContent = word("timeLeft");
    const text = clockText(left);
    if ($("clock-value").textContent !== text) $("clock-value").textContent = text;
  };
  tick();
  if (app.deadline > performance.now()) app.timer = setInterval(tick, 250);
}

function stopClock(clear = true) {
  clearInterval(app.timer);
  app.timer = 0;
  if (clear) app.deadline = 0;
}

// ---------------------------------------------------------------- the players

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(className, text, onClick) {
  const b = el("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function makeRow(id) {
  const li = el("li", "player");
  li.dataset.player = id;
  const row = button("row", undefined, () => toggle(id));
  row.setAttribute("aria-expanded", "false");
  const dot = el("span", "dot");
  dot.setAttribute("aria-hidden", "true");
  const who = el("span", "who");
  const name = el("bdi", "name");
  const meta = el("span", "meta");
  who.append(name, meta);
  const score = el("span", "score");
  row.append(dot, who, score);

  const actions = el("div", "actions");
  actions.append(button("small rename", word("rename"), () => open(id, "rename")),
                 button("small kick danger", word("kick"), () => open(id, "kick")));

  const form = el("form", "rename-form");
  const input = el("input");
  input.name = "name";
  input.maxLength = 40;
  input.autocomplete = "off";
  input.spellcheck = false;
  input.dir = "auto";
  input.setAttribute("enterkeyhint", "done");
  form.append(input, el("button", "small save go", word("save")), button("small cancel", word("cancel"), () => open(null)));
  form.querySelector(".save").type = "submit";
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const value = input.value.trim();
    if (value) act({ action: "rename", player: id, name: value });
    open(null);
  });

  const confirm = el("div", "confirm");
  confirm.append(button("small confirm-kick danger", "", () => {
    act({ action: "kick", player: id });
    open(null);
  }), button("small cancel", word("cancel"), () => open(null)));

  li.append(row, actions, form, confirm);
  return li;
}

function toggle(id) { open(app.open && app.open.player === id ? null : id, "actions"); }

function open(id, mode = "actions") {
  app.open = id ? { player: id, mode } : null;
  for (const [pid, li] of app.rows) layoutRow(li, pid);
  if (id && mode === "rename") {
    const input = app.rows.get(id)?.querySelector("input");
    if (input) { input.value = playerName(id); input.focus(); input.select(); }
  }
  if (id && mode === "kick") app.rows.get(id)?.querySelector(".confirm-kick")?.focus();
}

function playerName(id) {
  const p = (app.state?.players || []).find((x) => x.player === id);
  return p ? String(p.name || "") : "";
}

function layoutRow(li, id) {
  const mode = app.open && app.open.player === id ? app.open.mode : null;
  li.classList.toggle("open", mode !== null);
  li.querySelector(".row").setAttribute("aria-expanded", String(mode !== null));
  li.querySelector(".actions").hidden = mode !== "actions";
  li.querySelector(".rename-form").hidden = mode !== "rename";
  li.querySelector(".confirm").hidden = mode !== "kick";
}

function renderPlayers(players, question) {
  const list = $("players");
  $("players-empty").hidden = players.length > 0;
  $("players-count").textContent = players.length ? num(players.length) : "";
  const seen = new Set();
  let before = null;
  // In join order (the box's); rows are kept, so a rename being typed is not lost.
  for (const p of players) {
    const id = String(p.player);
    seen.add(id);
    let li = app.rows.get(id);
    if (!li) {
      li = makeRow(id);
      app.rows.set(id, li);
    }
    const next = before ? before.nextSibling : list.firstChild;
    if (next !== li) list.insertBefore(li, next);
    before = li;
    const name = String(p.name || "");
    li.querySelector(".name").textContent = name;
    const status = [word(p.connected ? "connected" : "notConnected")];
    if (question && p.answered) status.push(word("answered"));
    li.querySelector(".meta").textContent = status.join(" · ");
    li.querySelector(".score").textContent = num(Number(p.score) || 0);
    li.classList.toggle("offline", !p.connected);
    li.classList.toggle("answered", question && p.answered === true);
    li.querySelector(".dot").className = "dot" + (p.connected ? " on" : "");
    li.querySelector(".confirm-kick").textContent = word("confirmKick", { name });
    li.querySelector(".row").setAttribute("aria-label", name + ", " + status.join(", ") + ", " + word("score") + " " + num(Number(p.score) || 0));
    layoutRow(li, id);
  }
  for (const [id, li] of app.rows) {
    if (seen.has(id)) continue;
    li.remove();
    app.rows.delete(id);
    if (app.open && app.open.player === id) app.open = null;
  }
}

// ---------------------------------------------------------------- the room and its screens

function renderRoom(locked) {
  $("room-state").textContent = word(locked ? "locked" : "open");
  $("room-state").className = "room-state" + (locked ? " locked" : "");
  const b = $("act-lock");
  b.textContent = word(locked ? "unlock" : "lock");
  b.dataset.locked = String(!locked);   // what a tap asks for
}

function renderScreens(screens) {
  const list = $("screens");
  $("screens-empty").hidden = screens.length > 0;
  list.replaceChildren();
  for (const s of screens) {
    const li = el("li", "screen" + (s.online ? "" : " offline"));
    li.dataset.screen = String(s.id);
    const head = el("span", "screen-head");
    head.append(el("bdi", "screen-id", String(s.id)), el("span", "badge" + (s.online ? " on" : ""), word(s.online ? "screenOnline" : "screenOffline")));
    const facts = [];
    if (s.online && typeof s.shows === "string") facts.push(phaseWord(s.shows));
    if (s.online && Number.isInteger(s.missedVblanks)) facts.push(counted("missedFrames", s.missedVblanks));
    li.append(head);
    if (facts.length) li.append(el("span", "screen-facts", facts.join(" · ")));
    list.append(li);
  }
}

// ---------------------------------------------------------------- taps

for (const b of document.querySelectorAll(".controls .big")) {
  b.addEventListener("click", () => {
    const action = b.dataset.action;
    const message = { action };
    if (action === "add-time") message.seconds = ADD_SECONDS;
    if (act(message)) b.classList.add("sent");
    else retry();
  });
}

$("act-lock").addEventListener("click", (e) => {
  act({ action: "lock", locked: e.currentTarget.dataset.locked === "true" });
});

$("take-back").addEventListener("click", () => {
  app.replaced = false;
  setStatus(word("reconnecting"));
  show("console");
  reconnectNow();
});

// ---------------------------------------------------------------- start

function start() {
  let stored = null;
  try { stored = localStorage.getItem(LOCALE); } catch { /* none */ }
  setLanguage(stored || navigator.languages?.find((t) => languageOf(t, HOST_WORDS)) || navigator.language || "en");
  app.secret = takeSecret();
  if (!app.secret) {
    show("secret");
    return;
  }
  setStatus(word("reconnecting"));
  connect();
}

start();
