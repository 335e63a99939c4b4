"""Handing a new WebSocket to the worker that holds its room, so its frames need no relay.

With ``ludoteca serve --workers N`` the kernel gives each new connection to any worker
(``SO_REUSEPORT``). A socket whose room another worker holds used to be *relayed*: each of
its frames and each answer crossed Redis twice (``web.cluster``). Workers on one machine
can do better: before the WebSocket handshake, the worker that accepted the connection
passes the connection itself (its file descriptor, ``SCM_RIGHTS``) and the HTTP request it
read to the room's holder over a Unix datagram socket. The holder adopts the connection as
if its own listening socket had accepted it, and its server answers the handshake. The
client sees one ordinary WebSocket.

Measured before it was built (bench/README.md, 2026-12-04): 1,000 games on 2 workers with
each room's sockets sent to one worker's own port, against the kernel's choice, four pairs:
server processor time -8%, latency p50 about halved, p99 lower in three pairs of four.

Each worker listens on an abstract Unix address (a NUL byte, then
``ludoteca-handover-<worker id>``: Linux only, nothing on disk). A hand-over that cannot be
made (the holder is on another machine, has died, or its queue is full; not Linux; a server
whose internals are not the ones this module knows) is simply not made: the socket is
accepted and relayed as before.
A socket is handed over at most once (the request it carries is marked), so two workers
that disagree about a room for a moment cannot pass a socket back and forth.

Who may send: any local process that can reach the abstract address could hand a worker a
connection, which is what any local process can do by connecting to the server's port.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import logging
import socket
import sys
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger("ludoteca.web")

MARK = b"x-ludoteca-handed-over"
"""Header added to a handed-over request: the receiver never hands it on."""
MAX_REQUEST = 32 * 1024
"""Largest request passed (a WebSocket upgrade is well under 8 KiB); larger ones are relayed."""

ProtocolFactory = Callable[[], asyncio.Protocol]
"""Makes the HTTP protocol object of this worker's server for one adopted connection."""


def address(worker: str) -> str:
    """The abstract Unix address where ``worker`` takes handed-over connections."""
    return f"\0ludoteca-handover-{worker}"


def uvicorn_protocols(server: Callable[[], Any]) -> ProtocolFactory:
    """The protocol factory of the running ``uvicorn.Server`` that ``server()`` returns (as
    its listening sockets use it).
    """

    def make() -> asyncio.Protocol:
        running = server()
        config = running.config
        protocol: asyncio.Protocol = config.http_protocol_class(
            config=config, server_state=running.server_state, app_state=running.lifespan.state
        )
        return protocol

    return make


SEND_KEY = "ludoteca.server_send"
"""Where :func:`keeping_send` puts the server's own ``send`` in a WebSocket's scope."""


def keeping_send(app: Any) -> Any:
    """``app`` (ASGI) with each WebSocket scope holding the server's own ``send`` (the
    frameworks inside wrap it, and its protocol object holds the connection).
    """

    async def kept(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SEND_KEY] = send
        await app(scope, receive, send)

    return kept


def request_bytes(scope: Mapping[str, Any]) -> bytes:
    """The HTTP/1.1 request of a WebSocket ``scope``, rebuilt, with :data:`MARK` added."""
    target = scope.get("raw_path") or scope["path"].encode("utf-8")
    query = scope.get("query_string") or b""
    if query:
        target += b"?" + query
    lines = [b"GET " + target + b" HTTP/1.1"]
    lines += [name + b": " + value for name, value in scope["headers"]]
    lines.append(MARK + b": 1")
    return b"\r\n".join(lines) + b"\r\n\r\n"


def was_handed_over(scope: Mapping[str, Any]) -> bool:
    """Whether this connection was handed over to this worker already."""
    return any(name == MARK for name, _ in scope.get("headers", ()))


