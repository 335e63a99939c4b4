"""One WebSocket's two directions: its frames read at the rate it may send them
(:func:`read_frames`) and its frames sent in order (:class:`Outbox`), with the close codes
the server ends a socket with.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludoteca.web.wire.client import Client
from ludoteca.web.wire.limits import Limits, Meter, SocketRates

log = logging.getLogger("ludoteca.web")

CLOSE_NOT_READING = 1013
"""Close code for a socket whose queue passed ``Limits.max_pending`` (it stopped reading)."""
CLOSE_SEND_FAILED = 1011
"""Close code after a frame could not be sent (a server bug; logged)."""
CLOSE_NO_ROOM = 4404
"""Close code for a room id that does not exist."""
CLOSE_TOO_MANY = 1008
"""Close code for a socket refused by policy: past its address's ``Limits.address_sockets``,
or opened by another site's page."""
CLOSE_MOVED = 1012
"""Close code of a socket whose room changed owner (or that could not be routed while Redis
was away): reconnect, as after any drop (``web.cluster``)."""

CLOSE_REASONS = {
    CLOSE_TOO_MANY: "refused",
    CLOSE_NOT_READING: "not reading",
    CLOSE_SEND_FAILED: "send failed",
    CLOSE_NO_ROOM: "no such room",
    CLOSE_MOVED: "room moving",
}

Answer = Callable[[str | None, SocketRates], Awaitable[None]]
"""Answers one text frame of a socket (``None``: a binary frame), given its own buckets."""


async def read_frames(
    websocket: WebSocket,
    client: Client,
    limits: Limits,
    meter: Meter,
    address: str,
    answer: Answer,
) -> None:
    """Read ``websocket``'s frames and ``answer`` each, until it closes or ``client`` is gone.

    Past its rate a socket is read later (TCP holds its frames): nothing is lost and the
    loop serves the others meanwhile. It always yields once after a frame, so one socket's
    burst is never handled back to back.
    """
    frames = limits.bucket(limits.frames)
    rates = SocketRates(limits)
    try:
        while not client.gone:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            await answer(frame.get("text"), rates)
            owed = max(frames.wait(), meter.wait(address, "frames"))
            await asyncio.sleep(min(owed, 5.0))
    except WebSocketDisconnect:
        pass


async def write_queue(
    websocket: WebSocket, queue: asyncio.Queue[str | int | None], client: Client
) -> None:
    """The socket writer of cluster mode (``cluster.node.Node``): the queue's frames, in
    order, through an :class:`Outbox`; a close code ends it after what came before, ``None``
    stops it.
    """
    outbox = Outbox(websocket, client)
    try:
        while (item := await queue.get()) is not None:
            outbox.push(item)
            if isinstance(item, int):
                break
        await outbox.finish()
    except asyncio.CancelledError:
        outbox.cancel()
        raise


class Outbox:
    """The frames waiting for one socket, sent in order by a task that runs only while
    there are some (an idle socket holds no task): a close code among them closes the
    socket with it, and nothing is sent after it.

    A frame that cannot be sent ends the socket: a peer that went away is normal (the reader
    sees it leave), anything else is logged and closed with ``CLOSE_SEND_FAILED``.
    """

    __slots__ = ("client", "done", "frames", "task", "websocket")

    def __init__(self, websocket: WebSocket, client: Client) -> None:
        self.websocket = websocket
        self.client = client
        self.frames: collections.deque[str | int] = collections.deque()
        self.task: asyncio.Task[None] | None = None
        self.done = False

    def push(self, item: str | int) -> None:
        """Queue a text frame or a close code (never blocks)."""
        if self.done:
            return
        self.frames.append(item)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._drain())

    async def finish(self) -> None:
        """Wait until what is queued was sent (or the socket ended)."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)

    def cancel(self) -> None:
        """Drop what is queued (the socket is gone)."""
        self.done = True
        self.frames.clear()
        if self.task is not None:
            self.task.cancel()

    async def _drain(self) -> None:
        try:
            while self.frames:
                item = self.frames.popleft()
                if isinstance(item, int):
                    self._end()
                    await close(self.websocket, item)
                    return
                try:
                    await self.websocket.send_text(item)
                except (OSError, RuntimeError, WebSocketDisconnect):
                    self.client.gone = True  # the peer went away; the reader cleans up
                    self._end()
                    return
                except Exception:
                    log.exception("a frame could not be sent; closing the socket")
                    self.client.gone = True
                    self._end()
                    await close(self.websocket, CLOSE_SEND_FAILED)
                    return
        finally:
            self.task = None

    def _end(self) -> None:
        self.done = True
        self.frames.clear()


async def close(websocket: WebSocket, code: int) -> None:
    """Close once with ``code`` and its reason; a peer that is gone already is fine."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(websocket.close(code=code, reason=CLOSE_REASONS[code]), 10)
