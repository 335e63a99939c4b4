"""Shared helpers for the tile_up rule tests (split from one long module)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError
from ludoteca.engine.game import CHANCE
from ludoteca.games.tile_up import model as tile_up_model
from ludoteca.games.tile_up.board import all_regions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    CARD_OF,
    FULL_BAG,
    PLAY,
    SHAPE_NAMES,
    State,
    geo_of,
)

ORANGE, R, Y, G, B, PURPLE = range(6)

# ---------------------------------------------------------------------------------------
# Helpers


def code(name: str) -> int:
    """Tile code of ``"R4"``."""
    return tile_up_model.COLOURS.index(name[0]) * 5 + int(name[1]) - 1


def card(shape: str, colour: int) -> int:
    """The goal card with this shape and colour."""
    return CARD_OF[(SHAPE_NAMES.index(shape), colour)]


def cell(name: str) -> tuple[int, int]:
    """(row, col) of ``"f6"``."""
    return int(name[1:]) - 1, "abcdefghijklm".index(name[0])


def table(
    board: Mapping[str, str],
    *,
    hands: Iterable[Iterable[str]] = ((), ()),
    goals: Iterable[Iterable[int]] = ((), ()),
    faceup: Iterable[int] = (),
    current: int = 0,
    acted: int = tile_up_model.NONE,
    options: Mapping[str, object] | None = None,
    deck: Iterable[int] | None = None,
    discard: Iterable[int] = (),
) -> State:
    """A play state with the given board (``{"f6": "B4 R2"}``: a stack bottom to top),
    hands, hidden goals and face-up cards; the bag holds every other tile and the deck every
    other card (unordered) unless ``deck`` is given."""
    hand_codes = tuple(tuple(sorted(code(n) for n in h)) for h in hands)
    goal_ids = tuple(tuple(sorted(g)) for g in goals)
    num = len(hand_codes)
    state: State = runner.new_game(GAME, num, 0, options)
    geo = geo_of(state.rules)
    stacks: list[tuple[int, ...]] = [()] * len(state.stacks)
    bag = list(FULL_BAG)
    for name, text in board.items():
        stack = tuple(code(t) for t in text.split())
        stacks[geo.bit(*cell(name))] = stack
        for c in stack:
            bag[c] -= 1
    for hand in hand_codes:
        for c in hand:
            bag[c] -= 1
    assert min(bag) >= 0
    up = tuple(faceup) + (-1,) * (2 - len(tuple(faceup)))
    used = {c for g in goal_ids for c in g} | {c for c in up if c >= 0} | set(discard)
    colour_masks, number_masks, occupied = tile_up_model.board_masks(geo, stacks)
    return state._replace(
        stacks=tuple(stacks),
        colour_masks=colour_masks,
        number_masks=number_masks,
        occupied=occupied,
        frontier=geo.neighbours(occupied) & ~occupied,
        regions=all_regions(geo, colour_masks),
        bag=tuple(bag),
        hands=hand_codes,
        goals=goal_ids,
        known=((),) * num,
        faceup=up,
        deck=tuple(deck) if deck is not None else tuple(c for c in range(27) if c not in used),
        deck_ordered=deck is not None,
        discard=tuple(discard),
        pending=(),
        phase=PLAY,
        current=current,
        acted=acted,
        sums=(6,) * num,
    )


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written as ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def chance(state: State, *texts: str) -> State:
    """Apply chance outcomes (``"bag R4"``, ``"deck 3"``), legality checked."""
    for text in texts:
        state = runner.step(GAME, state, CHANCE, GAME.parse_action(text))
    return state


def illegal(state: State, seat: int, text: str, rule: str) -> IllegalActionError:
    """The error for an illegal action: it names ``rule`` and leaves ``state`` as is."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    assert info.value.rule_id == rule, (info.value.rule_id, info.value.text("en"))
    for lang in ("es", "en"):
        assert info.value.text(lang) and "{" not in info.value.text(lang)
    return info.value


def legal(state: State, seat: int = 0) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def scores(state: State, seat: int = 0) -> list[str]:
    return [a for a in legal(state, seat) if a.startswith("score")]


def dealt(tiles0: str, tiles1: str, tiles2: str | None = None) -> State:
    players = 2 if tiles2 is None else 3
    state: State = runner.new_game(GAME, players, 0)
    state = chance(state, "bag R3", "bag O4", "bag Y5", "bag G3", "bag B4", "deck 0", "deck 1")
    for seat, tiles in enumerate([tiles0, tiles1, tiles2][:players]):
        assert tiles is not None
        state = chance(state, *(f"bag {t}" for t in tiles.split()), f"deck {seat + 2}")
    return state


CENTRE = {"f6": "R3"}
