"""Legal-action lists that make their items on demand.

Some positions have hundreds of legal actions (every subset of a hand, every card on every
free cell, every time a realtime action may carry), and a random playout picks one of them.
A :class:`LazyActions` list knows its length and makes only the items that are asked for;
``in`` is decided by the rules rather than by scanning. Games subclass it and provide
``__len__``, :meth:`LazyActions.item`, ``__contains__`` and, when two lists can be compared
without listing them, :meth:`LazyActions.identity`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, TypeVar, overload

from mypy_extensions import mypyc_attr

T = TypeVar("T")


@mypyc_attr(allow_interpreted_subclasses=True)
class LazyActions(Sequence[T]):
    """A read-only sequence of actions made when asked for.

    Equality with any other sequence compares the listed items in order (the conformance
    suite compares legal lists that way); two lists of the same class with the same
    :meth:`identity` are equal without listing either.
    """

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def item(self, index: int) -> T:
        """The item at ``index`` (``0 <= index < len(self)``, already checked)."""
        raise NotImplementedError

    def identity(self) -> Hashable | None:
        """What determines the listing (equal identities list equal items), or ``None``."""
        return None

    def item_keys(self) -> Sequence[Hashable] | None:
        """A cheap hashable key for each item, in order, or ``None`` (the default).

        Within one game and one class of list, equal keys are equal items. A surface that
        keeps something per item (the web's labelled moves) looks it up by key and makes
        only the items it has not seen, instead of making every action of a long listing.
        """
        return None

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        size = len(self)
        if isinstance(index, slice):
            return [self.item(i) for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        return self.item(index)

    def __iter__(self) -> Iterator[T]:
        for index in range(len(self)):
            yield self.item(index)

    def __contains__(self, value: object) -> bool:
        # As ``Sequence``'s: by listing. Defined here so that a compiled caller holding a
        # ``LazyActions`` calls a subclass's own ``__contains__`` directly (runner._listed).
        return any(item is value or item == value for item in self)

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            assert isinstance(other, LazyActions)
            mine = self.identity()
            if mine is not None and mine == other.identity():
                return True
        if isinstance(other, Sequence):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        key = self.identity()
        return hash(key if key is not None else tuple(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} listed)"


def listing_identity(moves: Sequence[object]) -> Hashable | None:
    """``moves.identity()`` for a lazy list, ``None`` for any other sequence.

    Asked of the object rather than decided by ``isinstance``: compiled by mypyc,
    ``LazyActions`` shares ``Sequence``'s ABC registry, so ``isinstance(a_tuple, LazyActions)``
    is true there.
    """
    found: Hashable | None = _asked(moves, "identity")
    return found


def listing_keys(moves: Sequence[object]) -> Sequence[Hashable] | None:
    """``moves.item_keys()`` for a lazy list that has them, ``None`` for any other sequence
    (asked of the object, as :func:`listing_identity`).
    """
    found: Sequence[Hashable] | None = _asked(moves, "item_keys")
    return found


def _asked(moves: Sequence[object], method: str) -> Any:
    """``moves.<method>()``, or ``None`` when the object has no such method."""
    call = getattr(moves, method, None)
    return None if call is None else call()
