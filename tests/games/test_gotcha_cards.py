"""Gotcha cards: the deck, its texts and sentences, and one breaking and one keeping log for
every checkable card.

Rulings: ``shared/games/gotcha.md`` (GT-03 rule areas, GT-04 individual rules, GT-09 blank
cards are voted). Contract: ``GOTCHA_INTERFACE.md``.
"""

from __future__ import annotations

import itertools
import re

import pytest

from ludoteca.games.gotcha import cards as gc
from ludoteca.games.gotcha.cards import Card, Event, Profile

PROFILES = (
    Profile("Ana", 31, frozenset({"woman", "glasses", "jeans"})),
    Profile("Bruno", 25, frozenset({"man", "facial_hair"})),
    Profile("Carla", 40, frozenset({"woman", "red", "socks"})),
    Profile("Diego", 19, frozenset({"man", "watch"})),
)
THREE = PROFILES[:3]

CHECKABLE = [c for c in gc.CARDS if c.kind in ("what", "individual")]
BLANKS = [c for c in gc.CARDS if not c.checkable]
WHOS = [c for c in gc.CARDS if c.kind == "who"]
WHATS = [c for c in gc.CARDS if c.kind == "what"]
INDIVIDUALS = [c for c in gc.CARDS if c.kind == "individual"]


def _ids(cards: list[Card]) -> list[str]:
    return [c.id for c in cards]


def _judge(
    rule: Card, log: tuple[Event, ...], seat: int, profiles: tuple[Profile, ...]
) -> tuple[gc.Breach, ...]:
    return gc.breaches(rule, log, seat, profiles, start=0, now=log[-1].t)


# ---------------------------------------------------------------------------------------
# The deck


def test_deck_has_32_who_34_what_38_individual_and_6_blank_cards() -> None:
    counts = {kind: sum(1 for c in gc.CARDS if c.kind == kind) for kind in gc.CardKind.__args__}  # type: ignore[attr-defined]
    assert counts == {
        "who": 32,
        "what": 34,
        "individual": 38,
        "blank_what": 3,
        "blank_individual": 3,
    }
    assert len(gc.CARDS) == 110


def test_card_ids_are_unique_and_in_id_order() -> None:
    ids = [c.id for c in gc.CARDS]
    assert len(set(ids)) == 110
    expected = (
        [f"W{k:02d}" for k in range(1, 33)]
        + [f"A{k:02d}" for k in range(1, 35)]
        + [f"I{k:02d}" for k in range(1, 39)]
        + [f"B{k:02d}" for k in range(1, 7)]
    )
    assert ids == expected
    assert all(c.kind == "blank_what" for c in gc.CARDS if c.id in ("B01", "B02", "B03"))
    assert all(c.kind == "blank_individual" for c in gc.CARDS if c.id in ("B04", "B05", "B06"))


def test_every_card_has_a_text_in_spanish_and_english() -> None:
    for c in gc.CARDS:
        assert c.es.strip() and c.en.strip(), c.id
        assert "{" not in c.es and "{" not in c.en, c.id
    for c in CHECKABLE:
        assert c.es_sg.strip() and c.es_pl.strip() and c.en_pred.strip(), c.id
        assert bool(c.hint_es) == bool(c.hint_en), c.id


def test_cards_texts_are_distinct_within_each_kind() -> None:
    for kind in ("who", "what", "individual"):
        cards = [c for c in gc.CARDS if c.kind == kind]
        assert len({c.es for c in cards}) == len(cards), kind
        assert len({c.en for c in cards}) == len(cards), kind


def test_blank_cards_are_the_only_uncheckable_cards_GT09() -> None:
    """GT-09: blank cards cannot be checked by the engine (a vote decides)."""
    assert _ids(BLANKS) == ["B01", "B02", "B03", "B04", "B05", "B06"]
    for c in gc.CARDS:
        assert c.checkable == (c.kind not in ("blank_what", "blank_individual")), c.id
    for c in CHECKABLE:
        assert c.rule is not None, c.id
    for c in WHOS:
        assert c.who is not None, c.id


