"""The two kinds of room client a worker keeps: a :class:`Link` is a WebSocket open on this
worker (in a room owned here, or relayed to the room's owner); a :class:`Proxy` is a socket
of another worker in a room owned here, whose frames go back to that worker over Redis.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable

from ludoteca.web.cluster import relay
from ludoteca.web.room.room import Room
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client
from ludoteca.web.wire.sockets import CLOSE_NOT_READING


class Proxy(Client):
    """A socket of another worker in a room owned here: its frames go back over Redis.

    Its messages are handled in order by a task of its own that runs while some wait
    (:meth:`take`), never by the loop that reads this worker's channel: a move waits for
    its commit, and the channel must not wait with it (every relayed socket would).

    Args:
        send: Queues a relay frame for a worker (``relay.Outbox.send``).
        peer: The worker the socket is open on.
        sock: The socket's id there.
        room: The room, owned here.
    """

    def __init__(self, send: Callable[[str, str], None], peer: str, sock: str, room: Room) -> None:
        head = relay.frame({"op": "out", "sock": sock})
        super().__init__(lambda text: send(peer, head + text))
        self.peer = peer
        self.sock = sock
        self.room = room
        self.inbox: collections.deque[p.ClientMessage | None] = collections.deque()
        """Messages waiting to be handled; None: the socket closed (after them)."""
        self.task: asyncio.Task[None] | None = None

    def take(self, message: p.ClientMessage | None) -> None:
        """Queue a message of the socket (None: it closed) for its own task."""
        self.inbox.append(message)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        try:
            while self.inbox:
                message = self.inbox.popleft()
                if message is None:
                    async with self.room.lock:
                        self.room.disconnect(self)
                    return
                await self.room.handle(self, message)
        finally:
            self.task = None


class Link:
    """A WebSocket open on this worker, in a room owned here (``room``) or elsewhere
    (``owner``).
    """

    def __init__(self, sock: str, room_id: str, queue: asyncio.Queue[str | int | None]) -> None:
        self.sock = sock
        self.room_id = room_id
        self.queue = queue
        self.client = Client(self.push)
        self.max_pending = 1000
        self.room: Room | None = None
        self.owner: str | None = None
        self.on_full: Callable[[Link], None] = lambda _link: None

    def push(self, text: str) -> None:
        """Queue a frame for the socket; a socket that stopped reading is closed."""
        if self.client.gone:
            return
        if self.queue.qsize() < self.max_pending:
            self.queue.put_nowait(text)
            return
        self.on_full(self)

    def shut(self, code: int) -> None:
        """Close the socket once with ``code``, after what was queued (all of it is
        dropped for a socket that stopped reading).
        """
        if self.client.gone:
            return
        self.client.gone = True
        while code == CLOSE_NOT_READING and not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(code)
