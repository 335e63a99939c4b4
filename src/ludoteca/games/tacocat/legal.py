"""Tacocat's legal action lists, cached by hand (hands repeat across games and searches)."""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
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

    A hand of nine distinct cards has 512 of them and random hands rarely repeat, so the
    list is neither built nor enumerated: it is counted, and an item is unranked on demand
    from a table of counts cached per shape of hand (how many copies of each value). Order:
    by size, then ascending as tuples (``keep`` first); within one size, more copies of a
    smaller value come first.
    """

    __slots__ = ("_counts", "_hand", "_len", "_limit", "_values")

    def __init__(self, hand: tuple[int, ...], limit: int) -> None:
        self._hand = hand
        self._limit = limit
        values, shape = _distinct(hand)
        self._values = values
        self._counts = _counts(shape)
        first = self._counts[0]
        self._len = sum(first[: limit + 1])

    def __len__(self) -> int:
        return self._len

    def item(self, index: int) -> Replace:
        """The ``index``-th sub-multiset: find its size, then each value's copies in turn."""
        counts = self._counts
        first = counts[0]
        size = 0
        while index >= first[size]:
            index -= first[size]
            size += 1
        cards: list[int] = []
        left = size
        values = self._values
        for position in range(len(values)):
            if not left:
                break
            rest = counts[position + 1]
            copies = min(counts[-1][position], left)
            while index >= rest[left - copies]:
                index -= rest[left - copies]
                copies -= 1
            cards.extend((values[position],) * copies)
            left -= copies
        return _REPLACES[tuple(cards)]

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Replace)
            and len(action.cards) <= self._limit
            and holds(self._hand, action.cards)
        )

    def identity(self) -> tuple[tuple[int, ...], int]:
        """The hand and the size limit: they determine the listing."""
        return self._hand, self._limit


def _distinct(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The distinct values of a sorted hand and the copies of each: (3, 3, 5) -> (3, 5), (2, 1)."""
    values: list[int] = []
    shape: list[int] = []
    for card in hand:
        if values and card == values[-1]:
            shape[-1] += 1
        else:
            values.append(card)
            shape.append(1)
    return tuple(values), tuple(shape)


@lru_cache(maxsize=8192)
def _counts(shape: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Counts of sub-multisets for a hand of this shape, for unranking.

    Row ``i`` (for ``i`` in ``0..len(shape)``) lists, for each size ``s`` up to the hand's
    size, how many ways values ``i..`` can give exactly ``s`` cards; a last extra row is the
    shape itself (copies per value), so one tuple carries everything ``item`` needs.
    """
    total = sum(shape)
    rows: list[tuple[int, ...]] = [(1,) + (0,) * total]
    for copies in reversed(shape):
        below = rows[-1]
        rows.append(
            tuple(
                sum(below[size - t] for t in range(min(copies, size) + 1))
                for size in range(total + 1)
            )
        )
    rows.reverse()
    rows.append(shape)
    return tuple(rows)


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
