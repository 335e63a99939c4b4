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
from typing import Final

from ludoteca.games.gotcha.cards_check import (
    breaches,
    chat_ok,
    owed_trigger,
    owner_before,
    seat_name,
    spec_of,
    whose,
)
from ludoteca.games.gotcha.cards_model import Card, Event, Profile, Rule, normalise, words_pattern

_FILLER_WORD: Final = "ok"

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


def required_event(spec: Rule, seat: int, word: str = "") -> Event:
    """The emote or chat a ``before``/``react`` rule requires of ``seat`` (time -1); a
    chat says ``word`` (default: the rule's first word).
    """
    if spec.emote:
        return Event(-1, seat, "emote", spec.emote)
    return Event(-1, seat, "chat", word or spec.words[0])


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
    if spec.family == "before":
        return (required_event(spec, seat, word),) if before_kind == spec.on else ()
    if spec.family == "react" and log:
        last = log[-1].t if now is None else now
        if owed_trigger(spec, log, seat, len(profiles), last) >= 0:
            return (required_event(spec, seat, word),)
    return ()


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


def _capitalise_words(text: str) -> str:
    out = []
    for word in text.split():
        pos = next((k for k, ch in enumerate(word) if ch.isalpha()), -1)
        out.append(word if pos < 0 else word[:pos] + word[pos].upper() + word[pos + 1 :])
    return " ".join(out)


def _rewrite(spec: Rule, text: str, name: str, word: str) -> str:
    form = spec.form
    if form == "lower":
        return text.lower()
    if form == "upper":
        shout = text.upper()
        return shout if any(ch.isalpha() for ch in shout) else f"{shout} OK".strip()
    if form == "quoted":
        return f'"{text.strip()}"'
    if form in ("name_first", "has_name"):
        return f"{name}: {text}"
    if form == "name_last":
        return f"{text.rstrip()} — {name}"
    if form in ("suffix", "has_word"):
        return f"{text.rstrip()} {word}"
    if form == "prefix":
        return f"{word}, {text}"
    if form == "question":
        return text.rstrip().rstrip(".!") + "?"
    if form == "exclaim":
        return text.rstrip().rstrip(".?") + "!"
    if form == "no_word":
        pattern = spec.pattern
        kept = [w for w in text.split() if pattern is None or not pattern.search(normalise(w))]
        return " ".join(kept)
    if form == "max_words":
        return " ".join(text.split()[: spec.number])
    if form == "min_words":
        words = text.split()
        return " ".join(words + [_FILLER_WORD] * max(0, spec.number - len(words)))
    if form == "no_letter":
        return " ".join(w for w in text.split() if spec.letter not in normalise(w))
    if form == "title":
        return _capitalise_words(text)
    raise ValueError(f"unknown chat form {form!r}")


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
    if spec.family in ("silent", "chat_limit"):
        return ""
    if spec.family != "chat_form":
        return text
    name = seat_name(profiles, seat)
    if chat_ok(spec, text, name):
        return text
    rewritten = _rewrite(spec, text, name, spoken_word(rule, lang))
    return rewritten if rewritten.strip() and chat_ok(spec, rewritten, name) else ""


def may_chat(rule: Card, log: Sequence[Event], seat: int, profiles: Sequence[Profile]) -> bool:
    """Whether a chat message by ``seat`` right now keeps the ``silent``/``chat_limit``
    rule ``rule`` (always True for other rules; texts are :func:`conform_chat`'s job).
    """
    spec = spec_of(rule)
    if spec is None:
        return True
    if spec.family == "silent":
        owner = owner_before(log, len(log))
        return (owner != seat) != (spec.during == "outside_own_turn")
    if spec.family == "chat_limit":
        count = 0
        for i in range(len(log) - 1, -1, -1):
            ev = log[i]
            if ev.kind == "turn_start":
                break
            if ev.seat == seat and ev.kind == "chat":
                count += 1
        return count < spec.number
    return True


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
    if spec is None or spec.family != "wait" or before_kind != spec.on:
        return 0
    n = len(profiles)
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.kind == spec.anchor and whose(spec.anchor_by, ev.seat, seat, n):
            return ev.t + spec.delay
    return 0


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

_FORM_ORDER: Final = {
    form: k
    for k, form in enumerate(
        (
            "no_word",
            "no_letter",
            "max_words",
            "min_words",
            "has_word",
            "has_name",
            "prefix",
            "name_first",
            "suffix",
            "name_last",
            "question",
            "exclaim",
            "quoted",
            "title",
            "lower",
            "upper",
        )
    )
}


def _form_rank(rule: Card) -> int:
    spec = rule.rule
    return _FORM_ORDER.get(spec.form, -1) if spec is not None else -1


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
