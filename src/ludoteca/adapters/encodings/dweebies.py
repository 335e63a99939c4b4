"""Dweebies' integer action space and observation vector for learning agents.

Seats are counted to *my left* (relative seat ``r`` is absolute seat ``(me + r) %
players``; ``r = 0`` is me), so one policy can play every seat; *rel seats* blocks have 6
entries and leave absent seats at 0. The sizes are the same for 2 to 6 players and every
option.

The table is unbounded, so cells are written relative to a *reference cell*: the centre of
the layout's bounding box (``((min x + max x) // 2, (min y + max y) // 2)``; ``(0, 0)`` on
an empty table). Observations are then unchanged when the whole layout moves.

Action space
------------
A fixed ``Discrete(247)``. A placement (card x cell: up to 27 x 216) is built from two
sub-actions: *select card d* (the draft) then *place on legal cell i*, where cell ``i`` is
the ``i``-th of the view's ``legal_cells`` (sorted by ``x`` then ``y``; the observation's
``cells`` block describes each one). A legal cell is an empty cell next to a card, and each
of at most 54 cards has four neighbours, so 216 slots hold every legal cell that can exist.
*Select d* is offered for each Dweebie in hand (every card has the same legal cells);
*place i* for each legal cell, once a card is selected. Every legal ``Place`` is reached
by exactly one pair of numbers and nothing else is offered (tested).

========  =====  ===========================================================================
numbers   count  meaning
========  =====  ===========================================================================
0-26      27     select Dweebie d = number + 1 to place (sub-action, same seat again)
27-242    216    place the selected Dweebie on legal cell i = number - 27 (DW-03, DW-07)
243-246   4      ``collect row``, ``collect column``, ``collect both``, ``collect none``
                 (DW-05, DW-06)
========  =====  ===========================================================================

:meth:`DweebiesEncoding.encode` needs the seat's view for a ``Place`` (the slot of a cell
is its index among the legal cells).

Observation
-----------
A ``float32`` vector of :data:`OBSERVATION_SIZE` = 3613 entries built only from the seat's
view and its draft. Kind ids are 1..27 (0 for no card); coordinates ``dx, dy`` are relative
to the reference cell, between -56 and 56; every other entry is a count or a 0/1 flag.
:data:`LAYOUT` holds the same table with each block's bounds.

======  ====  ==============  ==========================================================
offset  size  name            meaning
======  ====  ==============  ==========================================================
0       5     players         player count one-hot: 2 .. 6
5       6     seat            my absolute seat one-hot
11      5     phase           deal, place, collect, draw, over
16      6     mover           whose turn it is (or who is dealt to), rel seats one-hot
22      1     chance_acts     1 while chance acts (the deal, a draw)
23      6     first_player    the option: who started, rel seats one-hot
29      1     dealt           cards dealt so far in the opening deal
30      27    hand            my cards, per Dweebie
57      27    selected        the Dweebie selected to place (the draft), one-hot
84      6     hand_counts     cards held, rel seats
90      6     scores          cards collected, rel seats
96      1     pile_size       cards in the draw pile
97      1     table_size      cards on the table
98      1     groups          groups of the layout (more than 1: split, DW-07)
99      1     legal_count     legal cells
100     1     row_length      cards of the row on offer to collect (collect phase)
101     1     column_length   cards of the column on offer to collect
102     6     last_seat       who placed last, rel seats one-hot
108     27    last_card       the Dweebie placed last, one-hot
135     2     last_cell       where it went: dx, dy
137     1     last_taken      cards that placement collected
138     441   window          kind id on each cell of the 21 x 21 window centred on the
                              reference cell, ``x`` major: entry 21 * (dx + 10) + dy + 10
579     441   window_legal    1 on each legal cell of the window (same order)
1020    1     outside         cards of the table outside the window
1021    216   table           each card on the table, as listed in the view: present,
                              dx, dy, kind id (4 per card, 54 cards)
1237    2376  cells           each legal cell slot i (11 per slot, 216 slots, below)
======  ====  ==============  ==========================================================

Each legal cell slot: present, dx, dy, then for each direction (-x, +x, -y, +y): the
length of the unbroken run of cards starting next to the cell that way (0 if that
neighbour is empty) and the kind id at the run's far end (0 if none). A card placed on the
cell lets its player collect that row (or column) exactly when one run of it is empty and
the other ends in the same Dweebie (DW-05), so the slot says which cards would collect
what. The window duplicates the nearby table as a grid (for convolutions); the ``table``
and ``cells`` blocks hold everything, however far the layout spreads.

Scaled observation
------------------
``encodings.scaled`` divides every entry by the larger of its bounds' magnitudes (kind ids by
27, counts by their bound, relative coordinates by 56, so those lie in [-1, 1] and every
other entry in [0, 1]); no range is soft.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import (
    EMPTY_DRAFT,
    Buffer,
    Decoded,
    Draft,
    Encoding,
    MaskArray,
    ObservationArray,
    Scale,
)
from ludoteca.engine.game import CHANCE, Options, View
from ludoteca.games.dweebies import game as dw
from ludoteca.games.dweebies import layout

GAME_ID = "dweebies"
SEATS = dw.MAX_PLAYERS
KINDS = dw.NUM_KINDS
MAX_TABLE = dw.DECK_SIZE
MAX_CELLS = 4 * dw.DECK_SIZE
"""Every legal cell is next to a card and each card has four neighbours."""
REACH = MAX_TABLE + 2
"""Largest ``|dx|`` or ``|dy|``: a layout of k cards spans at most k cells each way."""
RADIUS = 10
WIDTH = 2 * RADIUS + 1
SLOT = 11
"""Entries per legal cell slot."""

# ---------------------------------------------------------------------------------------
# Action space

SELECT = 0
"""``SELECT + d - 1``: select Dweebie ``d``."""
PLACE = SELECT + KINDS
"""``PLACE + i``: place the selected Dweebie on legal cell ``i``."""
COLLECT = PLACE + MAX_CELLS
ACTION_SIZE = COLLECT + len(dw.COLLECT_CHOICES)
_COLLECTS = (dw.COLLECT_ROW, dw.COLLECT_COLUMN, dw.COLLECT_BOTH, dw.COLLECT_NONE)
_COLLECT_INDEX = {action: COLLECT + i for i, action in enumerate(_COLLECTS)}

ACTION_LABELS: tuple[str, ...] = (
    tuple(f"select {dw.code(d)}" for d in range(1, KINDS + 1))
    + tuple(f"place on legal cell {i}" for i in range(MAX_CELLS))
    + tuple(str(action) for action in _COLLECTS)
)
"""A short text per action number."""

# ---------------------------------------------------------------------------------------
# Observation layout


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of observation entries.

    Attributes:
        name: The block's name (as in the module's table).
        offset: Index of its first entry.
        size: Number of entries.
        low: Lower bound of every entry.
        high: Upper bound of every entry.
        meaning: What the entries hold.
    """

    name: str
    offset: int
    size: int
    low: float
    high: float
    meaning: str


