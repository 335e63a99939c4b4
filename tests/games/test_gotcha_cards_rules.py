"""Gotcha cards: hand-written scenarios for every trigger/requirement family of the WHAT and
individual predicates, with their edge cases.

Rulings: ``shared/games/gotcha.md``: GT-04 (an individual rule binds its owner only), GT-05
(nothing binds before it is announced: events before ``start`` never count), GT-06 (a buzz
is correct when the named player broke the rule after it became binding).
"""

from __future__ import annotations

import pytest

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Breach, Card, Event, Profile

P = (
    Profile("Ana", 31, frozenset({"woman"})),
    Profile("Bruno", 25, frozenset({"man"})),
    Profile("Carla", 40, frozenset({"woman"})),
    Profile("Óscar", 52, frozenset({"man"})),
)
ANA, BRUNO, CARLA, OSCAR = 0, 1, 2, 3


def ev(t: int, seat: int, kind: str, text: str = "") -> Event:
    return Event(t, seat, kind, text)


def judge(
    card_id: str,
    log: list[Event],
    seat: int,
    *,
    start: int = 0,
    now: int | None = None,
    profiles: tuple[Profile, ...] = P,
) -> tuple[Breach, ...]:
    return gc.breaches(
        gc.card(card_id),
        log,
        seat,
        profiles,
        start=start,
        now=log[-1].t if now is None else now,
    )


def indices(found: tuple[Breach, ...]) -> list[int]:
    return [b.index for b in found]


# ---------------------------------------------------------------------------------------
# before: an emote or a chat before each event of a kind


def test_before_play_needs_the_emote_since_the_previous_play_GT06() -> None:
    """GT-06: I04 "must clap before playing a card": one clap covers one play only."""
    log = [
        ev(0, ANA, "turn_start"),
        ev(100, ANA, "draw"),
        ev(200, ANA, "emote", "clap"),
        ev(300, ANA, "play", "A01"),  # kept
        ev(400, BRUNO, "turn_start"),
        ev(500, BRUNO, "play", "A02"),  # Bruno is not bound
        ev(600, ANA, "turn_start"),
        ev(700, ANA, "draw"),
        ev(800, ANA, "play", "A03"),  # broken: the old clap was used up
    ]
    found = judge("I04", log, ANA)
    assert found == (Breach(ANA, 8, 800),)
    assert judge("I04", log, BRUNO) != ()  # judged for Bruno, his play breaks it too
    assert indices(judge("I04", log, BRUNO)) == [5]


def test_before_another_seats_emote_does_not_satisfy() -> None:
    log = [ev(0, BRUNO, "emote", "clap"), ev(100, ANA, "play", "A01")]
    assert indices(judge("I04", log, ANA)) == [1]
    log = [ev(0, ANA, "emote", "wave"), ev(100, ANA, "play", "A01")]
    assert indices(judge("I04", log, ANA)) == [1]


def test_before_an_emote_made_before_the_rule_bound_does_not_count_GT06() -> None:
    """GT-05/GT-06: the clap at index 0 came before the rule bound (start=1)."""
    log = [ev(0, ANA, "emote", "clap"), ev(100, ANA, "play", "A01")]
    assert judge("I04", log, ANA, start=0) == ()
    assert indices(judge("I04", log, ANA, start=1)) == [1]
    assert judge("I04", log, ANA, start=2) == ()


def test_before_draw_with_a_spoken_apology() -> None:
    """A06 "must apologise before their turn": a chat with "perdón"/"sorry" before the draw;
    the words match in either language, in any case, with or without accents."""
    for text in (
        "Perdón, ya voy",
        "PERDON",
        "lo siento mucho",
        "Sorry!",
        "I apologise",
        # Issue 15: natural speech in either language.
        "perdóname",
        "disculpe",
        "Discúlpame, voy",
        "lo lamento",
        "my bad",
        "excuse me",
        "my apologies",
    ):
        log = [ev(0, ANA, "chat", text), ev(100, ANA, "draw")]
        assert judge("A06", log, ANA) == (), text
    for text in ("perdido", "hola", "sorryyy"):
        log = [ev(0, ANA, "chat", text), ev(100, ANA, "draw")]
        assert indices(judge("A06", log, ANA)) == [1], text


