"""Speed benchmarks: random playouts of every game, measured against baselines in one run.

Absolute timings on a shared virtual machine drift by tens of percent from run to run, so
every figure is reported next to baselines measured in the same process a moment before or
after. Four kinds of rows:

``playout``
    The uniform-random playout loop over the Game protocol, the loop the OpenSpiel speed
    anchors use (``shared/research/performance-anchors.md``): ask ``actors``; at a chance
    step draw with ``sample_chance``; otherwise every actor picks uniformly from
    ``legal_actions`` with :func:`ludoteca.engine.rng.choice`; ``apply`` each pick. Every
    applied action or chance outcome is one *step*. A finished game is replaced by a new
    one from :func:`ludoteca.engine.runner.new_game`. Nothing else runs: no views, no
    legality checks, no records.
``runner``
    :func:`ludoteca.engine.runner.play` with random agents, the path simulations use: a view
    is built for every decision, every action is checked for legality and a record is kept.
    It is slower than ``playout`` by design.
``reference``
    A tiny fixed pure-Python game, :class:`_Race`, driven by the same loop as ``playout``.
    It stands for "how fast is this Python on this machine today", so ratios to it can be
    compared across machines and commits. It must never change.
``openspiel``
    Only when ``open_spiel`` is installed (``pip install -e '.[bench]'``): OpenSpiel's
    pure-Python ``python_kuhn_poker`` and its C++ ``leduc_poker``, each driven from the same
    kind of Python loop (``is_chance_node`` / ``chance_outcomes`` / ``legal_actions`` /
    ``apply_action``), as in the anchors.

Each row is the median of several repetitions (default 5) of about ``seconds`` each, after
one discarded warm-up repetition of the same length. The warm-up matters: games cache legal
action lists and intern action objects, so the first second of play is slower than the
steady state of a long simulation (Tacocat: about a third slower).
Rows are timed round-robin (one repetition of every row per round) and ratios are medians of
per-round ratios, so a slow patch of a shared machine slows the row and its baseline alike.
A repetition only ever stops between games, so it always contains whole games, and it
carries on with new games (new seeds) rather than replaying the previous repetition's.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import Lang, Message, msg, register

DEFAULT_SECONDS = 1.0
"""Length of one repetition, in seconds."""
DEFAULT_REPETITIONS = 5
"""Repetitions per row; the row reports their median."""
WARMUP_FRACTION = 1.0
"""The discarded warm-up repetition lasts this fraction of ``seconds``."""
KUHN = "python_kuhn_poker"
"""OpenSpiel's pure-Python Kuhn poker: the baseline the speed target is stated against."""
OPENSPIEL_GAMES: tuple[str, ...] = (KUHN, "leduc_poker")
"""OpenSpiel games measured with ``openspiel=True``: one pure-Python game, one C++ game."""
TARGET_RATIO = 2.0
"""Target: every game's playout at least this many times ``python_kuhn_poker``'s steps/s."""
REFERENCE = "reference"
"""Name of the reference row."""
_CLOCK_EVERY = 16
"""Playout loops read the clock (about 0.5 µs for CPU time) every this many games only."""


