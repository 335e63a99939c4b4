"""kill -9 at every store write: nothing acknowledged is lost and every room can go on.

A real ``ludoteca`` server process runs with ``LUDOTECA_CRASH_AT_WRITE=N``: it exits
(``os._exit``, as kill -9 would) just before its Nth write commits. A person plays Tacocat
against a bot through it: sits, seats the bot, starts, plays. Everything the server
acknowledged before dying (the seat, the bot, the start, each state version sent) must be
there after a restart, and the room must go on (start, a move, or a rematch).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import Cluster
from web_helpers import Peer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludoteca.loadbench.process import Server as Process
from ludoteca.web.store import CRASH_ENV


def http(process: Process, method: str, path: str, body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(process.url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def peer(process: Process, room: str) -> Peer:
    url = f"{process.ws_url}/ws/{room}"
    return Peer(connect(url, max_size=None, max_queue=None).__enter__())


class Acknowledged:
    """What the server confirmed before it died."""

    def __init__(self) -> None:
        self.room: str | None = None
        self.token: str | None = None
        self.bot = False
        self.started = False
        self.version = -1


def play_until_dead(process: Process, seen: Acknowledged) -> None:
    status, body = http(process, "POST", "/api/rooms", {"game": "tacocat", "players": 2})
    assert status == 201
    seen.room = body["room"]
    alice = peer(process, seen.room)
    alice.hello()
    alice.sit(0, "Alice")
    seen.token = alice.token
    alice.send("bot", seat=1)
    alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    seen.bot = True
    alice.send("start")
    for _ in range(2000):
        message = alice.recv(20)
        if message["type"] == "room" and message["room"]["status"] != "lobby":
            seen.started = True
        if message["type"] != "state":
            continue
        seen.started = True
        seen.version = max(seen.version, message["version"])
        if message["outcome"] is not None:
            alice.send("rematch")
        elif 0 in message["actors"] and message["legal"]:
            alice.send("act", action=message["legal"][0]["text"], version=message["version"])


def check_and_go_on(process: Process, seen: Acknowledged) -> None:
    if seen.room is None:
        return
    status, room = http(process, "GET", f"/api/rooms/{seen.room}")
    assert status == 200, room
    kinds = [s["kind"] for s in room["seats"]]
    alice = peer(process, seen.room)
    welcome = alice.hello(token=seen.token)
    if seen.token is not None:
        assert welcome["seat"] == 0 and kinds[0] == "human"
    else:
        alice.sit(0, "Alice")
    if seen.bot:
        assert kinds[1] == "bot"
    if seen.started:
        assert room["status"] != "lobby"
    if room["status"] == "lobby":
        if kinds[1] != "bot":
            alice.send("bot", seat=1)
            alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
        alice.send("start")
        assert alice.wait("state")["version"] >= 0
        return
    state = alice.wait("state")
    assert state["version"] >= seen.version
    if state["outcome"] is not None:
        alice.send("rematch")
        alice.wait("state", lambda m: m["outcome"] is None)
    elif 0 in state["actors"]:
        alice.send("act", action=state["legal"][0]["text"], version=state["version"])
        alice.wait("state", lambda m: m["version"] > state["version"])
    else:  # the bot's turn: it goes on by itself after the restart
        alice.wait("state", lambda m: m["version"] > state["version"])
    alice.close()


def process(store: str, log: Path, env: dict[str, str] | None = None) -> Process:
    """A server process over ``store`` (a SQLite path or a PostgreSQL URL, which ``Path``
    would mangle: it is set as given).
    """
    server = Process(log, env=env, bot_delay=0.0, clock_scale=0.0, log=log)
    server.db = store
    return server


def crash_and_restart(store: str, logs: Path, write: int) -> None:
    seen = Acknowledged()
    crashing = process(store, logs / f"crash{write}.log", {CRASH_ENV: str(write)})
    crashing.start()
    try:
        with pytest.raises((ConnectionClosed, OSError, TimeoutError)):
            play_until_dead(crashing, seen)
        assert crashing.proc is not None and crashing.proc.wait(10) == 137
    finally:
        crashing.stop()
    with process(store, logs / f"again{write}.log") as again:
        check_and_go_on(again, seen)


@pytest.mark.parametrize("write", range(1, 23))
def test_kill_at_each_write_on_sqlite(tmp_path: Path, write: int) -> None:
    crash_and_restart(str(tmp_path / "crash.sqlite3"), tmp_path, write)


@pytest.mark.parametrize("write", [1, 2, 3, 4, 5, 6, 9, 14])
def test_kill_at_each_write_on_postgresql(pg_cluster: Cluster, tmp_path: Path, write: int) -> None:
    crash_and_restart(pg_cluster.new_database(), tmp_path, write)
