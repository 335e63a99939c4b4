"""Gotcha! (¡Te tengo!) cards: the 110-card deck, its WHO predicates, its WHAT/individual
predicates over the event log, and the sentences read aloud.

The authored deck lives in ``games/gotcha/cards.toml`` (texts in Spanish and English
with their predicate parameters). The contract with the game module is
``GOTCHA_INTERFACE.md``; rulings: ``shared/games/gotcha.md`` (GT-03 WHO/WHAT slots, GT-04
individual mats, GT-06 buzz checks, GT-09 blank cards are voted).

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

from collections.abc import Mapping
from typing import Any, Final, cast

from ludoteca.engine import components
from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_check import (
    Watch,
    breach_kind,
    breaches,
    chat_ok,
    meets,
    owed_trigger,
    own_events_only,
)
from ludoteca.games.gotcha.cards_event import breach_at, reaction_missed
from ludoteca.games.gotcha.cards_examples import breaking_example, keeping_example
from ludoteca.games.gotcha.cards_model import (
    CHAT_FORMS,
    EVENT_KINDS,
    FAMILIES,
    GAME_SEAT,
    WHO_KINDS,
    WHOSE,
    Breach,
    Card,
    CardKind,
    Event,
    Facts,
    Profile,
    Rule,
    Who,
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
    owed_reactions,
    satisfying_actions,
    satisfying_actions_all,
    spoken_word,
    would_breach,
)

__all__ = [
    "CARDS",
    "CHAT_FORMS",
    "DEFAULT_PRINTED_GROUPS",
    "EMOTES",
    "EVENT_KINDS",
    "FAMILIES",
    "GAME_SEAT",
    "TRAITS",
    "WHOSE",
    "WHO_KINDS",
    "Breach",
    "Card",
    "CardKind",
    "Event",
    "Facts",
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
    "chat_ok",
    "conform_chat",
    "conform_chat_all",
    "earliest_time",
    "earliest_time_all",
    "emote_label",
    "individual_sentence",
    "keeping_example",
    "may_chat",
    "may_chat_all",
    "meets",
    "owed_reactions",
    "owed_trigger",
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
_NEEDS_PATTERN: Final = {"prefix", "no_word", "has_word"}
_NEEDS_WORDS: Final = {"suffix", "prefix", "no_word", "has_word"}


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


def _rule(entry: Mapping[str, Any]) -> Rule:
    cid = entry["id"]
    params = {k: v for k, v in entry.items() if k in _RULE_FIELDS}
    words = tuple(str(w) for w in params.pop("words", ()))
    spec = Rule(**params, words=words)
    problems: list[str] = []
    if spec.family not in FAMILIES:
        problems.append(f"unknown family {spec.family!r}")
    for name in ("by", "anchor_by"):
        if getattr(spec, name) not in WHOSE:
            problems.append(f"unknown {name} {getattr(spec, name)!r}")
    for emote in (spec.emote, spec.on_text):
        if emote and emote not in EMOTES:
            problems.append(f"unknown emote {emote!r}")
    for kind in (spec.on, spec.anchor):
        if kind and kind not in EVENT_KINDS:
            problems.append(f"unknown event kind {kind!r}")
    family = spec.family
    needs_requirement = family in ("before", "react")
    if needs_requirement and not spec.emote and not words:
        problems.append("needs an emote or words to say")
    if family in ("before", "react", "wait") and not spec.on:
        problems.append("needs 'on'")
    if family == "before" and spec.on == ("emote" if spec.emote else "chat"):
        problems.append("the requirement cannot be of the trigger's own kind")
    if (
        family == "react"
        and spec.by in ("self", "any")
        and spec.on == ("emote" if spec.emote else "chat")
        and (not spec.on_text or spec.on_text == spec.emote)
    ):
        problems.append("the response would trigger the rule again")
    if family in ("react", "wait") and spec.delay <= 0:
        problems.append("needs a positive delay")
    if family == "wait" and not spec.anchor:
        problems.append("needs 'anchor'")
    if family == "never_emote" and not spec.emote:
        problems.append("needs the forbidden emote")
    if family == "chat_form":
        if spec.form not in CHAT_FORMS:
            problems.append(f"unknown form {spec.form!r}")
        if spec.form in _NEEDS_WORDS and not words:
            problems.append(f"form {spec.form} needs words")
        if spec.form in ("max_words", "min_words") and spec.number <= 0:
            problems.append("needs a positive number")
        if spec.form == "no_letter" and (
            len(spec.letter) != 1 or normalise(spec.letter) != spec.letter
        ):
            problems.append("needs one lower-case letter without accent")
    if family == "chat_limit" and spec.number <= 0:
        problems.append("needs a positive number")
    if family == "silent" and spec.during not in ("outside_own_turn", "own_turn"):
        problems.append(f"unknown 'during' {spec.during!r}")
    if problems:
        raise ValueError(f"card {cid}: " + "; ".join(problems))
    uses_pattern = (family == "chat_form" and spec.form in _NEEDS_PATTERN) or (
        needs_requirement and not spec.emote
    )
    if uses_pattern:
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
# WHO predicates


def who_matches(who: Card, seat: int, facts: Facts) -> bool:
    """Whether the WHO card (or printed group) ``who`` covers ``seat`` now.

    Ties are shared (see the module docstring): every player at the extreme is covered.

    Raises:
        ValueError: If ``who`` is not a WHO card.
    """
    spec = who.who
    if spec is None:
        raise ValueError(f"card {who.id} is not a WHO card")
    kind = spec.kind
    n = len(facts.profiles)
    if kind == "traits":
        have = facts.profiles[seat].traits
        if spec.match == "all":
            return all(t in have for t in spec.traits)
        hit = any(t in have for t in spec.traits)
        return hit if spec.match == "any" else not hit
    if kind == "youngest":
        return facts.profiles[seat].age == min(p.age for p in facts.profiles)
    if kind == "oldest":
        return facts.profiles[seat].age == max(p.age for p in facts.profiles)
    if kind == "leader":
        return facts.positions[seat] == max(facts.positions)
    if kind == "not_leader":
        return facts.positions[seat] != max(facts.positions)
    if kind == "last":
        return facts.positions[seat] == min(facts.positions)
    if kind == "current":
        return seat == facts.current
    if kind == "not_current":
        return seat != facts.current
    if kind == "right_of_current":
        return facts.current >= 0 and seat == (facts.current - 1) % n
    if kind == "left_of_current":
        return facts.current >= 0 and seat == (facts.current + 1) % n
    if kind == "position":
        return facts.positions[seat] == spec.value
    if kind == "everyone":
        return True
    if kind == "name_vowel":
        return normalise(facts.profiles[seat].name).lstrip()[:1] in ("a", "e", "i", "o", "u")
    raise ValueError(f"unknown WHO kind {kind!r}")


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


def _seconds(ms: int, lang: str) -> str:
    whole, rest = divmod(ms, 1000)
    if not rest:
        return str(whole)
    text = f"{ms / 1000:g}"
    return text.replace(".", ",") if lang == "es" else text


def rule_hint(card: Card, lang: str) -> str:
    """How a WHAT/individual card is kept in the digital room ("En el chat: solo
    minúsculas." / "The “clap” emote within 5 seconds.").

    The card's authored hint when it has one, otherwise one built from its predicate. Empty
    for WHO and blank cards.

    Raises:
        ValueError: For an unknown language.
    """
    code: Lang = "es" if _lang(lang) == "es" else "en"
    authored = card.hint_es if code == "es" else card.hint_en
    spec = card.rule
    if authored or spec is None or not card.checkable:
        return authored
    family = spec.family
    words = " / ".join(spec.words)
    emote = emote_label(spec.emote, code) if spec.emote else ""
    seconds = _seconds(spec.delay, code)
    if family in ("before", "react"):
        suffix = "emote" if spec.emote else "chat"
        act = msg(f"gotcha.cards.act.{spec.on}").text(code) if family == "before" else ""
        return msg(
            f"gotcha.cards.hint.{family}_{suffix}",
            emote=emote,
            words=words,
            act=act,
            seconds=seconds,
        ).text(code)
    if family == "chat_form":
        key = f"gotcha.cards.form.{spec.form}"
        return msg(key, words=words, number=spec.number, letter=spec.letter.upper()).text(code)
    if family == "silent":
        return msg(f"gotcha.cards.hint.silent.{spec.during}").text(code)
    act = msg(f"gotcha.cards.act.{spec.on}").text(code) if family == "wait" else ""
    return msg(
        f"gotcha.cards.hint.{family}", emote=emote, number=spec.number, seconds=seconds, act=act
    ).text(code)
