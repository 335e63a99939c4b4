"""Dweebies' observation: its layout and its one writer (``dweebies.DweebiesEncoding``).

The layout is the table in ``dweebies``' module docstring, as data. :class:`DweebiesWriter`
writes the vector block by block; it reads the values a block shows from the engine state
(``encodings.StateWriter``) or from the seat's view (``DweebiesEncoding.observation``), so
the two agree by construction and the adapter tests compare them. Cells are the engine's
cell codes (``games/dweebies/layout``) either way.

The layout's part of the vector (``window`` to the end) is the same for every seat: the
writer keeps it as one image of the last table and legal cells it wrote and copies it into
a seat's buffer with one slice assignment, so the parallel environment builds it once per
step for all seats. A new table is not rewritten: the image is updated from what changed
(a placement adds one card's entries and window entry, the legal cells that came or went
open or close their slots, and the one run of each line end that changed is patched) as
long as the reference cell stays; when it moves (every ``dx, dy`` changes) or many cards
changed, the image is rewritten from entries kept by their place relative to it.
"""

from __future__ import annotations

import array
import struct
from bisect import bisect_left
from collections.abc import Collection
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.layout import Layout
from ludoteca.engine.game import CHANCE, View
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.cards import CODES, DECK, DECK_SIZE, HAND_SIZE, MAX_PLAYERS, NUM_KINDS
from ludoteca.games.dweebies.model import Phase, State

SEATS = MAX_PLAYERS
KINDS = NUM_KINDS
MAX_TABLE = DECK_SIZE
MAX_CELLS = 4 * DECK_SIZE
"""Every legal cell is next to a card and each card has four neighbours."""
REACH = MAX_TABLE + 2
"""Largest ``|dx|`` or ``|dy|``: a layout of k cards spans at most k cells each way."""
RADIUS = 10
WIDTH = 2 * RADIUS + 1
SLOT = 11
"""Entries per legal cell slot."""

_N = float(DECK_SIZE)
_K = float(KINDS)
_R = float(REACH)
LAYOUT = Layout(
    (
        ("players", SEATS - 1, 1.0, "player count one-hot: 2 .. 6"),
        ("seat", SEATS, 1.0, "my absolute seat one-hot"),
        ("phase", len(Phase), 1.0, "deal, place, collect, draw, over"),
        ("mover", SEATS, 1.0, "whose turn it is, rel seats one-hot"),
        ("chance_acts", 1, 1.0, "1 while chance acts"),
        ("first_player", SEATS, 1.0, "the option: who started, rel seats one-hot"),
        ("dealt", 1, float(HAND_SIZE * SEATS), "cards dealt so far"),
        ("hand", KINDS, float(max(DECK)), "my cards, per Dweebie"),
        ("selected", KINDS, 1.0, "the Dweebie selected to place, one-hot"),
        ("hand_counts", SEATS, float(HAND_SIZE), "cards held, rel seats"),
        ("scores", SEATS, _N, "cards collected, rel seats"),
        ("pile_size", 1, _N, "cards in the draw pile"),
        ("table_size", 1, _N, "cards on the table"),
        ("groups", 1, _N, "groups of the layout"),
        ("legal_count", 1, float(MAX_CELLS), "legal cells"),
        ("row_length", 1, _N, "cards of the row on offer"),
        ("column_length", 1, _N, "cards of the column on offer"),
        ("last_seat", SEATS, 1.0, "who placed last, rel seats one-hot"),
        ("last_card", KINDS, 1.0, "the Dweebie placed last, one-hot"),
        ("last_cell", 2, _R, "where it went: dx, dy", -_R),
        ("last_taken", 1, _N, "cards that placement collected"),
        ("window", WIDTH * WIDTH, _K, "kind id per window cell"),
        ("window_legal", WIDTH * WIDTH, 1.0, "legal cells of the window"),
        ("outside", 1, _N, "cards outside the window"),
        ("table", 4 * MAX_TABLE, _R, "present, dx, dy, kind id per card", -_R),
        ("cells", SLOT * MAX_CELLS, _R, "each legal cell slot", -_R),
    )
)
"""The observation's blocks, in order (the table in the ``dweebies`` docstring)."""
OBSERVATION_SIZE = LAYOUT.size
(
    _PLAYERS, _SEAT, _PHASE, _MOVER, _CHANCE, _FIRST, _DEALT, _HAND, _SELECTED, _HAND_COUNTS,
    _PILE_SIZE, _TABLE_SIZE, _GROUPS, _LEGAL_COUNT, _ROW_LENGTH, _COLUMN_LENGTH, _LAST_SEAT,
    _LAST_CARD, _LAST_CELL, _LAST_TAKEN, _WINDOW, _WINDOW_LEGAL, _OUTSIDE, _TABLE, _CELLS,
) = LAYOUT.offsets(
    "players", "seat", "phase", "mover", "chance_acts", "first_player", "dealt", "hand",
    "selected", "hand_counts", "pile_size", "table_size", "groups", "legal_count",
    "row_length", "column_length", "last_seat", "last_card", "last_cell", "last_taken",
    "window", "window_legal", "outside", "table", "cells",
)  # fmt: skip
SELECTED = _SELECTED
"""Offset of the ``selected`` block (the draft's entries)."""

