"""A fast rule-based ("greedy") Mystery Date agent that sees only its view.

The die decides where it goes; the agent decides what it holds. It scores a hand by how
close each colour is to a complete outfit (distinct numbers held, weighted steeply so the
colour closest to complete dominates) and

* over the hand limit, discards the card whose loss lowers that score least (duplicates
  first);
* in a swap, gives away its least useful card (of equally useless ones, the one that helps
  the partner least, judged by the cards it knows the partner holds) and, on a swap-any
  space, picks the partner whose random card is worth most to it: the cards it knows the
  partner holds (from earlier swaps) count for sure, the rest as the average unseen card;
* on the draw-or-discard space, takes the known top discard when it improves the hand at
  least as much as an average unseen card would, and draws otherwise;
* with two outfits ready, shows the one whose date the door weights favour.

Unseen cards are the deck minus its hand, the discard pile and the cards it knows others
hold. No search: each decision is a few dozen hand evaluations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import View
from ludoteca.games.mystery_date.cards import (
    CARDS,
    COLOURS,
    DECK,
    HAND_LIMIT,
    NUMBERS,
    Discard,
    Give,
    Pile,
    Show,
)

Hand = list[int]
"""Copies per card (a mutable multiset, indexed by card)."""


@dataclass(frozen=True, slots=True)
class GreedyParams:
    """The knobs of the heuristic.

    Attributes:
        weights: Score of a colour by how many distinct numbers of it are held (0..3).
        duplicate: Small bonus per spare copy (a spare is what a swap gives away).
    """

    weights: tuple[float, ...] = (0.0, 1.0, 4.0, 16.0)
    duplicate: float = 0.01


DEFAULT_PARAMS = GreedyParams()
SCORE_CACHE = 1 << 16
"""Hand scores an agent remembers before it starts afresh."""


class GreedyMysteryDate:
    """Rule-based Mystery Date agent: build the outfit closest to complete."""

    name = "greedy"

    def __init__(self, params: GreedyParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Heuristic knobs; the defaults when omitted.
        """
        self.params = params or DEFAULT_PARAMS
        self._scores: dict[tuple[int, ...], float] = {}

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal`` for the decision in ``view``.

        Args:
            view: What this seat sees (``MysteryDate.view``).
            legal: The seat's legal actions.
            rng: Unused: the agent is deterministic. Part of the Agent protocol.

        Returns:
            An element of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        hand = [0] * CARDS
        for card in view["hand"]:
            hand[card] += 1
        first = legal[0]
        if isinstance(first, Discard):
            choice: Any = self._least_useful(hand, [a.card for a in legal])
            return next(a for a in legal if a.card == choice)
        if isinstance(first, Give):
            return self._give(view, hand, legal)
        if isinstance(first, Pile):
            return self._pile(view, hand, legal)
        if isinstance(first, Show):
            weights = [int(w) for w in str(view["options"]["door_weights"]).split(",")]
            return max(legal, key=lambda a: (weights[a.colour], -a.colour))
        return first

    # -- scoring ---------------------------------------------------------------------

    def score(self, hand: Hand) -> float:
        """How close ``hand`` is to complete outfits (higher is better).

        Remembered per hand: a decision scores the same few hands many times, and search
        agents that play this one as their policy make thousands of decisions per move.
        """
        key = tuple(hand)
        value = self._scores.get(key)
        if value is None:
            if len(self._scores) >= SCORE_CACHE:
                self._scores.clear()
            value = self._scores[key] = self.hand_score(hand)
        return value

    def hand_score(self, hand: Hand) -> float:
        """The score of ``hand``, computed (``score`` remembers it)."""
        weights, duplicate = self.params.weights, self.params.duplicate
        total = 0.0
        for colour in range(len(COLOURS)):
            base = colour * NUMBERS
            distinct = 0
            for card in range(base, base + NUMBERS):
                copies = hand[card]
                if copies:
                    distinct += 1
                    total += duplicate * (copies - 1)
            total += weights[distinct]
        return total

    def _least_useful(
        self, hand: Hand, candidates: Sequence[int], receiver: Hand | None = None
    ) -> int:
        """The card among ``candidates`` whose loss costs the least score; on a tie, the
        one that adds least to ``receiver`` (the cards known in the hand it goes to).
        """
        best_card, best_key = candidates[0], (float("-inf"), float("-inf"))
        base = self.score(receiver) if receiver is not None else 0.0
        for card in candidates:
            hand[card] -= 1
            value = self.score(hand)
            hand[card] += 1
            help_given = 0.0
            if receiver is not None:
                receiver[card] += 1
                help_given = self.score(receiver) - base
                receiver[card] -= 1
            key = (round(value, 9), -help_given)
            if key > best_key:
                best_card, best_key = card, key
        return best_card

    def _value_with(self, hand: Hand, card: int) -> float:
        """The score after gaining ``card`` (and discarding the worst card if over the limit)."""
        hand[card] += 1
        if sum(hand) > HAND_LIMIT:
            worst = self._least_useful(hand, [c for c in range(CARDS) if hand[c]])
            hand[worst] -= 1
            value = self.score(hand)
            hand[worst] += 1
        else:
            value = self.score(hand)
        hand[card] -= 1
        return value

    def _unseen(self, view: View, hand: Hand) -> list[int]:
        """Copies of each card not in this hand, the discard pile or known other hands."""
        unseen = list(DECK)
        for card in range(CARDS):
            unseen[card] -= hand[card]
        for card in view["discard"]:
            unseen[card] -= 1
        for cards in view["known"]:
            for card in cards:
                unseen[card] -= 1
        if "given" in view:
            unseen[view["given"]] -= 1
        return [max(0, copies) for copies in unseen]

    def _expected_with(self, hand: Hand, cards: Sequence[int]) -> float:
        """The mean score after gaining one card drawn uniformly from ``cards`` (copies)."""
        total = sum(cards)
        if not total:
            return self.score(hand)
        return sum(n * self._value_with(hand, c) for c, n in enumerate(cards) if n) / total

    # -- decisions -------------------------------------------------------------------

    def _pile(self, view: View, hand: Hand, legal: Sequence[Any]) -> Any:
        top = view["discard"][-1]
        known_gain = self._value_with(hand, top)
        draw_gain = self._expected_with(hand, self._unseen(view, hand))
        want_discard = known_gain > self.score(hand) and known_gain >= draw_gain
        return next(a for a in legal if a.from_discard == want_discard)

    def _give(self, view: View, hand: Hand, legal: Sequence[Any]) -> Any:
        """Give the least useful card to the partner whose random card is worth most.

        Among equally useless cards, give the one that helps the partner least, judged by
        the cards this seat knows the partner holds.
        """
        cards = sorted({a.card for a in legal})
        targets = sorted({a.target for a in legal})
        best = targets[0]
        if len(targets) > 1:
            card = self._least_useful(hand, cards)
            hand[card] -= 1
            unseen = self._unseen(view, hand)
            best_value = float("-inf")
            for target in targets:
                value = self._pick_value(view, hand, target, unseen)
                if value > best_value:
                    best, best_value = target, value
            hand[card] += 1
        card = self._least_useful(hand, cards, self._known_hand(view, best))
        return next(a for a in legal if a.card == card and a.target == best)

    def _known_hand(self, view: View, seat: int) -> Hand:
        known = [0] * CARDS
        for card in view["known"][seat]:
            known[card] += 1
        return known

    def _pick_value(self, view: View, hand: Hand, target: int, unseen: list[int]) -> float:
        """Expected score after taking a random card from ``target``'s hand."""
        size: int = view["hand_counts"][target]
        known: list[int] = view["known"][target]
        value = sum(self._value_with(hand, card) for card in known)
        rest = size - len(known)
        if rest > 0:
            value += rest * self._expected_with(hand, unseen)
        return value / size if size else self.score(hand)
