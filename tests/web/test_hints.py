"""Hints at a web table: from the asking seat's own view, only on its turn, off by room."""

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


async def _table(options: dict[str, Any]) -> tuple[Rooms, Any, list[Client], list[Inbox]]:
    rooms = Rooms(open_store(":memory:"), Settings(bot_delay=0, clock_scale=0))
    room = rooms.create("dweebies", 2, options, 0)
    inboxes = [Inbox(), Inbox()]
    clients = [Client(inbox) for inbox in inboxes]
    for seat, client in enumerate(clients):
        await room.handle(client, p.Hello(None, ("es", "en")[seat]))
        await room.handle(client, p.Sit(seat, f"P{seat}", None, ()))
    await room.handle(clients[0], p.Start())
    return rooms, room, clients, inboxes


def test_protocol_reads_a_hint_request() -> None:
    assert p.parse('{"type": "hint"}') == p.Hint()


def test_the_seat_to_move_gets_a_legal_hint_in_its_language() -> None:
    async def scenario() -> None:
        rooms, room, clients, inboxes = await _table({})
        live = room.live
        seat = live.actors()[0]
        other = 1 - seat
        await room.handle(clients[seat], p.Hint())
        hint = inboxes[seat].sent[-1]
        assert hint["type"] == "hint", hint
        assert hint["version"] == live.version
        legal = [str(a) for a in room.game.legal_actions(live.state, seat)]
        assert hint["action"] in legal
        assert hint["kind"].startswith(("Pista", "Hint"))
        await room.handle(clients[other], p.Hint())
        assert inboxes[other].sent[-1]["code"] == "not_your_turn"
        assert room.summary("en")["hints"] is True
        rooms.close()

    asyncio.run(scenario())


def test_a_room_can_turn_hints_off() -> None:
    async def scenario() -> None:
        rooms, room, clients, inboxes = await _table({"hints": False})
        seat = room.live.actors()[0]
        await room.handle(clients[seat], p.Hint())
        error = inboxes[seat].sent[-1]
        assert error["code"] == "hints_off"
        assert room.summary("en")["hints"] is False
        assert "hints" not in room.options  # a room option, never passed to the game
        rooms.close()

    asyncio.run(scenario())
