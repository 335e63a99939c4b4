"""Dweebies' mechanics: collections, the lines collected by length, splits (DW-05..DW-07)."""

from __future__ import annotations

from typing import Any

from ludoteca.games.dweebies.actions import Collect
from ludoteca.lab.mechanics.base import Tally

LONGEST = 6
"""Lines of this many cards or more are counted together."""


def line_name(length: int) -> str:
    """The count of lines of ``length`` cards (the last one: that many or more)."""
    return f"lines_{min(length, LONGEST)}"


class DweebiesTally(Tally):
    """Counts of one Dweebies match."""

    watched = frozenset({Collect})

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
        for line in lines:
            tally[line_name(len(line))] += 1
        if after.groups and not before.groups:
            tally["splits"] += 1
