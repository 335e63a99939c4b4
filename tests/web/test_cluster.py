"""``ludoteca serve --workers 2`` as a real process tree over a real redis-server and a
throwaway PostgreSQL: two players on two different workers share one room; kill -9 of the
room's owner loses no acknowledged step; Redis and PostgreSQL restarts pause the rooms, which
refuse moves with ``paused`` and go on by themselves when the server is back.

Each worker also listens on a port of its own (``LUDOTECA_WORKER_PORTS``), so a test picks
the worker a player reaches. A new room is owned by the worker its first socket reached
(the one that created it lets it go). Most tests relay the second player's socket
(``LUDOTECA_HANDOVER=off``, as across machines); one checks that by default it is handed to
the room's holder instead (``cluster.handover``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from cluster_helpers import Cluster, Message, Player, RedisServer, free_port, http
from pg_cluster import Cluster as Postgres
from redis import Redis

from ludoteca.engine.i18n import msg
from ludoteca.web.cluster import lease
from ludoteca.web.store import RoomRow, SeatRow, open_store
from ludoteca.web.store.fence import FENCES_TABLE, Fences, PausedError, StaleLeaseError

LEASE_MS = 1000  # Cluster starts the workers with --lease-ms 1000


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def running(pg_cluster: Postgres, redis_url: str, log: Path, handover: bool) -> Iterator[Cluster]:
    """Two workers over a new database, stopped at the end."""
    workers = Cluster(pg_cluster.new_database(), redis_url, log, handover=handover)
    try:
        workers.start()
        yield workers
    finally:
        workers.stop()


@pytest.fixture
def cluster(pg_cluster: Postgres, redis_server: RedisServer, tmp_path: Path) -> Iterator[Cluster]:
    """Two workers that relay every socket of the other's rooms (as across machines)."""
    with running(pg_cluster, redis_server.url, tmp_path / "cluster.log", False) as workers:
        yield workers


@pytest.fixture
def handing_cluster(
    pg_cluster: Postgres, redis_server: RedisServer, tmp_path: Path
) -> Iterator[Cluster]:
    """Two workers that hand such sockets to the room's holder (the default)."""
    with running(pg_cluster, redis_server.url, tmp_path / "cluster.log", True) as workers:
        yield workers


def table(cluster: Cluster) -> tuple[str, list[Player]]:
    """A Tacocat room made through worker 0, Alice on worker 0 (first: so worker 0 owns the
    room) and Bob on worker 1, both seated, the game started and both told its first state.
    """
    status, body = http(cluster.ports[0], "POST", "/api/rooms", {"game": "tacocat", "players": 2})
    assert status == 201, body
    room = body["room"]
    alice = Player(cluster.ports[0], room)
    alice.wait(lambda m: m["type"] == "welcome")  # worker 0 holds the room from here
    bob = Player(cluster.ports[1], room, "es")
    bob.wait(lambda m: m["type"] == "welcome")
    for seat, (player, name) in enumerate(((alice, "Alice"), (bob, "Bob"))):
        player.send({"type": "sit", "seat": seat, "name": name})
        player.wait(lambda m: m["type"] == "seated")
    alice.send({"type": "start"})
    for player in (alice, bob):
        player.wait(lambda m: m["type"] == "state")
    return room, [alice, bob]


def reached(version: int) -> Callable[[Message], bool]:
    """A check: a state of ``version`` or later."""
    return lambda m: m["type"] == "state" and m["version"] >= version


def settled(players: list[Player]) -> int:
    """Wait until every player holds a state of the same version; that version."""
    while True:
        versions = [p.state["version"] if p.state else -1 for p in players]
        top = max(versions)
        for player, version in zip(players, versions, strict=True):
            if version < top:
                player.wait(reached(top))
        if len({p.state["version"] for p in players if p.state}) == 1:
            return top


