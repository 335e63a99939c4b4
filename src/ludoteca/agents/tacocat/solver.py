"""Exact solver for the rest of a Tacocat round when both hands are known.

Once the duel is over, a round is a two-player game of perfect information if each player
sees the other's hand: no card is drawn until the next deal. The attacker plays a card, a
set or a sequence, keeping at least one card (TC-05); the defender answers each attack card
in ascending order with an equal or higher card or by sacrificing their lowest card (TC-06);
whoever met every card attacks next, otherwise the attacker goes again (TC-07); when each
holds one card the lower card wins the round (TC-08).

The value of a position is the round result for the attacker: ``1`` (they win), ``0`` (a
drawn round) or ``-1``. The search asks boolean questions, "can the attacker make at least
``t``?" for ``t`` in ``{0, 1}``, which cut off as soon as one attack (for the attacker) or one
answer (for the defender) settles them. Answers are memoized by the two hands: the result
depends on nothing else, so one table serves every position and determinization of a match.

Hands are tuples of card values sorted ascending.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from ludoteca.games.tacocat import Attack, attack_actions

Hand = tuple[int, ...]
"""Card values, sorted ascending."""

WIN = 1
DRAW = 0
LOSS = -1

_Attacks = tuple[tuple[Hand, Hand], ...]


class RoundSolver:
    """Perfect-information values of the play phase of a round (after the duel).

    Args:
        min_sequence: Shortest sequence allowed in a jumbo attack (the game option).
        max_entries: Clear the memo when it grows past this many positions.
    """

    def __init__(self, min_sequence: int = 3, max_entries: int = 2_000_000) -> None:
        self.min_sequence = min_sequence
        self.max_entries = max_entries
        self._memo: dict[tuple[Hand, Hand, int, int], bool] = {}

    def value(self, attacker: Hand, defender: Hand, tie: int) -> int:
        """The round result for the player about to attack.

        Args:
            attacker: The attacker's hand (at least two cards).
            defender: The defender's hand, as many cards.
            tie: What a showdown between equal cards is worth to the attacker (``0`` for a
                drawn round, ``1`` or ``-1`` when ``tie_goes_to_arrow`` gives it to one side).

        Returns:
            ``1``, ``0`` or ``-1`` for the attacker under best play by both sides.
        """
        self._trim()
        if len(attacker) == 1:
            return _showdown(attacker[0], defender[0], tie)
        if self._at_least(attacker, defender, tie, 1):
            return WIN
        if self._at_least(attacker, defender, tie, 0):
            return DRAW
        return LOSS

    def after_attack(
        self, rest: Hand, defender: Hand, attack: Hand, answered: int, all_met: bool, tie: int
    ) -> int:
        """The round result for the attacker with an attack on the table.

        Args:
            rest: The attacker's hand after playing ``attack``.
            defender: The defender's hand now (after the answers given so far).
            attack: The attack cards, ascending.
            answered: How many attack cards the defender has answered already.
            all_met: Whether every answer so far met its attack card.
            tie: What a tied showdown is worth to the attacker (see ``value``).

        Returns:
            ``1``, ``0`` or ``-1`` for the attacker under best play by both sides.
        """
        self._trim()
        if self._answers_hold(rest, defender, attack, answered, all_met, tie, 1):
            return WIN
        if self._answers_hold(rest, defender, attack, answered, all_met, tie, 0):
            return DRAW
        return LOSS

    def clear(self) -> None:
        """Forget every memoized position."""
        self._memo.clear()

    def _trim(self) -> None:
        if len(self._memo) > self.max_entries:
            self._memo.clear()

    def _at_least(self, attacker: Hand, defender: Hand, tie: int, target: int) -> bool:
        """Whether the attacker can make at least ``target`` (0 or 1)."""
        # Each final card comes from its own hand: the ranges can settle the round.
        if attacker[-1] < defender[0]:
            return True
        if attacker[0] > defender[-1]:
            return False
        if len(attacker) == 2:
            return _value_of_two(attacker, defender, tie) >= target
        key = (attacker, defender, tie, target)
        known = self._memo.get(key)
        if known is not None:
            return known
        result = False
        for attack, rest in _attacks(attacker, self.min_sequence):
            if self._answers_hold(rest, defender, attack, 0, True, tie, target):
                result = True
                break
        self._memo[key] = result
        return result

    def _answers_hold(
        self,
        rest: Hand,
        defender: Hand,
        attack: Hand,
        index: int,
        all_met: bool,
        tie: int,
        target: int,
    ) -> bool:
        """Whether the attacker makes at least ``target`` whatever the defender answers."""
        if len(rest) == 1:
            # The last trick: only the card the defender keeps matters.
            kept = lowest_keepable(defender, attack[index:])
            return _showdown(rest[0], kept, tie) >= target
        if index == len(attack):
            return self._after_trick(rest, defender, all_met, tie, target)
        card = attack[index]
        last = index + 1 == len(attack)
        # Cheapest meeting cards first: they refute most often, which ends the loop early.
        previous = 0
        for position, answer in enumerate(defender):
            if answer < card or answer == previous:
                continue
            previous = answer
            left = defender[:position] + defender[position + 1 :]
            if last:
                if not self._after_trick(rest, left, all_met, tie, target):
                    return False
            elif not self._answers_hold(rest, left, attack, index + 1, all_met, tie, target):
                return False
        if last:
            return self._after_trick(rest, defender[1:], False, tie, target)
        return self._answers_hold(rest, defender[1:], attack, index + 1, False, tie, target)

    def _after_trick(
        self, rest: Hand, defender: Hand, all_met: bool, tie: int, target: int
    ) -> bool:
        """Whether the attacker makes at least ``target`` once the trick is answered."""
        if len(rest) == 1:
            mine, theirs = rest[0], defender[0]
            return (WIN if mine < theirs else LOSS if mine > theirs else tie) >= target
        if all_met:
            return not self._at_least(defender, rest, -tie, 1 - target)
        return self._at_least(rest, defender, tie, target)


def lowest_keepable(defender: Hand, attack: Hand) -> int:
    """The lowest card the defender can keep after answering every card of ``attack``.

    ``defender`` holds one card more than ``attack``. To keep a card ``c``, every card above
    ``c`` must meet an attack card of its own (a sacrifice would take a lower card, and there
    are only as many lower cards, or other copies of ``c``, as the attack cards left for
    them); the cards above ``c`` can take the lowest attack cards, in order.

    Args:
        defender: The defender's hand, sorted.
        attack: The attack cards still to answer, ascending.

    Returns:
        The lowest card the defender can end the trick holding.
    """
    for index, card in enumerate(defender):
        if index and defender[index - 1] == card:
            continue
        above = [higher for higher in defender[index + 1 :] if higher > card]
        if all(higher >= target for higher, target in zip(above, attack, strict=False)):
            return card
    return defender[-1]


def _value_of_two(attacker: Hand, defender: Hand, tie: int) -> int:
    """The value of a position with two cards each: one single attack, then the showdown.

    Against an attack card ``s`` the defender keeps its lower card if its higher card meets
    ``s``, and its higher card otherwise.
    """
    low, high = attacker
    their_low, their_high = defender
    keep_high = _showdown(low, their_low if their_high >= high else their_high, tie)
    if low == high:
        return keep_high
    keep_low = _showdown(high, their_low if their_high >= low else their_high, tie)
    return max(keep_high, keep_low)


def _showdown(mine: int, theirs: int, tie: int) -> int:
    """TC-08: the lower card wins."""
    if mine < theirs:
        return WIN
    if mine > theirs:
        return LOSS
    return tie


@lru_cache(maxsize=65536)
def _attacks(hand: Hand, min_sequence: int) -> _Attacks:
    """Every legal attack with the hand left after it, most promising first.

    Attacks that end the round come first, then those that keep the lowest card, each with
    the highest cards first (they are the hardest to meet).
    """
    # The rules' list (TC-05), in its order; the sort below is stable.
    options = [cast(Attack, attack).cards for attack in attack_actions(hand, min_sequence)]
    result = [(attack, remove(hand, attack)) for attack in options]
    lowest = hand[0]
    result.sort(key=lambda item: (len(item[1]) > 1, item[1][0] != lowest, -item[0][-1]))
    return tuple(result)


def remove(hand: Hand, cards: Hand) -> Hand:
    """The hand without ``cards`` (one copy each).

    Args:
        hand: A sorted hand.
        cards: Cards it holds.

    Returns:
        The sorted rest.

    Raises:
        ValueError: If a card is not in the hand.
    """
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)
