"""Tacocat's figures from its public events: duels (and their ties, and who won them),
attacks by kind, answers.

TC-04 duel, TC-05 attack (one card, a set of equal values, a sequence of consecutive
values), TC-06 defend or sacrifice. Rounds and rounds without a winner (TC-08) are the
outcome's own figures (``rounds``, ``drawn_rounds``, ``rounds_won``), not counted twice.
The end panel adds each seat's duels won (the higher card attacks first: TC-04).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.figures import Tally
from ludoteca.games.tacocat.model import Attack, Defend, Duel, Sacrifice


class TacocatTally(Tally):
    """Counts of one Tacocat match."""

    watched = frozenset({Duel, Attack, Defend, Sacrifice})
    panel = ("duels_won",)

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
            *self.seats("duels_won"),
        )

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        tally = self.tally
        if kind in ("duel", "duel_tie"):
            tally["duels"] += 1
            tally["duel_ties"] += kind == "duel_tie"
            if kind == "duel":
                tally[f"duels_won@{data['attacker']}"] += 1
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
