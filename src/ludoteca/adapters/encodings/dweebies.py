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
    from_view,
)
from ludoteca.adapters.encodings import dweebies_observation as observation
from ludoteca.adapters.encodings.dweebies_observation import (
    KIND_OF,
    KINDS,
    SELECTED,
    DweebiesWriter,
)
from ludoteca.engine.game import Options, View
from ludoteca.games.dweebies.actions import (
    COLLECT_BOTH,
    COLLECT_CHOICES,
    COLLECT_COLUMN,
    COLLECT_NONE,
    COLLECT_ROW,
    PLACES,
    Place,
)
from ludoteca.games.dweebies.cards import CODES

GAME_ID = "dweebies"
LAYOUT = observation.LAYOUT
"""The observation's blocks, in order (the table above)."""
OBSERVATION_SIZE = observation.OBSERVATION_SIZE
SLOT = observation.SLOT
"""Entries per legal cell slot."""
MAX_CELLS = observation.MAX_CELLS
"""Legal cell slots: every legal cell is next to a card, and each card has four neighbours."""

# ---------------------------------------------------------------------------------------
# Action space

SELECT = 0
"""``SELECT + d - 1``: select Dweebie ``d``."""
PLACE = SELECT + KINDS
"""``PLACE + i``: place the selected Dweebie on legal cell ``i``."""
COLLECT = PLACE + MAX_CELLS
ACTION_SIZE = COLLECT + len(COLLECT_CHOICES)
_COLLECTS = (COLLECT_ROW, COLLECT_COLUMN, COLLECT_BOTH, COLLECT_NONE)
_COLLECT_INDEX = {action: COLLECT + i for i, action in enumerate(_COLLECTS)}

ACTION_LABELS: tuple[str, ...] = (
    tuple(f"select {CODES[d]}" for d in range(1, KINDS + 1))
    + tuple(f"place on legal cell {i}" for i in range(MAX_CELLS))
    + tuple(str(action) for action in _COLLECTS)
)
"""A short text per action number."""


# ---------------------------------------------------------------------------------------
# The encoding


class DweebiesEncoding:
    """Dweebies' encoding (see the module docstring for both layouts)."""

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True
    """With the engine's legal lists, the mask and decoding read no view."""

    def __init__(self) -> None:
        self.observation_low: ObservationArray = LAYOUT.lows()
        self.observation_high: ObservationArray = LAYOUT.highs()
        self._view_writer: DweebiesWriter | None = None

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is (written by the same
        :class:`DweebiesWriter` as the vector from the state).

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator).
            draft: ``(d,)`` once Dweebie ``d`` is selected to place, else empty.

        Returns:
            A ``float32`` array of :data:`OBSERVATION_SIZE` entries.

        Raises:
            ValueError: For a spectator's view (it has no seat to be relative to).
        """
        seat = view["seat"]
        if seat is None or seat < 0:
            raise ValueError("the Dweebies encoding needs a seat's view, not a spectator's")
        if self._view_writer is None:
            self._view_writer = DweebiesWriter(Scale(self, scaled=False))
        return from_view(self._view_writer, OBSERVATION_SIZE, view, self.draft_entries(draft))

    def draft_entries(self, draft: Draft) -> list[int]:
        """The ``selected`` entry the draft sets (``encodings.Observer``)."""
        return [SELECTED + draft[0] - 1] if draft else []

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
        if isinstance(legal, tuple) and not isinstance(legal[0], Place):
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
            for card in {KIND_OF[code] for code in view["hand"]}:
                if Place(card, x, y) in legal:
                    mask[SELECT + card - 1] = 1
            return mask
        card = draft[0]
        if len(cells) > MAX_CELLS:
            raise KeyError(f"{len(cells)} legal cells: more than the {MAX_CELLS} slots")
        for index, (x, y) in enumerate(cells):
            if Place(card, x, y) in legal:
                mask[PLACE + index] = 1
        return mask

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """*Select d* sets the draft; *place i* places it on legal cell ``i`` (read from the
        engine's lazy placements, else from the view).
        """
        if index < PLACE or index >= COLLECT:
            return _FIXED[index]
        identity = getattr(legal, "identity", None)
        if identity is not None:
            return _DECODED_PLACES[draft[0] << 16 | identity()[1][index - PLACE]]
        x, y = view["legal_cells"][index - PLACE]
        return Decoded(Place(draft[0], x, y), EMPTY_DRAFT)

    def encode(self, action: Any, view: View | None = None) -> tuple[int, ...]:
        """The numbers that play ``action``: a collect's one, or a placement's two.

        Args:
            action: A seat's engine action.
            view: The placing seat's view; needed for a ``Place``.

        Raises:
            KeyError: For a chance action, a ``Place`` without the view, or on a cell that
                is not legal in it.
        """
        if isinstance(action, Place):
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


class _DecodedPlaces(dict[int, Decoded]):
    """The meaning of a place number by ``card << 16 | cell``: the engine's interned
    ``Place`` (``actions.PLACES``), made on first use.
    """

    def __missing__(self, key: int) -> Decoded:
        found = self[key] = Decoded(PLACES[key], EMPTY_DRAFT)
        return found


_DECODED_PLACES = _DecodedPlaces()
_FIXED: dict[int, Decoded] = {
    **{SELECT + d - 1: Decoded(None, (d,)) for d in range(1, KINDS + 1)},
    **{COLLECT + i: Decoded(action, EMPTY_DRAFT) for i, action in enumerate(_COLLECTS)},
}
"""The meaning of every select and collect number, made once."""
_SELECT_MASKS: dict[tuple[int, ...], MaskArray] = {}
"""Empty-draft placement masks by the cards held (the selects they open)."""
_PLACE_MASKS: dict[int, MaskArray] = {}
"""A selected card's masks by the number of legal cells."""


def _placement_mask(cards: tuple[int, ...], cells: tuple[int, ...], draft: Draft) -> MaskArray:
    """The mask of the engine's placements: every card of ``cards`` on every cell (kept
    by the cards for the selects, by the cells' count for the places).
    """
    if not draft:
        mask = _SELECT_MASKS.get(cards)
        if mask is None:
            buffer = bytearray(ACTION_SIZE)
            for card in cards:
                buffer[SELECT + card - 1] = 1
            if len(_SELECT_MASKS) >= 4096:
                _SELECT_MASKS.clear()
            mask = _SELECT_MASKS[cards] = np.frombuffer(bytes(buffer), dtype=np.int8)
        return mask
    if draft[0] not in cards:
        return _NO_ACTION
    count = len(cells)
    mask = _PLACE_MASKS.get(count)
    if mask is None:
        if count > MAX_CELLS:
            raise KeyError(f"{count} legal cells: more than the {MAX_CELLS} slots")
        buffer = bytearray(ACTION_SIZE)
        buffer[PLACE : PLACE + count] = b"\x01" * count
        mask = _PLACE_MASKS[count] = np.frombuffer(bytes(buffer), dtype=np.int8)
    return mask


_COLLECT_MASKS: dict[tuple[Any, ...], MaskArray] = {}


def _collect_mask(legal: tuple[Any, ...]) -> MaskArray:
    mask = _COLLECT_MASKS.get(legal)
    if mask is None:
        buffer = bytearray(ACTION_SIZE)
        for action in legal:
            buffer[_COLLECT_INDEX[action]] = 1
        mask = _COLLECT_MASKS[legal] = np.frombuffer(bytes(buffer), dtype=np.int8)
    return mask
