"""The full-screen table's board and log (headless, Textual's Pilot): the last move marked
ON the board (the Tile Up cell, the Dweebies card placed, the Mystery Date space the pawn
landed on, the Tacocat card played, the Gotcha rule area played on, drawn reversed); the
key line at 80 columns; the bots' talk rate-limited in the log.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from table_driver import answer_until_over, app_for, setup_for
from textual.widgets import RichLog, Static

from ludoteca.engine.i18n import Lang
from ludoteca.terminal.tui.app import CHATTER_GAP, TableApp
from ludoteca.terminal.tui.bridge import Board

ENOUGH = 8
"""Marked boards checked per game (the game is left after them: a whole game of each is
``test_full_screen.py``'s)."""


def _reversed_texts(board: Board) -> list[str]:
    """The runs of reversed text in the board's full drawing."""
    console = Console(width=160, color_system="truecolor", legacy_windows=False)
    runs: list[str] = []
    current = ""
    for line in console.render_lines(board.tables[0], pad=False):
        for segment in line:
            style = segment.style or Style()
            if style.reverse and segment.text.strip():
                current += segment.text
            elif current:
                runs.append(current.strip())
                current = ""
        if current:
            runs.append(current.strip())
            current = ""
    return runs


def _expected(game: str, marked: dict[str, Any]) -> str | None:
    """The text the board must show reversed after a move like ``marked`` (``None``: a move
    this test does not check).
    """
    kind = marked["kind"]
    if game == "tile_up" and kind == "place":
        return str(marked["tile"])
    if game == "dweebies" and kind == "place":
        return str(marked["card"])[1:]
    if game == "mystery_date" and kind == "roll":
        return f"{marked['position']:>2}".strip()
    if game == "tacocat" and kind == "attack":
        return str(marked["cards"][-1])
    if game == "tacocat" and kind == "defend":
        return str(marked["card"])
    if game == "gotcha" and kind == "play":  # the area as the board labels it
        slot = str(marked["slot"])
        return ("Area " if slot[0] == "a" else "Mat ") + slot[1:]
    return None


@pytest.mark.parametrize("game", ["tile_up", "dweebies", "mystery_date", "tacocat", "gotcha"])
def test_the_last_move_is_marked_on_the_board(game: str) -> None:
    app = app_for(setup_for(game, "en", None), "en")
    boards: list[Board] = []
    draw = app.show_board

    def keep(board: Board) -> None:
        boards.append(board)
        draw(board)

    app.show_board = keep  # type: ignore[method-assign]

    def enough() -> bool:
        return sum(1 for b in boards if b.marked and _expected(game, b.marked)) >= ENOUGH

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_until_over(app, pilot, until=enough)
            await pilot.pause()

    asyncio.run(run())
    checked = 0
    for board in boards:
        if board.marked is None:
            continue
        expected = _expected(game, board.marked)
        if expected is None:
            continue
        runs = _reversed_texts(board)
        assert any(run.startswith(expected) for run in runs), (board.marked, runs)
        checked += 1
    assert checked >= min(3, ENOUGH)
    unmarked = [board for board in boards if board.marked is None]
    if game != "dweebies":  # Dweebies marks its last card from the view itself
        assert all(not _reversed_texts(board) for board in unmarked)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_key_line_fits_80_columns_with_the_talk_key(lang: Lang) -> None:
    app = app_for(setup_for("gotcha", lang, None), lang)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            keys = app.query_one("#keys", Static)
            room = keys.content_region.width
            text = str(keys.content)
            assert text.rstrip().endswith(("F2 talk", "F2 charla"))
            assert cell_len(text) <= room, (text, room)
            await pilot.press("q", "enter")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()

    asyncio.run(run())


def test_bots_talk_is_rate_limited_in_the_log_and_f2_shows_it_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = app_for(setup_for("gotcha", "es", None), "es")
    written: list[str] = []
    write = RichLog.write

    def keep(log: RichLog, content: Any, *args: Any, **kwargs: Any) -> RichLog:
        written.append(str(content))
        return write(log, content, *args, **kwargs)

    monkeypatch.setattr(RichLog, "write", keep)
    shown_after_f2: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await answer_until_over(app, pilot)
            await pilot.pause()
            played = list(written)
            written.clear()
            await pilot.press("f2")
            await pilot.pause()
            shown_after_f2.extend(written)
            written[:] = played

    asyncio.run(run())
    entries = app.logs[setup_seat(app)]
    talk = [entry for entry in entries if entry.chatter]
    shown_talk = [line for line in written if line.startswith("  ")]
    assert talk and 0 < len(shown_talk) < len(talk)
    # Between two lines of talk shown, at least CHATTER_GAP lines of play.
    gaps: list[int] = []
    since = None
    for line in written:
        if line.startswith("  "):
            if since is not None:
                gaps.append(since)
            since = 0
        elif since is not None:
            since += 1
    assert gaps and min(gaps) >= CHATTER_GAP
    assert len([line for line in shown_after_f2 if line.startswith("  ")]) == len(talk)


def setup_seat(app: TableApp) -> int:
    """The seat whose log the screen shows."""
    assert app.shown_seat is not None
    return app.shown_seat