@pytest.mark.parametrize("blank", BLANKS, ids=_ids(BLANKS))
def test_blank_cards_have_no_breaches_and_no_examples_GT09(blank: Card) -> None:
    """GT-09: the engine never judges a blank card, whatever the log."""
    log = gc.breaking_example(gc.card("A07"), 0, THREE) + gc.breaking_example(
        gc.card("A01"), 0, THREE
    )
    assert gc.breaches(blank, log, 0, THREE, start=0, now=10**9) == ()
    assert gc.breaking_example(blank, 0, THREE) == ()
    assert gc.keeping_example(blank, 0, THREE) == ()
    assert gc.satisfying_actions(blank, log, 0, THREE, "play") == ()
    assert gc.conform_chat(blank, "Hola", THREE, 0) == "Hola"
    assert gc.may_chat(blank, log, 0, THREE)


def test_card_lookup_and_printed_groups() -> None:
    assert gc.card("A07").en == "must play air guitar before playing a card"
    man = gc.card("P:man")
    assert man == gc.printed_who("man")
    assert man.kind == "who" and man.plural and man.checkable
    with pytest.raises(ValueError, match="ZZ9"):
        gc.card("ZZ9")
    with pytest.raises(ValueError, match="unicorn"):
        gc.printed_who("unicorn")
    assert gc.DEFAULT_PRINTED_GROUPS == ("man", "woman")
    assert gc.cards_of_kind("who") == tuple(WHOS)


def test_emotes_and_traits_have_labels_in_both_languages() -> None:
    required_emotes = {
        "clap",
        "air_guitar",
        "salute",
        "wave",
        "high_five",
        "thumb_nose",
        "peace",
        "burp",
        "stand_up",
        "sit_down",
    }
    assert required_emotes <= set(gc.EMOTES)
    assert {"jeans", "glasses", "red", "facial_hair", "socks", "man", "woman"} <= set(gc.TRAITS)
    assert 10 <= len(gc.TRAITS) <= 16
    for emote in gc.EMOTES:
        assert gc.emote_label(emote, "es") and gc.emote_label(emote, "en")
    for trait in gc.TRAITS:
        assert gc.trait_label(trait, "es") and gc.trait_label(trait, "en")
        printed = gc.printed_who(trait)
        assert printed.es and printed.en
    with pytest.raises(ValueError):
        gc.emote_label("moonwalk", "es")
    with pytest.raises(ValueError):
        gc.trait_label("jeans", "fr")


def test_every_emote_and_trait_the_cards_use_exists() -> None:
    for c in CHECKABLE:
        assert c.rule is not None
        for emote in (c.rule.emote, c.rule.on_text):
            assert not emote or emote in gc.EMOTES, c.id
    for c in WHOS:
        assert c.who is not None
        assert set(c.who.traits) <= set(gc.TRAITS), c.id


def test_word_patterns_are_compiled_once_at_load() -> None:
    """Cards that match words carry their compiled pattern (no regex work per call)."""
    for c in CHECKABLE:
        assert c.rule is not None
        spec = c.rule
        needs = (spec.family == "chat_form" and spec.form in ("prefix", "no_word", "has_word")) or (
            spec.family in ("before", "react") and not spec.emote
        )
        assert (spec.pattern is not None) == needs, c.id
        if needs:
            assert isinstance(spec.pattern, re.Pattern)
    assert gc.card("A17").rule == gc.card("A17").rule  # patterns are not compared


# ---------------------------------------------------------------------------------------
# Sentences


def _well_formed(text: str) -> None:
    assert "{" not in text and "}" not in text, text
    assert text[0].isupper(), text
    assert text.endswith("."), text
    assert "  " not in text, text


SAMPLE_WHATS = ["A01", "A05", "A07", "A17", "A18", "A26", "A33"]
_SINGULAR = re.compile(r"\b(debe|tiene prohibido)\b")
_PLURAL = re.compile(r"\b(deben|tienen prohibido)\b")


@pytest.mark.parametrize("who", [*WHOS, gc.printed_who("man"), gc.printed_who("jeans")], ids=str)
def test_who_and_what_compose_a_sentence_in_both_languages_GT03(who: Card) -> None:
    """GT-03: a rule area's rule is its WHO card read with its WHAT card; the Spanish verb
    agrees with the group (singular "debe", plural "deben")."""
    for what_id in SAMPLE_WHATS:
        what = gc.card(what_id)
        es = gc.sentence(who, what, "es")
        en = gc.sentence(who, what, "en")
        _well_formed(es)
        _well_formed(en)
        verbs = _PLURAL if who.plural else _SINGULAR
        assert verbs.search(es), es
        if not who.plural:
            assert not _PLURAL.search(es), es
        assert " must " in en, en
        assert es.lower().startswith(who.es.lower()) and en.lower().startswith(who.en.lower())


