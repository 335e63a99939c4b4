"""The expert Dweebies agent: legality through whole games, determinism, decisions that
depend only on the view, how it picks its candidates, and the registry. (Its strength
against greedy is measured in ``bench/README.md``: too slow for a unit test.)"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from ludoteca.agents.dweebies.expert import ExpertDweebies, ExpertParams
from ludoteca.agents.dweebies.greedy import GreedyDweebies
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import agent_names, make_agent
from ludoteca.engine import rng as rng_mod
from ludoteca.engine import runner, testing
from ludoteca.engine.game import View
from ludoteca.engine.runner import Agent, play
from ludoteca.games.dweebies.actions import Place
from ludoteca.games.dweebies.game import GAME, Phase

QUICK = ExpertParams(candidates=3, samples=3, horizon=4)
"""Less search, for the tests that only need legal play."""


class _Checked:
    """Wraps an agent and asserts every choice is one of the legal actions."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.choices = 0

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        action = self.inner.choose(view, legal, rng)
        assert action in legal, (view, action)
        self.choices += 1
        return action


@pytest.mark.parametrize(("players", "opponent"), [(2, "greedy"), (3, "random")])
def test_only_legal_actions_through_whole_games(players: int, opponent: str) -> None:
    for seed in range(2):
        expert = _Checked(ExpertDweebies(QUICK))
        others = [_Checked(make_agent(opponent, "dweebies")) for _ in range(players - 1)]
        agents: list[Agent] = [*others, expert] if seed % 2 else [expert, *others]
        match = play(GAME, agents, seed, checked=True)
        assert match.outcome is not None
        assert expert.choices > 20


def test_deterministic_for_a_seed() -> None:
    first = play(GAME, [ExpertDweebies(QUICK), GreedyDweebies()], 3).record
    second = play(GAME, [ExpertDweebies(QUICK), GreedyDweebies()], 3).record
    assert first.actions == second.actions and first.outcome == second.outcome


def test_with_one_candidate_it_plays_as_the_greedy() -> None:
    """The candidates are the greedy's best placements, best first: with only one, the
    expert's game is the greedy's game."""
    one = ExpertParams(candidates=1, samples=2, horizon=2)
    expert = play(GAME, [ExpertDweebies(one), RandomAgent()], 8).record
    greedy = play(GAME, [GreedyDweebies(), RandomAgent()], 8).record
    assert expert.actions == greedy.actions


def test_the_search_changes_some_greedy_choices() -> None:
    """With the default effort it does not just echo the greedy (over one game's
    placements at least one choice differs), and every choice is among the greedy's top
    ``candidates``."""
    expert, greedy = ExpertDweebies(), GreedyDweebies()
    rng = rng_mod.make(2)
    differ = 0
    for visit in testing.visits(GAME, 2, range(1), every=6):
        state = visit.state
        if state.phase != Phase.PLACE:
            continue
        seat = state.turn
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        choice = expert.choose(view, legal, rng)
        ranked = sorted(greedy.scored(view, legal), key=lambda pair: -pair[1])
        top = {action for action, _ in ranked[: expert.params.candidates]}
        assert choice in top or len(legal) == 1
        differ += choice != greedy.choose(view, legal, rng)
    assert differ > 0


def test_decisions_depend_only_on_the_view() -> None:
    """Two states with the same view (hidden hands and pile redrawn) get the same choice
    from the same random stream."""
    state = runner.new_game(GAME, 2, 4)
    rng = rng_mod.make(4)
    while state.phase != Phase.PLACE or len(state.table) < 6:
        actor = GAME.actors(state)[0]
        if actor < 0:
            action = GAME.sample_chance(state, rng)
        else:
            action = GreedyDweebies().choose(
                GAME.view(state, actor), GAME.legal_actions(state, actor), rng
            )
        state = GAME.apply(state, actor, action)
    seat = state.turn
    view = GAME.view(state, seat)
    other = GAME.sample_state(json.loads(json.dumps(view)), seat, rng_mod.make(9))
    assert GAME.view(other, seat) == view and other.hands != state.hands
    choices = [
        ExpertDweebies(QUICK).choose(
            GAME.view(s, seat), GAME.legal_actions(s, seat), rng_mod.make(1)
        )
        for s in (state, other)
    ]
    assert choices[0] == choices[1] and isinstance(choices[0], Place)


def test_registry_builds_expert_for_dweebies() -> None:
    assert "expert" in agent_names("dweebies")
    agent = make_agent("expert", "dweebies")
    assert isinstance(agent, ExpertDweebies) and agent.name == "expert"
