"""The store, the same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from pathlib import Path

import pytest
from pg_cluster import Cluster

from ludoteca.web.room.session import committed
from ludoteca.web.store import ChatRow, GameRow, RoomRow, SeatRow, SqliteStore, open_store


def test_rooms_seats_games_actions_and_chat_round_trip(store_url: str) -> None:
    store = open_store(store_url)
    room = RoomRow("r1", "gotcha", 3, {"turn_limit": 8}, 30, "lobby", 0, 1_700_000_000_000)
    store.create_room(room)
    store.create_room(RoomRow("r0", "tacocat", 2, {}, 0, "lobby", 0, 1_600_000_000_000))
    assert [r.id for r in store.rooms()] == ["r0", "r1"]
    assert store.rooms()[1] == room
    profile = {"name": "Ana", "age": 30, "traits": ["glasses"]}
    store.save_seat("r1", SeatRow(0, "human", "Ana", "", profile, "abc"))
    store.save_seat("r1", SeatRow(1, "free", "", "", None, ""))
    store.save_seat("r1", SeatRow(1, "bot", "Bruno", "greedy", None, ""))
    assert store.seats("r1") == [
        SeatRow(0, "human", "Ana", "", profile, "abc"),
        SeatRow(1, "bot", "Bruno", "greedy", None, ""),
    ]
    assert store.seats("r0") == []
    seed = 2**47 + 5
    store.add_game("r1", GameRow(1, seed, {"turn_limit": 8}, ("Ana", "Bruno"), None))
    for index, (seat, text) in enumerate([(0, "@0 draw"), (-1, "deal W03"), (0, "ñ ü")]):
        store.add_action("r1", 1, index, seat, text, 1_700_000_000_123)
    assert store.actions("r1", 1) == [(0, "@0 draw"), (-1, "deal W03"), (0, "ñ ü")]
    assert store.actions("r1", 2) == []
    store.finish_game("r1", 1, {"winners": [0]})
    store.update_room("r1", "finished", 1)
    assert store.games("r1") == [
        GameRow(1, seed, {"turn_limit": 8}, ("Ana", "Bruno"), {"winners": [0]})
    ]
    assert store.rooms()[1].status == "finished" and store.rooms()[1].game_no == 1
    for index in range(60):
        store.add_chat("r1", ChatRow(index % 2 or None, "Ana", f"hola {index}", index))
    lines = store.chat("r1", 50)
    assert [line.text for line in lines] == [f"hola {i}" for i in range(10, 60)]
    assert lines[0] == ChatRow(None, "Ana", "hola 10", 10)
    assert store.chat("r0", 50) == []
    store.close()


def test_a_reopened_store_has_everything(store_url: str) -> None:
    store = open_store(store_url)
    store.create_room(RoomRow("r", "tacocat", 2, {}, 0, "playing", 1, 5))
    store.add_game("r", GameRow(1, 7, {}, ("a", "b"), None))
    store.add_action("r", 1, 0, -1, "deal 3", 9)
    store.close()
    again = open_store(store_url)
    assert again.rooms()[0].status == "playing"
    assert again.actions("r", 1) == [(-1, "deal 3")]
    again.close()


def test_a_step_is_stored_once(store_url: str) -> None:
    store = open_store(store_url)
    store.create_room(RoomRow("r", "tacocat", 2, {}, 0, "playing", 1, 5))
    store.add_action("r", 1, 0, 0, "x", 1)
    try:
        store.add_action("r", 1, 0, 0, "y", 1)
    except Exception as error:  # each driver raises its own IntegrityError
        assert "integrity" in type(error).__name__.lower() or "unique" in str(error).lower()
    else:
        raise AssertionError("a second step 0 was accepted")
    assert store.actions("r", 1) == [(0, "x")]
    store.add_actions("r", 1, 1, [(0, "a"), (-1, "deal 4"), (1, "b")], 2)
    store.add_action("r", 1, 5, 0, "taken", 3)
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.add_actions("r", 1, 4, [(0, "c"), (1, "clash")], 3)
    # The batch was refused whole: step 4 is not there either.
    assert store.actions("r", 1) == [(0, "x"), (0, "a"), (-1, "deal 4"), (1, "b"), (0, "taken")]
    store.close()


def test_a_bots_reasons_round_trip_by_game(store_url: str) -> None:
    store = open_store(store_url)
    store.create_room(RoomRow("r", "tacocat", 2, {}, 0, "playing", 1, 5))
    said = {"en": "Bea won 94,5% ñ", "es": "Bea ganaba un 94,5% ñ"}
    store.add_reason("r", 1, 3, said)
    store.add_reason("r", 1, 7, {"en": "b", "es": "b"})
    store.add_reason("r", 1, 7, {"en": "again", "es": "otra vez"})  # a step re-stored
    store.add_reason("r", 2, 3, {"en": "c", "es": "c"})
    store.close()
    again = open_store(store_url)
    assert again.reasons("r", 1) == {3: said, 7: {"en": "again", "es": "otra vez"}}
    assert again.reasons("r", 2) == {3: {"en": "c", "es": "c"}}
    assert again.reasons("r", 3) == {} and again.reasons("other", 1) == {}
    again.close()


def test_postgresql_store_reconnects_after_the_database_restarts(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    store = open_store(url)
    store.create_room(RoomRow("r", "tacocat", 2, {}, 0, "lobby", 0, 1))
    pg_cluster.restart()
    try:
        store.update_room("r", "playing", 1)  # this call may see the lost connection
    except Exception:
        store.update_room("r", "playing", 1)  # the next one reconnects
    assert store.rooms()[0].status == "playing"
    store.close()


def test_new_sqlite_files_opened_at_once_all_open_in_wal(tmp_path: Path) -> None:
    # Switching a new file to WAL at once from two connections made SQLite answer one of
    # them "database is locked" without waiting (about one round in ten of four threads,
    # CI of 2026-12-07); forty rounds make the old code fail with near certainty.
    for round_no in range(40):
        path = str(tmp_path / f"store{round_no}.sqlite3")
        start = threading.Barrier(4)

        def open_one(path: str = path, start: threading.Barrier = start) -> SqliteStore:
            start.wait()
            store = open_store(path)
            assert isinstance(store, SqliteStore)
            return store

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            futures = [pool.submit(open_one) for _ in range(4)]
        stores = [future.result() for future in futures]  # raises what an open raised
        try:
            modes = [store._read("PRAGMA journal_mode", ()) for store in stores]
            assert modes == [[("wal",)]] * 4
        finally:
            for store in stores:
                store.close()


def test_a_write_whose_event_loop_closed_leaves_the_writer_serving(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "store.sqlite3"))
    store.create_room(RoomRow("r1", "tacocat", 2, {}, 0, "playing", 1, 0))
    held, go = threading.Event(), threading.Event()

    def hold() -> None:
        held.set()
        go.wait(60)

    async def leave_a_write_behind() -> None:
        asyncio.get_running_loop().create_task(committed(store, hold))
        await asyncio.to_thread(held.wait, 60)

    try:
        asyncio.run(leave_a_write_behind())  # cancels the waiting write, closes its loop
        go.set()  # the write commits now, its loop closed
        later: concurrent.futures.Future[None] = concurrent.futures.Future()

        def write() -> None:
            store.add_action("r1", 1, 0, 0, "@0 draw", 0)

        store.submit(
            write,
            lambda error: later.set_result(None) if error is None else later.set_exception(error),
        )
        assert later.result(timeout=60) is None
        assert store.actions("r1", 1) == [(0, "@0 draw")]
    finally:
        go.set()
        store.close()
