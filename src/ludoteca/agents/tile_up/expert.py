"""A stronger Tile Up agent ("expert") that plans whole shapes inside its turn; view only.

A turn may place any number of tiles and score between and after them (TU-02, TU-06), so
a shape can be built *and* scored in one turn, before anyone else can take a face-up card
or spoil it. The greedy agent grows regions one tile at a time and often leaves half-built
shapes for the next player. This agent first looks for **completion plans**:

* for every goal it may score (its hidden cards and the face-up ones), every placement of
  the card's shape on the board (every allowed orientation, every offset);
* the cells of the placement that do not already show the card's colour must each take a
  tile of that colour from the hand: an empty cell (the placement must touch the tiles on
  the board, so the cells can be filled one after the other), or a stack whose top has
  another colour and a higher number (TU-03);
* no cell next to the placement may show the card's colour (the exact-region reading of
  TU-04); tiles are matched to the stacks lowest top first, smallest fitting tile first.

A plan is worth its points (every tile in the shape's stacks) minus a cost per tile used.
The best plan is played one tile at a time (the cell that can be filled now) and scored as
soon as the shape is complete; it is recomputed at every decision, and a plan half played
costs fewer tiles, so the agent keeps to it. With no plan it plays like the greedy agent,
but far more patiently: a loose tile is placed only when it is worth about a finished
shape (a corner when leading, TU-09), else it draws, up to 5 tiles, 3 goal cards, 7 tiles
(a fuller hand and more goals complete more shapes, and the end-of-turn discards keep the
tiles of its goals' colours). Loose tiles grow the board toward the corners and spend
tiles for little; the greedy agent's habit of placing them is what keeps its score low.
Building toward face-up goals by halves gets less weight (it is a gift to the next player).

Measured (``bench/studies/expert_tile_up.py``): see ``bench/README.md``. Decisions take a few
milliseconds: the shape placements of a board are listed once (``placements``) and each
decision walks them with bit masks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ludoteca.agents.tile_up.greedy import Board, GreedyParams, GreedyTileUp
from ludoteca.engine.game import View
from ludoteca.games.tile_up.board import Geometry, bits
from ludoteca.games.tile_up.model import CARDS, NUMBERS, DiscardGoal, DiscardTile, Place, Score

EXPERT_GREEDY_PARAMS = GreedyParams(faceup_weight=0.2, threshold=20.0, short_hand=5, few_goals=3)
"""The greedy knobs used when no completion plan exists: a placement must be worth about a
finished shape (``threshold``), else the agent draws: tiles up to 5 in hand, goal cards up
to 3, tiles again up to 7."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One way to complete a goal's shape this turn.

    Attributes:
        value: Points minus the cost of the tiles used.
        points: Tiles in the shape's stacks once complete.
        fills: ``(cell bit, tile code)`` for each cell still to fill.
    """

    value: float
    points: int
    fills: tuple[tuple[int, int], ...]


class ExpertTileUp(GreedyTileUp):
    """Completes and scores whole shapes within a turn; otherwise plays like greedy."""

    name = "expert"

    def __init__(self, params: GreedyParams | None = None, tile_cost: float = 1.0) -> None:
        """Create the agent.

        Args:
            params: Greedy knobs for decisions without a plan.
            tile_cost: Points a plan must earn for each tile it uses.
        """
        super().__init__(params or EXPERT_GREEDY_PARAMS)
        self.tile_cost = tile_cost

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal``: score, else follow the best completion plan, else greedy.

        Args:
            view: What this seat sees (``TileUp.view``).
            legal: The seat's legal actions.
            rng: Passed to the greedy fallback (which does not use it).

        Returns:
            An element of ``legal``.
        """
        if len(legal) == 1 or isinstance(legal[0], DiscardTile | DiscardGoal):
            return super().choose(view, legal, rng)
        if any(isinstance(a, Score) for a in legal):
            return super().choose(view, legal, rng)
        if any(isinstance(a, Place) for a in legal):
            board = Board(view)
            plan = self.best_plan(board)
            if plan is not None:
                move = _first_move(board, plan, legal)
                if move is not None:
                    return move
        return super().choose(view, legal, rng)

    def best_plan(self, board: Board) -> Plan | None:
        """The most valuable completion plan for the agent's goals and the face-up ones."""
        best: Plan | None = None
        cards = [*board.goals, *(card for card in board.faceup if card >= 0)]
        for card in cards:
            plan = self._plan_for(board, *CARDS[card])
            if plan is not None and (best is None or plan.value > best.value):
                best = plan
        return best

    def _plan_for(self, board: Board, shape: int, colour: int) -> Plan | None:
        geo = board.geo
        hand = sorted(t for t in board.tiles if t // NUMBERS == colour)
        if not hand:
            return None
        same = board.colour_masks[colour]
        occupied = board.occupied
        reach = occupied | geo.neighbours(occupied)
        heights = board.heights
        tops = board.tops
        most = len(hand)
        best: Plan | None = None
        for mask, cells, rim in placements(geo, shape):
            if not mask & reach or rim & same:
                continue
            need = mask & ~same
            count = need.bit_count()
            if not count or count > most:
                continue
            fills = _assign(hand, [c for c in cells if need >> c & 1], tops)
            if fills is None:
                continue
            points = sum(heights[c] for c in cells) + count
            value = points - self.tile_cost * count
            if best is None or value > best.value:
                best = Plan(value, points, fills)
        return best


def _assign(
    hand: list[int], cells: list[int], tops: list[int]
) -> tuple[tuple[int, int], ...] | None:
    """Tiles of ``hand`` (one colour, sorted) for ``cells``, or ``None`` if they do not fit.

    Stacks take the smallest tile below their top, lowest top first; empty cells then take
    the largest tiles left (small tiles are kept for stacking on tall stacks later).
    """
    free = list(hand)
    fills: list[tuple[int, int]] = []
    stacked = sorted((tops[c] % NUMBERS, c) for c in cells if tops[c] >= 0)
    for top_number, cell in stacked:
        for index, tile in enumerate(free):
            if tile % NUMBERS < top_number:
                fills.append((cell, free.pop(index)))
                break
        else:
            return None
    for cell in cells:
        if tops[cell] < 0:
            fills.append((cell, free.pop()))
    return tuple(fills)


def _first_move(board: Board, plan: Plan, legal: Sequence[Any]) -> Place | None:
    """A placement of the plan that is legal now (a stack, or an empty cell on the edge)."""
    geo = board.geo
    frontier = geo.neighbours(board.occupied) & ~board.occupied
    for cell, tile in plan.fills:
        if board.tops[cell] >= 0 or frontier >> cell & 1:
            move = Place(tile, *geo.row_col(cell))
            if move in legal:
                return move
    return None


@cache
def placements(geo: Geometry, shape: int) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """Every placement of a shape on the board: ``(mask, cells, rim)``, where ``rim`` is
    the cells orthogonally next to the placement.
    """
    found = []
    for oriented, index in geo.orientations.items():
        if index != shape:
            continue
        for offset in range(geo.size * geo.stride):
            mask = oriented << offset
            if mask & ~geo.valid:
                if mask >> (geo.size * geo.stride):
                    break
                continue
            found.append((mask, tuple(bits(mask)), geo.neighbours(mask) & ~mask))
    return tuple(found)
