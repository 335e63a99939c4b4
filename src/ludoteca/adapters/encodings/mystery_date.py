"""Mystery Date's integer action space and observation vector for learning agents.

Everything is from the point of view of the observing seat: seats are counted to *my
left* (relative seat ``r`` is absolute seat ``(me + r) % players``; ``r = 0`` is me), so one
policy can play every seat. Blocks of four *relative seat* entries leave the entries of
absent seats (``r >= players``) at 0. The ``seat`` entries still say which seat I am. The
sizes are the same for 2, 3 and 4 players and every option.

Action space
------------
A fixed ``Discrete(54)``; every decision is one number (the largest, a give, has 36).
A give's number names its target relative to the giver (*k to my left*), so
:meth:`MysteryDateEncoding.encode` needs the giver's view for a ``Give``.

========  =====  ===========================================================================
numbers   count  meaning
========  =====  ===========================================================================
0         1      ``pile draw``: take the top of the draw pile (MD-06)
1         1      ``pile discard``: take the top of the discard pile (MD-06)
2-13      12     ``Discard(card)``, card = number - 2 (MD-04)
14-49     36     ``Give(card, target)``: number = 14 + 12 * (k - 1) + card, the target ``k``
                 seats to my left, k = 1..3 (MD-05)
50-53     4      ``Show(colour)``, colour = number - 50 (MD-08)
========  =====  ===========================================================================

Cards are ``colour * 3 + number - 1`` (0..2 pink 1..3, then green, blue, orange), as in
``games/mystery_date_cards``. :data:`ACTION_LABELS` names every number (absolute targets
cannot be named without a seat, so a give's label says ``to +k``).

Observation
-----------
A ``float32`` vector of :data:`OBSERVATION_SIZE` = 844 entries built only from the seat's
view. Entries are counts or 0/1 flags (never negative); the environment's ``Box`` gives
each block's upper bound. *Per card* blocks have 12 entries (copies per card); *rel seats*
blocks have 4 (relative seats 0..3); *others* blocks have 36 (12 per card for each of
the seats 1, 2, 3 to my left). :data:`LAYOUT` holds the same table as data.

======  ====  ================  ======================================================
offset  size  name              meaning
======  ====  ================  ======================================================
0       3     players           player count one-hot: 2, 3, 4
3       4     seat              my absolute seat one-hot
7       11    phase             deal, reveal, roll, draw, pile, discard, give, pick,
                                show, door, over
18      4     mover             whose turn it is, rel seats one-hot
22      1     chance_acts       1 while chance acts (a roll, draw, pick, door)
23      1     turn              the turn number (0 during the deal)
24      1     turn_limit        the option: turns before a draw
25      128   positions         each rel seat's space, one-hot 32 per seat
153     7     space             the mover's space kind: door, take_either, take_1,
                                take_2, swap_right, swap_left, swap_any
160     12    hand              my cards, per card
172     4     hand_counts       cards held, rel seats
176     1     pile_size         cards in the draw pile
177     12    discard           face-up discards, per card
189     12    discard_top       the top of the discard pile, one-hot
201     1     discard_size      cards in the discard pile
202     1     owed              cards still to be drawn
203     4     target            the swap partner while a swap is under way, rel seats
207     4     shown             the colour shown at the door while it opens
211     12    given             the card I gave face down in my swap under way, one-hot
223     36    known             cards I know the others hold (others)
259     36    known_by          cards of my hand the others know about (others)
295     540   log               the last 12 public events, newest first, 45 each (below)
835     4     winner            the winner, rel seats
839     5     door_weights      the option: chance of pink, green, blue, orange, dud
======  ====  ================  ======================================================

Each log entry (45 entries, all 0 for an empty slot): kind one-hot 9 (roll, no_outfit,
pile_draw, top, discard, swap, door, reveal, reshuffle), its seat one-hot 4 (rel seats;
none for reveal and reshuffle), the card (top, discard, reveal) one-hot 12, the die value
(roll) one-hot 6, the swap partner (swap) rel seats one-hot 4, the colour shown (door)
one-hot 4, what the door opened on (door) one-hot 5 (pink .. orange, dud), and the number
of cards reshuffled (reshuffle). The newest event is entry 0, so the event that just
happened is always at the same place. A door that opened on another date tells everyone
that its opener still holds that complete outfit: the log is the only place a view says so.

Scaled observation
------------------
``encodings.scaled`` divides every entry by its upper bound, except ``turn`` and
``turn_limit`` (offsets 23-24, bound 5,000 turns), scaled ``x / (x + 100)`` (0.5 at 100
turns, below 1 for any ``x``). Every scaled entry is in [0, 1].
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import mul as _mul
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import (
    EMPTY_DRAFT,
    Buffer,
    Decoded,
    Draft,
    Encoding,
    MaskArray,
    ObservationArray,
    Scale,
    SoftRanges,
)
from ludoteca.engine.game import CHANCE, Options, View
from ludoteca.games.mystery_date import cards
from ludoteca.games.mystery_date import game as md
from ludoteca.games.mystery_date import state as st

GAME_ID = "mystery_date"
SEATS = st.MAX_PLAYERS
CARDS = cards.CARDS
COLOURS = len(cards.COLOURS)

# ---------------------------------------------------------------------------------------
# Action space

PILE = 0
"""``PILE``: pile draw; ``PILE + 1``: pile discard."""
DISCARD = 2
GIVE = DISCARD + CARDS
SHOW = GIVE + CARDS * (SEATS - 1)
ACTION_SIZE = SHOW + COLOURS

ACTION_LABELS: tuple[str, ...] = (
    ("pile draw", "pile discard")
    + tuple(f"discard {cards.card_name(c)}" for c in range(CARDS))
    + tuple(f"give {cards.card_name(c)} to +{k}" for k in range(1, SEATS) for c in range(CARDS))
    + tuple(f"show {colour}" for colour in cards.COLOURS)
)
"""A short text per action number."""

# ---------------------------------------------------------------------------------------
# Observation layout


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of observation entries.

    Attributes:
        name: The block's name (as in the module's table).
        offset: Index of its first entry.
        size: Number of entries.
        high: Upper bound of every entry (the lower bound is 0).
        meaning: What the entries hold.
    """

    name: str
    offset: int
    size: int
    high: float
    meaning: str


