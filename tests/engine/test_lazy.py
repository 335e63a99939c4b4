"""The shared base of legal-action lists made on demand (engine/lazy.py)."""

from __future__ import annotations

import pytest

from ludoteca.engine.lazy import LazyActions, listing_identity


class Squares(LazyActions[int]):
    """0, 1, 4, ... (n-1)^2, made when asked for; counts the items it made."""

    def __init__(self, n: int, *, keyed: bool = True) -> None:
        self.n = n
        self.keyed = keyed
        self.made = 0

    def __len__(self) -> int:
        return self.n

    def item(self, index: int) -> int:
        self.made += 1
        return index * index

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and value >= 0 and int(value**0.5) ** 2 == value

    def identity(self) -> int | None:
        return self.n if self.keyed else None


def test_indexing_makes_only_the_item_asked_for() -> None:
    squares = Squares(1000)
    assert squares[7] == 49 and squares[-1] == 999 * 999
    assert squares.made == 2


def test_out_of_range_raises_index_error() -> None:
    squares = Squares(3)
    for index in (3, -4, 100):
        with pytest.raises(IndexError):
            squares[index]


def test_slices_iteration_and_list_equality() -> None:
    squares = Squares(5)
    assert squares[1:4] == [1, 4, 9]
    assert squares[::-2] == [16, 4, 0]
    assert list(squares) == [0, 1, 4, 9, 16]
    assert squares == [0, 1, 4, 9, 16]
    assert squares != [0, 1, 4, 9]
    assert squares != [0, 1, 4, 9, 17]


def test_equal_identities_compare_without_listing() -> None:
    first, second = Squares(50), Squares(50)
    assert first == second and hash(first) == hash(second)
    assert first.made == 0 and second.made == 0
    assert Squares(50) != Squares(51)


def test_without_identity_equality_and_hash_follow_the_items() -> None:
    first, second = Squares(4, keyed=False), Squares(4, keyed=False)
    assert first == second and hash(first) == hash((0, 1, 4, 9))
    assert first.made > 0


def test_membership_is_the_subclass_rule_not_a_scan() -> None:
    squares = Squares(3)
    assert 144 in squares  # wider than the listing, as lazy legal lists may be
    assert squares.made == 0


def test_listing_identity_is_asked_of_lazy_lists_only() -> None:
    # Compiled by mypyc, isinstance(a_tuple, LazyActions) is True (the class shares Sequence's
    # ABC registry): the web asked a tuple of moves for .identity() and failed.
    assert listing_identity(Squares(5)) == 5
    assert listing_identity(Squares(5, keyed=False)) is None
    assert listing_identity((1, 4, 9)) is None
    assert listing_identity([1, 4, 9]) is None