# ---------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class Repetition:
    """One timed repetition.

    Rates are per second of this process's CPU time (``time.process_time``), not wall
    time: on a shared machine other processes take the CPU away for a while, and CPU time
    leaves those pauses out. On an idle machine the two agree.

    Attributes:
        steps: Steps applied (actions plus chance outcomes).
        games: Games played to the end.
        seconds: CPU time taken by this process.
        wall_seconds: Wall time taken (``time.perf_counter``), for reference.
    """

    steps: int
    games: int
    seconds: float
    wall_seconds: float = 0.0

    @property
    def steps_per_s(self) -> float:
        """Steps per second in this repetition."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        """Games per second in this repetition."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class BenchResult:
    """One benchmark row: several repetitions of one workload.

    Attributes:
        name: What ran: a game id (``"tacocat"``), ``"reference"`` or an OpenSpiel game name.
        kind: ``"playout"``, ``"runner"``, ``"reference"`` or ``"openspiel"``.
        repetitions: The timed repetitions (the warm-up is not included).
        note: A short description for people (English, for the JSON file).
    """

    name: str
    kind: str
    repetitions: tuple[Repetition, ...]
    note: str = ""

    @property
    def label(self) -> str:
        """``name`` plus the kind where the name alone is ambiguous (``tacocat (runner)``)."""
        return f"{self.name} ({self.kind})" if self.kind in ("runner", "openspiel") else self.name

    @property
    def steps_per_s(self) -> float:
        """Median steps per second over the repetitions."""
        return statistics.median(rep.steps_per_s for rep in self.repetitions)

    @property
    def games_per_s(self) -> float:
        """Median games per second over the repetitions."""
        return statistics.median(rep.games_per_s for rep in self.repetitions)

    @property
    def us_per_step(self) -> float:
        """Microseconds per step, from the median steps per second."""
        rate = self.steps_per_s
        return 1e6 / rate if rate > 0 else 0.0

    @property
    def steps_per_game(self) -> float:
        """Mean steps per game over all repetitions."""
        games = sum(rep.games for rep in self.repetitions)
        return sum(rep.steps for rep in self.repetitions) / games if games else 0.0

    @property
    def spread(self) -> float:
        """``(max - min) / median`` of steps per second over the repetitions."""
        rates = [rep.steps_per_s for rep in self.repetitions]
        median = statistics.median(rates)
        return (max(rates) - min(rates)) / median if median > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the summary figures and every repetition."""
        return {
            "name": self.name,
            "kind": self.kind,
            "note": self.note,
            "steps_per_s": self.steps_per_s,
            "games_per_s": self.games_per_s,
            "us_per_step": self.us_per_step,
            "steps_per_game": self.steps_per_game,
            "spread": self.spread,
            "repetitions": [
                {
                    "steps": rep.steps,
                    "games": rep.games,
                    "cpu_seconds": rep.seconds,
                    "wall_seconds": rep.wall_seconds,
                }
                for rep in self.repetitions
            ],
        }


@dataclass(frozen=True, slots=True)
class Machine:
    """Where and when a benchmark ran.

    Attributes:
        date: UTC time the run started, ISO 8601.
        python: Python version (``"3.11.7"``) and implementation.
        platform: ``platform.platform()``.
        cpu: CPU model name, if the system says.
        cpus: Logical CPUs this process may use.
        open_spiel: The installed open-spiel version, or ``None``.
    """

    date: str
    python: str
    platform: str
    cpu: str
    cpus: int
    open_spiel: str | None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "date": self.date,
            "python": self.python,
            "platform": self.platform,
            "cpu": self.cpu,
            "cpus": self.cpus,
            "open_spiel": self.open_spiel,
        }


@dataclass(frozen=True, slots=True)
class BenchReport:
    """Every row of one benchmark run, with the machine it ran on.

    Attributes:
        machine: Where and when.
        seconds: Length of one repetition.
        repetitions: Repetitions per row.
        results: The rows, in the order they were measured.
    """

    machine: Machine
    seconds: float
    repetitions: int
    results: tuple[BenchResult, ...]

    def find(self, name: str, kind: str) -> BenchResult | None:
        """The row with this name and kind, or ``None``."""
        for result in self.results:
            if result.name == name and result.kind == kind:
                return result
        return None

    def ratio(self, result: BenchResult, baseline_name: str, baseline_kind: str) -> float | None:
        """How many times faster ``result`` steps than a baseline row, or ``None`` if absent.

        Rows measured together have one repetition per round, so this is the median over
        rounds of the per-round ratio of steps/s (paired, which cancels most of the machine's
        drift); with unequal repetition counts it falls back to the ratio of the medians.
        """
        baseline = self.find(baseline_name, baseline_kind)
        if baseline is None or baseline.steps_per_s <= 0:
            return None
        pairs = zip(result.repetitions, baseline.repetitions, strict=False)
        if len(result.repetitions) == len(baseline.repetitions):
            ratios = [mine.steps_per_s / base.steps_per_s for mine, base in pairs if base.steps]
            if ratios:
                return statistics.median(ratios)
        return result.steps_per_s / baseline.steps_per_s

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: machine, settings, and every row with its ratios."""
        rows = []
        for result in self.results:
            row = result.to_json()
            row["ratio_to_reference"] = self.ratio(result, REFERENCE, "reference")
            row["ratio_to_python_kuhn_poker"] = self.ratio(result, KUHN, "openspiel")
            rows.append(row)
        return {
            "machine": self.machine.to_json(),
            "seconds": self.seconds,
            "warmup_seconds": self.seconds * WARMUP_FRACTION,
            "repetitions": self.repetitions,
            "clock": "process CPU time (time.process_time); wall time kept per repetition",
            "target": f"playout steps/s >= {TARGET_RATIO} x {KUHN} steps/s",
            "results": rows,
        }


