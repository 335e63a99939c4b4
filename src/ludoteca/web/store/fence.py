"""Fencing tokens: a worker writes a room to PostgreSQL only while it owns the room.

A room's owner holds a lease in Redis (``cluster.lease``), but a lease alone cannot stop an owner
that stalled past its lease (a long pause, a lost network) from writing after another worker
took the room. So every owner also holds the room's *fencing token*, a number PostgreSQL hands
out (``fences`` table, one row per room): taking a room bumps it, and every write transaction
of the room first checks, in the same transaction and under the row's lock, that the row
still holds this worker's token (:meth:`Fences.guard`, installed as the store's ``guard``).
A stale owner's write therefore fails and its session rolls back (nothing is broadcast), and
a new owner's take waits for a stale write in flight to commit, then reads it. The tokens
live in PostgreSQL, not Redis, so they keep growing when Redis restarts empty.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from typing import Any

FENCES_TABLE = "CREATE TABLE IF NOT EXISTS fences (room_id TEXT PRIMARY KEY, token BIGINT NOT NULL)"
TAKE = (
    "INSERT INTO fences (room_id, token) VALUES (%s, 1) ON CONFLICT (room_id)"
    " DO UPDATE SET token = fences.token + 1 RETURNING token"
)
CHECK = "UPDATE fences SET token = token WHERE room_id = %s AND token = %s"
CHECK_ALL = (
    "UPDATE fences SET token = fences.token FROM unnest(%s::text[], %s::bigint[])"
    " AS mine(room_id, token) WHERE fences.room_id = mine.room_id"
    " AND fences.token = mine.token RETURNING fences.room_id"
)


class StaleLeaseError(Exception):
    """This worker no longer owns the room (another took its fence): the write is refused."""


class PausedError(Exception):
    """Redis or PostgreSQL is unreachable: the room takes no step until it returns."""


class Fences:
    """The fencing tokens this worker holds, and the check every write passes.

    Args:
        paused: Whether the cluster is paused now (a write is then refused).
    """

    def __init__(self, paused: Callable[[], bool]) -> None:
        self._tokens: dict[str, int] = {}
        self._lock = threading.Lock()
        self._paused = paused

    def take(self, cur: Any, room_id: str) -> int:
        """Take the room's fence with ``cur`` (its transaction commits it): the next token.

        From then on, a write of an earlier token fails.
        """
        cur.execute(TAKE, (room_id,))
        token = int(cur.fetchone()[0])
        with self._lock:
            self._tokens[room_id] = token
        return token

    def forget(self, room_id: str) -> None:
        """The room is no longer this worker's: every later write of it is refused."""
        with self._lock:
            self._tokens.pop(room_id, None)

    def holds(self, room_id: str) -> bool:
        """Whether this worker holds the room's fence."""
        with self._lock:
            return room_id in self._tokens

    def guard(self, cur: Any, room_id: str) -> None:
        """The store's guard: run first in every write transaction of ``room_id``.

        Raises:
            PausedError: While Redis or PostgreSQL is down.
            StaleLeaseError: If this worker does not hold the room's current token.
        """
        if self._paused():
            raise PausedError(room_id)
        with self._lock:
            token = self._tokens.get(room_id)
        if token is None:
            raise StaleLeaseError(room_id)
        cur.execute(CHECK, (room_id, token))
        if cur.rowcount != 1:
            self.forget(room_id)
            raise StaleLeaseError(room_id)

    def guard_all(self, cur: Any, room_ids: Collection[str]) -> None:
        """:meth:`guard` for every room a writer batch wrote, in one statement (the store's
        ``guard_all``, run just before the batch commits; the rows' locks hold until then).

        Raises:
            PausedError: While Redis or PostgreSQL is down.
            StaleLeaseError: Naming a room whose current token is not this worker's (the
                batch is rolled back and each write tried alone).
        """
        if self._paused():
            raise PausedError(next(iter(room_ids)))
        with self._lock:
            mine = [(room, self._tokens.get(room)) for room in room_ids]
        for room, token in mine:
            if token is None:
                raise StaleLeaseError(room)
        cur.execute(CHECK_ALL, ([room for room, _ in mine], [token for _, token in mine]))
        held = {row[0] for row in cur.fetchall()}
        for room, _ in mine:
            if room not in held:
                self.forget(room)
                raise StaleLeaseError(room)
