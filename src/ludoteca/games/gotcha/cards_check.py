"""Gotcha cards: judging WHAT and individual rules against the event log.

Every checkable WHAT/individual card carries a :class:`Rule` (a trigger and a requirement;
see its docstring for the families). :func:`breaches` is the referee's judge and
:class:`Watch` its incremental form. Bots obey with ``gotcha_cards_obey``; tests build logs
with ``gotcha_cards_examples``. Public names are re-exported by
:mod:`ludoteca.games.gotcha.cards`.

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
import unicodedata
from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ludoteca.games.gotcha.cards_model import (
    Breach,
    Card,
    Event,
    Profile,
    Rule,
    normalise,
)

_QUOTED: Final = re.compile(
    r'["“«„][^"”»“]*?[^\s"”»“][^"”»“]*?["”»“]'
    r"|(?<!\w)['‘‹][^'’›]*?[^\s'’›][^'’›]*?['’›](?!\w)"
)
"""Some text between quotes of any style: double ("...", “...”, «...», „...“) or single
('...', ‘...’, ‹...›; an apostrophe inside a word, as in "it's", opens nothing)."""
_END_PUNCT: Final = " .!?¡¿…"
_EMOTICON: Final = re.compile(
    r"(?:\s*(?:[:;=8xX][-'^o]?[)(\]\[dDpPoO3|/\\*$@]+|<3+|\^\^|\^_\^|[xX][dD]+|\(:|"
    r"[jJ][aAeEiI](?:[jJ][aAeEiI])+|[hH][aA](?:[hH][aA])+|lol|LOL))+\s*$"
)
"""Emoticons and laughter at the end of a message (":)", ";-P", "<3", "xD", "jajaja")."""


def _trimmed(text: str) -> str:
    """``text`` without trailing emoji, emoticons, laughter and spaces: "¿qué tal? :)" ends
    in "?" for the question and exclamation forms, as a person reads it.
    """
    previous = None
    out = text.rstrip()
    while out != previous:
        previous = out
        out = _EMOTICON.sub("", out).rstrip()
        while out and (unicodedata.category(out[-1]).startswith(("S", "C")) or out[-1] == "\u200d"):
            out = out[:-1].rstrip()
    return out


def _letters(text: str) -> str:
    """``text`` without its emoticons and laughter (for the case forms: "HOLA :D")."""
    return _EMOTICON.sub("", text)


# ---------------------------------------------------------------------------------------
# Small predicates


def whose(by: str, actor: int, seat: int, n: int) -> bool:
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


def meets(spec: Rule, ev: Event, seat: int) -> bool:
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


def triggers(spec: Rule, ev: Event, seat: int, n: int) -> bool:
    """Whether ``ev`` is a trigger of the ``react`` rule ``spec`` for ``seat``."""
    if ev.kind != spec.on or not whose(spec.by, ev.seat, seat, n):
        return False
    return not spec.on_text or ev.text == spec.on_text


def is_echo(spec: Rule, log: Sequence[Event], i: int) -> bool:
    """Whether ``log[i]`` answers an earlier trigger of an echo rule rather than starting
    one: "wave back whenever another player waves" (A27) asks for the very emote that
    triggers it, so a wave sent within the delay after another player's wave is a reply,
    and replies trigger nobody (else two bound players would wave at each other forever).
    """
    if not spec.emote or spec.on != "emote" or spec.on_text != spec.emote:
        return False
    ev = log[i]
    for j in range(i - 1, -1, -1):
        other = log[j]
        if ev.t - other.t >= spec.delay:
            return False
        if other.kind == "emote" and other.text == spec.emote and other.seat not in (ev.seat, -1):
            return True
    return False


def triggers_at(spec: Rule, log: Sequence[Event], i: int, seat: int, n: int) -> bool:
    """Whether ``log[i]`` is a trigger of the ``react`` rule ``spec`` for ``seat`` (replies
    to an echo rule's trigger are not, see :func:`is_echo`).
    """
    return triggers(spec, log[i], seat, n) and not is_echo(spec, log, i)


def owed_trigger(spec: Rule, log: Sequence[Event], seat: int, n: int, now: int) -> int:
    """The index of the latest trigger of the ``react`` rule ``spec`` that ``seat`` has not
    answered yet and whose deadline (``trigger.t + delay``) is after ``now``; -1 if none.
    An answer settles every trigger before it (as :meth:`Watch.update` judges).
    """
    delay = spec.delay
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.t + delay <= now or meets(spec, ev, seat):
            break
        if triggers_at(spec, log, i, seat, n):
            return i
    return -1


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
        return not any(ch.isupper() for ch in _letters(text))
    if form == "upper":
        # Shouting: no lower-case letter ("!!!" and "¡¡YA!! :)" shout too).
        return not any(ch.islower() for ch in _letters(text))
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
        return _trimmed(text).endswith("?")
    if form == "exclaim":
        return _trimmed(text).endswith("!")
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


def owner_before(log: Sequence[Event], end: int) -> int:
    """Whose turn it is just before ``log[end]`` (-1: nobody's)."""
    for i in range(end - 1, -1, -1):
        kind = log[i].kind
        if kind == "turn_start":
            return log[i].seat
        if kind == "play":
            return -1
    return -1


def spec_of(rule: Card) -> Rule | None:
    """The predicate of a checkable WHAT/individual card (None for any other card)."""
    return rule.rule if rule.checkable else None


def seat_name(profiles: Sequence[Profile], seat: int) -> str:
    """The declared name of ``seat`` ("" for a seat without a profile)."""
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
        self._spec = spec_of(rule)
        self._seat = seat
        self._n = len(profiles)
        self._name = seat_name(profiles, seat)
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
                elif meets(spec, ev, seat):
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
            owner = owner_before(log, start) if self._owner is None else self._owner
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
                if pending and meets(spec, ev, seat):
                    pending.clear()
                if triggers_at(spec, log, i, seat, n):
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
                if ev.kind == spec.anchor and whose(spec.anchor_by, ev.seat, seat, n):
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


def own_events_only(rule: Card) -> bool:
    """Whether every breach of ``rule`` by a seat is one of that seat's own events (its
    index and time are the offending event's): true for every family but ``react``, whose
    breach is the trigger (anyone's event) of a reaction that never came, timed at its
    deadline. The referee uses it to judge, after a new event, only the seat that sent it.
    """
    spec = spec_of(rule)
    return spec is None or spec.family != "react"


_CHAT_FAMILIES: Final = frozenset(("chat_form", "silent", "chat_limit"))
_EMOTE_FAMILIES: Final = frozenset(("never_emote", "no_repeat_emote"))


def breach_kind(rule: Card) -> str:
    """The kind of event a breach of an ``own_events_only`` rule is (``""`` for a ``react``
    rule or a card without a predicate): ``chat`` for the chat families, ``emote`` for the
    emote ones, the rule's ``on`` kind for ``before`` and ``wait``. The referee uses it to
    skip judging a seat none of whose new events is of that kind (issue 19).
    """
    spec = spec_of(rule)
    if spec is None or spec.family == "react":
        return ""
    if spec.family in _CHAT_FAMILIES:
        return "chat"
    if spec.family in _EMOTE_FAMILIES:
        return "emote"
    if spec.family in ("before", "wait"):
        return spec.on
    raise ValueError(f"unknown rule family {spec.family!r}")


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
