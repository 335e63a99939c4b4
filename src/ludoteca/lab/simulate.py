"""Many seeded matches between agents, in one process or several, and their summary.

Game ``i`` (counting from 0) uses seed ``seed + i``. By default the agent list is rotated
by ``i`` (seat ``s`` gets ``agents[(s + i) % n]``), so every agent plays every seat equally
often; ``rotate=False`` keeps agent ``s`` in seat ``s``. Agents are built afresh for every
game, so a game's result depends only on its seed and seats: the same configuration gives
the same results with any number of workers or any chunk size.

Each result carries the outcome's winners, scores, turns, end reason and figures. A game may
offer extra per-game counts (Gotcha: how often breaches are caught; Mystery Date: what the
door opened on, for whom) through an optional ``match_statistics()`` (a method of the game or
a function of ``games/<id>/stats.py``) returning a ``lab.match.MatchStatistics``: an observer of
one match whose counts are added up over the games, some of them also shown as rates; and
through ``final_counts(state)`` in that module, read from the final state only (Tile Up:
corners covered, tiles left). Neither touches ``apply``.

One game is played by ``lab.match``; several go to worker processes (or Ray tasks,
``lab.ray_backend``) in chunks (``lab.chunks``). This module is the lab's entry point: it
re-exports the configuration and result types (``__all__``).

Usable without the command line::

    summary = simulate(SimulationConfig("tacocat", games=100, agents=("random", "random")))
"""

from __future__ import annotations

import dataclasses
import importlib.util
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import msg, register
from ludoteca.lab.chunks import chunks
from ludoteca.lab.match import (
    GameResult,
    SimulationConfig,
    match_statistics,
    play_game,
)
from ludoteca.lab.pool import StreamingPool
from ludoteca.lab.summary import Accumulator, AgentRate, SimulationSummary

__all__ = ["AgentRate", "GameResult", "SimulationConfig", "SimulationSummary", "simulate"]

BACKENDS = ("local", "ray")
"""Where the games run: processes on this machine, or a Ray cluster."""


def validate(config: SimulationConfig) -> dict[str, OptionValue]:
    """Check a configuration before running it, once, before any game is played.

    Besides the names and counts, the game is set up once with the first game's seed, so
    an option value the game's setup refuses (a turn limit out of range, door weights that
    cannot be used) is reported here, with its allowed values, not by every game.

    Returns:
        The game's options, complete and typed.

    Raises:
        GameSetupError: For an unknown game, agent or backend, a bad option, a number of
            agents outside the game's player range, or fewer than 1 game or worker.
    """
    if config.games < 1:
        raise GameSetupError(msg("lab.bad_games", value=config.games))
    if config.workers < 1:
        raise GameSetupError(msg("lab.bad_workers", value=config.workers))
    if config.max_steps < 0:
        raise GameSetupError(msg("lab.bad_max_steps", value=config.max_steps))
    if config.chunk_size < 0:
        raise GameSetupError(msg("lab.bad_chunk", value=config.chunk_size))
    if config.backend not in BACKENDS:
        raise GameSetupError(
            msg("lab.bad_backend", value=config.backend, valid=", ".join(BACKENDS))
        )
    game = registry.make(config.game_id)
    info = game.info
    if not info.min_players <= len(config.agents) <= info.max_players:
        raise GameSetupError(
            msg("lab.agent_count", game=info.id, players=players_text(info), n=len(config.agents))
        )
    for name in dict.fromkeys(config.agents):
        agents_registry.make_agent(name, config.game_id)
    options = options_mod.resolve(info, config.options)
    runner.new_game(game, len(config.agents), config.seed, options)
    if config.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise GameSetupError(msg("lab.no_ray"))
    return options


def players_text(info: Any) -> str:
    """A game's player range as people read it (``"2"``, ``"2-4"``)."""
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"


def run(
    config: SimulationConfig, on_progress: Callable[[int], None] | None = None
) -> Iterator[GameResult]:
    """Play every game of ``config``, yielding the results in game order.

    With ``workers > 1`` the games are sent in chunks to worker processes that send back
    each game as it ends (``lab.pool``), or with ``backend="ray"`` as Ray tasks; the results
    are put back in order as they arrive.

    Args:
        config: What to simulate.
        on_progress: Called in this process with the number of games just finished.

    Raises:
        GameSetupError: If the configuration is invalid (see :func:`validate`).
        SimulationError: If a game cannot be played.
    """
    return _run(dataclasses.replace(config, options=validate(config)), on_progress)


