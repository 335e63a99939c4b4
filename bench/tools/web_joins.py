"""Spectators joining one room, one after another: what the server sends for it.

``python -m bench.tools.web_joins [--spectators 400] [serve flags...]`` starts ``ludoteca serve``
on a fresh SQLite file, opens a two-seat Tacocat room and connects ``--spectators`` sockets
to it, each sending ``hello`` once the one before it got its ``welcome``; every socket keeps
reading. Printed: the wall time of all the joins, the frames and bytes the sockets received
by type, and the server's CPU seconds over the joins (from ``/proc``). Issue 14 measured
80,601 frames and 9.7 s for 400 joins when every join sent everyone the whole room.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from ludoteca.loadbench.process import Server


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def joins(origin: str, ws_origin: str, spectators: int, pid: int) -> dict[str, object]:
    request = urllib.request.Request(
        origin + "/api/rooms", data=b'{"game":"tacocat","players":2}', method="POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=20) as answer:
        room = json.loads(answer.read())["room"]
    frames: Counter[str] = Counter()
    size: Counter[str] = Counter()
    sockets: list[ClientConnection] = []
    readers: list[asyncio.Task[None]] = []

    async def read(ws: ClientConnection, welcomed: asyncio.Event) -> None:
        async for text in ws:
            kind = json.loads(text)["type"]
            frames[kind] += 1
            size[kind] += len(text)
            if kind == "welcome":
                welcomed.set()

    cpu, start = cpu_seconds(pid), time.perf_counter()
    for _ in range(spectators):
        ws = await connect(f"{ws_origin}/ws/{room}", max_size=None)
        sockets.append(ws)
        welcomed = asyncio.Event()
        readers.append(asyncio.create_task(read(ws, welcomed)))
        await ws.send(json.dumps({"type": "hello", "lang": "en"}))
        await welcomed.wait()
    # The last join's deltas reach everyone: a ping on the first socket after them.
    await sockets[0].send(json.dumps({"type": "ping"}))
    while frames["pong"] == 0:
        await asyncio.sleep(0.01)
    seconds, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu
    for ws in sockets:
        await ws.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return {
        "spectators": spectators,
        "seconds": round(seconds, 2),
        "server_cpu_s": round(cpu, 2),
        "frames": dict(frames),
        "frames_total": sum(frames.values()),
        "bytes": dict(size),
        "bytes_total": sum(size.values()),
    }


def main() -> None:
    """Run the joins and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=400)
    args, serve_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="ludoteca-joins-") as tmp:
        server = Server(Path(tmp) / "joins.sqlite3", extra_args=tuple(serve_args))
        with server:
            assert server.proc is not None
            report = asyncio.run(joins(server.url, server.ws_url, args.spectators, server.proc.pid))
    report["date"] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    report["load_1min"] = os.getloadavg()[0]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
