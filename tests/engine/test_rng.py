"""Seeded randomness is the same on every run and every Python version (golden values)."""

import random

import pytest

from ludoteca.engine import rng


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
