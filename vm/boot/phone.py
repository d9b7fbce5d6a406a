#!/usr/bin/python3
"""The night case's phone and console, on the machine that runs QEMU, through the guest's
forwarded players' port (Debian's python3-websockets; the helpers of Tests/Servers/phones.py).
One line per event, a name, a tab and JSON, flushed at once.

  phone.py phone PORT CODE NAME CHOICE   joins, answers the first question with CHOICE, prints
                                         its result; then stays: when the box goes away it
                                         resumes with its token until welcomed again, and
                                         prints the state it gets and the next question
  phone.py console PORT SECRET ACTION    the host's console: the secret, one action, the
                                         host-state after it
"""
import asyncio
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Servers"))
import websockets  # noqa: E402
from phones import recv_type, say, url  # noqa: E402


async def phone(port, code, name, choice):
    ws = await websockets.connect(url(port), open_timeout=30)
    await ws.send(json.dumps({"type": "join", "code": code, "name": name}))
    w = await recv_type(ws, ("welcome", "rejected"), 30)
    say("welcome", w)
    if w["type"] != "welcome":
        return
    token, player = w["token"], w["player"]
    s = await recv_type(ws, "state", 30)
    say("state", {"phase": s["phase"]})
    while s["phase"] != "question":
        s = await recv_type(ws, "state", 300)
        say("state", {"phase": s["phase"]})
    number = s["question"]["number"]
    t0 = time.monotonic()
    await ws.send(json.dumps({"type": "answer", "question": number, "choice": choice}))
    a = await recv_type(ws, ("answered", "rejected"), 60)
    say("answered", dict(a, ack_ms=round((time.monotonic() - t0) * 1000)))
    r = await recv_type(ws, "result", 300)
    say("result", r)
    # The box goes away (kill -9 of the host): the close, then resume with the token until the
    # restarted host welcomes the same player.
    try:
        while True:
            await ws.recv()
    except websockets.exceptions.ConnectionClosed as e:
        say("closed", {"code": e.code})
    t0 = time.monotonic()
    attempts = 0
    while True:
        attempts += 1
        try:
            ws = await websockets.connect(url(port), open_timeout=5)
            await ws.send(json.dumps({"type": "resume", "token": token}))
            m = await recv_type(ws, ("welcome", "rejected"), 10)
            break
        except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException):
            if time.monotonic() - t0 > 120:
                say("lost", {"attempts": attempts})
                return
            await asyncio.sleep(0.5)
    s = await recv_type(ws, "state", 30) if m["type"] == "welcome" else {}
    say("resumed", {"type": m["type"], "player": m.get("player"), "same": m.get("player") == player, "reason": m.get("reason"),
                    "phase": s.get("phase"), "attempts": attempts, "seconds": round(time.monotonic() - t0, 2)})
    while s.get("phase") != "question":
        s = await recv_type(ws, "state", 300)
    say("question", {"number": s["question"]["number"], "answered": s.get("you", {}).get("answered")})
    await ws.close()


async def console(port, secret, action):
    async with websockets.connect(url(port), open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "host", "secret": secret}))
        first = await recv_type(ws, ("host-state", "rejected"), 30)
        if first["type"] != "host-state":
            say("rejected", first)
            return
        await ws.send(json.dumps({"type": "action", "action": action}))
        after = await recv_type(ws, "host-state", 30)
        while after.get("phase") == first.get("phase"):
            after = await recv_type(ws, "host-state", 30)
        say("host-state", after)


def main():
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "phone":
        job = phone(port, sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif mode == "console":
        job = console(port, sys.argv[3], sys.argv[4])
    else:
        sys.exit(f"unknown mode {mode}")
    asyncio.run(asyncio.wait_for(job, 900))


if __name__ == "__main__":
    main()
