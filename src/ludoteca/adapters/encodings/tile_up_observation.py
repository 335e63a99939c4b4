"""Tile Up's observation: its layout and its one writer (``tile_up.TileUpEncoding``).

The layout is the table in ``tile_up``'s module docstring, as data. :class:`TileUpWriter`
writes the vector block by block, each block from one builder keyed by the values it
shows; it reads those values from the engine state (``encodings.StateWriter``, rewriting
only what changed) or from the seat's view (``TileUpEncoding.observation``), so the two
agree by construction and the adapter tests compare them (``encodings`` has the rules every
writer keeps).
"""

from __future__ import annotations

import array
from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.layout import Layout
from ludoteca.engine.game import CHANCE, View
from ludoteca.games.tile_up import model

SEATS = model.MAX_PLAYERS
TILES = model.TILE_KINDS
CARDS = model.CARD_COUNT
COLOURS = len(model.COLOURS)
NUMBERS = model.NUMBERS
SHAPES = len(model.SHAPE_NAMES)
CELL = COLOURS + NUMBERS + 1 + SHAPES
"""Entries per board cell."""

MAX_TILES_HELD = model.MAX_TILES + model.DRAW_TILES
"""At the limit, then a draw, before the end-of-turn discards (TU-07)."""
MAX_GOALS_HELD = model.MAX_GOALS + 1
MAX_SCORE = float((model.MAX_TURNS + 1) * CARDS * 5 * NUMBERS)
"""A loose bound: every card scored every turn on five cells of the highest stacks."""
MAX_PENDING = float(
    model.FACEUP + 5 + SEATS * (model.START_TILES + model.START_GOALS) + model.DRAW_TILES
)
CELL_HIGH: tuple[float, ...] = (1.0,) * (COLOURS + NUMBERS) + (float(NUMBERS),) + (1.0,) * SHAPES
"""The bounds of one board cell's entries."""
_COPIES = float(max(model.COPIES))
SIZES = model.BOARD_SIZES

_FIXED_BLOCKS: tuple[tuple[str, int, float, str], ...] = (
    ("players", SEATS - 1, 1.0, "player count one-hot: 2, 3, 4"),
    ("seat", SEATS, 1.0, "my absolute seat one-hot"),
    ("phase", len(model.PHASES), 1.0, "setup, play, discard, over"),
    ("current", SEATS, 1.0, "whose turn it is, rel seats one-hot"),
    ("chance_acts", 1, 1.0, "1 while chance acts"),
    ("acted", 4, 1.0, "the turn's action so far"),
    ("turn", 1, float(model.MAX_TURNS), "turns finished"),
    ("bag_size", 1, float(model.TILE_COUNT), "tiles in the bag"),
    ("tile_counts", SEATS, float(MAX_TILES_HELD), "tiles held, rel seats"),
    ("goal_counts", SEATS, float(MAX_GOALS_HELD), "goal cards held, rel seats"),
    ("tiles", TILES, _COPIES, "my tiles, per tile code"),
    ("goals", CARDS, 1.0, "my goal cards"),
    ("selected", TILES, 1.0, "the tile selected to place, one-hot"),
    ("known_goals", SEATS * CARDS, 1.0, "goal cards everyone knows each seat holds"),
    ("faceup", model.FACEUP * CARDS, 1.0, "the face-up goal cards, one-hot per slot"),
    ("deck_size", 1, float(CARDS), "cards in the goal deck"),
    ("deck_ordered", 1, 1.0, "1 once the deck order is known"),
    ("deck_position", CARDS, float(CARDS), "per card, its place from the top"),
    ("discard", CARDS, 1.0, "discarded goal cards"),
    ("discard_top", CARDS, 1.0, "the top of the goal discard pile, one-hot"),
    ("pending", len(model.KINDS), MAX_PENDING, "draws owed per kind"),
    ("turn_cards", CARDS, 1.0, "goal cards scored this turn"),
    ("scores", SEATS, MAX_SCORE, "points, rel seats"),
    ("scored", SEATS, float(CARDS * (model.MAX_TURNS + 1)), "goal cards scored, rel seats"),
    ("start_sums", SEATS, float(model.START_TILES * NUMBERS + 1), "start sum plus 1"),
    ("fresh", SEATS, 1.0, "hand still the announced one, rel seats"),
    ("end_reason", len(model.END_REASONS) - 1, 1.0, "corners, tiles, turns"),
    ("board_size", len(SIZES), 1.0, "the option one-hot"),
    ("allow_mirror", 1, 1.0, "the option, 0 or 1"),
    ("board_tiles", TILES, _COPIES, "tiles on the board, per tile code"),
)


