"""Tile Up legal actions and explanations of illegal ones (TU-02..TU-08).

Placements are listed from cell masks a byte at a time through interned action tables, and
``explain`` decides legality from the rules directly, so one check costs the same however
many placements there are.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Message, msg
from ludoteca.engine.lazy import LazyActions
from ludoteca.games.tile_up.board import Geometry
from ludoteca.games.tile_up.model import (
    CARD_OF,
    CARDS,
    COLOURS,
    DISCARD,
    DRAW_GOAL_ACTION,
    DRAW_TILES_ACTION,
    DREW_GOAL,
    DREW_TILES,
    END,
    LETTERS,
    MAX_GOALS,
    MAX_TILES,
    NONE,
    NUMBERS,
    OVER,
    PLACING,
    SETUP,
    SHAPE_NAMES,
    START_MIN_NUMBER,
    TILE_KINDS,
    Action,
    BagDraw,
    DeckDraw,
    DiscardGoal,
    DiscardTile,
    DrawGoal,
    DrawTiles,
    EndTurn,
    Place,
    Score,
    State,
    cell_name,
    geo_of,
    tile_name,
)

# ---------------------------------------------------------------------------------------
# Legal actions


class _Chunk(dict[int, tuple[Place, ...]]):
    """Place actions of one tile for the cells of one byte of a cell mask, by byte value."""

    def __init__(self, places: list[Place], base: int) -> None:
        super().__init__()
        self._places = places
        self._base = base

    def __missing__(self, byte: int) -> tuple[Place, ...]:
        places = self._places
        base = self._base
        actions = tuple([places[base + k] for k in _BYTE_BITS[byte]])
        self[byte] = actions
        return actions


_BYTE_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(k for k in range(8) if byte >> k & 1) for byte in range(256)
)
_PlaceTable = tuple[int, list[list[_Chunk]], list[list[Place]]]
_PLACE_TABLES: Final[dict[int, _PlaceTable]] = {}


def _place_table(geo: Geometry) -> _PlaceTable:
    """The byte length of a cell mask; per tile code, per byte of the mask, the interned
    Place actions (each byte value built on first use); and per tile code the Place of
    every cell bit (the same actions, indexed by bit).
    """
    found = _PLACE_TABLES.get(geo.size)
    if found is None:
        length = (geo.size * geo.stride + 7) // 8
        table = []
        by_bit = []
        for tile in range(TILE_KINDS):
            places = [Place(tile, *geo.row_col(bit)) for bit in range(length * 8)]
            table.append([_Chunk(places, 8 * k) for k in range(length)])
            by_bit.append(places)
        found = _PLACE_TABLES[geo.size] = (length, table, by_bit)
    return found


def _placement_masks(state: State, hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """``(tile, cell mask, cells)`` per distinct tile of a sorted hand that has a legal
    cell (TU-03): the frontier plus the cells of higher numbers in other colours.
    """
    frontier = state.frontier
    number_masks = state.number_masks
    colour_masks = state.colour_masks
    found: list[tuple[int, int, int]] = []
    previous = -1
    for tile in hand:
        if tile == previous:
            continue
        previous = tile
        higher = 0
        for mask in number_masks[tile % NUMBERS + 1 :]:
            higher |= mask
        cells = frontier | higher & ~colour_masks[tile // NUMBERS]
        if cells:
            found.append((tile, cells, cells.bit_count()))
    return found


class LegalActions(LazyActions[Action]):
    """A play-phase legal list, counted rather than built, whose ``in`` asks the rules.

    A turn start offers a few hundred placements and a random playout picks one, so the
    placements are not listed: each tile's legal cells are a mask, the list's length is
    the sum of their bit counts, and an item is found by skipping whole bytes of the mask
    (counted by table) and reading the interned action of that byte. Membership is decided
    by ``illegal_reason`` (the same function ``explain`` uses; the conformance suite checks
    that both agree with the list), except for the item this list handed out last by index:
    an agent hands that one back and ``runner.play`` checks it (as Gotcha's ``Choices``).
    """

    __slots__ = (
        "_handed",
        "_head",
        "_len",
        "_length",
        "_masks",
        "_placed",
        "_places",
        "_seat",
        "_state",
        "_table",
    )

    def __init__(
        self,
        state: State,
        seat: Seat,
        head: list[Action],
        masks: list[tuple[int, int, int]],
        end: bool,
    ) -> None:
        self._state = state
        self._seat = seat
        self._head = head
        self._length, self._table, self._places = _place_table(geo_of(state.rules))
        self._masks = masks
        self._placed = sum(count for _, _, count in masks)
        self._len = len(head) + self._placed + (1 if end else 0)
        self._handed: object = None

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is int and 0 <= index < self._len:
            made = self.item(index)
            self._handed = made
            return made
        return super().__getitem__(index)

    def __len__(self) -> int:
        return self._len

    def item(self, index: int) -> Action:
        """Head actions (scores, draws), then placements by tile then cell, then ``end``."""
        head = self._head
        if index < len(head):
            return head[index]
        index -= len(head)
        if index >= self._placed:
            return END
        for tile, cells, count in self._masks:
            if index >= count:
                index -= count
                continue
            places = self._places[tile]
            counts = _BYTE_COUNT
            base = 0
            for byte in cells.to_bytes(self._length, "little"):
                here = counts[byte]
                if index < here:
                    return places[base + _BYTE_BITS[byte][index]]
                index -= here
                base += 8
        raise IndexError(index)  # unreachable: the counts add up to the length

    def __iter__(self) -> Iterator[Action]:
        """The items in ``item`` order, walking each tile's mask once (``item`` per index
        would skip the mask's bytes from the start every time).
        """
        yield from self._head
        length = self._length
        for tile, cells, _ in self._masks:
            chunks = self._table[tile]
            for at, byte in enumerate(cells.to_bytes(length, "little")):
                if byte:
                    yield from chunks[at][byte]
        if self._len > len(self._head) + self._placed:
            yield END

    def placement_cells(self) -> list[tuple[int, int]]:
        """``(tile, cells)`` per tile with a legal placement, in list order: ``cells`` is the
        mask of its legal cells' bit indices (for readers that want every placement without
        building each action, e.g. an action mask).
        """
        return [(tile, cells) for tile, cells, _ in self._masks]

    def other_actions(self) -> list[Action]:
        """Every legal action that is not a placement, in list order."""
        if self._len > len(self._head) + self._placed:
            return [*self._head, END]
        return list(self._head)

    def __contains__(self, action: object) -> bool:
        if action is self._handed:
            return True
        return type(action) in _ACTION_TYPES and (
            illegal_reason(self._state, self._seat, action) is None  # type: ignore[arg-type]
        )


_BYTE_COUNT: Final[tuple[int, ...]] = tuple(byte.bit_count() for byte in range(256))


_ACTION_TYPES: Final = frozenset(
    (Place, Score, DrawTiles, DrawGoal, EndTurn, DiscardTile, DiscardGoal, BagDraw, DeckDraw)
)
_CARD_BY_SHAPE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(CARD_OF.get((shape, colour), -1) for colour in range(len(COLOURS)))
    for shape in range(len(SHAPE_NAMES))
)


def _score_actions(state: State, seat: Seat) -> list[Action]:
    """TU-04, TU-05: every (card, region) pair that can be scored now, by card then region."""
    if not state.regions:
        return []
    faceup = state.faceup
    own = state.goals[seat]
    done = state.turn_cards
    found = []
    for region in state.regions:
        card = _CARD_BY_SHAPE[region.shape][region.colour]
        if card >= 0 and not done >> card & 1 and (card in faceup or card in own):
            found.append((card, region.anchor))
    if not found:
        return []
    found.sort()
    geo = geo_of(state.rules)
    return [Score(card, *geo.row_col(anchor)) for card, anchor in found]


def play_actions(state: State, seat: Seat) -> LegalActions:
    """The current seat's actions in the play phase (order: see ``TileUp.legal_actions``)."""
    head = _score_actions(state, seat)
    acted = state.acted
    if acted == NONE:
        main = len(head)
        if state.deck or state.discard:
            head.append(DRAW_GOAL_ACTION)
        if any(state.bag):
            head.append(DRAW_TILES_ACTION)
        masks = _placement_masks(state, state.hands[seat])
        # With nothing to do, ``end`` passes the turn (TU-09 ends such games).
        return LegalActions(state, seat, head, masks, len(head) == main and not masks)
    if acted == PLACING:
        return LegalActions(state, seat, head, _placement_masks(state, state.hands[seat]), True)
    return LegalActions(state, seat, head, [], True)


