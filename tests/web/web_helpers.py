"""Test helpers: a real uvicorn server on a free port in a thread, a WebSocket client."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from ludoteca.web.app import create_app
from ludoteca.web.server.guard import uvicorn_options
from ludoteca.web.wire.limits import Limits

Message = dict[str, Any]


class Server:
    """``create_app(store_url)`` served by uvicorn in a thread (bots without pauses)."""

    def __init__(
        self, store_url: str, forwarded_allow_ips: str | None = None, **settings: Any
    ) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("clock_scale", 0.0)
        self.store_url = store_url
        self.app = create_app(store_url, **settings)
        # The socket layer of `ludoteca serve` (sizes, timeouts, caps, forwarded headers).
        options = uvicorn_options(settings.get("limits") or Limits(), forwarded_allow_ips)
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="on", ws_ping_interval=None, **options
        )
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


def apply_presence(room: Message, presence: Message) -> Message:
    """A room object with a ``presence`` delta applied (what the page does)."""
    seats = [dict(seat) for seat in room["seats"]]
    for change in presence["seats"]:
        seats[change["seat"]]["connected"] = change["connected"]
    return {**room, "seats": seats, "spectators": presence["spectators"]}


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
        elif kind == "presence" and self.room is not None:
            self.room = apply_presence(self.room, message)
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

    def wait_room(self, test: Callable[[Message], bool], timeout: float = 20) -> Message:
        """The room (``room`` messages with the ``presence`` deltas after them applied)
        once ``test`` holds for it.
        """
        deadline = time.monotonic() + timeout
        while self.room is None or not test(self.room):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such room; last seen: {self.seen[-3:]}")
            self.recv(left)
        return self.room

    def drain(self, quiet: float = 0.2) -> list[Message]:
        """Everything that arrives until the socket is quiet for ``quiet`` seconds."""
        got = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def answers(self, timeout: float = 20) -> list[Message]:
        """Everything received up to the answer to a ``ping`` sent now: the server answers
        a socket's frames in order, so this holds its answers to every frame sent before.
        """
        self.send("ping")
        got: list[Message] = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no pong; last seen: {self.seen[-3:]}")
            message = self.recv(left)
            if message["type"] == "pong":
                return got
            got.append(message)

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


def silent_socket(port: int, room: str) -> socket.socket:
    """A WebSocket client that sends ``hello`` and then never reads (a tiny buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    # A small segment size keeps the server's send buffer for it small too (the kernel sizes
    # it by segments), so a few hundred frames fill it.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert b" 101 " in answer
    payload = json.dumps({"type": "hello"}).encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    return sock


def read_to_close(sock: socket.socket, timeout: float = 30) -> tuple[int, int | None]:
    """Read a :func:`silent_socket` at last: ``(chat frames, close code)`` up to the server's
    close frame (``None`` if the connection ended without one).
    """
    sock.settimeout(timeout)
    data = bytearray()
    texts = 0
    at = 0
    while True:
        # Parse every whole frame buffered so far (server frames are never masked).
        while len(data) - at >= 2:
            opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
            head = 2
            if size == 126:
                if len(data) - at < 4:
                    break
                size, head = struct.unpack_from("!H", data, at + 2)[0], 4
            elif size == 127:
                if len(data) - at < 10:
                    break
                size, head = struct.unpack_from("!Q", data, at + 2)[0], 10
            if len(data) - at < head + size:
                break
            if opcode == 0x8:
                code: int = struct.unpack_from("!H", data, at + head)[0] if size >= 2 else 1005
                return texts, code
            texts += opcode == 0x1 and data.startswith(b'{"type":"chat"', at + head)
            at += head + size
        if at > 1 << 20:
            del data[:at]
            at = 0
        chunk = sock.recv(1 << 20)
        if not chunk:
            return texts, None
        data.extend(chunk)
