"""``--backend ray``: the same chunks of games as the local process pool, run as Ray tasks.

Each chunk is one task running :func:`ludoteca.lab.chunks.play_chunk`, so a game's result
depends only on its seed and seats, exactly as with local processes: the same configuration
gives the same results (and byte-identical ``--csv`` files) on either backend.

Without an address, ``ray.init`` starts a local Ray instance with ``workers`` CPUs and stops
it when the run ends; with ``ray_address`` (``"auto"``, ``"ray://head:10001"``) it joins that
cluster, whose nodes need Ludoteca installed (``pip install ludoteca[lab]``). If Ray is
already initialized in this process (a notebook, a test) it is used as it is and left
running.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from ludoteca.lab.chunks import ChunkOutcome, chunks, in_order, play_chunk
from ludoteca.lab.match import GameResult, SimulationConfig

LOCAL_ENV = (("RAY_agent_register_timeout_ms", "120000"), ("RAY_enable_metrics_collection", "0"))
"""For a local start: on a loaded machine the raylet gave up waiting for its metrics agent's
port file ("The current node timed out during startup", ray-project/ray#65983). A
simulation needs no Ray metrics, so they are off, and agents get two minutes to register
(each unless the variable is set already)."""


def run(
    config: SimulationConfig, on_progress: Callable[[int], None] | None
) -> Iterator[GameResult]:
    """Play a (validated) configuration's games as Ray tasks, yielding them in game order.

    Args:
        config: What to simulate (``workers`` sizes the chunks, and the local instance).
        on_progress: Called with the number of games just finished.
    """
    import ray  # noqa: PLC0415 (an optional dependency, the `lab` extra)

    started = not ray.is_initialized()
    if started:
        if config.ray_address is None:
            for name, value in LOCAL_ENV:
                os.environ.setdefault(name, value)
            ray.init(
                num_cpus=config.workers,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=config.ray_address, log_to_driver=False, configure_logging=False)
    task = ray.remote(play_chunk)
    refs: dict[Any, int] = {}
    complete = False
    try:
        for number, part in enumerate(chunks(config.games, config.workers, config.chunk_size)):
            refs[task.remote(config, part.start, part.stop)] = number
        yield from in_order(_arrivals(ray, refs), on_progress)
        complete = True
    finally:
        if not complete:  # Ctrl-C, an unplayable game, or the caller stopped reading
            for ref in refs:
                ray.cancel(ref)
        if started:
            ray.shutdown()


def _arrivals(ray: Any, refs: dict[Any, int]) -> Iterator[tuple[int, ChunkOutcome]]:
    """``(chunk number, outcome)`` as each task finishes."""
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            outcome: ChunkOutcome = ray.get(ref)
            yield refs[ref], outcome
