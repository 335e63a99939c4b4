"""Test helpers of the host's kit: ``ludoteca serve`` set by environment variables only,
its stderr kept apart, and two people playing a room through any origin (a proxy's).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from web_helpers import Message, Peer
from websockets.sync.client import connect

from ludoteca.loadbench.process import SERVE, free_port


class EnvServer:
    """``ludoteca serve`` with no flag: every setting from ``LUDOTECA_*`` variables.

    Args:
        folder: Where its store, stdout and stderr go.
        env: More variables (``LUDOTECA_LOG_FORMAT``...).
    """

    def __init__(self, folder: Path, **env: str) -> None:
        self.port = free_port()
        self.stdout = folder / "serve.out"
        self.stderr = folder / "serve.err"
        self.env = {
            **os.environ,
            "LUDOTECA_HOST": "127.0.0.1",
            "LUDOTECA_PORT": str(self.port),
            "LUDOTECA_DB": str(folder / "store.sqlite3"),
            **env,
        }
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> EnvServer:
        with self.stdout.open("wb") as out, self.stderr.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVE, "serve"],
                stdout=out,
                stderr=err,
                env=self.env,
                start_new_session=True,
            )
        wait_for(self.base + "/healthz", self.proc, self.stderr)
        return self

    def __exit__(self, *exc: object) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def wait_for(
    url: str,
    proc: subprocess.Popen[bytes],
    log: Path,
    context: ssl.SSLContext | None = None,
    timeout: float = 60,
) -> None:
    """Until ``url`` answers 200 (``proc`` must stay alive meanwhile)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited: {log.read_text(errors='replace')[-3000:]}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(url, timeout=2, context=context) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer: {log.read_text(errors='replace')[-3000:]}")


def fetch(
    url: str,
    method: str = "GET",
    body: object = None,
    context: ssl.SSLContext | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, dict[str, str]]:
    """``(status, body, headers)`` of one request (an error status too)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=15, context=context) as answer:
            return answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def at_least(version: int) -> Callable[[Message], bool]:
    """A test of a state: at ``version`` or later."""
    return lambda message: bool(message["version"] >= version)


def play_a_room(origin: str, context: ssl.SSLContext | None = None, moves: int = 6) -> Message:
    """Create a Dweebies room at ``origin`` (``https://host:port``), seat two people over
    WebSockets, start, and play ``moves`` acknowledged moves; the last state.
    """
    headers = {"Origin": origin}
    status, body, _ = fetch(
        origin + "/api/rooms", "POST", {"game": "dweebies", "players": 2}, context, headers
    )
    assert status == 201, body
    room = json.loads(body)["room"]
    ws_origin = origin.replace("https://", "wss://").replace("http://", "ws://")
    peers: list[Peer] = []
    for seat, name in enumerate(("Ana", "Bruno")):
        ws: Any = connect(
            f"{ws_origin}/ws/{room}", ssl=context, additional_headers=headers, max_size=None
        ).__enter__()
        peer = Peer(ws)
        peer.hello()
        peer.sit(seat, name)
        peers.append(peer)
    peers[0].send("start")
    current = {peer.seat: peer.wait("state") for peer in peers}
    for _ in range(moves):
        version = max(state["version"] for state in current.values())
        for peer in peers:
            if current[peer.seat]["version"] < version:
                current[peer.seat] = peer.wait("state", at_least(version))
        actor = next(peer for peer in peers if current[peer.seat]["legal"])
        actor.send("act", action=current[actor.seat]["legal"][0]["text"], version=version)
        current[actor.seat] = actor.wait("state", at_least(version + 1))
    for peer in peers:
        peer.close()
    return max(current.values(), key=lambda state: state["version"])
