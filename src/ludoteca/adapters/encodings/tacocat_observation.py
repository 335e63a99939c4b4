"""Tacocat's observation: its layout and its one writer (``tacocat.TacocatEncoding``).

The layout is the table in ``tacocat``'s module docstring, as data. :class:`TacocatWriter`
writes the vector block by block, most blocks from one builder keyed by the values they
show (the discard pile, which would miss such a cache on nearly every change, is counted in
place, from its new cards only while it grows); it reads those values from the engine state
(``encodings.StateWriter``, rewriting only what changed) or from the seat's view
(``TacocatEncoding.observation``), so the two agree by construction and the adapter tests
compare them (``test_observation_digests`` pins the values themselves).
"""

from __future__ import annotations

import array
from typing import Any

from ludoteca.adapters.encodings import Buffer, Scale
from ludoteca.adapters.encodings.layout import Layout
from ludoteca.engine.game import CHANCE, View
from ludoteca.games import tacocat as tc

MAX_HAND = max(tc.HAND_SIZES)
MAX_ATTACK = MAX_HAND - 1
"""The attacker keeps at least one card (TC-05)."""
_PER_VALUE = tuple(float(tc.DECK[v]) for v in range(1, tc.MAX_VALUE + 1))
"""Per card value, its copies in the deck."""
_HELD = float(MAX_HAND)

LAYOUT = Layout(
    (
        ("seat", 2, 1.0, "my seat one-hot: 0 (YAY), 1 (WOW)"),
        ("phase", 6, 1.0, "deal, replace, duel, attack, defend, over"),
        ("acting", 3, 1.0, "who acts now: me, opp, chance"),
        ("position", tc.SPACES + 2, 1.0, "Tacocat one-hot: my goal, spaces, opp goal"),
        ("covered", tc.SPACES, 1.0, "covered spaces, from my goal"),
        ("hand_size", 1, _HELD, "cards dealt to each player this round"),
        ("arrow", 3, 1.0, "the space's arrow points at: me, opp, both"),
        ("hand", tc.MAX_VALUE, _PER_VALUE, "my cards, per value"),
        ("hand_counts", 2, _HELD, "cards held: me, opp"),
        ("pile_size", 1, float(tc.DECK_SIZE), "cards left in the draw pile"),
        ("discard", tc.MAX_VALUE, _PER_VALUE, "face-up discards this round, per value"),
        ("owed", 2, _HELD, "cards still to be dealt: me, opp"),
        ("replaced", 2, 1.0, "has replaced this round: me, opp"),
        ("replaced_count", 2, _HELD, "cards replaced this round: me, opp"),
        ("chosen", 2, 1.0, "secret choice made, not yet revealed: me, opp"),
        ("my_choice", tc.MAX_VALUE, _PER_VALUE, "my unrevealed secret choice, per value"),
        ("selection", tc.MAX_VALUE, _PER_VALUE, "my replace selection (the draft), per value"),
        ("attacker", 2, 1.0, "who attacks: me, opp"),
        ("attack", tc.MAX_VALUE, _PER_VALUE, "attack cards on the table, per value"),
        ("answered", 1, float(MAX_ATTACK), "attack cards answered so far"),
        ("to_answer", tc.MAX_VALUE, 1.0, "the attack card to answer now, one-hot"),
        ("defended", tc.MAX_VALUE, _PER_VALUE, "cards played in defence of this attack"),
        ("sacrificed", tc.MAX_VALUE, _PER_VALUE, "cards sacrificed against this attack"),
        ("last_duel", 2 * tc.MAX_VALUE, 1.0, "last revealed duel: my card, opp card"),
        ("last_trick_attacker", 2, 1.0, "last finished trick's attacker: me, opp"),
        ("last_trick_attack", tc.MAX_VALUE, _PER_VALUE, "its attack cards, per value"),
        ("last_trick_defended", tc.MAX_VALUE, _PER_VALUE, "its defence cards, per value"),
        ("last_trick_sacrificed", tc.MAX_VALUE, _PER_VALUE, "its sacrificed cards, per value"),
        ("last_showdown", 2 * tc.MAX_VALUE, 1.0, "last showdown: my card, opp card"),
        ("rounds_won", 2, float(tc.SPACES), "rounds won: me, opp"),
        ("last_round", 3, 1.0, "last finished round: won by me, by opp, drawn"),
        ("winner", 2, 1.0, "game winner: me, opp"),
        ("tie_goes_to_arrow", 1, 1.0, "the option, 0 or 1"),
        ("min_sequence", 1, 3.0, "the option, 2 or 3"),
    )
)
"""The observation's blocks, in order (the table in the ``tacocat`` docstring)."""
OBSERVATION_SIZE = LAYOUT.size
(
    _SEAT, _PHASE, _ACTING, _POSITION, _COVERED, _HAND_SIZE, _ARROW, _HAND, _HAND_COUNTS,
    _PILE_SIZE, _DISCARD, _OWED, _REPLACED, _REPLACED_COUNT, _CHOSEN, _MY_CHOICE, _SELECTION,
    _ATTACKER, _ATTACK_CARDS, _ANSWERED, _TO_ANSWER, _DEFENDED, _LAST_DUEL,
    _LAST_TRICK_ATTACKER, _LAST_TRICK_ATTACK, _LAST_TRICK_DEFENDED, _LAST_SHOWDOWN,
    _ROUNDS_WON, _LAST_ROUND, _WINNER, _TIE_GOES_TO_ARROW, _MIN_SEQ,
) = LAYOUT.offsets(
    "seat", "phase", "acting", "position", "covered", "hand_size", "arrow", "hand",
    "hand_counts", "pile_size", "discard", "owed", "replaced", "replaced_count", "chosen",
    "my_choice", "selection", "attacker", "attack", "answered", "to_answer", "defended",
    "last_duel", "last_trick_attacker", "last_trick_attack", "last_trick_defended",
    "last_showdown", "rounds_won", "last_round", "winner", "tie_goes_to_arrow", "min_sequence",
)  # fmt: skip
SELECTION = _SELECTION
"""Offset of the ``selection`` block (the draft's entries)."""

