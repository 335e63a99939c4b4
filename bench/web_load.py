"""Load benchmark of the web table: many concurrent games over real WebSockets.

The server runs as a child process (``ludoteca serve --limits off`` on a fresh SQLite file;
no bots; one address opens every room, so the per-address rates are lifted).
One asyncio client process opens ``games`` two-seat rooms of Tacocat (``POST /api/rooms``),
connects two sockets per room, sits both seats as people and starts every game. Both seats then
play uniformly random legal moves, each after a think time (uniform in 0.5x..1.5x ``think``
seconds; 0 plays at once, which saturates the server). A finished game is rematched in the
same room, so the number of concurrent games stays ``games`` for the whole measurement.

Measured, after a warm-up, for ``seconds``:

- **actions/s**: actions the server accepted (a ``state`` whose ``last`` is the seat's own
  move), per second of wall time.
- **latency**: from sending ``act`` on one seat's socket to the OTHER seat's socket receiving
  the ``state`` whose ``last`` is that move (both sockets live in this process, one clock).
- the round trip of a ``ping`` on one more (spectator) socket every 100 ms, and how late this
  client's own event loop wakes from a 50 ms sleep, to tell server stalls from client stalls;
- the server's and the client's CPU time over the window (the server's from ``/proc``), to
  tell a saturated server from a saturated client, and the machine's 1-minute load average
  before and after the window (the machine is shared: other work shows up in the latency).

Usage::

    .venv/bin/python -m bench.web_load                      # ramp 10, 100, 1000 games
    .venv/bin/python -m bench.web_load --games 100 --seconds 10 --think 0

From Python: ``run(games=100, seconds=10.0)`` returns one level's figures as a dict.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import datetime as dt
import json
import math
import os
import random
import sys
import tempfile
import time
import urllib.request
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench.web_proc import Server

RESULTS = Path(__file__).resolve().parent / "results"
GAME = "tacocat"
SEATS = 2
SETUP_CONCURRENCY = 50


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


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``values``, or None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def _post_room(origin: str) -> str:
    body = json.dumps({"game": GAME, "players": SEATS, "options": {}, "turn_seconds": 0})
    request = urllib.request.Request(
        origin + "/api/rooms",
        data=body.encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        room: str = json.loads(answer.read())["room"]
    return room


async def _expect(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others before it are dropped)."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(f"server error while waiting for {kind}: {message}")


async def _open_table(
    origin: str, ws_origin: str, gate: asyncio.Semaphore
) -> tuple[Table, list[ClientConnection]]:
    """Create a room, connect both seats and sit them (the game is not started yet)."""
    async with gate:
        room = await asyncio.to_thread(_post_room, origin)
        sockets: list[ClientConnection] = []
        for seat in range(SEATS):
            ws = await connect(
                f"{ws_origin}/ws/{room}", max_size=2**22, compression=None, open_timeout=60
            )
            sockets.append(ws)
            await ws.send(json.dumps({"type": "hello", "lang": "en"}))
            await _expect(ws, "welcome")
            await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"load{seat}"}))
            await _expect(ws, "seated")
        return Table(room), sockets


class SeatClient:
    """One seat's socket: reads every message, plays random legal moves after a think time."""

    def __init__(
        self,
        ws: ClientConnection,
        table: Table,
        seat: int,
        stats: Stats,
        think: float,
        rng: random.Random,
    ) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.stats = stats
        self.think = think
        self.rng = rng
        self.acted_on = -1
        self.seen = -1
        self.game = 0
        """Which game of the room this socket is reading (a rematch is the next one)."""
        self.timer: asyncio.Task[None] | None = None
        self.stopping = False

    async def loop(self) -> None:
        """Handle messages until the socket closes."""
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                message = json.loads(raw)
                kind = message["type"]
                if kind == "state":
                    await self._state(message, time.perf_counter())
                elif kind == "error":
                    self.stats.errors[message.get("code", "?")] += 1
                    mine = self.table.sent[self.seat]
                    if mine:  # answers come in order: the oldest move was refused
                        mine.popleft()

    async def _state(self, message: dict[str, Any], now: float) -> None:
        version: int = message["version"]
        if version < self.seen:  # a rematch started a new game
            self.acted_on = -1
            self.game += 1
            self.table.sent[self.seat].clear()
        self.seen = version
        self._pair(message.get("last"), (self.game, version), now)
        if message.get("outcome") is not None:
            if self.seat == 0:
                self.stats.finished += self.stats.recording
                if not self.stopping:
                    await self.ws.send('{"type": "rematch"}')
            return
        legal = message.get("legal") or []
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if legal and version > self.acted_on:
            text: str = self.rng.choice(legal)["text"]
            if self.think > 0:
                delay = self.think * self.rng.uniform(0.5, 1.5)
                self.timer = asyncio.create_task(self._act_later(delay, version, text))
            else:
                await self._act(version, text)

    def _pair(self, last: dict[str, Any] | None, key: tuple[int, int], now: float) -> None:
        """Pair the update to ``key`` (game, version) with the ``act`` that caused it (see
        Table)."""
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
            await self.ws.send(json.dumps({"type": "act", "action": text, "version": version}))


