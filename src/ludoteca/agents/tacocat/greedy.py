"""A fast rule-based ("greedy") Tacocat agent that sees only its view.

The round is won by the LOWER last card, so a player's lowest card is the prize and high
cards are weapons: an attack card the defender cannot match forces them to sacrifice their
lowest card, and the attacker keeps the initiative. The agent therefore

* replaces the middling cards that neither win the showdown nor win attacks;
* duels with its highest spare card (never its lowest, a weapon only when it has nothing
  else): in self-play, buying the initiative with a weapon loses far more than it gains;
* ends the round at once with a jumbo of every card but its lowest when it has one;
* otherwise attacks with the cheapest card, set or sequence the opponent is unlikely to
  match, judged by counting the unseen cards (the deck minus its hand, the discards and the
  table; above the opponent's last sacrifice), and else sheds the card it needs least; it
  never attacks with its lowest card when it has another option;
* defends with the smallest card that meets each attack card while keeping its lowest card,
  and sacrifices only when that is impossible.

No search: every decision is a handful of hypergeometric sums, so it runs in thousands of
simulated games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from ludoteca.engine.game import View
from ludoteca.games.tacocat import (
    DECK,
    MAX_VALUE,
    SACRIFICE,
    Attack,
    Defend,
    Duel,
    Replace,
    Sacrifice,
)

Counts = tuple[int, ...]
"""Copies per card value, indexed by value (index 0 unused)."""


@dataclass(frozen=True, slots=True)
class GreedyParams:
    """The knobs of the heuristic; the defaults are the tuned values (see the bench).

    Attributes:
        low_max: On replace, cards up to this value count as low (prize candidates).
        keep_low: On replace, at most this many low cards are kept.
        high_min: On replace, cards from this value up are kept as weapons.
        duel_max: Duel with the highest card below this value that is not the lowest.
        attack_min_fail: Attack with the cheapest option whose chance of not being matched
            is at least this; below it, shed the card the hand misses least.
        jumbo: Consider sets and sequences when attacking.
        finisher: Attack with a jumbo of every card but the lowest whenever there is one:
            it ends the round with the lowest card kept.
    """

    low_max: int = 3
    keep_low: int = 2
    high_min: int = 8
    duel_max: int = 8
    attack_min_fail: float = 0.5
    jumbo: bool = True
    finisher: bool = True


DEFAULT_PARAMS = GreedyParams()

_Option = tuple[float, int, int, Attack]
"""An attack option: (chance it is not matched, cards, sum of cards, action)."""


class GreedyTacocat:
    """Rule-based Tacocat agent: protect the lowest card, attack where it cannot be matched."""

    name = "greedy"

    def __init__(self, params: GreedyParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Heuristic knobs; the tuned defaults when omitted.
        """
        self.params = params or DEFAULT_PARAMS

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal`` for the phase in ``view``.

        Args:
            view: What this seat sees (``Tacocat.view``).
            legal: The seat's legal actions.
            rng: Unused: the agent is deterministic. Part of the Agent protocol.

        Returns:
            An element of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        hand: tuple[int, ...] = tuple(sorted(view["hand"]))
        if isinstance(first, Replace):
            choice: Any = self._replace(hand, legal)
        elif isinstance(first, Duel):
            choice = self._duel(hand)
        elif isinstance(first, Attack):
            choice = self._attack(view, hand, legal)
        elif isinstance(first, Defend | Sacrifice):
            choice = self._defend(view, hand)
        else:
            choice = first
        return choice if choice in legal else first

    def _replace(self, hand: tuple[int, ...], legal: Sequence[Any]) -> Replace:
        """Replace the middling cards: keep a few low cards and every weapon."""
        params = self.params
        limit = max(len(action.cards) for action in legal)
        spare: list[int] = []
        lows = 0
        for card in hand:
            if card <= params.low_max and lows < params.keep_low:
                lows += 1
            elif card < params.high_min:
                spare.append(card)
        # Within the limit, the most middling cards go first.
        middle = (params.low_max + params.high_min) / 2
        spare.sort(key=lambda card: (abs(card - middle), card))
        return Replace(tuple(sorted(spare[:limit])))

    def _duel(self, hand: tuple[int, ...]) -> Duel:
        """Duel with the highest spare card: never the lowest, a weapon only if nothing else."""
        if len(hand) <= 2:
            # The other card will be the showdown card: keep the lower one.
            return Duel(hand[-1])
        rest = hand[1:]
        spare = [card for card in rest if card < self.params.duel_max]
        return Duel(spare[-1] if spare else rest[0])

    def _attack(self, view: View, hand: tuple[int, ...], legal: Sequence[Any]) -> Attack:
        """The cheapest attack likely to force a sacrifice, else shed the least useful card."""
        params = self.params
        lowest = hand[0]
        pool, size = _opponent_pool(view)
        options: list[_Option] = []
        for action in legal:
            cards: tuple[int, ...] = action.cards
            if len(cards) > 1 and not params.jumbo:
                continue
            if min(_remove(hand, cards)) != lowest:
                continue  # never give up the lowest card
            fail = 1.0 - match_probability(pool, size, cards)
            options.append((fail, len(cards), sum(cards), action))
        if not options:
            return Attack((hand[-1],))
        if params.finisher:
            for option in options:
                if option[1] == len(hand) - 1:
                    return option[3]
        good = [option for option in options if option[0] >= params.attack_min_fail]
        if good:
            return min(good, key=lambda option: (option[2], -option[0]))[3]
        singles = [option for option in options if option[1] == 1]
        return _least_useful(hand, singles)

    def _defend(self, view: View, hand: tuple[int, ...]) -> Defend | Sacrifice:
        """Meet the attack with the smallest spare cards; sacrifice only if that fails."""
        attack: list[int] = view["attack"]
        todo = attack[len(view["answers"]) :]
        # Meet every remaining attack card keeping the lowest card; failing that, meeting
        # them all with it still beats sacrificing it (same cards lost, initiative won).
        plan = _full_defence(hand[1:], todo)
        if plan is None:
            plan = _full_defence(hand, todo)
        if plan is not None:
            return Defend(plan[0])
        # The trick is lost anyway: meet this card with a spare card if one is high enough.
        card = _smallest_at_least(hand[1:], todo[0])
        return Defend(card) if card is not None else SACRIFICE