def _run(
    config: SimulationConfig,
    on_progress: Callable[[int], None] | None,
    should_stop: Callable[[], bool] = lambda: False,
) -> Iterator[GameResult]:
    if config.backend == "ray":
        from ludoteca.lab.ray_backend import run as run_on_ray  # noqa: PLC0415 (only if asked)

        yield from run_on_ray(config, on_progress)
        return
    if config.workers == 1:
        for index in range(config.games):
            if should_stop():
                return
            result = play_game(config, index)
            if on_progress is not None:
                on_progress(1)
            yield result
        return
    yield from _run_parallel(config, on_progress, should_stop)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: carries the summary of the games finished so far.

    Attributes:
        summary: What the finished games found (``interrupted`` is set).
    """

    def __init__(self, summary: SimulationSummary) -> None:
        super().__init__()
        self.summary = summary


def simulate(
    config: SimulationConfig,
    *,
    on_result: Callable[[GameResult], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play every game of ``config`` and summarize them.

    Args:
        config: What to simulate.
        on_result: Called with each result, in game order (e.g. to write records).
        on_progress: Called with the number of games just finished, as they finish.

    Returns:
        Win shares per seat and per agent with 95% Wilson intervals, ties, draws, lengths,
        turns, end reasons, score margins and the game's own counts.

    Raises:
        GameSetupError: If the configuration is invalid (see :func:`validate`).
        SimulationError: If a game cannot be played.
        Interrupted: On Ctrl-C, with the summary of the games finished before it.
    """
    resolved = validate(config)
    watcher = match_statistics(registry.make(config.game_id))
    tally = Accumulator(
        config.game_id,
        config.agents,
        config.seed,
        config.rotate,
        resolved,
        config.games,
        watcher.rates if watcher is not None else (),
        permuted=config.permute,
    )
    # Ctrl-C only asks to stop: in one process it is acted on between games (a
    # KeyboardInterrupt raised wherever the signal lands, in compiled rules code or in C
    # code calling back into Python, is not guaranteed to reach this loop); with worker
    # processes the pool stops them and hands over every game they had finished.
    ctrl_c = _CtrlC.install() if config.backend != "ray" else None
    stop = (lambda: ctrl_c.pressed) if ctrl_c is not None else (lambda: False)
    try:
        for result in _run(dataclasses.replace(config, options=resolved), on_progress, stop):
            tally.add(result)
            if on_result is not None:
                on_result(result)
        if ctrl_c is not None and ctrl_c.pressed:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        raise Interrupted(tally.summary(interrupted=True)) from None
    finally:
        if ctrl_c is not None:
            ctrl_c.restore()
    return tally.summary()


class _CtrlC:
    """A SIGINT handler that records the press (installed only over Python's default one,
    from the main thread; otherwise the default KeyboardInterrupt stays in force).
    """

    def __init__(self, previous: Any) -> None:
        self.pressed = False
        self.previous = previous

    @classmethod
    def install(cls) -> _CtrlC | None:
        if threading.current_thread() is not threading.main_thread():
            return None
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return None
        found = cls(signal.default_int_handler)
        signal.signal(signal.SIGINT, found.press)
        return found

    def press(self, signum: int, frame: object) -> None:
        self.pressed = True

    def restore(self) -> None:
        signal.signal(signal.SIGINT, self.previous)


def start_method() -> str:
    """How worker processes start: ``fork`` when this process runs one thread, else ``spawn``.

    A forked worker inherits the imported modules and warmed tables, so it starts at once; a
    spawned one imports everything again, which cost 0.2-0.5 s of a 1.5 s two-worker run of
    2,000 Tacocat games (``bench/tools/lab_workers.py``). Forking while another thread runs is
    unsafe (a lock that thread holds stays held in the child), so a caller with threads, or a
    platform without ``fork``, gets ``spawn``. The command line's progress bar draws from the
    main thread for this reason.
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _run_parallel(
    config: SimulationConfig,
    on_progress: Callable[[int], None] | None,
    should_stop: Callable[[], bool],
) -> Iterator[GameResult]:
    context = multiprocessing.get_context(start_method())
    pool = StreamingPool(context, config, chunks(config.games, config.workers, config.chunk_size))
    try:
        yield from pool.results_in_order(on_progress, should_stop)
    finally:
        pool.close()


register(
    {
        "lab.bad_games": {
            "es": "--games debe ser al menos 1 (se indicó {value})",
            "en": "--games must be at least 1 (got {value})",
        },
        "lab.bad_workers": {
            "es": "--workers debe ser al menos 1 (se indicó {value})",
            "en": "--workers must be at least 1 (got {value})",
        },
        "lab.bad_max_steps": {
            "es": "--max-steps debe ser 0 (el límite del juego) o más (se indicó {value})",
            "en": "--max-steps must be 0 (the game's own bound) or more (got {value})",
        },
        "lab.bad_backend": {
            "es": "--backend debe ser uno de: {valid} (se indicó '{value}')",
            "en": "--backend must be one of: {valid} (got '{value}')",
        },
        "lab.no_ray": {
            "es": "--backend ray necesita Ray: pip install -e '.[lab]'",
            "en": "--backend ray needs Ray: pip install -e '.[lab]'",
        },
        "lab.bad_chunk": {
            "es": "el tamaño de bloque debe ser 0 (automático) o más (se indicó {value})",
            "en": "the chunk size must be 0 (automatic) or more (got {value})",
        },
        "lab.agent_count": {
            "es": "--agents necesita un agente por asiento: {game} se juega con {players} "
            "jugadores, no con {n}",
            "en": "--agents needs one agent per seat: {game} is played by {players} players, "
            "not {n}",
        },
        "lab.sim.end_reasons": {
            "es": "Cómo acabaron: {reasons}",
            "en": "How the games ended: {reasons}",
        },
        "lab.sim.end_reason": {
            "es": "{label} {share}, {count}",
            "en": "{label} {share}, {count}",
        },
        "lab.sim.turns": {
            "es": "Turnos por partida (como los cuenta el reglamento): media {mean} · mediana "
            "{median} · percentil 90 {p90} · mín. {low} · máx. {high}",
            "en": "Turns per game (as the rulebook counts them): mean {mean} · median {median} "
            "· 90th percentile {p90} · min {low} · max {high}",
        },
        "lab.end.goal": {"es": "meta alcanzada", "en": "goal reached"},
        "lab.end.cards_out": {"es": "cartas agotadas", "en": "cards ran out"},
        "lab.end.corners": {"es": "esquinas cubiertas", "en": "corners covered"},
        "lab.end.tiles_out": {"es": "fichas agotadas", "en": "tiles ran out"},
        "lab.end.turn_limit": {"es": "límite de turnos", "en": "turn limit"},
        "lab.end.date": {"es": "cita conseguida", "en": "date won"},
        "lab.end.champ": {"es": "CHAMP alcanzado", "en": "CHAMP reached"},
        "lab.end.truncated": {"es": "sin terminar", "en": "unfinished"},
    }
)
