"""Dweebies' encoding and its PettingZoo environment: the documented layouts, a two-step
placement whose mask agrees with the engine, no leak of hidden hands, seat-relative and
translation-invariant observations, PettingZoo's API and seed tests, and 100 random games
per player count that end and replay."""

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
from ludoteca.adapters.encodings import dweebies as enc
from ludoteca.adapters.pettingzoo import env
from ludoteca.games.dweebies import game as dw
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.actions import COLLECT_NONE, Place

GAME = dw.GAME
ENC = enc.ENCODING
PLAYERS = (2, 3, 4, 5, 6)

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)

_GAMES: dict[int, list[Decision]] = {}


def _decisions(n: int) -> list[Decision]:
    """Every 20th decision of 100 random masked games (each ends and replays exactly)."""
    if n not in _GAMES:
        e = env("dweebies", num_players=n)
        games = play_random(e, range(100), keep=20, each_game=replays_exactly)
        assert len(games.finals) == 100
        _GAMES[n] = games.decisions + [Decision(s, 0, ()) for s in games.finals[:3]]
    return _GAMES[n]


def _observe(state: dw.State, seat: int, draft: tuple[int, ...] = ()) -> Any:
    return ENC.observation(GAME.view(state, seat), draft)


# -- The documented layouts -----------------------------------------------------------------


def test_observation_table_in_the_docstring_matches_the_layout() -> None:
    doc = enc.__doc__ or ""
    assert documented_blocks(doc) == [(b.offset, b.size, b.name) for b in enc.LAYOUT]
    assert f"= {enc.OBSERVATION_SIZE} entries" in doc
    assert enc.OBSERVATION_SIZE == 3613
    assert enc.LAYOUT.block("cells").size == enc.SLOT * enc.MAX_CELLS


def test_action_table_in_the_docstring_matches_the_space() -> None:
    doc = enc.__doc__ or ""
    ranges = documented_actions(doc)
    assert [count for _, _, count in ranges] == [27, 216, 4]
    assert [last - first + 1 for first, last, _ in ranges] == [27, 216, 4]
    assert ranges[-1][1] == enc.ACTION_SIZE - 1 == 246
    assert f"Discrete({enc.ACTION_SIZE})" in doc
    assert len(set(enc.ACTION_LABELS)) == enc.ACTION_SIZE


def test_encode_needs_the_view_for_a_placement() -> None:
    state = next(d.state for d in _decisions(2) if d.state.phase == dw.Phase.PLACE)
    seat = state.turn
    view = GAME.view(state, seat)
    action = GAME.legal_actions(state, seat)[-1]
    assert isinstance(action, Place)
    numbers = ENC.encode(action, view=view)
    assert numbers[0] == enc.SELECT + action.card - 1
    assert view["legal_cells"][numbers[1] - enc.PLACE] == [action.x, action.y]
    with pytest.raises(KeyError):
        ENC.encode(action)
    with pytest.raises(KeyError):
        ENC.encode(Place(action.card, 50, 50), view=view)
    assert ENC.encode(COLLECT_NONE) == (enc.ACTION_SIZE - 1,)
    assert "dweebies" in encodings.available()
    assert all(encodings.make("dweebies", n, {}) is ENC for n in PLAYERS)


# -- Masks and bounds over random games -------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_the_mask_reaches_exactly_the_legal_actions(n: int) -> None:
    """Through select-then-place and the collect numbers, the mask reaches every legal
    engine action and nothing else (DW-03, DW-05..DW-07)."""
    phases: set[str] = set()
    drafts = 0
    for decision in _decisions(n):
        legal = mask_agrees_with_the_engine(GAME, ENC, decision)
        assert legal > 0 or not GAME.actors(decision.state)
        phases.add(GAME.phase(decision.state))
        drafts += bool(decision.draft)
        for seat in range(n):
            within_bounds(ENC, _observe(decision.state, seat, decision.draft))
    assert {"place", "over"} <= phases
    assert drafts > 20


def test_collect_decisions_and_split_layouts_are_covered() -> None:
    """Collect choices (DW-05, DW-06) and placements on a split layout's link (DW-07)
    appear among the checked decisions, so the mask test covers them."""
    decisions = [d for n in (2, 3) for d in _decisions(n)]
    assert any(d.state.phase == dw.Phase.COLLECT for d in decisions)
    assert any(d.state.groups and d.state.phase == dw.Phase.PLACE for d in decisions)


