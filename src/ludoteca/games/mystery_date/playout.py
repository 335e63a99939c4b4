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
    if int(state.phase) == P_OVER:
        return state, 0
    table = _Table(state, rng, policy)
    steps = 0
    while True:
        steps += 1
        if _step(table):
            if _end_turn(table):
                break
        elif table.phase == P_OVER:  # a door opened on the mover's date
            break
    return table.final(), steps


class _Table:
    """A playout's game on mutable locals: what the State holds, in lists changed in place.

    Each hand is kept three ways: copies per card (as the State), its size, and a bit mask
    of the cards it holds. The pile is a sorted list of cards: ``game._weighted(counts)``
    picks the card whose run of copies holds ``int(rng.random() * size)``, which is that
    index of this list.
    """

    def __init__(self, state: State, rng: random.Random, policy: Policy) -> None:
        rules, n = state.rules, state.players
        self.rules = rules
        self.n = n
        self.door_weights: tuple[int, ...] = rules.door_weights
        self.door_total: int = sum(rules.door_weights)
        self.turn_limit: int = rules.turn_limit
        self.phase: int = int(state.phase)
        self.turn: int = state.turn
        self.mover: int = state.mover
        self.positions: list[int] = list(state.positions)
        self.hands: list[list[int]] = [list(hand) for hand in state.hands]
        self.masks: list[int] = [_mask(hand) for hand in self.hands]
        self.sizes: list[int] = [sum(hand) for hand in self.hands]
        self.pile: list[int] = cards_of(state.pile)
        self.discard: list[int] = list(state.discard)
        self.owed: int = state.owed
        self.target: int = state.target
        self.given: int = state.given
        self.shown: int = state.shown
        self.known: list[list[int]] = [list(counts) for counts in state.known]
        self.public: list[list[int]] = [list(counts) for counts in state.public]
        self.log: list[tuple[int, int, int, int]] = list(state.log)
        self.winner: int = state.winner
        self.rng = rng
        self.random: Callable[[], float] = rng.random
        self.policy = policy
        self.uniform: bool = policy is rng_mod.choice
        self.partners: tuple[tuple[tuple[int, ...], ...], ...] = turns.PARTNERS[n]
        self.columns: list[range] = [range(seat, n * n, n) for seat in range(n)]
        """Per seat, the indices in ``known`` of what every seat knows of its hand."""

    def final(self) -> State:
        """The State the game ended in."""
        return State(
            rules=self.rules,
            players=self.n,
            phase=_PHASES[self.phase],
            turn=self.turn,
            mover=self.mover,
            positions=tuple(self.positions),
            hands=tuple(map(tuple, self.hands)),
            pile=counts_of(self.pile),
            discard=tuple(self.discard),
            owed=self.owed,
            target=self.target,
            given=self.given,
            shown=self.shown,
            known=tuple(map(tuple, self.known)),
            public=tuple(map(tuple, self.public)),
            log=tuple(self.log[-LOG_SIZE:]),
            winner=self.winner,
        )

    def gain(self, seat: int, card: int) -> None:
        """``card`` joins the hand of ``seat``."""
        hand = self.hands[seat]
        if not hand[card]:
            self.masks[seat] |= 1 << card
        hand[card] += 1
        self.sizes[seat] += 1

    def lose(self, seat: int, card: int) -> None:
        """``card`` leaves the hand of ``seat`` (which holds it)."""
        hand = self.hands[seat]
        hand[card] -= 1
        if not hand[card]:
            self.masks[seat] ^= 1 << card
        self.sizes[seat] -= 1

    def choose_held(self) -> int:
        """The uniform policy's pick among the distinct cards the mover holds."""
        held = _HELD[self.masks[self.mover]]
        return held[int(self.random() * len(held))]


# ---------------------------------------------------------------------------------------
# The steps: one per phase. Each applies one step and says whether the turn ends there
# (``_end_turn`` follows); a step that leaves the turn going sets the next phase.


def _step(t: _Table) -> bool:
    """Apply the step of the current phase; ``True`` if it ends the turn."""
    phase = t.phase
    if phase == P_ROLL:
        return _roll(t)
    if phase in _DRAWS:
        return _draw(t)
    if phase == P_DISCARD:
        return _discard(t)
    if phase == P_GIVE:
        return _give(t)
    if phase == P_PICK:
        return _pick(t)
    if phase == P_PILE:
        return _pile(t)
    if phase == P_DOOR:
        return _door(t)
    if phase == P_REVEAL:
        return _reveal(t)
    return _show(t)