def move(players: list[Player]) -> Message:
    """One move by the first player who may act (a rematch after the end); every player
    waits for the state that follows it. The state the mover was sent acknowledges it.
    """
    version = settled(players)
    for seat, player in enumerate(players):
        state = player.state
        assert state is not None
        if state["outcome"] is not None:
            ask: Message = {"type": "rematch"}
            break
        if seat in state["actors"] and state["legal"]:
            ask = {"type": "act", "version": version, "action": state["legal"][0]["text"]}
            break
    else:
        raise AssertionError(f"nobody may act at version {version}")
    player.send(ask)
    while True:  # a frame sent as the socket closes (the room moving) is lost: send again
        answer = player.wait(
            lambda m: m["type"] == "welcome" or (m["type"] == "state" and m["version"] > version)
        )
        if answer["type"] == "state":
            break
        if player.wait(lambda m: m["type"] == "state")["version"] > version:
            break
        player.send(ask)
    for other in players:
        if other.state is None or other.state["version"] <= version:
            other.wait(lambda m: m["type"] == "state" and m["version"] > version)
    return player.state  # type: ignore[return-value]


def refused_while_paused(players: list[Player]) -> Message:
    """The first player who may act tries to: the error the room answers."""
    for seat, player in enumerate(players):
        state = player.state
        if state is not None and seat in state["actors"] and state["legal"]:
            act = {"type": "act", "version": state["version"], "action": state["legal"][0]["text"]}
            player.send(act)
            error = player.wait(lambda m: m["type"] == "error")
            assert error["message"] == msg("web.error.paused").text(player.lang)  # type: ignore[arg-type]
            return error
    raise AssertionError("nobody may act")


def stored_steps(db: str, room: str) -> list[tuple[int, int, str]]:
    with psycopg.connect(db) as conn:
        rows = conn.execute(
            "SELECT game_no, seat, text FROM actions WHERE room_id = %s ORDER BY game_no, idx",
            (room,),
        ).fetchall()
    return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]


