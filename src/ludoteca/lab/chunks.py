"""A simulation's games in chunks: split, played in a worker, put back in game order.

Shared by the local process pool (``lab.simulate``) and the Ray backend
(``lab.ray_backend``): a worker plays one chunk with :func:`play_chunk`, and
:func:`in_order` yields the results in game order whatever order the chunks finish in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ludoteca.engine.errors import RulesError
from ludoteca.engine.i18n import Message
from ludoteca.lab.match import GameResult, SimulationConfig, SimulationError, play_game

MAX_CHUNK = 100
"""Largest number of games sent to a worker at once (keeps the progress bar moving)."""


ChunkOutcome = list[GameResult] | Message
"""A chunk's results, or the message of the game that could not be played."""


def play_chunk(config: SimulationConfig, start: int, stop: int) -> ChunkOutcome:
    """Worker entry point. Errors come back as a message: our exceptions do not unpickle."""
    try:
        return [play_game(config, index) for index in range(start, stop)]
    except RulesError as error:
        return error.message


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


def in_order(
    arrivals: Iterator[tuple[int, ChunkOutcome]], on_progress: Callable[[int], None] | None
) -> Iterator[GameResult]:
    """Chunks' results in game order, from ``(chunk number, outcome)`` pairs arriving in
    any order (shared by the process pool and the Ray backend).

    Raises:
        SimulationError: When a chunk reports a game that could not be played.
    """
    ready: dict[int, list[GameResult]] = {}
    next_chunk = 0
    for number, outcome in arrivals:
        if isinstance(outcome, Message):
            raise SimulationError(outcome)
        ready[number] = outcome
        if on_progress is not None:
            on_progress(len(outcome))
        while next_chunk in ready:
            yield from ready.pop(next_chunk)
            next_chunk += 1
