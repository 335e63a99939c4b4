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

import array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
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
)
from ludoteca.engine.game import CHANCE, Options, View
from ludoteca.games import tacocat as tc

GAME_ID = "tacocat"
VALUES = range(1, tc.MAX_VALUE + 1)
MAX_HAND = max(tc.HAND_SIZES)
MAX_ATTACK = MAX_HAND - 1
"""The attacker keeps at least one card (TC-05)."""
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
# Observation layout


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of observation entries.

    Attributes:
        name: The block's name (as in the module's table).
        offset: Index of its first entry.
        size: Number of entries.
        high: Upper bound of each entry (the lower bound is 0).
        meaning: What the entries hold.
    """

    name: str
    offset: int
    size: int
    high: tuple[float, ...]
    meaning: str


_PER_VALUE = tuple(float(tc.DECK[v]) for v in VALUES)


def _flags(n: int) -> tuple[float, ...]:
    return (1.0,) * n


_BLOCKS: tuple[tuple[str, tuple[float, ...], str], ...] = (
    ("seat", _flags(2), "my seat one-hot: 0 (YAY), 1 (WOW)"),
    ("phase", _flags(6), "deal, replace, duel, attack, defend, over"),
    ("acting", _flags(3), "who acts now: me, opp, chance"),
    ("position", _flags(tc.SPACES + 2), "Tacocat one-hot: my goal, spaces from my goal, opp goal"),
    ("covered", _flags(tc.SPACES), "covered spaces, from my goal"),
    ("hand_size", (float(MAX_HAND),), "cards dealt to each player this round"),
    ("arrow", _flags(3), "the space's arrow points at: me, opp, both"),
    ("hand", _PER_VALUE, "my cards, per value"),
    ("hand_counts", (float(MAX_HAND),) * 2, "cards held: me, opp"),
    ("pile_size", (float(tc.DECK_SIZE),), "cards left in the draw pile"),
    ("discard", _PER_VALUE, "face-up discards this round, per value"),
    ("owed", (float(MAX_HAND),) * 2, "cards still to be dealt: me, opp"),
    ("replaced", _flags(2), "has replaced this round: me, opp"),
    ("replaced_count", (float(MAX_HAND),) * 2, "cards replaced this round: me, opp"),
    ("chosen", _flags(2), "secret choice made, not yet revealed: me, opp"),
    ("my_choice", _PER_VALUE, "my unrevealed secret choice, per value"),
    ("selection", _PER_VALUE, "my replace selection so far (the draft), per value"),
    ("attacker", _flags(2), "who attacks: me, opp"),
    ("attack", _PER_VALUE, "attack cards on the table, per value"),
    ("answered", (float(MAX_ATTACK),), "attack cards answered so far"),
    ("to_answer", _flags(tc.MAX_VALUE), "the attack card to answer now, one-hot"),
    ("defended", _PER_VALUE, "cards played in defence of this attack, per value"),
    ("sacrificed", _PER_VALUE, "cards sacrificed against this attack, per value"),
    ("last_duel", _flags(2 * tc.MAX_VALUE), "last revealed duel: my card, opp card"),
    ("last_trick_attacker", _flags(2), "last finished trick's attacker: me, opp"),
    ("last_trick_attack", _PER_VALUE, "its attack cards, per value"),
    ("last_trick_defended", _PER_VALUE, "its defence cards, per value"),
    ("last_trick_sacrificed", _PER_VALUE, "its sacrificed cards, per value"),
    ("last_showdown", _flags(2 * tc.MAX_VALUE), "last showdown: my card, opp card"),
    ("rounds_won", (float(tc.SPACES),) * 2, "rounds won: me, opp"),
    ("last_round", _flags(3), "last finished round: won by me, by opp, drawn"),
    ("winner", _flags(2), "game winner: me, opp"),
    ("tie_goes_to_arrow", (1.0,), "the option, 0 or 1"),
    ("min_sequence", (3.0,), "the option, 2 or 3"),
)


def _layout() -> tuple[Block, ...]:
    blocks = []
    offset = 0
    for name, high, meaning in _BLOCKS:
        blocks.append(Block(name, offset, len(high), high, meaning))
        offset += len(high)
    return tuple(blocks)


LAYOUT: tuple[Block, ...] = _layout()
"""The observation's blocks, in order (the table in the module docstring)."""

