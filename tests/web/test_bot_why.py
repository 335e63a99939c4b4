"""Why the bot did that, at a web table: every bot's last move has its reason."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest

from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import open_store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError


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
        why = None
        games = bot_moves = 0
        # The room draws each game's seed: a game may end before the bot has moved (a
        # Mystery Date hand dealt complete can win on the first turn), so a finished game
        # is followed by its rematch until the bot has made the move looked for.
        while bot_moves < 40:
            live = room.live
            assert live is not None
            if live.outcome() is not None:
                games += 1
                assert games < 20, "twenty games ended before the bot moved"
                await room.handle(person, p.Rematch())
                continue
            if 0 in live.actors():
                assert live.actors() == (0,)
                action = room.game.legal_actions(live.state, 0)[0]
                version = live.version
                await room.handle(person, p.Act(str(action), version, None))
                assert live.version > version, inbox.sent[-1]
                continue
            task = room.pilot._tasks.driver
            assert task is not None, "the bot's turn with no move planned"
            await asyncio.wait_for(task, 120)  # the bot's move, applied under the lock
            bot_moves += 1
            why = inbox.states()[-1]["why"]
            if why is not None and words in why["text"]:
                break
        assert why is not None and words in why["text"], why
        live = room.live
        assert live is not None
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
        live = room.live
        assert live is not None
        why = None
        for _ in range(1000):  # the bots race for the table's clock (scaled to no wait)
            why = next((m["why"] for m in reversed(inbox.states()) if m["why"]), None)
            if why is not None:
                break
            texts = (str(a).partition(" ")[2] for a in room.game.legal_actions(live.state, 0))
            turn = [text for text in texts if text.split()[0] in ("draw", "play")]
            if turn:  # Ana takes her turn, so the bots get theirs
                with contextlib.suppress(RoomError):
                    await room.handle(person, p.Act(turn[0], live.version, None))
            await asyncio.sleep(0.01)
        assert why is not None, "no bot move was explained"
        assert why["seat"] in (1, 2)
        assert why["text"].startswith(room.names()[why["seat"]])
        # Small talk is no game move: a bot's chat line or emote is explained only when a
        # live rule asked for it (before a move or a buzz, or as a reaction).
        for step, sentences in live.reasons.items():
            if live.steps[step].text.split()[1] in ("chat", "emote"):
                assert "live rule" in sentences["en"], sentences
        rooms.close()

    asyncio.run(scenario())


def test_reasons_stay_with_their_moves_after_a_reload_a_restart_and_in_replay(
    tmp_path: Any,
) -> None:
    db = str(tmp_path / "why.sqlite3")

    async def scenario() -> None:
        rooms = Rooms(open_store(db), Settings(bot_delay=0, clock_scale=0))
        room = rooms.create("tacocat", 2, {}, 0)
        person = Client(Inbox())
        await room.handle(person, p.Hello(None, "en"))
        await room.handle(person, p.Sit(0, "Ana", None, ()))
        await room.handle(person, p.Bot(1, "casual"))
        await room.handle(person, p.Start())
        live = room.live
        assert live is not None
        half_way: dict[int, dict[str, str]] = {}
        while live.outcome() is not None or room.status == "playing":
            if live.outcome() is not None:
                break
            if len(live.reasons) >= 3 and not half_way:
                half_way = dict(live.reasons)
                # A reload: a new socket's first state has every reason so far, not only
                # the last move's, in its own language.
                reload_inbox = Inbox()
                await room.handle(Client(reload_inbox), p.Hello(None, "es"))
                first = reload_inbox.states()[0]
                assert first["events_reset"]
                told = {why["step"]: why for why in first["whys"]}
                assert set(told) == set(half_way)
                for step, why in told.items():
                    assert why["seat"] == 1 == live.steps.seat(step)
                    assert why["text"] == half_way[step]["es"] != half_way[step]["en"]
                    assert why["text"].startswith(room.names()[1])
            if 0 in live.actors():
                action = room.game.legal_actions(live.state, 0)[0]
                await room.handle(person, p.Act(str(action), live.version, None))
                continue
            task = room.pilot._tasks.driver
            if task is None:
                await asyncio.sleep(0.01)
                continue
            await asyncio.wait_for(task, 120)
        assert half_way, "the game ended before the bot had made 3 moves"
        kept = dict(live.reasons)
        room_id = room.id
        rooms.close()

        # A restart: the room comes back from the store with every reason.
        again = Rooms(open_store(db), Settings(bot_delay=0, clock_scale=0))
        restored = again.get(room_id)
        assert restored is not None and restored.live is not None
        assert restored.live.reasons == kept
        inbox = Inbox()
        viewer = Client(inbox)
        await restored.handle(viewer, p.Hello(None, "en"))
        state = inbox.states()[-1]
        assert {w["step"]: w["text"] for w in state["whys"]} == {
            step: texts["en"] for step, texts in kept.items() if step >= state["events"][0]["step"]
        }
        # The replay of the finished game: each frame has the reasons of the moves before it.
        total = len(restored.live.steps)
        await restored.handle(viewer, p.Replay(None, total))
        replay = next(m for m in reversed(inbox.sent) if m["type"] == "replay")
        assert {w["step"] for w in replay["whys"]} == {
            step for step in kept if step >= replay["events"][0]["step"]
        }
        some = sorted(kept)[1]
        await restored.handle(viewer, p.Replay(None, some + 1))
        replay = next(m for m in reversed(inbox.sent) if m["type"] == "replay")
        assert [w["step"] for w in replay["whys"]] == [s for s in sorted(kept) if s <= some]
        assert replay["whys"][-1]["text"] == kept[some]["en"]
        again.close()

    asyncio.run(scenario())
