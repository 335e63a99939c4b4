"""Bad input on the socket: each answered with an ``error`` on that socket, nothing changed."""

from __future__ import annotations

import json

import pytest
from web_helpers import Message, Peer, Server

from ludoteca.web.wire.protocol import MAX_FRAME


def table(server: Server) -> tuple[str, Peer, Peer, Message]:
    """A Dweebies room with two people, started; seat 0 is to play."""
    room = server.create_room("dweebies", 2)
    alice, bob = server.peer(room), server.peer(room)
    alice.hello()
    bob.hello(lang="es")
    alice.sit(0, "Alice")
    bob.sit(1, "Bob")
    alice.send("start")
    state = alice.wait("state")
    bob.wait("state")
    assert state["actors"] == [0]
    return room, alice, bob, state


def unchanged(server: Server, room: str, peers: list[Peer], state: Message) -> None:
    """No state was broadcast and the room's game is where it was."""
    for peer in peers:
        peer.send("ping")
        got = []
        while True:
            message = peer.recv(10)
            if message["type"] == "pong":
                break
            got.append(message)
        assert all(m["type"] not in ("state", "room") for m in got), got
    status, summary = server.http("GET", f"/api/rooms/{room}")
    assert status == 200 and summary["status"] == "playing"
    probe = server.peer(room)
    probe.hello()
    fresh = probe.wait("state")
    assert fresh["version"] == state["version"]
    assert fresh["view"] == server_view_without_seat(state)
    probe.close()


def server_view_without_seat(state: Message) -> Message:
    """What a spectator sees of the state ``state`` (a seat's view minus its own hand)."""
    view = dict(state["view"])
    view.pop("hand", None)
    view["seat"] = None
    return view


BAD_FRAMES = [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"no": "type"}', "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "sit"}', "bad_message"),
    ('{"type": "act", "action": "place D01 0 0"}', "bad_message"),
    ('{"type": "act", "action": 5, "version": 0}', "bad_message"),
    ('{"type": "act", "action": "x", "version": "3"}', "bad_message"),
    ('{"type": "act", "action": "x", "version": true}', "bad_message"),
    ('{"type": "chat"}', "bad_message"),
    ('{"type": "replay"}', "bad_message"),
    ('{"type": "hello"}', "bad_message"),
    ('{"type": "lang", "lang": "fr"}', "bad_message"),
    ('{"type": "bot", "seat": 9}', "bad_message"),
    (json.dumps({"type": "chat", "text": "x" * (MAX_FRAME + 1)}), "too_large"),
]


@pytest.mark.parametrize(("frame", "code"), BAD_FRAMES)
def test_malformed_frames_get_an_error_and_change_nothing(
    server: Server, frame: str, code: str
) -> None:
    room, alice, bob, state = table(server)
    alice.raw(frame)
    error = alice.wait("error")
    assert error["code"] == code
    assert error["message"] and isinstance(error["message"], str)
    unchanged(server, room, [alice, bob], state)
    alice.close()
    bob.close()


def test_errors_come_in_the_socket_language(server: Server) -> None:
    _room, alice, bob, _state = table(server)
    alice.raw('{"type": "dance"}')
    bob.raw('{"type": "dance"}')
    assert alice.wait("error")["message"] == "Unknown message type 'dance'"
    assert bob.wait("error")["message"] == "Tipo de mensaje desconocido 'dance'"
    alice.close()
    bob.close()


def test_binary_frames_are_refused(server: Server) -> None:
    room, alice, bob, state = table(server)
    alice.ws.send(b"\x00\x01")
    assert alice.wait("error")["code"] == "bad_json"
    unchanged(server, room, [alice, bob], state)


