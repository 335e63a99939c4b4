"""Tacocat's legal action lists, cached by hand or by the set of values it holds."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final

from ludoteca.engine.lazy import LazyActions
from ludoteca.games.tacocat.model import (
    DEFENDS,
    DUELS,
    KEEP,
    MAX_VALUE,
    MIN_SET,
    SACRIFICE,
    Action,
    Attack,
    Replace,
)

# Duel and defence lists depend only on which values a hand holds (and, for a defence, which
# of them reach the attack): tables indexed by that set as a bit mask (13 values, 8,192
# entries), filled on first use. They replace hand-keyed ``lru_cache``s that missed two
# times in three (hands rarely repeat) and hashed the whole hand tuple on every call.
_BY_MASK: Final = 1 << (MAX_VALUE + 1)
_DUELS_BY_MASK: Final[list[tuple[Action, ...] | None]] = [None] * _BY_MASK
_DEFENDS_BY_MASK: Final[list[tuple[Action, ...] | None]] = [None] * _BY_MASK


def _value_mask(hand: tuple[int, ...]) -> int:
    """The set of values in ``hand``, bit ``v`` for value ``v``."""
    mask = 0
    for value in hand:
        mask |= 1 << value
    return mask


def duel_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """One ``Duel`` per distinct value in the hand, ascending (TC-04)."""
    mask = _value_mask(hand)
    found = _DUELS_BY_MASK[mask]
    if found is None:
        found = tuple(DUELS[v] for v in range(MAX_VALUE + 1) if mask >> v & 1)
        _DUELS_BY_MASK[mask] = found
    return found


def defend_actions(hand: tuple[int, ...], against: int) -> tuple[Action, ...]:
    """Every ``Defend`` with a value at least ``against``, then ``Sacrifice`` (TC-06, TC-07)."""
    mask = _value_mask(hand) >> against << against
    found = _DEFENDS_BY_MASK[mask]
    if found is None:
        found = (*(DEFENDS[v] for v in range(MAX_VALUE + 1) if mask >> v & 1), SACRIFICE)
        _DEFENDS_BY_MASK[mask] = found
    return found


@lru_cache(maxsize=16384)
def attack_actions(hand: tuple[int, ...], min_sequence: int) -> tuple[Action, ...]:
    """Singles, sets and sequences that leave a card in hand (TC-05)."""
    most = len(hand) - 1
    values = sorted(set(hand))
    attacks = _ATTACKS
    singles = [attacks[(v,)] for v in values]
    sets = [
        attacks[(v,) * size]
        for v in values
        for size in range(MIN_SET, min(hand.count(v), most) + 1)
    ]
    shortest = shortest_sequence(min_sequence)
    sequences = [
        attacks[tuple(range(start, start + length))]
        for start_index, start in enumerate(values)
        for length in range(
            shortest, shortest + sequences_from(values, start_index, most, min_sequence)
        )
    ]
    return tuple(singles + sets + sequences)


def shortest_sequence(min_sequence: int) -> int:
    """The fewest cards an attack sequence holds: ``min_sequence``, and never one card."""
    return min_sequence if min_sequence > 2 else 2


def sequences_from(values: list[int], start_index: int, most: int, min_sequence: int) -> int:
    """How many attack sequences start at ``values[start_index]`` (TC-05): one per length
    from :func:`shortest_sequence` up to the run of consecutive values there, at most
    ``most`` cards (one card must stay in hand).

    Args:
        values: The hand's distinct values, ascending.
        start_index: Where the sequences start in ``values``.
        most: The most cards an attack may take.
        min_sequence: The rules' shortest sequence.
    """
    start = values[start_index]
    length = 1
    count = 0
    while (
        start_index + length < len(values)
        and values[start_index + length] == start + length
        and length < most
    ):
        length += 1
        if length >= min_sequence:
            count += 1
    return count


@lru_cache(maxsize=16384)
def replace_actions(hand: tuple[int, ...], limit: int) -> ReplaceOptions:
    """The lazy list of replace choices of at most ``limit`` cards (TC-02, TC-03)."""
    return ReplaceOptions(hand, min(limit, len(hand)))


class ReplaceOptions(LazyActions[Replace]):
    """Every sub-multiset of a hand with at most ``limit`` cards, as ``Replace`` actions.

    A hand of nine distinct cards has 512 of them and random hands rarely repeat, so the
    list is neither built nor enumerated per hand: it is counted, and an item is read on
    demand from a table cached per shape of hand (how many copies of each value) that lists
    every sub-multiset as positions into the hand's distinct values. Order: by size, then
    ascending as tuples (``keep`` first); within one size, more copies of a smaller value
    come first.
    """

    __slots__ = ("_hand", "_len", "_limit", "_listed", "_picks", "_shape", "_values")

    def __init__(self, hand: tuple[int, ...], limit: int) -> None:
        self._hand = hand
        self._limit = limit
        # The hand is sorted, so its distinct values come out ascending.
        values = self._values = tuple(dict.fromkeys(hand))
        shape = self._shape = tuple(map(hand.count, values))
        picks, ends = shape_table(shape)
        self._picks = picks
        self._len = ends[limit]
        self._listed: tuple[Replace, ...] | None = None

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: int | slice) -> Any:
        if index.__class__ is int and 0 <= index < self._len:
            return _REPLACES[tuple(map(self._values.__getitem__, self._picks[index]))]
        return LazyActions.__getitem__(self, index)

    def item(self, index: int) -> Replace:
        """The ``index``-th sub-multiset, read from the shape's table."""
        return _REPLACES[tuple(map(self._values.__getitem__, self._picks[index]))]

    def __iter__(self) -> Iterator[Replace]:
        # The whole menu is listed by the web (labelled for each new hand) and by bots that
        # weigh every choice; the list is one per hand and limit (``replace_actions`` is
        # cached), so it is made once.
        listed = self._listed
        if listed is None:
            values = self._values
            replaces = _REPLACES
            getters = shape_getters(self._shape)[: self._len]
            listed = self._listed = tuple([replaces[get(values)] for get in getters])
        return iter(listed)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Replace)
            and len(action.cards) <= self._limit
            and holds(self._hand, action.cards)
        )

    def identity(self) -> tuple[tuple[int, ...], int]:
        """The hand and the size limit: they determine the listing."""
        return self._hand, self._limit

    def item_keys(self) -> list[tuple[int, ...]]:
        """Each choice's cards, in order (the web labels a new hand's menu by them without
        making or hashing a ``Replace`` per choice).
        """
        values = self._values
        return [get(values) for get in shape_getters(self._shape)[: self._len]]