OBSERVATION_SIZE = LAYOUT[-1].offset + LAYOUT[-1].size
_AT = {block.name: block.offset for block in LAYOUT}

_PHASES = ("deal", "replace", "duel", "attack", "defend", "over")
_PHASE_INDEX = {name: index for index, name in enumerate(_PHASES)}

# Offsets, read once (the observation is built on every step).
(
    _SEAT, _PHASE, _ACTING, _POSITION, _COVERED, _HAND_SIZE, _ARROW, _HAND, _HAND_COUNTS,
    _PILE_SIZE, _DISCARD, _OWED, _REPLACED, _REPLACED_COUNT, _CHOSEN, _MY_CHOICE, _SELECTION,
    _ATTACKER, _ATTACK_CARDS, _ANSWERED, _TO_ANSWER, _DEFENDED, _SACRIFICED, _LAST_DUEL,
    _LAST_TRICK_ATTACKER, _LAST_TRICK_ATTACK, _LAST_TRICK_DEFENDED, _LAST_TRICK_SACRIFICED,
    _LAST_SHOWDOWN, _ROUNDS_WON, _LAST_ROUND, _WINNER, _TIE_GOES_TO_ARROW, _MIN_SEQ,
) = (block.offset for block in LAYOUT)  # fmt: skip


# ---------------------------------------------------------------------------------------
# The encoding


