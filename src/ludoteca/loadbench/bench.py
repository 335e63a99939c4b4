"""``ludoteca bench web``: many concurrent games over real WebSockets against a real server.

Each row starts a fresh ``ludoteca serve --limits off`` child process on a free loopback
port: one process on a temporary SQLite file, or with ``workers > 1`` a throwaway PostgreSQL
and ``redis-server`` and ``ludoteca serve --workers N --db postgresql://... --redis
redis://...``. One asyncio client process (``websockets``, orjson) then:

1. creates ``games`` two-seat Tacocat rooms (``POST /api/rooms`` over a few keep-alive
   connections): **room creation time**;
2. connects two sockets per room and sits both seats as people;
3. starts every game over the first half of the warm-up; both seats play uniformly random
   legal moves after a think time uniform in 0.5-1.5x ``think`` s, and a finished game is
   rematched, so ``games`` games stay in play;
4. measures for ``seconds``: accepted **actions/s**, the **latency** from sending ``act`` on
   one seat's socket to the OTHER seat's ``state`` for it (one clock: both sockets live in
   this process), **errors** by code, the server's **CPU and memory** (the process and all
   its workers, from ``/proc``) and this client's own CPU (it shares the machine). The
   client collects no garbage in the window: its own full collections over two thousand
   sockets would stop its loop for a few hundred ms and count as the server's latency.
   It moves the way a page does: a seat whose move is unanswered waits for the answer.

With ``kill_at`` one worker is killed with SIGKILL that many seconds into the window: its
sockets reconnect with their seat tokens, and the row reports the **recovery** time (kill to
each seat's first ``state`` again) and the acknowledged moves the server no longer has
(**lost**: a seat saw its own move accepted at version ``v`` and the room came back at a
lower version).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
import os
import random
import signal
import tempfile
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ludoteca.loadbench.process import (
    Postgres,
    Redis,
    Server,
    cpu_seconds,
    descendants,
    tree_usage,
)

GAME = "tacocat"
SEATS = 2
SETUP_CONCURRENCY = 50
HTTP_CONNECTIONS = 8
"""Keep-alive connections the rooms are created over."""


@dataclass(slots=True)
class Sent:
    """One ``act`` a seat sent and is waiting to see reflected on the other seat."""

    version: int
    text: str
    at: float


@dataclass(slots=True)
class Accepted:
    """A seat's move the server accepted, waiting for the other seat's update."""

    sent_at: float
    counted: bool
    """Whether the acceptance fell in the measuring window (the action was counted)."""


@dataclass(slots=True)
class Stats:
    """Counters shared by every socket of a run."""

    recording: bool = False
    latencies_ms: list[float] = field(default_factory=list)
    arrivals: list[float] = field(default_factory=list)
    """perf_counter time of each latency sample's update (for the per-second timeline)."""
    actions: int = 0
    finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    unmatched: int = 0
    killed_at: float | None = None
    """perf_counter time a worker was killed (``kill_at``)."""
    recoveries_ms: list[float] = field(default_factory=list)
    reconnects: int = 0
    """Sockets the server dropped and this client opened again (a slow reader is dropped)."""
    reconnect_failures: int = 0
    lost: int = 0


@dataclass(slots=True)
class Table:
    """One room: per seat, the moves sent and not yet answered, and the pairing of versions.

    The server sends one ``state`` per accepted move to both sockets, with the same
    ``version``. The mover recognises its move (``last`` is its own move, always shown to
    itself); the other seat may not (a secret choice is hidden), so the pairing goes by
    version: whichever socket sees version ``w`` first leaves its time for the other one.
    Keys carry the game's number in the room (each rematch is the next game): a rematch starts
    again at a low version while the slower socket may still be reading the last game's
    final updates, so a version alone could pair moves of two different games.
    """

    room: str
    sent: tuple[deque[Sent], ...] = field(default_factory=lambda: (deque(), deque()))
    accepted: dict[tuple[int, int], Accepted] = field(default_factory=dict)
    """(game, version) -> its accepted move, waiting for the other seat's update."""
    arrived: dict[tuple[int, int], float] = field(default_factory=dict)
    """(game, version) -> when the non-mover got it, waiting for the mover's acceptance."""
    tokens: list[str] = field(default_factory=lambda: ["", ""])


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``values``, or None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def _dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode("utf-8")


