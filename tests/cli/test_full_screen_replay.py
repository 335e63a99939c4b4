"""Replay on the full screen (headless, Textual's Pilot): a saved record opened, stepped
with the arrow keys (and round by round in a game with rounds); at every step the history
panel marks the move shown, the status names it and the board is that move's board.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.console import Console, RenderableType
from textual.widgets import Static

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.terminal.replay import ReplayViewer, load_record, replay_states
from ludoteca.terminal.tui.replay_app import ReplayApp


def _saved(game: str, players: int, path: Path) -> Path:
    """A game of random players saved to ``path`` (one JSON line, as ``play --save``)."""
    agents = [RandomAgent() for _ in range(players)]
    match = runner.play(registry.make(game), agents, seed=11)
    path.write_text(match.record.dumps() + "\n", "utf-8")
    return path


def _text(renderable: RenderableType) -> str:
    console = Console(width=200, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def _marked_line(app: ReplayApp) -> str:
    """The history panel's line marked ``▶`` (exactly one)."""
    lines = _text(app.query_one("#history", Static).content).splitlines()  # type: ignore[arg-type]
    marked = [line.strip() for line in lines if line.lstrip().startswith("▶")]
    assert len(marked) == 1, lines
    return marked[0]


def _check(app: ReplayApp, viewer: ReplayViewer, index: int, *, word: str = "") -> None:
    """Move ``index`` is shown: marked in the history, named by the status (or the status
    says ``word``), its board drawn.
    """
    assert app.index == index
    marked = _marked_line(app)
    number, _, line = marked.removeprefix("▶").strip().partition(" ")
    assert int(number) == index
    assert viewer.move_line(index).startswith(line.rstrip("…").strip())
    header, tables, _ = viewer.parts(index)
    status = str(app.query_one("#status", Static).content)
    assert status.startswith(word or header)
    board = _text(app.query_one("#board", Static).content)  # type: ignore[arg-type]
    assert board in {_text(table) for table in tables}


@pytest.mark.parametrize(("game", "players"), [("tile_up", 2), ("tacocat", 2)])
def test_replay_steps_with_the_arrows_and_the_history_agrees(
    game: str, players: int, tmp_path: Path
) -> None:
    path = _saved(game, players, tmp_path / "saved.jsonl")
    record = load_record(path, 1)
    viewer = ReplayViewer(record, replay_states(record, 1), "en", Console(), None)
    app = ReplayApp(viewer, "replay", "en")
    steps = min(viewer.last, 12)

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            _check(app, viewer, 0)
            for index in range(1, steps + 1):
                await pilot.press("right")
                _check(app, viewer, index)
            for index in range(steps - 1, steps - 4, -1):
                await pilot.press("left")
                _check(app, viewer, index)
            await pilot.press("end")
            _check(app, viewer, viewer.last)
            await pilot.press("right")  # past the end: a word, the move stays
            _check(app, viewer, viewer.last, word="This is the last move.")
            await pilot.press("home")
            _check(app, viewer, 0)
            if len(viewer.rounds) > 1:
                for start in viewer.rounds[1:]:
                    await pilot.press("pagedown")
                    _check(app, viewer, start)
                    assert app.index == start
                await pilot.press("pageup")
                _check(app, viewer, viewer.rounds[-2])
            else:
                await pilot.press("pagedown")  # no rounds: nothing moves
                _check(app, viewer, 0)
            await pilot.press("q")

    asyncio.run(run())
    if game == "tacocat":
        assert len(viewer.rounds) > 1  # the test went round by round
