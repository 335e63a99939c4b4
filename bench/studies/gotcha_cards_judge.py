"""Measure the Gotcha cards judge: ``breaches`` over a whole log, and ``Watch`` fed event by
event, for every checkable card and every seat.

Run: ``.venv/bin/python -m bench.studies.gotcha_cards_judge --events 2000 --seats 6``

The log is random but seeded (chats with distinct texts, emotes, draws, plays, turn starts,
buzzes). Reported: microseconds per ``breaches`` call and nanoseconds per judged event (best
of ``--repeat`` runs), and the cost per event of keeping one ``Watch`` per card and seat up
to date, as a referee judging after every event would.
"""

from __future__ import annotations

import argparse
import random
import time

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Event, Profile

NAMES = ("Ana", "Bruno", "Carla", "Diego", "Eva", "Fede", "Gala", "Hugo")
TEXTS = ("Hola a todos", "¿Qué tal, Ana?", "buena carta", "vale vale", "Perdón", "una locura")
KINDS = ("chat", "chat", "emote", "emote", "draw", "play", "turn_start", "buzz")


def random_log(events: int, seats: int, seed: int) -> list[Event]:
    rng = random.Random(seed)
    log: list[Event] = []
    t = 0
    for i in range(events):
        t += rng.randint(50, 800)
        kind = rng.choice(KINDS)
        if kind == "chat":
            text = f"{rng.choice(TEXTS)} {i}"
        elif kind == "emote":
            text = rng.choice(gc.EMOTES)
        else:
            text = ""
        log.append(Event(t, rng.randrange(seats), kind, text))
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    profiles = tuple(Profile(NAMES[k], 20 + k, frozenset()) for k in range(args.seats))
    log = random_log(args.events, args.seats, args.seed)
    rules = [c for c in gc.CARDS if c.checkable and c.kind in ("what", "individual")]
    calls = len(rules) * args.seats
    best = float("inf")
    found = 0
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        found = 0
        for rule in rules:
            for seat in range(args.seats):
                found += len(gc.breaches(rule, log, seat, profiles, start=0, now=log[-1].t))
        best = min(best, time.perf_counter() - t0)
    per_call = best / calls
    print(
        f"breaches: {calls} calls over {args.events} events: {per_call * 1e6:.0f} us/call, "
        f"{per_call / args.events * 1e9:.0f} ns/event ({found} breaches)"
    )
    t0 = time.perf_counter()
    watches = [
        (gc.Watch(rule, seat, profiles, start=0), rule, seat)
        for rule in rules
        for seat in range(args.seats)
    ]
    incremental = 0
    growing: list[Event] = []
    for event in log:
        growing.append(event)
        for watch, _, _ in watches:
            incremental += len(watch.update(growing, event.t))
    elapsed = time.perf_counter() - t0
    print(
        f"Watch: {len(watches)} watches fed {args.events} events one by one: "
        f"{elapsed / (len(watches) * args.events) * 1e9:.0f} ns per watch per event "
        f"({incremental} breaches)"
    )


if __name__ == "__main__":
    main()
