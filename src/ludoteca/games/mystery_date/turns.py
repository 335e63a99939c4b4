"""Mystery Date's transitions, swap knowledge and legal-action lists (used by
``mystery_date``, which documents the rules; map: ``docs/rules/mystery_date.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from itertools import chain, compress
from typing import Any, Final, cast

from ludoteca.engine.game import Seat
from ludoteca.games.mystery_date import cards as cards_mod
from ludoteca.games.mystery_date.cards import (
    COLOURS,
    DEAL,
    DISCARDS,
    DUD,
    GIVES,
    HAND_LIMIT,
    NO_CARDS,
    NUMBERS,
    SHOWS,
    Action,
    Counts,
    Discard,
    Door,
    Draw,
    Give,
    Pick,
    Pile,
    Reveal,
    Roll,
    Show,
    counts_of,
)
from ludoteca.games.mystery_date.state import (
    F_DISCARD,
    F_GIVEN,
    F_HANDS,
    F_KNOWN,
    F_LOG,
    F_MOVER,
    F_OWED,
    F_PHASE,
    F_PILE,
    F_PLAYERS,
    F_POSITIONS,
    F_PUBLIC,
    F_RULES,
    F_SHOWN,
    F_TARGET,
    F_TURN,
    F_WINNER,
    LOG_SIZE,
    MAX_PLAYERS,
    NO_SEAT,
    TAKES,
    TRACK,
    TRACK_LENGTH,
    Event,
    Phase,
    Rules,
    Space,
    State,
    new_state,
)

# Reading an enum member costs about 0.15 µs; the hot paths (here and game.py) compare
# module constants.
P_DEAL: Final = Phase.DEAL
P_REVEAL: Final = Phase.REVEAL
P_ROLL: Final = Phase.ROLL
P_DRAW: Final = Phase.DRAW
P_PILE: Final = Phase.PILE
P_DISCARD: Final = Phase.DISCARD
P_GIVE: Final = Phase.GIVE
P_PICK: Final = Phase.PICK
P_SHOW: Final = Phase.SHOW
P_DOOR: Final = Phase.DOOR
P_OVER: Final = Phase.OVER
_S_DOOR: Final = Space.DOOR
_S_EITHER: Final = Space.TAKE_EITHER
_E_ROLL: Final = Event.ROLL
_E_NO_OUTFIT: Final = Event.NO_OUTFIT
_E_DISCARD: Final = Event.DISCARD
_E_SWAP: Final = Event.SWAP


# Tuples are changed through a list (copy, set, back to a tuple): about 1.6x faster than
# joining slices, which makes three more tuples.


def _add(counts: Counts, card: int) -> Counts:
    changed = list(counts)
    changed[card] += 1
    return tuple(changed)


def _sub(counts: Counts, card: int) -> Counts:
    """``counts`` less one ``card`` (unchanged when it holds none: a multiset difference)."""
    if not counts[card]:
        return counts
    changed = list(counts)
    changed[card] -= 1
    return tuple(changed)


def _less_one_unknown(counts: Counts) -> Counts:
    """What stays certain after one unseen card leaves a hand: one copy fewer of each."""
    if counts is NO_CARDS or not any(counts):
        return NO_CARDS
    return tuple(c - 1 if c else 0 for c in counts)


def _forget(known: tuple[Counts, ...], n: int, seat: Seat, card: int) -> tuple[Counts, ...]:
    """``seat`` put ``card`` face up (a discard): nobody can count on it any more."""
    column = range(seat, n * n, n)
    for i in column:
        if known[i][card]:
            break
    else:
        return known
    updated = list(known)
    for i in column:
        updated[i] = _sub(updated[i], card)
    return tuple(updated)


def _forget_public(public: tuple[Counts, ...], seat: Seat, card: int) -> tuple[Counts, ...]:
    """``seat`` put ``card`` face up: the table's knowledge of that hand loses one copy."""
    if not public[seat][card]:
        return public
    return _set(public, seat, _sub(public[seat], card))


def _seen_by_all(
    known: tuple[Counts, ...], n: int, seat: Seat, cards: tuple[int, ...], *, gained: bool
) -> tuple[Counts, ...]:
    """MD-10: every other seat saw ``cards`` in ``seat``'s hand.

    ``gained``: the cards just joined the hand (taken face up from the discard pile), so
    each adds one copy to what was known; otherwise they were shown from the hand (an outfit
    at the door), so each is known at least once.
    """
    updated = list(known)
    for other in range(n):
        if other != seat:
            index = other * n + seat
            updated[index] = _seen(updated[index], cards, gained=gained)
    return tuple(updated)


