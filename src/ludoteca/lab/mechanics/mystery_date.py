"""Mystery Date's mechanics: swaps (MD-05) and door openings (MD-09) by seat.

What the door opened on (the shown outfit's date, another date, the dud) is the game's own
tally (``games/mystery_date/stats.py``); this adds who swapped and who opened.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.mystery_date.cards import Door, Pick
from ludoteca.lab.mechanics.base import Tally


class MysteryDateTally(Tally):
    """Counts of one Mystery Date match."""

    watched = frozenset({Pick, Door})

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return ("swaps", *self.seats("swaps"), *self.seats("door_opens"))

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "swap":
            self.tally["swaps"] += 1
            self.tally[f"swaps@{data['seat']}"] += 1
        elif kind == "door":
            self.tally[f"door_opens@{data['seat']}"] += 1