def test_nothing_but_ping_before_hello(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    peer = server.peer(room)
    peer.send("sit", seat=0, name="X")
    assert peer.wait("error")["code"] == "no_hello"
    peer.send("ping")
    assert peer.wait("pong") == {"type": "pong"}
    peer.hello()
    peer.send("hello")
    assert peer.wait("error")["code"] == "bad_message"
    _status, summary = server.http("GET", f"/api/rooms/{room}")
    assert summary["seats"][0]["kind"] == "free"


def test_no_room(server: Server) -> None:
    peer = server.peer("nope")
    assert peer.wait("error")["code"] == "no_room"


def test_acting_for_another_seat_or_out_of_turn_is_refused(server: Server) -> None:
    room, alice, bob, state = table(server)
    move = state["legal"][0]["text"]
    bob.send("act", action=move, version=state["version"], seat=0)
    assert bob.wait("error")["code"] == "not_your_seat"
    bob.send("act", action=move, version=state["version"])
    error = bob.wait("error")
    assert error["code"] == "not_your_turn" and error["action"] == move
    unchanged(server, room, [alice, bob], state)


def test_illegal_moves_name_the_rule_and_unreadable_ones_say_why(server: Server) -> None:
    room, alice, bob, state = table(server)
    card = state["legal"][0]["text"].split()[1]
    alice.send("act", action=f"place {card} 7 7", version=state["version"])
    error = alice.wait("error")
    assert error["code"] == "illegal" and error["rule_id"].startswith("DW-")
    assert error["action"] == f"place {card} 7 7"
    alice.send("act", action="fly away", version=state["version"])
    assert alice.wait("error")["code"] == "unreadable_action"
    unchanged(server, room, [alice, bob], state)


def test_a_stale_version_is_refused(server: Server) -> None:
    room, alice, bob, state = table(server)
    move = state["legal"][0]["text"]
    alice.send("act", action=move, version=state["version"] - 1)
    error = alice.wait("error")
    assert error["code"] == "stale"
    alice.send("act", action=move, version=state["version"] + 1)
    assert alice.wait("error")["code"] == "stale"
    unchanged(server, room, [alice, bob], state)
    # The same move at the right version is accepted once, then it is stale.
    alice.send("act", action=move, version=state["version"])
    alice.wait("state", lambda m: m["version"] > state["version"])
    alice.send("act", action=move, version=state["version"])
    assert alice.wait("error")["code"] == "stale"


def test_stale_foreign_and_given_up_tokens_do_not_hold_a_seat(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    other = server.create_room("tacocat", 2)
    alice = server.peer(room)
    alice.hello()
    alice.sit(0, "Alice")
    old = alice.token
    stranger = server.peer(other)
    stranger.hello()
    stranger.sit(0, "Stranger")
    foreign = stranger.token
    alice.send("leave")
    alice.wait_room(lambda r: r["seats"][0]["kind"] == "free")
    for token in (old, foreign, "made-up-token"):
        peer = server.peer(room)
        peer.send("hello", token=token)
        assert peer.wait("error")["code"] == "bad_token"
        welcome = peer.wait("welcome")
        assert welcome["seat"] is None
        peer.send("act", action="anything", version=0)
        assert peer.wait("error")["code"] in ("not_seated", "not_started")
        peer.close()
    _status, summary = server.http("GET", f"/api/rooms/{room}")
    assert [s["kind"] for s in summary["seats"]] == ["free", "free"]


def test_lobby_refusals(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    alice, bob = server.peer(room), server.peer(room)
    alice.hello()
    bob.hello()
    alice.sit(0, "Alice")
    bob.send("sit", seat=0, name="Bob")
    assert bob.wait("error")["code"] == "seat_taken"
    bob.send("sit", seat=1, name="")
    assert bob.wait("error")["code"] == "bad_message"
    alice.send("sit", seat=1, name="Alice again")
    assert alice.wait("error")["code"] == "bad_message"
    alice.send("start")
    assert alice.wait("error")["code"] == "not_ready"
    bob.send("start")
    assert bob.wait("error")["code"] == "not_seated"
    alice.send("act", action="x", version=0)
    assert alice.wait("error")["code"] == "not_started"
    alice.send("replay", step=0)
    assert alice.wait("error")["code"] == "not_finished"
    alice.send("bot", seat=1, agent="nobody")
    assert alice.wait("error")["code"] == "bad_message"
    alice.send("unbot", seat=1)
    assert alice.wait("error")["code"] == "bad_message"
    alice.send("rematch")
    assert alice.wait("error")["code"] == "not_finished"
    _status, summary = server.http("GET", f"/api/rooms/{room}")
    assert summary["status"] == "lobby"
    assert [s["kind"] for s in summary["seats"]] == ["human", "free"]
