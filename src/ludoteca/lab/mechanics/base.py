"""The shape every game's mechanics tally shares (``lab.mechanics``)."""

from __future__ import annotations

from collections import Counter
from typing import Any


class Tally:
    """Counts of one match, read from the events of the steps :attr:`watched` names.

    Args:
        game: The game (its ``events`` tells what a spectator learns from a step).
        players: Seats in the match.

    Attributes:
        watched: The action classes whose steps are read; other steps cost one lookup.
        names: Every count reported, in order (0 unless counted).
    """

    watched: frozenset[type] = frozenset()

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        self.names: tuple[str, ...] = self.count_names()
        self.tally: Counter[str] = Counter()

    def count_names(self) -> tuple[str, ...]:
        """Every count's name (a subclass lists its own)."""
        return ()

    def seats(self, name: str) -> tuple[str, ...]:
        """``name@0``, ``name@1``, ... for every seat."""
        return tuple(f"{name}@{seat}" for seat in range(self.players))

    def __call__(self, before: Any, seat: int, action: Any, after: Any) -> None:
        """The runner's observer: one step."""
        if type(action) in self.watched or self.also_read(before, after):
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