# ---------------------------------------------------------------------------------------
# The reference workload


_RACE_GOAL = 31
_RACE_MOVES = (1, 2, 3)
_RACE_ROLLS = (0, 1, 2)
_CHANCE_ONLY: tuple[Seat, ...] = (CHANCE,)
_RACE_SEATS: tuple[tuple[Seat, ...], tuple[Seat, ...]] = ((0,), (1,))

RaceState = tuple[int, int, bool]


class _Race:
    """The reference workload: a fixed two-player race written like a lean engine.

    Players take turns adding 1, 2 or 3 to a running total; after every move a chance step
    adds 0, 1 or 2 (uniform); the game ends when the total reaches 31. States are
    ``(total, seat to move, chance pending)`` tuples rebuilt on every step; legal actions are
    a constant tuple. About 20 steps a game, half of them chance.

    Never change it: its only job is to measure the interpreter and the machine, so that
    ratios to it stay comparable across commits and machines.
    """

    def actors(self, state: RaceState) -> tuple[Seat, ...]:
        total, seat, chance = state
        if total >= _RACE_GOAL:
            return ()
        return _CHANCE_ONLY if chance else _RACE_SEATS[seat]

    def legal_actions(self, state: RaceState, seat: Seat) -> Sequence[int]:
        return _RACE_MOVES

    def apply(self, state: RaceState, seat: Seat, action: int) -> RaceState:
        total, mover, _ = state
        if seat == CHANCE:
            return (total + action, 1 - mover, False)
        return (total + action, mover, True)

    def sample_chance(self, state: RaceState, rng: Any) -> int:
        return rng_mod.choice(rng, _RACE_ROLLS)


_RACE = _Race()


# ---------------------------------------------------------------------------------------
# Workloads and loops


@dataclass(frozen=True, slots=True)
class Workload:
    """Something to time: a row's name, kind and note, and how to run one repetition.

    Attributes:
        name: The row's name.
        kind: The row's kind (see the module docstring).
        note: A short description for people.
        run: Runs whole games for about the given seconds and returns the repetition. It
            carries on from where its previous call stopped (next seed, same random stream),
            as a long simulation would, so repetitions do not replay the same games.
    """

    name: str
    kind: str
    note: str
    run: Callable[[float], Repetition]


def _playout_runner(
    game: Any, new_state: Callable[[int], Any], seed: int
) -> Callable[[float], Repetition]:
    """A repetition function for random playouts over the Game protocol."""
    rng = rng_mod.make(seed)
    next_game = [0]

    def run(seconds: float) -> Repetition:
        repetition, next_game[0] = _playout(game, new_state, next_game[0], rng, seconds)
        return repetition

    return run