def test_before_chat_and_before_buzz() -> None:
    """A09 "raise a hand before talking" and A31 "bow before buzzing"."""
    log = [
        ev(0, ANA, "emote", "raise_hand"),
        ev(100, ANA, "chat", "hola"),
        ev(200, ANA, "chat", "otra vez"),
    ]
    assert indices(judge("A09", log, ANA)) == [2]
    log = [ev(0, ANA, "emote", "bow"), ev(100, ANA, "buzz", "0"), ev(200, ANA, "buzz", "1")]
    assert indices(judge("A31", log, ANA)) == [2]


# ---------------------------------------------------------------------------------------
# chat_form: the text of every chat message


CHAT_CASES: list[tuple[str, str, bool]] = [
    ("A01", "hola a todos", True),
    ("A01", "hola a Todos", False),
    ("A01", "¡qué bien! 123", True),
    ("A02", "HOLA A TODOS!", True),
    ("A02", "HOLA a todos", False),
    # Issue 15, natural speech: a message without lower case shouts ("!!!", "¡¡YA!! :)").
    ("A02", "!!!", True),
    ("A02", "¡¡YA!! :)", True),
    ("A02", "HOLA amigos :)", False),
    ("A03", '"hola"', True),
    ("A03", "«hola»", True),
    ("A03", "“hola”", True),
    ("A03", "hola", False),
    ("A03", '"hola', False),
    ("A03", 'Ana dice "hola" y se va', True),
    ("A03", '"" vacío', False),
    ("A03", "it's Bob's", False),
    ("A03", "'hola'", True),
    ("A03", "she said ‘hi’ to me", True),
    ("A03", "don't won't", False),
    ("A04", "Ana: hola", True),
    ("A04", "ana hola", True),
    ("A04", "Anabel dice hola", False),
    ("A04", "hola, soy Ana", False),
    ("A10", "Gano yo, y lo digo en serio", True),
    ("A10", "I win and I really mean it!", True),
    ("A10", "y lo digo en serio, gano yo", False),
    ("A15", "¿quién va?", True),
    ("A15", "quién va", False),
    ("A15", "¿qué tal? :)", True),
    ("A15", "what's up? 😀", True),
    ("A15", "¿me toca? jajaja", True),
    ("A15", "¿me toca? no", False),
    ("A17", "qué buena jugada", True),
    ("A17", "qué buena carta", False),
    ("A17", "Nice CARDS!", False),
    ("A17", "cartagena es bonita", True),
    ("A19", "pásame eso, por favor", True),
    ("A19", "Please wait", True),
    ("A19", "porfavor", True),
    ("A19", "pásalo porfa", True),
    ("A19", "porfis, va", True),
    ("A19", "wait plz", True),
    ("A19", "porfía", False),
    ("A20", "uno dos tres cuatro cinco", True),
    ("A20", "uno dos tres cuatro cinco seis", False),
    ("A22", "¡vamos!", True),
    ("A22", "vamos", False),
    ("A22", "¡vamos! :D", True),
    ("A22", "yay!!! <3", True),
    ("A22", "vamos :)", False),
    ("A23", "Oye, ¿quién va?", True),
    ("A23", "hey you", True),
    ("A23", "oyente", False),
    ("A23", "tú, oye", False),
    ("A25", "hola amigos", True),
    ("A25", "buen turno", False),
    ("A25", "BIÉN", False),
    ("A26", "Hola A Todos", True),
    ("A26", "¿Qué Tal? 42", True),
    ("A26", "Hola a Todos", False),
    ("A34", "recibido, cambio", True),
    ("A34", "Roger that, over.", True),
    ("A34", "cambio de planes", False),
    ("I13", "bueno...", True),
    ("I13", "bueno…", True),
    ("I13", "bueno", False),
    ("I14", "sí, claro", True),
    ("I14", "No, gracias", False),
    ("I14", "nota mental", True),
    ("I15", "OK!", False),
    ("I15", "vale", False),
    ("I15", "valencia", True),
    ("I24", "gané, ¡olé!", True),
    ("I24", "I won, yeehaw!", True),
    ("I24", "gane ole", True),
    ("I24", "olé por mí", False),
    ("I25", "Con todo respeto, no", True),
    ("I25", "con   todo respeto: no", True),
    ("I25", "no, con todo respeto", False),
    ("I27", "uno dos tres cuatro", True),
    ("I27", "uno dos tres", False),
    ("I28", "uno dos tres", True),
    ("I28", "uno dos tres cuatro", False),
    ("I29", "hey you", True),
    ("I29", "Hola", False),
    ("I29", "está", False),
    ("I34", "Ana opina que sí", True),
    ("I34", "yo opino que sí", False),
    ("I34", "Anabel opina", False),
    ("I37", "me voy. Ana", True),
    ("I37", "me voy — ana!", True),
    ("I37", "Ana se va", False),
]


