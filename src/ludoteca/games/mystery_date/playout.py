"""Mystery Date's rollout fast path: a whole playout on mutable locals, one State at the end.

The protocol path rebuilds an immutable :class:`~ludoteca.games.mystery_date.state.State`
on every step, with new tuples for every hand, knowledge row and log entry it touches
(:mod:`~ludoteca.games.mystery_date.turns`). :func:`playout` keeps the hands, the pile,
the discards, what each seat knows (MD-10) and the log in lists changed in place, runs
the same transitions in the same order and builds a State only when the game is over.

It plays the protocol loop's game for the same random stream (``tests/games/
test_playouts.py`` checks it seed by seed): every chance step draws as
``MysteryDate.sample_chance`` does (the die ``1 + int(rng.random() * DIE)``; a card, a
swap pick or the door as :func:`~ludoteca.games.mystery_date.cards.weighted_index` draws:
the door by calling it, a pick by the same scan inline), and every decision hands
``policy`` the protocol's legal list (the cached lists of ``turns``). With the uniform
policy :func:`ludoteca.engine.rng.choice` a decision is read straight from the drawn index
(the same ``int(rng.random() * len(legal))`` into the same order: discards by card, gives
by partner then card, ``pile draw`` before ``pile discard``), without building the list.

Each hand is kept three ways: copies per card (as the State), its size, and a bit mask of the
cards it holds, so "how many cards" and "which distinct cards" (the discards and gives, by
card) are a list read and a table read (``_HELD``) instead of a sum and a scan per step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final

from ludoteca.engine import rng as rng_mod
from ludoteca.games.mystery_date import turns
from ludoteca.games.mystery_date.cards import (
    CARDS,
    DEAL,
    DIE,
    DUD,
    HAND_LIMIT,
    NUMBERS,
    PILE_DISCARD,
    PILE_DRAW,
    cards_of,
    counts_of,
    weighted_index,
)
from ludoteca.games.mystery_date.state import (
    LOG_SIZE,
    NO_SEAT,
    TAKES,
    TRACK,
    TRACK_LENGTH,
    Event,
    Phase,
    Space,
    State,
)

Policy = Callable[[random.Random, Sequence[Any]], Any]
"""Picks one of the legal actions, e.g. ``ludoteca.engine.rng.choice``."""

# Phases as plain ints: comparing two ints is a fast path of the interpreter, comparing
# IntEnum members is not. The final State gets the Phase members back (``_PHASES``).
_PHASES: Final[tuple[Phase, ...]] = tuple(Phase)
P_DEAL: Final = int(Phase.DEAL)
P_REVEAL: Final = int(Phase.REVEAL)
P_ROLL: Final = int(Phase.ROLL)
P_DRAW: Final = int(Phase.DRAW)
P_PILE: Final = int(Phase.PILE)
P_DISCARD: Final = int(Phase.DISCARD)
P_GIVE: Final = int(Phase.GIVE)
P_PICK: Final = int(Phase.PICK)
P_SHOW: Final = int(Phase.SHOW)
P_DOOR: Final = int(Phase.DOOR)
P_OVER: Final = int(Phase.OVER)
_DRAWS: Final = frozenset((P_DRAW, P_DEAL))
_PILE_ACTIONS: Final = (PILE_DRAW, PILE_DISCARD)
_CARD_RANGE: Final = range(CARDS)
_OUTFITS: Final = tuple(
    tuple(range(c * NUMBERS, c * NUMBERS + NUMBERS)) for c in range(CARDS // NUMBERS)
)
_E_ROLL: Final = Event.ROLL
_E_NO_OUTFIT: Final = Event.NO_OUTFIT
_E_PILE_DRAW: Final = Event.PILE_DRAW
_E_TOP: Final = Event.TOP
_E_DISCARD: Final = Event.DISCARD
_E_SWAP: Final = Event.SWAP
_E_DOOR: Final = Event.DOOR
_E_REVEAL: Final = Event.REVEAL
_E_RESHUFFLE: Final = Event.RESHUFFLE


def _landing(kind: Space) -> tuple[int, int] | None:
    """``turns._landing`` with a plain int phase: the next phase and the cards owed."""
    if kind == Space.DOOR:
        return None
    if kind == Space.TAKE_EITHER:
        return P_PILE, 0
    if kind in TAKES:
        return P_DRAW, TAKES[kind]
    return P_GIVE, 0


_LANDING: Final[tuple[tuple[int, int] | None, ...]] = tuple(map(_landing, TRACK))
"""Per track space, what a roll that stops there does (``None``: a door)."""


# A hand is also kept as a bit mask of the cards it holds (bit ``card``), so the distinct
# cards held (the discards and gives, by card) and the complete outfits are table reads.
def _held_table() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << CARDS):
        lowest = mask & -mask  # the lowest card, then the cards of the rest (ascending)
        table.append((lowest.bit_length() - 1, *table[mask ^ lowest]))
    return tuple(table)


_HELD: Final = _held_table()
"""``_HELD[mask]``: the cards of ``mask``, ascending."""
_OUTFIT_MASKS: Final = tuple(sum(1 << card for card in outfit) for outfit in _OUTFITS)


@cache
def _complete(mask: int) -> tuple[int, ...]:
    """``turns.complete`` of a hand holding the cards of ``mask``."""
    return tuple(colour for colour, bits in enumerate(_OUTFIT_MASKS) if mask & bits == bits)


def _mask(counts: list[int] | tuple[int, ...]) -> int:
    return sum(1 << card for card in _CARD_RANGE if counts[card])


def playout(state: State, rng: random.Random, policy: Policy) -> tuple[State, int]:
    """Play from ``state`` to the end, every seat choosing with ``policy``.

    Args:
        state: Any Mystery Date state (an already finished one is returned as it is).
        rng: The random stream, shared by chance and the policy.
        policy: Called as ``policy(rng, legal)`` for every decision.

    Returns:
        The final state (equal to the protocol path's) and the steps applied.
    """
    phase = int(state.phase)
    if phase == P_OVER:
        return state, 0
    rules, n = state.rules, state.players
    door_weights, turn_limit = rules.door_weights, rules.turn_limit
    door_total = sum(door_weights)
    turn, mover = state.turn, state.mover
    positions = list(state.positions)
    hands = [list(hand) for hand in state.hands]
    masks = [_mask(hand) for hand in hands]
    sizes = [sum(hand) for hand in hands]
    # The pile as a sorted list of cards: ``game._weighted(counts)`` picks the card whose
    # run of copies holds ``int(rng.random() * size)``, which is that index of this list.
    pile = cards_of(state.pile)
    discard = list(state.discard)
    owed, target, given, shown = state.owed, state.target, state.given, state.shown
    known = [list(counts) for counts in state.known]
    public = [list(counts) for counts in state.public]
    log = list(state.log)
    winner = state.winner
    random_ = rng.random
    uniform = policy is rng_mod.choice
    discard_actions = turns.discard_actions
    give_actions, show_actions = turns.give_actions, turns.show_actions
    partners_of = turns.PARTNERS[n]
    columns = [range(seat, n * n, n) for seat in range(n)]  # what every seat knows of a seat
    steps = 0

    while True:
        # One step per pass. A step that ends the turn falls through to the bottom
        # (turns._end_turn); every other step ``continue``s.
        steps += 1
        if phase == P_ROLL:
            value = 1 + int(random_() * DIE)
            position = (positions[mover] + value) % TRACK_LENGTH
            positions[mover] = position
            log.append((_E_ROLL, mover, value, position))
            landing = _LANDING[position]
            if landing is not None:
                phase, landing_owed = landing
                if landing_owed:
                    owed = landing_owed
                continue
            outfits = _complete(masks[mover])
            if len(outfits) == 1:
                phase, shown = P_DOOR, outfits[0]
                _show_outfit(known, public, n, mover, _OUTFITS[shown])
                continue
            if outfits:
                phase = P_SHOW
                continue
            log.append((_E_NO_OUTFIT, mover, 0, 0))
        elif phase in _DRAWS:
            card = pile.pop(int(random_() * len(pile)))
            # turns._draw_from_pile: an emptied pile takes the discards but the top.
            if not pile:
                under = discard[:-1]
                pile = sorted(under)
                del discard[:-1]
                log.append((_E_RESHUFFLE, NO_SEAT, len(under), 0))
            owed -= 1
            seat = (DEAL * n - owed - 1) % n if phase == P_DEAL else mover
            hand = hands[seat]
            if not hand[card]:
                masks[seat] |= 1 << card
            hand[card] += 1
            sizes[seat] += 1
            if owed:
                continue
            if phase == P_DEAL:
                phase = P_REVEAL
                continue
            # turns._after_gain: over the hand limit, discard; otherwise the turn ends.
            if sizes[mover] > HAND_LIMIT:
                phase = P_DISCARD
                continue
        elif phase == P_DISCARD:
            hand = hands[mover]
            if uniform:
                held = _HELD[masks[mover]]
                card = held[int(random_() * len(held))]
            else:
                card = policy(rng, discard_actions(tuple(hand))).card
            hand[card] -= 1
            if not hand[card]:
                masks[mover] ^= 1 << card
            sizes[mover] = size = sizes[mover] - 1
            discard.append(card)
            _forget(known, columns[mover], public[mover], card)
            log.append((_E_DISCARD, mover, card, 0))
            if size > HAND_LIMIT:
                continue
        elif phase == P_GIVE:
            partners = partners_of[mover][positions[mover]]
            hand = hands[mover]
            if uniform:
                held = _HELD[masks[mover]]
                partner, spot = divmod(int(random_() * (len(partners) * len(held))), len(held))
                target, given = partners[partner], held[spot]
            else:
                action = policy(rng, give_actions(tuple(hand), partners))
                target, given = action.target, action.card
            hand[given] -= 1
            if not hand[given]:
                masks[mover] ^= 1 << given
            sizes[mover] -= 1
            phase = P_PICK
            continue
        elif phase == P_PICK:
            other_hand = hands[target]
            if not sizes[target]:
                raise ValueError("no positive weight")  # as weighted_index on no cards
            # weighted_index: the first card whose running total passes the drawn index.
            drawn = int(random_() * sizes[target])
            taken = 0
            while drawn >= other_hand[taken]:
                drawn -= other_hand[taken]
                taken += 1
            hand = hands[mover]
            if not hand[taken]:
                masks[mover] |= 1 << taken
            hand[taken] += 1
            sizes[mover] += 1
            other_hand[taken] -= 1
            if not other_hand[taken]:
                masks[target] ^= 1 << taken
            if not other_hand[given]:
                masks[target] |= 1 << given
            other_hand[given] += 1
            # turns._swap_knowledge: each partner learns one card of the other's hand ...
            counts = known[mover * n + target]
            if counts[taken]:
                counts[taken] -= 1
            counts[given] += 1
            counts = known[target * n + mover]
            if counts[given]:
                counts[given] -= 1
            counts[taken] += 1
            # ... and every other seat saw one unseen card leave each hand.
            if n > 2:
                for other in range(n):
                    if other not in (mover, target):
                        row = other * n
                        known[row + mover] = [c - 1 if c else 0 for c in known[row + mover]]
                        known[row + target] = [c - 1 if c else 0 for c in known[row + target]]
            if any(public[mover]) or any(public[target]):
                # The table saw one unseen card leave each hand.
                public[mover] = [c - 1 if c else 0 for c in public[mover]]
                public[target] = [c - 1 if c else 0 for c in public[target]]
            log.append((_E_SWAP, mover, target, 0))
        elif phase == P_PILE:
            if uniform:
                from_discard = int(random_() * 2) == 1
            else:
                from_discard = policy(rng, _PILE_ACTIONS).from_discard
            if not from_discard:
                phase, owed = P_DRAW, 1
                log.append((_E_PILE_DRAW, mover, 0, 0))
                continue
            card = discard.pop()
            hand = hands[mover]
            if not hand[card]:
                masks[mover] |= 1 << card
            hand[card] += 1
            sizes[mover] += 1
            # MD-06: every seat saw the card join the mover's hand.
            for other in range(n):
                if other != mover:
                    known[other * n + mover][card] += 1
            public[mover][card] += 1
            log.append((_E_TOP, mover, card, 0))
            if not discard:
                phase = P_REVEAL
                continue
            if sizes[mover] > HAND_LIMIT:
                phase = P_DISCARD
                continue
        elif phase == P_DOOR:
            result = weighted_index(door_weights, door_total, rng)
            log.append((_E_DOOR, mover, shown, result))
            if result == shown:
                phase, winner = P_OVER, mover
                break
            if result == DUD:
                # MD-09: the dud costs the outfit, then three new cards.
                hand = hands[mover]
                for card in _OUTFITS[shown]:
                    if hand[card]:
                        hand[card] -= 1
                        sizes[mover] -= 1
                        if not hand[card]:
                            masks[mover] ^= 1 << card
                    _forget(known, columns[mover], public[mover], card)
                    discard.append(card)
                phase, owed, shown = P_DRAW, NUMBERS, -1
                continue
        elif phase == P_REVEAL:
            if not pile:
                raise ValueError("no positive weight")  # as game._weighted on an empty pile
            card = pile.pop(int(random_() * len(pile)))
            discard = [card]
            log.append((_E_REVEAL, NO_SEAT, card, 0))
            if turn == 0:
                phase, turn, mover = P_ROLL, 1, 0
                continue
            if sizes[mover] > HAND_LIMIT:
                phase = P_DISCARD
                continue
        elif phase == P_SHOW:
            shown = policy(rng, show_actions(tuple(hands[mover]))).colour
            phase = P_DOOR
            _show_outfit(known, public, n, mover, _OUTFITS[shown])
            continue
        else:  # P_OVER (only reached through a state handed in mid-game: see the top)
            steps -= 1
            break
        # The turn ends (turns._end_turn).
        shown = given = -1
        owed = 0
        target = NO_SEAT
        if turn >= turn_limit:
            phase = P_OVER
            break
        phase = P_ROLL
        turn += 1
        mover = (mover + 1) % n
    final = State(
        rules=rules,
        players=n,
        phase=_PHASES[phase],
        turn=turn,
        mover=mover,
        positions=tuple(positions),
        hands=tuple(map(tuple, hands)),
        pile=counts_of(pile),
        discard=tuple(discard),
        owed=owed,
        target=target,
        given=given,
        shown=shown,
        known=tuple(map(tuple, known)),
        public=tuple(map(tuple, public)),
        log=tuple(log[-LOG_SIZE:]),
        winner=winner,
    )
    return final, steps


def _forget(known: list[list[int]], column: range, public: list[int], card: int) -> None:
    """``turns._forget`` and ``turns._forget_public``: ``card`` left a hand face up.

    ``column``: the indices in ``known`` of what each seat knows of that hand; ``public``:
    what the whole table saw of it.
    """
    for i in column:
        counts = known[i]
        if counts[card]:
            counts[card] -= 1
    if public[card]:
        public[card] -= 1


def _show_outfit(
    known: list[list[int]], public: list[list[int]], n: int, mover: int, outfit: tuple[int, ...]
) -> None:
    """``turns._show_outfit``: every other seat (and the table) knows one of each card."""
    for other in range(n):
        if other != mover:
            counts = known[other * n + mover]
            for card in outfit:
                if not counts[card]:
                    counts[card] = 1
    counts = public[mover]
    for card in outfit:
        if not counts[card]:
            counts[card] = 1