MAX_HAND = cards.HAND_LIMIT + max(st.TAKES.values())
"""Most cards a hand can hold: at the limit, then a take-2 space (before discarding)."""
EVENTS = len(st.EVENT_NAMES)
DIE = cards.DIE
DOOR_OUTCOMES = len(cards.DOOR_OUTCOMES)
LOG_ENTRY = EVENTS + SEATS + CARDS + DIE + SEATS + COLOURS + DOOR_OUTCOMES + 1
"""Entries per log event (see the module docstring)."""
SPACE_KINDS = len(st.SPACE_NAMES)

_BLOCKS: tuple[tuple[str, int, float, str], ...] = (
    ("players", SEATS - 1, 1.0, "player count one-hot: 2, 3, 4"),
    ("seat", SEATS, 1.0, "my absolute seat one-hot"),
    ("phase", len(st.Phase), 1.0, "the phase one-hot"),
    ("mover", SEATS, 1.0, "whose turn it is, rel seats one-hot"),
    ("chance_acts", 1, 1.0, "1 while chance acts"),
    ("turn", 1, float(st.TURN_LIMIT_MAX), "the turn number"),
    ("turn_limit", 1, float(st.TURN_LIMIT_MAX), "the option: turns before a draw"),
    ("positions", SEATS * st.TRACK_LENGTH, 1.0, "each rel seat's space, one-hot per seat"),
    ("space", SPACE_KINDS, 1.0, "the mover's space kind one-hot"),
    ("hand", CARDS, float(cards.COPIES), "my cards, per card"),
    ("hand_counts", SEATS, float(MAX_HAND), "cards held, rel seats"),
    ("pile_size", 1, float(cards.DECK_SIZE), "cards in the draw pile"),
    ("discard", CARDS, float(cards.COPIES), "face-up discards, per card"),
    ("discard_top", CARDS, 1.0, "the top of the discard pile, one-hot"),
    ("discard_size", 1, float(cards.DECK_SIZE), "cards in the discard pile"),
    ("owed", 1, float(cards.DEAL * SEATS), "cards still to be drawn"),
    ("target", SEATS, 1.0, "the swap partner under way, rel seats"),
    ("shown", COLOURS, 1.0, "the colour shown at the door"),
    ("given", CARDS, 1.0, "the card I gave face down, one-hot"),
    ("known", CARDS * (SEATS - 1), float(cards.COPIES), "cards I know the others hold"),
    ("known_by", CARDS * (SEATS - 1), float(cards.COPIES), "my cards the others know about"),
    ("log", LOG_ENTRY * st.LOG_SIZE, float(cards.DECK_SIZE), "the last public events"),
    ("winner", SEATS, 1.0, "the winner, rel seats"),
    ("door_weights", DOOR_OUTCOMES, 1.0, "the option: chance of each door outcome"),
)


