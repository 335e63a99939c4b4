"""The masked vector environment hands out a legal number in every mask, episode boundaries
included: naive mask sampling (a uniform pick among the mask's ones) never meets an empty
mask and never plays an illegal number, with same-step and next-step autoreset."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode

from ludoteca.adapters import gymnasium_env

STEPS = 400


def _pick(masks: np.ndarray, picker: random.Random) -> np.ndarray:
    """One uniform legal number per row; an empty row fails here (``choice`` of nothing)."""
    return np.array([picker.choice(np.flatnonzero(row).tolist()) for row in masks])


@pytest.mark.parametrize("game_id", sorted(gymnasium_env.ENV_IDS))
def test_same_step_autoreset_masks_hold_across_episodes(game_id: str) -> None:
    # max_steps keeps matches short, so the copies end (truncated or finished) many times.
    vec = gymnasium_env.make_vec(game_id, 3, opponents="random", max_steps=40)
    picker = random.Random(5)
    _, infos = vec.reset(seed=11)
    ends = 0
    for _ in range(STEPS):
        masks = vec.action_masks()
        assert np.array_equal(masks, infos["action_mask"].astype(bool))
        _, _, terminated, truncated, infos = vec.step(_pick(masks, picker))
        done = terminated | truncated
        ends += int(done.sum())
        for copy in np.flatnonzero(done):
            assert not infos["final_info"]["illegal_action"][copy]
            assert infos["action_mask"][copy].any()  # the new match's mask, already
    vec.close()
    assert ends >= 10


def test_next_step_autoreset_masks_allow_every_number_while_a_copy_waits() -> None:
    vec = gymnasium_env.make_vec(
        "tacocat", 3, autoreset_mode=AutoresetMode.NEXT_STEP, opponents="random", max_steps=40
    )
    picker = random.Random(6)
    vec.reset(seed=12)
    waiting_rows = 0
    for _ in range(STEPS):
        masks = vec.action_masks()
        assert masks.any(axis=1).all()
        waiting = vec._autoreset_envs.copy()
        waiting_rows += int(waiting.sum())
        assert masks[waiting].all()  # a waiting copy ignores its number: every one is allowed
        _, _, terminated, truncated, infos = vec.step(_pick(masks, picker))
        for copy in np.flatnonzero(terminated | truncated):
            assert not infos["illegal_action"][copy]
    vec.close()
    assert waiting_rows >= 10