_PHASES = tuple(phase.name.lower() for phase in Phase)
KIND_OF = {CODES[d]: d for d in range(1, KINDS + 1)}
"""Dweebie id by card code, as views show them (``"D07" -> 7``)."""
_OFF = layout.OFFSET
_STEPS = (-layout.ROW, layout.ROW, -layout.COLUMN, layout.COLUMN)
"""Cell-code steps of the four directions of a slot's runs: -x, +x, -y, +y."""
_CHANCE_PHASES = (Phase.DEAL, Phase.DRAW)


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


_AREA = WIDTH * WIDTH
_WINDOW_AT = {
    dx * layout.STRIDE + dy: WIDTH * (dx + RADIUS) + dy + RADIUS
    for dx in range(-RADIUS, RADIUS + 1)
    for dy in range(-RADIUS, RADIUS + 1)
}
"""Index in the image of each window cell's ``window`` entry, by its code minus the
reference cell's; its ``window_legal`` entry is ``_AREA`` further."""
_IMAGE = OBSERVATION_SIZE - _WINDOW
"""Entries of the image: the vector from ``window`` on."""
_GRID_BYTES = 4 * (_TABLE - _WINDOW)
"""Bytes of the image's ``window``, ``window_legal`` and ``outside``."""
_CARDS_AT = _GRID_BYTES
_SLOTS_AT = 4 * (_CELLS - _WINDOW)
_ZEROS = memoryview(bytes(4 * (OBSERVATION_SIZE - _CELLS)))
_CARD = 16
"""Bytes of a card's ``table`` entries."""
_NO_CARD = bytes(_CARD)
_SLOT = 4 * SLOT
"""Bytes of a legal cell's slot."""
_NO_SLOT = bytes(_SLOT)
_FEW = 16
"""Most cells whose card changed that the image is updated for instead of rewritten."""
_PAIR = struct.Struct("<2f")
_NO_RUN = _PAIR.pack(0.0, 0.0)
_NO_RUNS = _NO_RUN * 4
_OTHER_STEPS = tuple(tuple(other for other in _STEPS if other != step) for step in _STEPS)
"""Per way (its index in ``_STEPS``), the three other steps."""


