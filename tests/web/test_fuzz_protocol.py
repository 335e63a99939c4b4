"""Property-based fuzz of the WebSocket protocol over a real server (Hypothesis).

A spectator of a game in progress sends arbitrary frames: JSON objects of every message type
with fields of any JSON type (lone surrogates, huge and negative integers, nesting), and text
that is not JSON at all. Whatever it sends, each frame is answered before the next ``ping``'s
``pong`` (the socket is never silenced), no answer is ``server_error``, nothing is logged
as an error and the game and seats stay exactly as they were.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import Peer, Server

from ludoteca.web.wire import protocol
from ludoteca.web.wire.limits import Limits

FAST = (1e6, 1e6)

texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\ud800", "\udfff", "a\ud83d", "es", "en", "", "0", "x" * 600]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    texts,
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["seat", "name", "age", "traits", "agent", "action", "version", "text", "game"]
FIELDS += ["step", "lang", "token"]
objects = st.builds(
    lambda kind, fields: json.dumps({**fields, "type": kind}),
    st.one_of(st.sampled_from(protocol.TYPES), texts),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
)
junk = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["{", "[" * 3000, '{"type":"act","version":' + "7" * 5000 + "}", "NaN"]),
)
frames = st.lists(st.one_of(objects, objects, junk), min_size=1, max_size=8)


class Table:
    """A game in progress (two seated people who do not move) and a fuzzing spectator."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.room = server.create_room("tacocat", 2)
        self.alice, self.bob = server.peer(self.room), server.peer(self.room)
        self.alice.hello()
        self.bob.hello()
        self.alice.sit(0, "Alice")
        self.bob.sit(1, "Bob")
        self.alice.send("start")
        self.version = self.alice.wait("state")["version"]
        self.fuzzer = server.peer(self.room)
        self.fuzzer.hello(lang="es")
        self.seats = self.summary()["seats"]

    def summary(self) -> dict[str, Any]:
        status, room = self.server.http("GET", f"/api/rooms/{self.room}")
        assert status == 200
        return dict(room)

    def close(self) -> None:
        for peer in (self.alice, self.bob, self.fuzzer):
            peer.close()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    db = str(Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.sqlite3")
    limits = Limits(frames=FAST, address_frames=FAST, chat=FAST, address_chat=FAST)
    with Server(db, limits=limits) as server:
        table = Table(server)
        yield table
        table.close()


def answers_until_pong(peer: Peer) -> list[dict[str, Any]]:
    peer.send("ping")
    got: list[dict[str, Any]] = []
    while True:
        message = peer.recv(20)
        if message["type"] == "pong":
            return got
        got.append(message)


# The server's bots and seeds draw from ``random`` in its own thread while examples run.
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(batch=frames)
def test_any_frames_are_answered_and_change_nothing(
    table: Table, batch: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    for frame in batch:
        table.fuzzer.raw(frame)
    answers = answers_until_pong(table.fuzzer)
    codes = [m.get("code") for m in answers if m["type"] == "error"]
    assert "server_error" not in codes
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    room = table.summary()
    assert room["status"] == "playing" and room["seats"] == table.seats
    assert all(m["version"] == table.version for m in answers if m["type"] == "state")
