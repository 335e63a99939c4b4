"""The Mystery Date expert: registered, legal and view-only in every player count, and the two
decisions where it differs from the greedy agent (theft insurance, not feeding the partner)."""

from __future__ import annotations

import random

import pytest
from test_greedy_mystery_date import card, land, position

from ludoteca.agents.mystery_date.expert import ExpertMysteryDate, ExpertParams
from ludoteca.agents.mystery_date.greedy import GreedyMysteryDate
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import agent_names, make_agent
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.engine.runner import Agent
from ludoteca.games.mystery_date.cards import counts_of
from ludoteca.games.mystery_date.game import GAME, State

RNG = random.Random(0)


def choose(agent: GreedyMysteryDate, state: State) -> str:
    seat = state.mover
    return str(agent.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), RNG))


def test_expert_is_registered() -> None:
    assert "expert" in agent_names("mystery_date")
    assert isinstance(make_agent("expert", "mystery_date"), ExpertMysteryDate)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_plays_legal_games_to_the_end(players: int) -> None:
    """Checked play (every action must be legal) against random seats, from views only."""
    for seed in range(3):
        agents: list[Agent] = [ExpertMysteryDate()]
        agents += [RandomAgent() for _ in range(players - 1)]
        match = runner.play(GAME, agents, seed)
        assert match.outcome is not None


def test_keeps_a_spare_copy_of_a_complete_outfit_over_a_lone_card() -> None:
    """Seven cards after a take: the greedy agent throws away the spare P1 (a duplicate is
    nearly worthless to it); the expert keeps it (a random take in a swap can no longer break
    pink) and discards a lone card of a colour barely started."""
    state = position(["P1 P1 P2 P3 G1 B1", "O1 O2"])
    state = land(state, 2)  # take 1
    state = runner.step(GAME, state, CHANCE, GAME.parse_action("draw O3"))
    assert choose(GreedyMysteryDate(), state) == "discard P1"
    assert choose(ExpertMysteryDate(), state) in ("discard G1", "discard B1", "discard O3")
    no_insurance = ExpertMysteryDate(ExpertParams(spare=(0.0, 0.0, 0.0, 0.0)))
    assert choose(no_insurance, state) == "discard P1"


def test_gives_a_slightly_useful_card_rather_than_complete_the_partners_outfit() -> None:
    """Seat 0 knows seat 1 holds G1 and G2. Giving G3 costs it least, but would hand seat 1
    the green outfit: the expert gives B1 (a little dearer to it) instead; greedy gives G3."""
    state = position(["P1 P2 P3 G3 B1 B2", "G1 G2 O1"])
    known = list(state.known)
    known[0 * 2 + 1] = counts_of([card("G1"), card("G2")])
    state = land(state._replace(known=tuple(known)), 3)  # swap right
    assert choose(GreedyMysteryDate(), state) == "give G3 to 1"
    assert choose(ExpertMysteryDate(), state) in ("give B1 to 1", "give B2 to 1")
    assert choose(ExpertMysteryDate(ExpertParams(help=0.0)), state) == "give G3 to 1"
