"""The perfect-information round solver and the opponent-hand inference of the expert agent:
hand-made positions with known values, agreement with a brute-force search over the game's
own rules, and the round log read from real games."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ludoteca.agents.tacocat.expert import ExpertTacocat
from ludoteca.agents.tacocat.greedy import GreedyTacocat
from ludoteca.agents.tacocat.inference import (
    OpponentModel,
    RoundLog,
    Trick,
    duel_pairs,
    replaced_by,
    sample_hands,
    trick_start,
)
from ludoteca.agents.tacocat.solver import DRAW, LOSS, WIN, RoundSolver, remove
from ludoteca.engine import runner
from ludoteca.engine.game import View
from ludoteca.games import tacocat
from ludoteca.games.tacocat import GAME, Attack, Phase, State

Hand = tuple[int, ...]


def table(
    attacker_hand: Sequence[int],
    defender_hand: Sequence[int],
    *,
    position: int = tacocat.START,
    options: Mapping[str, object] | None = None,
) -> State:
    """Seat 0 about to attack with ``attacker_hand`` against seat 1's ``defender_hand``."""
    hands = (tuple(sorted(attacker_hand)), tuple(sorted(defender_hand)))
    pile = list(tacocat.FULL_PILE)
    for card in hands[0] + hands[1]:
        pile.remove(card)
    state: State = runner.new_game(GAME, 2, 0, options)
    return state._replace(
        position=position,
        phase=Phase.ATTACK,
        hands=hands,
        pile=tuple(pile),
        owed=(0, 0),
        replaced=(0, 0),
        attacker=0,
    )


def brute_force(state: State) -> int:
    """The round result for seat 0 under best play, by plain minimax over the game rules."""
    if state.round != 1 or state.phase == Phase.OVER:
        winner = state.results[0]
        return DRAW if winner < 0 else WIN if winner == 0 else LOSS
    seat = GAME.actors(state)[0]
    values = [brute_force(GAME.apply(state, seat, a)) for a in GAME.legal_actions(state, seat)]
    return max(values) if seat == 0 else min(values)


def solve(
    attacker_hand: Sequence[int], defender_hand: Sequence[int], tie: int = 0, min_sequence: int = 3
) -> int:
    solver = RoundSolver(min_sequence)
    return solver.value(tuple(sorted(attacker_hand)), tuple(sorted(defender_hand)), tie)


# ---------------------------------------------------------------------------------------
# Hand-made positions


def test_an_unmatchable_attack_forces_the_sacrifice_of_the_lowest_card() -> None:
    # Attack 12: the 2 must go, the 1 beats the 3.
    assert solve([1, 12], [2, 3]) == WIN


def test_a_pair_of_equal_cards_loses_to_a_low_card_and_a_high_card() -> None:
    # Attack 3: the defender meets it with the 4 and keeps the 2.
    assert solve([3, 3], [2, 4]) == LOSS


def test_equal_last_cards_draw_or_go_to_the_arrow() -> None:
    # Attack 9: the defender meets it with the 10 and both keep a 4.
    assert solve([4, 9], [4, 10]) == DRAW
    assert solve([4, 9], [4, 10], tie=1) == WIN
    assert solve([4, 9], [4, 10], tie=-1) == LOSS


def test_a_jumbo_of_all_but_the_lowest_card_ends_the_round() -> None:
    assert solve([1, 7, 7], [2, 8, 12]) == WIN
    # Without the set the defender takes over with the 8 and attacks with the 12.
    assert solve([1, 6, 7], [2, 8, 12]) == LOSS
    # A sequence of two is a jumbo only with min_sequence=2.
    assert solve([1, 6, 7], [2, 8, 12], min_sequence=2) == WIN


def test_the_static_bounds_settle_separated_hands() -> None:
    assert solve([1, 2, 3], [4, 5, 6]) == WIN
    assert solve([7, 8, 9], [4, 5, 6]) == LOSS


def test_after_attack_continues_a_trick_half_answered() -> None:
    solver = RoundSolver()
    # Attack 9 9 against 2 9 10: the 9 was met with the 9; the 10 meets the second 9 and
    # the defender keeps the 2, so the attacker (left with a 5) loses.
    assert solver.after_attack((5,), (2, 10), (9, 9), 1, True, 0) == LOSS
    # Had the first 9 been answered by a sacrifice, the defender keeps the 10 at best.
    assert solver.after_attack((5,), (9, 10), (9, 9), 1, False, 0) == WIN


def test_value_is_the_best_attack() -> None:
    generator = random.Random(3)
    deck = list(tacocat.FULL_PILE)
    solver = RoundSolver()
    for _ in range(30):
        generator.shuffle(deck)
        attacker, defender = tuple(sorted(deck[:6])), tuple(sorted(deck[6:12]))
        best = max(
            solver.after_attack(rest, defender, attack, 0, True, 0)
            for attack, rest in _attacks(attacker)
        )
        assert solver.value(attacker, defender, 0) == best


