"""Gotcha cards: the incremental judge ``Watch`` finds exactly what ``breaches`` finds.

The referee judges every live rule for every bound seat after every event; ``Watch`` does it
in time proportional to the new events, and must agree with one ``breaches`` call over the
final log (each breach reported once, none lost, none invented).
"""

from __future__ import annotations

import random

import pytest

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Breach, Card, Event, Profile

PROFILES = (
    Profile("Ana", 31, frozenset()),
    Profile("Bruno", 25, frozenset()),
    Profile("Carla", 40, frozenset()),
    Profile("Diego", 19, frozenset()),
)
CHECKABLE = [c for c in gc.CARDS if c.kind in ("what", "individual")]
TEXTS = ("hola", "Hola!", "perdón", "¿vale?", "una carta", "oye, Ana", "salud", '"ok"')


def _random_log(rng: random.Random, size: int) -> list[Event]:
    log: list[Event] = []
    t = 0
    for _ in range(size):
        t += rng.choice((0, 100, 700, 2500, 4000))
        kind = rng.choice(("chat", "chat", "emote", "emote", "draw", "play", "turn_start", "buzz"))
        seat = rng.randrange(-1 if kind == "announce" else 0, len(PROFILES))
        if kind == "chat":
            text = rng.choice(TEXTS)
        elif kind == "emote":
            text = rng.choice(("clap", "wave", "burp", "stand_up", "peace", "air_guitar"))
        else:
            text = ""
        log.append(Event(t, seat, kind, text))
    return log


@pytest.mark.parametrize("card", CHECKABLE, ids=[c.id for c in CHECKABLE])
def test_watch_agrees_with_breaches(card: Card) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        log = _random_log(rng, 50)
        seat = rng.randrange(len(PROFILES))
        start = rng.randrange(0, 10)
        since = rng.choice((None, rng.randrange(0, start + 1)))
        watch = gc.Watch(card, seat, PROFILES, start=start, since=since)
        seen: list[Breach] = []
        for k in range(1, len(log) + 1):
            if rng.random() < 0.6:
                # now: somewhere between this event and the next one
                upper = log[k].t if k < len(log) else log[k - 1].t + 9000
                now = rng.randint(log[k - 1].t, upper)
                seen.extend(watch.update(log[:k], now))
        final_now = log[-1].t + 9000
        seen.extend(watch.update(log, final_now))
        expected = gc.breaches(card, log, seat, PROFILES, start=start, now=final_now, since=since)
        assert tuple(seen) == expected, (card.id, seed)
        assert len(set(seen)) == len(seen)


def test_watch_reports_an_unmet_reaction_once_when_its_time_comes() -> None:
    rule = gc.card("A12")  # stand up within 3 s of any buzz
    log = [Event(1000, 1, "buzz", "0")]
    watch = gc.Watch(rule, 0, PROFILES, start=0)
    assert watch.update(log, 1000) == ()
    assert watch.update(log, 3999) == ()
    assert watch.update(log, 4000) == (Breach(0, 0, 4000),)
    assert watch.update(log, 5000) == ()
    log.append(Event(5000, 0, "emote", "stand_up"))
    assert watch.update(log, 5000) == ()


def test_watch_of_a_blank_card_finds_nothing_GT09() -> None:
    """GT-09: blank cards are voted, never judged."""
    watch = gc.Watch(gc.card("B04"), 0, PROFILES, start=0)
    assert watch.update([Event(0, 0, "chat", "HOLA")], 0) == ()
