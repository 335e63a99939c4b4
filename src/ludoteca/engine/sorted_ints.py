"""Sorted hands, piles and cell lists of small ints: insertion and binary search.

The one home of these searches (the games' rules, their fast paths and the adapters call
them). Compiled (``engine/native.py``), they are direct calls with unboxed compares.
``bisect``'s functions are calls through Python's call protocol: a Dweebies draw made three
such calls (the two ``bisect`` functions among them), ~810 instructions each on average, 39%
of the draw (callgrind, 2026-12-04). One function per concrete type rather than one over
``Sequence[int]``: mypyc emits list and tuple indexing only for the concrete types.
"""

from __future__ import annotations


def insert_sorted(items: list[int], value: int) -> None:
    """``bisect.insort`` on a short sorted list (walks from the end: new cards are often high)."""
    index = len(items)
    while index and items[index - 1] > value:
        index -= 1
    items.insert(index, value)


def position_in(items: tuple[int, ...], value: int) -> int:
    """``bisect.bisect_left`` over a sorted tuple of ints: where ``value`` is or would go."""
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) >> 1
        if items[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


def position_in_list(items: list[int], value: int) -> int:
    """:func:`position_in` over a sorted list of ints."""
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) >> 1
        if items[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


def position_after(items: tuple[int, ...], value: int, low: int = 0) -> int:
    """``bisect.bisect_right`` over a sorted tuple of ints, from index ``low``: the index
    just past the last entry equal to or below ``value``.
    """
    high = len(items)
    while low < high:
        middle = (low + high) >> 1
        if value < items[middle]:
            high = middle
        else:
            low = middle + 1
    return low
