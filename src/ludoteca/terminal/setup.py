"""A terminal game ready to be played (``terminal.play`` checks the choices and fills in
the rest; the line-by-line mode and the full-screen table, ``terminal.tui.run``, play it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.agents import levels
from ludoteca.engine.game import Game, OptionValue
from ludoteca.engine.i18n import Lang
from ludoteca.terminal import Renderer

HUMAN = "human"
"""The opponent name that makes every seat a person at this keyboard (hot-seat)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A game ready to be played: the choices checked and completed.

    Attributes:
        game: The game.
        renderer: Its terminal renderer.
        count: The number of seats.
        vs: The bots' agent name, or :data:`HUMAN` for hot-seat.
        seat: The person's seat against bots.
        seed: The match seed.
        options: The game's options, resolved.
        save: Where the record goes (``None``: nowhere, ``--no-save``).
        hints: Whether ``?`` gives hints.
        speed: How fast a realtime game's bots play.
        level: The level the bots were asked by (``None``: by agent name).
    """

    game: Game[Any, Any]
    renderer: Renderer
    count: int
    vs: str
    seat: int
    seed: int
    options: dict[str, OptionValue]
    save: Path | None
    hints: bool
    speed: float
    level: str | None = None

    def bot_label(self, lang: Lang) -> str:
        """The bots as the person asked for them: the level's name, or the agent's."""
        if self.level is not None:
            return levels.level_label(self.level).text(lang)
        return self.vs

    @property
    def hot_seat(self) -> bool:
        """Whether every seat is a person at this keyboard."""
        return self.vs == HUMAN

    def names(self, lang: Lang) -> list[str]:
        """The seats' names."""
        return [self.renderer.seat_label(s, lang) for s in range(self.count)]
