"""Tacocat's mechanics: duels (and their ties), attacks by kind, answers, drawn rounds.

TC-04 duel, TC-05 attack (one card, a set of equal values, a sequence of consecutive
values), TC-06 defend or sacrifice, TC-08 a round without a winner.
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
            "rounds",
            "drawn_rounds",
            "duels",
            "duel_ties",
            "attacks_single",
            "attacks_set",
            "attacks_sequence",
            "defences",
            "sacrifices",
        )

    def also_read(self, before: Any, after: Any) -> bool:
        """Also read the steps that end a round or the match."""
        return bool(after.round != before.round or after.winner != before.winner)

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
        elif kind == "round_end":
            tally["rounds"] += 1
            tally["drawn_rounds"] += data["winner"] is None
