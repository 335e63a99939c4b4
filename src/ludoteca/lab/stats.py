"""Small, dependency-free statistics for simulation results.

Win rates come with a Wilson score interval, which stays inside ``[0, 1]`` and behaves well
for rates near 0 or 1 and for few games, unlike the normal ("Wald") approximation.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its confidence interval.

    Attributes:
        successes: How many trials succeeded (e.g. games won).
        trials: How many trials there were.
        low: Lower bound of the interval.
        high: Upper bound of the interval.
    """

    successes: int
    trials: int
    low: float
    high: float

    @property
    def value(self) -> float:
        """The observed proportion (0 when there were no trials)."""
        return self.successes / self.trials if self.trials else 0.0


@dataclass(frozen=True, slots=True)
class Summary:
    """Location and range of a sample of numbers (e.g. game lengths).

    Attributes:
        count: Sample size.
        mean: Arithmetic mean.
        median: Median (mean of the two middle values for an even count).
        minimum: Smallest value.
        maximum: Largest value.
        p90: The 90th percentile (nearest rank: the smallest value with at least 90% of
            the sample at or below it).
    """

    count: int
    mean: float
    median: float
    minimum: float
    maximum: float
    p90: float = field(default=0.0, compare=False)


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    Args:
        successes: Number of successes, ``0 <= successes <= trials`` (a fraction is
            allowed: a win shared by ``k`` seats counts ``1/k`` to each).
        trials: Number of trials; with none, the interval is the whole ``[0, 1]``.
        z: The normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)``, both within ``[0, 1]``.

    Raises:
        ValueError: If the counts are negative or ``successes > trials``.
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 or all successes the bound is exactly 0 or 1; rounding would miss it slightly.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def rate(successes: int, trials: int, z: float = Z_95) -> Rate:
    """A :class:`Rate` with its Wilson interval (see :func:`wilson_interval`)."""
    low, high = wilson_interval(successes, trials, z)
    return Rate(successes, trials, low, high)


@dataclass(frozen=True, slots=True)
class Mean:
    """A sample mean with its 95% interval (normal approximation).

    Attributes:
        count: Sample size.
        mean: Arithmetic mean.
        low: ``mean - 1.96`` standard errors (the mean itself for fewer than 2 values).
        high: ``mean + 1.96`` standard errors.
    """

    count: int
    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        """``{"mean", "ci95": [low, high], "games"}``, as the lab's JSON writes a mean."""
        return {"mean": self.mean, "ci95": [self.low, self.high], "games": self.count}


def mean_interval(values: Sequence[float], z: float = Z_95, lowest: float | None = None) -> Mean:
    """The mean of ``values`` with ``mean ± z`` standard errors (sample standard deviation).

    The normal approximation: good for a few dozen games or more, too narrow for a handful.
    ``lowest``: the least value the quantity can take (e.g. 0 for a count); the interval
    does not reach below it.

    Raises:
        ValueError: If ``values`` is empty.
    """
    if not values:
        raise ValueError("mean_interval() needs at least one value")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Mean(1, mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    low = mean - half if lowest is None else max(lowest, mean - half)
    return Mean(len(values), mean, low, mean + half)


def summarize(values: Sequence[float]) -> Summary:
    """Mean, median, minimum and maximum of ``values``.

    Raises:
        ValueError: If ``values`` is empty.
    """
    if not values:
        raise ValueError("summarize() needs at least one value")
    return Summary(
        count=len(values),
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        minimum=float(min(values)),
        maximum=float(max(values)),
        p90=percentile(values, 90),
    )


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` percent of
    ``values`` at or below it.

    Raises:
        ValueError: If ``values`` is empty or ``share`` is outside ``(0, 100]``.
    """
    if not values or not 0 < share <= 100:
        raise ValueError("percentile() needs values and a share in (0, 100]")
    ordered = sorted(values)
    rank = math.ceil(share / 100 * len(ordered))
    return float(ordered[rank - 1])
