"""The red team's attacks on ``ludoteca serve`` (issue 41), as small bounded clients: the
tests (``tests/web/test_red_team.py``) assert what the server does against each, and
``bench/tools/web_red_team.py`` repeats each and measures what it costs everyone else.

Everything here talks to a server on loopback over real sockets and imports nothing of the
web table. An attacker may come from a second loopback address (``127.0.0.2``: Linux
routes all of 127/8 to the machine), so per-address limits tell it from its victims.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import statistics
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

ATTACKER = "127.0.0.2"
"""The attacker's own loopback address."""
BOMB_SIZE = 16 * 1024 * 1024
"""A bomb's inflated size: uvicorn's default largest message (16 MiB of one letter
compresses to about 16 KB)."""


def http(
    base: str, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One HTTP request: its status and its JSON body (None if it has none)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:
            raw = answer.read()
            return answer.status, json.loads(raw) if raw.strip().startswith(b"{") else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw.strip().startswith(b"{") else None


def create_room(base: str, game: str = "tacocat", players: int = 2) -> str:
    """A new room's id."""
    status, body = http(base, "POST", "/api/rooms", {"game": game, "players": players})
    if status != 201:
        raise RuntimeError(f"room not created: {status} {body}")
    return str(body["room"])


class Socket:
    """One client WebSocket of a room (compression on, as browsers offer it)."""

    def __init__(self, ws_base: str, room: str, source: str | None = None, **options: Any) -> None:
        extra: dict[str, Any] = {"max_size": None, "max_queue": None, **options}
        if source is not None:
            sock = socket.create_connection(_host_port(ws_base), source_address=(source, 0))
            extra["sock"] = sock
        self.ws: ClientConnection = connect(f"{ws_base}/ws/{room}", **extra).__enter__()
        self.seen: list[dict[str, Any]] = []

    def send(self, kind: str, **fields: Any) -> None:
        """Send one message."""
        self.ws.send(json.dumps({"type": kind, **fields}))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next message."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(message)
        return message

    def wait(
        self,
        kind: str,
        test: Callable[[dict[str, Any]], bool] = lambda m: True,
        timeout: float = 20,
    ) -> dict[str, Any]:
        """The next message of ``kind`` for which ``test`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind}; last seen {self.seen[-3:]}")
            message = self.recv(left)
            if message["type"] == kind and test(message):
                return message

    def hello(self, lang: str = "en", token: str | None = None) -> dict[str, Any]:
        """``hello``; the ``welcome``."""
        fields: dict[str, Any] = {"lang": lang}
        if token is not None:
            fields["token"] = token
        self.send("hello", **fields)
        return self.wait("welcome")

    def sit(self, seat: int, name: str) -> str:
        """Sit down; the seat's token."""
        self.send("sit", seat=seat, name=name)
        return str(self.wait("seated")["token"])

    def drain(self, quiet: float = 0.2) -> int:
        """Read until quiet for ``quiet`` seconds; how many messages came."""
        count = 0
        while True:
            try:
                self.recv(quiet)
            except TimeoutError:
                return count
            count += 1

    def close(self) -> None:
        """Close it."""
        self.ws.close()


def _host_port(ws_base: str) -> tuple[str, int]:
    host, _, port = ws_base.split("://", 1)[1].partition(":")
    return host, int(port)


def bomb(ws_base: str, room: str, size: int = BOMB_SIZE, source: str | None = None) -> int:
    """Open a socket and send one message of ``size`` identical letters, compressed (a
    "compression bomb": a few KB on the wire); the close code the server answered with
    (0: it did not close the socket within 10 s; -1: the connection was refused before
    the WebSocket handshake).
    """
    try:
        sock = Socket(ws_base, room, source)
    except Exception:
        return -1
    try:
        sock.ws.send("a" * size)
        while True:
            sock.ws.recv(timeout=10)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else 1006
    except TimeoutError:
        return 0
    finally:
        sock.ws.close()


def ping_rtts(sock: Socket, seconds: float, every: float = 0.02) -> list[float]:
    """Ping ``sock``'s server for ``seconds``: each ``pong``'s round trip (ms)."""
    rtts = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        sock.send("ping")
        sock.wait("pong", timeout=30)
        rtts.append((time.perf_counter() - start) * 1000)
        time.sleep(every)
    return rtts


def chat_rtts(sock: Socket, lines: int, every: float = 0.6) -> list[float]:
    """Send ``lines`` chat lines (one every ``every`` s, within the chat rate): the time
    until each comes back to its sender (ms).
    """
    rtts = []
    for number in range(lines):
        text = f"hola {number} {time.monotonic_ns()}"
        start = time.perf_counter()
        sock.send("chat", text=text)
        sock.wait("chat", lambda m, t=text: m.get("text") == t, timeout=60)  # type: ignore[misc]
        rtts.append((time.perf_counter() - start) * 1000)
        time.sleep(every)
    return rtts


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values`` (0.0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    """p50, p99 and max of ``values`` (ms)."""
    return {
        "n": float(len(values)),
        "p50": round(percentile(values, 50), 2),
        "p99": round(percentile(values, 99), 2),
        "max": round(max(values, default=0.0), 2),
        "mean": round(statistics.fmean(values), 2) if values else 0.0,
    }


def slow_connections(
    host: str, port: int, count: int, source: str = ATTACKER
) -> list[socket.socket]:
    """``count`` connections from ``source`` that each send half a request's headers and
    then nothing (a "slowloris"); those the server refused at once are closed here.
    """
    held = []
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.bind((source, 0))
        sock.settimeout(5)
        try:
            sock.connect((host, port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        except OSError:
            sock.close()
            continue
        held.append(sock)
    return held


def still_open(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server has not closed (nothing to read, no error)."""
    count = 0
    for sock in socks:
        sock.setblocking(False)
        try:
            data = sock.recv(1)
        except BlockingIOError:
            count += 1
            continue
        except OSError:
            continue
        if data:
            count += 1  # an answer, still open
    return count


def served(base: str, tries: int) -> int:
    """How many of ``tries`` requests of ``GET /healthz`` from 127.0.0.1 were answered."""
    answered = 0
    for _ in range(tries):
        try:
            status, _body = http(base, "GET", "/healthz")
        except OSError:
            continue
        answered += status == 200
    return answered


def bad_utf8_frame(host: str, port: int, room: str, source: str | None = None) -> int:
    """A WebSocket handshake, then one text frame that is not UTF-8: the close code the
    server answered with (0: none within 10 s).
    """
    sock = socket.create_connection((host, port), timeout=10, source_address=(source or "", 0))
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET /ws/{room} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                return 0
            head += chunk
        payload = b"\xff\xfe\xc3\x28 not utf-8"
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
        rest = head.split(b"\r\n\r\n", 1)[1]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            while len(rest) >= 2:
                opcode, length = rest[0] & 0x0F, rest[1] & 0x7F
                start = 2 if length < 126 else 4 if length == 126 else 10
                if length >= 126:
                    size = rest[2:start]
                    length = int.from_bytes(size, "big") if len(size) == start - 2 else 1 << 62
                if len(rest) < start + length:
                    break
                if opcode == 0x8:
                    body = rest[start : start + length]
                    return int.from_bytes(body[:2], "big") if len(body) >= 2 else 1005
                rest = rest[start + length :]
            chunk = sock.recv(65536)
            if not chunk:
                return 1006
            rest += chunk
        return 0
    finally:
        sock.close()


@dataclass
class Pinger:
    """A thread pinging a socket of another room every 20 ms, keeping each round trip."""

    sock: Socket
    rtts: list[float] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> Pinger:
        """Begin pinging."""
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            start = time.perf_counter()
            self.sock.send("ping")
            self.sock.wait("pong", timeout=60)
            self.rtts.append((time.perf_counter() - start) * 1000)
            time.sleep(0.02)

    def take(self) -> list[float]:
        """The round trips so far, forgotten here."""
        taken, self.rtts = self.rtts, []
        return taken

    def stop(self) -> None:
        """Stop pinging."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(70)


def _handshake(
    host: str, port: int, room: str, source: str | None, extensions: str = ""
) -> tuple[socket.socket, bytes]:
    """A raw WebSocket handshake; the socket and its answer's head."""
    sock = socket.create_connection((host, port), timeout=10, source_address=(source or "", 0))
    key = base64.b64encode(os.urandom(16)).decode()
    offer = f"Sec-WebSocket-Extensions: {extensions}\r\n" if extensions else ""
    sock.sendall(
        (
            f"GET /ws/{room} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n{offer}"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("no handshake answer")
        head += chunk
    return sock, head


def bomb_frame(size: int = BOMB_SIZE) -> bytes:
    """One masked, compressed text frame that inflates to ``size`` letters (about a
    thousandth of it on the wire), made once and sent again and again: permessage-deflate
    with ``client_no_context_takeover``, so every copy stands alone.
    """
    import zlib  # noqa: PLC0415

    packer = zlib.compressobj(9, zlib.DEFLATED, -9)
    body = packer.compress(b"a" * size) + packer.flush(zlib.Z_SYNC_FLUSH)
    body = body[:-4] if body.endswith(b"\x00\x00\xff\xff") else body
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(body))
    length = len(body)
    if length < 126:
        head = bytes([0xC1, 0x80 | length])
    elif length < 65536:
        head = bytes([0xC1, 0x80 | 126]) + length.to_bytes(2, "big")
    else:
        head = bytes([0xC1, 0x80 | 127]) + length.to_bytes(8, "big")
    return head + mask + masked


class Bomber:
    """A thread sending :func:`bomb_frame` ``per_second`` times a second over raw sockets
    from ``source``, opening a new socket whenever the server closes one; it counts the
    bombs sent and the close codes received.
    """

    OFFER = "permessage-deflate; client_no_context_takeover; client_max_window_bits"

    def __init__(
        self, host: str, port: int, room: str, per_second: float, source: str = ATTACKER
    ) -> None:
        self.address = (host, port, room, source)
        self.every = 1.0 / per_second
        self.frame = bomb_frame()
        self.sent = 0
        self.closes: dict[int, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Bomber:
        """Begin bombing."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop bombing."""
        self._stop.set()
        self._thread.join(30)

    def _run(self) -> None:
        host, port, room, source = self.address
        sock: socket.socket | None = None
        while not self._stop.is_set():
            try:
                if sock is None:
                    sock, _head = _handshake(host, port, room, source, self.OFFER)
                    sock.setblocking(False)
                sock.sendall(self.frame)
                self.sent += 1
                code = _close_code(sock)
                if code:
                    self.closes[code] = self.closes.get(code, 0) + 1
                    sock.close()
                    sock = None
            except (OSError, ConnectionError):
                self.closes[1006] = self.closes.get(1006, 0) + 1
                if sock is not None:
                    sock.close()
                sock = None
            self._stop.wait(self.every)
        if sock is not None:
            sock.close()


def _close_code(sock: socket.socket) -> int:
    """A close frame's code among what ``sock`` has received so far (0: none yet; 1006:
    the connection ended without one). Other frames are read and dropped.
    """
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            break
        if not chunk:
            return _code_in(data) or 1006
        data += chunk
    return _code_in(data)


def _code_in(data: bytes) -> int:
    while len(data) >= 2:
        opcode, length = data[0] & 0x0F, data[1] & 0x7F
        start = 2 if length < 126 else 4 if length == 126 else 10
        if length >= 126:
            length = int.from_bytes(data[2:start], "big") if len(data) >= start else 1 << 62
        if opcode == 0x8:
            body = data[start : start + length]
            return int.from_bytes(body[:2], "big") if len(body) >= 2 else 1005
        data = data[start + length :]
    return 0


def raw_bomb(host: str, port: int, room: str, frame: bytes, source: str | None = None) -> int:
    """One :func:`bomb_frame` on a new raw socket: the close code the server answered with
    (0: none within 10 s; -1: the connection was refused before the handshake).
    """
    try:
        sock, head = _handshake(host, port, room, source, Bomber.OFFER)
    except (OSError, ConnectionError):
        return -1
    try:
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            return -1
        sock.sendall(frame)
        data = head.split(b"\r\n\r\n", 1)[1]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            code = _code_in(data)
            if code:
                return code
            chunk = sock.recv(65536)
            if not chunk:
                return 1006
            data += chunk
        return 0
    except OSError:
        return 1006
    finally:
        sock.close()
