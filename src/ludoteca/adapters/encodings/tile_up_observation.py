"""Tile Up's observation: its layout and its one writer (``tile_up.TileUpEncoding``).

The layout is the table in ``tile_up``'s module docstring, as data. :class:`TileUpWriter`
writes the vector from the engine state (``encodings.StateWriter``) straight into the
seat's buffer: only the entries whose state fields changed since the seat's previous state
(a flag cleared and another set, a count rewritten), from block caches only where keys
recur (the head, the draws owed, the seat figures, the options), and the board from one
image that every seat copies. A seat's view (``TileUpEncoding.observation``) is read into a
state of the same shape and written by the same code (its board drawn as the image's first
board is), so the two agree by construction and the adapter tests compare them
(``encodings`` has the rules every writer keeps).
"""

from __future__ import annotations

import array
import operator
from collections.abc import Sequence
from itertools import compress
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.layout import Layout
from ludoteca.engine.game import View
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
_ORDERED = _DECK_SIZE + 1
_POSITIONS = _DECK_SIZE + 2
_DISCARD_TOP = _DISCARD + CARDS
_HEIGHT_AT = COLOURS + NUMBERS
_SHAPE_AT = _HEIGHT_AT + 1
_FIELDS_READ = (
    "rules", "stacks", "colour_masks", "number_masks", "occupied", "frontier", "regions", "bag",
    "hands", "goals", "known", "faceup", "deck", "deck_ordered", "discard", "pending", "phase",
    "current", "acted", "turn_cards", "scores", "scored", "sums", "fresh", "turn", "end_reason",
    "log",
)  # fmt: skip
"""``model.State``'s fields in order, as :meth:`TileUpWriter.write` unpacks them."""
_HANDS_FIELD = _FIELDS_READ.index("hands")
if model.State._fields != _FIELDS_READ:
    raise ImportError("tile_up_observation unpacks model.State: update _FIELDS_READ and it")
