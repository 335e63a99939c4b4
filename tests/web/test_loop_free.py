"""A worker's event loop never waits on PostgreSQL (issue 20): while a room's store write
waits for the database, the loop goes on serving every other room and socket.

Real PostgreSQL (the session's throwaway cluster). A second connection locks the table a
write needs (``LOCK TABLE ... ACCESS EXCLUSIVE``), so that write waits for as long as the
test wants; ``pg_locks`` shows it waiting. Meanwhile a relayed socket of another room is
answered, and the write's room tells no one of the change before it is stored. Had the write
run on the event loop, the loop would wait with it: nothing else would be answered until a
fail-safe timer let the lock go, and the test fails.

Also here: a writer batch checks every room's fence in one statement, and the server runs the
garbage collector on its own schedule (``server.collector``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import gc
import threading
import time
import weakref
from collections.abc import Callable, Collection, Iterator
from typing import Any

import psycopg
import pytest
from pg_cluster import Cluster as Postgres

from ludoteca.web.cluster import relay
from ludoteca.web.cluster.node import Node
from ludoteca.web.cluster.settings import ClusterSettings
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.seats import FREE, HUMAN
from ludoteca.web.server.collector import Freezer
from ludoteca.web.store import PostgresStore, RoomRow, open_store
from ludoteca.web.store.fence import FENCES_TABLE, Fences, StaleLeaseError
from ludoteca.web.wire.limits import Limits, Meter

FAIL_SAFE_SECONDS = 120.0
"""When a lock is let go anyway (only if the loop itself was stuck behind it)."""


class Locked:
    """A table locked by another connection until :meth:`release` (or the fail-safe)."""

    def __init__(self, url: str, table: str) -> None:
        self.conn = psycopg.connect(url)
        self.conn.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
        self.held = True
        self._guard = threading.Lock()

    def release(self) -> None:
        with self._guard:
            if self.held:
                self.held = False
                self.conn.commit()


@contextlib.contextmanager
def locked(url: str, table: str) -> Iterator[Locked]:
    """``table`` locked for the block (at most :data:`FAIL_SAFE_SECONDS`)."""
    lock = Locked(url, table)
    timer = threading.Timer(FAIL_SAFE_SECONDS, lock.release)
    timer.start()
    try:
        yield lock
    finally:
        lock.release()
        timer.cancel()
        lock.conn.close()


async def until(check: Callable[[], bool], what: str) -> None:
    """Let the loop run until ``check()`` holds (a minute at most)."""
    deadline = time.monotonic() + 60
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.01)


def waiting_on_a_lock(url: str) -> bool:
    """Whether some session of the database waits for a lock."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()
    return row is not None and int(row[0]) > 0


class Relayed:
    """Relayed sockets of another worker (``w2``) as the owner's ``Node`` sees them."""

    def __init__(self, node: Node) -> None:
        self.node = node

    def open(self, sock: str, room: str) -> None:
        self.node.peers.dispatch({"op": "open", "room": room, "from": "w2", "sock": sock}, "")

    def send(self, sock: str, text: str) -> None:
        self.node.peers.dispatch({"op": "in", "from": "w2", "sock": sock}, text)

    def got(self, sock: str, kind: str) -> int:
        """How many messages of type ``kind`` the owner sent the socket."""
        count = 0
        for _, data in self.node.peers.outbox._queue:
            head, body = relay.parse(data)
            count += head.get("sock") == sock and f'"type":"{kind}"' in body
        return count


def test_a_store_write_waiting_on_postgresql_never_stops_the_loop(pg_cluster: Postgres) -> None:
    url = pg_cluster.new_database()
    store = open_store(url)
    rooms = Rooms(store)
    limits = Limits()

    async def scenario() -> None:
        settings = ClusterSettings("redis://127.0.0.1:1/0")  # never reached: no start()
        node = Node(settings, rooms, store, limits, Meter(limits))
        store.transact(lambda cur: cur.execute(FENCES_TABLE))  # type: ignore[attr-defined]
        relayed = Relayed(node)
        # Creating a room waits for its INSERT; the loop goes on meanwhile.
        with locked(url, "rooms") as lock:
            creating = asyncio.ensure_future(rooms.create_async("tacocat", 2, {}, 0))
            await until(lambda: waiting_on_a_lock(url), "the room's INSERT waits")
            assert lock.held and not creating.done()
            lock.release()
            first = await creating
        second = await rooms.create_async("tacocat", 2, {}, 0)
        node.holdings.owned |= {first.id, second.id}
        for sock, room in (("a", first), ("b", second)):
            relayed.open(sock, room.id)
            relayed.send(sock, '{"type":"hello","lang":"es"}')
        relayed.send("a", '{"type":"chat","text":"hola"}')
        await until(lambda: relayed.got("a", "chat") == 1, "the chat line stored and sent")
        # A hello is sent the room's last chat lines without reading the store.
        with locked(url, "chat") as lock:
            relayed.open("c", first.id)
            relayed.send("c", '{"type":"hello","lang":"es"}')
            await until(lambda: relayed.got("c", "chat") == 1, "the chat history sent")
            assert lock.held
        # Taking a seat waits for the seat's row; another room's socket is answered meanwhile.
        with locked(url, "seats") as lock:
            relayed.send("a", '{"type":"sit","seat":0,"name":"Ana"}')
            await until(lambda: waiting_on_a_lock(url), "the seat's write waits")
            relayed.send("b", '{"type":"ping"}')
            await until(lambda: relayed.got("b", "pong") == 1, "a ping of another room answered")
            assert lock.held and first.seats[0].kind == FREE and not relayed.got("a", "seated")
            lock.release()
            await until(lambda: relayed.got("a", "seated") == 1, "Ana seated once stored")
        relayed.send("c", '{"type":"sit","seat":1,"name":"Bea"}')
        await until(lambda: relayed.got("c", "seated") == 1, "Bea seated")
        assert [seat.kind for seat in first.seats] == [HUMAN, HUMAN]
        # Starting the game waits for its row; the loop does not.
        with locked(url, "games") as lock:
            relayed.send("a", '{"type":"start"}')
            await until(lambda: waiting_on_a_lock(url), "the game's write waits")
            relayed.send("b", '{"type":"ping"}')
            await until(lambda: relayed.got("b", "pong") == 2, "a ping answered again")
            assert lock.held and first.live is None
            lock.release()
            await until(lambda: first.live is not None, "the game started once stored")
        # A chat line waits for its row, and is shown to no one before it is stored.
        with locked(url, "chat") as lock:
            relayed.send("a", '{"type":"chat","text":"otra"}')
            await until(lambda: waiting_on_a_lock(url), "the chat line's write waits")
            relayed.send("b", '{"type":"ping"}')
            await until(lambda: relayed.got("b", "pong") == 3, "a ping answered meanwhile")
            assert lock.held and relayed.got("a", "chat") == 1
            lock.release()
            await until(lambda: relayed.got("a", "chat") == 2, "the line sent once stored")
        await node.redis.aclose()

    try:
        asyncio.run(scenario())
        assert [seat.name for seat in store.seats(next(iter(rooms.rooms)))] == ["Ana", "Bea"]
    finally:
        rooms.close()
        store.close()


