"""Dweebies' observation: its layout and its one writer (``dweebies.DweebiesEncoding``).

The layout is the table in ``dweebies``' module docstring, as data. :class:`DweebiesWriter`
writes the vector block by block; it reads the values a block shows from the engine state
(``encodings.StateWriter``, rewriting only what changed) or from the seat's view
(``DweebiesEncoding.observation``), so the two agree by construction and the adapter tests
compare them. Cells are the engine's cell codes (``games/dweebies/layout``) either way.
"""

from __future__ import annotations

import array
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


def reference_cell(codes: list[int]) -> tuple[int, int]:
    """The centre of the layout's bounding box, ``(x, y)``; ``(0, 0)`` on an empty table.

    Args:
        codes: The cell codes of the cards on the table, sorted (``x`` major).
    """
    if not codes:
        return 0, 0
    ys = [code & 0xFF for code in codes]
    return ((codes[0] >> 8) + (codes[-1] >> 8)) // 2 - _OFF, (min(ys) + max(ys)) // 2 - _OFF


class DweebiesWriter:
    """Writes Dweebies' vector from a state (``encodings.StateWriter``) or from a view.

    From a state it reads what ``Dweebies.view(state, seat)`` shows the seat: the table,
    the legal cells, the row and column on offer, scores, the last placement, its own
    hand, and the sizes of the other hands and of the pile — never their cards. The
    table's part of the vector (window, table, cells: the same for every seat) is
    rewritten only when the table or the legal cells changed.
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
            self._write_hand(out, hands[me])
            out[_HAND_COUNTS:_PILE_SIZE] = self._rel_seats[tuple(map(len, hands)), state.scores, me]
        table = state.table.cells
        self._write_counts(out, len(state.pile), len(state.row), len(state.column))
        if state.table is not self._grid:
            # The layout's sorted cells and reference cell, once per table (kept with it).
            codes = sorted(table)
            self._reference = (codes, *reference_cell(codes))
            self._grid = state.table
        codes, ox, oy = self._reference
        self._write_last(out, state.last, me, n, ox, oy)
        if (
            p is not None
            and state.table is p.table
            and state.cells is p.cells
            and state.groups is p.groups
        ):
            return
        groups = max(1, len(state.groups)) if table else 0
        self._write_layout(out, table, codes, state.cells, groups, ox, oy)

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
        codes = sorted(table)
        ox, oy = reference_cell(codes)
        last = view["last"]
        if last is not None:
            cell = layout.cell(*last["cell"])
            last = (last["seat"], KIND_OF[last["card"]], cell, last["taken"])
        self._write_last(out, last, me, n, ox, oy)
        legal = tuple(layout.cell(x, y) for x, y in view["legal_cells"])
        self._write_layout(out, table, codes, legal, view["groups"], ox, oy)

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
        self, out: Buffer, last: tuple[int, int, int, int] | None, me: int, n: int, ox: int, oy: int
    ) -> None:
        """The last placement: seat, card, cell from the reference cell, cards taken."""
        out[_LAST_SEAT:_WINDOW] = self._zeros[: _WINDOW - _LAST_SEAT]
        if last is not None:
            u = self._u
            by, card, cell, taken = last
            out[_LAST_SEAT + (by - me) % n] = u[_LAST_SEAT]
            out[_LAST_CARD + card - 1] = u[_LAST_CARD]
            out[_LAST_CELL] = ((cell >> 8) - _OFF - ox) * u[_LAST_CELL]
            out[_LAST_CELL + 1] = ((cell & 0xFF) - _OFF - oy) * u[_LAST_CELL + 1]
            out[_LAST_TAKEN] = taken * u[_LAST_TAKEN]

    def _write_layout(
        self,
        out: Buffer,
        table: dict[int, int],
        codes: list[int],
        legal: tuple[int, ...],
        groups: int,
        ox: int,
        oy: int,
    ) -> None:
        """table_size, groups, legal_count, then the window, outside, table and cells."""
        u = self._u
        out[_TABLE_SIZE] = len(table) * u[_TABLE_SIZE]
        out[_GROUPS] = groups * u[_GROUPS]
        out[_LEGAL_COUNT] = len(legal) * u[_LEGAL_COUNT]
        out[_WINDOW:] = self._zeros
        self._table(out, table, codes, legal, ox, oy)

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
