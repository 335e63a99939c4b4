"""Issue 14's flood: 200 sockets that never read and a chat flood in one room, while a game
is played in another. Real sockets, one real server; behaviour only (the latency and memory
figures are ``bench/tools/web_flood.py``'s): every silent socket is closed with 1013 and leaves
the room, the people playing get every broadcast, the room's readers every chat line."""

from __future__ import annotations

import pytest
from web_helpers import Peer, Server, read_to_close, silent_socket

from ludoteca.web.wire.limits import Limits
from ludoteca.web.wire.sockets import CLOSE_NOT_READING

SILENT = 200
LINE = "\U0001f3b2" * 500
"""500 characters, 2,000 bytes: fewer lines fill the silent sockets' buffers."""


def _move(mover: Peer, peers: list[Peer], versions: dict[int, list[int]]) -> bool:
    """One move of the game in the quiet room; both seats must see the new state.
    False once the game is over.
    """
    state = mover.state
    assert state is not None
    if state["outcome"] is not None:
        return False
    actor = next(p for p in peers if p.seat in state["actors"])
    mine = actor.state
    assert mine is not None and mine["version"] == state["version"]
    actor.send("act", action=mine["legal"][0]["text"], version=state["version"])
    before = state["version"]
    for peer in peers:
        got = peer.wait("state", lambda m: m["version"] > before)
        versions[id(peer)].append(got["version"])
    return True


def test_two_hundred_silent_sockets_and_a_chat_flood_leave_the_other_room_whole(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fast = (1e6, 1e6)
    limits = Limits(max_pending=20, chat=fast, address_chat=fast, frames=fast, address_frames=fast)
    with Server(":memory:", limits=limits) as server:
        flooded = server.create_room("tacocat", 2)
        alice, eve = server.peer(flooded), server.peer(flooded)
        alice.hello()
        alice.sit(0, "Alice")
        eve.hello()  # a spectator who reads: she must get every line
        silent = [silent_socket(server.port, flooded) for _ in range(SILENT)]
        alice.wait_room(lambda r: r["spectators"] == SILENT + 1)

        quiet = server.create_room("tacocat", 2)
        carol, dave = server.peer(quiet), server.peer(quiet)
        carol.hello()
        dave.hello()
        carol.sit(0, "Carol")
        dave.sit(1, "Dave")
        carol.send("start")
        players = [carol, dave]
        first = [p.wait("state") for p in players]
        versions = {id(p): [m["version"]] for p, m in zip(players, first, strict=True)}

        sent = 0
        spectators = SILENT + 1
        playing = True
        for _ in range(400):  # a bound, not a timing: each batch fills the silent buffers
            for _ in range(50):
                alice.send("chat", text=LINE)
            sent += 50
            alice.send("ping")
            alice.wait("pong")
            if playing:
                playing = _move(carol, players, versions)
            spectators = server.http("GET", f"/api/rooms/{flooded}")[1]["spectators"]
            if spectators == 1:
                break
        assert spectators == 1  # every silent socket left the room; Eve is still in it

        # The flood keeps going a little with nobody silent left: nothing more is queued.
        for _ in range(20):
            alice.send("chat", text=LINE)
        sent += 20
        alice.send("chat", text="fin")
        sent += 1
        eve.wait("chat", lambda m: m["text"] == "fin", timeout=60)
        assert sum(1 for m in eve.seen if m["type"] == "chat") == sent

        # The people in the other room saw every state, the same ones, in order.
        assert versions[id(carol)] == versions[id(dave)]
        assert versions[id(carol)] == sorted(set(versions[id(carol)]))
        assert len(versions[id(carol)]) > 1

        # Each silent socket, read at last: what was queued before the bound, then 1013.
        for sock in silent:
            texts, code = read_to_close(sock)
            assert code == CLOSE_NOT_READING
            assert texts < sent
            sock.close()
        for peer in [alice, eve, carol, dave]:
            peer.close()
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]
