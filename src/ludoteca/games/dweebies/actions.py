"""Dweebies' actions and the legal lists made of them.

``place D07 X Y`` (DW-03), ``collect row | column | both | none`` (DW-05, DW-06) and the
chance draw ``draw D07`` (DW-01, DW-09); :class:`Placements` serves a placement's legal
list lazily. Below the rules (``game``), the fast path (``playout``) and the events, which
all hand out these same interned actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from ludoteca.engine import native
from ludoteca.engine.lazy import LazyActions
from ludoteca.engine.sorted_ints import position_in
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.cards import CODES, NUM_KINDS


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the next card off the pile (to the seat being dealt to, or drawing)."""

    card: int

    def __str__(self) -> str:
        return f"draw {CODES[self.card]}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the Dweebie ``card`` from the hand on cell ``(x, y)`` (DW-03)."""

    card: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"place {CODES[self.card]} {self.x} {self.y}"


COLLECT_CHOICES: Final = ("row", "column", "both", "none")


@dataclass(frozen=True, slots=True)
class Collect:
    """Take the row, the column, both, or nothing (DW-05, DW-06)."""

    which: str

    def __str__(self) -> str:
        return f"collect {self.which}"


Action = Draw | Place | Collect
native.picklable(globals())  # the action classes above (engine/native.py)

DRAWS: Final = tuple(Draw(d) for d in range(NUM_KINDS + 1))
"""The draw of each Dweebie id (index 0 unused)."""
COLLECT_ROW: Final = Collect("row")
COLLECT_COLUMN: Final = Collect("column")
COLLECT_BOTH: Final = Collect("both")
COLLECT_NONE: Final = Collect("none")
COLLECTS: Final = {c.which: c for c in (COLLECT_ROW, COLLECT_COLUMN, COLLECT_BOTH, COLLECT_NONE)}
"""The collect actions by ``which``."""
ROW_ONLY: Final = (COLLECT_ROW, COLLECT_NONE)
"""DW-05: the legal collect choices when only the row qualifies."""
COLUMN_ONLY: Final = (COLLECT_COLUMN, COLLECT_NONE)
"""DW-05: the legal collect choices when only the column qualifies."""
ROW_AND_COLUMN: Final = (COLLECT_ROW, COLLECT_COLUMN, COLLECT_BOTH, COLLECT_NONE)
"""DW-05, DW-06: the legal collect choices when both lines qualify."""


class _Places(dict[int, Place]):
    """Interned ``Place`` actions by ``card << 16 | cell`` (a dict lookup, no new objects)."""

    def __missing__(self, key: int) -> Place:
        x, y = layout.xy(key & 0xFFFF)
        action = self[key] = Place(key >> 16, x, y)
        return action


PLACES: Final = _Places()
"""Interned placements by ``card << 16 | cell``."""


class Placements(LazyActions[Place]):
    """DW-03: the legal placements: every card of ``cards`` on every cell of ``cells``, by
    card then cell. Items are interned actions looked up on demand; nothing is built per
    call.
    """

    __slots__ = ("_cards", "_cells", "_handed", "_len", "_width")

    def __init__(self, cards: tuple[int, ...], cells: tuple[int, ...]) -> None:
        self._cards = cards
        self._cells = cells
        self._width = len(cells)
        self._len = len(cards) * self._width
        self._handed: object = None

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: int | slice) -> Any:
        if index.__class__ is int and 0 <= index < self._len:
            row, col = divmod(index, self._width)
            made = PLACES[self._cards[row] << 16 | self._cells[col]]
            # Remembered so that runner.play's check of the agent's pick is an identity
            # test (as Tile Up's and Gotcha's lists).
            self._handed = made
            return made
        return LazyActions.__getitem__(self, index)

    def item(self, index: int) -> Place:
        """The placement at ``index``: card ``index // cells``, cell ``index % cells``."""
        row, col = divmod(index, self._width)
        return PLACES[self._cards[row] << 16 | self._cells[col]]

    def __contains__(self, action: object) -> bool:
        if action is self._handed:
            return True
        if not isinstance(action, Place) or action.card not in self._cards:
            return False
        if not layout.in_range(action.x, action.y):
            return False
        target = layout.cell(action.x, action.y)
        cells = self._cells
        at = position_in(cells, target)
        return at < len(cells) and cells[at] == target

    def __iter__(self) -> Iterator[Place]:
        places = PLACES
        for card in self._cards:
            high = card << 16
            for c in self._cells:
                yield places[high | c]

    def identity(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards and the cells: they determine the listing."""
        return self._cards, self._cells