async def _post_json(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str, body: dict[str, Any]
) -> tuple[int, Any]:
    """One HTTP/1.1 POST on a kept-alive connection; its status and JSON body."""
    data = orjson.dumps(body)
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return status, orjson.loads(await reader.readexactly(length)) if length else None


async def create_rooms(host: str, port: int, count: int) -> list[str]:
    """``count`` two-seat Tacocat rooms, created over :data:`HTTP_CONNECTIONS` keep-alive
    connections; their ids.

    Raises:
        RuntimeError: If the server refuses one.
    """
    rooms: list[str] = []
    left = iter(range(count))
    body = {"game": GAME, "players": SEATS, "options": {}, "turn_seconds": 0}

    async def worker() -> None:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            for _ in left:
                status, answer = await _post_json(reader, writer, "/api/rooms", body)
                if status != 201:
                    raise RuntimeError(f"POST /api/rooms answered {status}: {answer}")
                rooms.append(answer["room"])
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    await asyncio.gather(*(worker() for _ in range(min(HTTP_CONNECTIONS, max(1, count)))))
    return rooms


async def _expect(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others before it are dropped)."""
    while True:
        message: dict[str, Any] = orjson.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(f"server error while waiting for {kind}: {message}")


async def _open(ws_origin: str, room: str) -> ClientConnection:
    return await connect(
        f"{ws_origin}/ws/{room}", max_size=2**22, compression=None, open_timeout=60
    )


async def _seat_table(
    ws_origin: str, room: str, gate: asyncio.Semaphore
) -> tuple[Table, list[ClientConnection]]:
    """Connect both seats of ``room`` and sit them (the game is not started yet)."""
    async with gate:
        table = Table(room)
        sockets: list[ClientConnection] = []
        for seat in range(SEATS):
            ws = await _open(ws_origin, room)
            sockets.append(ws)
            await ws.send(_dumps({"type": "hello", "lang": "en"}))
            await _expect(ws, "welcome")
            # Each room's players have their own names, as at a real table (labels and
            # events that name players cannot be shared between rooms).
            name = f"p{seat}-{room[-8:]}"
            await ws.send(_dumps({"type": "sit", "seat": seat, "name": name}))
            table.tokens[seat] = (await _expect(ws, "seated"))["token"]
        return table, sockets


class SeatClient:
    """One seat's socket: reads every message, plays random legal moves after a think time,
    and reconnects with its seat token when the server drops it.
    """

    def __init__(
        self,
        ws: ClientConnection,
        table: Table,
        seat: int,
        stats: Stats,
        think: float,
        rng: random.Random,
        ws_origin: str = "",
    ) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.stats = stats
        self.think = think
        self.rng = rng
        self.ws_origin = ws_origin
        self.acted_on = -1
        self.seen = -1
        self.game_no = 0
        """The room's game number (``room`` messages)."""
        self.acked = (0, -1)
        """(game number, version) of the last own move this seat saw accepted."""
        self.game = 0
        """Which game of the room this socket is reading (a rematch is the next one)."""
        self.timer: asyncio.Task[None] | None = None
        self.stopping = False
        self.latest: tuple[int, list[dict[str, Any]]] = (-1, [])
        """The version and legal moves of the last state read (what a move is chosen on)."""

    async def loop(self) -> None:
        """Handle messages until stopped; a dropped socket is opened again."""
        while True:
            with contextlib.suppress(ConnectionClosed):
                async for raw in self.ws:
                    await self._message(orjson.loads(raw))
            if self.stopping or not self.ws_origin or not await self._reconnect():
                return

    async def _message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "state":
            await self._state(message, time.perf_counter())
        elif kind == "room":
            self.game_no = message["room"]["game_no"]
        elif kind == "error":
            self.stats.errors[message.get("code", "?")] += 1
            mine = self.table.sent[self.seat]
            if mine:  # answers come in order: the oldest move was refused
                mine.popleft()
                await self._consider()

    async def _reconnect(self) -> bool:
        """Open the socket again with the seat's token; the first ``state`` tells how long
        the room took to come back and whether an acknowledged move is missing.
        """
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.table.sent[self.seat].clear()
        for _ in range(60):
            if self.stopping:
                return False
            try:
                ws = await _open(self.ws_origin, self.table.room)
                await ws.send(_dumps({"type": "hello", "token": self.table.tokens[self.seat]}))
                room = await asyncio.wait_for(_expect(ws, "room"), 30)
                state = await asyncio.wait_for(_expect(ws, "state"), 30)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, RuntimeError):
                await asyncio.sleep(0.2)
                continue
            now = time.perf_counter()
            self.stats.reconnects += 1
            if self.stats.killed_at is not None:
                self.stats.recoveries_ms.append((now - self.stats.killed_at) * 1000.0)
            self.game_no = room["room"]["game_no"]
            if self.acked[0] == self.game_no and state["version"] < self.acked[1]:
                self.stats.lost += self.acked[1] - state["version"]
            self.ws = ws
            self.seen = -1  # a full state: pairing starts afresh
            self.acted_on = -1
            await self._state(state, now)
            return True
        self.stats.reconnect_failures += 1
        return False

    async def _state(self, message: dict[str, Any], now: float) -> None:
        version: int = message["version"]
        if version < self.seen:  # a rematch started a new game
            self.acted_on = -1
            self.game += 1
            self.table.sent[self.seat].clear()
        self.seen = version
        self._pair(message.get("last"), (self.game, version), now)
        if self.timer is not None:  # a move thought on an older state is not sent
            self.timer.cancel()
            self.timer = None
        over = message.get("outcome") is not None
        self.latest = (version, [] if over else message.get("legal") or [])
        if over:
            if self.seat == 0:
                self.stats.finished += self.stats.recording
                if not self.stopping:
                    with contextlib.suppress(ConnectionClosed):
                        await self.ws.send('{"type":"rematch"}')
            return
        await self._consider()

    async def _consider(self) -> None:
        """Choose a move on the latest state, unless one is still unanswered.

        As a real page does, a seat with a move in flight waits for its answer (the state
        showing it as ``last``, or an ``error``) before it moves again: in a simultaneous
        choice the other seat's secret move makes a new version on which this seat is
        still an actor, and a second move sent then would race its own first one.
        """
        version, legal = self.latest
        if self.table.sent[self.seat] or not legal or version <= self.acted_on:
            return
        text: str = self.rng.choice(legal)["text"]
        if self.think > 0:
            delay = self.think * self.rng.uniform(0.5, 1.5)
            self.timer = asyncio.create_task(self._act_later(delay, version, text))
        else:
            await self._act(version, text)

    def _pair(self, last: dict[str, Any] | None, key: tuple[int, int], now: float) -> None:
        """Pair the update to ``key`` (game, version) with the ``act`` that caused it (see
        Table).
        """
        table = self.table
        mine = table.sent[self.seat]
        if last is not None and last.get("seat") == self.seat:
            while mine:  # my oldest unanswered move is the one just accepted
                sent = mine.popleft()
                if sent.text == last.get("text") and sent.version < key[1]:
                    break
                self.stats.unmatched += self.stats.recording
            else:
                return  # not a move of this socket (e.g. the state after a reconnect)
            self.acked = (self.game_no, key[1])
            # The move's acceptance decides, once, whether it counts: its latency sample is
            # kept exactly when the action is, even if the other seat's update lands on the
            # other side of the window's start or end.
            counted = self.stats.recording
            self.stats.actions += counted
            other = table.arrived.pop(key, None)
            if other is None:
                table.accepted[key] = Accepted(sent.at, counted)
            elif counted:
                self.stats.latencies_ms.append((other - sent.at) * 1000.0)
                self.stats.arrivals.append(other)
            return
        accepted = table.accepted.pop(key, None)
        if accepted is None:
            table.arrived[key] = now
        elif accepted.counted:
            self.stats.latencies_ms.append((now - accepted.sent_at) * 1000.0)
            self.stats.arrivals.append(now)

    async def _act_later(self, delay: float, version: int, text: str) -> None:
        await asyncio.sleep(delay)
        self.timer = None
        await self._act(version, text)

    async def _act(self, version: int, text: str) -> None:
        if self.stopping:
            return
        self.acted_on = version
        self.table.sent[self.seat].append(Sent(version, text, time.perf_counter()))
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(_dumps({"type": "act", "action": text, "version": version}))


