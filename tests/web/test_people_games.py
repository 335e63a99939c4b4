"""My games: every game a person sits in, most urgent first, with records and opt-in
ratings; unlisted rooms; what the open-tables list shows of people."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from people_helpers import browser, make_profile, sit_and_link
from typer.testing import CliRunner
from web_helpers import Message, Peer, Server, play_to_end

from ludoteca.cli import app
from ludoteca.web.wire.limits import Limits


def ana_to_move(peer: Peer) -> Message:
    """Wait until the game waits on this peer's seat."""
    return peer.wait("state", lambda m: m["outcome"] is None and peer.seat in m["actors"])


def play_both(one: Peer, other: Peer) -> None:
    errors: list[BaseException] = []

    def run(peer: Peer) -> None:
        try:
            play_to_end(peer)
        except BaseException as error:  # reported by the test thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(p,)) for p in (one, other)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors


def test_my_games_lists_every_seat_most_urgent_first_with_names_and_records(
    server: Server,
) -> None:
    with browser(server) as ana, browser(server) as bea:
        make_profile(ana, "Ana")
        make_profile(bea, "Bea", "es")
        slow = server.create_room("tacocat", 2, turn_seconds=3600)
        quick = server.create_room("tile_up", 2, turn_seconds=600)
        lobby = server.create_room("dweebies", 2)
        done = server.create_room("tacocat", 2)
        peers: list[Peer] = []
        for room in (slow, quick, done):
            peer = sit_and_link(server, ana, room, 0, "Ana")
            peer.send("bot", seat=1)
            peer.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
            peer.send("start")
            peers.append(peer)
        peers.append(sit_and_link(server, ana, lobby, 1, "Ana"))
        bea_peer = sit_and_link(server, bea, lobby, 0, "Bea")
        for peer in peers[:2]:
            ana_to_move(peer)
        finished = play_to_end(peers[2])
        ana_won = 0 in finished["outcome"]["winners"]

        answer = ana.get("/api/me/games?lang=es")
        assert answer.status_code == 200
        games = answer.json()["games"]
        assert [g["room"] for g in games] == [quick, slow, lobby, done]
        first, second = games[0], games[1]
        assert first["your_move"] and first["status"] == "playing"
        assert first["to_move"] == ["Ana"]
        assert 0 < first["time_left_ms"] <= 600_000 < second["time_left_ms"] <= 3_600_000
        assert first["game_name"] == "Tile Up" or first["game_name"]  # the game's own name
        assert games[2]["status"] == "lobby" and games[2]["others"] == [
            {"name": "Bea", "bot": False}
        ]
        record = games[3]["record"]
        bot_name = games[3]["others"][0]["name"]
        assert record == [
            {
                "game_no": 1,
                "result": "won" if ana_won else "lost",
                "against": [bot_name],
                "winners": ["Ana"] if ana_won else [bot_name],
            }
        ]
        assert games[3]["url"] == f"/room/{done}"  # its replay is on the room's page
        # Bea sees only her own game; nobody's ids in what people read.
        bea_games = bea.get("/api/me/games").json()["games"]
        assert [g["room"] for g in bea_games] == [lobby]
        assert "P0" not in str(games) and "seat 0" not in str(games)
        # The host's command lists the same games, in the same order, by name.
        shown = CliRunner().invoke(
            app, ["people", "games", "ana", "--db", server.store_url, "--lang", "es"]
        )
        assert shown.exit_code == 0, shown.output
        lines = shown.output.splitlines()
        assert lines[0] == "Ana: 4 partidas"
        assert [line.rsplit("/room/", 1)[1] for line in lines[1:]] == [quick, slow, lobby, done]
        assert lines[1].strip().startswith("Le toca · ") and "quedan" in lines[1]
        assert "contra Bea" in lines[3] and "partida 1: " in lines[4]
        nobody = CliRunner().invoke(app, ["people", "games", "Zoe", "--db", server.store_url])
        assert nobody.exit_code == 2 and "Nobody is called 'Zoe'" in nobody.output
    for peer in (*peers, bea_peer):
        peer.close()


