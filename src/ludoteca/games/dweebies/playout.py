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
legal list (:class:`~ludoteca.games.dweebies.actions.Placements`, by card then cell, or the
collect tuple). With the uniform policy :func:`ludoteca.engine.rng.choice` the placement is
read straight from the drawn index (the same ``int(rng.random() * len(legal))``), without
building the list.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ludoteca.engine import rng as rng_mod
from ludoteca.engine.sorted_ints import insert_sorted, position_in_list
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.actions import COLUMN_ONLY, ROW_AND_COLUMN, ROW_ONLY, Placements
from ludoteca.games.dweebies.cards import HAND_SIZE
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
    phase: int = int(state.phase)
    if phase == _OVER:
        return state, 0
    players: int = state.players
    first: int = state.first
    deal_size: int = HAND_SIZE * players
    turn: int = state.turn
    dealt: int = state.dealt
    hands: list[list[int]] = [list(hand) for hand in state.hands]
    pile: list[int] = list(state.pile)
    cells: dict[int, int] = dict(state.table.cells)
    board = _take_board(cells)
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
    random_ = rng.random
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
                drawn = int(random_() * (kinds * width))
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
                placements = Placements(tuple(dict.fromkeys(hand)), tuple(legal))
                action = policy(rng, placements)
                card, at = action.card, layout.cell(action.x, action.y)
                hand.remove(card)
            steps += 1
            cells[at] = card
            board[at] = card + 1
            _grow_frontier(frontier, board, at)
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
                if (board[at - _ROW] == 0) != (board[at + _ROW] == 0):
                    row = _line_from_end(board, at, _ROW)
                if (board[at - _COLUMN] == 0) != (board[at + _COLUMN] == 0):
                    column = _line_from_end(board, at, _COLUMN)
                if row or column:
                    phase = _COLLECT
                    continue
        elif phase == _COLLECT:
            options = (ROW_AND_COLUMN if column else ROW_ONLY) if row else COLUMN_ONLY
            which: str = policy(rng, options).which
            steps += 1
            if which != "none":
                taken = set(row if which != "column" else ())
                if which != "row":
                    taken.update(column)
                for gone in taken:
                    collected.append(cells.pop(gone))
                    board[gone] = 0
                frontier = _frontier_after_remove(frontier, board, taken)
                groups = _groups_after(board, taken)
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
            insert_sorted(hands[turn], pile.pop(int(random_() * len(pile))))
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
        # The end of a turn (game._end_turn, game._next_turn): while the pile lasts, the turn's
        # draw (a chance step, as in the branch below) and the next seat's turn.
        if pile:
            insert_sorted(hands[turn], pile.pop(int(random_() * len(pile))))
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
    _give_back(board, cells)
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


_STEPS: Final = layout.STEPS
_BOARD_SIZE: Final = layout.STRIDE * layout.STRIDE
"""A board entry for every cell code."""
_FREE_BOARDS: Final[list[list[int]]] = []
"""Boards no playout is using, all zeros. A playout takes one and gives it back cleared, so
each thread's playout has its own; one that raises simply drops its board."""


def _take_board(cells: dict[int, int]) -> list[int]:
    """A board for ``cells``: entry ``cell`` is the card there plus one, 0 when empty.

    Compiled, reading a list of small ints is native code, where ``cell in cells`` boxes the
    cell code (a new int object: codes are above Python's small-int cache) for a dict lookup.
    """
    try:
        board = _FREE_BOARDS.pop()
    except IndexError:
        board = [0] * _BOARD_SIZE
    for at, card in cells.items():
        board[at] = card + 1
    return board


def _give_back(board: list[int], cells: dict[int, int]) -> None:
    """Clear the cells of ``board`` that hold a card and keep it for the next playout."""
    for at in cells:
        board[at] = 0
    _FREE_BOARDS.append(board)


