"""Gotcha cards: the helpers bots use to obey live rules.

For every checkable card a scripted game of three rounds is played twice: once by a seat
that ignores the rule (it must break it: the script exercises every card) and once by a
seat that follows ``satisfying_actions`` (before each of its actions and after every event),
``conform_chat``/``may_chat`` for its messages, ``earliest_time`` for its timing and
``would_breach`` for its optional emotes (that log must have no breach).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Card, Event, Profile

PROFILES = (
    Profile("Ana", 31, frozenset({"woman"})),
    Profile("Bruno", 25, frozenset({"man"})),
    Profile("Carla", 40, frozenset({"woman"})),
)
CHECKABLE = [c for c in gc.CARDS if c.kind in ("what", "individual")]
TEXTS = (
    "Hola a todos",
    "Qué buena carta, no?",
    "Ok, vale",
    "Esto es una locura total amigos",
    "te tengo",
    "Bueno",
    "Me toca",
    "Ya voy",
)


def _script(n: int, bound: int) -> list[tuple[int, int, str, str]]:
    """Steps ``(gap ms, seat, kind, text)``: three rounds with chats, emotes and buzzes."""
    steps: list[tuple[int, int, str, str]] = []
    emotes = gc.EMOTES
    k = 0
    for rnd in range(3):
        for p in range(n):
            nxt = (p + 1) % n
            other = p if p != bound else nxt  # never the bound seat
            steps += [
                (400, p, "turn_start", ""),
                (300, bound, "chat", TEXTS[k % len(TEXTS)]),
                (300, p, "chat", TEXTS[(k + 1) % len(TEXTS)]),
                (300, p, "draw", ""),
                (200, nxt, "emote", emotes[k % len(emotes)]),
                (200, nxt, "chat", TEXTS[(k + 2) % len(TEXTS)]),
                (300, bound, "chat", TEXTS[(k + 3) % len(TEXTS)]),
                (300, bound, "chat", TEXTS[(k + 4) % len(TEXTS)]),
                (200, bound, "emote", emotes[(2 * k) % len(emotes)]),
                (200, bound, "emote", emotes[(2 * k) % len(emotes)]),
                (200, other, "emote", "wave"),
                (200, other, "emote", "burp"),
                (300, (p + rnd) % n, "buzz", "0"),
                (300, bound, "buzz", "1"),
                (300, p, "play", "A01"),
                (100, -1, "announce", "A01"),
                (200, bound, "emote", emotes[(2 * k + 1) % len(emotes)]),
            ]
            k += 1
    return steps


def _play(rule: Card, bound: int, obey: bool) -> list[Event]:
    log: list[Event] = []
    clock = 0

    def add(seat: int, kind: str, text: str) -> None:
        nonlocal clock
        log.append(Event(clock, seat, kind, text))
        if obey:
            react()

    def react() -> None:
        nonlocal clock
        for owed in gc.satisfying_actions(rule, log, bound, PROFILES, ""):
            clock += 50
            act(bound, owed.kind, owed.text, required=True)

    def act(seat: int, kind: str, text: str, *, required: bool = False) -> None:
        nonlocal clock
        if seat != bound or not obey:
            add(seat, kind, text)
            return
        for pre in gc.satisfying_actions(rule, log, bound, PROFILES, kind):
            clock += 50
            add(bound, pre.kind, pre.text)
        clock = max(clock, gc.earliest_time(rule, log, bound, PROFILES, kind))
        if kind == "chat":
            text = gc.conform_chat(rule, text, PROFILES, bound)
            if not text or not gc.may_chat(rule, log, bound, PROFILES):
                return
        if (
            kind == "emote"
            and not required
            and gc.would_breach(rule, log, bound, PROFILES, Event(clock, bound, kind, text))
        ):
            return
        add(bound, kind, text)

    for gap, seat, kind, text in _script(len(PROFILES), bound):
        clock += gap
        act(seat, kind, text)
    return log


@pytest.mark.parametrize("card", CHECKABLE, ids=[c.id for c in CHECKABLE])
@pytest.mark.parametrize("bound", [0, 1])
def test_a_seat_that_ignores_the_rule_breaks_it(card: Card, bound: int) -> None:
    log = _play(card, bound, obey=False)
    assert gc.breaches(card, log, bound, PROFILES, start=0, now=log[-1].t + 60_000), card.id


@pytest.mark.parametrize("card", CHECKABLE, ids=[c.id for c in CHECKABLE])
@pytest.mark.parametrize("bound", [0, 1])
def test_a_seat_that_follows_the_helpers_never_breaks_the_rule(card: Card, bound: int) -> None:
    log = _play(card, bound, obey=True)
    assert all(a.t <= b.t for a, b in itertools.pairwise(log))
    found = gc.breaches(card, log, bound, PROFILES, start=0, now=log[-1].t + 60_000)
    assert found == (), (card.id, [(b, log[b.index]) for b in found])
    assert any(e.seat == bound for e in log)


@pytest.mark.parametrize(
    "card", [c for c in CHECKABLE if c.rule and c.rule.family == "chat_form"], ids=str
)
def test_conform_chat_always_keeps_the_rule_and_is_idempotent(card: Card) -> None:
    for text in (*TEXTS, "¿Qué?", "...", "  spaced   out  ", "ÑANDÚ", '"citado"'):
        for seat in range(3):
            out = gc.conform_chat(card, text, PROFILES, seat)
            if not out:
                continue
            log = [Event(0, seat, "chat", out)]
            assert gc.breaches(card, log, seat, PROFILES, start=0, now=0) == (), (text, out)
            assert gc.conform_chat(card, out, PROFILES, seat) == out


def test_conform_chat_examples() -> None:
    ana = 0
    assert gc.conform_chat(gc.card("A01"), "Hola A Todos", PROFILES, ana) == "hola a todos"
    assert gc.conform_chat(gc.card("A03"), "hola", PROFILES, ana) == '"hola"'
    assert gc.conform_chat(gc.card("A04"), "hola", PROFILES, ana) == "Ana: hola"
    assert gc.conform_chat(gc.card("A17"), "buena carta amigo", PROFILES, ana) == "buena amigo"
    assert gc.conform_chat(gc.card("A15"), "quién va.", PROFILES, ana) == "quién va?"
    assert gc.conform_chat(gc.card("I29"), "hola amigos", PROFILES, ana) == ""
    assert gc.conform_chat(gc.card("A05"), "hola", PROFILES, ana) == ""  # ask may_chat
    assert gc.conform_chat(gc.card("A07"), "Hola", PROFILES, ana) == "Hola"  # not a chat rule


def test_satisfying_actions_before_the_trigger_kind_only() -> None:
    log = [Event(0, 0, "turn_start"), Event(100, 0, "draw")]
    rule = gc.card("I04")  # clap before playing
    assert gc.satisfying_actions(rule, log, 0, PROFILES, "play") == (Event(-1, 0, "emote", "clap"),)
    assert gc.satisfying_actions(rule, log, 0, PROFILES, "draw") == ()
    assert gc.satisfying_actions(gc.card("A06"), log, 2, PROFILES, "draw") == (
        Event(-1, 2, "chat", "perdón"),
    )


def test_owed_reactions_until_answered_or_too_old() -> None:
    rule = gc.card("A12")  # stand up within 3 s of any buzz
    log = [Event(1000, 1, "buzz", "0")]
    owed = (Event(-1, 0, "emote", "stand_up"),)
    assert gc.owed_reactions(rule, log, 0, PROFILES) == owed
    answered = [*log, Event(1500, 0, "emote", "stand_up")]
    assert gc.owed_reactions(rule, answered, 0, PROFILES) == ()
    stale = [*log, Event(9000, 2, "chat", "hola")]
    assert gc.owed_reactions(rule, stale, 0, PROFILES) == ()
    assert gc.owed_reactions(rule, log, 0, PROFILES, now=3999) == owed
    assert gc.owed_reactions(rule, log, 0, PROFILES, now=4000) == ()  # too late now


def test_may_chat_and_earliest_time() -> None:
    log = [Event(0, 1, "turn_start")]
    assert not gc.may_chat(gc.card("A05"), log, 0, PROFILES)
    assert gc.may_chat(gc.card("A05"), log, 1, PROFILES)
    assert gc.may_chat(gc.card("A28"), log, 0, PROFILES)
    assert not gc.may_chat(gc.card("A28"), log, 1, PROFILES)
    chatted = [*log, Event(10, 0, "chat", "hola")]
    assert not gc.may_chat(gc.card("A29"), chatted, 0, PROFILES)
    assert gc.may_chat(gc.card("I31"), chatted, 0, PROFILES)
    drew = [Event(0, 0, "turn_start"), Event(700, 0, "draw")]
    assert gc.earliest_time(gc.card("A16"), drew, 0, PROFILES, "play") == 3700
    assert gc.earliest_time(gc.card("A16"), drew, 0, PROFILES, "chat") == 0
    assert gc.earliest_time(gc.card("A01"), drew, 0, PROFILES, "play") == 0


def test_would_breach() -> None:
    log = [Event(0, 0, "emote", "clap")]
    assert gc.would_breach(gc.card("A30"), log, 0, PROFILES, Event(10, 0, "emote", "clap"))
    assert not gc.would_breach(gc.card("A30"), log, 0, PROFILES, Event(10, 0, "emote", "wave"))
    assert gc.would_breach(gc.card("A18"), log, 0, PROFILES, Event(10, 0, "emote", "burp"))
    assert not gc.would_breach(gc.card("A18"), log, 1, PROFILES, Event(10, 0, "emote", "burp"))


CHAT_RULES = [c for c in CHECKABLE if c.rule and c.rule.family == "chat_form"]


def _keeps(rule: Card, text: str, seat: int) -> bool:
    log = [Event(0, seat, "chat", text)]
    return gc.breaches(rule, log, seat, PROFILES, start=0, now=0) == ()


@pytest.mark.parametrize("first", CHAT_RULES, ids=str)
def test_conform_chat_all_keeps_every_rule_or_sends_nothing(first: Card) -> None:
    for second in CHAT_RULES:
        for text in ("Hola a todos", "Buena carta, no?"):
            out = gc.conform_chat_all([first, second], text, PROFILES, 1)
            if out:
                assert _keeps(first, out, 1) and _keeps(second, out, 1), (first, second, out)


def test_conform_chat_all_examples() -> None:
    rules = [gc.card(i) for i in ("A01", "A04")]  # whisper + say your name first
    assert gc.conform_chat_all(rules, "Hola", PROFILES, 0) == "ana: hola"
    rules = [gc.card(i) for i in ("A02", "A10")]  # shout + "and I really mean it"
    assert gc.conform_chat_all(rules, "Gano yo", PROFILES, 0) == "GANO YO Y LO DIGO EN SERIO"
    rules = [gc.card(i) for i in ("I28", "A04")]  # three words at most + name first
    out = gc.conform_chat_all(rules, "hola a todos vosotros", PROFILES, 0)
    assert out and len(out.split()) <= 3 and out.startswith("Ana")
    rules = [gc.card(i) for i in ("A15", "A22")]  # a question that ends with "!": impossible
    assert gc.conform_chat_all(rules, "hola", PROFILES, 0) == ""
    assert gc.conform_chat_all([], "hola", PROFILES, 0) == "hola"


def test_combined_helpers_for_actions_time_and_silence() -> None:
    rules = [gc.card(i) for i in ("I04", "A07", "A16", "A05")]
    log = [Event(0, 0, "turn_start"), Event(500, 0, "draw")]
    assert gc.satisfying_actions_all(rules, log, 0, PROFILES, "play") == (
        Event(-1, 0, "emote", "clap"),
        Event(-1, 0, "emote", "air_guitar"),
    )
    assert gc.satisfying_actions_all(rules + rules, log, 0, PROFILES, "play") == (
        Event(-1, 0, "emote", "clap"),
        Event(-1, 0, "emote", "air_guitar"),
    )
    assert gc.earliest_time_all(rules, log, 0, PROFILES, "play") == 3500
    assert gc.earliest_time_all([], log, 0, PROFILES, "play") == 0
    assert gc.may_chat_all(rules, log, 0, PROFILES)
    assert not gc.may_chat_all(rules, log, 1, PROFILES)


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=40),
    st.lists(st.sampled_from(CHAT_RULES), min_size=1, max_size=3),
    st.integers(0, 2),
)
def test_conform_chat_all_keeps_every_rule_for_any_text(
    text: str, rules: list[Card], seat: int
) -> None:
    out = gc.conform_chat_all(rules, text, PROFILES, seat)
    if out:
        for rule in rules:
            assert _keeps(rule, out, seat), (rule.id, text, out)
