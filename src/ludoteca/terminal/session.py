"""One terminal game from start to leaving: the steps so far, kept for ``--save``.

Leaving works the same way whichever key the person uses (``q``, Ctrl-C or Ctrl-D, at a
prompt, at a pause or while the bots think): one message, exit code :data:`EXIT_ABANDONED`,
and with ``--save`` the record of every step played so far (a record without an outcome,
which ``ludoteca replay`` steps through like any other).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

from ludoteca.engine import options as options_mod
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, Game, GameInfo, Seat
from ludoteca.engine.i18n import msg
from ludoteca.engine.record import GameRecord

EXIT_ABANDONED = 1
"""Exit code of a game the person left before its end."""

LEAVE = (KeyboardInterrupt, EOFError)
"""What Ctrl-C and Ctrl-D raise; ``QuitGame`` (``q``) is caught alongside."""


def check_seat(info: GameInfo, seat: int, count: int) -> None:
    """Raise ``GameSetupError`` unless ``seat`` is one of the ``count`` seats of the game.

    Raises:
        GameSetupError: For a seat out of range (``--seat`` of ``play`` and ``replay``).
    """
    if not 0 <= seat < count:
        raise GameSetupError(
            msg("term.bad_seat", number=seat, game=info.id, n=count, last=count - 1)
        )


class StepLog:
    """A runner observer that keeps ``(seat, action text)`` for every step applied."""

    def __init__(self) -> None:
        """Start with no steps."""
        self.entries: list[tuple[Seat, str]] = []

    def __call__(self, before: Any, seat: Seat, action: Any, after: Any) -> None:
        """Record one step (the ``runner.StepObserver`` signature)."""
        self.entries.append((seat, str(action)))

    def record(
        self,
        game: Game[Any, Any],
        seats: Sequence[str],
        seed: int,
        options: Mapping[str, object],
    ) -> GameRecord:
        """The record of the steps so far (no outcome: the game was not finished)."""
        return GameRecord(
            game=game.info.id,
            version=game.info.version,
            seed=seed,
            num_players=len(seats),
            options=dict(options_mod.resolve(game.info, options)),
            seats=tuple(seats),
            actions=tuple(self.entries),
            outcome=None,
        )

    @property
    def player_steps(self) -> int:
        """Steps taken by players (chance draws not counted)."""
        return sum(1 for seat, _ in self.entries if seat != CHANCE)


def full_screen_possible(console: Console) -> bool:
    """Whether the full-screen table can run: a terminal on both sides, not a dumb one."""
    dumb = os.environ.get("TERM", "") in ("", "dumb")
    return console.is_terminal and sys.stdin.isatty() and sys.stdout.isatty() and not dumb