def _grow_frontier(frontier: list[int], board: list[int], at: int) -> None:
    """:func:`layout.place_into_frontier` read from the board (a card now stands on ``at``)."""
    index = position_in_list(frontier, at)
    if index < len(frontier) and frontier[index] == at:
        del frontier[index]
    # No cell code lies between at - 1 and at, or at and at + 1: those two neighbours go
    # right before and after at's place, with no search.
    if board[at - _COLUMN] == 0 and not (index and frontier[index - 1] == at - _COLUMN):
        frontier.insert(index, at - _COLUMN)
        index += 1
    if board[at + _COLUMN] == 0 and not (index < len(frontier) and frontier[index] == at + _COLUMN):
        frontier.insert(index, at + _COLUMN)
    _add_near(frontier, board, at - _ROW)
    _add_near(frontier, board, at + _ROW)


def _add_near(frontier: list[int], board: list[int], near: int) -> None:
    """Insert ``near`` into the sorted frontier if it is empty and not there yet."""
    if board[near] == 0:
        index = position_in_list(frontier, near)
        if index == len(frontier) or frontier[index] != near:
            frontier.insert(index, near)


def _line_from_end(board: list[int], at: int, step: int) -> tuple[int, ...]:
    """:func:`layout.collectable` read from the board, for a card known to be at one end of
    its line along ``step`` (exactly one neighbour along it holds a card).
    """
    card = board[at]
    far = at
    if board[at + step]:
        while board[far + step]:
            far += step
        return tuple(range(at, far + step, step)) if board[far] == card else ()
    while board[far - step]:
        far -= step
    return tuple(range(far, at + step, step)) if board[far] == card else ()


def _frontier_after_remove(frontier: list[int], board: list[int], taken: set[int]) -> list[int]:
    """:func:`layout.frontier_after_remove` read from the board (``taken`` already cleared)."""
    touched = set(taken)
    for gone in taken:
        for step in _STEPS:
            touched.add(gone + step)
    kept = [near for near in frontier if near not in touched]
    for near in touched:
        if board[near] == 0 and (
            board[near - _ROW]
            or board[near - _COLUMN]
            or board[near + _COLUMN]
            or board[near + _ROW]
        ):
            kept.append(near)
    kept.sort()
    return kept


def _groups_after(board: list[int], taken: set[int]) -> layout.Groups:
    """DW-07: :func:`layout.split_after_remove` on the board: the groups left after a
    collection from a whole layout, ``()`` when still one.

    One search from a card that touched a taken cell until every other such card is reached
    (the usual case); only when it cannot are the other groups searched. Visited cards are
    marked by negating their entry, restored before returning.
    """
    seeds = sorted({gone + step for gone in taken for step in _STEPS if board[gone + step]})
    if len(seeds) <= 1:
        return ()
    wanted = set(seeds[1:])
    visited: list[int] = []
    found = [_mark_group(board, seeds[0], visited, wanted)]
    if wanted:
        for seed in seeds[1:]:
            if board[seed] > 0:
                found.append(_mark_group(board, seed, visited, None))
    for card_at in visited:
        board[card_at] = -board[card_at]
    if len(found) == 1:
        return ()
    return tuple(sorted((frozenset(group) for group in found), key=min))


def _mark_group(
    board: list[int], start: int, visited: list[int], wanted: set[int] | None
) -> list[int]:
    """The cards connected to ``start``, marked on the board and added to ``visited``.

    With ``wanted`` (cards to reach, discarded as they are reached) the search stops as
    soon as it is empty: the layout is then still one group.
    """
    board[start] = -board[start]
    group = [start]
    todo = [start]
    while todo:
        here = todo.pop()
        for step in _STEPS:
            near = here + step
            if board[near] > 0:
                board[near] = -board[near]
                group.append(near)
                todo.append(near)
                if wanted is not None and near in wanted:
                    wanted.discard(near)
                    if not wanted:
                        todo.clear()
                        break
    visited.extend(group)
    return group