def layout(size: int) -> Layout:
    """The observation's blocks for a ``size`` x ``size`` board (the table in ``tile_up``).

    The ``board`` block comes last, so that the others keep their offsets on every size.
    """
    board = ("board", CELL * size * size, CELL_HIGH, "21 per cell, row by row")
    return Layout((*_FIXED_BLOCKS, board))


LAYOUT: Layout = layout(model.BOARD_SIZE)
"""The blocks on the default board."""
OBSERVATION_SIZE = LAYOUT.size
"""On the default board."""
(
    _PLAYERS, _SEAT, _PHASE, _CURRENT, _CHANCE, _ACTED, _TURN, _BAG_SIZE, _TILE_COUNTS,
    _GOAL_COUNTS, _TILES, _GOALS, _SELECTED, _KNOWN, _FACEUP, _DECK_SIZE, _DISCARD, _PENDING,
    _TURN_CARDS, _SCORES, _END, _BOARD_SIZE, _MIRROR, _BOARD_TILES, _BOARD,
) = LAYOUT.offsets(
    "players", "seat", "phase", "current", "chance_acts", "acted", "turn", "bag_size",
    "tile_counts", "goal_counts", "tiles", "goals", "selected", "known_goals", "faceup",
    "deck_size", "discard", "pending", "turn_cards", "scores", "end_reason", "board_size",
    "allow_mirror", "board_tiles", "board",
)  # fmt: skip
SELECTED = _SELECTED
"""Offset of the ``selected`` block (the draft's entries)."""

