"""The observations written straight from the engine state equal the encoded views.

An encoding's ``state_writer`` (``encodings.StateWriter``) reads engine-state fields
instead of ``game.view(state, seat)``, so these tests are what keeps it honest:

- over every state of random matches (chance steps included), for every seat, raw and
  scaled, written in sequence (each write rewrites only what changed since the last), every
  few states (several changes at once) and out of order, it equals
  ``Observer.base(game.view(state, seat))``;
- resampling every hidden zone (``game.sample_state`` from the seat's view) leaves the
  seat's written observation unchanged, so it cannot depend on what the view hides;
- a ``view_free`` encoding's mask and decoding, handed ``encodings.seat_views`` instead of
  the view, give the same masks and actions as with the view, for every draft.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from encoding_checks import match_states

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import native
from ludoteca.engine import registry
from ludoteca.engine.game import CHANCE

WRITTEN = tuple(
    game_id
    for game_id in encodings.available()
    if hasattr(encodings.make(game_id, registry.make(game_id).info.min_players, {}), "state_writer")
)
COMPILED = native.available(WRITTEN)
"""The games whose compiled writer is built here (none in a pure install)."""
CASES = [
    (game_id, players, compiled)
    for game_id in WRITTEN
    for players in range(
        registry.make(game_id).info.min_players, registry.make(game_id).info.max_players + 1
    )
    for compiled in ((False, True) if game_id in COMPILED else (False,))
]
CASE_IDS = [f"{g}-{p}-{'compiled' if c else 'python'}" for g, p, c in CASES]


def _observer(
    enc: encodings.Encoding, players: int, *, scaled: bool, compiled: bool
) -> encodings.StateObserver:
    """The state observer with the writer asked for (checked: not the other one)."""
    observer = encodings.state_observer(enc, players, scaled=scaled, compiled=compiled)
    assert observer is not None and observer.compiled == compiled
    return observer


def _states(
    game_id: str, players: int, matches: int, seed: int, options: dict[str, Any] | None = None
) -> list[Any]:
    """Every state of ``matches`` random matches, in order (chance states included)."""
    game = registry.make(game_id)
    picker = random.Random(seed)
    found: list[Any] = []
    for match in range(matches):
        found += match_states(game, players, seed * 1000 + match, picker, options)
    return found


def _matches(game_id: str) -> int:
    # Dweebies' and Tile Up's matches are long: fewer visit every phase.
    return {"tile_up": 1, "dweebies": 2}.get(game_id, 3)


@pytest.mark.parametrize(("game_id", "players", "compiled"), CASES, ids=CASE_IDS)
def test_the_state_writer_equals_the_encoded_view(
    game_id: str, players: int, compiled: bool
) -> None:
    game = registry.make(game_id)
    enc = encodings.make(game_id, players, {})
    states = _states(game_id, players, _matches(game_id), seed=players)
    shuffled = states[:: max(1, len(states) // 150)]
    random.Random(0).shuffle(shuffled)
    for scaled in (False, True):
        plain = encodings.Observer(enc, scaled=scaled)
        in_order = _observer(enc, players, scaled=scaled, compiled=compiled)
        out_of_order = _observer(enc, players, scaled=scaled, compiled=compiled)
        for observer, walk in ((in_order, states), (out_of_order, shuffled)):
            for state in walk:
                for seat in range(players):
                    expected = plain.base(game.view(state, seat))
                    written = observer.base(state, seat)
                    assert np.array_equal(written, expected), (game_id, seat, scaled)


@pytest.mark.parametrize(("game_id", "players", "compiled"), CASES, ids=CASE_IDS)
def test_a_seat_written_every_few_states_equals_the_encoded_view(
    game_id: str, players: int, compiled: bool
) -> None:
    """As a Gymnasium learner sees the match (the bots' moves and chance in between), so each
    write starts from a state a few steps back: writers that patch what changed since
    ``previous`` must handle several changes at once (e.g. two Dweebies placements)."""
    game = registry.make(game_id)
    enc = encodings.make(game_id, players, {})
    states = _states(game_id, players, _matches(game_id), seed=20 + players)
    plain = encodings.Observer(enc, scaled=True)
    for stride in (2, 3, 5):
        observer = _observer(enc, players, scaled=True, compiled=compiled)
        for seat in range(players):
            for state in states[seat % stride :: stride]:
                expected = plain.base(game.view(state, seat))
                assert np.array_equal(observer.base(state, seat), expected), (stride, seat)


@pytest.mark.parametrize(("game_id", "players", "compiled"), CASES, ids=CASE_IDS)
def test_one_writer_fed_two_matches_in_turn_equals_the_encoded_view(
    game_id: str, players: int, compiled: bool
) -> None:
    """Writers keep images shared by every seat (Dweebies' layout, Tile Up's board): states
    of two matches taken in turn, as OpenSpiel's cloned states reach one game's writer,
    must not patch one match's image with the other's."""
    game = registry.make(game_id)
    enc = encodings.make(game_id, players, {})
    first = _states(game_id, players, 1, seed=40 + players)
    second = _states(game_id, players, 1, seed=50 + players)
    plain = encodings.Observer(enc, scaled=True)
    observer = _observer(enc, players, scaled=True, compiled=compiled)
    for one, other in zip(first[::2], second[::2], strict=False):
        for state in (one, other):
            for seat in range(players):
                expected = plain.base(game.view(state, seat))
                assert np.array_equal(observer.base(state, seat), expected), seat


@pytest.mark.parametrize("compiled", (False, True) if "tile_up" in COMPILED else (False,))
@pytest.mark.parametrize(
    "options", [{"board_size": 9}, {"board_size": 13, "allow_mirror": True}], ids=str
)
def test_the_tile_up_writer_equals_the_encoded_view_on_every_board(
    options: dict[str, Any], compiled: bool
) -> None:
    """The other board sizes (their own encodings and cell offsets) and the mirror option."""
    game = registry.make("tile_up")
    enc = encodings.make("tile_up", 2, options)
    for scaled in (False, True):
        plain = encodings.Observer(enc, scaled=scaled)
        observer = _observer(enc, 2, scaled=scaled, compiled=compiled)
        for state in _states("tile_up", 2, 1, seed=5, options=options):
            for seat in (0, 1):
                expected = plain.base(game.view(state, seat))
                assert np.array_equal(observer.base(state, seat), expected), (options, seat)


@pytest.mark.parametrize(("game_id", "players", "compiled"), CASES, ids=CASE_IDS)
def test_resampling_hidden_zones_leaves_the_written_observation_unchanged(
    game_id: str, players: int, compiled: bool
) -> None:
    game = registry.make(game_id)
    if not game.info.hidden_info:
        pytest.fail(f"{game_id} has no hidden zones: this test would check nothing")
    enc = encodings.make(game_id, players, {})
    rng = random.Random(7)
    states = _states(game_id, players, _matches(game_id), seed=10 + players)
    changed = 0
    for state in states[:: max(1, len(states) // 60)]:
        for seat in range(players):
            first = _observer(enc, players, scaled=False, compiled=compiled)
            second = _observer(enc, players, scaled=False, compiled=compiled)
            drawn = game.sample_state(game.view(state, seat), seat, rng)
            changed += drawn != state
            assert np.array_equal(first.base(state, seat), second.base(drawn, seat))
    assert changed > 0  # the hidden zones were really redrawn somewhere


VIEW_FREE = tuple(
    game_id
    for game_id in encodings.available()
    if getattr(
        encodings.make(game_id, registry.make(game_id).info.min_players, {}), "view_free", False
    )
)


@pytest.mark.parametrize("game_id", VIEW_FREE)
def test_a_view_free_mask_and_decoding_equal_the_ones_from_the_view(game_id: str) -> None:
    game = registry.make(game_id)
    players = game.info.min_players
    enc = encodings.make(game_id, players, {})
    seats = encodings.seat_views(players)
    compared = 0
    for state in _states(game_id, players, 2, seed=3)[::3]:
        for seat in game.actors(state):
            if seat == CHANCE:
                continue
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            frontier: list[tuple[int, ...]] = [()]
            while frontier:
                draft = frontier.pop()
                mask = enc.action_mask(view, legal, draft)
                assert np.array_equal(enc.action_mask(seats[seat], legal, draft), mask)
                for index in np.flatnonzero(mask).tolist()[:4]:
                    decoded = enc.decode(index, view, legal, draft)
                    assert enc.decode(index, seats[seat], legal, draft) == decoded
                    if decoded.action is None and len(decoded.draft) < 3:
                        frontier.append(decoded.draft)
                compared += 1
    assert compared > 50
