"""Dweebies' state: the phases, the State tuple and its field positions.

The hot transitions of :mod:`ludoteca.games.dweebies.game` copy a state into a list, set the
changed fields by position and build the new State with ``tuple.__new__``; the positions
are ``Final`` so that the compiled build (``engine/native.py``) reads them as C constants
instead of looking them up in the module's dictionary on every use.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from ludoteca.games.dweebies.layout import Grid, Groups


class Phase(IntEnum):
    """Where a turn is."""

    DEAL = 0
    PLACE = 1
    COLLECT = 2
    DRAW = 3
    OVER = 4


P_DEAL: Final = Phase.DEAL
P_PLACE: Final = Phase.PLACE
P_COLLECT: Final = Phase.COLLECT
P_DRAW: Final = Phase.DRAW
P_OVER: Final = Phase.OVER


class State(NamedTuple):
    """A full Dweebies state (a NamedTuple: rebuilt every step, see ``docs/architecture.md``).

    Attributes:
        players: Number of seats.
        first: The seat that starts (option ``first_player``).
        phase: The current phase.
        turn: The seat whose turn it is (during the deal: the seat dealt to next).
        dealt: Cards dealt so far in the opening deal.
        hands: Each seat's Dweebie ids, sorted (hidden from the others).
        pile: The draw pile as a sorted multiset (its order is never known).
        table: The layout, cell code -> Dweebie id.
        frontier: Empty cells next to a card, sorted.
        groups: The groups of a split layout; ``()`` when whole.
        cells: Where the next card may go, sorted (DW-03, DW-07, DW-08).
        row: In the collect phase, the row the placed card lets its player take (or ``()``).
        column: Likewise, the column.
        scores: Cards each seat has collected.
        last: ``(seat, card, cell, cards taken)`` of the last placement, or ``None``.
        collected: Every card in the score piles, sorted. Public: each was face up on the
            table when it was taken (DW-11), so players who remember know them.
    """

    players: int
    first: int
    phase: Phase
    turn: int
    dealt: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    table: Grid
    frontier: tuple[int, ...]
    groups: Groups
    cells: tuple[int, ...]
    row: tuple[int, ...]
    column: tuple[int, ...]
    scores: tuple[int, ...]
    last: tuple[int, int, int, int] | None
    collected: tuple[int, ...] = ()


# Field positions. Hot transitions copy a state into a list, set the changed fields by
# position (``new[F_PHASE] = ...``) and build the new State with ``new_state(State, new)``
# (``tuple.__new__``): several times faster than ``State._replace`` (keywords). Final, in a
# compiled module: the compiled build reads them as C constants.
new_state: Final = tuple.__new__
F_PLAYERS: Final = State._fields.index("players")
F_FIRST: Final = State._fields.index("first")
F_PHASE: Final = State._fields.index("phase")
F_TURN: Final = State._fields.index("turn")
F_DEALT: Final = State._fields.index("dealt")
F_HANDS: Final = State._fields.index("hands")
F_PILE: Final = State._fields.index("pile")
F_TABLE: Final = State._fields.index("table")
F_FRONTIER: Final = State._fields.index("frontier")
F_GROUPS: Final = State._fields.index("groups")
F_CELLS: Final = State._fields.index("cells")
F_ROW: Final = State._fields.index("row")
F_COLUMN: Final = State._fields.index("column")
F_SCORES: Final = State._fields.index("scores")
F_LAST: Final = State._fields.index("last")
F_COLLECTED: Final = State._fields.index("collected")
