#!/usr/bin/python3
"""Phones for the tests: real WebSocket clients (Debian's python3-websockets) against a
running `quizkiosk host`. Each mode prints one line per event, a name, a tab and JSON, flushed at
once (a test reads them while this runs, and a host killed mid-burst must not lose a line).

usage:
  phones.py protocol PORT SECRET      the contract's cases, one after the other (see below)
  phones.py burst PORT N SPREAD       N phones join, print `joined`, then each answers the
                                      first question at a random moment within SPREAD seconds
                                      of its opening; `ack` for each answered
  phones.py resume PORT TOKENS...     each token resumed once: the `state` it gets
  phones.py e2e PORT                  3 phones: join, two answer, everyone's result
  phones.py http PORT                 plain requests: status, Content-Type, CSP and Allow of each
  phones.py console PORT SECRET SCREEN
                                      the host's console: a wrong secret and a player's token
                                      refused; two players; the console's lists (SCREEN among
                                      the screens); each action in turn, the host-state after it
"""
import asyncio
import json
import random
import sys
import time

import websockets


def say(name, value):
    print(f"{name}\t{json.dumps(value, ensure_ascii=False)}", flush=True)


def url(port):
    return f"ws://127.0.0.1:{port}/ws"


async def recv_type(ws, wanted, timeout=10):
    """The next message of one of the `wanted` types (others are skipped)."""
    wanted = (wanted,) if isinstance(wanted, str) else wanted
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if m.get("type") in wanted:
            return m


async def closed_code(ws, timeout=10):
    try:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    except websockets.exceptions.ConnectionClosed as e:
        return [e.code, e.reason]


async def protocol(port, secret):
    out = {}
    origin = f"http://127.0.0.1:{port}"
    host = await websockets.connect(url(port), origin=origin)
    await host.send(json.dumps({"type": "host", "secret": secret}))
    out["host_state"] = (await recv_type(host, "host-state"))["phase"]

    a = await websockets.connect(url(port), origin=origin)
    await a.send(json.dumps({"type": "join", "code": "  4821 ", "name": "Aiko"}))
    welcome = await recv_type(a, ("welcome", "rejected"))
    out["welcome"] = {k: welcome.get(k) for k in ("type", "player", "name")}
    out["token_length"] = len(welcome.get("token", ""))
    out["lobby_state"] = (await recv_type(a, "state"))["phase"]

    b = await websockets.connect(url(port))  # no Origin: a native app
    await b.send(json.dumps({"type": "join", "code": "4821", "name": "aiko"}))
    out["name_taken"] = (await recv_type(b, "rejected"))["reason"]
    await b.send("{not json")
    bad = await recv_type(b, "rejected")
    out["bad_json"] = [bad["reason"], bool(bad.get("message"))]
    await b.send(json.dumps({"type": "join", "code": "4821", "name": "Bo"}))
    out["b_welcome"] = (await recv_type(b, "welcome"))["player"]

    await host.send(json.dumps({"type": "action", "action": "next"}))
    q = await recv_type(a, "state")
    out["question_state"] = [q["phase"], q["question"]["number"], "correct" in json.dumps(q)]
    await a.send(json.dumps({"type": "answer", "question": 1, "choice": 1}))
    out["answered"] = await recv_type(a, ("answered", "rejected"))
    await a.send(json.dumps({"type": "answer", "question": 1, "choice": 2}))
    out["again"] = (await recv_type(a, "rejected"))["reason"]

    # The same token on a second connection: it is the player, the first is closed with 4000.
    a2 = await websockets.connect(url(port), origin=origin)
    await a2.send(json.dumps({"type": "resume", "token": welcome["token"]}))
    out["resumed"] = (await recv_type(a2, "welcome"))["player"]
    out["resumed_answer"] = (await recv_type(a2, "state"))["you"]["answered"]
    out["replaced"] = await closed_code(a)

    # More than 10 messages in a second: too-fast, then the close.
    c = await websockets.connect(url(port))
    for _ in range(12):
        await c.send(json.dumps({"type": "resume", "token": "x"}))
    reasons = []
    try:
        while True:
            m = json.loads(await asyncio.wait_for(c.recv(), 10))
            reasons.append(m.get("reason"))
    except websockets.exceptions.ConnectionClosed as e:
        out["too_fast"] = [reasons[-1] if reasons else None, e.code]

    # A frame over 4 KiB closes that connection only (1009).
    d = await websockets.connect(url(port), max_size=None)
    await d.send(json.dumps({"type": "join", "code": "4821", "name": "x" * 5000}))
    out["oversized"] = (await closed_code(d))[0]

    # A page of another origin may not open the WebSocket.
    try:
        async with websockets.connect(url(port), origin="http://evil.example"):
            out["other_origin"] = "connected"
    except websockets.exceptions.InvalidStatusCode as e:
        out["other_origin"] = e.status_code

    # Everyone else is still served: Bo answers, the host reveals, both get their result.
    await b.send(json.dumps({"type": "answer", "question": 1, "choice": 0}))
    out["b_answered"] = (await recv_type(b, ("answered", "rejected")))["type"]
    await host.send(json.dumps({"type": "action", "action": "reveal"}))
    ra = await recv_type(a2, "result")
    rb = await recv_type(b, "result")
    out["results"] = [[r["correct"], r["points"] > 0, r["rank"], r["of"], r["correctChoice"]] for r in (ra, rb)]
    for ws in (host, a2, b):
        await ws.close()
    for key, value in out.items():
        say(key, value)