def test_a_writer_batch_checks_every_fence_at_once_and_a_stale_room_fails_alone(
    pg_cluster: Postgres,
) -> None:
    url = pg_cluster.new_database()
    store, other = open_store(url), open_store(url)
    assert isinstance(store, PostgresStore)
    fences, thief = Fences(lambda: False), Fences(lambda: False)
    checked: list[set[str]] = []

    def guard_all(cur: Any, rooms: Collection[str]) -> None:
        checked.append(set(rooms))
        fences.guard_all(cur, rooms)

    def per_room(_cur: Any, room: str) -> None:
        raise AssertionError(f"{room} checked on its own in a batch")

    store.guard, store.guard_all = per_room, guard_all
    try:
        store.transact(lambda cur: cur.execute(FENCES_TABLE))
        for room in ("r1", "r2", "r3"):
            store.transact(functools.partial(fences.take, room_id=room))
            other.create_room(RoomRow(room, "tacocat", 2, {}, 0, "playing", 1, 0))
        other.transact(lambda cur: thief.take(cur, "r2"))  # type: ignore[attr-defined]
        # The writer is held in a first batch until the three writes are queued: they make
        # the next batch together.
        started, go = threading.Event(), threading.Event()

        def hold() -> None:
            started.set()
            go.wait()

        store.submit(hold, lambda _error: None)
        assert started.wait(60)
        results: dict[str, concurrent.futures.Future[None]] = {}
        for room in ("r1", "r2", "r3"):
            result: concurrent.futures.Future[None] = concurrent.futures.Future()
            results[room] = result

            def write(room: str = room) -> None:
                store.add_actions(room, 1, 0, [(0, "keep"), (-1, "draw")], 0)

            def done(error: BaseException | None, result: Any = result) -> None:
                result.set_exception(error) if error else result.set_result(None)

            store.submit(write, done)
        go.set()
        concurrent.futures.wait(results.values(), timeout=60)
        assert checked[0] == {"r1", "r2", "r3"}  # one check for the whole batch
        assert results["r1"].exception() is None and results["r3"].exception() is None
        assert isinstance(results["r2"].exception(), StaleLeaseError)
        assert [len(store.actions(room, 1)) for room in ("r1", "r2", "r3")] == [2, 0, 2]
    finally:
        store.close()
        other.close()


class _Node:
    """Something that can be in a reference cycle and be watched by a weak reference."""

    me: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    node = _Node()
    node.me = node
    return weakref.ref(node)


def test_the_loop_collects_the_young_freezes_survivors_and_a_thaw_frees_old_cycles() -> None:
    async def scenario() -> None:
        freezer = Freezer(asyncio.get_running_loop(), thaw_seconds=3600, young_seconds=0.001)
        assert gc.isenabled()
        freezer.start()
        try:
            assert not gc.isenabled()  # CPython's own schedule is off
            start = gc.get_freeze_count()
            kept = [[index] for index in range(5000)]  # long-lived, tracked
            young = _cycle()
            for _ in range(10_000):  # until the loop's young collection has run
                if gc.get_freeze_count() >= start + len(kept):
                    break
                await asyncio.sleep(0.001)
            assert gc.get_freeze_count() >= start + len(kept)  # survivors frozen
            assert young() is None  # a cycle that died young is freed young
            node = _Node()
            node.me = node
            old = weakref.ref(node)
            frozen = gc.get_freeze_count()
            for _ in range(10_000):
                if gc.get_freeze_count() > frozen:
                    break
                await asyncio.sleep(0.001)
            assert gc.get_freeze_count() > frozen
            del node  # garbage now, but frozen: young collections never walk it
            gc.collect(0)
            assert old() is not None
            freezer.thaw()
            assert old() is None
            assert kept[4999] == [4999]
        finally:
            freezer.stop()
            gc.unfreeze()

    asyncio.run(scenario())
    assert gc.get_freeze_count() == 0 and gc.isenabled()


@pytest.fixture(autouse=True)
def _nothing_left_frozen() -> Iterator[None]:
    yield
    gc.unfreeze()
