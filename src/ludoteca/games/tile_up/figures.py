"""Tile Up's figures: goals scored by shape (TU-04) and the final stacks by height; by
seat, the tiles each player placed (TU-03) and the corners they covered first (TU-09: the
game ends when all four are covered). Each seat's goals are the outcome's own figure.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.figures import Tally
from ludoteca.games.tile_up.model import CARDS, SHAPE_NAMES, Place, Score, geo_of

TALLEST = 4
"""Stacks of this many tiles or more are counted together."""


def stack_name(height: int) -> str:
    """The count of final stacks of ``height`` tiles (the last one: that many or more)."""
    return f"stacks_{min(height, TALLEST)}"


class TileUpTally(Tally):
    """Counts of one Tile Up match."""

    watched = frozenset({Score, Place})
    panel = ("corners_covered", "tiles_placed")

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            *(f"goals_{shape}" for shape in SHAPE_NAMES),
            *(stack_name(height) for height in range(1, TALLEST + 1)),
            *self.seats("corners_covered"),
            *self.seats("tiles_placed"),
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "score":
            self.tally[f"goals_{SHAPE_NAMES[CARDS[data['card']][0]]}"] += 1
        elif kind == "place":
            seat = before.current
            self.tally[f"tiles_placed@{seat}"] += 1
            corners = geo_of(before.rules).corners
            covered = (after.occupied & ~before.occupied & corners).bit_count()
            self.tally[f"corners_covered@{seat}"] += covered

    def finish(self, state: Any) -> None:
        """Count the final stacks by height (the board is public)."""
        for stack in state.stacks:
            if stack:
                self.tally[stack_name(len(stack))] += 1
