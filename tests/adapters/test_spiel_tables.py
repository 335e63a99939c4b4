"""The OpenSpiel state's legal numbers and chance outcomes, read without masks or fractions
(``encodings.legal_numbers``, ``encodings.chance_tables``), equal the plain ones.

At every node of random matches through pyspiel (every player count, options that change
the action space or the odds, sub-actions with a draft, simultaneous secret choices):

- every player's legal numbers equal ``np.flatnonzero(action_mask(view, legal, draft))``
  with the player's real view (not the seat-only view the fast path reads);
- at a chance step, the outcomes handed out and the action each index applies equal
  ``game.chance_outcomes``, in order, each probability the float nearest the exact fraction.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from ludoteca.adapters import openspiel  # noqa: E402
from ludoteca.adapters.encodings import chance_tables, legal_numbers  # noqa: E402
from ludoteca.engine import registry  # noqa: E402

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (game_id, players, {})
    for game_id in openspiel.game_ids()
    for players in range(
        registry.make(game_id).info.min_players, registry.make(game_id).info.max_players + 1
    )
] + [
    ("tacocat", 2, {"min_sequence": 2}),
    ("tile_up", 2, {"board_size": 9}),
    ("tile_up", 3, {"board_size": 13, "allow_mirror": True}),
    ("mystery_date", 3, {"door_weights": "2/0/1/3/1"}),
]
NODES = 1500
"""Nodes walked per case (several matches' worth for the short games)."""


def _check_node(state: Any, game: Any) -> None:
    owner = state._owner
    engine = owner.game
    for player in range(game.num_players()):
        view = engine.view(state.engine_state, player)
        legal = engine.legal_actions(state.engine_state, player)
        mask = owner.encoding.action_mask(view, legal, state.drafts[player])
        expected = np.flatnonzero(mask).tolist()
        assert state._legal_actions(player) == expected, (player, state.drafts[player])
        if player == state.current_player():
            assert state.legal_actions() == expected


def _check_chance(state: Any) -> None:
    engine = state._owner.game
    exact = engine.chance_outcomes(state.engine_state)
    outcomes = state.chance_outcomes()
    assert outcomes == [(index, float(p)) for index, (_, p) in enumerate(exact)]
    assert state.legal_actions() == list(range(len(exact)))
    for index, (action, _) in enumerate(exact):
        assert state._chance()[0][index] == action


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=str)
def test_numbers_and_outcomes_equal_the_masks_and_fractions(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = pyspiel.load_game(f"ludoteca_{game_id}", {"players": players, "seed": 5, **options})
    picker = random.Random(players)
    state = game.new_initial_state()
    chances = decisions = drafted = 0
    for _ in range(NODES):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            _check_chance(state)
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(picker.choices(ids, weights)[0])
            chances += 1
        else:
            _check_node(state, game)
            drafted += bool(state.drafts[state.current_player()])
            state.apply_action(picker.choice(state.legal_actions()))
            decisions += 1
    assert chances > 50 and decisions > 50
    if game_id != "mystery_date":  # the only game without sub-actions
        assert drafted > 5


def test_a_game_without_tables_falls_back_to_masks_and_fractions() -> None:
    # The fallbacks (an encoding or game not in the tables) give the same answers.
    game = registry.make("tacocat")
    encoding = openspiel.LudotecaGame("tacocat").encoding
    from_mask = legal_numbers._from_mask(encoding)
    from_fractions = chance_tables._from_fractions(game)
    spiel = pyspiel.load_game("ludoteca_tacocat")
    state = spiel.new_initial_state()
    picker = random.Random(3)
    seen = 0
    while not state.is_terminal():
        engine_state = state.engine_state
        if state.is_chance_node():
            assert from_fractions(engine_state) == (
                list(state._chance()[0]),
                state.chance_outcomes(),
            )
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(picker.choices(ids, weights)[0])
        else:
            seat = state.current_player()
            legal = game.legal_actions(engine_state, seat)
            view = game.view(engine_state, seat)
            assert list(from_mask(view, legal, state.drafts[seat])) == state.legal_actions()
            state.apply_action(picker.choice(state.legal_actions()))
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("game_id", ["tacocat", "dweebies", "tile_up", "mystery_date"])
def test_tensors_handed_out_are_fresh_lists_equal_to_pyspiels(game_id: str) -> None:
    # The state keeps each player's last tensor as a list and hands out copies, a draft's
    # entries set in a copy of its state's list: a caller that changes a list it was
    # given changes no later answer, at a sub-action's node or any other.
    params: dict[str, Any] = {"board_size": 9} if game_id == "tile_up" else {}
    game = pyspiel.load_game(f"ludoteca_{game_id}", params)
    picker = random.Random(7)
    state = game.new_initial_state()
    drafted = 0
    for _ in range(400):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(picker.choices(ids, weights)[0])
            continue
        player = state.current_player()
        given = state.observation_tensor(player)
        given[:] = [-7.0] * len(given)
        again = state.observation_tensor(player)
        assert again == pyspiel.State.observation_tensor(state, player)
        assert again is not state.observation_tensor(player)
        drafted += bool(state.drafts[player])
        state.apply_action(picker.choice(state.legal_actions()))
    if game_id != "mystery_date":
        assert drafted > 5
