"""A match's figures counted from what a spectator learns: the lab's mechanics and the end
panel's per-seat figures (Tacocat's duels won, Dweebies' collections, Mystery Date's doors
opened, ...) come from the same count.

A game that counts offers ``figure_tally(players)`` (:class:`FiguredGame`), a fresh
:class:`Tally` for one match. The tally is an observer of steps: for the steps whose action
it watches it asks the game for the events of viewer ``None`` (nothing hidden) and counts
them; :meth:`Tally.finish` may read the public final state. It never touches ``apply``: a
playout does not pay for it. The end panel's figures are the tally's per-seat counts that
its :attr:`Tally.panel` names, added to the outcome's own figures by
:func:`with_figures` once a game is over (a surface calls it, not the game's ``outcome``).

A count's name ending in ``@<seat>`` is per seat; every name is reported, 0 when nothing
happened, so a mean over matches is over all of them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from typing import Any, Protocol

from ludoteca.engine.game import A, Game, Outcome, S, Seat


class Tally:
    """Counts of one match, read from the public events of the steps :attr:`watched` names.

    Args:
        game: The game (its ``events`` tells what a spectator learns from a step).
        players: Seats in the match.

    Attributes:
        watched: The action classes whose steps are read; other steps cost one lookup.
        panel: The per-seat counts the end-of-game panel shows (names without ``@``).
        names: Every count reported, in order (0 unless counted).
        acting: The seat that took the step being read (what :meth:`count` is told of).
    """

    watched: frozenset[type] = frozenset()
    panel: tuple[str, ...] = ()

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        self.names: tuple[str, ...] = self.count_names()
        self.tally: Counter[str] = Counter()
        self.acting: Seat = 0

    def count_names(self) -> tuple[str, ...]:
        """Every count's name (a subclass lists its own)."""
        return ()

    def seats(self, name: str) -> tuple[str, ...]:
        """``name@0``, ``name@1``, ... for every seat."""
        return tuple(f"{name}@{seat}" for seat in range(self.players))

    def __call__(self, before: Any, seat: Seat, action: Any, after: Any) -> None:
        """The runner's observer: one step."""
        if type(action) in self.watched or self.also_read(before, after):
            self.acting = seat
            for told in self.game.events(before, seat, action, after, None):
                self.count(told.kind, told.data, before, after)

    def also_read(self, before: Any, after: Any) -> bool:
        """Whether to read a step whose action is not watched (e.g. a round's end)."""
        return False

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""

    def finish(self, state: Any) -> None:
        """Read the final state (public parts only)."""

    def counts(self) -> dict[str, int]:
        """Every count of the match, by name."""
        return {name: self.tally[name] for name in self.names}

    def seat_figures(self) -> dict[str, list[int]]:
        """The :attr:`panel` counts as one list per name, a number per seat."""
        tally = self.tally
        return {
            name: [tally[f"{name}@{seat}"] for seat in range(self.players)] for name in self.panel
        }


class FiguredGame(Game[S, A], Protocol):
    """A game that counts its figures from its public events (see the module)."""

    def figure_tally(self, players: int) -> Tally:
        """A fresh tally for one match with ``players`` seats."""
        ...


def tally_for(game: Game[Any, Any], players: int) -> Tally | None:
    """A fresh tally for one match of ``game`` (``None`` for a game that counts nothing)."""
    make = getattr(game, "figure_tally", None)
    return None if make is None else make(players)


def with_figures(
    game: Game[Any, Any],
    outcome: Outcome,
    players: int,
    steps: Iterable[tuple[Any, Seat, Any, Any]],
    final: Any,
) -> Outcome:
    """``outcome`` with the tally's per-seat figures after its own (its own kept on a name
    both have).

    Args:
        game: The game.
        outcome: The finished game's outcome.
        players: Seats in the match.
        steps: Every step of the match as ``(before, seat, action, after)``.
        final: The final state.
    """
    tally = tally_for(game, players)
    if tally is None:
        return outcome
    for before, seat, action, after in steps:
        tally(before, seat, action, after)
    tally.finish(final)
    counted = {k: v for k, v in tally.seat_figures().items() if k not in outcome.figures}
    return dataclasses.replace(outcome, figures={**outcome.figures, **counted})
