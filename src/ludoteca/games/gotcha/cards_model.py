"""Gotcha cards: the value types shared by the card data, the checker and the game.

Public names are re-exported by :mod:`ludoteca.games.gotcha.cards`; import them from there.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal

from ludoteca.engine import native

EVENT_KINDS: Final[tuple[str, ...]] = (
    "turn_start",
    "draw",
    "play",
    "chat",
    "emote",
    "buzz",
    "vote",
    "announce",
)
"""Every kind an :class:`Event` may have."""

GAME_SEAT: Final = -1
"""``Event.seat`` of events done by the game itself (e.g. an announcement)."""

CardKind = Literal["who", "what", "individual", "blank_what", "blank_individual"]

WHOSE: Final[tuple[str, ...]] = ("self", "other", "any", "right", "left")
"""Whose event triggers a rule, relative to the bound seat (``Rule.by``): the seat itself,
any other seat, anyone (the game too), the player to the right (seat - 1 mod n, who plays
just before) or to the left (seat + 1 mod n, who plays just after)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in the game room, with the game clock's time.

    Attributes:
        t: Game clock in milliseconds since the game began (non-decreasing in a log).
        seat: Who did it; for ``turn_start`` the seat whose turn starts; -1 = the game.
        kind: One of :data:`EVENT_KINDS`.
        text: ``chat``: the message; ``emote``: the emote id; ``play``: the card id;
            ``buzz``: the rule area/mat id named; ``announce``: the card id announced.
        target: ``play`` of an individual card: the mat's owner; otherwise -1.
    """

    t: int
    seat: int
    kind: str
    text: str = ""
    target: int = -1


_NEW_EVENT: Final = Event.__new__
"""Event's allocator: ``object.__new__`` interpreted, mypyc's native one compiled."""
_SET_T: Final = vars(Event)["t"].__set__
_SET_SEAT: Final = vars(Event)["seat"].__set__
_SET_KIND: Final = vars(Event)["kind"].__set__
_SET_TEXT: Final = vars(Event)["text"].__set__
_SET_TARGET: Final = vars(Event)["target"].__set__


def make_event(t: int, seat: int, kind: str, text: str = "", target: int = -1) -> Event:
    """``Event(t, seat, kind, text, target)``, made about 3x faster (issue 19): a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``; this sets the
    slots directly. The referee logs an event or two per step.
    """
    event: Event = _NEW_EVENT(Event)
    _SET_T(event, t)
    _SET_SEAT(event, seat)
    _SET_KIND(event, kind)
    _SET_TEXT(event, text)
    _SET_TARGET(event, target)
    return event


@dataclass(frozen=True, slots=True)
class Profile:
    """What a player declared on joining.

    Attributes:
        name: Display name (some rules need it: "say your name before talking").
        age: Declared age in years.
        traits: A subset of ``TRAITS``.
    """

    name: str
    age: int
    traits: frozenset[str]


@dataclass(frozen=True, slots=True)
class Facts:
    """The game facts a WHO card may depend on, at the time of checking.

    Attributes:
        profiles: One profile per seat.
        positions: Track position per seat (-1 WRONG WAY .. track length CHAMP).
        current: The seat whose turn it is.
    """

    profiles: tuple[Profile, ...]
    positions: tuple[int, ...]
    current: int


_NEW_FACTS: Final = Facts.__new__
_SET_PROFILES: Final = vars(Facts)["profiles"].__set__
_SET_POSITIONS: Final = vars(Facts)["positions"].__set__
_SET_CURRENT: Final = vars(Facts)["current"].__set__


def make_facts(profiles: tuple[Profile, ...], positions: tuple[int, ...], current: int) -> Facts:
    """``Facts(profiles, positions, current)``, made as :func:`make_event` makes an Event."""
    facts: Facts = _NEW_FACTS(Facts)
    _SET_PROFILES(facts, profiles)
    _SET_POSITIONS(facts, positions)
    _SET_CURRENT(facts, current)
    return facts


@dataclass(frozen=True, slots=True)
class Who:
    """The predicate of a WHO card.

    Attributes:
        kind: One of ``cards.WHO_KINDS``.
        traits: ``traits``: the traits looked at.
        match: ``traits``: ``"any"`` (has one of them), ``"all"`` (has every one) or
            ``"none"`` (has none of them: the negated cards).
        value: ``position``: the track position (-1 is WRONG WAY, 0 is START).
    """

    kind: str
    traits: tuple[str, ...] = ()
    match: str = "any"
    value: int = 0


@dataclass(frozen=True, slots=True)
class Rule:
    """The predicate of a WHAT or individual card: a trigger and a requirement.

    Attributes:
        family: The id of the rule's family (a key of ``families.registry.BY_ID``), which
            says what the rule asks and which of the other fields it reads: ``before`` (the
            required emote or chat before every ``on`` event), ``chat_form`` (every chat
            message has the form ``form``), ``silent`` (no chat ``during`` a part of the
            turn), ``react`` (the required emote or chat within ``delay`` of every ``on``
            event by ``by``), ``wait`` (``delay`` between an ``anchor`` event and an ``on``
            event), ``never_emote``, ``chat_limit`` (at most ``number`` messages a turn)
            and ``no_repeat_emote``; each is a module of
            :mod:`ludoteca.games.gotcha.families`.
        on: The event kind that triggers the rule (``before``, ``react``, ``wait``).
        by: Whose ``on`` event counts (:data:`WHOSE`; ``react``).
        on_text: ``react`` on an emote: the emote id that triggers (``""``: any).
        anchor: ``wait``: the event kind whose time starts the wait.
        anchor_by: ``wait``: whose ``anchor`` event counts (:data:`WHOSE`).
        emote: The required emote (``before``, ``react``) or the forbidden one
            (``never_emote``). Empty when the requirement is a chat message.
        form: ``chat_form``: a key of ``families.chat_forms.FORMS``.
        words: Words or phrases (any language; matched case- and accent-insensitively as
            whole words): the required chat of ``before``/``react``, the suffix, prefix,
            forbidden or required words of ``chat_form``. The first is what a bot says.
        number: ``max_words``/``min_words``/``chat_limit``: the count.
        letter: ``no_letter``: the forbidden letter (lower case, no accent).
        delay: ``react``: the time allowed in ms; ``wait``: the time to wait in ms.
        during: ``silent``: ``"outside_own_turn"`` or ``"own_turn"``.
        pattern: ``words`` compiled once (whole words over normalised text); not compared.
    """

    family: str
    on: str = ""
    by: str = "self"
    on_text: str = ""
    anchor: str = ""
    anchor_by: str = "self"
    emote: str = ""
    form: str = ""
    words: tuple[str, ...] = ()
    number: int = 0
    letter: str = ""
    delay: int = 0
    during: str = ""
    pattern: re.Pattern[str] | None = field(default=None, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the deck (or a printed WHO group).

    Attributes:
        id: ``W01..W32`` WHO, ``A01..A34`` WHAT, ``I01..I38`` individual, ``B01..B03`` blank
            WHAT, ``B04..B06`` blank individual, ``P:<trait>`` a printed WHO group.
        kind: The card kind.
        es: The text printed on the card in Spanish. WHO: the group ("todos los que lleven
            vaqueros"); WHAT: the action with a plural verb ("deben susurrar");
            individual: "Este jugador debe ...".
        en: The same in English ("everyone wearing jeans", "must whisper",
            "This player must ...").
        checkable: False only for blank cards (GT-09: a vote decides).
        plural: WHO: whether the Spanish group takes a plural verb ("todos los que ...
            deben") or a singular one ("el jugador más joven debe").
        es_sg: WHAT/individual: the Spanish predicate with a singular verb ("debe susurrar").
        es_pl: WHAT/individual: the Spanish predicate with a plural verb ("deben susurrar").
        en_pred: WHAT/individual: the English predicate ("must whisper").
        hint_es: How the rule maps to the digital room (may be empty), in Spanish.
        hint_en: The same in English.
        who: The WHO predicate (WHO cards and printed groups).
        rule: The WHAT/individual predicate (checkable WHAT and individual cards).
    """

    id: str
    kind: CardKind
    es: str
    en: str
    checkable: bool
    plural: bool = False
    es_sg: str = ""
    es_pl: str = ""
    en_pred: str = ""
    hint_es: str = ""
    hint_en: str = ""
    who: Who | None = None
    rule: Rule | None = None


@dataclass(frozen=True, slots=True)
class Breach:
    """One breach of a rule.

    Attributes:
        seat: The breaker.
        index: The log index identifying the breach: the offending event, or the trigger
            event whose required reaction never came. Stable across calls.
        t: Game-clock time of the breach (for an unmet reaction: trigger.t + delay).
    """

    seat: int
    index: int
    t: int


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """Text folded for matching: case-folded, accents removed ("Perdón" -> "perdon").

    Cached: the referee judges the same chat messages again after every event.
    """
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """A compiled pattern finding any of ``words`` as whole words in normalised text.

    A phrase matches with any run of spaces between its words; punctuation inside a
    phrase ("...") must match exactly.
    """
    alternatives = sorted({normalise(w).strip() for w in words if w.strip()}, key=len)
    parts = [r"\s+".join(re.escape(piece) for piece in alt.split()) for alt in alternatives]
    body = "|".join(reversed(parts))
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)")


native.picklable(globals())