@pytest.mark.parametrize(("card_id", "text", "keeps"), CHAT_CASES)
def test_chat_forms(card_id: str, text: str, keeps: bool) -> None:
    log = [ev(0, ANA, "turn_start"), ev(100, ANA, "chat", text)]
    assert (judge(card_id, log, ANA) == ()) == keeps
    # Another player's message is never Ana's breach.
    other = [ev(0, ANA, "turn_start"), ev(100, BRUNO, "chat", text)]
    assert judge(card_id, other, ANA) == ()


def test_name_forms_use_the_bound_seats_name_accent_insensitively() -> None:
    log = [ev(0, OSCAR, "chat", "oscar: hola")]
    assert judge("A04", log, OSCAR) == ()
    assert indices(judge("A04", log, ANA)) == []  # Ana did not chat
    log = [ev(0, ANA, "chat", "oscar: hola")]
    assert indices(judge("A04", log, ANA)) == [0]


# ---------------------------------------------------------------------------------------
# silent: no chat outside (or during) one's own turn


def test_silent_outside_own_turn() -> None:
    """A05: Ana may chat between her turn start and her play, not after it."""
    log = [
        ev(0, ANA, "chat", "antes de empezar"),  # nobody's turn yet: broken
        ev(100, ANA, "turn_start"),
        ev(200, ANA, "chat", "mi turno"),  # kept
        ev(300, ANA, "play", "A01"),
        ev(400, ANA, "chat", "ya jugué"),  # broken: her play ended her turn
        ev(500, BRUNO, "turn_start"),
        ev(600, ANA, "chat", "hola Bruno"),  # broken
        ev(700, BRUNO, "chat", "hola"),  # not Ana
    ]
    assert indices(judge("A05", log, ANA)) == [0, 4, 6]
    assert indices(judge("A05", log, BRUNO)) == []


def test_silent_knows_whose_turn_it_is_at_start_from_before_start() -> None:
    """The turn owner at `start` comes from the last turn start before it, but nothing
    before `start` is judged."""
    log = [ev(0, BRUNO, "turn_start"), ev(100, ANA, "chat", "a"), ev(200, ANA, "chat", "b")]
    assert indices(judge("A05", log, ANA, start=2)) == [2]
    log = [ev(0, ANA, "turn_start"), ev(100, ANA, "chat", "a"), ev(200, ANA, "chat", "b")]
    assert indices(judge("A05", log, ANA, start=2)) == []


def test_silent_during_own_turn() -> None:
    """A28 is the mirror image of A05."""
    log = [
        ev(0, BRUNO, "turn_start"),
        ev(100, ANA, "chat", "vamos Bruno"),
        ev(200, ANA, "turn_start"),
        ev(300, ANA, "chat", "mmm"),
        ev(400, ANA, "play", "A01"),
        ev(500, ANA, "chat", "listo"),
    ]
    assert indices(judge("A28", log, ANA)) == [3]


# ---------------------------------------------------------------------------------------
# react: a reaction within N ms of a trigger


