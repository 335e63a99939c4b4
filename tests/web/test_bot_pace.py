"""Bots do not rush a person's table: in a paced game (Mystery Date) with a person seated,
a bot waits a person's think time before its move (``agents.pace``); without a person, in
a game that is not paced, or in tests (bot delay 0) it keeps the room's bot delay."""

from __future__ import annotations

import asyncio

from ludoteca.agents import pace
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import open_store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client


def pauses(game_id: str, bot_delay: float, person: bool) -> list[float]:
    """The pilot's pause before the bot's move in seat 1, for ten positions of the game."""

    async def scenario() -> list[float]:
        rooms = Rooms(open_store(":memory:"), Settings(bot_delay=bot_delay, clock_scale=0))
        room = rooms.create(game_id, 2, {}, 0)
        client = Client(lambda text: None)
        await room.handle(client, p.Hello(None, "en"))
        await room.handle(client, p.Sit(0, "Ana", None, ()))
        await room.handle(client, p.Bot(1, "random"))
        await room.handle(client, p.Start())
        room.pilot.stop()  # no move is played: only the pauses are read
        if not person:
            await room.handle(client, p.Leave())  # Ana's seat goes to a bot
            room.pilot.stop()
        live = room.live
        assert live is not None
        out = [room.pilot._pause(live, 1) for _ in range(10)]
        rooms.close()
        return out

    return asyncio.run(scenario())


def test_a_bot_takes_a_persons_time_when_a_person_plays_mystery_date() -> None:
    low, high = pace.THINK_SECONDS
    times = pauses("mystery_date", 0.4, person=True)
    assert all(low <= t <= high for t in times)
    assert len(set(times)) > 5  # drawn, not one fixed delay


def test_bots_keep_the_rooms_delay_among_bots_in_other_games_and_in_tests() -> None:
    assert pauses("mystery_date", 0.4, person=False) == [0.4] * 10
    assert pauses("tacocat", 0.4, person=True) == [0.4] * 10
    assert pauses("mystery_date", 0.0, person=True) == [0.0] * 10