def _seen(counts: Counts, cards: tuple[int, ...], *, gained: bool) -> Counts:
    """``counts`` after ``cards`` were seen in the hand (see ``_seen_by_all``)."""
    for card in cards:
        if gained:
            counts = _add(counts, card)
        elif not counts[card]:
            counts = counts[:card] + (1,) + counts[card + 1 :]
    return counts


def _swap_knowledge(
    known: tuple[Counts, ...], n: int, mover: Seat, target: Seat, given: int, taken: int
) -> tuple[Counts, ...]:
    """MD-05 and MD-10: what each seat knows after ``mover`` gave ``given`` to ``target`` and
    took ``taken`` from them.

    The two partners each learn one card of the other's hand: the giver, the card given;
    the partner, the card taken (and each sees the other's card leave their own knowledge).
    Every other seat saw one unseen card leave each hand: one copy fewer of each known card.
    """
    updated = list(known)
    mover_row, target_row = mover * n, target * n
    updated[mover_row + target] = _add(_sub(known[mover_row + target], taken), given)
    updated[target_row + mover] = _add(_sub(known[target_row + mover], given), taken)
    if n > 2:
        for other in range(n):
            if other not in (mover, target):
                row = other * n
                updated[row + mover] = _less_one_unknown(known[row + mover])
                updated[row + target] = _less_one_unknown(known[row + target])
    return tuple(updated)


Fields = list[Any]
"""A state being built: ``list(state)``, changed in place, then ``_build``."""


_build = cast("Callable[[Fields], State]", partial(new_state, State))
"""The State of the fields being built (a C-level call, no Python frame)."""


def _log(new: Fields, kind: int, seat: int, a: int = 0, b: int = 0) -> None:
    """Append a public event to the log of the state being built (the last LOG_SIZE)."""
    log = new[F_LOG]
    entry = ((kind, seat, a, b),)
    new[F_LOG] = log[1 - LOG_SIZE :] + entry if len(log) >= LOG_SIZE else log + entry


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _gain(hands: tuple[Counts, ...], seat: int, card: int) -> tuple[Counts, ...]:
    """``hands`` after ``seat`` gains ``card``."""
    hand = list(hands[seat])
    hand[card] += 1
    changed = list(hands)
    changed[seat] = tuple(hand)
    return tuple(changed)


def _give_card(new: Fields, seat: int, card: int) -> None:
    """``seat`` gains ``card`` (in the state being built)."""
    new[F_HANDS] = _gain(new[F_HANDS], seat, card)


def _draw_from_pile(new: Fields, card: int) -> None:
    """MD-07: the pile less ``card``; an emptied pile takes the discards but the top."""
    pile = _sub(new[F_PILE], card)
    if any(pile):
        new[F_PILE] = pile
        return
    discard = new[F_DISCARD]
    under = discard[:-1]
    new[F_PILE] = counts_of(under)
    new[F_DISCARD] = discard[-1:]
    _log(new, Event.RESHUFFLE, NO_SEAT, len(under))


def _end_turn(new: Fields) -> State:
    """Pass the die to the next seat (left, seat + 1), or end a game at the turn limit."""
    rules: Rules = new[F_RULES]
    new[F_SHOWN] = -1
    new[F_OWED] = 0
    new[F_TARGET] = NO_SEAT
    new[F_GIVEN] = -1
    if new[F_TURN] >= rules.turn_limit:
        new[F_PHASE] = P_OVER
    else:
        new[F_PHASE] = P_ROLL
        new[F_TURN] += 1
        new[F_MOVER] = (new[F_MOVER] + 1) % new[F_PLAYERS]
    return _build(new)


def _after_gain(new: Fields) -> State:
    """MD-04: over the hand limit, discard; otherwise the turn ends."""
    if sum(new[F_HANDS][new[F_MOVER]]) > HAND_LIMIT:
        new[F_PHASE] = P_DISCARD
        return _build(new)
    return _end_turn(new)


def _apply_draw(state: State, action: Draw) -> State:
    card = action.card
    new = list(state)
    pile = state.pile
    if pile[card] > 1 or sum(pile) > 1:
        # MD-07 only when the pile empties (``_draw_from_pile``); here it just loses the card.
        new[F_PILE] = _sub(pile, card)
    else:
        _draw_from_pile(new, card)
    if state.phase == P_DEAL:
        n = state.players
        new[F_HANDS] = _gain(state.hands, (DEAL * n - state.owed) % n, card)
        new[F_OWED] = owed = state.owed - 1
        new[F_PHASE] = P_DEAL if owed else P_REVEAL
        return _build(new)
    new[F_HANDS] = _gain(state.hands, state.mover, card)
    new[F_OWED] = owed = state.owed - 1
    if owed:
        return _build(new)
    return _after_gain(new)