def test_unmet_reaction_is_a_breach_only_once_the_delay_has_passed() -> None:
    """A12 "stand up whenever anyone buzzes" (3 s): the reaction must come before
    trigger.t + 3000; the breach is the buzz (the trigger), at trigger.t + 3000, and exists
    only when now >= that time."""
    log = [ev(1000, BRUNO, "buzz", "0")]
    assert judge("A12", log, ANA, now=1000) == ()
    assert judge("A12", log, ANA, now=3999) == ()
    assert judge("A12", log, ANA, now=4000) == (Breach(ANA, 0, 4000),)
    assert judge("A12", log, ANA, now=99_000) == (Breach(ANA, 0, 4000),)


def test_reaction_must_come_in_time_and_from_the_bound_seat() -> None:
    on_time = [ev(1000, BRUNO, "buzz", "0"), ev(3999, ANA, "emote", "stand_up")]
    assert judge("A12", on_time, ANA, now=10_000) == ()
    late = [ev(1000, BRUNO, "buzz", "0"), ev(4000, ANA, "emote", "stand_up")]
    assert judge("A12", late, ANA, now=10_000) == (Breach(ANA, 0, 4000),)
    wrong_seat = [ev(1000, BRUNO, "buzz", "0"), ev(2000, CARLA, "emote", "stand_up")]
    assert judge("A12", wrong_seat, ANA, now=10_000) == (Breach(ANA, 0, 4000),)
    before = [ev(900, ANA, "emote", "stand_up"), ev(1000, BRUNO, "buzz", "0")]
    assert judge("A12", before, ANA, now=10_000) == (Breach(ANA, 1, 4000),)
    own_buzz = [ev(1000, ANA, "buzz", "0")]  # "anyone" includes Ana herself
    assert judge("A12", own_buzz, ANA, now=10_000) == (Breach(ANA, 0, 4000),)


def test_one_reaction_answers_every_pending_trigger() -> None:
    log = [
        ev(1000, BRUNO, "buzz", "0"),
        ev(2000, CARLA, "buzz", "1"),
        ev(2500, ANA, "emote", "stand_up"),
        ev(9000, BRUNO, "buzz", "0"),
    ]
    assert judge("A12", log, ANA, now=20_000) == (Breach(ANA, 3, 12_000),)


def test_reaction_to_the_player_on_the_right_is_seat_minus_one() -> None:
    """A08 "burp whenever the player on their right starts a turn": the right of seat s is
    s - 1 mod n (who plays just before s); with 4 players the right of Ana (0) is Óscar (3)."""
    right = [ev(0, OSCAR, "turn_start"), ev(6000, BRUNO, "draw")]
    assert indices(judge("A08", right, ANA)) == [0]
    left = [ev(0, BRUNO, "turn_start"), ev(6000, CARLA, "draw")]
    assert judge("A08", left, ANA) == ()
    three = (P[0], P[1], P[2])
    right3 = [ev(0, CARLA, "turn_start"), ev(6000, BRUNO, "draw")]
    assert indices(judge("A08", right3, ANA, profiles=three)) == [0]
    assert indices(judge("I19", right, ANA)) == []  # I19 looks at the left instead
    assert indices(judge("I19", left, ANA)) == [0]


def test_reaction_to_other_players_only() -> None:
    """A21 "wave whenever another player's turn starts": Ana's own turn does not count."""
    log = [ev(0, ANA, "turn_start"), ev(6000, BRUNO, "draw")]
    assert judge("A21", log, ANA) == ()
    log = [ev(0, BRUNO, "turn_start"), ev(6000, BRUNO, "draw")]
    assert indices(judge("A21", log, ANA)) == [0]


def test_reaction_to_a_specific_emote_and_with_a_chat() -> None:
    """A27 "wave back whenever another player waves"; I26 "say 'bless you' when someone
    burps" (a chat reaction)."""
    log = [
        ev(0, BRUNO, "emote", "wave"),
        ev(500, ANA, "emote", "wave"),
        ev(600, CARLA, "emote", "clap"),
    ]
    assert judge("A27", log, ANA, now=10_000) == ()
    log = [ev(0, BRUNO, "emote", "burp"), ev(500, ANA, "chat", "¡Salud!")]
    assert judge("I26", log, ANA, now=10_000) == ()
    log = [ev(0, BRUNO, "emote", "burp"), ev(500, ANA, "chat", "qué asco")]
    assert judge("I26", log, ANA, now=10_000) == (Breach(ANA, 0, 5000),)


