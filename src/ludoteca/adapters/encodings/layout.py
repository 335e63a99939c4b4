"""An observation's layout: named blocks of entries, one after another.

Every encoding describes its vector with one :class:`Layout` (the table in its module
docstring, as data): each :class:`Block` has a name, an offset, a size and the bounds of
its entries. The encodings read their offsets by name (:meth:`Layout.offsets`) and take
their ``observation_low`` and ``observation_high`` arrays from the layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Bound = float | tuple[float, ...]
"""One bound for every entry of a block, or a pattern of bounds repeated over the block
(Tile Up's board: the bounds of one cell, once per cell)."""

Spec = tuple[str, int, Bound, str] | tuple[str, int, Bound, str, Bound]
"""A block as an encoding lists it: ``(name, size, high, meaning)``, and ``low`` when it is
not 0."""


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of observation entries.

    Attributes:
        name: The block's name (as in the encoding's table).
        offset: Index of its first entry.
        size: Number of entries.
        high: Upper bound of its entries (one for all, or a repeated pattern).
        meaning: What the entries hold.
        low: Lower bound of its entries (one for all, or a repeated pattern).
    """

    name: str
    offset: int
    size: int
    high: Bound
    meaning: str
    low: Bound = 0.0

    @property
    def end(self) -> int:
        """Index just past its last entry."""
        return self.offset + self.size

    def highs(self) -> list[float]:
        """The upper bound of each entry."""
        return _expand(self.high, self.size)

    def lows(self) -> list[float]:
        """The lower bound of each entry."""
        return _expand(self.low, self.size)


def _expand(bound: Bound, size: int) -> list[float]:
    if isinstance(bound, tuple):
        if not bound or size % len(bound):
            raise ValueError(f"a pattern of {len(bound)} bounds does not tile {size} entries")
        return list(bound) * (size // len(bound))
    return [float(bound)] * size


class Layout(tuple[Block, ...]):
    """An observation's blocks in order, each starting where the one before ends."""

    __slots__ = ()

    def __new__(cls, specs: Iterable[Spec]) -> Layout:
        """Lay out ``specs`` from offset 0.

        Raises:
            ValueError: If two blocks share a name.
        """
        blocks = []
        offset = 0
        for spec in specs:
            name, size, high, meaning = spec[:4]
            low: Bound = spec[4] if len(spec) == 5 else 0.0
            blocks.append(Block(name, offset, size, high, meaning, low))
            offset += size
        if len({block.name for block in blocks}) != len(blocks):
            raise ValueError("two blocks share a name")
        return super().__new__(cls, blocks)

    @property
    def size(self) -> int:
        """Entries in the whole vector."""
        return self[-1].end if self else 0

    def block(self, name: str) -> Block:
        """The block called ``name``.

        Raises:
            KeyError: If there is none.
        """
        for block in self:
            if block.name == name:
                return block
        raise KeyError(name)

    def offsets(self, *names: str) -> tuple[int, ...]:
        """Each named block's offset, in the order named: ``_A, _B = layout.offsets("a", "b")``.

        Raises:
            KeyError: If a name is not a block's.
        """
        return tuple(self.block(name).offset for name in names)

    def lows(self) -> npt.NDArray[np.float32]:
        """Every entry's lower bound (``observation_low``)."""
        return np.array([low for block in self for low in block.lows()], dtype=np.float32)

    def highs(self) -> npt.NDArray[np.float32]:
        """Every entry's upper bound (``observation_high``)."""
        return np.array([high for block in self for high in block.highs()], dtype=np.float32)
