// How a page's WebSocket comes back (the players' page and the host's console share it).
// Backoff 0.5, 1, 2, 4, 8, then every 10 s, each ±25 % so that a room of phones does not come
// back in step after the box restarts; at once when the phone wakes (hidden for more than 15 s:
// the old socket may be dead without knowing it yet), when its network comes back, or when the
// page returns from the back-forward cache.
// `app` holds ws, attempt, retryTimer and hiddenSince; `wanted()` says whether the page wants a
// socket now; `waiting()` shows that it is reconnecting.
export function reconnection(app, { wanted, connect, waiting }) {
  function retry() {
    if (!wanted()) return;
    waiting();
    const base = Math.min(10000, 500 * 2 ** app.attempt);
    app.attempt = Math.min(app.attempt + 1, 10);
    clearTimeout(app.retryTimer);
    app.retryTimer = setTimeout(connect, base * (0.75 + Math.random() * 0.5));
  }

  // A fresh socket, the old one closed first.
  function reconnectNow() {
    const old = app.ws;
    app.ws = null;
    if (old) { try { old.close(1000); } catch { /* already gone */ } }
    app.attempt = 0;
    connect();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { app.hiddenSince = performance.now(); return; }
    if (!wanted()) return;
    const slept = app.hiddenSince && performance.now() - app.hiddenSince > 15000;
    app.hiddenSince = 0;
    if (slept || !app.ws) reconnectNow();
  });
  window.addEventListener("online", () => { if (wanted() && !app.ws) reconnectNow(); });
  window.addEventListener("pageshow", (e) => { if (e.persisted && wanted()) reconnectNow(); });
  return { retry, reconnectNow };
}