def test_a27_waving_back_is_a_reply_and_triggers_nobody_issue_15() -> None:
    """A27 "wave back whenever another player waves" with two bound players: Ana's wave
    answers Bruno's, so Bruno owes nothing back (before, every wave triggered the other and
    16 waves used every budget); a fresh wave once the delay is over triggers again."""
    log = [
        ev(0, BRUNO, "emote", "wave"),
        ev(500, ANA, "emote", "wave"),  # Ana's reply
        ev(5000, CARLA, "emote", "clap"),
    ]
    assert judge("A27", log, ANA) == ()
    assert judge("A27", log, BRUNO) == ()
    assert gc.owed_reactions(gc.card("A27"), log[:2], BRUNO, P) == ()
    log = [*log, ev(6000, ANA, "emote", "wave"), ev(9500, CARLA, "emote", "clap")]
    assert judge("A27", log, BRUNO) == (Breach(BRUNO, 3, 9000),)


def test_reaction_to_ones_own_play_and_to_announcements() -> None:
    log = [ev(0, ANA, "play", "A01"), ev(100, -1, "announce", "A01")]
    assert indices(judge("A24", log, ANA, now=10_000)) == [0]
    assert indices(judge("A14", log, ANA, now=10_000)) == [1]
    assert indices(judge("A14", log, BRUNO, now=10_000)) == [1]


def test_triggers_before_start_never_count_GT06() -> None:
    log = [ev(0, BRUNO, "buzz", "0"), ev(100, CARLA, "buzz", "1")]
    assert indices(judge("A12", log, ANA, start=1, now=10_000)) == [1]


# ---------------------------------------------------------------------------------------
# wait, never_emote, chat_limit, no_repeat_emote


def test_wait_between_drawing_and_playing() -> None:
    """A16: three seconds from Ana's draw to her play."""
    log = [ev(0, ANA, "draw"), ev(2999, ANA, "play", "A01")]
    assert indices(judge("A16", log, ANA)) == [1]
    log = [ev(0, ANA, "draw"), ev(3000, ANA, "play", "A01")]
    assert judge("A16", log, ANA) == ()
    log = [ev(0, BRUNO, "draw"), ev(100, ANA, "play", "A01")]  # not Ana's draw
    assert judge("A16", log, ANA) == ()
    log = [ev(0, ANA, "draw"), ev(100, ANA, "play", "A01")]
    assert judge("A16", log, ANA, start=1) == ()  # the draw came before the rule bound


def test_wait_after_any_buzz_before_buzzing() -> None:
    """I23: three seconds after the latest buzz, Ana's own included."""
    log = [ev(0, BRUNO, "buzz", "0"), ev(1000, ANA, "buzz", "0"), ev(5000, ANA, "buzz", "1")]
    assert indices(judge("I23", log, ANA)) == [1]
    log = [ev(0, ANA, "buzz", "0"), ev(1000, ANA, "buzz", "1")]
    assert indices(judge("I23", log, ANA)) == [1]


def test_never_emote() -> None:
    log = [ev(0, ANA, "emote", "burp"), ev(1, BRUNO, "emote", "burp"), ev(2, ANA, "emote", "clap")]
    assert indices(judge("A18", log, ANA)) == [0]
    assert indices(judge("I16", log, ANA)) == [2]


def test_chat_limit_counts_per_turn() -> None:
    """A29: one message per turn; the count restarts at every turn start."""
    log = [
        ev(0, ANA, "turn_start"),
        ev(100, ANA, "chat", "a"),
        ev(200, BRUNO, "chat", "b"),
        ev(300, ANA, "chat", "c"),  # second in this turn
        ev(400, BRUNO, "turn_start"),
        ev(500, ANA, "chat", "d"),
    ]
    assert indices(judge("A29", log, ANA)) == [3]
    assert indices(judge("I31", log, ANA)) == []