_TOP_AT: tuple[tuple[int, int], ...] = tuple(
    (code // NUMBERS, COLOURS + code % NUMBERS) for code in range(TILES)
)
"""Per tile code: the offsets in a board cell of its colour and number flags."""


class TileUpWriter:
    """Writes Tile Up's vector from a state (``encodings.StateWriter``) or from a view.

    From a state it reads what ``TileUp.view(state, seat)`` shows the seat: the board and
    its goal-shaped regions, counts and scores, the face-up, discarded, known and (once
    ordered) deck cards, the seat's own tiles and goal cards, and only the sizes of the
    bag, the other hands and an unordered deck.

    Each call rewrites only the entries whose fields changed since ``previous``, straight
    into ``out``: a card flag or a tile count cleared where the old field had it and set
    where the new one has it (the buffer holds ``previous``'s vector, so nothing else can
    be stale). A first call (no ``previous``) zeroes the buffer and writes against a
    *blank* state whose vector is all zeros, so it takes the same path. Blocks whose keys
    repeat (the head, the pending draws, the seat figures with their soft scores, the
    options) are copied from block caches.

    The board (``board_tiles`` and ``board``, five sixths of the vector) is the same for
    every seat: the writer keeps it in its own *image*, brought up to each new board once
    (the cells whose stacks changed, see :meth:`_changed`, and the regions that changed),
    and a seat whose board changed since ``previous`` copies the image with one slice
    assignment.
    """

    def __init__(self, size: int, scale: Scale) -> None:
        self._scale = scale
        self._unit = unit = scale.unit
        geo = model.geo_of(model.Rules(size, False))
        stride = geo.stride
        self._size = size
        self._stride = stride
        self._cells = geo.cells
        self._image_at = {
            bit: _BOARD - _BOARD_TILES + CELL * (bit // stride * size + bit % stride)
            for bit in geo.cells
        }
        """Per cell bit index: the index in :attr:`_image` of its first entry."""
        self._board_tiles_units = unit[_BOARD_TILES:_BOARD]
        self._head = scale.blocks(_PLAYERS, _head)
        self._pending = scale.blocks(_PENDING, _pending)
        self._seats = scale.blocks(_SCORES, _seat_figures)
        self._tail = scale.blocks(_END, _tail)
        self._tile_values = tuple(
            tuple(count * unit[_TILES + code] for count in range(MAX_TILES_HELD + 1))
            for code in range(TILES)
        )
        """Per tile code and count held: the entry."""
        self._turn_values: dict[int, float] = {}
        self._count_at = {
            n: tuple(tuple((_TILE_COUNTS + r, (me + r) % n) for r in range(n)) for me in range(n))
            for n in range(1, SEATS + 1)
        }
        """Per player count and seat: each relative seat's ``tile_counts`` entry and its
        absolute seat."""
        self._blanks: dict[int, model.State] = {}
        self._zeros: Buffer = array.array("f", bytes(4 * len(unit)))
        cell_units = unit[_BOARD : _BOARD + CELL]
        self._tops = tuple(_tops(top, cell_units) for top in (*range(TILES), -1))
        """Per top tile code (-1, the last, for none) and stack height: a cell's colour,
        number and height entries (a stack is at most ``NUMBERS`` high: TU-03)."""
        self._shapes = tuple(
            array.array(
                "f", [cell_units[_SHAPE_AT + k] if k == shape else 0.0 for k in range(SHAPES)]
            )
            for shape in range(SHAPES)
        )
        """Per shape: a cell's shape entries."""
        self._no_shape: Buffer = array.array("f", bytes(4 * SHAPES))
        self._image: Buffer = array.array("f", bytes(4 * (len(unit) - _BOARD_TILES)))
        """``board_tiles`` and ``board`` of :attr:`_shown`'s board (index 0: the vector's
        ``_BOARD_TILES``)."""
        self._shown: model.State | None = None
        self._on_board = [0] * TILES
        """Tiles on :attr:`_shown`'s board per code."""
        self._rows: list[tuple[int, ...]] = []
        """:attr:`_shown`'s stacks, as a list (for :meth:`_changed`)."""

    def write(self, state: model.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol)."""
        me = seat
        (
            rules, stacks, _, _, _, _, regions, bag, hands, goals, known, faceup, deck,
            ordered, discard, pending, phase, current, acted, turn_cards, scores, scored,
            sums, fresh, turn, end_reason, _,
        ) = state  # fmt: skip
        n = len(hands)
        p = previous
        if p is None or len(p[_HANDS_FIELD]) != n:
            out[:] = self._zeros
            p = self._blank(n)
        (
            was_rules, was_stacks, _, _, _, _, was_regions, was_bag, was_hands, was_goals,
            was_known, was_faceup, was_deck, was_ordered, was_discard, was_pending,
            was_phase, was_current, was_acted, was_turn_cards, was_scores, was_scored,
            was_sums, was_fresh, was_turn, was_end, _,
        ) = p  # fmt: skip
        u = self._unit
        if phase != was_phase or current != was_current or pending is not was_pending:
            out[_PLAYERS:_TURN] = self._head[n, me, phase, current, bool(pending), acted]
        elif acted != was_acted:  # the one-hot moves (a blank's phase is -1: not here)
            out[_ACTED + was_acted] = 0.0
            out[_ACTED + acted] = u[_ACTED + acted]
        if turn != was_turn:
            value = self._turn_values.get(turn)
            out[_TURN] = self._turn_value(turn) if value is None else value
        if bag is not was_bag:
            out[_BAG_SIZE] = sum(bag) * u[_BAG_SIZE]
        if hands is not was_hands:
            for at, holder in self._count_at[n][me]:
                held = hands[holder]
                if held is not was_hands[holder]:
                    out[at] = len(held) * u[at]
            hand, old = hands[me], was_hands[me]
            if hand is not old:
                values = self._tile_values
                for code in old:
                    out[_TILES + code] = 0.0
                for code in hand:
                    out[_TILES + code] = values[code][hand.count(code)]
        if goals is not was_goals:
            for at, holder in self._count_at[n][me]:
                held = goals[holder]
                if held is not was_goals[holder]:
                    out[at + SEATS] = len(held) * u[at + SEATS]
            cards, old = goals[me], was_goals[me]
            if cards is not old:
                for card in old:
                    out[_GOALS + card] = 0.0
                for card in cards:
                    out[_GOALS + card] = u[_GOALS + card]
        if known is not was_known:
            for holder in range(n):
                cards, old = known[holder], was_known[holder]
                if cards is not old:
                    at = _KNOWN + (holder - me) % n * CARDS
                    for card in old:
                        out[at + card] = 0.0
                    for card in cards:
                        out[at + card] = u[at + card]
        if faceup is not was_faceup:
            at = _FACEUP
            for card, old_card in zip(faceup, was_faceup, strict=True):
                if card != old_card:
                    if old_card >= 0:
                        out[at + old_card] = 0.0
                    if card >= 0:
                        out[at + card] = u[at + card]
                at += CARDS
        if deck is not was_deck or ordered != was_ordered:
            out[_DECK_SIZE] = len(deck) * u[_DECK_SIZE]
            out[_ORDERED] = u[_ORDERED] if ordered else 0.0
            if was_ordered:
                for card in was_deck:
                    out[_POSITIONS + card] = 0.0
            if ordered:
                for place, card in enumerate(deck, 1):
                    out[_POSITIONS + card] = place * u[_POSITIONS + card]
        if discard is not was_discard:
            self._discard(discard, was_discard, out)
        if pending is not was_pending:
            out[_PENDING:_TURN_CARDS] = self._pending[pending]
        flipped = turn_cards ^ was_turn_cards
        while flipped:
            low = flipped & -flipped
            at = _TURN_CARDS + low.bit_length() - 1
            out[at] = u[at] if turn_cards & low else 0.0
            flipped ^= low
        if (
            scores is not was_scores
            or scored is not was_scored
            or sums is not was_sums
            or (fresh != was_fresh)
        ):
            out[_SCORES:_END] = self._seats[scores, scored, sums, fresh, me]
        if end_reason != was_end or rules is not was_rules:
            out[_END:_BOARD_TILES] = self._tail[end_reason, rules]
        if stacks is not was_stacks or regions is not was_regions:
            if state is not self._shown:
                self._show(state)
            out[_BOARD_TILES:] = self._image

    def write_view(self, view: View, out: Buffer) -> None:
        """Write the vector of a seat's ``view`` (empty draft) into ``out``, all zeros.

        The view's fields are read into a state (:func:`_state_shown`) and written by
        :meth:`write`, so the two read the same fields the same way; the board is drawn
        on its own (:meth:`_draw_board`), leaving the writer's image alone (an encoding's
        view writer is shared).
        """
        blank = self._blank(len(view["tile_counts"]))
        self.write(_state_shown(view, blank), view["seat"], out, None)
        stride = self._stride
        stacks: list[tuple[int, ...]] = [()] * (self._size * stride)
        for row, cells in enumerate(view["board"]):
            for col, stack in enumerate(cells):
                stacks[row * stride + col] = tuple(_CODE[name] for name in stack)
        anchors = [(row * stride + col, shape) for row, col, _, shape, _ in view["regions"]]
        image: Buffer = array.array("f", bytes(4 * (len(out) - _BOARD_TILES)))
        self._draw_board(image, stacks, anchors, self._cells)
        out[_BOARD_TILES:] = image

    def _blank(self, players: int) -> model.State:
        """A state whose every field :meth:`write` compares differs from a real one's or
        shows zeros: a first write goes against it on a zeroed buffer.
        """
        blank = self._blanks.get(players)
        if blank is None:
            empty: tuple[tuple[int, ...], ...] = ((),) * players
            blank = self._blanks[players] = model.State(
                rules=None,  # type: ignore[arg-type]
                stacks=(), colour_masks=(), number_masks=(), occupied=0, frontier=0,
                regions=(), bag=(), hands=empty, goals=empty, known=empty,
                faceup=(-1,) * model.FACEUP, deck=(), deck_ordered=False, discard=(),
                pending=(), phase=-1, current=-1, acted=-1, turn_cards=0,
                scores=(), scored=(), sums=(), fresh=-1, turn=-1, end_reason=-1, log=(),
            )  # fmt: skip
        return blank

    def _discard(self, discard: tuple[int, ...], old: tuple[int, ...], out: Buffer) -> None:
        """The ``discard`` and ``discard_top`` entries, from ``old``'s (a pile usually
        only grows on top).
        """
        u = self._unit
        if old:
            out[_DISCARD_TOP + old[-1]] = 0.0
        kept = len(old)
        if len(discard) >= kept and discard[:kept] == old:
            added = discard[kept:]
        else:
            for card in old:
                out[_DISCARD + card] = 0.0
            added = discard
        for card in added:
            out[_DISCARD + card] = u[_DISCARD + card]
        if discard:
            top = _DISCARD_TOP + discard[-1]
            out[top] = u[top]

    def _turn_value(self, turn: int) -> float:
        """The ``turn`` entry (soft when scaled: computed once per value)."""
        value = self._turn_values.get(turn)
        if value is None:
            value = self._turn_values[turn] = self._scale.value(_TURN, turn)
        return value

    def _show(self, state: model.State) -> None:
        """Bring the board image from :attr:`_shown`'s board to ``state``'s."""
        shown = self._shown
        stacks = state.stacks
        image = self._image
        if shown is None or state.rules is not shown.rules:
            # Another game (each has its own rules object): drawing its few tiles afresh
            # beats clearing the last game's board cell by cell.
            image[:] = self._zeros[: len(image)]
            self._on_board = self._draw_board(
                image,
                stacks,
                [(region.anchor, region.shape) for region in state.regions],
                _bits(state.occupied),
            )
            self._rows = list(stacks)
            self._shown = state
            return
        before = shown.stacks
        if stacks is not before:
            counts = self._on_board
            u = self._board_tiles_units
            tops = self._tops
            at_of = self._image_at
            for bit in self._changed(shown, state):
                old, new = before[bit], stacks[bit]
                if new[:-1] == old and new:  # a tile placed on it
                    code = new[-1]
                    counts[code] += 1
                    image[code] = counts[code] * u[code]
                    at = at_of[bit]
                    image[at : at + _HEIGHT_AT + 1] = tops[code][len(new)]
                    continue
                for code in old:
                    counts[code] -= 1
                for code in new:
                    counts[code] += 1
                for code in (*old, *new):
                    image[code] = counts[code] * u[code]
                at = at_of[bit]
                image[at : at + _HEIGHT_AT + 1] = tops[new[-1] if new else -1][len(new)]
        regions, was = state.regions, shown.regions
        if regions is not was and regions != was:  # most placements keep every region
            at_of = self._image_at
            for region in was:
                if region not in regions:
                    at = at_of[region.anchor] + _SHAPE_AT
                    image[at : at + SHAPES] = self._no_shape
            for region in regions:
                if region not in was:
                    at = at_of[region.anchor] + _SHAPE_AT
                    image[at : at + SHAPES] = self._shapes[region.shape]
        self._shown = state

    def _changed(self, shown: model.State, state: model.State) -> Sequence[int]:
        """The cell bit indices whose stacks differ between the boards of :attr:`_shown`
        and ``state`` (one size); leaves :attr:`_rows` equal to ``state``'s stacks.

        A tile placed on an empty cell changes ``occupied``; one placed on a stack changes
        its top colour (TU-03). So those masks name the candidates, and the stacks are
        compared with them patched in (at C speed) to prove that no other cell changed
        (boards from two branches of one game may differ elsewhere); a miss falls back to
        comparing every cell.
        """
        stacks = state.stacks
        rows = self._rows
        flipped = state.occupied ^ shown.occupied
        if flipped:
            if flipped & (flipped - 1):
                cells = _patched(rows, stacks, flipped)
            else:  # one cell newly occupied: the usual placement
                bit = flipped.bit_length() - 1
                rows[bit] = stacks[bit]
                cells = [bit]
            if rows == list(stacks):
                return cells
        for mask, was in zip(state.colour_masks, shown.colour_masks, strict=True):
            if mask is not was:
                flipped |= mask ^ was
        cells = _patched(rows, stacks, flipped)
        if rows == list(stacks):
            return cells
        self._rows = list(stacks)
        return list(compress(range(len(stacks)), map(operator.is_not, stacks, shown.stacks)))

    def _draw_board(
        self,
        image: Buffer,
        stacks: Sequence[tuple[int, ...]],
        anchors: Sequence[tuple[int, int]],
        cells: Sequence[int],
    ) -> list[int]:
        """Write the board into ``image`` (all zeros) from the stacks of ``cells`` (every
        occupied one among them) and the ``(anchor, shape)`` pairs; return the tiles on the
        board per code.
        """
        counts = [0] * TILES
        at_of = self._image_at
        for bit in cells:
            stack = stacks[bit]
            if stack:  # an empty cell's entries stay 0 (no region starts there)
                for code in stack:
                    counts[code] += 1
                at = at_of[bit]
                image[at : at + _HEIGHT_AT + 1] = self._tops[stack[-1]][len(stack)]
        for anchor, shape in anchors:
            at = at_of[anchor] + _SHAPE_AT
            image[at : at + SHAPES] = self._shapes[shape]
        u = self._board_tiles_units
        for code, count in enumerate(counts):
            if count:
                image[code] = count * u[code]
        return counts


def _tops(top: int, units: Sequence[float]) -> tuple[Buffer, ...]:
    """A cell's colour, number and height entries under ``top`` (-1: none), per height."""
    blocks = []
    for height in range(NUMBERS + 1):
        raw = [0.0] * (_HEIGHT_AT + 1)
        if top >= 0:
            colour_at, number_at = _TOP_AT[top]
            raw[colour_at] = units[colour_at]
            raw[number_at] = units[number_at]
            raw[_HEIGHT_AT] = height * units[_HEIGHT_AT]
        blocks.append(array.array("f", raw))
    return tuple(blocks)


