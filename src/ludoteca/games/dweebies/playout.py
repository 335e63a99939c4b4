"""Dweebies' rollout fast path: a whole playout on mutable locals, one State at the end.

The protocol path rebuilds an immutable :class:`~ludoteca.games.dweebies.model.State` on
every step, copies the table's dict for every placement and goes through ``actors``,
``legal_actions``, ``sample_chance`` and ``apply`` for each. :func:`playout` keeps the
hands, the pile, the table and the frontier in lists and one dict changed in place, uses
the same table functions (:mod:`~ludoteca.games.dweebies.layout`) and builds a State only
when the game is over.

It plays the protocol loop's game for the same random stream (``tests/games/
test_playouts.py`` checks it seed by seed): a chance step draws ``pile[int(rng.random() *
len(pile))]`` as ``Dweebies.sample_chance`` does; a decision hands ``policy`` the protocol's
legal list (:class:`~ludoteca.games.dweebies.game.Placements`, by card then cell, or the
collect tuple). With the uniform policy :func:`ludoteca.engine.rng.choice` the placement is
read straight from the drawn index (the same ``int(rng.random() * len(legal))``), without
building the list.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, Final

from ludoteca.engine import rng as rng_mod
from ludoteca.games.dweebies import layout

Policy = Callable[[random.Random, Sequence[Any]], Any]
"""Picks one of the legal actions, e.g. ``ludoteca.engine.rng.choice``."""

_STEPS: Final = layout.STEPS


def playout(state: Any, rng: random.Random, policy: Policy) -> tuple[Any, int]:
    """Play from ``state`` to the end, every seat choosing with ``policy``.

    Args:
        state: Any Dweebies state (an already finished one is returned as it is).
        rng: The random stream, shared by chance and the policy.
        policy: Called as ``policy(rng, legal)`` for every decision.

    Returns:
        The final state (equal to the protocol path's) and the steps applied.
    """
    from ludoteca.games.dweebies import game as g  # noqa: PLC0415 - game imports this module

    p_deal, p_place, p_collect, _p_draw, p_over = g.Phase
    phase = state.phase
    if phase == p_over:
        return state, 0
    players, first = state.players, state.first
    deal_size = g.HAND_SIZE * players
    turn, dealt = state.turn, state.dealt
    hands = [list(hand) for hand in state.hands]
    pile = list(state.pile)
    cells: dict[int, int] = dict(state.table.cells)
    frontier = list(state.frontier)
    groups = state.groups
    legal: Sequence[int] = state.cells
    row, column = state.row, state.column
    scores = list(state.scores)
    last = state.last
    collected = list(state.collected)
    random_ = rng.random
    uniform = policy is rng_mod.choice
    row_and_column, row_only, column_only = g._ROW_AND_COLUMN, g._ROW_ONLY, g._COLUMN_ONLY
    collectable, step_row, step_column = layout.collectable, layout.ROW, layout.COLUMN
    steps = 0
    while True:
        if phase == p_place:
            hand = hands[turn]
            kinds = list(dict.fromkeys(hand))
            width = len(legal)
            if uniform:
                pick, spot = divmod(int(random_() * (len(kinds) * width)), width)
                card, at = kinds[pick], legal[spot]
            else:
                placements = g.Placements(tuple(kinds), tuple(legal))
                action = policy(rng, placements)
                card, at = action.card, layout.cell(action.x, action.y)
            steps += 1
            hand.remove(card)
            cells[at] = card
            layout.place_into_frontier(frontier, cells, at)
            last = (turn, card, at, 0)
            if groups:
                groups = layout.merge_on_place(groups, at)
            if groups:
                legal = layout.legal_cells(cells, tuple(frontier), groups)
            else:
                legal = frontier
                # DW-07: collecting is allowed once the layout is whole. A card with both
                # or neither neighbour along a line is no end of it (layout.collectable's
                # first test, here inline: most placements end no line).
                if ((at - step_row) in cells) != ((at + step_row) in cells):
                    row = collectable(cells, at, step_row)
                if ((at - step_column) in cells) != ((at + step_column) in cells):
                    column = collectable(cells, at, step_column)
                if row or column:
                    phase = p_collect
                    continue
        elif phase == p_collect:
            options = (row_and_column if column else row_only) if row else column_only
            which = policy(rng, options).which
            steps += 1
            if which != "none":
                taken = set(row if which != "column" else ())
                if which != "row":
                    taken.update(column)
                for gone in taken:
                    collected.append(cells.pop(gone))
                frontier = list(layout.frontier_after_remove(tuple(frontier), cells, taken))
                groups = layout.split_after_remove(cells, taken)
                if groups or not cells:
                    legal = layout.legal_cells(cells, tuple(frontier), groups)
                else:
                    legal = frontier
                scores[turn] += len(taken)
                if last is not None:
                    last = (last[0], last[1], last[2], len(taken))
            row = column = ()
        else:  # p_deal or p_draw: a chance step
            card = pile.pop(int(random_() * len(pile)))
            insort(hands[turn], card)
            steps += 1
            if phase == p_deal:
                dealt += 1
                if dealt == deal_size:
                    phase, turn = p_place, first
                else:
                    turn = (turn + 1) % players
            else:
                turn = (turn + 1) % players
                phase = p_place
            continue
        # The end of a turn (g._end_turn, g._next_turn): while the pile lasts, the turn's
        # draw (a chance step, as in the branch below) and the next seat's turn.
        if pile:
            insort(hands[turn], pile.pop(int(random_() * len(pile))))
            steps += 1
            turn = (turn + 1) % players
            phase = p_place
            continue
        seat = turn
        phase = p_over
        for _ in range(players):
            seat = (seat + 1) % players
            if hands[seat]:
                turn, phase = seat, p_place
                break
        if phase == p_over:
            break
    collected.sort()
    final = g.State(
        players=players,
        first=first,
        phase=phase,
        turn=turn,
        dealt=dealt,
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(pile),
        table=layout.Grid(cells),
        frontier=tuple(frontier),
        groups=groups,
        cells=tuple(legal),
        row=row,
        column=column,
        scores=tuple(scores),
        last=last,
        collected=tuple(collected),
    )
    return final, steps
