"""Gotcha cards: helping a seat obey its live rules (for bots).

Before each of its actions a bot asks :func:`satisfying_actions` what to emit first and
:func:`earliest_time` when it may act; after every event it asks :func:`owed_reactions`;
its messages go through :func:`conform_chat` and :func:`may_chat`; optional emotes are
checked with :func:`would_breach`. The ``*_all`` forms combine every rule binding the seat
(both rule areas and its mat). Public names are re-exported by
:mod:`ludoteca.games.gotcha.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_check import breaches, spec_of
from ludoteca.games.gotcha.cards_model import Card, Event, Profile, normalise, words_pattern
from ludoteca.games.gotcha.families.chat_forms import REWRITE_RANK
from ludoteca.games.gotcha.families.log import seat_name
from ludoteca.games.gotcha.families.registry import family_of

# ---------------------------------------------------------------------------------------
# One rule


def spoken_word(rule: Card, lang: str = "es") -> str:
    """The word or phrase of ``rule`` a player says in ``lang``: the first of its words
    (Spanish first in the data) for "es"; for "en" the first that the card's English text
    or hint quotes ("sorry", "please", "hello"), else the first.
    """
    spec = rule.rule
    if spec is None or not spec.words:
        return ""
    if lang == "en":
        english = normalise(f"{rule.en} {rule.hint_en}")
        for word in spec.words:
            if words_pattern((word,)).search(english):
                return word
    return spec.words[0]


def satisfying_actions(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    before_kind: str,
    *,
    now: int | None = None,
    lang: str = "es",
) -> tuple[Event, ...]:
    """The events ``seat`` should emit right now so as not to break ``rule`` (a chat in
    ``lang``).

    Call it before each event of kind ``before_kind`` the seat is about to emit
    (``"play"``, ``"draw"``, ``"chat"``, ``"buzz"``), and also after every event in the
    room with ``before_kind=""`` to get the reactions now owed (``react`` rules: e.g. a
    burp because the player to the right just started a turn). The events carry ``t=-1``
    and ``seat``; the caller fills the time (a reaction must come within the rule's delay
    of its trigger). Chat texts returned should still go through :func:`conform_chat` of
    the seat's other rules.

    Returns:
        ``before`` rules: the required emote or chat whenever ``before_kind`` is the rule's
        trigger (always emitted, so it does not matter when the rule started binding).
        ``react`` rules: the response when a trigger whose deadline (trigger.t + delay) is
        still ahead of ``now`` (default: the last event's time) has not been answered yet.
        Otherwise ().
    """
    spec = spec_of(rule)
    if spec is None:
        return ()
    word = spoken_word(rule, lang)
    return family_of(spec).satisfying(spec, log, seat, len(profiles), before_kind, now, word)


def owed_reactions(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    *,
    now: int | None = None,
    lang: str = "es",
) -> tuple[Event, ...]:
    """The reactions ``seat`` owes now: ``satisfying_actions(..., before_kind="")``."""
    return satisfying_actions(rule, log, seat, profiles, "", now=now, lang=lang)


def conform_chat(
    rule: Card, text: str, profiles: Sequence[Profile], seat: int, lang: str = "es"
) -> str:
    """``text`` rewritten so that a chat message by ``seat`` keeps ``rule`` (words added
    in ``lang``).

    Lower-cased for whispering, quoted for air quotes, prefixed with the name, forbidden
    words removed, and so on. The result always keeps the rule; an empty string means
    "send nothing": the text cannot be saved (e.g. every word has the forbidden letter) or
    the rule limits chatting itself (``silent``, ``chat_limit``: ask :func:`may_chat`,
    which sees the log). Rules that do not constrain chat texts return ``text`` unchanged.
    The name checks are case-insensitive, so a later lower-casing keeps them.
    """
    spec = spec_of(rule)
    if spec is None or not text.strip():
        return text if spec is None else ""
    family = family_of(spec)
    if family.limits_chat:
        return ""
    name = seat_name(profiles, seat)
    if family.chat_ok(spec, text, name):
        return text
    # The word (costly in English) only when rewriting.
    return family.conform(spec, text, name, spoken_word(rule, lang))


def may_chat(rule: Card, log: Sequence[Event], seat: int, profiles: Sequence[Profile]) -> bool:
    """Whether a chat message by ``seat`` right now keeps the ``silent``/``chat_limit``
    rule ``rule`` (always True for other rules; texts are :func:`conform_chat`'s job).
    """
    spec = spec_of(rule)
    return spec is None or family_of(spec).may_chat(spec, log, seat)


def earliest_time(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    before_kind: str,
) -> int:
    """The earliest game-clock time at which ``seat`` may emit a ``before_kind`` event.

    Only ``wait`` rules constrain time ("wait 3 s between drawing and playing"): the latest
    anchor event's time plus the delay. Otherwise 0.
    """
    spec = spec_of(rule)
    if spec is None:
        return 0
    return family_of(spec).earliest(spec, log, seat, len(profiles), before_kind)


def may_owe(rule: Card) -> bool:
    """Whether ``rule`` may owe a seat an answer (:func:`owed_answer_at`): a reaction, or
    the gesture a rule asks before a buzz (the referee keeps such answers off the GT-15
    budget).
    """
    spec = spec_of(rule)
    return spec is not None and family_of(spec).may_owe(spec)


def owed_answer_at(
    rule: Card, log: Sequence[Event], seat: int, profiles: Sequence[Profile], t: int
) -> int:
    """What ``seat`` owes an answer to at time ``t`` under ``rule``: the log index of the
    trigger whose reaction is not made yet nor past its deadline, ``len(log)`` when the
    answer is due before the seat's own next event of the rule's ``on`` kind (A31 "bow
    before buzzing", when the seat has not bowed since its last buzz), -1 when nothing is
    owed.
    """
    spec = spec_of(rule)
    if spec is None:
        return -1
    return family_of(spec).owed_at(spec, log, seat, len(profiles), t)


def would_breach(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    event: Event,
    *,
    start: int = 0,
    since: int | None = None,
) -> bool:
    """Whether appending ``event`` (with its time set) to ``log`` would itself be a breach
    of ``rule`` by ``seat``, e.g. an emote forbidden by "never burp". Cost: one
    :func:`breaches` call.
    """
    extended = [*log, event]
    found = breaches(rule, extended, seat, profiles, start=start, now=event.t, since=since)
    return any(b.index == len(log) for b in found)


# ---------------------------------------------------------------------------------------
# Obeying several rules at once (a seat may be bound by both rule areas and its mat)


def _form_rank(rule: Card) -> int:
    spec = rule.rule
    return REWRITE_RANK.get(spec.form, -1) if spec is not None else -1


def conform_chat_all(
    rules: Sequence[Card], text: str, profiles: Sequence[Profile], seat: int, lang: str = "es"
) -> str:
    """``text`` rewritten to keep every rule in ``rules`` at once, or ``""`` when that is
    impossible (e.g. "speak only in questions" with "end every message with '!'").

    Content edits go first (forbidden words and letters, word counts), then additions
    (prefixes, suffixes, names), punctuation, quotes and finally case, repeated until every
    rule is kept (at most three passes).
    """
    ordered = sorted(rules, key=_form_rank)
    current = text
    for _ in range(3):
        for rule in ordered:
            current = conform_chat(rule, current, profiles, seat, lang)
            if not current:
                return ""
        if all(conform_chat(rule, current, profiles, seat, lang) == current for rule in ordered):
            return current
    return ""


def satisfying_actions_all(
    rules: Sequence[Card],
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    before_kind: str,
    *,
    now: int | None = None,
) -> tuple[Event, ...]:
    """:func:`satisfying_actions` of every rule, each distinct event once, in rule order."""
    out: list[Event] = []
    for rule in rules:
        for event in satisfying_actions(rule, log, seat, profiles, before_kind, now=now):
            if event not in out:
                out.append(event)
    return tuple(out)


def earliest_time_all(
    rules: Sequence[Card],
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    before_kind: str,
) -> int:
    """The latest of the :func:`earliest_time` of every rule (0 without ``wait`` rules)."""
    return max((earliest_time(rule, log, seat, profiles, before_kind) for rule in rules), default=0)


def may_chat_all(
    rules: Sequence[Card], log: Sequence[Event], seat: int, profiles: Sequence[Profile]
) -> bool:
    """Whether every rule lets ``seat`` chat right now (see :func:`may_chat`)."""
    return all(may_chat(rule, log, seat, profiles) for rule in rules)