def listening_sockets(port: int) -> set[str]:
    """The inodes of the sockets listening on ``port`` (``/proc/net/tcp``, state 0A)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as rows:
            for row in list(rows)[1:]:
                fields = row.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    found.add(fields[9])
    return found


def test_two_workers_share_a_room_and_a_dead_owner_loses_nothing(cluster: Cluster) -> None:
    workers = [cluster.health(port) for port in cluster.ports]
    assert workers[0] and workers[1] and workers[0]["worker"] != workers[1]["worker"]
    # Each worker listens on the shared port with a socket of its own (SO_REUSEPORT), so
    # the kernel spreads connections over both (one shared socket: whoever woke first took
    # every connection waiting). 2**-63: the chance that 64 all reach the same one.
    assert len(listening_sockets(cluster.port)) == 2
    reached = {http(cluster.port, "GET", "/healthz")[1]["worker"] for _ in range(64)}
    assert reached == {workers[0]["worker"], workers[1]["worker"]}
    room, players = table(cluster)
    alice, bob = players
    for _ in range(6):  # Bob's moves go through worker 1 to the owner, worker 0, and back
        move(players)
    summary = http(cluster.ports[1], "GET", f"/api/rooms/{room}")[1]  # asked of the owner
    assert [seat["connected"] for seat in summary["seats"]] == [True, True]
    acknowledged = settled(players)
    game_no = summary["game_no"]
    before = stored_steps(cluster.db, room)
    assert len([s for s in before if s[0] == game_no]) == acknowledged

    killed = time.monotonic()
    os.kill(workers[0]["pid"], signal.SIGKILL)  # the owner, mid-game
    # Bob's worker closes his socket (1012, the room moves); he reconnects to worker 1,
    # which waits out the dead owner's lease, takes the room and restores it from the store.
    back = bob.wait(lambda m: m["type"] == "state")
    recovered = time.monotonic() - killed
    assert 1012 in bob.closes
    assert back["version"] >= acknowledged
    after = stored_steps(cluster.db, room)
    assert after[: len(before)] == before  # nothing acknowledged was lost
    alice.wait(lambda m: m["type"] == "state" and m["version"] >= acknowledged)
    owner = http(cluster.ports[1], "GET", "/healthz")[1]["worker"]
    assert owner != workers[0]["worker"]
    for _ in range(4):  # and the game goes on
        move(players)
    print(f"recovered {recovered:.2f} s after kill -9 (lease {LEASE_MS} ms)")
    assert stored_steps(cluster.db, room)[: len(before)] == before
    for player in players:
        player.close()


def test_a_new_room_is_held_where_its_first_socket_landed(cluster: Cluster) -> None:
    workers = [cluster.wait_worker(port) for port in cluster.ports]
    redis = Redis.from_url(cluster.redis_url, decode_responses=True)
    status, body = http(cluster.ports[1], "POST", "/api/rooms", {"game": "tacocat", "players": 2})
    assert status == 201, body
    room = body["room"]
    assert redis.get(lease.key(room)) is None  # created through worker 1, not held by it
    for port in cluster.ports:  # asking about it takes no lease either
        summary = http(port, "GET", f"/api/rooms/{room}")[1]
        assert summary["id"] == room and summary["status"] == "lobby"
        assert [seat["connected"] for seat in summary["seats"]] == [False, False]
    assert redis.get(lease.key(room)) is None
    assert http(cluster.ports[0], "GET", "/api/rooms/nosuchroom")[0] == 404
    alice = Player(cluster.ports[0], room)
    alice.wait(lambda m: m["type"] == "welcome")
    assert redis.get(lease.key(room)) == workers[0]["worker"]
    alice.send({"type": "sit", "seat": 0, "name": "Alice"})
    alice.wait(lambda m: m["type"] == "seated")
    summary = http(cluster.ports[1], "GET", f"/api/rooms/{room}")[1]  # asked of the owner
    assert [seat["connected"] for seat in summary["seats"]] == [True, False]
    assert summary["seats"][0]["name"] == "Alice"
    alice.close()
    redis.close()


def test_a_socket_reaching_the_other_worker_is_handed_to_the_rooms_holder(
    handing_cluster: Cluster,
) -> None:
    cluster = handing_cluster
    room, players = table(cluster)  # Alice through worker 0 (it holds the room), Bob worker 1
    alice, bob = players
    holder, other = (cluster.health(port) for port in cluster.ports)
    assert holder and other
    assert (other["handed"], holder["adopted"]) == (1, 1)
    assert holder["relayed_sockets"] == other["relayed_sockets"] == 0
    for _ in range(6):  # Bob's moves reach worker 0 on his own socket: nothing relayed
        move(players)
    acknowledged = settled(players)
    before = stored_steps(cluster.db, room)

    os.kill(holder["pid"], signal.SIGKILL)  # both sockets lived there
    # Bob reconnects through worker 1, which waits out the dead holder's lease and takes the
    # room; Alice's port gets a new worker 0, which hands her socket to worker 1.
    back = bob.wait(lambda m: m["type"] == "state")
    assert 1012 not in bob.closes  # his socket was never a relay that closed "moving"
    assert back["version"] >= acknowledged
    assert stored_steps(cluster.db, room)[: len(before)] == before  # nothing lost
    alice.wait(lambda m: m["type"] == "state" and m["version"] >= acknowledged)
    for _ in range(3):
        move(players)
    taker, fresh = (cluster.health(cluster.ports[i]) for i in (1, 0))
    assert taker and fresh and fresh["worker"] != holder["worker"]
    assert (fresh["handed"], taker["adopted"]) == (1, 1)
    assert stored_steps(cluster.db, room)[: len(before)] == before
    for player in players:
        player.close()


def outage(cluster: Cluster, cause: str, down: Callable[[], None], up: Callable[[], None]) -> None:
    """Under a live game, ``down`` takes a server away: both players are told (each in
    their language), a move is refused with ``paused`` and not played; after ``up`` they
    are told again and the game goes on from where it stopped.
    """
    room, players = table(cluster)
    move(players)
    acknowledged = settled(players)
    down()
    try:
        for player in players:
            paused = player.wait(lambda m: m["type"] == "pause" and m["on"])
            assert paused["cause"] == cause
            assert paused["message"] == msg(f"web.pause.{cause}").text(player.lang)  # type: ignore[arg-type]
        assert refused_while_paused(players)["code"] == "paused"
    finally:
        up()
    for player in players:  # told, or reconnected (its room moved) after the outage
        player.wait(lambda m: (m["type"] == "pause" and not m["on"]) or m["type"] == "welcome")
    assert settled(players) == acknowledged  # the refused move was not played
    for _ in range(3):
        move(players)
    assert len(stored_steps(cluster.db, room)) >= acknowledged + 3
    for player in players:
        player.close()


def test_redis_restart_pauses_the_room_and_it_goes_on(
    cluster: Cluster, redis_server: RedisServer
) -> None:
    outage(cluster, "redis", redis_server.kill, redis_server.start)  # it comes back empty


def test_postgresql_restart_pauses_the_room_and_it_goes_on(
    cluster: Cluster, pg_cluster: Postgres
) -> None:
    outage(cluster, "store", pg_cluster.halt, pg_cluster.resume)


@pytest.mark.parametrize(
    ("args", "lang", "shown"),
    [
        (["--workers", "2"], "en", "--workers 2 needs PostgreSQL in --db"),
        (["--workers", "dos"], "es", "--workers debe ser un número entero de 1 a 64"),
        (["--workers", "2", "--redis", "redis://127.0.0.1:1/0"], "es", "--workers 2 necesita"),
        (["--redis", "redis://127.0.0.1:1/0"], "en", "--redis needs PostgreSQL"),
        (["--lease-ms", "5"], "en", "--lease-ms must be a whole number from 300"),
    ],
)
def test_serve_refuses_bad_cluster_flags(
    args: list[str], lang: str, shown: str, tmp_path: Path
) -> None:
    from typer.testing import CliRunner  # noqa: PLC0415

    from ludoteca.cli import app  # noqa: PLC0415

    refused = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "x.db"), "--lang", lang, *args]
    )
    assert refused.exit_code == 2
    assert refused.stderr.startswith("Error: " + shown), refused.stderr
    assert len(refused.stderr.splitlines()) == 1


def test_serve_says_so_when_redis_or_postgresql_is_unreachable(pg_cluster: Postgres) -> None:
    from typer.testing import CliRunner  # noqa: PLC0415

    from ludoteca.cli import app  # noqa: PLC0415

    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    cases = [
        (pg_cluster.url(), nowhere, "en", f"Error: Cannot reach Redis at {nowhere}: "),
        (pg_cluster.url(), nowhere, "es", f"Error: No se puede conectar con Redis en {nowhere}: "),
        (f"postgresql://postgres@127.0.0.1:{free_port()}/x", nowhere, "en", "Error: Cannot open"),
    ]
    for db, redis_url, lang, shown in cases:
        args = ["serve", "--db", db, "--redis", redis_url, "--workers", "2", "--lang", lang]
        refused = CliRunner().invoke(app, args)
        assert refused.exit_code == 2
        assert refused.stderr.startswith(shown), refused.stderr
        assert len(refused.stderr.splitlines()) == 1


def test_a_stale_owner_can_never_write_after_losing_the_room(pg_cluster: Postgres) -> None:
    url = pg_cluster.new_database()
    old, new = open_store(url), open_store(url)
    paused = {"now": False}
    fences = {store: Fences(lambda: paused["now"]) for store in (old, new)}
    try:
        for store, fence in fences.items():
            store.guard = fence.guard  # type: ignore[attr-defined]
            store.transact(lambda cur: cur.execute(FENCES_TABLE))  # type: ignore[attr-defined]
        row = RoomRow("r1", "tacocat", 2, {}, 0, "lobby", 0, 0)
        old.transact(lambda cur: fences[old].take(cur, "r1"))  # type: ignore[attr-defined]
        old.create_room(row)
        old.save_seat("r1", SeatRow(0, "human", "Ana", "", None, "h"))
        new.transact(lambda cur: fences[new].take(cur, "r1"))  # type: ignore[attr-defined]
        with pytest.raises(StaleLeaseError):  # the old owner's write is refused...
            old.save_seat("r1", SeatRow(1, "human", "Old", "", None, "h"))
        assert not fences[old].holds("r1")
        new.save_seat("r1", SeatRow(1, "human", "Bo", "", None, "h"))  # ...the new one's not
        assert [seat.name for seat in new.seats("r1")] == ["Ana", "Bo"]
        with pytest.raises(StaleLeaseError):  # a room never taken cannot be written
            new.save_seat("r2", SeatRow(0, "human", "X", "", None, "h"))
        paused["now"] = True
        with pytest.raises(PausedError):  # while Redis or PostgreSQL is away, nothing
            new.save_seat("r1", SeatRow(0, "human", "Late", "", None, "h"))
        assert [seat.name for seat in new.seats("r1")] == ["Ana", "Bo"]
    finally:
        old.close()
        new.close()
