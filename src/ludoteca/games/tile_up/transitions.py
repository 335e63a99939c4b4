"""Tile Up's transitions: the state after one action (``TileUp.apply`` calls ``next_state``).

Every transition writes into one list copy of the state, by field position, and the new
State is built once at the end with ``tuple.__new__`` (issue 19: ``State._replace`` took
about a sixth of a random playout, and a chain of them one rebuild per change). Each
function reads what it needs from ``new``, the state being built, except where it says it
reads ``state``, the state before the action.
"""

from __future__ import annotations

from typing import Any, Final, cast

from ludoteca.engine.game import Seat
from ludoteca.games.tile_up.board import bits
from ludoteca.games.tile_up.board import update_regions as _update_regions
from ludoteca.games.tile_up.legal import tile_weights
from ludoteca.games.tile_up.model import (
    DISCARD,
    DRAW_TILES,
    DREW_GOAL,
    DREW_TILES,
    F_ACTED,
    F_BAG,
    F_COLOURS,
    F_CURRENT,
    F_DECK,
    F_DECK_ORDERED,
    F_DISCARD,
    F_END_REASON,
    F_FACEUP,
    F_FRESH,
    F_FRONTIER,
    F_GOALS,
    F_HANDS,
    F_KNOWN,
    F_LOG,
    F_NUMBERS,
    F_OCCUPIED,
    F_PENDING,
    F_PHASE,
    F_REGIONS,
    F_RULES,
    F_SCORED,
    F_SCORES,
    F_STACKS,
    F_SUMS,
    F_TURN,
    F_TURN_CARDS,
    HIDDEN_DISCARD,
    K_FACEUP,
    K_GOAL,
    K_START,
    K_TILE,
    LOG_LENGTH,
    MAX_GOALS,
    MAX_TILES,
    MAX_TURNS,
    NONE,
    NUMBERS,
    OVER,
    PLACING,
    PLAY,
    SETUP,
    START_TILES,
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
    geo_of,
    new_state,
)

Fields = list[Any]


def next_state(state: State, seat: Seat, action: Action) -> State:
    """The state after ``action`` (assumed legal), with a player's action in the public log."""
    new = list(state)
    # An if-chain by frequency, not a dict of functions: compiled, each branch is a direct
    # C call with typed arguments instead of a Python call through a dict value.
    if isinstance(action, BagDraw):
        _apply_bag(new, state, seat, action)
        return _built(new)
    if isinstance(action, Place):
        _apply_place(new, state, seat, action)
    elif isinstance(action, EndTurn):
        _apply_end(new, state, seat, action)
        return _built(new)
    elif isinstance(action, Score):
        _apply_score(new, state, seat, action)
    elif isinstance(action, DrawTiles):
        _apply_draw_tiles(new, state, seat, action)
    elif isinstance(action, DrawGoal):
        _apply_draw_goal(new, state, seat, action)
    elif isinstance(action, DiscardTile):
        _apply_discard_tile(new, state, seat, action)
    elif isinstance(action, DiscardGoal):
        _apply_discard_goal(new, state, seat, action)
    else:
        _apply_deck(new, state, seat, action)
        return _built(new)
    _log(new, state, seat, action)
    return _built(new)


def _built(new: Fields) -> State:
    after: State = new_state(State, new)
    return after


