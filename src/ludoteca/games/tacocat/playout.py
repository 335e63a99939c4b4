"""Tacocat's rollout fast path: a whole playout on mutable locals, one State at the end.

The protocol path rebuilds an immutable :class:`~ludoteca.games.tacocat.model.State` on
every step (its floor is about one NamedTuple build per step) and goes through ``actors``,
``legal_actions``, ``sample_chance`` and ``apply`` for each. Search and simulation only
need the end of a random game, so :func:`playout` keeps hands and the pile in lists, runs
the deal as a tight loop and builds a State only when the game is over.

It plays the same game as the protocol loop of ``ludoteca bench`` given the same random
stream: the same legal lists in the same order (the cached functions of
:mod:`~ludoteca.games.tacocat.legal`), the same draw index ``int(rng.random() * len(pile))``,
simultaneous choices picked seat 0 then seat 1 from the same position, and the same step
count (``tests/games/test_playouts.py`` checks it seed by seed). With the uniform policy
:func:`ludoteca.engine.rng.choice`, duels, defences and replaces are read straight from the
drawn index into the same order (``int(rng.random() * len(legal))``) without building the
list (a replace from the same table of picks per hand shape as ``legal.ReplaceOptions``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from ludoteca.engine import rng as rng_mod
from ludoteca.engine.sorted_ints import insert_sorted
from ludoteca.games.tacocat.legal import (
    attack_actions,
    defend_actions,
    duel_actions,
    sequences_from,
    shape_table,
    shortest_sequence,
)
from ludoteca.games.tacocat.legal import replace_actions as _replace_actions
from ludoteca.games.tacocat.model import (
    ARROWS,
    FULL_PILE,
    HAND_SIZES,
    MIN_SET,
    NO_SEAT,
    P_ATTACK,
    P_DEAL,
    P_DEFEND,
    P_DUEL,
    P_OVER,
    P_REPLACE,
    SPACES,
    Action,
    Defend,
    Phase,
    State,
)

Policy = Callable[[random.Random, Sequence[Action]], Action]
"""Picks one of the legal actions, e.g. ``ludoteca.engine.rng.choice``."""


def playout(state: State, rng: random.Random, policy: Policy) -> tuple[State, int]:
    """Play from ``state`` to the end, every seat choosing with ``policy``.

    Chance draws use ``rng`` exactly as ``Tacocat.sample_chance`` does; ``policy`` gets the
    same ``rng`` and the legal list of the protocol path.

    Args:
        state: Any Tacocat state (an already finished one is returned as it is).
        rng: The random stream, shared by chance and the policy.
        policy: Called as ``policy(rng, legal)`` for every decision.

    Returns:
        The final state (equal to the protocol path's) and the steps applied.
    """
    rules = state.rules
    min_sequence = rules.min_sequence
    tie_to_arrow = rules.tie_goes_to_arrow
    random_ = rng.random
    uniform = policy is rng_mod.choice
    position, covered, round_no = state.position, state.covered, state.round
    phase: Phase = state.phase
    hands = [list(state.hands[0]), list(state.hands[1])]
    pile = list(state.pile)
    discard = list(state.discard)
    owed = list(state.owed)
    replaced = list(state.replaced)
    pending = list(state.pending)
    attacker = state.attacker
    attack = state.attack
    answers = list(state.answers)
    last_duel, last_trick, last_showdown = state.last_duel, state.last_trick, state.last_showdown
    results = list(state.results)
    winner = state.winner
    steps = 0
    while phase != P_OVER:
        if phase == P_DEAL:
            # Seat 0 is served first, one chance step per card.
            for seat in (0, 1):
                hand = hands[seat]
                for _ in range(owed[seat]):
                    insert_sorted(hand, pile.pop(int(random_() * len(pile))))
                steps += owed[seat]
                owed[seat] = 0
            phase = P_DUEL if replaced[0] >= 0 and replaced[1] >= 0 else P_REPLACE
        elif phase == P_ATTACK:
            hand = hands[attacker]
            if uniform:
                cards = _uniform_attack(hand, min_sequence, random_)
            else:
                cards = policy(rng, attack_actions(tuple(hand), min_sequence)).cards  # type: ignore[union-attr]
            for card in cards:
                hand.remove(card)
            attack, answers, phase = cards, [], P_DEFEND
            steps += 1
        elif phase == P_DEFEND:
            defender = 1 - attacker
            hand = hands[defender]
            against = attack[len(answers)]
            steps += 1
            if uniform:
                # defend_actions: the distinct values >= against (ascending), then the
                # sacrifice; the hand is sorted, so they are its distinct tail from there.
                start = 0
                while start < len(hand) and hand[start] < against:
                    start += 1
                kinds = _kinds(hand, start)
                drawn = int(random_() * (kinds + 1))
                card = hand[_nth_kind(hand, start, drawn)] if drawn < kinds else -1
            else:
                choice = policy(rng, defend_actions(tuple(hand), against))
                card = choice.card if type(choice) is Defend else -1
            if card >= 0:
                hand.remove(card)
                answers.append(card)
            else:
                answers.append(-hand.pop(0))
            if len(answers) < len(attack):
                continue
            # TC-07: the defender attacks next only if every attack card was met.
            discard.extend(attack)
            met = True
            for answer in answers:
                if answer > 0:
                    discard.append(answer)
                else:
                    discard.append(-answer)
                    met = False
            last_trick = (attacker, attack, tuple(answers))
            attacker = defender if met else attacker
            attack, answers, phase = (), [], P_ATTACK
            if len(hands[0]) == 1:
                (position, covered, round_no, phase, winner, last_showdown) = _showdown(
                    hands, results, position, covered, round_no, tie_to_arrow
                )
                if phase == P_DEAL:
                    pile, discard, owed, replaced, pending = _new_round(position, hands)
                    attacker, attack, answers = NO_SEAT, (), []
        elif phase == P_DUEL:
            # Simultaneous secret choices: each waiting seat picks from the same position.
            for seat in (0, 1):
                if pending[seat] is None:
                    if uniform:
                        # duel_actions: one per distinct value, ascending (the hand is sorted).
                        held = hands[seat]
                        drawn = int(random_() * _kinds(held, 0))
                        pending[seat] = (held[_nth_kind(held, 0, drawn)],)
                    else:
                        pick = policy(rng, duel_actions(tuple(hands[seat])))
                        pending[seat] = (pick.card,)  # type: ignore[union-attr]
                    steps += 1
            card0, card1 = pending[0][0], pending[1][0]  # type: ignore[index]
            hands[0].remove(card0)
            hands[1].remove(card1)
            discard += (card0, card1)
            pending = [None, None]
            last_duel = (card0, card1)
            if len(hands[0]) == 1:
                (position, covered, round_no, phase, winner, last_showdown) = _showdown(
                    hands, results, position, covered, round_no, tie_to_arrow
                )
                if phase == P_DEAL:
                    pile, discard, owed, replaced, pending = _new_round(position, hands)
                    attacker, attack, answers = NO_SEAT, (), []
            elif card0 != card1:
                attacker = 0 if card0 > card1 else 1
                phase = P_ATTACK
        else:  # P_REPLACE
            arrow = ARROWS[position]
            if arrow is None:
                for seat in (0, 1):
                    if pending[seat] is None:
                        held = hands[seat]
                        if uniform:
                            pending[seat] = _uniform_replace(held, len(held), random_)
                        else:
                            pick = policy(rng, _replace_actions(tuple(held), len(held)))
                            pending[seat] = pick.cards  # type: ignore[union-attr]
                        steps += 1
                first, second = pending[0], pending[1]
                assert first is not None and second is not None
                for card in first:
                    hands[0].remove(card)
                for card in second:
                    hands[1].remove(card)
                discard += first
                discard += second
                replaced = [len(first), len(second)]
                owed = [len(first), len(second)]
                pending = [None, None]
                phase = P_DEAL if replaced != [0, 0] else P_DUEL
            else:
                seat = arrow if replaced[arrow] < 0 else 1 - arrow
                held = hands[seat]
                limit = len(held) if seat == arrow else replaced[arrow]
                if uniform:
                    cards = _uniform_replace(held, limit, random_)
                else:
                    pick = policy(rng, _replace_actions(tuple(held), limit))
                    cards = pick.cards  # type: ignore[union-attr]
                steps += 1
                for card in cards:
                    hands[seat].remove(card)
                discard += cards
                replaced[seat] = len(cards)
                owed = [0, 0]
                owed[seat] = len(cards)
                if cards:
                    phase = P_DEAL
                else:
                    phase = P_DUEL if replaced[0] >= 0 and replaced[1] >= 0 else P_REPLACE
    final = State(
        rules=rules,
        position=position,
        covered=covered,
        round=round_no,
        phase=phase,
        hands=(tuple(hands[0]), tuple(hands[1])),
        pile=tuple(pile),
        discard=tuple(discard),
        owed=(owed[0], owed[1]),
        replaced=(replaced[0], replaced[1]),
        pending=(pending[0], pending[1]),
        attacker=attacker,
        attack=attack,
        answers=tuple(answers),
        last_duel=last_duel,
        last_trick=last_trick,
        last_showdown=last_showdown,
        results=tuple(results),
        winner=winner,
    )
    return final, steps


def _showdown(
    hands: list[list[int]],
    results: list[int],
    position: int,
    covered: int,
    round_no: int,
    tie_to_arrow: bool,
) -> tuple[int, int, int, Phase, int, tuple[int, int]]:
    """TC-08, TC-09 (as ``game._showdown``): appends the round's winner to ``results``.

    Returns:
        ``(position, covered, round, phase, winner, last showdown)``: phase ``P_DEAL`` for
        a new round (round already advanced), ``P_OVER`` when Tacocat entered a goal.
    """
    card0, card1 = hands[0][0], hands[1][0]
    if card0 != card1:
        won = 0 if card0 < card1 else 1
    else:
        arrow = ARROWS[position]
        won = arrow if tie_to_arrow and arrow is not None else NO_SEAT
    results.append(won)
    showdown = (card0, card1)
    if won == NO_SEAT:
        return position, covered, round_no + 1, P_DEAL, NO_SEAT, showdown
    step = -1 if won == 0 else 1
    target = position + step
    while 0 <= target < SPACES and covered >> target & 1:
        target += step
    covered |= 1 << position
    if not 0 <= target < SPACES:
        return target, covered, round_no, P_OVER, won, showdown
    return target, covered, round_no + 1, P_DEAL, NO_SEAT, showdown


def _new_round(
    position: int, hands: list[list[int]]
) -> tuple[list[int], list[int], list[int], list[int], list[tuple[int, ...] | None]]:
    """A fresh deal (as ``game._new_round``): empties ``hands``.

    Returns:
        ``(pile, discard, owed, replaced, pending)``.
    """
    size = HAND_SIZES[position]
    hands[0].clear()
    hands[1].clear()
    return list(FULL_PILE), [], [size, size], [-1, -1], [None, None]


def _values_and_copies(hand: list[int]) -> tuple[list[int], list[int]]:
    """The sorted ``hand``'s distinct values, ascending, and how many copies of each."""
    values: list[int] = []
    copies: list[int] = []
    for card in hand:
        if values and values[-1] == card:
            copies[-1] += 1
        else:
            values.append(card)
            copies.append(1)
    return values, copies


def _uniform_replace(hand: list[int], limit: int, random_: Callable[[], float]) -> tuple[int, ...]:
    """The cards of ``choice(rng, replace_actions(tuple(hand), limit))``, without the list:
    the same draw into the same table of picks per hand shape (``legal.shape_table``).
    """
    values, copies = _values_and_copies(hand)
    shape = tuple(copies)
    table = _SHAPE_TABLES.get(shape)
    if table is None:
        table = _SHAPE_TABLES[shape] = shape_table(shape)
    picks, ends = table
    size = limit if limit < len(hand) else len(hand)
    pick = picks[int(random_() * ends[size])]
    return tuple([values[position] for position in pick])


def _uniform_attack(
    hand: list[int], min_sequence: int, random_: Callable[[], float]
) -> tuple[int, ...]:
    """The cards of ``choice(rng, attack_actions(tuple(hand), min_sequence))``, without the
    list (whose ``lru_cache`` lookup was a fifth of this path's time): the same count, one
    draw, the same order (singles, sets, sequences, each by value; ``legal.attack_actions``).
    """
    most = len(hand) - 1
    values, copies = _values_and_copies(hand)
    kinds = len(values)
    sets = 0
    for count in copies:
        top = count if count < most else most
        if top >= MIN_SET:
            sets += top - MIN_SET + 1
    sequences = 0
    for start_index in range(kinds):
        sequences += sequences_from(values, start_index, most, min_sequence)
    drawn = int(random_() * (kinds + sets + sequences))
    if drawn < kinds:
        return (values[drawn],)
    drawn -= kinds
    if drawn < sets:
        for index in range(kinds):
            count = copies[index]
            top = count if count < most else most
            if top >= MIN_SET:
                if drawn <= top - MIN_SET:
                    return (values[index],) * (MIN_SET + drawn)
                drawn -= top - MIN_SET + 1
    drawn -= sets
    shortest = shortest_sequence(min_sequence)
    for start_index in range(kinds):
        runs = sequences_from(values, start_index, most, min_sequence)
        if drawn < runs:
            start = values[start_index]
            return tuple(range(start, start + shortest + drawn))
        drawn -= runs
    raise AssertionError("unreachable: the draw is below the count")


_SHAPE_TABLES: Final[
    dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]
] = {}
"""``legal.shape_table`` by hand shape, read without the ``lru_cache`` wrapper's bookkeeping
(a few hundred shapes exist)."""


def _kinds(hand: list[int], start: int) -> int:
    """How many distinct values the sorted ``hand`` holds from ``start`` on."""
    if start >= len(hand):
        return 0
    kinds = 1
    for index in range(start + 1, len(hand)):
        if hand[index] != hand[index - 1]:
            kinds += 1
    return kinds


def _nth_kind(hand: list[int], start: int, nth: int) -> int:
    """The index in the sorted ``hand`` of the first card of its ``nth`` distinct value
    from ``start`` on (0 is ``start`` itself).
    """
    index = start
    while nth:
        index += 1
        if hand[index] != hand[index - 1]:
            nth -= 1
    return index