def _apply_reveal(state: State, action: Reveal) -> State:
    card = action.card
    new = list(state)
    new[F_PILE] = _sub(state.pile, card)
    new[F_DISCARD] = (card,)
    _log(new, Event.REVEAL, NO_SEAT, card)
    if state.turn == 0:
        new[F_PHASE] = P_ROLL
        new[F_TURN] = 1
        new[F_MOVER] = 0
        return _build(new)
    return _after_gain(new)


def _apply_roll(state: State, action: Roll) -> State:
    mover, value = state.mover, action.value
    positions = state.positions
    position = (positions[mover] + value) % TRACK_LENGTH
    new = list(state)
    moved = list(positions)
    moved[mover] = position
    new[F_POSITIONS] = tuple(moved)
    log = state.log
    entry = ((_E_ROLL, mover, value, position),)
    new[F_LOG] = log[1 - LOG_SIZE :] + entry if len(log) >= LOG_SIZE else log + entry
    landing = _LANDING[position]
    if landing is not None:
        new[F_PHASE], owed = landing
        if owed:
            new[F_OWED] = owed
        return new_state(State, new)
    outfits = complete(state.hands[mover])
    if not outfits:
        _log(new, _E_NO_OUTFIT, mover)
        return _end_turn(new)
    if len(outfits) == 1:
        new[F_PHASE] = P_DOOR
        new[F_SHOWN] = outfits[0]
        _show_outfit(new, outfits[0])
    else:
        new[F_PHASE] = P_SHOW
    return _build(new)


def _landing(kind: Space) -> tuple[Phase, int] | None:
    """What landing on a space of this kind does: the next phase and the cards owed (0 for
    none), or ``None`` for a door (it depends on the hand).
    """
    if kind == _S_DOOR:
        return None
    if kind == _S_EITHER:
        return P_PILE, 0
    if kind in TAKES:
        return P_DRAW, TAKES[kind]
    return P_GIVE, 0


_LANDING: Final[tuple[tuple[Phase, int] | None, ...]] = tuple(map(_landing, TRACK))
"""Per track space, :func:`_landing` of its kind (read on every roll)."""


def _apply_pile(state: State, action: Pile) -> State:
    mover = state.mover
    new = list(state)
    if not action.from_discard:
        new[F_PHASE] = P_DRAW
        new[F_OWED] = 1
        _log(new, Event.PILE_DRAW, mover)
        return _build(new)
    card = state.discard[-1]
    _give_card(new, mover, card)
    new[F_DISCARD] = discard = state.discard[:-1]
    # MD-06: the card was face up, so every seat saw it join the mover's hand.
    taken = (card,)
    new[F_KNOWN] = _seen_by_all(state.known, state.players, mover, taken, gained=True)
    new[F_PUBLIC] = _set(state.public, mover, _seen(state.public[mover], taken, gained=True))
    _log(new, Event.TOP, mover, card)
    if not discard:
        new[F_PHASE] = P_REVEAL
        return _build(new)
    return _after_gain(new)


def _apply_discard(state: State, action: Discard) -> State:
    card, mover = action.card, state.mover
    hands = state.hands
    hand = _sub(hands[mover], card)
    new = list(state)
    new[F_HANDS] = _set(hands, mover, hand)
    new[F_DISCARD] = state.discard + (card,)
    new[F_KNOWN] = _forget(state.known, state.players, mover, card)
    public = state.public
    if public[mover][card]:
        new[F_PUBLIC] = _set(public, mover, _sub(public[mover], card))
    log = state.log
    entry = ((_E_DISCARD, mover, card, 0),)
    new[F_LOG] = log[1 - LOG_SIZE :] + entry if len(log) >= LOG_SIZE else log + entry
    if sum(hand) > HAND_LIMIT:
        return new_state(State, new)
    return _end_turn(new)


def _apply_give(state: State, action: Give) -> State:
    mover = state.mover
    new = list(state)
    new[F_HANDS] = _set(state.hands, mover, _sub(state.hands[mover], action.card))
    new[F_PHASE] = P_PICK
    new[F_TARGET] = action.target
    new[F_GIVEN] = action.card
    return _build(new)


def _apply_pick(state: State, action: Pick) -> State:
    taken, given = action.card, state.given
    mover, target = state.mover, state.target
    hands = list(state.hands)
    hands[mover] = _add(hands[mover], taken)
    hands[target] = _add(_sub(hands[target], taken), given)
    new = list(state)
    new[F_HANDS] = tuple(hands)
    new[F_KNOWN] = _swap_knowledge(state.known, state.players, mover, target, given, taken)
    public = state.public
    if any(public[mover]) or any(public[target]):
        # The table saw one unseen card leave each hand.
        public = _set(public, mover, _less_one_unknown(public[mover]))
        new[F_PUBLIC] = _set(public, target, _less_one_unknown(public[target]))
    _log(new, _E_SWAP, mover, target)
    return _end_turn(new)


