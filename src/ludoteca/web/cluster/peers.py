"""This worker's end of the relay: the frames it exchanges with the other workers.

A socket on this worker whose room another worker owns is *relayed* (its :class:`Link` has
an ``owner``): :class:`Peers` sends the owner its frames and puts the owner's answers on the
socket. A socket of another worker in a room owned here is a :class:`Proxy` in that room.
Frames travel over Redis pub/sub (``cluster.relay``); ``ask`` and ``answer`` carry
``GET /api/rooms/{id}``'s summary. A worker whose channel nobody listens on died: its
proxies leave their rooms and the sockets relayed to it are closed to reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable
from typing import Any

from ludoteca.engine.i18n import Lang
from ludoteca.web.cluster import relay
from ludoteca.web.cluster.links import Link, Proxy
from ludoteca.web.cluster.ownership import Holdings
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client
from ludoteca.web.wire.sockets import CLOSE_MOVED

log = logging.getLogger("ludoteca.web")

ASK_SECONDS = 5.0
"""How long ``GET /api/rooms/{id}`` waits for a room's owner to answer."""


class Peers:
    """The frames between this worker and the others.

    Args:
        worker: This worker's id.
        redis: The ``redis.asyncio.Redis`` client.
        holdings: The rooms owned here (proxies join them; ``ask`` is answered from them).
        refused: Whether a message must be refused now (the cluster is paused); it tells
            the client so.
        on_redis_error: Called when Redis could not be reached.
        check_seconds: How long to wait before listening again after Redis failed.
    """

    def __init__(
        self,
        worker: str,
        redis: Any,
        holdings: Holdings,
        refused: Callable[[Client, p.ClientMessage], bool],
        on_redis_error: Callable[[BaseException], None],
        check_seconds: float,
    ) -> None:
        self.worker = worker
        self.redis = redis
        self.holdings = holdings
        self.refused = refused
        self.on_redis_error = on_redis_error
        self.check_seconds = check_seconds
        self.outbox = relay.Outbox(redis, self.peer_dead, on_redis_error)
        self.socks: dict[str, Link] = {}
        """The sockets of this worker relayed to their rooms' owners, by socket id."""
        self.proxies: dict[tuple[str, str], Proxy] = {}
        """Other workers' sockets in rooms owned here, by (worker, socket id)."""
        self.subscribed = False
        """Whether this worker's channel is listened on now."""
        self._asks: dict[int, asyncio.Future[str]] = {}
        self._ids = itertools.count(1)
        self._orphans: list[tuple[str, str]] = []

    # -------------------------------------------------------------------------------
    # This worker's sockets, relayed

    def relay(self, link: Link, owner: str) -> None:
        """Relay ``link``'s socket to its room's ``owner`` from now on."""
        link.owner = owner
        self.socks[link.sock] = link
        head = {"op": "open", "room": link.room_id, "from": self.worker, "sock": link.sock}
        self.outbox.send(owner, relay.frame(head))

    def forward(self, link: Link, text: str) -> None:
        """Send a relayed socket's text frame to its room's owner."""
        if link.owner is not None:
            head = {"op": "in", "from": self.worker, "sock": link.sock}
            self.outbox.send(link.owner, relay.frame(head, text))

    def closed(self, link: Link) -> None:
        """Tell a relayed socket's owner that it closed."""
        if link.owner is not None:
            head = {"op": "close", "from": self.worker, "sock": link.sock}
            self.outbox.send(link.owner, relay.frame(head))

    def unrelay(self, link: Link) -> None:
        """A relayed socket ended: forget it and tell its owner."""
        self.socks.pop(link.sock, None)
        self.closed(link)

    def move(self, link: Link) -> None:
        """Close a relayed socket to reconnect (its room moved, or frames were lost)."""
        self.socks.pop(link.sock, None)
        link.owner = None
        link.shut(CLOSE_MOVED)

    def shut_proxy(self, proxy: Proxy) -> None:
        """A room owned here was lost: the proxy's socket reconnects to its new owner."""
        self.proxies.pop((proxy.peer, proxy.sock), None)
        self.outbox.send(proxy.peer, relay.frame({"op": "shut", "sock": proxy.sock}))

    async def ask(self, owner: str, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """The summary of a room ``owner`` owns, asked over Redis.

        Raises:
            TimeoutError: No answer within :data:`ASK_SECONDS`.
        """
        ask = next(self._ids)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._asks[ask] = future
        head = {"op": "ask", "from": self.worker, "id": ask, "room": room_id, "lang": lang}
        self.outbox.send(owner, relay.frame(head))
        try:
            body = await asyncio.wait_for(future, ASK_SECONDS)
        finally:
            self._asks.pop(ask, None)
        answer: dict[str, Any] | None = json.loads(body) if body else None
        return answer

    # -------------------------------------------------------------------------------
    # Frames from other workers

    async def listen(self) -> None:
        """Read this worker's channel, reconnecting after Redis comes back."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(relay.channel(self.worker))
                self.subscribed = True
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self.on_frames(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.subscribed = False
                self.on_redis_error(error)
                await asyncio.sleep(self.check_seconds)
            finally:
                self.subscribed = False
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def on_frames(self, data: str) -> None:
        """One message of this worker's channel: a bundle of frames, each dispatched."""
        try:
            frames = relay.unbundle(data)
        except ValueError:
            log.exception("worker %s: a message from another worker is not a bundle", self.worker)
            return
        for frame in frames:
            try:
                head, body = relay.parse(frame)
                self.dispatch(head, body)
            except Exception:
                log.exception("worker %s: a frame from another worker failed", self.worker)

    def dispatch(self, head: dict[str, Any], body: str) -> None:
        """Act on one frame from another worker (``relay``: its ops)."""
        op = head["op"]
        if op == "out":
            link = self.socks.get(head["sock"])
            if link is not None:
                link.push(body)
        elif op == "shut":
            link = self.socks.get(head["sock"])
            if link is not None:
                self.move(link)
        elif op == "open":
            self._open_proxy(head)
        elif op == "in":
            self._proxy_frame(head, body)
        elif op == "close":
            proxy = self.proxies.pop((head["from"], head["sock"]), None)
            if proxy is not None:
                proxy.take(None)
        elif op == "ask":
            room = self.holdings.room(head["room"])
            answer = "" if room is None else json.dumps(room.summary(head["lang"]))
            self.outbox.send(head["from"], relay.frame({"op": "answer", "id": head["id"]}, answer))
        elif op == "answer":
            future = self._asks.pop(int(head["id"]), None)
            if future is not None and not future.done():
                future.set_result(body)

    def _open_proxy(self, head: dict[str, Any]) -> None:
        peer, sock = str(head["from"]), str(head["sock"])
        room = self.holdings.room(str(head["room"]))
        if room is None:  # moved meanwhile: the relay's socket reconnects
            self.outbox.send(peer, relay.frame({"op": "shut", "sock": sock}))
            return
        proxy = Proxy(self.outbox.send, peer, sock, room)
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
        if self.refused(proxy, message):
            return
        if isinstance(message, p.Hint):  # a search: it must not hold up the socket
            task = asyncio.get_running_loop().create_task(proxy.room.handle(proxy, message))
            task.add_done_callback(lambda _t: None)
            return
        proxy.take(message)

    # -------------------------------------------------------------------------------
    # Dead peers, Redis lost and back

    def peer_dead(self, worker: str) -> None:
        """``worker`` no longer listens (it died): drop its sockets here, close ours there."""
        for key, proxy in list(self.proxies.items()):
            if key[0] == worker:
                del self.proxies[key]
                proxy.room.disconnect(proxy)
        for link in list(self.socks.values()):
            if link.owner == worker:
                self.move(link)

    async def check(self) -> None:
        """Every quarter lease: notice dead peers, and relayed sockets whose room moved."""
        peers = {key[0] for key in self.proxies}
        peers |= {link.owner for link in self.socks.values() if link.owner is not None}
        if peers:
            ordered = sorted(peers)
            counts = await self.redis.pubsub_numsub(*[relay.channel(w) for w in ordered])
            for worker, (_, count) in zip(ordered, counts, strict=True):
                if not int(count):
                    self.peer_dead(worker)
        by_room: dict[str, list[Link]] = {}
        for link in self.socks.values():
            by_room.setdefault(link.room_id, []).append(link)
        relayed = sorted(by_room)
        owners = await self.holdings.leases.owners(relayed)
        for room_id, owner in zip(relayed, owners, strict=True):
            for link in by_room[room_id]:
                if link.owner != owner:
                    self.move(link)

    def lost_redis(self) -> None:
        """Redis went away: nothing queued will arrive, and other workers' sockets here are
        unreachable (they are told to reconnect once Redis is back).
        """
        self.outbox.clear()
        for key, proxy in list(self.proxies.items()):
            proxy.room.disconnect(proxy)
            self._orphans.append(key)
        self.proxies.clear()

    def found_redis(self) -> None:
        """Redis is back: relayed sockets reconnect (frames may have been lost both ways),
        and so do other workers' sockets dropped meanwhile.
        """
        for link in list(self.socks.values()):
            self.move(link)  # after the news: it reconnects to the room's owner
        for peer, sock in self._orphans:
            self.outbox.send(peer, relay.frame({"op": "shut", "sock": sock}))
        self._orphans.clear()