_N = float(dw.DECK_SIZE)
_K = float(KINDS)
_BLOCKS: tuple[tuple[str, int, float, float, str], ...] = (
    ("players", SEATS - 1, 0.0, 1.0, "player count one-hot: 2 .. 6"),
    ("seat", SEATS, 0.0, 1.0, "my absolute seat one-hot"),
    ("phase", len(dw.Phase), 0.0, 1.0, "deal, place, collect, draw, over"),
    ("mover", SEATS, 0.0, 1.0, "whose turn it is, rel seats one-hot"),
    ("chance_acts", 1, 0.0, 1.0, "1 while chance acts"),
    ("first_player", SEATS, 0.0, 1.0, "the option: who started, rel seats one-hot"),
    ("dealt", 1, 0.0, float(dw.HAND_SIZE * SEATS), "cards dealt so far"),
    ("hand", KINDS, 0.0, float(max(dw.DECK)), "my cards, per Dweebie"),
    ("selected", KINDS, 0.0, 1.0, "the Dweebie selected to place, one-hot"),
    ("hand_counts", SEATS, 0.0, float(dw.HAND_SIZE), "cards held, rel seats"),
    ("scores", SEATS, 0.0, _N, "cards collected, rel seats"),
    ("pile_size", 1, 0.0, _N, "cards in the draw pile"),
    ("table_size", 1, 0.0, _N, "cards on the table"),
    ("groups", 1, 0.0, _N, "groups of the layout"),
    ("legal_count", 1, 0.0, float(MAX_CELLS), "legal cells"),
    ("row_length", 1, 0.0, _N, "cards of the row on offer"),
    ("column_length", 1, 0.0, _N, "cards of the column on offer"),
    ("last_seat", SEATS, 0.0, 1.0, "who placed last, rel seats one-hot"),
    ("last_card", KINDS, 0.0, 1.0, "the Dweebie placed last, one-hot"),
    ("last_cell", 2, -REACH, REACH, "where it went: dx, dy"),
    ("last_taken", 1, 0.0, _N, "cards that placement collected"),
    ("window", WIDTH * WIDTH, 0.0, _K, "kind id per window cell"),
    ("window_legal", WIDTH * WIDTH, 0.0, 1.0, "legal cells of the window"),
    ("outside", 1, 0.0, _N, "cards outside the window"),
    ("table", 4 * MAX_TABLE, -REACH, REACH, "present, dx, dy, kind id per card"),
    ("cells", SLOT * MAX_CELLS, -REACH, REACH, "each legal cell slot"),
)


