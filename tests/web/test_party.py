"""Issue 39, party mode over the protocol: a room's join code and QR code, the join
look-up and its errors in both languages, the table screen's role (no seat, counted, the
creator's table starts the game) and its frames: the public view only, unchanged when the
hidden zones are resampled, the same as a plain spectator's.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest
from web_helpers import Message, Peer, Server

from ludoteca.engine import registry
from ludoteca.web.room.codes import ALPHABET, JoinCodes, normalise
from ludoteca.web.routes.party import qr_svg
from ludoteca.web.store import RoomRow, open_store
from ludoteca.web.store.sqlite import SqliteStore

DAY_MS = 86_400_000


def table_screen(server: Server, room: str, creator: str | None = None) -> Peer:
    """A socket opened as the room's table screen (with the creator's token if given)."""
    table = server.peer(room)
    fields: dict[str, Any] = {"lang": "en", "role": "table"}
    if creator is not None:
        fields["creator"] = creator
    table.send("hello", **fields)
    table.wait("welcome")
    return table


def created(server: Server, game: str, players: int, **extra: Any) -> tuple[str, str]:
    status, body = server.http("POST", "/api/rooms", {"game": game, "players": players, **extra})
    assert status == 201, body
    return body["room"], body["creator"]


def test_a_code_is_four_unambiguous_letters_read_back_however_typed() -> None:
    assert len(ALPHABET) == len(set(ALPHABET)) == 17
    assert not set(ALPHABET) & set("AEIOULSV0123456789")
    assert normalise(" bd-fg ") == "BDFG"
    for bad in ("BDF", "BDFGH", "BDFA", "B0FG", "", "ñBDF"):
        assert normalise(bad) is None


def test_a_room_keeps_its_code_across_a_restart_and_the_code_finds_it(db: str) -> None:
    with Server(db) as server:
        room = server.create_room("mystery_date", 3)
        status, first = server.http("GET", f"/api/rooms/{room}/code")
        assert status == 200 and normalise(first["code"]) == first["code"]
        assert first["join"] == f"/join/{first['code']}"
        assert server.http("GET", f"/api/rooms/{room}/code") == (200, first)
        other = server.create_room("gotcha", 3)
        assert server.http("GET", f"/api/rooms/{other}/code")[1]["code"] != first["code"]
    with Server(db) as again:
        assert again.http("GET", f"/api/rooms/{room}/code") == (200, first)
        typed = first["code"].lower()[:2] + "%20" + first["code"].lower()[2:]
        status, found = again.http("GET", f"/api/join/{typed}")
        assert status == 200
        assert found["room"] == room and found["game"] == "mystery_date"
        assert found["code"] == first["code"] and found["free"] == 3 and found["full"] is False
        assert [seat["kind"] for seat in found["seats"]] == ["free"] * 3


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("not a table code", "No table has", "expired")),
        ("es", ("no es", "Ninguna", "caducado")),
    ],
)
def test_a_wrong_unknown_or_expired_code_is_refused_in_the_persons_language(
    db: str, lang: str, words: tuple[str, str, str]
) -> None:
    with Server(db) as server:
        room = server.create_room("tacocat", 2)
        code = server.http("GET", f"/api/rooms/{room}/code")[1]["code"]
        unknown = next(c for c in ("BBBB", "CCCC", "DDDD") if c != code)
        answers = [
            server.http("GET", f"/api/join/{text}?lang={lang}") for text in ("AB1!", unknown)
        ]
        assert [status for status, _ in answers] == [400, 404]
        assert [body["error"]["code"] for _, body in answers] == ["bad_code", "no_code"]
        assert words[0] in answers[0][1]["error"]["message"]
        assert words[1] in answers[1][1]["error"]["message"]
        assert "Traceback" not in json.dumps(answers)
    store = SqliteStore(db)  # the room made 31 days old, its game not in progress
    store._write("UPDATE rooms SET created_ms = created_ms - ? WHERE id = ?", (31 * DAY_MS, room))
    store.close()
    with Server(db) as server:
        status, body = server.http("GET", f"/api/join/{code}?lang={lang}")
        assert status == 410 and body["error"]["code"] == "code_expired"
        assert words[2] in body["error"]["message"] and code in body["error"]["message"]
        assert server.http("GET", f"/api/rooms/{room}/code")[0] == 404


def test_an_expired_rooms_code_goes_to_a_new_room_and_a_live_ones_never(store_url: str) -> None:
    store = open_store(store_url)
    now = int(time.time() * 1000)
    rooms = (("old", 0, "lobby"), ("live", now, "lobby"), ("long", 0, "playing"))
    for room, created_ms, status in rooms:
        store.create_room(RoomRow(room, "tacocat", 2, {}, 0, status, 0, created_ms))
    assert store.claim_code("old", "BBBB", 0, 0)
    assert store.claim_code("live", "CCCC", now, 0)
    assert store.claim_code("long", "DDDD", 0, 0)
    store.create_room(RoomRow("new", "tacocat", 2, {}, 0, "lobby", 0, now))
    stale_before = now - 30 * DAY_MS
    assert not store.claim_code("new", "CCCC", now, stale_before)  # a live room's
    assert not store.claim_code("new", "DDDD", now, stale_before)  # old, but playing
    assert store.claim_code("new", "BBBB", now, stale_before)  # its room's tokens expired
    assert store.code_room("BBBB") == "new" and store.room_code("old") is None
    codes = JoinCodes(store, 30)
    assert codes._code_for("new") == "BBBB"
    store.close()


def test_the_qr_code_is_the_join_link_of_this_host(server: Server) -> None:
    room = server.create_room("gotcha", 3)
    code = server.http("GET", f"/api/rooms/{room}/code")[1]["code"]
    with urllib.request.urlopen(f"{server.base}/api/rooms/{room}/qr.svg", timeout=10) as answer:
        assert answer.headers["content-type"].startswith("image/svg+xml")
        body = answer.read()
    assert body == qr_svg(f"{server.base}/join/{code}")
    assert body.startswith(b"<svg") and qr_svg(f"{server.base}/join/BBBB") != body
    status, refused = server.http("GET", "/api/rooms/nosuchroom/code")
    assert status == 404 and refused["error"]["code"] == "no_room"


def test_the_table_screen_holds_no_seat_is_counted_and_its_creator_starts(
    server: Server,
) -> None:
    room, creator = created(server, "dweebies", 2)
    phone = server.peer(room)
    phone.hello()
    phone.sit(0, "Ana")
    token = phone.token
    table = table_screen(server, room, creator)
    assert table.seat is None
    phone.wait_room(lambda r: r["tables"] == 1)
    table.send("sit", seat=1, name="Tele")
    refused = table.wait("error")
    assert refused["code"] == "table_screen" and "phone" in refused["message"]
    odd = server.peer(room)
    odd.send("hello", lang="es", role="tele")
    refused_role = odd.wait("error")
    assert refused_role["code"] == "bad_message" and "role" in refused_role["message"]
    odd.close()
    with_token = server.peer(room)  # a table screen never takes a seat, token or not
    with_token.send("hello", lang="en", role="table", token=token)
    assert with_token.wait("welcome")["seat"] is None
    with_token.close()
    stranger = server.peer(room)
    stranger.hello()
    code = server.http("GET", f"/api/rooms/{room}/code")[1]["code"]
    assert server.http("GET", f"/api/join/{code}")[1]["full"] is False  # a free seat
    table.send("bot", seat=1)
    table.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
    stranger.send("start")
    assert stranger.wait("error")["code"] == "not_seated"
    table.send("start")
    first = table.wait("state")
    assert first["you"] is None and first["legal"] == []
    status, joined = server.http("GET", f"/api/join/{code}")
    assert status == 200 and joined["full"] is True and joined["free"] == 0
    table.close()
    phone.wait_room(lambda r: r["tables"] == 0)
    for peer in (phone, stranger):
        peer.close()


def states_by_version(peer: Peer) -> dict[int, Message]:
    return {m["version"]: m for m in peer.seen if m["type"] == "state"}


@pytest.mark.parametrize(("game", "players"), [("mystery_date", 3), ("gotcha", 3)])
def test_the_table_screens_frames_leak_nothing_under_resampled_hidden_zones(
    server: Server, game: str, players: int
) -> None:
    room, creator = created(server, game, players)
    table = table_screen(server, room, creator)
    watcher = server.peer(room)
    watcher.hello()
    for seat in range(players):
        table.send("bot", seat=seat)
    table.wait_room(lambda r: all(s["kind"] == "bot" for s in r["seats"]))
    table.send("start")
    # (version, table frame, the spectator's frame of that version); a deal can end in a
    # few steps (Mystery Date's hand dealt complete), so the table screen starts rematches
    # until there are frames enough to compare.
    frames: list[tuple[int, Message, Message | None]] = []
    for _ in range(6):
        for peer in (table, watcher):
            peer.wait("state", lambda m: m["outcome"] is not None, timeout=60)
        seen, spectator = states_by_version(table), states_by_version(watcher)
        frames += [(version, frame, spectator.get(version)) for version, frame in seen.items()]
        if len(frames) > 5:
            break
        table.seen.clear()
        watcher.seen.clear()
        table.send("rematch")
    assert len(frames) > 5
    rules = registry.make(game)
    sampler = random.Random(7)
    changed = False
    for version, frame, same in frames:
        assert frame["you"] is None and frame["legal"] == []
        view = frame["view"]
        assert view.get("seat") is None
        drawn = []
        for _ in range(2):
            resampled = rules.sample_state(json.loads(json.dumps(view)), None, sampler)
            assert rules.view(resampled, None) == view, f"{game} step {version} leaks"
            drawn.append(resampled)
        changed = changed or drawn[0] != drawn[1]  # hidden zones really were redrawn
        if same is not None:  # the same frame a plain spectator is sent
            assert (frame["view"], frame["events"], frame["last"]) == (
                same["view"],
                same["events"],
                same["last"],
            )
    assert changed
    for peer in (table, watcher):
        peer.close()