def _playout(
    game: Any, new_state: Callable[[int], Any], first: int, rng: random.Random, seconds: float
) -> tuple[Repetition, int]:
    """Random playouts from game number ``first`` until ``seconds`` have passed (whole games).

    Returns:
        The repetition and the number of the next game.
    """
    choice = rng_mod.choice
    actors_of = game.actors
    legal_actions = game.legal_actions
    apply = game.apply
    sample_chance = game.sample_chance
    chance_only = _CHANCE_ONLY
    clock = time.process_time
    steps = games = 0
    state = new_state(first)
    wall = time.perf_counter()
    start = clock()
    deadline = start + seconds
    while True:
        actors = actors_of(state)
        if not actors:
            games += 1
            if not games % _CLOCK_EVERY and clock() >= deadline:
                break
            state = new_state(first + games)
        elif actors == chance_only:
            state = apply(state, CHANCE, sample_chance(state, rng))
            steps += 1
        elif len(actors) == 1:
            seat = actors[0]
            state = apply(state, seat, choice(rng, legal_actions(state, seat)))
            steps += 1
        else:
            # Simultaneous choices: every actor picks from the same state, then all apply.
            picks = [(seat, choice(rng, legal_actions(state, seat))) for seat in actors]
            for seat, action in picks:
                state = apply(state, seat, action)
            steps += len(picks)
    return Repetition(steps, games, clock() - start, time.perf_counter() - wall), first + games


def _runner_runner(game_id: str, seed: int) -> Callable[[float], Repetition]:
    """A repetition function for whole ``runner.play`` matches between random agents."""
    game = registry.make(game_id)
    players = game.info.min_players
    next_seed = [seed]

    def run(seconds: float) -> Repetition:
        clock = time.process_time
        steps = games = 0
        wall = time.perf_counter()
        start = clock()
        deadline = start + seconds
        while True:
            agents = [RandomAgent() for _ in range(players)]
            match = runner.play(game, agents, next_seed[0])
            next_seed[0] += 1
            steps += match.steps
            games += 1
            if clock() >= deadline:
                break
        return Repetition(steps, games, clock() - start, time.perf_counter() - wall)

    return run


def _openspiel_runner(game: Any, seed: int) -> Callable[[float], Repetition]:
    """A repetition function for the anchors' Python loop over an OpenSpiel game."""
    rng = rng_mod.make(seed)
    return lambda seconds: _openspiel_playout(game, rng, seconds)


def _openspiel_playout(game: Any, rng: random.Random, seconds: float) -> Repetition:
    """The anchors' Python loop over an OpenSpiel game (its states mutate in place)."""
    choice = rng_mod.choice
    clock = time.process_time
    steps = games = 0
    state = game.new_initial_state()
    wall = time.perf_counter()
    start = clock()
    deadline = start + seconds
    while True:
        if state.is_terminal():
            games += 1
            if not games % _CLOCK_EVERY and clock() >= deadline:
                break
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            target = rng.random()
            action = outcomes[-1][0]
            acc = 0.0
            for outcome, probability in outcomes:
                acc += probability
                if target < acc:
                    action = outcome
                    break
            state.apply_action(action)
            steps += 1
        else:
            state.apply_action(choice(rng, state.legal_actions()))
            steps += 1
    return Repetition(steps, games, clock() - start, time.perf_counter() - wall)


def game_workload(game_id: str, seed: int = 0, *, num_players: int | None = None) -> Workload:
    """The ``playout`` workload of a registered game.

    Args:
        game_id: A registered game id.
        seed: Seeds the random picks; game ``i`` uses ``runner.new_game(..., seed + i)``.
        num_players: Seats (default: the game's minimum).

    Raises:
        GameSetupError: If the game id or player count is not valid.
    """
    game = registry.make(game_id)
    players = game.info.min_players if num_players is None else num_players
    runner.new_game(game, players, seed)  # validates the player count up front

    def new_state(index: int) -> Any:
        return runner.new_game(game, players, seed + index)

    note = f"{players} players, uniform-random playout loop over the Game protocol"
    return Workload(game_id, "playout", note, _playout_runner(game, new_state, seed))