def test_sentence_examples_read_naturally() -> None:
    glasses = gc.card("W02")
    assert gc.sentence(gc.card("W01"), gc.card("A01"), "es") == (
        "Todos los que lleven vaqueros deben susurrar."
    )
    assert (
        gc.sentence(gc.card("W01"), gc.card("A01"), "en") == "Everyone wearing jeans must whisper."
    )
    assert gc.sentence(glasses, gc.card("A01"), "es") == "Quien lleve gafas debe susurrar."
    assert (
        gc.sentence(gc.card("W20"), gc.card("A01"), "es") == "El jugador más joven debe susurrar."
    )
    assert gc.sentence(gc.card("W20"), gc.card("A18"), "es") == (
        "El jugador más joven tiene prohibido eructar."
    )
    assert gc.sentence(gc.card("W29"), gc.card("A18"), "es") == "Todos tienen prohibido eructar."
    assert gc.sentence(gc.card("W01"), gc.card("A07"), "es") == (
        "Todos los que lleven vaqueros deben tocar la guitarra aérea antes de jugar una carta."
    )
    assert gc.sentence(gc.printed_who("woman"), gc.card("A01"), "en") == "Women must whisper."


@pytest.mark.parametrize("what", WHATS, ids=_ids(WHATS))
def test_every_what_card_reads_with_a_singular_and_a_plural_group(what: Card) -> None:
    for who_id in ("W01", "W20"):
        for lang in ("es", "en"):
            _well_formed(gc.sentence(gc.card(who_id), what, lang))
    assert what.es == what.es_pl
    assert _PLURAL.search(what.es_pl) and not _PLURAL.search(what.es_sg)
    assert _SINGULAR.search(what.es_sg) and not _SINGULAR.search(what.es_pl)


def test_sentence_rejects_wrong_kinds_and_languages() -> None:
    with pytest.raises(ValueError):
        gc.sentence(gc.card("A01"), gc.card("W01"), "es")
    with pytest.raises(ValueError):
        gc.sentence(gc.card("W01"), gc.card("B01"), "es")
    with pytest.raises(ValueError):
        gc.sentence(gc.card("W01"), gc.card("A01"), "fr")
    with pytest.raises(ValueError):
        gc.individual_sentence(gc.card("A01"), "Ana", "es")


@pytest.mark.parametrize("card", INDIVIDUALS, ids=_ids(INDIVIDUALS))
def test_individual_sentences_name_the_owner_GT04(card: Card) -> None:
    """GT-04: an individual rule binds one player, read with that player's name."""
    es = gc.individual_sentence(card, "Ana", "es")
    en = gc.individual_sentence(card, "Ana", "en")
    _well_formed(es)
    _well_formed(en)
    assert es.startswith("Ana ") and _SINGULAR.search(es) and not _PLURAL.search(es)
    assert en.startswith("Ana ") and " must " in en
    assert card.es.startswith("Este jugador ") and card.en.startswith("This player ")


def test_individual_sentence_examples() -> None:
    assert gc.individual_sentence(gc.card("I04"), "Ana", "es") == (
        "Ana debe aplaudir antes de jugar una carta."
    )
    assert (
        gc.individual_sentence(gc.card("I04"), "Ana", "en")
        == "Ana must clap before playing a card."
    )
    assert gc.card("I01").es == "Este jugador debe chocar los cinco antes de jugar una carta"


def test_blank_sentences() -> None:
    assert gc.blank_sentence("debe cantar", "Ana", "es") == "Ana debe cantar."
    assert gc.blank_sentence("must sing!", "everyone wearing jeans", "en") == (
        "Everyone wearing jeans must sing!"
    )
    _well_formed(gc.blank_sentence("", "Ana", "es"))
    _well_formed(gc.blank_sentence("  ", "todos", "en"))


