"""Turn timers, players who leave or drop out, and Gotcha's server clock."""

from __future__ import annotations

import time

from web_helpers import Message, Peer, Server, play_to_end

from ludoteca.web.store import open_store
from ludoteca.web.wire.limits import Limits


def start_against_bot(server: Server, game: str, players: int, **room: object) -> tuple[str, Peer]:
    room_id = server.create_room(game, players, **room)
    me = server.peer(room_id)
    me.hello()
    if game == "gotcha":
        me.sit(0, "Ana", age=40, traits=["glasses"])
    else:
        me.sit(0, "Ana")
    for seat in range(1, players):
        me.send("bot", seat=seat)
        me.wait_room(lambda r, s=seat: r["seats"][s]["kind"] == "bot")  # type: ignore[misc]
    me.send("start")
    return room_id, me


def test_when_the_turn_timer_runs_out_a_bot_plays_for_the_person(server: Server) -> None:
    _room, me = start_against_bot(server, "dweebies", 2, turn_seconds=1)
    state = me.wait("state", lambda m: 0 in m["actors"])
    assert state["deadline"] is not None
    assert state["deadline"] <= time.time() * 1000 + 1000  # a second from when it was sent
    moved = me.wait("state", lambda m: m["version"] > state["version"] and m["last"]["seat"] == 0)
    assert time.time() * 1000 >= state["deadline"] - 50  # never before the deadline
    assert moved["last"]["text"] in {entry["text"] for entry in state["legal"]}
    me.close()


def test_no_deadline_without_a_timer_and_none_for_bots(server: Server) -> None:
    _room, me = start_against_bot(server, "dweebies", 2)
    state = me.wait("state", lambda m: 0 in m["actors"])
    assert state["deadline"] is None
    me.close()


def test_a_person_who_leaves_mid_game_is_replaced_by_a_bot_until_they_come_back(
    server: Server,
) -> None:
    """The bot plays on; the leaver's token still opens the seat (issue 21: a reload or
    "Take my seat back" reclaims it)."""
    room = server.create_room("tacocat", 2)
    alice, bob = server.peer(room), server.peer(room)
    alice.hello()
    bob.hello()
    alice.sit(0, "Alice")
    bob.sit(1, "Bob")
    token = bob.token
    alice.send("start")
    bob.wait("state")
    bob.send("leave")
    assert bob.wait("welcome")["seat"] is None
    seats = alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")["seats"]
    assert seats[1]["name"] == "Bob" and seats[1]["agent"] == "expert"
    final = play_to_end(alice)
    assert final["outcome"] is not None
    again = server.peer(room)
    again.send("hello", token=token)
    assert again.wait("welcome")["seat"] == 1
    seats = alice.wait_room(lambda r: r["seats"][1]["kind"] == "human")["seats"]
    assert seats[1]["name"] == "Bob"
    for peer in (alice, bob, again):
        peer.close()


def test_a_disconnected_seat_can_be_handed_to_a_bot_by_another_player(db: str) -> None:
    with Server(db, limits=Limits(seat_grace=0)) as server:
        hand_a_disconnected_seat_to_a_bot(server)


def hand_a_disconnected_seat_to_a_bot(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    alice, bob = server.peer(room), server.peer(room)
    alice.hello()
    bob.hello()
    alice.sit(0, "Alice")
    bob.sit(1, "Bob")
    alice.send("start")
    alice.wait("state")
    alice.send("bot", seat=1)
    assert alice.wait("error")["code"] == "seat_connected"
    bob.close()
    alice.wait_room(lambda r: not r["seats"][1]["connected"])
    alice.send("bot", seat=1, agent="random")
    alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    assert play_to_end(alice)["outcome"] is not None
    alice.close()


def test_gotcha_actions_are_stamped_with_the_server_clock(db: str) -> None:
    with Server(db, clock_scale=1.0) as server:
        began = time.monotonic()
        room, me = start_against_bot(server, "gotcha", 3, options={"turn_limit": 8})
        state = me.wait("state")
        assert state["clock"] == 0 and state["actors"][0] == 0
        assert {"text": "draw", "label": "draws a card"} in state["legal"]
        assert all(not entry["text"].startswith("@") for entry in state["legal"])
        time.sleep(0.3)
        # A time the client writes is ignored: the server stamps its own clock.
        me.send("act", action="@999999 draw", version=state["version"])
        drawn = me.wait("state", lambda m: m["last"] is not None and m["last"]["seat"] == 0)
        real_ms = (time.monotonic() - began) * 1000
        t = int(drawn["last"]["text"].split()[0][1:])
        assert drawn["last"]["text"].endswith(" draw")
        # The server's clock: past the wait above, never past the real time since the game
        # was created (a fixed bound would be a bet on the machine's speed).
        assert 250 <= t <= real_ms
        assert drawn["clock"] == t
        me.close()
    store = open_store(db)
    steps = store.actions(room, 1)
    store.close()
    times = [int(text.split()[0][1:]) for seat, text in steps if seat >= 0]
    assert times == sorted(times)


def test_gotcha_turn_timer_draws_for_a_silent_person(server: Server) -> None:
    _room, me = start_against_bot(server, "gotcha", 3, turn_seconds=1, options={"turn_limit": 8})
    state = me.wait("state", lambda m: m["deadline"] is not None)
    moved: Message = me.wait(
        "state", lambda m: m["last"] is not None and m["last"]["text"].endswith(" draw")
    )
    assert moved["last"]["seat"] == 0 and moved["version"] > state["version"]
    me.close()