def _roll(t: _Table) -> bool:
    """``turns._apply_roll`` (MD-02, MD-03, MD-05, MD-07): move, then what the space says."""
    mover = t.mover
    value = 1 + int(t.random() * DIE)
    position = (t.positions[mover] + value) % TRACK_LENGTH
    t.positions[mover] = position
    t.log.append((_E_ROLL, mover, value, position))
    landing = _LANDING[position]
    if landing is not None:
        t.phase, owed = landing
        if owed:
            t.owed = owed
        return False
    outfits = _complete(t.masks[mover])
    if len(outfits) == 1:
        t.phase, t.shown = P_DOOR, outfits[0]
        _show_outfit(t.known, t.public, t.n, mover, _OUTFITS[t.shown])
        return False
    if outfits:
        t.phase = P_SHOW
        return False
    t.log.append((_E_NO_OUTFIT, mover, 0, 0))
    return True


def _draw(t: _Table) -> bool:
    """``turns._apply_draw`` (MD-01, MD-03): a card off the pile to the seat owed it."""
    pile = t.pile
    card = pile.pop(int(t.random() * len(pile)))
    if not pile:  # turns._draw_from_pile: an emptied pile takes the discards but the top.
        discard = t.discard
        under = discard[:-1]
        t.pile = sorted(under)
        del discard[:-1]
        t.log.append((_E_RESHUFFLE, NO_SEAT, len(under), 0))
    t.owed -= 1
    dealing = t.phase == P_DEAL
    t.gain((DEAL * t.n - t.owed - 1) % t.n if dealing else t.mover, card)
    if t.owed:
        return False
    if dealing:
        t.phase = P_REVEAL
        return False
    return _within_limit(t)


def _within_limit(t: _Table) -> bool:
    """``turns._after_gain`` (MD-04): over the hand limit, discard; else the turn ends."""
    if t.sizes[t.mover] > HAND_LIMIT:
        t.phase = P_DISCARD
        return False
    return True


def _discard(t: _Table) -> bool:
    """``turns._apply_discard`` (MD-04): one card face up, until the hand is at the limit."""
    mover = t.mover
    if t.uniform:
        card = t.choose_held()
    else:
        card = t.policy(t.rng, turns.discard_actions(tuple(t.hands[mover]))).card
    t.lose(mover, card)
    t.discard.append(card)
    _forget(t.known, t.columns[mover], t.public[mover], card)
    t.log.append((_E_DISCARD, mover, card, 0))
    return t.sizes[mover] <= HAND_LIMIT


def _give(t: _Table) -> bool:
    """``turns._apply_give`` (MD-05): a card face down to a partner the space allows."""
    mover = t.mover
    partners = t.partners[mover][t.positions[mover]]
    if t.uniform:
        held = _HELD[t.masks[mover]]
        partner, spot = divmod(int(t.random() * (len(partners) * len(held))), len(held))
        t.target, t.given = partners[partner], held[spot]
    else:
        action = t.policy(t.rng, turns.give_actions(tuple(t.hands[mover]), partners))
        t.target, t.given = action.target, action.card
    t.lose(mover, t.given)
    t.phase = P_PICK
    return False


def _pick(t: _Table) -> bool:
    """``turns._apply_pick`` (MD-05, MD-10): the mover takes a card at random from the
    partner, who gets the card given; what every seat knows follows.
    """
    mover, target, given = t.mover, t.target, t.given
    other_hand = t.hands[target]
    if not t.sizes[target]:
        raise ValueError("no positive weight")  # as weighted_index on no cards
    # weighted_index: the first card whose running total passes the drawn index.
    drawn = int(t.random() * t.sizes[target])
    taken = 0
    while drawn >= other_hand[taken]:
        drawn -= other_hand[taken]
        taken += 1
    t.gain(mover, taken)
    t.lose(target, taken)
    t.gain(target, given)
    _swap_knowledge(t.known, t.public, t.n, mover, target, given, taken)
    t.log.append((_E_SWAP, mover, target, 0))
    return True