async def _ping_probe(ws: ClientConnection, seconds: float) -> tuple[list[float], int]:
    """Round trips (ms) of ``ping`` -> ``pong`` every 100 ms for ``seconds``: how long the
    server's event loop takes to answer anything at all. Returns them and the number of pings
    still unanswered 5 s after the window.
    """
    rtts: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sent = time.perf_counter()
        try:
            await ws.send('{"type":"ping"}')
            await asyncio.wait_for(_expect(ws, "pong"), end + 5.0 - sent)
        except (TimeoutError, ConnectionClosed):
            return rtts, 1
        rtts.append((time.perf_counter() - sent) * 1000.0)
        await asyncio.sleep(0.1)
    return rtts, 0


async def _lag_probe(seconds: float) -> list[float]:
    """How late (ms) a 50 ms sleep of this client's event loop wakes up, over ``seconds``:
    a busy client would inflate the measured latencies.
    """
    lags: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append((time.perf_counter() - before - 0.05) * 1000.0)
    return lags


async def _kill_worker(server_pid: int, after: float, stats: Stats) -> int | None:
    """After ``after`` s, SIGKILL the worker of ``server_pid`` that used the most CPU."""
    await asyncio.sleep(after)
    workers = descendants(server_pid)
    if not workers:
        return None
    victim = max(workers, key=lambda pid: cpu_seconds(pid) or 0.0)
    stats.killed_at = time.perf_counter()
    with contextlib.suppress(ProcessLookupError):
        os.kill(victim, signal.SIGKILL)
    return victim


