"""Worker processes that stream every finished game back at once, and stop at once.

``concurrent.futures`` returns a chunk's results only when the whole chunk is done, and its
shutdown waits for the chunks in play: after Ctrl-C, the games a worker had finished in an
unfinished chunk were lost and the exit waited for up to a chunk's games. Here each worker
takes the next chunk (``lab.chunks``; a shared counter hands them out) and sends each
game's result on a result pipe as soon as it is played. The main process reads the pipe
and puts results back in game order; when asked to stop it terminates the workers and
reads what they had already sent, so every game finished before the stop is kept.

A worker ignores SIGINT (Ctrl-C reaches the whole foreground process group; the main
process decides) and blocks SIGTERM while it writes a result, so a terminated worker never
leaves half a message in the pipe: it dies right after the write. On Linux a worker also
dies with the main process, however that ends (a ``kill -9`` included): otherwise it would
play on and then block for ever on a full pipe that the other workers keep open, with
SIGTERM blocked.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterator
from multiprocessing import connection
from multiprocessing.context import BaseContext
from multiprocessing.queues import SimpleQueue
from typing import Any

from ludoteca.engine.errors import RulesError
from ludoteca.engine.i18n import Message
from ludoteca.lab.match import GameResult, SimulationConfig, SimulationError, play_game

POLL_SECONDS = 0.05
"""How often the main process looks at the stop flag while no result arrives."""

_DONE = "done"
_FAILED = "failed"
_CRASHED = "crashed"


class WorkerCrashError(RuntimeError):
    """A worker process failed outside the rules (a bug), or died without saying why."""


def _send(results: SimpleQueue[Any], item: tuple[Any, ...]) -> None:
    """Write one item whole: SIGTERM waits until the write is done."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        results.put(item)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})


_PR_SET_PDEATHSIG = 1
"""prctl(2)'s option asking the kernel for a signal when the parent process ends."""


def _die_with(parent: int) -> None:
    """End this worker when process ``parent`` (the main process) ends: on Linux, SIGKILL
    from the kernel; if the parent already ended before that was asked, at once.
    """
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def _work(
    config: SimulationConfig,
    parts: list[range],
    taken: Any,
    results: SimpleQueue[Any],
    parent: int,
) -> None:
    """A worker: take the next chunk (``taken`` counts the chunks handed out) until none
    is left, sending each game's result as it is played; it ends with process ``parent``.
    """
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        while True:
            with taken.get_lock():
                number = taken.value
                taken.value += 1
            if number >= len(parts):
                return
            for index in parts[number]:
                _send(results, (_DONE, play_game(config, index)))
    except RulesError as error:
        _send(results, (_FAILED, error.message))
    except BaseException:  # the main process raises it (a bug, not a rule)
        _send(results, (_CRASHED, traceback.format_exc()))


class StreamingPool:
    """``workers`` processes playing ``parts`` of a configuration, results per game.

    Args:
        context: The multiprocessing context (fork or spawn).
        config: The validated configuration.
        parts: The chunks of game indices, in order.
    """

    def __init__(self, context: BaseContext, config: SimulationConfig, parts: list[range]) -> None:
        self.expected = sum(len(part) for part in parts)
        self.results: SimpleQueue[Any] = context.SimpleQueue()
        # Kept on the pool: a spawned worker unpickles it after this returns.
        self.taken = context.Value("l", 0)
        self.processes = [
            context.Process(  # type: ignore[attr-defined]
                target=_work,
                args=(config, parts, self.taken, self.results, os.getpid()),
                daemon=True,
            )
            for _ in range(config.workers)
        ]
        for process in self.processes:
            process.start()

    def results_in_order(
        self,
        on_progress: Callable[[int], None] | None,
        should_stop: Callable[[], bool],
    ) -> Iterator[GameResult]:
        """Every result in game order; after ``should_stop()`` turns true, the workers are
        stopped and the results they had sent are yielded (in game order) before returning.

        Raises:
            SimulationError: When a game could not be played.
            WorkerCrashError: When a worker failed outside the rules or died.
        """
        ready: dict[int, GameResult] = {}
        received = 0
        next_index = 0
        reader = self.results._reader  # type: ignore[attr-defined]
        while received < self.expected:
            if should_stop():
                for result in self.stop():
                    ready[result.index] = result
                    if on_progress is not None:
                        on_progress(1)
                yield from (ready[index] for index in sorted(ready))
                return
            if not connection.wait([reader], timeout=POLL_SECONDS):
                if not any(process.is_alive() for process in self.processes):
                    raise WorkerCrashError("every worker process ended before the games did")
                continue
            result = self._accept(self.results.get())
            received += 1
            ready[result.index] = result
            if on_progress is not None:
                on_progress(1)
            while next_index in ready:
                yield ready.pop(next_index)
                next_index += 1

    def _accept(self, item: tuple[str, Any]) -> GameResult:
        kind, payload = item
        if kind == _FAILED:
            self.stop()
            assert isinstance(payload, Message)
            raise SimulationError(payload)
        if kind == _CRASHED:
            self.stop()
            raise WorkerCrashError(payload)
        result: GameResult = payload
        return result

    def stop(self) -> list[GameResult]:
        """Terminate the workers and return the results they had sent but not yet read.

        A worker writing a result finishes the write first (it blocks SIGTERM meanwhile), so
        the pipe is read while they end: a long write never waits on a full pipe.
        """
        for process in self.processes:
            if process.is_alive():
                process.terminate()
        found: list[GameResult] = []
        while True:
            while self.results._reader.poll():  # type: ignore[attr-defined]
                kind, payload = self.results.get()
                if kind == _DONE:
                    found.append(payload)
            if not any(process.is_alive() for process in self.processes):
                break
            for process in self.processes:
                process.join(POLL_SECONDS)
        while self.results._reader.poll():  # type: ignore[attr-defined]
            kind, payload = self.results.get()
            if kind == _DONE:
                found.append(payload)
        return found

    def close(self) -> None:
        """Stop the workers if they still run and release the queues."""
        self.stop()
        self.results.close()