def _attacks(hand: Hand) -> list[tuple[Hand, Hand]]:
    """The game's legal attacks for ``hand``, each with the hand left after it."""
    found = []
    for action in GAME.legal_actions(table(hand, []), 0):
        assert isinstance(action, Attack)
        found.append((action.cards, remove(hand, action.cards)))
    return found


# ---------------------------------------------------------------------------------------
# Agreement with the game rules


@pytest.mark.parametrize(
    ("options", "position"),
    [
        ({}, tacocat.START),
        ({"min_sequence": 2}, tacocat.START),
        ({"tie_goes_to_arrow": True}, 1),
        ({"tie_goes_to_arrow": True, "min_sequence": 2}, 5),
    ],
)
def test_solver_agrees_with_brute_force_minimax(options: dict[str, Any], position: int) -> None:
    generator = random.Random(11)
    deck = list(tacocat.FULL_PILE)
    min_sequence = int(options.get("min_sequence", 3))
    arrow = tacocat.ARROWS[position]
    tie = (1 if arrow == 0 else -1) if options.get("tie_goes_to_arrow") and arrow is not None else 0
    solver = RoundSolver(min_sequence)
    outcomes = set()
    for trial in range(60):
        size = 2 + trial % 3
        generator.shuffle(deck)
        attacker, defender = tuple(sorted(deck[:size])), tuple(sorted(deck[size : 2 * size]))
        expected = brute_force(table(attacker, defender, position=position, options=options))
        assert solver.value(attacker, defender, tie) == expected, (attacker, defender)
        outcomes.add(expected)
    assert outcomes >= {WIN, LOSS}


def test_solver_agrees_with_brute_force_mid_trick() -> None:
    generator = random.Random(5)
    deck = list(tacocat.FULL_PILE)
    solver = RoundSolver()
    checked = 0
    for _ in range(40):
        generator.shuffle(deck)
        attacker, defender = tuple(sorted(deck[:4])), tuple(sorted(deck[4:8]))
        state = table(attacker, defender)
        for action in GAME.legal_actions(state, 0):
            assert isinstance(action, Attack)
            after = GAME.apply(state, 0, action)
            expected = brute_force(after)
            got = solver.after_attack(after.hands[0], defender, action.cards, 0, True, 0)
            assert got == expected, (attacker, defender, action)
            checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------------------
# Inference


def test_round_log_records_every_finished_trick_of_the_round() -> None:
    """At each of the expert's decisions its log holds exactly the round's tricks so far."""
    true_tricks: list[Trick] = []
    checks = 0

    def observer(before: State, seat: int, action: Any, after: State) -> None:
        if after.round != before.round:
            true_tricks.clear()
        elif after.last_trick is not before.last_trick and after.last_trick is not None:
            attacker, attack, answers = after.last_trick
            true_tricks.append(Trick(attacker, attack, answers))

    class Spy(ExpertTacocat):
        def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
            nonlocal checks
            action = super().choose(view, legal, rng)
            assert self.log.complete
            assert self.log.tricks == true_tricks
            checks += 1
            return action

    for seed in range(3):
        true_tricks.clear()
        agents: list[Any] = [Spy(), GreedyTacocat()]
        if seed % 2:
            agents.reverse()
        runner.play(GAME, agents, seed, observer=observer, checked=False)
    assert checks > 50


def _view(state: State, seat: int) -> View:
    view: View = GAME.view(state, seat)
    return view


def test_discard_sections_name_each_seats_cards() -> None:
    state = table([1, 12], [2, 3], position=1)
    # Seat 1 (the arrow seat on space 1) replaced 5 6, then seat 0 replaced 4; a tied duel
    # on 9s, then a duel won by seat 0; then a trick.
    state = state._replace(
        replaced=(1, 2),
        discard=(5, 6, 4, 9, 9, 11, 7, 10, 8),
        last_trick=(0, (10,), (-8,)),
    )
    view = _view(state, 0)
    assert replaced_by(view, 1) == (5, 6)
    assert replaced_by(view, 0) == (4,)
    assert duel_pairs(view) == [(9, 9), (11, 7)]
    assert trick_start(view) == 7


def test_samples_respect_the_last_sacrifice_and_prefer_model_play() -> None:
    # Seat 0 won the duel 8 to 5 and attacked with a 12; seat 1 sacrificed its 6, its lowest
    # card, so every card it still holds is 6 or more.
    state = table([1, 4], [7, 9, 10])._replace(
        discard=(8, 5, 12, 6),
        last_duel=(8, 5),
        last_trick=(0, (12,), (-6,)),
    )
    view = _view(state, 0)
    log = RoundLog()
    log.observe(view)
    assert not log.complete  # the log started after a trick had ended
    hands = sample_hands(view, log, OpponentModel(), random.Random(2), 30)
    assert len(hands) == 30
    assert all(len(hand) == 3 and min(hand) >= 6 for hand in hands)
    # With the trick logged, hands where the model would have met the 12 weigh less.
    log.tricks = [Trick(0, (12,), (-6,))]
    log.complete = True
    model = OpponentModel()
    assert model.weight(view, log, (7, 9, 10)) == pytest.approx(
        model.weight(view, log, (7, 9, 12)) / model.slip
    )
