"""Rollout fast paths (issue 19) play the same games as the Game protocol.

A game's ``playout(state, rng, policy)`` must give, for the same random stream, the final
state and step count of the protocol loop that ``ludoteca bench`` times: ``actors``; at a
chance step ``sample_chance``; otherwise every actor picks ``policy(rng, legal)`` from the
same state, then the picks are applied in actor order.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE

_FAST = [
    game_id for game_id in registry.available_games() if hasattr(registry.make(game_id), "playout")
]


def _protocol_playout(game: Any, state: Any, rng: random.Random) -> tuple[Any, int]:
    steps = 0
    while True:
        actors = game.actors(state)
        if not actors:
            return state, steps
        if actors[0] == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            steps += 1
            continue
        picks = [(seat, rng_mod.choice(rng, game.legal_actions(state, seat))) for seat in actors]
        for seat, action in picks:
            state = game.apply(state, seat, action)
        steps += len(picks)


def test_some_games_have_a_fast_path() -> None:
    assert {"tacocat", "dweebies", "mystery_date"} <= set(_FAST)


@pytest.mark.parametrize("game_id", _FAST)
@pytest.mark.parametrize("seed", range(40))
def test_fast_path_plays_the_protocol_game(game_id: str, seed: int) -> None:
    game = registry.make(game_id)
    players = game.info.min_players + seed % (game.info.max_players - game.info.min_players + 1)
    start = runner.new_game(game, players, seed)
    expected, expected_steps = _protocol_playout(game, start, rng_mod.make(seed))
    final, steps = game.playout(start, rng_mod.make(seed), rng_mod.choice)  # type: ignore[attr-defined]
    assert steps == expected_steps
    assert final == expected
    assert game.outcome(final) == game.outcome(expected)


@pytest.mark.parametrize("game_id", _FAST)
@pytest.mark.parametrize("seed", range(20))
def test_fast_path_from_the_middle_of_a_game(game_id: str, seed: int) -> None:
    """From a state reached by the protocol after some random steps (a search's leaf)."""
    game = registry.make(game_id)
    state = runner.new_game(game, game.info.min_players, seed)
    walk = rng_mod.make(1000 + seed)
    for _ in range(walk.randrange(1, 120)):
        actors = game.actors(state)
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, walk))
        else:
            state = game.apply(state, seat, rng_mod.choice(walk, game.legal_actions(state, seat)))
    expected, expected_steps = _protocol_playout(game, state, rng_mod.make(seed))
    final, steps = game.playout(state, rng_mod.make(seed), rng_mod.choice)  # type: ignore[attr-defined]
    assert (final, steps) == (expected, expected_steps)


def _uniform_by_hand(rng: random.Random, legal: Any) -> Any:
    """``rng_mod.choice`` written out, so a fast path cannot take its uniform shortcut."""
    return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("game_id", _FAST)
@pytest.mark.parametrize("seed", range(8))
def test_fast_path_hands_the_policy_the_protocol_lists(game_id: str, seed: int) -> None:
    """Any policy (not only ``rng_mod.choice``) gets the protocol's legal lists."""
    game = registry.make(game_id)
    info = game.info
    start = runner.new_game(game, max(info.min_players, info.max_players - seed % 2), seed)
    expected, expected_steps = _protocol_playout(game, start, rng_mod.make(seed))
    final, steps = game.playout(start, rng_mod.make(seed), _uniform_by_hand)  # type: ignore[attr-defined]
    assert (final, steps) == (expected, expected_steps)


def test_dweebies_fast_path_after_a_playout_that_raised() -> None:
    """Dweebies' fast path reads the table from a pooled board; a playout whose policy
    raises drops its board, so the playouts after it still play the protocol's games."""
    game = registry.make("dweebies")
    start = runner.new_game(game, 2, 3)
    calls = [0]

    def failing(rng: random.Random, legal: Any) -> Any:
        calls[0] += 1
        if calls[0] > 20:
            raise RuntimeError("stop")
        return _uniform_by_hand(rng, legal)

    with pytest.raises(RuntimeError):
        game.playout(start, rng_mod.make(3), failing)  # type: ignore[attr-defined]
    for seed in range(6):
        start = runner.new_game(game, 2 + seed % 3, seed)
        expected = _protocol_playout(game, start, rng_mod.make(seed))
        assert game.playout(start, rng_mod.make(seed), rng_mod.choice) == expected  # type: ignore[attr-defined]


def test_dweebies_fast_path_in_two_threads_at_once() -> None:
    """Each playout takes its own board from the pool: threads do not share one."""
    game = registry.make("dweebies")
    starts = [runner.new_game(game, 2 + seed % 3, seed) for seed in range(16)]
    expected = [_protocol_playout(game, s, rng_mod.make(i)) for i, s in enumerate(starts)]

    def run(order: list[int]) -> list[tuple[int, Any]]:
        return [
            (i, game.playout(starts[i], rng_mod.make(i), rng_mod.choice))  # type: ignore[attr-defined]
            for i in order
            for _ in range(5)
        ]

    with ThreadPoolExecutor(max_workers=2) as pool:
        forward = pool.submit(run, list(range(16)))
        backward = pool.submit(run, list(range(15, -1, -1)))
        results = forward.result() + backward.result()
    assert all(result == expected[i] for i, result in results)
