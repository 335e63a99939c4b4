"""Tile Up's integer action space and observation vector for learning agents.

Seats are counted to *my left* (relative seat ``r`` is absolute seat ``(me + r) %
players``; ``r = 0`` is me), so one policy can play every seat; *rel seats* blocks have 4
entries and leave absent seats at 0. The board is shared and absolute (its start cells and
corners are fixed). Sizes depend on the ``board_size`` option ``S`` (9, 11 or 13) only:
the same for 2, 3 and 4 players.

Action space
------------
A fixed ``Discrete(90 + 2 * S * S)``: ``Discrete(332)`` on the default 11 x 11 board (252
on 9 x 9, 428 on 13 x 13). A placement (30 tile kinds x S * S cells) is built from two
sub-actions: *select tile t* (the draft) then *place it on cell c*. *Select t* is offered
for each tile with at least one legal placement; once selected, only that tile's legal
cells are offered. A score names only the region's first cell: a cell belongs to at most
one same-colour top region, and a region's shape and colour name at most one goal card,
so the cell says which ``Score(card, row, col)`` is meant. Cells are ``row * S + col``.

========  =====  ===========================================================================
numbers   count  meaning
========  =====  ===========================================================================
0-29      30     select tile code t = number to place (sub-action, same seat again)
30        1      ``draw tiles`` (TU-02)
31        1      ``draw goal`` (TU-02)
32        1      ``end`` the turn
33-62     30     ``discard`` tile code number - 33 (TU-07)
63-89     27     ``discard goal`` card number - 63 (TU-07)
90-210    121    place the selected tile on cell number - 90 (TU-03); S * S numbers
211-331   121    score the region whose first cell is number - 90 - S * S (TU-04, TU-05);
                 S * S numbers
========  =====  ===========================================================================

Tile codes are ``colour * 5 + number - 1`` (colours O, R, Y, G, B, P), as in
``games/tile_up/model.py``. The table shows the 11 x 11 board; the last two rows have
``S * S`` numbers each.

Observation
-----------
A ``float32`` vector of ``446 + 21 * S * S`` entries, :data:`OBSERVATION_SIZE` = 2987 on
the default board, built only from the seat's view and its draft. Entries are counts or 0/1
flags (never negative); :data:`LAYOUT` holds each block's upper bound. The ``board`` block
comes last so that the others keep their offsets on every board size.

======  ====  ==============  ==========================================================
offset  size  name            meaning
======  ====  ==============  ==========================================================
0       3     players         player count one-hot: 2, 3, 4
3       4     seat            my absolute seat one-hot
7       4     phase           setup, play, discard, over
11      4     current         whose turn it is, rel seats one-hot (none in setup)
15      1     chance_acts     1 while chance acts (a draw is owed)
16      4     acted           the turn's action so far: none, drew goal, drew tiles,
                              placing
20      1     turn            turns finished
21      1     bag_size        tiles in the bag
22      4     tile_counts     tiles held, rel seats
26      4     goal_counts     goal cards held, rel seats
30      30    tiles           my tiles, per tile code
60      27    goals           my goal cards, 0/1 per card
87      30    selected        the tile selected to place (the draft), one-hot
117     108   known_goals     goal cards everyone knows each seat holds: 27 per rel
                              seat
225     54    faceup          the face-up goal cards: one-hot 27 per slot
279     1     deck_size       cards in the goal deck
280     1     deck_ordered    1 once the deck was turned over from the discards
281     27    deck_position   per card, its place from the top of an ordered deck (1 =
                              top), 0 if not in it or the order is unknown
308     27    discard         discarded goal cards, 0/1 per card
335     27    discard_top     the top of the goal discard pile, one-hot
362     4     pending         draws owed: start cells, tiles, goals, face-up slots
366     27    turn_cards      goal cards scored this turn, 0/1 per card
393     4     scores          points, rel seats
397     4     scored          goal cards scored, rel seats
401     4     start_sums      each rel seat's announced start sum plus 1 (0 before)
405     4     fresh           hand still the one whose sum was announced, rel seats
409     3     end_reason      the game ended by: corners, tiles, turns
412     3     board_size      the option one-hot: 9, 11, 13
415     1     allow_mirror    the option, 0 or 1
416     30    board_tiles     tiles on the board (every layer), per tile code
446     2541  board           21 per cell, cells row by row (below); S * S * 21
======  ====  ==============  ==========================================================

Each board cell: the top tile's colour one-hot 6 and number one-hot 5 (all 0 on an empty
cell), the stack's height, and, on the first cell of a region that has a goal shape, the
shape one-hot 9 (I3, L3, I4, O4, T4, L4, S4, U5, X5; its colour is the cell's top colour).

Scaled observation
------------------
``encodings.scaled`` divides every entry by its upper bound, except three loose bounds,
scaled ``x / (x + k)`` (0.5 at the typical value ``k``, below 1 for any ``x``): ``turn``
(offset 20, k = 50 turns), ``scores`` (offsets 393-396, k = 100 points) and ``scored``
(offsets 397-400, k = 20 cards). Every scaled entry is in [0, 1].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import (
    EMPTY_DRAFT,
    Decoded,
    Draft,
    Encoding,
    MaskArray,
    ObservationArray,
    Scale,
    SoftRanges,
    from_view,
)
from ludoteca.adapters.encodings import tile_up_observation as observation
from ludoteca.adapters.encodings.tile_up_observation import (
    CARDS,
    SELECTED,
    SIZES,
    TILES,
    TileUpWriter,
    layout,
)
from ludoteca.engine.game import Options, View
from ludoteca.games.tile_up import model
from ludoteca.games.tile_up.legal import LegalActions

GAME_ID = "tile_up"
LAYOUT = observation.LAYOUT
"""The observation's blocks on the default board (the table above)."""
OBSERVATION_SIZE = observation.OBSERVATION_SIZE
"""On the default board."""

