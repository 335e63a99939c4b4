"""Gotcha! (¡Te tengo!) cards: the 110-card deck, its WHO predicates, its WHAT/individual
predicates over the event log, and the sentences read aloud.

This module is the deck's API: the game, the referee, the bots and the tests use the cards
through it alone. The authored deck lives in ``games/gotcha/cards.toml`` (texts in Spanish
and English with their predicate parameters). What a WHAT/individual rule asks is its
family's (``Rule.family``; one object per family in :mod:`ludoteca.games.gotcha.families`):
the judging functions (``cards_check``) and the obeying ones (``cards_obey``), re-exported
here, find a card's family and ask it. Rulings: ``shared/games/gotcha.md`` (GT-03 WHO/WHAT
slots, GT-04 individual mats, GT-06 buzz checks, GT-09 blank cards are voted).

Spanish agreement: each WHO card says whether its group takes a plural verb
(``Card.plural``) and each WHAT card stores both verb forms (``es_sg``/``es_pl``: "debe" /
"deben", "tiene prohibido" / "tienen prohibido"), so
:func:`sentence` is always grammatical ("El jugador más joven debe susurrar.", "Todos los
que lleven gafas deben susurrar."). English uses the invariant "must".

WHO tie rules (:func:`who_matches`): "the youngest/oldest player" covers every player
sharing the lowest/highest declared age; "the player in the lead"/"in last place" covers
every player sharing the highest/lowest track position, so when everyone is level (e.g. at
the start) everyone is both in the lead and in last place, and "everyone not in the lead"
covers nobody. The player to the right of the current player is seat ``current - 1 mod n``
(play passes to seat + 1), the one to the left is ``current + 1 mod n``; with no current
player (``Facts.current == -1``) the current player and both neighbours are nobody and
"everyone except the current player" is everyone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from ludoteca.engine import components
from ludoteca.engine.i18n import Lang
from ludoteca.games.gotcha.cards_check import (
    Watch,
    breach_at,
    breach_kind,
    breaches,
    own_events_only,
    spec_of,
)
from ludoteca.games.gotcha.cards_model import (
    EVENT_KINDS,
    GAME_SEAT,
    WHOSE,
    Breach,
    Card,
    CardKind,
    Event,
    Facts,
    Profile,
    Rule,
    Who,
    make_event,
    make_facts,
    normalise,
    words_pattern,
)
from ludoteca.games.gotcha.cards_obey import (
    conform_chat,
    conform_chat_all,
    earliest_time,
    earliest_time_all,
    may_chat,
    may_chat_all,
    may_owe,
    owed_answer_at,
    owed_reactions,
    satisfying_actions,
    satisfying_actions_all,
    spoken_word,
    would_breach,
)
from ludoteca.games.gotcha.families.base import Pace
from ludoteca.games.gotcha.families.log import seat_name
from ludoteca.games.gotcha.families.react import reaction_missed
from ludoteca.games.gotcha.families.registry import BY_ID as FAMILY_BY_ID
from ludoteca.games.gotcha.families.registry import family_of
from ludoteca.games.gotcha.families.requirement import meets

__all__ = [
    "CARDS",
    "DEFAULT_PRINTED_GROUPS",
    "EMOTES",
    "EVENT_KINDS",
    "GAME_SEAT",
    "TRAITS",
    "WHOSE",
    "WHO_KINDS",
    "Breach",
    "Card",
    "CardKind",
    "Event",
    "Facts",
    "Pace",
    "Profile",
    "Rule",
    "Watch",
    "Who",
    "blank_sentence",
    "breach_at",
    "breach_kind",
    "breaches",
    "breaking_example",
    "card",
    "cards_of_kind",
    "conform_chat",
    "conform_chat_all",
    "earliest_time",
    "earliest_time_all",
    "emote_label",
    "individual_sentence",
    "keeping_example",
    "make_event",
    "make_facts",
    "may_chat",
    "may_chat_all",
    "may_owe",
    "meets",
    "occasions",
    "owed_answer_at",
    "owed_reactions",
    "own_events_only",
    "printed_who",
    "reaction_missed",
    "rule_hint",
    "satisfying_actions",
    "satisfying_actions_all",
    "sentence",
    "spoken_word",
    "trait_label",
    "who_matches",
    "would_breach",
]

DATA: Final = components.load("gotcha", "cards")

EMOTES: Final[tuple[str, ...]] = tuple(DATA["emotes"])
"""Emote ids, in data-file order."""
TRAITS: Final[tuple[str, ...]] = tuple(DATA["traits"])
"""Declarable profile trait ids, in data-file order."""
DEFAULT_PRINTED_GROUPS: Final[tuple[str, str]] = ("man", "woman")
"""The groups printed on the board's two WHO slots (rulebook: men and women)."""

