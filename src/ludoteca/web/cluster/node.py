"""One worker of ``ludoteca serve --workers N``: rooms owned here, rooms relayed elsewhere.

Every worker process accepts any connection. A room is owned by one worker at a time, the
one holding its lease in Redis (``web.lease``) and its fencing token in PostgreSQL
(``web.fence``); only the owner holds the room in memory, runs its bots and writes it. A
socket that reaches another worker is *relayed*: this worker reads its frames (rates,
validation and the pause apply here), forwards them to the owner over Redis pub/sub
(``web.relay``), and the owner answers through a :class:`Proxy` client whose frames come
back to this worker and go out on the socket. The owner does not know or care which sockets
are its own: a proxy is a room client like any other. Between workers of one machine a new
socket is not relayed but handed to the owner before its handshake (:meth:`Node.hand_over`,
``web.handover``); relaying remains for the sockets a hand-over cannot move.

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
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import json
import logging
import os
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.cluster import messages as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.cluster import relay
from ludoteca.web.cluster.handover import Handover, ProtocolFactory, was_handed_over
from ludoteca.web.cluster.lease import Leases
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import MAX_ROOM_ID, Room
from ludoteca.web.store import Store
from ludoteca.web.store.fence import FENCES_TABLE, Fences
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError, parse_lang, read_message
from ludoteca.web.wire.limits import Limits, Meter

log = logging.getLogger("ludoteca.web")

CLOSE_MOVED = 1012
"""Close code of a socket whose room changed owner (or that could not be routed while Redis
was away): reconnect, as after any drop."""
CLOSE_NOT_READING = 1013
CLOSE_NO_ROOM = 4404
PAUSING = (p.Sit, p.Bot, p.Unbot, p.Leave, p.Start, p.Rematch, p.Act, p.Chat)
"""Messages refused while paused (they would change the room)."""
ASK_SECONDS = 5.0
"""How long ``GET /api/rooms/{id}`` waits for a room's owner to answer."""

Writer = Callable[[WebSocket, "asyncio.Queue[str | int | None]", Client], Coroutine[Any, Any, None]]


@dataclass(frozen=True, slots=True)
class ClusterSettings:
    """How a worker joins the cluster.

    Attributes:
        redis_url: Redis (``redis://host:port/db``).
        lease_ms: How long a room's lease lasts without renewal (renewed every quarter):
            a dead owner's rooms move after at most this long.
        check_seconds: How often Redis and PostgreSQL are checked.
        worker: This worker's id (random: a restarted worker is a new one).
        protocols: The server's protocol factory, to adopt connections other workers of
            this machine hand over (``web.handover``); None: every such socket is relayed.
    """

    redis_url: str
    lease_ms: int = 3000
    check_seconds: float = 0.25
    worker: str = field(default_factory=lambda: secrets.token_hex(4))
    protocols: ProtocolFactory | None = None


class Proxy(Client):
    """A socket of another worker in a room owned here: its frames go back over Redis.

    Its messages are handled in order by a task of its own that runs while some wait
    (:meth:`take`), never by the loop that reads this worker's channel: a move waits for
    its commit, and the channel must not wait with it (every relayed socket would).
    """

    def __init__(self, node: Node, peer: str, sock: str, room: Room) -> None:
        head = relay.frame({"op": "out", "sock": sock})
        super().__init__(lambda text: node.outbox.send(peer, head + text))
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


