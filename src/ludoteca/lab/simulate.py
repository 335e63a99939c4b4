"""Many seeded matches between agents, in one process or several, and their summary.

Game ``i`` (counting from 0) uses seed ``seed + i``. By default the agent list is rotated
by ``i`` (seat ``s`` gets ``agents[(s + i) % n]``), so every agent plays every seat equally
often; ``rotate=False`` keeps agent ``s`` in seat ``s``. Agents are built afresh for every
game, so a game's result depends only on its seed and seats: the same configuration gives
the same results with any number of workers or any chunk size.

A game may offer extra per-game figures (Gotcha: how often breaches are caught) through an
optional ``match_statistics()`` method returning a :class:`MatchStatistics`: an observer of one
match whose counts are added up over the games, some of them also shown as rates.

Usable without the command line::

    summary = simulate(SimulationConfig("tacocat", games=100, agents=("random", "random")))
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError, RulesError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import Message, msg, register
from ludoteca.engine.runner import Agent
from ludoteca.lab import stats

MAX_CHUNK = 100
"""Largest number of games sent to a worker at once (keeps the progress bar moving)."""


class SimulationError(RulesError):
    """A simulated game could not be played (e.g. an agent chose an illegal action)."""


@dataclass(frozen=True, slots=True)
class SimulationConfig:
    """What to simulate.

    Attributes:
        game_id: The game's id.
        games: How many games, at least 1.
        agents: One agent name per seat (their number is the player count).
        seed: Seed of game 0; game ``i`` uses ``seed + i``.
        options: Game options by name (typed values or command-line text).
        rotate: Rotate the agent list by the game index so agents share seats equally.
        workers: Processes to use, at least 1 (1 runs in this process).
        chunk_size: Games per task sent to a worker; 0 chooses automatically.
        records: Keep each game's record (one JSON line) in its result.
    """

    game_id: str
    games: int
    agents: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, object] = field(default_factory=dict, hash=False)
    rotate: bool = True
    workers: int = 1
    chunk_size: int = 0
    records: bool = False

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The agent name in each seat of game ``index``."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple(self.agents[(seat + shift) % n] for seat in range(n))

    def seed_for(self, index: int) -> int:
        """The seed of game ``index``."""
        return self.seed + index


class MatchStatistics(Protocol):
    """A game's optional per-match statistics (``game.match_statistics()`` makes one).

    It is the runner's observer of one match, and then reports counts by name; the
    simulation adds them up over the games. Each name has a message
    ``<game id>.stat.<name>`` (es/en) for its label.

    Attributes:
        rates: ``(numerator, denominator)`` count names also shown as a rate with its 95%
            Wilson interval (e.g. breaches caught out of breaches); ``"games"`` names the
            number of games.
    """

    rates: tuple[tuple[str, str], ...]

    def __call__(self, before: Any, seat: int, action: Any, after: Any) -> None:
        """Observe one step."""

    def counts(self) -> Mapping[str, int]:
        """The match's counts by name."""


def match_statistics(game: Any) -> MatchStatistics | None:
    """A fresh :class:`MatchStatistics` for one match of ``game``, if the game has them."""
    make = getattr(game, "match_statistics", None)
    return None if make is None else make()


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game.

    Attributes:
        index: The game's index, from 0.
        seed: Its seed.
        seats: The agent name in each seat.
        winners: The winning seats (empty for a draw or an unfinished game).
        finished: Whether the game reached an outcome within the step limit.
        steps: Actions plus chance outcomes applied.
        record: The game record as one line of JSON (empty unless records were asked for).
        counts: The game's own statistics (:class:`MatchStatistics`), as ``(name, count)``.
        end_reason: The outcome's end reason id; ``"truncated"`` for an unfinished game.
        turns: Turns played as the rulebook counts them (0 for an unfinished game).
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    finished: bool
    steps: int
    record: str = ""
    counts: tuple[tuple[str, int], ...] = ()
    end_reason: str = ""
    turns: int = 0


TRUNCATED = "truncated"
"""The end reason of a game stopped at the step limit."""


