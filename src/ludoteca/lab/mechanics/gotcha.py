"""Gotcha's mechanics: the rule cards played, by family (GT-03, GT-04).

Breaches caught, refereed and escaped and wrong buzzes are the game's own tally
(``games/gotcha/stats.py``); this adds which kinds of rule the players made.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.gotcha.actions import Play
from ludoteca.games.gotcha.cards import card
from ludoteca.games.gotcha.families.registry import BY_ID
from ludoteca.lab.mechanics.base import Tally

FAMILIES = tuple(BY_ID)
"""The rule families, in the registry's order."""


def family_of(card_id: str) -> str:
    """The family a played card counts under: its rule's, ``who`` or ``blank``."""
    played = card(card_id)
    if played.rule is not None:
        return played.rule.family
    return "who" if played.kind == "who" else "blank"


class GotchaTally(Tally):
    """Counts of one Gotcha match."""

    watched = frozenset({Play})

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return ("plays", *(f"plays_{family}" for family in (*FAMILIES, "who", "blank")))

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "play":
            self.tally["plays"] += 1
            self.tally[f"plays_{family_of(data['card'])}"] += 1