# ---------------------------------------------------------------------------------------
# Helpers


def unseen_counts(view: View) -> list[int]:
    """Copies per value the viewer cannot see: the deck minus hand, discards and table.

    Args:
        view: A Tacocat view for a seat.

    Returns:
        A list indexed by value (index 0 unused).
    """
    unseen = list(DECK)
    for card in view.get("hand") or ():
        unseen[card] -= 1
    for card in view["discard"]:
        unseen[card] -= 1
    for card in view["attack"]:
        unseen[card] -= 1
    for answer in view["answers"]:
        unseen[abs(answer)] -= 1
    return unseen


def opponent_floor(view: View) -> int:
    """A lower bound on the opponent's cards from their last sacrifice this round.

    A sacrificed card was the opponent's lowest, so every card they still hold is at least
    as high. The last trick stays in view into the next deal, so it counts only when a trick
    was played this round.

    Args:
        view: A Tacocat view for a seat.

    Returns:
        The bound (1 when nothing is known).
    """
    trick = view["last_trick"]
    if not trick or trick["attacker"] != view["seat"] or tricks_played(view) == 0:
        return 1
    sacrificed: list[int] = [-answer for answer in trick["answers"] if answer < 0]
    return max(sacrificed, default=1)


def tricks_played(view: View) -> int:
    """Cards each seat has put into finished tricks this round, read from the discards.

    The discards of a round are the replaced cards, then the duel pairs (equal pairs are
    tied duels that repeat), then each trick's cards.

    Args:
        view: A Tacocat view.

    Returns:
        Cards per seat in finished tricks (0 before the first trick ends).
    """
    discard: list[int] = view["discard"]
    replaced: list[int] = view["replaced"]
    index = sum(max(count, 0) for count in replaced)
    while index + 1 < len(discard):
        first, second = discard[index], discard[index + 1]
        index += 2
        if first != second:
            break
    else:
        return 0
    return max(0, (len(discard) - index) // 2)


def _opponent_pool(view: View) -> tuple[Counts, int]:
    unseen = unseen_counts(view)
    floor = opponent_floor(view)
    for value in range(1, floor):
        unseen[value] = 0
    size = view["hand_counts"][1 - view["seat"]]
    return tuple(unseen), min(size, sum(unseen))


@lru_cache(maxsize=65536)
def match_probability(pool: Counts, size: int, attack: tuple[int, ...]) -> float:
    """Chance that a hand of ``size`` cards drawn from ``pool`` meets every attack card.

    Meeting needs, for every attack value ``t``, at least as many cards ``>= t`` as attack
    cards ``>= t`` (Hall's condition for nested choices).

    Args:
        pool: Copies per value the hand is drawn from (index 0 unused).
        size: Cards in the hand.
        attack: The attack cards.

    Returns:
        The probability, 0..1.
    """
    total = sum(pool)
    if size <= 0 or total <= 0:
        return 0.0
    size = min(size, total)
    need = {value: sum(1 for card in attack if card >= value) for value in set(attack)}
    ways = [0] * (size + 1)
    ways[0] = 1
    for value in range(MAX_VALUE, 0, -1):
        copies = pool[value]
        if copies:
            new = [0] * (size + 1)
            for have, count in enumerate(ways):
                if not count:
                    continue
                for take in range(min(copies, size - have) + 1):
                    new[have + take] += count * comb(copies, take)
            ways = new
        required = need.get(value)
        if required:
            for have in range(min(required, size + 1)):
                ways[have] = 0
    return ways[size] / comb(total, size)


def all_above(pool: Counts, size: int, value: int) -> float:
    """Chance that every card of a hand of ``size`` drawn from ``pool`` is above ``value``.

    Args:
        pool: Copies per value the hand is drawn from (index 0 unused).
        size: Cards in the hand.
        value: The card to stay above.

    Returns:
        The probability, 0..1.
    """
    total = sum(pool)
    above = sum(pool[value + 1 :])
    if size <= 0:
        return 1.0
    if size > total:
        return 0.0
    return comb(above, size) / comb(total, size)


def _remove(hand: tuple[int, ...], cards: tuple[int, ...]) -> list[int]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def _smallest_at_least(cards: Sequence[int], value: int) -> int | None:
    for card in cards:
        if card >= value:
            return card
    return None


def _full_defence(cards: Sequence[int], attack: Sequence[int]) -> list[int] | None:
    """Cards meeting every attack card (smallest sufficient, attack ascending), or None.

    The answers are returned in the order of ``attack``.
    """
    left = sorted(cards)
    order = sorted(range(len(attack)), key=lambda i: attack[i])
    answers = [0] * len(attack)
    for index in order:
        card = _smallest_at_least(left, attack[index])
        if card is None:
            return None
        left.remove(card)
        answers[index] = card
    return answers


def _least_useful(hand: tuple[int, ...], singles: list[_Option]) -> Attack:
    """The single attack card the hand misses least.

    The backup (second-lowest card) counts as half a weapon; otherwise the card least
    likely to go unmatched goes first.
    """
    backup = hand[1] if len(hand) > 2 else None

    def usefulness(option: _Option) -> tuple[float, int]:
        card = option[3].cards[0]
        if card == backup:
            return (0.5, -card)
        return (option[0], card)

    return min(singles, key=usefulness)[3]
