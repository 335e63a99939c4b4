"""Issue 41's red team, measured: what each attack costs everyone else, against quiet
measured on the same server in the same run.

``python -m bench.tools.web_red_team [--only NAME ...] [--src DIR] [--legacy] [--json F]``
starts ``ludoteca serve`` (a fresh SQLite file; a throwaway PostgreSQL for ``dblock``) for
each attack, from ``127.0.0.2`` where its address matters (``ludoteca.loadbench.redteam``):

- ``bomb``: another room's ``ping`` round trips, quiet for 3 s, then for 3 s while two
  sockets send compressed 16 MiB messages (16 KB on the wire) 25 times a second each;
  p50/p99 both ways, their ratio, the close codes, the server's peak memory;
- ``idle``: a server limited to 1,024 open files (``ulimit -n``); 1,100 connections that
  send half a request's headers; how many the server holds after 1 s, how many of 20
  ``GET /healthz`` from 127.0.0.1 are answered, whether a new WebSocket is served, and
  how many slow ones are still held 3 s later;
- ``grace``: a two-person game; one person's connection drops and the other asks every
  50 ms to hand the seat to the ``random`` bot: how long until it is handed, to which bot;
- ``seats``: a victim's chat round trip (5 lines) quiet, then while three other seated
  sockets send ``bot``/``unbot`` 400 times a second each; the frames the victim got a
  second;
- ``dblock``: PostgreSQL; another room's ``ping`` round trips quiet for 2 s, then while
  ``rooms`` and ``seats`` are locked for 3 s and a lobby ``bot`` and five anonymous
  ``GET /api/rooms/<no such room>`` wait for them; max and p99 both ways;
- ``forwarded``: 130 room creations from one address with a forged ``X-Forwarded-For``
  each: how many pass (the burst is 120);
- ``utf8``: 200 sockets (from 20 addresses) each sending a text frame that is not UTF-8:
  the close codes and the tracebacks in the server's log.

``--src DIR`` runs the server from another source tree (``PYTHONPATH``: e.g. an export of
an older commit, for the figures before a fix); ``--legacy`` leaves out the flags such a
server does not know (``--header-seconds``, ``--seat-grace``). Printed: one line per
attack; ``--json`` writes every figure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludoteca.loadbench import redteam
from ludoteca.loadbench.process import Postgres, Server, tree_usage

Figures = dict[str, Any]


class Run:
    """Where servers of this run keep their files, and how they are started."""

    def __init__(self, root: Path, src: str | None, legacy: bool) -> None:
        self.root = root
        self.env = {"PYTHONPATH": src} if src else {}
        self.legacy = legacy
        self.count = 0

    def server(self, *args: str, db: str | None = None, nofile: int | None = None) -> Server:
        """A ``ludoteca serve`` of this run (not started)."""
        self.count += 1
        path = self.root / f"s{self.count}.sqlite3"
        new = () if self.legacy else args
        return Server(
            db or path,
            log=path.with_suffix(".log"),
            env=self.env,
            extra_args=tuple(new),
            nofile=nofile,
        )


def cpu(server: Server) -> float:
    """The server's processor seconds so far (its whole process tree)."""
    assert server.proc is not None
    return tree_usage(server.proc.pid).cpu_s


def ratio(attacked: float, quiet: float) -> float:
    """``attacked / quiet`` (rounded; quiet of 0 counts as 0.01 ms)."""
    return round(attacked / max(quiet, 0.01), 2)


