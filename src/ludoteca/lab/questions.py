"""The designer's questions as data: compare two variants, sweep an option, an agent ladder.

Every question is answered by ordinary simulations (:mod:`ludoteca.lab.simulate`) on known
seeds, so each answer can be reproduced by its ``ludoteca simulate`` commands.

- :func:`compare`: two option variants played on the same seeds with the same seats; for
  each measure (each seat's win share, draws, turns, steps, score margin, each end reason,
  each of the game's own counts and figures) the difference B - A with its 95% interval and
  Welch's t-test (``scipy.stats.ttest_ind(equal_var=False)``; for a share it is the
  unpooled two-proportion test).
- :func:`sweep`: one option over several values: the same measures per value, each with
  its 95% interval.
- :func:`ladder`: every agent against every other, seat-balanced. Cell ``(a, b)`` is
  ``s_a / (s_a + s_b)``, where ``s_x`` is agent ``x``'s mean win share per seat it held
  (a shared win counts ``1/k``): in a two-player game that is ``a``'s share of the games
  one of them won. Seats rotate, and with an odd number of seats the table is played once
  as ``a, b, a, …`` and once as ``b, a, b, …``, so each agent holds each seat equally often.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import msg
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab import stats
from ludoteca.lab import table as table_mod
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.lab.summary import SimulationSummary

if TYPE_CHECKING:
    import pandas as pd

Progress = Callable[[int], None] | None


@dataclass(frozen=True, slots=True)
class Run:
    """One simulation of a question: its configuration, summary and rows.

    Attributes:
        config: What was played.
        summary: What it found.
        rows: One row per game (:mod:`ludoteca.lab.table`).
    """

    config: SimulationConfig
    summary: SimulationSummary
    rows: pd.DataFrame


def play(config: SimulationConfig, on_progress: Progress = None) -> Run:
    """Play a configuration, keeping both its summary and its rows."""
    options = simulate_mod.validate(config)
    rows: list[dict[str, Any]] = []
    summary = simulate_mod.simulate(
        config,
        on_result=lambda result: rows.append(table_mod.row(result, config.game_id, options)),
        on_progress=on_progress,
    )
    return Run(config, summary, table_mod.frame(rows))


# ---------------------------------------------------------------------------------------
# Measures


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure over a set of games.

    Attributes:
        key: Its id: ``share_0``, ``draws``, ``turns``, ``steps``, ``margin``,
            ``end.<reason>``, ``stat.<name>``, ``fig.<name>``.
        mean: Its mean per game (a share for a 0/1 or ``1/k`` measure).
        low: Lower bound of its 95% interval (Wilson for a share, t for a mean).
        high: Upper bound.
        count: Games it was measured on.
    """

    key: str
    mean: float
    low: float
    high: float
    count: int


SHARE_KEYS = ("share_", "draws", "end.")
"""Measures that are shares of games (their interval is Wilson's)."""


def measure_columns(rows: pd.DataFrame) -> dict[str, pd.Series]:
    """Every per-game measure of a run as a numeric column, by key (see :class:`Measure`)."""
    import pandas as pd  # noqa: PLC0415

    columns: dict[str, pd.Series] = {}
    for name in rows.columns:
        if name.startswith("share_"):
            columns[name] = rows[name].astype(float)
    finished = rows["finished"].astype(bool)
    columns["draws"] = (finished & (rows["n_winners"] == 0)).astype(float)
    columns["turns"] = rows["turns"][finished].astype(float)
    columns["steps"] = rows["steps"].astype(float)
    scores = [c for c in rows.columns if c.startswith("score_")]
    if scores and not rows[scores].isin([0.0, 1.0]).all().all():
        columns["margin"] = rows["margin"].dropna().astype(float)
    for reason in sorted(set(rows["end_reason"])):
        columns[f"end.{reason}"] = (rows["end_reason"] == reason).astype(float)
    kinds = pd.api.types
    for name in rows.columns:
        column = rows[name]
        numeric = kinds.is_numeric_dtype(column) and not kinds.is_bool_dtype(column)
        if name.startswith(("stat.", "fig.")) and numeric:
            columns[name] = column.dropna().astype(float)
    return columns