_PHASE_INDEX = {name: index for index, name in enumerate(model.PHASES)}
_KIND_INDEX = {name: index for index, name in enumerate(model.KINDS)}
_CODE = model.TILE_CODES
_NUMBER_AT = COLOURS
_HEIGHT_AT = COLOURS + NUMBERS
_SHAPE_AT = _HEIGHT_AT + 1
_TOP_AT: tuple[tuple[int, int], ...] = tuple(
    (code // NUMBERS, _NUMBER_AT + code % NUMBERS) for code in range(TILES)
)
"""Per tile code: the offsets in a board cell of its colour and number flags."""


class TileUpWriter:
    """Writes Tile Up's vector from a state (``encodings.StateWriter``) or from a view.

    From a state it reads what ``TileUp.view(state, seat)`` shows the seat: the board and
    its goal-shaped regions, counts and scores, the face-up, discarded, known and (once
    ordered) deck cards, the seat's own tiles and goal cards, and only the sizes of the
    bag, the other hands and an unordered deck. A placement changes one cell: only the
    cells whose stack object or region anchor changed since the seat's last state are
    rewritten.
    """

    def __init__(self, size: int, scale: Scale) -> None:
        self._size = size
        self._scale = scale
        geo = model.geo_of(model.Rules(size, False))
        stride = geo.stride
        self._cells = geo.cells
        self._offset = {
            bit: _BOARD + CELL * (bit // stride * size + bit % stride) for bit in geo.cells
        }
        self._unit_bag = scale.unit[_BAG_SIZE]
        blocks = scale.blocks
        self._head = blocks(_PLAYERS, _head)
        self._counts = blocks(_TILE_COUNTS, _counts)
        self._tiles = blocks(_TILES, _tile_counts)
        self._goals = blocks(_GOALS, _card_flags)
        self._known = blocks(_KNOWN, _known)
        self._faceup = blocks(_FACEUP, _faceup)
        self._deck = blocks(_DECK_SIZE, _deck)
        self._discard = blocks(_DISCARD, _discard)
        self._pending = blocks(_PENDING, _pending)
        self._turn_cards = blocks(_TURN_CARDS, _turn_cards)
        self._seats = blocks(_SCORES, _seat_figures)
        self._tail = blocks(_END, _tail)
        self._board_tiles = blocks(_BOARD_TILES, list)
        self._cell = blocks(_BOARD, _cell)
        self._last_count: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
        """The last board whose tiles were counted (any seat's), and the counts."""

    def write(self, state: model.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol)."""
        me = seat
        p = previous
        hands, goals = state.hands, state.goals
        n = len(hands)
        out[_PLAYERS:_TURN] = self._head[
            n, me, state.phase, state.current, bool(state.pending), state.acted
        ]
        if p is None or state.turn != p.turn:
            out[_TURN] = self._scale.value(_TURN, state.turn)
        if p is None or state.bag is not p.bag:
            out[_BAG_SIZE] = sum(state.bag) * self._unit_bag
        if p is None or hands is not p.hands or goals is not p.goals:
            out[_TILE_COUNTS:_TILES] = self._counts[
                tuple(map(len, hands)), tuple(map(len, goals)), me
            ]
            out[_TILES:_GOALS] = self._tiles[hands[me]]
            out[_GOALS:_SELECTED] = self._goals[goals[me]]
        if p is None:
            out[_SELECTED:_KNOWN] = _ZEROS[: _KNOWN - _SELECTED]
        if p is None or state.known is not p.known:
            out[_KNOWN:_FACEUP] = self._known[state.known, me]
        if p is None or state.faceup is not p.faceup:
            out[_FACEUP:_DECK_SIZE] = self._faceup[state.faceup]
        deck = state.deck
        if p is None or deck is not p.deck or state.deck_ordered != p.deck_ordered:
            out[_DECK_SIZE:_DISCARD] = self._deck[
                len(deck), state.deck_ordered, deck if state.deck_ordered else ()
            ]
        if p is None or state.discard is not p.discard:
            out[_DISCARD:_PENDING] = self._discard[state.discard]
        if p is None or state.pending is not p.pending:
            out[_PENDING:_TURN_CARDS] = self._pending[state.pending]
        if p is None or state.turn_cards != p.turn_cards:
            out[_TURN_CARDS:_SCORES] = self._turn_cards[state.turn_cards]
        out[_SCORES:_END] = self._seats[state.scores, state.scored, state.sums, state.fresh, me]
        out[_END:_BOARD_TILES] = self._tail[state.end_reason, state.rules]
        self._board(state, out, p)

    def write_view(self, view: View, out: Buffer) -> None:
        """Write the vector of a seat's ``view`` (empty draft) into ``out``, all zeros.

        The same blocks as :meth:`write`, keyed by the same values read from the view.
        """
        me: int = view["seat"]
        n = len(view["tile_counts"])
        out[_PLAYERS:_TURN] = self._head[
            n, me, _PHASE_INDEX[view["phase"]], view["current"], CHANCE in view["actors"],
            view["acted"],
        ]  # fmt: skip
        out[_TURN] = self._scale.value(_TURN, view["turn"])
        out[_BAG_SIZE] = view["bag_size"] * self._unit_bag
        out[_TILE_COUNTS:_TILES] = self._counts[
            tuple(view["tile_counts"]), tuple(view["goal_counts"]), me
        ]
        out[_TILES:_GOALS] = self._tiles[tuple(_CODE[name] for name in view["tiles"])]
        out[_GOALS:_SELECTED] = self._goals[tuple(view["goals"])]
        out[_KNOWN:_FACEUP] = self._known[tuple(map(tuple, view["known_goals"])), me]
        out[_FACEUP:_DECK_SIZE] = self._faceup[tuple(view["faceup"])]
        order = view["deck_order"]
        out[_DECK_SIZE:_DISCARD] = self._deck[
            view["deck_size"], order is not None, tuple(order or ())
        ]
        out[_DISCARD:_PENDING] = self._discard[tuple(view["discard"])]
        out[_PENDING:_TURN_CARDS] = self._pending[
            tuple((_KIND_INDEX[kind], target) for kind, target in view["pending"])
        ]
        out[_TURN_CARDS:_SCORES] = self._turn_cards[sum(1 << card for card in view["turn_cards"])]
        fresh = sum(1 << seat for seat, flag in enumerate(view["fresh"]) if flag)
        out[_SCORES:_END] = self._seats[
            tuple(view["scores"]), tuple(view["scored"]), tuple(view["start_sums"]), fresh, me
        ]
        reason = view["end_reason"]
        options = view["options"]
        out[_END:_BOARD_TILES] = self._tail[
            0 if reason is None else model.END_REASONS.index(reason),
            model.Rules(options["board_size"], bool(options["allow_mirror"])),
        ]
        shapes = {(row, col): shape for row, col, _colour, shape, _cells in view["regions"]}
        counts = [0] * TILES
        cell = self._cell
        at = _BOARD
        for row, stacks in enumerate(view["board"]):
            for col, stack in enumerate(stacks):
                if stack:  # an empty cell's entries stay 0 (no region starts there)
                    for name in stack:
                        counts[_CODE[name]] += 1
                    key = _CODE[stack[-1]], len(stack), shapes.get((row, col), -1)
                    out[at : at + CELL] = cell[key]
                at += CELL
        out[_BOARD_TILES:_BOARD] = self._board_tiles[tuple(counts)]

    def _on_board(
        self,
        stacks: tuple[tuple[int, ...], ...],
        before: tuple[tuple[int, ...], ...] | None,
        cells: Sequence[int],
    ) -> tuple[int, ...]:
        """Tiles on the board per code: from the last board counted when ``stacks`` is it,
        or when it is ``before`` (adding what changed in ``cells``), else counted afresh.
        """
        last = self._last_count
        if last is not None and last[0] is stacks:
            return last[1]
        if last is not None and before is not None and last[0] is before:
            counts = list(last[1])
            for bit in cells:
                for code in before[bit]:
                    counts[code] -= 1
                for code in stacks[bit]:
                    counts[code] += 1
            found = tuple(counts)
        else:
            counted = Counter(chain.from_iterable(stacks))
            found = tuple(map(counted.__getitem__, _CODES))
        self._last_count = (stacks, found)
        return found

    def _board(self, state: model.State, out: Buffer, p: Any) -> None:
        stacks, regions = state.stacks, state.regions
        if p is not None and stacks is p.stacks and regions is p.regions:
            return
        if p is None:
            cells: Sequence[int] = self._cells
        else:
            before = p.stacks
            changed = {bit for bit in self._cells if stacks[bit] is not before[bit]}
            if regions is not p.regions:
                changed.update(region.anchor for region in p.regions)
                changed.update(region.anchor for region in regions)
            cells = sorted(changed)
        if p is None or stacks is not p.stacks:
            before_stacks = None if p is None else p.stacks
            out[_BOARD_TILES:_BOARD] = self._board_tiles[
                self._on_board(stacks, before_stacks, cells)
            ]
        shapes = {region.anchor: region.shape for region in regions}
        offset, block = self._offset, self._cell
        for bit in cells:
            stack = stacks[bit]
            at = offset[bit]
            out[at : at + CELL] = block[stack[-1] if stack else -1, len(stack), shapes.get(bit, -1)]


_ZEROS = array.array("f", bytes(4 * TILES))
_CODES = range(TILES)


def _head(key: tuple[int, int, int, int, bool, int]) -> list[float]:
    """players, seat, phase, current, chance_acts, acted."""
    n, me, phase, current, chance, acted = key
    out = [0.0] * (_TURN - _PLAYERS)
    out[_PLAYERS + n - 2] = 1.0
    out[_SEAT + me] = 1.0
    out[_PHASE + phase] = 1.0
    if current >= 0:
        out[_CURRENT + (current - me) % n] = 1.0
    out[_CHANCE] = float(chance)
    out[_ACTED + acted] = 1.0
    return out


def _counts(key: tuple[tuple[int, ...], tuple[int, ...], int]) -> list[float]:
    """Tiles then goal cards held, rel seats."""
    tiles, goals, me = key
    n = len(tiles)
    out = [0.0] * (_TILES - _TILE_COUNTS)
    for seat in range(n):
        r = (seat - me) % n
        out[r] = tiles[seat]
        out[SEATS + r] = goals[seat]
    return out


def _tile_counts(hand: tuple[int, ...]) -> list[float]:
    out = [0.0] * TILES
    for code in hand:
        out[code] += 1.0
    return out


def _card_flags(cards: Sequence[int]) -> list[float]:
    out = [0.0] * CARDS
    for card in cards:
        out[card] = 1.0
    return out


def _known(key: tuple[tuple[tuple[int, ...], ...], int]) -> list[float]:
    known, me = key
    n = len(known)
    out = [0.0] * (SEATS * CARDS)
    for seat, cards in enumerate(known):
        r = (seat - me) % n
        for card in cards:
            out[r * CARDS + card] = 1.0
    return out


def _faceup(faceup: tuple[int, ...]) -> list[float]:
    out = [0.0] * (model.FACEUP * CARDS)
    for slot, card in enumerate(faceup):
        if card >= 0:
            out[slot * CARDS + card] = 1.0
    return out


def _deck(key: tuple[int, bool, tuple[int, ...]]) -> list[float]:
    """deck_size, deck_ordered, deck_position."""
    size, ordered, order = key
    out = [0.0] * (_DISCARD - _DECK_SIZE)
    out[0] = size
    if ordered:
        out[1] = 1.0
        for place, card in enumerate(order):
            out[2 + card] = place + 1
    return out


def _discard(discard: tuple[int, ...]) -> list[float]:
    """discard, discard_top."""
    out = _card_flags(discard) + [0.0] * CARDS
    if discard:
        out[CARDS + discard[-1]] = 1.0
    return out


def _pending(pending: tuple[tuple[int, int], ...]) -> list[float]:
    out = [0.0] * len(model.KINDS)
    for kind, _target in pending:
        out[kind] += 1.0
    return out


def _turn_cards(mask: int) -> list[float]:
    return [float(mask >> card & 1) for card in range(CARDS)]


def _seat_figures(
    key: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int],
) -> list[float]:
    """scores, scored, start_sums, fresh: rel seats."""
    scores, scored, sums, fresh, me = key
    n = len(scores)
    out = [0.0] * (_END - _SCORES)
    for seat in range(n):
        r = (seat - me) % n
        out[r] = scores[seat]
        out[SEATS + r] = scored[seat]
        out[2 * SEATS + r] = sums[seat] + 1
        out[3 * SEATS + r] = float(fresh >> seat & 1)
    return out


def _tail(key: tuple[int, model.Rules]) -> list[float]:
    """end_reason, board_size, allow_mirror."""
    end_reason, rules = key
    out = [0.0] * (_BOARD_TILES - _END)
    if end_reason:
        out[end_reason - 1] = 1.0
    out[_BOARD_SIZE - _END + SIZES.index(rules.size)] = 1.0
    out[_MIRROR - _END] = float(bool(rules.allow_mirror))
    return out


def _cell(key: tuple[int, int, int]) -> list[float]:
    """One board cell: top colour and number, height, the shape anchored here."""
    top, height, shape = key
    out = [0.0] * CELL
    if top >= 0:
        colour_at, number_at = _TOP_AT[top]
        out[colour_at] = 1.0
        out[number_at] = 1.0
        out[_HEIGHT_AT] = height
    if shape >= 0:
        out[_SHAPE_AT + shape] = 1.0
    return out
