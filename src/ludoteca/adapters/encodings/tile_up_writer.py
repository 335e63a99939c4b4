"""Tile Up's state writer: the observation of ``tile_up.TileUpEncoding`` written straight
from the engine state (``encodings.StateWriter``; the encoding's module docstring has the
layout, ``encodings`` the rules every writer keeps).
"""

from __future__ import annotations

import array
from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.tile_up import (
    _ACTED,
    _BAG_SIZE,
    _BOARD,
    _BOARD_SIZE,
    _BOARD_TILES,
    _CHANCE,
    _CURRENT,
    _DECK_SIZE,
    _DISCARD,
    _END,
    _FACEUP,
    _GOALS,
    _HEIGHT_AT,
    _KNOWN,
    _MIRROR,
    _PENDING,
    _PHASE,
    _PLAYERS,
    _SCORES,
    _SEAT,
    _SELECTED,
    _SHAPE_AT,
    _SIZES,
    _TILE_COUNTS,
    _TILES,
    _TOP_AT,
    _TURN,
    _TURN_CARDS,
    CARDS,
    CELL,
    SEATS,
    TILES,
)
from ludoteca.games.tile_up import model


class TileUpWriter:
    """Writes Tile Up's vector from a state (``encodings.StateWriter``).

    It reads what ``TileUp.view(state, seat)`` shows the seat: the board and its goal-shaped
    regions, counts and scores, the face-up, discarded, known and (once ordered) deck cards,
    the seat's own tiles and goal cards, and only the sizes of the bag, the other hands and
    an unordered deck. A placement changes one cell: only the cells whose stack object or
    region anchor changed since the seat's last state are rewritten.
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
    out[_BOARD_SIZE - _END + _SIZES.index(rules.size)] = 1.0
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