@dataclass(frozen=True, slots=True)
class AgentRate:
    """How often one agent won.

    Attributes:
        agent: The agent's name.
        wins: Games won out of games it played (a seat-game counts once per seat it held).
    """

    agent: str
    wins: stats.Rate


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulation found.

    Attributes:
        game_id: The game's id.
        games: Games played.
        seed: Seed of game 0.
        agents: The agent list as given.
        rotate: Whether seats were rotated.
        options: The resolved options, as sorted ``(name, value)`` pairs.
        seat_wins: Per seat, games won by whoever sat there.
        agent_wins: Per distinct agent (in order of first appearance), its wins.
        draws: Finished games without a winner.
        unfinished: Games stopped at the step limit without an outcome.
        lengths: Game length in steps.
        counts: The game's own statistics added up over the games, ``(name, total)``
            (empty for a game without :class:`MatchStatistics`).
        rates: ``(numerator, denominator, rate)`` for the rates the statistics name.
        end_reasons: How the games ended: ``(end reason id, share of games)``, most
            frequent first (``"truncated"`` for games stopped at the step limit).
        turns: Turns per finished game, as the rulebook counts them (``None`` if no game
            finished).
    """

    game_id: str
    games: int
    seed: int
    agents: tuple[str, ...]
    rotate: bool
    options: tuple[tuple[str, OptionValue], ...]
    seat_wins: tuple[stats.Rate, ...]
    agent_wins: tuple[AgentRate, ...]
    draws: int
    unfinished: int
    lengths: stats.Summary
    counts: tuple[tuple[str, int], ...] = ()
    rates: tuple[tuple[str, str, stats.Rate], ...] = ()
    end_reasons: tuple[tuple[str, stats.Rate], ...] = ()
    turns: stats.Summary | None = None


def make_agent(name: str, game_id: str) -> Agent:
    """An agent by name, with a missing agent module reported like an unknown agent.

    Raises:
        GameSetupError: If there is no such agent (or its module cannot be imported).
    """
    try:
        return agents_registry.make_agent(name, game_id)
    except ImportError:
        raise GameSetupError(msg("lab.agent_unavailable", name=name, game=game_id)) from None


def validate(config: SimulationConfig) -> dict[str, OptionValue]:
    """Check a configuration before running it.

    Returns:
        The game's options, complete and typed.

    Raises:
        GameSetupError: For an unknown game or agent, a bad option, a number of agents
            outside the game's player range, or fewer than 1 game or worker.
    """
    if config.games < 1:
        raise GameSetupError(msg("lab.bad_games", value=config.games))
    if config.workers < 1:
        raise GameSetupError(msg("lab.bad_workers", value=config.workers))
    if config.chunk_size < 0:
        raise GameSetupError(msg("lab.bad_chunk", value=config.chunk_size))
    game = registry.make(config.game_id)
    info = game.info
    if not info.min_players <= len(config.agents) <= info.max_players:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        raise GameSetupError(
            msg("lab.agent_count", game=info.id, players=players, n=len(config.agents))
        )
    for name in dict.fromkeys(config.agents):
        make_agent(name, config.game_id)
    return options_mod.resolve(info, config.options)


def play_game(config: SimulationConfig, index: int) -> GameResult:
    """Play game ``index`` of a (validated) configuration.

    Raises:
        SimulationError: If the game cannot be played to the end (an illegal agent action).
    """
    game = registry.make(config.game_id)
    seats = config.seats_for(index)
    seed = config.seed_for(index)
    agents = [make_agent(name, config.game_id) for name in seats]
    watcher = match_statistics(game)
    try:
        match = runner.play(game, agents, seed, config.options, observer=watcher)
    except RulesError as error:
        raise SimulationError(
            msg("lab.game_failed", index=index, seed=seed, error=error.message)
        ) from None
    outcome = match.outcome
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winners=outcome.winners if outcome else (),
        finished=outcome is not None,
        steps=match.steps,
        record=match.record.dumps() if config.records else "",
        counts=tuple(watcher.counts().items()) if watcher is not None else (),
        end_reason=outcome.end_reason if outcome else TRUNCATED,
        turns=outcome.turns if outcome else 0,
    )


def run(
    config: SimulationConfig, on_progress: Callable[[int], None] | None = None
) -> Iterator[GameResult]:
    """Play every game of ``config``, yielding the results in game order.

    With ``workers > 1`` the games are sent in chunks to a pool of processes and the
    results are put back in order as they arrive.

    Args:
        config: What to simulate.
        on_progress: Called in this process with the number of games just finished.

    Raises:
        GameSetupError: If the configuration is invalid (see :func:`validate`).
        SimulationError: If a game cannot be played.
    """
    return _run(dataclasses.replace(config, options=validate(config)), on_progress)


def _run(
    config: SimulationConfig, on_progress: Callable[[int], None] | None
) -> Iterator[GameResult]:
    if config.workers == 1:
        for index in range(config.games):
            result = play_game(config, index)
            if on_progress is not None:
                on_progress(1)
            yield result
        return
    yield from _run_parallel(config, on_progress)


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
        Win rates per seat and per agent with 95% Wilson intervals, draws and lengths.

    Raises:
        GameSetupError: If the configuration is invalid (see :func:`validate`).
        SimulationError: If a game cannot be played.
    """
    resolved = validate(config)
    seat_count = len(config.agents)
    seat_wins = [0] * seat_count
    agent_names = tuple(dict.fromkeys(config.agents))
    agent_wins = dict.fromkeys(agent_names, 0)
    agent_games = dict.fromkeys(agent_names, 0)
    draws = unfinished = 0
    lengths: list[float] = []
    totals: dict[str, int] = {}
    reasons: dict[str, int] = {}
    turns: list[float] = []
    for result in _run(dataclasses.replace(config, options=resolved), on_progress):
        if on_result is not None:
            on_result(result)
        lengths.append(result.steps)
        reasons[result.end_reason] = reasons.get(result.end_reason, 0) + 1
        if result.finished:
            turns.append(result.turns)
        for name, count in result.counts:
            totals[name] = totals.get(name, 0) + count
        if not result.finished:
            unfinished += 1
        elif not result.winners:
            draws += 1
        for seat, name in enumerate(result.seats):
            agent_games[name] += 1
            if seat in result.winners:
                seat_wins[seat] += 1
                agent_wins[name] += 1
    return SimulationSummary(
        game_id=config.game_id,
        games=config.games,
        seed=config.seed,
        agents=config.agents,
        rotate=config.rotate,
        options=tuple(sorted(resolved.items())),
        seat_wins=tuple(stats.rate(wins, config.games) for wins in seat_wins),
        agent_wins=tuple(
            AgentRate(name, stats.rate(agent_wins[name], agent_games[name])) for name in agent_names
        ),
        draws=draws,
        unfinished=unfinished,
        lengths=stats.summarize(lengths),
        counts=tuple(totals.items()),
        rates=_rates(registry.make(config.game_id), totals, config.games),
        end_reasons=tuple(
            (reason, stats.rate(count, config.games))
            for reason, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0]))
        ),
        turns=stats.summarize(turns) if turns else None,
    )


