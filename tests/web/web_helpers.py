"""Test helpers: a real uvicorn server on a free port in a thread, a WebSocket client."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from ludoteca.web.app import create_app

Message = dict[str, Any]


class Server:
    """``create_app(store_url)`` served by uvicorn in a thread (bots without pauses)."""

    def __init__(self, store_url: str, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("clock_scale", 0.0)
        self.store_url = store_url
        self.app = create_app(store_url, **settings)
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on", ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port: int = self.sock.getsockname()[1]
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        self.sock.close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def http(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def create_room(self, game: str, players: int, **extra: Any) -> str:
        status, body = self.http("POST", "/api/rooms", {"game": game, "players": players, **extra})
        assert status == 201, body
        room: str = body["room"]
        return room

    def peer(self, room: str) -> Peer:
        # An unbounded receive queue: a test that stops reading a socket must not stall its
        # close handshake behind unread frames.
        url = f"ws://127.0.0.1:{self.port}/ws/{room}"
        ws = connect(url, max_size=None, max_queue=None).__enter__()
        return Peer(ws)


class Peer:
    """One browser tab: sends messages, keeps what it received."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[Message] = []
        self.state: Message | None = None
        self.room: Message | None = None
        self.token: str | None = None
        self.seat: int | None = None

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"type": kind, **fields}))

    def raw(self, text: str) -> None:
        self.ws.send(text)

    def recv(self, timeout: float = 10) -> Message:
        message: Message = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(message)
        kind = message["type"]
        if kind == "state":
            self.state = message
        elif kind == "room":
            self.room = message["room"]
        elif kind == "seated":
            self.token, self.seat = message["token"], message["seat"]
        elif kind == "welcome":
            self.seat = message["seat"]
        return message

    def wait(
        self, kind: str, test: Callable[[Message], bool] = lambda m: True, timeout: float = 20
    ) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind} message; last seen: {self.seen[-3:]}")
            message = self.recv(left)
            if message["type"] == kind and test(message):
                return message

    def drain(self, quiet: float = 0.2) -> list[Message]:
        """Everything that arrives until the socket is quiet for ``quiet`` seconds."""
        got = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def hello(self, token: str | None = None, lang: str = "en") -> Message:
        fields: dict[str, Any] = {"lang": lang}
        if token is not None:
            fields["token"] = token
        self.send("hello", **fields)
        return self.wait("welcome")

    def sit(self, seat: int, name: str, **profile: Any) -> Message:
        self.send("sit", seat=seat, name=name, **profile)
        return self.wait("seated")

    def close(self) -> None:
        self.ws.close()


def play_to_end(
    peer: Peer, pick: Callable[[Message], str] | None = None, limit: int = 20000
) -> Message:
    """Play ``peer``'s seat (first legal move, or ``pick``) until the game ends."""
    for _ in range(limit):
        message = peer.recv(20)
        if message["type"] != "state":
            continue
        if message["outcome"] is not None:
            return message
        if message["legal"] and peer.seat in message["actors"]:
            text = pick(message) if pick else message["legal"][0]["text"]
            peer.send("act", action=text, version=message["version"])
    raise AssertionError("the game did not end")