def _layout() -> tuple[Block, ...]:
    blocks = []
    offset = 0
    for name, size, high, meaning in _BLOCKS:
        blocks.append(Block(name, offset, size, high, meaning))
        offset += size
    return tuple(blocks)


LAYOUT: tuple[Block, ...] = _layout()
"""The observation's blocks, in order (the table in the module docstring)."""
OBSERVATION_SIZE = LAYOUT[-1].offset + LAYOUT[-1].size
(
    _PLAYERS, _SEAT, _PHASE, _MOVER, _CHANCE, _TURN, _TURN_LIMIT, _POSITIONS, _SPACE, _HAND,
    _HAND_COUNTS, _PILE_SIZE, _DISCARD, _DISCARD_TOP, _DISCARD_SIZE, _OWED, _TARGET, _SHOWN,
    _GIVEN, _KNOWN, _KNOWN_BY, _LOG, _WINNER, _DOOR_WEIGHTS,
) = (block.offset for block in LAYOUT)  # fmt: skip

# Offsets inside a log entry.
_E_SEAT = EVENTS
_E_CARD = _E_SEAT + SEATS
_E_DIE = _E_CARD + CARDS
_E_PARTNER = _E_DIE + DIE
_E_SHOWN = _E_PARTNER + SEATS
_E_DOOR = _E_SHOWN + COLOURS
_E_COUNT = _E_DOOR + DOOR_OUTCOMES
_CARD_EVENTS = frozenset(("top", "discard", "reveal"))
_PHASES = tuple(phase.name.lower() for phase in st.Phase)
_EVENT_INDEX = {name: index for index, name in enumerate(st.EVENT_NAMES)}


# ---------------------------------------------------------------------------------------
# The encoding