_LANGS: Final = ("es", "en")
_KIND_OF_TABLE: Final[dict[str, CardKind]] = {
    "who": "who",
    "what": "what",
    "individual": "individual",
}
_RULE_FIELDS: Final = {
    "family",
    "on",
    "by",
    "on_text",
    "anchor",
    "anchor_by",
    "emote",
    "form",
    "words",
    "number",
    "letter",
    "delay",
    "during",
}


def _lang(lang: str) -> str:
    if lang not in _LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of: es, en")
    return lang


def _label(table: str, key: str, lang: str) -> str:
    entry = DATA[table].get(key)
    if entry is None:
        raise ValueError(f"unknown {table[:-1]} {key!r}")
    return str(entry[_lang(lang)])


def emote_label(emote: str, lang: str) -> str:
    """The button label of an emote ("aplaudir" / "clap").

    Raises:
        ValueError: For an unknown emote or language.
    """
    return _label("emotes", emote, lang)


def trait_label(trait: str, lang: str) -> str:
    """How a declared trait reads in a profile ("lleva vaqueros" / "wears jeans").

    Raises:
        ValueError: For an unknown trait or language.
    """
    return _label("traits", trait, lang)


# ---------------------------------------------------------------------------------------
# WHO predicates


def _has_traits(spec: Who, seat: int, facts: Facts) -> bool:
    have = facts.profiles[seat].traits
    if spec.match == "all":
        return all(t in have for t in spec.traits)
    hit = any(t in have for t in spec.traits)
    return hit if spec.match == "any" else not hit