async def burst(port, n, spread):
    phones = []

    async def join(k):
        ws = await websockets.connect(url(port), open_timeout=30)
        await ws.send(json.dumps({"type": "join", "code": "4821", "name": f"P{k}"}))
        w = await recv_type(ws, "welcome", 30)
        phones.append((ws, w["player"], w["token"], w["name"]))

    await asyncio.gather(*(join(k) for k in range(n)))
    say("joined", len(phones))

    async def play(ws, player, token, name):
        try:
            q = await recv_type(ws, "state", 60)
            while q["phase"] != "question":
                q = await recv_type(ws, "state", 60)
            await asyncio.sleep(random.uniform(0, spread))
            choice = random.randrange(len(q["question"]["choices"]))
            await ws.send(json.dumps({"type": "answer", "question": q["question"]["number"], "choice": choice}))
            m = await recv_type(ws, ("answered", "rejected"), 30)
            if m["type"] == "answered":
                say("ack", [player, token, m["question"], m["choice"], name])
            else:
                say("rejected", [player, m["reason"]])
        except (websockets.exceptions.ConnectionClosed, asyncio.TimeoutError, OSError):
            say("lost", player)

    await asyncio.gather(*(play(*p) for p in phones))
    say("done", True)


async def resume(port, tokens):
    for token in tokens:
        async with websockets.connect(url(port)) as ws:
            await ws.send(json.dumps({"type": "resume", "token": token}))
            m = await recv_type(ws, ("welcome", "rejected"))
            if m["type"] == "rejected":
                say("resumed", [None, m["reason"]])
                continue
            s = await recv_type(ws, "state")
            say("resumed", [m["player"], s["you"]["answered"], s["phase"], s.get("question", {}).get("number")])


async def e2e(port):
    names = ["Aiko", "Bo", "Cem"]
    phones = []
    for name in names:
        ws = await websockets.connect(url(port))
        await ws.send(json.dumps({"type": "join", "code": "4821", "name": name}))
        phones.append((ws, (await recv_type(ws, "welcome"))["player"]))
    say("joined", [p for _, p in phones])
    for ws, _ in phones:
        s = await recv_type(ws, "state", 60)
        while s["phase"] != "question":
            s = await recv_type(ws, "state", 60)
    # Aiko right, Bo wrong, Cem does not answer.
    for (ws, _), choice in zip(phones[:2], (1, 0)):
        await ws.send(json.dumps({"type": "answer", "question": 1, "choice": choice}))
        await recv_type(ws, "answered")
    say("answered", 2)
    for (ws, player), name in zip(phones, names):
        r = await recv_type(ws, "result", 60)
        say("result", {"player": player, "name": name, "score": r["score"], "rank": r["rank"], "of": r["of"],
                       "correct": r["correct"], "choice": r["choice"], "points": r["points"]})
    for ws, _ in phones:
        await ws.close()
    say("done", True)


