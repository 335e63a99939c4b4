"""Whole games over real WebSockets: a person against bots to the end, two people."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from web_helpers import Message, Peer, Server, play_to_end


def is_bot(seat: int) -> Callable[[Message], bool]:
    return lambda r: bool(r["seats"][seat]["kind"] == "bot")


def seat_bots(peer: Peer, players: int, agent: str | None = None) -> None:
    for seat in range(1, players):
        fields = {"seat": seat} if agent is None else {"seat": seat, "agent": agent}
        peer.send("bot", **fields)
        peer.wait_room(is_bot(seat))


def test_tacocat_person_against_the_expert_bot_to_the_end(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    alice = server.peer(room)
    welcome = alice.hello()
    assert welcome == {
        "type": "welcome",
        "room_id": room,
        "seat": None,
        "lang": "en",
        "creator": False,
    }
    seated = alice.sit(0, "Alice")
    assert seated["seat"] == 0 and len(seated["token"]) > 20
    seat_bots(alice, 2)
    alice.send("start")
    final = play_to_end(alice)
    outcome = final["outcome"]
    assert sorted(outcome["ranks"]) == [1, 2] and outcome["reason"]
    status, summary = server.http("GET", f"/api/rooms/{room}")
    assert status == 200 and summary["status"] == "finished" and summary["game_no"] == 1
    alice.close()


GAMES: dict[str, tuple[int, dict[str, object], str | None]] = {
    # The greedy bots are quicker than the experts; the default bot plays Tacocat above.
    "dweebies": (2, {}, "greedy"),
    "tile_up": (2, {}, "greedy"),
    "mystery_date": (3, {}, None),
    "gotcha": (3, {"turn_limit": 8, "track_length": 4}, None),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_to_the_end_against_bots(server: Server, game: str) -> None:
    players, options, agent = GAMES[game]
    room = server.create_room(game, players, options=options)
    me = server.peer(room)
    me.hello()
    if game == "gotcha":
        me.sit(0, "Ana", age=30, traits=["glasses"])
    else:
        me.sit(0, "Ana")
    seat_bots(me, players, agent)
    watcher = server.peer(room)
    watcher.hello(lang="es")
    me.send("start")
    final = play_to_end(me)
    assert final["outcome"]["winners"] is not None
    last = watcher.wait("state", lambda m: m["outcome"] is not None)
    assert last["you"] is None and last["legal"] == []
    assert last["version"] == final["version"]
    me.close()
    watcher.close()