class MysteryDateEncoding:
    """Mystery Date's encoding (see the module docstring for both layouts)."""

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True
    """The mask and decoding read only ``view["seat"]`` and ``view["players"]``."""

    observation_soft: SoftRanges = ((_TURN, 2, 100.0),)
    """``turn`` and ``turn_limit`` (bound 5,000): scaled ``x / (x + 100)``."""

    def __init__(self) -> None:
        self.observation_low: ObservationArray = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        self.observation_high: ObservationArray = np.array(
            [block.high for block in LAYOUT for _ in range(block.size)], dtype=np.float32
        )

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is.

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator).
            draft: Always empty (no decision is split).

        Returns:
            A ``float32`` array of :data:`OBSERVATION_SIZE` entries.

        Raises:
            ValueError: For a spectator's view (it has no seat to be relative to).
        """
        seat_ = view["seat"]
        if seat_ is None or seat_ < 0:
            raise ValueError("the Mystery Date encoding needs a seat's view, not a spectator's")
        me: int = seat_
        n: int = view["players"]

        def rel(seat: int) -> int:
            return (seat - me) % n

        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        out[_PLAYERS + n - 2] = 1.0
        out[_SEAT + me] = 1.0
        out[_PHASE + _PHASES.index(view["phase"])] = 1.0
        out[_MOVER + rel(view["mover"])] = 1.0
        out[_CHANCE] = float(CHANCE in view["actors"])
        out[_TURN] = view["turn"]
        options = view["options"]
        out[_TURN_LIMIT] = options["turn_limit"]
        for seat, space in enumerate(view["positions"]):
            out[_POSITIONS + rel(seat) * st.TRACK_LENGTH + space] = 1.0
        out[_SPACE + st.SPACE_NAMES.index(view["space"])] = 1.0
        for card in view["hand"]:
            out[_HAND + card] += 1.0
        for seat, count in enumerate(view["hand_counts"]):
            out[_HAND_COUNTS + rel(seat)] = count
        out[_PILE_SIZE] = view["pile_size"]
        discard = view["discard"]
        for card in discard:
            out[_DISCARD + card] += 1.0
        if discard:
            out[_DISCARD_TOP + discard[-1]] = 1.0
        out[_DISCARD_SIZE] = len(discard)
        out[_OWED] = view["owed"]
        if view["target"] >= 0:
            out[_TARGET + rel(view["target"])] = 1.0
        if view["shown"] >= 0:
            out[_SHOWN + view["shown"]] = 1.0
        if view.get("given", -1) >= 0:
            out[_GIVEN + view["given"]] = 1.0
        for seat in range(n):
            if seat == me:
                continue
            at = (rel(seat) - 1) * CARDS
            for card in view["known"][seat]:
                out[_KNOWN + at + card] += 1.0
            for card in view["known_by"][seat]:
                out[_KNOWN_BY + at + card] += 1.0
        for index, (kind, seat, a, b) in enumerate(reversed(view["log"])):
            _event(out, _LOG + index * LOG_ENTRY, kind, seat, a, b, rel)
        if view["winner"] is not None:
            out[_WINNER + rel(view["winner"])] = 1.0
        out[_DOOR_WEIGHTS : _DOOR_WEIGHTS + DOOR_OUTCOMES] = _door_chances(options["door_weights"])
        return out

    def draft_entries(self, draft: Draft) -> list[int]:
        """No entries: no Mystery Date decision is split (``encodings.Observer``)."""
        return []

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> MaskArray:
        """1 for the number of each legal engine action of the seat.

        Raises:
            KeyError: If a legal engine action has no number (a bug in this encoding).
        """
        buffer = bytearray(ACTION_SIZE)
        if legal:
            numbers = _NUMBERS[view["seat"], view["players"]]
            for action in legal:
                buffer[numbers[action]] = 1
        return np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only, as bytes are

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """The engine action of a number; a give's target is counted from the seat's view."""
        if index < DISCARD:
            return Decoded(cards.PILE_DISCARD if index == PILE + 1 else cards.PILE_DRAW)
        if index < GIVE:
            return Decoded(cards.DISCARDS[index - DISCARD])
        if index < SHOW:
            k, card = divmod(index - GIVE, CARDS)
            target = (view["seat"] + k + 1) % view["players"]
            return Decoded(cards.GIVES[card][target], EMPTY_DRAFT)
        return Decoded(cards.SHOWS[index - SHOW])

    def encode(self, action: Any, view: View | None = None) -> tuple[int, ...]:
        """The number that plays ``action``.

        Args:
            action: A seat's engine action.
            view: The acting seat's view; needed for a ``Give`` (its number is relative to
                the giver).

        Raises:
            KeyError: For a chance action, or a ``Give`` without the giver's view.
        """
        if isinstance(action, cards.Give):
            if view is None:
                raise KeyError("a give's number is relative to the giver: pass its view")
            return (_number(action, view["seat"], view["players"]),)
        return (_number(action, 0, 1),)

    def action_label(self, index: int) -> str:
        """The text of an action number (``"discard P2"``, ``"give O1 to +1"``)."""
        return ACTION_LABELS[index]

    def state_writer(self, scale: Scale) -> MysteryDateWriter:
        """A writer of this vector straight from the state (``encodings.StateWriter``)."""
        return MysteryDateWriter(scale)


ENCODING = MysteryDateEncoding()


def make(num_players: int, options: Options) -> Encoding:
    """The Mystery Date encoding, the same for every player count and option."""
    return ENCODING


# ---------------------------------------------------------------------------------------
# The observation written from the state

_P_PICK = st.Phase.PICK
_CHANCE_PHASES = st.CHANCE_PHASES


def _head(key: tuple[int, int, int, int, int]) -> list[float]:
    """players, seat, phase, mover, chance_acts."""
    n, me, phase, mover, chance = key
    out = [0.0] * (_TURN - _PLAYERS)
    out[_PLAYERS + n - 2] = 1.0
    out[_SEAT + me] = 1.0
    out[_PHASE + phase] = 1.0
    out[_MOVER + (mover - me) % n] = 1.0
    out[_CHANCE] = float(chance)
    return out


def _rel_counts(key: tuple[tuple[int, ...], int]) -> list[float]:
    counts, me = key
    n = len(counts)
    out = [0.0] * SEATS
    for seat, count in enumerate(counts):
        out[(seat - me) % n] = count
    return out


def _swap(key: tuple[int, int, int, int]) -> list[float]:
    """Target (rel), shown, given."""
    target, shown, given, rel_target = key
    out = [0.0] * (_KNOWN - _TARGET)
    if target >= 0:
        out[rel_target] = 1.0
    if shown >= 0:
        out[_SHOWN - _TARGET + shown] = 1.0
    if given >= 0:
        out[_GIVEN - _TARGET + given] = 1.0
    return out


def _log_entry(key: tuple[tuple[int, int, int, int], int, int]) -> list[float]:
    (kind, seat, a, b), me, n = key
    out = [0.0] * LOG_ENTRY
    _event(out, 0, st.EVENT_NAMES[kind], seat, a, b, lambda other: (other - me) % n)
    return out


def _tail(key: tuple[int, int, int, st.Rules]) -> list[float]:
    """winner, door_weights."""
    winner, me, n, rules = key
    out = [0.0] * (OBSERVATION_SIZE - _WINNER)
    if winner >= 0:
        out[(winner - me) % n] = 1.0
    chances = _door_chances(",".join(map(str, rules.door_weights)))
    out[_DOOR_WEIGHTS - _WINNER :] = chances
    return out


class MysteryDateWriter:
    """Writes Mystery Date's vector from a state (``encodings.StateWriter``).

    It reads what ``MysteryDate.view(state, seat)`` shows the seat: the public table, its
    own hand, the cards it knows others hold and they know it holds (``known``, both
    ways), the card it gave face down (only to the giver, in the pick), and the sizes of
    the other hands and of the pile — never their cards.
    """

    def __init__(self, scale: Scale) -> None:
        self._scale = scale
        unit = scale.unit
        self._unit = unit
        self._unit_owed = unit[_OWED]
        self._unit_pile = unit[_PILE_SIZE]
        self._units_hand = unit[_HAND:_HAND_COUNTS]
        self._units_discard = unit[_DISCARD:_OWED]
        self._units_known = unit[_KNOWN : _KNOWN + CARDS]
        self._units_known_by = unit[_KNOWN_BY : _KNOWN_BY + CARDS]
        blocks = scale.blocks
        self._head = blocks(_PLAYERS, _head)
        self._hand_counts = blocks(_HAND_COUNTS, _rel_counts)
        self._swap = blocks(_TARGET, _swap)
        self._log = [blocks(_LOG + i * LOG_ENTRY, _log_entry) for i in range(st.LOG_SIZE)]
        self._tail = blocks(_WINNER, _tail)
        self._turns = _Soft(scale)

    def write(self, state: st.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol).

        Hands, discards and what seats know take too many values for a block cache (most
        lookups missed): they are written entry by entry, as are the positions (one entry
        per seat).
        """
        me = seat
        n = state.players
        p = previous
        phase = state.phase
        out[_PLAYERS:_TURN] = self._head[n, me, phase, state.mover, phase in _CHANCE_PHASES]
        if p is None or state.turn != p.turn or state.rules is not p.rules:
            out[_TURN] = self._turns[_TURN, state.turn]
            out[_TURN_LIMIT] = self._turns[_TURN_LIMIT, state.rules.turn_limit]
        if p is None or state.positions is not p.positions or state.mover != p.mover:
            self._write_positions(out, state.positions, state.mover, me)
        hands = state.hands
        if p is None or hands is not p.hands:
            out[_HAND:_HAND_COUNTS] = array.array("f", map(_mul, hands[me], self._units_hand))
            out[_HAND_COUNTS:_PILE_SIZE] = self._hand_counts[tuple(map(sum, hands)), me]
        if p is None or state.pile is not p.pile:
            out[_PILE_SIZE] = sum(state.pile) * self._unit_pile
        if p is None or state.discard is not p.discard:
            self._write_discard(out, state.discard)
        if p is None or state.owed != p.owed:
            out[_OWED] = state.owed * self._unit_owed
        target = state.target
        given = state.given if me == state.mover and phase == _P_PICK else -1
        out[_TARGET:_KNOWN] = self._swap[target, state.shown, given, (target - me) % n]
        if p is None or state.known is not p.known:
            self._write_known(out, state.known, None if p is None else p.known, me, n)
        log = state.log
        if p is None or log is not p.log:
            self._write_log(out, log, () if p is None else p.log, me, n)
        if p is None or state.winner != p.winner or state.rules is not p.rules:
            out[_WINNER:] = self._tail[state.winner, me, n, state.rules]

    def _write_positions(
        self, out: Buffer, positions: tuple[int, ...], mover: int, me: int
    ) -> None:
        """Each rel seat's space, then the mover's space kind."""
        unit = self._unit
        n = len(positions)
        out[_POSITIONS:_HAND] = _ZEROS[: _HAND - _POSITIONS]
        for seat, space in enumerate(positions):
            at = _POSITIONS + ((seat - me) % n) * st.TRACK_LENGTH + space
            out[at] = unit[at]
        at = _SPACE + st.TRACK[positions[mover]]
        out[at] = unit[at]

    def _write_discard(self, out: Buffer, discard: tuple[int, ...]) -> None:
        """Discard per card, its top, its size."""
        raw = [float(discard.count(card)) for card in range(CARDS)]
        raw += [0.0] * CARDS
        if discard:
            raw[CARDS + discard[-1]] = 1.0
        raw.append(len(discard))
        out[_DISCARD:_OWED] = array.array("f", map(_mul, raw, self._units_discard))

    def _write_known(
        self,
        out: Buffer,
        known: tuple[Any, ...],
        before: tuple[Any, ...] | None,
        me: int,
        n: int,
    ) -> None:
        """The known then the known_by entries, for the other seats counted from me; with
        ``before`` (the ``known`` written last), only the rows that changed (the engine
        keeps the row objects it does not change).
        """
        if before is None or len(before) != len(known):
            out[_KNOWN:_LOG] = _ZEROS[: _LOG - _KNOWN]
            before = None
        units, units_by = self._units_known, self._units_known_by
        for seat in range(n):
            if seat == me:
                continue
            at = ((seat - me) % n - 1) * CARDS
            row = known[me * n + seat]
            if before is None or row is not before[me * n + seat]:
                out[_KNOWN + at : _KNOWN + at + CARDS] = array.array("f", map(_mul, row, units))
            row = known[seat * n + me]
            if before is None or row is not before[seat * n + me]:
                out[_KNOWN_BY + at : _KNOWN_BY + at + CARDS] = array.array(
                    "f", map(_mul, row, units_by)
                )

    def _write_log(
        self, out: Buffer, log: tuple[Any, ...], before: tuple[Any, ...], me: int, n: int
    ) -> None:
        """The log entries, newest first. When ``log`` is the log written before (``before``)
        with its oldest events dropped and ``k`` events added, the entries already written
        move ``k`` places (one copy) and only the ``k`` new ones are written.
        """
        count = len(log)
        size = LOG_ENTRY
        new = count
        if before:
            # The engine keeps the event tuples it carries over: find the newest event
            # written last, then check that everything up to it is what was written.
            newest = before[-1]
            for k in range(count):
                if log[count - 1 - k] is newest:
                    kept = count - k
                    if kept <= len(before) and log[:kept] == before[len(before) - kept :]:
                        new = k
                    break
        if new < count:
            kept = count - new
            if new:
                out[_LOG + new * size : _LOG + count * size] = out[_LOG : _LOG + kept * size]
        blocks = self._log
        for index in range(new):
            out[_LOG + index * size : _LOG + (index + 1) * size] = blocks[index][
                log[count - 1 - index], me, n
            ]
        if count < st.LOG_SIZE:  # (an empty slice assignment counts as a resize)
            start = _LOG + count * size
            out[start:_WINNER] = _ZEROS[: _WINNER - start]