def test_no_repeat_emote() -> None:
    log = [
        ev(0, ANA, "emote", "clap"),
        ev(100, BRUNO, "emote", "wave"),
        ev(200, ANA, "emote", "clap"),  # Ana's second clap in a row
        ev(300, ANA, "emote", "wave"),
        ev(400, ANA, "emote", "clap"),
    ]
    assert indices(judge("A30", log, ANA)) == [2]


# ---------------------------------------------------------------------------------------
# Individual rules bind their owner only (the referee asks for the owner's seat)


def test_individual_rule_is_judged_for_one_seat_GT04() -> None:
    """GT-04: an individual rule binds the player holding its mat; the referee judges it
    for that seat only, so another seat's conduct is never the owner's breach."""
    log = [ev(0, BRUNO, "play", "A01"), ev(100, CARLA, "play", "A02")]
    assert judge("I04", log, ANA) == ()
    assert indices(judge("I04", log, BRUNO)) == [0]


@pytest.mark.parametrize("card", [c for c in gc.CARDS if c.checkable and c.kind != "who"], ids=str)
def test_breaches_are_sorted_and_belong_to_the_seat(card: Card) -> None:
    log = list(gc.breaking_example(card, 1, P)) + list(gc.breaking_example(card, 2, P))
    log.sort(key=lambda e: e.t)
    for seat in range(4):
        found = gc.breaches(card, log, seat, P, start=0, now=log[-1].t + 60_000)
        assert [b.index for b in found] == sorted(b.index for b in found)
        assert all(b.seat == seat for b in found)
        assert all(b.t >= log[b.index].t for b in found)


# ---------------------------------------------------------------------------------------
# `since`: what happened during the grace period counts towards keeping a rule


def test_since_lets_a_clap_in_the_grace_period_keep_the_rule_GT05() -> None:
    """GT-05: the rule is announced at index 1 and binds from index 3 (grace). A clap at
    index 2 keeps "clap before playing" when the referee passes since=1; by default
    nothing before `start` counts."""
    log = [
        ev(0, ANA, "turn_start"),
        ev(100, -1, "announce", "I04"),
        ev(1000, ANA, "emote", "clap"),
        ev(4000, ANA, "draw"),
        ev(5000, ANA, "play", "A01"),
    ]
    assert indices(judge("I04", log, ANA, start=3)) == [4]
    assert judge("I04", log, ANA, start=3, now=5000) != ()
    rule = gc.card("I04")
    assert gc.breaches(rule, log, ANA, P, start=3, now=5000, since=1) == ()
    assert gc.breaches(rule, log, ANA, P, start=3, now=5000, since=3) != ()


def test_since_counts_anchors_limits_and_previous_emotes_but_never_breaches() -> None:
    wait = [ev(0, -1, "announce"), ev(100, ANA, "draw"), ev(3000, ANA, "play", "A01")]
    assert gc.breaches(gc.card("A16"), wait, ANA, P, start=2, now=3000) == ()
    assert indices(gc.breaches(gc.card("A16"), wait, ANA, P, start=2, now=3000, since=0)) == [2]
    chats = [ev(0, ANA, "turn_start"), ev(100, ANA, "chat", "a"), ev(200, ANA, "chat", "b")]
    assert gc.breaches(gc.card("A29"), chats, ANA, P, start=2, now=200) == ()
    assert indices(gc.breaches(gc.card("A29"), chats, ANA, P, start=2, now=200, since=0)) == [2]
    emotes = [ev(0, ANA, "emote", "clap"), ev(100, ANA, "emote", "clap")]
    assert gc.breaches(gc.card("A30"), emotes, ANA, P, start=1, now=100) == ()
    assert indices(gc.breaches(gc.card("A30"), emotes, ANA, P, start=1, now=100, since=0)) == [1]
    # Events in [since, start) are never breaches themselves, and triggers there oblige
    # nobody.
    early = [ev(0, ANA, "play", "A01"), ev(100, BRUNO, "buzz", "0"), ev(9000, ANA, "draw")]
    assert gc.breaches(gc.card("I04"), early, ANA, P, start=2, now=9000, since=0) == ()
    assert gc.breaches(gc.card("A12"), early, ANA, P, start=2, now=9000, since=0) == ()
