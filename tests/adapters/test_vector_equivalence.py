"""``MaskedVectorEnv`` (a ``VectorEnv`` of its own over unwrapped copies) answers exactly as
Gymnasium's ``SyncVectorEnv`` over ``gymnasium.make`` copies: stepped side by side with the
same seeds and actions in every game with an encoding and every autoreset mode, their
observations, rewards, terminations, truncations, masks and infos (keys, values, dtypes,
``_key`` masks, ``final_obs``/``final_info``) are equal at every step. The actions include
some outside the mask (an illegal number ends the match as a loss), and the runs reset
with and without seeds and, with autoreset disabled, by ``reset_mask``."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from ludoteca.adapters import gymnasium_env, gymnasium_vector

STEPS = 300
COPIES = 3
SETTINGS: dict[str, Any] = {"opponents": "random", "max_steps": 60}
MODES = [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP, AutoresetMode.DISABLED]


def _reference(game_id: str, mode: AutoresetMode, **settings: Any) -> SyncVectorEnv:
    env_id = gymnasium_env.ENV_IDS[game_id]
    return SyncVectorEnv(
        [lambda: gymnasium.make(env_id, **settings) for _ in range(COPIES)],
        autoreset_mode=mode,
    )


def _reference_masks(reference: SyncVectorEnv) -> np.ndarray:
    """What the SyncVectorEnv-based ``MaskedVectorEnv`` answered for ``action_masks()``."""
    cores: list[Any] = [env.unwrapped for env in reference.envs]
    masks = np.array([core.mask for core in cores]).view(np.bool_)
    if reference.autoreset_mode == AutoresetMode.NEXT_STEP:
        masks[reference._autoreset_envs] = True
    return masks


def assert_same(ours: Any, theirs: Any, where: str) -> None:
    """Equal values of equal types, dtypes and shapes, recursively (dicts, object arrays)."""
    assert type(ours) is type(theirs), where
    if isinstance(theirs, dict):
        assert set(ours) == set(theirs), where
        for key in theirs:
            assert_same(ours[key], theirs[key], f"{where}[{key!r}]")
    elif isinstance(theirs, np.ndarray):
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, where
        if theirs.dtype == object:
            for row, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
                assert_same(mine, other, f"{where}[{row}]")
        else:
            assert np.array_equal(ours, theirs), where
    elif isinstance(theirs, tuple):
        assert len(ours) == len(theirs), where
        for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            assert_same(mine, other, f"{where}[{index}]")
    else:
        assert ours == theirs, where


def _arrays(value: Any) -> list[np.ndarray]:
    """Every array in a step's result (in tuples, dicts and object arrays)."""
    if isinstance(value, dict):
        return [found for item in value.values() for found in _arrays(item)]
    if isinstance(value, tuple):
        return [found for item in value for found in _arrays(item)]
    if isinstance(value, np.ndarray):
        inner = value.tolist() if value.dtype == object else []
        return [value, *(found for item in inner for found in _arrays(item))]
    return []


def assert_unshared(result: Any, where: str) -> None:
    """No two arrays of ``result`` share memory: a caller may change any of them."""
    arrays = _arrays(result)
    for index, array in enumerate(arrays):
        assert array.flags.writeable, where
        for other in arrays[index + 1 :]:
            assert not np.shares_memory(array, other), where


def _actions(masks: np.ndarray, picker: random.Random) -> np.ndarray:
    """A legal number per row, and now and then one outside the mask."""
    actions = []
    for row in masks:
        if picker.random() < 0.03:
            actions.append(picker.randrange(len(row)))  # often illegal: ends as a loss
        else:
            actions.append(picker.choice(np.flatnonzero(row).tolist()))
    return np.array(actions, dtype=np.int64)


@pytest.mark.parametrize("mode", MODES, ids=lambda mode: mode.value)
@pytest.mark.parametrize("game_id", sorted(gymnasium_env.ENV_IDS))
def test_the_vector_env_steps_as_sync_vector_env(game_id: str, mode: AutoresetMode) -> None:
    ours = gymnasium_env.make_vec(game_id, COPIES, autoreset_mode=mode, **SETTINGS)
    theirs = _reference(game_id, mode, **SETTINGS)
    assert_same(ours.reset(seed=21), theirs.reset(seed=21), "reset")
    picker = random.Random(game_id + mode.value)
    seen = {"terminated": 0, "truncated": 0, "illegal": 0, "final_obs": 0}
    kept: list[tuple[Any, Any]] = []
    for step in range(STEPS):
        if step == STEPS // 2:  # unseeded: every copy goes on with its next match seed
            assert_same(ours.reset(), theirs.reset(), "unseeded reset")
        masks = ours.action_masks()
        assert_same(masks, _reference_masks(theirs), f"masks at {step}")
        actions = _actions(masks, picker)
        result = ours.step(actions)
        assert_same(result, theirs.step(actions), f"step {step}")
        assert_unshared((result, kept[-1][0] if kept else None), f"step {step}")
        kept.append((result, copy.deepcopy(result)))
        _, _, terminated, truncated, infos = result
        seen["terminated"] += int(terminated.sum())
        seen["truncated"] += int(truncated.sum())
        seen["illegal"] += int(infos.get("final_info", infos)["illegal_action"].sum())
        seen["final_obs"] += int(infos.get("_final_obs", np.zeros(1)).sum())
        ended = terminated | truncated
        if mode == AutoresetMode.DISABLED and ended.any():
            assert_same(
                ours.reset(options={"reset_mask": ended}),
                theirs.reset(options={"reset_mask": ended.copy()}),
                f"reset_mask at {step}",
            )
    for result, snapshot in kept:  # what step returned is the caller's: later steps keep it
        assert_same(result, snapshot, "a kept step")
    assert seen["terminated"] >= 3 and seen["truncated"] >= 3 and seen["illegal"] >= 3, seen
    assert (seen["final_obs"] > 0) == (mode == AutoresetMode.SAME_STEP), seen
    ours.close()
    theirs.close()


