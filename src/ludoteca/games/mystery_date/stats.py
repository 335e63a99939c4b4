"""Mystery Date's match statistics for the lab: what the door opened on.

``ludoteca simulate`` finds :func:`match_statistics` here (the optional per-game hook of
``lab/match.py``). The returned :class:`DoorTally` is the runner's observer of one match:
it reads only the door's chance steps (MD-09) and the state just before them (whose turn,
which outfit was shown); ``apply`` is untouched. The public log of the state keeps only the
last events, so the door openings are counted as they happen. Who opened it, by seat, is
counted with the other figures from the public events (``figures.py``).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Seat
from ludoteca.games.mystery_date.cards import DUD, Door
from ludoteca.games.mystery_date.state import State


class DoorTally:
    """Door openings of one match: on the shown outfit's date, another date or the dud."""

    rates: tuple[tuple[str, str], ...] = (
        ("door_dates", "door_opens"),
        ("door_other", "door_opens"),
        ("door_duds", "door_opens"),
    )
    """``(numerator, denominator)`` count names that the simulation shows as rates."""

    def __init__(self) -> None:
        self._opens = 0
        self._dates = self._duds = self._other = 0

    def __call__(self, before: State, seat: Seat, action: Any, after: State) -> None:
        """The runner's observer: one step of the match."""
        if type(action) is Door:
            self._opens += 1
            if action.result == before.shown:
                self._dates += 1
            elif action.result == DUD:
                self._duds += 1
            else:
                self._other += 1

    def counts(self) -> dict[str, int]:
        """The match's counts by name (each has a message ``mystery_date.stat.<name>``)."""
        return {
            "door_opens": self._opens,
            "door_dates": self._dates,
            "door_other": self._other,
            "door_duds": self._duds,
        }


def match_statistics() -> DoorTally:
    """A fresh tally for one match."""
    return DoorTally()