def has_main_action(state: State, seat: Seat) -> bool:
    """Whether the seat can take one of the three turn actions (TU-02)."""
    if state.deck or state.discard or any(state.bag):
        return True
    return bool(_placement_masks(state, state.hands[seat]))


def tile_weights(bag: tuple[int, ...], start: bool) -> tuple[int, ...]:
    """Draw weights per tile code: the copies left, only 3s to 5s for a start cell (TU-01)."""
    if not start:
        return bag
    low = START_MIN_NUMBER - 1
    return tuple(n if code % NUMBERS >= low else 0 for code, n in enumerate(bag))


# ---------------------------------------------------------------------------------------
# Explanations


def illegal_reason(state: State, seat: Seat, action: Action) -> tuple[str, Message] | None:
    """Why ``action`` is illegal for ``seat``: ``(rule id, message)``, or ``None`` if legal."""
    if isinstance(action, BagDraw | DeckDraw):
        return "TU-10", msg("tile_up.chance_only")
    if state.phase == OVER:
        return "TU-09", msg("engine.game_over")
    if state.pending:
        return ("TU-01" if state.phase == SETUP else "TU-02"), msg("tile_up.chance_turn")
    if seat != state.current:
        return "TU-02", msg("tile_up.not_your_turn", seat=state.current)
    limits = {"tiles": MAX_TILES, "goals": MAX_GOALS}
    if state.phase == DISCARD:
        return _discard_reason(state, seat, action)
    if isinstance(action, DiscardTile | DiscardGoal):
        return "TU-07", msg("tile_up.no_discard", **limits)
    if isinstance(action, Score):
        return _score_reason(state, seat, action)
    if isinstance(action, DrawGoal):
        if state.acted != NONE:
            return "TU-02", msg("tile_up.one_action")
        if not state.deck and not state.discard:
            return "TU-08", msg("tile_up.deck_empty")
        return None
    if isinstance(action, DrawTiles):
        if state.acted != NONE:
            return "TU-02", msg("tile_up.one_action")
        if not any(state.bag):
            return "TU-08", msg("tile_up.bag_empty")
        return None
    if isinstance(action, Place):
        return _place_reason(state, seat, action)
    if state.acted == NONE and has_main_action(state, seat):
        return "TU-02", msg("tile_up.no_action_yet")
    return None


