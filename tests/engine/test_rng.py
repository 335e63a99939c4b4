"""Seeded randomness is the same on every run and every Python version (golden values)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import rng
from ludoteca.engine.lazy import LazyActions


def test_derive_is_stable_golden() -> None:
    stream = rng.derive(42, "setup")
    assert [stream.random() for _ in range(2)] == [0.9930214137290682, 0.8536500941579653]


def test_derived_streams_are_independent() -> None:
    assert rng.derive(1, "chance").random() != rng.derive(1, "agent", 0).random()
    assert rng.derive(1, "agent", 0).random() != rng.derive(1, "agent", 1).random()


def test_shuffle_is_stable_golden() -> None:
    items = list(range(10))
    rng.shuffle(rng.derive(42, "setup"), items)
    assert items == [3, 0, 4, 2, 5, 1, 8, 6, 7, 9]


def test_shuffle_is_a_permutation() -> None:
    items = list(range(100))
    rng.shuffle(random.Random(3), items)
    assert sorted(items) == list(range(100))
    assert items != list(range(100))


def test_below_and_choice_golden() -> None:
    stream = rng.make(7)
    assert [rng.below(stream, 6) for _ in range(10)] == [1, 0, 3, 0, 3, 2, 0, 3, 0, 2]
    assert rng.choice(rng.make(7), "abcdef") == "b"


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError, match="positive"):
        rng.below(rng.make(1), 0)


def test_weighted_index_never_picks_zero_weight() -> None:
    stream = rng.make(7)
    picks = [rng.weighted_index(stream, [1, 0, 3]) for _ in range(2000)]
    assert 1 not in picks
    assert 0.2 < picks.count(0) / len(picks) < 0.3


def _weighted_by_float(draw: float, weights: list[int]) -> int:
    """The index the float comparison picks (``weighted_index`` before it compared ints)."""
    target = draw * sum(weights)
    acc = 0
    for index, weight in enumerate(weights):
        acc += weight
        if target < acc:
            return index
    return max(i for i, weight in enumerate(weights) if weight > 0)


@given(
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=40).filter(any),
    st.integers(min_value=0, max_value=2**32),
)
@settings(max_examples=300, deadline=None)
def test_weighted_index_picks_what_the_float_comparison_picked(
    weights: list[int], seed: int
) -> None:
    draw = random.Random(seed).random()
    # Tuples take the native loop, lists the generic one: both must agree with the floats.
    for items in (weights, tuple(weights)):
        assert rng.weighted_index(random.Random(seed), items) == _weighted_by_float(draw, weights)


class _Lazy(LazyActions[int]):
    """A lazy list of the squares below ``n``."""

    def __init__(self, n: int) -> None:
        self._n = n

    def __len__(self) -> int:
        return self._n

    def item(self, index: int) -> int:
        return index * index


def test_choice_picks_the_same_index_from_a_lazy_list_and_any_sequence() -> None:
    for seed in range(50):
        index = rng.choice(rng.make(seed), range(37))
        assert rng.choice(rng.make(seed), _Lazy(37)) == index * index
        assert rng.choice(rng.make(seed), tuple(range(37))) == index
        assert rng.choice(rng.make(seed), list(range(37))) == index
    assert rng.choice(rng.make(7), "abcdef") == "b"
