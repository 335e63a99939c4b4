"""Why the bot did that, at a web table: the search bot's last move and its chances."""

from __future__ import annotations

import asyncio
import json
from typing import Any

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


def test_the_history_gets_the_search_bots_reasons_without_naming_its_other_moves() -> None:
    async def scenario() -> None:
        rooms = Rooms(open_store(":memory:"), Settings(bot_delay=0, clock_scale=0))
        room = rooms.create("dweebies", 2, {}, 0)
        inbox = Inbox()
        person = Client(inbox)
        await room.handle(person, p.Hello(None, "en"))
        await room.handle(person, p.Sit(0, "Ana", None, ()))
        await room.handle(person, p.Bot(1, "ismcts"))
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
            assert task is not None
            await asyncio.wait_for(task, 120)  # the bot's move, applied under the lock
            why = inbox.states()[-1]["why"]
            if why is not None:
                break
        assert why is not None, "the search bot never searched"
        step = live.steps[why["step"]]
        assert step.seat == 1 == why["seat"] and step is live.last()
        assert "The bot played" in why["text"] and "chance of winning" in why["text"]
        assert "Other moves it weighed" not in why["text"]  # they would show its hand
        rooms.close()

    asyncio.run(scenario())
