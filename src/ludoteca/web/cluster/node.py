"""One worker of ``ludoteca serve --workers N``: rooms owned here, rooms relayed elsewhere.

Every worker process accepts any connection. A room is owned by one worker at a time, the
one holding its lease in Redis (``cluster.lease``) and its fencing token in PostgreSQL
(``store.fence``); only the owner holds the room in memory, runs its bots and writes it
(``cluster.ownership``). A socket that reaches another worker is *relayed*: this worker
reads its frames (rates, validation and the pause apply here), forwards them to the owner
over Redis pub/sub (``cluster.relay``, ``cluster.peers``), and the owner answers through a
``Proxy`` client whose frames come back to this worker and go out on the socket. The owner
does not know or care which sockets are its own: a proxy is a room client like any other.
Between workers of one machine a new socket is not relayed but handed to the owner before
its handshake (:meth:`Node.hand_over`, ``cluster.handover``); relaying remains for the
sockets a hand-over cannot move.

When an owner dies (kill -9) its channel goes silent: relays see their frames unheard or
the channel unsubscribed and close their sockets with code 1012 ("moving"); the page
reconnects as after any drop, and the worker it reaches waits out the dead owner's lease,
takes it and restores the room from the store (``Live.restore``): every acknowledged step was
stored before it was sent, so none is lost.

A worker watches Redis and PostgreSQL (:meth:`Node._watch`). When either drops, every socket
on the worker is told (``pause``), moves and other changes are refused (``paused``) and the
store refuses every write (so bots and timers wait too); when it returns, the sockets are
told, relayed sockets reconnect (frames may have been lost meanwhile) and every room this
worker owns goes on where it stopped.

:class:`Node` is the application's room host in cluster mode (``room.host.RoomHost``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
from collections.abc import Awaitable, Iterable
from typing import Any

from starlette.websockets import WebSocket

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.cluster import messages as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.cluster.handover import Handover, was_handed_over
from ludoteca.web.cluster.lease import Leases
from ludoteca.web.cluster.links import Link, Proxy
from ludoteca.web.cluster.ownership import Holdings, possible_id
from ludoteca.web.cluster.peers import Peers
from ludoteca.web.cluster.settings import ClusterSettings
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import Room
from ludoteca.web.store import Store
from ludoteca.web.store.fence import FENCES_TABLE, Fences
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError, parse_lang, read_message
from ludoteca.web.wire.limits import Limits, Meter, SocketRates
from ludoteca.web.wire.sockets import (
    CLOSE_MOVED,
    CLOSE_NO_ROOM,
    CLOSE_NOT_READING,
    read_frames,
    write_queue,
)

log = logging.getLogger("ludoteca.web")

PAUSING = (
    p.Sit,
    p.Bot,
    p.Unbot,
    p.Leave,
    p.Start,
    p.Rematch,
    p.Act,
    p.Chat,
    p.Vacation,
    p.Nudge,
    p.Notify,
)
"""Messages refused while paused (they would change the room)."""


class Node:
    """This worker's part of the cluster: the room host of a worker.

    Args:
        settings: Redis, lease length, worker id.
        rooms: The rooms owned here (loaded on demand, never all at start).
        store: The PostgreSQL store (its ``guard`` becomes the fence check).
        limits: Rates and sizes.
        meter: The per-address buckets.
    """

    def __init__(
        self,
        settings: ClusterSettings,
        rooms: Rooms,
        store: Store,
        limits: Limits,
        meter: Meter,
    ) -> None:
        import redis.asyncio as aioredis  # noqa: PLC0415 (only the cluster loads it)
        from redis.asyncio.retry import Retry  # noqa: PLC0415
        from redis.backoff import NoBackoff  # noqa: PLC0415

        self.settings = settings
        self.worker = settings.worker
        self.rooms = rooms
        self.store = store
        self.limits = limits
        self.meter = meter
        self.redis: Any = aioredis.Redis.from_url(
            settings.redis_url,
            decode_responses=True,
            socket_timeout=2,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 1),  # a pooled connection that died with Redis: once more
        )
        self.causes: set[str] = set()
        """What is down now (``redis``, ``store``): while any, the rooms are paused."""
        self.fences = Fences(lambda: bool(self.causes))
        self.holdings = Holdings(
            self.worker,
            self.redis,
            Leases(self.redis, self.worker, settings.lease_ms),
            self.fences,
            rooms,
            store,
            settings.lease_ms,
            lambda: bool(self.causes),
            self._lost,
        )
        self.peers = Peers(
            self.worker,
            self.redis,
            self.holdings,
            self._refused,
            self._redis_error,
            settings.check_seconds,
        )
        self.links: dict[Client, Link] = {}
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self.handover: Handover | None = None
        store.guard = self.fences.guard  # type: ignore[attr-defined]
        store.guard_all = self.fences.guard_all  # type: ignore[attr-defined]

    # -------------------------------------------------------------------------------
    # Start and stop

    async def start(self) -> None:
        """Make the fence table, listen on this worker's channel, start the watchers."""
        self.store.transact(lambda cur: cur.execute(FENCES_TABLE))  # type: ignore[attr-defined]
        if self.settings.protocols is not None:
            handover = Handover(self.worker, self.settings.protocols)
            self.handover = handover if handover.start() else None
        loop = asyncio.get_running_loop()
        for work in (self.peers.listen(), self.peers.outbox.run()):
            self._tasks.append(loop.create_task(work))
        while not self.peers.subscribed:  # the first subscription, so open frames are heard
            await asyncio.sleep(0.01)
        for work in (self._tick(), self._watch()):
            self._tasks.append(loop.create_task(work))

    async def stop(self) -> None:
        """Give the leases up (another worker takes the rooms at once) and stop."""
        if self.handover is not None:
            self.handover.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.holdings.release_all()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -------------------------------------------------------------------------------
    # The room host

    async def create(
        self, game_id: str, players: object, options: object, turn_seconds: object
    ) -> Room:
        """A new room, stored with its fence taken here, then let go (``Holdings.let_go``):
        the worker its first socket reaches takes it.

        Raises:
            RoomError: As ``Rooms.create_async``; ``paused`` while Redis or PostgreSQL is
                down.
        """
        room = await self.rooms.create_async(game_id, players, options, turn_seconds)
        self.holdings.let_go(room.id)
        return room

    async def summary(self, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """``GET /api/rooms/{id}``: the room's summary from whichever worker owns it, or
        from the store when none does (asking takes no lease: the page asks while its
        socket connects, and the room should go where the socket lands).
        """
        holdings = self.holdings
        unowned = (
            holdings.room(room_id) is None
            and possible_id(room_id)
            and await holdings.leases.owner(room_id) is None
        )
        if unowned:
            return await self.rooms.stored_summary(room_id, lang)
        target = await holdings.route(room_id)
        if target is None:
            return None
        if not isinstance(target, str):
            return target.summary(lang)
        return await self.peers.ask(target, room_id, lang)

    def held(self) -> Iterable[Room]:
        """The rooms in this worker's memory."""
        return list(self.rooms.rooms.values())

    async def open_room(self, room_id: str) -> Room | None:
        """The room if this worker owns it, taking its lease (and loading it) if nobody
        holds it; None while paused or when another worker owns it (its scheduler acts).
        """
        if self.causes:
            return None
        target = await self.holdings.route(room_id)
        return target if isinstance(target, Room) else None

    def health(self) -> dict[str, Any]:
        """``GET /healthz`` in cluster mode: this worker, its process and what is down."""
        handover = self.handover
        return {
            "ok": True,
            "worker": self.worker,
            "pid": os.getpid(),
            "down": sorted(self.causes),
            "relayed_sockets": len(self.peers.socks),
            "handed": handover.handed if handover else 0,
            "adopted": handover.adopted if handover else 0,
        }

    # -------------------------------------------------------------------------------
    # Sockets on this worker

    async def hand_over(self, websocket: WebSocket, room_id: str) -> bool:
        """Before the handshake: pass the socket to the worker of this machine that holds
        its room (``cluster.handover``). True: it is theirs, return without a word; False:
        serve it here (:meth:`serve`), relayed if the room is held elsewhere.
        """
        handover = self.handover
        if handover is None or self.causes or not possible_id(room_id):
            return False
        if was_handed_over(websocket.scope) or room_id in self.holdings.owned:
            return False
        try:
            owner = await self.holdings.leases.owner(room_id)
        except Exception:  # Redis away: serve() says so
            return False
        if owner is None or owner == self.worker:
            return False
        return handover.hand(websocket.scope, owner)

    async def serve(self, websocket: WebSocket, room_id: str, address: str) -> None:
        """Serve one accepted WebSocket of ``room_id`` until it closes."""
        queue: asyncio.Queue[str | int | None] = asyncio.Queue()
        link = Link(f"{next(self._ids)}", room_id, queue)
        link.max_pending = self.limits.max_pending
        link.on_full = self._not_reading
        client = link.client
        writer = asyncio.create_task(write_queue(websocket, queue, client))
        try:
            target = await self.holdings.route(room_id)
        except Exception:
            log.warning("room %s could not be routed now", room_id[:40], exc_info=True)
            client.error(RoomError("paused", msg("web.error.paused")))
            link.shut(CLOSE_MOVED)
            await asyncio.gather(writer, return_exceptions=True)
            return
        if target is None:
            client.error(RoomError("no_room", msg("web.error.no_room", room=room_id[:40])))
            link.shut(CLOSE_NO_ROOM)
            await asyncio.gather(writer, return_exceptions=True)
            return
        self._bind(link, target)
        if self.causes:
            self._tell_pause(link, True)

        def answer(text: str | None, rates: SocketRates) -> Awaitable[None]:
            return self._frame(link, text, rates, address)

        try:
            await read_frames(websocket, client, self.limits, self.meter, address, answer)
        finally:
            await self._unbind(link)
            if not client.gone:
                writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)

    def _bind(self, link: Link, target: Room | str) -> None:
        self.links[link.client] = link
        if isinstance(target, str):
            self.peers.relay(link, target)
        else:
            link.room = target
            target.attach(link.client)

    async def _unbind(self, link: Link) -> None:
        self.links.pop(link.client, None)
        self.peers.unrelay(link)
        if link.owner is None and link.room is not None:
            async with link.room.lock:
                link.room.disconnect(link.client)

    def _not_reading(self, link: Link) -> None:
        if link.room is not None:
            link.room.drop(link.client)
        else:
            self.peers.closed(link)
        link.owner = link.room = None
        link.shut(CLOSE_NOT_READING)

    async def _frame(self, link: Link, text: str | None, rates: SocketRates, address: str) -> None:
        """One frame of a socket here: checked here, then handled or forwarded."""
        client = link.client
        message = read_message(client, text, rates, self.meter, address)
        if message is None or text is None:
            return
        asked = message.lang if isinstance(message, p.Hello | p.Lang) else None
        if asked is not None:
            with contextlib.suppress(RoomError):
                client.lang = parse_lang(asked)
        if self._refused(client, message):
            return
        if link.room is not None:
            await link.room.handle(client, message)
        else:
            self.peers.forward(link, text)

    def _lost(self, client: Client) -> None:
        """A socket of a room this worker lost: it reconnects to the room's new owner."""
        if isinstance(client, Proxy):
            self.peers.shut_proxy(client)
        elif client in self.links:
            self.links[client].shut(CLOSE_MOVED)

    def _refused(self, client: Client, message: p.ClientMessage) -> bool:
        """While paused, a message that would change the room is refused (``paused``)."""
        if self.causes and isinstance(message, PAUSING):
            client.error(RoomError("paused", msg("web.error.paused")))
            return True
        return False

    # -------------------------------------------------------------------------------
    # Leases, sweeps and dead peers

    async def _tick(self) -> None:
        """Every quarter lease: renew, notice lost rooms and dead peers, unload idle rooms."""
        every = self.settings.lease_ms / 4000
        while True:
            await asyncio.sleep(every)
            if "redis" in self.causes:
                continue
            try:
                await self.holdings.renew()
                await self.peers.check()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._redis_error(error)

    # -------------------------------------------------------------------------------
    # Redis or PostgreSQL down: pause, then go on

    def _redis_error(self, error: BaseException) -> None:
        if "redis" not in self.causes:
            log.warning("worker %s: Redis unreachable: %s", self.worker, error)
            self._down("redis")

    async def _watch(self) -> None:
        """Check Redis and PostgreSQL every ``check_seconds``; pause and go on as they go."""
        while True:
            redis_ok = self.peers.subscribed and await self._redis_ok()
            store_ok = await asyncio.to_thread(self._store_ok)
            for cause, ok in (("redis", redis_ok), ("store", store_ok)):
                if not ok and cause not in self.causes:
                    log.warning("worker %s: %s unreachable: rooms paused", self.worker, cause)
                    self._down(cause)
                elif ok and cause in self.causes:
                    await self._up(cause)
            await asyncio.sleep(self.settings.check_seconds)

    async def _redis_ok(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except Exception:
            return False

    def _store_ok(self) -> bool:
        try:
            self.store.ping()  # type: ignore[attr-defined]
        except Exception:
            return False
        return True

    def _down(self, cause: str) -> None:
        self.causes.add(cause)
        if cause == "redis":
            self.peers.lost_redis()  # other workers' sockets here: told to reconnect later
        for link in list(self.links.values()):
            self._tell_pause(link, True, cause)

    async def _up(self, cause: str) -> None:
        if cause == "redis":
            # Keep (or take back) this worker's rooms first; relayed sockets reconnect, as
            # frames may have been lost both ways meanwhile.
            try:
                await self.holdings.keep()
            except Exception:
                return  # not back after all: the next check tries again
        self.causes.discard(cause)
        log.warning("worker %s: %s is back", self.worker, cause)
        for link in list(self.links.values()):
            self._tell_pause(link, False, cause)
        if cause == "redis":
            self.peers.found_redis()
        if self.causes:
            return
        await self.holdings.resume_all()

    def _tell_pause(self, link: Link, on: bool, cause: str | None = None) -> None:
        cause = cause or next(iter(sorted(self.causes)), "store")
        lang = link.client.lang
        key = f"web.pause.{cause}" if on else f"web.resume.{cause}"
        link.client.send(
            {"type": "pause", "on": on, "cause": cause, "message": msg(key).text(lang)}
        )