def _rates(
    game: Any, totals: Mapping[str, int], games: int
) -> tuple[tuple[str, str, stats.Rate], ...]:
    watcher = match_statistics(game)
    if watcher is None:
        return ()
    counts = {"games": games, **totals}
    return tuple(
        (hits, of, stats.rate(counts[hits], counts[of]))
        for hits, of in watcher.rates
        if hits in counts and of in counts
    )


def chunks(games: int, workers: int, chunk_size: int = 0) -> list[range]:
    """Split game indices ``0..games-1`` into consecutive chunks for ``workers`` processes.

    Args:
        games: Number of games.
        workers: Number of processes.
        chunk_size: Games per chunk; 0 picks about eight chunks per worker, at most
            :data:`MAX_CHUNK` games each.
    """
    size = chunk_size or max(1, min(MAX_CHUNK, games // (workers * 8)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _run_parallel(
    config: SimulationConfig, on_progress: Callable[[int], None] | None
) -> Iterator[GameResult]:
    # "spawn" everywhere: forking a process that runs threads (the progress bar's) is unsafe,
    # and it is the default on macOS and Windows anyway.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=config.workers, mp_context=context)
    try:
        futures: dict[Future[_ChunkOutcome], int] = {
            pool.submit(_play_chunk, config, part.start, part.stop): number
            for number, part in enumerate(chunks(config.games, config.workers, config.chunk_size))
        }
        ready: dict[int, list[GameResult]] = {}
        next_chunk = 0
        for future in as_completed(futures):
            outcome = future.result()
            if isinstance(outcome, Message):
                raise SimulationError(outcome)
            ready[futures[future]] = outcome
            if on_progress is not None:
                on_progress(len(outcome))
            while next_chunk in ready:
                yield from ready.pop(next_chunk)
                next_chunk += 1
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_ChunkOutcome = list[GameResult] | Message


def _play_chunk(config: SimulationConfig, start: int, stop: int) -> _ChunkOutcome:
    """Worker entry point. Errors come back as a message: our exceptions do not unpickle."""
    try:
        return [play_game(config, index) for index in range(start, stop)]
    except RulesError as error:
        return error.message


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
        "lab.agent_unavailable": {
            "es": "El agente '{name}' para {game} todavía no está instalado",
            "en": "The agent '{name}' for {game} is not installed yet",
        },
        "lab.sim.end_reasons": {
            "es": "Cómo acabaron: {reasons}",
            "en": "How the games ended: {reasons}",
        },
        "lab.sim.end_reason": {
            "es": "{label} ({reason}) {share}, {count} partidas",
            "en": "{label} ({reason}) {share}, {count} games",
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
        "lab.game_failed": {
            "es": "La partida {index} (semilla {seed}) no se pudo jugar: {error}",
            "en": "Game {index} (seed {seed}) could not be played: {error}",
        },
    }
)
