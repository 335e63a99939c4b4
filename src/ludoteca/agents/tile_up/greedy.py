"""A fast rule-based ("greedy") Tile Up agent that sees only its view.

Points come from same-colour top regions that equal a goal shape exactly, one point per
tile in their stacks. The agent therefore

* scores whatever it can score, the most points first, before doing anything else;
* places tiles that grow a region of a target colour (its hidden goals first, then the
  face-up ones) toward the target's shape: a region still inside some orientation of the
  shape is progress, a region that outgrows it is a loss; completing the shape is best;
* prefers cells with high stacks under its shapes (every covered tile is a point) and
  avoids covering its own regions in progress with other colours;
* races for the corners when it leads (covering them ends the game, TU-09) and never
  covers the last corner when it does not lead;
* when no placement helps, draws tiles while its hand is short, else a goal card while it
  holds fewer than two, else tiles while its hand is not full, else places its least bad
  tile (away from the corners unless it leads); ends a placing turn; discards the tiles and
  cards it needs least. "Leading" is by the TU-09 order: points, then goal cards scored.

No search: each decision floods the board once per target colour from the view (bit masks
of ``games/tile_up/board.py``) and scores each legal placement in a few dictionary lookups.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import View
from ludoteca.games.tile_up.board import Geometry, bits, geometry
from ludoteca.games.tile_up.model import (
    CARDS,
    COLOURS,
    MAX_TILES,
    NUMBERS,
    SHAPES,
    TILE_CODES,
    DiscardGoal,
    DiscardTile,
    DrawGoal,
    DrawTiles,
    EndTurn,
    Place,
    Score,
)


@dataclass(frozen=True, slots=True)
class GreedyParams:
    """The knobs of the heuristic.

    Attributes:
        own_weight: Weight of the agent's hidden goals.
        faceup_weight: Weight of the face-up goals (anyone may take them).
        complete_bonus: Value of completing a shape, on top of its points.
        cell_value: Value per region cell that still fits the shape.
        height_value: Value per tile under a region that still fits the shape.
        threshold: A placement must be worth more than this to be played.
        short_hand: Draw tiles (when nothing is worth placing) while holding at most this many.
        few_goals: Draw a goal card (when nothing is worth placing) while holding fewer.
        corner_bonus: Value of covering a corner while leading.
    """

    own_weight: float = 1.0
    faceup_weight: float = 0.7
    complete_bonus: float = 30.0
    cell_value: float = 4.0
    height_value: float = 1.5
    threshold: float = 0.5
    short_hand: int = 4
    few_goals: int = 2
    corner_bonus: float = 40.0


DEFAULT_PARAMS = GreedyParams()


class GreedyTileUp:
    """Rule-based Tile Up agent: score now, build toward its shapes, race corners when ahead."""

    name = "greedy"

    def __init__(self, params: GreedyParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Heuristic knobs; the defaults when omitted.
        """
        self.params = params or DEFAULT_PARAMS

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal``.

        Args:
            view: What this seat sees (``TileUp.view``).
            legal: The seat's legal actions.
            rng: Unused: the agent is deterministic. Part of the Agent protocol.

        Returns:
            An element of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        board = Board(view)
        if isinstance(legal[0], DiscardTile):
            return self._discard_tile(board, legal)
        if isinstance(legal[0], DiscardGoal):
            return self._discard_goal(board, legal)
        scores = [a for a in legal if isinstance(a, Score)]
        if scores:
            return max(scores, key=lambda a: (board.points_at(a.row, a.col), -a.card))
        places = [a for a in legal if isinstance(a, Place)]
        best: Place | None = None
        best_value = -1e9
        if places:
            targets = self.targets(board)
            for action in places:
                value = self.place_value(board, targets, action)
                if value > best_value:
                    best, best_value = action, value
        if best is not None and best_value > self.params.threshold:
            return best
        return self._no_good_placement(board, legal, best, best_value)

    # -----------------------------------------------------------------------------------

    def targets(self, board: Board) -> list[tuple[int, int, float]]:
        """The goals worth building: ``(shape, colour, weight)``, own cards first."""
        params = self.params
        found = [(*CARDS[card], params.own_weight) for card in board.goals]
        found += [(*CARDS[card], params.faceup_weight) for card in board.faceup if card >= 0]
        return found

    def place_value(
        self, board: Board, targets: list[tuple[int, int, float]], action: Place
    ) -> float:
        """How much placing ``action.tile`` on its cell is worth to this agent."""
        params = self.params
        geo = board.geo
        cell = geo.bit(action.row, action.col)
        colour = action.tile // NUMBERS
        height = board.heights[cell] + 1
        value = 0.0
        for shape, target_colour, weight in targets:
            if target_colour == colour:
                merged, before = board.merge(colour, cell)
                gain = self.progress(board, merged, shape, cell, height)
                value += weight * (
                    gain - max((self.progress(board, r, shape) for r in before), default=0.0)
                )
        old = board.tops[cell]
        if old >= 0:
            old_colour = old // NUMBERS
            lost = board.region_of(old_colour, cell)
            for shape, target_colour, weight in targets:
                if target_colour == old_colour:
                    value -= weight * self.progress(board, lost, shape)
        corners = board.open_corners
        if corners >> cell & 1:
            if board.leading:
                value += params.corner_bonus
            elif corners == 1 << cell:
                value -= 1000.0
        elif corners:
            step = board.corner_step(cell)
            value += step if board.leading else -0.25 * step
        return value

    def progress(
        self, board: Board, region: int, shape: int, cell: int = -1, height: int = 0
    ) -> float:
        """The value of a same-colour region for a target shape: its points and a bonus if it
        is the shape, cells and heights if it can still grow into it, else nothing.

        ``cell`` and ``height`` give one cell's height after a placement not yet made.
        """
        if not region:
            return 0.0
        geo = board.geo
        size = region.bit_count()
        if size > geo.sizes[shape]:
            return 0.0
        key = geo.normalise(region)
        heights = board.heights
        tiles = sum(height if c == cell else heights[c] for c in bits(region))
        params = self.params
        if size == geo.sizes[shape] and geo.orientations.get(key, -1) == shape:
            return params.complete_bonus + 3.0 * tiles
        if shape in geo.partial.get(key, ()):
            return params.cell_value * size + params.height_value * tiles
        return 0.0

    # -----------------------------------------------------------------------------------

    def _no_good_placement(
        self, board: Board, legal: Sequence[Any], best: Place | None, best_value: float
    ) -> Any:
        params = self.params
        draw_tiles = next((a for a in legal if isinstance(a, DrawTiles)), None)
        draw_goal = next((a for a in legal if isinstance(a, DrawGoal)), None)
        end = next((a for a in legal if isinstance(a, EndTurn)), None)
        if end is not None and board.acted:
            return end  # placing or drawn: stop here
        if draw_tiles is not None and len(board.tiles) <= params.short_hand:
            return draw_tiles
        if draw_goal is not None and len(board.goals) < params.few_goals:
            return draw_goal
        if draw_tiles is not None and len(board.tiles) < MAX_TILES:
            return draw_tiles
        if best is not None and best_value > -100.0:
            return best  # a full hand: place rather than draw and discard for ever
        if draw_tiles is not None:
            return draw_tiles
        if draw_goal is not None:
            return draw_goal
        return best if best is not None else legal[0]

    def _discard_tile(self, board: Board, legal: Sequence[Any]) -> Any:
        wanted = {colour for _, colour, _ in self.targets(board)}
        own = {CARDS[card][1] for card in board.goals}

        def keep(action: DiscardTile) -> tuple[int, int]:
            colour = action.tile // NUMBERS
            return (2 if colour in own else 1 if colour in wanted else 0, action.tile % NUMBERS)

        return min(legal, key=keep)

    def _discard_goal(self, board: Board, legal: Sequence[Any]) -> Any:
        held = [TILE_CODES_COLOUR[t] for t in board.tiles]

        def keep(action: DiscardGoal) -> tuple[int, int]:
            shape, colour = CARDS[action.card]
            return (held.count(colour), -board.geo.sizes[shape])

        return min(legal, key=keep)