def peak_rss(pid: int, stop: threading.Event, out: list[int]) -> None:
    """The largest resident memory of ``pid``'s tree until ``stop`` (MB, appended)."""
    peak = 0
    while not stop.wait(0.1):
        peak = max(peak, tree_usage(pid).rss_bytes)
    out.append(peak // (1 << 20))


def bombing(port: int, room: str, seconds: float, ready: Any, out: Any) -> None:
    """The bomb attacker (its own process, so the measuring client shares no interpreter
    lock with it): two bombers at 25 a second for ``seconds``, once their frames are made
    (``ready``: the measured window starts then); ``(sent, close codes)``.
    """
    bombers = [redteam.Bomber("127.0.0.1", port, room, 25) for _ in range(2)]
    ready.set()
    for bomber in bombers:
        bomber.start()
    time.sleep(seconds)
    closes: dict[str, int] = {}
    for bomber in bombers:
        bomber.stop()
        for code, count in bomber.closes.items():
            closes[str(code)] = closes.get(str(code), 0) + count
    out.put((sum(b.sent for b in bombers), closes))


def seat_flooding(ws_url: str, room: str, seconds: float, ready: Any, out: Any) -> None:
    """The seat-change attacker (its own process): three sockets sit at seats 1-3 of
    ``room`` and each sends ``bot``/``unbot`` of seats 4 and 5, 400 a second (past what the
    server reads of one socket, 100 frames a second), for ``seconds``; how many were sent.
    """
    attackers = [redteam.Socket(ws_url, room) for _ in range(3)]
    for number, attacker in enumerate(attackers, 1):
        attacker.hello()
        attacker.sit(number, f"Max{number}")
    ready.set()
    sent = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for attacker in attackers:
            for seat in (4, 5):
                for _ in range(5):
                    attacker.send("bot", seat=seat)
                    attacker.send("unbot", seat=seat)
            sent += 20
            attacker.drain(0.0)
        time.sleep(0.05)
    for attacker in attackers:
        attacker.close()
    out.put(sent)


CONTEXT = multiprocessing.get_context("spawn")


def bomb(run: Run) -> Figures:
    """Compression bombs against another room's pings."""
    with run.server() as server:
        other = redteam.Socket(server.ws_url, redteam.create_room(server.url))
        other.hello()
        pinger = redteam.Pinger(other).start()
        cpu_start = cpu(server)
        time.sleep(3)
        quiet = pinger.take()
        cpu_quiet = cpu(server) - cpu_start
        assert server.proc is not None
        stop, rss = threading.Event(), []  # type: ignore[var-annotated]
        sampler = threading.Thread(target=peak_rss, args=(server.proc.pid, stop, rss))
        sampler.start()
        room = redteam.create_room(server.url)
        ready, out = CONTEXT.Event(), CONTEXT.Queue()
        attacker = CONTEXT.Process(target=bombing, args=(server.port, room, 3.0, ready, out))
        attacker.start()
        ready.wait(120)
        pinger.take()  # the attacker's start-up is not the attack
        cpu_start = cpu(server)
        sent, closes = out.get(timeout=120)
        attacker.join(30)
        cpu_attacked = cpu(server) - cpu_start
        attacked = pinger.take()
        time.sleep(0.5)
        attacked += pinger.take()
        stop.set()
        sampler.join()
        pinger.stop()
        q, a = redteam.summary(quiet), redteam.summary(attacked)
        return {
            "quiet_ms": q,
            "attacked_ms": a,
            "p50_ratio": ratio(a["p50"], q["p50"]),
            "p99_ratio": ratio(a["p99"], q["p99"]),
            "bombs_sent": sent,
            "server_cpu_s_quiet_3s": round(cpu_quiet, 2),
            "server_cpu_s_attacked_3s": round(cpu_attacked, 2),
            "close_codes": closes,
            "peak_rss_mb": rss[0] if rss else 0,
        }


def idle(run: Run) -> Figures:
    """1,100 half-sent requests against a server allowed 1,024 files."""
    with run.server("--header-seconds", "2", nofile=1024) as server:
        held = redteam.slow_connections("127.0.0.1", server.port, 1100)
        try:
            time.sleep(1)
            holding = redteam.still_open(held)
            start = time.perf_counter()
            answered = redteam.served(server.url, 20)
            served_s = round(time.perf_counter() - start, 2)
            try:
                room = redteam.create_room(server.url)
                visitor = redteam.Socket(server.ws_url, room)
                socket_ok = visitor.hello()["room_id"] == room
                visitor.close()
            except Exception:
                socket_ok = False
            time.sleep(3)
            later = redteam.still_open(held)
        finally:
            for sock in held:
                sock.close()
        return {
            "slow_connections": len(held),
            "held_after_1s": holding,
            "others_served_of_20": answered,
            "others_served_in_s": served_s,
            "new_socket_served": socket_ok,
            "held_after_4s": later,
            "tracebacks": server.tail(10**7).count("Traceback"),
        }


def grace(run: Run) -> Figures:
    """How soon a dropped person's seat can be handed to a bot, and to which."""
    with run.server("--seat-grace", "3") as server:
        room = redteam.create_room(server.url)
        alice, bob = redteam.Socket(server.ws_url, room), redteam.Socket(server.ws_url, room)
        alice.hello()
        bob.hello()
        alice.sit(0, "Alice")
        bob.sit(1, "Bob")
        alice.send("start")
        alice.wait("state")
        bob.close()
        dropped = time.perf_counter()
        handed, agent = None, None
        while time.perf_counter() - dropped < 10:
            alice.send("bot", seat=1, agent="random")
            try:
                got = alice.wait(
                    "room", lambda m: m["room"]["seats"][1]["kind"] == "bot", timeout=0.05
                )
            except TimeoutError:
                continue
            handed = round(time.perf_counter() - dropped, 2)
            agent = got["room"]["seats"][1]["agent"]
            break
        refused = sum(1 for m in alice.seen if m.get("code") == "seat_grace")
        return {"handed_after_s": handed, "agent": agent, "refusals_seen": refused}


def seats(run: Run) -> Figures:
    """A seat-change flood against a victim's chat in the same room."""
    with run.server() as server:
        room = redteam.create_room(server.url, "dweebies", 6)
        victim = redteam.Socket(server.ws_url, room)
        victim.hello()
        victim.sit(0, "Vera")
        quiet = redteam.chat_rtts(victim, 5)
        ready, out = CONTEXT.Event(), CONTEXT.Queue()
        args = (server.ws_url, room, 6.0, ready, out)
        attacker = CONTEXT.Process(target=seat_flooding, args=args)
        attacker.start()
        ready.wait(60)
        time.sleep(0.5)
        before = len(victim.seen)
        start, cpu_start = time.perf_counter(), cpu(server)
        try:
            attacked = redteam.chat_rtts(victim, 5)
        except TimeoutError:
            attacked = [60000.0]
        took = time.perf_counter() - start
        frames_per_s = round((len(victim.seen) - before) / took, 1)
        cpu_share = round((cpu(server) - cpu_start) / took, 2)
        sent = out.get(timeout=120)
        attacker.join(30)
        q, a = redteam.summary(quiet), redteam.summary(attacked)
        return {
            "quiet_chat_ms": q,
            "attacked_chat_ms": a,
            "p50_ratio": ratio(a["p50"], q["p50"]),
            "max_ratio": ratio(a["max"], q["max"]),
            "seat_changes_sent": sent,
            "victim_frames_per_s": frames_per_s,
            "server_cpu_share_attacked": cpu_share,
        }


def dblock(run: Run) -> Figures:
    """A locked PostgreSQL table against another room's pings."""
    import psycopg  # noqa: PLC0415

    with Postgres() as pg, run.server(db=pg.url) as server:
        room = redteam.create_room(server.url, "dweebies", 3)
        alice = redteam.Socket(server.ws_url, room)
        alice.hello()
        alice.sit(0, "Alice")
        other = redteam.Socket(server.ws_url, redteam.create_room(server.url))
        other.hello()
        pinger = redteam.Pinger(other).start()
        time.sleep(2)
        quiet = pinger.take()
        locker = psycopg.connect(pg.url)
        locker.execute("LOCK TABLE rooms, seats IN ACCESS EXCLUSIVE MODE")
        alice.send("bot", seat=1)
        lookups = [
            threading.Thread(
                target=redteam.http, args=(server.url, "GET", f"/api/rooms/nosuch{n}"), daemon=True
            )
            for n in range(5)
        ]
        for lookup in lookups:
            lookup.start()
        time.sleep(3)
        locker.rollback()
        locker.close()
        time.sleep(0.5)
        attacked = pinger.take()
        pinger.stop()
        q, a = redteam.summary(quiet), redteam.summary(attacked)
        return {
            "quiet_ms": q,
            "locked_ms": a,
            "p99_ratio": ratio(a["p99"], q["p99"]),
            "max_ratio": ratio(a["max"], q["max"]),
        }


def forwarded(run: Run) -> Figures:
    """Room creations from one address with forged X-Forwarded-For headers."""
    with run.server() as server:
        body = {"game": "tacocat", "players": 2}
        passed = 0
        for n in range(130):
            forged = {"X-Forwarded-For": f"10.{n // 250}.{n % 250}.1"}
            status, _ = redteam.http(server.url, "POST", "/api/rooms", body, forged)
            passed += status == 201
        return {"created_of_130": passed}


def utf8(run: Run) -> Figures:
    """Text frames that are not UTF-8."""
    with run.server() as server:
        room = redteam.create_room(server.url)
        codes: dict[str, int] = {}
        for number in range(200):  # from 20 addresses (each has 10 strikes before refusal)
            source = f"127.0.0.{2 + number % 20}"
            try:
                code = str(redteam.bad_utf8_frame("127.0.0.1", server.port, room, source))
            except OSError:
                code = "refused"
            codes[code] = codes.get(code, 0) + 1
        time.sleep(0.5)
        return {"close_codes": codes, "tracebacks": server.tail(10**7).count("Traceback")}


ATTACKS: dict[str, Callable[[Run], Figures]] = {
    "bomb": bomb,
    "idle": idle,
    "grace": grace,
    "seats": seats,
    "dblock": dblock,
    "forwarded": forwarded,
    "utf8": utf8,
}


def main() -> None:
    """Run the attacks asked for and print (and write) their figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(ATTACKS), default=list(ATTACKS))
    parser.add_argument("--src", help="run the server from this source tree (PYTHONPATH)")
    parser.add_argument("--legacy", action="store_true", help="no flags an old server lacks")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "src": args.src or "this tree",
        "load": os.getloadavg()[0],
    }
    with tempfile.TemporaryDirectory(prefix="ludoteca-redteam-") as root:
        run = Run(Path(root), args.src, args.legacy)
        for name in args.only:
            try:
                results[name] = ATTACKS[name](run)
            except Exception as error:  # an attack a server did not survive is a figure too
                results[name] = {"failed": f"{type(error).__name__}: {error}"[:300]}
            print(name, json.dumps(results[name]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