async def _open_probe(ws_origin: str, room: str) -> ClientConnection:
    """One more socket, a spectator of ``room``, opened before the games start."""
    ws = await connect(f"{ws_origin}/ws/{room}", max_size=2**22, compression=None, open_timeout=60)
    await ws.send(json.dumps({"type": "hello", "lang": "en"}))
    await _expect(ws, "welcome")
    return ws


async def _ping_probe(ws: ClientConnection, seconds: float) -> tuple[list[float], int]:
    """Round trips (ms) of ``ping`` -> ``pong`` every 100 ms for ``seconds``: how long the
    server's event loop takes to answer anything at all. Returns them and the number of pings
    still unanswered 5 s after the window."""
    rtts: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sent = time.perf_counter()
        await ws.send('{"type": "ping"}')
        try:
            await asyncio.wait_for(_expect(ws, "pong"), end + 5.0 - sent)
        except TimeoutError:
            return rtts, 1
        rtts.append((time.perf_counter() - sent) * 1000.0)
        await asyncio.sleep(0.1)
    return rtts, 0


async def _lag_probe(seconds: float) -> list[float]:
    """How late (ms) a 50 ms sleep of this client's event loop wakes up, over ``seconds``:
    a busy client would inflate the measured latencies."""
    lags: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append((time.perf_counter() - before - 0.05) * 1000.0)
    return lags


def _summary(values: list[float]) -> dict[str, float | int | None]:
    return {
        "n": len(values),
        "p50": _round(percentile(values, 50)),
        "p99": _round(percentile(values, 99)),
        "max": _round(max(values) if values else None),
    }


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _drive(
    origin: str,
    games: int,
    seconds: float,
    think: float,
    warmup: float,
    seed: int,
    server_pid: int | None,
) -> dict[str, Any]:
    stats = Stats()
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    ws_origin = "ws" + origin.removeprefix("http")
    started = time.perf_counter()
    opened = await asyncio.gather(*(_open_table(origin, ws_origin, gate) for _ in range(games)))
    setup_s = time.perf_counter() - started
    rng = random.Random(seed)
    clients = [
        SeatClient(ws, table, seat, stats, think, random.Random(rng.getrandbits(64)))
        for table, sockets in opened
        for seat, ws in enumerate(sockets)
    ]
    probe = await _open_probe(ws_origin, opened[0][0].room)
    loops = [asyncio.create_task(client.loop()) for client in clients]
    # Rooms start one after another over the first half of the warm-up, not in one instant:
    # a start sends both seats their first legal moves with labels, the costliest message.
    begin = time.perf_counter()
    for _, sockets in opened:
        await sockets[0].send('{"type": "start"}')
        await asyncio.sleep(warmup / 2 / games)
    await asyncio.sleep(max(0.0, begin + warmup - time.perf_counter()))
    stats.recording = True
    load_before = os.getloadavg()[0]
    cpu0_server = _cpu_seconds(server_pid) if server_pid else None
    cpu0_client = time.process_time()
    t0 = time.perf_counter()
    (pings, unanswered), lags = await asyncio.gather(
        _ping_probe(probe, seconds), _lag_probe(seconds)
    )
    await asyncio.sleep(max(0.0, t0 + seconds - time.perf_counter()))
    stats.recording = False
    wall = time.perf_counter() - t0
    cpu_client = time.process_time() - cpu0_client
    cpu1_server = _cpu_seconds(server_pid) if server_pid else None
    load_after = os.getloadavg()[0]
    for client in clients:
        client.stopping = True
        if client.timer is not None:
            client.timer.cancel()
    sockets = [client.ws for client in clients] + [probe]
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.gather(*loops, return_exceptions=True)
    lat = stats.latencies_ms
    return {
        "game": GAME,
        "games": games,
        "sockets": games * SEATS,
        "think_s": think,
        "seconds": round(wall, 3),
        "warmup_s": warmup,
        "setup_s": round(setup_s, 3),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / wall, 1),
        "finished_games": stats.finished,
        "latency_ms": {
            "n": len(lat),
            "p50": _round(percentile(lat, 50)),
            "p90": _round(percentile(lat, 90)),
            "p99": _round(percentile(lat, 99)),
            "max": _round(max(lat) if lat else None),
        },
        "server_ping_ms": {**_summary(pings), "unanswered": unanswered},
        "client_loop_lag_ms": _summary(lags),
        "timeline": _timeline(stats, t0, wall),
        "errors": dict(stats.errors),
        "unmatched": stats.unmatched,
        "server_cpu_s": (
            round(cpu1_server - cpu0_server, 2)
            if cpu0_server is not None and cpu1_server is not None
            else None
        ),
        "client_cpu_s": round(cpu_client, 2),
        "loadavg_1min": [round(load_before, 2), round(load_after, 2)],
    }


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
    origin: str, games: int, seconds: float, think: float, warmup: float, seed: int, pid: int | None
) -> dict[str, Any]:
    """Run the clients on a new event loop (uvloop's when installed: uvicorn[standard] brings
    it), in a thread of its own when this thread already runs a loop (Playwright's sync API,
    an async caller)."""
    try:
        import uvloop  # noqa: PLC0415

        runner: Any = uvloop.run
    except ImportError:
        runner = asyncio.run

    def drive() -> dict[str, Any]:
        result: dict[str, Any] = runner(_drive(origin, games, seconds, think, warmup, seed, pid))
        return result

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return drive()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(drive).result()