def runner_workload(game_id: str, seed: int = 0) -> Workload:
    """The ``runner`` workload: whole ``runner.play`` matches between random agents.

    Raises:
        GameSetupError: If the game id is not valid.
    """
    note = "runner.play with random agents: a view per decision, legality checks, a record"
    return Workload(game_id, "runner", note, _runner_runner(game_id, seed))


def reference_workload(seed: int = 0) -> Workload:
    """The fixed pure-Python reference workload (:class:`_Race`) in the playout loop."""
    start: RaceState = (0, 0, False)
    note = "fixed pure-Python race to 31 (bench._Race) in the playout loop"
    return Workload(REFERENCE, "reference", note, _playout_runner(_RACE, lambda _: start, seed))


def openspiel_available() -> bool:
    """Whether ``open_spiel`` (the ``bench`` extra) is importable."""
    return importlib.util.find_spec("pyspiel") is not None


def openspiel_workload(name: str, seed: int = 0) -> Workload:
    """An OpenSpiel game driven from the anchors' Python loop.

    Args:
        name: A ``pyspiel.load_game`` name, e.g. ``"python_kuhn_poker"`` or ``"leduc_poker"``.
        seed: Seeds the random picks and chance draws.

    Raises:
        ModuleNotFoundError: If open_spiel is not installed.
    """
    import pyspiel  # noqa: PLC0415 - optional dependency

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401, PLC0415 - registers the python_* games

    game = pyspiel.load_game(name)
    engine = "pure-Python" if name.startswith("python_") else "C++"
    note = f"OpenSpiel {engine} game, Python loop (chance_outcomes, legal_actions)"
    return Workload(name, "openspiel", note, _openspiel_runner(game, seed))


def measure(
    workloads: Sequence[Workload],
    seconds: float = DEFAULT_SECONDS,
    repetitions: int = DEFAULT_REPETITIONS,
    progress: Callable[[str], None] | None = None,
) -> tuple[BenchResult, ...]:
    """Time several workloads round-robin, so a slow patch of the machine hits them all.

    First one warm-up repetition of each (``seconds * WARMUP_FRACTION``, discarded; progress
    calls it round 0), then
    ``repetitions`` rounds, each timing one repetition of every workload in order.

    Args:
        workloads: What to time.
        seconds: Length of one repetition.
        repetitions: Rounds.
        progress: Called with a short text before each repetition.

    Returns:
        One row per workload, in the given order.

    Raises:
        ValueError: If ``seconds`` is not positive or ``repetitions`` is below 1.
    """
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, got {seconds}")
    if repetitions < 1:
        raise ValueError(f"repetitions must be at least 1, got {repetitions}")
    tell = progress or (lambda _: None)
    for workload in workloads:
        tell(f"{workload.name} ({workload.kind}) 0/{repetitions}")
        workload.run(seconds * WARMUP_FRACTION)
    reps: list[list[Repetition]] = [[] for _ in workloads]
    for round_no in range(repetitions):
        for index, workload in enumerate(workloads):
            tell(f"{workload.name} ({workload.kind}) {round_no + 1}/{repetitions}")
            reps[index].append(workload.run(seconds))
    return tuple(
        BenchResult(w.name, w.kind, tuple(r), w.note) for w, r in zip(workloads, reps, strict=True)
    )


def measure_game(
    game_id: str,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
    num_players: int | None = None,
) -> BenchResult:
    """Random playouts of one registered game over the Game protocol (its ``playout`` row).

    Args:
        game_id: A registered game id.
        seconds: Length of one repetition.
        seed: Seeds the random picks; game ``i`` uses ``runner.new_game(..., seed + i)``.
        repetitions: Timed repetitions (after one discarded warm-up).
        num_players: Seats (default: the game's minimum).

    Returns:
        The row.

    Raises:
        GameSetupError: If the game id or player count is not valid.
    """
    workload = game_workload(game_id, seed, num_players=num_players)
    return measure([workload], seconds, repetitions)[0]


