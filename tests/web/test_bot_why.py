"""Why the bot did that, at a web table: every bot's last move has its reason."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import open_store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client


class Inbox:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def __call__(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == "state"]


@pytest.mark.parametrize(
    ("game_id", "bot", "lang", "words"),
    [
        ("dweebies", "ismcts", "en", "games simulated from what they see"),
        ("tile_up", "beginner", "es", "eligió esta jugada al azar"),
        ("mystery_date", "casual", "en", ""),
    ],
)
def test_the_history_gets_every_bots_reason_naming_it(
    game_id: str, bot: str, lang: str, words: str
) -> None:
    async def scenario() -> None:
        rooms = Rooms(open_store(":memory:"), Settings(bot_delay=0, clock_scale=0))
        room = rooms.create(game_id, 2, {}, 0)
        inbox = Inbox()
        person = Client(inbox)
        await room.handle(person, p.Hello(None, lang))
        await room.handle(person, p.Sit(0, "Ana", None, ()))
        await room.handle(person, p.Bot(1, bot))
        await room.handle(person, p.Start())
        live = room.live
        assert live is not None
        why = None
        for _ in range(40):  # until the bot has made a searched move
            if live.outcome() is not None:
                break
            if 0 in live.actors():
                assert live.actors() == (0,)
                action = room.game.legal_actions(live.state, 0)[0]
                await room.handle(person, p.Act(str(action), live.version, None))
                continue
            task = room.pilot._tasks.driver
            if task is None:  # chance moves first
                await asyncio.sleep(0.01)
                continue
            await asyncio.wait_for(task, 120)  # the bot's move, applied under the lock
            why = inbox.states()[-1]["why"]
            if why is not None and words in why["text"]:
                break
        assert why is not None and words in why["text"], why
        step = live.steps[why["step"]]
        assert step.seat == 1 == why["seat"] and step is live.last()
        assert why["text"].startswith(room.names()[1])  # the bot, by its name
        rooms.close()

    asyncio.run(scenario())


def test_a_realtime_bots_move_has_its_reason_too() -> None:
    async def scenario() -> None:
        rooms = Rooms(open_store(":memory:"), Settings(bot_delay=0, clock_scale=0))
        room = rooms.create("gotcha", 3, {}, 0)
        inbox = Inbox()
        person = Client(inbox)
        await room.handle(person, p.Hello(None, "en"))
        await room.handle(person, p.Sit(0, "Ana", None, ()))
        await room.handle(person, p.Bot(1, "casual"))
        await room.handle(person, p.Bot(2, "strongest"))
        await room.handle(person, p.Start())
        why = None
        for _ in range(400):  # the bots race for the table's clock (scaled to no wait)
            why = next((m["why"] for m in reversed(inbox.states()) if m["why"]), None)
            if why is not None:
                break
            await asyncio.sleep(0.01)
        assert why is not None, "no bot move was explained"
        assert why["seat"] in (1, 2)
        assert why["text"].startswith(room.names()[why["seat"]])
        rooms.close()

    asyncio.run(scenario())
