"""Wilson intervals and sample summaries, checked against published values."""

import math

import pytest

from ludoteca.lab import stats


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Values from Newcombe (1998), "Two-sided confidence intervals for the single
        # proportion", Table I, method 3 (Wilson score without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got_low, got_high = stats.wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=6e-5)
    assert got_high == pytest.approx(high, abs=6e-5)


def test_wilson_is_symmetric_and_contains_the_rate() -> None:
    low, high = stats.wilson_interval(30, 100)
    mirror_low, mirror_high = stats.wilson_interval(70, 100)
    assert low == pytest.approx(1 - mirror_high)
    assert high == pytest.approx(1 - mirror_low)
    assert low < 0.3 < high


def test_wilson_narrows_with_more_trials() -> None:
    narrow = stats.wilson_interval(500, 1000)
    wide = stats.wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < (wide[1] - wide[0]) / 5


def test_wilson_edges() -> None:
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)
    low, high = stats.wilson_interval(10, 10)
    assert high == 1.0 and 0.6 < low < 0.75
    with pytest.raises(ValueError, match="successes"):
        stats.wilson_interval(11, 10)
    with pytest.raises(ValueError, match="successes"):
        stats.wilson_interval(-1, 10)


def test_rate_value_and_bounds() -> None:
    rate = stats.rate(3, 4)
    assert rate.value == 0.75
    assert (rate.low, rate.high) == stats.wilson_interval(3, 4)
    assert stats.rate(0, 0).value == 0.0


def test_summarize() -> None:
    summary = stats.summarize([5, 1, 4, 2])
    assert summary == stats.Summary(count=4, mean=3.0, median=3.0, minimum=1.0, maximum=5.0)
    assert stats.summarize([7]).median == 7.0
    assert math.isclose(stats.summarize([1, 2, 4]).mean, 7 / 3)
    with pytest.raises(ValueError, match="at least one"):
        stats.summarize([])


def test_percentile_is_the_nearest_rank() -> None:
    values = list(range(1, 11))
    assert stats.percentile(values, 90) == 9.0
    assert stats.percentile(values, 100) == 10.0
    assert stats.percentile([3], 90) == 3.0
    assert stats.percentile([5, 1, 4, 2, 3], 50) == 3.0
    assert stats.summarize(values).p90 == 9.0
    with pytest.raises(ValueError):
        stats.percentile([], 90)