# ---------------------------------------------------------------------------------------
# One log that breaks and one that keeps every checkable card


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
@pytest.mark.parametrize("seat", [0, 2])
def test_breaking_example_breaks_the_card(card: Card, seat: int) -> None:
    log = gc.breaking_example(card, seat, THREE)
    assert log and log[0].t == 0
    assert all(a.t <= b.t for a, b in itertools.pairwise(log))
    found = _judge(card, log, seat, THREE)
    assert found, card.id
    assert all(b.seat == seat for b in found)
    assert all(0 <= b.index < len(log) for b in found)


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
@pytest.mark.parametrize("seat", [0, 2])
@pytest.mark.parametrize("profiles", [THREE, PROFILES], ids=["3p", "4p"])
def test_keeping_example_keeps_the_card(
    card: Card, seat: int, profiles: tuple[Profile, ...]
) -> None:
    log = gc.keeping_example(card, seat, profiles)
    assert log and log[0].t == 0
    assert _judge(card, log, seat, profiles) == (), card.id
    # The keeping log does what the rule governs: it is not empty of the rule's subject.
    assert any(ev.seat == seat for ev in log), card.id


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
def test_events_before_start_never_count_GT06(card: Card) -> None:
    """GT-05/GT-06: a rule binds only from `start`; a breaking log before it is ignored, and
    nothing before it (an emote, an anchor, a trigger) carries into the binding slice."""
    seat = 1
    head = gc.breaking_example(card, seat, THREE)
    shift = head[-1].t + 60_000
    tail = tuple(
        Event(ev.t + shift, ev.seat, ev.kind, ev.text, ev.target)
        for ev in gc.keeping_example(card, seat, THREE)
    )
    log = head + tail
    assert gc.breaches(card, log, seat, THREE, start=len(head), now=log[-1].t) == ()
    assert gc.breaches(card, log, seat, THREE, start=0, now=log[-1].t)


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
@pytest.mark.parametrize("seat", [0, 2])
def test_own_events_only_says_whether_breaches_are_the_breakers_own_events(
    card: Card, seat: int
) -> None:
    """The referee judges only a new event's sender for rules where ``own_events_only``
    holds: then every breach is an event of the breaker itself, at that event's time;
    otherwise (``react``) the breach is a trigger, timed at its deadline."""
    log = gc.breaking_example(card, seat, THREE)
    found = _judge(card, log, seat, THREE)
    own = [log[b.index].seat == seat and log[b.index].t == b.t for b in found]
    if gc.own_events_only(card):
        assert card.rule is not None and card.rule.family != "react"
        assert all(own), card.id
    else:
        assert card.rule is not None and card.rule.family == "react"
        assert not all(own), card.id


def test_own_events_only_for_cards_without_a_predicate() -> None:
    assert all(gc.own_events_only(c) for c in gc.CARDS if not c.checkable)


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
def test_breaches_are_stable_as_the_log_grows(card: Card) -> None:
    """The referee records each breach once: a breach found now is found again, with the
    same index and time, on every later call over a longer log."""
    seat = 0
    log = gc.breaking_example(card, seat, THREE)
    first = _judge(card, log, seat, THREE)
    assert first == _judge(card, log, seat, THREE)
    longer = log + tuple(
        Event(ev.t + log[-1].t + 10_000, ev.seat, ev.kind, ev.text, ev.target)
        for ev in gc.breaking_example(card, seat, THREE)
    )
    later = gc.breaches(card, longer, seat, THREE, start=0, now=longer[-1].t)
    assert set(first) <= set(later)
    assert len(later) > len(first)


@pytest.mark.parametrize("card", CHECKABLE, ids=_ids(CHECKABLE))
def test_every_checkable_card_explains_its_digital_form_in_both_languages(card: Card) -> None:
    for lang in ("es", "en"):
        hint = gc.rule_hint(card, lang)
        assert hint and "{" not in hint and hint[0].isupper(), (card.id, lang, hint)
        assert hint.endswith("."), hint
    assert gc.rule_hint(card, "es") != gc.rule_hint(card, "en")


def test_rule_hints_examples_and_cards_without_hints() -> None:
    assert gc.rule_hint(gc.card("I04"), "es") == "Gesto «aplaudir» antes de jugar una carta."
    assert gc.rule_hint(gc.card("I04"), "en") == "The “clap” emote before playing a card."
    assert gc.rule_hint(gc.card("A16"), "en") == "Wait at least 3 seconds before playing a card."
    assert gc.rule_hint(gc.card("A01"), "es") == "En el chat: solo minúsculas."
    assert gc.rule_hint(gc.card("W01"), "es") == ""
    assert gc.rule_hint(gc.card("B01"), "en") == ""
    with pytest.raises(ValueError):
        gc.rule_hint(gc.card("A01"), "de")


def test_cards_are_frozen_and_hashable() -> None:
    assert len(set(gc.CARDS)) == 110
    assert len({c.rule for c in CHECKABLE}) > 50
    with pytest.raises(AttributeError):
        gc.card("A01").es = "otra cosa"  # type: ignore[misc]
