"""The Mystery Date "expert": the greedy agent with two lessons about swaps, view-only.

Swaps are where a hand is most at risk: on a swap space the mover takes one card at random
from the partner (MD-05), so an outfit of single cards breaks whenever the thief's hand
lands on one of them. The expert

* values a spare copy of a card by how far its colour has come (``spare``): a second P1
  next to a complete pink outfit keeps the outfit whole if one P1 is taken, while a spare
  in a colour barely started is worth next to nothing. At most ``spare_cap`` spares per card
  count. Discards and the draw-or-discard choice use this score, so it keeps the insurance;
* gives, in its own swaps, the card whose loss costs it least *minus* ``help`` times what
  the card adds to what it knows the partner holds (cards it gave earlier, and what the
  whole table saw: a card taken from the discard pile, an outfit shown at the door), instead
  of using that only to break ties.

Everything else (which partner on a swap-any space, the draw-or-discard choice, which
outfit to show) is the greedy agent's. No search: each decision is a few dozen hand scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.agents.mystery_date.greedy import DEFAULT_PARAMS, GreedyMysteryDate, Hand
from ludoteca.games.mystery_date.cards import COLOURS, NUMBERS


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """The expert's extra knobs (the greedy ones are ``GreedyParams``' defaults).

    Attributes:
        spare: Score of one spare copy, by how many distinct numbers of its colour are held
            (0..3).
        spare_cap: Spare copies per card that count.
        help: Weight of the help a given card is to the partner, against the cost to us.
    """

    spare: tuple[float, ...] = (0.0, 0.0, 2.0, 6.0)
    spare_cap: int = 1
    help: float = 1.0


DEFAULT_EXPERT = ExpertParams()


class ExpertMysteryDate(GreedyMysteryDate):
    """Greedy with theft insurance (spare copies) and swaps that avoid feeding the partner."""

    name = "expert"

    def __init__(self, expert: ExpertParams | None = None) -> None:
        """Create the agent.

        Args:
            expert: The extra knobs; the defaults when omitted.
        """
        super().__init__(DEFAULT_PARAMS)
        self.expert = expert or DEFAULT_EXPERT

    def hand_score(self, hand: Hand) -> float:
        """How close ``hand`` is to complete outfits, spare copies valued by colour progress."""
        weights, spare, cap = self.params.weights, self.expert.spare, self.expert.spare_cap
        total = 0.0
        for colour in range(len(COLOURS)):
            base = colour * NUMBERS
            distinct = spares = 0
            for card in range(base, base + NUMBERS):
                copies = hand[card]
                if copies:
                    distinct += 1
                    spares += min(cap, copies - 1)
            total += weights[distinct] + spare[distinct] * spares
        return total

    def _least_useful(
        self, hand: Hand, candidates: Sequence[int], receiver: Hand | None = None
    ) -> int:
        """The card among ``candidates`` whose loss costs least, less ``help`` times what it
        adds to ``receiver`` (the cards known in the hand it goes to); ties: the least help.
        """
        best_card, best_key = candidates[0], (float("-inf"), float("-inf"))
        base = self.score(receiver) if receiver is not None else 0.0
        weight = self.expert.help
        for card in candidates:
            hand[card] -= 1
            value = self.score(hand)
            hand[card] += 1
            help_given = 0.0
            if receiver is not None:
                receiver[card] += 1
                help_given = self.score(receiver) - base
                receiver[card] -= 1
            key = (round(value - weight * help_given, 9), -help_given)
            if key > best_key:
                best_card, best_key = card, key
        return best_card