@pytest.mark.filterwarnings("ignore:.*No render fps")  # the reference's env checker
def test_the_vector_env_offers_what_sync_vector_env_does() -> None:
    settings: dict[str, Any] = {"opponents": "random", "render_mode": "ansi"}
    ours = gymnasium_env.make_vec("tile_up", COPIES, **settings)
    theirs = _reference("tile_up", AutoresetMode.SAME_STEP, **settings)
    assert ours.num_envs == theirs.num_envs == COPIES
    for name in ("single_observation_space", "observation_space", "action_space"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert ours.single_action_space == theirs.single_action_space
    assert ours.metadata == theirs.metadata
    assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert ours.render_mode == theirs.render_mode == "ansi"
    ours.reset(seed=5)
    theirs.reset(seed=5)
    assert ours.render() == theirs.render()
    assert all(isinstance(frame, str) for frame in ours.render())
    assert ours.get_attr("seat") == theirs.get_attr("seat") == (5 % 2, 6 % 2, 7 % 2)
    assert ours.call("action_masks")[1].tolist() == theirs.call("action_masks")[1].tolist()
    assert ours.get_attr("engine_steps") == theirs.get_attr("engine_steps")
    assert [spec.id for spec in ours.get_attr("spec")] == ["ludoteca/TileUp-v0"] * COPIES
    ours.set_attr("max_steps", [1, 2, 3])
    assert ours.get_attr("max_steps") == (1, 2, 3)
    ours.set_attr("max_steps", 9)
    assert ours.get_attr("max_steps") == (9, 9, 9)
    with pytest.raises(ValueError, match="expected 3 values"):
        ours.set_attr("max_steps", [1, 2])
    with pytest.raises(ValueError, match="expected 3 actions"):
        ours.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="expected 3 seeds"):
        ours.reset(seed=[1, 2])
    with pytest.raises(TypeError, match="reset_mask"):
        ours.reset(options={"reset_mask": [True, False, True]})
    ours.close()
    theirs.close()
    assert ours.closed


def test_stepping_before_reset_is_refused() -> None:
    vec = gymnasium_env.make_vec("tacocat", 2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        vec.step(np.zeros(2, dtype=np.int64))


def test_the_vector_env_refuses_in_spanish_and_english() -> None:
    assert issubclass(gymnasium_vector.ResetNeededError, gymnasium.error.ResetNeeded)
    assert issubclass(gymnasium_vector.VectorValueError, ValueError)
    assert issubclass(gymnasium_vector.VectorTypeError, TypeError)
    vec = gymnasium_env.make_vec("tacocat", 2)
    with pytest.raises(gymnasium_vector.ResetNeededError) as early:
        vec.step(np.zeros(2, dtype=np.int64))
    assert (early.value.text("es"), early.value.text("en")) == (
        "Llama a reset() antes de step()",
        "Call reset() before step()",
    )
    vec.reset(seed=0)
    with pytest.raises(gymnasium_vector.VectorValueError, match="expected 2 actions") as count:
        vec.step(np.zeros(3, dtype=np.int64))
    assert count.value.text("es") == "se esperan 2 acciones (num_envs), llegaron 3"
    with pytest.raises(gymnasium_vector.VectorTypeError) as kind:
        vec.reset(options={"reset_mask": np.array([1, 0])})
    assert kind.value.text("es") == "options['reset_mask'] debe tener dtype bool, no int64"
    with pytest.raises(gymnasium_vector.VectorValueError) as empty:
        gymnasium_vector.MaskedVectorEnv([])
    assert empty.value.text("es") == "MaskedVectorEnv necesita al menos un entorno"


def test_a_copy_that_ended_must_be_reset_when_autoreset_is_disabled() -> None:
    vec = gymnasium_env.make_vec("tacocat", 2, autoreset_mode=AutoresetMode.DISABLED)
    vec.reset(seed=1)
    vec.step(np.array([-1, int(np.flatnonzero(vec.action_masks()[1])[0])]))  # copy 0: illegal
    with pytest.raises(gymnasium_vector.ResetNeededError, match="copy 0 has ended") as ended:
        vec.step(np.zeros(2, dtype=np.int64))
    assert ended.value.text("es").startswith("la copia 0 ha terminado: reiníciala")
    vec.reset(options={"reset_mask": np.array([True, False])})
    vec.step(np.array([int(np.flatnonzero(row)[0]) for row in vec.action_masks()]))


def test_without_copies_the_vector_hands_out_its_own_array() -> None:
    def copies() -> list[gymnasium_env.LudotecaGymEnv]:
        return [gymnasium_env.LudotecaGymEnv("dweebies", opponents="random") for _ in range(2)]

    shared = gymnasium_vector.MaskedVectorEnv(copies(), copy=False)
    fresh = gymnasium_vector.MaskedVectorEnv(copies())
    first, _ = shared.reset(seed=3)
    assert_same(first, fresh.reset(seed=3)[0], "reset")
    for step in range(40):
        actions = np.array([int(np.flatnonzero(row)[0]) for row in fresh.action_masks()])
        observations = shared.step(actions)[0]
        assert observations is first  # overwritten in place
        assert_same(observations, fresh.step(actions)[0], f"step {step}")
