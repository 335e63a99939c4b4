"""Does the earlier press win a realtime race, whatever each phone's latency (issue 39)?

``python -m bench.tools.buzz_fair [--trials 200] [--equal 60] [--links 10/2 80/10 200/25]
[--json F]`` starts ``ludoteca serve`` (real clock) on a fresh SQLite file and a three-seat
Gotcha room. Each seat is a real WebSocket client behind its own delaying TCP proxy
(``ludoteca.loadbench.proxy``: one-way ``DELAY/JITTER`` ms each way, uniform jitter, order
kept) and a page clock of its own (the monotonic clock shifted by a random skew of 17
minutes to 3 hours), pinging as the page does (five samples back to back, then one every
2 s, each reporting the last pong). A spectator socket without a proxy watches the room's events.

A trial makes two seats press (a chat line) at known true times ``gap`` ms apart, the
earlier seat drawn at random, and reads from the spectator which was played first. Trials
alternate between the two ways of judging: ``arrival`` (the act carries no ``at``: the
server's order before issue 39) and ``stamped`` (the act carries the page's press time).
Gaps are drawn per bucket (0-10, 10-25, 25-50, 50-100, 100-200 ms) and each trial is counted
in the bucket of the gap that really separated the two sends. ``--equal`` trials press both
seats of a pair at one press time (the same ``at``; sent one after the other): each seat's
share of those it took part in says whether its latency advantages it (50% is fair).
Every 10 trials the turn player draws and plays (GT-15 caps the chat lines per seat per
turn). Printed (and ``--json``): correct orderings by bucket and mode with Wilson 95%
intervals, equal-time shares by seat and mode, each seat's clock offset error at the end
(the server's estimate against its clock read over a loopback socket), the server's and
this process's CPU seconds and the 1-minute load before and after. ``--server-log F``
keeps the server's log at info level: a line per judged press (how long before its arrival
it was placed, ± its error bound, clamped or not); ``--server-src DIR`` runs the server
from another tree's ``src`` (an export of an older commit) against this bench.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import resource
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from ludoteca.lab.stats import wilson_interval
from ludoteca.loadbench.process import Server, tree_usage
from ludoteca.loadbench.proxy import DelayProxy, Link
from ludoteca.web.wire.clocksync import ClockSync

BUCKETS = ((0, 10), (10, 25), (25, 50), (50, 100), (100, 200))
SYNC_BURST, SYNC_S = 5, 2.0
MODES = ("arrival", "stamped")
TURN_EVERY = 10

Message = dict[str, Any]


class Seat:
    """One player's page: its socket, its clock, its pings."""

    def __init__(self, ws: ClientConnection, seat: int, skew: float) -> None:
        self.ws = ws
        self.seat = seat
        self.skew = skew
        self.state: Message | None = None
        self.changed = asyncio.Event()
        self.report: dict[str, float] = {}
        self.burst = SYNC_BURST
        self.errors: list[Message] = []
        self.samples: list[tuple[float, float, float]] = []

    def now(self) -> float:
        """The page's clock (``performance.now()``), ms."""
        return time.monotonic() * 1000 + self.skew

    async def ping(self) -> None:
        await self.ws.send(json.dumps({"type": "ping", "t": self.now(), **self.report}))
        self.report = {}

    async def read(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "pong" and "s" in message:
                r = self.now()
                self.samples.append((message["t"], message["s"], r))
                self.report = {"s": message["s"], "r": r}
                if self.burst > 1:
                    self.burst -= 1
                    await self.ping()
            elif kind == "state":
                self.state = message
                self.changed.set()
            elif kind == "error":
                self.errors.append(message)

    async def keep_clock(self) -> None:
        while True:
            await asyncio.sleep(SYNC_S)
            await self.ping()

    async def until(self, test: Callable[[Message], bool], timeout: float = 10) -> Message:
        deadline = time.monotonic() + timeout
        while self.state is None or not test(self.state):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.monotonic()))
        return self.state

    async def act(self, text: str, stamped: bool, true: float | None = None) -> float:
        """Press ``text`` now (or say it was pressed at ``true``, monotonic ms); the true
        press time."""
        assert self.state is not None
        message: Message = {"type": "act", "action": text, "version": self.state["version"]}
        true = time.monotonic() * 1000 if true is None else true
        if stamped:
            message["at"] = true + self.skew
        await self.ws.send(json.dumps(message))
        return true


