"""The greedy Mystery Date agent: strength against random, legality, determinism, views only,
and specific decisions in hand-made positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.agents.mystery_date import greedy as greedy_mod
from ludoteca.agents.mystery_date.greedy import GreedyMysteryDate
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import make_agent
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.games.mystery_date.cards import DECK, card_name, counts_of
from ludoteca.games.mystery_date.game import GAME, Phase, State

RNG = random.Random(0)
AGENT = GreedyMysteryDate()


def card(name: str) -> int:
    action: Any = GAME.parse_action(f"discard {name}")
    value: int = action.card
    return value


def position(hands: list[str], discard: str = "O3", mover: int = 0) -> State:
    """The start of ``mover``'s turn with these hands; every other card in the draw pile."""
    lists = [[card(n) for n in h.split()] for h in hands]
    pile = list(DECK)
    for c in [x for h in lists for x in h] + [card(n) for n in discard.split()]:
        pile[c] -= 1
    state: State = runner.new_game(GAME, len(hands), 0)
    return state._replace(
        phase=Phase.ROLL,
        turn=1,
        mover=mover,
        hands=tuple(counts_of(h) for h in lists),
        pile=tuple(pile),
        discard=tuple(card(n) for n in discard.split()),
        owed=0,
    )


def land(state: State, space: int) -> State:
    """The mover rolls a 1 onto ``space``."""
    positions = list(state.positions)
    positions[state.mover] = space - 1
    after: State = runner.step(
        GAME, state._replace(positions=tuple(positions)), CHANCE, GAME.parse_action("roll 1")
    )
    return after


def choose(state: State) -> str:
    seat = state.mover
    return str(AGENT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), RNG))


def test_greedy_beats_random_clearly() -> None:
    wins = 0
    games = 120
    for seed in range(games):
        seats: list[Any] = [GreedyMysteryDate(), RandomAgent()]
        if seed % 2:
            seats.reverse()
        match = runner.play(GAME, seats, seed)
        greedy_seat = 0 if seed % 2 == 0 else 1
        assert match.outcome is not None
        wins += greedy_seat in match.outcome.winners
    assert wins / games > 0.65


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_through_whole_games(players: int) -> None:
    for seed in range(4):
        agents: list[Any] = [GreedyMysteryDate() for _ in range(players)]
        match = runner.play(GAME, agents, seed, {"door_weights": "1,2,3,4,1"})
        assert match.outcome is not None


def test_deterministic_for_a_seed() -> None:
    first = runner.play(GAME, [GreedyMysteryDate(), GreedyMysteryDate()], 3).record
    second = runner.play(GAME, [GreedyMysteryDate(), GreedyMysteryDate()], 3).record
    assert first == second


def test_registry_builds_greedy() -> None:
    assert isinstance(make_agent("greedy", "mystery_date"), GreedyMysteryDate)


def test_decides_from_the_view_only() -> None:
    """Hidden cards resampled from the view never change the choice."""
    state = land(position(["P1 P2 G1 B3", "G2 G3 O1", "P3 B1"]), 7)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    choice = AGENT.choose(view, legal, RNG)
    for seed in range(5):
        other = GAME.sample_state(view, 0, random.Random(seed))
        assert AGENT.choose(GAME.view(other, 0), GAME.legal_actions(other, 0), RNG) == choice


def test_discards_a_duplicate_before_an_outfit_card() -> None:
    state = land(position(["P1 P2 P3 G1 G2 G2", "B1 B2"]), 5)
    state = runner.step(GAME, state, CHANCE, GAME.parse_action("draw O1"))
    state = runner.step(GAME, state, CHANCE, GAME.parse_action("draw B3"))
    assert choose(state) == "discard G2"


def test_discards_the_colour_farthest_from_complete() -> None:
    state = land(position(["P1 P2 P3 G1 G2 B1", "B2 B3"]), 2)
    state = runner.step(GAME, state, CHANCE, GAME.parse_action("draw O1"))
    assert choose(state) in ("discard B1", "discard O1")


def test_gives_away_the_least_useful_card() -> None:
    state = land(position(["P1 P2 G3 P1", "B1 B2"]), 3)
    assert choose(state) == "give P1 to 1"
    state = land(position(["P1 P2 O3", "B1 B2"]), 6)
    assert choose(state) == "give O3 to 1"


def test_takes_the_known_discard_when_it_completes_an_outfit() -> None:
    state = land(position(["G1 G2 B1", "B2 B3"], discard="O1 G3"), 1)
    assert choose(state) == "pile discard"


def test_draws_when_the_discard_top_is_useless() -> None:
    state = land(position(["G1 G2 B1", "B2 B3"], discard="O1 G2"), 1)
    assert choose(state) == "pile draw"


def test_shows_the_outfit_whose_date_the_door_favours() -> None:
    state = position(["P1 P2 P3 B1 B2 B3", "G1 G2"])
    state = state._replace(rules=state.rules._replace(door_weights=(1, 1, 5, 1, 1)))
    state = land(state, 4)
    assert choose(state) == "show blue"
    state = state._replace(rules=state.rules._replace(door_weights=(6, 1, 5, 1, 1)))
    assert choose(state) == "show pink"


def test_swap_any_picks_the_partner_holding_a_card_it_knows_it_needs() -> None:
    """Seat 0 gave G3 to seat 2 earlier; now it needs G3 back for the green outfit."""
    state = position(["G1 G2 G3 O2", "P1 P2", "B1 B2"])
    state = land(state, 3)  # swap right: seat 0 gives to seat 2 (seat - 1)
    state = runner.step(GAME, state, 0, GAME.parse_action("give G3 to 2"))
    state = runner.step(GAME, state, CHANCE, GAME.parse_action("pick B1"))
    assert GAME.view(state, 0)["known"][2] == [card("G3")]
    state = state._replace(mover=0, phase=Phase.ROLL)
    state = land(state, 7)
    assert choose(state).endswith("to 2")
    assert card_name(card("G3")) == "G3"


def test_of_equally_useless_cards_gives_the_one_that_helps_the_partner_least() -> None:
    """Seat 0 knows seat 1 holds G1 and G2 (from earlier swaps): it keeps G3 from them."""
    state = position(["P1 P2 P3 G3 B3", "G1 G2 O1"])
    known = list(state.known)
    known[0 * 2 + 1] = counts_of([card("G1"), card("G2")])
    state = land(state._replace(known=tuple(known)), 3)
    assert choose(state) == "give B3 to 1"
    known[0 * 2 + 1] = counts_of([card("B1"), card("B2")])
    assert choose(state._replace(known=tuple(known))) == "give G3 to 1"


def test_remembered_scores_equal_computed_ones_and_the_memory_is_bounded() -> None:
    """``score`` remembers hand scores (a speed-up only): same values, bounded memory."""
    agent = GreedyMysteryDate()
    rng = random.Random(3)
    for _ in range(500):
        hand = [rng.randrange(3) for _ in range(12)]
        assert agent.score(hand) == agent.hand_score(hand) == agent.score(list(hand))
    assert 0 < len(agent._scores) <= 500
    for index in range(greedy_mod.SCORE_CACHE + 10):
        agent.score([index % 5, index // 5 % 5, index // 25 % 5, index // 125, *[0] * 8])
    assert len(agent._scores) <= greedy_mod.SCORE_CACHE
