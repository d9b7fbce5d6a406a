#!/usr/bin/python3
"""A real WebSocket client (Debian's python3-websockets) against the test's echo server.

usage: ws_client.py PORT
Prints a line per step, its name, a tab and what it saw in JSON; the Swift test judges it. The server echoes
"echo:" + text, closes with 4000 "replaced" when sent "please close".
"""
import asyncio
import json
import sys

import websockets


async def main(port):
    uri = f"ws://127.0.0.1:{port}/ws"
    out = {"version": websockets.__version__}

    # The box's own page (an allowed origin); the client offers permessage-deflate by default.
    async with websockets.connect(uri, origin="http://box.local:8080") as ws:
        out["extensions"] = [type(e).__name__ for e in ws.extensions]
        await ws.send("hello")
        out["echo"] = await ws.recv()
        await ws.send(["frag", "mented ", "message"])  # one message in three frames
        out["fragmented"] = await ws.recv()
        pong = await ws.ping(b"abc")
        await asyncio.wait_for(pong, 5)
        out["pong"] = True
        await ws.send("こんにちは 🎉")
        out["unicode"] = await ws.recv()
        big = "x" * 4096
        await ws.send(big)
        out["limit_echoed"] = (await ws.recv()) == "echo:" + big
        await ws.close(code=4001, reason="bye")
        out["close_code"] = ws.close_code
        out["close_reason"] = ws.close_reason

    # One byte over the limit: the server closes with 1009.
    async with websockets.connect(uri) as ws:
        await ws.send("x" * 4097)
        try:
            await ws.recv()
            out["oversized"] = "no close"
        except websockets.exceptions.ConnectionClosed as e:
            out["oversized"] = e.code

    # The server closes (a replaced connection).
    async with websockets.connect(uri) as ws:
        await ws.send("please close")
        try:
            await ws.recv()
            out["server_close"] = "no close"
        except websockets.exceptions.ConnectionClosed as e:
            out["server_close"] = [e.code, e.reason]

    # A page of another origin may not connect.
    try:
        async with websockets.connect(uri, origin="http://evil.example"):
            out["other_origin"] = "connected"
    except websockets.exceptions.InvalidStatusCode as e:
        out["other_origin"] = e.status_code

    for key, value in out.items():
        print(f"{key}\t{json.dumps(value, ensure_ascii=False)}")


asyncio.run(asyncio.wait_for(main(int(sys.argv[1])), 30))
