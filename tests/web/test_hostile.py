"""The server under hostile input (issue 14): bad bytes, bad options, cross-site posts,
sockets that stop reading, bots handed seats, stale moves. Real sockets, real SQLite."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from web_helpers import Peer, Server, silent_socket
from websockets.exceptions import ConnectionClosed

from ludoteca.engine import registry
from ludoteca.web.room.live import Live, Step, Steps
from ludoteca.web.wire.limits import Bucket, Limits

SURROGATE_FRAMES = [
    '{"type":"sit","seat":1,"name":"\\ud800"}',
    '{"type":"\\ud800"}',
    '{"type":"lang","lang":"\\udfff"}',
    '{"type":"chat","text":"hola \\ud83d"}',
    '{"type":"hello","token":"\\ud800"}',
    '{"\\ud800":1,"type":"ping"}',
    '{"type":"act","action":"x","version":' + "9" * 4301 + "}",
    '{"type":"replay","step":' + "1" * 13 + "}",
    '{"type":"act","action":"x","version":NaN}',
    '{"type":"sit","seat":2147483648,"name":"Eva"}',
    "[" * 5000 + "]" * 5000,
]


def seated_pair(server: Server, game: str = "tacocat") -> tuple[str, Peer, Peer]:
    room = server.create_room(game, 2)
    alice, bob = server.peer(room), server.peer(room)
    alice.hello()
    bob.hello(lang="es")
    alice.sit(0, "Alice")
    bob.sit(1, "Bob")
    return room, alice, bob


@pytest.mark.parametrize("frame", SURROGATE_FRAMES, ids=range(len(SURROGATE_FRAMES)))
def test_a_bad_frame_is_refused_in_the_senders_language_and_the_room_goes_on(
    server: Server, frame: str
) -> None:
    room = server.create_room("tacocat", 2)
    spectator, alice = server.peer(room), server.peer(room)
    spectator.hello(lang="es")
    alice.hello()
    spectator.raw(frame)
    error = spectator.wait("error")
    assert error["code"] in ("bad_json", "bad_message")
    assert error["message"].startswith(("El mensaje no es JSON", "Falta el campo"))
    status, summary = server.http("GET", f"/api/rooms/{room}")
    assert status == 200 and [s["kind"] for s in summary["seats"]] == ["free", "free"]
    spectator.sit(1, "Eva")  # the same socket still sits, the room still starts
    alice.sit(0, "Alice")
    alice.send("start")
    assert alice.wait("state")["version"] >= 0
    spectator.close()
    alice.close()


def post(server: Server, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
    request = urllib.request.Request(server.base + "/api/rooms?lang=en", data=body, method="POST")
    for name, value in headers.items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


JSON = {"Content-Type": "application/json"}
BAD_ROOMS: list[tuple[dict[str, Any] | bytes, dict[str, str], int, str, str]] = [
    ({"game": "mystery_date", "players": 2, "options": {"door_weights": "abc"}}, JSON, 400,
     "bad_option", "non-negative integer weights"),
    ({"game": "mystery_date", "players": 2, "options": {"turn_limit": -1}}, JSON, 400,
     "bad_option", "from 1 to 5000"),
    ({"game": "dweebies", "players": 2, "options": {"first_player": 5}}, JSON, 400,
     "bad_option", "not a seat"),
    ({"game": "mystery_date", "players": 2, "options": {"turn_limit": "²"}}, JSON, 400,
     "bad_option", "turn_limit"),
    ({"game": "mystery_date", "players": 2, "options": {"turn_limit": "9" * 5000}}, JSON, 400,
     "bad_option", "turn_limit"),
    (b'{"game": "tacocat\\ud800", "players": 2}', JSON, 400, "bad_message", "JSON object"),
    (b"[" * 100000, JSON, 413, "too_large", "Body too large"),
    (b'{"game": "tacocat", "players": 2}', {"Content-Type": "text/plain"}, 415, "bad_body",
     "application/json"),
    (b'{"game": "tacocat", "players": 2}', {**JSON, "Origin": "https://evil.example"}, 403,
     "cross_site", "Cross-site"),
    (b'{"game": "tacocat", "players": 2}', {**JSON, "Sec-Fetch-Site": "cross-site"}, 403,
     "cross_site", "Cross-site"),
    (b'{"game": "tacocat", "players": ' + b"9" * 4301 + b"}", JSON, 400, "bad_message", "JSON"),
]  # fmt: skip


@pytest.mark.parametrize("case", BAD_ROOMS, ids=range(len(BAD_ROOMS)))
def test_room_creation_refuses_what_could_never_start(
    server: Server, case: tuple[dict[str, Any] | bytes, dict[str, str], int, str, str]
) -> None:
    body, headers, status, code, text = case
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    got, answer = post(server, raw, headers)
    assert (got, answer["error"]["code"]) == (status, code)
    assert text in answer["error"]["message"]


def test_same_origin_posts_pass_and_api_docs_are_off(server: Server) -> None:
    origin = {**JSON, "Origin": server.base}
    status, _ = post(server, b'{"game": "tacocat", "players": 2}', origin)
    assert status == 201
    for path in ("/docs", "/openapi.json", "/redoc"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.base + path, timeout=10)
        assert refused.value.code == 404


def test_room_creation_per_address_is_rate_limited(db: str) -> None:
    with Server(db, limits=Limits(rooms=(0.001, 3.0))) as server:
        for _ in range(3):
            server.create_room("tacocat", 2)
        status, answer = server.http("POST", "/api/rooms", {"game": "tacocat", "players": 2})
        assert status == 429 and answer["error"]["code"] == "rate_limited"


def test_chat_past_its_rate_is_refused_with_a_clear_error(server: Server) -> None:
    _room, alice, bob = seated_pair(server)
    burst = int(Limits().chat[1])
    for index in range(burst + 5):
        bob.send("chat", text=f"línea {index}")
    refusals = [m for m in bob.answers() if m["type"] == "error"]
    assert refusals and all(m["code"] == "rate_limited" for m in refusals)
    assert refusals[0]["message"].startswith("Demasiados mensajes de chat")
    alice.close()
    bob.close()


def test_only_seated_people_manage_bots(server: Server) -> None:
    room = server.create_room("tacocat", 2)
    watcher = server.peer(room)
    watcher.hello()
    watcher.send("bot", seat=1)
    assert watcher.wait("error")["code"] == "not_seated"
    seated = server.peer(room)
    seated.hello()
    seated.sit(0, "Alice")
    seated.send("bot", seat=1)
    seated.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    watcher.send("unbot", seat=1)
    assert watcher.wait("error")["code"] == "not_seated"
    watcher.close()
    seated.close()


def test_a_seat_handed_to_a_bot_after_a_drop_is_taken_back_with_its_token(db: str) -> None:
    with Server(db, limits=Limits(seat_grace=0.3)) as server:
        a_seat_handed_to_a_bot_is_taken_back(server)


def a_seat_handed_to_a_bot_is_taken_back(server: Server) -> None:
    room, alice, bob = seated_pair(server)
    alice.send("start")
    alice.wait("state")
    token = bob.token
    bob.close()
    alice.wait_room(lambda r: not r["seats"][1]["connected"])
    time.sleep(0.35)  # the grace period (tests/web/test_red_team.py refuses inside it)
    alice.send("bot", seat=1, agent="random")
    handed = alice.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    assert handed["seats"][1]["agent"] != "random"  # the table's level, not the asker's
    back = server.peer(room)
    assert back.hello(token=token)["seat"] == 1
    alice.wait_room(lambda r: r["seats"][1]["kind"] == "human")
    state = back.wait("state")
    assert state["you"] == 1
    back.close()
    alice.close()


def test_a_move_naming_a_version_its_seat_could_not_act_at_is_stale() -> None:
    game = registry.make("tacocat")
    live = Live(game, 1, 7, {}, 2)
    # Seat 0 chose alone at version 0 (seat 1 could not act): seat 1 naming 0 is stale.
    live.steps = Steps([Step(0, None, "x", True, "p", actors=(0,))])
    assert not live.only_others_chose_since(1, 0)
    # Both chose at once at version 0: seat 1's choice naming 0 still stands.
    live.steps = Steps([Step(0, None, "x", True, "p", actors=(0, 1))])
    assert live.only_others_chose_since(1, 0)
    assert not live.only_others_chose_since(0, 0)


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    bucket = Bucket(10.0, 3.0)
    start = bucket.at
    assert [bucket.take(start) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(start + 0.1)
    owed = Bucket(10.0, 1.0)
    assert owed.wait(owed.at) == 0.0 and owed.wait(owed.at) == pytest.approx(0.1)


def test_sockets_that_stop_reading_are_closed_once_and_leave_the_room(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fast = (1e6, 1e6)
    limits = Limits(max_pending=20, chat=fast, address_chat=fast, frames=fast, address_frames=fast)
    # Megabytes of chat fill the silent sockets' kernel buffers: kept in memory, not on disk.
    with Server(":memory:", limits=limits) as server:
        room, alice, bob = seated_pair(server)
        silent = [silent_socket(server.port, room) for _ in range(5)]
        alice.wait_room(lambda r: r["spectators"] == 5)
        line = "x" * 490
        deadline = time.monotonic() + 60
        spectators = 5
        while spectators and time.monotonic() < deadline:
            for _ in range(500):
                alice.send("chat", text=line)
            alice.send("ping")
            alice.wait("pong")
            spectators = server.http("GET", f"/api/rooms/{room}")[1]["spectators"]
        assert spectators == 0
        bob.send("chat", text="still here")
        alice.wait("chat", lambda m: m["text"] == "still here")
        for sock in silent:
            sock.close()
        alice.close()
        bob.close()
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]


def test_a_join_or_a_leave_sends_the_others_only_what_changed(server: Server) -> None:
    room, alice, bob = seated_pair(server)
    alice.wait_room(lambda r: r["seats"][1]["connected"])
    watchers = [server.peer(room) for _ in range(30)]
    for index, watcher in enumerate(watchers):
        watcher.hello()
        joined = watcher.wait("room")["room"]  # the newcomer gets the whole room
        assert joined["spectators"] == index + 1 and joined["seats"][1]["name"] == "Bob"
    # The others hear of the joins in presence deltas (gathered: fewer than one per join).
    alice.wait_room(lambda r: r["spectators"] == 30)
    deltas = [m for m in alice.seen if m["type"] == "presence"]
    assert 1 <= len(deltas) <= 30
    assert all(set(m) == {"type", "seats", "spectators"} and m["seats"] == [] for m in deltas)
    token = bob.token
    bob.close()
    alice.wait_room(lambda r: not r["seats"][1]["connected"])
    assert alice.seen[-1] == {
        "type": "presence",
        "seats": [{"seat": 1, "connected": False}],
        "spectators": 30,
    }
    back = server.peer(room)
    back.hello(token=token)
    alice.wait_room(lambda r: r["seats"][1]["connected"])
    assert alice.seen[-1]["seats"] == [{"seat": 1, "connected": True}]
    rooms_after_sitting = [m for m in alice.seen if m["type"] == "room"][3:]
    assert rooms_after_sitting == []  # her join, her sit, Bob's sit: none for any join
    for peer in [alice, back, *watchers]:
        peer.close()


def test_the_rooms_creator_manages_bots_in_the_lobby_without_a_seat(server: Server) -> None:
    status, body = server.http("POST", "/api/rooms", {"game": "dweebies", "players": 3})
    assert status == 201 and len(body["creator"]) >= 32
    room, creator = body["room"], body["creator"]
    host, stranger, guess = server.peer(room), server.peer(room), server.peer(room)
    host.send("hello", lang="en", creator=creator)
    assert host.wait("welcome")["creator"] is True
    stranger.hello()
    assert stranger.seen[-1]["creator"] is False
    guess.send("hello", lang="en", creator=creator[:-1] + ("A" if creator[-1] != "A" else "B"))
    assert guess.wait("welcome")["creator"] is False
    host.send("bot", seat=1)
    host.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    host.send("unbot", seat=1)
    host.wait_room(lambda r: r["seats"][1]["kind"] == "free")
    for refused in (stranger, guess):
        refused.send("bot", seat=2)
        assert refused.wait("error")["code"] == "not_seated"
    host.send("bot", seat=1)
    host.send("bot", seat=2)
    player = server.peer(room)
    player.hello()
    player.sit(0, "Ana")
    player.send("start")
    player.wait("state")
    player.close()
    host.wait_room(lambda r: r["status"] == "playing" and not r["seats"][0]["connected"])
    host.send("bot", seat=0)  # once the game is on, only seated people hand seats to bots
    assert host.wait("error")["code"] == "not_seated"
    for peer in (host, stranger, guess):
        peer.close()


def test_an_address_past_its_open_sockets_is_refused_with_1008(db: str) -> None:
    with Server(db, limits=Limits(address_sockets=3)) as server:
        room = server.create_room("tacocat", 2)
        held = [server.peer(room) for _ in range(3)]
        for peer in held:
            peer.hello()
        extra = server.peer(room)
        refused = extra.recv()
        assert refused["code"] == "too_many_sockets" and "at most 3" in refused["message"]
        with pytest.raises(ConnectionClosed) as closed:
            extra.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        held[0].send("ping")  # the sockets it holds are served as before
        held[0].wait("pong")
        for peer in held:
            peer.close()
