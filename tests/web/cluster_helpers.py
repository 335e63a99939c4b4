"""Test helpers of the cluster: a real redis-server, ``ludoteca serve --workers N`` as a real
process tree, and a player that reconnects like the page does.

Everything waits on something it can observe (a port answering, a message arriving, a
process exiting), each with a generous deadline that only a broken server reaches.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

REDIS_SERVER = "/usr/bin/redis-server"
SERVE = "from ludoteca.cli import main; main()"
Message = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def answers(port: int) -> bool:
    """Whether something accepts TCP connections on 127.0.0.1:``port``."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
        return True
    return False


def until(check: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Poll ``check`` until it holds (a deadline only a broken run reaches)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class RedisServer:
    """``redis-server`` on a free loopback port, without persistence (a restart is empty)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="ludoteca-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--save", "", "--appendonly", "no", "--dir", str(self.root)]
        with (self.root / "log").open("ab") as log:
            self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        until(lambda: answers(self.port), "redis-server to listen")

    def kill(self) -> None:
        """kill -9 (every connection drops at once; the data is gone)."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(30)
            self.proc = None

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.root, ignore_errors=True)


def http(port: int, method: str, path: str, body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class Cluster:
    """``ludoteca serve --workers N`` with each worker also on a port of its own;
    ``handover=False``: sockets of another worker's room are relayed, never handed over.
    """

    def __init__(
        self, db: str, redis_url: str, log: Path, workers: int = 2, handover: bool = True
    ) -> None:
        self.db = db
        self.handover = handover
        self.redis_url = redis_url
        self.port = free_port()
        self.ports = [free_port() for _ in range(workers)]
        self.log = log
        args = ["serve", "--port", str(self.port), "--db", db, "--redis", redis_url]
        self.args = [*args, "--workers", str(workers), "--lease-ms", "1000", "--limits", "off"]
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "LUDOTECA_WORKER_PORTS": ",".join(map(str, self.ports))}
        if not self.handover:  # every socket of another worker's room relayed (web.cluster.relay)
            env["LUDOTECA_HANDOVER"] = "off"
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVE, *self.args],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
        for port in self.ports:
            self.wait_worker(port)

    def wait_worker(self, port: int) -> Message:
        """The ``/healthz`` of the worker on ``port``, once it answers."""
        found: list[Message] = []

        def answered() -> bool:
            health = self.health(port)
            found[:] = [health] if health is not None else []
            return bool(found)

        until(answered, f"the worker on port {port}")
        return found[0]

    def health(self, port: int) -> Message | None:
        """A worker's ``/healthz`` (None while it does not answer)."""
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"the cluster exited: {self.log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                found: Message = json.loads(answer.read())
                return found
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


class Player:
    """One browser tab on one worker's port: hello with its token, reconnect after a close
    (as the page does), and keep what it was sent.
    """

    def __init__(self, port: int, room: str, lang: str = "en") -> None:
        self.port = port
        self.room = room
        self.lang = lang
        self.token: str | None = None
        self.ws: ClientConnection | None = None
        self.seen: list[Message] = []
        self.state: Message | None = None
        self.closes: list[int | None] = []
        self.connect()

    def connect(self) -> None:
        url = f"ws://127.0.0.1:{self.port}/ws/{self.room}"
        self.ws = connect(url, max_size=None, max_queue=None, open_timeout=30).__enter__()
        hello: Message = {"type": "hello", "lang": self.lang}
        if self.token is not None:
            hello["token"] = self.token
        self.send(hello)

    def send(self, message: Message) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # the next recv reconnects
            self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 60.0) -> Message:
        """The next message; a closed socket is opened again (after a drop, a move)."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.ws is not None
            try:
                message: Message = json.loads(self.ws.recv(timeout=timeout))
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)
                until(lambda: answers(self.port), "the worker to listen again", timeout)
                try:
                    self.connect()
                except (OSError, InvalidHandshake):
                    # As the page does (net.js reconnects on any close, an unopened socket's
                    # too): a socket handed over to a holder that was dying is closed
                    # unanswered, as by any server that dies before its handshake.
                    if time.monotonic() > deadline:
                        raise
                continue
            self.seen.append(message)
            if message["type"] == "state":
                self.state = message
            elif message["type"] == "seated":
                self.token = message["token"]
            return message

    def wait(self, check: Callable[[Message], bool], timeout: float = 60.0) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.recv(max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                kinds = [(m["type"], m.get("version"), m.get("code")) for m in self.seen]
                raise AssertionError(f"{self.port}: nothing after {kinds} {self.closes}") from None
            if check(message):
                return message
            if time.monotonic() > deadline:
                raise AssertionError(f"no such message in {self.seen[-10:]}")

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