@lru_cache(maxsize=4096)
def shape_table(shape: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every sub-multiset of a hand of this shape (copies per distinct value), in order.

    Returns:
        ``(picks, ends)``: each sub-multiset as positions into the distinct values (a
        position repeated once per copy taken), ordered by size and then ascending; and for
        each size ``s`` (0 up to the hand's size) how many of them have at most ``s`` cards.
    """
    picks: list[tuple[int, ...]] = [()]
    for position, copies in enumerate(shape):
        picks += [pick + (position,) * take for pick in picks for take in range(1, copies + 1)]
    picks.sort(key=lambda pick: (len(pick), pick))
    ends = [0] * (sum(shape) + 1)
    for pick in picks:
        ends[len(pick)] += 1
    for size in range(1, len(ends)):
        ends[size] += ends[size - 1]
    return tuple(picks), tuple(ends)


@lru_cache(maxsize=4096)
def shape_getters(shape: tuple[int, ...]) -> tuple[Callable[[tuple[int, ...]], Any], ...]:
    """For each sub-multiset of ``shape_table(shape)``, a function from the hand's distinct
    values to its cards (an ``itemgetter`` where it can be: listing a whole menu through
    them is several times faster than a ``tuple(map(...))`` per item).
    """
    picks, _ = shape_table(shape)
    return tuple(_getter(pick) for pick in picks)


def _getter(pick: tuple[int, ...]) -> Callable[[tuple[int, ...]], Any]:
    if len(pick) > 1:
        return itemgetter(*pick)
    if pick:
        position = pick[0]
        return lambda values: (values[position],)
    return lambda values: ()


class _Replaces(dict[tuple[int, ...], Replace]):
    """Interned ``Replace`` actions by cards.

    A dict lookup through ``map`` stays in C and is cheaper than a ``functools.cache`` call
    (no argument tuple per lookup).
    """

    def __missing__(self, cards: tuple[int, ...]) -> Replace:
        action = self[cards] = Replace(cards) if cards else KEEP
        return action


_REPLACES: Final = _Replaces()


def replace_action(cards: tuple[int, ...]) -> Replace:
    """The cached ``Replace`` for these cards."""
    return _REPLACES[cards]


class _Attacks(dict[tuple[int, ...], Attack]):
    """Interned ``Attack`` actions by cards (a dict lookup, as ``_Replaces``)."""

    def __missing__(self, cards: tuple[int, ...]) -> Attack:
        action = self[cards] = Attack(cards)
        return action


_ATTACKS: Final = _Attacks()


def attack_action(cards: tuple[int, ...]) -> Attack:
    """The cached ``Attack`` for these cards."""
    return _ATTACKS[cards]


def holds(hand: tuple[int, ...], cards: tuple[int, ...]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as a multiset)."""
    if len(cards) < 2:
        return not cards or cards[0] in hand
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True
