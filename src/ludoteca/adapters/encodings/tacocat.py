"""Tacocat's integer action space and observation vector for learning agents.

Everything is from the point of view of the observing seat: *me* is that seat, *opp* the
other one, and the track is counted from my goal (seat 0's goal is YAY, seat 1's is WOW), so
one policy can play both seats. The ``seat`` entries still say which seat I am.

Action space
------------
A fixed ``Discrete(132)``. Replace sets (every sub-multiset of a hand of up to nine cards)
are too many for a flat space, so a replace is built from sub-actions: *select v* adds one
card of value ``v`` to the seat's replace selection (the draft, kept by the environment) and
*confirm* sends ``Replace(selection)`` to the engine (confirming an empty selection keeps
the hand). *Select v* is offered only while ``Replace(selection + v)`` is among the engine's
legal actions — so only for values held and not yet all selected, and only while the
selection is below the replace limit (TC-03).

========  =====  ===========================================================================
numbers   count  meaning
========  =====  ===========================================================================
0-11      12     select v for the replace, v = number + 1 (sub-action, same seat again)
12        1      confirm the replace: ``Replace(selection)``; ``keep`` if nothing selected
13-24     12     ``Duel(v)``, v = number - 12
25-36     12     ``Defend(v)``, v = number - 24
37        1      ``Sacrifice()``
38-49     12     ``Attack`` with one card v, v = number - 37
50-75     26     ``Attack`` with a set: by value, then size 2 up to min(copies, 8)
76-131    56     ``Attack`` with a sequence: by first value, then length 2 up to 8
========  =====  ===========================================================================

Sequences of length 2 are in the space for the ``min_sequence=2`` option; with the default
(3) the mask never offers them. No attack exceeds 8 cards: the attacker keeps one card of
at most nine. :data:`ACTION_LABELS` names every number.

Observation
-----------
A ``float32`` vector of :data:`OBSERVATION_SIZE` = 236 entries built only from the seat's
view (and its draft). Entries are small counts or 0/1 flags, never negative; the
environment's ``Box`` gives each entry's exact upper bound (divide by it to normalise).
*Per value* blocks have 12 entries, one per card value 1..12; *one-hot 12* blocks have a 1
at the card's value. :data:`LAYOUT` holds the same table as data.

======  ====  ======================  ================================================
offset  size  name                    meaning
======  ====  ======================  ================================================
0       2     seat                    my seat one-hot: 0 (YAY), 1 (WOW)
2       6     phase                   deal, replace, duel, attack, defend, over
8       3     acting                  who acts now: me, opp, chance
11      9     position                Tacocat one-hot: my goal, spaces 1-7 from my goal,
                                      opp's goal
20      7     covered                 covered spaces, from my goal
27      1     hand_size               cards dealt to each player this round
28      3     arrow                   the space's arrow points at: me, opp, both
31      12    hand                    my cards, per value
43      2     hand_counts             cards held: me, opp
45      1     pile_size               cards left in the draw pile
46      12    discard                 face-up discards this round, per value
58      2     owed                    cards still to be dealt: me, opp
60      2     replaced                has replaced this round: me, opp
62      2     replaced_count          cards replaced this round: me, opp
64      2     chosen                  secret choice made, not yet revealed: me, opp
66      12    my_choice               my unrevealed secret choice, per value
78      12    selection               my replace selection so far (the draft), per value
90      2     attacker                who attacks: me, opp (none before the first duel)
92      12    attack                  attack cards on the table, per value
104     1     answered                attack cards answered so far
105     12    to_answer               the attack card to answer now, one-hot 12
117     12    defended                cards played in defence of this attack, per value
129     12    sacrificed              cards sacrificed against this attack, per value
141     24    last_duel               last revealed duel: my card, opp's card (one-hot 12
                                      each)
165     2     last_trick_attacker     last finished trick's attacker: me, opp
167     12    last_trick_attack       its attack cards, per value
179     12    last_trick_defended     its defence cards, per value
191     12    last_trick_sacrificed   its sacrificed cards, per value
203     24    last_showdown           last showdown: my card, opp's card (one-hot 12 each)
227     2     rounds_won              rounds won: me, opp
229     3     last_round              last finished round: won by me, by opp, drawn
232     2     winner                  game winner: me, opp
234     1     tie_goes_to_arrow       the option, 0 or 1
235     1     min_sequence            the option, 2 or 3
======  ====  ======================  ================================================

The last duel, trick and showdown stay in view into the next round (the engine keeps them
so a seat sees how the previous round ended).

Scaled observation
------------------
``encodings.scaled`` divides every entry by its upper bound above (flags stay 0/1, per-value
counts become the fraction of that value's copies, ``pile_size`` is divided by 38); no range
is soft. Every scaled entry is in [0, 1].
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
    MasksByActions,
    ObservationArray,
    Scale,
    from_view,
    native,
)
from ludoteca.adapters.encodings import tacocat_observation as observation
from ludoteca.adapters.encodings.tacocat_observation import (
    MAX_ATTACK,
    SELECTION,
    TacocatWriter,
)
from ludoteca.engine.game import Options, View
from ludoteca.games import tacocat as tc

GAME_ID = "tacocat"
VALUES = range(1, tc.MAX_VALUE + 1)
LAYOUT = observation.LAYOUT
"""The observation's blocks, in order (the table above)."""
OBSERVATION_SIZE = observation.OBSERVATION_SIZE
_MIN_SEQUENCE = min(
    int(choice)
    for spec in tc.INFO.options
    if spec.name == "min_sequence"
    for choice in (*spec.choices, spec.default)
)