def _layout() -> tuple[Block, ...]:
    blocks = []
    offset = 0
    for name, size, low, high, meaning in _BLOCKS:
        blocks.append(Block(name, offset, size, low, high, meaning))
        offset += size
    return tuple(blocks)


LAYOUT: tuple[Block, ...] = _layout()
"""The observation's blocks, in order (the table in the module docstring)."""
OBSERVATION_SIZE = LAYOUT[-1].offset + LAYOUT[-1].size
(
    _PLAYERS, _SEAT, _PHASE, _MOVER, _CHANCE, _FIRST, _DEALT, _HAND, _SELECTED, _HAND_COUNTS,
    _SCORES, _PILE_SIZE, _TABLE_SIZE, _GROUPS, _LEGAL_COUNT, _ROW_LENGTH, _COLUMN_LENGTH,
    _LAST_SEAT, _LAST_CARD, _LAST_CELL, _LAST_TAKEN, _WINDOW, _WINDOW_LEGAL, _OUTSIDE, _TABLE,
    _CELLS,
) = (block.offset for block in LAYOUT)  # fmt: skip

_PHASES = tuple(phase.name.lower() for phase in dw.Phase)
_KIND_OF = {dw.code(d): d for d in range(1, KINDS + 1)}
_DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# ---------------------------------------------------------------------------------------
# The encoding


