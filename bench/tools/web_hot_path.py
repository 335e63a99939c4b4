"""The web table's own work per move, without sockets: CPU time per accepted action, room
creation, and the garbage collector, old source tree against new, interleaved.

``ludoteca bench web`` measures the whole server over real sockets, which on a shared
machine mostly measures the machine. This bench drives the room API in one process instead
(``Rooms`` over a temporary SQLite file; two clients per room whose frames are serialised and
dropped; every move a random legal move sent as ``act``) and counts processor time, which
other processes do not inflate:

- ``create_us``: CPU per room created (``Rooms.create``, stored);
- ``action_us``: CPU per accepted action (checking, applying, storing, building and
  serialising every socket's ``state``), writer thread included;
- ``gen2``: full collections during the actions, their total and longest pause (ms of the
  thread's CPU time, so other processes do not lengthen them), and the objects the
  collector tracks at the end.

Usage::

    .venv/bin/python -m bench.tools.web_hot_path --rooms 1000 --actions 20000 --rounds 3 \\
        --compare-src /tmp/base     # a checkout of the old revision (its src/ is used)

``--server-collector`` runs the garbage collector as ``ludoteca serve`` does
(``server.collector.Freezer``: young collections every 0.1 s, no automatic ones) instead of
CPython's own schedule (with collection off altogether, ``action_us`` at 1,000 rooms was
23-28% lower than on CPython's schedule: two pairs, 2026-12-04).

Each round runs the old tree then this one, each in a fresh process (``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


async def measure(
    rooms_count: int, actions: int, seed: int, server_collector: bool = False
) -> dict[str, Any]:
    """Create the rooms, start every game, play ``actions`` moves round robin (with
    ``server_collector``, the garbage collector on ``ludoteca serve``'s schedule,
    ``server.collector.Freezer``, instead of CPython's own)."""
    from ludoteca.web.room.hall import Rooms  # noqa: PLC0415
    from ludoteca.web.room.settings import Settings  # noqa: PLC0415
    from ludoteca.web.store import open_store  # noqa: PLC0415
    from ludoteca.web.wire import protocol as p  # noqa: PLC0415 (the tree under test)
    from ludoteca.web.wire.client import Client  # noqa: PLC0415

    pauses: list[float] = []
    started = [0.0]

    def watch(phase: str, info: dict[str, Any]) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started[0] = time.thread_time()
            else:
                pauses.append((time.thread_time() - started[0]) * 1000)

    rng = random.Random(seed)
    sent = [0]

    def sink(text: str) -> None:
        sent[0] += len(text)

    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(str(Path(tmp) / "hot.sqlite3"))
        rooms = Rooms(store, Settings(bot_delay=0, clock_scale=0))
        cpu = time.process_time()
        made = [rooms.create("tacocat", 2, {}, 0) for _ in range(rooms_count)]
        create_us = (time.process_time() - cpu) / rooms_count * 1e6
        tables = []
        for number, room in enumerate(made):
            clients = [Client(sink), Client(sink)]
            for seat, client in enumerate(clients):
                await room.handle(client, p.Hello(None, "en"))
                # Each room's own names, as at real tables (nothing named is shared).
                await room.handle(client, p.Sit(seat, f"p{seat}-{number}", None, ()))
            await room.handle(clients[0], p.Start())
            tables.append((room, clients))
        gc.collect()
        gc.callbacks.append(watch)
        freezer = None
        if server_collector:
            from ludoteca.web.server.collector import Freezer  # noqa: PLC0415

            freezer = Freezer(asyncio.get_running_loop())
            freezer.start()
        cpu = time.process_time()
        done = 0

        async def move(room: Any, clients: list[Any]) -> int:
            live = room.live
            if room.status == "finished":
                await room.handle(clients[0], p.Rematch())
                return 0
            actors = live.actors()
            if not actors:
                return 0
            seat = actors[rng.randrange(len(actors))]
            moves = room.game.legal_actions(live.state, seat)
            text = str(moves[rng.randrange(len(moves))])
            await room.handle(clients[seat], p.Act(text, live.version, None))
            return 1

        while done < actions:  # every room moves at once, as under load
            done += sum(await asyncio.gather(*(move(room, c) for room, c in tables)))
        action_us = (time.process_time() - cpu) / done * 1e6
        if freezer is not None:
            freezer.stop()
        gc.callbacks.remove(watch)
        tracked = len(gc.get_objects())
        rooms.close()
        store.close()
    return {
        "rooms": rooms_count,
        "actions": done,
        "server_collector": server_collector,
        "create_us": round(create_us, 1),
        "action_us": round(action_us, 1),
        "gen2": {
            "count": len(pauses),
            "total_ms": round(sum(pauses), 1),
            "max_ms": round(max(pauses), 1) if pauses else 0.0,
        },
        "tracked_objects": tracked,
        "bytes_sent": sent[0],
    }


def child(
    src: Path | None, rooms: int, actions: int, seed: int, server_collector: bool
) -> dict[str, Any]:
    """One measurement in a fresh process, on ``src`` (another tree's ``src/``) or this one."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src / "src")
    args = [sys.executable, str(HERE), "--child", "--rooms", str(rooms)]
    args += ["--actions", str(actions), "--seed", str(seed)]
    args += ["--server-collector"] if server_collector else []
    out = subprocess.run(args, check=True, capture_output=True, text=True, env=env, timeout=3600)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Interleave rounds of old and new; print each and the ratios of the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare-src", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--server-collector",
        action="store_true",
        help="collect garbage on the server's schedule (server.collector), as ludoteca serve does",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        result = measure(args.rooms, args.actions, args.seed, args.server_collector)
        print(json.dumps(asyncio.run(result)))
        return
    sides: list[tuple[str, Path | None]] = [("new", None)]
    if args.compare_src is not None:
        sides.insert(0, ("old", args.compare_src))
    rows: list[dict[str, Any]] = []
    for round_no in range(args.rounds):
        for name, src in sides:
            measured = child(src, args.rooms, args.actions, 7, args.server_collector)
            row = {"side": name, "round": round_no, **measured}
            rows.append(row)
            print(json.dumps(row), flush=True)
    summary = {}
    for name, _ in sides:
        mine = [r for r in rows if r["side"] == name]
        summary[name] = {
            key: sorted(r[key] for r in mine)[len(mine) // 2] for key in ("create_us", "action_us")
        } | {
            "gen2_max_ms": sorted(r["gen2"]["max_ms"] for r in mine)[len(mine) // 2],
            "tracked_objects": sorted(r["tracked_objects"] for r in mine)[len(mine) // 2],
        }
    print(json.dumps(summary, indent=2))
    if args.json is not None:
        report = {"command": " ".join(sys.argv), "loadavg": os.getloadavg(), "rows": rows}
        args.json.write_text(json.dumps({**report, "summary": summary}, indent=2) + "\n")


if __name__ == "__main__":
    main()
