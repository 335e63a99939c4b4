"""Tacocat's mechanics: duels (and their ties), attacks by kind, answers.

TC-04 duel, TC-05 attack (one card, a set of equal values, a sequence of consecutive
values), TC-06 defend or sacrifice. Rounds and rounds without a winner (TC-08) are the
outcome's own figures (``rounds``, ``drawn_rounds``), not counted twice.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.tacocat.model import Attack, Defend, Duel, Sacrifice
from ludoteca.lab.mechanics.base import Tally


class TacocatTally(Tally):
    """Counts of one Tacocat match."""

    watched = frozenset({Duel, Attack, Defend, Sacrifice})

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            "duels",
            "duel_ties",
            "attacks_single",
            "attacks_set",
            "attacks_sequence",
            "defences",
            "sacrifices",
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        tally = self.tally
        if kind in ("duel", "duel_tie"):
            tally["duels"] += 1
            tally["duel_ties"] += kind == "duel_tie"
        elif kind == "attack":
            cards = data["cards"]
            if len(cards) == 1:
                tally["attacks_single"] += 1
            elif len(set(cards)) == 1:
                tally["attacks_set"] += 1
            else:
                tally["attacks_sequence"] += 1
        elif kind == "defend":
            tally["defences"] += 1
        elif kind == "sacrifice":
            tally["sacrifices"] += 1