def _pile(t: _Table) -> bool:
    """``turns._apply_pile`` (MD-06): draw from the pile, or take the top of the discards in
    front of everyone.
    """
    mover = t.mover
    if t.uniform:
        from_discard = int(t.random() * 2) == 1
    else:
        from_discard = t.policy(t.rng, _PILE_ACTIONS).from_discard
    if not from_discard:
        t.phase, t.owed = P_DRAW, 1
        t.log.append((_E_PILE_DRAW, mover, 0, 0))
        return False
    card = t.discard.pop()
    t.gain(mover, card)
    n = t.n
    for other in range(n):  # every seat saw the card join the mover's hand
        if other != mover:
            t.known[other * n + mover][card] += 1
    t.public[mover][card] += 1
    t.log.append((_E_TOP, mover, card, 0))
    if not t.discard:
        t.phase = P_REVEAL
        return False
    return _within_limit(t)


def _door(t: _Table) -> bool:
    """``turns._apply_door`` (MD-08, MD-09): the door opens on a date, the mover's (the game
    is won: the phase is over) or another, or on the dud.
    """
    mover, shown = t.mover, t.shown
    result = weighted_index(t.door_weights, t.door_total, t.rng)
    t.log.append((_E_DOOR, mover, shown, result))
    if result == shown:
        t.phase, t.winner = P_OVER, mover
        return False
    if result != DUD:
        return True
    # MD-09: the dud costs the outfit, then three new cards.
    hand = t.hands[mover]
    for card in _OUTFITS[shown]:
        if hand[card]:
            t.lose(mover, card)
        _forget(t.known, t.columns[mover], t.public[mover], card)
        t.discard.append(card)
    t.phase, t.owed, t.shown = P_DRAW, NUMBERS, -1
    return False


def _reveal(t: _Table) -> bool:
    """``turns._apply_reveal`` (MD-01, MD-06): a card off the pile starts the discards."""
    pile = t.pile
    if not pile:
        raise ValueError("no positive weight")  # as game._weighted on an empty pile
    card = pile.pop(int(t.random() * len(pile)))
    t.discard = [card]
    t.log.append((_E_REVEAL, NO_SEAT, card, 0))
    if t.turn == 0:
        t.phase, t.turn, t.mover = P_ROLL, 1, 0
        return False
    return _within_limit(t)


def _show(t: _Table) -> bool:
    """``turns._apply_show`` (MD-08): the mover shows one of its complete outfits."""
    shown = t.policy(t.rng, turns.show_actions(tuple(t.hands[t.mover]))).colour
    t.phase, t.shown = P_DOOR, shown
    _show_outfit(t.known, t.public, t.n, t.mover, _OUTFITS[shown])
    return False


def _end_turn(t: _Table) -> bool:
    """``turns._end_turn`` (MD-02, MD-10): the next seat's turn; ``True`` when the turn limit
    ends the game instead.
    """
    t.shown = t.given = -1
    t.owed = 0
    t.target = NO_SEAT
    if t.turn >= t.turn_limit:
        t.phase = P_OVER
        return True
    t.phase = P_ROLL
    t.turn += 1
    t.mover = (t.mover + 1) % t.n
    return False


def _swap_knowledge(
    known: list[list[int]],
    public: list[list[int]],
    n: int,
    mover: int,
    target: int,
    given: int,
    taken: int,
) -> None:
    """``turns._swap_knowledge``: each partner learns one card of the other's hand, and
    every other seat (and the table) saw one unseen card leave each hand.
    """
    counts = known[mover * n + target]
    if counts[taken]:
        counts[taken] -= 1
    counts[given] += 1
    counts = known[target * n + mover]
    if counts[given]:
        counts[given] -= 1
    counts[taken] += 1
    if n > 2:
        for other in range(n):
            if other not in (mover, target):
                row = other * n
                known[row + mover] = [c - 1 if c else 0 for c in known[row + mover]]
                known[row + target] = [c - 1 if c else 0 for c in known[row + target]]
    if any(public[mover]) or any(public[target]):
        public[mover] = [c - 1 if c else 0 for c in public[mover]]
        public[target] = [c - 1 if c else 0 for c in public[target]]


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