TILE_CODES_COLOUR: dict[int, int] = {code: code // NUMBERS for code in TILE_CODES.values()}


class Board:
    """What one decision needs, read from the view once.

    Attributes:
        geo: The board geometry.
        tops: Top tile code per cell bit (-1 empty).
        heights: Stack height per cell bit.
        colour_masks: Cells by top colour.
        tiles: The agent's tile codes.
        goals: The agent's goal cards.
        faceup: The face-up cards (-1 for an empty slot).
        acted: Whether the turn's action has been taken (placing or drawn).
        leading: Whether the agent's score is strictly the highest.
        open_corners: Mask of the uncovered corners.
    """

    def __init__(self, view: View) -> None:
        size = int(view["size"])
        self.geo: Geometry = geometry(size, SHAPES, bool(view["options"]["allow_mirror"]))
        geo = self.geo
        cells = size * geo.stride
        self.tops = [-1] * cells
        self.heights = [0] * cells
        self.colour_masks = [0] * len(COLOURS)
        occupied = 0
        for r, row in enumerate(view["board"]):
            for c, stack in enumerate(row):
                if stack:
                    bit = geo.bit(r, c)
                    top = TILE_CODES[stack[-1]]
                    self.tops[bit] = top
                    self.heights[bit] = len(stack)
                    self.colour_masks[top // NUMBERS] |= 1 << bit
                    occupied |= 1 << bit
        self.occupied = occupied
        self.tiles = [TILE_CODES[name] for name in view.get("tiles", [])]
        self.goals: list[int] = list(view.get("goals", []))
        self.faceup: list[int] = list(view["faceup"])
        self.acted = int(view["acted"]) != 0
        seat = int(view["seat"])
        keys = list(zip(view["scores"], view["scored"], strict=True))
        others = [key for i, key in enumerate(keys) if i != seat]
        self.leading = bool(others) and keys[seat] > max(others)
        self.open_corners = geo.corners & ~occupied
        self._corner_cells = bits(self.open_corners)
        self._reach = min(
            (self._distance(c, corner) for c in bits(occupied) for corner in self._corner_cells),
            default=0,
        )

    def merge(self, colour: int, cell: int) -> tuple[int, list[int]]:
        """The ``colour`` region ``cell`` would join, and the regions it merges."""
        geo = self.geo
        within = self.colour_masks[colour]
        touching = geo.neighbours(1 << cell) & within
        before = []
        merged = 1 << cell
        while touching:
            part = geo.flood(within, touching & -touching)
            before.append(part)
            merged |= part
            touching &= ~part
        return merged, before

    def region_of(self, colour: int, cell: int) -> int:
        """The ``colour`` region holding ``cell``."""
        return self.geo.flood(self.colour_masks[colour], 1 << cell)

    def points_at(self, row: int, col: int) -> int:
        """Points of the region whose top colour covers (row, col): tiles in its stacks."""
        cell = self.geo.bit(row, col)
        top = self.tops[cell]
        if top < 0:
            return 0
        return sum(self.heights[c] for c in bits(self.region_of(top // NUMBERS, cell)))

    def corner_step(self, cell: int) -> float:
        """Bonus for bringing the tiles nearer an uncovered corner (when leading)."""
        nearest = min(self._distance(cell, corner) for corner in self._corner_cells)
        return 2.0 * max(0, self._reach - nearest)

    def _distance(self, a: int, b: int) -> int:
        ra, ca = self.geo.row_col(a)
        rb, cb = self.geo.row_col(b)
        return abs(ra - rb) + abs(ca - cb)
