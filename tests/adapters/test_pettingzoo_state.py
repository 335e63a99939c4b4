"""PettingZoo state() and scaled observations, for every game and player count, and
PettingZoo's render test for every game."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test.render_test import render_test

from ludoteca.adapters import encodings
from ludoteca.adapters.pettingzoo import env
from ludoteca.engine import registry

CASES = [
    (game_id, players)
    for game_id in encodings.available()
    for players in range(
        registry.make(game_id).info.min_players, registry.make(game_id).info.max_players + 1
    )
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_state_and_scaled_observations(game_id: str, players: int) -> None:
    e = env(game_id, players, seed=players, scaled=True)
    e.reset()
    box: Any = e.observation_space("player_0")
    low, high = box["observation"].low, box["observation"].high
    assert low.min() >= -1.0 and high.max() <= 1.0
    picker = random.Random(players)
    for step, agent in enumerate(e.agent_iter()):
        observation, _, termination, truncation, _ = e.last()
        assert observation is not None
        vector = observation["observation"]
        assert ((vector >= low) & (vector <= high)).all()
        if step % 40 == 0:
            state = e.state()
            assert e.state_space.contains(state)
            size = vector.size
            seat = int(agent.rpartition("_")[2])
            assert np.array_equal(state[seat * size : (seat + 1) * size], vector)
        if termination or truncation:
            e.step(None)
            continue
        e.step(picker.choice(np.flatnonzero(observation["action_mask"]).tolist()))


def test_tile_up_scores_are_not_crushed_by_their_loose_bound() -> None:
    enc: Any = encodings.make("tile_up", 2, {"board_size": 9})
    raw = np.zeros(enc.observation_low.shape, dtype=np.float32)
    at = next(block.offset for block in enc.layout if block.name == "scores")
    raw[at] = 100.0
    assert encodings.scaled(enc, raw)[at] == pytest.approx(0.5)
    assert raw[at] / enc.observation_high[at] < 1e-3


@pytest.mark.parametrize("game_id", encodings.available())
def test_pettingzoo_render_test(game_id: str) -> None:
    # PettingZoo's own render check: "ansi" returns the spectator's view as text, "human"
    # prints it and returns None.
    def make(render_mode: str | None = None) -> Any:
        return env(game_id, seed=1, render_mode=render_mode)

    render_test(make)