# ---------------------------------------------------------------------------------------
# Action space (the board-sized parts last)

SELECT = 0
"""``SELECT + t``: select tile code ``t`` to place."""
DRAW_TILES = SELECT + TILES
DRAW_GOAL = DRAW_TILES + 1
END = DRAW_GOAL + 1
DISCARD_TILE = END + 1
DISCARD_GOAL = DISCARD_TILE + TILES
PLACE = DISCARD_GOAL + CARDS
"""``PLACE + row * S + col``: place the selected tile there."""


# ---------------------------------------------------------------------------------------
# The encoding

_MASK_CACHE = 4096
"""Masks kept per encoding by their numbers (then cleared)."""


_SOFT_SCALES = (("turn", 50.0), ("scores", 100.0), ("scored", 20.0))
"""Blocks with a loose bound and their typical value ``k`` (``encodings.scaled``)."""


class TileUpEncoding:
    """Tile Up's encoding on one board size (see the module docstring for the layouts).

    Attributes:
        size: Cells per side of the board.
        score: First number of the score actions (``PLACE + size * size``).
    """

    game_id = GAME_ID
    view_free = True
    """The mask and decoding read only the legal list and the draft."""

    def __init__(self, size: int) -> None:
        if size not in SIZES:
            raise ValueError(f"no Tile Up board of size {size}")
        self.size = size
        self.score = PLACE + size * size
        self.action_size = self.score + size * size
        self.layout = layout(size)
        self._last_grouped: tuple[Sequence[Any], dict[int, list[int]], list[int]] | None = None
        self._masks: dict[tuple[int, ...], MaskArray] = {}
        stride = size + 1
        self._mask_bytes = (size * stride + 7) // 8
        self._cell_bits = np.array(
            [row * stride + col for row in range(size) for col in range(size)], dtype=np.intp
        )
        """The cell mask's bit of each place number, in number order."""
        self._places: dict[int, model.Place] = {}
        self.observation_soft: SoftRanges = tuple(
            (self.layout.block(name).offset, self.layout.block(name).size, k)
            for name, k in _SOFT_SCALES
        )
        self.observation_size = self.layout.size
        self.observation_low: ObservationArray = self.layout.lows()
        self.observation_high: ObservationArray = self.layout.highs()
        self._view_writer: TileUpWriter | None = None
        self.labels: tuple[str, ...] = (
            tuple(f"select {model.tile_name(t)}" for t in range(TILES))
            + ("draw tiles", "draw goal", "end")
            + tuple(f"discard {model.tile_name(t)}" for t in range(TILES))
            + tuple(f"discard goal {card}" for card in range(CARDS))
            + tuple(f"place on {model.cell_name(*divmod(c, size))}" for c in range(size * size))
            + tuple(f"score on {model.cell_name(*divmod(c, size))}" for c in range(size * size))
        )

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is (written by the same
        :class:`TileUpWriter` as the vector from the state).

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator), on this board.
            draft: ``(t,)`` once tile code ``t`` is selected to place, else empty.

        Returns:
            A ``float32`` array of ``observation_size`` entries.

        Raises:
            ValueError: For a spectator's view or another board size.
        """
        seat = view["seat"]
        if seat is None or seat < 0:
            raise ValueError("the Tile Up encoding needs a seat's view, not a spectator's")
        if view["size"] != self.size:
            raise ValueError(f"a {view['size']} board's view for the {self.size} encoding")
        if self._view_writer is None:
            self._view_writer = TileUpWriter(self.size, Scale(self, scaled=False))
        return from_view(self._view_writer, self.observation_size, view, self.draft_entries(draft))

    def draft_entries(self, draft: Draft) -> list[int]:
        """The ``selected`` entry the draft sets (``encodings.Observer``)."""
        return [SELECTED + draft[0]] if draft else []

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> MaskArray:
        """1 for each number the seat may choose now.

        With a tile selected: its legal cells only. Otherwise: *select t* for each tile
        with a legal placement, and the numbers of every other legal engine action.

        Raises:
            KeyError: If a legal engine action has no number, or two legal scores share a
                cell (a bug in this encoding).
        """
        if type(legal) is LegalActions:
            # The play phase's lazy list: the selects are the tiles with a legal cell mask
            # and a selected tile's mask is its cells; neither builds a placement.
            if draft:
                tile = draft[0]
                for held, cells in legal.placement_cells():
                    if held == tile:
                        return self._cells_mask(cells)
                return self._mask_of(())
            numbers = [SELECT + tile for tile, _ in legal.placement_cells()]
            numbers += self._other_numbers(legal.other_actions())
            return self._mask_of(tuple(numbers))
        # Any other list (a discard step's): read once and its numbers grouped by tile.
        places, others = self._grouped(legal)
        if draft:
            return self._mask_of(tuple(places.get(draft[0], ())))
        return self._mask_of(tuple(others + [SELECT + tile for tile in places]))

    def _mask_of(self, numbers: tuple[int, ...]) -> MaskArray:
        """The read-only mask with ones at ``numbers``, kept by them (turn starts recur:
        the same tiles held, the same draws open).
        """
        mask = self._masks.get(numbers)
        if mask is None:
            if len(self._masks) >= _MASK_CACHE:
                self._masks.clear()
            buffer = bytearray(self.action_size)
            for number in numbers:
                buffer[number] = 1
            mask = self._masks[numbers] = np.frombuffer(bytes(buffer), dtype=np.int8)
        return mask

    def _cells_mask(self, cells: int) -> MaskArray:
        """The read-only mask of the place numbers of a cell mask (bit ``row * (size + 1)
        + col`` per cell): its bits unpacked, the guard column left out.
        """
        bits = np.unpackbits(
            np.frombuffer(cells.to_bytes(self._mask_bytes, "little"), dtype=np.uint8),
            bitorder="little",
        )
        mask = np.zeros(self.action_size, dtype=np.int8)
        mask[PLACE : self.score] = bits[self._cell_bits]
        mask.flags.writeable = False
        return mask

    def _other_numbers(self, actions: Sequence[Any]) -> list[int]:
        """The numbers of legal actions that are not placements (scores, draws, end).

        Raises:
            KeyError: If two legal scores share a cell.
        """
        numbers: list[int] = []
        score = self.score
        size = self.size
        for action in actions:
            if type(action) is model.Score:
                number = score + action.row * size + action.col
                if number in numbers:
                    raise KeyError(f"two legal scores on one cell: {action}")
                numbers.append(number)
            else:
                numbers.append(self._number(action))
        return numbers

    def _grouped(self, legal: Sequence[Any]) -> tuple[dict[int, list[int]], list[int]]:
        """The place numbers of each tile, and every other number (cached for the last
        legal list object, which the environments keep while a seat builds its move).

        Raises:
            KeyError: If two legal scores share a cell.
        """
        cached = self._last_grouped
        if cached is not None and cached[0] is legal:
            return cached[1], cached[2]
        size = self.size
        place = model.Place
        places: dict[int, list[int]] = {}
        others: list[int] = []
        scores: set[int] = set()
        for action in legal:
            kind = type(action)
            if kind is place:
                number = PLACE + action.row * size + action.col
                found = places.get(action.tile)
                if found is None:
                    places[action.tile] = [number]
                else:
                    found.append(number)
            elif kind is model.Score:
                number = self.score + action.row * size + action.col
                if number in scores:
                    raise KeyError(f"two legal scores on one cell: {action}")
                scores.add(number)
                others.append(number)
            else:
                others.append(self._number(action))
        self._last_grouped = (legal, places, others)
        return places, others

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """The meaning of a number.

        *Select t* sets the draft; *place c* places the selected tile; *score c* is the
        legal score on that cell; every other number is one engine action.
        """
        if index < PLACE:
            return _FIXED[index]
        if index < self.score:
            # One Place per tile and cell, made on first use (a frozen dataclass's
            # construction costs more than the rest of the decoding).
            key = draft[0] * self.action_size + index
            place = self._places.get(key)
            if place is None:
                row, col = divmod(index - PLACE, self.size)
                place = self._places[key] = model.Place(draft[0], row, col)
            return Decoded(place, EMPTY_DRAFT)
        row, col = divmod(index - self.score, self.size)
        for action in legal:
            if type(action) is model.Score and action.row == row and action.col == col:
                return Decoded(action, EMPTY_DRAFT)
        raise KeyError(f"no legal score on {model.cell_name(row, col)}")

    def encode(self, action: Any, view: View | None = None) -> tuple[int, ...]:
        """The numbers that play ``action``: a placement's two, any other action's one.

        Args:
            action: A seat's engine action.
            view: Not needed (accepted like the other encodings).

        Raises:
            KeyError: For a chance action (``bag R4``, ``deck 12``).
        """
        if type(action) is model.Place:
            return (SELECT + action.tile, PLACE + action.row * self.size + action.col)
        if type(action) is model.Score:
            return (self.score + action.row * self.size + action.col,)
        return (self._number(action),)

    def action_label(self, index: int) -> str:
        """The text of an action number (``"select R4"``, ``"score on f6"``)."""
        return self.labels[index]

    def state_writer(self, scale: Scale) -> TileUpWriter:
        """A writer of this vector straight from the state (``encodings.StateWriter``)."""
        return TileUpWriter(self.size, scale)

    @staticmethod
    def _number(action: Any) -> int:
        # The draws, the end and the discards are the model's interned constants: found by
        # identity first, without hashing a dataclass.
        number = _SIMPLE_BY_ID.get(id(action))
        if number is not None:
            return number
        kind = type(action)
        if kind is model.DiscardTile:
            return DISCARD_TILE + int(action.tile)
        if kind is model.DiscardGoal:
            return DISCARD_GOAL + int(action.card)
        return _SIMPLE_INDEX[action]


_SIMPLE: tuple[Any, ...] = (
    (model.DRAW_TILES_ACTION, model.DRAW_GOAL_ACTION, model.END)
    + model.DISCARD_TILE_ACTIONS
    + model.DISCARD_GOAL_ACTIONS
)
"""The engine action of each number from ``DRAW_TILES`` to ``PLACE - 1``."""
_SIMPLE_INDEX: dict[Any, int] = {action: DRAW_TILES + i for i, action in enumerate(_SIMPLE)}
_SIMPLE_BY_ID: dict[int, int] = {id(action): DRAW_TILES + i for i, action in enumerate(_SIMPLE)}
""":data:`_SIMPLE_INDEX` by object identity (``_SIMPLE`` keeps every key alive)."""
_FIXED: tuple[Decoded, ...] = tuple(Decoded(None, (t,)) for t in range(TILES)) + tuple(
    Decoded(action, EMPTY_DRAFT) for action in _SIMPLE
)
"""The meaning of each number below ``PLACE`` (selects, draws, end, discards), made once."""


def _cell_numbers(size: int) -> list[list[tuple[int, ...]]]:
    """Per byte of a cell mask (bit indices ``row * (size + 1) + col``) and per byte value:
    the place numbers of its cells, ascending (``legal_numbers`` reads placements so).
    """
    stride = size + 1
    length = (size * stride + 7) // 8
    table = []
    for at in range(length):
        row = []
        for byte in range(256):
            bits = [8 * at + i for i in range(8) if byte >> i & 1]
            row.append(tuple(PLACE + bit // stride * size + bit % stride for bit in bits))
        table.append(row)
    return table


ENCODINGS: dict[int, TileUpEncoding] = {size: TileUpEncoding(size) for size in SIZES}
"""One encoding per board size."""


def make(num_players: int, options: Options) -> Encoding:
    """The encoding of the board size in ``options`` (the same for every player count)."""
    return ENCODINGS[int(options.get("board_size", model.BOARD_SIZE))]