class DweebiesWriter:
    """Writes Dweebies' vector from a state (``encodings.StateWriter``) or from a view.

    From a state it reads what ``Dweebies.view(state, seat)`` shows the seat: the table,
    the legal cells, the row and column on offer, scores, the last placement, its own
    hand, and the sizes of the other hands and of the pile — never their cards.

    The layout's part of the vector (``window`` to the end: the same for every seat) is
    kept as one image of the last table and legal cells written — the grid (``window``,
    ``window_legal``, ``outside``), then the ``table`` block's cards and the ``cells``
    block's slots, packed ``float32`` — and copied into a seat's buffer with one slice
    assignment. A new table updates the image in place when few cards changed and the
    reference cell stayed: each changed card's 16 bytes are inserted into or removed from
    the sorted cards (a ``memmove``) and its window entry set or cleared; each legal cell
    that came or went likewise; then the slots whose runs may have changed are rewritten
    (:meth:`_forget_runs`), or, for placements, the one run of each line end patched
    (:meth:`_placement_runs`). Otherwise the image is rewritten whole, from a card's
    entries kept by its place relative to the reference cell and its kind, a slot's
    present, dx, dy by its place, and its runs by its cell while no card next to them
    changed.
    """

    def __init__(self, scale: Scale) -> None:
        u = scale.unit
        self._u = u
        blocks = scale.blocks
        self._head = blocks(_PLAYERS, _head)
        self._rel_seats = blocks(_HAND_COUNTS, _rel_seats)
        self._zeros = array.array("f", bytes(4 * (_WINDOW - _LAST_SEAT)))
        self._shown: tuple[Any, Any, Any] = (None, None, None)
        """The state's table, legal cells and groups the image shows (by identity)."""
        self._table: dict[int, int] | None = None
        """The table the image shows."""
        self._codes: list[int] = []
        """Its cells, sorted."""
        self._ys = (0, 0)
        """The least and greatest ``y`` code of its cells."""
        self._origin = -1
        """The code of its reference cell."""
        self._reference = (0, 0)
        self._image = array.array("f", bytes(4 * _IMAGE))
        self._bytes = memoryview(self._image).cast("B")
        self._outside = 0
        self._cards_end = _CARDS_AT
        """Where the cards of the image's ``table`` block end (a byte offset)."""
        self._legal: list[int] = []
        """The legal cells the image shows, sorted."""
        self._legal_set: set[int] = set()
        self._slots_end = _SLOTS_AT
        """Where the slots of its ``cells`` block end."""
        self._kinds = [kind * u[_WINDOW] for kind in range(KINDS + 1)]
        self._entries: dict[int, tuple[int, float, bytes]] = {}
        """Per card, keyed by its place relative to the reference cell and its kind
        (``(code - reference code) * 32 + kind``): :meth:`_entry`."""
        self._heads: dict[int, tuple[int, bytes]] = {}
        """Per legal cell relative to the reference cell: :meth:`_head_of`."""
        self._runs: dict[int, bytes] = {}
        """Per legal cell code: its slot's runs in the image's table, packed."""
        self._run_bytes: dict[int, bytes] = {}
        """A run's length and far kind id, packed, by ``length * 32 + kind``."""

    def write(self, state: State, seat: int, out: Buffer, previous: Any) -> None:
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
            hand = hands[me]
            if p is None or hand is not p.hands[me]:
                self._write_hand(out, hand)
            out[_HAND_COUNTS:_PILE_SIZE] = self._rel_seats[tuple(map(len, hands)), state.scores, me]
        out[_PILE_SIZE] = len(state.pile) * u[_PILE_SIZE]
        out[_ROW_LENGTH] = len(state.row) * u[_ROW_LENGTH]
        out[_COLUMN_LENGTH] = len(state.column) * u[_COLUMN_LENGTH]
        grid = state.table
        legal = state.cells
        groups = state.groups
        last = state.last
        shown_grid, shown_legal, shown_groups = self._shown
        if grid is not shown_grid or legal is not shown_legal or groups is not shown_groups:
            self._update(grid.cells, legal, None if last is None else last[2])
            self._shown = (grid, legal, groups)
        self._write_last(out, last, me, n)
        if p is not None and grid is p.table and legal is p.cells and groups is p.groups:
            return
        table = self._codes
        self._copy_layout(out, len(table), max(1, len(groups)) if table else 0, len(legal))

    def write_view(self, view: View, out: Buffer) -> None:
        """Write the vector of a seat's ``view`` (empty draft) into ``out``, all zeros.

        The same blocks as :meth:`write`, from the same values read from the view (its
        cells turned into cell codes).
        """
        me: int = view["seat"]
        n: int = view["players"]
        phase = _PHASES.index(view["phase"])
        out[_PLAYERS:_DEALT] = self._head[
            n, me, phase, view["turn"], view["first_player"], CHANCE in view["actors"]
        ]
        out[_DEALT] = view["dealt"] * self._u[_DEALT]
        self._write_hand(out, tuple(KIND_OF[code] for code in view["hand"]))
        out[_HAND_COUNTS:_PILE_SIZE] = self._rel_seats[
            tuple(view["hand_counts"]), tuple(view["scores"]), me
        ]
        self._write_counts(out, view["pile_size"], len(view["row"]), len(view["column"]))
        table = {layout.cell(x, y): KIND_OF[code] for x, y, code in view["table"]}
        last = view["last"]
        if last is not None:
            cell = layout.cell(*last["cell"])
            last = (last["seat"], KIND_OF[last["card"]], cell, last["taken"])
        legal = tuple(layout.cell(x, y) for x, y in view["legal_cells"])
        self._update(table, legal, None if last is None else last[2])
        self._shown = (None, None, None)
        self._write_last(out, last, me, n)
        self._copy_layout(out, len(table), view["groups"], len(legal))

    def _write_hand(self, out: Buffer, hand: tuple[int, ...]) -> None:
        """My cards, per Dweebie (hands take too many values for a block cache)."""
        u = self._u[_HAND]
        out[_HAND:_SELECTED] = self._zeros[: _SELECTED - _HAND]
        for card in set(hand):
            out[_HAND + card - 1] = hand.count(card) * u

    def _write_counts(self, out: Buffer, pile: int, row: int, column: int) -> None:
        """pile_size, row_length, column_length."""
        u = self._u
        out[_PILE_SIZE] = pile * u[_PILE_SIZE]
        out[_ROW_LENGTH] = row * u[_ROW_LENGTH]
        out[_COLUMN_LENGTH] = column * u[_COLUMN_LENGTH]

    def _write_last(
        self, out: Buffer, last: tuple[int, int, int, int] | None, me: int, n: int
    ) -> None:
        """The last placement: seat, card, cell from the reference cell, cards taken."""
        out[_LAST_SEAT:_WINDOW] = self._zeros
        if last is not None:
            u = self._u
            ox, oy = self._reference
            by, card, cell, taken = last
            out[_LAST_SEAT + (by - me) % n] = u[_LAST_SEAT]
            out[_LAST_CARD + card - 1] = u[_LAST_CARD]
            out[_LAST_CELL] = ((cell >> 8) - _OFF - ox) * u[_LAST_CELL]
            out[_LAST_CELL + 1] = ((cell & 0xFF) - _OFF - oy) * u[_LAST_CELL + 1]
            out[_LAST_TAKEN] = taken * u[_LAST_TAKEN]

    def _copy_layout(self, out: Buffer, cards: int, groups: int, legal: int) -> None:
        """table_size, groups, legal_count, then the image (window to the end)."""
        u = self._u
        out[_TABLE_SIZE] = cards * u[_TABLE_SIZE]
        out[_GROUPS] = groups * u[_GROUPS]
        out[_LEGAL_COUNT] = legal * u[_LEGAL_COUNT]
        out[_WINDOW:] = self._image

    def _open(self, at: int, end: int, packed: bytes) -> None:
        """Insert ``packed`` at byte ``at`` of a block whose used bytes end at ``end``."""
        image = self._bytes
        size = len(packed)
        image[at + size : end + size] = image[at:end]
        image[at : at + size] = packed

    def _close(self, at: int, end: int, size: int) -> None:
        """Remove ``size`` bytes at ``at`` from a block whose used bytes end at ``end``."""
        image = self._bytes
        image[at : end - size] = image[at + size : end]
        image[end - size : end] = _ZEROS[:size]

    def _fill(self, at: int, end: int, packed: bytes) -> int:
        """Make ``packed`` a block's used bytes (they ended at ``end``); return their end."""
        image = self._bytes
        new_end = at + len(packed)
        image[at:new_end] = packed
        if new_end < end:
            image[new_end:end] = _ZEROS[: end - new_end]
        return new_end

    def _update(self, table: dict[int, int], legal: tuple[int, ...], placed: int | None) -> None:
        """Make the image show ``table`` and ``legal`` (sorted).

        The image's table plus cards (placements) is updated card by card
        (:meth:`_placement_runs`); any other change of a few cards through
        :meth:`_forget_runs`; both rewrite the image if the reference cell moved.

        Args:
            table: The table.
            legal: Its legal cells, sorted.
            placed: The cell of the last placement, if any: when ``table`` is the image's
                table plus that card (the usual step), it is found without comparing all.
        """
        before = self._table
        self._table = table
        if before is None:
            self._runs.clear()
            self._rewrite(table, legal)
            return
        if (
            placed is not None
            and len(table) == len(before) + 1
            and placed in table
            and placed not in before
            and before.items() <= table.items()
        ):
            patches = self._placement_runs(placed, table)
            if self._place_card(placed, table[placed]):
                self._move_legal(legal, table, (), patches)
            else:
                self._rewrite(table, legal)
            return
        if len(table) > len(before) and before.items() <= table.items():
            added = table.keys() - before.keys()
            if len(added) <= _FEW:
                # Several placements (a Gymnasium step: the bots' too): one at a time.
                patches = []
                grown = dict(before)
                for code in added:
                    grown[code] = table[code]
                    patches += self._placement_runs(code, grown)
                if self._move_cards(added, table, before):
                    self._move_legal(legal, table, (), patches)
                else:
                    self._rewrite(table, legal)
                return
        changed = {code for code, _ in table.items() ^ before.items()}
        if len(changed) > _FEW:
            self._runs.clear()
            self._rewrite(table, legal)
            return
        touched = self._forget_runs(changed, table, before)
        if self._move_cards(changed, table, before):
            self._move_legal(legal, table, touched, [])
        else:
            self._rewrite(table, legal)

    def _rewrite(self, table: dict[int, int], legal: tuple[int, ...]) -> None:
        """Write the whole image (its runs kept: :meth:`_forget_runs` ran for ``table``)."""
        codes = sorted(table)
        self._codes = codes
        if codes:
            ys = [code & 0xFF for code in codes]
            self._ys = (min(ys), max(ys))
        origin = self._set_origin()
        image = self._image
        self._bytes[:_GRID_BYTES] = _ZEROS[:_GRID_BYTES]
        entries = self._entries
        if len(entries) > 1 << 15:
            entries.clear()
        parts: list[bytes] = []
        append = parts.append
        outside = 0
        for code in codes:
            kind = table[code]
            entry = entries.get((code - origin) * 32 + kind)
            if entry is None:
                entry = self._entry(code, kind, origin)
            at, value, packed = entry
            if at < 0:
                outside += 1
            else:
                image[at] = value
            append(packed)
        self._outside = outside
        image[_AREA * 2] = outside * self._u[_OUTSIDE]
        self._cards_end = self._fill(_CARDS_AT, self._cards_end, b"".join(parts))
        self._legal = list(legal)
        self._legal_set = set(legal)
        ul = self._u[_WINDOW_LEGAL]
        heads = self._heads
        runs = self._runs
        parts.clear()
        for code in legal:
            head = heads.get(code - origin)
            if head is None:
                head = self._head_of(code, origin)
            at, packed = head
            if at >= 0:
                image[at] = ul
            append(packed)
            found = runs.get(code)
            if found is None:
                found = self._runs_of(code, table)
            append(found)
        self._slots_end = self._fill(_SLOTS_AT, self._slots_end, b"".join(parts))

    def _set_origin(self) -> int:
        """Set the reference cell, the centre of the image's cards' bounding box (``(0, 0)``
        on an empty table); return its code.
        """
        codes = self._codes
        if codes:
            ymin, ymax = self._ys
            ox = ((codes[0] >> 8) + (codes[-1] >> 8)) // 2 - _OFF
            oy = (ymin + ymax) // 2 - _OFF
        else:
            ox = oy = 0
        self._reference = (ox, oy)
        self._origin = (ox + _OFF) * layout.STRIDE + oy + _OFF
        return self._origin

    def _place_card(self, code: int, kind: int) -> bool:
        """Add one card to the image (the usual step, :meth:`_move_cards` for one added
        card); return ``False`` (the image is to be rewritten) if the reference cell moved.
        """
        codes = self._codes
        i = bisect_left(codes, code)
        y = code & 0xFF
        if codes:
            ymin, ymax = self._ys
            self._ys = (min(ymin, y), max(ymax, y))
        else:
            self._ys = (y, y)
        codes.insert(i, code)
        end = self._cards_end
        self._cards_end = end + _CARD
        origin = self._origin
        if self._set_origin() != origin:
            return False
        entry = self._entries.get((code - origin) * 32 + kind)
        if entry is None:
            entry = self._entry(code, kind, origin)
        at, value, packed = entry
        self._open(_CARDS_AT + _CARD * i, end, packed)
        if at < 0:
            self._outside += 1
            self._image[_AREA * 2] = self._outside * self._u[_OUTSIDE]
        else:
            self._image[at] = value
        return True

    def _move_cards(self, changed: set[int], table: dict[int, int], before: dict[int, int]) -> bool:
        """Update the cards and their window entries for the cells in ``changed``; return
        ``False`` (the image is to be rewritten) if the reference cell moved.
        """
        codes = self._codes
        ymin, ymax = self._ys
        recount = False
        end = self._cards_end
        for code in changed:
            i = bisect_left(codes, code)
            if code not in table:
                del codes[i]
                self._close(_CARDS_AT + _CARD * i, end, _CARD)
                end -= _CARD
                recount = recount or (code & 0xFF) in (ymin, ymax)
            elif code not in before:
                codes.insert(i, code)
                self._open(_CARDS_AT + _CARD * i, end, _NO_CARD)  # written below
                end += _CARD
                y = code & 0xFF
                if len(codes) == 1:
                    ymin = ymax = y
                elif y < ymin:
                    ymin = y
                elif y > ymax:
                    ymax = y
        if recount and codes:
            ys = [code & 0xFF for code in codes]
            ymin, ymax = min(ys), max(ys)
        self._ys = (ymin, ymax)
        self._cards_end = end
        origin = self._origin
        if self._set_origin() != origin:
            return False
        grid = self._image
        image = self._bytes
        outside = self._outside
        for code in changed:
            at = _WINDOW_AT.get(code - origin)
            kind = table.get(code)
            if kind is None:
                if at is None:
                    outside -= 1
                else:
                    grid[at] = 0.0
                continue
            at_card = _CARDS_AT + _CARD * bisect_left(codes, code)
            image[at_card : at_card + _CARD] = self._entry(code, kind, origin)[2]
            if at is not None:
                grid[at] = self._kinds[kind]
            elif code not in before:
                outside += 1
        self._outside = outside
        grid[_AREA * 2] = outside * self._u[_OUTSIDE]
        return True

    def _move_legal(
        self,
        legal: tuple[int, ...],
        table: dict[int, int],
        touched: Collection[int],
        patches: list[tuple[int, int, bytes]],
    ) -> None:
        """Update the slots and ``window_legal`` entries for the cells that became or
        stopped being legal, then rewrite the slots of the cells in ``touched`` and patch
        those in ``patches`` (cell, byte offset in its slot, bytes) that stay legal.
        """
        shown = self._legal_set
        flips = shown.symmetric_difference(legal)
        origin = self._origin
        grid = self._image
        image = self._bytes
        order = self._legal
        end = self._slots_end
        ul = self._u[_WINDOW_LEGAL]
        for code in flips:
            i = bisect_left(order, code)
            at = _SLOTS_AT + _SLOT * i
            window = _WINDOW_AT.get(code - origin)
            if code in shown:  # no longer legal: close its slot's gap
                del order[i]
                image[at : end - _SLOT] = image[at + _SLOT : end]
                end -= _SLOT
                image[end : end + _SLOT] = _NO_SLOT
                if window is not None:
                    grid[_AREA + window] = 0.0
            else:  # newly legal: open a gap for its slot
                order.insert(i, code)
                image[at + _SLOT : end + _SLOT] = image[at:end]
                end += _SLOT
                image[at : at + _SLOT] = self._slot(code, table, origin)
                if window is not None:
                    grid[_AREA + window] = ul
        self._slots_end = end
        shown ^= flips
        for code in touched:
            if code in shown and code not in flips:
                at = _SLOTS_AT + _SLOT * bisect_left(order, code)
                image[at : at + _SLOT] = self._slot(code, table, origin)
        for code, offset, packed in patches:
            if code in shown and code not in flips:
                at = _SLOTS_AT + _SLOT * bisect_left(order, code) + offset
                image[at : at + 8] = packed

    def _entry(self, code: int, kind: int, origin: int) -> tuple[int, float, bytes]:
        """A card's window entry (its index, -1 outside; its value) and its ``table``
        entries (present, dx, dy, kind id), packed; kept by place and kind.
        """
        key = (code - origin) * 32 + kind
        entry = self._entries.get(key)
        if entry is None:
            ut = self._u[_TABLE]
            dx = (code >> 8) - (origin >> 8)
            dy = (code & 0xFF) - (origin & 0xFF)
            packed = array.array("f", (ut, dx * ut, dy * ut, kind * ut)).tobytes()
            entry = (_WINDOW_AT.get(code - origin, -1), self._kinds[kind], packed)
            self._entries[key] = entry
        return entry

    def _head_of(self, code: int, origin: int) -> tuple[int, bytes]:
        """A legal cell's ``window_legal`` index (-1 outside) and its slot's present, dx,
        dy, packed; kept by place.
        """
        if len(self._heads) > 1 << 15:
            self._heads.clear()
        uc = self._u[_CELLS]
        dx = (code >> 8) - (origin >> 8)
        dy = (code & 0xFF) - (origin & 0xFF)
        at = _WINDOW_AT.get(code - origin, -1 - _AREA) + _AREA
        head = self._heads[code - origin] = (at, array.array("f", (uc, dx * uc, dy * uc)).tobytes())
        return head

    def _slot(self, code: int, table: dict[int, int], origin: int) -> bytes:
        """A legal cell's slot: present, dx, dy, then its runs (kept by cell)."""
        head = self._heads.get(code - origin)
        if head is None:
            head = self._head_of(code, origin)
        runs = self._runs.get(code)
        if runs is None:
            runs = self._runs_of(code, table)
        return head[1] + runs

    def _forget_runs(
        self, changed: set[int], table: dict[int, int], before: dict[int, int]
    ) -> set[int]:
        """Drop the kept runs that ``table`` may change from ``before``; return the cells.

        A cell's run one way changes only if the first cell that way whose card changed
        (placed, removed or replaced) is reached through cards present in both tables: so
        from each changed cell, walk each way over cells holding a card in either table;
        the first cell that holds none in both is the only empty cell there whose run may
        change. The changed cells are dropped too (a cell emptied may become legal).
        """
        pop = self._runs.pop
        touched = set(changed)
        for code in changed:
            pop(code, None)
            for step in _STEPS:
                cell = code + step
                while cell in table or cell in before:
                    cell += step
                pop(cell, None)
                touched.add(cell)
        return touched

    def _placement_runs(self, placed: int, table: dict[int, int]) -> list[tuple[int, int, bytes]]:
        """Update the kept runs for ``table``, the image's table plus a card on ``placed``;
        return the patches of the slots whose runs it changed.

        Only the first empty cell each way from ``placed`` sees a run change, and only the
        run back towards ``placed``: it now goes through the cards up to ``placed``, the
        card placed, and the cards beyond it (``_forget_runs``' argument, for one card).
        """
        runs = self._runs
        pairs = self._run_bytes
        runs.pop(placed, None)
        lengths = []
        for step in _STEPS:
            cell = placed + step
            while cell in table:
                cell += step
            lengths.append((cell - placed) // step - 1)
        patches = []
        for way, step in enumerate(_STEPS):
            end = placed + (lengths[way] + 1) * step
            back = way ^ 1  # _STEPS holds each way's opposite next to it
            others = _OTHER_STEPS[back]
            beyond = lengths[back]
            key = (lengths[way] + 1 + beyond) * 32 + table[placed - beyond * step]
            pair = pairs.get(key) or self._pair(key)
            kept = runs.get(end)
            if kept is not None:
                runs[end] = kept[: 8 * back] + pair + kept[8 * back + 8 :]
            elif (
                not lengths[way]
                and end + others[0] not in table
                and end + others[1] not in table
                and end + others[2] not in table
            ):  # a cell next to this card only: its runs are this one
                runs[end] = _NO_RUNS[: 8 * back] + pair + _NO_RUNS[8 * back + 8 :]
            patches.append((end, 12 + 8 * back, pair))
        if len(runs) > 4 * MAX_CELLS:
            runs.clear()  # cells no longer legal pile up over a long match
        return patches

    def _pair(self, key: int) -> bytes:
        """A run's length and far kind id, packed, by ``length * 32 + kind``."""
        packed = self._run_bytes.get(key)
        if packed is None:
            uc = self._u[_CELLS]
            packed = self._run_bytes[key] = _PAIR.pack((key >> 5) * uc, (key & 31) * uc)
        return packed

    def _runs_of(self, code: int, table: dict[int, int]) -> bytes:
        """A legal cell's runs (length, far kind) each way, packed."""
        runs = self._run_bytes
        parts: list[bytes] = []
        for step in _STEPS:
            cell = code + step
            if cell in table:
                cell += step
                while cell in table:
                    cell += step
                key = ((cell - code) // step - 1) * 32 + table[cell - step]
                packed = runs.get(key)
                parts.append(self._pair(key) if packed is None else packed)
            else:
                parts.append(_NO_RUN)
        kept = self._runs
        if len(kept) > 4 * MAX_CELLS:
            kept.clear()  # cells no longer legal pile up over a long match
        packed = kept[code] = b"".join(parts)
        return packed