_ZEROS = array.array("f", bytes(4 * OBSERVATION_SIZE))


# ---------------------------------------------------------------------------------------
# Helpers


class _Soft(dict[tuple[int, int], float]):
    """Observed values of the soft entries (turn, turn limit) by (index, raw value)."""

    def __init__(self, scale: Scale) -> None:
        super().__init__()
        self._value = scale.value

    def __missing__(self, key: tuple[int, int]) -> float:
        if len(self) > 1 << 14:
            self.clear()
        value = self[key] = self._value(*key)
        return value


class _Numbers(dict[Any, int]):
    """Action numbers by engine action, for one seat and player count."""

    def __init__(self, me: int, n: int) -> None:
        super().__init__()
        self._me = me
        self._n = n

    def __missing__(self, action: Any) -> int:
        number = self[action] = _number(action, self._me, self._n)
        return number


class _NumbersBySeat(dict[tuple[int, int], _Numbers]):
    def __missing__(self, key: tuple[int, int]) -> _Numbers:
        numbers = self[key] = _Numbers(*key)
        return numbers


_NUMBERS = _NumbersBySeat()


def _number(action: Any, me: int, n: int) -> int:
    if isinstance(action, cards.Pile):
        return PILE + int(action.from_discard)
    if isinstance(action, cards.Discard):
        return DISCARD + action.card
    if isinstance(action, cards.Give):
        return GIVE + ((action.target - me) % n - 1) * CARDS + action.card
    if isinstance(action, cards.Show):
        return SHOW + action.colour
    raise KeyError(action)


@lru_cache(maxsize=64)
def _door_chances(text: str) -> tuple[float, ...]:
    weights = md.parse_door_weights(text)
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def _event(out: Any, at: int, kind: str, seat: int, a: int, b: int, rel: Any) -> None:
    """Write one log event ``[kind, seat, a, b]`` at ``out[at:]``."""
    out[at + _EVENT_INDEX[kind]] = 1.0
    if seat >= 0:
        out[at + _E_SEAT + rel(seat)] = 1.0
    if kind in _CARD_EVENTS:
        out[at + _E_CARD + a] = 1.0
    elif kind == "roll":
        out[at + _E_DIE + a - 1] = 1.0
    elif kind == "swap":
        out[at + _E_PARTNER + rel(a)] = 1.0
    elif kind == "door":
        out[at + _E_SHOWN + a] = 1.0
        out[at + _E_DOOR + b] = 1.0
    elif kind == "reshuffle":
        out[at + _E_COUNT] = a
