"""The frames workers send each other over Redis pub/sub, and the outbox that sends them.

Each worker listens on its own channel (``ludoteca:w:<worker>``). A frame is one header line
of JSON (``op`` and its fields) and, after a newline, a body that is passed on as it is (a
socket's text frame), so a room's broadcasts are never parsed or encoded twice:

- to a room's owner: ``open`` (a socket on the relay joined the room), ``in`` (one text frame
  the socket sent), ``close`` (it closed), ``ask`` (``GET /api/rooms/{id}``'s summary);
- to a relay: ``out`` (one text frame for a socket), ``shut`` (close that socket with a code:
  the room moved, the socket stopped reading), ``answer`` (the summary asked for).

:class:`Outbox` sends the frames queued since its last round to each worker as one message
(:func:`bundle`: each frame after its length), all workers' messages in one pipeline, in
order, and reports a worker whose channel nobody listens on (``PUBLISH`` answered 0): that
worker died. One message per round, not per frame: publishing and reading a message each
cost a relaying worker about as much as a frame's own work (a quarter of a worker's event
loop at 1,000 games when every frame was its own message).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

import orjson

log = logging.getLogger("ludoteca.web")

CHANNEL = "ludoteca:w:"


def channel(worker: str) -> str:
    """A worker's pub/sub channel."""
    return CHANNEL + worker


async def listening(redis: Any, worker: str) -> bool:
    """Whether ``worker`` listens on its channel now (a dead worker's has nobody)."""
    counts = await redis.pubsub_numsub(channel(worker))
    return bool(counts and int(counts[0][1]) > 0)


def frame(head: dict[str, Any], body: str = "") -> str:
    """One frame: the header as JSON, a newline, the body."""
    return orjson.dumps(head).decode() + "\n" + body


def bundle(frames: list[str]) -> str:
    """Frames in one message: each as its length in characters, a newline, the frame (a
    frame's body is a socket's text and may hold newlines itself).
    """
    return "".join([f"{len(item)}\n{item}" for item in frames])


def unbundle(data: str) -> list[str]:
    """The frames of a message made by :func:`bundle`.

    Raises:
        ValueError: If the message is not a bundle.
    """
    frames = []
    at = 0
    while at < len(data):
        cut = data.index("\n", at)
        size = int(data[at:cut])
        end = cut + 1 + size
        if size < 0 or end > len(data):
            raise ValueError("not a bundle")
        frames.append(data[cut + 1 : end])
        at = end
    return frames


def parse(data: str) -> tuple[dict[str, Any], str]:
    """A frame's header and body.

    Raises:
        ValueError: If the header is not a JSON object with an ``op``.
    """
    head_text, _, body = data.partition("\n")
    head = orjson.loads(head_text)
    if not isinstance(head, dict) or not isinstance(head.get("op"), str):
        raise ValueError("not a frame")
    return head, body


class Outbox:
    """The frames this worker sends, published in batches by :meth:`run`.

    Args:
        redis: The ``redis.asyncio.Redis`` client.
        on_dead: Called with a worker that no longer listens (its frames were lost).
        on_error: Called when Redis could not be reached (the batch was lost).
    """

    def __init__(
        self,
        redis: Any,
        on_dead: Callable[[str], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        self.redis = redis
        self._queue: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self._on_dead = on_dead
        self._on_error = on_error

    def send(self, worker: str, data: str) -> None:
        """Queue one frame for ``worker`` (never blocks)."""
        self._queue.append((worker, data))
        self._ready.set()

    def clear(self) -> None:
        """Drop every frame not sent yet (Redis went away: they would be stale)."""
        self._queue.clear()

    async def run(self) -> None:
        """Publish queued frames for as long as the worker runs."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            batch = list(self._queue)
            self._queue.clear()
            if not batch:
                continue
            per_worker: dict[str, list[str]] = {}
            for worker, data in batch:
                per_worker.setdefault(worker, []).append(data)
            pipe = self.redis.pipeline(transaction=False)
            for worker, frames in per_worker.items():
                pipe.publish(channel(worker), bundle(frames))
            try:
                heard = await pipe.execute()
            except Exception as error:  # redis.ConnectionError and its kin
                self._on_error(error)
                continue
            dead = {worker for worker, count in zip(per_worker, heard, strict=True) if not count}
            for worker in dead:
                self._on_dead(worker)
