"""Hand-built Tile Up positions shared by the agent tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ludoteca.engine import runner
from ludoteca.games.tile_up.board import all_regions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    CARD_OF,
    FULL_BAG,
    PLAY,
    SHAPE_NAMES,
    TILE_CODES,
    State,
    board_masks,
    geo_of,
)


def table(
    board: Mapping[str, str],
    *,
    hands: Iterable[Iterable[str]] = ((), ()),
    goals: Iterable[Iterable[int]] = ((), ()),
    faceup: Iterable[int] = (),
) -> State:
    """A two-player play state, seat 0 to act, with this board (``{"f6": "B4 R2"}``)."""
    state: State = runner.new_game(GAME, 2, 0)
    geo = geo_of(state.rules)
    stacks: list[tuple[int, ...]] = [()] * len(state.stacks)
    bag = list(FULL_BAG)
    for name, text in board.items():
        stack = tuple(TILE_CODES[t] for t in text.split())
        stacks[geo.bit(int(name[1:]) - 1, ord(name[0]) - ord("a"))] = stack
        for c in stack:
            bag[c] -= 1
    hand_codes = tuple(tuple(sorted(TILE_CODES[t] for t in h)) for h in hands)
    for hand in hand_codes:
        for c in hand:
            bag[c] -= 1
    goal_ids = tuple(tuple(sorted(g)) for g in goals)
    up = (*faceup, *(-1,) * (2 - len(tuple(faceup))))
    used = {c for g in goal_ids for c in g} | set(up)
    colour_masks, number_masks, occupied = board_masks(geo, stacks)
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
        faceup=up,
        deck=tuple(c for c in range(27) if c not in used),
        pending=(),
        phase=PLAY,
        current=0,
    )


def act(state: State, seat: int, text: str) -> State:
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def card(shape: str, colour: int) -> int:
    return CARD_OF[(SHAPE_NAMES.index(shape), colour)]
