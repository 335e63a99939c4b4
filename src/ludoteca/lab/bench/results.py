"""The benchmark's results: repetitions, rows, the machine and the whole report."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from ludoteca.lab.bench.constants import KUHN, REFERENCE, TARGET_RATIO, WARMUP_FRACTION


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
        kind: ``"playout"``, ``"runner"``, ``"fastpath"``, ``"reference"`` or
            ``"openspiel"``.
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
        return (
            f"{self.name} ({self.kind})"
            if self.kind in ("runner", "fastpath", "openspiel")
            else self.name
        )

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
        compiled: How many of the modules the build compiles with mypyc ran compiled
            (:mod:`ludoteca.engine.native`); 0 for a pure-Python install.
        compilable: How many modules the build compiles (``compiled`` is this many in a
            full build).
    """

    date: str
    python: str
    platform: str
    cpu: str
    cpus: int
    open_spiel: str | None
    compiled: int = 0
    compilable: int = 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "date": self.date,
            "python": self.python,
            "platform": self.platform,
            "cpu": self.cpu,
            "cpus": self.cpus,
            "open_spiel": self.open_spiel,
            "compiled_modules": self.compiled,
            "compilable_modules": self.compilable,
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
