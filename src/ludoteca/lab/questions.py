"""The designer's questions as data: compare two variants, sweep an option, an agent ladder.

Every question is answered by ordinary simulations (:mod:`ludoteca.lab.simulate`) on known
seeds, so each answer can be reproduced by its ``ludoteca simulate`` commands.

- :func:`compare`: two option variants played on the same seeds with the same seats; for
  each measure (``lab.measures``: each seat's and each agent's win share, draws, turns,
  steps, score margin, each end reason, each of the game's own counts and figures) the
  difference B - A, tested game by game as pairs with Holm's correction (``lab.paired``).
- :func:`sweep`: one option (or the player count) over several values: the same measures
  per value, each with its 95% interval.
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
from ludoteca.lab.measures import Measure, measure, measure_columns, ordered, zeros
from ludoteca.lab.paired import Difference, differences
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.lab.summary import SimulationSummary

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "PLAYERS",
    "Comparison",
    "Difference",
    "Ladder",
    "Measure",
    "Pairing",
    "Run",
    "Sweep",
    "compare",
    "default_ladder_agents",
    "differences",
    "ladder",
    "ladders",
    "play",
    "player_counts",
    "sweep",
    "sweep_values",
    "variants",
]

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
# compare


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
        """Every measure any value has, in reading order (``lab.measures.ordered``)."""
        return ordered(list(dict.fromkeys(key for found in self.measures for key in found)))


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


PLAYERS = "players"
"""The name a sweep over the player count goes by (``--players 2,3,4``)."""


def player_counts(text: str, game_id: str) -> list[int]:
    """``"2,3,4"`` as player counts, each within the game's range.

    Raises:
        GameSetupError: For a count that is not a number or outside the game's range.
    """
    info = registry.make(game_id).info
    counts: list[int] = []
    for part in text.split(","):
        try:
            count = int(part.strip())
        except ValueError:
            count = 0
        if not info.min_players <= count <= info.max_players:
            raise GameSetupError(
                msg(
                    "lab.agent_count",
                    game=info.id,
                    players=simulate_mod.players_text(info),
                    n=part.strip(),
                )
            )
        counts.append(count)
    return list(dict.fromkeys(counts))


def sweep(
    base: SimulationConfig,
    option: str,
    values: Sequence[object],
    on_progress: Progress = None,
) -> Sweep:
    """Play ``base`` once per value of ``option`` (every value checked before any game).

    ``option`` may be :data:`PLAYERS`: the values are then player counts, each seat played
    by ``base``'s one agent.

    Raises:
        GameSetupError: If a value is refused (or, sweeping players, the agents differ).
    """
    if option == PLAYERS:
        agents = tuple(dict.fromkeys(base.agents))
        if len(agents) != 1:
            raise GameSetupError(msg("lab.sweep_players_agents"))
        configs = [dataclasses.replace(base, agents=agents * int(str(v))) for v in values]
        for config in configs:
            simulate_mod.validate(config)
        resolved: list[OptionValue] = [int(str(v)) for v in values]
    else:
        configs = [dataclasses.replace(base, options={**base.options, option: v}) for v in values]
        resolved = [simulate_mod.validate(config)[option] for config in configs]
    runs = tuple(play(config, on_progress) for config in configs)
    columns = [measure_columns(run.rows) for run in runs]
    endings = {key for found in columns for key in found if key.startswith("end.")}
    for found, run in zip(columns, runs, strict=True):
        for key in sorted(endings - set(found)):  # an ending this value never reached
            found[key] = zeros(len(run.rows))
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
    (found,) = ladders(
        game_id,
        agents,
        [players],
        games=games,
        seed=seed,
        options=options,
        workers=workers,
        backend=backend,
        ray_address=ray_address,
        on_progress=on_progress,
    )
    return found


def ladders(
    game_id: str,
    agents: Sequence[str],
    player_counts: Sequence[int | None],
    *,
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    on_progress: Progress = None,
) -> tuple[Ladder, ...]:
    """One :func:`ladder` per player count (``None``: the game's fewest, at least 2), every
    pairing of every count checked before any game; each count uses the same seeds.

    Raises:
        GameSetupError: As :func:`ladder`.
    """
    names = tuple(dict.fromkeys(agents))
    if len(names) < 2:
        raise GameSetupError(msg("lab.ladder_needs_two"))
    info = registry.make(game_id).info
    tables = []
    for players in player_counts:
        seats = players if players is not None else max(2, info.min_players)
        plans = _ladder_plans(
            game_id, names, seats, games, seed, options, workers, backend, ray_address
        )
        tables.append((seats, plans))
    return tuple(
        Ladder(
            game_id,
            names,
            seats,
            tuple(_pairing(a, b, configs, on_progress) for a, b, configs in plans),
        )
        for seats, plans in tables
    )


def _ladder_plans(
    game_id: str,
    names: tuple[str, ...],
    seats: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None,
    workers: int,
    backend: str,
    ray_address: str | None,
) -> list[tuple[str, str, list[SimulationConfig]]]:
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
    return plans


def _pairing(a: str, b: str, configs: list[SimulationConfig], on_progress: Progress) -> Pairing:
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
    return Pairing(a, b, value, low, high, played, seeds, tuple(configs))