def measure(key: str, values: pd.Series) -> Measure:
    """The mean of a column with its 95% interval."""
    count = len(values)
    mean = float(values.mean()) if count else 0.0
    if key.startswith(SHARE_KEYS):
        low, high = stats.wilson_interval(float(values.sum()), count)
    elif count > 1:
        half = stats.Z_95 * float(values.std(ddof=1)) / math.sqrt(count)
        low, high = mean - half, mean + half
    else:
        low = high = mean
    return Measure(key, mean, low, high, count)


# ---------------------------------------------------------------------------------------
# compare


@dataclass(frozen=True, slots=True)
class Difference:
    """Variant B minus variant A for one measure.

    Attributes:
        key: The measure's id.
        a: The measure in variant A.
        b: The measure in variant B.
        diff: ``b.mean - a.mean``.
        low: Lower bound of the 95% interval of the difference (Welch).
        high: Upper bound.
        p_value: Welch's t-test of equal means (``nan`` when both are constant).
    """

    key: str
    a: Measure
    b: Measure
    diff: float
    low: float
    high: float
    p_value: float

    @property
    def significant(self) -> bool:
        """Whether the difference is significant at the 5% level."""
        return not math.isnan(self.p_value) and self.p_value < 0.05


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two variants on the same seeds.

    Attributes:
        a: Variant A's run.
        b: Variant B's run.
        changed: The options that differ, ``(name, value in A, value in B)``.
        differences: One per measure present in both.
    """

    a: Run
    b: Run
    changed: tuple[tuple[str, OptionValue, OptionValue], ...]
    differences: tuple[Difference, ...]


def variants(pairs: Sequence[tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """Split ``-o`` pairs into two variants: an option given twice takes its first value in
    A and its second in B; an option given once is the same in both.

    Raises:
        GameSetupError: If no option is given twice, or one is given more than twice.
    """
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    if any(len(given) > 2 for given in values.values()):
        raise GameSetupError(msg("lab.compare_too_many"))
    if not any(len(given) == 2 for given in values.values()):
        raise GameSetupError(msg("lab.compare_needs_two"))
    a = {name: given[0] for name, given in values.items()}
    b = {name: given[-1] for name, given in values.items()}
    return a, b


def compare(
    base: SimulationConfig,
    option_a: Mapping[str, object],
    option_b: Mapping[str, object],
    on_progress: Progress = None,
) -> Comparison:
    """Play ``base`` with each variant's options on the same seeds and seats.

    Raises:
        GameSetupError: If either variant is invalid (both are checked before any game).
    """
    config_a = dataclasses.replace(base, options={**base.options, **option_a})
    config_b = dataclasses.replace(base, options={**base.options, **option_b})
    resolved_a = simulate_mod.validate(config_a)
    resolved_b = simulate_mod.validate(config_b)
    changed = tuple(
        (name, resolved_a[name], resolved_b[name])
        for name in resolved_a
        if resolved_a[name] != resolved_b[name]
    )
    if not changed:
        raise GameSetupError(msg("lab.compare_same"))
    run_a = play(config_a, on_progress)
    run_b = play(config_b, on_progress)
    return Comparison(run_a, run_b, changed, differences(run_a.rows, run_b.rows))


def differences(rows_a: pd.DataFrame, rows_b: pd.DataFrame) -> tuple[Difference, ...]:
    """B minus A for every measure both runs have."""
    from scipy import stats as scipy_stats  # noqa: PLC0415 (the `lab` extra)

    columns_a = measure_columns(rows_a)
    columns_b = measure_columns(rows_b)
    keys = list(dict.fromkeys([*columns_a, *columns_b]))
    found: list[Difference] = []
    for key in keys:
        values_a = columns_a.get(key)
        values_b = columns_b.get(key)
        if key.startswith("end."):  # an end reason one variant never reached: 0 in each game
            values_a = _zeros(len(rows_a)) if values_a is None else values_a
            values_b = _zeros(len(rows_b)) if values_b is None else values_b
        if values_a is None or values_b is None or len(values_a) < 2 or len(values_b) < 2:
            continue
        a, b = measure(key, values_a), measure(key, values_b)
        diff = b.mean - a.mean
        if values_a.std(ddof=1) == 0 and values_b.std(ddof=1) == 0:
            found.append(Difference(key, a, b, diff, diff, diff, math.nan))
            continue
        test = scipy_stats.ttest_ind(values_b, values_a, equal_var=False)
        interval = test.confidence_interval(0.95)
        found.append(Difference(key, a, b, diff, interval.low, interval.high, float(test.pvalue)))
    return tuple(found)


def _zeros(count: int) -> pd.Series:
    import pandas as pd  # noqa: PLC0415

    return pd.Series([0.0] * count)


# ---------------------------------------------------------------------------------------
# sweep


@dataclass(frozen=True, slots=True)
class Sweep:
    """One option over several values.

    Attributes:
        option: The option's name.
        values: Its values, in the order given.
        runs: One run per value.
        measures: Per value, every measure of its run, by key.
    """

    option: str
    values: tuple[OptionValue, ...]
    runs: tuple[Run, ...]
    measures: tuple[dict[str, Measure], ...]

    def measure_keys(self) -> list[str]:
        """Every measure any value has, in order of first appearance."""
        return list(dict.fromkeys(key for found in self.measures for key in found))


def sweep_values(pairs: Sequence[tuple[str, str]], game_id: str) -> tuple[str, list[str]]:
    """The option to sweep and its values: the one option given several values, as
    ``-o board_size=9,11,13`` (commas, for a number or a true/false option) or by repeating
    ``-o name=value``.

    Raises:
        GameSetupError: Unless exactly one option has two values or more.
    """
    info = registry.make(game_id).info
    kinds = {spec.name: type(spec.default) for spec in info.options}
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        splittable = kinds.get(name) in (int, bool)
        parts = [part.strip() for part in value.split(",")] if splittable else [value]
        values.setdefault(name, []).extend(parts)
    swept = [name for name, given in values.items() if len(given) > 1]
    if len(swept) != 1:
        raise GameSetupError(msg("lab.sweep_needs_one"))
    return swept[0], values[swept[0]]


def sweep(
    base: SimulationConfig,
    option: str,
    values: Sequence[object],
    on_progress: Progress = None,
) -> Sweep:
    """Play ``base`` once per value of ``option`` (every value checked before any game).

    Raises:
        GameSetupError: If a value is refused.
    """
    configs = [dataclasses.replace(base, options={**base.options, option: v}) for v in values]
    resolved = [simulate_mod.validate(config)[option] for config in configs]
    runs = tuple(play(config, on_progress) for config in configs)
    columns = [measure_columns(run.rows) for run in runs]
    endings = {key for found in columns for key in found if key.startswith("end.")}
    for found, run in zip(columns, runs, strict=True):
        for key in sorted(endings - set(found)):  # an ending this value never reached
            found[key] = _zeros(len(run.rows))
    measures = tuple(
        {key: measure(key, column) for key, column in found.items()} for found in columns
    )
    return Sweep(option, tuple(resolved), runs, measures)


# ---------------------------------------------------------------------------------------
# ladder


@dataclass(frozen=True, slots=True)
class Pairing:
    """Agent ``a`` against agent ``b``.

    Attributes:
        a: The first agent.
        b: The second agent.
        share: ``a``'s share of the wins between them, per seat held (see the module
            docstring).
        low: Lower bound of its 95% Wilson interval (over the games either won).
        high: Upper bound.
        games: Games played between them.
        seeds: The first and last seed used.
        runs: The simulations played (one, or two for an odd number of seats).
    """

    a: str
    b: str
    share: float
    low: float
    high: float
    games: int
    seeds: tuple[int, int]
    runs: tuple[SimulationConfig, ...]


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every agent against every other.

    Attributes:
        game_id: The game.
        agents: The agents, in the order given.
        players: Seats per game.
        pairings: One per unordered pair, ``a`` before ``b`` in :attr:`agents`.
    """

    game_id: str
    agents: tuple[str, ...]
    players: int
    pairings: tuple[Pairing, ...]

    def rate(self, a: str, b: str) -> float | None:
        """Agent ``a``'s share against ``b`` (``None`` on the diagonal)."""
        for pairing in self.pairings:
            if (pairing.a, pairing.b) == (a, b):
                return pairing.share
            if (pairing.a, pairing.b) == (b, a):
                return 1 - pairing.share
        return None

    def strength(self, agent: str) -> float:
        """The agent's mean share against every other (its place in the ladder)."""
        rates = [self.rate(agent, other) for other in self.agents if other != agent]
        known = [r for r in rates if r is not None]
        return sum(known) / len(known) if known else 0.5


