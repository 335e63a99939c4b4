"""One simulated game: what to simulate, playing game ``i`` of it, and its result.

A simulation (``lab.simulate``) is many of these: :class:`SimulationConfig` says which game,
seats and seeds; :func:`play_game` plays game ``i`` on its own seed with fresh agents, so
its :class:`GameResult` depends only on its seed and seats, wherever it is played (this
process, a worker process, a Ray task: ``lab.chunks``). A game may offer per-game counts
through an optional ``match_statistics()`` (:class:`MatchStatistics`) and
``final_counts(state)`` in ``games/<id>/stats.py``, and the lab counts each game's
mechanics from its public events (``lab.mechanics``).
"""

from __future__ import annotations

import functools
import importlib
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import RulesError
from ludoteca.engine.i18n import msg, register
from ludoteca.lab import lead
from ludoteca.lab import mechanics as mechanics_mod

Scalar = bool | int | float | str | None
"""A figure's value in a table cell."""


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
        permute: Instead, cycle through every distinct order of the agents over the seats
            (game ``i`` gets order ``i`` mod their number; :func:`seat_orders`), so every
            agent meets every other in every relative position.
        workers: Processes to use, at least 1 (1 runs in this process).
        chunk_size: Games per task sent to a worker; 0 chooses automatically.
        records: Keep each game's record (one JSON line) in its result.
        max_steps: Stop each game after this many steps (0: the game's own bound); a game
            stopped so is truncated: no outcome, counted in ``unfinished``, never a win.
        backend: ``"local"`` (processes on this machine) or ``"ray"`` (tasks on a Ray
            cluster, see ``lab/ray_backend.py``); both give the same results.
        ray_address: The Ray cluster to join (``None``: start a local one).
    """

    game_id: str
    games: int
    agents: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, object] = field(default_factory=dict, hash=False)
    rotate: bool = True
    permute: bool = False
    workers: int = 1
    chunk_size: int = 0
    records: bool = False
    max_steps: int = 0
    backend: str = "local"
    ray_address: str | None = None

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The agent name in each seat of game ``index``."""
        if self.permute:
            orders = seat_orders(self.agents)
            return orders[index % len(orders)]
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple(self.agents[(seat + shift) % n] for seat in range(n))

    def seed_for(self, index: int) -> int:
        """The seed of game ``index``."""
        return self.seed + index


@functools.cache
def seat_orders(agents: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct order of ``agents`` over the seats, in the order
    ``itertools.permutations`` meets them (``("a", "a", "b")`` has three).
    """
    return tuple(dict.fromkeys(itertools.permutations(agents)))


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
        scores: The outcome's score per seat (empty for an unfinished game).
        figures: The outcome's own figures flattened to ``(name, value)`` pairs
            (:func:`flatten`), e.g. ``("rounds_won_0", 3)``.
        lead_changes: How often the leader changed (``lab.lead``); ``None`` for a game
            without a progress measure.
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
    scores: tuple[float, ...] = ()
    figures: tuple[tuple[str, Scalar], ...] = ()
    lead_changes: int | None = None


TRUNCATED = "truncated"
"""The end reason of a game stopped at the step limit."""


def match_statistics(game: Any) -> MatchStatistics | None:
    """A fresh :class:`MatchStatistics` for one match of ``game``, if the game has them.

    The game's own ``match_statistics()`` method, else its package's
    ``games/<id>/stats.py`` function of that name (a game need not carry the hook itself).
    """
    make = getattr(game, "match_statistics", None)
    if make is None:
        make = getattr(_stats_module(game.info.id), "match_statistics", None)
    return None if make is None else make()


def final_counts(game: Any, state: Any) -> Mapping[str, int]:
    """Counts read from a match's final state by ``games/<id>/stats.py``'s
    ``final_counts(state)`` (e.g. Tile Up's corners covered), or none.
    """
    read = getattr(_stats_module(game.info.id), "final_counts", None)
    return {} if read is None else read(state)


@functools.cache
def _stats_module(game_id: str) -> Any:
    try:
        return importlib.import_module(f"ludoteca.games.{game_id}.stats")
    except ModuleNotFoundError:
        return None


def flatten(figures: Mapping[str, Any], prefix: str = "") -> tuple[tuple[str, Scalar], ...]:
    """An outcome's figures as table cells: nested names joined by ``.``, list items by
    ``_`` and their index (``{"rounds_won": [3, 1]}`` gives ``rounds_won_0``,
    ``rounds_won_1``).
    """
    cells: list[tuple[str, Scalar]] = []
    for name, value in figures.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            cells.extend(flatten(value, f"{key}."))
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                if isinstance(item, Mapping):
                    cells.extend(flatten(item, f"{key}_{index}."))
                else:
                    cells.append((f"{key}_{index}", _scalar(item)))
        else:
            cells.append((key, _scalar(value)))
    return tuple(cells)


def _scalar(value: Any) -> Scalar:
    return value if value is None or isinstance(value, bool | int | float | str) else str(value)


def _both(first: Any, second: Any) -> Any:
    """One observer calling the two given (either may be ``None``)."""
    if first is None or second is None:
        return first if second is None else second

    def observe(before: Any, seat: int, action: Any, after: Any) -> None:
        first(before, seat, action, after)
        second(before, seat, action, after)

    return observe


def play_game(config: SimulationConfig, index: int) -> GameResult:
    """Play game ``index`` of a (validated) configuration.

    Raises:
        SimulationError: If the game cannot be played to the end (an illegal agent action).
    """
    game = registry.make(config.game_id)
    seats = config.seats_for(index)
    seed = config.seed_for(index)
    agents = [agents_registry.make_agent(name, config.game_id) for name in seats]
    watcher = match_statistics(game)
    mechanics = mechanics_mod.tally_for(game, len(seats))
    leads = lead.LeadWatcher(config.game_id) if config.game_id in lead.PROGRESS else None
    observer = _both(_both(watcher, mechanics), leads)
    try:
        match = runner.play(
            game,
            agents,
            seed,
            config.options,
            observer=observer,
            max_steps=config.max_steps or None,
        )
    except RulesError as error:
        raise SimulationError(
            msg("lab.game_failed", index=index, seed=seed, error=error.message)
        ) from None
    outcome = match.outcome
    counts = dict(watcher.counts()) if watcher is not None else {}
    counts.update(final_counts(game, match.state))
    if mechanics is not None:
        mechanics.finish(match.state)
        counts.update(mechanics.counts())
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winners=outcome.winners if outcome else (),
        finished=outcome is not None,
        steps=match.steps,
        record=match.record.dumps() if config.records else "",
        counts=tuple(counts.items()),
        end_reason=outcome.end_reason if outcome else TRUNCATED,
        turns=outcome.turns if outcome else 0,
        scores=tuple(float(score) for score in outcome.scores) if outcome else (),
        figures=flatten(outcome.figures) if outcome else (),
        lead_changes=None if leads is None else leads.changes,
    )


register(
    {
        "lab.game_failed": {
            "es": "La partida {index} (semilla {seed}) no se pudo jugar: {error}",
            "en": "Game {index} (seed {seed}) could not be played: {error}",
        },
    }
)