class TacocatEncoding:
    """Tacocat's encoding (see the module docstring for both layouts).

    Its mask and decoding read only the legal list and the draft (``view_free``).
    """

    game_id = GAME_ID
    action_size = ACTION_SIZE
    view_free = True

    def __init__(self) -> None:
        self.observation_low: ObservationArray = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        self.observation_high: ObservationArray = np.array(
            [high for block in LAYOUT for high in block.high], dtype=np.float32
        )

    def observation(self, view: View, draft: Draft) -> ObservationArray:
        """The observation vector of the seat whose ``view`` this is.

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
        opp = 1 - me
        # Built as two index lists (one NumPy call each): ``ones`` are entries that count
        # one (a flag, or one card of a per-value block; repeats add up), ``at``/``values``
        # are entries set to a number. Per-entry NumPy writes would cost more than the list.
        ones = [_SEAT + me, _PHASE + _PHASE_INDEX[view["phase"]]]
        for actor in view["actors"]:
            ones.append(_ACTING + (2 if actor == CHANCE else 0 if actor == me else 1))
        position = view["position"]
        ones.append(_POSITION + (position + 1 if me == 0 else tc.SPACES - position))
        if me == 0:
            ones += [_COVERED + space for space in view["covered"]]
        else:
            ones += [_COVERED + tc.SPACES - 1 - space for space in view["covered"]]
        arrow = view["arrow"]
        if arrow is not None:
            ones.append(_ARROW + (0 if arrow == me else 1))
        elif 0 <= position < tc.SPACES:
            ones.append(_ARROW + 2)
        ones += [_HAND - 1 + card for card in view["hand"]]
        ones += [_DISCARD - 1 + card for card in view["discard"]]
        hand_counts = view["hand_counts"]
        owed = view["owed"]
        replaced = view["replaced"]
        at = [_HAND_SIZE, _HAND_COUNTS, _HAND_COUNTS + 1, _PILE_SIZE, _OWED, _OWED + 1]
        values = [
            view["hand_size"],
            hand_counts[me],
            hand_counts[opp],
            view["pile_size"],
            owed[me],
            owed[opp],
        ]
        if replaced[me] >= 0:
            ones.append(_REPLACED)
            at.append(_REPLACED_COUNT)
            values.append(replaced[me])
        if replaced[opp] >= 0:
            ones.append(_REPLACED + 1)
            at.append(_REPLACED_COUNT + 1)
            values.append(replaced[opp])
        chosen = view["chosen"]
        if chosen[me]:
            ones.append(_CHOSEN)
        if chosen[opp]:
            ones.append(_CHOSEN + 1)
        my_choice = view["my_choice"]
        if my_choice is not None:
            ones += [_MY_CHOICE - 1 + card for card in my_choice]
        ones += [_SELECTION - 1 + card for card in draft]
        attacker = view["attacker"]
        if attacker >= 0:
            ones.append(_ATTACKER + (0 if attacker == me else 1))
        attack = view["attack"]
        answers = view["answers"]
        if attack:
            ones += [_ATTACK_CARDS - 1 + card for card in attack]
            if len(answers) < len(attack):
                ones.append(_TO_ANSWER - 1 + attack[len(answers)])
        if answers:
            at.append(_ANSWERED)
            values.append(len(answers))
            ones += [
                _DEFENDED - 1 + answer if answer > 0 else _SACRIFICED - 1 - answer
                for answer in answers
            ]
        last_duel = view["last_duel"]
        if last_duel is not None:
            ones.append(_LAST_DUEL - 1 + last_duel[me])
            ones.append(_LAST_DUEL + tc.MAX_VALUE - 1 + last_duel[opp])
        last_trick = view["last_trick"]
        if last_trick is not None:
            trick_attacker = last_trick["attacker"]
            if trick_attacker >= 0:
                ones.append(_LAST_TRICK_ATTACKER + (0 if trick_attacker == me else 1))
            ones += [_LAST_TRICK_ATTACK - 1 + card for card in last_trick["attack"]]
            ones += [
                _LAST_TRICK_DEFENDED - 1 + answer
                if answer > 0
                else _LAST_TRICK_SACRIFICED - 1 - answer
                for answer in last_trick["answers"]
            ]
        last_showdown = view["last_showdown"]
        if last_showdown is not None:
            ones.append(_LAST_SHOWDOWN - 1 + last_showdown[me])
            ones.append(_LAST_SHOWDOWN + tc.MAX_VALUE - 1 + last_showdown[opp])
        results = view["results"]
        if results:
            at += (_ROUNDS_WON, _ROUNDS_WON + 1)
            values += (results.count(me), results.count(opp))
            last = results[-1]
            ones.append(_LAST_ROUND + (2 if last < 0 else 0 if last == me else 1))
        winner = view["winner"]
        if winner is not None and winner >= 0:
            ones.append(_WINNER + (0 if winner == me else 1))
        options = view["options"]
        if options["tie_goes_to_arrow"]:
            ones.append(_TIE_GOES_TO_ARROW)
        at.append(_MIN_SEQ)
        values.append(options["min_sequence"])
        out = np.bincount(ones, minlength=OBSERVATION_SIZE).astype(np.float32)
        out[at] = values
        return out

    def draft_entries(self, draft: Draft) -> list[int]:
        """The ``selection`` entries the draft counts one each (``encodings.Observer``)."""
        return [_SELECTION - 1 + card for card in draft]

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
            # ``limit`` cards: its membership test, for the twelve selects at once.
            hand, limit = identity()
            buffer = bytearray(ACTION_SIZE)
            if len(draft) < limit:
                for value in set(hand):
                    if hand.count(value) > draft.count(value):
                        buffer[SELECT + value - 1] = 1
            if len(draft) <= limit and tc.holds(hand, draft):
                buffer[CONFIRM] = 1  # ``Replace(draft) in legal``, without building it
            return np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only, as bytes are
        # The engine caches its duel, defence and attack lists by hand: one mask per list.
        cached = _LIST_MASKS.get(id(legal))
        if cached is not None and cached[0] is legal:
            return cached[1]
        buffer = bytearray(ACTION_SIZE)
        for index in map(_number, legal):
            buffer[index] = 1
        mask = np.frombuffer(bytes(buffer), dtype=np.int8)  # read-only, as bytes are
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
        return Decoded(_ACTIONS[index], EMPTY_DRAFT)

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

    def chance_probabilities(self, state: tc.State) -> tuple[tuple[Any, float], ...]:
        """``game.chance_outcomes(state)`` with each probability as the nearest float,
        without building fractions (the OpenSpiel adapter's chance nodes).
        """
        found = _CHANCES.get(state.pile)
        if found is None:
            pile = state.pile
            total = len(pile)
            outcomes = []
            start = 0
            while start < total:
                value = pile[start]
                end = bisect_right(pile, value, start)
                outcomes.append((tc.DRAWS[value], (end - start) / total))
                start = end
            if len(_CHANCES) >= _CACHE_SIZE:
                _CHANCES.clear()
            found = _CHANCES[pile] = tuple(outcomes)
        return found

    def state_writer(self, scale: Scale) -> TacocatWriter:
        """A writer of this vector straight from the state (``encodings.StateWriter``)."""
        return TacocatWriter(scale)


ENCODING = TacocatEncoding()

_CACHE_SIZE = 4096
_NO_ACTION: MaskArray = np.zeros(ACTION_SIZE, dtype=np.int8)
_NO_ACTION.flags.writeable = False
_LIST_MASKS: dict[int, tuple[Sequence[Any], MaskArray]] = {}
"""Other masks by the legal list object (kept, so its id is not reused while cached)."""
_BY_ID: dict[int, tuple[tc.Action, int]] = {}
"""Numbers by engine action object (kept, so its id is not reused while cached): the
engine hands out the same action objects again (its lists are cached by hand), and an
identity lookup skips hashing a dataclass."""
_CHANCES: dict[tuple[int, ...], tuple[tuple[Any, float], ...]] = {}
"""Chance outcomes by pile (the pile is sorted, so equal piles are equal tuples)."""


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


# ---------------------------------------------------------------------------------------
# The observation written from the state


def _per_value(cards: tuple[int, ...]) -> list[float]:
    out = [0.0] * tc.MAX_VALUE
    for card in cards:
        out[card - 1] += 1.0
    return out


def _one_hot(size: int, index: int) -> list[float]:
    out = [0.0] * size
    if index >= 0:
        out[index] = 1.0
    return out


def _phase_acting(key: tuple[int, tuple[int, ...], int]) -> list[float]:
    phase, actors, me = key
    out = _one_hot(_ACTING + 3 - _PHASE, int(phase))
    for actor in actors:
        out[_ACTING - _PHASE + (2 if actor == CHANCE else 0 if actor == me else 1)] += 1.0
    return out


def _track(key: tuple[int, int, int]) -> list[float]:
    position, covered, me = key
    out = [0.0] * (_HAND - _POSITION)
    out[position + 1 if me == 0 else tc.SPACES - position] = 1.0
    for space in range(tc.SPACES):
        if covered >> space & 1:
            out[_COVERED - _POSITION + (space if me == 0 else tc.SPACES - 1 - space)] = 1.0
    if 0 <= position < tc.SPACES:
        out[_HAND_SIZE - _POSITION] = tc.HAND_SIZES[position]
        arrow = tc.ARROWS[position]
        out[_ARROW - _POSITION + (2 if arrow is None else 0 if arrow == me else 1)] = 1.0
    return out


def _answers_block(answers: tuple[int, ...]) -> list[float]:
    out = [0.0] * (2 * tc.MAX_VALUE)
    for answer in answers:
        out[answer - 1 if answer > 0 else tc.MAX_VALUE - 1 - answer] += 1.0
    return out


def _pair_block(key: tuple[tuple[int, int] | None, int]) -> list[float]:
    pair, me = key
    out = [0.0] * (2 * tc.MAX_VALUE)
    if pair is not None:
        out[pair[me] - 1] = 1.0
        out[tc.MAX_VALUE + pair[1 - me] - 1] = 1.0
    return out


def _trick_block(key: tuple[Any, int]) -> list[float]:
    trick, me = key
    out = [0.0] * (_LAST_SHOWDOWN - _LAST_TRICK_ATTACKER)
    if trick is not None:
        attacker, attack, answers = trick
        if attacker >= 0:
            out[0 if attacker == me else 1] = 1.0
        for card in attack:
            out[_LAST_TRICK_ATTACK - _LAST_TRICK_ATTACKER + card - 1] += 1.0
        out[_LAST_TRICK_DEFENDED - _LAST_TRICK_ATTACKER :] = _answers_block(answers)
    return out


def _results_block(key: tuple[tuple[int, ...], int, int]) -> list[float]:
    results, winner, me = key
    out = [0.0] * (_TIE_GOES_TO_ARROW - _ROUNDS_WON)
    if results:
        out[0] = results.count(me)
        out[1] = results.count(1 - me)
        last = results[-1]
        out[_LAST_ROUND - _ROUNDS_WON + (2 if last < 0 else 0 if last == me else 1)] = 1.0
    if winner >= 0:
        out[_WINNER - _ROUNDS_WON + (0 if winner == me else 1)] = 1.0
    return out


class TacocatWriter:
    """Writes Tacocat's vector from a state (``encodings.StateWriter``).

    It reads what ``Tacocat.view(state, seat)`` shows the seat: every public field, the
    seat's own hand and its own pending choice (of the other seat's pending choice, only
    whether there is one), and the lengths of the other hand and of the pile — never their
    cards. Blocks come from caches keyed by the fields they encode (and the seat).
    """

    def __init__(self, scale: Scale) -> None:
        self._unit = scale.unit
        blocks = scale.blocks
        self._phase_acting = blocks(_PHASE, _phase_acting)
        self._track = blocks(_POSITION, _track)
        self._hand = blocks(_HAND, _per_value)
        self._discard = blocks(_DISCARD, _per_value)
        self._my_choice = blocks(_MY_CHOICE, _per_value)
        self._attack = blocks(_ATTACK_CARDS, _per_value)
        self._to_answer = blocks(_TO_ANSWER, lambda card: _one_hot(tc.MAX_VALUE, card - 1))
        self._answers = blocks(_DEFENDED, _answers_block)
        self._last_duel = blocks(_LAST_DUEL, _pair_block)
        self._last_trick = blocks(_LAST_TRICK_ATTACKER, _trick_block)
        self._last_showdown = blocks(_LAST_SHOWDOWN, _pair_block)
        self._results = blocks(_ROUNDS_WON, _results_block)
        self._actors = tc.GAME.actors

    def write(self, state: tc.State, seat: int, out: Buffer, previous: Any) -> None:
        """Write the vector of ``state`` for ``seat`` into ``out`` (see the protocol)."""
        me = seat
        opp = 1 - me
        p = previous
        u = self._unit
        if p is None:
            out[:] = _ZEROS
            out[_SEAT + me] = u[_SEAT + me]
        out[_PHASE:_POSITION] = self._phase_acting[state.phase, self._actors(state), me]
        if p is None or state.position != p.position or state.covered != p.covered:
            out[_POSITION:_HAND] = self._track[state.position, state.covered, me]
        hands = state.hands
        if p is None or hands is not p.hands or state.pile is not p.pile:
            out[_HAND:_HAND_COUNTS] = self._hand[hands[me]]
            out[_HAND_COUNTS] = len(hands[me]) * u[_HAND_COUNTS]
            out[_HAND_COUNTS + 1] = len(hands[opp]) * u[_HAND_COUNTS + 1]
            out[_PILE_SIZE] = len(state.pile) * u[_PILE_SIZE]
        if p is None or state.discard is not p.discard:
            out[_DISCARD:_OWED] = self._discard[state.discard]
        if p is None or state.owed is not p.owed:
            out[_OWED] = state.owed[me] * u[_OWED]
            out[_OWED + 1] = state.owed[opp] * u[_OWED + 1]
        if p is None or state.replaced is not p.replaced:
            replaced = state.replaced
            out[_REPLACED] = (replaced[me] >= 0) * u[_REPLACED]
            out[_REPLACED + 1] = (replaced[opp] >= 0) * u[_REPLACED + 1]
            out[_REPLACED_COUNT] = max(replaced[me], 0) * u[_REPLACED_COUNT]
            out[_REPLACED_COUNT + 1] = max(replaced[opp], 0) * u[_REPLACED_COUNT + 1]
        if p is None or state.pending is not p.pending:
            mine = state.pending[me]
            out[_CHOSEN] = (mine is not None) * u[_CHOSEN]
            out[_CHOSEN + 1] = (state.pending[opp] is not None) * u[_CHOSEN + 1]
            out[_MY_CHOICE:_SELECTION] = self._my_choice[mine or ()]
        if p is None or state.attacker != p.attacker:
            attacker = state.attacker
            out[_ATTACKER] = (attacker == me) * u[_ATTACKER]
            out[_ATTACKER + 1] = (attacker == opp) * u[_ATTACKER + 1]
        if p is None or state.attack is not p.attack or state.answers is not p.answers:
            attack = state.attack
            answers = state.answers
            answered = len(answers)
            out[_ATTACK_CARDS:_ANSWERED] = self._attack[attack]
            out[_ANSWERED] = answered * u[_ANSWERED]
            if answered < len(attack):
                out[_TO_ANSWER:_DEFENDED] = self._to_answer[attack[answered]]
            else:
                out[_TO_ANSWER:_DEFENDED] = _ZEROS_12
            out[_DEFENDED:_LAST_DUEL] = self._answers[answers]
        if p is None or state.last_duel is not p.last_duel:
            out[_LAST_DUEL:_LAST_TRICK_ATTACKER] = self._last_duel[state.last_duel, me]
        if p is None or state.last_trick is not p.last_trick:
            out[_LAST_TRICK_ATTACKER:_LAST_SHOWDOWN] = self._last_trick[state.last_trick, me]
        if p is None or state.last_showdown is not p.last_showdown:
            out[_LAST_SHOWDOWN:_ROUNDS_WON] = self._last_showdown[state.last_showdown, me]
        if p is None or state.results is not p.results or state.winner != p.winner:
            out[_ROUNDS_WON:_TIE_GOES_TO_ARROW] = self._results[state.results, state.winner, me]
        if p is None or state.rules is not p.rules:
            out[_TIE_GOES_TO_ARROW] = state.rules.tie_goes_to_arrow * u[_TIE_GOES_TO_ARROW]
            out[_MIN_SEQ] = state.rules.min_sequence * u[_MIN_SEQ]


_ZEROS = array.array("f", bytes(4 * OBSERVATION_SIZE))
_ZEROS_12 = array.array("f", bytes(4 * tc.MAX_VALUE))


def make(num_players: int, options: Options) -> Encoding:
    """The Tacocat encoding, the same for every option (the mask follows the options)."""
    return ENCODING


# ---------------------------------------------------------------------------------------
# Helpers


def _count(out: list[float], at: int, cards: Sequence[int]) -> None:
    for card in cards:
        out[at + card - 1] += 1.0


def _pair(out: list[float], at: int, values: Sequence[float], me: int) -> None:
    out[at] = values[me]
    out[at + 1] = values[1 - me]


def _seat_flag(out: list[float], at: int, seat: int, me: int) -> None:
    if seat >= 0:
        out[at + (0 if seat == me else 1)] = 1.0


def _answers(
    out: list[float], defended_at: int, sacrificed_at: int, answers: Sequence[int]
) -> None:
    for answer in answers:
        if answer > 0:
            out[defended_at + answer - 1] += 1.0
        else:
            out[sacrificed_at - answer - 1] += 1.0
