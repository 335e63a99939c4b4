"""Gotcha cards: checking WHAT and individual rules against the event log, and obeying them.

Every checkable WHAT/individual card carries a :class:`Rule` (a trigger and a requirement;
see its docstring for the families). :func:`breaches` is the referee's judge; the other
functions help bots obey (:func:`satisfying_actions`, :func:`conform_chat`,
:func:`may_chat`, :func:`earliest_time`, :func:`would_breach`) and tests build logs
(:func:`breaking_example`, :func:`keeping_example`). Public names are re-exported by
:mod:`ludoteca.games.gotcha_cards`.

Conventions shared by every family:
- Only events at log index ``start`` or later can be breaches or triggers. By default
  nothing earlier counts as a fulfilment either (an emote made before the rule bound does
  not satisfy it); :func:`breaches` takes ``since`` (e.g. the announcement's index) to let
  events of the grace period count towards keeping the rule.
- A turn runs from a ``turn_start`` event to the owner's ``play`` (or the next
  ``turn_start``); between a play and the next ``turn_start`` it is nobody's turn.
- Seats to the right/left: right of ``s`` is ``(s - 1) % n`` (who plays just before ``s``),
  left is ``(s + 1) % n``; ``n`` is ``len(profiles)``.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from ludoteca.games.gotcha_cards_model import (
    Breach,
    Card,
    Event,
    Profile,
    Rule,
    normalise,
)

_QUOTED = re.compile(r'["“«„][^"”»“]*?[^\s"”»“][^"”»“]*?["”»“]')
"""Some text between double quotes of any style ("...", “...”, «...», „...“)."""
_END_PUNCT = " .!?¡¿…"
_BASE_TEXT = "hola bien sí ok uy"
"""A neutral chat message the examples rewrite with :func:`conform_chat`."""
_FILLER_WORD = "ok"


# ---------------------------------------------------------------------------------------
# Small predicates


def _whose(by: str, actor: int, seat: int, n: int) -> bool:
    """Whether an event by ``actor`` counts as ``by`` relative to ``seat``."""
    if by == "self":
        return actor == seat
    if by == "other":
        return actor >= 0 and actor != seat
    if by == "any":
        return True
    if n <= 0:
        return False
    if by == "right":
        return actor == (seat - 1) % n
    if by == "left":
        return actor == (seat + 1) % n
    raise ValueError(f"unknown 'by' {by!r}")


def _meets(spec: Rule, ev: Event, seat: int) -> bool:
    """Whether ``ev`` is the required emote or chat of ``spec`` made by ``seat``."""
    if ev.seat != seat:
        return False
    if spec.emote:
        return ev.kind == "emote" and ev.text == spec.emote
    return (
        ev.kind == "chat"
        and spec.pattern is not None
        and bool(spec.pattern.search(normalise(ev.text)))
    )


def _triggers(spec: Rule, ev: Event, seat: int, n: int) -> bool:
    """Whether ``ev`` is a trigger of the ``react`` rule ``spec`` for ``seat``."""
    if ev.kind != spec.on or not _whose(spec.by, ev.seat, seat, n):
        return False
    return not spec.on_text or ev.text == spec.on_text


@lru_cache(maxsize=512)
def _norm_words(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(normalise(w).strip() for w in words)


def _name_at(text: str, name: str, where: str) -> bool:
    """Whether normalised ``name`` is a whole word at the start/end of/anywhere in ``text``."""
    hay = normalise(text)
    needle = normalise(name).strip()
    if not needle:
        return True
    if where == "first":
        hay = hay.lstrip()
        return hay.startswith(needle) and (
            len(hay) == len(needle) or not hay[len(needle)].isalnum()
        )
    if where == "last":
        hay = hay.rstrip(_END_PUNCT)
        cut = len(hay) - len(needle)
        return hay.endswith(needle) and (cut == 0 or not hay[cut - 1].isalnum())
    pos = hay.find(needle)
    while pos >= 0:
        end = pos + len(needle)
        if (pos == 0 or not hay[pos - 1].isalnum()) and (end == len(hay) or not hay[end].isalnum()):
            return True
        pos = hay.find(needle, pos + 1)
    return False


def _ends_with(text: str, suffixes: tuple[str, ...]) -> bool:
    hay = normalise(text).rstrip()
    for suffix in suffixes:
        if hay.endswith(suffix):
            return True
        bare = suffix.strip(_END_PUNCT)
        if bare:
            trimmed = hay.rstrip(_END_PUNCT)
            cut = len(trimmed) - len(bare)
            if trimmed.endswith(bare) and (cut == 0 or not trimmed[cut - 1].isalnum()):
                return True
    return False


def _title_ok(text: str) -> bool:
    for word in text.split():
        first = next((ch for ch in word if ch.isalpha()), "")
        if first and not first.isupper():
            return False
    return True


def chat_ok(spec: Rule, text: str, name: str) -> bool:
    """Whether a chat message ``text`` by a player called ``name`` keeps ``spec``'s form.

    Only ``chat_form`` rules constrain the text; any other rule returns True.
    """
    if spec.family != "chat_form":
        return True
    form = spec.form
    if form == "lower":
        return not any(ch.isupper() for ch in text)
    if form == "upper":
        return any(ch.isalpha() for ch in text) and not any(ch.islower() for ch in text)
    if form == "quoted":
        return _QUOTED.search(text) is not None
    if form == "name_first":
        return _name_at(text, name, "first")
    if form == "name_last":
        return _name_at(text, name, "last")
    if form == "has_name":
        return _name_at(text, name, "any")
    if form == "suffix":
        return _ends_with(text, _norm_words(spec.words))
    if form == "prefix":
        return spec.pattern is not None and spec.pattern.match(normalise(text).lstrip()) is not None
    if form == "question":
        return text.rstrip().endswith("?")
    if form == "exclaim":
        return text.rstrip().endswith("!")
    if form == "no_word":
        return spec.pattern is None or spec.pattern.search(normalise(text)) is None
    if form == "has_word":
        return spec.pattern is not None and spec.pattern.search(normalise(text)) is not None
    if form == "max_words":
        return len(text.split()) <= spec.number
    if form == "min_words":
        return len(text.split()) >= spec.number
    if form == "no_letter":
        return spec.letter not in normalise(text)
    if form == "title":
        return _title_ok(text)
    raise ValueError(f"unknown chat form {form!r}")


def _owner_before(log: Sequence[Event], end: int) -> int:
    """Whose turn it is just before ``log[end]`` (-1: nobody's)."""
    for i in range(end - 1, -1, -1):
        kind = log[i].kind
        if kind == "turn_start":
            return log[i].seat
        if kind == "play":
            return -1
    return -1


def _spec(rule: Card) -> Rule | None:
    return rule.rule if rule.checkable else None


def _seat_name(profiles: Sequence[Profile], seat: int) -> str:
    return profiles[seat].name if 0 <= seat < len(profiles) else ""


# ---------------------------------------------------------------------------------------
# The judge


class Watch:
    """Incremental judge of one rule for one seat: the referee feeds it the growing log and
    gets each breach once, in O(new events) per call.

    ``Watch(rule, seat, profiles, start=s, since=a).update(log, now)`` called repeatedly as
    the log grows returns, over all calls, exactly the breaches that one
    :func:`breaches` call over the final log returns (which is implemented with it), under
    the referee's natural preconditions: ``log`` only grows, ``now`` never goes back, and
    every event appended later has ``t >= now`` of the earlier calls.
    """

    __slots__ = (
        "_anchor_t",
        "_count",
        "_n",
        "_name",
        "_next",
        "_owner",
        "_pending",
        "_previous",
        "_satisfied",
        "_seat",
        "_spec",
        "_start",
    )

    def __init__(
        self,
        rule: Card,
        seat: int,
        profiles: Sequence[Profile],
        *,
        start: int,
        since: int | None = None,
    ) -> None:
        """Watch ``rule`` for ``seat`` from log index ``start`` (see :func:`breaches`)."""
        self._spec = _spec(rule)
        self._seat = seat
        self._n = len(profiles)
        self._name = _seat_name(profiles, seat)
        self._start = max(start, 0)
        self._next = self._start if since is None else max(0, min(since, self._start))
        self._satisfied = False
        self._owner: int | None = None
        self._pending: deque[int] = deque()
        self._anchor_t: int | None = None
        self._count = 0
        self._previous = ""

    def update(self, log: Sequence[Event], now: int) -> tuple[Breach, ...]:
        """The breaches found since the previous call, in log-index order."""
        spec = self._spec
        if spec is None:
            return ()
        lo, hi, start, seat = self._next, max(len(log), self._next), self._start, self._seat
        first = max(lo, start)
        self._next = hi
        family = spec.family
        out: list[Breach] = []
        if family == "before":
            satisfied = self._satisfied
            for i in range(lo, hi):
                ev = log[i]
                if ev.seat != seat:
                    continue
                if ev.kind == spec.on:
                    if not satisfied and i >= start:
                        out.append(Breach(seat, i, ev.t))
                    satisfied = False
                elif _meets(spec, ev, seat):
                    satisfied = True
            self._satisfied = satisfied
        elif family == "chat_form":
            name = self._name
            for i in range(first, hi):
                ev = log[i]
                if ev.seat == seat and ev.kind == "chat" and not chat_ok(spec, ev.text, name):
                    out.append(Breach(seat, i, ev.t))
        elif family == "silent":
            if first >= hi:
                return ()
            owner = _owner_before(log, start) if self._owner is None else self._owner
            outside = spec.during == "outside_own_turn"
            for i in range(first, hi):
                ev = log[i]
                if ev.kind == "turn_start":
                    owner = ev.seat
                elif ev.kind == "play" and ev.seat == owner:
                    owner = -1
                elif ev.kind == "chat" and ev.seat == seat and (owner != seat) == outside:
                    out.append(Breach(seat, i, ev.t))
            self._owner = owner
        elif family == "react":
            # Deadlines grow with the index (one delay, times non-decreasing), so the
            # oldest pending trigger always expires first. A reaction counts if it comes
            # strictly before trigger.t + delay.
            pending, delay, n = self._pending, spec.delay, self._n
            for i in range(first, hi):
                ev = log[i]
                while pending and log[pending[0]].t + delay <= ev.t:
                    j = pending.popleft()
                    out.append(Breach(seat, j, log[j].t + delay))
                if pending and _meets(spec, ev, seat):
                    pending.clear()
                if _triggers(spec, ev, seat, n):
                    pending.append(i)
            while pending and log[pending[0]].t + delay <= now:
                j = pending.popleft()
                out.append(Breach(seat, j, log[j].t + delay))
        elif family == "wait":
            anchor_t, n = self._anchor_t, self._n
            for i in range(lo, hi):
                ev = log[i]
                if (
                    i >= start
                    and ev.kind == spec.on
                    and ev.seat == seat
                    and anchor_t is not None
                    and ev.t - anchor_t < spec.delay
                ):
                    out.append(Breach(seat, i, ev.t))
                if ev.kind == spec.anchor and _whose(spec.anchor_by, ev.seat, seat, n):
                    anchor_t = ev.t
            self._anchor_t = anchor_t
        elif family == "never_emote":
            for i in range(first, hi):
                ev = log[i]
                if ev.seat == seat and ev.kind == "emote" and ev.text == spec.emote:
                    out.append(Breach(seat, i, ev.t))
        elif family == "chat_limit":
            count = self._count
            for i in range(lo, hi):
                ev = log[i]
                if ev.kind == "turn_start":
                    count = 0
                elif ev.seat == seat and ev.kind == "chat":
                    count += 1
                    if count > spec.number and i >= start:
                        out.append(Breach(seat, i, ev.t))
            self._count = count
        elif family == "no_repeat_emote":
            previous = self._previous
            for i in range(lo, hi):
                ev = log[i]
                if ev.seat == seat and ev.kind == "emote":
                    if ev.text == previous and i >= start:
                        out.append(Breach(seat, i, ev.t))
                    previous = ev.text
            self._previous = previous
        else:
            raise ValueError(f"unknown rule family {family!r}")
        return tuple(out)


def breaches(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    *,
    start: int,
    now: int,
    since: int | None = None,
) -> tuple[Breach, ...]:
    """Every breach by ``seat`` of ``rule`` among ``log[start:]``, judged at time ``now``.

    Args:
        rule: A WHAT or individual card (blank cards and WHO cards have no breaches).
        log: The game's event log.
        seat: The bound seat.
        profiles: One profile per seat (names; ``len`` gives the player count).
        start: The first log index at which the rule binds: only events from here on are
            breaches or triggers of a required reaction.
        now: The game clock (at least the last event's time); an unmet "within N ms"
            reaction (which had to come before ``trigger.t + N``) is a breach only once
            ``now >= trigger.t + N``.
        since: The first log index whose events count towards keeping the rule (a clap
            before a play, a draw starting a wait, a message counted by a limit, the
            previous emote). Default ``start``: nothing before ``start`` counts at all. The
            referee may pass the announcement's index, so that a player who claps during the
            grace period and plays after it keeps "clap before playing".

    Returns:
        The breaches in log-index order. Pure and deterministic: the same breach has the
        same index on every call. One pass over ``log[min(since, start):]`` (``silent``
        also looks back to the last turn start or play before ``start``). For a referee
        that judges after every event, :class:`Watch` does the same work incrementally.
    """
    return Watch(rule, seat, profiles, start=start, since=since).update(log, now)


# ---------------------------------------------------------------------------------------
# Obeying (for bots)


def _required_event(spec: Rule, seat: int) -> Event:
    if spec.emote:
        return Event(-1, seat, "emote", spec.emote)
    return Event(-1, seat, "chat", spec.words[0])


def satisfying_actions(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    before_kind: str,
    *,
    now: int | None = None,
) -> tuple[Event, ...]:
    """The events ``seat`` should emit right now so as not to break ``rule``.

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
    spec = _spec(rule)
    if spec is None:
        return ()
    if spec.family == "before":
        return (_required_event(spec, seat),) if before_kind == spec.on else ()
    if spec.family == "react" and log:
        last = log[-1].t if now is None else now
        n = len(profiles)
        for i in range(len(log) - 1, -1, -1):
            ev = log[i]
            if ev.t + spec.delay <= last or _meets(spec, ev, seat):
                break
            if _triggers(spec, ev, seat, n):
                return (_required_event(spec, seat),)
    return ()


def owed_reactions(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    *,
    now: int | None = None,
) -> tuple[Event, ...]:
    """The reactions ``seat`` owes now: ``satisfying_actions(..., before_kind="")``."""
    return satisfying_actions(rule, log, seat, profiles, "", now=now)


def _capitalise_words(text: str) -> str:
    out = []
    for word in text.split():
        pos = next((k for k, ch in enumerate(word) if ch.isalpha()), -1)
        out.append(word if pos < 0 else word[:pos] + word[pos].upper() + word[pos + 1 :])
    return " ".join(out)


def _rewrite(spec: Rule, text: str, name: str) -> str:
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
        return f"{text.rstrip()} {spec.words[0]}"
    if form == "prefix":
        return f"{spec.words[0]}, {text}"
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


def conform_chat(rule: Card, text: str, profiles: Sequence[Profile], seat: int) -> str:
    """``text`` rewritten so that a chat message by ``seat`` keeps ``rule``.

    Lower-cased for whispering, quoted for air quotes, prefixed with the name, forbidden
    words removed, and so on. The result always keeps the rule; an empty string means
    "send nothing": the text cannot be saved (e.g. every word has the forbidden letter) or
    the rule limits chatting itself (``silent``, ``chat_limit``: ask :func:`may_chat`,
    which sees the log). Rules that do not constrain chat texts return ``text`` unchanged.
    The name checks are case-insensitive, so a later lower-casing keeps them.
    """
    spec = _spec(rule)
    if spec is None or not text.strip():
        return text if spec is None else ""
    if spec.family in ("silent", "chat_limit"):
        return ""
    if spec.family != "chat_form":
        return text
    name = _seat_name(profiles, seat)
    if chat_ok(spec, text, name):
        return text
    rewritten = _rewrite(spec, text, name)
    return rewritten if rewritten.strip() and chat_ok(spec, rewritten, name) else ""


def may_chat(rule: Card, log: Sequence[Event], seat: int, profiles: Sequence[Profile]) -> bool:
    """Whether a chat message by ``seat`` right now keeps the ``silent``/``chat_limit``
    rule ``rule`` (always True for other rules; texts are :func:`conform_chat`'s job).
    """
    spec = _spec(rule)
    if spec is None:
        return True
    if spec.family == "silent":
        owner = _owner_before(log, len(log))
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
    spec = _spec(rule)
    if spec is None or spec.family != "wait" or before_kind != spec.on:
        return 0
    n = len(profiles)
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.kind == spec.anchor and _whose(spec.anchor_by, ev.seat, seat, n):
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
# Example logs (tests; judged with start=0 and now = the last event's time)


def _actor(by: str, seat: int, n: int) -> int:
    if by == "self":
        return seat
    if by == "right":
        return (seat - 1) % n
    return (seat + 1) % n


def _trigger_text(spec: Rule, kind: str) -> str:
    if kind == "emote":
        return spec.on_text or "wave"
    if kind in ("play", "announce"):
        return "A01"
    if kind == "buzz":
        return "0"
    return ""


def _break_text(spec: Rule, name: str) -> str:
    form = spec.form
    texts = {
        "lower": "Hola",
        "upper": "hola",
        "question": "hola.",
        "exclaim": "hola.",
        "no_word": f"hola {spec.words[0] if spec.words else ''}",
        "max_words": " ".join(["hola"] * (spec.number + 1)),
        "no_letter": f"hola {spec.letter}",
        "title": "hola amigos",
    }
    return texts.get(form, "hola")


def _example(rule: Card, seat: int, profiles: Sequence[Profile], keep: bool) -> tuple[Event, ...]:
    spec = _spec(rule)
    if spec is None:
        return ()
    n = max(len(profiles), 2)
    other = (seat + 1) % n
    family = spec.family
    if family == "before":
        act = Event(1000, seat, spec.on, _trigger_text(spec, spec.on))
        head = [Event(0, seat, "turn_start")]
        if keep:
            req = _required_event(spec, seat)
            head.append(Event(500, seat, req.kind, req.text))
        return (*head, act)
    if family == "chat_form":
        name = _seat_name(profiles, seat)
        text = conform_chat(rule, _BASE_TEXT, profiles, seat) if keep else _break_text(spec, name)
        return (Event(0, seat, "turn_start"), Event(1000, seat, "chat", text))
    if family == "silent":
        outside = spec.during == "outside_own_turn"
        owner = seat if outside == keep else other
        return (Event(0, owner, "turn_start"), Event(500, seat, "chat", "hola"))
    if family == "react":
        trigger = Event(0, _actor(spec.by, seat, n), spec.on, _trigger_text(spec, spec.on))
        end = trigger.t + spec.delay + 1000
        filler = Event(end, other, "draw" if spec.on != "draw" else "vote")
        if keep:
            req = _required_event(spec, seat)
            answer = Event(trigger.t + spec.delay // 2, seat, req.kind, req.text)
            return (trigger, answer, filler)
        return (trigger, filler)
    if family == "wait":
        anchor = Event(0, _actor(spec.anchor_by, seat, n), spec.anchor, "")
        gap = spec.delay + 500 if keep else spec.delay // 2
        return (anchor, Event(anchor.t + gap, seat, spec.on, _trigger_text(spec, spec.on)))
    if family == "never_emote":
        text = ("wave" if spec.emote != "wave" else "clap") if keep else spec.emote
        return (Event(0, seat, "turn_start"), Event(500, seat, "emote", text))
    if family == "chat_limit":
        chats = [Event(100 + k, seat, "chat", "hola") for k in range(spec.number)]
        if keep:
            return (
                Event(0, seat, "turn_start"),
                *chats,
                Event(2000, other, "turn_start"),
                Event(2100, seat, "chat", "hola"),
            )
        return (Event(0, seat, "turn_start"), *chats, Event(2000, seat, "chat", "hola"))
    if family == "no_repeat_emote":
        second = "wave" if keep else "clap"
        return (
            Event(0, seat, "emote", "clap"),
            Event(500, seat, "emote", second),
            Event(1000, seat, "emote", "clap"),
        )
    raise ValueError(f"unknown rule family {family!r}")


def breaking_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` breaks ``rule``.

    Judge it with ``start=0`` and ``now`` = the last event's time. Blank cards: () (they
    cannot be checked; GT-09).
    """
    return _example(rule, seat, profiles, keep=False)


def keeping_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` keeps ``rule`` while doing what it governs.

    Judge it with ``start=0`` and ``now`` = the last event's time. Blank cards: ().
    """
    return _example(rule, seat, profiles, keep=True)


# ---------------------------------------------------------------------------------------
# Obeying several rules at once (a seat may be bound by both rule areas and its mat)

_FORM_ORDER = {
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
    rules: Sequence[Card], text: str, profiles: Sequence[Profile], seat: int
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
            current = conform_chat(rule, current, profiles, seat)
            if not current:
                return ""
        if all(conform_chat(rule, current, profiles, seat) == current for rule in ordered):
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
