"""Idle rooms leave memory (issue 14): a room no socket has been open on for
``Limits.idle_seconds`` is unloaded, its records stay in the store, and it comes back as it
was when asked for. Real SQLite; a hand-moved clock, so no test waits."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import open_store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client
from ludoteca.web.wire.limits import Limits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_idle_room_is_unloaded_and_comes_back_as_it_was(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        settings = Settings(bot_delay=0, clock_scale=0, limits=Limits(idle_seconds=60))
        rooms = Rooms(open_store(str(tmp_path / "idle.sqlite3")), settings, clock=clock)
        room = rooms.create("tacocat", 2, {}, 0)
        sent: list[dict[str, object]] = []
        ana = Client(lambda text: sent.append(json.loads(text)))
        room.attach(ana)
        for message in (p.Hello(None, "en"), p.Sit(0, "Ana", None, ()), p.Bot(1, None)):
            await room.handle(ana, message)
        await room.handle(ana, p.Start())
        live = room.live
        assert live is not None
        token = str(next(m["token"] for m in sent if m["type"] == "seated"))
        steps = [s.text for s in live.steps]

        clock.now += 3600  # Ana is still here: however long, the room stays
        assert rooms.sweep() == [] and rooms.rooms[room.id] is room
        async with room.lock:
            room.disconnect(ana)
        clock.now += 59
        assert rooms.sweep() == []
        clock.now += 1
        assert rooms.sweep() == [room.id]
        assert room.id not in rooms.rooms

        back = rooms.get(room.id)  # read again from the store, the game where it was
        assert back is not None and back is not room and back.live is not None
        assert [s.text for s in back.live.steps] == steps
        assert back.status == "playing" and back.seats[0].name == "Ana"
        assert back.creator_hash == room.creator_hash != ""  # the creator's token: stored
        again: list[dict[str, object]] = []
        tab = Client(lambda text: again.append(json.loads(text)))
        back.attach(tab)
        await back.handle(tab, p.Hello(token, "en"))
        assert tab.seat == 0
        assert next(m for m in again if m["type"] == "state")["version"] == back.live.version

        waiting = Client(lambda text: None)  # a socket open before its hello keeps it loaded
        async with back.lock:
            back.disconnect(tab)
        back.attach(waiting)
        clock.now += 600
        assert rooms.sweep() == []
        back.drop(waiting)  # dropped for not reading: counts as gone
        clock.now += 60
        assert rooms.sweep() == [back.id]
        assert rooms.get("nope") is None and rooms.get("x" * 1000) is None
        rooms.close()

    asyncio.run(scenario())
