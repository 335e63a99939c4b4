"""Tile Up's mechanics: goals scored by shape (TU-04) and the final stacks by height."""

from __future__ import annotations

from typing import Any

from ludoteca.games.tile_up.model import CARDS, SHAPE_NAMES, Score
from ludoteca.lab.mechanics.base import Tally

TALLEST = 4
"""Stacks of this many tiles or more are counted together."""


def stack_name(height: int) -> str:
    """The count of final stacks of ``height`` tiles (the last one: that many or more)."""
    return f"stacks_{min(height, TALLEST)}"


class TileUpTally(Tally):
    """Counts of one Tile Up match."""

    watched = frozenset({Score})

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            *(f"goals_{shape}" for shape in SHAPE_NAMES),
            *(stack_name(height) for height in range(1, TALLEST + 1)),
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "score":
            self.tally[f"goals_{SHAPE_NAMES[CARDS[data['card']][0]]}"] += 1

    def finish(self, state: Any) -> None:
        """Count the final stacks by height (the board is public)."""
        for stack in state.stacks:
            if stack:
                self.tally[stack_name(len(stack))] += 1
