"""Shared helpers for the dweebies rule tests (split from one long module)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import (
    IllegalActionError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.dweebies import cards, layout
from ludoteca.games.dweebies.actions import Draw
from ludoteca.games.dweebies.game import GAME, Phase, State
from ludoteca.games.dweebies.layout import Grid

# ---------------------------------------------------------------------------------------
# Helpers


def picture(text: str, origin: tuple[int, int] = (0, 0)) -> dict[int, int]:
    """The table drawn in ``text`` as cell code -> Dweebie id."""
    ox, oy = origin
    table: dict[int, int] = {}
    for dy, line in enumerate(textwrap.dedent(text).strip().splitlines()):
        for dx, token in enumerate(line.split()):
            if token != ".":
                table[layout.cell(ox + dx, oy + dy)] = int(token)
    return table


def pile_without(*zones: Iterable[int]) -> list[int]:
    """The full deck minus the cards in ``zones`` (which it must hold)."""
    pile = list(cards.FULL_PILE)
    for zone in zones:
        for card in zone:
            assert card in pile, f"the deck has no more D{card:02d}"
            pile.remove(card)
    return pile


def position(
    text: str,
    hands: Sequence[Sequence[int]],
    *,
    turn: int = 0,
    origin: tuple[int, int] = (0, 0),
    scores: Sequence[int] | None = None,
    pile: Sequence[int] | None = None,
) -> State:
    """A position in the place phase: the pictured table, the hands given (one per seat),
    the rest of the deck in the pile unless ``pile`` is given."""
    table = picture(text, origin) if text.strip() else {}
    sorted_hands = tuple(tuple(sorted(h)) for h in hands)
    rest = pile_without(table.values(), *sorted_hands)
    frontier = layout.frontier_of(table)
    groups = layout.groups_of(table)
    players = len(hands)
    return State(
        players=players,
        first=0,
        phase=Phase.PLACE,
        turn=turn,
        dealt=cards.HAND_SIZE * players,
        hands=sorted_hands,
        pile=tuple(sorted(rest if pile is None else pile)),
        table=Grid(table),
        frontier=frontier,
        groups=groups,
        cells=layout.legal_cells(table, frontier, groups),
        row=(),
        column=(),
        scores=tuple(scores) if scores else (0,) * players,
        last=None,
    )


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written as ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def draw(state: State, card: int | None = None) -> State:
    """Chance draws ``card`` (default: the lowest card in the pile) for the seat owed it."""
    assert GAME.actors(state) == (CHANCE,)
    after: State = runner.step(GAME, state, CHANCE, Draw(card or state.pile[0]))
    return after


def turn(state: State, seat: int, text: str, collect: str | None = None) -> State:
    """A whole turn: place, collect if asked, draw if the pile lasts."""
    state = act(state, seat, text)
    if collect is not None:
        state = act(state, seat, f"collect {collect}")
    if state.phase == Phase.DRAW:
        state = draw(state)
    return state


def illegal(state: State, seat: int, text: str) -> IllegalActionError:
    """The error an illegal action raises (the state is left as it was)."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    for lang in ("es", "en"):
        assert info.value.text(lang) and "{" not in info.value.text(lang)
    return info.value


def cells_of(state: State) -> set[tuple[int, int]]:
    """The legal placement cells as (x, y)."""
    return {layout.xy(c) for c in state.cells}


def table_of(state: State) -> dict[tuple[int, int], int]:
    return {layout.xy(c): card for c, card in state.table.cells.items()}


def legal_texts(state: State, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def new(players: int = 2, **options: object) -> State:
    state: State = runner.new_game(GAME, players, 0, options)
    return state
