"""Gotcha cards: judging one event (``cards_check.breach_at``, issue 19) says what
``breaches`` says.

The referee judges only the new events after each step: ``breach_at`` for a rule whose
breaches are the breaker's own events, ``reaction_missed`` for a "react" rule's trigger
whose deadline has come. For every checkable card, over random logs, seats, ``start`` and
``since``, both must name exactly the indices ``breaches`` finds over the whole log (GT-06:
a buzz is judged from that record).
"""

from __future__ import annotations

import random

import pytest

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Card, Event, Profile

PROFILES = (
    Profile("Ana", 31, frozenset()),
    Profile("Bruno", 25, frozenset()),
    Profile("Carla", 40, frozenset()),
    Profile("Diego", 19, frozenset()),
)
CHECKABLE = [c for c in gc.CARDS if c.kind in ("what", "individual") and c.checkable]
TEXTS = (
    "hola",
    "Hola!",
    "perdón",
    "¿vale?",
    "una carta",
    "oye, Ana",
    "salud",
    '"ok"',
    "HOLA",
    "no",
    "one two three four five six",
)
EMOTES = ("clap", "wave", "burp", "stand_up", "sit_down", "peace", "bow", "air_guitar")


def _random_log(rng: random.Random, size: int) -> list[Event]:
    log: list[Event] = []
    t = 0
    for _ in range(size):
        t += rng.choice((0, 100, 700, 2500, 4000))
        kind = rng.choice(
            (
                "chat",
                "chat",
                "emote",
                "emote",
                "emote",
                "draw",
                "play",
                "turn_start",
                "buzz",
                "announce",
            )
        )
        # Seat 0, the one most often judged, acts most; the game announces the rules.
        seat = -1 if kind == "announce" else rng.choice((0, 0, 0, 1, 2, 3))
        text = ""
        if kind == "chat":
            text = rng.choice(TEXTS)
        elif kind == "emote":
            text = rng.choice(EMOTES)
        log.append(Event(t, seat, kind, text))
    return log


@pytest.mark.parametrize("card", CHECKABLE, ids=[c.id for c in CHECKABLE])
def test_one_event_judgement_agrees_with_the_whole_log_GT06(card: Card) -> None:
    spec = card.rule
    assert spec is not None
    react = not gc.own_events_only(card)
    found = 0
    for seed in range(30):
        rng = random.Random(seed)
        log = _random_log(rng, 50)
        seat = rng.choice((0, 0, 1, 2, 3))
        start = rng.randrange(0, 8)
        since = rng.choice((None, rng.randrange(0, start + 1)))
        now = log[-1].t + 9000  # every deadline has come
        expected = {
            b.index
            for b in gc.breaches(card, log, seat, PROFILES, start=start, now=now, since=since)
        }
        if react:
            got = {
                j
                for j in range(start, len(log))
                if gc.reaction_missed(spec, log, j, seat, len(PROFILES))
            }
        else:
            got = {
                i
                for i in range(len(log))
                if gc.breach_at(card, log, i, seat, PROFILES, start=start, since=since)
            }
        assert got == expected, (card.id, seed)
        found += len(expected)
    assert found, f"{card.id}: no breach in the random logs, so nothing was compared"


def test_breach_at_refuses_a_react_rule() -> None:
    react = next(c for c in CHECKABLE if not gc.own_events_only(c))
    log = [Event(0, 0, "buzz", "a1")]
    with pytest.raises(ValueError, match="reaction_missed"):
        gc.breach_at(react, log, 0, 0, PROFILES, start=0)
