"""Tile Up's encoding and its PettingZoo environment: the documented layouts on every board
size, a two-step placement and cell-named scores whose mask agrees with the engine, no leak
of hidden tiles and goal cards, seat-relative observations, PettingZoo's API and seed
tests, and 100 random games per player count that end and replay."""

import random
from typing import Any

import numpy as np
import pytest
from encoding_checks import (
    Decision,
    documented_actions,
    documented_blocks,
    mask_agrees_with_the_engine,
    no_leak,
    play_random,
    replays_exactly,
    within_bounds,
)
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import tile_up as enc
from ludoteca.adapters.pettingzoo import env
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.games.tile_up import game as tu
from ludoteca.games.tile_up import model

GAME = tu.GAME
ENC = enc.ENCODINGS[11]
PLAYERS = (2, 3, 4)

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)

_GAMES: dict[int, list[Decision]] = {}


def _decisions(n: int) -> list[Decision]:
    """Every 60th decision of 100 random masked games on the default board (each ends and
    replays exactly)."""
    if n not in _GAMES:
        e = env("tile_up", num_players=n)
        games = play_random(e, range(100), keep=60, each_game=replays_exactly)
        assert len(games.finals) == 100
        _GAMES[n] = games.decisions + [Decision(s, 0, ()) for s in games.finals[:3]]
    return _GAMES[n]


def _observe(state: model.State, seat: int, draft: tuple[int, ...] = ()) -> Any:
    return ENC.observation(GAME.view(state, seat), draft)


# -- The documented layouts -----------------------------------------------------------------


def test_observation_table_in_the_docstring_matches_the_layout() -> None:
    doc = enc.__doc__ or ""
    assert documented_blocks(doc) == [(b.offset, b.size, b.name) for b in enc.LAYOUT]
    assert f":data:`OBSERVATION_SIZE` = {enc.OBSERVATION_SIZE} on" in doc
    assert enc.OBSERVATION_SIZE == ENC.observation_size == 446 + 21 * 121
    for size, encoding in enc.ENCODINGS.items():
        assert encoding.observation_size == 446 + 21 * size * size
        assert encoding.observation_high.shape == (encoding.observation_size,)


def test_action_table_in_the_docstring_matches_the_space() -> None:
    doc = enc.__doc__ or ""
    ranges = documented_actions(doc)
    assert [count for _, _, count in ranges] == [30, 1, 1, 1, 30, 27, 121, 121]
    assert [last - first + 1 for first, last, _ in ranges] == [30, 1, 1, 1, 30, 27, 121, 121]
    assert ranges[-1][1] == ENC.action_size - 1 == 331
    assert f"Discrete({ENC.action_size})" in doc
    assert {s: e.action_size for s, e in enc.ENCODINGS.items()} == {9: 252, 11: 332, 13: 428}
    for encoding in enc.ENCODINGS.values():
        assert len(set(encoding.labels)) == encoding.action_size


def test_make_follows_the_board_size() -> None:
    assert "tile_up" in encodings.available()
    for size in (9, 11, 13):
        for n in PLAYERS:
            made = encodings.make("tile_up", n, {"board_size": size, "allow_mirror": False})
            assert made is enc.ENCODINGS[size]
    assert encodings.make("tile_up", 2, {}) is ENC
    with pytest.raises(ValueError, match="size 10"):
        enc.TileUpEncoding(10)
    with pytest.raises(ValueError, match="spectator"):
        ENC.observation(GAME.view(_decisions(2)[0].state, None), ())
    with pytest.raises(ValueError, match="a 11 board"):
        enc.ENCODINGS[9].observation(GAME.view(_decisions(2)[0].state, 0), ())


def test_every_simple_number_round_trips() -> None:
    view = GAME.view(_decisions(2)[0].state, 0)
    for index in range(enc.DRAW_TILES, enc.PLACE):
        action = ENC.decode(index, view, (), ()).action
        assert ENC.encode(action) == (index,)
        assert ENC.action_label(index) == str(action)
    assert ENC.encode(model.Place(7, 2, 3)) == (7, enc.PLACE + 2 * 11 + 3)
    assert ENC.encode(model.Score(4, 1, 0)) == (ENC.score + 11,)
    with pytest.raises(KeyError):
        ENC.encode(model.BAG_DRAWS[3])


# -- Masks and bounds over random games -------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_the_mask_reaches_exactly_the_legal_actions(n: int) -> None:
    """Through select-then-place, cell-named scores and the single numbers, the mask reaches
    every legal engine action and nothing else (TU-02..TU-07)."""
    phases: set[str] = set()
    kinds: set[type] = set()
    for decision in _decisions(n):
        legal = mask_agrees_with_the_engine(GAME, ENC, decision)
        assert legal > 0 or not GAME.actors(decision.state)
        phases.add(GAME.phase(decision.state))
        kinds.update(type(a) for a in GAME.legal_actions(decision.state, decision.seat))
        for seat in range(n):
            within_bounds(ENC, _observe(decision.state, seat, decision.draft))
    assert {"play", "over"} <= phases
    assert {model.Place, model.DrawTiles, model.EndTurn} <= kinds


