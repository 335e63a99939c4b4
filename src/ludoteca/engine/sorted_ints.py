"""Sorted hands and piles of small ints: insertion and search as native loops.

Compiled (``engine/native.py``), these are direct calls with unboxed compares. ``bisect``'s
functions are calls through Python's call protocol: a Dweebies draw made three such calls
(the two ``bisect`` functions among them), ~810 instructions each on average, 39% of the
draw (callgrind, 2026-12-04). Two functions rather than one over ``Sequence[int]``: mypyc
emits list and tuple indexing only for the concrete types.
"""

from __future__ import annotations


def insert_sorted(items: list[int], value: int) -> None:
    """``bisect.insort`` on a short sorted list (walks from the end: new cards are often high)."""
    index = len(items)
    while index and items[index - 1] > value:
        index -= 1
    items.insert(index, value)


def position_in(items: tuple[int, ...], value: int) -> int:
    """``bisect.bisect_left`` over a sorted tuple of ints (a binary search)."""
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) >> 1
        if items[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low
