"""The expert Tile Up agent: registration, view-only legal play, whole-shape plans inside a
turn (where the greedy agent places one loose tile), patience, and strength."""

from __future__ import annotations

import json
import random

from tile_up_boards import act, card, table

from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import agent_names, make_agent
from ludoteca.agents.tile_up.expert import ExpertTileUp, placements
from ludoteca.agents.tile_up.greedy import GreedyTileUp
from ludoteca.engine.runner import Agent, play
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    SHAPE_NAMES,
    State,
    geo_of,
)

RNG = random.Random(0)


def choose(state: State, agent: Agent | None = None, seat: int = 0) -> str:
    """The agent's move from the seat's JSON view only; it must be legal."""
    view = json.loads(json.dumps(GAME.view(state, seat)))
    legal = GAME.legal_actions(state, seat)
    action = (agent or ExpertTileUp()).choose(view, legal, RNG)
    assert action in legal
    return str(action)


def test_registered_as_expert() -> None:
    assert "expert" in agent_names("tile_up")
    assert isinstance(make_agent("expert", "tile_up"), ExpertTileUp)


def test_placements_list_every_orientation_and_offset_inside_the_board() -> None:
    """An I3 fits 9 x 11 times across and 11 x 9 times down on the 11 x 11 board; an O4
    10 x 10 times; every placement stays on the board."""
    geo = geo_of(table({}).rules)
    i3 = placements(geo, SHAPE_NAMES.index("I3"))
    assert len(i3) == 2 * 9 * 11
    assert len(placements(geo, SHAPE_NAMES.index("O4"))) == 100
    assert all(mask & ~geo.valid == 0 and mask.bit_count() == 3 for mask, _, _ in i3)


def test_builds_and_scores_a_whole_shape_in_one_turn() -> None:
    """A red I3 with one red tile on the board and two in hand: the expert places both in
    the same turn (one on the B3 stack, for a point more: 1 + 1 + 2) and scores."""
    i3 = card("I3", 1)
    state = table({"f6": "B3", "e6": "R4"}, hands=(("R1", "R2", "G2"), ()), goals=((i3,), ()))
    assert _turn(state) == ["place R1 f6", "place R2 d6", f"score {i3} d6", "end"]


def test_prefers_the_plan_with_the_tallest_stacks() -> None:
    """Two places finish the red line: next to nothing, or on two tall stacks; the plan
    worth more points goes first, on a stack."""
    i3 = card("I3", 1)
    board = {"f6": "R4", "g6": "B5 Y4", "h6": "G5 B4", "f5": "Y3"}
    state = table(board, hands=(("R1", "R2"), ()), faceup=(i3,))
    assert choose(state) in ("place R1 g6", "place R2 g6", "place R1 h6", "place R2 h6")


def test_keeps_clear_of_a_placement_that_would_touch_the_same_colour() -> None:
    """A plan may not leave another red tile next to the shape (TU-04's exact region): with
    a red 5 at h7, the line f6-g6-h6 is out; the expert builds another line and scores."""
    i3 = card("I3", 1)
    state = table({"f6": "R4", "f5": "B3", "h7": "R5"}, hands=(("R1", "R2"), ()), goals=((i3,), ()))
    moves = _turn(state)
    assert moves[-2].startswith(f"score {i3}") and moves[-1] == "end", moves
    assert all("h6" not in move for move in moves)


def _turn(state: State) -> list[str]:
    """The expert's moves until it ends its turn (applied, legality checked)."""
    expert = ExpertTileUp()
    moves: list[str] = []
    while not moves or moves[-1] != "end":
        assert len(moves) < 10, moves
        moves.append(choose(state, expert))
        state = act(state, 0, moves[-1])
    return moves


def test_draws_instead_of_placing_a_loose_tile() -> None:
    """Nothing can be completed: the greedy agent places a tile toward its shape, the
    expert draws (a fuller hand completes shapes later)."""
    i3 = card("I3", 1)
    state = table({"f6": "B3"}, hands=(("R1", "Y2", "G3", "B1", "O2", "P1"), ()), goals=((i3,), ()))
    assert choose(state, GreedyTileUp()).startswith("place")
    assert choose(state) in ("draw tiles", "draw goal")


def test_plays_legal_deterministic_games_and_beats_greedy_and_random() -> None:
    """Seat-rotated games against greedy and random: legal (checked by ``play``), the same
    record twice, and won (the expert wins about 99% against greedy)."""
    wins = 0
    for seed in range(6):
        seat = seed % 2
        rival: Agent = GreedyTileUp() if seed < 4 else RandomAgent()
        agents: list[Agent] = [rival, rival]
        agents[seat] = ExpertTileUp()
        match = play(GAME, agents, seed)
        assert match.record == play(GAME, agents, seed).record
        assert match.outcome is not None
        wins += seat in match.outcome.winners
    assert wins >= 5


def test_three_and_four_player_games_finish() -> None:
    for players in (3, 4):
        agents: list[Agent] = [ExpertTileUp(), *[GreedyTileUp() for _ in range(players - 1)]]
        assert play(GAME, agents, 7).outcome is not None