def _bits(mask: int) -> list[int]:
    """The bit indices set in ``mask``, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _patched(
    rows: list[tuple[int, ...]], stacks: Sequence[tuple[int, ...]], mask: int
) -> list[int]:
    """The bit indices set in ``mask``, ascending, each cell's row set from ``stacks``."""
    cells = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        cells.append(bit)
        rows[bit] = stacks[bit]
        mask ^= low
    return cells


def _state_shown(view: View, blank: model.State) -> model.State:
    """What ``view`` shows as a state's fields but the board's (the blank's: written
    apart), the hidden hands, goals, bag and unordered deck as placeholders of the sizes
    the view shows.
    """
    me: int = view["seat"]
    hands: list[tuple[int, ...]] = [(0,) * count for count in view["tile_counts"]]
    hands[me] = tuple(_CODE[name] for name in view["tiles"])
    goals: list[tuple[int, ...]] = [(0,) * count for count in view["goal_counts"]]
    goals[me] = tuple(view["goals"])
    order = view["deck_order"]
    reason = view["end_reason"]
    options = view["options"]
    rules = model.Rules(options["board_size"], bool(options["allow_mirror"]))
    return blank._replace(
        rules=rules,
        bag=(view["bag_size"],),
        hands=tuple(hands),
        goals=tuple(goals),
        known=tuple(map(tuple, view["known_goals"])),
        faceup=tuple(view["faceup"]),
        deck=(0,) * view["deck_size"] if order is None else tuple(order),
        deck_ordered=order is not None,
        discard=tuple(view["discard"]),
        pending=tuple((_KIND_INDEX[kind], target) for kind, target in view["pending"]),
        phase=_PHASE_INDEX[view["phase"]],
        current=view["current"],
        acted=view["acted"],
        turn_cards=sum(1 << card for card in view["turn_cards"]),
        scores=tuple(view["scores"]),
        scored=tuple(view["scored"]),
        sums=tuple(view["start_sums"]),
        fresh=sum(1 << seat for seat, flag in enumerate(view["fresh"]) if flag),
        turn=view["turn"],
        end_reason=0 if reason is None else model.END_REASONS.index(reason),
    )


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


def _pending(pending: tuple[tuple[int, int], ...]) -> list[float]:
    out = [0.0] * len(model.KINDS)
    for kind, _target in pending:
        out[kind] += 1.0
    return out


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