def _apply_show(state: State, action: Show) -> State:
    new = list(state)
    new[F_PHASE] = P_DOOR
    new[F_SHOWN] = action.colour
    _show_outfit(new, action.colour)
    return _build(new)


def _show_outfit(new: Fields, colour: int) -> None:
    """MD-08 and MD-10: the mover shows the outfit to the table (in the state being built)."""
    mover, outfit = new[F_MOVER], cards_mod.outfit(colour)
    new[F_KNOWN] = _seen_by_all(new[F_KNOWN], new[F_PLAYERS], mover, outfit, gained=False)
    public = new[F_PUBLIC]
    new[F_PUBLIC] = _set(public, mover, _seen(public[mover], outfit, gained=False))


def _apply_door(state: State, action: Door) -> State:
    """MD-09: the matching date wins; the dud costs the outfit; any other date ends the turn."""
    result, shown, mover = action.result, state.shown, state.mover
    new = list(state)
    _log(new, Event.DOOR, mover, shown, result)
    if result == shown:
        new[F_PHASE] = P_OVER
        new[F_WINNER] = mover
        return _build(new)
    if result != DUD:
        return _end_turn(new)
    hand, known, discard = state.hands[mover], state.known, state.discard
    public = state.public
    for card in cards_mod.outfit(shown):
        hand = _sub(hand, card)
        known = _forget(known, state.players, mover, card)
        public = _forget_public(public, mover, card)
        discard = (*discard, card)
    new[F_HANDS] = _set(state.hands, mover, hand)
    new[F_KNOWN] = known
    new[F_PUBLIC] = public
    new[F_DISCARD] = discard
    new[F_PHASE] = P_DRAW
    new[F_OWED] = NUMBERS
    new[F_SHOWN] = -1
    return _build(new)


TRANSITIONS: Final[dict[type, Callable[[State, Any], State]]] = {
    Roll: _apply_roll,
    Draw: _apply_draw,
    Reveal: _apply_reveal,
    Pick: _apply_pick,
    Door: _apply_door,
    Give: _apply_give,
    Discard: _apply_discard,
    Pile: _apply_pile,
    Show: _apply_show,
}
"""Each action type's transition."""


# ---------------------------------------------------------------------------------------
# Legal action lists (cached: hands repeat)


@lru_cache(maxsize=4096)
def complete(hand: Counts) -> tuple[int, ...]:
    """MD-08: the colours whose 1, 2 and 3 are all in ``hand``."""
    return tuple(
        colour
        for colour in range(len(COLOURS))
        if hand[colour * NUMBERS] and hand[colour * NUMBERS + 1] and hand[colour * NUMBERS + 2]
    )


def discard_actions(hand: Counts) -> tuple[Action, ...]:
    """MD-04: one discard per distinct card held, by card."""
    return tuple(compress(DISCARDS, hand))


def give_actions(hand: Counts, partners: tuple[int, ...]) -> tuple[Action, ...]:
    """MD-05: each distinct card held to each partner, by partner then card."""
    if len(partners) == 1:
        return tuple(compress(_GIVES_TO[partners[0]], hand))
    return tuple(chain.from_iterable(compress(_GIVES_TO[t], hand) for t in partners))


_GIVES_TO: Final[tuple[tuple[Give, ...], ...]] = tuple(zip(*GIVES, strict=True))
"""``_GIVES_TO[target][card]``: ``GIVES[card][target]``."""


@lru_cache(maxsize=4096)
def show_actions(hand: Counts) -> tuple[Action, ...]:
    """MD-08: one show per complete outfit, by colour."""
    return tuple(SHOWS[colour] for colour in complete(hand))


@lru_cache(maxsize=256)
def targets(kind: Space, mover: int, players: int) -> tuple[int, ...]:
    """MD-05: the swap partners on a space of this kind (right seat - 1, left seat + 1)."""
    if kind == Space.SWAP_RIGHT:
        return ((mover - 1) % players,)
    if kind == Space.SWAP_LEFT:
        return ((mover + 1) % players,)
    if kind == Space.SWAP_ANY:
        return tuple(seat for seat in range(players) if seat != mover)
    return ()


PARTNERS: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(tuple(targets(kind, mover, players) for kind in TRACK) for mover in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""``PARTNERS[players][mover][position]``: :func:`targets` of that track space's kind."""