def default_ladder_agents(game_id: str) -> tuple[str, ...]:
    """The game's agents without the search agent (slow, and refused by realtime games)."""
    return tuple(name for name in agents_registry.agent_names(game_id) if name != "ismcts")


def ladder(
    game_id: str,
    agents: Sequence[str],
    *,
    games: int,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    on_progress: Progress = None,
) -> Ladder:
    """Play every pair of ``agents`` ``games`` times (rounded up to balance the seats).

    Pairing ``k`` uses seeds from ``seed + k * games``, so each pairing has its own seeds.

    Raises:
        GameSetupError: With fewer than two agents, or an invalid configuration (every
            pairing is checked before any game).
    """
    names = tuple(dict.fromkeys(agents))
    if len(names) < 2:
        raise GameSetupError(msg("lab.ladder_needs_two"))
    info = registry.make(game_id).info
    seats = players if players is not None else max(2, info.min_players)
    plans: list[tuple[str, str, list[SimulationConfig]]] = []
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    for number, (a, b) in enumerate(pairs):
        per_table = seats if seats % 2 == 0 else 2 * seats
        count = max(per_table, math.ceil(games / per_table) * per_table)
        first = seed + number * count
        tables = [tuple(a if s % 2 == 0 else b for s in range(seats))]
        if seats % 2:
            tables.append(tuple(b if s % 2 == 0 else a for s in range(seats)))
        configs = [
            SimulationConfig(
                game_id,
                count // len(tables),
                table,
                seed=first + part * (count // len(tables)),
                options=dict(options or {}),
                workers=workers,
                backend=backend,
                ray_address=ray_address,
            )
            for part, table in enumerate(tables)
        ]
        for config in configs:
            simulate_mod.validate(config)
        plans.append((a, b, configs))
    pairings = []
    for a, b, configs in plans:
        wins = {a: 0.0, b: 0.0}
        held = {a: 0, b: 0}
        for config in configs:
            summary = simulate_mod.simulate(config, on_progress=on_progress)
            for entry in summary.agent_wins:
                wins[entry.agent] += entry.wins.wins
                held[entry.agent] += entry.wins.trials
        share_a, share_b = wins[a] / held[a], wins[b] / held[b]
        total = share_a + share_b
        value = share_a / total if total else 0.5
        played = sum(config.games for config in configs)
        # The interval counts the games either won (the per-seat shares scaled to games).
        low, high = stats.wilson_interval(value * total * played, round(total * played))
        seeds = (configs[0].seed, configs[-1].seed + configs[-1].games - 1)
        pairings.append(Pairing(a, b, value, low, high, played, seeds, tuple(configs)))
    return Ladder(game_id, names, seats, tuple(pairings))
