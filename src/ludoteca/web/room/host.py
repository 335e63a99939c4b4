"""The room host: how the application serves rooms, and the host of one process.

:class:`RoomHost` is everything the application asks of whoever holds the rooms: start and
stop with the server, create a room, summarise one, list the rooms held here, and serve a
room's WebSocket (perhaps handing it to another process first). :class:`LocalHost` is the
host of a single process: every room in this process's memory, loaded at start and unloaded
when idle. ``cluster.node.Node`` is the other host: one worker of several.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any, Protocol

from starlette.websockets import WebSocket

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import MAX_ROOM_ID, Room
from ludoteca.web.wire.client import Client, RoomError, read_message
from ludoteca.web.wire.limits import Limits, Meter, SocketRates
from ludoteca.web.wire.sockets import CLOSE_NO_ROOM, CLOSE_NOT_READING, Outbox, read_frames

log = logging.getLogger("ludoteca.web")


class RoomHost(Protocol):
    """What the application asks of whoever holds the rooms (one process or a cluster)."""

    async def start(self) -> None:
        """Begin serving (on the server's loop, before the first request)."""
        ...

    async def stop(self) -> None:
        """Stop serving (the rooms and the store are closed after)."""
        ...

    def health(self) -> dict[str, Any]:
        """``GET /healthz``'s answer."""
        ...

    async def create(
        self, game_id: str, players: object, options: object, turn_seconds: object
    ) -> Room:
        """A new room in the lobby, stored (its ``id`` and ``creator_token`` are answered).

        Raises:
            RoomError: A field refused, or the store (or the cluster) refused the room.
        """
        ...

    async def summary(self, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """``GET /api/rooms/{id}``: the room's summary, or None if there is no such room."""
        ...

    def held(self) -> Iterable[Room]:
        """The rooms this process holds in memory now (the open-rooms list)."""
        ...

    async def open_room(self, room_id: str) -> Room | None:
        """The room if this process serves it, loaded from the store if nobody holds it
        (the pace scheduler: a deadline came); None if another process holds it, or no
        such room.
        """
        ...

    async def hand_over(self, websocket: WebSocket, room_id: str) -> bool:
        """Before the handshake: True if the socket was handed to another process (return
        without a word); False to serve it here.
        """
        ...

    async def serve(self, websocket: WebSocket, room_id: str, address: str) -> None:
        """Serve one accepted WebSocket of ``room_id`` until it closes."""
        ...


class LocalHost:
    """Every room of a single process (``ludoteca serve`` without ``--workers``).

    Args:
        rooms: The rooms, over the process's store.
        limits: Rates and sizes.
        meter: The per-address buckets.
    """

    def __init__(self, rooms: Rooms, limits: Limits, meter: Meter) -> None:
        self.rooms = rooms
        self.limits = limits
        self.meter = meter
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Read every stored room, resume their games, and unload idle ones now and then."""
        self.rooms.load()
        self.rooms.resume()
        self._sweeper = asyncio.create_task(sweep(self.rooms, self.limits.idle_seconds))

    async def stop(self) -> None:
        """Stop the idle sweep."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)

    def health(self) -> dict[str, Any]:
        """``{"ok": true}``: the process answers."""
        return {"ok": True}

    async def create(
        self, game_id: str, players: object, options: object, turn_seconds: object
    ) -> Room:
        """A new room in the lobby, stored by the store's writer thread.

        Raises:
            RoomError: As ``Rooms.create_async``.
        """
        return await self.rooms.create_async(game_id, players, options, turn_seconds)

    async def summary(self, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """The room's summary; one not in memory is read from the store in a thread and
        not loaded (an anonymous look-up neither waits on the database on the event loop
        nor wakes a room's bots).
        """
        room = self.rooms.rooms.get(room_id)
        if room is not None:
            return room.summary(lang)
        if not 0 < len(room_id) <= MAX_ROOM_ID:
            return None
        try:
            return await self.rooms.stored_summary(room_id, lang)
        except Exception:  # the store failing (a timeout, a lost connection): logged
            log.exception("room %s could not be read from the store", room_id)
            return None

    def held(self) -> Iterable[Room]:
        """Every room in memory."""
        return list(self.rooms.rooms.values())

    async def open_room(self, room_id: str) -> Room | None:
        """The room, read from the store if it is not in memory (its game resumed)."""
        return await self.rooms.get_async(room_id)

    async def hand_over(self, websocket: WebSocket, room_id: str) -> bool:
        """Never: every room is here."""
        return False

    async def serve(self, websocket: WebSocket, room_id: str, address: str) -> None:
        """Serve one accepted WebSocket of ``room_id``: its frames to the room, the room's
        frames to it through an :class:`Outbox`; a socket that stops reading is closed.
        """
        room = await self.rooms.get_async(room_id)
        limits, meter = self.limits, self.meter

        def push(text: str) -> None:
            if client.gone:
                return
            if len(outbox.frames) < limits.max_pending:
                outbox.push(text)
                return
            # It stopped reading: closed once, out of the room at once (nothing more is
            # serialised for it), its frames dropped.
            client.gone = True
            if room is not None:
                room.drop(client)
            outbox.frames.clear()
            outbox.push(CLOSE_NOT_READING)

        client = Client(push)
        outbox = Outbox(websocket, client)
        if room is None:
            client.error(RoomError("no_room", msg("web.error.no_room", room=room_id[:40])))
            outbox.push(CLOSE_NO_ROOM)
            await outbox.finish()
            return
        found = room

        async def answer(text: str | None, rates: SocketRates) -> None:
            message = read_message(client, text, rates, meter, address)
            if message is not None:
                await found.handle(client, message)

        room.attach(client)
        try:
            await read_frames(websocket, client, limits, meter, address, answer)
        finally:
            async with room.lock:
                room.disconnect(client)
            if client.gone:
                await outbox.finish()  # the close it was given
            else:
                outbox.cancel()


async def sweep(rooms: Rooms, idle_seconds: float) -> None:
    """Unload idle rooms now and then (``Rooms.sweep``), for as long as the server runs."""
    every = max(1.0, min(60.0, idle_seconds / 4))
    while True:
        await asyncio.sleep(every)
        try:
            unloaded = rooms.sweep()
        except Exception:
            log.exception("idle rooms could not be unloaded")
            continue
        if unloaded:
            log.info("%d idle rooms unloaded", len(unloaded))
