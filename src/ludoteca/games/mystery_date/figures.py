"""Mystery Date's figures: swaps (MD-05), door openings (MD-09) and the dates met behind
the door (any date, not the dud) by seat.

What the door opened on (the shown outfit's date, another date, the dud) is the game's own
tally (``games/mystery_date/stats.py``); this adds who swapped and who opened.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.figures import Tally
from ludoteca.games.mystery_date.cards import DOOR_OUTCOMES, DUD, Door, Pick

DUD_NAME = DOOR_OUTCOMES[DUD]
"""The door's result when no date stands behind it."""


class MysteryDateTally(Tally):
    """Counts of one Mystery Date match."""

    watched = frozenset({Pick, Door})
    panel = ("door_opens", "dates_met", "swaps")

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            "swaps",
            *self.seats("swaps"),
            *self.seats("door_opens"),
            *self.seats("dates_met"),
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "swap":
            self.tally["swaps"] += 1
            self.tally[f"swaps@{data['seat']}"] += 1
        elif kind == "door":
            self.tally[f"door_opens@{data['seat']}"] += 1
            self.tally[f"dates_met@{data['seat']}"] += data["result"] != DUD_NAME
