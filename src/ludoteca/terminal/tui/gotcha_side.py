"""Gotcha! on the full-screen table: the person types while the others play.

:class:`TableGotcha` is the line-by-line Gotcha agent (``terminal.gotcha.GotchaHuman``,
which paces the game to real time and stamps the person's actions with the game clock)
with its screen swapped for the table's: the board is redrawn when it changes, answers go
under the board, and the lines come from the table's input through :class:`LiveLine`.
"""

from __future__ import annotations

import io
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rich.console import Console

from ludoteca.engine.game import View
from ludoteca.engine.i18n import Message, msg
from ludoteca.terminal.gotcha import COMMANDS, GotchaHuman, _table_key
from ludoteca.terminal.tui.bridge import Ask, Channel
from ludoteca.terminal.tui.side import GameSide


class LiveLine:
    """The table's input line as the Gotcha agent reads it (``terminal.live.LiveInput``)."""

    def __init__(self, channel: Channel) -> None:
        """Read the lines the person submits on the table."""
        self._channel = channel

    def prompt(self, text: str) -> None:
        """The table shows the prompt with the moves (``TableGotcha._show_live``)."""

    def above(self) -> AbstractContextManager[None]:
        """Nothing to move out of the way: the table redraws in place."""
        return nullcontext()

    def read(self, timeout: float | None) -> str | None:
        """The next line typed, or ``None`` after ``timeout`` seconds.

        Raises:
            QuitGame: When the person leaves.
        """
        return self._channel.read_line(timeout)


class TableGotcha(GotchaHuman):
    """A person playing Gotcha on the table (see the module docstring)."""

    def __init__(self, side: GameSide, seat: int, speed: float) -> None:
        """Play ``seat`` on ``side``'s screen; ``speed``: game seconds a real second."""
        super().__init__(
            side.game,
            seat,
            side.lang,
            Console(file=io.StringIO()),
            _no_line,
            live=LiveLine(side.channel),  # type: ignore[arg-type]  # LiveInput's methods
            speed=speed,
        )
        self._side = side
        self._asked: tuple[Any, ...] | None = None

    def _show_live(self, live: Any, view: View, options: Any) -> None:
        """Redraw the board and the moves when the table changed, or when the game waits
        for the person alone (their earlier answer lost its race and is asked again).
        """
        drawn = _table_key(view)
        alone = not any(seat != self._seat for seat in view["actors"])
        if drawn == self._drawn and not alone:
            return
        self._drawn = drawn
        self._show(view, options)

    def _show(self, view: View, options: Any) -> None:
        side = self._side
        side.show(view)
        name = view["profiles"][self._seat]["name"]
        prompt = msg("term.gotcha.prompt", name=name).text(self._lang)
        verbs = tuple(f"/{verb} " for verb in sorted(COMMANDS))
        ask = Ask(prompt, tuple(options.labels), tuple(options.hints), verbs)
        side.call(side.screen.ask, ask)

    def _show_whole(self, view: View) -> None:
        """The whole table over the screen, as F3 shows it."""
        self._side.show(view)
        self._side.call(self._side.screen.show_detail)

    def _say(self, message: Message, style: str) -> None:
        self._side.call(self._side.screen.say, message.text(self._lang), style)


def _no_line(prompt: str) -> str:
    """Never called: lines come through :class:`LiveLine`."""
    raise EOFError