class Node:
    """This worker's part of the cluster.

    Args:
        settings: Redis, lease length, worker id.
        rooms: The rooms owned here (loaded on demand, never all at start).
        store: The PostgreSQL store (its ``guard`` becomes the fence check).
        limits: Rates and sizes.
        meter: The per-address buckets.
        write: The socket writer of ``web.app`` (sends the queue's frames).
    """

    def __init__(
        self,
        settings: ClusterSettings,
        rooms: Rooms,
        store: Store,
        limits: Limits,
        meter: Meter,
        write: Writer,
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
        self._write = write
        self.redis: Any = aioredis.Redis.from_url(
            settings.redis_url,
            decode_responses=True,
            socket_timeout=2,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 1),  # a pooled connection that died with Redis: once more
        )
        self.leases = Leases(self.redis, self.worker, settings.lease_ms)
        self.fences = Fences(lambda: bool(self.causes))
        self.outbox = relay.Outbox(self.redis, self._peer_dead, self._redis_error)
        self.causes: set[str] = set()
        """What is down now (``redis``, ``store``): while any, the rooms are paused."""
        self.owned: set[str] = set()
        self.links: dict[Client, Link] = {}
        self.socks: dict[str, Link] = {}
        self.proxies: dict[tuple[str, str], Proxy] = {}
        self._asks: dict[int, asyncio.Future[str]] = {}
        self._ids = itertools.count(1)
        self._subscribed = False
        self._orphans: list[tuple[str, str]] = []
        self._loading: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self.handover: Handover | None = None
        rooms.before_create = self._fence_new
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
        for work in (self._listen(), self.outbox.run()):
            self._tasks.append(loop.create_task(work))
        while not self._subscribed:  # the first subscription, so open frames are heard
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
        for room_id in list(self.owned):
            with contextlib.suppress(Exception):
                await self.leases.release(room_id)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -------------------------------------------------------------------------------
    # Owning rooms

    def _fence_new(self, room_id: str) -> None:
        """Before a new room is stored: take its fence (its lease follows, ``adopt``).

        Raises:
            RoomError: ``paused`` while Redis or PostgreSQL is down.
        """
        if self.causes:
            raise RoomError("paused", msg("web.error.paused"))
        try:
            self.store.transact(lambda cur: self.fences.take(cur, room_id))  # type: ignore[attr-defined]
        except Exception:
            log.exception("room %s: its fence could not be taken", room_id)
            raise RoomError("server_error", msg("web.error.store")) from None

    def _fence_stored(self, room_id: str) -> bool:
        """Take the fence of a stored room (False: no such room, nothing taken)."""
        if self.store.room(room_id) is None:
            return False
        self._fence_new(room_id)
        return True

    def let_go(self, room_id: str) -> None:
        """A room just created and stored here: forget it, without taking its lease.

        The worker its first socket reaches takes the lease and reads it from the store
        (``_route``), so that socket is served without a relay: a room held by the worker
        that answered ``POST /api/rooms`` (any of them) relayed each of its sockets with
        probability 1/2; held where its first socket landed, only the other seats' do.
        """
        self.fences.forget(room_id)
        room = self.rooms.rooms.pop(room_id, None)
        if room is not None:
            room.close()

    def _owned_room(self, room_id: str) -> Room | None:
        if room_id not in self.owned:
            return None
        return self.rooms.rooms.get(room_id)

    async def _route(self, room_id: str) -> Room | str | None:
        """Where ``room_id`` is served: a room owned here, another worker's id, or None
        (no such room). Takes the lease (and loads the room) if nobody holds it; waits out
        a dead owner's lease.
        """
        if not _possible_id(room_id):
            return None
        deadline = time.monotonic() + 3 * self.settings.lease_ms / 1000 + 5
        while time.monotonic() < deadline:
            room = self._owned_room(room_id)
            if room is not None:
                return room
            owner = await self.leases.owner(room_id)
            if owner is None:
                if await self.leases.acquire(room_id):
                    return await self._load(room_id)
                continue
            if owner == self.worker:
                if room_id not in self._loading:  # ours, yet not in memory: read it
                    return await self._load(room_id)
                await asyncio.sleep(0.005)  # another socket of this worker is loading it
                continue
            if await self._listening(owner):
                return owner
            # The owner died: its lease runs out within lease_ms, then anyone may take it.
            await asyncio.sleep(max(await self.leases.ttl(room_id), 20) / 1000)
        raise TimeoutError(room_id)

    async def _load(self, room_id: str) -> Room | None:
        """The lease is ours: take the fence and read the room from the store."""
        self._loading.add(room_id)
        try:
            return await self._read_room(room_id)
        finally:
            self._loading.discard(room_id)

    async def _read_room(self, room_id: str) -> Room | None:
        try:  # the store's calls in a thread: the event loop serves the other rooms
            if not await asyncio.to_thread(self._fence_stored, room_id):
                await self.leases.release(room_id)
                return None
        except Exception:
            await self.leases.release(room_id)
            raise
        self.owned.add(room_id)
        room = await self.rooms.get_async(room_id)  # restores its game, resumes its bots
        if room is None:
            self._drop(room_id)
            await self.leases.release(room_id)
        return room

    def _drop(self, room_id: str) -> None:
        """This worker lost the room: forget it and send its sockets to its new owner."""
        self.owned.discard(room_id)
        self.fences.forget(room_id)
        room = self.rooms.rooms.pop(room_id, None)
        if room is None:
            return
        log.info("room %s: no longer owned by worker %s", room_id, self.worker)
        room.close()
        for client in list(room.sockets):
            room.drop(client)
            if isinstance(client, Proxy):
                self.proxies.pop((client.peer, client.sock), None)
                self.outbox.send(client.peer, relay.frame({"op": "shut", "sock": client.sock}))
            elif client in self.links:
                self.links[client].shut(CLOSE_MOVED)

    async def _listening(self, worker: str) -> bool:
        counts = await self.redis.pubsub_numsub(relay.channel(worker))
        return bool(counts and int(counts[0][1]) > 0)

    # -------------------------------------------------------------------------------
    # Sockets on this worker

    async def hand_over(self, websocket: WebSocket, room_id: str) -> bool:
        """Before the handshake: pass the socket to the worker of this machine that holds
        its room (``web.handover``). True: it is theirs, return without a word; False:
        serve it here (:meth:`serve`), relayed if the room is held elsewhere.
        """
        handover = self.handover
        if handover is None or self.causes or not _possible_id(room_id):
            return False
        if was_handed_over(websocket.scope) or room_id in self.owned:
            return False
        try:
            owner = await self.leases.owner(room_id)
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
        writer = asyncio.create_task(self._write(websocket, queue, client))
        try:
            target = await self._route(room_id)
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
        try:
            await self._read(websocket, link, address)
        finally:
            await self._unbind(link)
            if not client.gone:
                writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)

    def _bind(self, link: Link, target: Room | str) -> None:
        self.links[link.client] = link
        if isinstance(target, str):
            link.owner = target
            self.socks[link.sock] = link
            head = {"op": "open", "room": link.room_id, "from": self.worker, "sock": link.sock}
            self.outbox.send(target, relay.frame(head))
        else:
            link.room = target
            target.attach(link.client)

    async def _unbind(self, link: Link) -> None:
        self.links.pop(link.client, None)
        self.socks.pop(link.sock, None)
        if link.owner is not None:
            head = {"op": "close", "from": self.worker, "sock": link.sock}
            self.outbox.send(link.owner, relay.frame(head))
        elif link.room is not None:
            async with link.room.lock:
                link.room.disconnect(link.client)

    def _not_reading(self, link: Link) -> None:
        if link.room is not None:
            link.room.drop(link.client)
        elif link.owner is not None:
            self.outbox.send(
                link.owner, relay.frame({"op": "close", "from": self.worker, "sock": link.sock})
            )
        link.owner = link.room = None
        link.shut(CLOSE_NOT_READING)

    async def _read(self, websocket: WebSocket, link: Link, address: str) -> None:
        client = link.client
        frames = self.limits.bucket(self.limits.frames)
        chats = self.limits.bucket(self.limits.chat)
        try:
            while not client.gone:
                incoming = await websocket.receive()
                if incoming["type"] == "websocket.disconnect":
                    return
                await self._frame(link, incoming.get("text"), chats, address)
                owed = max(frames.wait(), self.meter.wait(address, "frames"))
                await asyncio.sleep(min(owed, 5.0))
        except WebSocketDisconnect:
            return

    async def _frame(self, link: Link, text: str | None, chats: Any, address: str) -> None:
        """One frame of a socket here: checked here, then handled or forwarded."""
        client = link.client
        message = read_message(client, text, chats, self.meter, address)
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
        elif link.owner is not None:
            head = {"op": "in", "from": self.worker, "sock": link.sock}
            self.outbox.send(link.owner, relay.frame(head, text))

    # -------------------------------------------------------------------------------
    # Frames from other workers

    async def _listen(self) -> None:
        """Read this worker's channel, reconnecting after Redis comes back."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(relay.channel(self.worker))
                self._subscribed = True
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self._on_frame(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._subscribed = False
                self._redis_error(error)
                await asyncio.sleep(self.settings.check_seconds)
            finally:
                self._subscribed = False
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _on_frame(self, data: str) -> None:
        try:
            frames = relay.unbundle(data)
        except ValueError:
            log.exception("worker %s: a message from another worker is not a bundle", self.worker)
            return
        for frame in frames:
            try:
                head, body = relay.parse(frame)
                self._dispatch(head, body)
            except Exception:
                log.exception("worker %s: a frame from another worker failed", self.worker)

    def _dispatch(self, head: dict[str, Any], body: str) -> None:
        op = head["op"]
        if op == "out":
            link = self.socks.get(head["sock"])
            if link is not None:
                link.push(body)
        elif op == "shut":
            link = self.socks.pop(head["sock"], None)
            if link is not None:
                link.owner = None
                link.shut(CLOSE_MOVED)
        elif op == "open":
            self._open_proxy(head)
        elif op == "in":
            self._proxy_frame(head, body)
        elif op == "close":
            proxy = self.proxies.pop((head["from"], head["sock"]), None)
            if proxy is not None:
                proxy.take(None)
        elif op == "ask":
            room = self._owned_room(head["room"])
            answer = "" if room is None else json.dumps(room.summary(head["lang"]))
            self.outbox.send(head["from"], relay.frame({"op": "answer", "id": head["id"]}, answer))
        elif op == "answer":
            future = self._asks.pop(int(head["id"]), None)
            if future is not None and not future.done():
                future.set_result(body)

    def _open_proxy(self, head: dict[str, Any]) -> None:
        peer, sock = str(head["from"]), str(head["sock"])
        room = self._owned_room(str(head["room"]))
        if room is None:  # moved meanwhile: the relay's socket reconnects
            self.outbox.send(peer, relay.frame({"op": "shut", "sock": sock}))
            return
        proxy = Proxy(self, peer, sock, room)
        self.proxies[(peer, sock)] = proxy
        room.attach(proxy)

    def _proxy_frame(self, head: dict[str, Any], body: str) -> None:
        proxy = self.proxies.get((head["from"], head["sock"]))
        if proxy is None:
            self.outbox.send(head["from"], relay.frame({"op": "shut", "sock": head["sock"]}))
            return
        try:
            message = p.parse(body)
        except p.ProtocolError as error:
            proxy.error(error)
            return
        if self._refused(proxy, message):
            return
        if isinstance(message, p.Hint):  # a search: it must not hold up the socket
            task = asyncio.get_running_loop().create_task(proxy.room.handle(proxy, message))
            task.add_done_callback(lambda _t: None)
            return
        proxy.take(message)

    def _refused(self, client: Client, message: p.ClientMessage) -> bool:
        """While paused, a message that would change the room is refused (``paused``)."""
        if self.causes and isinstance(message, PAUSING):
            client.error(RoomError("paused", msg("web.error.paused")))
            return True
        return False

    def _peer_dead(self, worker: str) -> None:
        """``worker`` no longer listens (it died): drop its sockets here, close ours there."""
        for key, proxy in list(self.proxies.items()):
            if key[0] == worker:
                del self.proxies[key]
                proxy.room.disconnect(proxy)
        for link in list(self.socks.values()):
            if link.owner == worker:
                self.socks.pop(link.sock, None)
                link.owner = None
                link.shut(CLOSE_MOVED)

    async def summary(self, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """``GET /api/rooms/{id}``: the room's summary from whichever worker owns it, or
        from the store when none does (asking takes no lease: the page asks while its
        socket connects, and the room should go where the socket lands).
        """
        unowned = (
            self._owned_room(room_id) is None
            and _possible_id(room_id)
            and await self.leases.owner(room_id) is None
        )
        if unowned:
            return await self.rooms.stored_summary(room_id, lang)
        target = await self._route(room_id)
        if target is None:
            return None
        if not isinstance(target, str):
            return target.summary(lang)
        ask = next(self._ids)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._asks[ask] = future
        head = {"op": "ask", "from": self.worker, "id": ask, "room": room_id, "lang": lang}
        self.outbox.send(target, relay.frame(head))
        try:
            body = await asyncio.wait_for(future, ASK_SECONDS)
        finally:
            self._asks.pop(ask, None)
        answer: dict[str, Any] | None = json.loads(body) if body else None
        return answer

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
                await self._renew()
                await self._check_peers()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._redis_error(error)

    async def _renew(self) -> None:
        for room_id in list(self.owned):
            if not self.fences.holds(room_id):  # a write found its fence taken
                self._drop(room_id)
                with contextlib.suppress(Exception):
                    await self.leases.release(room_id)
        for room_id in await self.leases.renew(self.owned):
            self._drop(room_id)
        for room_id in self.rooms.sweep():
            self.owned.discard(room_id)
            self.fences.forget(room_id)
            await self.leases.release(room_id)

    async def _check_peers(self) -> None:
        peers = {key[0] for key in self.proxies}
        peers |= {link.owner for link in self.socks.values() if link.owner is not None}
        if peers:
            ordered = sorted(peers)
            counts = await self.redis.pubsub_numsub(*[relay.channel(w) for w in ordered])
            for worker, (_, count) in zip(ordered, counts, strict=True):
                if not int(count):
                    self._peer_dead(worker)
        by_room: dict[str, list[Link]] = {}
        for link in self.socks.values():
            by_room.setdefault(link.room_id, []).append(link)
        relayed = sorted(by_room)
        owners = await self.leases.owners(relayed)
        for room_id, owner in zip(relayed, owners, strict=True):
            for link in by_room[room_id]:
                if link.owner != owner:
                    self.socks.pop(link.sock, None)
                    link.owner = None
                    link.shut(CLOSE_MOVED)

    # -------------------------------------------------------------------------------
    # Redis or PostgreSQL down: pause, then go on

    def _redis_error(self, error: BaseException) -> None:
        if "redis" not in self.causes:
            log.warning("worker %s: Redis unreachable: %s", self.worker, error)
            self._down("redis")

    async def _watch(self) -> None:
        """Check Redis and PostgreSQL every ``check_seconds``; pause and go on as they go."""
        while True:
            redis_ok = self._subscribed and await self._redis_ok()
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
            self.outbox.clear()
            for key, proxy in list(self.proxies.items()):  # unreachable: told to reconnect
                proxy.room.disconnect(proxy)
                self._orphans.append(key)
            self.proxies.clear()
        for link in list(self.links.values()):
            self._tell_pause(link, True, cause)

    async def _up(self, cause: str) -> None:
        if cause == "redis":
            # Keep (or take back) this worker's rooms first; relayed sockets reconnect, as
            # frames may have been lost both ways meanwhile.
            try:
                for room_id in await self.leases.renew(self.owned):
                    self._drop(room_id)
            except Exception:
                return  # not back after all: the next check tries again
        self.causes.discard(cause)
        log.warning("worker %s: %s is back", self.worker, cause)
        for link in list(self.links.values()):
            self._tell_pause(link, False, cause)
        if cause == "redis":
            for link in list(self.socks.values()):
                self.socks.pop(link.sock, None)
                link.owner = None
                link.shut(CLOSE_MOVED)  # after the news: it reconnects to the room's owner
            for peer, sock in self._orphans:  # sockets of other workers dropped meanwhile
                self.outbox.send(peer, relay.frame({"op": "shut", "sock": sock}))
            self._orphans.clear()
        if self.causes:
            return
        for room_id in list(self.owned):
            room = self._owned_room(room_id)
            if room is not None:
                async with room.lock:
                    room.resume()  # draws what was waiting, plans the bots, sends the state

    def _tell_pause(self, link: Link, on: bool, cause: str | None = None) -> None:
        cause = cause or next(iter(sorted(self.causes)), "store")
        lang = link.client.lang
        key = f"web.pause.{cause}" if on else f"web.resume.{cause}"
        link.client.send(
            {"type": "pause", "on": on, "cause": cause, "message": msg(key).text(lang)}
        )

    def health(self) -> dict[str, Any]:
        """``GET /healthz`` in cluster mode: this worker, its process and what is down."""
        handover = self.handover
        return {
            "ok": True,
            "worker": self.worker,
            "pid": os.getpid(),
            "down": sorted(self.causes),
            "relayed_sockets": len(self.socks),
            "handed": handover.handed if handover else 0,
            "adopted": handover.adopted if handover else 0,
        }


def _possible_id(room_id: str) -> bool:
    """Whether ``room_id`` could name a room (longer ones are never looked up in Redis)."""
    return 0 < len(room_id) <= MAX_ROOM_ID
