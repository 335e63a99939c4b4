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
``games/mystery_date/cards.py``. :data:`ACTION_LABELS` names every number (absolute targets
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

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import (
    EMPTY_DRAFT,
    Decoded,
    Draft,
    Encoding,
    MaskArray,
    ObservationArray,
    Scale,
    SoftRanges,
    from_view,
)
from ludoteca.adapters.encodings import mystery_date_observation as observation
from ludoteca.adapters.encodings.mystery_date_observation import (
    CARDS,
    COLOURS,
    SEATS,
    SOFT,
    MysteryDateWriter,
)
from ludoteca.engine.game import Options, View
from ludoteca.games.mystery_date import cards

GAME_ID = "mystery_date"
LAYOUT = observation.LAYOUT
"""The observation's blocks, in order (the table above)."""
OBSERVATION_SIZE = observation.OBSERVATION_SIZE
LOG_ENTRY = observation.LOG_ENTRY
"""Entries per log event."""

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
# The encoding


class MysteryDateEncoding:
    """Mystery Date's encoding (see the module docstring for both layouts)."""

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True
    """The mask and decoding read only ``view["seat"]`` and ``view["players"]``."""

    observation_soft: SoftRanges = ((SOFT, 2, 100.0),)
    """``turn`` and ``turn_limit`` (bound 5,000): scaled ``x / (x + 100)``."""

    def __init__(self) -> None:
        self.observation_low: ObservationArray = LAYOUT.lows()
        self.observation_high: ObservationArray = LAYOUT.highs()
        self._view_writer: MysteryDateWriter | None = None

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is (written by the same
        :class:`MysteryDateWriter` as the vector from the state).

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator).
            draft: Always empty (no decision is split).

        Returns:
            A ``float32`` array of :data:`OBSERVATION_SIZE` entries.

        Raises:
            ValueError: For a spectator's view (it has no seat to be relative to).
        """
        seat = view["seat"]
        if seat is None or seat < 0:
            raise ValueError("the Mystery Date encoding needs a seat's view, not a spectator's")
        if self._view_writer is None:
            self._view_writer = MysteryDateWriter(Scale(self, scaled=False))
        return from_view(self._view_writer, OBSERVATION_SIZE, view, ())

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
        return _DECODED[view["seat"], view["players"]][index]

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
# Helpers


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


def _meaning(index: int, me: int, n: int) -> Decoded:
    if index < DISCARD:
        return Decoded(cards.PILE_DISCARD if index == PILE + 1 else cards.PILE_DRAW)
    if index < GIVE:
        return Decoded(cards.DISCARDS[index - DISCARD])
    if index < SHOW:
        k, card = divmod(index - GIVE, CARDS)
        return Decoded(cards.GIVES[card][(me + k + 1) % n], EMPTY_DRAFT)
    return Decoded(cards.SHOWS[index - SHOW])


class _DecodedBySeat(dict[tuple[int, int], tuple[Decoded, ...]]):
    """Per seat and player count, the meaning of every number (made once)."""

    def __missing__(self, key: tuple[int, int]) -> tuple[Decoded, ...]:
        found = self[key] = tuple(_meaning(index, *key) for index in range(ACTION_SIZE))
        return found


_DECODED = _DecodedBySeat()


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