class Handover:
    """This worker's end: takes connections handed to it, and hands connections on.

    Args:
        worker: This worker's id.
        protocols: Makes the server's protocol for an adopted connection.
    """

    def __init__(self, worker: str, protocols: ProtocolFactory) -> None:
        self.worker = worker
        self.protocols = protocols
        self.handed = 0
        """Connections this worker handed to others."""
        self.adopted = 0
        """Connections other workers handed to this one."""
        self._inbox: socket.socket | None = None
        self._outbox: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._adopting: set[asyncio.Future[None]] = set()

    def start(self) -> bool:
        """Listen for handed-over connections; False where it cannot (not Linux)."""
        if not sys.platform.startswith("linux"):
            return False
        try:
            inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            inbox.bind(address(self.worker))
        except OSError:
            log.warning("worker %s: no hand-over address; sockets are relayed", self.worker)
            return False
        inbox.setblocking(False)
        outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        outbox.setblocking(False)
        self._inbox, self._outbox = inbox, outbox
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(inbox.fileno(), self._receive)
        return True

    def stop(self) -> None:
        """Stop taking connections (those in the queue are closed by the kernel)."""
        if self._inbox is not None and self._loop is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._inbox.fileno())
        for sock in (self._inbox, self._outbox):
            if sock is not None:
                sock.close()
        self._inbox = self._outbox = None

    def hand(self, scope: Mapping[str, Any], owner: str) -> bool:
        """Pass the not-yet-accepted WebSocket of ``scope`` to worker ``owner``.

        The server's ``send`` (kept in the scope by :func:`keeping_send`) is a method of
        its protocol object, which holds the connection. True: the connection is the
        owner's now and this worker has let go of it (the app returns without answering).
        False: nothing happened; serve it here.
        """
        if self._outbox is None or was_handed_over(scope):
            return False
        protocol: Any = getattr(scope.get(SEND_KEY), "__self__", None)
        transport = getattr(protocol, "transport", None)
        if transport is None or not hasattr(protocol, "handshake_complete"):
            return False
        if protocol.handshake_complete or transport.is_closing():
            return False
        raw = transport.get_extra_info("socket")
        request = request_bytes(scope)
        if raw is None or len(request) > MAX_REQUEST:
            return False
        fds = array.array("i", [raw.fileno()])
        try:
            self._outbox.sendmsg(
                [request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)], 0, address(owner)
            )
        except OSError:  # no such worker here (another machine, or dead), or its queue full
            return False
        # The owner holds the connection now; this worker's copy goes without a word: the
        # server must neither answer the handshake nor say that the app did not.
        protocol.handshake_complete = True
        transport.abort()
        self.handed += 1
        return True

    def _receive(self) -> None:
        """Take every connection waiting (called when the inbox is readable)."""
        inbox = self._inbox
        while inbox is not None:
            try:
                data, fds, _flags, _address = socket.recv_fds(inbox, MAX_REQUEST, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                log.warning("worker %s: a hand-over could not be read", self.worker, exc_info=True)
                return
            if not fds:
                continue
            conn = socket.socket(fileno=fds[0])  # at most one: the kernel closes more (unix(7))
            if not data.startswith(b"GET ") or MARK + b": 1\r\n" not in data:
                conn.close()  # not a hand-over of ours
                continue
            task = asyncio.ensure_future(self._adopt(conn, data))
            self._adopting.add(task)  # held until done: the loop keeps only weak references
            task.add_done_callback(self._adopting.discard)

    async def _adopt(self, conn: socket.socket, request: bytes) -> None:
        """Serve ``conn`` as if this worker had accepted it, from its ``request`` on."""
        assert self._loop is not None
        conn.setblocking(False)
        try:
            _transport, protocol = await self._loop.connect_accepted_socket(self.protocols, conn)
        except Exception:
            log.warning("worker %s: a handed-over socket failed", self.worker, exc_info=True)
            conn.close()
            return
        self.adopted += 1
        protocol.data_received(request)
