"""Drive the full-screen table headless (Textual's ``run_test`` and its Pilot): a person
who answers every question with the last numbered move and every pause with a key.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from ludoteca.engine import replay
from ludoteca.engine.i18n import Lang
from ludoteca.engine.record import GameRecord
from ludoteca.terminal.play import PlayChoices, _setup
from ludoteca.terminal.setup import Setup
from ludoteca.terminal.tui.app import TableApp
from ludoteca.terminal.tui.run import table_app
from ludoteca.terminal.tui.widgets import MoveInput


def setup_for(game: str, lang: Lang, save: Path | None, **choices: object) -> Setup:
    """A game against greedy bots, seed 7 unless told, saved to ``save``."""
    chosen = {"vs": "greedy", "seed": 7, "speed": 0.0, **choices}
    wanted = PlayChoices(game=game, save=save, no_save=save is None, **chosen)  # type: ignore[arg-type]
    return _setup(wanted, game, wanted.players, lang)


def app_for(setup: Setup, lang: Lang) -> TableApp:
    """The table of ``setup``."""
    return table_app(setup, lang)


async def answer_until_over(
    app: TableApp, pilot: Pilot[int], limit: int = 20000, until: Callable[[], bool] | None = None
) -> None:
    """Answer the table until the game is over (or ``until()`` says enough): ``1`` at a
    question, space at a pause.
    """
    for _ in range(limit):
        if app.finished is not None or (until is not None and until()):
            return
        if app.waiting:
            await pilot.press("space")
        elif app.asking is not None and app.asking.labels:
            app.query_one(MoveInput).value = _pick(app.asking.labels)
            await pilot.press("enter")
        else:
            await pilot.pause(0.005)
    raise AssertionError("the game did not end")


def _pick(labels: tuple[str, ...]) -> str:
    """The number of a placement when one is listed (so that Tile Up's board fills and the
    game ends), else of the last move listed.
    """
    for number, label in enumerate(labels, start=1):
        if label.startswith(("places ", "coloca ")):  # Tile Up's placements
            return str(number)
    return str(len(labels))


def expected_texts(record: GameRecord, seat: int, names: list[str], lang: Lang) -> list[str]:
    """Every event ``seat`` may see in ``record``, as the log writes it, in order."""
    return [item.text(lang, names) for step in replay.record_events(record, seat) for item in step]
