"""A TCP proxy that delays each direction by a one-way latency with jitter, as a slow
phone link would, for the buzz fairness bench (``bench/tools/buzz_fair.py``) and the
clock tests (``tests/web/test_buzz_clock.py``).

Each chunk read from one side is written to the other ``delay_ms`` (plus a uniform draw
from ``±jitter_ms``) after it was read, never before the chunk ahead of it: TCP keeps its
bytes in order, so jitter stretches a queue and never reorders it. The delays are drawn from
a seeded ``random.Random``: two runs with one seed delay alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Link:
    """One direction's latency: ``delay_ms`` ± ``jitter_ms`` (uniform)."""

    delay_ms: float
    jitter_ms: float = 0.0

    def draw(self, rng: random.Random) -> float:
        """One chunk's delay in seconds (never below zero)."""
        jitter = rng.uniform(-self.jitter_ms, self.jitter_ms) if self.jitter_ms else 0.0
        return max(0.0, self.delay_ms + jitter) / 1000


class DelayProxy:
    """Listens on a free loopback port and forwards every connection to ``target``.

    Args:
        target: ``(host, port)`` of the server.
        up: Client to server latency.
        down: Server to client latency (``up`` if None).
        seed: Seeds the jitter.
    """

    def __init__(
        self, target: tuple[str, int], up: Link, down: Link | None = None, seed: int = 0
    ) -> None:
        self.target = target
        self.up = up
        self.down = down or up
        self.rng = random.Random(seed)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        """Start listening; the port."""
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        """Stop listening and drop every connection."""
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        pipes = [
            asyncio.create_task(self._pipe(reader, up_writer, self.up)),
            asyncio.create_task(self._pipe(up_reader, writer, self.down)),
        ]
        self._tasks.update(pipes)
        try:
            await asyncio.wait(pipes, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in pipes:
                task.cancel()
                self._tasks.discard(task)
            for side in (writer, up_writer):
                side.close()

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link
    ) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, chunk = await queue.get()
                if not chunk:
                    with contextlib.suppress(OSError):
                        writer.write_eof()
                    return
                wait = at - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(chunk)
                await writer.drain()

        sender = asyncio.create_task(deliver())
        last = 0.0
        try:
            while True:
                chunk = await reader.read(65536)
                last = max(last, loop.time() + link.draw(self.rng))
                queue.put_nowait((last, chunk))
                if not chunk:
                    break
            await sender
        finally:
            sender.cancel()


class ProxyThread:
    """A :class:`DelayProxy` on an event loop of its own thread (for synchronous callers).

    Args:
        target: ``(host, port)`` of the server.
        up: Client to server latency.
        down: Server to client latency (``up`` if None).
        seed: Seeds the jitter.
    """

    def __init__(
        self, target: tuple[str, int], up: Link, down: Link | None = None, seed: int = 0
    ) -> None:
        self.proxy = DelayProxy(target, up, down, seed)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> ProxyThread:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.proxy.start(), self.loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self.proxy.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    @property
    def port(self) -> int:
        """The port to connect to."""
        return self.proxy.port
