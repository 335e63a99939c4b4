"""The ISMCTS agent: legal, deterministic, blind to hidden cards, and stronger than random."""

from typing import Any

from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import agent_names, make_agent
from ludoteca.engine import rng, runner
from ludoteca.engine.game import View
from ludoteca.games import tacocat

GAME = tacocat.GAME


def _agent(iterations: int = 40) -> ISMCTSAgent:
    return ISMCTSAgent(GAME, RandomAgent(), iterations=iterations)


def test_registered_for_every_game() -> None:
    assert "ismcts" in agent_names("tacocat")
    assert isinstance(make_agent("ismcts", "tacocat"), ISMCTSAgent)


def test_plays_whole_games_legally_and_deterministically() -> None:
    first = runner.play(GAME, [_agent(), RandomAgent()], seed=4)
    second = runner.play(GAME, [_agent(), RandomAgent()], seed=4)
    assert first.outcome is not None
    assert first.record == second.record


def test_decision_depends_only_on_the_view() -> None:
    """Two states that differ only in the opponent's hand give the same choice."""
    state = runner.new_game(GAME, 2, 0)
    deal = rng.make(5)
    while GAME.actors(state) == (-1,):
        state = GAME.apply(state, -1, GAME.sample_chance(state, deal))
    other = state._replace(hands=(state.hands[0], tuple(sorted(state.hands[1][::-1]))))
    view = GAME.view(state, 0)
    assert GAME.view(other, 0) == view
    legal = GAME.legal_actions(state, 0)
    picks = [_agent().choose(view, legal, rng.make(9)) for _ in range(2)]
    assert picks[0] == picks[1]


class _Spy:
    """A policy that records every view it is shown."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[View] = []

    def choose(self, view: View, legal: Any, generator: Any) -> Any:
        self.views.append(view)
        return legal[0]


def test_defers_to_policy_when_branching_is_huge() -> None:
    spy = _Spy()
    agent = ISMCTSAgent(GAME, spy, iterations=5, max_branching=3)
    state = runner.new_game(GAME, 2, 0)
    deal = rng.make(5)
    while GAME.actors(state) == (-1,):
        state = GAME.apply(state, -1, GAME.sample_chance(state, deal))
    legal = GAME.legal_actions(state, 0)
    assert len(legal) > 3
    assert agent.choose(GAME.view(state, 0), legal, rng.make(1)) == legal[0]
    assert spy.views == [GAME.view(state, 0)]


def test_beats_random() -> None:
    # At 20 iterations it wins about 87% (52 of 60 games, 2026-12-02): 12 of 16 passes 95% of
    # seed sets of that strength (one change of how a search draws its random numbers makes
    # a new set), and a coin's equal only 4%.
    wins = 0
    games = 16
    for seed in range(games):
        seats: list[Any] = [_agent(20), RandomAgent()]
        me = seed % 2
        if me:
            seats.reverse()
        match = runner.play(GAME, seats, seed)
        assert match.outcome is not None
        wins += me in match.outcome.winners
    assert wins >= 12
