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
from collections.abc import Callable, Sequence
from typing import Any, Final

from ludoteca.engine import rng as rng_mod
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.model import Phase, State, new_state

Policy = Callable[[random.Random, Sequence[Any]], Any]
"""Picks one of the legal actions, e.g. ``ludoteca.engine.rng.choice``."""

# Plain ints, not the Phase members: compiled, comparisons of native ints.
_DEAL: Final = 0
_PLACE: Final = 1
_COLLECT: Final = 2
_DRAW: Final = 3
_OVER: Final = 4
_PHASES: Final = tuple(Phase)
_ROW: Final = layout.ROW
_COLUMN: Final = layout.COLUMN


def playout(state: State, rng: random.Random, policy: Policy) -> tuple[State, int]:
    """Play from ``state`` to the end, every seat choosing with ``policy``.

    Args:
        state: Any Dweebies state (an already finished one is returned as it is).
        rng: The random stream, shared by chance and the policy.
        policy: Called as ``policy(rng, legal)`` for every decision.

    Returns:
        The final state (equal to the protocol path's) and the steps applied.
    """
    from ludoteca.games.dweebies import game as g  # noqa: PLC0415 - game imports this module

    phase: int = int(state.phase)
    if phase == _OVER:
        return state, 0
    players: int = state.players
    first: int = state.first
    deal_size: int = g.HAND_SIZE * players
    turn: int = state.turn
    dealt: int = state.dealt
    hands: list[list[int]] = [list(hand) for hand in state.hands]
    pile: list[int] = list(state.pile)
    cells: dict[int, int] = dict(state.table.cells)
    frontier: list[int] = list(state.frontier)
    groups: layout.Groups = state.groups
    legal: list[int] = list(state.cells)
    row: tuple[int, ...] = state.row
    column: tuple[int, ...] = state.column
    scores: list[int] = list(state.scores)
    last: tuple[int, int, int, int] | None = state.last
    # The last placement kept as ints (a tuple is built only when a card is collected or at
    # the end): last_seat < 0 means "as ``last`` says".
    last_seat = last_card = last_at = -1
    collected: list[int] = list(state.collected)
    uniform = policy is rng_mod.choice
    steps = 0
    while True:
        if phase == _PLACE:
            hand = hands[turn]
            width = len(legal)
            if uniform:
                # The hand is sorted: its kinds are the cards that differ from the one before.
                kinds = 1
                for index in range(1, len(hand)):
                    if hand[index] != hand[index - 1]:
                        kinds += 1
                drawn = int(rng.random() * (kinds * width))
                pick = drawn // width
                at = legal[drawn - pick * width]
                index = 0
                while pick:
                    index += 1
                    if hand[index] != hand[index - 1]:
                        pick -= 1
                card = hand[index]
                del hand[index]
            else:
                placements = g.Placements(tuple(dict.fromkeys(hand)), tuple(legal))
                action = policy(rng, placements)
                card, at = action.card, layout.cell(action.x, action.y)
                hand.remove(card)
            steps += 1
            cells[at] = card
            layout.place_into_frontier(frontier, cells, at)
            last_seat, last_card, last_at = turn, card, at
            if groups:
                groups = layout.merge_on_place(groups, at)
            if groups:
                legal = list(layout.legal_cells(cells, tuple(frontier), groups))
            else:
                legal = frontier
                # DW-07: collecting is allowed once the layout is whole. A card with both
                # or neither neighbour along a line is no end of it (layout.collectable's
                # first test, here inline: most placements end no line).
                if ((at - _ROW) in cells) != ((at + _ROW) in cells):
                    row = layout.collectable(cells, at, _ROW)
                if ((at - _COLUMN) in cells) != ((at + _COLUMN) in cells):
                    column = layout.collectable(cells, at, _COLUMN)
                if row or column:
                    phase = _COLLECT
                    continue
        elif phase == _COLLECT:
            options = (g._ROW_AND_COLUMN if column else g._ROW_ONLY) if row else g._COLUMN_ONLY
            which: str = policy(rng, options).which
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
                    legal = list(layout.legal_cells(cells, tuple(frontier), groups))
                else:
                    legal = frontier
                scores[turn] += len(taken)
                if last_seat >= 0:
                    last = (last_seat, last_card, last_at, len(taken))
                    last_seat = -1
                elif last is not None:
                    last = (last[0], last[1], last[2], len(taken))
            row = column = ()
        else:  # _DEAL or _DRAW: a chance step
            _insert_sorted(hands[turn], pile.pop(int(rng.random() * len(pile))))
            steps += 1
            if phase == _DEAL:
                dealt += 1
                if dealt == deal_size:
                    phase, turn = _PLACE, first
                else:
                    turn = (turn + 1) % players
            else:
                turn = (turn + 1) % players
                phase = _PLACE
            continue
        # The end of a turn (g._end_turn, g._next_turn): while the pile lasts, the turn's
        # draw (a chance step, as in the branch below) and the next seat's turn.
        if pile:
            _insert_sorted(hands[turn], pile.pop(int(rng.random() * len(pile))))
            steps += 1
            turn = (turn + 1) % players
            phase = _PLACE
            continue
        seat = turn
        phase = _OVER
        for _ in range(players):
            seat = (seat + 1) % players
            if hands[seat]:
                turn, phase = seat, _PLACE
                break
        if phase == _OVER:
            break
    if last_seat >= 0:
        last = (last_seat, last_card, last_at, 0)
    collected.sort()
    # tuple.__new__ with the fields in order: State(...) would run the NamedTuple's
    # interpreted __new__, and Phase(phase) the enum's __call__.
    final: State = new_state(
        State,
        (
            players,
            first,
            _PHASES[phase],
            turn,
            dealt,
            tuple([tuple(hand) for hand in hands]),
            tuple(pile),
            layout.Grid(cells),
            tuple(frontier),
            groups,
            tuple(legal),
            row,
            column,
            tuple(scores),
            last,
            tuple(collected),
        ),
    )
    return final, steps


def _insert_sorted(hand: list[int], card: int) -> None:
    """``bisect.insort`` on a short list, as a native loop when compiled."""
    index = len(hand)
    while index and hand[index - 1] > card:
        index -= 1
    hand.insert(index, card)
