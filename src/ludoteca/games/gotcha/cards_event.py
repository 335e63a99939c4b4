"""Gotcha cards: judging one event of the log, for a referee that judges as events arrive.

:func:`breaches` (``cards_check``) judges a whole log. The referee only needs what is new
after each event (issue 19), and each answer here is exactly what ``breaches`` says about
that one index (``tests/games/test_gotcha_cards_event.py`` checks it on random logs):

- :func:`breach_at`: whether the seat's own event ``log[i]`` is a breach of a rule whose
  breaches are the breaker's own events (every family but ``react``). Such a judgement
  depends only on the events up to ``i``, so it can be made when ``log[i]`` arrives and
  never changes afterwards. The common families look back from ``i`` only as far as the
  event that decides (the seat's previous play for "clap before playing", its previous
  emote for "never the same emote twice"); the others replay ``breaches`` up to ``i``.
- :func:`reaction_missed`: whether the trigger ``log[j]`` of a ``react`` rule went
  unanswered by the seat until its deadline (``log[j].t + delay``), judged once the
  deadline has come.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_check import Watch, meets, spec_of, triggers_at, whose
from ludoteca.games.gotcha.cards_model import Card, Event, Profile, Rule


def breach_at(
    rule: Card,
    log: Sequence[Event],
    i: int,
    seat: int,
    profiles: Sequence[Profile],
    *,
    start: int,
    since: int | None = None,
) -> bool:
    """Whether ``log[i]`` is a breach of ``rule`` by ``seat``: the same as ``i`` being the
    index of one of ``breaches(rule, log, seat, profiles, start=start, now=..., since=since)``
    for any ``now``, for a rule whose breaches are the breaker's own events
    (``own_events_only``; for a ``react`` rule use :func:`reaction_missed`).

    Args:
        rule: A checkable WHAT or individual card (anything else has no breaches).
        log: The event log.
        i: The index judged.
        seat: The bound seat.
        profiles: One profile per seat.
        start: The first index at which the rule binds (as for ``breaches``).
        since: The first index whose events count towards keeping it (as for ``breaches``).
    """
    spec = spec_of(rule)
    ev = log[i]
    if spec is None or i < max(start, 0) or ev.seat != seat:
        return False
    family = spec.family
    # Watch's first index: nothing before it counts, not even towards keeping the rule.
    lo = max(start, 0) if since is None else max(0, min(since, start))
    if family == "before":
        return ev.kind == spec.on and not _kept_before(spec, log, i, seat, lo)
    if family == "never_emote":
        return ev.kind == "emote" and ev.text == spec.emote
    if family == "no_repeat_emote":
        return ev.kind == "emote" and ev.text == _previous_emote(log, i, seat, lo)
    if family == "wait":
        return ev.kind == spec.on and _too_soon(spec, log, i, seat, lo, len(profiles))
    if family == "react":
        raise ValueError("breach_at judges own-event rules; use reaction_missed for react")
    # The rarer families (chat forms, silence, a chat limit): the judge itself, up to i.
    found = Watch(rule, seat, profiles, start=start, since=since).update(log[: i + 1], ev.t)
    return bool(found) and found[-1].index == i


def _kept_before(spec: Rule, log: Sequence[Event], i: int, seat: int, lo: int) -> bool:
    """``before``: whether the seat made the required emote or chat since its previous
    ``on`` event (looking back no further than ``lo``), as ``Watch`` keeps ``satisfied``.
    """
    on = spec.on
    for k in range(i - 1, lo - 1, -1):
        ev = log[k]
        if ev.seat != seat:
            continue
        if ev.kind == on:
            return False
        if meets(spec, ev, seat):
            return True
    return False


def _previous_emote(log: Sequence[Event], i: int, seat: int, lo: int) -> str:
    """``no_repeat_emote``: the seat's emote before ``log[i]`` since ``lo`` (``""``: none)."""
    for k in range(i - 1, lo - 1, -1):
        ev = log[k]
        if ev.seat == seat and ev.kind == "emote":
            return ev.text
    return ""


def _too_soon(spec: Rule, log: Sequence[Event], i: int, seat: int, lo: int, n: int) -> bool:
    """``wait``: whether ``log[i]`` comes less than ``delay`` after the latest anchor
    event before it since ``lo`` (no anchor: not too soon).
    """
    anchor, anchor_by = spec.anchor, spec.anchor_by
    for k in range(i - 1, lo - 1, -1):
        ev = log[k]
        if ev.kind == anchor and whose(anchor_by, ev.seat, seat, n):
            return log[i].t - ev.t < spec.delay
    return False


def reaction_missed(spec: Rule, log: Sequence[Event], j: int, seat: int, n: int) -> bool:
    """Whether ``log[j]`` is a trigger of the ``react`` rule ``spec`` for ``seat`` that the
    seat did not answer before its deadline ``log[j].t + spec.delay``: no required emote
    or chat by the seat after ``j`` and earlier than the deadline (an answer clears every
    trigger before it, as ``Watch`` judges).

    The same as ``j`` being the index of one of ``breaches(...)`` over ``log`` when the
    deadline is at most ``now``, ``j`` is at or after ``start`` and the log holds every
    event before the deadline (the referee's case).
    """
    if not triggers_at(spec, log, j, seat, n):
        return False
    deadline = log[j].t + spec.delay
    for k in range(j + 1, len(log)):
        ev = log[k]
        if ev.t >= deadline:
            break
        if meets(spec, ev, seat):
            return False
    return True