def test_ratings_are_off_until_both_people_opt_in_and_never_include_bots(
    server: Server,
) -> None:
    room = server.create_room("tacocat", 2)
    with browser(server) as ana, browser(server) as bea:
        make_profile(ana, "Ana")
        make_profile(bea, "Bea")
        ana_peer = sit_and_link(server, ana, room, 0, "Ana")
        bea_peer = sit_and_link(server, bea, room, 1, "Bea")
        assert ana.patch("/api/me", json={"ratings": True}).status_code == 200
        ana_peer.send("start")
        play_both(ana_peer, bea_peer)
        assert ana.get("/api/me/games").json()["ratings"] == []  # Bea did not opt in
        assert bea.patch("/api/me", json={"ratings": True}).status_code == 200
        ana_peer.send("rematch")
        ana_peer.wait_room(lambda r: r["game_no"] == 2 and r["status"] == "playing")
        play_both(ana_peer, bea_peer)
        mine: dict[str, Any] = ana.get("/api/me/games").json()
        theirs: dict[str, Any] = bea.get("/api/me/games").json()
        assert [(r["game"], r["games"]) for r in mine["ratings"]] == [("tacocat", 1)]
        assert [(r["game"], r["games"]) for r in theirs["ratings"]] == [("tacocat", 1)]
        ana_rating, bea_rating = mine["ratings"][0]["rating"], theirs["ratings"][0]["rating"]
        won = mine["games"][0]["record"][0]["result"]
        assert (ana_rating > bea_rating) == (won == "won") or won == "draw"
        # Read again: the game is not rated twice.
        again = ana.get("/api/me/games").json()["ratings"]
        assert again == mine["ratings"]
        # Turning ratings off hides them.
        ana.patch("/api/me", json={"ratings": False})
        assert ana.get("/api/me/games").json()["ratings"] == []
    ana_peer.close()
    bea_peer.close()


def test_an_unlisted_room_is_reached_by_its_link_only(server: Server) -> None:
    listed = server.create_room("tacocat", 2)
    status, body = server.http(
        "POST", "/api/rooms", {"game": "tacocat", "players": 2, "unlisted": True}
    )
    assert status == 201 and body["unlisted"] is True
    hidden = body["room"]
    peers = [server.peer(listed), server.peer(hidden)]
    for peer in peers:
        peer.hello()
    status, open_list = server.http("GET", "/api/rooms")
    assert [r["id"] for r in open_list["rooms"]] == [listed]
    status, summary = server.http("GET", f"/api/rooms/{hidden}")
    assert status == 200 and summary["id"] == hidden
    status, refused = server.http(
        "POST", "/api/rooms?lang=es", {"game": "tacocat", "players": 2, "unlisted": "yes"}
    )
    assert status == 400 and "unlisted" in refused["error"]["message"]
    for peer in peers:
        peer.close()


def test_the_open_tables_list_never_shows_gotchas_ages_and_traits(server: Server) -> None:
    room = server.create_room("gotcha", 3)
    peer = server.peer(room)
    peer.hello()
    peer.sit(0, "Abuela", age=71, traits=["glasses"])
    status, body = server.http("GET", "/api/rooms")
    assert status == 200
    row = next(r for r in body["rooms"] if r["id"] == room)
    assert row["people"] == ["Abuela"]
    assert set(row) == {
        "id",
        "game",
        "game_name",
        "status",
        "players",
        "free",
        "people",
        "bots",
        "connected",
        "spectators",
        "created_ms",
    }
    assert 71 not in row.values() and "glasses" not in str(body)
    status, summary = server.http("GET", f"/api/rooms/{room}")
    assert all("profile" not in seat for seat in summary["seats"])
    assert "glasses" not in str(summary) and "71" not in str(summary["seats"])
    peer.close()


def test_my_games_reads_a_room_nobody_holds_without_loading_it(tmp_path: Path) -> None:
    limits = Limits(idle_seconds=0.5)
    with Server(str(tmp_path / "db.sqlite3"), limits=limits) as server, browser(server) as ana:
        make_profile(ana, "Ana")
        room = server.create_room("tacocat", 2, turn_seconds=600)
        peer = sit_and_link(server, ana, room, 0, "Ana")
        peer.send("bot", seat=1)
        peer.wait_room(lambda r: r["seats"][1]["kind"] == "bot")
        peer.send("start")
        ana_to_move(peer)
        peer.close()
        deadline = time.monotonic() + 20
        rooms = server.app.state.site.hall.rooms
        while room in rooms:
            assert time.monotonic() < deadline, "the idle room was not unloaded"
            time.sleep(0.1)
        games = ana.get("/api/me/games").json()["games"]
        assert [g["room"] for g in games] == [room]
        assert games[0]["your_move"] and games[0]["to_move"] == ["Ana"]
        assert 0 < games[0]["time_left_ms"] <= 600_000  # from the last stored step
        assert room not in rooms  # read, not loaded: no bot or timer of it woke up