def test_a_cell_slot_says_what_a_card_there_would_collect() -> None:
    """For every legal cell and every card in hand: the slot's runs predict exactly whether
    placing the card there lets its player collect the row / the column (DW-05)."""
    checked = 0
    for decision in _decisions(2):
        state, seat = decision.state, decision.seat
        if state.phase != dw.Phase.PLACE or state.groups:
            continue
        vector = _observe(state, seat)
        cells = GAME.view(state, seat)["legal_cells"]
        for index, (x, y) in enumerate(cells):
            at = enc.LAYOUT.block("cells").offset + enc.SLOT * index
            runs = vector[at + 3 : at + 11].reshape(4, 2)
            for card in set(state.hands[seat]):
                after = GAME.apply(state, seat, Place(card, x, y))
                for line, (a, b) in (("row", (0, 1)), ("column", (2, 3))):
                    lengths = (runs[a][0], runs[b][0])
                    ends = (runs[a][1], runs[b][1])
                    expected = (lengths[0] == 0) != (lengths[1] == 0) and card in ends
                    offered = bool(getattr(after, line))
                    assert offered == expected, (x, y, card, line)
                    checked += 1
    assert checked > 500


# -- No leak ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", (2, 4, 6))
def test_resampling_hidden_hands_leaves_observation_and_mask_unchanged(n: int) -> None:
    picker = random.Random(n)
    changed = 0
    for decision in _decisions(n):
        for seat in range(n):
            draft = decision.draft if seat == decision.seat else ()
            changed += no_leak(GAME, ENC, Decision(decision.state, seat, draft), picker)
    assert changed > 50


# -- Seat-relative and translation-invariant ---------------------------------------------------


def _rotate(state: dw.State, shift: int) -> dw.State:
    n = state.players

    def moved(items: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(items[(i - shift) % n] for i in range(n))

    last = state.last
    return state._replace(
        first=(state.first + shift) % n,
        turn=(state.turn + shift) % n,
        hands=moved(state.hands),
        scores=moved(state.scores),
        last=None if last is None else ((last[0] + shift) % n, *last[1:]),
    )


def _translate(state: dw.State, dx: int, dy: int) -> dw.State:
    step = dx * layout.STRIDE + dy

    def cells(items: Any) -> Any:
        return tuple(c + step for c in items)

    last = state.last
    return state._replace(
        table=layout.Grid({c + step: card for c, card in state.table.cells.items()}),
        frontier=cells(state.frontier),
        groups=tuple(frozenset(cells(g)) for g in state.groups),
        cells=cells(state.cells),
        row=cells(state.row),
        column=cells(state.column),
        last=None if last is None else (last[0], last[1], last[2] + step, last[3]),
    )


def test_the_observation_is_relative_to_the_seat_and_to_the_layout() -> None:
    seat_block = enc.LAYOUT.block("seat")
    rest = np.ones(enc.OBSERVATION_SIZE, dtype=bool)
    rest[seat_block.offset : seat_block.offset + seat_block.size] = False
    compared = 0
    for decision in _decisions(4):
        state = decision.state
        if not state.table:
            continue
        rotated = _rotate(state, 1)
        moved = _translate(state, 5, -3)
        for me in range(4):
            mine = _observe(state, me)
            assert np.array_equal(mine[rest], _observe(rotated, (me + 1) % 4)[rest])
            assert np.array_equal(mine, _observe(moved, me))
            compared += 1
    assert compared > 100


# -- PettingZoo's own checks --------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_api_test(n: int) -> None:
    api_test(env("dweebies", num_players=n, seed=0), num_cycles=200)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_seed_test(n: int) -> None:
    seed_test(lambda: env("dweebies", num_players=n), num_cycles=200)  # type: ignore[no-untyped-call]


def test_a_selection_keeps_the_agent_and_shows_in_its_observation() -> None:
    e = env("dweebies", seed=3)
    e.reset()
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    select = int(np.flatnonzero(mask)[0])
    assert select < enc.PLACE
    e.step(select)
    assert e.agent_selection == agent
    observation = e.observe(agent)
    block = enc.LAYOUT.block("selected")
    selected = observation["observation"][block.offset : block.offset + block.size]
    assert selected.argmax() == select and selected.sum() == 1
    allowed = np.flatnonzero(observation["action_mask"])
    assert allowed.min() >= enc.PLACE and allowed.max() < enc.COLLECT