def _youngest(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.profiles[seat].age == min(p.age for p in facts.profiles)


def _oldest(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.profiles[seat].age == max(p.age for p in facts.profiles)


def _leader(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.positions[seat] == max(facts.positions)


def _not_leader(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.positions[seat] != max(facts.positions)


def _last(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.positions[seat] == min(facts.positions)


def _current(spec: Who, seat: int, facts: Facts) -> bool:
    return seat == facts.current


def _not_current(spec: Who, seat: int, facts: Facts) -> bool:
    return seat != facts.current


def _right_of_current(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.current >= 0 and seat == (facts.current - 1) % len(facts.profiles)


def _left_of_current(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.current >= 0 and seat == (facts.current + 1) % len(facts.profiles)


def _position(spec: Who, seat: int, facts: Facts) -> bool:
    return facts.positions[seat] == spec.value


def _everyone(spec: Who, seat: int, facts: Facts) -> bool:
    return True


def _name_vowel(spec: Who, seat: int, facts: Facts) -> bool:
    return normalise(facts.profiles[seat].name).lstrip()[:1] in ("a", "e", "i", "o", "u")


_WHO_TESTS: Final[dict[str, Callable[[Who, int, Facts], bool]]] = {
    "traits": _has_traits,
    "youngest": _youngest,
    "oldest": _oldest,
    "leader": _leader,
    "last": _last,
    "current": _current,
    "right_of_current": _right_of_current,
    "left_of_current": _left_of_current,
    "not_current": _not_current,
    "not_leader": _not_leader,
    "position": _position,
    "everyone": _everyone,
    "name_vowel": _name_vowel,
}
"""Whether a WHO predicate covers a seat, by ``Who.kind``."""

WHO_KINDS: Final[tuple[str, ...]] = tuple(_WHO_TESTS)
"""The families of WHO predicates (``Who.kind``)."""


def who_matches(who: Card, seat: int, facts: Facts) -> bool:
    """Whether the WHO card (or printed group) ``who`` covers ``seat`` now.

    Ties are shared (see the module docstring): every player at the extreme is covered.

    Raises:
        ValueError: If ``who`` is not a WHO card.
    """
    spec = who.who
    if spec is None:
        raise ValueError(f"card {who.id} is not a WHO card")
    test = _WHO_TESTS.get(spec.kind)
    if test is None:
        raise ValueError(f"unknown WHO kind {spec.kind!r}")
    return test(spec, seat, facts)


# ---------------------------------------------------------------------------------------
# Loading the deck


def _who(entry: Mapping[str, Any]) -> Who:
    kind = str(entry["kind"])
    if kind not in WHO_KINDS:
        raise ValueError(f"WHO card {entry['id']}: unknown kind {kind!r}")
    traits = tuple(str(t) for t in entry.get("traits", ()))
    for trait in traits:
        if trait not in TRAITS:
            raise ValueError(f"WHO card {entry['id']}: unknown trait {trait!r}")
    match = str(entry.get("match", "any"))
    if match not in ("any", "all", "none"):
        raise ValueError(f"WHO card {entry['id']}: unknown match {match!r}")
    if kind == "traits" and not traits:
        raise ValueError(f"WHO card {entry['id']}: a trait card needs traits")
    return Who(kind=kind, traits=traits, match=match, value=int(entry.get("value", 0)))


def _field_problems(spec: Rule) -> list[str]:
    """What is wrong with the fields every family reads the same way: whose events count,
    the emotes and the event kinds named.
    """
    problems = []
    for name in ("by", "anchor_by"):
        if getattr(spec, name) not in WHOSE:
            problems.append(f"unknown {name} {getattr(spec, name)!r}")
    for emote in (spec.emote, spec.on_text):
        if emote and emote not in EMOTES:
            problems.append(f"unknown emote {emote!r}")
    for kind in (spec.on, spec.anchor):
        if kind and kind not in EVENT_KINDS:
            problems.append(f"unknown event kind {kind!r}")
    return problems


def _rule(entry: Mapping[str, Any]) -> Rule:
    params = {k: v for k, v in entry.items() if k in _RULE_FIELDS}
    words = tuple(str(w) for w in params.pop("words", ()))
    spec = Rule(**params, words=words)
    family = FAMILY_BY_ID.get(spec.family)
    problems = [] if family is not None else [f"unknown family {spec.family!r}"]
    problems += _field_problems(spec)
    if family is not None:
        problems += family.problems(spec)
    if problems:
        raise ValueError(f"card {entry['id']}: " + "; ".join(problems))
    if family is not None and family.uses_pattern(spec):
        return Rule(**params, words=words, pattern=words_pattern(words))
    return spec


def _texts(entry: Mapping[str, Any]) -> tuple[str, str]:
    es, en = str(entry.get("es", "")).strip(), str(entry.get("en", "")).strip()
    if not es or not en:
        raise ValueError(f"card {entry.get('id')}: needs a text in es and en")
    return es, en


def _load_card(table: str, entry: Mapping[str, Any]) -> Card:
    cid = str(entry["id"])
    es, en = _texts(entry)
    hint_es, hint_en = str(entry.get("hint_es", "")), str(entry.get("hint_en", ""))
    if table == "blank":
        kind = str(entry["kind"])
        if kind not in ("blank_what", "blank_individual"):
            raise ValueError(f"card {cid}: unknown blank kind {kind!r}")
        return Card(
            cid, cast(CardKind, kind), es, en, checkable=False, hint_es=hint_es, hint_en=hint_en
        )
    if table == "who":
        return Card(
            cid, "who", es, en, checkable=True, plural=bool(entry["plural"]), who=_who(entry)
        )
    if "{must}" not in es and "{forbidden}" not in es:
        raise ValueError(f"card {cid}: the Spanish text needs a {{must}} or {{forbidden}} slot")
    es_sg = es.format(must="debe", forbidden="tiene prohibido")
    es_pl = es.format(must="deben", forbidden="tienen prohibido")
    spec = _rule(entry)
    if table == "what":
        return Card(
            cid,
            "what",
            es_pl,
            en,
            True,
            es_sg=es_sg,
            es_pl=es_pl,
            en_pred=en,
            rule=spec,
            hint_es=hint_es,
            hint_en=hint_en,
        )
    printed_es, printed_en = f"Este jugador {es_sg}", f"This player {en}"
    return Card(
        cid,
        "individual",
        printed_es,
        printed_en,
        True,
        es_sg=es_sg,
        es_pl=es_pl,
        en_pred=en,
        rule=spec,
        hint_es=hint_es,
        hint_en=hint_en,
    )


def _load_deck() -> tuple[Card, ...]:
    cards = [
        _load_card(table, entry)
        for table in ("who", "what", "individual", "blank")
        for entry in DATA.get(table, ())
    ]
    seen: set[str] = set()
    for c in cards:
        if c.id in seen:
            raise ValueError(f"duplicate Gotcha card id {c.id}")
        seen.add(c.id)
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _load_deck()
"""Every card of the deck, in id order within each kind (W.., A.., I.., B..)."""
_BY_ID: Final[dict[str, Card]] = {c.id: c for c in CARDS}


def cards_of_kind(kind: CardKind) -> tuple[Card, ...]:
    """The cards of one kind, in deck order."""
    return tuple(c for c in CARDS if c.kind == kind)


def printed_who(trait: str) -> Card:
    """The WHO card (id ``"P:<trait>"``) of a group printed on the board ("los hombres").

    Raises:
        ValueError: For an unknown trait.
    """
    entry = DATA["traits"].get(trait)
    if entry is None:
        raise ValueError(f"unknown trait {trait!r}")
    return Card(
        f"P:{trait}",
        "who",
        str(entry["who_es"]),
        str(entry["who_en"]),
        checkable=True,
        plural=True,
        who=Who("traits", (trait,), "any"),
    )


def card(card_id: str) -> Card:
    """The card with this id (``"P:<trait>"`` gives a printed group).

    Raises:
        ValueError: For an unknown id.
    """
    found = _BY_ID.get(card_id)
    if found is not None:
        return found
    if card_id.startswith("P:") and card_id[2:] in DATA["traits"]:
        return printed_who(card_id[2:])
    raise ValueError(f"unknown Gotcha card id {card_id!r}")


# ---------------------------------------------------------------------------------------
# Sentences read aloud


def _cap(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def _period(text: str) -> str:
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def sentence(who: Card, what: Card, lang: str) -> str:
    """The whole rule of a rule area read aloud.

    Example: "Todos los que lleven vaqueros deben susurrar." / "Everyone wearing jeans
    must whisper." / "El jugador más joven debe susurrar."

    Raises:
        ValueError: If ``who`` is not a WHO card, ``what`` not a checkable WHAT card (use
            :func:`blank_sentence` for blank cards) or ``lang`` unknown.
    """
    if who.kind != "who" or what.kind != "what":
        raise ValueError(f"sentence needs a WHO and a WHAT card, not {who.id} and {what.id}")
    if _lang(lang) == "es":
        return _period(f"{_cap(who.es)} {what.es_pl if who.plural else what.es_sg}")
    return _period(f"{_cap(who.en)} {what.en_pred}")


def individual_sentence(card: Card, owner: str, lang: str) -> str:
    """An individual rule read aloud with its owner's name.

    Example: "Ana debe aplaudir antes de jugar una carta." / "Ana must clap before
    playing a card."

    Raises:
        ValueError: If ``card`` is not a checkable individual card or ``lang`` unknown.
    """
    if card.kind != "individual":
        raise ValueError(f"card {card.id} is not an individual card")
    pred = card.es_sg if _lang(lang) == "es" else card.en_pred
    return _period(_cap(f"{owner.strip()} {pred}"))


_BLANK_EMPTY: Final = {"es": "(regla en blanco)", "en": "(blank rule)"}


def blank_sentence(text: str, owner_or_who: str, lang: str) -> str:
    """A custom rule written on a blank card, read aloud.

    Args:
        text: What the player wrote, e.g. "debe cantar" / "must sing".
        owner_or_who: The owner's name (individual) or the WHO text (rule area).
        lang: ``"es"`` or ``"en"``.

    Returns:
        The joined sentence, capitalised and ending with a full stop.
    """
    body = text.strip() or _BLANK_EMPTY[_lang(lang)]
    return _period(_cap(f"{owner_or_who.strip()} {body}"))


# ---------------------------------------------------------------------------------------
# Hints: how a rule maps to the digital room


def rule_hint(card: Card, lang: str) -> str:
    """How a WHAT/individual card is kept in the digital room ("En el chat: solo
    minúsculas." / "The “clap” emote within 5 seconds.").

    The card's authored hint when it has one, otherwise one built from its predicate by its
    family (``Family.hint``). Empty for WHO and blank cards.

    Raises:
        ValueError: For an unknown language.
    """
    code: Lang = "es" if _lang(lang) == "es" else "en"
    authored = card.hint_es if code == "es" else card.hint_en
    spec = card.rule
    if authored or spec is None or not card.checkable:
        return authored
    emote = emote_label(spec.emote, code) if spec.emote else ""
    return family_of(spec).hint(spec, code, emote)


# ---------------------------------------------------------------------------------------
# Examples and obligations


def _example(rule: Card, seat: int, profiles: Sequence[Profile], keep: bool) -> tuple[Event, ...]:
    spec = spec_of(rule)
    if spec is None:
        return ()
    n = max(len(profiles), 2)
    return family_of(spec).example(spec, seat, n, seat_name(profiles, seat), keep)


def breaking_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` breaks ``rule``.

    Used by the tests (every checkable card has one). Judge it with ``start=0`` and ``now``
    = the last event's time. Blank cards: () (they cannot be checked; GT-09).
    """
    return _example(rule, seat, profiles, keep=False)


def keeping_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` keeps ``rule`` while doing what it governs.

    Judge it with ``start=0`` and ``now`` = the last event's time. Blank cards: ().
    """
    return _example(rule, seat, profiles, keep=True)


def occasions(rule: Card, pace: Pace) -> float:
    """How many times in a round (every player's turn once) one covered player must mind
    ``rule`` at ``pace``: each time is a chance to slip, and for the others to catch it
    (0 for WHO and blank cards).
    """
    spec = spec_of(rule)
    return 0.0 if spec is None else family_of(spec).occasions(spec, pace)
