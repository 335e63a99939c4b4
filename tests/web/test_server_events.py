"""The events each socket is told, over real WebSockets: per viewer, with names, in order.

Issue 13: a seat hears what it may see (Mystery Date: the taker of a swap learns the card,
the others that a card moved), every player is named by the room's seat names, the history
comes again on reconnect, Gotcha's history is in clock order, and a replay steps move by
move.
"""

from __future__ import annotations

import itertools
import re

from test_server_games import seat_bots
from web_helpers import Message, Peer, Server, play_to_end

from ludoteca.web.store import open_store

CARD_KEYS = {"card", "given", "lost"}
"""Event data that names a hidden card."""


def told(peer: Peer) -> list[Message]:
    """The events ``peer`` was sent, folded as the page folds them."""
    events: list[Message] = []
    for message in peer.seen:
        if message["type"] == "state":
            events = list(message["events"]) if message["events_reset"] else events
            if not message["events_reset"]:
                events.extend(message["events"])
    return events


def may_know_card(event: Message, viewer: int | None) -> bool:
    """Whether ``viewer`` may hear which hidden card an event is about (MD-10, MD-05)."""
    data = event["data"]
    if event["kind"] in {"deal", "draw"}:
        return viewer is not None and data.get("seat") == viewer
    if event["kind"] == "swap_give":
        return viewer is not None and event["actor"] == viewer
    if event["kind"] == "swap_received":
        return viewer is not None and viewer in (data.get("seat"), data.get("target"))
    # A third party's swap names no card; take_top, discard, show: cards face up.
    return bool(event["kind"] != "swap")


def test_mystery_date_seats_hear_their_own_cards_and_only_theirs(server: Server) -> None:
    room = server.create_room("mystery_date", 3)
    me = server.peer(room)
    me.hello()
    me.sit(0, "Ana")
    seat_bots(me, 3)
    watcher = server.peer(room)
    watcher.hello(lang="es")
    me.send("start")
    final = play_to_end(me)
    watcher.wait("state", lambda m: m["outcome"] is not None)
    names = [seat["name"] for seat in me.room["seats"]] if me.room else []
    assert names[0] == "Ana" and all(names)

    mine, theirs = told(me), told(watcher)
    assert mine and theirs
    for viewer, events in ((0, mine), (None, theirs)):
        for event in events:
            assert set(event) == {"step", "kind", "actor", "data", "text"}
            assert not re.search(r"\b(seat|asiento|Player|Jugador) \d", event["text"]), event
            if CARD_KEYS & set(event["data"]):
                assert may_know_card(event, viewer), (viewer, event)
    # Every bot turn is in my history, by name; so is the card I got in each swap.
    bot_turns = [e for e in mine if e["kind"] == "turn_start" and e["data"]["seat"] != 0]
    assert bot_turns and all(names[e["data"]["seat"]] in e["text"] for e in bot_turns)
    rolls = [e for e in mine if e["kind"] == "roll"]
    assert {e["actor"] for e in rolls} == {0, 1, 2}
    received = [e for e in mine if e["kind"] == "swap_received"]
    assert all("card" in e["data"] for e in received)
    others = [e for e in mine if e["kind"] == "swap"]
    assert all(0 not in (e["data"]["seat"], e["data"]["target"]) for e in others)
    # The spectator hears no swap's card, and in Spanish.
    assert not any(e["kind"] == "swap_received" for e in theirs)
    assert any("tira" in e["text"] or "saca" in e["text"] for e in theirs)

    # The result names the winner and carries the game's figures and the end reason.
    outcome = final["outcome"]
    assert outcome["end_reason"] == "date" and outcome["turns"] > 0
    assert set(outcome["figures"]) >= {"outfit", "date", "positions"}
    assert names[outcome["winners"][0]] in outcome["text"]

    # A new socket with my token hears the history again: the newest events, same texts.
    again = server.peer(room)
    again.hello(token=me.token)
    state = again.wait("state")
    assert state["events_reset"] is True
    assert 0 < len(state["events"]) <= 200
    assert state["events"] == mine[-len(state["events"]) :]
    me.close()
    watcher.close()
    again.close()


def test_a_replay_steps_move_by_move_with_the_events_so_far(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    me = server.peer(room)
    me.hello()
    me.sit(0, "Ana")
    seat_bots(me, 2, "greedy")
    me.send("start")
    play_to_end(me)
    # The bot's secret choices reach me as "Bruno has chosen...", never which cards.
    secret = [e for e in told(me) if e["kind"] == "secret_choice" and e["actor"] == 1]
    bot_name = me.room["seats"][1]["name"] if me.room else ""
    assert secret and all(bot_name in e["text"] for e in secret)
    assert not any({"card", "cards"} & set(e["data"]) for e in secret)
    me.send("replay", step=0)
    first = me.wait("replay")
    frames, total = first["moves"], first["total"]
    assert frames[-1] == total and len(frames) < total
    assert frames == sorted(set(frames))
    assert first["rounds"][0] == 0 and len(first["rounds"]) > 1  # Tacocat has rounds
    record_seats = [seat for seat, _ in server_actions(server, room)]
    for start, end in itertools.pairwise(frames):
        # Each move: one player's step, then only the chance steps it caused.
        assert record_seats[start] != -1
        assert all(seat == -1 for seat in record_seats[start + 1 : end])
    me.send("replay", step=frames[3])
    frame = me.wait("replay")
    assert frame["events"] and max(e["step"] for e in frame["events"]) < frames[3]
    assert all("seat 1" not in e["text"] for e in frame["events"])
    me.close()


def server_actions(server: Server, room: str) -> list[tuple[int, str]]:
    """The stored steps of the room's first game."""
    store = open_store(server.store_url)
    try:
        return list(store.actions(room, 1))
    finally:
        store.close()


def test_gotcha_history_is_in_clock_order(server: Server) -> None:
    room = server.create_room("gotcha", 3, options={"turn_limit": 8, "track_length": 4})
    me = server.peer(room)
    me.hello()
    me.sit(0, "Ana", age=30, traits=["glasses"])
    seat_bots(me, 3)
    me.send("start")
    play_to_end(me)
    again = server.peer(room)
    again.hello(token=me.token)
    history = again.wait("state")["events"]
    times = [e["data"]["t"] for e in history if isinstance(e["data"].get("t"), int)]
    assert len(times) > 3 and times == sorted(times)
    assert all("player 1" not in e["text"].lower() for e in history)
    me.close()
    again.close()