async def console(port, secret, screen):
    """Each `acted` line: the action and the host-state that followed it (the test reads the
    room's state on the broker between them)."""
    async def host_state(ws, condition, what):
        while True:
            m = await recv_type(ws, ("host-state", "host-notice", "rejected"), 20)
            if m["type"] == "host-state" and condition(m):
                return m
            if m["type"] != "host-state":
                say("unexpected", [what, m])

    intruder = await websockets.connect(url(port))
    await intruder.send(json.dumps({"type": "host", "secret": "not-" + secret}))
    say("wrong_secret", (await recv_type(intruder, "rejected"))["reason"])
    await intruder.send(json.dumps({"type": "action", "action": "next"}))
    say("action_without_secret", (await recv_type(intruder, "rejected"))["reason"])

    players = {}
    for name in ("Aiko", "Bo"):
        ws = await websockets.connect(url(port))
        await ws.send(json.dumps({"type": "join", "code": "4821", "name": name}))
        players[name] = (ws, await recv_type(ws, "welcome"))
    aiko, bo = players["Aiko"], players["Bo"]
    await bo[0].send(json.dumps({"type": "host", "secret": bo[1]["token"]}))
    say("token_as_secret", (await recv_type(bo[0], "rejected"))["reason"])

    host = await websockets.connect(url(port))
    await host.send(json.dumps({"type": "host", "secret": secret}))
    first = await host_state(host, lambda m: len(m["players"]) == 2, "the players")
    say("players", first["players"])
    seen = await host_state(host, lambda m: any(s["id"] == screen and s["online"] and s.get("shows") == "lobby" for s in m["screens"]),
                            "the screen")
    say("screens", seen["screens"])

    async def act(message, condition, name):
        # A host's pace (the box allows 10 messages a second per connection, then too-fast).
        await asyncio.sleep(0.15)
        await host.send(json.dumps(dict({"type": "action"}, **message)))
        m = await host_state(host, condition, name)
        say("acted", [name, m])
        return m

    def q(m):
        return m.get("question") or {}

    await act({"action": "next"}, lambda m: m["phase"] == "question", "next")
    await aiko[0].send(json.dumps({"type": "answer", "question": 1, "choice": 1}))
    await recv_type(aiko[0], "answered")
    paused = await act({"action": "pause"}, lambda m: q(m).get("paused") is True
                       and any(p["answered"] for p in m["players"]), "pause")
    left = q(paused)["remainingMs"]
    await act({"action": "add-time", "seconds": 10}, lambda m: q(m).get("paused") is True and q(m)["remainingMs"] == left + 10000,
              "add-time")
    await act({"action": "resume"}, lambda m: q(m).get("paused") is False, "resume")
    await act({"action": "kick", "player": bo[1]["player"]}, lambda m: len(m["players"]) == 1, "kick")
    say("kicked", [(await recv_type(bo[0], "rejected"))["reason"], (await closed_code(bo[0]))[0]])
    await act({"action": "rename", "player": aiko[1]["player"], "name": "Aiko Y"},
              lambda m: m["players"][0]["name"] == "Aiko Y", "rename")
    await act({"action": "reveal"}, lambda m: m["phase"] == "reveal", "reveal")
    await act({"action": "leaderboard"}, lambda m: m["phase"] == "leaderboard", "leaderboard")
    await act({"action": "back"}, lambda m: m["phase"] == "reveal", "back")
    await act({"action": "lock", "locked": True}, lambda m: m["locked"] is True, "lock")
    late = await websockets.connect(url(port))
    await late.send(json.dumps({"type": "join", "code": "4821", "name": "Late"}))
    say("late_join", (await recv_type(late, "rejected"))["reason"])
    await asyncio.sleep(0.15)
    await host.send(json.dumps({"type": "action", "action": "reveal"}))
    say("notice", await recv_type(host, "host-notice"))
    # A second console takes over: the first is closed with 4000.
    second = await websockets.connect(url(port))
    await second.send(json.dumps({"type": "host", "secret": secret}))
    await recv_type(second, "host-state")
    say("taken_over", await closed_code(host))
    for ws in (second, aiko[0], late, intruder):
        await ws.close()
    say("done", True)


def http(port):
    import http.client
    cases = [("GET", "/"), ("GET", "/j/4821"), ("GET", "/host"), ("GET", "/player.html"), ("HEAD", "/"), ("GET", "/nope"),
             ("GET", "/j/"), ("POST", "/"), ("DELETE", "/ws"), ("GET", "/ws")]
    for method, path in cases:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request(method, path)
        r = c.getresponse()
        body = r.read()
        say(f"{method} {path}", {"status": r.status, "type": r.getheader("Content-Type"), "csp": r.getheader("Content-Security-Policy"),
                                 "nosniff": r.getheader("X-Content-Type-Options"), "allow": r.getheader("Allow"),
                                 "frame": r.getheader("Content-Security-Policy", "").find("frame-ancestors 'none'") >= 0,
                                 "html": body.startswith(b"<!doctype html>")})
        c.close()


def main():
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "protocol":
        job = protocol(port, sys.argv[3])
    elif mode == "burst":
        job = burst(port, int(sys.argv[3]), float(sys.argv[4]))
    elif mode == "resume":
        job = resume(port, sys.argv[3:])
    elif mode == "e2e":
        job = e2e(port)
    elif mode == "console":
        job = console(port, sys.argv[3], sys.argv[4])
    elif mode == "http":
        return http(port)
    else:
        sys.exit(f"unknown mode {mode}")
    asyncio.run(asyncio.wait_for(job, 120))


if __name__ == "__main__":
    main()