def test_scores_and_discards_are_covered() -> None:
    """Score decisions (TU-04) and end-of-turn discards (TU-07) appear among the checked
    decisions, so the mask test covers them."""
    decisions = [d for n in PLAYERS for d in _decisions(n)]
    kinds = {type(a) for d in decisions for a in GAME.legal_actions(d.state, d.seat)}
    assert {model.Score, model.DiscardTile, model.DiscardGoal, model.DrawGoal} <= kinds


def test_bounds_hold_on_every_board_size() -> None:
    for size in (9, 13):
        e = env("tile_up", num_players=3, options={"board_size": size})
        encoding = enc.ENCODINGS[size]

        def check(env_: Any, encoding: enc.TileUpEncoding = encoding) -> None:
            state = env_.engine_state
            for seat in range(3):
                within_bounds(encoding, encoding.observation(GAME.view(state, seat), ()))

        games = play_random(e, range(3), keep=40, each_game=check)
        for decision in games.decisions:
            mask_agrees_with_the_engine(GAME, encoding, decision)
            within_bounds(encoding, encoding.observation(GAME.view(decision.state, 0), ()))


# -- No leak ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_resampling_hidden_zones_leaves_observation_and_mask_unchanged(n: int) -> None:
    picker = random.Random(n)
    changed = 0
    for decision in _decisions(n):
        for seat in range(n):
            draft = decision.draft if seat == decision.seat else ()
            changed += no_leak(GAME, ENC, Decision(decision.state, seat, draft), picker)
    assert changed > 50


# -- Seat-relative ------------------------------------------------------------------------


def _rotate(state: model.State, shift: int) -> model.State:
    n = len(state.hands)

    def moved(items: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(items[(i - shift) % n] for i in range(n))

    fresh = sum(1 << ((s + shift) % n) for s in range(n) if state.fresh >> s & 1)
    pending = tuple(
        (kind, (target + shift) % n if kind in (model.K_TILE, model.K_GOAL) else target)
        for kind, target in state.pending
    )
    return state._replace(
        hands=moved(state.hands),
        goals=moved(state.goals),
        known=moved(state.known),
        scores=moved(state.scores),
        scored=moved(state.scored),
        sums=moved(state.sums),
        fresh=fresh,
        pending=pending,
        current=(state.current + shift) % n if state.current >= 0 else state.current,
    )


def test_the_observation_is_relative_to_the_observing_seat() -> None:
    seat_block = enc.LAYOUT.block("seat")
    rest = np.ones(enc.OBSERVATION_SIZE, dtype=bool)
    rest[seat_block.offset : seat_block.offset + seat_block.size] = False
    compared = 0
    for decision in _decisions(3):
        state = decision.state
        rotated = _rotate(state, 1)
        for me in range(3):
            mine, theirs = _observe(state, me), _observe(rotated, (me + 1) % 3)
            assert np.array_equal(mine[rest], theirs[rest])
            assert not np.array_equal(mine, theirs)
            compared += 1
    assert compared > 50


# -- PettingZoo's own checks --------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_api_test(n: int) -> None:
    api_test(env("tile_up", num_players=n, seed=0), num_cycles=200)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_seed_test(n: int) -> None:
    seed_test(lambda: env("tile_up", num_players=n), num_cycles=200)  # type: ignore[no-untyped-call]


def test_a_selected_tile_offers_only_its_cells() -> None:
    e = env("tile_up", seed=4)
    e.reset()
    while True:
        agent = e.agent_selection
        allowed = np.flatnonzero(e.observe(agent)["action_mask"])
        if allowed.min() < enc.DRAW_TILES:
            break
        e.step(int(allowed[-1]))
    tile = int(allowed.min())
    e.step(tile)
    assert e.agent_selection == agent
    observation = e.observe(agent)
    block = enc.LAYOUT.block("selected")
    assert observation["observation"][block.offset + tile] == 1
    cells = np.flatnonzero(observation["action_mask"])
    assert cells.min() >= enc.PLACE and cells.max() < ENC.score
    state = e.engine_state
    seat = int(agent[-1])
    expected = {
        enc.PLACE + a.row * 11 + a.col
        for a in GAME.legal_actions(state, seat)
        if isinstance(a, model.Place) and a.tile == tile
    }
    assert set(cells.tolist()) == expected


@pytest.mark.parametrize("size", model.BOARD_SIZES)
def test_the_mask_read_from_the_lazy_list_equals_the_mask_of_its_items(size: int) -> None:
    """The play phase's masks are read from the lazy list's cell masks without building its
    placements; they equal the masks built from the listed actions, for every draft."""
    encoding = enc.ENCODINGS[size]
    rng = random.Random(size)
    state = runner.new_game(tu.GAME, 2, size, {"board_size": size})
    compared = 0
    while tu.GAME.actors(state):
        seat = tu.GAME.actors(state)[0]
        if seat == CHANCE:
            state = tu.GAME.apply(state, seat, tu.GAME.sample_chance(state, rng))
            continue
        legal = tu.GAME.legal_actions(state, seat)
        view = tu.GAME.view(state, seat)
        listed = list(legal)
        empty = encoding.action_mask(view, legal, ())
        assert np.array_equal(empty, encoding.action_mask(view, listed, ()))
        for tile in {a.tile for a in listed if type(a) is model.Place}:
            drafted = encoding.action_mask(view, legal, (tile,))
            assert np.array_equal(drafted, encoding.action_mask(view, listed, (tile,)))
            compared += 1
        state = tu.GAME.apply(state, seat, rng.choice(listed))
    assert compared > 50
