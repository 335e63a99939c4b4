"""Gymnasium environments: registration, Gymnasium's env_checker, the learner's seat, masks,
scaled observations, illegal actions, determinism and the masked vector environment."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ludoteca.adapters import gymnasium_env  # noqa: E402
from ludoteca.engine import registry  # noqa: E402
from ludoteca.engine.errors import GameSetupError  # noqa: E402

CASES = [
    (game_id, players)
    for game_id in gymnasium_env.ENV_IDS
    for players in range(
        registry.make(game_id).info.min_players, registry.make(game_id).info.max_players + 1
    )
]


def _play(env: Any, seed: int) -> tuple[float, int]:
    """One masked random episode; checks every observation and mask on the way."""
    e = env
    picker = random.Random(seed)
    observation, info = e.reset(seed=seed)
    steps = 0
    while True:
        assert e.observation_space.contains(observation)
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), e.unwrapped.action_masks())
        assert mask.any()
        action = picker.choice(np.flatnonzero(mask).tolist())
        observation, reward, terminated, truncated, info = e.step(action)
        steps += 1
        assert not info["illegal_action"]
        if terminated or truncated:
            assert not truncated
            assert -1.0 <= reward <= 1.0
            assert not info["action_mask"].any()
            return float(reward), steps
        assert reward == 0.0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_env_checker_and_a_masked_episode(game_id: str, players: int) -> None:
    env = gymnasium.make(gymnasium_env.ENV_IDS[game_id], num_players=players)
    check_env(env.unwrapped, skip_render_check=True)
    env.reset(seed=players)
    assert env.unwrapped.seat == players % players
    env.reset(seed=players + 1)
    assert env.unwrapped.seat == (players + 1) % players
    _play(env, seed=players)
    low, high = env.observation_space.low, env.observation_space.high
    assert low.min() >= -1.0 and high.max() <= 1.0


def test_tacocat_against_greedy_with_a_pool() -> None:
    env = gymnasium.make("ludoteca/Tacocat-v0", opponents=["greedy", "random"])
    rewards = [_play(env, seed)[0] for seed in range(2)]
    assert all(r in (-1.0, 1.0) for r in rewards)
    assert env.unwrapped.opponents == ("greedy", "random")


def test_an_illegal_action_loses_and_ends_the_episode() -> None:
    env = gymnasium.make("ludoteca/Tacocat-v0")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


def test_same_seed_same_actions_same_episode() -> None:
    def trace(seed: int) -> list[bytes]:
        env = gymnasium.make("ludoteca/Tacocat-v0", opponents="greedy")
        observation, info = env.reset(seed=seed)
        seen = [observation.tobytes()]
        done = False
        while not done:
            observation, _, terminated, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[-1])
            )
            seen.append(observation.tobytes())
            done = terminated or truncated
        return seen

    assert trace(4) == trace(4)
    assert trace(4) != trace(5)


def test_the_masked_vector_env_stacks_every_copy() -> None:
    vec = gymnasium_env.make_vec("tacocat", 3, opponents="random")
    observations, infos = vec.reset(seed=0)
    assert observations.shape == (3, 236)
    for _ in range(30):
        masks = vec.action_masks()
        assert masks.shape == (3, 132) and masks.dtype == bool
        assert np.array_equal(masks, infos["action_mask"].astype(bool))
        actions = np.array([np.flatnonzero(row)[0] if row.any() else 0 for row in masks])
        observations, _, _, _, infos = vec.step(actions)
    vec.close()


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(gymnasium.error.Error):
        gymnasium.make("ludoteca/Nope-v0")


@pytest.mark.parametrize(("players", "seed"), [(2, 2625), (3, 412), (4, 802)])
def test_a_match_the_bots_end_before_the_learner_acts_is_skipped(players: int, seed: int) -> None:
    """In these Mystery Date matches a random opponent finds its date before the learner's
    first decision: ``reset`` plays the next seed's match, with a legal action to take."""
    game = registry.make("mystery_date")
    env = gymnasium_env.LudotecaGymEnv("mystery_date", players, opponents="random")
    assert not env._start(seed)  # the match ends with no decision of the learner
    assert game.outcome(env._state) is not None
    observation, info = env.reset(seed=seed)
    assert info["action_mask"].any()
    again = gymnasium_env.LudotecaGymEnv("mystery_date", players, opponents="random")
    next_observation, next_info = again.reset(seed=seed + 1)
    assert np.array_equal(observation, next_observation)
    assert np.array_equal(info["action_mask"], next_info["action_mask"])
    assert env.seat == again.seat == (seed + 1) % players


def test_a_learner_that_can_never_act_is_refused_in_spanish_and_english() -> None:
    env = gymnasium_env.LudotecaGymEnv("tacocat", max_steps=0)
    with pytest.raises(GameSetupError) as refused:
        env.reset(seed=7)
    assert refused.value.text("en") == (
        "None of 100 matches in a row (seeds 7 to 106) reached a decision of the learner "
        "before ending: raise max_steps (now 0)"
    )
    assert refused.value.text("es").startswith("Ninguna de 100 partidas seguidas")
