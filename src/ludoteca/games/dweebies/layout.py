"""The Dweebies table: cells, lines (DW-04..DW-06) and keeping the layout together (DW-07).

Pure functions over the table, a ``dict`` from cell to card id wrapped in an immutable,
hashable :class:`Grid`. Everything here touches only the region a move affects.

Cells are single ints, ``(x + OFFSET) << 8 | (y + OFFSET)``: a placement is always next to
a card in play and only 54 cards exist, so no card or candidate cell is ever more than 55
steps from the centre, well inside ``-OFFSET..OFFSET``. The table is unbounded for the
rules (the view and the actions use plain ``(x, y)`` coordinates); the encoding only makes
the hot path hash ints instead of tuples. Neighbours are ``cell ± 1`` (same column, ``y``
moves) and ``cell ± STRIDE`` (same row, ``x`` moves). Cells sort by ``x`` then ``y``.

Incremental bookkeeping:

* Lines (DW-04) are found by walking from the placed card along its row and its column
  until an empty cell: nothing else on the table is read (:func:`collectable`).
* The frontier (empty cells next to a card, DW-03) is a sorted tuple updated from the
  placed cell's four neighbours, or from the removed cells and their neighbours after a
  collection (:func:`frontier_after_place`, :func:`frontier_after_remove`).
* Connectivity (DW-07): a placement next to a whole layout keeps it whole, so nothing is
  computed. Only a collection can split the layout; :func:`split_after_remove` searches
  from the cards that touched the removed cells and stops as soon as it has reached all of
  them (the usual case: still one group). Only when it cannot does it list the groups.
  While split, a placement merges the groups its neighbours belong to
  (:func:`merge_on_place`), again four lookups.
* The shortest link (DW-07, :func:`link_cells`): for the closest pair of groups (cards
  ``a`` and ``b`` at the least Manhattan distance ``d``), no card of any group lies in the
  rectangle spanned by ``a`` and ``b`` other than ``a`` and ``b`` (such a card would be
  nearer to one of them, or, of a third group, nearer than ``d`` to one of the two groups),
  so every monotone lattice path between them is a path of empty cells, and these are
  exactly the shortest ones. The link cells are the rectangle minus its corners ``a`` and
  ``b``; with ties, the union over every closest pair. This costs ``|A| * |B|`` distance
  checks per pair of groups, only while the layout is split.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from ludoteca.engine.sorted_ints import position_in_list

OFFSET: Final = 128
STRIDE: Final = 256
"""Cell encoding: ``x`` in the high byte, ``y`` in the low byte, both shifted by OFFSET."""
CENTRE: Final = OFFSET * STRIDE + OFFSET
"""The cell (0, 0)."""
ROW: Final = STRIDE
"""Step between neighbours of one row (``x`` changes)."""
COLUMN: Final = 1
"""Step between neighbours of one column (``y`` changes)."""
STEPS: Final[tuple[int, ...]] = (-STRIDE, -1, 1, STRIDE)
"""The four orthogonal neighbour offsets, in ascending order."""
LIMIT: Final = OFFSET - 1
"""Largest ``|x|`` or ``|y|`` that has a cell code."""


def cell(x: int, y: int) -> int:
    """The code of cell ``(x, y)``; only for ``|x|, |y| <= LIMIT``."""
    return (x + OFFSET) * STRIDE + y + OFFSET


def in_range(x: int, y: int) -> bool:
    """Whether ``(x, y)`` has a cell code (every cell a card can ever reach has one)."""
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def xy(code: int) -> tuple[int, int]:
    """The ``(x, y)`` of a cell code."""
    return (code >> 8) - OFFSET, (code & 0xFF) - OFFSET


class Grid:
    """An immutable table: cell code -> Dweebie id. Hashable and compared by content.

    ``cells`` is the underlying dict; it is never changed after construction (transitions
    copy it, change the copy and wrap it in a new Grid).
    """

    __slots__ = ("_hash", "cells")

    def __init__(self, cells: dict[int, int]) -> None:
        self.cells = cells
        self._hash: int | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.cells == other.cells

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self.cells.items()))
        return self._hash

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self.cells))

    def __reduce__(self) -> tuple[type[Grid], tuple[dict[int, int]]]:
        return Grid, (dict(sorted(self.cells.items())),)

    def __repr__(self) -> str:
        shown = ", ".join(f"{xy(c)}: {card}" for c, card in sorted(self.cells.items()))
        return f"Grid({{{shown}}})"


EMPTY: Final = Grid({})


# ---------------------------------------------------------------------------------------
# Lines (DW-04, DW-05, DW-06)


def line_through(cells: Mapping[int, int], at: int, step: int) -> tuple[int, ...]:
    """DW-04: the maximal unbroken run of cards through ``at`` along ``step`` (ROW or
    COLUMN), in ascending cell order. ``at`` must hold a card.
    """
    low = at
    while low - step in cells:
        low -= step
    high = at
    while high + step in cells:
        high += step
    return tuple(range(low, high + step, step))


def collectable(cells: dict[int, int], at: int, step: int) -> tuple[int, ...]:
    """DW-05: the line along ``step`` that the card at ``at`` lets its player take, or ``()``.

    The card must be at one END of its line (one neighbour along ``step`` empty, the other
    holding a card) and the card at the OTHER end must show the same Dweebie. A match with
    a middle card does not count (the walk only compares the far end), nor does a diagonal
    (only the row and the column through ``at`` are walked).
    """
    before = at - step in cells
    after = at + step in cells
    if before == after:
        # Alone on its line (length 1) or in the middle of it: not an end of a line.
        return ()
    card = cells[at]
    far = at
    if after:
        while far + step in cells:
            far += step
        return tuple(range(at, far + step, step)) if cells[far] == card else ()
    while far - step in cells:
        far -= step
    return tuple(range(far, at + step, step)) if cells[far] == card else ()


# ---------------------------------------------------------------------------------------
# The frontier (DW-03)


def frontier_of(cells: Mapping[int, int]) -> tuple[int, ...]:
    """Every empty cell orthogonally adjacent to a card, sorted (a full scan; for
    rebuilding a state from a view, never on the hot path).
    """
    found = {c + s for c in cells for s in STEPS}
    return tuple(sorted(c for c in found if c not in cells))


def frontier_after_place(
    frontier: tuple[int, ...], cells: dict[int, int], at: int
) -> tuple[int, ...]:
    """The frontier once a card stands on ``at`` (``cells`` already holds it)."""
    out = list(frontier)
    place_into_frontier(out, cells, at)
    return tuple(out)


def place_into_frontier(frontier: list[int], cells: dict[int, int], at: int) -> None:
    """:func:`frontier_after_place` on a sorted list, in place (the rollout fast path's).

    Compiled (``engine/native.py``), the binary searches and the four neighbours are native
    code: ``bisect`` and a loop over a tuple of boxed ints would go through Python's calls.
    """
    index = position_in_list(frontier, at)
    if index < len(frontier) and frontier[index] == at:
        del frontier[index]
    _add_to_frontier(frontier, cells, at - STRIDE)
    _add_to_frontier(frontier, cells, at - 1)
    _add_to_frontier(frontier, cells, at + 1)
    _add_to_frontier(frontier, cells, at + STRIDE)


def _add_to_frontier(frontier: list[int], cells: dict[int, int], near: int) -> None:
    """Insert the empty cell ``near`` into the sorted frontier unless it is there."""
    if near in cells:
        return
    index = position_in_list(frontier, near)
    if index == len(frontier) or frontier[index] != near:
        frontier.insert(index, near)


def frontier_after_remove(
    frontier: tuple[int, ...], cells: dict[int, int], removed: Iterable[int]
) -> tuple[int, ...]:
    """The frontier once the cards on ``removed`` are gone (``cells`` no longer holds them).

    Only the removed cells and their neighbours can change status.
    """
    touched = set()
    for gone in removed:
        touched.add(gone)
        for step in STEPS:
            touched.add(gone + step)
    keep = [c for c in frontier if c not in touched]
    for near in touched:
        if near not in cells and any(near + step in cells for step in STEPS):
            keep.append(near)
    keep.sort()
    return tuple(keep)


# ---------------------------------------------------------------------------------------
# Groups and the shortest link (DW-07)

Groups = tuple[frozenset[int], ...]
"""The groups of a split layout, each a frozenset of cells, ordered by their lowest cell;
empty when the layout is one group (or the table is empty)."""


def _component(cells: Mapping[int, int], start: int, seen: set[int]) -> set[int]:
    """The cards orthogonally connected to ``start``, added to ``seen`` as well."""
    group = {start}
    seen.add(start)
    todo = [start]
    while todo:
        here = todo.pop()
        for step in STEPS:
            near = here + step
            if near in cells and near not in seen:
                seen.add(near)
                group.add(near)
                todo.append(near)
    return group


def groups_of(cells: Mapping[int, int]) -> Groups:
    """The groups of a layout from scratch (for views and tests; not on the hot path)."""
    seen: set[int] = set()
    found = [frozenset(_component(cells, c, seen)) for c in sorted(cells) if c not in seen]
    return _canonical(found)


def split_after_remove(cells: dict[int, int], removed: Iterable[int]) -> Groups:
    """DW-07: the groups left once the cards on ``removed`` are gone, ``()`` if still one.

    The layout was one group before, so every group left holds a card that touched a
    removed cell (a seed). One search from the first seed stops as soon as every seed is
    reached; only if it cannot are the groups listed.
    """
    gone = set(removed)
    seeds = sorted({c + s for c in gone for s in STEPS if c + s in cells})
    if len(seeds) <= 1:
        return ()
    wanted = set(seeds[1:])
    seen = {seeds[0]}
    todo = [seeds[0]]
    while todo:
        here = todo.pop()
        for step in STEPS:
            near = here + step
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
                if near in wanted:
                    wanted.discard(near)
                    if not wanted:
                        return ()
    groups = [frozenset(seen)]
    for seed in seeds:
        if seed not in seen:
            groups.append(frozenset(_component(cells, seed, seen)))
    return _canonical(groups)


def merge_on_place(groups: Groups, at: int) -> Groups:
    """DW-07: the groups once a card stands on ``at`` (next to one or more of them); ``()``
    when that rejoins the layout into one group.
    """
    near = {at + step for step in STEPS}
    touching = [g for g in groups if not near.isdisjoint(g)]
    rest = [g for g in groups if near.isdisjoint(g)]
    if not rest:
        return ()
    merged = frozenset().union(*touching) | {at}
    return _canonical([*rest, merged])


def _canonical(groups: list[frozenset[int]]) -> Groups:
    if len(groups) <= 1:
        return ()
    return tuple(sorted(groups, key=min))


def closest_pairs(groups: Groups) -> tuple[int, tuple[tuple[int, int], ...]]:
    """DW-07: the least Manhattan distance between cards of two different groups, and every
    pair of cards ``(a, b)`` (``a < b``) at that distance.
    """
    best = 1 << 30
    pairs: list[tuple[int, int]] = []
    points = [[(c >> 8, c & 0xFF, c) for c in group] for group in groups]
    for i, first in enumerate(points):
        for second in points[i + 1 :]:
            for ax, ay, a in first:
                for bx, by, b in second:
                    d = abs(ax - bx) + abs(ay - by)
                    if d < best:
                        best = d
                        pairs = [(min(a, b), max(a, b))]
                    elif d == best:
                        pairs.append((min(a, b), max(a, b)))
    return best, tuple(sorted(pairs))


def link_cells(groups: Groups) -> frozenset[int]:
    """DW-07: every cell of a shortest orthogonal path of empty cells joining the closest
    pair of groups (all closest pairs on a tie). Empty for a layout in one group.

    See the module docstring for why these are the cells of the rectangles spanned by the
    closest pairs of cards, without the two cards themselves.
    """
    if len(groups) < 2:
        return frozenset()
    _, pairs = closest_pairs(groups)
    found: set[int] = set()
    for a, b in pairs:
        ax, ay, bx, by = a >> 8, a & 0xFF, b >> 8, b & 0xFF
        for x in range(min(ax, bx), max(ax, bx) + 1):
            for y in range(min(ay, by), max(ay, by) + 1):
                found.add(x * STRIDE + y)
        found.discard(a)
        found.discard(b)
    return frozenset(found)


def legal_cells(
    cells: Mapping[int, int], frontier: tuple[int, ...], groups: Groups
) -> tuple[int, ...]:
    """DW-03, DW-07, DW-08: where the next card may go, sorted.

    The centre on an empty table; the frontier when the layout is one group; while it is
    split, the frontier cells on a shortest link (DW-03 still asks for a card next to the
    new one, so the link is built from its ends inward).
    """
    if not cells:
        return (CENTRE,)
    if not groups:
        return frontier
    link = link_cells(groups)
    return tuple(c for c in frontier if c in link)