# ---------------------------------------------------------------------------------------
# Action space

SELECT = 0
"""``SELECT + v - 1``: add a card of value ``v`` to the replace selection."""
CONFIRM = SELECT + tc.MAX_VALUE
"""Send ``Replace(selection)``."""
DUEL = CONFIRM + 1
DEFEND = DUEL + tc.MAX_VALUE
SACRIFICE = DEFEND + tc.MAX_VALUE
ATTACK = SACRIFICE + 1

ATTACK_SHAPES: tuple[tuple[int, ...], ...] = (
    tuple((v,) for v in VALUES)
    + tuple(
        (v,) * size for v in VALUES for size in range(tc.MIN_SET, min(tc.DECK[v], MAX_ATTACK) + 1)
    )
    + tuple(
        tuple(range(start, start + length))
        for start in VALUES
        for length in range(_MIN_SEQUENCE, MAX_ATTACK + 1)
        if start + length - 1 <= tc.MAX_VALUE
    )
)
"""Every attack the rules can allow: singles, then sets, then sequences."""

ACTION_SIZE = ATTACK + len(ATTACK_SHAPES)

_ACTIONS: tuple[tc.Action | None, ...] = (
    (None,) * (CONFIRM + 1)
    + tuple(tc.Duel(v) for v in VALUES)
    + tuple(tc.Defend(v) for v in VALUES)
    + (tc.SACRIFICE,)
    + tuple(tc.Attack(cards) for cards in ATTACK_SHAPES)
)
"""The engine action of each number; ``None`` for the replace sub-actions."""

_INDEX: dict[tc.Action, int] = {
    action: index for index, action in enumerate(_ACTIONS) if action is not None
}

ACTION_LABELS: tuple[str, ...] = (
    tuple(f"select {v}" for v in VALUES)
    + ("confirm replace",)
    + tuple(str(action) for action in _ACTIONS[DUEL:])
)
"""A short text per action number."""

# ---------------------------------------------------------------------------------------
# The encoding


