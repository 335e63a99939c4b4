"""What the benchmark times: the reference race, game, runner and OpenSpiel workloads."""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.lab.bench.constants import REFERENCE
from ludoteca.lab.bench.results import Repetition

T = TypeVar("T")

_CLOCK_EVERY = 16
"""Playout loops read the clock (about 0.5 µs for CPU time) every this many games only."""


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
        return _interpreted_choice(rng, _RACE_ROLLS)


_RACE = _Race()


def _interpreted_choice(rng: random.Random, items: Sequence[T]) -> T:
    """:func:`ludoteca.engine.rng.choice` as interpreted Python, for the baseline rows.

    The install may compile ``engine.rng`` (``engine/native.py``); the reference and OpenSpiel
    rows measure the interpreter, so they draw with this copy and stay what they were.
    """
    return items[int(rng.random() * len(items))]


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
    game: Any,
    new_state: Callable[[int], Any],
    seed: int,
    choice: Callable[[random.Random, Sequence[Any]], Any] = rng_mod.choice,
) -> Callable[[float], Repetition]:
    """A repetition function for random playouts over the Game protocol."""
    rng = rng_mod.make(seed)
    next_game = [0]

    def run(seconds: float) -> Repetition:
        repetition, next_game[0] = _playout(game, new_state, next_game[0], rng, seconds, choice)
        return repetition

    return run


def _untimed(action: Any) -> int:
    return 0


def _playout(
    game: Any,
    new_state: Callable[[int], Any],
    first: int,
    rng: random.Random,
    seconds: float,
    choice: Callable[[random.Random, Sequence[Any]], Any] = rng_mod.choice,
) -> tuple[Repetition, int]:
    """Random playouts from game number ``first`` until ``seconds`` have passed (whole games).

    Returns:
        The repetition and the number of the next game.
    """
    actors_of = game.actors
    legal_actions = game.legal_actions
    apply = game.apply
    sample_chance = game.sample_chance
    chance_only = _CHANCE_ONLY
    info = getattr(game, "info", None)
    realtime = bool(info is not None and info.realtime)
    action_time: Callable[[Any], int] = game.action_time if realtime else _untimed
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
        elif realtime:
            # A realtime race (as in ``runner.play``): every actor picks, the earliest
            # time applies (ties by actor order), the others are asked again next step.
            best_seat = actors[0]
            best = choice(rng, legal_actions(state, best_seat))
            best_time = action_time(best)
            for seat in actors[1:]:
                pick = choice(rng, legal_actions(state, seat))
                time_of_pick = action_time(pick)
                if time_of_pick < best_time:  # a tie stays with the earlier actor
                    best_seat, best, best_time = seat, pick, time_of_pick
            state = apply(state, best_seat, best)
            steps += 1
        else:
            # Simultaneous choices: every actor picks from the same state, then all apply.
            picks = [(seat, choice(rng, legal_actions(state, seat))) for seat in actors]
            for seat, action in picks:
                state = apply(state, seat, action)
            steps += len(picks)
    return Repetition(steps, games, clock() - start, time.perf_counter() - wall), first + games


def _fastpath_runner(game: Any, players: int, seed: int) -> Callable[[float], Repetition]:
    """A repetition function for a game's rollout fast path (``game.playout``)."""
    rng = rng_mod.make(seed)
    next_game = [0]
    playout = game.playout
    choice = rng_mod.choice

    def run(seconds: float) -> Repetition:
        clock = time.process_time
        steps = games = 0
        first = next_game[0]
        wall = time.perf_counter()
        start = clock()
        deadline = start + seconds
        while True:
            state = runner.new_game(game, players, seed + first + games)
            steps += playout(state, rng, choice)[1]
            games += 1
            if not games % _CLOCK_EVERY and clock() >= deadline:
                break
        next_game[0] = first + games
        return Repetition(steps, games, clock() - start, time.perf_counter() - wall)

    return run


def has_fastpath(game_id: str) -> bool:
    """Whether a registered game offers a rollout fast path (a ``playout`` member)."""
    return callable(getattr(registry.make(game_id), "playout", None))


def fastpath_workload(game_id: str, seed: int = 0) -> Workload:
    """The ``fastpath`` workload: the game's ``playout(state, rng, policy)`` with a uniform
    policy, from the same start states as the ``playout`` row (game ``i`` from seed
    ``seed + i``). It plays the protocol loop's games (``tests/games/test_playouts.py``), so
    the two rows count the same steps.

    Raises:
        GameSetupError: If the game id is not valid.
        ValueError: If the game has no fast path.
    """
    game = registry.make(game_id)
    if not callable(getattr(game, "playout", None)):
        raise ValueError(f"{game_id} has no playout fast path")
    players = game.info.min_players
    note = f"{players} players, game.playout(state, rng, choice): mutable internals"
    return Workload(game_id, "fastpath", note, _fastpath_runner(game, players, seed))


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
    choice = _interpreted_choice
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
    run = _playout_runner(_RACE, lambda _: start, seed, _interpreted_choice)
    return Workload(REFERENCE, "reference", note, run)


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
