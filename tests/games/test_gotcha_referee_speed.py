"""Gotcha's referee shortcuts (issue 19) change no judgement.

``referee.record_breaches`` skips work that cannot find a new breach: a rule whose breaches
are events of one kind (``cards.breach_kind``) when no new event is of that kind, a seat
none of whose new events is, and a "react" rule with no trigger whose deadline came since
the previous clock. Here it is checked against the referee without them (written out
below as it was before issue 19) after every event of seeded random games, and
``breach_kind`` against the judge itself.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from typing import Any

import pytest

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha import cards, referee
from ludoteca.games.gotcha.actions import AREAS
from ludoteca.games.gotcha.cards import Event, Profile
from ludoteca.games.gotcha.state import Record, State, bound_seats, live_slots, rule_card

PROFILES = tuple(Profile(name, 30, frozenset()) for name in ("Ana", "Bruno", "Carla", "Diego"))
CHECKABLE = [c for c in cards.CARDS if c.kind in ("what", "individual") and c.checkable]


def _random_log(rng: random.Random, size: int) -> list[Event]:
    log: list[Event] = []
    t = 0
    for _ in range(size):
        t += rng.choice((0, 100, 700, 2500, 4000))
        kind = rng.choice(
            ("chat", "chat", "emote", "emote", "draw", "play", "turn_start", "buzz", "announce")
        )
        text = ""
        if kind == "chat":
            text = rng.choice(
                (
                    "hola",
                    "Hola!",
                    "¿vale?",
                    "oye, Ana",
                    '"ok"',
                    "no",
                    "a card",
                    "one two three four five six",
                )
            )
        elif kind == "emote":
            text = rng.choice(("clap", "wave", "burp", "stand_up", "peace", "air_guitar"))
        seat = -1 if kind == "announce" else rng.randrange(len(PROFILES))
        log.append(Event(t, seat, kind, text))
    return log


@pytest.mark.parametrize("card", CHECKABLE, ids=[c.id for c in CHECKABLE])
def test_breach_kind_is_the_kind_of_every_breach(card: cards.Card) -> None:
    kind = cards.breach_kind(card)
    assert (kind == "") == (not cards.own_events_only(card))
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        log = _random_log(rng, 60)
        seat = rng.randrange(len(PROFILES))
        for breach in cards.breaches(card, log, seat, PROFILES, start=0, now=log[-1].t + 9000):
            found += 1
            if kind:
                assert log[breach.index].kind == kind
                assert log[breach.index].seat == seat
    assert found, f"{card.id}: no breach in 60 random logs, so nothing was checked"


def _reference(state: State, first_new: int, previous_clock: int) -> tuple[Record, ...]:
    """``record_breaches`` as before issue 19: every live rule, every bound seat."""
    log, now, base = state.log, state.clock, state.log_base
    grace = state.rules.grace_ms
    context = state.prev_start - base
    authors = {event.seat for event in log[max(first_new - base, 0) :]}
    known = None
    added: list[Record] = []
    for slot in live_slots(state):
        rule = rule_card(state, slot)
        if rule is None or not rule.checkable:
            continue
        serial, at = state.binds[slot]
        bind_t = at + grace
        if now < bind_t:
            continue
        context_t = log[context].t
        start = context if bind_t <= context_t else max(referee.bind_start(log, bind_t), context)
        if start >= len(log):
            continue
        since = context if at <= context_t else max(referee.bind_start(log, at), context)
        own_only = cards.own_events_only(rule)
        at_trigger = not own_only and slot < AREAS
        seats = range(len(state.profiles)) if at_trigger else bound_seats(state, slot)
        for seat in seats:
            if own_only and seat not in authors:
                continue
            found = cards.breaches(
                rule, log, seat, state.profiles, start=start, now=now, since=since
            )
            for breach in found:
                index = breach.index + base
                if index < first_new and breach.t <= previous_clock:
                    continue
                if at_trigger and not referee._bound_at(state, slot, seat, breach.index):
                    continue
                if known is None:
                    known = {(r.slot, r.serial, r.seat, r.log_index) for r in state.breaches}
                key = (slot, serial, seat, index)
                if key in known:
                    continue
                known.add(key)
                added.append(Record(seat, slot, serial, index, state.turn, breach.t, False))
    return state.breaches + tuple(added) if added else state.breaches


@pytest.mark.parametrize("seed", range(4))
def test_referee_agrees_with_the_unfiltered_referee(seed: int) -> None:
    # After every step the referee is asked what the transition asked it (the state after the
    # step without the step's new records, the first new log index, the clock before), so
    # the check needs no patching (the referee is compiled by mypyc in a normal install).
    game: Any = registry.make("gotcha")
    state = runner.new_game(game, 3 + seed % 3, seed)
    rng = rng_mod.make(seed)
    judged = recorded = 0
    for _ in range(700):
        actors = game.actors(state)
        if not actors:
            break
        if actors[0] == CHANCE:
            after = game.apply(state, CHANCE, game.sample_chance(state, rng))
        else:
            # The race of runner.play: every actor picks, the earliest time goes first.
            picks = [rng_mod.choice(rng, game.legal_actions(state, seat)) for seat in actors]
            best = min(range(len(picks)), key=lambda i: (game.action_time(picks[i]), i))
            after = game.apply(state, actors[best], picks[best])
        asked = after._replace(breaches=state.breaches)
        first_new = state.log_base + len(state.log)
        got = referee.record_breaches(asked, first_new, state.clock)
        assert got == _reference(asked, first_new, state.clock)
        judged += 1
        recorded += got is not asked.breaches
        state = after
    assert judged > 100
    assert recorded > 0, "no breach recorded in the game: no judgement was compared"


def test_the_written_out_searches_find_what_bisect_finds() -> None:
    """``bind_start`` and ``_count_until`` (binary searches reading ``Event.t``) against
    ``bisect`` with a key, on logs with many equal times, for times before, between, on and
    after the events.
    """
    stream = random.Random(19)
    for size in (0, 1, 2, 3, 7, 40):
        for _ in range(25):
            log = tuple(_random_log(stream, size))
            times = sorted({e.t for e in log} | {-1, 0, 1, 99_999} | {e.t + 1 for e in log})
            for t in times:
                assert referee.bind_start(log, t) == bisect_left(log, t, key=lambda e: e.t)
                assert referee._count_until(log, t) == bisect_right(log, t, key=lambda e: e.t)
