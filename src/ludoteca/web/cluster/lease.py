"""Room leases in Redis: which worker process owns each room right now.

A lease is the key ``ludoteca:lease:<room>`` holding the owner's worker id, set with
``SET NX PX`` (only if nobody holds it, expiring after ``ttl_ms``). The owner renews all its
leases every ``ttl_ms / 4`` in one script call, and a renewal that finds another id (or no
key) tells the owner it lost the room. When an owner dies its leases expire and the next
worker asked for the room takes it. The lease says who should serve a room; the fencing
token (``store.fence``) is what keeps a stale owner from writing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

PREFIX = "ludoteca:lease:"

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[2]) == false then
    lost[#lost + 1] = i
  end
end
return lost
"""
"""Renew each lease held by ARGV[1] (or take it again if it expired meanwhile and nobody
else took it: after Redis restarted empty, the owner keeps its rooms); the 1-based
positions of the keys another worker holds."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def key(room_id: str) -> str:
    """The lease key of a room."""
    return PREFIX + room_id


class Leases:
    """The leases of one worker.

    Args:
        redis: A ``redis.asyncio.Redis`` client (``decode_responses=True``).
        worker: This worker's id (the lease value).
        ttl_ms: How long a lease lasts without renewal.
    """

    def __init__(self, redis: Any, worker: str, ttl_ms: int) -> None:
        self.redis = redis
        self.worker = worker
        self.ttl_ms = ttl_ms
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def acquire(self, room_id: str) -> bool:
        """Take the room's lease if nobody holds it."""
        return bool(await self.redis.set(key(room_id), self.worker, nx=True, px=self.ttl_ms))

    async def owner(self, room_id: str) -> str | None:
        """The worker holding the room's lease, if any."""
        value = await self.redis.get(key(room_id))
        return None if value is None else str(value)

    async def owners(self, room_ids: list[str]) -> list[str | None]:
        """The holders of several rooms' leases (one round trip)."""
        if not room_ids:
            return []
        values = await self.redis.mget([key(room) for room in room_ids])
        return [None if value is None else str(value) for value in values]

    async def ttl(self, room_id: str) -> int:
        """Milliseconds left on the room's lease (0 if none)."""
        left = int(await self.redis.pttl(key(room_id)))
        return max(left, 0)

    async def renew(self, room_ids: Iterable[str]) -> list[str]:
        """Renew this worker's leases on ``room_ids``.

        Returns:
            The rooms another worker holds now (lost).
        """
        rooms = list(room_ids)
        if not rooms:
            return []
        lost = await self._renew(
            keys=[key(room) for room in rooms], args=[self.worker, self.ttl_ms]
        )
        return [rooms[int(position) - 1] for position in lost]

    async def release(self, room_id: str) -> None:
        """Give the room's lease up (if this worker still holds it)."""
        await self._release(keys=[key(room_id)], args=[self.worker])