def _put(new: Fields, state: State, cell: int, tile: int) -> None:
    """Write into ``new`` the board fields after ``tile`` goes on ``cell`` (TU-03 checked);
    the board is read from ``state``.
    """
    geo = geo_of(state.rules)
    stack = state.stacks[cell]
    old = stack[-1] if stack else -1
    stacks = list(state.stacks)
    stacks[cell] = (*stack, tile)
    bit = 1 << cell
    colour_masks = list(state.colour_masks)
    number_masks = list(state.number_masks)
    if old >= 0:
        colour_masks[old // NUMBERS] &= ~bit
        number_masks[old % NUMBERS] &= ~bit
    colour = tile // NUMBERS
    colour_masks[colour] |= bit
    number_masks[tile % NUMBERS] |= bit
    occupied = state.occupied | bit
    new[F_STACKS] = tuple(stacks)
    new[F_COLOURS] = tuple(colour_masks)
    new[F_NUMBERS] = tuple(number_masks)
    new[F_OCCUPIED] = occupied
    new[F_FRONTIER] = (state.frontier | geo.around[cell]) & ~occupied
    new[F_REGIONS] = _update_regions(
        geo, state.regions, colour_masks, cell, colour, old // NUMBERS if old >= 0 else -1
    )


def _remove_one(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = items.index(item)
    return items[:at] + items[at + 1 :]


def _insert(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = 0
    while at < len(items) and items[at] <= item:
        at += 1
    return (*items[:at], item, *items[at:])


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    copied = list(items)
    copied[index] = value
    return tuple(copied)


def _bag_with(bag: tuple[int, ...], code: int, delta: int) -> tuple[int, ...]:
    counts = list(bag)
    counts[code] += delta
    return tuple(counts)


def _apply_bag(new: Fields, state: State, seat: Seat, action: BagDraw) -> None:
    kind, target = state.pending[0]
    code = action.tile
    new[F_BAG] = _bag_with(state.bag, code, -1)
    new[F_PENDING] = state.pending[1:]
    if kind == K_START:
        _put(new, state, target, code)
    else:
        new[F_HANDS] = _set(state.hands, target, _insert(state.hands[target], code))
    _settle(new)


def _apply_deck(new: Fields, state: State, seat: Seat, action: DeckDraw) -> None:
    new[F_DECK] = _remove_one(state.deck, action.card)
    _give_card(new, action.card, False)
    _settle(new)


def _give_card(new: Fields, card: int, seen: bool) -> None:
    """The owed goal draw at the head of ``pending`` receives ``card``."""
    pending: tuple[tuple[int, int], ...] = new[F_PENDING]
    kind, target = pending[0]
    new[F_PENDING] = pending[1:]
    if kind == K_FACEUP:
        new[F_FACEUP] = _set(new[F_FACEUP], target, card)
        return
    goals: tuple[tuple[int, ...], ...] = new[F_GOALS]
    new[F_GOALS] = _set(goals, target, _insert(goals[target], card))
    if seen:
        known: tuple[tuple[int, ...], ...] = new[F_KNOWN]
        new[F_KNOWN] = _set(known, target, _insert(known[target], card))


def _settle(new: Fields) -> None:
    """Resolve what needs no chance: draws from a known deck, turning the discard pile over
    (TU-08), draws nothing can satisfy, and the first-player comparison once setup is dealt.
    """
    while True:
        pending: tuple[tuple[int, int], ...] = new[F_PENDING]
        if not pending:
            if new[F_PHASE] == SETUP:
                _compare(new)
                if new[F_PENDING]:
                    continue
            return
        kind = pending[0][0]
        if kind in (K_GOAL, K_FACEUP):
            deck: tuple[int, ...] = new[F_DECK]
            if not deck:
                discard: tuple[int, ...] = new[F_DISCARD]
                if not discard:
                    new[F_PENDING] = pending[1:]
                    continue
                # TU-08: turned over unshuffled: the first card discarded is now on top.
                deck = new[F_DECK] = discard
                new[F_DECK_ORDERED] = True
                new[F_DISCARD] = ()
            if new[F_DECK_ORDERED]:
                rest = deck[1:]
                new[F_DECK] = rest
                new[F_DECK_ORDERED] = bool(rest)
                _give_card(new, deck[0], True)
                continue
            return
        if not any(tile_weights(new[F_BAG], kind == K_START)):
            new[F_PENDING] = pending[1:]
            continue
        return


def _compare(new: Fields) -> None:
    """TU-01: the highest start sum begins; the tied highest redraw and all compare again."""
    held: tuple[tuple[int, ...], ...] = new[F_HANDS]
    sums = tuple(sum(code % NUMBERS + 1 for code in hand) for hand in held)
    best = max(sums)
    tied = [seat for seat, total in enumerate(sums) if total == best]
    everyone = (1 << len(sums)) - 1
    new[F_SUMS] = sums
    if len(tied) == 1:
        new[F_FRESH] = everyone
        new[F_PHASE] = PLAY
        new[F_CURRENT] = tied[0]
        return
    bag = list(new[F_BAG])
    hands = list(held)
    fresh = everyone
    pending: list[tuple[int, int]] = []
    for seat in tied:
        for code in hands[seat]:
            bag[code] += 1
        hands[seat] = ()
        fresh &= ~(1 << seat)
        pending += [(K_TILE, seat)] * START_TILES
    new[F_FRESH] = fresh
    new[F_BAG] = tuple(bag)
    new[F_HANDS] = tuple(hands)
    new[F_PENDING] = tuple(pending)


def _apply_place(new: Fields, state: State, seat: Seat, action: Place) -> None:
    _put(new, state, geo_of(state.rules).bit(action.row, action.col), action.tile)
    new[F_HANDS] = _set(state.hands, seat, _remove_one(state.hands[seat], action.tile))
    new[F_ACTED] = PLACING
    new[F_FRESH] = state.fresh & ~(1 << seat)


def _apply_score(new: Fields, state: State, seat: Seat, action: Score) -> None:
    anchor = geo_of(state.rules).bit(action.row, action.col)
    region = next(r for r in state.regions if r.anchor == anchor)
    stacks = state.stacks
    points = sum(len(stacks[cell]) for cell in bits(region.mask))
    card = action.card
    new[F_SCORES] = _set(state.scores, seat, state.scores[seat] + points)
    new[F_SCORED] = _set(state.scored, seat, state.scored[seat] + 1)
    new[F_DISCARD] = (*state.discard, card)
    new[F_TURN_CARDS] = state.turn_cards | 1 << card
    if card in state.faceup:
        slot = state.faceup.index(card)
        new[F_FACEUP] = _set(state.faceup, slot, -1)
        new[F_PENDING] = ((K_FACEUP, slot),)
    else:
        new[F_GOALS] = _set(state.goals, seat, _remove_one(state.goals[seat], card))
        if card in state.known[seat]:
            new[F_KNOWN] = _set(state.known, seat, _remove_one(state.known[seat], card))
    _settle(new)


def _apply_draw_tiles(new: Fields, state: State, seat: Seat, action: DrawTiles) -> None:
    new[F_PENDING] = ((K_TILE, seat),) * min(DRAW_TILES, sum(state.bag))
    new[F_ACTED] = DREW_TILES
    new[F_FRESH] = state.fresh & ~(1 << seat)
    _settle(new)


def _apply_draw_goal(new: Fields, state: State, seat: Seat, action: DrawGoal) -> None:
    new[F_PENDING] = ((K_GOAL, seat),)
    new[F_ACTED] = DREW_GOAL
    _settle(new)


def _apply_end(new: Fields, state: State, seat: Seat, action: EndTurn) -> None:
    if len(state.hands[seat]) > MAX_TILES or len(state.goals[seat]) > MAX_GOALS:
        new[F_PHASE] = DISCARD
        return
    _finish_turn(new)


def _apply_discard_tile(new: Fields, state: State, seat: Seat, action: DiscardTile) -> None:
    new[F_HANDS] = _set(state.hands, seat, _remove_one(state.hands[seat], action.tile))
    new[F_BAG] = _bag_with(state.bag, action.tile, 1)
    new[F_FRESH] = state.fresh & ~(1 << seat)
    _after_discard(new, seat)


def _apply_discard_goal(new: Fields, state: State, seat: Seat, action: DiscardGoal) -> None:
    card = action.card
    new[F_GOALS] = _set(state.goals, seat, _remove_one(state.goals[seat], card))
    new[F_DISCARD] = (*state.discard, card)
    if card in state.known[seat]:
        new[F_KNOWN] = _set(state.known, seat, _remove_one(state.known[seat], card))
    _after_discard(new, seat)


def _after_discard(new: Fields, seat: Seat) -> None:
    hands: tuple[tuple[int, ...], ...] = new[F_HANDS]
    goals: tuple[tuple[int, ...], ...] = new[F_GOALS]
    if len(hands[seat]) <= MAX_TILES and len(goals[seat]) <= MAX_GOALS:
        _finish_turn(new)


def _finish_turn(new: Fields) -> None:
    """TU-09 checks at the end of a turn, else the next seat's turn (TU-02)."""
    geo = geo_of(new[F_RULES])
    turn: int = new[F_TURN] + 1
    hands: tuple[tuple[int, ...], ...] = new[F_HANDS]
    reason = 0
    if new[F_OCCUPIED] & geo.corners == geo.corners:
        reason = 1
    elif not any(new[F_BAG]) and not any(hands):
        reason = 2
    elif turn >= MAX_TURNS:
        reason = 3
    new[F_TURN] = turn
    new[F_TURN_CARDS] = 0
    if reason:
        new[F_PHASE] = OVER
        new[F_END_REASON] = reason
        return
    new[F_PHASE] = PLAY
    new[F_CURRENT] = (new[F_CURRENT] + 1) % len(hands)
    new[F_ACTED] = NONE


def _log(new: Fields, state: State, seat: Seat, action: Action) -> None:
    """Add ``action`` to the public log (``state`` is the state before it).

    A score keeps its points; a tile returned to the bag is logged as ``HIDDEN_DISCARD``.
    """
    kind = type(action)
    if kind is Place:
        entry = (seat, _place_text(cast(Place, action)), 0)
    elif kind is Score:
        entry = (seat, str(action), new[F_SCORES][seat] - state.scores[seat])
    else:
        entry = (seat, HIDDEN_DISCARD if kind is DiscardTile else str(action), 0)
    log = state.log
    new[F_LOG] = (*log[1:], entry) if len(log) >= LOG_LENGTH else (*log, entry)


def _place_text(action: Place) -> str:
    """``str(action)``, remembered per tile and cell (formatting it cost more than a lookup)."""
    key = (action.tile << 16) | (action.row << 8) | action.col
    text = _PLACE_TEXTS.get(key)
    if text is None:
        text = _PLACE_TEXTS[key] = str(action)
    return text


_PLACE_TEXTS: Final[dict[int, str]] = {}
