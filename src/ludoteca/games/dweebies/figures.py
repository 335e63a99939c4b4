"""Dweebies' figures from its public events: collections, the lines collected by length,
splits (DW-05..DW-07); by seat, the collections and lines each player made (the end panel).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.figures import Tally
from ludoteca.games.dweebies.actions import Collect

LONGEST = 6
"""Lines of this many cards or more are counted together."""


def line_name(length: int) -> str:
    """The count of lines of ``length`` cards (the last one: that many or more)."""
    return f"lines_{min(length, LONGEST)}"


class DweebiesTally(Tally):
    """Counts of one Dweebies match."""

    watched = frozenset({Collect})
    panel = ("collections", "lines")

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            "collections",
            "double_collections",
            "passed_collections",
            "cards_collected",
            *(line_name(length) for length in range(2, LONGEST + 1)),
            "splits",
            *self.seats("collections"),
            *self.seats("lines"),
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind != "collect":
            return
        which = data["which"]
        tally = self.tally
        if which == "none":
            tally["passed_collections"] += 1
            return
        tally["collections"] += 1
        tally[f"collections@{before.turn}"] += 1
        tally["cards_collected"] += len(data["cards"])
        lines = {"row": (before.row,), "column": (before.column,)}.get(
            which, (before.row, before.column)
        )
        tally["double_collections"] += len(lines) == 2
        tally[f"lines@{before.turn}"] += len(lines)
        for line in lines:
            tally[line_name(len(line))] += 1
        if after.groups and not before.groups:
            tally["splits"] += 1