def measure_runner(
    game_id: str,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
) -> BenchResult:
    """Whole ``runner.play`` matches with random agents (the game's ``runner`` row).

    Args:
        game_id: A registered game id.
        seconds: Length of one repetition.
        seed: The first match seed; later matches take the next seeds.
        repetitions: Timed repetitions (after one discarded warm-up).

    Returns:
        The row.

    Raises:
        GameSetupError: If the game id is not valid.
    """
    return measure([runner_workload(game_id, seed)], seconds, repetitions)[0]


def measure_reference(
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
) -> BenchResult:
    """The fixed pure-Python reference workload (the ``reference`` row).

    Args:
        seconds: Length of one repetition.
        seed: Seeds the random picks.
        repetitions: Timed repetitions (after one discarded warm-up).

    Returns:
        The row.
    """
    return measure([reference_workload(seed)], seconds, repetitions)[0]


def measure_openspiel(
    name: str,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
) -> BenchResult:
    """An OpenSpiel game driven from the anchors' Python loop (an ``openspiel`` row).

    Args:
        name: A ``pyspiel.load_game`` name, e.g. ``"python_kuhn_poker"`` or ``"leduc_poker"``.
        seconds: Length of one repetition.
        seed: Seeds the random picks and chance draws.
        repetitions: Timed repetitions (after one discarded warm-up).

    Returns:
        The row.

    Raises:
        ModuleNotFoundError: If open_spiel is not installed.
    """
    return measure([openspiel_workload(name, seed)], seconds, repetitions)[0]


def machine_info() -> Machine:
    """Where and when this process runs (for the report)."""
    try:
        spiel: str | None = importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        spiel = None
    return Machine(
        date=datetime.now(UTC).isoformat(timespec="seconds"),
        python=f"{platform.python_implementation()} {platform.python_version()}",
        platform=platform.platform(),
        cpu=_cpu_model(),
        cpus=len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count() or 1,
        open_spiel=spiel,
    )


