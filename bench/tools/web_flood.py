"""Issue 14's flood, measured: other rooms' latency and the server's memory while 200 sockets
that never read sit in one room and a chat flood runs in it.

``python -m bench.tools.web_flood [--games 50] [--seconds 10] [--silent 200] [serve flags...]``
starts ``ludoteca serve`` (the flags after the known ones go to it, e.g. ``--limits off``;
with the default rates add ``--address-sockets 1000``: the bench opens 2 × games + silent + 2
sockets from one address, more than the default cap of 256) on a fresh SQLite file and
measures twice on the same server with ``ludoteca bench web``'s clients (``games`` two-seat
Tacocat games, act → the other seat's ``state``):

1. **baseline**: the games alone;
2. **flood**: the same games while another process keeps ``--silent`` raw sockets that sent
   ``hello`` and never read (4 KiB receive buffers, 536-byte segments) in one room and one
   seated socket sends chat lines of 500 four-byte characters there as fast as the server
   answers (a ``ping`` every 50 lines).

Printed: p50/p99 of the games' latency in both, their ratio, the server's resident memory
(``VmRSS`` sampled every 0.1 s: the largest in each phase), the chat lines sent and refused,
and how many silent sockets are still in the flooded room at the end (the server drops a
socket whose queue passes ``--max-pending`` frames).
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import json
import multiprocessing
import os
import socket
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from ludoteca.loadbench import bench as loadbench
from ludoteca.loadbench.process import Server

LINE = "\U0001f3b2" * 500


def rss_kib(pid: int) -> int:
    """The process's resident memory now (KiB), from ``/proc`` (0 once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Sampler:
    """The largest ``VmRSS`` of ``pid`` seen every 0.1 s between :meth:`reset` calls."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.wait(0.1):
            self.peak = max(self.peak, rss_kib(self.pid))

    def reset(self) -> int:
        """The peak so far; start a new one."""
        peak, self.peak = max(self.peak, rss_kib(self.pid)), 0
        return peak


def silent_socket(port: int, room: str) -> socket.socket:
    """A WebSocket client that sends ``hello`` and never reads."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)  # the server's buffer: small
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    payload = json.dumps({"type": "hello"}).encode()
    mask = os.urandom(4)
    sock.sendall(
        bytes([0x81, 0x80 | len(payload)])
        + mask
        + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )
    return sock


def create_room(origin: str) -> str:
    request = urllib.request.Request(
        origin + "/api/rooms", data=b'{"game":"tacocat","players":2}', method="POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=20) as answer:
        room: str = json.loads(answer.read())["room"]
    return room


def spectators(origin: str, room: str) -> int:
    with urllib.request.urlopen(f"{origin}/api/rooms/{room}", timeout=20) as answer:
        count: int = json.loads(answer.read())["spectators"]
    return count


def flood(port: int, room: str, silent: int, ready: Any, stop: Any, out: Any) -> None:
    """The attacker (its own process): silent sockets in ``room``, then chat until ``stop``."""
    socks = [silent_socket(port, room) for _ in range(silent)]
    sent = refused = 0
    with connect(f"ws://127.0.0.1:{port}/ws/{room}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "lang": "en"}))
        ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Flood"}))
        ready.set()
        while not stop.is_set():
            for _ in range(50):
                ws.send(json.dumps({"type": "chat", "text": LINE}))
            sent += 50
            ws.send(json.dumps({"type": "ping"}))
            while True:
                message = json.loads(ws.recv(60))
                if message["type"] == "pong":
                    break
                refused += message["type"] == "error" and message["code"] == "rate_limited"
    out.put((sent, refused))
    for sock in socks:
        sock.close()


def main() -> None:
    """Run both phases and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--warmup", type=float, default=4.0)
    parser.add_argument("--silent", type=int, default=200)
    args, serve_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="ludoteca-flood-") as tmp:
        server = Server(Path(tmp) / "flood.sqlite3", extra_args=tuple(serve_args))
        with server:
            assert server.proc is not None
            pid = server.proc.pid
            sampler = Sampler(pid)
            level = loadbench.Level(args.games, args.seconds, args.think, args.warmup, 1)
            base = loadbench._run_loop(server.url, level, pid)  # the same clients, this server
            base_rss = sampler.reset()
            room = create_room(server.url)
            context = multiprocessing.get_context("spawn")
            ready, stop, out = context.Event(), context.Event(), context.Queue()
            attacker = context.Process(
                target=flood, args=(server.port, room, args.silent, ready, stop, out)
            )
            attacker.start()
            ready.wait(120)
            left_at_start = spectators(server.url, room)
            level = loadbench.Level(args.games, args.seconds, args.think, args.warmup, 2)
            hit = loadbench._run_loop(server.url, level, pid)
            flood_rss = sampler.reset()
            left = spectators(server.url, room)
            stop.set()
            sent, refused = out.get(timeout=120)
            attacker.join(60)
    p99 = base["latency_ms"]["p99"], hit["latency_ms"]["p99"]
    report = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "serve_flags": serve_args,
        "games": args.games,
        "silent": args.silent,
        "baseline": {k: base[k] for k in ("latency_ms", "actions_per_s", "loadavg_1min")},
        "flood": {k: hit[k] for k in ("latency_ms", "actions_per_s", "loadavg_1min")},
        "p99_ratio": round(p99[1] / p99[0], 2) if p99[0] else None,
        "rss_kib": {"baseline": base_rss, "flood": flood_rss},
        "rss_ratio": round(flood_rss / base_rss, 2) if base_rss else None,
        "chat_lines": {"sent": sent, "refused": refused},
        "silent_in_room": {"at_start": left_at_start, "at_end": left},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