def _discard_reason(state: State, seat: Seat, action: Action) -> tuple[str, Message] | None:
    limits = {"tiles": MAX_TILES, "goals": MAX_GOALS}
    over_tiles = len(state.hands[seat]) > MAX_TILES
    if isinstance(action, DiscardTile):
        if not over_tiles:
            return "TU-07", msg("tile_up.no_discard", **limits)
        if action.tile not in state.hands[seat]:
            hand = " ".join(map(tile_name, state.hands[seat]))
            return "TU-07", msg("tile_up.not_holding_tile", tile=tile_name(action.tile), hand=hand)
        return None
    if isinstance(action, DiscardGoal):
        if over_tiles:
            return "TU-07", msg("tile_up.tiles_first", tiles=MAX_TILES)
        if action.card not in state.goals[seat]:
            return "TU-07", msg("tile_up.not_holding_card", card=action.card)
        return None
    if isinstance(action, Score):
        return "TU-06", msg("tile_up.score_own_turn")
    return "TU-07", msg("tile_up.discard_now", **limits)


def _score_reason(state: State, seat: Seat, action: Score) -> tuple[str, Message] | None:
    card = action.card
    if card not in state.faceup and card not in state.goals[seat]:
        return "TU-05", msg("tile_up.no_card", card=card)
    geo = geo_of(state.rules)
    shape, colour = CARDS[card]
    cell = cell_name(action.row, action.col) if 0 <= action.col < len(LETTERS) else "?"
    no_shape = msg(
        "tile_up.no_shape", cell=cell, shape=SHAPE_NAMES[shape], colour=_colour_message(colour)
    )
    if state.turn_cards >> card & 1:
        return "TU-06", msg("tile_up.once_a_turn", card=card)
    if not geo.on_board(action.row, action.col):
        return "TU-04", msg("tile_up.off_board", cell=cell)
    anchor = geo.bit(action.row, action.col)
    for region in state.regions:
        if region.anchor == anchor and region.shape == shape and region.colour == colour:
            return None
    return "TU-04", no_shape


def _place_reason(state: State, seat: Seat, action: Place) -> tuple[str, Message] | None:
    if state.acted in (DREW_GOAL, DREW_TILES):
        return "TU-02", msg("tile_up.one_action")
    hand = state.hands[seat]
    name = tile_name(action.tile)
    if action.tile not in hand:
        return "TU-03", msg(
            "tile_up.not_holding_tile", tile=name, hand=" ".join(map(tile_name, hand)) or "-"
        )
    geo = geo_of(state.rules)
    cell = cell_name(action.row, action.col) if 0 <= action.col < len(LETTERS) else "?"
    if not geo.on_board(action.row, action.col):
        return "TU-03", msg("tile_up.off_board", cell=cell)
    bit = geo.bit(action.row, action.col)
    stack = state.stacks[bit]
    if not stack:
        if state.frontier >> bit & 1:
            return None
        return "TU-03", msg("tile_up.not_adjacent", cell=cell)
    top = stack[-1]
    if top // NUMBERS == action.tile // NUMBERS:
        return "TU-03", msg("tile_up.same_colour", tile=name, top=tile_name(top))
    if top % NUMBERS <= action.tile % NUMBERS:
        return "TU-03", msg("tile_up.not_lower", tile=name, top=tile_name(top))
    return None


def _colour_message(colour: int) -> Message:
    return msg(f"tile_up.colour.{colour}")
