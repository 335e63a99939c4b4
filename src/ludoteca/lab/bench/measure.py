"""Timing workloads round-robin into rows, and the machine they ran on."""

from __future__ import annotations

import importlib.metadata
import os
import platform
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from ludoteca.engine import native, registry
from ludoteca.lab.bench.constants import (
    DEFAULT_REPETITIONS,
    DEFAULT_SECONDS,
    OPENSPIEL_GAMES,
    WARMUP_FRACTION,
)
from ludoteca.lab.bench.results import BenchReport, BenchResult, Machine, Repetition
from ludoteca.lab.bench.workloads import (
    Workload,
    fastpath_workload,
    game_workload,
    has_fastpath,
    openspiel_workload,
    reference_workload,
    runner_workload,
)


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
        compiled=native.compiled_count(),
        compilable=len(native.COMPILED),
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

    Rows: the reference, then each game's playout and runner rows (and its fastpath row if
    it has a ``playout`` fast path), then (if asked) the OpenSpiel rows.

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
        if has_fastpath(game_id):
            workloads.append(fastpath_workload(game_id, seed))
    if openspiel:
        workloads.extend(openspiel_workload(name, seed) for name in OPENSPIEL_GAMES)
    machine = machine_info()
    results = measure(workloads, seconds, repetitions, progress)
    return BenchReport(machine, seconds, repetitions, results)


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()
