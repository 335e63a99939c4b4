"""The full-screen table, headless (Textual's Pilot): a whole game of each of the five
against bots, every event the person may see in the log exactly once; ``q`` asks first.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from table_driver import answer_until_over, app_for, expected_texts, setup_for

from ludoteca.engine.i18n import Lang
from ludoteca.engine.record import GameRecord
from ludoteca.terminal.tui.widgets import DetailScreen, HandOverScreen, QuitScreen

GAMES = ["tacocat", "dweebies", "tile_up", "mystery_date", "gotcha"]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_logs_every_event_once(game: str, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    lang: Lang = "es" if game in ("dweebies", "gotcha") else "en"
    setup = setup_for(game, lang, save)
    app = app_for(setup, lang)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_until_over(app, pilot)
            await pilot.pause()

    asyncio.run(run())
    finished = app.finished
    assert finished is not None and not finished.abandoned
    assert finished.record is not None
    record = GameRecord.loads(save.read_text("utf-8").splitlines()[0])
    assert record == finished.record
    assert record.outcome is not None
    names = list(finished.names)
    logged = [entry.text for entry in app.logs[setup.seat]]
    assert logged == expected_texts(record, setup.seat, names, lang)
    assert len(logged) > 50
    assert any(entry.important for entry in app.logs[setup.seat])


def test_q_asks_before_leaving_and_the_game_is_saved(tmp_path: Path) -> None:
    save = tmp_path / "left.jsonl"
    setup = setup_for("tile_up", "en", save)
    app = app_for(setup, "en")

    async def run() -> int | None:
        async with app.run_test(size=(80, 24)) as pilot:
            while app.asking is None or not app.asking.labels:
                if app.waiting:
                    await pilot.press("space")
                await pilot.pause(0.01)
            await pilot.press("f3")  # the whole table, over the screen
            await pilot.pause()
            assert isinstance(app.screen, DetailScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, DetailScreen)
            await pilot.press("q", "enter")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            note = str(app.screen.query_one("#quit-note").render())
            assert str(save) in note.replace("\n", "")
            await pilot.press("n")  # keep playing
            await pilot.pause()
            assert not isinstance(app.screen, QuitScreen)
            assert app.finished is None
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("y")
            for _ in range(500):
                if app.finished is not None:
                    break
                await pilot.pause(0.01)
        return app.return_value

    code = asyncio.run(run())
    assert code == 1
    assert app.finished is not None and app.finished.abandoned
    record = GameRecord.loads(save.read_text("utf-8").splitlines()[0])
    assert record.outcome is None and record.actions


def test_hot_seat_hides_the_table_between_people_and_keeps_a_log_each() -> None:
    setup = setup_for("tacocat", "en", None, vs="human")
    app = app_for(setup, "en")
    seen: list[int | None] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            answers = 0
            while answers < 6:
                if isinstance(app.screen, HandOverScreen):
                    await pilot.pause()
                    text = str(app.screen.query_one("#hand-over").render())
                    assert "Pass the device" in text
                    await pilot.press("enter")
                    await pilot.pause()
                    seen.append(app.shown_seat)
                elif app.asking is not None and app.asking.labels:
                    await pilot.press("1", "enter")
                    answers += 1
                else:
                    await pilot.pause(0.01)

    asyncio.run(run())
    assert set(seen) == {0, 1}  # each person's own log after the hand-over
    assert app.logs[0] != app.logs[1]  # Tacocat's deals are private
