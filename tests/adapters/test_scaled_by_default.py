"""Every adapter observes with one scaling by default: the PettingZoo AEC and parallel
environments, the Gymnasium environment and the OpenSpiel game all hand out
``encodings.scaled(encoding, encoding.observation(view, draft))`` of the seat's view, inside
their observation space; PettingZoo gives raw counts only when asked (``scaled=False``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import pyspiel

from ludoteca.adapters import encodings, gymnasium_env
from ludoteca.adapters import openspiel as spiel_adapter
from ludoteca.adapters.pettingzoo import env
from ludoteca.adapters.pettingzoo_parallel import parallel_env

GAMES = encodings.available()
STEPS = 60


def _expected(encoding: Any, view: Any, draft: Any) -> np.ndarray:
    return encodings.scaled(encoding, encoding.observation(view, draft))


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_aec_and_parallel_scale_by_default(game_id: str) -> None:
    e = env(game_id, seed=4)
    e.reset()
    picker = random.Random(1)
    raw_env = env(game_id, seed=4, scaled=False)
    raw_env.reset()
    for _ in range(STEPS):
        agent = e.agent_selection
        seat = e._seat_of[agent]
        observation = e.observe(agent)["observation"]
        view = e.game.view(e.engine_state, seat)
        expected = _expected(e.encoding, view, e._drafts[seat])
        assert np.array_equal(observation, expected)
        space: Any = e.observation_spaces[agent]
        assert space["observation"].contains(observation)
        raw = raw_env.observe(agent)["observation"]
        assert np.array_equal(raw, e.encoding.observation(view, e._drafts[seat]))
        if e.terminations[agent] or e.truncations[agent]:
            break
        mask = e.observe(agent)["action_mask"]
        number = picker.choice(np.flatnonzero(mask).tolist())
        e.step(number)
        raw_env.step(number)
    p = parallel_env(game_id, seed=4)
    observations, _ = p.reset()
    for agent, seen in observations.items():
        seat = p.aec._seat_of[agent]
        view = p.aec.game.view(p.aec.engine_state, seat)
        assert np.array_equal(seen["observation"], _expected(p.aec.encoding, view, ()))


@pytest.mark.parametrize("game_id", sorted(gymnasium_env.ENV_IDS))
def test_gymnasium_scales_as_pettingzoo(game_id: str) -> None:
    g = gymnasium_env.LudotecaGymEnv(game_id, opponents="random")
    picker = random.Random(2)
    observation, info = g.reset(seed=6)
    for _ in range(STEPS):
        view = g.game.view(g._state, g.seat)
        assert np.array_equal(observation, _expected(g.encoding, view, g._draft))
        number = picker.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, _, terminated, truncated, info = g.step(np.int64(number))
        if terminated or truncated:
            break


@pytest.mark.parametrize("game_id", spiel_adapter.game_ids())
def test_openspiel_scales_as_pettingzoo(game_id: str) -> None:
    spiel_adapter.register()
    game = pyspiel.load_game(f"{spiel_adapter.PREFIX}{game_id}(seed=3)")
    state = game.new_initial_state()
    picker = random.Random(3)
    for _ in range(STEPS):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(picker.choices(outcomes, weights)[0])
            continue
        player = state.current_player()
        view = game.game.view(state.engine_state, player)
        encoding = game.encoding
        expected = _expected(encoding, view, state.drafts[player])
        assert np.allclose(state.observation_tensor(player), expected, rtol=0, atol=1e-6)
        state.apply_action(picker.choice(state.legal_actions()))