_PHASE_INDEX = {phase.name.lower(): int(phase) for phase in tc.Phase}


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


def _card_one_hot(card: int) -> list[float]:
    return _one_hot(tc.MAX_VALUE, card - 1)


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
    """Writes Tacocat's vector from a state (``encodings.StateWriter``) or from a view.

    From a state it reads what ``Tacocat.view(state, seat)`` shows the seat: every public
    field, the seat's own hand and its own pending choice (of the other seat's pending
    choice, only whether there is one), and the lengths of the other hand and of the pile
    — never their cards. Blocks come from caches keyed by the values they encode (and the
    seat).
    """

    def __init__(self, scale: Scale) -> None:
        self._unit = scale.unit
        blocks = scale.blocks
        self._phase_acting = blocks(_PHASE, _phase_acting)
        self._track = blocks(_POSITION, _track)
        self._hand = blocks(_HAND, _per_value)
        self._my_choice = blocks(_MY_CHOICE, _per_value)
        self._attack = blocks(_ATTACK_CARDS, _per_value)
        self._to_answer = blocks(_TO_ANSWER, _card_one_hot)
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
        u = self._unit
        if previous is None:
            out[:] = _ZEROS
            out[_SEAT + me] = u[_SEAT + me]
            previous = _UNSEEN
        # Both states unpacked at once (``State`` is a NamedTuple): one opcode per state
        # instead of an attribute lookup per field.
        (
            rules, position, covered, _, phase, hands, pile, discard, owed, replaced, pending,
            attacker, attack, answers, last_duel, last_trick, last_showdown, results, winner,
        ) = state  # fmt: skip
        (
            p_rules, p_position, p_covered, _, _, p_hands, p_pile, p_discard, p_owed,
            p_replaced, p_pending, p_attacker, p_attack, p_answers, p_last_duel, p_last_trick,
            p_last_showdown, p_results, p_winner,
        ) = previous  # fmt: skip
        out[_PHASE:_POSITION] = self._phase_acting[phase, self._actors(state), me]
        if position != p_position or covered != p_covered:
            out[_POSITION:_HAND] = self._track[position, covered, me]
        if hands is not p_hands or pile is not p_pile:
            self._write_hands(out, hands[me], len(hands[opp]), len(pile))
        if discard is not p_discard:
            self._write_discard(out, discard, None if p_discard is _NONE else p_discard)
        if owed is not p_owed:
            self._write_pair(out, _OWED, owed[me], owed[opp])
        if replaced is not p_replaced:
            self._write_replaced(out, replaced[me], replaced[opp])
        if pending is not p_pending:
            self._write_choices(out, pending[me], pending[opp] is not None)
        if attacker != p_attacker:
            self._write_pair(out, _ATTACKER, attacker == me, attacker == opp)
        if attack is not p_attack or answers is not p_answers:
            self._write_attack(out, attack, answers)
        if last_duel is not p_last_duel:
            out[_LAST_DUEL:_LAST_TRICK_ATTACKER] = self._last_duel[last_duel, me]
        if last_trick is not p_last_trick:
            out[_LAST_TRICK_ATTACKER:_LAST_SHOWDOWN] = self._last_trick[last_trick, me]
        if last_showdown is not p_last_showdown:
            out[_LAST_SHOWDOWN:_ROUNDS_WON] = self._last_showdown[last_showdown, me]
        if results is not p_results or winner != p_winner:
            out[_ROUNDS_WON:_TIE_GOES_TO_ARROW] = self._results[results, winner, me]
        if rules is not p_rules:
            self._write_pair(out, _TIE_GOES_TO_ARROW, rules.tie_goes_to_arrow, rules.min_sequence)

    def write_view(self, view: View, out: Buffer) -> None:
        """Write the vector of a seat's ``view`` (empty draft) into ``out``, all zeros.

        The same blocks as :meth:`write`, keyed by the same values read from the view.
        """
        me: int = view["seat"]
        opp = 1 - me
        out[_SEAT + me] = self._unit[_SEAT + me]
        out[_PHASE:_POSITION] = self._phase_acting[
            _PHASE_INDEX[view["phase"]], tuple(view["actors"]), me
        ]
        covered = sum(1 << space for space in view["covered"])
        out[_POSITION:_HAND] = self._track[view["position"], covered, me]
        counts = view["hand_counts"]
        self._write_hands(out, tuple(view["hand"]), counts[opp], view["pile_size"])
        self._write_discard(out, tuple(view["discard"]), None)
        owed, replaced, chosen = view["owed"], view["replaced"], view["chosen"]
        self._write_pair(out, _OWED, owed[me], owed[opp])
        self._write_replaced(out, replaced[me], replaced[opp])
        choice = view["my_choice"]
        self._write_choices(out, None if choice is None else tuple(choice), chosen[opp])
        attacker = view["attacker"]
        self._write_pair(out, _ATTACKER, attacker == me, attacker == opp)
        self._write_attack(out, tuple(view["attack"]), tuple(view["answers"]))
        duel, showdown, trick = view["last_duel"], view["last_showdown"], view["last_trick"]
        out[_LAST_DUEL:_LAST_TRICK_ATTACKER] = self._last_duel[
            None if duel is None else tuple(duel), me
        ]
        if trick is not None:
            trick = (trick["attacker"], tuple(trick["attack"]), tuple(trick["answers"]))
        out[_LAST_TRICK_ATTACKER:_LAST_SHOWDOWN] = self._last_trick[trick, me]
        out[_LAST_SHOWDOWN:_ROUNDS_WON] = self._last_showdown[
            None if showdown is None else tuple(showdown), me
        ]
        winner = view["winner"]
        out[_ROUNDS_WON:_TIE_GOES_TO_ARROW] = self._results[
            tuple(view["results"]), -1 if winner is None else winner, me
        ]
        options = view["options"]
        self._write_pair(
            out, _TIE_GOES_TO_ARROW, options["tie_goes_to_arrow"], options["min_sequence"]
        )

    def _write_pair(self, out: Buffer, at: int, first: float, second: float) -> None:
        """Two entries in a row (me then opp, or two options)."""
        u = self._unit
        out[at] = first * u[at]
        out[at + 1] = second * u[at + 1]

    def _write_hands(self, out: Buffer, hand: tuple[int, ...], other: int, pile: int) -> None:
        """hand, hand_counts, pile_size."""
        u = self._unit
        out[_HAND:_HAND_COUNTS] = self._hand[hand]
        out[_HAND_COUNTS] = len(hand) * u[_HAND_COUNTS]
        out[_HAND_COUNTS + 1] = other * u[_HAND_COUNTS + 1]
        out[_PILE_SIZE] = pile * u[_PILE_SIZE]

    def _write_discard(
        self, out: Buffer, discard: tuple[int, ...], before: tuple[int, ...] | None
    ) -> None:
        """The discard block, per value. Discards are kept in order, so a block cache would
        miss on nearly every new pile; within a round the pile only grows, so when ``out``
        holds ``before`` and ``discard`` extends it, only the values of the new cards move.
        """
        u = self._unit
        if before is None or len(before) > len(discard) or discard[: len(before)] != before:
            out[_DISCARD:_OWED] = _ZEROS_12
            new = discard
        else:
            new = discard[len(before) :]
        for card in set(new):
            index = _DISCARD + card - 1
            out[index] = discard.count(card) * u[index]

    def _write_replaced(self, out: Buffer, mine: int, theirs: int) -> None:
        """replaced, replaced_count (a count of -1: not replaced this round)."""
        u = self._unit
        out[_REPLACED] = (mine >= 0) * u[_REPLACED]
        out[_REPLACED + 1] = (theirs >= 0) * u[_REPLACED + 1]
        out[_REPLACED_COUNT] = max(mine, 0) * u[_REPLACED_COUNT]
        out[_REPLACED_COUNT + 1] = max(theirs, 0) * u[_REPLACED_COUNT + 1]

    def _write_choices(self, out: Buffer, mine: tuple[int, ...] | None, theirs: bool) -> None:
        """chosen, my_choice."""
        u = self._unit
        out[_CHOSEN] = (mine is not None) * u[_CHOSEN]
        out[_CHOSEN + 1] = theirs * u[_CHOSEN + 1]
        out[_MY_CHOICE:_SELECTION] = self._my_choice[mine or ()]

    def _write_attack(self, out: Buffer, attack: tuple[int, ...], answers: tuple[int, ...]) -> None:
        """attack, answered, to_answer, defended, sacrificed."""
        answered = len(answers)
        out[_ATTACK_CARDS:_ANSWERED] = self._attack[attack]
        out[_ANSWERED] = answered * self._unit[_ANSWERED]
        if answered < len(attack):
            out[_TO_ANSWER:_DEFENDED] = self._to_answer[attack[answered]]
        else:
            out[_TO_ANSWER:_DEFENDED] = _ZEROS_12
        out[_DEFENDED:_LAST_DUEL] = self._answers[answers]


_ZEROS = array.array("f", bytes(4 * OBSERVATION_SIZE))
_NONE = object()
_UNSEEN = (_NONE,) * len(tc.State._fields)
"""The ``previous`` of a buffer written from nothing: no field of a state is one of these,
so every block is written."""
_ZEROS_12 = array.array("f", bytes(4 * tc.MAX_VALUE))
