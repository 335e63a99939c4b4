"""The rooms this worker owns: each held by its lease in Redis (``cluster.lease``) and its
fencing token in PostgreSQL (``store.fence``).

:class:`Holdings` finds where a room is served (:meth:`Holdings.route`): here, taking its
lease and reading it from the store if nobody holds it (waiting out a dead owner's lease),
or the worker that owns it. It renews the leases, notices a room lost to another worker
(its fence taken, its lease held by another) and lets idle rooms go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from ludoteca.engine.i18n import msg
from ludoteca.web.cluster import relay
from ludoteca.web.cluster.lease import Leases
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import MAX_ROOM_ID, Room
from ludoteca.web.store import Store
from ludoteca.web.store.fence import Fences
from ludoteca.web.wire.client import Client, RoomError

log = logging.getLogger("ludoteca.web")


class Holdings:
    """The rooms this worker owns.

    Args:
        worker: This worker's id.
        redis: The ``redis.asyncio.Redis`` client (whether an owner still listens).
        leases: This worker's leases.
        fences: This worker's fencing tokens.
        rooms: The rooms held in memory here.
        store: The PostgreSQL store (the fences are taken in it).
        lease_ms: How long a lease lasts without renewal.
        paused: Whether Redis or PostgreSQL is down now (no room is taken meanwhile).
        on_lost: Called with each socket of a room this worker lost (it is sent on).
    """

    def __init__(
        self,
        worker: str,
        redis: Any,
        leases: Leases,
        fences: Fences,
        rooms: Rooms,
        store: Store,
        lease_ms: int,
        paused: Callable[[], bool],
        on_lost: Callable[[Client], None],
    ) -> None:
        self.worker = worker
        self.redis = redis
        self.leases = leases
        self.fences = fences
        self.rooms = rooms
        self.store = store
        self.lease_ms = lease_ms
        self.paused = paused
        self.on_lost = on_lost
        self.owned: set[str] = set()
        self._loading: set[str] = set()
        rooms.before_create = self.fence_new

    def fence_new(self, room_id: str) -> None:
        """Before a new room is stored: take its fence (its lease follows, ``route``).

        Raises:
            RoomError: ``paused`` while Redis or PostgreSQL is down.
        """
        if self.paused():
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
        self.fence_new(room_id)
        return True

    def let_go(self, room_id: str) -> None:
        """A room just created and stored here: forget it, without taking its lease.

        The worker its first socket reaches takes the lease and reads it from the store
        (:meth:`route`), so that socket is served without a relay: a room held by the worker
        that answered ``POST /api/rooms`` (any of them) relayed each of its sockets with
        probability 1/2; held where its first socket landed, only the other seats' do.
        """
        self.fences.forget(room_id)
        room = self.rooms.rooms.pop(room_id, None)
        if room is not None:
            room.close()

    def room(self, room_id: str) -> Room | None:
        """The room, if this worker owns it and holds it in memory."""
        if room_id not in self.owned:
            return None
        return self.rooms.rooms.get(room_id)

    async def route(self, room_id: str) -> Room | str | None:
        """Where ``room_id`` is served: a room owned here, another worker's id, or None
        (no such room). Takes the lease (and loads the room) if nobody holds it; waits out
        a dead owner's lease.

        Raises:
            TimeoutError: No answer after three leases (Redis or the store failing).
        """
        if not possible_id(room_id):
            return None
        deadline = time.monotonic() + 3 * self.lease_ms / 1000 + 5
        while time.monotonic() < deadline:
            room = self.room(room_id)
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
            if await relay.listening(self.redis, owner):
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
            self.drop(room_id)
            await self.leases.release(room_id)
        return room

    def drop(self, room_id: str) -> None:
        """This worker lost the room: forget it and send its sockets on (``on_lost``)."""
        self.owned.discard(room_id)
        self.fences.forget(room_id)
        room = self.rooms.rooms.pop(room_id, None)
        if room is None:
            return
        log.info("room %s: no longer owned by worker %s", room_id, self.worker)
        room.close()
        for client in list(room.sockets):
            room.drop(client)
            self.on_lost(client)

    async def keep(self) -> None:
        """Renew every lease; drop the rooms another worker holds now."""
        for room_id in await self.leases.renew(self.owned):
            self.drop(room_id)

    async def renew(self) -> None:
        """Every quarter lease: drop the rooms whose fence a write found taken, renew the
        leases, and let the idle rooms go (their leases released).
        """
        for room_id in list(self.owned):
            if not self.fences.holds(room_id):  # a write found its fence taken
                self.drop(room_id)
                with contextlib.suppress(Exception):
                    await self.leases.release(room_id)
        await self.keep()
        for room_id in self.rooms.sweep():
            self.owned.discard(room_id)
            self.fences.forget(room_id)
            await self.leases.release(room_id)

    async def release_all(self) -> None:
        """Give every lease up (the worker stops: another takes the rooms at once)."""
        for room_id in list(self.owned):
            with contextlib.suppress(Exception):
                await self.leases.release(room_id)

    async def resume_all(self) -> None:
        """After a pause: every room owned here goes on where it stopped."""
        for room_id in list(self.owned):
            room = self.room(room_id)
            if room is not None:
                async with room.lock:
                    room.resume()  # draws what was waiting, plans the bots, sends the state


def possible_id(room_id: str) -> bool:
    """Whether ``room_id`` could name a room (longer ones are never looked up in Redis)."""
    return 0 < len(room_id) <= MAX_ROOM_ID
