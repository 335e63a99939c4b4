"""PettingZoo ParallelEnv: PettingZoo's parallel API and seed tests for every game and player
count, random matches that end by the rules and replay, Tacocat's duel and double-arrow
replace chosen by both seats in the same steps, and bad numbers refused without change."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test.parallel_test import parallel_api_test
from pettingzoo.test.seed_test import parallel_seed_test

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import tacocat as tacocat_enc
from ludoteca.adapters.pettingzoo_parallel import parallel_env
from ludoteca.engine import registry
from ludoteca.engine.errors import (
    GameSetupError,
    IllegalActionError,
    InvalidActionError,
)
from ludoteca.engine.replay import replay
from ludoteca.games import tacocat as tc

CASES = [
    (game_id, players)
    for game_id in encodings.available()
    for players in range(
        registry.make(game_id).info.min_players, registry.make(game_id).info.max_players + 1
    )
]

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)


def _random_actions(e: Any, observations: Any, picker: random.Random) -> dict[str, int]:
    """A random legal number for every acting agent, 0 (ignored) for the others."""
    actions = {}
    for agent in e.agents:
        allowed = np.flatnonzero(observations[agent]["action_mask"]).tolist()
        actions[agent] = picker.choice(allowed) if allowed else 0
    return actions


def _same_run(game_id: str, players: int, steps: int) -> None:
    """PettingZoo's ``parallel_seed_test`` with masked sampling: two environments reset with
    one seed, their action spaces seeded alike, give equal data step after step.
    (``parallel_seed_test`` samples without the mask, and an illegal number raises here as
    in the AEC environment.)"""
    first, second = (parallel_env(game_id, players, scaled=True) for _ in range(2))
    runs = []
    for e in (first, second):
        observations, infos = e.reset(seed=42)
        for agent in e.possible_agents:
            e.action_space(agent).seed(7)
        trace: list[Any] = [observations, infos]
        for _ in range(steps):
            if not e.agents:
                break
            actions = {
                agent: _sample(e, agent, observations[agent]["action_mask"]) for agent in e.agents
            }
            observations, *rest = e.step(actions)
            trace += [actions, observations, *rest]
        runs.append(trace)
    assert len(runs[0]) == len(runs[1]) > 10
    assert data_equivalence(runs[0], runs[1])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_parallel_api_and_seed_tests(game_id: str, players: int) -> None:
    parallel_api_test(parallel_env(game_id, players, seed=players, scaled=True), num_cycles=300)
    _same_run(game_id, players, steps=100)


@pytest.mark.parametrize("game_id", encodings.available())
def test_random_matches_end_by_the_rules_and_replay(game_id: str) -> None:
    e = parallel_env(game_id, seed=5)
    picker = random.Random(5)
    for _ in range(3):
        observations, infos = e.reset()
        totals = dict.fromkeys(e.possible_agents, 0.0)
        while e.agents:
            acting = [agent for agent in e.agents if infos[agent]["acting"]]
            assert acting, "a live step with nobody to choose"
            for agent in e.agents:
                assert observations[agent]["action_mask"].any() == (agent in acting)
            observations, rewards, _, truncations, infos = e.step(
                _random_actions(e, observations, picker)
            )
            for agent, reward in rewards.items():
                totals[agent] += reward
            assert not any(truncations.values())
        outcome = e.aec.game.outcome(e.aec.engine_state)
        assert outcome is not None
        returns = outcome.returns()
        assert totals == {agent: float(returns[i]) for i, agent in enumerate(e.possible_agents)}
        assert replay(e.aec.record()) == e.aec.engine_state


def _to_phase(e: Any, phase: str, picker: random.Random) -> Any:
    """Random steps until both Tacocat seats choose at once in ``phase``."""
    observations, infos = e.reset()
    for _ in range(10_000):
        view = e.aec.game.view(e.aec.engine_state, 0)
        if view["phase"] == phase and all(infos[agent]["acting"] for agent in e.agents):
            return observations
        observations, _, _, _, infos = e.step(_random_actions(e, observations, picker))
        if not e.agents:
            observations, infos = e.reset()
    raise AssertionError(f"no simultaneous {phase}")


def test_both_tacocat_seats_duel_in_one_step() -> None:
    e = parallel_env("tacocat", seed=1)
    picker = random.Random(1)
    observations = _to_phase(e, "duel", picker)
    before = e.aec.engine_state
    numbers = _random_actions(e, observations, picker)
    assert all(tacocat_enc.DUEL <= n < tacocat_enc.DEFEND for n in numbers.values())
    duels: dict[str, tc.Duel] = {}
    for agent, number in numbers.items():
        duel = tacocat_enc.ENCODING.decode(number, {}, (), ()).action
        assert isinstance(duel, tc.Duel)
        duels[agent] = duel
    steps = e.aec.engine_steps
    e.step(numbers)
    # Both duels applied together, in seat order, as the runner applies them.
    assert e.aec.record().actions[steps : steps + 2] == tuple(
        (seat, str(duels[agent])) for seat, agent in enumerate(e.possible_agents)
    )
    expected = before
    for seat, agent in enumerate(e.possible_agents):
        expected = tc.GAME.apply(expected, seat, duels[agent])
    assert replay(e.aec.record()) == e.aec.engine_state
    assert tc.GAME.view(expected, None)["last_duel"] == [
        duels[agent].card for agent in e.possible_agents
    ]


def test_a_double_arrow_replace_is_built_by_both_seats_in_the_same_steps() -> None:
    e = parallel_env("tacocat", seed=2)
    picker = random.Random(2)
    observations = _to_phase(e, "replace", picker)
    state = e.aec.engine_state
    selects = {}
    for agent in e.agents:
        mask = observations[agent]["action_mask"]
        options = [n for n in np.flatnonzero(mask).tolist() if n < tacocat_enc.CONFIRM]
        assert options, "a seat with cards can select one"
        selects[agent] = options[0]
    observations, _, _, _, infos = e.step(selects)
    assert e.aec.engine_state is state, "selects are sub-actions: the engine waits"
    for seat, agent in enumerate(e.possible_agents):
        assert infos[agent]["acting"]
        assert e.aec._drafts[seat] == (selects[agent] - tacocat_enc.SELECT + 1,)
    # Seat 0 confirms, seat 1 selects again: seat 0 then waits with an empty mask.
    second = [
        n
        for n in np.flatnonzero(observations["player_1"]["action_mask"]).tolist()
        if n < tacocat_enc.CONFIRM
    ]
    number = second[0] if second else tacocat_enc.CONFIRM
    observations, _, _, _, infos = e.step({"player_0": tacocat_enc.CONFIRM, "player_1": number})
    if second:
        assert e.aec.engine_state is state
        assert not infos["player_0"]["acting"] and infos["player_1"]["acting"]
        assert not observations["player_0"]["action_mask"].any()
        e.step({"player_1": tacocat_enc.CONFIRM})
    assert e.aec.engine_state is not state
    assert len(e.aec.record().actions) >= 2


def test_bad_numbers_are_refused_and_change_nothing() -> None:
    e = parallel_env("tacocat", seed=3)
    picker = random.Random(3)
    observations = _to_phase(e, "duel", picker)
    state = e.aec.engine_state
    with pytest.raises(InvalidActionError) as missing:
        e.step({"player_0": tacocat_enc.DUEL + 1})
    assert "player_1" in missing.value.message.text("en")
    assert "player_1" in missing.value.message.text("es")
    masked = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    good = _random_actions(e, observations, picker)
    with pytest.raises(IllegalActionError):
        e.step({"player_0": good["player_0"], "player_1": masked})
    with pytest.raises(InvalidActionError):
        e.step({"player_0": good["player_0"], "player_1": 10_000})
    assert e.aec.engine_state is state
    assert e.aec._drafts == [(), ()]
    e.step(good)
    assert e.aec.engine_state is not state


def test_gotcha_is_refused_with_a_reason() -> None:
    with pytest.raises(GameSetupError) as refused:
        parallel_env("gotcha")
    assert "realtime" in refused.value.message.text("en")


def _sample(e: Any, agent: str, mask: Any) -> int:
    """A legal number for ``agent`` from its own seeded action space."""
    number = e.action_space(agent).sample(mask)
    assert number is not None
    return int(number)


@pytest.mark.parametrize("game_id", encodings.available())
def test_pettingzoo_parallel_seed_test_passes_with_illegal_reward(game_id: str) -> None:
    # PettingZoo's own test samples every agent's number without its mask.
    parallel_seed_test(lambda: parallel_env(game_id, illegal_reward=-1), num_cycles=200)  # type: ignore[no-untyped-call]


def test_an_unmasked_number_ends_the_match_as_a_loss_with_illegal_reward() -> None:
    e = parallel_env("tacocat", seed=3, illegal_reward=-1)
    observations, _ = e.reset()
    acting = next(agent for agent in e.agents if observations[agent]["action_mask"].any())
    state = e.aec.engine_state
    bad = int(np.flatnonzero(observations[acting]["action_mask"] == 0)[0])
    observations, rewards, terminations, truncations, infos = e.step({acting: bad})
    other = next(agent for agent in rewards if agent != acting)
    assert rewards == {acting: -1.0, other: 0.0}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos[acting]["illegal_action"] and not infos[other]["illegal_action"]
    assert not any(o["action_mask"].any() for o in observations.values())
    assert e.agents == [] and e.aec.engine_state is state
    # A step after the end plays nothing and answers for nobody (the acting seats found
    # for the state before the end are not reused).
    assert e.step({acting: bad}) == ({}, {}, {}, {}, {})
    assert e.aec.engine_state is state