def _summary(values: list[float]) -> dict[str, float | int | None]:
    return {
        "n": len(values),
        "p50": _round(percentile(values, 50)),
        "p99": _round(percentile(values, 99)),
        "max": _round(max(values) if values else None),
    }


@dataclass(frozen=True, slots=True)
class Level:
    """One row's load: games, think time, measured seconds, warm-up, seed, kill time."""

    games: int
    seconds: float
    think: float = 1.0
    warmup: float = 10.0
    seed: int = 0
    kill_at: float | None = None


async def drive(
    origin: str, level: Level, server_pid: int | None, helpers: tuple[int, ...] = ()
) -> dict[str, Any]:
    """Run one level against the server at ``origin``; its figures (see the module).
    ``helpers``: the processes of the server's PostgreSQL and Redis (their CPU is counted).
    """
    stats = Stats()
    host, _, port = origin.removeprefix("http://").partition(":")
    ws_origin = "ws" + origin.removeprefix("http")
    started = time.perf_counter()
    rooms = await create_rooms(host, int(port), level.games)
    create_s = time.perf_counter() - started
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    started = time.perf_counter()
    opened = await asyncio.gather(*(_seat_table(ws_origin, room, gate) for room in rooms))
    seat_s = time.perf_counter() - started
    gc.collect()  # what setting up made, out of the collector's sight (see the window)
    gc.freeze()
    rng = random.Random(level.seed)
    clients = [
        SeatClient(
            ws, table, seat, stats, level.think, random.Random(rng.getrandbits(64)), ws_origin
        )
        for table, sockets in opened
        for seat, ws in enumerate(sockets)
    ]
    probe = await _open(ws_origin, rooms[0])
    await probe.send('{"type":"hello","lang":"en"}')
    await _expect(probe, "welcome")
    loops = [asyncio.create_task(client.loop()) for client in clients]
    # Rooms start one after another over the first half of the warm-up, not in one instant:
    # a start sends both seats their first legal moves with labels, the costliest message.
    begin = time.perf_counter()
    for _, sockets in opened:
        await sockets[0].send('{"type":"start"}')
        await asyncio.sleep(level.warmup / 2 / level.games)
    await asyncio.sleep(max(0.0, begin + level.warmup - time.perf_counter()))
    gc.freeze()  # no collection in the window (see the module)
    gc.disable()
    stats.recording = True
    load_before = os.getloadavg()[0]
    server0 = tree_usage(server_pid) if server_pid else None
    helpers0 = sum(tree_usage(pid).cpu_s for pid in helpers)
    cpu0_client = time.process_time()
    t0 = time.perf_counter()
    killer = None
    if level.kill_at is not None and server_pid is not None:
        killer = asyncio.create_task(_kill_worker(server_pid, level.kill_at, stats))
    (pings, unanswered), lags = await asyncio.gather(
        _ping_probe(probe, level.seconds), _lag_probe(level.seconds)
    )
    await asyncio.sleep(max(0.0, t0 + level.seconds - time.perf_counter()))
    stats.recording = False
    gc.enable()
    gc.unfreeze()
    wall = time.perf_counter() - t0
    cpu_client = time.process_time() - cpu0_client
    server1 = tree_usage(server_pid) if server_pid else None
    helpers1 = sum(tree_usage(pid).cpu_s for pid in helpers)
    load_after = os.getloadavg()[0]
    victim = await killer if killer is not None else None
    for client in clients:
        client.stopping = True
        if client.timer is not None:
            client.timer.cancel()
    sockets = [client.ws for client in clients] + [probe]
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    for task in loops:  # a socket still reconnecting stops now
        task.cancel()
    # A reconnection that completed meanwhile holds a socket opened after the closes above
    # (and its task may have missed the cancel): close those too, and never wait forever.
    closed = {id(ws) for ws in sockets}
    late = [client.ws for client in clients if id(client.ws) not in closed]
    await asyncio.gather(*(ws.close() for ws in late), return_exceptions=True)
    _, stuck = await asyncio.wait(loops, timeout=30)
    for task in stuck:
        task.cancel()
    lat = stats.latencies_ms
    row: dict[str, Any] = {
        "game": GAME,
        "games": level.games,
        "sockets": level.games * SEATS,
        "think_s": level.think,
        "seconds": round(wall, 3),
        "warmup_s": level.warmup,
        "create_rooms_s": round(create_s, 3),
        "seat_s": round(seat_s, 3),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / wall, 1),
        "finished_games": stats.finished,
        "latency_ms": {**_summary(lat), "p90": _round(percentile(lat, 90))},
        "server_ping_ms": {**_summary(pings), "unanswered": unanswered},
        "client_loop_lag_ms": _summary(lags),
        "timeline": _timeline(stats, t0, wall),
        "errors": dict(stats.errors),
        "unmatched": stats.unmatched,
        "server_cpu_s": (round(server1.cpu_s - server0.cpu_s, 2) if server0 and server1 else None),
        "server_rss_mb": round(server1.rss_bytes / 2**20, 1) if server1 else None,
        "server_processes": server1.processes if server1 else None,
        "client_cpu_s": round(cpu_client, 2),
        "store_redis_cpu_s": round(helpers1 - helpers0, 2) if helpers else None,
        "loadavg_1min": [round(load_before, 2), round(load_after, 2)],
    }
    row["reconnected"] = stats.reconnects
    row["late_sockets"] = len(late)
    row["stuck_clients"] = len(stuck)
    if level.kill_at is not None:
        row["kill"] = {
            "at_s": level.kill_at,
            "pid": victim,
            "reconnected": len(stats.recoveries_ms),
            "recovery_ms": _summary(stats.recoveries_ms),
            "reconnect_failures": stats.reconnect_failures,
            "lost_acknowledged": stats.lost,
        }
    return row


