"""Gotcha's match statistics for ``ludoteca simulate``: how often breaches are caught.

``Gotcha.match_statistics()`` returns a :class:`BreachTally`, the optional per-game hook of
``lab/match.py``: it watches one match as the runner's observer (it may read full states,
the referee's private record included; agents never see it) and then reports counts, which
the simulation adds up over games. Every breach the referee records is counted once, as
*caught* if a buzz scored it, *refereed* if the auto-referee (GT-12) buzzed it when its window
closed, else *escaped* (its window closed, or its rule was covered first: GT-07).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Seat
from ludoteca.games.gotcha.actions import Buzz
from ludoteca.games.gotcha.state import State


class BreachTally:
    """Counts of one Gotcha match, gathered step by step (see the module docstring)."""

    rates: tuple[tuple[str, str], ...] = (
        ("caught", "breaches"),
        ("refereed", "breaches"),
        ("wrong_buzzes", "buzzes"),
        ("champ", "games"),
    )
    """``(numerator, denominator)`` count names that the simulation shows as rates."""

    def __init__(self) -> None:
        self._scored: dict[tuple[int, int, int, int], bool] = {}
        self._buzzes = 0
        self._wrong = 0
        self._refereed = 0
        self._turns = 0
        self._champ = 0

    def __call__(self, before: State, seat: Seat, action: Any, after: State) -> None:
        """The runner's observer: one step of the match."""
        if after.breaches is not before.breaches:
            scored = self._scored
            for record in after.breaches:
                key = (record.slot, record.serial, record.seat, record.log_index)
                scored[key] = scored.get(key, False) or record.scored
        if isinstance(action, Buzz):
            self._buzzes += 1
        if after.buzzes is not before.buzzes:
            for result in after.buzzes:
                if result not in before.buzzes:
                    self._wrong += result.result == "wrong"
                    self._refereed += result.result == "referee"
        self._turns = after.turn
        self._champ = int(after.ended == "champ")

    def counts(self) -> dict[str, int]:
        """The match's counts by name (each has a message ``gotcha.stat.<name>``)."""
        breaches = len(self._scored)
        caught = sum(self._scored.values())
        return {
            "turns": self._turns,
            "champ": self._champ,
            "breaches": breaches,
            "caught": caught,
            "refereed": self._refereed,
            "escaped": breaches - caught - self._refereed,
            "buzzes": self._buzzes,
            "wrong_buzzes": self._wrong,
        }
