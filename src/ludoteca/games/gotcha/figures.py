"""Gotcha's figures from its public events: the rule cards played, by family (GT-03,
GT-04); by seat, the cards each player played, the breaches they caught with a buzz (GT-06,
a vote's included: GT-09) and their wrong buzzes (GT-08).

The lab's totals of breaches caught, refereed and escaped are the game's own tally
(``games/gotcha/stats.py``, which reads the referee's private record); the end panel's
figures here come from the public verdicts only.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.figures import Tally
from ludoteca.games.gotcha.actions import Play
from ludoteca.games.gotcha.cards import card
from ludoteca.games.gotcha.families.registry import BY_ID

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
    panel = ("caught", "plays", "wrong_buzzes")

    def count_names(self) -> tuple[str, ...]:
        """Every count's name."""
        return (
            "plays",
            *(f"plays_{family}" for family in (*FAMILIES, "who", "blank")),
            *self.seats("plays"),
            *self.seats("caught"),
            *self.seats("wrong_buzzes"),
        )

    def also_read(self, before: Any, after: Any) -> bool:
        """A step that judged a buzz (a buzz, a vote's close, a window the time closed)."""
        return after.buzzes is not before.buzzes

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        """Count one public event."""
        if kind == "play":
            self.tally["plays"] += 1
            self.tally[f"plays_{family_of(data['card'])}"] += 1
            self.tally[f"plays@{self.acting}"] += 1
        elif kind == "verdict" and data["buzzer"] >= 0:
            if data["result"] == "correct":
                self.tally[f"caught@{data['buzzer']}"] += 1
            elif data["result"] == "wrong":
                self.tally[f"wrong_buzzes@{data['buzzer']}"] += 1
