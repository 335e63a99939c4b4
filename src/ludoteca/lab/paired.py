"""Two variants played on the same seeds and seats, compared game by game.

Game ``i`` of variant A and game ``i`` of variant B share their seed and seating, so they
are a pair: the luck of the deal is largely the same in both, and the tests compare each
game with its twin instead of treating the variants as independent samples (which wastes
that and misstates the p-values).

* The difference is ``mean(B) - mean(A)`` over the games measured in both (turns and
  margins exist only for finished games), with the 95% interval of the paired t
  (``scipy.stats.ttest_rel``) on the per-game differences.
* Its p-value: for a measure that is 0 or 1 in every game of both variants (a seat's or an
  agent's wins without shared wins, draws, an ending), the exact McNemar test: of the
  pairs that differ, are "B only" as likely as "A only" (``scipy.stats.binomtest`` at
  1/2)? For any other measure (turns, steps, margins, counts, shared wins), the paired
  t-test.
* Holm's method adjusts the p-values over all the measures tested in one comparison, so
  "significant" (adjusted p < 0.05) keeps the chance of any false alarm among them at 5%
  (without it, one in twenty unchanged measures would be flagged). A measure whose
  every pair is equal is not tested.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.lab.measures import Measure, measure, measure_columns, zeros

if TYPE_CHECKING:
    import pandas as pd

ALPHA = 0.05
"""The family-wise error rate of a comparison."""

MCNEMAR = "mcnemar"
PAIRED_T = "paired_t"
CONSTANT = "constant"
"""Every game of B differs from its twin in A by the same amount: certain, nothing to test."""


@dataclass(frozen=True, slots=True)
class Difference:
    """Variant B minus variant A for one measure.

    Attributes:
        key: The measure's id (``lab.measures``).
        a: The measure in variant A.
        b: The measure in variant B.
        diff: ``b.mean - a.mean`` over the paired games.
        low: Lower bound of the 95% interval of the difference (paired t).
        high: Upper bound.
        p_value: The test's p-value (``nan`` when every pair is equal: nothing to test).
        test: :data:`MCNEMAR`, :data:`PAIRED_T` or :data:`CONSTANT` (empty when not
            tested).
        p_holm: The p-value adjusted by Holm's method over the comparison's tests.
        pairs: Games measured in both variants.
    """

    key: str
    a: Measure
    b: Measure
    diff: float
    low: float
    high: float
    p_value: float
    test: str = ""
    p_holm: float = math.nan
    pairs: int = 0

    @property
    def significant(self) -> bool:
        """Whether the difference is significant after Holm's correction (5%)."""
        return not math.isnan(self.p_holm) and self.p_holm < ALPHA


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment (``nan`` entries are left out and stay ``nan``)."""
    tested = sorted((p, index) for index, p in enumerate(p_values) if not math.isnan(p))
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    count = len(tested)
    for rank, (p, index) in enumerate(tested):
        running = max(running, min(1.0, (count - rank) * p))
        adjusted[index] = running
    return adjusted


def differences(rows_a: pd.DataFrame, rows_b: pd.DataFrame) -> tuple[Difference, ...]:
    """B minus A for every measure both runs have, game by game (see the module)."""
    columns_a = measure_columns(rows_a)
    columns_b = measure_columns(rows_b)
    found: list[Difference] = []
    for key in dict.fromkeys([*columns_a, *columns_b]):
        values_a = columns_a.get(key)
        values_b = columns_b.get(key)
        if key.startswith("end."):  # an end reason one variant never reached: 0 in each game
            values_a = zeros(len(rows_a)) if values_a is None else values_a
            values_b = zeros(len(rows_b)) if values_b is None else values_b
        if values_a is None or values_b is None:
            continue
        both = values_a.index.intersection(values_b.index)
        if len(both) < 2:
            continue
        found.append(_paired(key, values_a[both], values_b[both]))
    adjusted = holm([entry.p_value for entry in found])
    return tuple(
        Difference(e.key, e.a, e.b, e.diff, e.low, e.high, e.p_value, e.test, p_holm, e.pairs)
        for e, p_holm in zip(found, adjusted, strict=True)
    )


def _paired(key: str, values_a: pd.Series, values_b: pd.Series) -> Difference:
    from scipy import stats as scipy_stats  # noqa: PLC0415 (the `lab` extra)

    a, b = measure(key, values_a), measure(key, values_b)
    steps = values_b.to_numpy() - values_a.to_numpy()
    diff = float(steps.mean())
    pairs = len(steps)
    if bool((steps == steps[0]).all()):  # every pair differs alike: no spread to test
        if steps[0] == 0:
            return Difference(key, a, b, diff, diff, diff, math.nan, "", pairs=pairs)
        return Difference(key, a, b, diff, diff, diff, 0.0, CONSTANT, pairs=pairs)
    with warnings.catch_warnings():
        # The cases scipy warns about (no spread, a handful of pairs) are handled above;
        # a library warning must not reach the designer's table.
        warnings.simplefilter("ignore")
        result = scipy_stats.ttest_rel(values_b, values_a)
        interval = result.confidence_interval(0.95)
        low, high = float(interval.low), float(interval.high)
        if _binary(values_a) and _binary(values_b):
            only_b = int(((values_b == 1) & (values_a == 0)).sum())
            only_a = int(((values_a == 1) & (values_b == 0)).sum())
            p_value = float(scipy_stats.binomtest(only_b, only_a + only_b, 0.5).pvalue)
            return Difference(key, a, b, diff, low, high, p_value, MCNEMAR, pairs=pairs)
        return Difference(key, a, b, diff, low, high, float(result.pvalue), PAIRED_T, pairs=pairs)


def _binary(values: pd.Series) -> bool:
    return bool(values.isin([0.0, 1.0]).all())