def run(
    games: int,
    seconds: float,
    *,
    think: float = 1.0,
    warmup: float = 10.0,
    seed: int = 0,
    origin: str | None = None,
) -> dict[str, Any]:
    """Measure one load level and return its figures.

    Args:
        games: Concurrent two-seat Tacocat games (two sockets each).
        seconds: Length of the measured window (after the warm-up).
        think: Mean think time in seconds before each move (0: move at once).
        warmup: Seconds of play before measuring; the games start one after another over
            its first half.
        seed: Seed of the clients' move choices.
        origin: An already running server (``http://host:port``); None starts a fresh
            ``ludoteca serve`` on a temporary SQLite file and stops it afterwards.

    Returns:
        A JSON-ready dict: actions, actions_per_s, latency_ms {n, p50, p90, p99, max}, errors
        by code, CPU seconds of the server and of this client over the window, and the settings.
    """
    if origin is not None:
        return _run_loop(origin, games, seconds, think, warmup, seed, None)
    with tempfile.TemporaryDirectory(prefix="ludoteca-load-") as tmp:
        # One address opens every room and plays every seat: the per-address rates are off.
        server = Server(Path(tmp) / "load.sqlite3", extra_args=("--limits", "off"))
        with server:
            pid = server.proc.pid if server.proc else None
            return _run_loop(server.url, games, seconds, think, warmup, seed, pid)


def _table(rows: list[dict[str, Any]]) -> str:
    head = (
        f"{'games':>6} {'think s':>7} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'samples':>8} {'errors':>7} {'srv cpu':>8} {'cli cpu':>8} {'load':>6}"
    )
    lines = [head, "-" * len(head)]
    for row in rows:
        lat = row["latency_ms"]
        lines.append(
            f"{row['games']:>6} {row['think_s']:>7} {row['actions_per_s']:>10} "
            f"{_fmt(lat['p50'])} {_fmt(lat['p99'])} {_fmt(lat['max'])} {lat['n']:>8} "
            f"{sum(row['errors'].values()):>7} {_fmt(row['server_cpu_s'])} "
            f"{_fmt(row['client_cpu_s'])} {row['loadavg_1min'][1]:>6}"
        )
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return f"{'-' if value is None else value:>8}"


def main(argv: list[str] | None = None) -> int:
    """Command line: ramp the levels, print a table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, nargs="+", default=[1.0])
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--origin", default=None, help="a running server instead of a new one")
    parser.add_argument("--json", type=Path, default=None, help="default: bench/results/")
    args = parser.parse_args(argv)
    rows = []
    for think in args.think:
        for games in args.games:
            row = run(
                games,
                args.seconds,
                think=think,
                warmup=args.warmup,
                seed=args.seed,
                origin=args.origin,
            )
            rows.append(row)
            print(_table([row]).splitlines()[-1] if len(rows) > 1 else _table([row]), flush=True)
    now = dt.datetime.now(dt.UTC)
    out = args.json or RESULTS / f"web_load_{now:%Y-%m-%d}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "date": now.isoformat(timespec="seconds"),
        "command": "python -m bench.web_load " + " ".join(sys.argv[1:] if argv is None else argv),
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "levels": rows,
    }
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"\n{_table(rows)}\n\nwritten {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