def _timeline(stats: Stats, t0: float, wall: float) -> list[dict[str, Any]]:
    """Per second of the window: updates seen and their p50/p99 latency (ms)."""
    buckets: list[list[float]] = [[] for _ in range(max(1, int(wall + 0.999)))]
    for at, ms in zip(stats.arrivals, stats.latencies_ms, strict=True):
        buckets[min(len(buckets) - 1, max(0, int(at - t0)))].append(ms)
    return [
        {
            "second": i,
            "n": len(b),
            "p50": _round(percentile(b, 50)),
            "p99": _round(percentile(b, 99)),
        }
        for i, b in enumerate(buckets)
    ]


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _run_loop(
    origin: str, level: Level, pid: int | None, helpers: tuple[int, ...] = ()
) -> dict[str, Any]:
    """Run the clients on a new event loop (uvloop's: uvicorn[standard] brings it)."""
    try:
        import uvloop  # noqa: PLC0415

        result: dict[str, Any] = uvloop.run(drive(origin, level, pid, helpers))
    except ImportError:
        result = asyncio.run(drive(origin, level, pid, helpers))
    return result


@contextlib.contextmanager
def serving(
    workers: int, tmp: Path, source: Path | None = None
) -> Iterator[tuple[Server, tuple[int, ...]]]:
    """A fresh ``ludoteca serve --limits off`` (``workers`` processes; more than one on a
    throwaway PostgreSQL and Redis), stopped at the end; with the process ids of that
    PostgreSQL and Redis (none for one process). ``source``: run the server from another
    checkout's ``src`` (a baseline revision).
    """
    env = {"PYTHONPATH": str(source / "src")} if source is not None else None
    with contextlib.ExitStack() as stack:
        extra: tuple[str, ...] = ("--limits", "off")
        db: Path | str = tmp / "load.sqlite3"
        helpers: tuple[int, ...] = ()
        if workers > 1:
            postgres = stack.enter_context(Postgres())
            redis = stack.enter_context(Redis())
            db = postgres.url
            extra += ("--workers", str(workers), "--redis", redis.url)
            found = (postgres.pid(), redis.proc.pid if redis.proc else None)
            helpers = tuple(pid for pid in found if pid is not None)
        server = Server(db, log=tmp / "serve.log", extra_args=extra, env=env)
        stack.enter_context(server)
        yield server, helpers


def run(
    level: Level, workers: int = 1, origin: str | None = None, source: Path | None = None
) -> dict[str, Any]:
    """Measure one level against a fresh server (or the one at ``origin``).

    Returns:
        A JSON-ready dict: room creation and seating times, actions, actions_per_s,
        latency_ms {n, p50, p90, p99, max}, errors by code, the server's CPU seconds and
        memory and this client's CPU seconds over the window, and the settings.
    """
    if origin is not None:
        return {**_run_loop(origin, level, None), "workers": workers}
    with (
        tempfile.TemporaryDirectory(prefix="ludoteca-load-") as tmp,
        serving(workers, Path(tmp), source) as (server, helpers),
    ):
        pid = server.proc.pid if server.proc else None
        row = _run_loop(server.url, level, pid, helpers)
    return {**row, "workers": workers, "server": str(source) if source else "this"}