def best_offset(samples: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The server's estimate from the last 16 samples ``(t, s, r)`` (``ClockSync``): the
    offset (server minus page) and its error bound."""
    sync = ClockSync()
    for t, s, r in samples[-16:]:
        sync.report(sync.pong(t, s), r)
    found = sync.estimate()
    assert found is not None
    return found


class Witness:
    """A spectator on a direct socket: the order chat lines were played in, and the
    server's clock against this process's (its pings, unskewed, over loopback)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.order: dict[str, int] = {}
        self.turn = 0
        self.seen = asyncio.Event()
        self.samples: list[tuple[float, float, float]] = []

    async def sample_clock(self, rounds: int = 16) -> None:
        for _ in range(rounds):
            await self.ws.send(json.dumps({"type": "ping", "t": time.monotonic() * 1000}))
            await asyncio.sleep(0.05)

    async def read(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "pong" and "s" in message:
                self.samples.append((message["t"], message["s"], time.monotonic() * 1000))
            if message["type"] != "state":
                continue
            self.turn = message["view"]["current"]
            for event in message["events"]:
                line = event["data"].get("text")
                if event["kind"] == "chat" and line not in self.order:
                    self.order[line] = len(self.order)
            self.seen.set()

    async def first(self, a: str, b: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while a not in self.order or b not in self.order:
            self.seen.clear()
            await asyncio.wait_for(self.seen.wait(), max(0.01, deadline - time.monotonic()))
        return a if self.order[a] < self.order[b] else b


def create_room(origin: str) -> str:
    body = {"game": "gotcha", "players": 3, "options": {"events_per_turn": 16}}
    request = urllib.request.Request(
        origin + "/api/rooms", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=20) as answer:
        room: str = json.loads(answer.read())["room"]
    return room


async def pass_turn(seats: list[Seat], turn: int) -> None:
    """The turn player draws, then plays the first play listed."""
    seat = seats[turn]
    await seat.act("draw", stamped=True)
    try:
        state = await seat.until(lambda s: any(m["text"].startswith("play") for m in s["legal"]))
    except TimeoutError:
        raise RuntimeError(f"seat {turn} could not play: {seat.errors[-3:]}") from None
    move = next(m["text"] for m in state["legal"] if m["text"].startswith("play"))
    await seat.act(move, stamped=True)
    await seat.until(lambda s: s["view"]["current"] != turn)


async def race(
    seats: list[Seat], witness: Witness, pair: tuple[int, int], gap_ms: float, stamped: bool
) -> tuple[float, int, int]:
    """``pair[0]`` presses, ``pair[1]`` ``gap_ms`` later: the true gap and the seat played
    first and the seat that pressed first."""
    tag = f"{time.monotonic_ns() % 10**12}"
    first, second = seats[pair[0]], seats[pair[1]]
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.02
    await asyncio.sleep(max(0.0, start - loop.time()))
    if gap_ms == 0:  # one press time for both (sent one after the other)
        both = time.monotonic() * 1000
        t1 = await first.act(f"chat a{tag}", stamped, both)
        t2 = await second.act(f"chat b{tag}", stamped, both)
    else:
        t1 = await first.act(f"chat a{tag}", stamped)
        await asyncio.sleep(max(0.0, start + gap_ms / 1000 - loop.time()))
        t2 = await second.act(f"chat b{tag}", stamped)
    won = await witness.first(f"a{tag}", f"b{tag}")
    winner = pair[0] if won == f"a{tag}" else pair[1]
    earlier = pair[0] if t1 <= t2 else pair[1]
    return abs(t2 - t1), winner, earlier


BUCKET_NAMES = [f"{low}-{high}" for low, high in BUCKETS[:-1]] + [f"{BUCKETS[-1][0]}+"]


def bucket_of(gap: float) -> str:
    for (_low, high), name in zip(BUCKETS[:-1], BUCKET_NAMES, strict=False):
        if gap < high:
            return name
    return BUCKET_NAMES[-1]


async def bench(
    origin: str, ws_origin: str, links: list[Link], args: argparse.Namespace
) -> Message:
    rng = random.Random(args.seed)
    room = create_room(origin)
    host, port = origin.removeprefix("http://").split(":")
    proxies = [
        DelayProxy((host, int(port)), link, seed=args.seed + i) for i, link in enumerate(links)
    ]
    seats: list[Seat] = []
    tasks: list[asyncio.Task[None]] = []
    for number, proxy in enumerate(proxies):
        await proxy.start()
        ws = await connect(f"ws://127.0.0.1:{proxy.port}/ws/{room}", max_size=None)
        seat = Seat(ws, number, skew=rng.uniform(1e6, 1e7))
        seats.append(seat)
        tasks.append(asyncio.create_task(seat.read()))
        await ws.send(json.dumps({"type": "hello", "lang": "en"}))
        await ws.send(json.dumps({"type": "sit", "seat": number, "name": f"P{number}"}))
    spectator = await connect(f"{ws_origin}/ws/{room}", max_size=None)
    witness = Witness(spectator)
    tasks.append(asyncio.create_task(witness.read()))
    await spectator.send(json.dumps({"type": "hello", "lang": "en"}))
    await asyncio.sleep(1.5)
    await seats[0].ws.send(json.dumps({"type": "start"}))
    for seat in seats:
        await seat.until(lambda s: bool(s["view"]) and s["view"].get("turn") is not None)
        await seat.ping()
        tasks.append(asyncio.create_task(seat.keep_clock()))
    await asyncio.sleep(3.0)  # the bursts and a sample of the slow loop

    pairs = [(a, b) for a in range(len(seats)) for b in range(len(seats)) if a != b]
    gapped: dict[str, dict[str, list[int]]] = {m: {} for m in MODES}
    equal: dict[str, dict[int, list[int]]] = {m: {s.seat: [0, 0] for s in seats} for m in MODES}
    plan: list[tuple[str, float, tuple[int, int]]] = []
    for n in range(args.trials):
        low, high = BUCKETS[n % len(BUCKETS)]
        plan.append(("gap", rng.uniform(low, high), rng.choice(pairs)))
    plan += [("equal", 0.0, pairs[n % len(pairs)]) for n in range(args.equal)]
    rng.shuffle(plan)
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    count = 0
    for kind, gap, pair in plan:
        for mode in MODES:
            if count and count % TURN_EVERY == 0:
                await pass_turn(seats, witness.turn)
            count += 1
            true_gap, winner, earlier = await race(seats, witness, pair, gap, mode == "stamped")
            if kind == "equal":
                for number in pair:
                    equal[mode][number][1] += 1
                equal[mode][winner][0] += 1
            else:
                cell = gapped[mode].setdefault(bucket_of(true_gap), [0, 0])
                cell[0] += winner == earlier
                cell[1] += 1
            await asyncio.sleep(0.3)
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    await witness.sample_clock()
    server_minus_here, witness_error = best_offset(witness.samples)
    offsets = {}
    for seat in seats:
        estimate, bound = best_offset(seat.samples)
        offsets[f"seat {seat.seat} ({links[seat.seat].delay_ms:g} ms)"] = {
            "error_ms": round(estimate - (server_minus_here - seat.skew), 2),
            "bound_ms": round(bound, 1),
        }
    for task in tasks:
        task.cancel()
    for proxy in proxies:
        await proxy.stop()
    return {
        "correct": {
            mode: {name: share(*cells[name]) for name in BUCKET_NAMES if name in cells}
            for mode, cells in gapped.items()
        },
        "equal_time_share": {
            mode: {
                f"seat {s} ({links[s].delay_ms:g} ms)": share(*cell) for s, cell in cells.items()
            }
            for mode, cells in equal.items()
        },
        "offset_error": offsets,
        "offset_error_note": "estimate minus truth at the end (truth from a loopback socket"
        f" within ±{witness_error:.2f} ms); negative: the seat's presses placed early",
        "errors": [seat.errors[:3] for seat in seats],
        "bench_cpu_s": round(
            cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime, 2
        ),
    }


def share(won: int, total: int) -> dict[str, float | int]:
    if total == 0:
        return {"won": 0, "trials": 0}
    low, high = wilson_interval(won, total)
    return {
        "won": won,
        "trials": total,
        "share": round(won / total, 3),
        "low": round(low, 3),
        "high": round(high, 3),
    }


def parse_link(text: str) -> Link:
    delay, _, jitter = text.partition("/")
    return Link(float(delay), float(jitter or 0))


def main() -> None:
    """Run the races and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200, help="gapped races per mode")
    parser.add_argument("--equal", type=int, default=60, help="equal-time races per mode")
    parser.add_argument("--links", nargs=3, default=["10/2", "80/10", "200/25"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--server-log", type=Path, help="keep the server's log (info level)")
    parser.add_argument("--server-src", type=Path, help="run the server from this src tree")
    args = parser.parse_args()
    links = [parse_link(text) for text in args.links]
    load_before = os.getloadavg()[0]
    started = dt.datetime.now(dt.UTC)
    with tempfile.TemporaryDirectory(prefix="ludoteca-buzz-") as tmp:
        log = args.server_log
        extra = ("--log-level", "info") if log is not None else ()
        env = {"PYTHONPATH": str(args.server_src)} if args.server_src is not None else None
        server = Server(Path(tmp) / "buzz.sqlite3", log=log, extra_args=extra, env=env)
        with server:
            assert server.proc is not None
            cpu = tree_usage(server.proc.pid).cpu_s
            report = asyncio.run(bench(server.url, server.ws_url, links, args))
            report["server_cpu_s"] = round(tree_usage(server.proc.pid).cpu_s - cpu, 2)
    report["links"] = args.links
    report["date"] = started.isoformat(timespec="seconds")
    report["seconds"] = round((dt.datetime.now(dt.UTC) - started).total_seconds(), 1)
    report["load_1min"] = [load_before, os.getloadavg()[0]]
    report["command"] = "python -m bench.tools.buzz_fair " + " ".join(
        f"--{k.replace('_', '-')} {' '.join(v) if isinstance(v, list) else v}"
        for k, v in vars(args).items()
        if v is not None
    )
    text = json.dumps(report, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
