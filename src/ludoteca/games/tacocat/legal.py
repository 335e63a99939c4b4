"""Tacocat's legal action lists, cached by hand (hands repeat across games and searches)."""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from collections.abc import Iterator
from functools import cache, lru_cache

from ludoteca.engine.lazy import LazyActions
from ludoteca.games.tacocat.model import (
    DEFENDS,
    DUELS,
    KEEP,
    MIN_SET,
    SACRIFICE,
    Action,
    Attack,
    Replace,
)


@lru_cache(maxsize=8192)
def duel_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """One ``Duel`` per distinct value in the hand (TC-04)."""
    return tuple(map(DUELS.__getitem__, sorted(set(hand))))


@lru_cache(maxsize=8192)
def defend_actions(hand: tuple[int, ...], against: int) -> tuple[Action, ...]:
    """Every ``Defend`` with a value at least ``against``, then ``Sacrifice`` (TC-06, TC-07)."""
    values = sorted(set(hand))
    return (*map(DEFENDS.__getitem__, values[_bisect_left(values, against) :]), SACRIFICE)


@lru_cache(maxsize=16384)
def attack_actions(hand: tuple[int, ...], min_sequence: int) -> tuple[Action, ...]:
    """Singles, sets and sequences that leave a card in hand (TC-05)."""
    most = len(hand) - 1
    values = sorted(set(hand))
    singles = [attack_action((v,)) for v in values]
    sets = [
        attack_action((v,) * size)
        for v in values
        for size in range(MIN_SET, min(hand.count(v), most) + 1)
    ]
    sequences = []
    for start_index, start in enumerate(values):
        length = 1
        while (
            start_index + length < len(values)
            and values[start_index + length] == start + length
            and length < most
        ):
            length += 1
            if length >= min_sequence:
                sequences.append(attack_action(tuple(range(start, start + length))))
    return tuple(singles + sets + sequences)


@lru_cache(maxsize=16384)
def replace_actions(hand: tuple[int, ...], limit: int) -> ReplaceOptions:
    """The lazy list of replace choices of at most ``limit`` cards (TC-02, TC-03)."""
    return ReplaceOptions(hand, min(limit, len(hand)))


class ReplaceOptions(LazyActions[Replace]):
    """Every sub-multiset of a hand with at most ``limit`` cards, as ``Replace`` actions.

    A hand of nine distinct cards has 512 of them, and random hands rarely repeat, so the
    list is not built: items are made on demand from position patterns cached per shape of
    hand (how many copies of each value), of which there are only a few dozen. Order: by
    size, then ascending as tuples (``keep`` first).
    """

    __slots__ = ("_hand", "_limit", "_patterns")

    def __init__(self, hand: tuple[int, ...], limit: int) -> None:
        self._hand = hand
        self._limit = limit
        self._patterns = _patterns(_shape(hand), limit)

    def __len__(self) -> int:
        return len(self._patterns)

    def item(self, index: int) -> Replace:
        """The replacement made of the hand's cards at the ``index``-th position pattern."""
        hand = self._hand
        return _REPLACES[tuple([hand[p] for p in self._patterns[index]])]

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Replace)
            and len(action.cards) <= self._limit
            and holds(self._hand, action.cards)
        )

    def __iter__(self) -> Iterator[Replace]:
        hand = self._hand
        for pattern in self._patterns:
            yield _REPLACES[tuple([hand[p] for p in pattern])]

    def identity(self) -> tuple[tuple[int, ...], int]:
        """The hand and the size limit: they determine the listing."""
        return self._hand, self._limit


def _shape(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Copies of each distinct value of a sorted hand, in order: (3, 3, 5) -> (2, 1)."""
    shape: list[int] = []
    previous = None
    for card in hand:
        if card == previous:
            shape[-1] += 1
        else:
            shape.append(1)
            previous = card
    return tuple(shape)


@cache
def _patterns(shape: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """Hand positions of every sub-multiset up to ``limit`` cards, for a hand of this shape.

    A sub-multiset takes the first copies of each value it uses. Within one size, taking
    more copies of a smaller value comes first: that is ascending tuple order.
    """
    firsts = [sum(shape[:value]) for value in range(len(shape))]
    found: list[tuple[int, ...]] = []

    def extend(value: int, left: int, taken: tuple[int, ...]) -> None:
        if left == 0:
            found.append(taken)
            return
        if value == len(shape):
            return
        for copies in range(min(shape[value], left), -1, -1):
            first = firsts[value]
            extend(value + 1, left - copies, taken + tuple(range(first, first + copies)))

    for size in range(limit + 1):
        extend(0, size, ())
    return tuple(found)


class _Replaces(dict[tuple[int, ...], Replace]):
    """Interned ``Replace`` actions by cards.

    A dict lookup through ``map`` stays in C and is cheaper than a ``functools.cache`` call
    (no argument tuple per lookup).
    """

    def __missing__(self, cards: tuple[int, ...]) -> Replace:
        action = self[cards] = Replace(cards) if cards else KEEP
        return action


_REPLACES = _Replaces()


def replace_action(cards: tuple[int, ...]) -> Replace:
    """The cached ``Replace`` for these cards."""
    return _REPLACES[cards]


@cache
def attack_action(cards: tuple[int, ...]) -> Attack:
    """The cached ``Attack`` for these cards."""
    return Attack(cards)


def holds(hand: tuple[int, ...], cards: tuple[int, ...]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as a multiset)."""
    return all(hand.count(card) >= cards.count(card) for card in set(cards))
