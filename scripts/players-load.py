#!/usr/bin/python3
"""Simulated phones for `quizkiosk-bench --players N` (one of 2-4 such processes): real
WebSockets (Debian's python3-websockets) to a `quizkiosk host` on loopback.

usage: players-load.py PORT CODE COUNT FIRST SPREAD OUT

COUNT phones named P<FIRST>... join; the line `joined` goes to stdout once all are welcomed.
Each then waits for the first question's state and answers it at a random moment within SPREAD
seconds of receiving it, and waits for `answered`. OUT gets a line per phone:
`send<TAB>ack<TAB>status`, times on CLOCK_MONOTONIC (Python's time.monotonic, the same clock
the bench reads), so the bench can put them beside what the TV received. Then `cpu SECONDS` (this process's CPU
from the question to the last ack) and `done`.
"""
import asyncio
import json
import random
import sys
import time

import websockets


async def main(port, code, count, first, spread, out):
    uri = f"ws://127.0.0.1:{port}/ws"
    phones = []

    async def join(k):
        for attempt in range(5):
            try:
                ws = await websockets.connect(uri, open_timeout=60, ping_interval=None, max_queue=64)
                break
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.2 * (attempt + 1))
        else:
            raise RuntimeError(f"P{k} could not connect")
        await ws.send(json.dumps({"type": "join", "code": code, "name": f"P{k}"}))
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if m["type"] == "welcome":
                phones.append(ws)
                return
            if m["type"] == "rejected":
                raise RuntimeError(f"P{k}: {m['reason']}")

    # Not all at once: a room of phones scanning the QR code over a few seconds.
    batch = 100
    for start in range(0, count, batch):
        await asyncio.gather(*(join(first + k) for k in range(start, min(count, start + batch))))
    print("joined", flush=True)
    cpu_joined = time.process_time()

    results = []

    async def play(ws):
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 600))
            if m["type"] == "state" and m["phase"] == "question":
                break
        await asyncio.sleep(random.uniform(0, spread))
        choice = random.randrange(len(m["question"]["choices"]))
        sent = time.monotonic()
        await ws.send(json.dumps({"type": "answer", "question": m["question"]["number"], "choice": choice}))
        while True:
            r = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if r["type"] in ("answered", "rejected"):
                results.append((sent, time.monotonic(), r["type"] if r["type"] == "answered" else r["reason"]))
                return

    await asyncio.gather(*(play(ws) for ws in phones), return_exceptions=True)
    with open(out, "w") as f:
        for sent, acked, status in results:
            f.write(f"{sent:.6f}\t{acked:.6f}\t{status}\n")
    print(f"cpu {time.process_time() - cpu_joined:.3f}", flush=True)
    print("done", flush=True)
    try:
        await asyncio.wait_for(asyncio.gather(*(ws.close() for ws in phones), return_exceptions=True), 10)
    except asyncio.TimeoutError:
        pass


if __name__ == "__main__":
    port, code, count, first, spread, out = sys.argv[1:7]
    asyncio.run(main(int(port), code, int(count), int(first), float(spread), out))
