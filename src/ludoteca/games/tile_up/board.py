"""Tile Up board geometry: cells as bits, goal shapes and the exact region match (TU-04).

Cells are bits of a Python ``int``. Row ``r``, column ``c`` of an ``n x n`` board is bit
``r * (n + 1) + c``: each row has one extra, always empty guard bit, so shifting a mask by
one bit never wraps a cell into the next row. ``neighbours(mask)`` is then four shifts and
an ``and``.

**Reading of TU-04.** A goal is scored on a set ``S`` of cells whose top tiles have the
card's colour, that form the card's shape, and with no other cell of that top colour
orthogonally adjacent. A shape is connected, so ``S`` is connected; no same-colour cell
touches it from outside, so ``S`` is a whole connected region of same-colour top tiles.
Conversely a whole region with exactly the shape's cells qualifies. So the scoreable sets
are exactly the same-colour top regions whose cells equal the shape under rotation (and
reflection with ``allow_mirror``). A bigger region never scores, even if it contains the
shape: that is the rulebook's example of the orange "L" with an extra orange tile beside it.

The game keeps the matching regions in its state and updates them only around the cell a
tile goes on (``update_regions``), so no goal check scans the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final, NamedTuple

Cells = Sequence[tuple[int, int]]


class Region(NamedTuple):
    """A same-colour top region that has exactly a goal shape.

    Attributes:
        anchor: Its lowest cell bit (names the region in ``score`` actions).
        colour: The top colour of its cells.
        shape: The index of the shape it equals.
        mask: Its cells.
    """

    anchor: int
    colour: int
    shape: int
    mask: int


class Geometry:
    """Everything that depends on the board size and ``allow_mirror``, computed once.

    Attributes:
        size: Cells per side.
        stride: Bits per row (``size + 1``: one guard bit).
        rows: The bit indices of each row's cells.
        cells: The bit index of every cell, ascending.
        valid: The mask of all cells.
        corners: The mask of the four corners.
        start: The start cells (centre, then up, left, right, down) as bit indices.
        orientations: Normalised mask -> shape index, for every allowed orientation.
        partial: Normalised mask of a connected part of an allowed orientation -> the shape
            indices it can still grow into (used by agents).
        sizes: Cells per shape.
        around: Per bit index, the mask of its orthogonal neighbours (``neighbours`` of
            one cell, read from a table on the hot path: four shifts of a many-word int
            cost more than a tuple index).
    """

    def __init__(self, size: int, shapes: Sequence[Cells], allow_mirror: bool) -> None:
        self.size = size
        self.stride = stride = size + 1
        self.rows = tuple(tuple(r * stride + c for c in range(size)) for r in range(size))
        self.cells = tuple(cell for row in self.rows for cell in row)
        self.valid = sum(1 << i for i in self.cells)
        last = size - 1
        self.corners = sum(1 << self.bit(r, c) for r in (0, last) for c in (0, last))
        mid = size // 2
        self.start = tuple(
            self.bit(r, c)
            for r, c in ((mid, mid), (mid - 1, mid), (mid, mid - 1), (mid, mid + 1), (mid + 1, mid))
        )
        self.sizes = tuple(len(shape) for shape in shapes)
        self.around = tuple(self.neighbours(1 << bit) for bit in range(size * stride))
        self.orientations: dict[int, int] = {}
        self.partial: dict[int, frozenset[int]] = {}
        for index, shape in enumerate(shapes):
            for cells in _orientations(tuple((r, c) for r, c in shape), allow_mirror):
                mask = self.mask_of(cells)
                self.orientations[self.normalise(mask)] = index
                for part in _connected_parts(cells):
                    key = self.normalise(self.mask_of(part))
                    self.partial[key] = self.partial.get(key, frozenset()) | {index}

    def bit(self, row: int, col: int) -> int:
        """The bit index of a cell."""
        return row * self.stride + col

    def row_col(self, bit: int) -> tuple[int, int]:
        """The (row, column) of a bit index."""
        return divmod(bit, self.stride)

    def on_board(self, row: int, col: int) -> bool:
        """Whether (row, col) is a cell."""
        return 0 <= row < self.size and 0 <= col < self.size

    def mask_of(self, cells: Iterable[tuple[int, int]]) -> int:
        """The mask of (row, col) cells (rows and columns from 0)."""
        return sum(1 << (r * self.stride + c) for r, c in cells)

    def neighbours(self, mask: int) -> int:
        """Cells orthogonally adjacent to ``mask`` (``mask`` itself may be included)."""
        stride = self.stride
        return (mask << 1 | mask >> 1 | mask << stride | mask >> stride) & self.valid

    def flood(self, within: int, seed: int) -> int:
        """The connected part of ``within`` that contains the bits of ``seed``."""
        region = seed
        stride = self.stride
        while True:
            grown = (
                region | region << 1 | region >> 1 | region << stride | region >> stride
            ) & within
            if grown == region:
                return region
            region = grown

    def normalise(self, mask: int) -> int:
        """``mask`` moved up and left until it touches row 0 and column 0."""
        stride = self.stride
        low = (mask & -mask).bit_length() - 1
        top = low - low % stride
        col = stride
        rest = mask
        while rest:
            bit = rest & -rest
            col = min(col, (bit.bit_length() - 1) % stride)
            rest ^= bit
        return mask >> (top + col)

    def shape_of(self, mask: int) -> int:
        """The shape a region has exactly, or -1."""
        if not 3 <= mask.bit_count() <= 5:
            return -1
        return self.orientations.get(self.normalise(mask), -1)


@cache
def geometry(size: int, shapes: tuple[tuple[tuple[int, int], ...], ...], mirror: bool) -> Geometry:
    """The (cached) geometry of a board size and shape set."""
    return Geometry(size, shapes, mirror)


def bits(mask: int) -> list[int]:
    """The set bit indices of ``mask``, ascending."""
    out = []
    base = 0
    table = _BYTE_BITS
    while mask:
        byte = mask & 0xFF
        if byte:
            out.extend([base + k for k in table[byte]])
        mask >>= 8
        base += 8
    return out


_BYTE_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(k for k in range(8) if byte >> k & 1) for byte in range(256)
)


def update_regions(
    geo: Geometry,
    regions: tuple[Region, ...],
    colour_masks: Sequence[int],
    cell: int,
    new_colour: int,
    old_colour: int,
) -> tuple[Region, ...]:
    """The matching regions after the top of ``cell`` changed from ``old_colour`` (-1 for an
    empty cell) to ``new_colour``; ``colour_masks`` are already the new ones.

    Only regions that touch ``cell`` can change: the ``new_colour`` regions next to it merge
    through it, and the ``old_colour`` region that held it may split.
    """
    bit = 1 << cell
    around = geo.around[cell]
    near = around | bit
    kept = [r for r in regions if not (r.mask & near and (r.colour in (new_colour, old_colour)))]
    same = colour_masks[new_colour]
    if around & same:  # alone, the cell is one cell: no shape has fewer than three
        _add(geo, kept, geo.flood(same, bit), new_colour)
    if old_colour >= 0:
        within = colour_masks[old_colour]
        rest = around & within
        while rest:
            seed = rest & -rest
            part = geo.flood(within, seed)
            _add(geo, kept, part, old_colour)
            rest &= ~part
    kept.sort()
    return tuple(kept)


def all_regions(geo: Geometry, colour_masks: Sequence[int]) -> tuple[Region, ...]:
    """Every matching region of a board, found from scratch (setup and ``sample_state``)."""
    found: list[Region] = []
    for colour, within in enumerate(colour_masks):
        rest = within
        while rest:
            part = geo.flood(within, rest & -rest)
            _add(geo, found, part, colour)
            rest &= ~part
    found.sort()
    return tuple(found)


def _add(geo: Geometry, out: list[Region], mask: int, colour: int) -> None:
    shape = geo.shape_of(mask)
    if shape >= 0:
        out.append(Region((mask & -mask).bit_length() - 1, colour, shape, mask))


def _normalise_cells(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    listed = list(cells)
    top = min(r for r, _ in listed)
    left = min(c for _, c in listed)
    return tuple(sorted((r - top, c - left) for r, c in listed))


def _orientations(
    cells: tuple[tuple[int, int], ...], mirror: bool
) -> set[tuple[tuple[int, int], ...]]:
    """The four rotations of a shape, and their mirror images when ``mirror``."""
    found = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]
        found.add(_normalise_cells(current))
        if mirror:
            found.add(_normalise_cells((r, -c) for r, c in current))
    return found


def _connected_parts(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """Every non-empty connected subset of a small shape."""
    parts = []
    for chosen in range(1, 1 << len(cells)):
        subset = [cell for k, cell in enumerate(cells) if chosen >> k & 1]
        if _connected(subset):
            parts.append(tuple(subset))
    return parts


def _connected(cells: list[tuple[int, int]]) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if step in members and step not in seen:
                seen.add(step)
                todo.append(step)
    return len(seen) == len(members)
