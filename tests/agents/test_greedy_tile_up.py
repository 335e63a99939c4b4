"""The greedy Tile Up agent: legality, determinism, view-only play, strength against random,
and specific decisions on hand-built boards."""

from __future__ import annotations

import json
import random

from tile_up_boards import act, card, table

from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import make_agent
from ludoteca.agents.tile_up.greedy import GreedyTileUp
from ludoteca.engine.runner import Agent, play
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    State,
)

RNG = random.Random(0)


def choose(state: State, seat: int = 0) -> str:
    """The greedy agent's move, from the seat's JSON view only."""
    view = json.loads(json.dumps(GAME.view(state, seat)))
    legal = GAME.legal_actions(state, seat)
    action = GreedyTileUp().choose(view, legal, RNG)
    assert action in legal
    return str(action)


def test_registered_as_greedy() -> None:
    assert isinstance(make_agent("greedy", "tile_up"), GreedyTileUp)


def test_scores_what_can_be_scored_the_most_points_first() -> None:
    i3 = card("I3", 1)  # red
    board = {"b2": "R1", "c2": "R2", "d2": "R3", "b8": "B4 R1", "c8": "B5 R2", "d8": "R4"}
    state = table(board, hands=(("G1",), ()), faceup=(i3,))
    assert choose(state) == f"score {i3} b8"


def test_completes_its_own_shape() -> None:
    i3 = card("I3", 1)
    state = table({"e6": "R3", "f6": "R4"}, hands=(("R1", "G2"), ()), goals=((i3,), ()))
    assert choose(state) in ("place R1 d6", "place R1 g6")


def test_prefers_the_high_stack_to_finish_a_shape() -> None:
    """Two ways to finish the red line: on an empty cell, or on top of a B5 stack."""
    i3 = card("I3", 1)
    state = table({"e6": "R3", "f6": "R4", "g6": "B5"}, hands=(("R1", "G2"), ()), goals=((i3,), ()))
    assert choose(state) == "place R1 g6"


def test_does_not_spoil_its_own_shape() -> None:
    """A completed red line in hand is scored, never grown into a line of four."""
    i3 = card("I3", 1)
    state = table({"e6": "R3", "f6": "R4", "g6": "R2"}, hands=(("R1",), ()), goals=((i3,), ()))
    assert choose(state) == f"score {i3} e6"
    after = act(state, 0, f"score {i3} e6")
    assert choose(after) != "place R1 h6"


def test_never_covers_the_last_corner_when_not_leading() -> None:
    board = {"a1": "R3", "k1": "R3", "a11": "R3", "k10": "G3", "f6": "B3"}
    behind = table(board, hands=(("Y1",), ()))._replace(scores=(0, 5))
    assert choose(behind) != "place Y1 k11"


def test_covers_the_last_corner_when_leading() -> None:
    board = {"a1": "R3", "k1": "R3", "a11": "R3", "k10": "G3", "f6": "B3"}
    ahead = table(board, hands=(("Y1",), ()))._replace(scores=(5, 0))
    assert choose(ahead) == "place Y1 k11"


def test_draws_tiles_with_a_short_hand_and_nothing_to_build() -> None:
    state = table({"f6": "B3"}, hands=(("Y1",), ()), goals=((card("I3", 1),), ()))
    assert choose(state) == "draw tiles"


def test_ends_the_turn_when_nothing_more_helps() -> None:
    i3 = card("I3", 1)
    state = table({"e6": "R3"}, hands=(("R1", "Y2"), ()), goals=((i3,), ()))
    state = act(state, 0, "place R1 f6")
    assert choose(state) == "end"


def test_discards_tiles_it_cannot_use() -> None:
    i3 = card("I3", 1)
    hand = ("R1", "R2", "R3", "R4", "Y1", "Y2", "Y3")
    state = table({"f6": "B3"}, hands=(hand, ()), goals=((i3,), ()))
    state = act(state, 0, "draw tiles")
    for text in ("bag G1", "bag G2", "bag R5"):
        state = GAME.apply(state, -1, GAME.parse_action(text))
    state = act(state, 0, "end")
    choice = choose(state)
    assert choice.startswith("discard ") and choice[-2] in "GY"


def test_plays_legal_deterministic_games_against_random_and_wins_most() -> None:
    wins = 0
    for seed in range(12):
        seat = seed % 2
        agents: list[Agent] = [GreedyTileUp(), RandomAgent()]
        if seat == 1:
            agents.reverse()
        match = play(GAME, agents, seed)
        again = play(GAME, agents, seed)
        assert match.record == again.record
        assert match.outcome is not None
        wins += seat in match.outcome.winners
    assert wins >= 10


def test_three_and_four_player_games_finish() -> None:
    for players in (3, 4):
        agents: list[Agent] = [GreedyTileUp(), *[RandomAgent() for _ in range(players - 1)]]
        match = play(GAME, agents, 5)
        assert match.outcome is not None