def run(
    game_ids: Sequence[str] | None = None,
    seconds: float = DEFAULT_SECONDS,
    openspiel: bool = False,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> BenchReport:
    """Measure every requested row in one run, round-robin (see :func:`measure`).

    Rows: the reference, then each game's playout and runner rows, then (if asked) the
    OpenSpiel rows.

    Args:
        game_ids: Games to measure (default: every registered game).
        seconds: Length of one repetition.
        openspiel: Also measure :data:`OPENSPIEL_GAMES` (needs open_spiel).
        repetitions: Timed repetitions per row.
        seed: Seed for every row.
        progress: Called with a short text before each repetition.

    Returns:
        The report.

    Raises:
        GameSetupError: For an unknown game id.
        ModuleNotFoundError: If ``openspiel`` is set and open_spiel is not installed.
    """
    ids = list(registry.available_games() if game_ids is None else game_ids)
    workloads = [reference_workload(seed)]
    for game_id in ids:
        workloads.append(game_workload(game_id, seed))
        workloads.append(runner_workload(game_id, seed))
    if openspiel:
        workloads.extend(openspiel_workload(name, seed) for name in OPENSPIEL_GAMES)
    machine = machine_info()
    results = measure(workloads, seconds, repetitions, progress)
    return BenchReport(machine, seconds, repetitions, results)


# ---------------------------------------------------------------------------------------
# Command line


def render(report: BenchReport, lang: Lang = "en") -> Table:
    """The report as a Rich table, headers in ``lang``."""

    def text(key: str, **params: object) -> str:
        return msg(f"bench.{key}", **params).text(lang)

    table = Table(
        title=text("title"),
        caption=text(
            "caption",
            seconds=report.seconds,
            reps=report.repetitions,
            warmup=report.seconds * WARMUP_FRACTION,
        ),
    )
    table.add_column(text("col.row"))
    table.add_column(text("col.kind"))
    for key in ("steps_s", "games_s", "us_step", "steps_game", "spread", "x_ref", "x_kuhn"):
        table.add_column(text(f"col.{key}"), justify="right")
    for result in report.results:
        to_ref = report.ratio(result, REFERENCE, "reference")
        to_kuhn = report.ratio(result, KUHN, "openspiel")
        table.add_row(
            result.name,
            text(f"kind.{result.kind}"),
            f"{result.steps_per_s:,.0f}",
            f"{result.games_per_s:,.0f}"
            if result.games_per_s >= 10
            else f"{result.games_per_s:.2f}",
            f"{result.us_per_step:.2f}",
            f"{result.steps_per_game:.1f}",
            f"{100 * result.spread:.0f}%",
            _times(to_ref),
            _times(to_kuhn),
        )
    return table


def verdicts(report: BenchReport, lang: Lang = "en") -> list[str]:
    """One line per game playout row on the target (≥ 2× ``python_kuhn_poker`` steps/s)."""
    lines = []
    for result in report.results:
        if result.kind != "playout":
            continue
        ratio = report.ratio(result, KUHN, "openspiel")
        if ratio is None:
            lines.append(msg("bench.target_unknown", game=result.name).text(lang))
        else:
            key = "bench.target_met" if ratio >= TARGET_RATIO else "bench.target_missed"
            lines.append(
                msg(key, game=result.name, ratio=f"{ratio:.2f}", target=f"{TARGET_RATIO:g}").text(
                    lang
                )
            )
    return lines


def run_cli(
    game_ids: list[str] | None,
    seconds: float,
    openspiel: bool,
    json_out: Path | None,
    lang: str,
    *,
    repetitions: int = DEFAULT_REPETITIONS,
) -> int:
    """Run the benchmarks, print Rich tables and optionally write JSON (``ludoteca bench``).

    Args:
        game_ids: Games to measure (``None`` or empty: every registered game).
        seconds: Length of one repetition (the median of ``repetitions`` is reported).
        openspiel: Also measure OpenSpiel's ``python_kuhn_poker`` and ``leduc_poker``.
        json_out: Write the full report (every repetition) to this file.
        lang: ``"es"`` or ``"en"`` for the tables and messages.
        repetitions: Timed repetitions per row.

    Returns:
        0 on success; 2 (after a one-line error on stderr) if ``openspiel`` is set but
        open_spiel is not installed, a game id is unknown, ``seconds`` is not positive or
        the JSON file cannot be written.
    """
    language: Lang = "es" if lang == "es" else "en"
    if openspiel and not openspiel_available():
        return _error(msg("bench.no_openspiel"), language)
    if seconds <= 0 or repetitions < 1:
        return _error(msg("bench.bad_seconds", seconds=seconds), language)
    if json_out is not None and not json_out.parent.is_dir():
        return _error(msg("bench.cannot_write", path=str(json_out)), language)
    console = Console()
    if not console.is_terminal:
        console = Console(width=132)
    try:
        with console.status(msg("bench.running").text(language)) as status:
            report = run(
                game_ids or None,
                seconds,
                openspiel,
                repetitions=repetitions,
                progress=lambda label: status.update(
                    msg("bench.measuring", row=label).text(language)
                ),
            )
    except GameSetupError as error:
        return _error(error.message, language)
    machine = report.machine
    console.print(
        msg(
            "bench.machine",
            date=machine.date,
            python=machine.python,
            cpu=machine.cpu,
            cpus=machine.cpus,
            spiel=machine.open_spiel or "-",
        ).text(language),
        markup=False,
        highlight=False,
    )
    console.print(render(report, language))
    for line in verdicts(report, language):
        console.print(line, markup=False, highlight=False)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(report.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError:
            return _error(msg("bench.cannot_write", path=str(json_out)), language)
        console.print(msg("bench.wrote", path=str(json_out)).text(language), markup=False)
    return 0


def _error(message: Message, lang: Lang) -> int:
    """Print ``message`` as one line on stderr (as the CLI does) and return exit code 2."""
    print("Error: " + " ".join(message.text(lang).split()), file=sys.stderr)
    return 2


def _times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.2f}×"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


register(
    {
        "bench.title": {
            "es": "Rendimiento: partidas aleatorias",
            "en": "Speed: random playouts",
        },
        "bench.caption": {
            "es": (
                "mediana de {reps} repeticiones de {seconds} s de CPU, tras {warmup} s de "
                "calentamiento; dispersión = (máx − mín) / mediana"
            ),
            "en": (
                "median of {reps} repetitions of {seconds} s of CPU time after a {warmup} s "
                "warm-up; spread = (max − min) / median"
            ),
        },
        "bench.col.row": {"es": "carga", "en": "workload"},
        "bench.col.kind": {"es": "tipo", "en": "kind"},
        "bench.col.steps_s": {"es": "pasos/s", "en": "steps/s"},
        "bench.col.games_s": {"es": "partidas/s", "en": "games/s"},
        "bench.col.us_step": {"es": "µs/paso", "en": "µs/step"},
        "bench.col.steps_game": {"es": "pasos/partida", "en": "steps/game"},
        "bench.col.spread": {"es": "dispersión", "en": "spread"},
        "bench.col.x_ref": {"es": "× referencia", "en": "× reference"},
        "bench.col.x_kuhn": {"es": "× python_kuhn_poker", "en": "× python_kuhn_poker"},
        "bench.kind.playout": {
            "es": "bucle aleatorio",
            "en": "random loop",
        },
        "bench.kind.runner": {
            "es": "runner.play (vistas, legalidad)",
            "en": "runner.play (views, legality)",
        },
        "bench.kind.reference": {
            "es": "referencia Python fija",
            "en": "fixed Python reference",
        },
        "bench.kind.openspiel": {
            "es": "OpenSpiel, bucle Python",
            "en": "OpenSpiel, Python loop",
        },
        "bench.target_met": {
            "es": (
                "{game}: {ratio}× los pasos/s de python_kuhn_poker (objetivo ≥ {target}×): cumplido"
            ),
            "en": "{game}: {ratio}× python_kuhn_poker's steps/s (target ≥ {target}×): met",
        },
        "bench.target_missed": {
            "es": (
                "{game}: {ratio}× los pasos/s de python_kuhn_poker "
                "(objetivo ≥ {target}×): NO cumplido"
            ),
            "en": "{game}: {ratio}× python_kuhn_poker's steps/s (target ≥ {target}×): NOT met",
        },
        "bench.target_unknown": {
            "es": "{game}: sin comparación con python_kuhn_poker (use --openspiel)",
            "en": "{game}: no comparison with python_kuhn_poker (use --openspiel)",
        },
        "bench.machine": {
            "es": "{date} · {python} · {cpu} · {cpus} CPU · open-spiel {spiel}",
            "en": "{date} · {python} · {cpu} · {cpus} CPUs · open-spiel {spiel}",
        },
        "bench.running": {"es": "Midiendo…", "en": "Measuring…"},
        "bench.measuring": {"es": "Midiendo {row}…", "en": "Measuring {row}…"},
        "bench.wrote": {"es": "JSON escrito en {path}", "en": "JSON written to {path}"},
        "bench.cannot_write": {
            "es": "No se puede escribir {path}",
            "en": "Cannot write {path}",
        },
        "bench.no_openspiel": {
            "es": "OpenSpiel no está instalado: instálalo con pip install -e '.[bench]'",
            "en": "OpenSpiel is not installed: install with pip install -e '.[bench]'",
        },
        "bench.bad_seconds": {
            "es": "Los segundos y las repeticiones deben ser positivos (segundos: {seconds})",
            "en": "Seconds and repetitions must be positive (seconds: {seconds})",
        },
    }
)
