"""Hostile frames and HTTP requests against a real server while games of all five games run.

``python -m bench.tools.web_hostile [--frames 10000] [--requests 200] [--bot-delay 0.05]`` starts
``ludoteca``'s app as a child process over a fresh SQLite file, opens one room per game (a
person sits, bots fill the other seats, the person starts and leaves: bots play on), and
sends from spectator sockets batches of bad frames (lone surrogates, huge integers, NaN,
deep nesting, unknown types, wrong field types, not JSON) each followed by a ``ping``. It
prints: frames sent, frames answered with an error (every bad frame must be), sockets
silenced (no ``pong``), HTTP requests and 5xx answers, tracebacks in the server log, whether
any room's seats changed, and each room's status at the end (``--bot-delay``: the seconds
before each bot move; slower bots keep the games going during the whole attack).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from ludoteca.loadbench.process import Server

GAMES = {"tacocat": 2, "dweebies": 3, "tile_up": 2, "mystery_date": 3, "gotcha": 3}
BAD_FRAMES = [
    '{"type":"sit","seat":1,"name":"\\ud800"}',
    '{"type":"\\ud800"}',
    '{"type":"lang","lang":"\\udfff"}',
    '{"type":"chat","text":"\\ud83d"}',
    '{"type":"hello","token":"\\ud800"}',
    '{"type":"act","action":"x","version":' + "9" * 4301 + "}",
    '{"type":"act","action":"x","version":NaN}',
    '{"type":"sit","seat":2147483648,"name":"Eva"}',
    "[" * 3000 + "]" * 3000,
    '{"type":"nope"}',
    '{"type":"act","action":7,"version":"0"}',
    '{"type":"bot","seat":1}',
    '{"type":"start"}',
    '{"type":"act","action":"x","version":0}',
    '{"type":"chat","text":""}',
    "not json",
    "{}",
    "[]",
    '{"type":"replay","step":-5,"game":99}',
    '{"type":"unbot","seat":0}',
]
BAD_BODIES: list[tuple[bytes, str]] = [
    (b'{"game":"mystery_date","players":2,"options":{"door_weights":"abc"}}', "application/json"),
    (b'{"game":"mystery_date","players":2,"options":{"turn_limit":-1}}', "application/json"),
    (b'{"game":"dweebies","players":2,"options":{"first_player":5}}', "application/json"),
    (b'{"game":"mystery_date","players":2,"options":{"turn_limit":"\\u00b2"}}', "application/json"),
    (b'{"game":"tacocat\\ud800","players":2}', "application/json"),
    (b"[" * 50000, "application/json"),
    (b'{"game":"tacocat","players":2}', "text/plain"),
    (b'{"game":"tacocat","players":' + b"9" * 5000 + b"}", "application/json"),
    (b"\xff\xfe", "application/json"),
    (b'{"game":"nope","players":2}', "application/json"),
]


def post(origin: str, body: bytes, kind: str) -> int:
    request = urllib.request.Request(origin + "/api/rooms", data=body, method="POST")
    request.add_header("Content-Type", kind)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return json.loads(answer.read())


def open_room(server: Server, game: str, players: int) -> str:
    body = json.dumps({"game": game, "players": players}).encode()
    request = urllib.request.Request(server.url + "/api/rooms", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=20) as answer:
        room: str = json.loads(answer.read())["room"]
    with connect(f"{server.ws_url}/ws/{room}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello"}))
        profile = {"age": 30, "traits": ["glasses"]} if game == "gotcha" else {}
        ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Ana", **profile}))
        for seat in range(1, players):
            ws.send(json.dumps({"type": "bot", "seat": seat}))
        ws.send(json.dumps({"type": "start"}))
        ws.send(json.dumps({"type": "leave"}))
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(20))["type"] != "pong":
            pass
    return room


def attack(server: Server, room: str, frames: int, seed: int) -> tuple[int, int, int]:
    """Bad frames from one spectator: (sent, answered with an error, silenced)."""
    rng = random.Random(seed)
    sent = answered = 0
    with connect(f"{server.ws_url}/ws/{room}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "lang": rng.choice(["es", "en"])}))
        while sent < frames:
            batch = min(50, frames - sent)
            for _ in range(batch):
                ws.send(rng.choice(BAD_FRAMES))
            sent += batch
            ws.send(json.dumps({"type": "ping"}))
            try:
                while True:
                    message = json.loads(ws.recv(30))
                    if message["type"] == "pong":
                        break
                    if message["type"] == "error" and message["code"] != "server_error":
                        answered += 1
            except TimeoutError:
                return sent, answered, 1
    return sent, answered, 0


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument(
        "--bot-delay", type=float, default=0.05, help="seconds before each bot move"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        server = Server(
            Path(tmp) / "hostile.sqlite3", bot_delay=args.bot_delay, clock_scale=1.0, log=log
        )
        with server:
            rooms = {game: open_room(server, game, players) for game, players in GAMES.items()}
            before = {r: get_json(f"{server.url}/api/rooms/{r}")["seats"] for r in rooms.values()}
            per_room = args.frames // len(rooms)
            totals = [0, 0, 0]
            for index, room in enumerate(rooms.values()):
                for position, value in enumerate(attack(server, room, per_room, index)):
                    totals[position] += value
            statuses = [
                post(server.url, *BAD_BODIES[i % len(BAD_BODIES)]) for i in range(args.requests)
            ]
            after = {r: get_json(f"{server.url}/api/rooms/{r}")["seats"] for r in rooms.values()}
            playing = [get_json(f"{server.url}/api/rooms/{r}")["status"] for r in rooms.values()]
        text = log.read_text(errors="replace")
    print(f"bad frames sent: {totals[0]}, answered with an error: {totals[1]}")
    print(f"sockets silenced: {totals[2]}")
    print(f"bad HTTP requests: {len(statuses)}, 5xx: {sum(s >= 500 for s in statuses)}")
    print(f"tracebacks in the server log: {text.count('Traceback')}")
    print(f"rooms whose seats changed: {sum(before[r] != after[r] for r in rooms.values())}")
    print(f"room statuses at the end: {playing}")


if __name__ == "__main__":
    main()