class DweebiesEncoding:
    """Dweebies' encoding (see the module docstring for both layouts)."""

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True
    """With the engine's legal lists, the mask and decoding read no view."""

    def __init__(self) -> None:
        self.observation_low: ObservationArray = np.array(
            [block.low for block in LAYOUT for _ in range(block.size)], dtype=np.float32
        )
        self.observation_high: ObservationArray = np.array(
            [block.high for block in LAYOUT for _ in range(block.size)], dtype=np.float32
        )

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is.

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator).
            draft: ``(d,)`` once Dweebie ``d`` is selected to place, else empty.

        Returns:
            A ``float32`` array of :data:`OBSERVATION_SIZE` entries.

        Raises:
            ValueError: For a spectator's view (it has no seat to be relative to).
        """
        seat_ = view["seat"]
        if seat_ is None or seat_ < 0:
            raise ValueError("the Dweebies encoding needs a seat's view, not a spectator's")
        me: int = seat_
        n: int = view["players"]
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        out[_PLAYERS + n - 2] = 1.0
        out[_SEAT + me] = 1.0
        out[_PHASE + _PHASES.index(view["phase"])] = 1.0
        out[_MOVER + (view["turn"] - me) % n] = 1.0
        out[_CHANCE] = float(CHANCE in view["actors"])
        out[_FIRST + (view["first_player"] - me) % n] = 1.0
        out[_DEALT] = view["dealt"]
        for code in view["hand"]:
            out[_HAND + _KIND_OF[code] - 1] += 1.0
        if draft:
            out[_SELECTED + draft[0] - 1] = 1.0
        for seat in range(n):
            r = (seat - me) % n
            out[_HAND_COUNTS + r] = view["hand_counts"][seat]
            out[_SCORES + r] = view["scores"][seat]
        table = {(x, y): _KIND_OF[code] for x, y, code in view["table"]}
        legal = view["legal_cells"]
        out[_PILE_SIZE] = view["pile_size"]
        out[_TABLE_SIZE] = len(table)
        out[_GROUPS] = view["groups"]
        out[_LEGAL_COUNT] = len(legal)
        out[_ROW_LENGTH] = len(view["row"])
        out[_COLUMN_LENGTH] = len(view["column"])
        ox, oy = reference_cell(view)
        last = view["last"]
        if last is not None:
            out[_LAST_SEAT + (last["seat"] - me) % n] = 1.0
            out[_LAST_CARD + _KIND_OF[last["card"]] - 1] = 1.0
            out[_LAST_CELL] = last["cell"][0] - ox
            out[_LAST_CELL + 1] = last["cell"][1] - oy
            out[_LAST_TAKEN] = last["taken"]
        outside = 0
        cards: list[float] = []
        for (x, y), kind in table.items():
            dx, dy = x - ox, y - oy
            if -RADIUS <= dx <= RADIUS and -RADIUS <= dy <= RADIUS:
                out[_WINDOW + WIDTH * (dx + RADIUS) + dy + RADIUS] = kind
            else:
                outside += 1
            cards += (1.0, dx, dy, kind)
        out[_TABLE : _TABLE + len(cards)] = cards
        out[_OUTSIDE] = outside
        slots: list[float] = []
        for x, y in legal:
            dx, dy = x - ox, y - oy
            if -RADIUS <= dx <= RADIUS and -RADIUS <= dy <= RADIUS:
                out[_WINDOW_LEGAL + WIDTH * (dx + RADIUS) + dy + RADIUS] = 1.0
            slots += (1.0, dx, dy)
            for sx, sy in _DIRECTIONS:
                length = 0
                cx, cy = x + sx, y + sy
                while (cx, cy) in table:
                    length += 1
                    cx += sx
                    cy += sy
                slots += (length, table[cx - sx, cy - sy] if length else 0)
        out[_CELLS : _CELLS + len(slots)] = slots
        return out

    def draft_entries(self, draft: Draft) -> list[int]:
        """The ``selected`` entry the draft sets (``encodings.Observer``)."""
        return [_SELECTED + draft[0] - 1] if draft else []

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> MaskArray:
        """1 for each number the seat may choose now.

        Placing with an empty draft: *select d* for each Dweebie of a legal placement.
        With a Dweebie selected: *place i* while ``Place(d, legal cell i)`` is legal.
        Collecting: the numbers of the legal collect choices. With the engine's legal lists
        (its lazy placements, its collect tuples) the view is not read (``view_free``).

        Raises:
            KeyError: If a legal engine action has no number (a bug in this encoding).
        """
        if not legal:
            return _NO_ACTION
        identity = getattr(legal, "identity", None)
        if identity is not None:
            cards, cells = identity()
            return _placement_mask(cards, cells, draft)
        if isinstance(legal, tuple) and not isinstance(legal[0], dw.Place):
            return _collect_mask(legal)
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        if view["phase"] != "place":
            for action in legal:
                mask[_COLLECT_INDEX[action]] = 1
            return mask
        cells = view["legal_cells"]
        if not draft:
            # A placement's legal cells are the same for every card held (DW-03).
            x, y = cells[0]
            for card in {_KIND_OF[code] for code in view["hand"]}:
                if dw.Place(card, x, y) in legal:
                    mask[SELECT + card - 1] = 1
            return mask
        card = draft[0]
        if len(cells) > MAX_CELLS:
            raise KeyError(f"{len(cells)} legal cells: more than the {MAX_CELLS} slots")
        for index, (x, y) in enumerate(cells):
            if dw.Place(card, x, y) in legal:
                mask[PLACE + index] = 1
        return mask

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """*Select d* sets the draft; *place i* places it on legal cell ``i`` (read from the
        engine's lazy placements, else from the view).
        """
        if index < PLACE:
            return Decoded(None, (index - SELECT + 1,))
        if index < COLLECT:
            identity = getattr(legal, "identity", None)
            if identity is not None:
                x, y = layout.xy(identity()[1][index - PLACE])
            else:
                x, y = view["legal_cells"][index - PLACE]
            return Decoded(dw.Place(draft[0], x, y), EMPTY_DRAFT)
        return Decoded(_COLLECTS[index - COLLECT], EMPTY_DRAFT)

    def encode(self, action: Any, view: View | None = None) -> tuple[int, ...]:
        """The numbers that play ``action``: a collect's one, or a placement's two.

        Args:
            action: A seat's engine action.
            view: The placing seat's view; needed for a ``Place``.

        Raises:
            KeyError: For a chance action, a ``Place`` without the view, or on a cell that
                is not legal in it.
        """
        if isinstance(action, dw.Place):
            if view is None:
                raise KeyError("a placement's number depends on the legal cells: pass the view")
            cells = view["legal_cells"]
            if [action.x, action.y] not in cells:
                raise KeyError(action)
            return (SELECT + action.card - 1, PLACE + cells.index([action.x, action.y]))
        return (_COLLECT_INDEX[action],)

    def action_label(self, index: int) -> str:
        """The text of an action number (``"select D07"``, ``"collect row"``)."""
        return ACTION_LABELS[index]

    def state_writer(self, scale: Scale) -> DweebiesWriter:
        """A writer of this vector straight from the state (``encodings.StateWriter``)."""
        return DweebiesWriter(scale)


ENCODING = DweebiesEncoding()


def make(num_players: int, options: Options) -> Encoding:
    """The Dweebies encoding, the same for every player count and option."""
    return ENCODING


_NO_ACTION: MaskArray = np.zeros(ACTION_SIZE, dtype=np.int8)
_NO_ACTION.flags.writeable = False


def _placement_mask(cards: tuple[int, ...], cells: tuple[int, ...], draft: Draft) -> MaskArray:
    """The mask of the engine's placements: every card of ``cards`` on every cell."""
    buffer = bytearray(ACTION_SIZE)
    if not draft:
        for card in cards:
            buffer[SELECT + card - 1] = 1
    elif draft[0] in cards:
        if len(cells) > MAX_CELLS:
            raise KeyError(f"{len(cells)} legal cells: more than the {MAX_CELLS} slots")
        buffer[PLACE : PLACE + len(cells)] = b"\x01" * len(cells)
    return np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only, as bytes are


_COLLECT_MASKS: dict[tuple[Any, ...], MaskArray] = {}


def _collect_mask(legal: tuple[Any, ...]) -> MaskArray:
    mask = _COLLECT_MASKS.get(legal)
    if mask is None:
        buffer = bytearray(ACTION_SIZE)
        for action in legal:
            buffer[_COLLECT_INDEX[action]] = 1
        mask = _COLLECT_MASKS[legal] = np.frombuffer(bytes(buffer), dtype=np.int8)
    return mask


# ---------------------------------------------------------------------------------------
# The observation written from the state

_OFF = layout.OFFSET
_STEPS = (-layout.ROW, layout.ROW, -layout.COLUMN, layout.COLUMN)
"""Cell-code steps of ``_DIRECTIONS``: -x, +x, -y, +y."""
_CHANCE_PHASES = (dw.Phase.DEAL, dw.Phase.DRAW)


def _head(key: tuple[int, int, int, int, int, int]) -> list[float]:
    """players, seat, phase, mover, chance_acts, first_player (dealt is written apart)."""
    n, me, phase, turn, first, chance = key
    out = [0.0] * (_DEALT - _PLAYERS)
    out[_PLAYERS + n - 2] = 1.0
    out[_SEAT + me] = 1.0
    out[_PHASE + phase] = 1.0
    out[_MOVER + (turn - me) % n] = 1.0
    out[_CHANCE] = float(chance)
    out[_FIRST + (first - me) % n] = 1.0
    return out


def _rel_seats(key: tuple[tuple[int, ...], tuple[int, ...], int]) -> list[float]:
    """hand_counts then scores, rel seats."""
    counts, scores, me = key
    n = len(counts)
    out = [0.0] * (2 * SEATS)
    for seat in range(n):
        out[(seat - me) % n] = counts[seat]
        out[SEATS + (seat - me) % n] = scores[seat]
    return out


class DweebiesWriter:
    """Writes Dweebies' vector from a state (``encodings.StateWriter``).

    It reads what ``Dweebies.view(state, seat)`` shows the seat: the table, the legal
    cells, the row and column on offer, scores, the last placement, its own hand, and the
    sizes of the other hands and of the pile — never their cards. The table's part of the
    vector (window, table, cells: the same for every seat) is rewritten only when the table
    or the legal cells changed.
    """

    def __init__(self, scale: Scale) -> None:
        u = scale.unit
        self._u = u
        blocks = scale.blocks
        self._head = blocks(_PLAYERS, _head)
        self._rel_seats = blocks(_HAND_COUNTS, _rel_seats)
        self._zeros = array.array("f", bytes(4 * (OBSERVATION_SIZE - _WINDOW)))
        self._grid: Any = None
        self._reference: tuple[list[int], int, int] = ([], 0, 0)
        self._cards: dict[int, tuple[int, bytes]] = {}
        """Per card, keyed by its place relative to the reference cell and its kind
        (``(code - reference code) * 32 + kind``): its window index (-1 outside) and its
        ``table`` entries, packed ``float32``."""
        self._heads: dict[int, tuple[int, bytes]] = {}
        """Per legal cell relative to the reference cell: its ``window_legal`` index (-1
        outside) and its slot's present, dx, dy entries, packed."""
        self._runs: dict[int, bytes] = {}
        """Per legal cell code: its slot's runs, packed, for the table ``_runs_table``."""
        self._runs_table: dict[int, int] | None = None

    def write(self, state: dw.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol)."""
        me = seat
        n = state.players
        p = previous
        u = self._u
        phase = state.phase
        out[_PLAYERS:_DEALT] = self._head[
            n, me, phase, state.turn, state.first, phase in _CHANCE_PHASES
        ]
        out[_DEALT] = state.dealt * u[_DEALT]
        hands = state.hands
        if p is None or hands is not p.hands or state.scores is not p.scores:
            # Hands and the last placement take too many values for a block cache.
            out[_HAND:_SELECTED] = self._zeros[: _SELECTED - _HAND]
            hand = hands[me]
            for card in set(hand):
                out[_HAND + card - 1] = hand.count(card) * u[_HAND]
            out[_HAND_COUNTS:_PILE_SIZE] = self._rel_seats[tuple(map(len, hands)), state.scores, me]
        table = state.table.cells
        out[_PILE_SIZE] = len(state.pile) * u[_PILE_SIZE]
        out[_ROW_LENGTH] = len(state.row) * u[_ROW_LENGTH]
        out[_COLUMN_LENGTH] = len(state.column) * u[_COLUMN_LENGTH]
        if state.table is not self._grid:
            # The layout's sorted cells and reference cell, once per table (kept with it).
            codes = sorted(table)
            if codes:
                ys = [code & 0xFF for code in codes]
                ox = ((codes[0] >> 8) + (codes[-1] >> 8)) // 2 - _OFF
                oy = (min(ys) + max(ys)) // 2 - _OFF
                self._reference = (codes, ox, oy)
            else:
                self._reference = (codes, 0, 0)
            self._grid = state.table
        codes, ox, oy = self._reference
        out[_LAST_SEAT:_WINDOW] = self._zeros[: _WINDOW - _LAST_SEAT]
        last = state.last
        if last is not None:
            by, card, cell, taken = last
            out[_LAST_SEAT + (by - me) % n] = u[_LAST_SEAT]
            out[_LAST_CARD + card - 1] = u[_LAST_CARD]
            out[_LAST_CELL] = ((cell >> 8) - _OFF - ox) * u[_LAST_CELL]
            out[_LAST_CELL + 1] = ((cell & 0xFF) - _OFF - oy) * u[_LAST_CELL + 1]
            out[_LAST_TAKEN] = taken * u[_LAST_TAKEN]
        if (
            p is not None
            and state.table is p.table
            and state.cells is p.cells
            and state.groups is p.groups
        ):
            return
        out[_TABLE_SIZE] = len(table) * u[_TABLE_SIZE]
        out[_GROUPS] = (max(1, len(state.groups)) if table else 0) * u[_GROUPS]
        out[_LEGAL_COUNT] = len(state.cells) * u[_LEGAL_COUNT]
        out[_WINDOW:] = self._zeros
        self._table(out, table, codes, state.cells, ox, oy)

    def _table(
        self,
        out: Buffer,
        table: dict[int, int],
        codes: list[int],
        legal: tuple[int, ...],
        ox: int,
        oy: int,
    ) -> None:
        """The window, outside, table and cells blocks (already zeroed).

        Entries are copied as packed ``float32`` bytes: a card's and a legal cell's
        position entries are kept by their place relative to the reference cell, a legal
        cell's runs by its cell while no card next to them changed (:meth:`_forget_runs`).
        """
        if table is not self._runs_table:
            self._forget_runs(table)
        u = self._u
        uw, ul = u[_WINDOW], u[_WINDOW_LEGAL]
        origin = (ox + _OFF) * layout.STRIDE + oy + _OFF
        outside = 0
        entries = self._cards
        if len(entries) > 1 << 15:
            entries.clear()
        cards: list[bytes] = []
        for code in codes:
            kind = table[code]
            key = (code - origin) * 32 + kind
            entry = entries.get(key)
            if entry is None:
                entry = entries[key] = self._card(code, kind, ox, oy)
            at, packed = entry
            if at >= 0:
                out[at] = kind * uw
            else:
                outside += 1
            cards.append(packed)
        bytes_of = memoryview(out).cast("B")
        if cards:
            packed = b"".join(cards)
            bytes_of[4 * _TABLE : 4 * _TABLE + len(packed)] = packed
        out[_OUTSIDE] = outside * u[_OUTSIDE]
        if not legal:
            return
        heads = self._heads
        runs = self._runs
        if len(runs) > 4 * len(legal) + 256:
            runs.clear()  # cells no longer legal pile up over a long match
        values: list[bytes] = []
        for code in legal:
            head = heads.get(code - origin)
            if head is None:
                head = heads[code - origin] = self._head_of(code, ox, oy)
            at, packed = head
            if at >= 0:
                out[at] = ul
            values.append(packed)
            found = runs.get(code)
            if found is None:
                found = runs[code] = self._runs_of(code, table)
            values.append(found)
        packed = b"".join(values)
        bytes_of[4 * _CELLS : 4 * _CELLS + len(packed)] = packed

    def _forget_runs(self, table: dict[int, int]) -> None:
        """Keep the runs of the legal cells that ``table`` leaves as they were.

        A cell's run one way changes only if the first cell that way whose card changed
        (placed, removed or replaced) is reached through cards present in both tables: so
        from each changed cell, walk each way over cells holding a card in either table;
        the first cell that holds none in both is the only legal cell there whose run may
        change. The changed cells are dropped too (a cell emptied may become legal).
        """
        before = self._runs_table
        self._runs_table = table
        runs = self._runs
        if before is None or not runs:
            runs.clear()
            return
        changed = table.items() ^ before.items()
        if len(changed) > 16:
            runs.clear()
            return
        pop = runs.pop
        for code, _ in changed:
            pop(code, None)
            for step in _STEPS:
                cell = code + step
                while cell in table or cell in before:
                    cell += step
                pop(cell, None)

    def _card(self, code: int, kind: int, ox: int, oy: int) -> tuple[int, bytes]:
        """A card's window entry index (-1 outside) and its ``table`` entries, packed."""
        ut = self._u[_TABLE]
        dx, dy, at = _place(code, ox, oy)
        at = _WINDOW + at if at >= 0 else at
        return at, array.array("f", (ut, dx * ut, dy * ut, kind * ut)).tobytes()

    def _head_of(self, code: int, ox: int, oy: int) -> tuple[int, bytes]:
        """A legal cell's ``window_legal`` index (-1 outside) and its present, dx, dy."""
        uc = self._u[_CELLS]
        dx, dy, at = _place(code, ox, oy)
        at = _WINDOW_LEGAL + at if at >= 0 else at
        return at, array.array("f", (uc, dx * uc, dy * uc)).tobytes()

    def _runs_of(self, code: int, table: dict[int, int]) -> bytes:
        """A legal cell's runs (length, far kind) each way, packed."""
        uc = self._u[_CELLS]
        slot: list[float] = []
        for step in _STEPS:
            length = 0
            cell = code + step
            while cell in table:
                length += 1
                cell += step
            slot += (length * uc, table[cell - step] * uc if length else 0.0)
        return array.array("f", slot).tobytes()


def _place(code: int, ox: int, oy: int) -> tuple[int, int, int]:
    """A cell's ``dx, dy`` from the reference cell and its index in a window block (-1
    outside the window).
    """
    dx = (code >> 8) - _OFF - ox
    dy = (code & 0xFF) - _OFF - oy
    if -RADIUS <= dx <= RADIUS and -RADIUS <= dy <= RADIUS:
        return dx, dy, WIDTH * (dx + RADIUS) + dy + RADIUS
    return dx, dy, -1


def reference_cell(view: View) -> tuple[int, int]:
    """The centre of the layout's bounding box; ``(0, 0)`` on an empty table."""
    table = view["table"]
    if not table:
        return 0, 0
    xs = [x for x, _, _ in table]
    ys = [y for _, y, _ in table]
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
