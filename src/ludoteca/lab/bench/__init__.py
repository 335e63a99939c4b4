"""Speed benchmarks: random playouts of every game, measured against baselines in one run.

Absolute timings on a shared virtual machine drift by tens of percent from run to run, so
every figure is reported next to baselines measured in the same process a moment before or
after. Five kinds of rows:

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
    A random agent sets ``reads_view = False``, so it is handed no view; the target is at
    most 1.5x the ``playout`` row's µs/step.
``fastpath``
    Only for games with a rollout fast path (a ``playout(state, rng, policy)`` member):
    the same random games as ``playout`` (same start states, same random stream), played on
    the game's mutable internals. The target is at least 4x the ``playout`` row.
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

from ludoteca.lab.bench.constants import (
    DEFAULT_REPETITIONS,
    DEFAULT_SECONDS,
    KUHN,
    OPENSPIEL_GAMES,
    REFERENCE,
    TARGET_RATIO,
    WARMUP_FRACTION,
)
from ludoteca.lab.bench.measure import (
    machine_info,
    measure,
    measure_game,
    measure_openspiel,
    measure_reference,
    measure_runner,
    run,
)
from ludoteca.lab.bench.report import render, run_cli, verdicts
from ludoteca.lab.bench.results import BenchReport, BenchResult, Machine, Repetition
from ludoteca.lab.bench.workloads import (
    RaceState,
    Workload,
    fastpath_workload,
    game_workload,
    has_fastpath,
    openspiel_available,
    openspiel_workload,
    reference_workload,
    runner_workload,
)

__all__ = [
    "DEFAULT_REPETITIONS",
    "DEFAULT_SECONDS",
    "KUHN",
    "OPENSPIEL_GAMES",
    "REFERENCE",
    "TARGET_RATIO",
    "WARMUP_FRACTION",
    "BenchReport",
    "BenchResult",
    "Machine",
    "RaceState",
    "Repetition",
    "Workload",
    "fastpath_workload",
    "game_workload",
    "has_fastpath",
    "machine_info",
    "measure",
    "measure_game",
    "measure_openspiel",
    "measure_reference",
    "measure_runner",
    "openspiel_available",
    "openspiel_workload",
    "reference_workload",
    "render",
    "run",
    "run_cli",
    "runner_workload",
    "verdicts",
]