class TacocatEncoding:
    """Tacocat's encoding (see the module docstring for both layouts).

    Its mask and decoding read only the legal list and the draft (``view_free``).

    Args:
        compiled: Use the compiled masks (``encodings.native``'s ``Masker``) where the
            build made them; :meth:`action_mask` below is their reference, and what a pure
            install runs.

    Attributes:
        compiled_mask: Whether :meth:`action_mask` is the compiled one.
    """

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True

    def __init__(self, compiled: bool = True) -> None:
        self.observation_low: ObservationArray = LAYOUT.lows()
        self.observation_high: ObservationArray = LAYOUT.highs()
        self._view_writer: TacocatWriter | None = None
        masker = compiled_masker() if compiled else None
        self.compiled_mask = masker is not None
        if masker is not None:
            # An attribute, not a method that calls it: the mask is asked for on every
            # agent step, and a Python frame in between would add to each call.
            self.action_mask = masker.action_mask  # type: ignore[method-assign]

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is (written by the same
        :class:`TacocatWriter` as the vector from the state).

        Args:
            view: ``game.view(state, seat)`` for a seat (not a spectator).
            draft: The seat's replace selection so far (sorted card values).

        Returns:
            A ``float32`` array of :data:`OBSERVATION_SIZE` entries.

        Raises:
            ValueError: For a spectator's view (it has no seat to be relative to).
        """
        me = view["seat"]
        if me is None or me < 0:
            raise ValueError("the Tacocat encoding needs a seat's view, not a spectator's")
        if self._view_writer is None:
            self._view_writer = TacocatWriter(Scale(self, scaled=False))
        return from_view(self._view_writer, OBSERVATION_SIZE, view, self.draft_entries(draft))

    def draft_entries(self, draft: Draft) -> list[int]:
        """The ``selection`` entries the draft counts one each (``encodings.Observer``)."""
        return [SELECTION - 1 + card for card in draft]

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> MaskArray:
        """1 for each number the seat may choose now.

        The view is not read (the legal list tells the replace phase apart). In the replace
        phase: *select v* while ``Replace(draft + v)`` is legal, and *confirm*
        while ``Replace(draft)`` is legal (always, for a selection built by selects).
        Otherwise: the numbers of the legal engine actions. Outside the replace phase the
        array is read-only and shared between calls (masks are cached by legal list).

        Raises:
            KeyError: If a legal engine action has no number (a bug in this encoding).
        """
        if not legal:
            return _NO_ACTION
        identity = getattr(legal, "identity", None)
        if identity is not None or isinstance(legal[0], tc.Replace):
            # The replace phase (its legal actions are replaces, and only its are).
            if identity is None:
                return _replace_mask(legal, draft)
            # The engine's lazy replace list is every sub-multiset of the hand with at most
            # ``limit`` cards: its membership test, for the twelve selects at once. *Select
            # v* is open while the hand holds more v than the draft (and the draft is not
            # full), *confirm* while the hand holds the draft: the mask is a function of
            # those values and that flag (bit v, bit 0), kept by them.
            hand, limit = identity()
            rest = list(hand)
            held = True
            for card in draft:
                if card in rest:
                    rest.remove(card)
                else:
                    held = False
            key = 1 if held and len(draft) <= limit else 0
            if len(draft) < limit:
                for value in rest:
                    key |= 1 << value
            found = _REPLACE_MASKS.get(key)
            if found is None:
                buffer = bytearray(ACTION_SIZE)
                for value in VALUES:
                    if key >> value & 1:
                        buffer[SELECT + value - 1] = 1
                buffer[CONFIRM] = key & 1
                found = np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only, as bytes are
                _REPLACE_MASKS[key] = found
            return found
        # The engine caches its duel, defence and attack lists by hand: one mask per list.
        cached = _LIST_MASKS.get(id(legal))
        if cached is not None and cached[0] is legal:
            return cached[1]
        mask = _MASKS_BY_ACTIONS.mask(legal)  # a new list of the engine's interned actions
        if len(_LIST_MASKS) >= _CACHE_SIZE:
            _LIST_MASKS.clear()
        _LIST_MASKS[id(legal)] = (legal, mask)
        return mask

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        """A *select* extends the draft; *confirm* and every other number is an engine action."""
        if index < CONFIRM:
            return Decoded(None, tuple(sorted((*draft, index - SELECT + 1))))
        if index == CONFIRM:
            return Decoded(tc.Replace(draft), EMPTY_DRAFT)
        return _DECODED[index]

    def encode(self, action: Any) -> tuple[int, ...]:
        """The numbers that play ``action``: one, or a replace's selects then *confirm*.

        Raises:
            KeyError: For a chance action (``Draw``) or anything that is not a seat's action.
        """
        if isinstance(action, tc.Replace):
            return (*(SELECT + card - 1 for card in action.cards), CONFIRM)
        return (_INDEX[action],)

    def action_label(self, index: int) -> str:
        """The text of an action number (``"select 3"``, ``"attack 4 5 6"``)."""
        return ACTION_LABELS[index]

    def state_writer(self, scale: Scale) -> TacocatWriter:
        """A writer of this vector straight from the state (``encodings.StateWriter``)."""
        return TacocatWriter(scale)


_CACHE_SIZE = 4096
_NO_ACTION: MaskArray = np.zeros(ACTION_SIZE, dtype=np.int8)
_NO_ACTION.flags.writeable = False
_LIST_MASKS: dict[int, tuple[Sequence[Any], MaskArray]] = {}
"""Other masks by the legal list object (kept, so its id is not reused while cached)."""
_REPLACE_MASKS: dict[int, MaskArray] = {}
"""Replace-phase masks by their open selects' values (bit v) and confirm (bit 0): at most
2**14."""
_BY_ID: dict[int, tuple[tc.Action, int]] = {}
"""Numbers by engine action object (kept, so its id is not reused while cached): the
engine hands out the same action objects again (its lists are cached by hand), and an
identity lookup skips hashing a dataclass."""


def _replace_mask(legal: Sequence[Any], draft: Draft) -> MaskArray:
    mask = np.zeros(ACTION_SIZE, dtype=np.int8)
    for value in VALUES:
        if tc.Replace((*draft, value)) in legal:
            mask[SELECT + value - 1] = 1
    if tc.Replace(draft) in legal:
        mask[CONFIRM] = 1
    mask.flags.writeable = False
    return mask


def _number(action: tc.Action) -> int:
    """``_INDEX[action]``, looked up by identity first."""
    hit = _BY_ID.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    if len(_BY_ID) >= 4 * _CACHE_SIZE:
        _BY_ID.clear()
    number = _INDEX[action]
    _BY_ID[id(action)] = (action, number)
    return number


def compiled_masker(limit: int = 16384) -> Any | None:
    """The compiled masks (``encodings.native``'s ``Masker``), or ``None`` where the build
    made none: action objects and masks kept up to ``limit`` before clearing.
    """
    return native.masker(
        GAME_ID, ACTION_SIZE, SELECT, CONFIRM, _number, _replace_mask, _NO_ACTION, limit
    )


_MASKS_BY_ACTIONS = MasksByActions(ACTION_SIZE, _number)
_DECODED: tuple[Decoded, ...] = tuple(Decoded(action, EMPTY_DRAFT) for action in _ACTIONS)
"""The meaning of every engine action's number, made once (the replace sub-actions'
entries are not read)."""

ENCODING = TacocatEncoding()


def make(num_players: int, options: Options) -> Encoding:
    """The Tacocat encoding, the same for every option (the mask follows the options)."""
    return ENCODING
